"""Deletion-based MUS extraction and minimum correction sets, on made-up problems whose every
infeasible set is known (brute force)."""

import itertools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from helper.backends.pysat import SatSolver
from helper.cores import (
    Corrections,
    cpsat_check,
    cpsat_minimum_correction,
    deletion_mus,
    maxsat_correction,
    minimum_correction,
    other_corrections,
    sat_check,
)
from helper.deadline import Deadline, Run
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


# -- the order of deletion, and what a check says ---------------------------------------------


def deleted_in_order(bad_sets, count, order):
    """The reference: start from every switch and, in ``order``, drop each one whose removal
    leaves a bad set whole."""
    kept = set(range(count))
    for k in order:
        if any(bad <= kept - {k} for bad in bad_sets):
            kept.discard(k)
    return kept


@settings(max_examples=150, deadline=None)
@given(
    bad=st.lists(st.sets(st.integers(0, 5), min_size=1, max_size=3), min_size=1, max_size=4),
    order=st.permutations(range(6)),
    shuffle=st.randoms(use_true_random=False),
)
def test_the_order_decides_which_minimal_set_comes_out(bad, order, shuffle):
    """Whatever order the check names a core in, members are tried for removal in ``order``:
    the result is the reference's, found with one solve per member tried."""
    bad_sets = [frozenset(s) for s in bad]
    calls = []

    def check(members):
        calls.append(list(members))
        members = list(members)
        if any(b <= set(members) for b in bad_sets):
            shuffle.shuffle(members)  # a core in no particular order
            return "infeasible", members
        return "feasible", []

    core = deletion_mus(check, 6, order)
    assert calls[0] == list(order)  # the first solve assumes every switch, in this order
    assert set(core.members) == deleted_in_order(bad_sets, 6, order)
    assert list(core.members) == sorted(core.members, key=list(order).index)
    assert (core.minimal, core.first, core.solves) == (True, 6, len(calls))


def test_without_an_order_the_lower_positions_go_first():
    core = deletion_mus(oracle([frozenset({0}), frozenset({1})]), 2)
    assert core.members == (1,)
    assert deletion_mus(oracle([frozenset({0}), frozenset({1})]), 2, [1, 0]).members == (0,)


def test_a_check_that_never_answers_says_so():
    with pytest.raises(SolverTimeoutError) as error:
        deletion_mus(lambda members: ("unknown", []), 3)
    assert str(error.value) == "no answer within the time limit"


def clashing_model():
    """x == 1, y == 3 and x == 2, each switched: only the first and the last clash."""
    model = cp_model.CpModel()
    x = model.new_int_var(0, 5, "x")
    y = model.new_int_var(0, 5, "y")
    switches = [model.new_bool_var(f"s{k}") for k in range(3)]
    model.add(x == 1).only_enforce_if(switches[0])
    model.add(y == 3).only_enforce_if(switches[1])
    model.add(x == 2).only_enforce_if(switches[2])
    return model, switches


def test_a_cpsat_check_names_the_core_among_the_members_asked():
    model, switches = clashing_model()
    check = cpsat_check(model, switches, time_limit=60)
    assert check([0, 1, 2]) == ("infeasible", [0, 2])
    assert check([2, 1, 0]) == ("infeasible", [2, 0])  # in the order asked
    assert check([0, 1]) == ("feasible", []) and check([]) == ("feasible", [])
    model.add_bool_or([])  # now nothing holds, whatever is switched on: every member is blamed
    assert check([1, 2]) == ("infeasible", [1, 2])
    assert not model.proto.assumptions


def test_a_cpsat_check_after_its_time_limit_is_unknown():
    model, switches = clashing_model()
    check = cpsat_check(model, switches, time_limit=0.001)
    later = Deadline(0.01)
    while not later.passed():  # past the check's time limit by now
        pass
    assert check([0, 2]) == ("unknown", [])
    assert not model.proto.assumptions


def test_a_cpsat_check_whose_time_runs_out_as_it_sets_up_the_solve_is_unknown():
    """The time limit passes after the check's own look at the clock, before the solve starts
    (solve_model's look): no answer, and no assumptions left on the model."""
    model, switches = clashing_model()
    check = cpsat_check(model, switches, time_limit=0.2)
    later = Deadline(0.2)  # ends after the check's time limit
    add = model.add_assumptions

    def slow_add(literals):
        add(literals)
        while not later.passed():  # a busy machine, between the two looks at the clock
            time.sleep(0.01)

    model.add_assumptions = slow_add
    assert check([0, 2]) == ("unknown", [])
    assert not model.proto.assumptions


