"""Puzzle files: the ``.non`` text format used by Nonogram collections, and our JSON.

A ``.non`` file is a list of lines, one key per line::

    title "A small boat"
    width 4
    height 5

    rows
    4
    1,1
    ...

    columns
    5
    ...

``width`` and ``height`` come before the ``rows`` and ``columns`` blocks; each block holds
one line of comma-separated clue numbers per row (or column), ``0`` for an empty line, and
blank lines inside a block are skipped. ``title``, ``by``, ``copyright``, ``license`` and
``catalogue`` carry text (quoted or not; HTML character references such as ``&eacute;``
are decoded); ``goal`` is the answer as one string of ``0``/``1`` cells, row after row.
Lines with any other key are ignored, as the format asks.

In Python a puzzle is a :class:`~helper.nonogram.Nonogram`: the text keys that were present
go into its ``info``, and ``goal`` becomes its goal picture (rows of 0/1).

**Size limit.** The readers refuse a grid of more than :data:`MAX_CELLS` cells with one line,
as soon as its size is known and before any clue becomes part of a puzzle, and
:func:`read_puzzle_file` refuses, unread, a file far larger than such a puzzle needs. Pass
``max_cells=`` (the command line: ``--max-cells``) to allow larger grids. Every failure to read
a file is a ``ValueError`` with a one-line message: even a file of brackets nested a hundred
thousand deep, or a clue with thousands of digits.
"""

import html
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from helper.nonogram.clues import check_nonogram, show, validate
from helper.nonogram.puzzle import Nonogram

MAX_CELLS = 250_000
"""The largest grid the readers accept unless told otherwise (500 x 500, forty times the
book's largest puzzle). Larger grids are refused before anything is built from them."""
BYTES_PER_CELL = 64
"""A file larger than this many bytes per allowed cell (plus :data:`SLACK_BYTES`) is refused
without being read: no puzzle within the size limit needs that much text."""
SLACK_BYTES = 1 << 20
"""Bytes allowed on top of :data:`BYTES_PER_CELL` per cell (titles, comments, a goal)."""
_MAX_DIGITS = 12  # no line of a puzzle within any sensible limit needs a longer number

TEXT_KEYS = ("title", "by", "copyright", "license", "catalogue")
"""The ``.non`` keys whose value is free text, in the order :func:`write_non` writes them."""

_NUMBER = re.compile(r"\d+")
_LONG_NUMBER = re.compile(rf"\d{{{_MAX_DIGITS + 1},}}")
_CLUE_LINE = re.compile(r"\d+(\s*,\s*\d+)*")


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    return html.unescape(value)


def _quote(key: str, value: str) -> str:
    """Quote a text value; ``"``, ``&``, line breaks and non-ASCII become HTML references."""
    value = str(value)
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cs") and char not in "\t\n\r":
            raise ValueError(f"{key} holds the control character {char!r}, which .non cannot keep")
    escaped = html.escape(value, quote=False).replace('"', "&quot;")
    escaped = escaped.replace("\n", "&#10;").replace("\r", "&#13;")
    return '"' + escaped.encode("ascii", "xmlcharrefreplace").decode("ascii") + '"'


def _parse_clue(text: str, number: int, what: str) -> list[int]:
    if not _CLUE_LINE.fullmatch(text):
        if re.fullmatch(r"\d+[a-zA-Z]\w*(\s*,\s*\d+[a-zA-Z]\w*)*", text):
            raise ValueError(f"line {number}: {what}: colour clues {show(text)} are not supported")
        raise ValueError(
            f"line {number}: {what}: expected numbers separated by commas, got {show(text)}"
        )
    long = _LONG_NUMBER.search(text)
    if long:
        raise ValueError(
            f"line {number}: {what}: the number {show(long.group())} is longer than any line"
        )
    numbers = [int(n) for n in _NUMBER.findall(text)]
    if numbers == [0]:
        return []
    if 0 in numbers:
        raise ValueError(f"line {number}: {what}: clue {show(text)} holds 0 next to other numbers")
    return numbers


def _parse_size(value: str, number: int, key: str) -> int:
    if not re.fullmatch(r"\d+", value):
        raise ValueError(f"line {number}: {key} must be a positive integer, got {show(value)}")
    if len(value) > _MAX_DIGITS:
        raise ValueError(f"line {number}: {key} {show(value)} is far beyond any size limit")
    size = int(value)
    if size < 1:
        raise ValueError(f"line {number}: {key} must be a positive integer, got {value!r}")
    return size


