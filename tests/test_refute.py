"""``helper.certify`` field by field, on formulas small enough to read: every certificate it
makes is compared whole, and what it hands on (time left, back end, comments, names) is spied
on. The puzzles' certificates are in ``tests/test_certify.py``."""

from typing import ClassVar

import pytest

import helper.certify as certify
from helper.certify import (
    _left,
    certify_conflict,
    certify_count,
    certify_no_fewer,
    certify_solve,
    check_with_cpsat,
    refute,
)
from helper.errors import SolverTimeoutError
from helper.proofs import Certificate, Checker, check_drat
from helper.results import CountResult, SolveResult

FOUR = [[1, 2], [1, -2], [-1, 2], [-1, -2]]  # every combination of x, y ruled out: one lemma
UNITS = [[1], [-1, 2], [-2]]  # refuted by unit propagation


def test_a_formula_that_propagation_refutes_needs_no_solver(monkeypatch):
    monkeypatch.setattr(certify, "SatSolver", None)  # any use of a solver would fail
    made = refute(UNITS, "no solution", witnesses=[[[1]]], comments=["c1"], name="a b")
    assert made == Certificate(
        "no solution",
        True,
        "unit propagation refutes it: the proof is the empty clause alone (no lemma, no "
        "solver), checked by helper.proofs (2 propagations)",
        formula=((1,), (-1, 2), (-2,)),
        proof=("0",),
        check=Checker(UNITS).check(["0"]),
        witnesses=([[1]],),
        backend="",
        comments=("c1",),
        name="a-b",
    )


def test_a_proved_formula_carries_its_proof_check_and_back_end():
    made = refute(FOUR, "unique", witnesses=[[[0]]], comments=["c"])
    assert made.proof[-1] == "0" and made.check == Checker(FOUR).check(made.proof)
    assert made == Certificate(
        "unique",
        True,
        f"Glucose 3's DRAT proof (1 lemma), checked by helper.proofs "
        f"({made.check.propagations:,} propagations)",
        formula=tuple(map(tuple, FOUR)),
        proof=made.proof,
        check=made.check,
        witnesses=([[0]],),
        backend="glucose3",
        comments=("c",),
        name="unique",
    )
    assert made.check.lemmas == made.lemmas == 1 and made.check.propagations > 1


def test_lemmas_are_counted_in_the_plural():
    from pysat.examples.genhard import PHP

    made = refute(PHP(3).clauses, "no solution")
    assert made.proved and made.check.lemmas > 1
    assert f"({made.check.lemmas:,} lemmas)" in made.reason


def test_a_satisfiable_formula_is_not_proved_and_says_so():
    made = refute([[1, 2], [-1]], "no solution", witnesses=[[[1]]], comments=["c"], name="n")
    assert made == Certificate(
        "no solution",
        False,
        "the formula has a solution: Glucose 3 found one",
        formula=((1, 2), (-1,)),
        witnesses=([[1]],),
        backend="glucose3",
        comments=("c",),
        name="n",
    )


def test_no_time_to_solve_is_not_proved(monkeypatch):
    class Late:
        def __init__(self, *args, **kwargs):
            raise SolverTimeoutError("late")

    monkeypatch.setattr(certify, "SatSolver", Late)
    made = refute(FOUR, "no solution", time_limit=2.5)
    assert (made.proved, made.reason, made.proof, made.check) == (
        False,
        "no proof within 2.5 s",
        (),
        None,
    )
    assert made.backend == "glucose3" and made.formula == tuple(map(tuple, FOUR))


class _Solver:
    """A stand-in SAT back end that answers "no" with the proof it is given."""

    proof_lines: ClassVar[tuple[str, ...]] = ()
    runs: ClassVar[list] = []

    def __init__(self, backend, clauses, run=None, proof=False):
        _Solver.runs.append(run)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def solve(self):
        return False

    def proof(self):
        return list(_Solver.proof_lines)


def test_a_proof_without_the_empty_clause_gets_it_added(monkeypatch):
    _Solver.proof_lines = ("1 0", "d 1 2 0")  # a back end that stopped at a top-level conflict
    monkeypatch.setattr(certify, "SatSolver", _Solver)
    made = refute(FOUR, "no solution")
    assert made.proof == ("1 0", "d 1 2 0", "0") and made.proved


def test_a_proof_with_the_empty_clause_is_kept_as_it_is(monkeypatch):
    _Solver.proof_lines = ("1 0", "0")
    monkeypatch.setattr(certify, "SatSolver", _Solver)
    assert refute(FOUR, "no solution").proof == ("1 0", "0")


def test_a_rejected_proof_is_not_proved_and_kept_with_its_check(monkeypatch):
    _Solver.proof_lines = ("0",)  # the empty clause alone: it does not follow here
    monkeypatch.setattr(certify, "SatSolver", _Solver)
    made = refute(FOUR, "no solution")
    assert made.proof == ("0",) and made.check == check_drat(FOUR, ["0"])
    assert made.summary() == (
        "no solution: not proved (the checker rejected Glucose 3's proof: step 1: the empty "
        "clause does not follow (RUP fails))"
    )


