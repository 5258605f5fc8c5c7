"""CP-SAT as a back end: a solver from parameters, run within a deadline, its counts, a stop.

Every CP-SAT solve of the package goes through :func:`solve_model`: the solver comes from
:func:`helper.ortools.make_solver` (a fixed seed and one worker unless the parameters say
otherwise, so printed results do not churn), its time limit is what is left of the run's
deadline, and its branches and conflicts are added to the run's statistics.
"""

from collections.abc import Mapping
from typing import Any

from ortools.sat.python import cp_model

from helper.deadline import Run
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
