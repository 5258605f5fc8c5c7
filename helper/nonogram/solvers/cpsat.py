"""The CP-SAT solvers: the start-position model and the automaton model, solved and counted.

Registered: ``"cpsat-start"`` (:func:`solve_nonogram`, the model of "Nonogram with CP-SAT"),
``"cpsat-automaton"`` (one worker and a fixed seed, like every solve the book prints),
``"cpsat-automaton-default"`` (CP-SAT's own defaults, the benchmark's plain baseline), and the
counter ``"cpsat-automaton"`` (enumeration on the automaton model).
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from helper.backends.cpsat import counted_grids, found_solution, solve_model
from helper.deadline import Deadline, Run

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
    if not found_solution(solver, status, run):
        return None
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


def default_workers(parameters: Mapping[str, int | float | bool]) -> dict[str, int | float | bool]:
    """``parameters`` with CP-SAT's "one worker per core" (``num_workers=0``) made explicit
    as the cores this process may use (:func:`~helper.backends.race.usable_cores`).

    CP-SAT counts the machine's cores, not the ones the process may run on: pinned to one
    core (``taskset -c 0``, the benchmark's ``--one-core``) it still starts a worker per core
    of the machine, and they share that one core. With the count made explicit, a pinned run
    measures what CP-SAT's defaults do on a machine with that many cores.
    """
    from helper.backends.race import usable_cores

    chosen = dict(parameters)
    if chosen.get("num_workers", 0) == 0:
        chosen["num_workers"] = usable_cores()
    return chosen


@register("cpsat-automaton-default", config=CpSatConfig(CPSAT_DEFAULTS))
def solve_automaton_default(puzzle: Nonogram, run: Run, config: CpSatConfig) -> Grid | None:
    """The automaton model with CP-SAT's default parameters: the benchmark's plain baseline.

    One worker per core this process may use (:func:`default_workers`: what CP-SAT's default
    starts on a machine with that many cores). With more than one worker its time and its
    choice among several solutions vary from run to run; the book's pages use
    ``"cpsat-automaton"`` (one worker, fixed seed) instead.
    """
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols, deadline=run.deadline)
    return solve_cells(model, cells, run, **default_workers(config.parameters))


@register_counter("cpsat-automaton")
def enumerate_with_cpsat(puzzle: Nonogram, run: Run, limit: int | None) -> Iterator[Grid]:
    """Up to ``limit`` different grids, enumerated by CP-SAT on the automaton model.

    One worker (CP-SAT's enumeration with several workers misses solutions, see
    :func:`helper.ortools.get_all_solutions`). The grids found are yielded even when the
    deadline passes before the search has either found ``limit`` grids or proved there are no
    more; then :class:`~helper.errors.SolverTimeoutError` follows them.
    """
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols, deadline=run.deadline)
    yield from counted_grids(model, cells, run, limit)
