"""The PySAT solvers: the CNF encodings of the book, solved and counted by a SAT solver.

Registered: ``"pysat-cnf"`` (every placement, :mod:`..models.cnf_placements`),
``"pysat-compact"`` (:mod:`..models.cnf_compact`), and ``"sat-automaton"`` (line logic, then
the automaton CNF of the open cells, :mod:`..models.cnf_automaton`), which can also count.
"""

from collections.abc import Iterator
from dataclasses import dataclass

from helper.backends.pysat import DEFAULT_BACKEND, SatSolver, require_interruptible
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


def solve_cnf(encoding: NonogramCnf, run: Run | None = None) -> Grid | None:
    """Solve an encoded puzzle with the book's SAT back end
    (:data:`~helper.backends.pysat.DEFAULT_BACKEND`); ``None`` when it is unsatisfiable.

    ``run`` carries a deadline and collects the solver's counts (no limit by default).
    """
    with SatSolver(DEFAULT_BACKEND, encoding.cnf.clauses, run=run) as solver:
        if not solver.solve():
            return None
        return encoding.decode(solver.model())


@register("pysat-cnf")
def solve_placements(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve with the all-placements CNF; ``None`` when the puzzle has no solution."""
    return solve_cnf(placement_cnf(puzzle.rows, puzzle.cols, deadline=run.deadline), run)


@register("pysat-compact")
def solve_compact(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve with the compact block-start CNF; ``None`` when the puzzle has no solution."""
    return solve_cnf(compact_cnf(puzzle.rows, puzzle.cols, deadline=run.deadline), run)


def all_pictures(
    encoding: NonogramCnf, limit: int | None = None, run: Run | None = None
) -> list[Grid]:
    """Every picture of ``encoding`` (at most ``limit``), in the order found: solve, rule the
    picture out with its blocking clause, solve again, until the formula is unsatisfiable
    (:meth:`~helper.backends.pysat.SatSolver.models`, the package's one such loop).

    A fresh solver each call, because a solver that has enumerated keeps its blocking clauses.
    ``run`` carries a deadline (none by default) and collects the solver's counts.
    """
    with SatSolver(DEFAULT_BACKEND, encoding.cnf.clauses, run=run) as solver:
        return [encoding.decode(model) for model in solver.models(encoding.block, limit)]


def all_solutions(
    puzzle: Nonogram,
    limit: int | None = None,
    *,
    compact: bool = False,
    time_limit: float | None = None,
) -> list[Grid]:
    """Every picture that fits the clues (at most ``limit`` of them), in the order found.

    :func:`all_pictures` of the puzzle's all-placements CNF (or its compact CNF). ``time_limit``
    bounds the whole enumeration (:class:`~helper.errors.SolverTimeoutError`).
    """
    puzzle = as_nonogram(puzzle)
    check_limit(limit)
    run = Run(Deadline(time_limit), DEFAULT_BACKEND)
    encode = compact_cnf if compact else placement_cnf
    return all_pictures(encode(puzzle.rows, puzzle.cols, deadline=run.deadline), limit, run)


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

    backend: str = DEFAULT_BACKEND

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
    with SatSolver(config.backend, model.clauses, run=run) as solver:
        if not solver.solve():
            return None
        return model.decode(solver.model())


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
    with SatSolver(config.backend, model.clauses, run=run) as solver:
        for found in solver.models(model.block, limit):
            yield model.decode(found)
