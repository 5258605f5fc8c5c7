"""The answer check of a colour Nonogram: count the runs of each colour, and compare.

It shares nothing with the solvers (no automaton, no line logic, no model): a block is a
maximal run of cells of one clue colour, so two blocks of one colour are always apart and two
blocks of different colours may touch. This is the check every registered colour solver's
answer passes before it is returned, as :func:`helper.nonogram.check_nonogram` is for black
and white.
"""

from collections.abc import Sequence
from numbers import Integral
from typing import Any

Block = tuple[int, int]
"""One block of a colour clue: ``(length, colour)``, the colour a grid value from 1."""


def colour_runs(line: Sequence[int]) -> list[Block]:
    """The blocks of one line of a colour grid, left to right.

    Parameters
    ----------
    line
        Cells: 0 for the background, ``i >= 1`` for clue colour ``i``.

    Returns
    -------
    list[tuple[int, int]]
        ``(length, colour)`` of each maximal run of one clue colour: the line's clue.

    Examples
    --------
    >>> colour_runs([1, 1, 2, 0, 2, 2, 0, 1])
    [(2, 1), (1, 2), (2, 2), (1, 1)]
    """
    blocks: list[Block] = []
    current, length = 0, 0
    for cell in line:
        if cell == current:
            length += 1
            continue
        if current:
            blocks.append((length, current))
        current, length = cell, 1
    if current:
        blocks.append((length, current))
    return blocks


def colour_clues_from_grid(
    grid: Sequence[Sequence[int]],
) -> tuple[list[list[Block]], list[list[Block]]]:
    """Row clues and column clues of a colour picture (rows of grid values).

    Parameters
    ----------
    grid
        Rows of equal length, of 0 (background) and clue colours ``1, 2, ...``.

    Returns
    -------
    tuple[list[list[tuple[int, int]]], list[list[tuple[int, int]]]]
        The blocks of each row and of each column (:func:`colour_runs`).

    Raises
    ------
    ValueError
        When the rows are not all of one length.

    Examples
    --------
    >>> colour_clues_from_grid([[1, 2], [0, 2]])
    ([[(1, 1), (1, 2)], [(1, 2)]], [[(1, 1)], [(2, 2)]])
    """
    rows = [colour_runs(row) for row in grid]
    cols = [colour_runs(col) for col in zip(*grid, strict=True)]
    return rows, cols


def check_colour_nonogram(
    rows: Sequence[Sequence[Block]],
    cols: Sequence[Sequence[Block]],
    grid: Any,
    colours: int,
) -> bool:
    """True when ``grid`` has exactly the given row and column clues.

    A grid of another shape, or with a cell that is not an integer from 0 to ``colours``, is
    simply not an answer.

    Parameters
    ----------
    rows, cols
        The clues: ``(length, colour)`` blocks per line, colours numbered from 1.
    grid
        The answer to check: rows of grid values.
    colours
        The number of clue colours.

    Returns
    -------
    bool
        Whether every row and every column of ``grid`` has its clue.

    Examples
    --------
    >>> check_colour_nonogram([[(2, 1)], [(1, 2)]], [[(1, 1)], [(1, 1), (1, 2)]],
    ...                       [[1, 1], [0, 2]], 2)
    True
    >>> check_colour_nonogram([[(2, 1)]], [[(1, 1)], [(1, 1)]], [[1, 2]], 2)
    False
    """
    try:
        height, width = len(rows), len(cols)
        if len(grid) != height or any(len(row) != width for row in grid):
            return False
        for row in grid:
            for cell in row:
                if isinstance(cell, bool) or not isinstance(cell, Integral):
                    return False
                if not 0 <= int(cell) <= colours:
                    return False
    except TypeError:
        return False
    cells = [[int(cell) for cell in row] for row in grid]
    got_rows, got_cols = colour_clues_from_grid(cells)
    if not height:
        got_cols = [[] for _ in cols]
    want_rows = [[(int(n), int(c)) for n, c in clue] for clue in rows]
    want_cols = [[(int(n), int(c)) for n, c in clue] for clue in cols]
    return got_rows == want_rows and got_cols == want_cols


__all__ = ["Block", "check_colour_nonogram", "colour_clues_from_grid", "colour_runs"]
