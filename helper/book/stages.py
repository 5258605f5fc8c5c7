"""Where a solver's work happens: which cells propagation, presolve or probing, and search decide.

Every solver in the book reasons in three kinds of steps, from cheap to costly:

1. **propagation**: each constraint (or clause, or line) on its own removes the values it
   rules out, repeated until nothing changes; no guess is made;
2. **presolve / probing**: reasoning about the model as a whole before the search, above all
   *probing* (set a value, propagate, and keep what follows either way or refutes it);
3. **search**: guesses, propagated, undone when they fail.

For one puzzle, :class:`Stages` records the cells known after stage 1 and after stage 2 and
the solution, so a figure can colour each cell by the stage that decided it. The functions
in :data:`INSPECTORS` measure this for each model of the book; adding a model is one entry.
"""

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ortools.sat.python import cp_model

from helper.backends.cpsat import solve_model
from helper.backends.pysat import DEFAULT_BACKEND, SatSolver
from helper.deadline import Deadline, Run
from helper.nonogram.clues import Clue, Grid
from helper.nonogram.frames import Frame, StageNames, Stages
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.line.contract import UNKNOWN, Contradiction, State
from helper.nonogram.line.probe import probe
from helper.nonogram.line.reference import propagate, sweep_steps, unknown_cells, unknown_state
from helper.nonogram.line.search import search
from helper.nonogram.models.cnf_automaton import build_sat_model
from helper.nonogram.models.cnf_compact import compact_cnf
from helper.nonogram.models.cnf_placements import NonogramCnf
from helper.nonogram.models.cpsat_automaton import build_automaton_model
from helper.nonogram.models.cpsat_start import build_nonogram_model
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.solvers.cpsat import solve_cells
from helper.nonogram.solvers.pysat import solve_cnf

LINE_STAGE_NAMES: StageNames = ("line logic", "line probing", "search")
"""The steps of ``"line-search"``: line logic is its propagation, line probing its probing."""
CNF_STAGE_NAMES: StageNames = ("unit propagation", None, "search")
"""The steps of a SAT solver on a CNF as it is: unit propagation, then search (no presolve)."""

ModelBuilder = Callable[
    [Sequence[Clue], Sequence[Clue]], tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]
]


def require_early_stop(parameters: dict[str, bool | int]) -> None:
    """Refuse to read tightened domains from a complete solve.

    In OR-Tools 9.15 a *complete* solve of the start-position model with
    ``fill_tightened_domains_in_response`` aborts the Python process.

    Parameters
    ----------
    parameters
        The CP-SAT parameters of the solve.

    Raises
    ------
    ValueError
        Unless ``parameters`` set ``stop_after_presolve`` or ``stop_after_root_propagation``.
    """
    if not (parameters.get("stop_after_presolve") or parameters.get("stop_after_root_propagation")):
        raise ValueError("tightened domains are read only from a solve that stops early")


def tightened_cells(
    model: cp_model.CpModel, cells: list[list[cp_model.IntVar]], **parameters: bool | int
) -> State:
    """The cells CP-SAT has fixed when it stops early (``parameters`` say where).

    ``fill_tightened_domains_in_response`` copies every variable's bounds, as far as the solver
    has tightened them, into ``solver.response_proto.tightened_variables``, with the holes the
    domain had when the model was loaded but not the holes that propagation deduces; for a
    Boolean cell the bounds are the whole domain. A cell is fixed when its bounds meet.
    ``ValueError`` without a ``stop_after_...`` parameter (see :func:`require_early_stop`);
    ``RuntimeError`` when CP-SAT reports no domains (it proved the model infeasible).
    """
    require_early_stop(parameters)
    solver, _ = solve_model(
        model, parameters={"fill_tightened_domains_in_response": True, **parameters}
    )
    domains = _tightened_domains(solver)  # one per variable of the model
    state = []
    for row in cells:
        values = []
        for cell in row:
            low, *_, high = domains[cell.index].domain  # [low, high], or a union of intervals
            values.append(low if low == high else UNKNOWN)  # fixed when its bounds meet
        state.append(values)
    return state


