"""Certificates: every claim a count or a solve makes is proved (a witness for a "yes", a DRAT
proof the book's checker accepts for a "no"), or reported as not proved, never the other way.

The counts are held against brute force on small puzzles, and a wrong claim ("unique" for a
puzzle with two solutions, "no solution" for a puzzle with one) must come back not proved.
"""

import itertools
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP

import helper.certify as certify
from helper.certify import certify_count, check_with_cpsat, refute
from helper.deadline import Deadline
from helper.futoshiki import Futoshiki, check_futoshiki
from helper.futoshiki import count_solutions as count_futoshiki
from helper.futoshiki import solve as solve_futoshiki
from helper.futoshiki.certify import certify_count as certify_futoshiki
from helper.futoshiki.certify import futoshiki_formula
from helper.nonogram import Nonogram, count_solutions, load_puzzle, solve
from helper.nonogram.certify import (
    certify_count as certify_nonogram,
)
from helper.nonogram.certify import (
    differs_clause,
    nonogram_cnf,
    nonogram_formula,
)
from helper.nonogram.clues import check_nonogram, clues_from_grid
from helper.nonogram.make import grade
from helper.proofs import Checker, check_drat
from helper.results import CountResult

NO_SOLUTION = Nonogram([[], [], [2]], [[], [], [2]])  # row 3 holds 2 cells, column 3 a block of 2
TWO_PICTURES = Nonogram([[1], [1]], [[1], [1]])  # the two diagonals
UNIQUE = Nonogram([[2], [1]], [[2], [1]])


def brute_force_nonogram(puzzle: Nonogram) -> list[list[list[int]]]:
    cells = puzzle.height * puzzle.width
    found = []
    for bits in itertools.product((0, 1), repeat=cells):
        grid = [list(bits[r * puzzle.width : (r + 1) * puzzle.width]) for r in range(puzzle.height)]
        if check_nonogram(puzzle.rows, puzzle.cols, grid):
            found.append(grid)
    return found


# -- refute: the one way a "no" is proved ------------------------------------------------------


def test_an_unsatisfiable_formula_is_proved_with_a_proof_the_checker_accepts():
    formula = PHP(5).clauses
    certificate = refute(formula, "no solution")
    assert certificate.proved and certificate.check is not None and certificate.check.valid
    assert certificate.lemmas == certificate.check.lemmas > 0
    assert check_drat(formula, certificate.proof).valid  # the proof stands on its own
    assert certificate.backend == "glucose3"
    assert certificate.reason.startswith("Glucose 3's DRAT proof (")


def test_a_satisfiable_formula_leaves_the_claim_not_proved():
    certificate = refute([[1, 2], [-1]], "no solution")
    assert not certificate.proved
    assert certificate.reason == "the formula has a solution: Glucose 3 found one"


def test_a_proof_the_checker_rejects_leaves_the_claim_not_proved(monkeypatch):
    from helper.backends.pysat import SatSolver

    monkeypatch.setattr(SatSolver, "proof", lambda self: ["0"])  # claims the empty clause at once
    certificate = refute(PHP(4).clauses, "no solution")
    assert not certificate.proved
    assert certificate.reason == (
        "the checker rejected Glucose 3's proof: step 1: the empty clause does not follow "
        "(RUP fails)"
    )


def test_no_time_to_make_the_proof_leaves_the_claim_not_proved():
    certificate = refute(PHP(10).clauses, "no solution", time_limit=0.05)
    assert not certificate.proved and certificate.reason == "no proof within 0.05 s"


def test_no_time_to_check_the_proof_leaves_the_claim_not_proved(monkeypatch):
    passed = Deadline(1e-9)
    real = Checker.check
    monkeypatch.setattr(
        Checker, "check", lambda self, proof, deadline: real(self, proof, deadline=passed)
    )
    certificate = refute(PHP(4).clauses, "no solution", time_limit=60)
    assert not certificate.proved
    assert certificate.reason == "the proof was not checked within 60 s"
    assert certificate.proof  # it was made