def pigeonhole_model(holes):
    """``holes + 1`` pigeons in ``holes`` holes, as switched clauses: far beyond CP-SAT in a
    second (one switch turns every clause on)."""
    from pysat.examples.genhard import PHP

    clauses = PHP(holes).clauses
    model = cp_model.CpModel()
    top = max(abs(literal) for clause in clauses for literal in clause)
    x = [None] + [model.new_bool_var(f"x{v}") for v in range(1, top + 1)]
    switch = model.new_bool_var("s")
    for clause in clauses:
        model.add_bool_or([x[v] if v > 0 else ~x[-v] for v in clause]).only_enforce_if(switch)
    return model, [switch]


def test_a_cpsat_check_cut_by_its_time_limit_is_unknown_not_a_proof():
    model, switches = pigeonhole_model(10)
    assert cpsat_check(model, switches, time_limit=0.2)([0]) == ("unknown", [])
    assert not model.proto.assumptions


def test_an_invalid_model_is_a_value_error_of_the_check_never_an_answer():
    model, switches = clashing_model()
    model.proto.variables[0].domain[0] = 5  # the domain 5..1 is empty: a broken model
    model.proto.variables[0].domain[1] = 1
    with pytest.raises(ValueError, match=r"^cpsat_check: invalid CP-SAT model"):
        cpsat_check(model, switches)([0])
    with pytest.raises(ValueError, match=r"^cpsat_minimum_correction: invalid CP-SAT model"):
        cpsat_minimum_correction(model, switches)
    assert not model.proto.assumptions and not model.has_objective()


@pytest.mark.parametrize("seed", range(8))
def test_a_sat_check_answers_like_brute_force(seed):
    import random

    rng = random.Random(seed)
    count = rng.randint(2, 5)
    bad_sets = [frozenset(rng.sample(range(count), rng.randint(1, count))) for _ in range(2)]
    clauses, switches = switched_formula(bad_sets, count)
    clauses.append([count + 1, count + 2])  # some other variable, never assumed
    with SatSolver("g3", clauses) as solver:
        check = sat_check(solver, switches)
        for size in range(count + 1):
            for members in itertools.permutations(range(count), size):
                answer, core = check(members)
                if any(b <= set(members) for b in bad_sets):
                    assert answer == "infeasible"
                    assert any(b <= set(core) for b in bad_sets)  # the core is infeasible
                    assert core == [k for k in members if k in core]  # in the order asked
                else:
                    assert (answer, core) == ("feasible", [])


def test_a_sat_check_names_no_more_than_the_clash():
    clauses, switches = switched_formula([{0, 2}], 4)
    with SatSolver("g3", clauses) as solver:
        assert sat_check(solver, switches)([3, 0, 1, 2]) == ("infeasible", [0, 2])
        solver.add_clause([])  # now nothing holds: every member is blamed
        assert sat_check(solver, switches)([3, 1]) == ("infeasible", [3, 1])


def test_a_sat_check_gives_up_at_its_time_limit():
    from stubs import answering

    with answering() as solver:  # its search ends only when it is stopped
        check = sat_check(solver, [1, 2], time_limit=0.05)
        assert check([0, 1]) == ("unknown", [])  # the budget of the call ran out
        assert solver._solver.interrupted == [True]
        later = Deadline(0.06)
        while not later.passed():  # past the check's time limit by now
            pass
        assert check([0]) == ("unknown", []) and len(solver._solver.interrupted) == 1
    with answering(run=Run(Deadline(0.05))) as solver:  # the solver's own deadline
        assert sat_check(solver, [1, 2])([0, 1]) == ("unknown", [])


# -- minimum correction sets: the edges ---------------------------------------------------------


def test_nothing_switched_needs_no_correction():
    assert minimum_correction([], []) == [] and maxsat_correction([], []) == []
    assert minimum_correction([[1, 2]], []) == []
    with SatSolver("g3", []) as solver:
        assert other_corrections(solver, [], []) == Corrections(((),), True)


