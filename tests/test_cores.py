"""Deletion-based MUS extraction, on a made-up oracle whose every infeasible set is known."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from helper.cores import cpsat_check, deletion_mus
from helper.errors import SolverTimeoutError


def oracle(bad_sets, calls=None):
    """A check whose infeasible subsets are those containing one of ``bad_sets``; the core it
    names is the whole subset asked about (the weakest a solver may answer)."""

    def check(members):
        if calls is not None:
            calls.append(list(members))
        members = list(members)
        if any(bad <= set(members) for bad in bad_sets):
            return "infeasible", members
        return "feasible", []

    return check


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(1, 7),
    bad=st.lists(st.sets(st.integers(0, 6), min_size=1, max_size=4), min_size=1, max_size=4),
    order_seed=st.permutations(range(7)),
)
def test_the_result_is_a_minimal_infeasible_set(count, bad, order_seed):
    bad_sets = [frozenset(s) for s in bad if max(s) < count]
    order = [k for k in order_seed if k < count]
    core = deletion_mus(oracle(bad_sets), count, order)
    if not bad_sets:
        assert core is None
        return
    members = frozenset(core.members)
    assert core.minimal
    # infeasible, and minimal: it is exactly one of the minimal bad sets
    assert any(b <= members for b in bad_sets)
    for k in members:
        assert not any(b <= members - {k} for b in bad_sets)


def test_a_check_that_never_answers_is_a_timeout():
    with pytest.raises(SolverTimeoutError, match="no answer"):
        deletion_mus(lambda members: ("unknown", []), 3)


def test_time_running_out_during_the_reduction_keeps_the_core():
    answers = iter([("infeasible", [0, 1, 2]), ("unknown", [])])
    core = deletion_mus(lambda members: next(answers), 3)
    assert core is not None
    assert (core.members, core.minimal, core.first, core.solves) == ((0, 1, 2), False, 3, 2)


def test_a_smaller_core_replaces_the_current_one():
    calls = []
    check = oracle([frozenset({2})], calls)
    core = deletion_mus(check, 4)
    assert core.members == (2,)
    assert len(calls) <= 1 + 4


def test_cpsat_assumptions_name_the_clashing_constraints():
    """x == 1, x == 2 and y == 3 switched: only the first two clash."""
    model = cp_model.CpModel()
    x = model.new_int_var(0, 5, "x")
    y = model.new_int_var(0, 5, "y")
    switches = [model.new_bool_var(f"s{k}") for k in range(3)]
    model.add(x == 1).only_enforce_if(switches[0])
    model.add(y == 3).only_enforce_if(switches[1])
    model.add(x == 2).only_enforce_if(switches[2])
    core = deletion_mus(cpsat_check(model, switches), 3)
    assert core.members == (0, 2) and core.minimal
    assert not model.proto.assumptions  # the model is left as it was found
    for k in itertools.combinations(range(3), 2):
        answer, _ = cpsat_check(model, switches)(k)
        assert answer == ("infeasible" if k == (0, 2) else "feasible")