def test_cpsat_judges_a_certificate_s_formula_a_second_time():
    puzzle = load_puzzle("nonogram02")
    certified = count_solutions(puzzle, certify=True).certificate
    assert certified.proved and certified.lemmas > 0
    assert check_with_cpsat(certified).refuted
    tampered = replace(certified, formula=certified.formula[:-1])  # no "some cell differs"
    assert check_with_cpsat(tampered).verdict == "optimal"


def test_a_claim_proved_by_witnesses_alone_has_nothing_for_cpsat_to_judge():
    puzzle = Nonogram([[1], [1]], [[1], [1]])  # two diagonals
    certified = count_solutions(puzzle, certify=True).certificate
    with pytest.raises(ValueError, match="has no formula to refute: its witnesses prove it"):
        check_with_cpsat(certified)


def test_a_back_end_without_proofs_is_refused_by_name():
    with pytest.raises(ValueError, match=r"MiniSat 2.2 \('m22'\) cannot prove a \"no\""):
        refute(PHP(2).clauses, "no solution", backend="m22")


@pytest.mark.parametrize("backend", ["cd195", "g4", "lgl"])
def test_other_back_ends_prove_too(backend):
    assert refute(PHP(4).clauses, "no solution", backend=backend).proved


# -- what each kind of count claims ------------------------------------------------------------


def _count(solutions, limit, complete=True, message=""):
    return CountResult(solutions, limit=limit, complete=complete, message=message)


def test_the_claim_of_each_kind_of_count():
    puzzle = TWO_PICTURES
    first, second = sorted(brute_force_nonogram(puzzle))
    cases = [
        (_count([first, second], 2), "at least 2 solutions", True),
        (_count([first, second], None), "exactly 2 solutions", True),
        (_count([first], 1), "at least 1 solution", True),
        (_count([first], None, complete=False), "at least 1 solution", True),
        (_count([], None, complete=False, message="out of time"), "no solution", False),
        # wrong claims, as a broken counter would make them: never proved
        (_count([first], 2), "unique", False),
        (_count([], 2), "no solution", False),
    ]
    for count, claim, proved in cases:
        certificate = certify_nonogram(puzzle, count)
        assert (certificate.claim, certificate.proved) == (claim, proved), certificate
    wrong = certify_nonogram(puzzle, _count([first], 2))
    assert wrong.reason == "the formula has a solution: Glucose 3 found one"
    assert certify_nonogram(puzzle, _count([], None, False, "out of time")).reason == (
        "the count claims nothing: out of time"
    )


def test_a_witness_claim_has_no_formula_to_write(tmp_path):
    certificate = certify_nonogram(TWO_PICTURES, count_solutions(TWO_PICTURES))
    assert certificate.proved and certificate.formula == ()
    assert certificate.write(tmp_path) is None and list(tmp_path.iterdir()) == []


# -- Nonogram ----------------------------------------------------------------------------------


@st.composite
def small_pictures(draw):
    height = draw(st.integers(1, 4))
    width = draw(st.integers(1, 4))
    cells = draw(st.lists(st.integers(0, 1), min_size=height * width, max_size=height * width))
    return [cells[r * width : (r + 1) * width] for r in range(height)]


@settings(max_examples=40, deadline=None)
@given(small_pictures())
def test_a_certified_count_of_every_solution_agrees_with_brute_force(picture):
    rows, cols = clues_from_grid(picture)
    puzzle = Nonogram(rows, cols)
    count = count_solutions(puzzle, limit=None, certify=True)
    everything = brute_force_nonogram(puzzle)
    assert sorted(count.solutions) == sorted(everything)
    certificate = count.certificate
    assert certificate.proved, certificate.reason
    expected = "unique" if len(everything) == 1 else f"exactly {len(everything)} solutions"
    assert certificate.claim == expected
    # the formula the proof refutes is the clues and "differs from each solution"
    assert sorted(certificate.formula[-len(everything) :]) == sorted(
        tuple(differs_clause(puzzle, grid)) for grid in everything
    )
    assert check_drat(certificate.formula, certificate.proof).valid


