"""Build tooling for the book (not part of the `helper` package readers import)."""
