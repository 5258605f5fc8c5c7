"""Nonogram clues: validation with clear errors, and the solver-independent answer check."""

import reprlib
from collections.abc import Sequence
from numbers import Integral

Clue = Sequence[int]
"""One line's clue: the lengths of its blocks, in order (``[]`` or ``()`` for an empty line)."""
Grid = list[list[int]]
"""A picture: rows of 0 (empty) and 1 (filled) cells."""

UNKNOWN = -1
"""A cell that is not decided yet."""

State = list[list[int]]
"""A grid partly decided: rows of -1 (:data:`UNKNOWN`), 0 and 1, as line logic and the models
that start from known cells read it."""


def runs(line: Sequence[int]) -> list[int]:
    """Lengths of the runs of filled cells in ``line``, left to right.

    Parameters
    ----------
    line
        The cells of one line, ``0`` (or any false value) empty and ``1`` filled.

    Returns
    -------
    list[int]
        The lengths of its blocks, ``[]`` for an empty line: the line's clue.

    Examples
    --------
    >>> runs([1, 1, 0, 1, 0]), runs([0, 0])
    ([2, 1], [])
    """
    lengths: list[int] = []
    current = 0
    for cell in line:
        if cell:
            current += 1
        elif current:
            lengths.append(current)
            current = 0
    if current:
        lengths.append(current)
    return lengths


def clues_from_grid(grid: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[list[int]]]:
    """Row clues and column clues of a 0/1 picture.

    Parameters
    ----------
    grid
        Rows of equal length, of 0 (empty) and 1 (filled) cells.

    Returns
    -------
    tuple[list[list[int]], list[list[int]]]
        The clue of each row and the clue of each column (:func:`runs`).

    Raises
    ------
    ValueError
        When the rows are not all of one length.

    Examples
    --------
    >>> clues_from_grid([[1, 1], [0, 1]])
    ([[2], [1]], [[1], [2]])
    """
    rows = [runs(row) for row in grid]
    cols = [runs(col) for col in zip(*grid, strict=True)]
    return rows, cols


def check_nonogram(rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]], grid) -> bool:
    """True when ``grid`` (rows of 0/1) has exactly the given row and column clues.

    Independent of every solver: it only counts runs. ``[0]`` and ``[]`` both mean an empty
    line. A grid of another shape, or with a cell that is not 0 or 1, is simply not an answer.

    Parameters
    ----------
    rows, cols
        The clues of the rows and of the columns.
    grid
        The answer to check: rows of 0 and 1.

    Returns
    -------
    bool
        Whether every row and every column of ``grid`` has its clue.

    Examples
    --------
    >>> check_nonogram([[2], [1]], [[1], [2]], [[1, 1], [0, 1]])
    True
    >>> check_nonogram([[2], [1]], [[1], [2]], [[1, 1], [1, 0]]), check_nonogram([[1]], [[1]], "x")
    (False, False)
    """
    try:
        height, width = len(rows), len(cols)
        if len(grid) != height or any(len(row) != width for row in grid):
            return False
        if any(cell not in (0, 1) for row in grid for cell in row):
            return False
    except TypeError:
        return False
    got_rows, got_cols = clues_from_grid(grid) if height else ([], [[] for _ in cols])
    return got_rows == [_strip(c) for c in rows] and got_cols == [_strip(c) for c in cols]


def _strip(clue: Sequence[int]) -> list[int]:
    return [int(n) for n in clue if n != 0]


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple = 3, 12, 12
_SHORT.maxlong, _SHORT.maxstring, _SHORT.maxother = 24, 40, 40


def show(value: object) -> str:
    """``repr(value)`` cut short, for error messages: a hostile clue (a list nested ten
    thousand deep, a number with thousands of digits) still gives a one-line message."""
    try:
        return _SHORT.repr(value)
    except (ValueError, RecursionError):  # an int too long to print, a list too deep
        return f"<{type(value).__name__} too large to show>"


def _line_name(kind: str, index: int) -> str:
    return f"{kind} {index}"


def _clean_line(clue, kind: str, index: int, length: int) -> list[int]:
    name = _line_name(kind, index)
    if isinstance(clue, (str, bytes)) or not isinstance(clue, Sequence):
        raise ValueError(f"{name}: clue {show(clue)} is not a list of integers")
    numbers: list[int] = []
    for n in clue:
        if isinstance(n, bool) or not isinstance(n, Integral):
            raise ValueError(
                f"{name}: clue {show(list(clue))} holds {show(n)}, which is not an integer"
            )
        if n < 0:
            raise ValueError(f"{name}: clue {show(list(clue))} holds the negative number {show(n)}")
        numbers.append(int(n))
    if 0 in numbers and numbers != [0]:
        raise ValueError(f"{name}: clue {show(numbers)} holds 0; only an empty line is written [0]")
    numbers = [n for n in numbers if n]
    needed = sum(numbers) + max(len(numbers) - 1, 0)
    if needed > length:
        raise ValueError(
            f"{name}: clue {show(numbers)} needs {show(needed)} cells "
            f"but the line has only {length}"
        )
    return numbers


def validate(rows, cols) -> tuple[list[list[int]], list[list[int]]]:
    """Check a puzzle's clues and return them cleaned (``[0]`` becomes ``[]``).

    Parameters
    ----------
    rows, cols
        The clues of the rows and of the columns: lists of non-negative integers.

    Returns
    -------
    tuple[list[list[int]], list[list[int]]]
        The row clues and the column clues as lists of positive integers.

    Raises
    ------
    ValueError
        Naming the line and the clue for: a clue that is not a list of non-negative integers,
        a clue that cannot fit its line (sum + gaps > length), no rows or no columns, and row
        totals that differ from column totals.

    Examples
    --------
    >>> validate([[1], [0]], [[1], []])
    ([[1], []], [[1], []])
    >>> validate([[2, 1]], [[1], [1], [1]])
    Traceback (most recent call last):
    ...
    ValueError: row 0: clue [2, 1] needs 4 cells but the line has only 3
    """
    for kind, lines in (("rows", rows), ("cols", cols)):
        if isinstance(lines, (str, bytes)) or not isinstance(lines, Sequence):
            raise ValueError(f"{kind} must be a list of clues, got {type(lines).__name__}")
        if not lines:
            raise ValueError(f"the puzzle has no {kind}")
    height, width = len(rows), len(cols)
    clean_rows = [_clean_line(c, "row", i, width) for i, c in enumerate(rows)]
    clean_cols = [_clean_line(c, "column", j, height) for j, c in enumerate(cols)]
    row_total = sum(map(sum, clean_rows))
    col_total = sum(map(sum, clean_cols))
    if row_total != col_total:
        raise ValueError(
            f"the row clues paint {show(row_total)} cells but the column clues paint "
            f"{show(col_total)}"
        )
    return clean_rows, clean_cols