def test_clauses_that_cannot_hold_at_all_are_a_value_error():
    with pytest.raises(ValueError) as error:
        maxsat_correction([[1], [-1]], [2])
    assert str(error.value) == "the clauses cannot hold even with every switch off"
    model = cp_model.CpModel()
    on = model.new_bool_var("on")
    model.add_bool_or([])
    with pytest.raises(ValueError) as error:
        cpsat_minimum_correction(model, [on])
    assert str(error.value) == "the model cannot hold even with every switch off"
    assert error.value.__cause__ is None and error.value.__suppress_context__
    assert not model.has_objective()


def test_a_correction_out_of_time_names_the_function():
    with pytest.raises(SolverTimeoutError) as error:
        minimum_correction([[1, 2]], [1, 2], time_limit=1e-9)
    assert str(error.value) == "minimum_correction: no answer within 1e-09 s"
    model, switches = clashing_model()
    with pytest.raises(SolverTimeoutError) as error:
        cpsat_minimum_correction(model, switches, time_limit=1e-9)
    assert str(error.value) == "cpsat_minimum_correction: no answer within 1e-09 s"
    assert not model.has_objective()
    assert cpsat_minimum_correction(model, switches, time_limit=60) in ([0], [2])


def test_a_correction_counts_into_the_run():
    clauses, switches = switched_formula([{0, 1}, {1, 2}], 3)
    run = Run(method="mine")
    assert maxsat_correction(clauses, switches, run) == [1]
    assert run.stats.get("decisions", 0) + run.stats.get("conflicts", 0) >= 0
    assert set(run.stats) <= {"decisions", "conflicts"}


def every_singleton(count):
    """Switches 1..count that cannot all be on: turning off any one of them will do."""
    return switched_formula([frozenset(range(count))], count)


def test_other_corrections_stop_at_eight_by_default_and_at_the_limit():
    clauses, switches = every_singleton(10)
    with SatSolver("g3", clauses) as solver:
        found = other_corrections(solver, switches, [4])
        assert len(found.sets) == 8 and found.complete is False
        assert found.sets[0] == (4,) and len(set(found.sets)) == 8
        assert all(len(s) == 1 for s in found.sets)
    for limit in (1, 2, 3):
        with SatSolver("g3", clauses) as solver:
            found = other_corrections(solver, switches, [4], limit=limit)
            assert len(found.sets) == limit and found.complete is False
            assert found.sets[0] == (4,) and len(set(found.sets)) == limit


def test_other_corrections_are_complete_only_when_the_search_ran_out_of_sets():
    clauses, switches = every_singleton(4)
    with SatSolver("g3", clauses) as solver:
        assert other_corrections(solver, switches, [0], limit=4).complete is False  # at the limit
    with SatSolver("g3", clauses) as solver:
        found = other_corrections(solver, switches, [0], limit=5)
        assert found.complete is True and sorted(found.sets) == [(0,), (1,), (2,), (3,)]


def test_candidates_keep_the_others_on():
    clauses, switches = every_singleton(4)
    with SatSolver("g3", clauses) as solver:
        found = other_corrections(solver, switches, [1], candidates=[1, 3])
        assert found == Corrections(((1,), (3,)), True)


@settings(max_examples=60, deadline=None)
@given(bad_families)
def test_other_corrections_keep_clear_of_the_solvers_other_variables(family):
    """The clauses also hold variables numbered just above the switches (forced true, so the
    answers are those of the switches alone): the cardinality's own variables and the guard
    must not reuse them."""
    count, bad = family
    clauses, switches = switched_formula(bad, count)
    extra = [count + 1 + k for k in range(len(clauses))]
    clauses = [[*clause, -x] for clause, x in zip(clauses, extra, strict=True)]
    clauses += [[x] for x in extra]
    expected = brute_corrections([frozenset(b) for b in bad], count)
    with SatSolver("g3", clauses) as solver:
        found = other_corrections(solver, switches, sorted(expected[0]), limit=100)
        assert found.complete
        assert sorted(map(set, found.sets), key=sorted) == sorted(expected, key=sorted)


def test_other_corrections_out_of_time_keep_the_first():
    from stubs import answering

    with answering(after=5.0) as solver:  # its search ends only when it is stopped
        found = other_corrections(solver, [1, 2, 3], [0], time_limit=0.05)
        assert found == Corrections(((0,),), False)
        assert solver._solver.interrupted == [True]
