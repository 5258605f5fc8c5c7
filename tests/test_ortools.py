"""get_all_solutions against brute force on small random models."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from helper.ortools import get_all_solutions

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


def test_infeasible_model_gives_empty_list():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 3, "x")
    model.add(x > 5)
    assert get_all_solutions(model) == []


def test_invalid_model_reports_cp_sat_message():
    model = cp_model.CpModel()
    model.new_int_var(0, 3, "x")
    model.proto.constraints.add().linear.vars.append(7)  # refers to a variable that does not exist
    with pytest.raises(ValueError, match=r"invalid CP-SAT model: .+"):
        get_all_solutions(model)


def test_bad_limit_and_duplicate_names():
    model = cp_model.CpModel()
    model.new_int_var(0, 1, "x")
    model.new_int_var(0, 1, "x")
    with pytest.raises(ValueError, match="limit must be a positive integer"):
        get_all_solutions(model, limit=0)
    with pytest.raises(ValueError, match="share the name 'x'"):
        get_all_solutions(model)
