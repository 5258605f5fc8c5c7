"""CP-SAT as a back end: a solver from parameters, run within a deadline, its counts, a stop.

Every CP-SAT solve of the package goes through :func:`solve_model`: the solver comes from
:func:`helper.ortools.make_solver` (a fixed seed and one worker unless the parameters say
otherwise, so printed results do not churn), its time limit is what is left of the run's
deadline, and its branches and conflicts are added to the run's statistics.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from ortools.sat.python import cp_model

from helper.deadline import Run
from helper.errors import SolverTimeoutError
from helper.ortools import make_solver

Parameters = Mapping[str, int | float | bool]

ANSWERED = (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
"""The statuses that decide a model without an objective: a solution, or a proof of none."""


def new_solver(run: Run | None = None, parameters: Parameters | None = None) -> cp_model.CpSolver:
    """A ``CpSolver`` whose time limit is what is left of ``run.deadline``.

    ``parameters`` override fields of ``SatParameters``; ``num_workers`` and ``random_seed``
    default to the book's (one worker, seed 0). An unknown name is a ``ValueError``.
    """
    options = dict(parameters or {})
    workers = int(options.pop("num_workers", 1))
    seed = int(options.pop("random_seed", 0))
    left = run.deadline.left() if run is not None else None
    return make_solver(left, workers=workers, seed=seed, **options)


def search_stats(solver: cp_model.CpSolver) -> dict[str, int]:
    """CP-SAT's counts of the search: branches and conflicts."""
    return {"branches": solver.num_branches, "conflicts": solver.num_conflicts}


def solve_model(
    model: cp_model.CpModel,
    run: Run | None = None,
    parameters: Parameters | None = None,
    callback: cp_model.CpSolverSolutionCallback | None = None,
) -> tuple[cp_model.CpSolver, Any]:
    """Solve ``model`` within ``run.deadline``; the solver and its status.

    The deadline is checked first (a model that took all the time to build is not handed
    over), and CP-SAT's branches and conflicts are added to ``run.stats``.
    """
    run = run or Run()
    run.deadline.check(run.method or "CP-SAT")
    solver = new_solver(run, parameters)
    status = solver.solve(model, callback)
    run.count(**search_stats(solver))
    return solver, status


def interrupt(solver: cp_model.CpSolver) -> None:
    """Stop a solve running in another thread as soon as CP-SAT can (``stop_search``)."""
    solver.stop_search()


def found_solution(solver: cp_model.CpSolver, status: Any, run: Run | None = None) -> bool:
    """The one reading of a CP-SAT status for a model without an objective.

    ``True``: a solution (``OPTIMAL`` or ``FEASIBLE``); ``False``: a proof that there is none
    (``INFEASIBLE``). ``UNKNOWN`` is the time limit: :class:`~helper.errors.SolverTimeoutError`,
    naming ``run.method`` and its deadline when a ``run`` is given. ``MODEL_INVALID`` is a bug
    in the model, never a time-out: ``ValueError`` with CP-SAT's own validation message.
    """
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return True
    if status == cp_model.INFEASIBLE:
        return False
    what = (run.method if run is not None else "") or "CP-SAT"
    if status == cp_model.MODEL_INVALID:
        raise ValueError(f"{what}: invalid model: {solver.solution_info()}")
    seconds = run.deadline.seconds if run is not None else None
    limit = "its time limit" if seconds is None else f"{seconds:g} s"
    raise SolverTimeoutError(f"{what}: {solver.status_name(status)}, no answer within {limit}")


class SolutionCollector(cp_model.CpSolverSolutionCallback):
    """Keep the distinct grids of ``cells`` found, in the order found, and stop the search
    after ``limit`` of them (``None``: no limit). The one collector of the package's counts."""

    def __init__(self, cells: Sequence[Sequence[cp_model.IntVar]], limit: int | None) -> None:
        super().__init__()
        self._cells = cells
        self._limit = limit
        self.grids: dict[tuple[tuple[int, ...], ...], None] = {}  # in the order found

    def on_solution_callback(self) -> None:
        grid = tuple(tuple(self.value(cell) for cell in row) for row in self._cells)
        self.grids[grid] = None
        if self._limit is not None and len(self.grids) >= self._limit:
            self.stop_search()

    def found(self) -> list[list[list[int]]]:
        """The grids found, as lists of lists."""
        return [[list(row) for row in grid] for grid in self.grids]


def enumerate_grids(
    model: cp_model.CpModel,
    cells: Sequence[Sequence[cp_model.IntVar]],
    run: Run,
    limit: int | None,
) -> tuple[list[list[list[int]]], bool]:
    """Up to ``limit`` different grids of ``cells`` (CP-SAT's enumeration, one worker), and
    whether the search ran to its end (or to the limit) before ``run.deadline``."""
    collector = SolutionCollector(cells, limit)
    solver, status = solve_model(model, run, {"enumerate_all_solutions": True}, collector)
    grids = collector.found()
    if status == cp_model.MODEL_INVALID:
        found_solution(solver, status, run)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or (
        limit is not None and len(grids) >= limit
    )
    return grids, complete
