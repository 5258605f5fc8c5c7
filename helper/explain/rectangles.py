"""Four-line steps found directly: two rows and two columns whose four shared cells are open.

At a fixpoint of line logic no set of lines without a cycle forces anything (the chapter
"Explaining a solution" says why), so the cheapest step a Nonogram can have uses two
rows and two columns, whose four shared cells (the *corners* of a rectangle) are open. Four
such lines share those four cells and nothing else, so what they force together can be read
from what each line says about its two corners:

1. For every line and every pair of its open cells, the line solver tells which of the four
   value pairs the line allows (:func:`pair_relations`: fix one cell, solve the line, see what
   the other may be). At a fixpoint every single value is allowed, but a pair may not be: a
   row ``[1]`` of three open cells allows no two black cells.
2. The four lines allow a corner assignment when each line allows its two corners' values: 16
   assignments, filtered by 4 relations (a table look-up each), for every rectangle at once.
3. A corner is decided when every assignment left gives it the same value. Any other cell of a
   line is decided when every placement of the line whose corners are left agrees on it; this
   can only happen when the rectangle removes some pair the line allowed alone.

Every rectangle whose corners are open is examined, so when none decides a cell, the cheapest
step needs five lines at least. This is exact: the same cells as a SAT solver would find for
the four lines, without one.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from helper.nonogram.line.bits import solve_line_bits
from helper.nonogram.puzzle import Nonogram

from .steps import Cell

UNKNOWN = -1
_COMBOS = np.arange(16)
_CORNER = [(_COMBOS >> shift) & 1 for shift in (3, 2, 1, 0)]
"""The value of each corner in each of the 16 assignments: top left, top right, bottom left,
bottom right (bit 3 to bit 0 of the assignment's number)."""
_SIDES = [(0, 1), (2, 3), (0, 2), (1, 3)]
"""The two corners of each line: top row, bottom row, left column, right column."""


def _lift(first: int, second: int) -> np.ndarray:
    """``table[m]``: the assignments (16 bits) whose ``first`` and ``second`` corners take a
    value pair that the relation ``m`` (4 bits, bit ``2 * a + b`` for the pair ``(a, b)``)
    allows."""
    pair = 2 * _CORNER[first] + _CORNER[second]
    relation = np.arange(16)[:, None]
    return (((relation >> pair) & 1) << _COMBOS).sum(axis=1).astype(np.uint16)


def _project(first: int, second: int) -> np.ndarray:
    """``table[s]``: the value pairs (a relation, 4 bits) of two corners in the assignments
    ``s`` (16 bits)."""
    pair = 2 * _CORNER[first] + _CORNER[second]
    sets = np.arange(1 << 16)[:, None]
    present = (sets >> _COMBOS) & 1
    return np.bitwise_or.reduce(present << pair, axis=1).astype(np.uint8)


_LIFT = [_lift(a, b) for a, b in _SIDES]
_PROJECT = [_project(a, b) for a, b in _SIDES]
_ZEROS = [int(((_CORNER[k] == 0) << _COMBOS).sum()) for k in range(4)]
"""For each corner, the assignments (16 bits) that make it white."""


def _masks(cells: Sequence[int]) -> tuple[int, int]:
    """A line's known black and known white cells as bit masks (bit ``x`` for cell ``x``)."""
    black = sum(1 << x for x, v in enumerate(cells) if v == 1)
    white = sum(1 << x for x, v in enumerate(cells) if v == 0)
    return black, white


@lru_cache(maxsize=8192)
def _relations(clue: tuple[int, ...], cells: tuple[int, ...]) -> np.ndarray:
    n = len(cells)
    black, white = _masks(cells)
    relation = np.full((n, n), 15, dtype=np.uint8)
    open_ = [x for x in range(n) if cells[x] == UNKNOWN]
    for a in open_:
        for u in (0, 1):
            bit = 1 << a
            solved = solve_line_bits(clue, n, black | bit * u, white | bit * (1 - u))
            for b in open_:
                if b == a:
                    continue
                # the values b cannot take when a is u (both, when a cannot be u)
                if solved is None:
                    banned = [0, 1]
                else:
                    banned = [0] * (solved[0] >> b & 1) + [1] * (solved[1] >> b & 1)
                for v in banned:
                    if a < b:
                        relation[a, b] &= ~np.uint8(1 << (2 * u + v))
                    else:
                        relation[b, a] &= ~np.uint8(1 << (2 * v + u))
    relation.flags.writeable = False  # shared by every caller of the cache
    return relation


def pair_relations(clue: Sequence[int], cells: Sequence[int]) -> np.ndarray:
    """What one line allows for each pair of its cells: ``m[a, b]`` (``a < b``) has bit
    ``2 * u + v`` set when the line has a placement with cell ``a`` = ``u`` and cell ``b`` =
    ``v``, given the known ``cells``; 15 (everything) for a pair with a known cell.

    Fix one cell, solve the line (the bit-mask line solver, ``solve_line_bits``), and
    see what each other cell may still be: two line solves per open cell. Read-only; kept in
    a bounded cache, since most lines do not change between two steps.

    Examples
    --------
    >>> relation = pair_relations([1], [-1, -1, -1])  # one black cell among three
    >>> [f"{relation[0, b]:04b}" for b in (1, 2)]  # bits: (1, 1), (1, 0), (0, 1), (0, 0)
    ['0111', '0111']
    """
    return _relations(tuple(clue), tuple(cells))


@dataclass(frozen=True)
class Rectangle:
    """Two rows, two columns, and the cells the four lines decide together."""

    rows: tuple[int, int]
    columns: tuple[int, int]
    cells: dict[Cell, int]


def best_rectangle(puzzle: Nonogram, state: Sequence[Sequence[int]]) -> Rectangle | None:
    """The rectangle that decides the most cells (then the first by rows, then columns), or
    ``None`` when no two rows and two columns decide any cell together.

    ``state`` must be a fixpoint of line logic (cells ``-1`` unknown, ``0`` white, ``1``
    black).
    """
    grid = np.array(state, dtype=np.int64).reshape(puzzle.height, puzzle.width)
    if min(grid.shape) < 2:
        return None
    rows = np.stack([pair_relations(clue, grid[r].tolist()) for r, clue in enumerate(puzzle.rows)])
    cols = np.stack(
        [pair_relations(clue, grid[:, c].tolist()) for c, clue in enumerate(puzzle.cols)]
    )
    # one entry per rectangle, indexed (top, bottom, left, right); a line's relation of its corners
    sides = [
        rows[:, None, :, :],
        rows[None, :, :, :],
        cols.transpose(1, 2, 0)[:, :, :, None],
        cols.transpose(1, 2, 0)[:, :, None, :],
    ]
    left = _LIFT[0][sides[0]] & _LIFT[1][sides[1]] & _LIFT[2][sides[2]] & _LIFT[3][sides[3]]
    open_ = grid == UNKNOWN
    top, bottom, first, second = np.ogrid[
        : grid.shape[0], : grid.shape[0], : grid.shape[1], : grid.shape[1]
    ]
    valid = (top < bottom) & (first < second)
    valid = (
        valid
        & open_[top, first]
        & open_[top, second]
        & open_[bottom, first]
        & open_[bottom, second]
    )
    shrinks = np.zeros(left.shape, dtype=bool)
    for project, side in zip(_PROJECT, sides, strict=True):
        shrinks |= project[left] != side
    best: Rectangle | None = None
    for t, b, c1, c2 in np.argwhere(valid & shrinks):
        found = _decided(
            puzzle, grid, (int(t), int(b)), (int(c1), int(c2)), int(left[t, b, c1, c2])
        )
        if best is None or len(found.cells) > len(best.cells):
            best = found
    return best if best is not None and best.cells else None


def _decided(
    puzzle: Nonogram, grid: np.ndarray, rows: tuple[int, int], cols: tuple[int, int], left: int
) -> Rectangle:
    """The cells four lines decide, given the corner assignments ``left`` they allow."""
    corners = [(rows[0], cols[0]), (rows[0], cols[1]), (rows[1], cols[0]), (rows[1], cols[1])]
    cells: dict[Cell, int] = {}
    for k, corner in enumerate(corners):
        if not left & _ZEROS[k]:
            cells[corner] = 1
        elif not left & ~_ZEROS[k] & 0xFFFF:
            cells[corner] = 0
    lines = [("row", rows[0]), ("row", rows[1]), ("column", cols[0]), ("column", cols[1])]
    for (kind, index), (a, b) in zip(lines, _SIDES, strict=True):
        clue = puzzle.rows[index] if kind == "row" else puzzle.cols[index]
        line = (grid[index] if kind == "row" else grid[:, index]).tolist()
        at = [corners[a][1], corners[b][1]] if kind == "row" else [corners[a][0], corners[b][0]]
        pairs = {(int(_CORNER[a][s]), int(_CORNER[b][s])) for s in range(16) if left >> s & 1}
        black, white = _masks(line)
        may_black = may_white = 0
        for u, v in pairs:
            trial_black = black | (u << at[0]) | (v << at[1])
            trial_white = white | ((1 - u) << at[0]) | ((1 - v) << at[1])
            solved = solve_line_bits(clue, len(line), trial_black, trial_white)
            assert solved is not None  # the pair is allowed: some placement has it
            may_black |= ~solved[1]
            may_white |= ~solved[0]
        for x, value in enumerate(line):
            if value == UNKNOWN and not (may_black >> x & 1 and may_white >> x & 1):
                cells[(index, x) if kind == "row" else (x, index)] = may_black >> x & 1
    return Rectangle(rows, cols, dict(sorted(cells.items())))
