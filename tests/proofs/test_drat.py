"""The book's DRAT checker: it accepts the proofs PySAT's back ends write, and rejects every
proof that does not prove its claim (a lemma that does not follow, a missing clause, a
satisfiable formula, a proof without the empty clause, a line that is not a step)."""

import dataclasses
import itertools
import random
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from helper.deadline import Deadline
from helper.proofs import Checker, ProofCheck, ProofError, Step, check_drat, parse_drat
from helper.proofs.drat import _Database, unit_refutes

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
        ("1 0 0", "must end with one 0"),
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


def shifted(formula, proof):
    """The same formula and proof with every variable one higher (variable 1 unused)."""
    move = lambda lit: lit + 1 if lit > 0 else lit - 1  # noqa: E731
    steps = parse_drat(proof)
    return (
        [[move(lit) for lit in clause] for clause in formula],
        [Step(tuple(map(move, step.clause)), step.delete) for step in steps],
    )


@pytest.mark.parametrize(
    ("formula", "proof", "valid", "rat", "failed"),
    [
        ([[1]], ["1 4 0"], False, 0, None),  # 1 true at the top level: RUP at once
        ([[1], [-5, 2], [-5, -2]], ["1 5 0", "0"], False, 0, 1),  # a lemma satisfied there
        ([[1], [1, 3], [1, -3]], ["3 0", "0"], False, 1, 1),  # a clause satisfied by 1
        ([[2], [-2, 1]], ["-1 0", "0"], False, 0, 0),  # 1 propagated true, not false
        ([[1], [1]], ["0"], False, 0, 0),  # the same unit twice: no conflict
        ([[1], [-1]], ["0"], True, 0, None),  # opposite units: a conflict
    ],
)
def test_variable_1_is_a_variable_like_any_other(formula, proof, valid, rat, failed):
    """Each formula is satisfiable but for the last: the answer is the same with every
    variable renamed, and no wrong lemma passes because variable 1 is the one involved."""
    check = check_drat(formula, proof)
    assert (check.valid, check.rat, check.failed) == (valid, rat, failed)
    renamed = check_drat(*shifted(formula, proof))
    assert dataclasses.replace(renamed, reason="") == dataclasses.replace(check, reason="")
    assert valid is not satisfiable(formula, 6)


@pytest.mark.parametrize(
    ("formula", "proof"),
    [
        ([[5]], ["d 5 0", "-5 0", "0"]),  # a unit clause of the formula
        ([[5], [-5, 6]], ["d -5 6 0", "-6 0", "0"]),  # the clause that propagated 6 on loading
        ([[1, 2]], ["5 0", "d 5 0", "-5 0", "0"]),  # a unit lemma
        ([[-5, 6], [5, 7], [5, -7]], ["5 0", "d -5 6 0", "-6 0", "0"]),  # what a lemma propagated
        ([[5], [6], [-5, -6, 7]], ["d -5 -6 7 0", "-7 0", "0"]),  # a longer clause
        ([[-5, -6, 7], [5, 1], [5, -1], [6]], ["5 0", "d 7 -5 -6 0", "-7 0", "0"]),
    ],
)
def test_deleting_the_reason_of_a_fixed_literal_is_ignored(formula, proof):
    """Each formula is satisfiable: its proof deletes the clause that fixed a literal at the top
    level, then claims the opposite literal, a RAT only if the deletion were applied (the
    literal stays fixed: that would let a false proof through)."""
    assert satisfiable(formula, 7)
    check = check_drat(formula, proof)
    negation = proof[-2].split()[0]
    assert not check.valid and check.failed == len(proof) - 2
    assert check.reason == (
        f"step {len(proof) - 1}: lemma [{negation}] does not follow (RUP fails) and it is no "
        "RAT on its first literal"
    )