def _tightened_domains(solver: cp_model.CpSolver) -> Any:
    """The response's tightened domains; ``RuntimeError`` when there are none (CP-SAT proved
    the model infeasible before it stopped)."""
    domains = solver.response_proto.tightened_variables
    if not domains:
        raise RuntimeError("CP-SAT returned no tightened domains")
    return domains


ROOT_PROPAGATION: dict[str, bool | int] = {
    "cp_model_presolve": False,
    "cp_model_probing_level": 0,
    "linearization_level": 0,
    "symmetry_level": 0,
    "stop_after_root_propagation": True,
}
"""CP-SAT's parameters for "propagation alone": no presolve, no probing, no linear relaxation,
no symmetry handling, and a stop once the constraints have propagated at the root."""


def cpsat_propagated(
    model: cp_model.CpModel, cells: list[list[cp_model.IntVar]], **changes: bool | int
) -> State:
    """The cells CP-SAT's propagation alone fixes at the root, before any decision.

    Presolve, probing and the linear relaxation are switched off, and the solver stops once
    every constraint has propagated to the fixpoint (``stop_after_root_propagation``); see
    :data:`ROOT_PROPAGATION`. ``changes`` overrides some of these parameters.

    Symmetry is switched off for the report's sake, not the propagation's. With CP-SAT's
    default ``symmetry_level=2`` the search looks for symmetric variables, and the tightened
    domains it then reports miss some cells that its root propagation had fixed (its log
    counts every Boolean as fixed, and assuming the other value of such a cell fails without
    a conflict); at levels 0 and 1 the report is complete. Symmetry adds nothing to what
    propagation fixes at the root, so switching it off leaves the fixpoint as it is.
    """
    return tightened_cells(model, cells, **{**ROOT_PROPAGATION, **changes})


def cpsat_presolved(model: cp_model.CpModel, cells: list[list[cp_model.IntVar]]) -> State:
    """The cells CP-SAT's presolve deduces (``stop_after_presolve``).

    ``keep_all_feasible_solutions_in_presolve`` switches off the dual reductions, which may
    drop solutions as long as one remains: a cell such a reduction settles is chosen, not
    deduced, and is set only in postsolve, so it would not show as fixed. With them off, every
    cell presolve fixes is fixed in every solution.
    """
    return tightened_cells(
        model, cells, stop_after_presolve=True, keep_all_feasible_solutions_in_presolve=True
    )


def cpsat_stages(
    name: str, build: ModelBuilder, puzzle: Nonogram, *, key: str | None = None
) -> Stages:
    """Propagation, presolve and a complete solve (1 worker, seed 0) of one CP-SAT model
    (``key``: the registry key of the solver that uses the model)."""
    model, cells = build(puzzle.rows, puzzle.cols)
    run = Run(Deadline(), name)
    solution = solve_cells(model, cells, run)
    if solution is None:
        raise Contradiction(f"{name}: the puzzle has no solution")
    known = (cpsat_propagated(model, cells), cpsat_presolved(model, cells))
    return Stages(name, known, solution, dict(run.stats), key)


def unit_propagation(clauses: Sequence[Sequence[int]]) -> set[int]:
    """The literals that unit propagation sets at the root, before any decision.

    A clause with every literal but one false forces that one, and so on until nothing
    changes. PySAT's ``Solver.propagate`` does it: at the root only the unit clauses force
    anything, so they are its assumptions and it returns what they imply. Raises
    :class:`Contradiction` when propagation falsifies a clause.
    """
    distinct = [set(clause) for clause in clauses]
    if not all(distinct):
        raise Contradiction("the empty clause is false")
    # A clause that repeats a literal is shorter than it looks: the solver would take [x, x]
    # as the unit [x] at the root, where propagate() does not report it.
    units = [next(iter(clause)) for clause in distinct if len(clause) == 1]
    wider = [sorted(clause) for clause in distinct if len(clause) > 1]
    with SatSolver(DEFAULT_BACKEND, wider) as solver:
        consistent, implied = solver.propagate(units)
    if not consistent:
        raise Contradiction("unit propagation makes a clause false")
    return set(implied)


def _cells_of(cells: Sequence[Sequence[int | None]], true: set[int]) -> State:
    """The grid of cell variables ``cells`` as the literals ``true`` decide it."""
    return [
        [UNKNOWN if v is None else 1 if v in true else 0 if -v in true else UNKNOWN for v in row]
        for row in cells
    ]


