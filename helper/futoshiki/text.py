"""The seed's text format for Futoshiki: read it and write it.

A row of cells is one line: each cell is a digit (``0`` or ``.`` for an empty cell) and two
neighbours are separated by a space, ``<`` or ``>``. So every cell is two characters wide
and the cell in column ``c`` sits at index ``2c`` of its line (both counted from 0). Between
two rows there may be a line of signs: a ``^`` or ``v`` at index ``2c`` compares the cells of
column ``c`` above and below it. ``^`` points at the smaller cell (the upper one), ``v`` says
the upper cell is the larger one. A 3x3 example::

    0<0 0
    ^   v
    0 0>1
        ^
    0 0 0

An error message names a place in the text as a text editor does, "line 2, character 5",
both counted from 1; rows and columns of the grid count from 0. A cell is one digit,
so the format holds at most :data:`MAX_SIZE` x :data:`MAX_SIZE` puzzles; a longer row or more
rows are refused as soon as they are met.
"""

from collections.abc import Sequence

from .validate import Constraint, Grid, validate_futoshiki

MAX_SIZE = 9
"""The largest side the text format holds: one digit per cell."""
_CELL_CHARS = "0123456789."
_ROW_SEPARATORS = " <>"
_VERTICAL_SIGNS = "^v"


def _where(line_no: int, column: int) -> str:
    return f"line {line_no}, character {column}"


def _is_sign_line(line: str) -> bool:
    return all(ch in " ^v" for ch in line)


def _parse_row(line: str, line_no: int, r: int) -> tuple[list[int], list[Constraint]]:
    cells: list[int] = []
    constraints: list[Constraint] = []
    for k, ch in enumerate(line):
        if k % 2 == 0:
            if ch not in _CELL_CHARS:
                raise ValueError(
                    f"{_where(line_no, k + 1)}: expected a digit or '.' for a cell, found {ch!r}"
                )
            cells.append(0 if ch == "." else int(ch))
        else:
            if ch not in _ROW_SEPARATORS:
                raise ValueError(
                    f"{_where(line_no, k + 1)}: expected ' ', '<' or '>' between two cells, "
                    f"found {ch!r}"
                )
            c = k // 2
            if ch == "<":
                constraints.append(((r, c), (r, c + 1)))
            elif ch == ">":
                constraints.append(((r, c + 1), (r, c)))
    if len(line) % 2 == 0:
        raise ValueError(
            f"{_where(line_no, len(line))}: {line[-1]!r} has no cell to its right "
            "(a row must end with a cell)"
        )
    return cells, constraints


def _parse_signs(line: str, line_no: int, r: int, width: int) -> list[Constraint]:
    """Signs between row ``r`` (above) and row ``r + 1`` (below)."""
    constraints: list[Constraint] = []
    for k, ch in enumerate(line):
        if ch == " ":
            continue
        if k % 2 == 1:
            raise ValueError(
                f"{_where(line_no, k + 1)}: {ch!r} sits between two columns; a vertical sign "
                "goes under a cell (at character 1, 3, 5, ... of the line)"
            )
        c = k // 2
        if c >= width:
            raise ValueError(
                f"{_where(line_no, k + 1)}: {ch!r} is under column {c}, "
                f"but the rows have only {width} cells"
            )
        above, below = (r, c), (r + 1, c)
        constraints.append((above, below) if ch == "^" else (below, above))
    return constraints