def test_a_lemma_with_literals_false_at_the_top_level_propagates_what_is_left():
    """With 2 false at the top level, the lemma "2 or 3" fixes 3 there, and propagation alone
    then refutes the formula."""
    formula = [[-2], [2, 3, 5], [2, 3, -5], [-3, 4], [-3, -4]]
    assert not satisfiable(formula, 5)
    check = check_drat(formula, ["2 3 0", "0"])
    assert check.valid and check.lemmas == 1 and check.rat == 0


@pytest.mark.parametrize(
    ("formula", "valid"),
    [
        ([[1, 1, 2], [-1], [-2, -2]], True),  # repeated literals
        ([[1, -1], [1], [-1]], True),  # a tautology first, then opposite units
        ([[1, 2], []], True),  # the empty clause
        ([[1], [-1]], True),
        ([[1], [1], [1, 2]], False),
        ([[1, -1], [2]], False),
    ],
)
def test_a_formula_is_loaded_whole(formula, valid):
    assert check_drat(formula, []).valid is valid
    assert valid is not satisfiable(formula, 2)


def test_a_rat_lemma_counts_every_clause_with_the_negated_pivot_that_is_alive():
    check = check_drat([[-3, 1]], ["d -3 1 0", "3 0"])  # no clause left holds -3: a RAT
    assert (check.valid, check.lemmas, check.rat, check.deletions, check.failed) == (
        False,
        1,
        1,
        1,
        None,
    )
    assert check.reason == "the proof never derives the empty clause"
    # the first resolvent is a tautology, the second is not RUP: no RAT
    check = check_drat([[-3, -1], [-3, 2]], ["3 1 0"])
    assert not check.valid and check.failed == 0 and check.rat == 0


def test_the_counts_of_a_check():
    check = check_drat(TWO, ["d 7 8 0", "3 0", "d 1 2 3 0", "4 0", "1 0", "0"])
    # the units 3, 4 and 1 count (each sets a literal), and 1 propagates 2 to a conflict
    assert check == ProofCheck(valid=True, lemmas=3, rat=2, deletions=2, propagations=5)
    chain = [[1], [-1, 2], [-2, 3]]  # loading it sets 1 (a unit clause), then 2, then 3
    check = check_drat(chain, ["0"])
    assert check == ProofCheck(
        valid=False,
        propagations=3,
        failed=0,
        reason="step 1: the empty clause does not follow (RUP fails)",
    )
    check = check_drat(TWO[:3], ["1 0", "0"])
    assert check.valid is False and check.failed == 1 and check.lemmas == 1
    assert check.reason == "step 2: the empty clause does not follow (RUP fails)"


def test_steps_may_be_given_as_steps_or_as_text():
    assert check_drat(TWO, [Step((1,)), Step(())]) == check_drat(TWO, ["1 0", "0"])
    assert check_drat(TWO, [Step((1,)), Step(())]).valid


def test_a_deadline_that_has_passed_stops_the_check_unfinished():
    chain = [[1], [-1, 2], [-2, 3]]
    check = check_drat(chain, ["-3 0", "0"], deadline=Deadline(1e-9))
    assert check == ProofCheck(
        valid=False,
        propagations=3,
        reason="the check ran out of time at step 1 of 2",
        finished=False,
    )


class PassesAfterOneLook(Deadline):
    """A deadline that passes between the check's first look at it and its second."""

    def __init__(self):
        super().__init__(None)
        self.looks = 0

    def passed(self):
        self.looks += 1
        return self.looks > 1


def test_the_check_looks_at_its_deadline_every_64_steps():
    proof = ["1 2 0"] * 198 + ["1 0", "0"]
    deadline = PassesAfterOneLook()
    check = check_drat(TWO, proof, deadline=deadline)
    assert deadline.looks == 2 and not check.finished and check.valid is False
    assert check.lemmas == 64
    assert check.reason == "the check ran out of time at step 65 of 200"
    assert check_drat(TWO, proof).valid


