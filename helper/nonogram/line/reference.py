"""The line solver: what one clue and the cells known so far force, then the whole grid.

A cell is ``UNKNOWN`` (-1), ``0`` (empty) or ``1`` (filled). :func:`solve_line` looks at one
line and returns every cell that *all* placements of the clue still allowed agree on, by a
dynamic programme over "the first ``j`` blocks fit in the first ``i`` cells" (and the same
from the right), in time proportional to the line's length times its number of blocks.
:func:`propagate` repeats it over rows and columns until nothing changes (re-examining only
lines whose cells changed), :func:`probe` tries single cells both ways, and :func:`search`
adds backtracking. Two solvers are registered: ``"line-search"`` (logic and search only)
and ``"line-cpsat"`` (logic first, CP-SAT for what logic leaves open).
"""

from collections.abc import Iterator, Sequence

from ortools.sat.python import cp_model

from helper.nonogram.clues import Clue, Grid
from helper.nonogram.models.cpsat_automaton import line_automaton
from helper.nonogram.models.cpsat_start import solve_cells
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.solvers.registry import Contradiction, Deadline, Run, register

UNKNOWN = -1
State = list[list[int]]  # rows of -1 / 0 / 1


def _prefix_counts(cells: Sequence[int], value: int) -> list[int]:
    counts = [0]
    for cell in cells:
        counts.append(counts[-1] + (cell == value))
    return counts


def solve_line(clue: Sequence[int], cells: Sequence[int]) -> list[int] | None:
    """The cells of one line after applying its clue, or ``None`` if no placement fits.

    Every returned cell that was ``UNKNOWN`` is set when all placements consistent with
    ``cells`` agree on it. Cost: O(length x blocks).
    """
    n, k = len(cells), len(clue)
    whites = _prefix_counts(cells, 0)  # whites[b] - whites[a]: empty cells in cells[a:b]
    blacks = _prefix_counts(cells, 1)

    def no_white(a: int, b: int) -> bool:
        return whites[b] == whites[a]

    def no_black(a: int, b: int) -> bool:
        return blacks[b] == blacks[a]

    # fwd[j][i]: cells[0:i] can hold exactly blocks 0..j-1 (every other cell empty).
    # bwd[j][i]: cells[i:n] can hold exactly blocks j..k-1.
    fwd = [[no_black(0, i) for i in range(n + 1)]] + [[False] * (n + 1) for _ in range(k)]
    bwd = [[False] * (n + 1) for _ in range(k)] + [[no_black(i, n) for i in range(n + 1)]]

    def fits_left(j: int, s: int) -> bool:
        """Blocks before j fit left of a block j that starts at cell s."""
        if s == 0:
            return j == 0
        return cells[s - 1] != 1 and fwd[j][s - 1]

    def fits_right(j: int, e: int) -> bool:
        """Blocks after j fit right of a block j that ends just before cell e."""
        if e == n:
            return j == k - 1
        return cells[e] != 1 and bwd[j + 1][e + 1]

    open_ = [c != 1 for c in cells]  # the cell may be empty
    for j in range(1, k + 1):  # the recurrences, with fits_left / fits_right written inline
        length, row, prev = clue[j - 1], fwd[j], fwd[j - 1]
        for i in range(max(length, 1), n + 1):
            s = i - length  # block j-1 would occupy cells[s:i]
            row[i] = (open_[i - 1] and row[i - 1]) or (
                whites[i] == whites[s] and (j == 1 if s == 0 else open_[s - 1] and prev[s - 1])
            )
    for j in range(k - 1, -1, -1):
        length, row, nxt = clue[j], bwd[j], bwd[j + 1]
        for i in range(n - 1, -1, -1):
            e = i + length  # block j would occupy cells[i:e]
            row[i] = (open_[i] and row[i + 1]) or (
                e <= n
                and whites[e] == whites[i]
                and (j == k - 1 if e == n else open_[e] and nxt[e + 1])
            )

    can_white = [
        cells[x] != 1 and any(fwd[j][x] and bwd[j][x + 1] for j in range(k + 1)) for x in range(n)
    ]
    cover = [0] * (n + 1)  # difference array: +1 where a valid block starts, -1 after it ends
    for j in range(k):
        length = clue[j]
        for s in range(n - length + 1):
            e = s + length
            if no_white(s, e) and fits_left(j, s) and fits_right(j, e):
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