@settings(max_examples=25, deadline=None)
@given(small_pictures())
def test_unit_propagation_refutes_a_second_picture_exactly_when_line_logic_solves_it(picture):
    """On the block-start CNF unit propagation is line logic: a uniqueness proof of a puzzle
    that line logic solves needs no lemma, and one that line logic does not solve needs some."""
    rows, cols = clues_from_grid(picture)
    puzzle = Nonogram(rows, cols)
    formula = [*nonogram_formula(puzzle), differs_clause(puzzle, picture)]
    refuted_by_propagation = check_drat(formula, ["0"]).valid
    assert refuted_by_propagation == (grade(puzzle) == "line logic")


def test_the_cells_are_the_first_variables_row_by_row():
    model = nonogram_cnf(Nonogram([[1], [1], [1]], [[1], [1], [1]]))
    assert model.cells == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_no_solution_is_proved_for_a_count_and_for_a_solve():
    count = count_solutions(NO_SOLUTION, certify=True)
    assert count.count == 0 and count.certificate.claim == "no solution"
    assert count.certificate.proved and count.certificate.witnesses == ()
    # refuted at the top level, the back end's proof has no empty clause: one is added, so
    # that the files are a complete DRAT proof
    assert count.certificate.proof[-1] == "0" and count.certificate.lemmas == 0
    result = solve(NO_SOLUTION, certify=True)
    assert result.status == "no solution"
    assert result.certificate.claim == "no solution" and result.certificate.proved


def test_a_solve_proves_its_picture_by_the_picture():
    result = solve(UNIQUE, certify=True)
    assert result.certificate.claim == "has a solution" and result.certificate.proved
    assert result.certificate.witnesses == (result.grid,)


def test_without_certify_there_is_no_certificate():
    assert count_solutions(UNIQUE).certificate is None and solve(UNIQUE).certificate is None


def test_the_book_puzzles_are_proved_unique():
    for name in ("nonogram01", "nonogram02"):
        count = count_solutions(load_puzzle(name), certify=True)
        assert count.unique and count.certificate.claim == "unique"
        assert count.certificate.proved, count.certificate.reason


# -- Futoshiki ---------------------------------------------------------------------------------


def brute_force_futoshiki(puzzle: Futoshiki) -> list[list[list[int]]]:
    """Every grid of permutations whose columns repeat no digit, checked by check_futoshiki."""
    n = len(puzzle.grid)
    rows = list(itertools.permutations(range(1, n + 1)))
    squares: list[list[tuple[int, ...]]] = [[]]
    for _ in range(n):  # row by row, keeping the columns free of repeats
        squares = [
            [*square, row]
            for square in squares
            for row in rows
            if all(row[c] != above[c] for above in square for c in range(n))
        ]
    return [
        [list(row) for row in square]
        for square in squares
        if check_futoshiki(puzzle.grid, puzzle.constraints, [list(row) for row in square])
    ]


