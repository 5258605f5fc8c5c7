"""Text that fits the book's code boxes: at most :data:`LINE_WIDTH` characters a line.

The book's site shows code and outputs in boxes about 108 characters wide at a 1280 px
window (``_static/book.css``); every code line a chapter shows, and every line a helper
prints for it, stays within :data:`LINE_WIDTH` (``tests/test_book_text.py`` checks the code,
the browser tests the rendered boxes). :func:`wrap` and :func:`shorten_lines` make long
output fit.
"""

import textwrap
from collections.abc import Sequence

LINE_WIDTH = 100
"""The longest line the book shows, in characters (the same as ruff's line length)."""


def wrap(text: str, width: int = LINE_WIDTH, *, indent: str = "  ") -> str:
    """``text`` with every line longer than ``width`` broken at spaces, continuation lines
    indented by ``indent``. Short lines and line breaks stay as they are."""
    out: list[str] = []
    for line in text.splitlines() or [""]:
        if len(line) <= width:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip())]
        out += textwrap.wrap(
            line,
            width,
            initial_indent="",
            subsequent_indent=lead + indent,
            break_long_words=True,
            break_on_hyphens=False,
            drop_whitespace=True,
        ) or [line[:width]]
    return "\n".join(out)


def align_columns(rows: Sequence[Sequence[str]], *, left: int = 1) -> str:
    """``rows`` of cells as a plain text table: the first ``left`` columns flush left, the
    others (numbers) flush right, two spaces between columns.

    >>> print(align_columns([("name", "n"), ("ab", "12")]))
    name   n
    ab    12
    """
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            cell.ljust(width) if k < left else cell.rjust(width)
            for k, (cell, width) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    )


def shorten_lines(text: str, width: int = LINE_WIDTH, *, mark: str = "…") -> str:
    """``text`` with every line longer than ``width`` cut to ``width`` characters, the cut
    shown by ``mark`` (for lines that must not be broken, such as a file's long data line).
    """
    keep = width - len(mark)
    return "\n".join(
        line if len(line) <= width else line[:keep] + mark for line in text.splitlines()
    )
