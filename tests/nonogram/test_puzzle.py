"""The puzzle value: validated when made, the same clues whatever form they came in."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helper.nonogram import Nonogram, load_puzzle
from helper.nonogram.puzzle import as_nonogram


def test_clues_are_cleaned_and_frozen():
    puzzle = Nonogram([[0], [1, 1]], [[1], [], [1]], name="tiny")
    assert puzzle.rows == ((), (1, 1))
    assert puzzle.cols == ((1,), (), (1,))
    assert (puzzle.height, puzzle.width, puzzle.size, puzzle.cells) == (2, 3, "2x3", 6)
    assert repr(puzzle) == "<Nonogram 'tiny' 2x3>"
    assert repr(Nonogram([[1]], [[1]])) == "<Nonogram 1x1>"
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
    with pytest.raises(ValueError) as error:
        Nonogram([[1]], [[1]], goal=[[0]])
    assert str(error.value) == "the goal picture does not match the clues"


@pytest.mark.parametrize(
    "goal", [((1, 0), (0, 1)), [[True, False], [False, True]], [[1.0, 0], [0, 1]]]
)
def test_a_goal_is_kept_as_lists_of_ints(goal):
    kept = Nonogram([[1], [1]], [[1], [1]], goal=goal).goal
    assert kept == [[1, 0], [0, 1]]
    assert [type(row) for row in kept] == [list, list]
    assert {type(cell) for row in kept for cell in row} == {int}


@pytest.mark.parametrize("goal", [[[0.5]], [["0"]], [["1"]], "0", "1", [None], 5, [[1, 0]]])
@pytest.mark.parametrize("clue", [[1], [0]])
def test_a_goal_that_is_not_a_picture_of_the_clues_is_refused(goal, clue):
    # Not read as 0 or 1 (0.5, "1") and no TypeError (None, 5): the same clear error.
    with pytest.raises(ValueError, match=r"^the goal picture does not match the clues$"):
        Nonogram([clue], [clue], goal=goal)


def test_info_is_the_puzzles_own_dict():
    info = {"title": "T"}
    puzzle = Nonogram([[1]], [[1]], info=info)
    info["title"] = "changed"
    assert puzzle.info == {"title": "T"}
    assert type(puzzle.info) is dict


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
    assert (again.goal, again.family, again.title, again.info) == (
        picture,
        "f",
        "T",
        {"title": "T"},
    )


def test_equal_clues_are_equal_puzzles_whatever_the_name():
    assert Nonogram([[1]], [[1]], name="a") == Nonogram([[1]], [[1]], name="b")
    assert Nonogram([[1], []], [[1]]) != Nonogram([[], [1]], [[1]])
    assert len({Nonogram([[1]], [[1]]), Nonogram([[1]], [[1]], name="x")}) == 1


def test_different_puzzles_hash_apart():
    # Every 3x3 picture with a distinct pair of clue lists: a constant hash would still be
    # correct, but would make every set or dict of puzzles a list.
    pictures = (
        [[(bits >> (3 * r + c)) & 1 for c in range(3)] for r in range(3)] for bits in range(512)
    )
    puzzles = set(map(Nonogram.from_grid, pictures))
    assert len(puzzles) > 300
    assert len({hash(puzzle) for puzzle in puzzles}) == len(puzzles)


@pytest.mark.parametrize("data", [{"rows": [[1]]}, {"cols": [[1]]}, [[1]], ["rows", "cols"]])
def test_from_dict_wants_an_object_with_rows_and_cols(data):
    with pytest.raises(ValueError) as error:
        Nonogram.from_dict(data)
    assert str(error.value) == 'a puzzle is an object with "rows" and "cols" lists'


def test_from_dict_keeps_the_text_keys_as_info():
    data = {"rows": [[1]], "cols": [[1]], "title": "T", "by": "me", "family": "f", "level": 3}
    puzzle = Nonogram.from_dict(data, name="p")
    assert (puzzle.name, puzzle.family, puzzle.info) == ("p", "f", {"title": "T", "by": "me"})
    bare = Nonogram.from_dict({"rows": [[1]], "cols": [[1]]})
    assert (bare.name, bare.family, bare.goal, bare.info) == ("", "", None, {})
    assert bare.to_dict() == {"rows": [[1]], "cols": [[1]]}


def test_the_books_puzzles_load_as_nonograms():
    house = load_puzzle("nonogram03")
    assert (house.name, house.size, house.title) == ("nonogram03", "45x60", house.info["title"])
    assert house.info["title"].startswith("House")


def test_as_nonogram_passes_a_nonogram_through_and_names_anything_else():
    puzzle = Nonogram([[1]], [[1]], name="p")
    assert as_nonogram(puzzle) is puzzle
    for wrong, kind in [(([[1]], [[1]]), "tuple"), ({"rows": [[1]]}, "dict"), (None, "NoneType")]:
        with pytest.raises(TypeError) as error:
            as_nonogram(wrong)
        assert str(error.value) == (
            f"expected a Nonogram, got {kind}; "
            "make one with Nonogram(rows, cols) or load one with load_puzzle(name)"
        )
