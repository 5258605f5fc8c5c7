"""The families' certificates (``helper.nonogram.certify``, ``helper.futoshiki.certify``): what
each hands to ``helper.certify`` (its formula, its checks, the back end, the time, the comments),
and the corrections, enough and no fewer. The claims themselves are in ``test_certify.py``."""

import pytest

import helper.futoshiki.certify as fc
import helper.nonogram.certify as nc
from helper.futoshiki import Futoshiki
from helper.futoshiki import count_solutions as count_grids
from helper.futoshiki import solve as solve_grid
from helper.futoshiki.conflicts import FutoshikiClue, clues_to_retype, conflicting_clues
from helper.nonogram import Nonogram, count_solutions, solve
from helper.nonogram.clues import runs
from helper.nonogram.conflicts import ClueLine, conflicting_lines, lines_to_retype
from helper.proofs import check_drat

SMALL = Nonogram([[2], [1]], [[2], [1]])  # one picture: [[1, 1], [1, 0]]
SQUARE = Futoshiki([[1, 0], [0, 0]])  # one grid: [[1, 2], [2, 1]]


@pytest.fixture
def spy(monkeypatch):
    """``spy(module, name)`` records each call of ``module.name`` as (args, kwargs)."""
    calls: dict[str, list] = {}

    def install(module, name):
        real = getattr(module, name)

        def recording(*args, **kwargs):
            calls.setdefault(name, []).append((args, kwargs))
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, recording)
        return calls.setdefault(name, [])

    return install


# -- what the comments say ---------------------------------------------------------------------


def test_a_nonogram_s_comments_name_its_size_variables_and_clues():
    puzzle = Nonogram([[1, 1], [], [2]], [[1, 1], [1], [1]])
    assert nc.cnf_comments(puzzle) == [
        "a Nonogram of 3 rows and 3 columns, as the block-start CNF",
        "variables 1 to 9: the cells row by row, true when filled (row r, column c, counted "
        "from 0, is variable r * 3 + c + 1)",
        "variables from 10: each line's gap states and block starts",
        "row clues, from the top: 1 1 | 0 | 2",
        "column clues, from the left: 1 1 | 1 | 1",
    ]
    wide = nc.cnf_comments(Nonogram([[1]] * 2, [[1], [1], [0]]))
    assert wide[1].startswith("variables 1 to 6: ") and wide[2].startswith("variables from 7:")


def test_a_futoshiki_s_comments_name_its_numbering_and_text():
    puzzle = Futoshiki([[0, 0, 0], [0, 0, 0], [0, 0, 3]])
    assert fc.cnf_comments(puzzle) == [
        "a Futoshiki of 3 rows and 3 columns, as the one-hot CNF",
        "variable r * 9 + c * 3 + v: row r, column c (from 0) holds v",
        "the puzzle, in the book's text format:",
        *puzzle.to_text().splitlines(),
    ]


# -- counts and solves: passed through whole ------------------------------------------------------


def test_a_nonogram_count_and_solve_hand_on_formula_checks_and_settings(spy):
    counts, solves = spy(nc, "_certify_count"), spy(nc, "_certify_solve")
    count, result = count_solutions(SMALL), solve(SMALL)
    assert nc.certify_count(SMALL, count, backend="glucose4", time_limit=50).proved
    assert nc.certify_solve(SMALL, result, backend="glucose4", time_limit=40).proved
    ((args, kwargs),) = counts
    assert args[0] is count and args[1]() == nc.nonogram_formula(SMALL)
    assert args[2]([[1, 1], [1, 0]]) == nc.differs_clause(SMALL, [[1, 1], [1, 0]])
    assert kwargs["check"]([[1, 1], [1, 0]]) and not kwargs["check"]([[1, 1], [0, 1]])
    assert (kwargs["backend"], kwargs["time_limit"]) == ("glucose4", 50)
    assert kwargs["comments"] == nc.cnf_comments(SMALL)
    ((args, kwargs),) = solves
    assert args[0] is result and args[1]() == nc.nonogram_formula(SMALL)
    assert kwargs["check"]([[1, 1], [1, 0]]) and not kwargs["check"]([[0, 1], [1, 1]])
    assert (kwargs["backend"], kwargs["time_limit"]) == ("glucose4", 40)
    assert kwargs["comments"] == nc.cnf_comments(SMALL)