small_clauses = st.lists(st.integers(-4, 4).filter(bool), max_size=3)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(small_clauses, max_size=10),
    st.lists(st.tuples(small_clauses, st.booleans()), max_size=8),
)
def test_no_proof_of_a_satisfiable_formula_is_accepted_whatever_its_steps(formula, steps):
    """Random steps (lemmas and deletions, reasons among them) on a formula of four variables:
    a proof that is accepted is of a formula that brute force finds unsatisfiable."""
    proof = [Step(tuple(clause), delete) for clause, delete in steps] + [Step(())]
    if check_drat(formula, proof).valid:
        assert not satisfiable(formula, 4)


def unit_at_the_top_level(database, clause):
    """drat-trim's rule: the clause has one literal true at the top level, every other false
    (it is the reason of that literal, or could be)."""
    known = len(database.value) // 2
    values = [database.value[lit] if abs(lit) <= known else 0 for lit in set(clause)]
    return values.count(1) == 1 and values.count(-1) == len(values) - 1


@settings(max_examples=300, deadline=None)
@given(
    st.lists(small_clauses, max_size=10),
    st.lists(st.tuples(st.lists(st.integers(-6, 6).filter(bool), max_size=3), st.booleans())),
)
# "not 1" is fixed, so "not 1 or 2 or 3" is kept; the lemma 1 fails RUP, and its RAT check
# reads the kept clause: the resolvent "1 or 2 or 3" then propagates one more literal (4)
@example([[-1, 2, 3], [-1], [2, 4]], [([-1, 2, 3], True), ([1], False)])
def test_keeping_the_clauses_satisfied_at_the_top_level_that_a_proof_deletes_changes_nothing(
    formula, steps
):
    """A deletion of a clause that a fixed literal satisfies is skipped; the check (verdict,
    failing step, reason, lemma counts) is the one of drat-trim's rule, which skips only the
    deletion of a unit clause (one literal true at the top level, every other false). Only
    the effort, ``propagations``, may differ: a RAT check also reads a kept clause."""
    proof = [Step(tuple(clause), delete) for clause, delete in steps] + [Step(())]
    kept = check_drat(formula, proof)
    with mock.patch.object(_Database, "satisfied", unit_at_the_top_level):
        applied = check_drat(formula, proof)
    assert dataclasses.replace(kept, propagations=0) == dataclasses.replace(applied, propagations=0)


def test_a_proof_that_deletes_only_satisfied_clauses_never_builds_the_table_of_clauses():
    formula = [[1], [1, 2, 3], [-2, 3, 4], [2, -4], [-3, 5]]
    checker = Checker(formula)
    database = checker._database
    assert database is not None and not checker.refuted_by_propagation
    check = checker.check(["d 1 2 3 0", "d 3 2 1 0", "d 1 0", "0"])  # each holds 1: kept
    assert not check.valid and check.deletions == 3
    assert database._by_key is None
    other = Checker(formula)
    database = other._database
    assert database is not None
    other.check(["d -2 3 4 0", "0"])  # no literal of it is fixed: looked up, deleted
    assert database._by_key is not None and not database.alive[2]


# -- the formula loaded once: Checker ----------------------------------------------------------


def test_a_checker_says_when_propagation_alone_refutes_and_checks_one_proof():
    checker = Checker([[1, 2], [-1], [-2]])
    assert checker.refuted_by_propagation is True
    assert checker.check(["0"]).valid
    with pytest.raises(
        RuntimeError, match=r"^a Checker checks one proof; make another for the next$"
    ):
        checker.check(["0"])
    open_formula = Checker([[1, 2], [1, -2], [-1, 2], [-1, -2]])
    assert open_formula.refuted_by_propagation is False
    assert open_formula.check(["1 0", "0"]).valid  # text lines are parsed
    assert Checker(TWO).check([Step((3,)), Step((1,)), Step(())]).valid


def test_a_checker_rejects_a_bad_line_of_text():
    with pytest.raises(ProofError, match="proof line 1: not a list of literals"):
        Checker([[1], [-1]]).check(["x 0"])


