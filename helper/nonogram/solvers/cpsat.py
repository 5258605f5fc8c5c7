"""The CP-SAT solvers: the start-position model and the automaton model, solved and counted.

Registered: ``"cpsat-start"`` (:func:`solve_nonogram`, the model of "Nonogram with CP-SAT"),
``"cpsat-automaton"`` (one worker and a fixed seed, like every solve the book prints),
``"cpsat-automaton-default"`` (CP-SAT's own defaults, the benchmark's plain baseline), and the
counter ``"cpsat-automaton"`` (enumeration on the automaton model).
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from helper.backends.cpsat import solve_model
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError

from ..clues import Grid
from ..models.cpsat_automaton import build_automaton_model
from ..models.cpsat_grid import forbid_picture
from ..models.cpsat_start import build_nonogram_model
from ..puzzle import Nonogram
from .registry import register, register_counter


def solve_cells(
    model: cp_model.CpModel,
    cells: list[list[cp_model.IntVar]],
    run: Run | None = None,
    **parameters: int | float | bool,
) -> Grid | None:
    """Solve ``model`` (fixed seed and workers) and read the cells; ``None`` if infeasible.

    Every CP-SAT Nonogram model uses this. The time limit is what is left of
    ``run.deadline`` (none by default); CP-SAT's branches and conflicts are added to
    ``run.stats``. ``parameters`` are set on the solver's ``SatParameters`` (e.g.
    ``cp_model_probing_level=0``).
    """
    run = run or Run(Deadline(), "cpsat")
    solver, status = solve_model(model, run, parameters)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise SolverTimeoutError(
            f"{run.method}: {solver.status_name(status)} after {run.deadline.seconds} s"
        )
    return [[solver.value(cell) for cell in row] for row in cells]


@register("cpsat-start")
def solve_nonogram(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve the puzzle with the start-position model; ``None`` when it has no solution."""
    model, cells = build_nonogram_model(puzzle.rows, puzzle.cols, deadline=run.deadline)
    return solve_cells(model, cells, run)


def find_other_solution(
    puzzle: Nonogram,
    grid: Sequence[Sequence[int]],
    *,
    time_limit: float | None = None,
) -> Grid | None:
    """A solution of the clues that differs from ``grid`` in at least one cell, or ``None``.

    ``None`` proves that ``grid`` is the puzzle's only solution (when ``grid`` solves it).
    The model is the start-position model plus one clause: some cell takes the other colour.
    """
    run = Run(Deadline(time_limit), "find_other_solution")
    model, cells = build_nonogram_model(puzzle.rows, puzzle.cols, deadline=run.deadline)
    forbid_picture(model, cells, grid)
    return solve_cells(model, cells, run)


@register("cpsat-automaton")
def solve_automaton(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve the puzzle with one automaton constraint per line."""
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols, deadline=run.deadline)
    return solve_cells(model, cells, run)


@dataclass(frozen=True)
class CpSatConfig:
    """Settings of a CP-SAT solve: fields of CP-SAT's ``SatParameters``."""

    parameters: Mapping[str, int | float | bool] = field(default_factory=dict)


CPSAT_DEFAULTS = {"num_workers": 0, "random_seed": 1}
"""CP-SAT's own default parameters, which ``make_solver`` overrides for reproducible pages: as
many workers as the machine has cores, and seed 1."""


@register("cpsat-automaton-default", config=CpSatConfig(CPSAT_DEFAULTS))
def solve_automaton_default(puzzle: Nonogram, run: Run, config: CpSatConfig) -> Grid | None:
    """The automaton model with CP-SAT's default parameters: the benchmark's plain baseline.

    With more than one worker its time and its choice among several solutions vary from run
    to run; the book's pages use ``"cpsat-automaton"`` (one worker, fixed seed) instead.
    """
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols, deadline=run.deadline)
    return solve_cells(model, cells, run, **config.parameters)


class _GridCollector(cp_model.CpSolverSolutionCallback):
    """Keep the distinct grids found, stopping the search after ``limit`` of them."""

    def __init__(self, cells: list[list[cp_model.IntVar]], limit: int | None) -> None:
        super().__init__()
        self._cells = cells
        self._limit = limit
        self.grids: dict[tuple[tuple[int, ...], ...], None] = {}  # in the order found

    def on_solution_callback(self) -> None:
        grid = tuple(tuple(self.value(cell) for cell in row) for row in self._cells)
        self.grids[grid] = None
        if self._limit is not None and len(self.grids) >= self._limit:
            self.stop_search()


@register_counter("cpsat-automaton")
def enumerate_with_cpsat(puzzle: Nonogram, run: Run, limit: int | None) -> Iterator[Grid]:
    """Up to ``limit`` different grids, enumerated by CP-SAT on the automaton model.

    One worker (CP-SAT's enumeration with several workers misses solutions, see
    :func:`helper.ortools.get_all_solutions`). The grids found are yielded even when the
    deadline passes before the search has either found ``limit`` grids or proved there are no
    more; then :class:`~helper.errors.SolverTimeoutError` follows them.
    """
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols, deadline=run.deadline)
    collector = _GridCollector(cells, limit)
    solver, status = solve_model(model, run, {"enumerate_all_solutions": True}, collector)
    yield from ([list(row) for row in grid] for grid in collector.grids)
    found = len(collector.grids)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)  # the search ran to its end
    if not complete and (limit is None or found < limit):
        raise SolverTimeoutError(
            f"counting stopped after {run.deadline.seconds} s with {found} solution(s) found "
            f"and not all ruled out ({solver.status_name(status)})"
        )