@st.composite
def small_futoshikis(draw):
    n = draw(st.integers(2, 4))
    grid = [
        [draw(st.sampled_from([0, 0, 0, *range(1, n + 1)])) for _ in range(n)] for _ in range(n)
    ]
    cells = [(r, c) for r in range(n) for c in range(n)]
    pairs = [(a, b) for a in cells for b in cells if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
    signs = draw(st.lists(st.sampled_from(pairs), max_size=4, unique=True))
    try:
        return Futoshiki(grid, signs)
    except ValueError:  # a given repeated in a line, a sign against the givens, ...
        return Futoshiki([[0] * n for _ in range(n)])


@settings(max_examples=40, deadline=None)
@given(small_futoshikis())
def test_a_certified_futoshiki_count_agrees_with_brute_force(puzzle):
    count = count_futoshiki(puzzle, limit=None, certify=True)
    everything = brute_force_futoshiki(puzzle)
    assert len(count.solutions) == len(everything)
    certificate = count.certificate
    assert certificate.proved, certificate.reason
    expected = {0: "no solution", 1: "unique"}.get(
        len(everything), f"exactly {len(everything)} solutions"
    )
    assert certificate.claim == expected


def test_a_wrong_futoshiki_claim_is_not_proved():
    puzzle = Futoshiki([[0, 0], [0, 0]])
    one = count_futoshiki(puzzle, limit=1)
    claimed_unique = CountResult(one.solutions, limit=2, complete=True)
    certificate = certify_futoshiki(puzzle, claimed_unique)
    assert certificate.claim == "unique" and not certificate.proved


def test_a_book_futoshiki_is_proved_unique_and_its_formula_is_the_one_hot_cnf():
    from helper.futoshiki import load_puzzle as load_futoshiki

    puzzle = load_futoshiki("nine01")
    count = count_futoshiki(puzzle, certify=True)
    assert count.unique and count.certificate.proved
    assert list(count.certificate.formula[:-1]) == [tuple(c) for c in futoshiki_formula(puzzle)]
    assert solve_futoshiki(puzzle, certify=True).certificate.proved
    from helper.futoshiki.cnf import one_hot_cnf

    assert futoshiki_formula(puzzle) == one_hot_cnf(puzzle.grid, puzzle.constraints)[0].clauses


def test_certify_count_is_the_same_for_both_families():
    assert certify_count is certify.certify_count


# -- witnesses are checked again, by code that shares nothing with the solvers ------------------


def test_a_witness_that_breaks_the_clues_proves_nothing():
    empty = [[0] * 3 for _ in range(3)]
    certificate = certify_nonogram(NO_SOLUTION, _count([empty], 2))
    assert certificate.claim == "unique" and not certificate.proved
    assert certificate.reason == "a witness fails: solution 1 breaks the clues"
    made_up = solve(UNIQUE)
    object.__setattr__(made_up, "grid", [[0, 0], [0, 0]])
    from helper.nonogram.certify import certify_solve

    assert certify_solve(UNIQUE, made_up).reason == (
        "a witness fails: the solution breaks the clues"
    )


def test_the_same_solution_twice_is_not_two_solutions():
    small = Nonogram([[], [], [2], [1, 1]], [[1], [1], [1], [1]])
    grid = count_solutions(small).solutions[0]
    for limit, claim in ((None, "exactly 2 solutions"), (2, "at least 2 solutions")):
        certificate = certify_nonogram(small, _count([grid, grid], limit))
        assert (certificate.claim, certificate.proved) == (claim, False)
        assert certificate.reason == "a witness fails: two of the solutions are the same grid"


def test_a_futoshiki_witness_is_checked_against_its_givens_and_signs():
    puzzle = Futoshiki([[1, 0], [0, 0]])
    wrong = CountResult([[[2, 1], [1, 2]]], limit=2, complete=True)  # breaks the given 1
    assert certify_futoshiki(puzzle, wrong).reason == "a witness fails: solution 1 breaks the clues"


# -- a second checker, written by others, accepts the same files --------------------------------


def _dratify_accepts(certificate, folder) -> bool:
    import dratify

    cnf, drat = certificate.write(folder)
    formula = dratify.parse_dimacs(cnf.read_text())
    return bool(dratify.check_proof(formula, drat.read_text(), engine="python").ok)


def test_dratify_accepts_the_files_of_every_kind_of_certificate(tmp_path):
    from helper.futoshiki import load_puzzle as load_futoshiki
    from helper.futoshiki.certify import certify_conflict as certify_clues
    from helper.futoshiki.conflicts import conflicting_clues
    from helper.nonogram import conflicting_lines
    from helper.nonogram.certify import certify_conflict

    certificates = [
        count_solutions(load_puzzle("nonogram02"), certify=True).certificate,  # a lemma
        count_futoshiki(load_futoshiki("nine01"), certify=True).certificate,  # 27 lemmas
        solve(NO_SOLUTION, certify=True).certificate,  # no lemma
        certify_conflict(NO_SOLUTION, conflicting_lines(NO_SOLUTION)),
        certify_clues(2, conflicting_clues(Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))]))),
    ]
    for k, certificate in enumerate(certificates):
        assert certificate.proved, certificate.reason
        assert _dratify_accepts(certificate, tmp_path / str(k)), certificate.claim


def test_dratify_rejects_a_proof_ours_rejects(tmp_path):
    certificate = count_solutions(load_puzzle("nonogram02"), certify=True).certificate
    tampered = [line for line in certificate.proof if line.startswith("d") or line == "0"]
    assert not check_drat(certificate.formula, tampered).valid
    from dataclasses import replace

    assert not _dratify_accepts(replace(certificate, proof=tuple(tampered)), tmp_path)


