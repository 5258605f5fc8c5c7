"""Small conveniences around OR-Tools CP-SAT used throughout the book.

:func:`get_all_solutions` lists a model's solutions; :func:`make_solver` (from the one door,
:mod:`helper.backends.cpsat`) makes a ``CpSolver`` with the book's fixed seed and worker count;
:func:`solver_stats` reads the counts a page reports.
"""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.backends.cpsat import DEFAULT_SEED, DEFAULT_WORKERS, enumerate_values, make_solver
from helper.deadline import Run
from helper.results import check_limit

Solution = dict[str, int]


def _model_variables(model: cp_model.CpModel) -> list[cp_model.IntVar]:
    count = len(model.proto.variables)
    return [model.get_int_var_from_proto_index(i) for i in range(count)]


def _keys(variables: Sequence[cp_model.IntVar]) -> list[str]:
    keys = [v.name or f"_{v.index}" for v in variables]
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            raise ValueError(f"two variables share the name {key!r}; give them distinct names")
        seen.add(key)
    return keys


def get_all_solutions(
    model: cp_model.CpModel,
    variables: Sequence[cp_model.IntVar] | None = None,
    limit: int | None = None,
) -> list[Solution]:
    """Return every solution of ``model`` as a list of ``{variable name: value}`` dicts.

    ``variables`` chooses the variables to report (all of the model's by default); two
    solutions that agree on them are reported once. The list is sorted by the values in
    variable order, so the same call always gives the same list. With ``limit`` the search
    stops after that many solutions (a positive integer, or ``None`` for all). An infeasible
    model gives ``[]``; an invalid one a ``ValueError`` with CP-SAT's own validation message.
    CP-SAT runs with one worker: its enumeration with several workers misses solutions.
    """
    check_limit(limit)
    chosen = list(_model_variables(model) if variables is None else variables)
    keys = _keys(chosen)

    # One worker: with more, CP-SAT's enumeration is incomplete, not merely repeated. Two
    # workers return 8 (sometimes 9) of the 24 solutions of four all-different variables over
    # 1..4 (OR-Tools 9.15, every seed tried), and still report the search as complete
    # (tests/test_ortools.py).
    found, _ = enumerate_values(model, chosen, Run(), limit)  # an invalid model: ValueError
    return [dict(zip(keys, row, strict=True)) for row in sorted(found)]


def solver_stats(solver: cp_model.CpSolver) -> dict[str, float | int | str]:
    """The numbers the book reports after a solve: status, time, branches, conflicts."""
    # ``status_name()`` without an argument fails in OR-Tools 9.15; pass the status explicitly.
    return {
        "status": solver.status_name(solver.response_proto.status),
        "wall_time_s": solver.wall_time,
        "branches": solver.num_branches,
        "conflicts": solver.num_conflicts,
    }


__all__ = [
    "DEFAULT_SEED",
    "DEFAULT_WORKERS",
    "Solution",
    "get_all_solutions",
    "make_solver",
    "solver_stats",
]