def cnf_probed(clauses: Sequence[Sequence[int]], cells: Sequence[Sequence[int | None]]) -> State:
    """Failed-literal probing on the cell variables of a CNF, the SAT twin of :func:`probe`.

    ``cells[r][c]`` is the variable of a cell (``None`` for a cell the CNF does not encode).
    Each open cell is assumed true and then false, and the SAT solver's unit propagation
    runs under the assumption (``Solver.propagate``). A failing assumption proves the other
    value; literals that follow from both are proved too. Repeats until a round learns
    nothing. :func:`cnf_stages` does not use it: it shows what probing *would* find.
    """
    true = unit_propagation(clauses)
    with SatSolver(DEFAULT_BACKEND, clauses) as solver:
        for literal in true:
            solver.add_clause([literal])
        learned = True
        while learned:
            learned = False
            for v in (v for row in cells for v in row if v is not None):
                if v in true or -v in true:
                    continue
                filled_ok, filled = solver.propagate([v])
                empty_ok, empty = solver.propagate([-v])
                if not (filled_ok or empty_ok):
                    raise Contradiction(f"cell variable {v} can be neither true nor false")
                if filled_ok and empty_ok:
                    proved = set(filled) & set(empty)
                else:
                    proved = set(filled if filled_ok else empty)
                proved -= true
                if proved:
                    learned = True
                    true |= proved
                    for literal in proved:
                        solver.add_clause([literal])
    return _cells_of(cells, true)


def cnf_stages(
    name: str, encode: Callable[..., NonogramCnf], puzzle: Nonogram, *, key: str | None = None
) -> Stages:
    """Unit propagation at the root, then a complete SAT solve of one CNF.

    The SAT solver gets the clauses as they are, with no presolve or probing of ours, so its
    second stage adds nothing: what unit propagation leaves open is found by search
    (:func:`cnf_probed` shows what probing *would* find).
    """
    encoding = encode(puzzle.rows, puzzle.cols)
    run = Run(Deadline(), name)
    solution = solve_cnf(encoding, run)
    if solution is None:
        raise Contradiction(f"{name}: the puzzle has no solution")
    propagated = _cells_of(encoding.cells, unit_propagation(encoding.cnf.clauses))
    stats = dict(run.stats)
    return Stages(name, (propagated, propagated), solution, stats, key, CNF_STAGE_NAMES)


def automaton_cnf_stages(puzzle: Nonogram, *, key: str = "automaton-cnf") -> Stages:
    """Unit propagation at the root, then a complete SAT solve, of the whole grid's automaton
    CNF (:mod:`helper.nonogram.models.cnf_automaton`), with no line logic first. That is not
    the registered solver ``"sat-automaton"`` (line logic, then the CNF of the open cells), so
    its key is its own and its label says what it is: "PySAT automaton CNF, whole grid"."""
    model = build_sat_model(puzzle.rows, puzzle.cols)
    if model.clauses is None:
        raise Contradiction("automaton CNF: the puzzle has no solution")
    propagated = _cells_of(model.cells, unit_propagation(model.clauses))
    run = Run(Deadline(), "automaton CNF")
    with SatSolver(DEFAULT_BACKEND, model.clauses, run=run) as solver:
        if not solver.solve():
            raise Contradiction("automaton CNF: the puzzle has no solution")
        solution = model.decode(solver.model())
    stats = dict(run.stats)
    known = (propagated, propagated)
    return Stages("PySAT automaton CNF, whole grid", known, solution, stats, key, CNF_STAGE_NAMES)


def _search_from(puzzle: Nonogram, state: State, run: Run) -> Grid:
    """Finish a propagated ``state`` by depth-first search (guesses counted in ``run``)."""
    grid = MaskGrid.from_state(puzzle.rows, puzzle.cols, state)
    grid.propagate(deadline=run.deadline)
    found = search(grid, run)
    if found is None:
        raise Contradiction("line logic: the search found no solution")
    return found.to_state()