def check_size(height: int, width: int, max_cells: int = MAX_CELLS) -> None:
    """Refuse a grid of more than ``max_cells`` cells, with a one-line message.

    Parameters
    ----------
    height, width
        The size of the grid.
    max_cells
        The most cells allowed (:data:`MAX_CELLS` by default).

    Raises
    ------
    ValueError
        When ``height * width`` is more than ``max_cells``; the message says how to raise it.

    Examples
    --------
    >>> check_size(25, 25)  # within the limit: nothing happens
    >>> check_size(600, 600)
    Traceback (most recent call last):
    ...
    ValueError: the 600 x 600 grid has 360,000 cells, more than the limit of 250,000 (raise it ...
    """
    if height * width > max_cells:
        raise ValueError(
            f"the {height} x {width} grid has {height * width:,} cells, more than the limit "
            f"of {max_cells:,} (raise it with max_cells=, or --max-cells on the command line)"
        )


def _parse_goal(value: str, number: int, height: int, width: int) -> list[list[int]]:
    cells = _unquote(value).replace(" ", "")
    if len(cells) != height * width:
        raise ValueError(
            f"line {number}: goal has {len(cells)} cells, the {height}x{width} grid has "
            f"{height * width}"
        )
    if not set(cells) <= {"0", "1"}:
        raise ValueError(f"line {number}: goal may hold only 0 and 1")
    return [[int(cells[r * width + c]) for c in range(width)] for r in range(height)]


def read_non(text: str, name: str = "", *, max_cells: int = MAX_CELLS) -> Nonogram:
    r"""Parse the text of a ``.non`` file into a :class:`Nonogram` called ``name``.

    Parameters
    ----------
    text
        The file's text (a byte order mark at the start is ignored).
    name
        The puzzle's name (files and tables refer to it by this).
    max_cells
        A grid of more than this many cells is refused as soon as ``width`` and ``height``
        are read (:func:`check_size`).

    Returns
    -------
    Nonogram
        The validated puzzle; the text keys go into its ``info``, ``goal`` into its goal.

    Raises
    ------
    ValueError
        Naming the line (counted from 1) for: a clue that is not numbers separated by commas,
        a ``rows`` or ``columns`` block before its size is known, a block that ends before it
        has one clue per line, a size or key given twice, a ``goal`` that does not fit the grid
        or breaks the clues; and, without a line, for missing keys or clues that cannot be
        painted (the checks of :func:`helper.nonogram.validate`).

    Examples
    --------
    >>> puzzle = read_non("width 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\n", name="corner")
    >>> puzzle, puzzle.rows, puzzle.cols
    (<Nonogram 'corner' 2x2>, ((1,), (2,)), ((2,), (1,)))
    >>> read_non("width 2\nheight 1\nrows\n1;1\ncolumns\n1\n1\n")
    Traceback (most recent call last):
    ...
    ValueError: line 4: row 0: expected numbers separated by commas, got '1;1'
    """
    lines = text.removeprefix("\ufeff").splitlines()  # a byte order mark is not a key
    sizes: dict[str, int] = {}
    found: dict[str, Any] = {}
    goal: tuple[str, int] | None = None
    index = 0
    while index < len(lines):
        number = index + 1
        stripped = lines[index].strip()
        index += 1
        if not stripped:
            continue
        key, _, value = stripped.partition(" ")
        key, value = key.lower(), value.strip()
        if key in ("width", "height") or (key in ("rows", "columns") and value):
            # "rows 5" is an old spelling of "height 5", "columns 4" of "width 4".
            size_key = {"rows": "height", "columns": "width"}.get(key, key)
            if size_key in sizes:
                raise ValueError(f"line {number}: {size_key} is given twice")
            sizes[size_key] = _parse_size(value, number, key)
            if len(sizes) == 2:
                try:
                    check_size(sizes["height"], sizes["width"], max_cells)
                except ValueError as error:
                    raise ValueError(f"line {number}: {error}") from None
        elif key in ("rows", "columns"):
            size_key = "height" if key == "rows" else "width"
            kind = "row" if key == "rows" else "column"
            if size_key not in sizes:
                raise ValueError(f"line {number}: {key} comes before {size_key}")
            if key in found:
                raise ValueError(f"line {number}: the {key} block is given twice")
            clues: list[list[int]] = []
            while len(clues) < sizes[size_key]:
                if index >= len(lines):
                    raise ValueError(
                        f"line {number}: the {key} block has {len(clues)} clue(s), "
                        f"{size_key} says {sizes[size_key]}"
                    )
                clue_text = lines[index].strip()
                index += 1
                if not clue_text:
                    continue
                if clue_text[0].isalpha():  # the next key: the block is too short
                    raise ValueError(
                        f"line {index}: the {key} block ends after {len(clues)} clue(s) "
                        f"but {size_key} is {sizes[size_key]}"
                    )
                clue = _parse_clue(clue_text, index, f"{kind} {len(clues)}")
                length = sizes.get("width" if key == "rows" else "height")
                if length is not None and sum(clue) + len(clue) - 1 > length:
                    raise ValueError(
                        f"line {index}: {kind} {len(clues)}: clue {show(clue_text)} needs "
                        f"{sum(clue) + len(clue) - 1} cells but the line has only {length}"
                    )
                clues.append(clue)
            found[key] = clues
        elif key in TEXT_KEYS:
            if key in found:
                raise ValueError(f"line {number}: {key} is given twice")
            found[key] = _unquote(value)
        elif key == "goal":
            if goal is not None:
                raise ValueError(f"line {number}: goal is given twice")
            goal = (value, number)
    for key in ("width", "height"):
        if key not in sizes:
            raise ValueError(f"the file has no {key} line")
    for key in ("rows", "columns"):
        if key not in found:
            raise ValueError(f"the file has no {key} block")
    rows, cols = validate(found.pop("rows"), found.pop("columns"))
    info = {key: found[key] for key in TEXT_KEYS if key in found}
    grid = None
    if goal is not None:
        value, number = goal
        grid = _parse_goal(value, number, sizes["height"], sizes["width"])
        if not check_nonogram(rows, cols, grid):
            raise ValueError(f"line {number}: the goal picture does not match the clues")
    return Nonogram(rows, cols, name=name, goal=grid, info=info)


