"""The line solver, readable version: what one clue and the known cells force, then the grid.

A cell is ``UNKNOWN`` (-1), ``0`` (empty) or ``1`` (filled). :func:`solve_line` looks at one
line and returns every cell that *all* placements of the clue still allowed agree on, by a
dynamic programme over "the first ``j`` blocks fit in the first ``i`` cells" (and the same
from the right), in time proportional to the line's length times its number of blocks.
:func:`propagate` repeats it over rows and columns until nothing changes (re-examining only
lines whose cells changed). These two are the teaching versions the book shows;
:func:`propagate_within` is the same fixpoint for a solver (a deadline, cached lines). This is
the engine the book explains; :mod:`.bits` computes the
same on bit masks, faster, and :mod:`.probe` and :mod:`.search` (probing and search) run on
that one. Both keep the contract of :mod:`.contract`.
"""

from collections.abc import Iterator, Sequence
from itertools import accumulate
from operator import and_

from helper.deadline import NO_DEADLINE, Deadline

from ..clues import Clue
from .cache import REFERENCE_CACHE
from .contract import UNKNOWN, Contradiction, State


def solve_line(clue: Sequence[int], cells: Sequence[int]) -> list[int] | None:
    """The cells of one line after applying its clue, or ``None`` if no placement fits.

    Every returned cell that was ``UNKNOWN`` is set when all placements consistent with
    ``cells`` agree on it. Cost: O(length x blocks).
    """
    n, k = len(cells), len(clue)
    # whites[i]: the known empty cells before cell i (none in cells[s:i] if whites[i] == whites[s])
    whites = list(accumulate((c == 0 for c in cells), initial=0))
    may_be_empty = [c != 1 for c in cells]
    # fwd[j][i]: cells[0:i] can hold exactly blocks 0..j-1 (every other cell empty);
    # fwd[0][i]: the first i cells may all be empty
    fwd = [list(accumulate(may_be_empty, and_, initial=True))]
    for j in range(1, k + 1):
        length, prev, row = clue[j - 1], fwd[j - 1], [False] * (n + 1)
        for i in range(max(length, 1), n + 1):
            s = i - length  # block j-1 would occupy cells[s:i]
            row[i] = (may_be_empty[i - 1] and row[i - 1]) or (
                whites[i] == whites[s]
                and (j == 1 if s == 0 else may_be_empty[s - 1] and prev[s - 1])
            )
        fwd.append(row)
    # bwd[j][i]: cells[i:n] can hold exactly blocks j..k-1, the same from the right
    last = list(accumulate(reversed(may_be_empty), and_, initial=True))[
        ::-1
    ]  # cells[i:n] may be empty
    bwd = [[False] * (n + 1) for _ in range(k)] + [last]
    for j in range(k - 1, -1, -1):
        length, row, nxt = clue[j], bwd[j], bwd[j + 1]
        for i in range(n - 1, -1, -1):
            e = i + length  # block j would occupy cells[i:e]
            row[i] = (may_be_empty[i] and row[i + 1]) or (
                e <= n
                and whites[e] == whites[i]
                and (j == k - 1 if e == n else may_be_empty[e] and nxt[e + 1])
            )

    def fits_left(j: int, s: int) -> bool:
        """Blocks before j fit left of a block j that starts at cell s (fwd's second way)."""
        if s == 0:
            return j == 0
        return cells[s - 1] != 1 and fwd[j][s - 1]

    def fits_right(j: int, e: int) -> bool:
        """Blocks after j fit right of a block j that ends just before cell e."""
        if e == n:
            return j == k - 1
        return cells[e] != 1 and bwd[j + 1][e + 1]

    can_white = [
        cells[x] != 1 and any(fwd[j][x] and bwd[j][x + 1] for j in range(k + 1)) for x in range(n)
    ]
    cover = [0] * (n + 1)  # difference array: +1 where a valid block starts, -1 after it ends
    for j in range(k):
        length = clue[j]
        for s in range(n - length + 1):
            e = s + length
            if whites[e] == whites[s] and fits_left(j, s) and fits_right(j, e):
                cover[s] += 1
                cover[e] -= 1

    result = list(cells)
    covered = 0
    for x in range(n):
        covered += cover[x]
        black, white = covered > 0, can_white[x]
        if not (black or white):
            return None
        if black and not white:
            result[x] = 1
        elif white and not black:
            result[x] = 0
    return result


def _solve_line_cached(clue: tuple[int, ...], cells: tuple[int, ...]) -> list[int] | None:
    """:func:`solve_line` through the engine's bounded cache: search revisits line states."""
    return REFERENCE_CACHE.get_or_compute((clue, cells), lambda: solve_line(clue, cells))


def unknown_state(height: int, width: int) -> State:
    """A grid with every cell unknown."""
    return [[UNKNOWN] * width for _ in range(height)]