def test_a_futoshiki_count_and_solve_hand_on_formula_checks_and_settings(spy):
    counts, solves = spy(fc, "_certify_count"), spy(fc, "_certify_solve")
    count, result = count_grids(SQUARE), solve_grid(SQUARE)
    assert fc.certify_count(SQUARE, count, backend="glucose4", time_limit=50).proved
    assert fc.certify_solve(SQUARE, result, backend="glucose4", time_limit=40).proved
    ((args, kwargs),) = counts
    assert args[0] is count and args[1]() == fc.futoshiki_formula(SQUARE)
    # "some cell differs": not (0, 0) = 1, not (0, 1) = 2, ... in the numbering (r * 2 + c) * 2 + v
    assert sorted(args[2]([[1, 2], [2, 1]])) == [-7, -6, -4, -1]
    assert kwargs["check"]([[1, 2], [2, 1]]) and not kwargs["check"]([[2, 1], [1, 2]])
    assert (kwargs["backend"], kwargs["time_limit"]) == ("glucose4", 50)
    assert kwargs["comments"] == fc.cnf_comments(SQUARE)
    ((args, kwargs),) = solves
    assert args[0] is result and args[1]() == fc.futoshiki_formula(SQUARE)
    assert kwargs["check"]([[1, 2], [2, 1]]) and not kwargs["check"]([[2, 1], [1, 2]])
    assert (kwargs["backend"], kwargs["time_limit"]) == ("glucose4", 40)
    assert kwargs["comments"] == fc.cnf_comments(SQUARE)


# -- conflicts ------------------------------------------------------------------------------


def test_a_nonogram_conflict_hands_on_its_lines_and_decodes_pictures(spy):
    calls = spy(nc, "_certify_conflict")
    broken = Nonogram([[2], []], [[2], []])
    conflict = conflicting_lines(broken)
    made = nc.certify_conflict(broken, conflict, backend="glucose4", time_limit=30)
    assert made.proved
    ((args, kwargs),) = calls
    assert args[1] == [str(line) for line in conflict.lines]
    assert (kwargs["backend"], kwargs["time_limit"], kwargs["minimal"]) == ("glucose4", 30, True)
    assert kwargs["comments"] == [
        *nc.cnf_comments(broken)[:2],
        "the clauses of the conflicting lines only",
    ]
    assert kwargs["decode"]([1, -2, -3, 4, -5]) == [[1, 0], [0, 1]]


def test_a_futoshiki_conflict_hands_on_the_rules_and_its_clues(spy):
    calls = spy(fc, "_certify_conflict")
    broken = Futoshiki([[2, 0], [0, 0]], [((0, 0), (0, 1))])  # 2 < (0, 1): impossible
    conflict = conflicting_clues(broken)
    made = fc.certify_conflict(2, conflict, backend="glucose4", time_limit=30)
    assert made.proved and made.witnesses == ([[1, 2], [2, 1]], [[2, 1], [1, 2]])
    ((args, kwargs),) = calls
    assert args[1] == ["given (0, 0) = 2", "sign (0, 0) < (0, 1)"]
    assert args[0][0] == [[2]]  # "(0, 0) holds 2"
    assert (kwargs["backend"], kwargs["time_limit"], kwargs["minimal"]) == ("glucose4", 30, True)
    rules = fc.futoshiki_formula(Futoshiki([[0, 0], [0, 0]]))
    assert kwargs["base"] == rules
    assert kwargs["comments"] == [
        "a Futoshiki of 2 rows and 2 columns, as the one-hot CNF: the Latin square rules and "
        "the conflicting clues only",
        "variable r * 4 + c * 2 + v: row r, column c (from 0) holds v",
    ]
    holds = kwargs["holds"]
    assert holds([[2, 1], [1, 2]], 0) and not holds([[1, 2], [2, 1]], 0)  # the given
    assert holds([[1, 2], [2, 1]], 1) and not holds([[2, 1], [1, 2]], 1)  # the sign


# -- corrections --------------------------------------------------------------------------------


def _keeps(puzzle, picture, lines) -> bool:
    flat = [v for row in picture for v in row]
    return all(runs([flat[v - 1] for v in nc.line_cells(puzzle, line)]) == list(line.clue)
               for line in lines)  # fmt: skip


def test_disjoint_conflicts_each_a_named_part(spy):
    parts_made = spy(nc, "certify_conflict")
    broken = Nonogram([[2], []], [[2], []])
    fewest = lines_to_retype(broken).fixes[0].typed
    made = nc.certify_correction(broken, fewest, backend="glucose4", time_limit=30)
    assert made.proved and made.name == "correction" and made.backend == "glucose4"
    assert made.claim == "retype row 0: 2, column 0: 2, and no fewer lines"
    assert made.reason == (
        "a picture keeps every other line; 2 disjoint sets of lines that cannot all hold, refuted"
    )
    assert [part.name for part in made.parts] == ["correction-part-1", "correction-part-2"]
    assert all(kwargs["backend"] == "glucose4" and 0 < kwargs["time_limit"] <= 30
               for _, kwargs in parts_made)  # fmt: skip
    assert all(args[1].minimal is False for args, _ in parts_made)