def line_stages(puzzle: Nonogram, *, key: str = "line-search") -> Stages:
    """The steps of the ``"line-search"`` solver: line logic to the fixpoint, probing, then
    a depth-first search (here the bit-mask one, which counts its guesses)."""
    rows, cols = puzzle.rows, puzzle.cols
    logic = propagate(rows, cols, unknown_state(puzzle.height, puzzle.width))
    probed = probe(rows, cols, logic)
    run = Run(Deadline(), "line logic")
    run.count(guesses=0)
    solution = _search_from(puzzle, probed, run) if unknown_cells(probed) else probed
    stats = dict(run.stats)
    known = (logic, probed)
    return Stages("line logic and probing", known, solution, stats, key, LINE_STAGE_NAMES)


def _with_line(state: State, source: State, kind: str, index: int) -> State:
    """A copy of ``state`` with row or column ``index`` taken from ``source``."""
    if kind == "row":
        return [list(source[r]) if r == index else list(row) for r, row in enumerate(state)]
    return [
        [*row[:index], new[index], *row[index + 1 :]]
        for row, new in zip(state, source, strict=True)
    ]


def _decided(state: State) -> int:
    return sum(value != UNKNOWN for row in state for value in row)


def _of(state: State) -> str:
    """``"708 of 900"``: the cells ``state`` has decided, of all its cells."""
    return f"{_decided(state):,} of {sum(len(row) for row in state):,}"


def line_logic_frames(puzzle: Nonogram, *, per_line: bool = False) -> list[Frame]:
    """The steps of line logic on ``puzzle``, ending at the solution.

    One frame per sweep over the rows or the columns (:func:`~.line.sweep_steps`), or with
    ``per_line`` one frame per line that decided something, its title naming the line and its
    clue. The lines of one sweep share no
    cell, so a sweep's change to each line is exactly what solving that line decided. When
    line logic stalls, a frame for probing follows, and one for search if probing stalls too.
    """
    rows, cols = puzzle.rows, puzzle.cols
    frames: list[Frame] = []
    state = unknown_state(puzzle.height, puzzle.width)
    for number, (axis, after) in enumerate(sweep_steps(rows, cols), start=1):
        if per_line:
            kind = "row" if axis == "rows" else "column"
            for index in range(puzzle.height if kind == "row" else puzzle.width):
                solved = _with_line(state, after, kind, index)
                if solved != state:
                    state = solved
                    clue = (rows if kind == "row" else cols)[index]
                    clue_text = " ".join(map(str, clue)) or "0"
                    title = (
                        f"sweep {number}, {kind} {index} (clue {clue_text}): "
                        f"{_of(state)} cells decided"
                    )
                    frames.append(Frame(title, state, (kind, index)))
        else:
            title = f"sweep {number} ({axis}): {_of(after)} cells decided"
            frames.append(Frame(title, after))
        state = after
    if unknown_cells(state):
        state = probe(rows, cols, state)
        frames.append(Frame(f"line probing: {_of(state)} cells decided", state))
    if unknown_cells(state):
        state = _search_from(puzzle, state, Run(Deadline(), "line logic"))
        frames.append(Frame(f"search: {_of(state)} cells decided", state))
    return frames


INSPECTORS: list[partial[Stages]] = [
    partial(cpsat_stages, "CP-SAT start positions", build_nonogram_model, key="cpsat-start"),
    partial(cpsat_stages, "CP-SAT automaton", build_automaton_model, key="cpsat-automaton"),
    partial(cnf_stages, "PySAT compact CNF", compact_cnf, key="pysat-compact"),
    partial(automaton_cnf_stages, key="automaton-cnf"),
    partial(line_stages, key="line-search"),
]
"""Each solver whose work the book shows: a function from a puzzle to its :class:`Stages`
(which carry the solver's name, and its key: a registry key, whose display name figures use,
or ``"automaton-cnf"``, a model measured apart from its registered solver).
Adding a model is one entry in this list."""


def inspect_solvers(puzzle: Nonogram, keys: Sequence[str]) -> dict[str, Stages]:
    """The :class:`Stages` on ``puzzle`` of the solvers named by ``keys`` (registry keys of
    :data:`INSPECTORS`' entries), in that order; only those are run."""
    by_key = {inspector.keywords["key"]: inspector for inspector in INSPECTORS}
    unknown = [key for key in keys if key not in by_key]
    if unknown:
        raise ValueError(f"no inspector for {unknown}; there are {list(by_key)}")
    return {key: by_key[key](puzzle) for key in keys}