def write_non(puzzle: Nonogram) -> str:
    """The ``.non`` text of a puzzle, its text keys and ``goal`` written when present.

    Parameters
    ----------
    puzzle
        The puzzle to write.

    Returns
    -------
    str
        The text, ending with a newline; :func:`read_non` reads it back as the same puzzle.

    Raises
    ------
    ValueError
        When a text key holds a control character that ``.non`` cannot keep.

    Examples
    --------
    >>> from helper.nonogram import Nonogram
    >>> print(write_non(Nonogram([[1], [2]], [[2], [1]], info={"title": "corner"})), end="")
    title "corner"
    width 2
    height 2
    <BLANKLINE>
    rows
    1
    2
    <BLANKLINE>
    columns
    2
    1
    """
    rows, cols = puzzle.rows, puzzle.cols
    lines = [f"{key} {_quote(key, puzzle.info[key])}" for key in TEXT_KEYS if key in puzzle.info]
    lines += [f"width {len(cols)}", f"height {len(rows)}", "", "rows"]
    lines += [",".join(map(str, clue)) or "0" for clue in rows]
    lines += ["", "columns"]
    lines += [",".join(map(str, clue)) or "0" for clue in cols]
    if puzzle.goal is not None:
        cells = "".join(str(cell) for row in puzzle.goal for cell in row)
        lines += ["", f'goal "{cells}"']
    return "\n".join(lines) + "\n"