def test_tautologies_and_repeated_literals_of_any_length_are_loaded_right():
    # a long tautology first must not stop the load of what follows
    assert check_drat([[1, -1, 2], [3], [-3]], ["0"]).valid
    assert check_drat([[1, -1], [3], [-3]], ["0"]).valid
    # [1, 1, 2] is the clause "1 or 2", not the unit "1": with "not 1", 2 is true, no conflict
    assert not check_drat([[1, 1, 2], [-1]], ["0"]).valid
    assert not check_drat([[1, 1, 2, 2], [-1]], ["0"]).valid
    assert check_drat([[1, 1, 2], [-1], [-2]], ["0"]).valid
    assert check_drat([[1, 1], [-1]], ["0"]).valid  # a unit written twice


# -- the formula's own propagation, in array code: unit_refutes -------------------------------


def propagate_by_hand(formula):
    """Unit propagation the slow way: read every clause again until nothing changes; whether
    it reaches a conflict, and the literals it set."""
    value = {}
    while True:
        changed = False
        for clause in formula:
            if any(value.get(abs(lit)) == (lit > 0) for lit in clause):
                continue
            open_literals = {lit for lit in clause if abs(lit) not in value}
            if not open_literals:
                return True, value
            if len(open_literals) == 1:
                (lit,) = open_literals
                value[abs(lit)] = lit > 0
                changed = True
        if not changed:
            return False, value


any_clause = st.lists(st.integers(-5, 5).filter(bool), min_size=1, max_size=4)


@settings(max_examples=300, deadline=None)
@given(st.lists(any_clause, max_size=14))
def test_the_array_propagation_agrees_with_propagation_by_hand(formula):
    """Repeated literals, tautologies, opposite units: the same verdict, and at a fixpoint the
    same literals set."""
    refuted, by_hand = propagate_by_hand(formula)
    assert unit_refutes(formula)[0] is refuted
    if not refuted:
        assert unit_refutes(formula) == (False, len(by_hand))
    assert Checker(formula).refuted_by_propagation is refuted
    assert check_drat(formula, ["0"]).valid is refuted


@pytest.mark.parametrize(
    ("formula", "answer"),
    [
        ([], (False, 0)),
        ([[]], (True, 0)),
        ([[1, 2], []], (True, 0)),
        ([[1], [-1]], (True, 1)),  # one variable, forced both ways: set once
        ([[1], [2], [-1], [-2]], (True, 2)),
        ([[1], [-1, 2], [-1, -2]], (True, 2)),
        ([[1], [-1, 2], [-2, 3]], (False, 3)),
        ([[3], [-3, 1, 1]], (False, 2)),  # "1 or 1" is the unit 1
        ([[3], [-3, 1, -1]], (False, 1)),  # a tautology forces nothing
        ([[-2], [2, 1, 3], [-3]], (False, 3)),
        ([[-2], [2, 1, 3], [-3], [-1, 2, 3]], (True, 3)),
        ([[2, 1], [1, -2]], (False, 0)),
        ([[4], [-4, 1], [-1, 4]], (False, 2)),  # 4 again: read, already true
        # clauses of two literals, listed under each literal
        ([[1, 2], [-1, 2], [1, -2], [-1, -2]], (False, 0)),  # no unit clause: nothing set
        ([[1], [-1, 2], [-2, 3], [-3, 4]], (False, 4)),  # a chain of them
        ([[1], [2], [-1, -2]], (True, 2)),  # both literals already false
        ([[1, 1], [-1, 2]], (False, 2)),  # "1 or 1" is the unit 1
        ([[1, -1], [1]], (False, 1)),  # a tautology of two literals
        ([[1], [-1, 2], [-2, -3, 4], [3], [-4, 5]], (False, 5)),  # then a longer one, then 5
        ([[1], [-1, 2], [-1, -2, 3], [-3, -1]], (True, 3)),  # then a longer one, all false
        ([[1], [-1, 2], [-2, 3], [-1, -4, -5], [4], [5]], (True, 5)),  # 2, 3 before it
    ],
)
def test_the_array_propagation_on_small_formulas(formula, answer):
    assert unit_refutes(formula) == answer
    assert unit_refutes(tuple(map(tuple, formula))) == answer


