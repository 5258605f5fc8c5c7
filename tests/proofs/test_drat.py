"""The book's DRAT checker: it accepts the proofs PySAT's back ends write, and rejects every
proof that does not prove its claim (a lemma that does not follow, a missing clause, a
satisfiable formula, a proof without the empty clause, a line that is not a step)."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from helper.proofs import ProofError, Step, check_drat, parse_drat

TWO = [[1, 2], [1, -2], [-1, 2], [-1, -2]]  # x, y: every combination ruled out


def satisfiable(formula, variables):
    return any(
        all(any((lit > 0) == bits[abs(lit) - 1] for lit in clause) for clause in formula)
        for bits in itertools.product([False, True], repeat=variables)
    )


def proof_of(formula, backend="g3"):
    with Solver(name=backend, bootstrap_with=formula, with_proof=True) as solver:
        assert solver.solve() is False
        return solver.get_proof()


@pytest.mark.parametrize("backend", ["g3", "g4", "cd153", "cd195", "lgl", "mcb"])
@pytest.mark.parametrize("holes", [3, 5])
def test_the_proofs_of_pysats_back_ends_are_accepted(backend, holes):
    formula = PHP(holes).clauses
    check = check_drat(formula, proof_of(formula, backend))
    assert check.valid and check.failed is None and check.reason == ""
    assert check.lemmas > 0 and check.propagations > 0


def test_a_lemma_that_does_not_follow_is_rejected_and_named():
    check = check_drat(TWO, ["3 0", "1 0", "0"])  # 3 is a fresh variable: a RAT, kept
    assert check.valid and check.rat == 1 and check.lemmas == 2
    formula = [[1, 2, 3], [-1, 2], [-2, 3]]  # satisfiable, with 3 true
    check = check_drat(formula, ["-3 0", "0"])
    assert not check.valid and check.failed == 0
    assert check.reason == (
        "step 1: lemma [-3] does not follow (RUP fails) and it is no RAT on its first literal"
    )


def test_a_satisfiable_formula_has_no_proof_whatever_the_steps():
    formula = [[1, 2], [-1, 2], [-2, 3]]
    for proof in (["0"], ["2 0", "0"], ["2 0", "3 0", "0"], []):
        check = check_drat(formula, proof)
        assert not check.valid


def test_a_proof_cut_short_proves_nothing():
    formula = PHP(5).clauses
    proof = proof_of(formula)
    check = check_drat(formula, proof[:10])
    assert not check.valid and check.reason == "the proof never derives the empty clause"
    assert check_drat(formula, proof).valid


def test_a_formula_refuted_by_propagation_needs_no_lemma():
    check = check_drat([[1], [-1, 2], [-2]], [])
    assert check.valid and check.lemmas == 0


def test_deleting_a_clause_the_proof_needs_breaks_it():
    formula = [[1, 2], [1, -2], [-1, 3], [-1, -3]]
    assert check_drat(formula, ["1 0", "0"]).valid
    assert not check_drat(formula, ["d 1 2 0", "1 0", "0"]).valid


def test_proof_text_is_read_strictly():
    assert parse_drat(["c a comment", "", "1 -2 0", "d 3 0", "0"]) == [
        Step((1, -2)),
        Step((3,), delete=True),
        Step(()),
    ]
    for line, what in [
        ("1 2", "must end with one 0"),
        ("1 x 0", "not a list of literals"),
        ("1 0 2 0", "must end with one 0"),
        ("d", "must end with one 0"),
    ]:
        with pytest.raises(ProofError, match=f"proof line 1: .*{what}"):
            parse_drat([line])


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_random_small_formulas_the_checker_agrees_with_brute_force(seed):
    """Random 3-CNF on 6 variables: an unsatisfiable one's solver proof is accepted; for a
    satisfiable one, even the solver-free 'proof' of the empty clause is refused."""
    rng = random.Random(seed)
    formula = [
        [rng.choice([-1, 1]) * v for v in rng.sample(range(1, 7), 3)]
        for _ in range(rng.randint(5, 40))
    ]
    if satisfiable(formula, 6):
        assert not check_drat(formula, ["0"]).valid
        with Solver(name="g3", bootstrap_with=formula) as solver:
            assert solver.solve()
    else:
        assert check_drat(formula, proof_of(formula)).valid
        # a mutilated proof: drop a random original clause; accepted only if still unsatisfiable
        smaller = formula[: rng.randrange(len(formula))]
        accepted = check_drat(smaller, proof_of(formula)).valid
        assert not accepted or not satisfiable(smaller, 6)
