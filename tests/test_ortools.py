"""get_all_solutions against brute force on small random models; make_solver and solver_stats."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from helper.ortools import get_all_solutions, make_solver, solver_stats

# A small random model: up to 3 integer variables in small ranges, a few linear constraints
# sum(a_i * x_i) <= / == / != b, which brute force can enumerate exactly.
bounds = st.tuples(st.integers(-2, 1), st.integers(0, 3)).map(lambda t: (t[0], t[0] + t[1]))
constraint = st.tuples(
    st.lists(st.integers(-2, 2), min_size=3, max_size=3),
    st.sampled_from(["<=", "==", "!="]),
    st.integers(-4, 4),
)


def holds(coefs, op, rhs, values) -> bool:
    total = sum(a * v for a, v in zip(coefs, values, strict=False))
    return {"<=": total <= rhs, "==": total == rhs, "!=": total != rhs}[op]


def build(domains, constraints):
    model = cp_model.CpModel()
    xs = [model.new_int_var(lo, hi, f"x{i}") for i, (lo, hi) in enumerate(domains)]
    for coefs, op, rhs in constraints:
        expr = sum(a * x for a, x in zip(coefs, xs, strict=False))
        if op == "<=":
            model.add(expr <= rhs)
        elif op == "==":
            model.add(expr == rhs)
        else:
            model.add(expr != rhs)
    return model, xs


@settings(max_examples=60, deadline=None)
@given(st.lists(bounds, min_size=1, max_size=3), st.lists(constraint, max_size=3))
def test_matches_brute_force(domains, constraints):
    model, xs = build(domains, constraints)
    expected = [
        values
        for values in itertools.product(*(range(lo, hi + 1) for lo, hi in domains))
        if all(holds(c, op, rhs, values) for c, op, rhs in constraints)
    ]
    got = get_all_solutions(model)
    assert [tuple(s[x.name] for x in xs) for s in got] == sorted(expected)
    assert get_all_solutions(model) == got  # the same call gives the same list


@settings(max_examples=30, deadline=None)
@given(st.lists(bounds, min_size=2, max_size=3), st.integers(1, 5))
def test_limit_and_projection(domains, limit):
    model, xs = build(domains, [])
    everything = get_all_solutions(model)
    limited = get_all_solutions(model, limit=limit)
    assert len(limited) == min(limit, len(everything))
    assert all(s in everything for s in limited)
    first_only = get_all_solutions(model, variables=[xs[0]])
    lo, hi = domains[0]
    assert first_only == [{"x0": v} for v in range(lo, hi + 1)]


def test_a_limited_search_gives_the_same_solutions_every_time():
    """One worker: the same call gives the same list, and never more than ``limit`` solutions.
    (With two workers, about one call in fifteen on this model reports a second solution before
    the search stops; two hundred calls catch that.)"""
    model, _ = build([(0, 2), (0, 2), (-2, 1)], [])
    first = get_all_solutions(model, limit=1)
    assert len(first) == 1
    for _ in range(200):
        assert get_all_solutions(model, limit=1) == first


def test_infeasible_model_gives_empty_list():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 3, "x")
    model.add(x > 5)
    assert get_all_solutions(model) == []


def test_invalid_model_reports_cp_sat_message():
    model = cp_model.CpModel()
    model.new_int_var(0, 3, "x")
    model.proto.constraints.add().linear.vars.append(7)  # refers to a variable that does not exist
    with pytest.raises(ValueError, match=r"^invalid CP-SAT model: .*variable 7"):
        get_all_solutions(model)


def test_bad_limit_and_duplicate_names():
    model = cp_model.CpModel()
    model.new_int_var(0, 1, "x")
    model.new_int_var(0, 1, "x")
    with pytest.raises(ValueError, match="limit must be a positive integer"):
        get_all_solutions(model, limit=0)
    with pytest.raises(ValueError, match="share the name 'x'"):
        get_all_solutions(model)


def test_projection_reports_each_distinct_row_once():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 2, "x")
    model.new_int_var(0, 3, "y")  # four solutions for each x
    assert get_all_solutions(model, [x]) == [{"x": 0}, {"x": 1}, {"x": 2}]
    assert get_all_solutions(model, [x], limit=2) in (
        [{"x": 0}, {"x": 1}],
        [{"x": 0}, {"x": 2}],
        [{"x": 1}, {"x": 2}],
    )


def test_unnamed_variables_get_their_index_as_name():
    model = cp_model.CpModel()
    model.new_int_var(0, 1, "")
    model.new_int_var(5, 5, "y")
    assert get_all_solutions(model) == [{"_0": 0, "y": 5}, {"_0": 1, "y": 5}]


def test_make_solver_fixes_seed_and_workers_and_sets_the_time_limit():
    default = make_solver()
    assert default.parameters.num_workers == 1
    assert default.parameters.random_seed == 0
    assert (
        default.parameters.max_time_in_seconds == cp_model.CpSolver().parameters.max_time_in_seconds
    )
    chosen = make_solver(3, workers=4, seed=7)
    assert chosen.parameters.num_workers == 4
    assert chosen.parameters.random_seed == 7
    assert chosen.parameters.max_time_in_seconds == 3.0
    assert make_solver(0.25).parameters.max_time_in_seconds == 0.25


def test_solver_stats_reports_status_time_branches_and_conflicts():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 10, "x")
    model.add(x >= 3)
    solver = make_solver()
    assert solver.solve(model) == cp_model.OPTIMAL
    stats = solver_stats(solver)
    assert list(stats) == ["status", "wall_time_s", "branches", "conflicts"]
    assert stats["status"] == "OPTIMAL"
    assert stats["wall_time_s"] == solver.wall_time >= 0
    assert stats["branches"] == solver.num_branches
    assert stats["conflicts"] == solver.num_conflicts
    model.add(x >= 11)
    solver.solve(model)
    assert solver_stats(solver)["status"] == "INFEASIBLE"


def _all_different_model():
    model = cp_model.CpModel()
    variables = [model.new_int_var(1, 4, f"x{i}") for i in range(4)]
    model.add_all_different(variables)
    return model, variables


class _Rows(cp_model.CpSolverSolutionCallback):
    def __init__(self, variables):
        super().__init__()
        self.variables, self.rows = variables, set()

    def on_solution_callback(self):
        self.rows.add(tuple(self.value(v) for v in self.variables))


def test_enumeration_needs_one_worker():
    """Why get_all_solutions sets num_workers = 1: with one worker CP-SAT's enumeration of the
    24 permutations of 1..4 returns exactly the brute-force list; with two workers it returns
    fewer of them (8 or 9 in 60 runs here), and its status is OPTIMAL or, now and then,
    FEASIBLE. The threads race, so the two-worker claim is checked over four seeds: every run
    returns true solutions only, and at least one run misses some."""
    brute_force = set(itertools.permutations(range(1, 5)))
    model, variables = _all_different_model()
    found = {tuple(s.values()) for s in get_all_solutions(model, variables)}
    assert found == brute_force and len(found) == 24
    two_worker_counts = []
    for seed in range(4):
        for workers in (1, 2):
            model, variables = _all_different_model()
            solver = cp_model.CpSolver()
            solver.parameters.enumerate_all_solutions = True
            solver.parameters.num_workers = workers
            solver.parameters.random_seed = seed
            rows = _Rows(variables)
            status = solver.solve(model, rows)
            if status == cp_model.MODEL_INVALID and workers > 1:
                continue  # OR-Tools 9.9 refuses to enumerate with several workers at all
            assert rows.rows <= brute_force
            if workers == 1:
                assert status == cp_model.OPTIMAL
                assert rows.rows == brute_force
            else:
                assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
                two_worker_counts.append(len(rows.rows))
    assert not two_worker_counts or min(two_worker_counts) < len(brute_force)


def test_make_solver_sets_parameters_and_refuses_unknown_ones():
    solver = make_solver(2.5, workers=3, seed=7, cp_model_presolve=False, max_presolve_iterations=7)
    assert solver.parameters.max_time_in_seconds == 2.5
    assert (solver.parameters.num_workers, solver.parameters.random_seed) == (3, 7)
    assert solver.parameters.cp_model_presolve is False
    assert solver.parameters.max_presolve_iterations == 7
    with pytest.raises(ValueError, match="CP-SAT has no parameter 'no_such_option'"):
        make_solver(no_such_option=1)


def test_the_deprecated_enumeration_still_runs_and_warns():
    """What Appendix B's tip says of the blog's CamelCase call, on the installed OR-Tools."""
    import warnings

    import ortools
    from ortools.sat.python import cp_model as deprecated_api

    assert ortools.__version__.startswith("9.15.")  # the version the tip names

    class Found(deprecated_api.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1

    found = Found()
    deprecated_api.enable_warnings = True  # OR-Tools warns only when asked to
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            tiny = deprecated_api.CpModel()
            tiny.new_bool_var("x")
            deprecated_api.CpSolver().SearchForAllSolutions(tiny, found)
    finally:
        deprecated_api.enable_warnings = False
    assert found.count == 2  # it still runs: both values of x
    assert any(
        issubclass(w.category, DeprecationWarning)
        and "SearchForAllSolutions is a deprecated" in str(w.message)
        for w in caught
    )