def test_a_proof_checked_too_late_is_not_proved_and_kept(monkeypatch):
    _Solver.proof_lines = ("1 0", "0")
    monkeypatch.setattr(certify, "SatSolver", _Solver)
    real = Checker.check
    monkeypatch.setattr(
        Checker,
        "check",
        lambda self, proof, deadline=None: real(self, proof, deadline=certify.Deadline(1e-9)),
    )
    made = refute(FOUR, "no solution", time_limit=7)
    assert made.reason == "the proof was not checked within 7 s"
    assert made.proof == ("1 0", "0") and made.check is not None and not made.check.finished
    assert not made.proved


def test_the_solver_gets_the_time_limit():
    _Solver.runs = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(certify, "SatSolver", _Solver)
        _Solver.proof_lines = ("1 0", "0")
        refute(FOUR, "no solution", time_limit=30)
    (run,) = _Solver.runs
    assert run.deadline.seconds == 30


def test_what_is_left_of_a_time_limit():
    assert _left(None, 5.0) is None
    assert _left(10.0, 2.5) == 7.5
    assert _left(1.0, 5.0) == 1e-3


# -- counts and solves: what each claims, and what refute is handed -------------------------------


@pytest.fixture
def spy(monkeypatch):
    """Record what certify_count, certify_solve and certify_no_fewer hand to refute."""
    calls: list[dict] = []
    real = certify.refute

    def recording(formula, claim, **kwargs):
        calls.append({"formula": [list(c) for c in formula], "claim": claim, **kwargs})
        return real(formula, claim, **kwargs)

    monkeypatch.setattr(certify, "refute", recording)
    return calls


def _count(solutions, *, limit=2, complete=True, seconds=0.0, message=""):
    return CountResult(solutions, limit=limit, complete=complete, seconds=seconds, message=message)


def test_an_exact_count_hands_its_formula_blocks_and_time_left_to_refute(spy):
    made = certify_count(
        _count([[[1]]], seconds=1.5),
        lambda: [[1, 2]],
        lambda grid: [-1],
        check=lambda grid: True,
        backend="glucose4",
        time_limit=10,
        comments=["c"],
    )
    (call,) = spy
    assert call == {
        "formula": [[1, 2], [-1]],
        "claim": "unique",
        "backend": "glucose4",
        "time_limit": 8.5,
        "witnesses": [[[1]]],
        "comments": ["c"],
    }
    assert made.witnesses == ([[1]],) and made.claim == "unique"


def test_without_a_time_limit_the_proof_has_none(spy):
    certify_count(_count([], seconds=3), lambda: [[1], [-1]], lambda g: [], check=lambda g: True)
    assert spy[0]["time_limit"] is None and spy[0]["claim"] == "no solution"


@pytest.mark.parametrize(
    ("count", "claim", "proved", "reason"),
    [
        (_count([[[1]], [[0]]]), "at least 2 solutions", True,
         "2 different solutions, each checked against the clues"),
        (_count([[[1]]], limit=1), "at least 1 solution", True,
         "1 different solution, each checked against the clues"),
        (_count([], complete=False), "no solution", False,
         "the count claims nothing: the count did not finish"),
        (_count([], complete=False, message="time's up"), "no solution", False,
         "the count claims nothing: time's up"),
        (_count([[[1]], [[1]]], limit=3), "exactly 2 solutions", False,
         "a witness fails: two of the solutions are the same grid"),
    ],
)  # fmt: skip
def test_what_a_count_claims_without_a_proof(count, claim, proved, reason, spy):
    made = certify_count(count, lambda: [[1]], lambda g: [], check=lambda g: True)
    assert (made.claim, made.proved, made.reason) == (claim, proved, reason)
    assert spy == []  # nothing to refute


def test_a_solution_that_breaks_the_clues_is_no_witness(spy):
    made = certify_count(_count([[[1]]]), lambda: [[1]], lambda g: [], check=lambda g: False)
    assert made.summary() == "unique: not proved (a witness fails: solution 1 breaks the clues)"


def test_a_solve_s_claims(spy):
    solved = SolveResult("solved", [[1]], "s", "m", 1.0)
    assert certify_solve(solved, lambda: [[1]], check=lambda g: True).summary() == (
        "has a solution: proved (the solution, checked against the clues)"
    )
    wrong = certify_solve(solved, lambda: [[1]], check=lambda g: False)
    assert wrong.summary() == (
        "has a solution: not proved (a witness fails: the solution breaks the clues)"
    )
    late = SolveResult("timeout", None, "s", "m", 1.0, message="no answer within 1 s")
    assert certify_solve(late, lambda: [[1]], check=lambda g: True).summary() == (
        "no solution: not proved (the solve claims nothing: no answer within 1 s)"
    )
    assert spy == []
    none = SolveResult("no solution", None, "s", "m", 2.0)
    made = certify_solve(
        none, lambda: [[1], [-1]], check=lambda g: True, backend="g4", time_limit=5,
        comments=["c"],
    )  # fmt: skip
    assert made.proved and made.claim == "no solution"
    assert spy == [{"formula": [[1], [-1]], "claim": "no solution", "backend": "g4",
                    "time_limit": 3.0, "comments": ["c"]}]  # fmt: skip


