"""Explain a Nonogram's solution step by step, cheapest steps first.

At every turn the explainer takes the cheapest step there is:

1. an **overlap** step: one line whose leftmost and rightmost placements agree on some open
   cells (:mod:`helper.explain.overlap`);
2. a **line solver** step: one line whose clue, with the cells known, forces cells that the
   overlap rule does not (the line solver, :func:`~helper.nonogram.line.reference.solve_line`);
3. when no single line forces anything (line logic is at its fixpoint), a **several lines**
   step: a cheapest set of lines that forces some open cell. Such a step needs two rows and two
   columns at least; four lines whose shared cells are open (a *rectangle*) are all examined
   first, directly (:func:`helper.explain.rectangles.best_rectangle`). When none forces a
   cell, the cheapest set (five lines or more) is found by
   :func:`helper.explain.ocus.cheapest_step` on a CNF of the open lines, each with a switch
   (:func:`switched_cnf`). Every line costs :data:`LINE_COST`. The step decides every open
   cell its lines force. Its reason is a case split: the other value tried in its first cell,
   and the line that line logic on the step's lines then leaves with no placement
   (:func:`broken_line`); where line logic on them stalls instead, the further case splits on
   open cells after which every case leaves a line with no placement (:func:`case_split`).

Among single-line steps of one kind, the one deciding the most cells comes first (then rows
before columns, then by index). Each step is the cheapest at its turn; the sequence as a
whole is greedy, not the cheapest sequence there is.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from helper.backends.pysat import DEFAULT_BACKEND, SatSolver
from helper.deadline import Deadline, Run
from helper.errors import NoSolutionError, NotUniqueError, SolverTimeoutError
from helper.nonogram.clues import runs
from helper.nonogram.line.reference import solve_line
from helper.nonogram.models.cnf_starts import start_line_clauses
from helper.nonogram.puzzle import Nonogram

from .ocus import (
    Choice,
    Memory,
    Oracle,
    cheapest_step,
    forced_candidates,
    smallest_deletion_step,
)
from .overlap import overlap
from .rectangles import Rectangle, best_rectangle
from .steps import Cell, Explanation, Premise, Step, and_join, explanation, numbers_text

UNKNOWN = -1
LINE_COST = 1
"""What one line costs in a step (every line the same, so a step's cost is its number of lines)."""
STEP_BUDGET = 250
"""Hitting sets per multi-line step before the explainer settles for a greedy minimal step.

Set on the tuning split and the book's puzzles, where a step proven cheapest needs at most
140 (the 45 x 60; the sailboat's step of 11 lines, 107): 250 leaves a margin. The steps of
four lines, the most common, need none (:mod:`helper.explain.rectangles`)."""
STOPPED = "stopped after the first step of several lines, as asked (until_several_lines)"
"""The ``message`` of an explanation that ``until_several_lines`` stopped before the solution."""


def explain(
    puzzle: Nonogram,
    *,
    time_limit: float | None = None,
    budget: int = STEP_BUDGET,
    rectangles: bool = True,
    certify: bool = False,
    lower_bounds: bool = True,
    every_cell: bool = False,
    until_several_lines: bool = False,
) -> Explanation:
    """The steps that solve ``puzzle``, from the empty grid to its solution.

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.Nonogram`.
    time_limit
        Seconds for the whole explanation (``None``: no limit).
    budget
        Hitting-set solves per multi-line step; when they run out, the step is a minimal set
        of lines found by deletion instead of a proven cheapest one.
    rectangles
        Examine every two rows and two columns first (the cheapest multi-line steps there
        are) before the hitting-set search; ``False`` is the control that leaves every
        multi-line step to the search.
    certify
        Also prove each step (:func:`helper.explain.certify.certify_steps`): the result's
        ``certificates``, within what is left of ``time_limit``.
    lower_bounds
        Tell the hitting-set search that a multi-line step needs two rows and two columns at
        least (five lines once every four-line step was examined); ``False`` is the control
        that measures what these bounds save.
    every_cell
        With ``budget=0``: a minimal set by deletion for every open cell, the smallest kept
        (the literature's baseline, ``helper.explain.ocus.smallest_deletion_step``),
        instead of the first open cell's alone.
    until_several_lines
        Stop after the first step of several lines (the steps up to it are those of the whole
        explanation): for a measure of that step alone. ``complete`` is then ``False``, unless
        that step decides the last open cells.

    Returns
    -------
    Explanation
        The steps (:class:`~helper.explain.steps.Step`) and their counts. When
        ``time_limit`` passes first, the steps found by then, and ``complete`` is ``False``.

    Raises
    ------
    NoSolutionError
        No grid satisfies every clue.
    NotUniqueError
        More than one grid does (no sequence of forced steps can reach a solution).

    Examples
    --------
    >>> from helper.explain.nonogram import explain
    >>> from helper.nonogram import Nonogram
    >>> steps = explain(Nonogram([[2], [1]], [[1], [2]], name="corner"))
    >>> [(step.cells, step.lines) for step in steps]  # doctest: +NORMALIZE_WHITESPACE
    [({(0, 0): 1, (0, 1): 1}, (('row', 0),)), ({(1, 0): 0}, (('column', 0),)),
     ({(1, 1): 1}, (('row', 1),))]
    >>> steps[0].reason
    'row 0 (2): its leftmost and rightmost placements both make columns 0 and 1 black'
    """
    if not isinstance(puzzle, Nonogram):
        raise TypeError(f"expected a Nonogram, got {type(puzzle).__name__}")
    deadline = Deadline(time_limit)
    memory = Memory()
    height, width = puzzle.height, puzzle.width
    start = tuple((UNKNOWN,) * width for _ in range(height))
    state = [[UNKNOWN] * width for _ in range(height)]
    steps: list[Step] = []
    solution: list[list[int]] | None = None
    try:
        solution = unique_solution(puzzle, memory, deadline)
        while any(UNKNOWN in row for row in state):
            deadline.check("explain")
            step = _single_line_step(puzzle, state)
            several = step is None
            if step is None:
                step = _lines_step(
                    puzzle, state, solution, memory, deadline, budget, rectangles,
                    lower_bounds=lower_bounds, every_cell=every_cell,
                )  # fmt: skip
            for (r, c), value in step.cells.items():
                state[r][c] = value
            decided = np.array([r * width + c for r, c in step.cells], dtype=np.int64)
            memory.keep_fitting(decided, np.array(list(step.cells.values()), dtype=bool))
            steps.append(step)
            if several and until_several_lines:
                break
    except SolverTimeoutError as error:  # the steps found by then stand
        found = explanation(steps, start, solution, memory.sat_calls, memory.hitting_sets, error)
    else:
        found = explanation(steps, start, solution, memory.sat_calls, memory.hitting_sets)
        if any(UNKNOWN in row for row in state):  # stopped after a step of several lines
            found = replace(found, complete=False, message=STOPPED)
    if not certify:
        return found
    from .certify import with_certificates

    return with_certificates(puzzle, found, deadline)


def line_premises(puzzle: Nonogram) -> list[Premise]:
    """Every line as a premise: rows, then columns."""
    return [("row", r) for r in range(puzzle.height)] + [("column", c) for c in range(puzzle.width)]


def _line_cells(premise: Premise, height: int, width: int) -> list[Cell]:
    kind, index = premise
    if kind == "row":
        return [(index, c) for c in range(width)]
    return [(r, index) for r in range(height)]


@dataclass(frozen=True)
class SwitchedCnf:
    """The CNF of the open lines, each with a switch, given the cells known.

    ``variables[r * width + c]`` is the variable of an open cell (0 for a known one);
    ``premises`` are the open lines, ``switches`` their switches, in the same order.
    """

    clauses: list[list[int]]
    premises: list[Premise]
    switches: list[int]
    variables: np.ndarray
    top: int


def switched_cnf(puzzle: Nonogram, state: Sequence[Sequence[int]]) -> SwitchedCnf:
    """Each open line's clauses (the block-start CNF of
    :func:`~helper.nonogram.models.cnf_starts.start_line_clauses`, whose unit propagation is
    line logic), each clause with ``-switch`` added so that the switch turns the line on."""
    height, width = puzzle.height, puzzle.width
    variables = np.zeros(height * width, dtype=np.int64)
    open_ = [r * width + c for r in range(height) for c in range(width) if state[r][c] == UNKNOWN]
    variables[open_] = np.arange(1, len(open_) + 1)
    top = len(open_)
    clauses: list[list[int]] = []
    premises, switches = [], []
    for premise, clue in zip(line_premises(puzzle), [*puzzle.rows, *puzzle.cols], strict=True):
        places = _line_cells(premise, height, width)
        known = [state[r][c] for r, c in places]
        if UNKNOWN not in known:
            continue
        cells = [int(variables[r * width + c]) or None for r, c in places]
        line: list[list[int]] = []
        new_top = start_line_clauses(clue, known, cells, top, line)
        if new_top is None:
            raise NoSolutionError(f"no solution: {premise[0]} {premise[1]} has no placement left")
        top = new_top + 1  # the line's switch
        clauses += [[-top, *clause] for clause in line]
        premises.append(premise)
        switches.append(top)
    return SwitchedCnf(clauses, premises, switches, variables, top)


def _oracle(
    puzzle: Nonogram,
    state: Sequence[Sequence[int]],
    cnf: SwitchedCnf,
    solver: SatSolver,
    memory: Memory,
    deadline: Deadline,
) -> Oracle:
    clues = {p: c for p, c in zip(line_premises(puzzle), [*puzzle.rows, *puzzle.cols], strict=True)}
    shape = (puzzle.height, puzzle.width)
    wanted = [list(clues[p]) for p in cnf.premises]

    def satisfied(grid: np.ndarray) -> frozenset[int]:
        cells = grid.reshape(shape)
        lines = [cells[i] if kind == "row" else cells[:, i] for kind, i in cnf.premises]
        return frozenset(k for k, line in enumerate(lines) if runs(line.tolist()) == wanted[k])

    fixed = np.array([value == 1 for row in state for value in row], dtype=bool)
    costs = [LINE_COST] * len(cnf.switches)
    return Oracle(solver, cnf.switches, costs, cnf.variables, fixed, satisfied, memory, deadline)


def unique_solution(puzzle: Nonogram, memory: Memory, deadline: Deadline) -> list[list[int]]:
    """The solution, after proving that it is the only one (SAT, every line on)."""
    empty = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    cnf = switched_cnf(puzzle, empty)
    with SatSolver(DEFAULT_BACKEND, cnf.clauses, run=Run(deadline, "explain")) as solver:
        oracle = _oracle(puzzle, empty, cnf, solver, memory, deadline)
        grid = oracle.solve(cnf.switches)
        if grid is None:
            raise NoSolutionError("no solution: no grid satisfies every clue")
        other = cnf.top + 1  # a fresh variable: "the grid differs from this one"
        differ = [-int(v) if grid[i] else int(v) for i, v in enumerate(cnf.variables)]
        solver.add_clause([-other, *differ])
        second = oracle.solve([*cnf.switches, other])
    if second is not None:
        spots = [divmod(int(i), puzzle.width) for i in np.flatnonzero(second != grid)]
        raise NotUniqueError(
            f"more than one solution: two grids differ in {len(spots)} cells, "
            f"the first at {spots[0]}"
        )
    return grid.reshape(puzzle.height, puzzle.width).astype(int).tolist()


def _single_line_step(puzzle: Nonogram, state: list[list[int]]) -> Step | None:
    """The best overlap step, else the best line solver step, else ``None`` (a fixpoint)."""
    height, width = puzzle.height, puzzle.width
    premises = line_premises(puzzle)
    clues = [*puzzle.rows, *puzzle.cols]
    lines = [[state[r][c] for r, c in _line_cells(p, height, width)] for p in premises]
    for kind in ("overlap", "line solver"):
        best: tuple[int, int, dict[int, int]] | None = None
        for k, (clue, cells) in enumerate(zip(clues, lines, strict=True)):
            if UNKNOWN not in cells:
                continue
            decided = _decided(kind, clue, cells, premises[k])
            if decided and (best is None or len(decided) > len(best[2])):
                best = (k, len(decided), decided)
        if best is not None:
            k, _, decided = best
            places = _line_cells(premises[k], height, width)
            step_cells = {places[x]: value for x, value in sorted(decided.items())}
            reason = _line_reason(kind, premises[k], clues[k], decided, len(lines[k]))
            return Step(step_cells, (premises[k],), reason, kind, LINE_COST)
    return None


def _decided(kind: str, clue: Sequence[int], cells: list[int], premise: Premise) -> dict[int, int]:
    """The open cells of one line decided by the overlap rule, or by the line solver."""
    if kind == "overlap":
        found = overlap(clue, cells)
    else:
        solved = solve_line(clue, cells)
        found = None if solved is None else {
            x: v for x, v in enumerate(solved) if cells[x] == UNKNOWN and v != UNKNOWN
        }  # fmt: skip
    if found is None:  # cannot happen for a puzzle with a solution
        raise NoSolutionError(f"no solution: {premise[0]} {premise[1]} has no placement left")
    return found


def clue_text(clue: Sequence[int]) -> str:
    """A clue as a reader writes it: ``2 1``, or ``0`` for an empty line."""
    return " ".join(map(str, clue)) or "0"


def _line_reason(
    kind: str, premise: Premise, clue: Sequence[int], decided: dict[int, int], length: int
) -> str:
    across = "column" if premise[0] == "row" else "row"
    head = f"{premise[0]} {premise[1]} ({clue_text(clue)})"
    if not clue and len(decided) == length:
        return f"{head} has no block: every cell is white"
    parts = []
    for value, colour in ((1, "black"), (0, "white")):
        where = [x for x, v in decided.items() if v == value]
        if where:
            noun = across + ("s" if len(where) > 1 else "")
            parts.append(f"{noun} {numbers_text(where)} {colour}")
    what = and_join(parts)
    if kind == "overlap":
        return f"{head}: its leftmost and rightmost placements both make {what}"
    return f"{head}: every placement that fits the known cells makes {what}"


def _lines_step(
    puzzle: Nonogram,
    state: list[list[int]],
    solution: list[list[int]],
    memory: Memory,
    deadline: Deadline,
    budget: int,
    rectangles: bool,
    *,
    lower_bounds: bool = True,
    every_cell: bool = False,
) -> Step:
    """A cheapest set of lines that forces some open cell, at a fixpoint of line logic."""
    if rectangles:
        found = best_rectangle(puzzle, state)
        if found is not None:
            return _rectangle_step(puzzle, found, solution, state)
    cnf = switched_cnf(puzzle, state)
    open_, candidates, touching = _candidates(cnf, state, solution)
    rows = [k for k, p in enumerate(cnf.premises) if p[0] == "row"]
    cols = [k for k, p in enumerate(cnf.premises) if p[0] == "column"]
    # At a fixpoint of line logic each line alone allows both values of each of its open
    # cells. Lines whose shared cells form no cycle (rows and columns as the two sides of a
    # graph, a shared cell as an edge) can then always agree: fix the cell in its line, and
    # each line further out meets the lines before it in one cell only, whose value it allows.
    # The smallest cycle is two rows and two columns: a step needs at least those.
    at_least = [(rows, 2), (cols, 2)] if lower_bounds else []
    if rectangles and lower_bounds:  # every four-line step was examined, and none forces a cell
        at_least.append((rows + cols, 5))
    calls, sets = memory.sat_calls, memory.hitting_sets
    with SatSolver(DEFAULT_BACKEND, cnf.clauses, run=Run(deadline, "explain")) as solver:
        oracle = _oracle(puzzle, state, cnf, solver, memory, deadline)
        if budget == 0 and every_cell:
            choice = smallest_deletion_step(oracle, candidates)
        else:
            choice = cheapest_step(oracle, candidates, touching, at_least=at_least, budget=budget)
        forced = forced_candidates(oracle, choice, candidates, touching)
    cells = {open_[k]: solution[open_[k][0]][open_[k][1]] for k in sorted(forced)}
    used = tuple(cnf.premises[p] for p in choice.premises)
    clues = dict(zip(line_premises(puzzle), [*puzzle.rows, *puzzle.cols], strict=True))
    reason = _lines_reason(used, [clues[p] for p in used], open_[choice.candidate], cells, state)
    calls, sets = memory.sat_calls - calls, memory.hitting_sets - sets
    cost, optimal, grids = choice.cost, choice.optimal, choice.grids
    return Step(cells, used, reason, "several lines", cost, optimal, calls, sets, grids)


def step_at(
    puzzle: Nonogram,
    state: Sequence[Sequence[int]],
    solution: Sequence[Sequence[int]],
    *,
    budget: int = STEP_BUDGET,
    rectangles: bool = True,
    lower_bounds: bool = True,
    every_cell: bool = False,
) -> Step:
    """The step of several lines :func:`explain` takes at ``state``, a fixpoint of line logic
    (``-1`` open), with these settings (as for :func:`explain`) and no grid from earlier
    steps: to compare settings on one and the same grid.

    Examples
    --------
    >>> stalled = Nonogram([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])
    >>> start = [[-1] * 4 for _ in range(4)]
    >>> solution = explain(stalled).solution
    >>> len(step_at(stalled, start, solution).lines)
    4
    """
    grid = [list(row) for row in state]
    if _single_line_step(puzzle, grid) is not None:
        raise ValueError("line logic decides a cell at this state: no step of several lines")
    return _lines_step(
        puzzle, grid, [list(row) for row in solution], Memory(), Deadline(None), budget,
        rectangles, lower_bounds=lower_bounds, every_cell=every_cell,
    )  # fmt: skip


def _candidates(
    cnf: SwitchedCnf, state: Sequence[Sequence[int]], solution: Sequence[Sequence[int]]
) -> tuple[list[Cell], list[tuple[int, bool]], list[list[int]]]:
    """The open cells, each as a candidate (its position and its value in ``solution``), and
    for each the premises that touch it (its row and its column)."""
    height, width = len(state), len(state[0])
    open_ = [(r, c) for r in range(height) for c in range(width) if state[r][c] == UNKNOWN]
    candidates = [(r * width + c, bool(solution[r][c])) for r, c in open_]
    where = {premise: k for k, premise in enumerate(cnf.premises)}
    touching = [[where[("row", r)], where[("column", c)]] for r, c in open_]
    return open_, candidates, touching


def search_without_bounds(
    puzzle: Nonogram,
    state: Sequence[Sequence[int]],
    solution: Sequence[Sequence[int]],
    grids: Sequence[np.ndarray],
    *,
    time_limit: float | None = None,
    budget: int = STEP_BUDGET,
) -> Choice:
    """The cheapest step at ``state`` found by the hitting-set search *without* the lower
    bounds, starting from ``grids`` (full grid arrays that agree with the cells known).

    The certificate of a several-lines step (:mod:`helper.explain.cheapest`) calls it when the
    step's own grids leave a cheaper choice open, because the explainer's search leaned on
    its lower bounds: the grids this search returns rule out every cheaper choice by
    themselves. Its ``optimal`` is ``False`` when ``budget`` hitting sets did not suffice.

    Raises
    ------
    SolverTimeoutError
        ``time_limit`` passed first.
    """
    deadline = Deadline(time_limit)
    memory = Memory(grids=[np.asarray(grid, dtype=bool) for grid in grids])
    cnf = switched_cnf(puzzle, state)
    _, candidates, touching = _candidates(cnf, state, solution)
    with SatSolver(DEFAULT_BACKEND, cnf.clauses, run=Run(deadline, "certify")) as solver:
        oracle = _oracle(puzzle, state, cnf, solver, memory, deadline)
        return cheapest_step(oracle, candidates, touching, budget=budget)


def _rectangle_step(
    puzzle: Nonogram, found: Rectangle, solution: list[list[int]], state: list[list[int]]
) -> Step:
    """The step of two rows and two columns: the four lines and the cells they decide."""
    if any(solution[r][c] != value for (r, c), value in found.cells.items()):
        raise RuntimeError("four lines decided a cell against the solution")  # a bug
    used = (*(("row", r) for r in found.rows), *(("column", c) for c in found.columns))
    clues = [puzzle.rows[r] for r in found.rows] + [puzzle.cols[c] for c in found.columns]
    corners = [(r, c) for r in found.rows for c in found.columns]
    first = next((cell for cell in corners if cell in found.cells), next(iter(found.cells)))
    reason = _lines_reason(used, clues, first, dict(found.cells), state)
    return Step(dict(found.cells), used, reason, "several lines", 4 * LINE_COST)


def broken_line(
    used: Sequence[Premise],
    clues: Sequence[Sequence[int]],
    state: Sequence[Sequence[int]],
    cell: Cell,
    value: int,
) -> tuple[Premise, Sequence[int]] | None:
    """The line, of ``used``, that line logic on those lines alone leaves with no placement
    once ``cell`` is given ``value`` (``state``: the cells known, ``-1`` open), and its clue;
    ``None`` when line logic on them finds no such line (the value then fails only deeper)."""
    grid = [list(row) for row in state]
    grid[cell[0]][cell[1]] = value
    return _line_logic(used, clues, grid)


def _line_logic(
    used: Sequence[Premise], clues: Sequence[Sequence[int]], grid: list[list[int]]
) -> tuple[Premise, Sequence[int]] | None:
    """Line logic on the lines ``used`` alone, filling ``grid`` in place: the first line left
    with no placement and its clue, or ``None`` at the fixpoint."""
    height, width = len(grid), len(grid[0])
    dirty = list(range(len(used)))
    while dirty:
        k = dirty.pop(0)
        places = _line_cells(used[k], height, width)
        known = [grid[r][c] for r, c in places]
        solved = solve_line(clues[k], known)
        if solved is None:
            return used[k], clues[k]
        for (r, c), old, new in zip(places, known, solved, strict=True):
            if old != new:
                grid[r][c] = new
                dirty += [j for j, p in enumerate(used) if j not in dirty and (r, c) in
                          _line_cells(p, height, width)]  # fmt: skip
    return None


Broken = tuple[Premise, Sequence[int]]
"""A line left with no placement, and its clue."""


@dataclass(frozen=True)
class CaseSplit:
    """A case split on one open ``cell``: what its white and its black value each run into,
    a line left with no placement (:data:`Broken`) or a further case split."""

    cell: Cell
    white: "CaseSplit | Broken"
    black: "CaseSplit | Broken"


SPLIT_DEPTH = 2
"""Nested case splits :func:`case_split` looks for, at most, before giving up."""

SPLIT_BUDGET = 20_000
"""Runs of line logic :func:`case_split` may spend on one step's reason."""


def case_split(
    used: Sequence[Premise],
    clues: Sequence[Sequence[int]],
    state: Sequence[Sequence[int]],
    cell: Cell,
    value: int,
    depth: int = SPLIT_DEPTH,
) -> "CaseSplit | Broken | None":
    """Why ``cell`` cannot take ``value``, on the lines ``used`` alone, in a form a person can
    follow: the line that line logic then leaves with no placement (:func:`broken_line`), or,
    when line logic stalls, nested case splits of the least depth (``depth`` at most, found
    by iterative deepening) after which every case leaves a line with no placement. ``None``
    when none is found within ``depth`` and :data:`SPLIT_BUDGET` runs of line logic.
    """
    grid = [list(row) for row in state]
    grid[cell[0]][cell[1]] = value
    budget = [SPLIT_BUDGET]
    for limit in range(depth + 1):
        found = _refute(used, clues, grid, limit, budget)
        if found is not None or budget[0] <= 0:
            return found
    return None


def _refute(
    used: Sequence[Premise],
    clues: Sequence[Sequence[int]],
    grid: list[list[int]],
    depth: int,
    budget: list[int],
) -> "CaseSplit | Broken | None":
    """Line logic on ``used`` from ``grid``, then case splits ``depth`` deep at most."""
    grid = [list(row) for row in grid]
    budget[0] -= 1
    broken = _line_logic(used, clues, grid)
    if broken is not None or depth == 0:
        return broken
    height, width = len(grid), len(grid[0])
    seen: set[Cell] = set()
    for premise in used:
        for r, c in _line_cells(premise, height, width):
            if grid[r][c] != UNKNOWN or (r, c) in seen:
                continue
            if budget[0] <= 0:
                return None
            seen.add((r, c))
            cases = []
            for value in (0, 1):
                grid[r][c] = value
                case = _refute(used, clues, grid, depth - 1, budget)
                grid[r][c] = UNKNOWN
                if case is None:
                    break
                cases.append(case)
            else:
                return CaseSplit((r, c), cases[0], cases[1])
    return None


def _split_text(found: "CaseSplit | Broken") -> str:
    """A case split's tree as text: each case and the line it leaves with no placement."""
    if isinstance(found, CaseSplit):
        return (
            f"{found.cell} white: [{_split_text(found.white)}]; "
            f"{found.cell} black: [{_split_text(found.black)}]"
        )
    (axis, index), clue = found
    return f"{axis} {index} ({clue_text(clue)}) has no placement"


def _lines_reason(
    used: Sequence[Premise],
    clues: Sequence[Sequence[int]],
    first: Cell,
    cells: dict[Cell, int],
    state: Sequence[Sequence[int]],
) -> str:
    colour = {1: "black", 0: "white"}
    named = and_join([f"{p[0]} {p[1]} ({clue_text(c)})" for p, c in zip(used, clues, strict=True)])
    value = cells[first]
    broken = broken_line(used, clues, state, first, 1 - value)
    found = case_split(used, clues, state, first, 1 - value) if broken is None else None
    if isinstance(found, CaseSplit):  # line logic on these lines stalls: split on open cells
        reason = (
            f"try {first} {colour[1 - value]}: line logic on {named} then stalls; split on "
            f"{_split_text(found)}. Every case leaves a line with no placement, so {first} is "
            f"{colour[value]}"
        )
    elif broken is None:  # not even nested case splits within the bounds show it
        reason = (
            f"{named} cannot all be placed with {first} {colour[1 - value]} (a case split on "
            f"those lines shows it, line logic alone does not), so it is {colour[value]}"
        )
    else:
        (axis, index), clue = broken
        reason = (
            f"try {first} {colour[1 - value]}: line logic on {named} then leaves {axis} "
            f"{index} ({clue_text(clue)}) no placement, so {first} is {colour[value]}"
        )
    others = {cell: v for cell, v in cells.items() if cell != first}
    if not others:
        return reason
    grid = [list(row) for row in state]
    grid[first[0]][first[1]] = value
    _line_logic(used, clues, grid)  # cannot break: the solution agrees
    follow = [f"{cell} {colour[v]}" for cell, v in others.items() if grid[cell[0]][cell[1]] == v]
    rest = {cell: v for cell, v in others.items() if grid[cell[0]][cell[1]] != v}
    if follow:
        reason += f"; with it, line logic on the same lines makes {and_join(follow)}"
    tried, unshown = [], []
    for cell, v in rest.items():
        fails = broken_line(used, clues, state, cell, 1 - v)
        if fails is None:
            unshown.append(f"{cell} {colour[v]}")
        else:
            (axis, index), clue = fails
            tried.append(
                f"trying {cell} {colour[1 - v]} leaves {axis} {index} ({clue_text(clue)}) no "
                f"placement, so it is {colour[v]}"
            )
    if tried:
        reason += "; and " + "; ".join(tried)
    if unshown:
        reason += f"; {'they also' if not (follow or tried) else 'and they'} force "
        reason += and_join(unshown)
    return reason