def test_one_conflict_is_one_set():
    puzzle = Nonogram([[1, 1], [1]], [[2], [1], []])
    fewest = lines_to_retype(puzzle).fixes[0].typed
    made = nc.certify_correction(puzzle, fewest)
    assert len(fewest) == 1 and made.proved
    assert made.reason.endswith("; 1 set of lines that cannot all hold, refuted")


def test_overlapping_conflicts_are_bounded_in_one_refutation(spy):
    bounds = spy(nc, "certify_no_fewer")
    rows, cols = [[1, 1], [2], [2], [1, 1]], [[2], [2], [2], [2]]  # rows 0 and 3 mistyped
    puzzle = Nonogram(rows, cols)
    fewest = lines_to_retype(puzzle).fixes[0].typed
    made = nc.certify_correction(puzzle, fewest, backend="glucose4", time_limit=60)
    assert made.proved and [part.claim for part in made.parts] == ["no fewer than 2 lines"]
    (picture,) = made.witnesses
    kept = [line for line in nc.puzzle_lines(puzzle) if line not in fewest]
    assert _keeps(puzzle, picture, kept) and any(map(any, picture))
    ((args, kwargs),) = bounds
    assert args[2:] == (2, "line") and kwargs["backend"] == "glucose4"
    assert 0 < kwargs["time_limit"] <= 60
    assert kwargs["comments"] == [
        *nc.cnf_comments(puzzle)[:2],
        "then, line by line (rows, then columns), its block-start variables and its switch: "
        "each clause of a line holds when the line's switch is true",
    ]
    assert check_drat(made.parts[0].formula, made.parts[0].proof).valid


def test_no_time_for_the_witness_is_said():
    broken = Nonogram([[2], []], [[2], []])
    fewest = lines_to_retype(broken).fixes[0].typed
    made = nc.certify_correction(broken, fewest, time_limit=1e-9)
    assert made.proved is False
    assert made.reason == "no picture keeping the other lines within 1e-09 s"
    late = fc.certify_correction(
        Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))]),
        [FutoshikiClue("given", ((0, 0),), 1)],
        time_limit=1e-9,
    )
    assert late.proved is False
    assert late.reason == "no Latin square keeping the other clues within 1e-09 s"


def test_a_futoshiki_correction_hands_its_switched_formula_to_the_bound(spy):
    bounds = spy(fc, "certify_no_fewer")
    broken = Futoshiki([[1, 0, 0], [0, 0, 0], [0, 0, 1]], [((0, 1), (0, 0)), ((2, 1), (2, 2))])
    fewest = clues_to_retype(broken).fixes[0].typed
    made = fc.certify_correction(broken, fewest, backend="glucose4", time_limit=60)
    assert made.proved and made.name == "correction" and made.backend == "glucose4"
    assert made.reason.startswith("a Latin square keeps every other clue; ")
    ((args, kwargs),) = bounds
    switched, switches = args[0], args[1]
    assert switches == [28, 29, 30, 31]  # after the 27 cell variables of a 3 x 3
    assert args[2:] == (2, "clue")
    assert [28] not in switched and [-28, 1] in switched  # given (0, 0) = 1, behind switch 28
    assert [-31, -22, -24] in switched or any(clause[0] == -31 for clause in switched)
    rules = fc.futoshiki_formula(Futoshiki([[0] * 3] * 3))
    assert switched[: len(rules)] == rules  # the rules, unswitched
    assert all(clause[0] in (-28, -29, -30, -31) for clause in switched[len(rules) :])
    assert kwargs["backend"] == "glucose4" and 0 < kwargs["time_limit"] <= 60
    assert kwargs["comments"] == [
        "a Futoshiki of 3 rows and 3 columns, as the one-hot CNF: variable r * 9 + c * 3 + v "
        "says row r, column c (from 0) holds v",
        "the clues, in order: given (0, 0) = 1; given (2, 2) = 1; sign (0, 1) < (0, 0); "
        "sign (2, 1) < (2, 2)",
    ]


