"""What the book's pages import to show a solver at work (not needed to solve a puzzle)."""
