"""CP-SAT as the second judge: it refutes a CNF itself and checks its own LRAT proof."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP

from helper.backends.lrat import LRAT_PARAMETERS, LratCheck, refute_with_lrat
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError


def satisfiable(formula: list[list[int]], variables: int) -> bool:
    """By trying every assignment."""
    for values in itertools.product((False, True), repeat=variables):
        if all(any(values[abs(x) - 1] == (x > 0) for x in clause) for clause in formula):
            return True
    return False


@pytest.mark.parametrize("holes", [2, 4, 5])
def test_pigeonholes_are_refuted_with_a_checked_proof(holes):
    assert refute_with_lrat(PHP(holes).clauses) == LratCheck("infeasible", "VALID")


def test_a_satisfiable_formula_is_not_refuted():
    judged = refute_with_lrat([[1, 2], [-1]])
    assert judged.verdict == "optimal" and not judged.refuted


@pytest.mark.parametrize("formula", [[[]], [[1], [-1]], [[1], [-1, 2], [-2]]])
def test_a_formula_refuted_as_it_is_read_logs_no_proof_and_needs_none(formula):
    judged = refute_with_lrat(formula)
    assert judged == LratCheck("infeasible", "")
    assert judged.refuted


@pytest.mark.parametrize(
    ("verdict", "lrat", "refuted"),
    [
        ("infeasible", "VALID", True),
        ("infeasible", "", True),
        ("infeasible", "VALID_WITH_ASSUMED_CLAUSES", False),
        ("infeasible", "INVALID", False),
        ("optimal", "VALID", False),
        ("unknown", "", False),
    ],
)
def test_only_a_full_check_or_no_proof_needed_is_a_refutation(verdict, lrat, refuted):
    assert LratCheck(verdict, lrat).refuted is refuted


def test_the_settings_are_those_of_a_full_check():
    assert LRAT_PARAMETERS["check_lrat_proof"] is True
    assert LRAT_PARAMETERS["cp_model_presolve"] is False
    assert LRAT_PARAMETERS["symmetry_level"] <= 1 and LRAT_PARAMETERS["linearization_level"] <= 1


def test_the_run_counts_the_search_and_a_passed_deadline_refuses_to_start():
    run = Run()
    refute_with_lrat(PHP(5).clauses, run)
    assert run.stats["conflicts"] > 0
    with pytest.raises(SolverTimeoutError):
        refute_with_lrat(PHP(5).clauses, Run(Deadline(1e-9)))


clause = st.lists(st.integers(1, 5).flatmap(lambda v: st.sampled_from([v, -v])), min_size=1,
                  max_size=3)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(clause, min_size=1, max_size=24))
def test_the_verdict_agrees_with_brute_force(formula):
    judged = refute_with_lrat(formula)
    assert (judged.verdict == "infeasible") == (not satisfiable(formula, 5))
    assert judged.lrat in ("VALID", "")