def _sweep_steps(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    state: State,
    dirty_rows: set[int],
    dirty_cols: set[int],
    deadline: Deadline = NO_DEADLINE,
    *,
    cached: bool = True,
) -> Iterator[tuple[str, int]]:
    """Alternate a sweep over the dirty rows and one over the dirty columns, in place.

    A line is dirty when one of its cells changed since it was last solved. Yields
    ``("rows" or "columns", number of cells decided)`` after each sweep, and stops when no
    line is dirty. Raises :class:`Contradiction` when some line has no placement left, and
    :class:`~helper.errors.SolverTimeoutError` once ``deadline`` has passed (checked per line).
    """
    row_clues = [tuple(c) for c in rows]
    col_clues = [tuple(c) for c in cols]
    solve = _solve_line_cached if cached else solve_line
    while dirty_rows or dirty_cols:
        decided = 0
        for r in sorted(dirty_rows):
            deadline.check("line logic")
            line = state[r]
            new = solve(row_clues[r], tuple(line))
            if new is None:
                raise Contradiction(f"row {r}")
            for c, (old, value) in enumerate(zip(line, new, strict=True)):
                if old != value:
                    line[c] = value
                    dirty_cols.add(c)
                    decided += 1
        dirty_rows.clear()
        yield "rows", decided
        decided = 0
        for c in sorted(dirty_cols):
            deadline.check("line logic")
            line = [state[r][c] for r in range(len(rows))]
            new = solve(col_clues[c], tuple(line))
            if new is None:
                raise Contradiction(f"column {c}")
            for r, (old, value) in enumerate(zip(line, new, strict=True)):
                if old != value:
                    state[r][c] = value
                    dirty_rows.add(r)
                    decided += 1
        dirty_cols.clear()
        yield "columns", decided


def propagate(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    state: State,
    dirty_rows: set[int] | None = None,
    dirty_cols: set[int] | None = None,
) -> State:
    """Apply the line solver to rows and columns until nothing changes (the fixpoint).

    Changes ``state`` in place and returns it. A line is solved again only when one of its
    cells changed (it is dirty); by default every line starts dirty. Raises
    :class:`Contradiction` when a line has no placement left.
    """
    dirty_rows = set(range(len(rows))) if dirty_rows is None else set(dirty_rows)
    dirty_cols = set(range(len(cols))) if dirty_cols is None else set(dirty_cols)
    while dirty_rows or dirty_cols:
        for r in sorted(dirty_rows):
            line = solve_line(rows[r], state[r])
            if line is None:
                raise Contradiction(f"row {r}")
            for c, value in enumerate(line):
                if state[r][c] != value:
                    state[r][c] = value
                    dirty_cols.add(c)
        dirty_rows.clear()
        for c in sorted(dirty_cols):
            line = solve_line(cols[c], [row[c] for row in state])
            if line is None:
                raise Contradiction(f"column {c}")
            for r, value in enumerate(line):
                if state[r][c] != value:
                    state[r][c] = value
                    dirty_rows.add(r)
        dirty_cols.clear()
    return state


def propagate_within(
    rows: Sequence[Clue], cols: Sequence[Clue], state: State, *, deadline: Deadline = NO_DEADLINE
) -> State:
    """:func:`propagate` from every line, for a solver:
    :class:`~helper.errors.SolverTimeoutError` is raised once ``deadline`` has passed
    (checked before each line). It does not use :data:`~.cache.REFERENCE_CACHE`: within one
    fixpoint a line is solved again only when its cells changed, so the cache could only
    carry one solve's work into another."""
    dirty_rows, dirty_cols = set(range(len(rows))), set(range(len(cols)))
    for _ in _sweep_steps(rows, cols, state, dirty_rows, dirty_cols, deadline, cached=False):
        pass
    return state


def sweep_steps(rows: Sequence[Clue], cols: Sequence[Clue]) -> Iterator[tuple[str, State]]:
    """``("rows" or "columns", grid)`` after each sweep, from an empty start to the fixpoint.

    The grids are copies (rows of -1 / 0 / 1); sweeps that decide nothing are skipped.
    Raises :class:`Contradiction` for clues that contradict each other.
    """
    state = unknown_state(len(rows), len(cols))
    steps = _sweep_steps(rows, cols, state, set(range(len(rows))), set(range(len(cols))))
    for axis, decided in steps:
        if decided:
            yield axis, [list(row) for row in state]


def sweeps(rows: Sequence[Clue], cols: Sequence[Clue]) -> Iterator[State]:
    """The grid after each sweep (all rows, then all columns, ...) from an empty start.

    Yields copies (rows of -1 / 0 / 1) up to the fixpoint; sweeps that decide nothing are
    skipped. Raises :class:`Contradiction` for clues that contradict each other.
    """
    for _, state in sweep_steps(rows, cols):
        yield state


def unknown_cells(state: State) -> list[tuple[int, int]]:
    """The cells still at -1, row by row."""
    return [(r, c) for r, row in enumerate(state) for c, v in enumerate(row) if v == UNKNOWN]
