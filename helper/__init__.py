"""Support code for the book *Logic puzzles with constraint programming*.

The chapters import from here so that every model the book teaches lives in one place,
is tested, and is shown on the page from its source.
"""

__version__ = "0.1.0"
