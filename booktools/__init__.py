"""Build tooling for the book: a Sphinx extension and build reports (not imported by readers)."""