def test_a_futoshiki_correction_larger_than_needed_is_not_proved_no_fewer():
    broken = Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))])
    both = [FutoshikiClue("given", ((0, 0),), 1), FutoshikiClue("sign", ((0, 1), (0, 0)))]
    made = fc.certify_correction(broken, both)
    assert made.proved is False
    assert made.reason == "no fewer: the formula has a solution: Glucose 3 found one"
    assert made.witnesses and made.parts[0].claim == "no fewer than 2 clues"
    with pytest.raises(ValueError, match=r"^no clue to retype: a correction holds 1 clue or more$"):
        fc.certify_correction(broken, [])
    with pytest.raises(ValueError, match=r"^row 5: 1 is not a line of the puzzle$"):
        nc.certify_correction(SMALL, [ClueLine("row", 5, (1,))])


# -- the witness of "enough" is checked without the solver, and the deadline holds throughout ------


def test_a_nonogram_witness_that_breaks_a_kept_line_is_refused(monkeypatch):
    broken = Nonogram([[2], []], [[2], []])
    fewest = lines_to_retype(broken).fixes[0].typed  # row 0 and column 0: keep row 1, column 1
    monkeypatch.setattr(nc, "_keeping", lambda *args: [[0, 0], [0, 1]])  # row 1 is not empty
    made = nc.certify_correction(broken, fewest)
    assert made.proved is False
    assert made.reason == "a witness fails: the picture found breaks a line it keeps"
    kept = [ClueLine("row", 1, ()), ClueLine("column", 1, ())]
    assert nc._keeps(broken, [[1, 0], [0, 0]], kept)
    assert not nc._keeps(broken, [[1, 0], [0, 1]], kept[:1])
    assert not nc._keeps(broken, [[0, 1], [0, 0]], kept[1:])


def test_a_futoshiki_witness_that_breaks_a_kept_clue_is_refused(monkeypatch):
    broken = Futoshiki([[1, 0, 0], [0, 0, 0], [0, 0, 1]], [((0, 1), (0, 0)), ((2, 1), (2, 2))])
    fewest = clues_to_retype(broken).fixes[0].typed
    monkeypatch.setattr(fc, "_keeping", lambda *args: [[1, 2, 3], [2, 3, 1], [3, 1, 2]])
    made = fc.certify_correction(broken, fewest)
    assert made.proved is False
    assert made.reason == "a witness fails: the grid found breaks a clue it keeps"
    square = [[2, 1, 3], [1, 3, 2], [3, 2, 1]]
    given = FutoshikiClue("given", ((2, 2),), 1)
    sign = FutoshikiClue("sign", ((0, 1), (0, 0)))
    assert fc._keeps(3, square, [given, sign])
    assert not fc._keeps(3, square, [FutoshikiClue("given", ((2, 2),), 2)])
    assert not fc._keeps(3, square, [FutoshikiClue("sign", ((0, 0), (0, 1)))])
    assert not fc._keeps(3, [[1, 1, 1], [2, 2, 2], [3, 3, 3]], [])  # not a Latin square


def test_the_search_for_disjoint_conflicts_stops_at_the_deadline(monkeypatch):
    broken = Nonogram([[2], []], [[2], []])
    fewest = lines_to_retype(broken).fixes[0].typed
    monkeypatch.setattr(nc, "_keeping", lambda *args: [[0, 0], [0, 0]])
    made = nc.certify_correction(broken, fewest, time_limit=1e-9)
    assert "disjoint" not in made.reason  # no set found in time: the bound in one refutation
    assert [part.claim for part in made.parts] == ["no fewer than 2 lines"]


def test_an_unproved_conflict_leaves_the_correction_unproved_with_its_reason(monkeypatch):
    from helper.proofs import unproved

    broken = Nonogram([[2], []], [[2], []])
    fewest = lines_to_retype(broken).fixes[0].typed
    monkeypatch.setattr(
        nc, "certify_conflict", lambda *a, **k: unproved("c", "no proof within 1 s")
    )
    made = nc.certify_correction(broken, fewest)
    assert made.proved is False and made.reason == "no proof within 1 s"
    assert [part.reason for part in made.parts] == ["no proof within 1 s"] * 2


def test_too_few_sets_with_one_unproved_is_not_bounded_another_way(monkeypatch):
    from helper.proofs import unproved

    puzzle = Nonogram([[1, 1], [2], [2], [1, 1]], [[2], [2], [2], [2]])  # one disjoint set
    fewest = lines_to_retype(puzzle).fixes[0].typed
    monkeypatch.setattr(
        nc, "certify_conflict", lambda *a, **k: unproved("c", "no proof within 1 s")
    )
    made = nc.certify_correction(puzzle, fewest)
    assert made.proved is False and made.reason == "no proof within 1 s"
    assert [part.claim for part in made.parts] == ["c"]
