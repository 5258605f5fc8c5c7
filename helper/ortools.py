"""Small conveniences around OR-Tools CP-SAT used throughout the book."""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.results import check_limit

Solution = dict[str, int]


class _Collector(cp_model.CpSolverSolutionCallback):
    """Record the values of some variables at each solution, stopping after ``limit``."""

    def __init__(self, variables: Sequence[cp_model.IntVar], limit: int | None) -> None:
        super().__init__()
        self._variables = variables
        self._limit = limit
        self.rows: set[tuple[int, ...]] = set()  # the distinct rows of values found so far

    def on_solution_callback(self) -> None:
        self.rows.add(tuple(self.value(v) for v in self._variables))
        if self._limit is not None and len(self.rows) >= self._limit:
            self.stop_search()


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

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    # One worker: with more, CP-SAT's enumeration is incomplete, not merely repeated. Two
    # workers return 8 of the 24 solutions of four all-different variables over 1..4 (OR-Tools
    # 9.15, every seed tried), and still report the search as complete (tests/test_ortools.py).
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    collector = _Collector(chosen, limit)
    status = solver.solve(model, collector)
    if status == cp_model.MODEL_INVALID:  # CP-SAT validates the model before it searches
        raise ValueError(f"invalid CP-SAT model: {solver.solution_info()}")

    rows = sorted(collector.rows)
    return [dict(zip(keys, row, strict=True)) for row in rows]


DEFAULT_SEED = 0
DEFAULT_WORKERS = 1


def make_solver(
    time_limit: float | None = None,
    *,
    workers: int = DEFAULT_WORKERS,
    seed: int = DEFAULT_SEED,
    **parameters: int | float | bool,
) -> cp_model.CpSolver:
    """A ``CpSolver`` with a fixed seed and worker count, so printed results do not churn.

    ``parameters`` are further fields of CP-SAT's ``SatParameters`` (for example
    ``cp_model_presolve=False``); a name CP-SAT does not know is a ``ValueError``.
    """
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = float(time_limit)
    for key, value in parameters.items():
        if not hasattr(solver.parameters, key):
            raise ValueError(f"CP-SAT has no parameter {key!r}")
        setattr(solver.parameters, key, value)
    return solver


def solver_stats(solver: cp_model.CpSolver) -> dict[str, float | int | str]:
    """The numbers the book reports after a solve: status, time, branches, conflicts."""
    # ``status_name()`` without an argument fails in OR-Tools 9.15; pass the status explicitly.
    return {
        "status": solver.status_name(solver.response_proto.status),
        "wall_time_s": solver.wall_time,
        "branches": solver.num_branches,
        "conflicts": solver.num_conflicts,
    }