def parse_futoshiki(text: str) -> tuple[Grid, list[Constraint]]:
    r"""Read a puzzle in the text format and return ``(grid, constraints)``.

    Each row of cells is a line of digits (``0`` or ``.`` for an empty cell) with ``<`` or
    ``>`` between two cells of a row; the line between two rows holds ``^`` or ``v`` under a
    cell whose column neighbours have a sign. Blank lines and trailing spaces are ignored.

    Parameters
    ----------
    text
        The puzzle's text.

    Returns
    -------
    tuple[list[list[int]], list[tuple[tuple[int, int], tuple[int, int]]]]
        The grid and the signs, ``((r1, c1), (r2, c2))`` meaning cell 1 < cell 2, in reading
        order.

    Raises
    ------
    ValueError
        Naming the line and character (from 1) of the first thing it cannot read, or the messages of
        :func:`~helper.futoshiki.validate.validate_futoshiki` for a puzzle that reads fine but
        breaks a rule (a given twice in a row, say).

    Examples
    --------
    >>> parse_futoshiki("1<0\n^\n0 0")
    ([[1, 0], [0, 0]], [((0, 0), (0, 1)), ((0, 0), (1, 0))])
    >>> parse_futoshiki("1 2\n3 x")
    Traceback (most recent call last):
    ...
    ValueError: line 2, character 3: expected a digit or '.' for a cell, found 'x'
    """
    if not isinstance(text, str):
        raise ValueError(f"expected the puzzle as a string, got {type(text).__name__}")
    grid: Grid = []
    constraints: list[Constraint] = []
    pending: tuple[str, int] | None = None  # a sign line waiting for the row below it
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line:
            continue
        if _is_sign_line(line):
            if not grid:
                raise ValueError(f"line {line_no}: a line of signs before the first row")
            if pending is not None:
                raise ValueError(f"line {line_no}: two lines of signs with no row between them")
            pending = (line, line_no)
            continue
        if len(line) > 2 * MAX_SIZE - 1 or len(grid) == MAX_SIZE:
            raise ValueError(
                f"line {line_no}: the text format holds at most {MAX_SIZE} x {MAX_SIZE} cells "
                "(one digit each); "
                + (
                    f"this row is {len(line):,} characters long"
                    if len(grid) < MAX_SIZE
                    else f"this is row {MAX_SIZE + 1}"
                )
            )
        cells, row_constraints = _parse_row(line, line_no, len(grid))
        if grid and len(cells) != len(grid[0]):
            raise ValueError(
                f"line {line_no}: this row has {len(cells)} cells, the first row has {len(grid[0])}"
            )
        if pending is not None:
            constraints.extend(_parse_signs(*pending, r=len(grid) - 1, width=len(cells)))
            pending = None
        grid.append(cells)
        constraints.extend(row_constraints)
    if pending is not None:
        raise ValueError(f"line {pending[1]}: a line of signs after the last row")
    if not grid:
        raise ValueError("no rows: the text holds no puzzle")
    if len(grid) != len(grid[0]):
        raise ValueError(f"the grid is not square: {len(grid)} rows of {len(grid[0])} cells each")
    return validate_futoshiki(grid, constraints)


def format_futoshiki(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]] = ()
) -> str:
    """Write a puzzle in the text format (no trailing newline); the inverse of the parser.

    ``parse_futoshiki(format_futoshiki(g, cs))`` gives back ``g`` and the same set of
    constraints, in reading order.

    Parameters
    ----------
    grid
        The puzzle's rows, ``0`` for an empty cell.
    constraints
        Its signs, ``((r1, c1), (r2, c2))`` meaning cell 1 < cell 2.

    Returns
    -------
    str
        The text.

    Raises
    ------
    ValueError
        When the puzzle is malformed, or larger than 9x9 (one digit per cell).

    Examples
    --------
    >>> print(format_futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0)), ((1, 0), (0, 0))]))
    1>0
    v
    0 0
    >>> format_futoshiki([[0] * 10] * 10)
    Traceback (most recent call last):
    ...
    ValueError: the text format holds one digit per cell, so at most 9x9, not 10x10
    """
    grid, constraints = validate_futoshiki(grid, constraints)
    size = len(grid)
    if size > 9:
        raise ValueError(
            f"the text format holds one digit per cell, so at most 9x9, not {size}x{size}"
        )
    horizontal = [[" "] * (size - 1) for _ in range(size)]
    vertical = [[" "] * size for _ in range(size - 1)]
    for (r1, c1), (r2, c2) in constraints:
        if r1 == r2:
            horizontal[r1][min(c1, c2)] = "<" if c1 < c2 else ">"
        else:
            vertical[min(r1, r2)][c1] = "^" if r1 < r2 else "v"
    lines: list[str] = []
    for r, row in enumerate(grid):
        text = str(row[0])
        for c in range(1, size):
            text += horizontal[r][c - 1] + str(row[c])
        lines.append(text)
        if r < size - 1 and any(s != " " for s in vertical[r]):
            lines.append(" ".join(vertical[r]).rstrip())
    return "\n".join(lines)