def read_json(text: str, name: str = "", *, max_cells: int = MAX_CELLS) -> Nonogram:
    """Parse our JSON puzzle text, checking the clues.

    Parameters
    ----------
    text
        A JSON object with ``rows`` and ``cols`` lists, and optional ``family``, ``goal``
        and text keys (``title``, ``by``, ...).
    name
        The puzzle's name.
    max_cells
        A grid of more than this many cells is refused before its clues are checked.

    Returns
    -------
    Nonogram
        The validated puzzle.

    Raises
    ------
    ValueError
        On text that is not JSON (naming the line), JSON that is not a puzzle, a grid over
        ``max_cells``, or clues that cannot be a puzzle.

    Examples
    --------
    >>> read_json('{"title": "corner", "rows": [[1], [2]], "cols": [[2], [1]]}').title
    'corner'
    >>> read_json('{"rows": [[1], [2]], "cols": [[2], [2]]}')
    Traceback (most recent call last):
    ...
    ValueError: the row clues paint 3 cells but the column clues paint 4
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"line {error.lineno}: not valid JSON ({error.msg})") from None
    except RecursionError:
        raise ValueError("not valid JSON for a puzzle: lists nested too deeply") from None
    except ValueError as error:  # e.g. an integer with more digits than Python converts
        raise ValueError(f"not valid JSON for a puzzle ({show(str(error))})") from None
    if isinstance(data, dict):
        rows, cols = data.get("rows"), data.get("cols")
        if isinstance(rows, list) and isinstance(cols, list):
            check_size(len(rows), len(cols), max_cells)
    return Nonogram.from_dict(data, name=name)


def write_json(puzzle: Nonogram) -> str:
    """Our JSON text of a puzzle: text keys, then ``rows`` and ``cols`` with one clue list per
    line, then ``family`` and ``goal`` when present.

    Parameters
    ----------
    puzzle
        The puzzle to write.

    Returns
    -------
    str
        The text, ending with a newline; :func:`read_json` reads it back as the same puzzle.

    Examples
    --------
    >>> from helper.nonogram import Nonogram
    >>> print(write_json(Nonogram([[1], [2]], [[2], [1]])), end="")
    {
      "rows": [
        [1],
        [2]
      ],
      "cols": [
        [2],
        [1]
      ]
    }
    """
    data: dict[str, Any] = puzzle.to_dict()
    parts = [
        f'  "{key}": {json.dumps(value)}' for key, value in data.items() if isinstance(value, str)
    ]
    for key in ("rows", "cols", "goal"):
        if key in data:
            body = ",\n".join(f"    {json.dumps(line)}" for line in data[key])
            parts.append(f'  "{key}": [\n{body}\n  ]')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def non_to_json(text: str) -> str:
    r"""Convert ``.non`` text to our JSON text.

    Parameters
    ----------
    text
        The text of a ``.non`` file.

    Returns
    -------
    str
        The same puzzle as our JSON (:func:`write_json`).

    Examples
    --------
    >>> import json
    >>> json.loads(non_to_json("width 1\nheight 1\nrows\n1\ncolumns\n1\n"))
    {'rows': [[1]], 'cols': [[1]]}
    """
    return write_json(read_non(text))


def json_to_non(text: str) -> str:
    """Convert our JSON text to ``.non`` text.

    Parameters
    ----------
    text
        Our JSON text of a puzzle.

    Returns
    -------
    str
        The same puzzle as ``.non`` text (:func:`write_non`).

    Examples
    --------
    >>> json_to_non('{"rows": [[1]], "cols": [[1]]}').splitlines()[:2]
    ['width 1', 'height 1']
    """
    return write_non(read_json(text))


def read_bounded_text(path: Path, max_cells: int = MAX_CELLS) -> str:
    """The UTF-8 text of a puzzle file, refused unread when it is larger than a puzzle of at
    most ``max_cells`` cells needs (:data:`BYTES_PER_CELL` a cell, plus some slack)."""
    limit = BYTES_PER_CELL * max_cells + SLACK_BYTES
    size = path.stat().st_size
    if size > limit:
        raise ValueError(
            f"{path}: the file has {size:,} bytes, more than a puzzle of at most {max_cells:,} "
            "cells needs (raise the limit with max_cells=, or --max-cells)"
        )
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: not a UTF-8 text file ({error.reason})") from None
    return text


def read_puzzle_file(path: str | Path, *, max_cells: int = MAX_CELLS) -> Nonogram:
    r"""Read a Nonogram from a ``.non`` or ``.json`` file (chosen by the suffix).

    Parameters
    ----------
    path
        The file; its stem becomes the puzzle's name.
    max_cells
        A grid of more than this many cells is refused (see :data:`MAX_CELLS`), and so is a
        file larger than :data:`BYTES_PER_CELL` bytes per allowed cell, before it is read.

    Returns
    -------
    Nonogram
        The validated puzzle.

    Raises
    ------
    ValueError
        Every failure to read the file; the message starts with the file name, so it points
        at the place to fix.
    OSError
        When the file cannot be opened.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> path = folder / "dot.non"
    >>> _ = path.write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n", encoding="utf-8")
    >>> read_puzzle_file(path)
    <Nonogram 'dot' 1x1>
    >>> _ = path.write_text("width 1\nheight 1\n", encoding="utf-8")
    >>> read_puzzle_file(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: ...dot.non: the file has no rows block
    """
    path = Path(path)
    text = read_bounded_text(path, max_cells)
    reader = read_json if path.suffix.lower() == ".json" else read_non
    try:
        return reader(text, name=path.stem, max_cells=max_cells)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None


__all__ = [
    "BYTES_PER_CELL",
    "MAX_CELLS",
    "SLACK_BYTES",
    "TEXT_KEYS",
    "check_size",
    "json_to_non",
    "non_to_json",
    "read_json",
    "read_non",
    "read_puzzle_file",
    "write_json",
    "write_non",
]
