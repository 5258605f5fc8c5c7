"""From picture to puzzle: the uniqueness check, the repair loop and the grade."""

import pytest
import strategies
from hypothesis import given, settings

from helper.nonogram import Nonogram, NoSolutionError, count_solutions
from helper.nonogram.make import (
    GRADES,
    LINE_LOGIC,
    LINE_PROBING,
    NEEDS_SEARCH,
    check_picture,
    choose_cell,
    grade,
    has_open_cells,
    line_logic,
    line_probing,
    repair_picture,
    repairs,
)
from helper.nonogram.unique import differing_cells, find_solutions
from helper.pictures import draw

# Two 2x2 "diagonal" switches: each can be flipped without changing any clue.
AMBIGUOUS = [
    [1, 0, 0, 0, 0],
    [0, 1, 0, 0, 0],
    [0, 0, 1, 1, 1],
    [0, 0, 0, 1, 0],
    [0, 0, 1, 0, 0],
]

# Unique, but line logic alone gets stuck; line probing finishes it (found by a seeded random
# search).
UNIQUE_NEEDS_PROBING = [
    [1, 0, 0, 1, 1, 0],
    [1, 1, 0, 1, 0, 0],
    [1, 1, 0, 0, 1, 1],
    [1, 0, 0, 0, 1, 1],
    [0, 1, 0, 0, 0, 1],
    [1, 0, 1, 1, 0, 0],
]

SOLUTIONS_LISTED = 200  # a noisy 7x7 picture may have hundreds; these many are compared

pictures = strategies.pictures(3, 7)


def test_unique_picture():
    heart = draw("heart", 7, 7)
    check = check_picture(heart)
    assert check.unique and check.other is None and check.cells == []
    assert check.puzzle == Nonogram.from_grid(heart) and check.puzzle.goal == heart


def test_ambiguous_picture_shows_a_second_solution():
    check = check_picture(AMBIGUOUS)
    assert not check.unique
    assert check.other != AMBIGUOUS
    assert check.puzzle.check(check.other)
    assert check.cells == differing_cells(AMBIGUOUS, check.other)
    assert check.cells  # they do differ somewhere


def test_repair_makes_the_picture_unique_by_filling_cells():
    repaired, changes = repair_picture(AMBIGUOUS)
    assert count_solutions(Nonogram.from_grid(repaired)).unique
    assert changes and all(AMBIGUOUS[r][c] == 0 for r, c in changes)
    assert sorted(differing_cells(AMBIGUOUS, repaired)) == sorted(changes)
    assert AMBIGUOUS[0] == [1, 0, 0, 0, 0]  # the input is not changed in place
    assert repair_picture(AMBIGUOUS) == (repaired, changes)  # the same on every run


def test_repair_leaves_a_unique_picture_alone():
    heart = draw("heart", 9, 9)
    assert repair_picture(heart) == (heart, [])


@settings(max_examples=25, deadline=None)
@given(pictures)
def test_repair_always_ends_with_a_unique_picture(picture):
    repaired, changes = repair_picture(picture)
    assert count_solutions(Nonogram.from_grid(repaired), limit=2).unique
    assert len(set(changes)) == len(changes)
    assert sorted(differing_cells(picture, repaired)) == sorted(changes)
    assert all(repaired[r][c] == 1 and picture[r][c] == 0 for r, c in changes)


def test_repair_gives_up_after_max_changes():
    with pytest.raises(RuntimeError, match="after 0 changes"):
        repair_picture(AMBIGUOUS, max_changes=0)


def test_choose_cell_prefers_a_cell_next_to_ink():
    picture = [[0, 0, 0], [0, 0, 0], [0, 1, 1]]
    assert choose_cell(picture, [(0, 0), (1, 1), (1, 2)]) == (1, 1)  # 2 filled neighbours
    assert choose_cell(picture, [(0, 0), (0, 2)]) == (0, 0)  # a tie: the first one
    with pytest.raises(ValueError, match="empty"):
        choose_cell(picture, [(2, 1)])


@pytest.mark.parametrize(
    ("picture", "message"),
    [
        ([], "at least one row"),
        ([[]], "at least one row"),
        ([[0, 1], [1]], "row 1 of the picture has 1 cells"),
        ([[0, 2]], r"cell \(0, 1\)"),
    ],
)
def test_bad_pictures(picture, message):
    with pytest.raises(ValueError, match=message):
        check_picture(picture)


def test_grade():
    assert grade(Nonogram.from_grid(draw("heart", 9, 9))) == LINE_LOGIC
    assert grade(Nonogram.from_grid(AMBIGUOUS)) == NEEDS_SEARCH
    puzzle = Nonogram.from_grid(UNIQUE_NEEDS_PROBING)
    assert count_solutions(puzzle).unique
    assert line_logic(puzzle) != UNIQUE_NEEDS_PROBING  # line logic alone is stuck
    assert grade(puzzle) == LINE_PROBING


def test_grade_rejects_contradicting_clues():
    with pytest.raises(NoSolutionError):
        grade(Nonogram([[2], [0]], [[2], [0]]))


@settings(max_examples=40, deadline=None)
@given(pictures)
def test_grade_agrees_with_what_each_step_decides(picture):
    puzzle = Nonogram.from_grid(picture)
    found = grade(puzzle)
    assert found in GRADES
    decided_by_logic = all(cell >= 0 for row in line_logic(puzzle) for cell in row)
    assert (found == LINE_LOGIC) == decided_by_logic
    if found != NEEDS_SEARCH:  # reasoning decided every cell: the clues allow one picture
        assert count_solutions(puzzle).unique


@settings(max_examples=30, deadline=None)
@given(pictures)
def test_line_logic_only_decides_what_is_forced(picture):
    puzzle = Nonogram.from_grid(picture)
    state = line_logic(puzzle)
    solutions = find_solutions(puzzle, limit=SOLUTIONS_LISTED)
    assert picture in solutions
    for r, row in enumerate(state):  # a decided cell has the same value in every solution found
        for c, value in enumerate(row):
            assert value == -1 or {s[r][c] for s in solutions} == {value}, (r, c)
    if grade(puzzle) == LINE_LOGIC:
        assert solutions == [state]  # fully decided: the puzzle is unique, and that is its picture


def test_line_logic_of_contradicting_clues():
    with pytest.raises(NoSolutionError, match=r"no solution: (row|column) \d+ has no placement"):
        line_logic(Nonogram([[1, 1], [1]], [[2], [1], [0]]))  # row 0 needs the empty column 2
    with pytest.raises(TypeError, match="expected a Nonogram"):
        grade(([[3]], [[1], [1]]))


def test_repairs_fills_in_place_the_cells_repair_picture_reports():
    picture = [row[:] for row in AMBIGUOUS]
    filled = list(repairs(picture))
    assert (picture, filled) == repair_picture(AMBIGUOUS)
    assert count_solutions(Nonogram.from_grid(picture)).unique
    assert list(repairs(picture)) == []  # unique already: nothing to fill


def test_line_probing_decides_what_line_logic_leaves_open():
    puzzle = Nonogram.from_grid(UNIQUE_NEEDS_PROBING)
    state = line_logic(puzzle)
    assert has_open_cells(state)
    probed = line_probing(puzzle, state)
    assert not has_open_cells(probed) and probed == UNIQUE_NEEDS_PROBING
    assert has_open_cells(state)  # the state given is not changed