def test_a_checker_of_a_formula_refuted_by_propagation_accepts_any_proof_made_of_steps():
    """The formula has no solution: every proof of it is right, and a line that is not a step
    is still refused."""
    formula = [[1], [-1, 2], [-2]]
    check = Checker(formula).check(["3 0", "d 3 0", "-3 0", "0", "5 0"])
    assert check == ProofCheck(valid=True, lemmas=2, deletions=1, propagations=2)
    assert Checker(iter(formula)).check([]) == ProofCheck(valid=True, propagations=2)
    with pytest.raises(ProofError, match="proof line 1"):
        Checker(formula).check(["3"])


def test_tautologies_and_repeated_literals_before_the_clauses_a_lemma_needs():
    """Not refuted by propagation: the watched clauses are loaded whole past a tautology, and
    "1 or 1" fixes 1 at the top level, which the lemma "2" needs (with 1 true, "not 2" gives
    3 and "not 3")."""
    needed = [[1, 1], [-1, 2, 3], [-1, 2, -3], [-2, 4], [-2, -4]]
    for formula in (needed, [[5, -5], *needed], [[6, -6, 7], *needed], [[7, 7], *needed]):
        assert not satisfiable(formula, 7)
        assert check_drat(formula, ["2 0", "0"]).valid
    assert not check_drat([[-1, 2, 3], *needed[1:]], ["2 0", "0"]).valid  # 1 open: no RUP


def test_a_repeated_unit_clause_is_one_propagation():
    assert check_drat([[1], [1], [1, 2]], []) == ProofCheck(
        valid=False, propagations=1, reason="the proof never derives the empty clause"
    )
    assert check_drat([[2, 2], [2], [-2, 3]], []).propagations == 2


def test_the_count_of_the_array_propagation_is_a_whole_number():
    assert type(unit_refutes([[1], [2], [-1], [-2]])[1]) is int
    assert type(Checker([[1], [-1]]).check([]).propagations) is int


def test_a_clause_that_repeats_a_literal_is_no_unit_clause():
    """ "1 or 1 or 2" is "1 or 2": it fixes nothing at the top level (taken for the unit "1",
    it would set 1, then 3)."""
    formula = [[1, 1, 2], [-1, 3], [-1, -3, 4]]
    assert Checker(formula).check([]) == ProofCheck(
        valid=False, reason="the proof never derives the empty clause"
    )


# -- lemmas with variables the formula does not have ------------------------------------------


def test_a_lemma_may_bring_a_new_variable_and_the_values_fixed_before_it_stay():
    """3 true and 4 false at the top level; the RAT lemma "9" (no clause holds -9) brings
    variable 9, and "1" still needs both values (then 2 and -2 refute it)."""
    formula = [[3], [-4], [-3, 4, 1, 2], [-3, 4, 1, -2], [-1, 2], [-1, -2]]
    assert not satisfiable(formula, 4)
    check = check_drat(formula, ["9 0", "1 0", "0"])
    assert (check.valid, check.lemmas, check.rat) == (True, 2, 1)
    # without 4 false the lemma "1" does not follow
    weaker = [[3], [-3, 4, 1, 2], [-3, 4, 1, -2], [-1, 2], [-1, -2]]
    assert not check_drat(weaker, ["9 0", "1 0", "0"]).valid


def test_extension_variables_a_proof_defines_and_uses():
    """The lemma "5" is RAT (no clause holds -5) and fixes 5 true at the top level; with it,
    the lemma "not 5 or 1" fixes 1 there, and propagation then refutes the formula. "not 5"
    after "5" is rejected."""
    formula = [[-1, 2], [-1, -2], [1, 3], [1, -3]]
    check = check_drat(formula, ["5 0", "-5 1 0", "0"])
    assert (check.valid, check.lemmas, check.rat) == (True, 2, 1)
    check = check_drat(formula, ["5 0", "-5 0", "0"])
    assert not check.valid and check.failed == 1