# -- conflicts ---------------------------------------------------------------------------------


def test_a_conflict_is_proved_with_a_witness_per_member():
    from pathlib import Path

    from helper.formats import read_puzzle_file
    from helper.nonogram import conflicting_lines
    from helper.nonogram.certify import certify_conflict, line_cells
    from helper.nonogram.clues import runs

    broken = read_puzzle_file(Path(__file__).parent / "data" / "no_solution.non")
    conflict = conflicting_lines(broken)
    certificate = certify_conflict(broken, conflict)
    assert certificate.proved and len(certificate.witnesses) == len(conflict)
    for k, grid in enumerate(certificate.witnesses):
        flat = [v for row in grid for v in row]
        kept = [line for j, line in enumerate(conflict.lines) if j != k]
        assert all(
            runs([flat[v - 1] for v in line_cells(broken, line)]) == list(line.clue)
            for line in kept
        )


def test_a_set_that_is_not_minimal_is_not_proved_minimal():
    from helper.nonogram import conflicting_lines
    from helper.nonogram.certify import certify_conflict
    from helper.nonogram.conflicts import ClueLine, LineConflict

    broken = NO_SOLUTION
    needed = conflicting_lines(broken).lines
    spare = next(line for line in (ClueLine("row", r, ()) for r in range(3)) if line not in needed)
    extra = LineConflict((*needed, spare), minimal=True, first=3, solves=0)
    certificate = certify_conflict(broken, extra)
    assert not certificate.proved
    assert certificate.reason == f"{spare} is not needed: the rest cannot hold"
    plain = LineConflict(extra.lines, minimal=False, first=3, solves=0)
    unminimal = certify_conflict(broken, plain)
    assert unminimal.proved and unminimal.claim.endswith(": cannot all hold")
    assert unminimal.witnesses == ()


def test_lines_that_can_all_hold_are_not_proved_to_conflict():
    from helper.nonogram.certify import certify_conflict
    from helper.nonogram.conflicts import ClueLine, LineConflict

    fine = LineConflict((ClueLine("row", 0, (2,)),), minimal=True, first=1, solves=0)
    certificate = certify_conflict(UNIQUE, fine)
    assert not certificate.proved and "has a solution" in certificate.reason


def test_a_futoshiki_conflict_witness_is_a_latin_square_keeping_the_rest():
    from helper.futoshiki.certify import certify_conflict as certify_clues
    from helper.futoshiki.conflicts import conflicting_clues

    broken = Futoshiki([[1, 0, 0], [0, 0, 0], [0, 0, 0]], [((0, 1), (0, 0))])
    conflict = conflicting_clues(broken)
    certificate = certify_clues(3, conflict)
    assert certificate.proved and len(certificate.witnesses) == len(conflict) == 2
    without_given, without_sign = certificate.witnesses
    assert without_given[0][1] < without_given[0][0]  # keeps the sign
    assert without_sign[0][0] == 1  # keeps the given


# -- the fewest lines to retype ---------------------------------------------------------------


def test_the_fewest_lines_to_retype_are_proved_enough_and_no_fewer():
    from helper.nonogram.certify import certify_correction
    from helper.nonogram.conflicts import lines_to_retype

    broken = Nonogram([[2], []], [[2], []])
    fewest = lines_to_retype(broken).fixes[0].typed
    certificate = certify_correction(broken, fewest)
    assert certificate.proved and len(fewest) == len(certificate.parts) == 2
    members = [set(part.claim.split(": cannot")[0].split("; ")) for part in certificate.parts]
    assert not members[0] & members[1]  # disjoint: each needs its own retyped line
    assert all(
        part.proved and check_drat(part.formula, part.proof).valid for part in certificate.parts
    )
    (picture,) = certificate.witnesses
    assert picture[1] == [0, 0] and [row[1] for row in picture] == [0, 0]  # row 1, column 1


