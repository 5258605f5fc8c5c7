"""The puzzle value: validated when made, the same clues whatever form they came in."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helper.nonogram import Nonogram, load_puzzle


def test_clues_are_cleaned_and_frozen():
    puzzle = Nonogram([[0], [1, 1]], [[1], [], [1]], name="tiny")
    assert puzzle.rows == ((), (1, 1))
    assert puzzle.cols == ((1,), (), (1,))
    assert (puzzle.height, puzzle.width, puzzle.size, puzzle.cells) == (2, 3, "2x3", 6)
    assert repr(puzzle) == "<Nonogram 'tiny' 2x3>"
    with pytest.raises(AttributeError):
        puzzle.rows = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("rows", "cols", "message"),
    [
        ([[4]], [[1]] * 3, r"row 0: clue \[4\] needs 4 cells but the line has only 3"),
        ([[1], [1]], [[2], [1]], "paint 2 cells but the column clues paint 3"),
        ([], [[1]], "no rows"),
        ([[1.0]], [[1]], "row 0"),
    ],
)
def test_bad_clues_are_named_when_the_puzzle_is_made(rows, cols, message):
    with pytest.raises(ValueError, match=message):
        Nonogram(rows, cols)


def test_a_goal_must_fit_the_clues():
    assert Nonogram([[1]], [[1]], goal=[[1]]).goal == [[1]]
    with pytest.raises(ValueError, match="goal picture does not match"):
        Nonogram([[1]], [[1]], goal=[[0]])


@given(
    st.integers(1, 5).flatmap(
        lambda w: st.lists(st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=1)
    )
)
def test_from_grid_and_the_dict_round_trip(picture):
    puzzle = Nonogram.from_grid(picture, name="p", family="f", info={"title": "T"})
    assert puzzle.goal == picture
    assert puzzle.check(picture)
    again = Nonogram.from_dict(puzzle.to_dict(), name="p")
    assert again == puzzle
    assert (again.goal, again.family, again.title) == (picture, "f", "T")


def test_equal_clues_are_equal_puzzles_whatever_the_name():
    assert Nonogram([[1]], [[1]], name="a") == Nonogram([[1]], [[1]], name="b")
    assert Nonogram([[1], []], [[1]]) != Nonogram([[], [1]], [[1]])
    assert len({Nonogram([[1]], [[1]]), Nonogram([[1]], [[1]], name="x")}) == 1


def test_from_dict_wants_rows_and_cols():
    with pytest.raises(ValueError, match='"rows" and "cols"'):
        Nonogram.from_dict({"rows": [[1]]})
    with pytest.raises(ValueError, match='"rows" and "cols"'):
        Nonogram.from_dict([[1]])  # type: ignore[arg-type]


def test_the_books_puzzles_load_as_nonograms():
    house = load_puzzle("nonogram03")
    assert (house.name, house.size, house.title) == ("nonogram03", "45x60", house.info["title"])
    assert house.info["title"].startswith("House")