wide_clauses = st.lists(st.integers(-7, 7).filter(bool), max_size=3)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(small_clauses, max_size=10),
    st.lists(st.tuples(wide_clauses, st.booleans()), max_size=8),
)
def test_no_proof_is_accepted_for_a_satisfiable_formula_with_lemmas_over_new_variables(
    formula, steps
):
    """As above, with lemmas over variables 5 to 7 that the formula does not have."""
    proof = [Step(tuple(clause), delete) for clause, delete in steps] + [Step(())]
    if check_drat(formula, proof).valid:
        assert not satisfiable(formula, 4)


# -- clauses of two literals, listed under each ------------------------------------------------


def test_deleting_one_of_two_copies_of_a_binary_clause_keeps_the_other():
    twice = [[1, 2], *TWO]
    assert check_drat(twice, ["d 1 2 0", "1 0", "0"]).valid
    check = check_drat(twice, ["d 1 2 0", "d 2 1 0", "1 0", "0"])  # both gone: 1, 2 false
    assert not check.valid and check.failed == 2


@pytest.mark.parametrize("clause", [[1, -1], [3, -3], [1, 1, -1]])
def test_deleting_a_tautology_of_two_literals_is_a_deletion_like_any_other(clause):
    check = check_drat([clause, *TWO], [f"d {' '.join(map(str, clause))} 0", "1 0", "0"])
    assert check.valid and check.deletions == 1


def test_a_binary_lemma_propagates_both_ways():
    """ "1 or 2" as a lemma: with 1 false it gives 2, with 2 false it gives 1."""
    formula = [[1, 2, 3], [1, 2, -3], [-1, 4], [-1, -4], [-2, 5], [-2, -5]]
    assert not satisfiable(formula, 5)
    assert check_drat(formula, ["1 2 0", "-1 0", "0"]).valid
    assert check_drat(formula, ["2 1 0", "-2 0", "0"]).valid
    check = check_drat(formula, ["-1 0", "0"])  # without the lemma, "not 1" leaves 2 open
    assert not check.valid and check.failed == 1


def test_a_binary_clause_of_the_formula_that_a_lemma_deletes_no_longer_propagates():
    formula = [[1, 2], [1, -2], [-1, 3], [-1, -3]]
    assert not check_drat(formula, ["d 1 -2 0", "1 0", "0"]).valid
    assert not check_drat(formula, ["d -2 1 0", "1 0", "0"]).valid
    assert check_drat(formula, ["d -1 3 0", "1 0", "d 1 0", "-1 0", "0"]).valid is False


def test_what_a_longer_clause_propagates_counts():
    assert check_drat([[1], [2], [-1, -2, 3]], []).propagations == 3
    assert check_drat([[1], [2], [-1, -2, 3], [-3, -2, 4]], []).propagations == 4
    check = check_drat([[1, 2, 3], [1, 2, -3], [-1, 4], [-1, -4], [-2, 5, 6], [-2, 5, -6], [-5]],
                       ["1 2 0", "-1 0", "0"])  # fmt: skip
    # -5 on loading; 3, then 4, in the two RUP checks; "not 1" fixes -1, then 2, then 6
    assert check.valid and check.propagations == 6


def test_a_new_variable_just_past_the_formula_is_open():
    """Variables 1 to 4, 4 false at the top level; the lemma "5" is a RAT (no clause holds -5),
    not true already."""
    formula = [[-4], [4, 1, 2], [4, 1, -2], [4, -1, 3], [4, -1, -3]]
    check = check_drat(formula, ["5 0", "-5 1 0", "0"])
    assert (check.valid, check.lemmas, check.rat) == (True, 2, 1)