def test_too_few_lines_or_too_many_are_not_proved():
    from helper.nonogram.certify import certify_correction
    from helper.nonogram.conflicts import ClueLine

    broken = Nonogram([[2], []], [[2], []])
    one = certify_correction(broken, [ClueLine("row", 1, ())])
    assert not one.proved and one.reason == "the other lines cannot all hold: these are not enough"
    three = [ClueLine("row", 0, (2,)), ClueLine("column", 0, (2,)), ClueLine("row", 1, ())]
    more = certify_correction(broken, three)  # enough, but two lines would do
    assert not more.proved
    assert more.reason == (
        "only 2 disjoint sets of lines that cannot all hold were found, and the bound in one "
        "refutation is not proved: the formula has a solution: Glucose 3 found one"
    )
    assert [part.claim for part in more.parts] == ["no fewer than 3 lines"]
    with pytest.raises(ValueError, match="row 5: 1 is not a line of the puzzle"):
        certify_correction(broken, [ClueLine("row", 5, (1,))])


def test_when_disjoint_conflicts_fall_short_one_refutation_proves_the_bound(monkeypatch):
    import helper.nonogram.certify as nonogram_certify
    from helper.nonogram.conflicts import lines_to_retype

    broken = Nonogram([[2], []], [[2], []])
    fewest = lines_to_retype(broken).fixes[0].typed
    monkeypatch.setattr(nonogram_certify, "deletion_mus", lambda *args: None)  # no set found
    certificate = nonogram_certify.certify_correction(broken, fewest)
    assert certificate.proved
    (bound,) = certificate.parts
    assert bound.claim == "no fewer than 2 lines" and bound.name == "no-fewer"
    assert check_drat(bound.formula, bound.proof).valid
    assert certificate.reason.startswith("a picture keeps every other line; ")


# -- a lower bound in one refutation: at most k switches off ------------------------------------


def _extendable(clauses, literals, top):
    """The assignments of ``literals`` (by position) that some values of the registers extend
    to a model of ``clauses``. With the literals fixed, every clause has at most one register
    that it makes true (it is a Horn clause in the registers; asserted), so a model exists
    exactly when the least one does: registers set only where a clause forces them."""
    registers = {abs(x) for clause in clauses for x in clause} - set(map(abs, literals))
    assert all(sum(x > 0 and x in registers for x in clause) <= 1 for clause in clauses)
    out = set()
    for values in itertools.product((False, True), repeat=len(literals)):
        model = {abs(x): v == (x > 0) for x, v in zip(literals, values, strict=True)}
        model.update(dict.fromkeys(registers, False))
        changed = True
        while changed:
            changed = False
            for clause in clauses:
                if not any(model[abs(x)] == (x > 0) for x in clause):
                    head = [x for x in clause if x > 0 and x in registers]
                    if head:
                        model[head[0]] = changed = True
        if all(any(model[abs(x)] == (x > 0) for x in clause) for clause in clauses):
            out.add(values)
    return out


@pytest.mark.parametrize("count", range(1, 6))
def test_at_most_allows_exactly_the_assignments_within_the_bound(count):
    from helper.certify import at_most

    literals = [-(k + 1) if k % 2 else k + 1 for k in range(count)]  # some negated
    for bound in range(count + 1):
        clauses = at_most(literals, bound, count)
        registers = {abs(x) for clause in clauses for x in clause} - set(range(1, count + 1))
        assert all(register > count for register in registers)  # new variables only
        allowed = {
            values
            for values in itertools.product((False, True), repeat=count)
            if sum(values) <= bound
        }
        assert _extendable(clauses, literals, count) == allowed, (count, bound)
    with pytest.raises(ValueError, match="the bound must be 0 or more"):
        at_most(literals, -1, count)