_CACHE_SIZE = 50_000
_line_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int] | None] = {}


def _solve_line_cached(clue: tuple[int, ...], cells: tuple[int, ...]) -> list[int] | None:
    """:func:`solve_line` with a bounded memo: search revisits the same line states often."""
    key = (clue, cells)
    if key not in _line_cache:
        if len(_line_cache) >= _CACHE_SIZE:
            _line_cache.clear()
        _line_cache[key] = solve_line(clue, cells)
    return _line_cache[key]


def unknown_state(height: int, width: int) -> State:
    """A grid with every cell unknown."""
    return [[UNKNOWN] * width for _ in range(height)]


def _sweep_steps(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    state: State,
    dirty_rows: set[int],
    dirty_cols: set[int],
) -> Iterator[int]:
    """Alternate a sweep over the dirty rows and one over the dirty columns, in place.

    A line is dirty when one of its cells changed since it was last solved. Yields
    ``("rows" or "columns", number of cells decided)`` after each sweep, and stops when no
    line is dirty. Raises :class:`Contradiction` when some line has no placement left.
    """
    row_clues = [tuple(c) for c in rows]
    col_clues = [tuple(c) for c in cols]
    while dirty_rows or dirty_cols:
        decided = 0
        for r in sorted(dirty_rows):
            line = state[r]
            new = _solve_line_cached(row_clues[r], tuple(line))
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
            line = [state[r][c] for r in range(len(rows))]
            new = _solve_line_cached(col_clues[c], tuple(line))
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

    Changes ``state`` in place and returns it. By default every line is examined; give the
    dirty rows and columns to start from a few changed lines. Raises :class:`Contradiction`.
    """
    dirty_rows = set(range(len(rows))) if dirty_rows is None else set(dirty_rows)
    dirty_cols = set(range(len(cols))) if dirty_cols is None else set(dirty_cols)
    for _ in _sweep_steps(rows, cols, state, dirty_rows, dirty_cols):
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


def _copy(state: State) -> State:
    return [list(row) for row in state]


def _try(rows: Sequence[Clue], cols: Sequence[Clue], state: State, cell, value) -> State | None:
    """A propagated copy of ``state`` with ``cell`` set to ``value``; ``None`` on contradiction."""
    r, c = cell
    trial = _copy(state)
    trial[r][c] = value
    try:
        return propagate(rows, cols, trial, {r}, {c})
    except Contradiction:
        return None


def probe(
    rows: Sequence[Clue], cols: Sequence[Clue], state: State, *, deadline: Deadline | None = None
) -> State:
    """Probing: try each unknown cell as 1 and as 0, propagating each guess.

    A guess that runs into a contradiction proves the other value. When both guesses
    survive, the cells on which their two fixpoints agree are decided as well. Repeats
    until a full round learns nothing; returns the new state (``state`` is not changed).
    Raises :class:`Contradiction` when both values of some cell fail.
    """
    deadline = deadline or Deadline()
    state = propagate(rows, cols, _copy(state))
    learned = True
    while learned:
        learned = False
        for cell in unknown_cells(state):
            r, c = cell
            if state[r][c] != UNKNOWN:
                continue  # decided earlier in this round
            deadline.check("probing")
            filled, empty = _try(rows, cols, state, cell, 1), _try(rows, cols, state, cell, 0)
            if filled is None and empty is None:
                raise Contradiction(f"cell ({r}, {c}) can be neither filled nor empty")
            if filled is None or empty is None:
                state = empty if filled is None else filled
                learned = True
                continue
            agreed = [
                (i, j) for i, j in unknown_cells(state) if filled[i][j] == empty[i][j] != UNKNOWN
            ]
            if agreed:
                for i, j in agreed:
                    state[i][j] = filled[i][j]
                propagate(rows, cols, state, {i for i, _ in agreed}, {j for _, j in agreed})
                learned = True
    return state


def _branch_cell(state: State) -> tuple[int, int]:
    """The unknown cell to guess: first unknown cell of the row with fewest unknown cells."""
    best = min((sum(v == UNKNOWN for v in row), r) for r, row in enumerate(state) if UNKNOWN in row)
    r = best[1]
    return r, state[r].index(UNKNOWN)


def search(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    state: State,
    *,
    deadline: Deadline | None = None,
) -> State | None:
    """Depth-first search: guess a cell, propagate, backtrack on contradiction.

    ``state`` must be a propagated fixpoint. Returns a complete grid or ``None`` when no
    completion exists. The stack is explicit, so deep searches do not hit Python's
    recursion limit.
    """
    deadline = deadline or Deadline()
    stack = [state]
    while stack:
        deadline.check("search")
        node = stack.pop()
        if not any(UNKNOWN in row for row in node):
            return node
        cell = _branch_cell(node)
        for value in (1, 0):  # pushed 1 first, so 0 (the commoner value) is tried first
            child = _try(rows, cols, node, cell, value)
            if child is not None:
                stack.append(child)
    return None


@register("line-search")
def solve_line_search(puzzle: Nonogram, run: Run) -> Grid | None:
    """Line logic to a fixpoint, probing, then backtracking search on the cells left over."""
    rows, cols = puzzle.rows, puzzle.cols
    try:
        state = propagate(rows, cols, unknown_state(puzzle.height, puzzle.width))
        if unknown_cells(state):
            state = probe(rows, cols, state, deadline=run.deadline)
    except Contradiction:
        return None
    return search(rows, cols, state, deadline=run.deadline)


HANDOVER_PARAMETERS = {
    "cp_model_probing_level": 0,
    "linearization_level": 0,
    "symmetry_level": 0,
}
"""CP-SAT settings for the handover when line logic left at most ``HARD_SHARE`` of the cells
open: no presolve probing, no linear relaxation, no symmetry search, for the small model that
is left (settings chosen with ``helper.bench``). Line logic is per-line propagation; it does
not do the work of CP-SAT's probing, which tries literals of the whole model both ways."""

