"""Deletion-based MUS extraction and minimum correction sets, on made-up problems whose every
infeasible set is known (brute force)."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from helper.backends.pysat import SatSolver
from helper.cores import (
    cpsat_check,
    cpsat_minimum_correction,
    deletion_mus,
    minimum_correction,
    other_corrections,
    sat_check,
)
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


# -- minimum correction sets -------------------------------------------------------------------


def switched_formula(bad_sets, count):
    """Clauses over switches 1..count in which exactly the sets containing one of ``bad_sets``
    cannot all be on: one clause "not all of this set" per bad set."""
    switches = list(range(1, count + 1))
    return [[-switches[k] for k in sorted(bad)] for bad in bad_sets], switches


def brute_corrections(bad_sets, count):
    """Every smallest set of positions whose removal leaves no bad set whole."""
    for size in range(count + 1):
        found = [
            set(c)
            for c in itertools.combinations(range(count), size)
            if all(bad & set(c) for bad in bad_sets)
        ]
        if found:
            return found
    return []


bad_families = st.integers(1, 7).flatmap(
    lambda count: st.tuples(
        st.just(count),
        st.lists(
            st.sets(st.integers(0, count - 1), min_size=1, max_size=3), min_size=1, max_size=5
        ),
    )
)


@settings(max_examples=100, deadline=None)
@given(bad_families)
def test_maxsat_and_cpsat_find_a_smallest_correction_set(family):
    count, bad = family
    clauses, switches = switched_formula(bad, count)
    expected = brute_corrections([frozenset(b) for b in bad], count)
    found = set(minimum_correction(clauses, switches))
    assert found in expected
    model = cp_model.CpModel()
    on = [model.new_bool_var(f"s{k}") for k in range(count)]
    for b in bad:
        model.add_bool_or([~on[k] for k in b])
    assert set(cpsat_minimum_correction(model, on)) in expected
    assert not model.has_objective()  # the objective is removed again


@settings(max_examples=100, deadline=None)
@given(bad_families)
def test_every_other_correction_set_of_the_same_size(family):
    count, bad = family
    clauses, switches = switched_formula(bad, count)
    expected = brute_corrections([frozenset(b) for b in bad], count)
    first = minimum_correction(clauses, switches)
    with SatSolver("g3", clauses) as solver:
        found = other_corrections(solver, switches, first, limit=100)
        assert found.complete
        assert sorted(map(set, found.sets), key=sorted) == sorted(expected, key=sorted)
        assert solver.solve(assumptions=switches) == (not bad)  # the guard is retired
        # duality: every minimal conflicting set meets every correction set
        mus = deletion_mus(sat_check(solver, switches), count)
        if mus is not None:
            assert all(set(mus.members) & set(c) for c in found.sets)


def test_candidates_and_limit_cut_the_search():
    clauses, switches = switched_formula([{0, 1}, {0, 2}, {0, 3}], 4)
    with SatSolver("g3", clauses) as solver:
        assert other_corrections(solver, switches, [0], candidates=[0, 1]).sets == ((0,),)
        found = other_corrections(solver, switches, [1, 2, 3], limit=1)
        assert found.sets == ((1, 2, 3),) and not found.complete


def test_no_time_left_for_a_correction_set():
    from helper.nonogram import load_puzzle
    from helper.nonogram.conflicts import mistype_clue, switched_cnf

    broken, _ = mistype_clue(load_puzzle("nonogram02"), seed=2)
    clauses, switches = switched_cnf(broken.rows, broken.cols)
    with pytest.raises(SolverTimeoutError, match="correction"):
        minimum_correction(clauses, switches, time_limit=1e-6)


def test_a_lost_interrupt_is_still_a_timeout(monkeypatch):
    """RC2 resets its interrupt flag as it starts, so a timer that fires in that instant is
    lost and the stopped search answers None: past the deadline that is a time-out, never
    "the clauses cannot hold"."""
    import time

    from pysat.examples.rc2 import RC2

    def stopped_without_flag(self, expect_interrupt=False):
        time.sleep(0.05)  # the timer fires meanwhile ...
        self.interrupted = False  # ... and RC2 resets the flag as it starts its search
        return None

    monkeypatch.setattr(RC2, "compute", stopped_without_flag)
    with pytest.raises(SolverTimeoutError, match="correction"):
        minimum_correction([[1, 2]], [1, 2], time_limit=0.01)
    with pytest.raises(ValueError, match="cannot hold"):
        minimum_correction([[1, 2]], [1, 2])  # no deadline: None means no solution
