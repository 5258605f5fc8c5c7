"""Futoshiki puzzles as Python data, and their validation with clear errors.

A puzzle is a square ``grid`` (a list of rows, ``0`` for an empty cell, ``1..n`` for a given)
and a list of ``constraints``: pairs ``((r1, c1), (r2, c2))`` meaning that cell 1 holds a
smaller number than cell 2. Cells are numbered from 0, rows top to bottom, columns left to
right, and messages use the same numbers ("cell (0, 2)", "row 1", "constraint 3").
"""

from collections.abc import Sequence
from numbers import Integral

Cell = tuple[int, int]
Constraint = tuple[Cell, Cell]
Grid = list[list[int]]


def _is_int(value: object) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def _clean_grid(grid: Sequence[Sequence[int]]) -> Grid:
    if isinstance(grid, (str, bytes)) or not isinstance(grid, Sequence):
        raise ValueError(f"grid must be a list of rows, got {type(grid).__name__}")
    size = len(grid)
    if size == 0:
        raise ValueError("grid is empty: a Futoshiki needs at least one row")
    clean: Grid = []
    for r, row in enumerate(grid):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise ValueError(f"row {r} is not a list of numbers: {row!r}")
        if len(row) != size:
            raise ValueError(
                f"grid is not square: row {r} has {len(row)} cells, but there are {size} rows"
            )
        for c, value in enumerate(row):
            if not _is_int(value):
                raise ValueError(f"cell ({r}, {c}) holds {value!r}, not an integer")
            if not 0 <= value <= size:
                raise ValueError(
                    f"cell ({r}, {c}): given {value} is outside 1..{size} (0 means empty)"
                )
        clean.append([int(v) for v in row])
    return clean


def _check_givens_differ(grid: Grid) -> None:
    size = len(grid)
    for r in range(size):
        seen: dict[int, int] = {}
        for c, value in enumerate(grid[r]):
            if value and value in seen:
                raise ValueError(
                    f"row {r} has the given {value} twice (columns {seen[value]} and {c})"
                )
            seen[value] = c
    for c in range(size):
        seen = {}
        for r in range(size):
            value = grid[r][c]
            if value and value in seen:
                raise ValueError(
                    f"column {c} has the given {value} twice (rows {seen[value]} and {r})"
                )
            seen[value] = r


def _clean_cell(cell: object, index: int, size: int) -> Cell:
    if (
        isinstance(cell, (str, bytes))
        or not isinstance(cell, Sequence)
        or len(cell) != 2
        or not all(_is_int(x) for x in cell)
    ):
        raise ValueError(f"constraint {index}: {cell!r} is not a cell (row, column)")
    r, c = int(cell[0]), int(cell[1])
    if not (0 <= r < size and 0 <= c < size):
        raise ValueError(f"constraint {index}: cell ({r}, {c}) is outside the {size}x{size} grid")
    return r, c


def _clean_constraints(
    constraints: Sequence[Sequence[Sequence[int]]], size: int
) -> list[Constraint]:
    if isinstance(constraints, (str, bytes)) or not isinstance(constraints, Sequence):
        raise ValueError(
            f"constraints must be a list of cell pairs, got {type(constraints).__name__}"
        )
    clean: list[Constraint] = []
    first_seen: dict[frozenset[Cell], tuple[int, Constraint]] = {}
    for index, pair in enumerate(constraints):
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise ValueError(
                f"constraint {index}: expected ((r1, c1), (r2, c2)) for 'cell 1 < cell 2', "
                f"got {pair!r}"
            )
        low = _clean_cell(pair[0], index, size)
        high = _clean_cell(pair[1], index, size)
        if abs(low[0] - high[0]) + abs(low[1] - high[1]) != 1:
            raise ValueError(
                f"constraint {index}: cells {low} and {high} are not neighbours "
                "(a sign joins two cells side by side or one above the other)"
            )
        key = frozenset((low, high))
        if key in first_seen:
            other, earlier = first_seen[key]
            if earlier == (low, high):
                raise ValueError(f"constraints {other} and {index} are the same: {low} < {high}")
            raise ValueError(
                f"constraints {other} and {index} contradict each other: "
                f"{earlier[0]} < {earlier[1]} and {low} < {high}"
            )
        first_seen[key] = (index, (low, high))
        clean.append((low, high))
    return clean


def validate_futoshiki(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
) -> tuple[Grid, list[Constraint]]:
    """Check a puzzle and return it as plain lists and tuples.

    Whether the puzzle has a solution is the solver's question, not this function's.

    Parameters
    ----------
    grid
        A square grid of rows: ``0`` for an empty cell, ``1..n`` for a given.
    constraints
        ``((r1, c1), (r2, c2))`` pairs meaning cell 1 < cell 2.

    Returns
    -------
    tuple[list[list[int]], list[tuple[tuple[int, int], tuple[int, int]]]]
        The grid as lists, the constraints as tuples of cells.

    Raises
    ------
    ValueError
        For a grid that is empty or not square, a given outside ``1..n``, the same given twice
        in a row or a column, a constraint that is not a pair of cells, names a cell outside
        the grid or joins cells that are not neighbours, and two constraints on the same pair
        of cells (the same one twice, or both directions).

    Examples
    --------
    >>> validate_futoshiki(((1, 0), (0, 0)), [[[0, 1], [1, 1]]])
    ([[1, 0], [0, 0]], [((0, 1), (1, 1))])
    >>> validate_futoshiki([[0, 0], [0, 0]], [((0, 0), (1, 1))])
    Traceback (most recent call last):
    ...
    ValueError: constraint 0: cells (0, 0) and (1, 1) are not neighbours (a sign joins two ...
    """
    clean_grid = _clean_grid(grid)
    _check_givens_differ(clean_grid)
    return clean_grid, _clean_constraints(constraints, len(clean_grid))