@pytest.mark.parametrize("weights", [(1,), (2, 1), (1, 3, 2), (3, 1, 1, 2), (5, 3, 5, 1)])
def test_at_most_weighted_allows_exactly_the_assignments_within_the_bound(weights):
    from helper.certify import at_most_weighted

    count = len(weights)
    literals = [-(k + 1) if k % 2 else k + 1 for k in range(count)]  # some negated
    for bound in range(sum(weights) + 1):
        clauses = at_most_weighted(literals, weights, bound, count)
        registers = {abs(x) for clause in clauses for x in clause} - set(range(1, count + 1))
        assert all(register > count for register in registers)  # new variables only
        allowed = {
            values
            for values in itertools.product((False, True), repeat=count)
            if sum(w for w, v in zip(weights, values, strict=True) if v) <= bound
        }
        assert _extendable(clauses, literals, count) == allowed, (weights, bound)
    with pytest.raises(ValueError, match="the bound must be 0 or more"):
        at_most_weighted(literals, weights, -1, count)
    with pytest.raises(ValueError, match=r"^one positive weight per literal$"):
        at_most_weighted(literals, [0, *weights[1:]], 1, count)
    with pytest.raises(ValueError, match=r"^one positive weight per literal$"):
        at_most_weighted(literals, [*weights, 1], 1, count)


def test_no_fewer_is_proved_where_disjoint_conflicts_cannot_show_it():
    from helper.certify import certify_no_fewer

    # three clues "p", "q", "r" and the rule "at most one of them": any two conflict, so
    # every conflict overlaps every other, yet two of the three must go
    rules = [[-1, -2], [-1, -3], [-2, -3]]
    switched = [*rules, [-4, 1], [-5, 2], [-6, 3]]
    two = certify_no_fewer(switched, [4, 5, 6], 2, "clue")
    assert two.proved and two.claim == "no fewer than 2 clues" and two.name == "no-fewer"
    assert check_drat(two.formula, two.proof).valid and check_with_cpsat(two).refuted
    assert not certify_no_fewer(switched, [4, 5, 6], 3, "clue").proved
    assert two.comments[-1] == "the last 5 clauses: at most 1 switch false (a sequential counter)"
    assert two.comments[-2].endswith("(the clue holds when its switch is true): 4 5 6")
    three = certify_no_fewer(switched, [4, 5, 6], 3, "clue")
    assert three.comments[-1].endswith(": at most 2 switches false (a sequential counter)")
    with pytest.raises(ValueError, match="a correction holds 1 clue or more"):
        certify_no_fewer(switched, [4, 5, 6], 0, "clue")


def test_the_clues_to_retype_of_a_futoshiki_are_proved_enough_and_no_fewer():
    from helper.futoshiki.certify import certify_correction
    from helper.futoshiki.conflicts import FutoshikiClue, clues_to_retype, puzzle_clues

    # two corners given 1, each beside a cell the signs say is smaller: two clues must go
    broken = Futoshiki([[1, 0, 0], [0, 0, 0], [0, 0, 1]], [((0, 1), (0, 0)), ((2, 1), (2, 2))])
    fewest = clues_to_retype(broken).fixes[0].typed
    certificate = certify_correction(broken, fewest)
    assert certificate.proved and len(fewest) == 2
    assert certificate.claim == f"retype {', '.join(map(str, fewest))}, and no fewer clues"
    (square,) = certificate.witnesses
    assert check_futoshiki([[0] * 3] * 3, [], square)  # a Latin square
    kept = [clue for clue in puzzle_clues(broken.grid, broken.constraints) if clue not in fewest]
    assert len(kept) == 2
    for clue in kept:  # each clue left is kept
        (r, c), *rest = clue.cells
        if clue.kind == "given":
            assert square[r][c] == clue.value
        else:
            assert square[r][c] < square[rest[0][0]][rest[0][1]]
    assert "the clues, in order: given (0, 0) = 1; given (2, 2) = 1; sign" in "".join(
        certificate.parts[0].comments
    )
    (bound,) = certificate.parts
    assert bound.claim == "no fewer than 2 clues" and check_drat(bound.formula, bound.proof).valid
    too_few = certify_correction(broken, fewest[:1])
    assert not too_few.proved
    assert too_few.reason == "the other clues cannot all hold: these are not enough"
    with pytest.raises(ValueError, match=r"given \(2, 2\) = 3 is not a clue of the puzzle"):
        certify_correction(broken, [FutoshikiClue("given", ((2, 2),), 3)])
    with pytest.raises(ValueError, match="no clue to retype"):
        certify_correction(broken, [])