# -- conflicts: refuted together, each member needed ------------------------------------------

# x must be true (member 0), x must be false (member 1): they cannot both hold
PARTS = [[[1]], [[-1]]]


def _decode(model):
    return [[int(1 in model)]]


def test_a_conflict_is_refuted_and_each_member_has_a_witness():
    made = certify_conflict(
        PARTS, ["x", "not x"], decode=_decode, holds=lambda g, k: g[0][0] == 1 - k, minimal=True
    )
    assert made.claim == "x; not x: cannot all hold, and each is needed"
    assert made.proved and made.name == "conflict" and made.formula == ((1,), (-1,))
    assert made.witnesses == ([[0]], [[1]])  # without x: x false; without "not x": x true
    assert made.reason == (
        "unit propagation refutes it: the proof is the empty clause alone (no lemma, no "
        "solver), checked by helper.proofs (1 propagation); for each member, a grid that "
        "keeps the others"
    )


def test_a_conflict_not_claimed_minimal_needs_no_witness():
    made = certify_conflict(PARTS, ["x", "not x"], decode=_decode, holds=lambda g, k: True,
                            minimal=False)  # fmt: skip
    assert made.claim == "x; not x: cannot all hold" and made.proved and made.witnesses == ()


def test_the_base_holds_always_and_comments_and_back_end_reach_the_proof(spy):
    certify_conflict(
        [[[1, 2]], [[-2]]], ["a", "b"], base=[[-1]], decode=_decode,
        holds=lambda g, k: True, minimal=False, backend="g4", time_limit=9, comments=["c"],
    )  # fmt: skip
    assert spy == [{"formula": [[-1], [1, 2], [-2]], "claim": "a; b: cannot all hold",
                    "backend": "g4", "time_limit": 9, "comments": ["c"],
                    "name": "conflict"}]  # fmt: skip


def test_a_member_that_is_not_needed_or_a_bad_witness_is_not_proved():
    # "x" and "x or y" with "not x": without "x or y" the rest still cannot hold
    unneeded = certify_conflict(
        [[[1]], [[1, 2]], [[-1]]], ["x", "x or y", "not x"], decode=_decode,
        holds=lambda g, k: True, minimal=True,
    )  # fmt: skip
    assert unneeded.proved is False
    assert unneeded.reason == "x or y is not needed: the rest cannot hold"
    bad = certify_conflict(PARTS, ["x", "not x"], decode=_decode, holds=lambda g, k: False,
                           minimal=True)  # fmt: skip
    assert bad.proved is False and bad.reason == "the grid found without x breaks another member"
    assert bad.formula == ((1,), (-1,))  # the refutation is kept


def test_a_witness_search_gets_what_is_left_of_the_time_and_may_run_out(monkeypatch):
    runs = []

    class Late:
        def __init__(self, backend, clauses, run=None):
            runs.append(run)
            raise SolverTimeoutError("late")

    monkeypatch.setattr(certify, "SatSolver", Late)
    made = certify_conflict(PARTS, ["x", "not x"], decode=_decode, holds=lambda g, k: True,
                            minimal=True, time_limit=4)  # fmt: skip
    assert made.proved is False and made.reason == "no witness within 4 s"
    assert made.formula == ((1,), (-1,))
    assert 0 < runs[0].deadline.seconds <= 4


# -- no fewer, and the second judge ----------------------------------------------------------


def test_no_fewer_than_one_hands_its_formula_and_settings_to_refute(spy):
    made = certify_no_fewer([[-2, 1], [-3, -1]], [2, 3], 1, "clue", backend="g4", time_limit=6,
                            comments=["c"])  # fmt: skip
    assert made.proved and made.claim == "no fewer than 1 clue"
    (call,) = spy
    assert call["formula"] == [[-2, 1], [-3, -1], [2], [3]]  # no switch off
    assert (call["backend"], call["time_limit"], call["name"]) == ("g4", 6, "no-fewer")
    assert call["comments"][0] == "c"


def test_cpsat_judges_within_the_time_limit():
    made = refute(FOUR, "no solution")
    assert check_with_cpsat(made, time_limit=60).refuted
    with pytest.raises(
        SolverTimeoutError, match=r"^CP-SAT's LRAT check: no answer within 1e-09 s$"
    ):
        check_with_cpsat(made, time_limit=1e-9)