HARD_SHARE = 0.5
"""When line logic leaves more than this share of the cells open, the puzzle is a hard one
and CP-SAT keeps its default settings (``HANDOVER_PARAMETERS`` are not used)."""


def handover_model(
    rows: Sequence[Clue], cols: Sequence[Clue], state: State
) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """The automaton model of what line logic left open.

    Decided cells are constants, and a line whose cells are all decided gets no automaton
    (line logic already checked it against its clue), so CP-SAT only sees the open part.
    """
    model = cp_model.CpModel()
    cells = [
        [
            model.new_bool_var(f"cell_{r}_{c}") if v == UNKNOWN else model.new_constant(v)
            for c, v in enumerate(row)
        ]
        for r, row in enumerate(state)
    ]
    lines = [(clue, cells[r], state[r]) for r, clue in enumerate(rows)]
    for c, clue in enumerate(cols):
        lines.append((clue, [row[c] for row in cells], [row[c] for row in state]))
    for clue, line, known in lines:
        if UNKNOWN in known:
            transitions, finals = line_automaton(clue)
            model.add_automaton(line, 0, finals, transitions)
    return model, cells


@register("line-cpsat")
def solve_line_cpsat(puzzle: Nonogram, run: Run) -> Grid | None:
    """Line logic to a fixpoint; if cells stay undecided, CP-SAT's automaton model finishes.

    CP-SAT sees only the open cells and the lines through them (:func:`handover_model`).
    """
    rows, cols = puzzle.rows, puzzle.cols
    try:
        state = propagate(rows, cols, unknown_state(puzzle.height, puzzle.width))
    except Contradiction:
        return None
    open_cells = len(unknown_cells(state))
    if not open_cells:
        return state
    model, cells = handover_model(rows, cols, state)
    hard = open_cells > HARD_SHARE * puzzle.cells
    parameters = {} if hard else HANDOVER_PARAMETERS
    return solve_cells(model, cells, run, **parameters)
