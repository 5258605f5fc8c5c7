"""The PySAT solvers: the CNF encodings of the book, solved and counted by a SAT solver.

Registered: ``"pysat-cnf"`` (every placement, :mod:`..models.cnf_placements`),
``"pysat-compact"`` (:mod:`..models.cnf_compact`), and ``"sat-automaton"`` (line logic, then
the automaton CNF of the open cells, :mod:`..models.cnf_automaton`), which can also count.
"""

from collections.abc import Iterator
from dataclasses import dataclass

from pysat.solvers import Solver

from helper.backends.pysat import (
    DEFAULT_BACKEND,
    load_solver,
    require_interruptible,
    solve_within,
)
from helper.deadline import NO_DEADLINE, Deadline, Run
from helper.results import check_limit

from ..clues import Grid
from ..line.bits import MaskGrid
from ..line.contract import Contradiction
from ..models.cnf_automaton import LineClauses, SatModel, build_sat_model
from ..models.cnf_compact import compact_cnf
from ..models.cnf_placements import NonogramCnf, placement_cnf
from ..puzzle import Nonogram
from .registry import as_nonogram, register, register_counter

SAT_SOLVER = "glucose4"
"""The PySAT back end of the CNF chapter's solves (Glucose 4.1: it supports ``interrupt``)."""

SAT_BACKEND = DEFAULT_BACKEND
"""The PySAT back end of ``"sat-automaton"``: Glucose 3, whose search can be interrupted at a
deadline from another thread (CaDiCaL's cannot, see :mod:`.portfolio`)."""


def solve_cnf(encoding: NonogramCnf, run: Run | None = None) -> Grid | None:
    """Solve an encoded puzzle with :data:`SAT_SOLVER`; ``None`` when it is unsatisfiable.

    ``run`` carries a deadline and collects the solver's counts (no limit by default).
    """
    run = run or Run(Deadline(), SAT_SOLVER)
    with Solver(name=SAT_SOLVER, bootstrap_with=encoding.cnf.clauses) as solver:
        if not solve_within(solver, run):
            return None
        return encoding.decode(solver.get_model())


@register("pysat-cnf")
def solve_placements(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve with the all-placements CNF; ``None`` when the puzzle has no solution."""
    return solve_cnf(placement_cnf(puzzle.rows, puzzle.cols, deadline=run.deadline), run)


@register("pysat-compact")
def solve_compact(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve with the compact block-start CNF; ``None`` when the puzzle has no solution."""
    return solve_cnf(compact_cnf(puzzle.rows, puzzle.cols, deadline=run.deadline), run)


def all_solutions(
    puzzle: Nonogram,
    limit: int | None = None,
    *,
    compact: bool = False,
    time_limit: float | None = None,
) -> list[Grid]:
    """Every picture that fits the clues (at most ``limit`` of them), in the order found.

    After each picture a blocking clause over the cell variables rules it out and the solver
    is asked again. The solver is created here and thrown away at the end, because a solver
    that has enumerated keeps its blocking clauses. ``time_limit`` bounds the whole
    enumeration (:class:`SolverTimeoutError`).
    """
    puzzle = as_nonogram(puzzle)
    check_limit(limit)
    run = Run(Deadline(time_limit), SAT_SOLVER)
    encode = compact_cnf if compact else placement_cnf
    encoding = encode(puzzle.rows, puzzle.cols, deadline=run.deadline)
    found: list[Grid] = []
    with Solver(name=SAT_SOLVER, bootstrap_with=encoding.cnf.clauses) as solver:
        while (limit is None or len(found) < limit) and solve_within(solver, run):
            grid = encoding.decode(solver.get_model())
            found.append(grid)
            solver.add_clause(encoding.blocking_clause(grid))
    return found


def line_logic_then_cnf(
    puzzle: Nonogram,
    deadline: Deadline = NO_DEADLINE,
    *,
    line_clauses: LineClauses | None = None,
) -> SatModel | None:
    """Bit-mask line logic to its fixpoint, then the CNF of what it left open (each line
    encoded by ``line_clauses``, the full automaton by default).

    ``None`` when line logic finds a contradiction (no solution); a model with no open cell
    (``clauses == []``) when line logic solved the puzzle on its own.
    """
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    try:
        grid.propagate(deadline=deadline)
    except Contradiction:
        return None
    known = grid.to_state()
    return build_sat_model(
        puzzle.rows, puzzle.cols, known, deadline=deadline, line_clauses=line_clauses
    )


@dataclass(frozen=True)
class SatConfig:
    """Settings of ``"sat-automaton"``: the PySAT back end, checked when the settings are made
    (a PySAT name, and one that can be interrupted, so that a time limit holds)."""

    backend: str = SAT_BACKEND

    def __post_init__(self) -> None:
        chosen = require_interruptible(self.backend, "a solve with a time limit")
        object.__setattr__(self, "backend", chosen)


@register("sat-automaton", config=SatConfig())
def solve_sat_automaton(puzzle: Nonogram, run: Run, config: SatConfig) -> Grid | None:
    """Line logic, then the automaton CNF of the open cells, solved by ``config.backend``."""
    model = line_logic_then_cnf(puzzle, run.deadline)
    if model is None or model.clauses is None:
        return None
    if not model.clauses:
        return model.known
    with load_solver(config.backend, model.clauses) as solver:
        if not solve_within(solver, run):
            return None
        return model.decode(solver.get_model())


@register_counter("sat-automaton", config=SatConfig())
def count_with_sat(
    puzzle: Nonogram, run: Run, limit: int | None, config: SatConfig
) -> Iterator[Grid]:
    """Up to ``limit`` solutions, yielded as found: each one is ruled out by a blocking
    clause over the open cells (the cells line logic decided are the same in every one)."""
    model = line_logic_then_cnf(puzzle, run.deadline)
    if model is None or model.clauses is None:
        return
    if not model.clauses:
        yield model.known
        return
    found = 0
    with load_solver(config.backend, model.clauses) as solver:
        while (limit is None or found < limit) and solve_within(solver, run):
            grid = model.decode(solver.get_model())
            found += 1
            yield grid
            solver.add_clause(model.blocking_clause(grid))
