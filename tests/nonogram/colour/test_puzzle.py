"""The colour puzzle value: its palette, validation with errors that name the line, the block
and what is wrong, the answer check, and black and white as the one-colour case."""

import re

import pytest
from colour_cases import PALETTES, brute_solutions, every_grid, puzzle_of, small_pictures
from hypothesis import given, settings

from helper.nonogram import Nonogram
from helper.nonogram.colour import (
    BLACK_AND_WHITE,
    Colour,
    ColourNonogram,
    Palette,
    as_colour_nonogram,
    check_colour_nonogram,
    colour_runs,
    needed_cells,
    parse_rgb,
)

RB = PALETTES[2]


def test_a_palette_names_its_colours_by_grid_value() -> None:
    palette = Palette([("red", "#ff0000"), Colour("blue", (0, 0, 255), "B")])
    assert palette.names == ("white", "red", "blue")
    assert palette.chars == (".", "r", "B")
    assert palette[0] is palette.background and palette[2].hex == "0000ff"
    assert palette.index("blue") == 2
    with pytest.raises(ValueError, match="unknown colour 'green'; the clue colours are red, blue"):
        palette.index("green")


@pytest.mark.parametrize(
    ("colours", "message"),
    [
        ([], "at least one clue colour"),
        ([("white", "fff")], "colour 1 'white' is the background, which is not a clue colour"),
        ([("red", "f00"), ("red", "e00")], "colour 2: the name 'red' is given twice"),
        ([Colour("a", "f00", "x"), Colour("b", "0f0", "x")], "colour 2 'b': the char 'x' is taken"),
        ([("red", "purple")], "colour value 'purple' is not RRGGBB"),
        ([("", "f00")], "colour name '' must be"),
        ([("red", "f00", "|")], "a colour is a Colour or a \\(name, rgb\\) pair"),
    ],
)
def test_a_bad_palette_is_named(colours, message) -> None:
    with pytest.raises(ValueError, match=message):
        Palette(colours)


def test_a_colour_needs_a_char_that_can_stand_for_a_cell() -> None:
    with pytest.raises(ValueError, match=re.escape("char '|' cannot stand for a cell")):
        Colour("red", (255, 0, 0), "|")
    with pytest.raises(ValueError, match="char 'ab' is not one character"):
        Colour("red", (255, 0, 0), "ab")


def test_rgb_is_read_from_hex_or_numbers() -> None:
    assert parse_rgb("0a0B0c") == (10, 11, 12) == parse_rgb([10, 11, 12])
    for bad in ("12345", [1, 2], [1, 2, 256], [True, 0, 0], None):
        with pytest.raises(ValueError):
            parse_rgb(bad)


def test_same_colour_neighbours_need_a_gap_and_different_colours_may_touch() -> None:
    assert needed_cells([(2, 1), (2, 2)]) == 4
    assert needed_cells([(2, 1), (2, 1)]) == 5
    assert needed_cells([]) == 0
    ColourNonogram([[(2, "red"), (2, "blue")]], [[(1, "red")]] * 2 + [[(1, "blue")]] * 2, RB)
    with pytest.raises(ValueError) as error:
        ColourNonogram([[(2, "red"), (2, "red")]], [[(1, "red")]] * 4, RB)
    assert str(error.value) == (
        "row 0: blocks (2 red, 2 red) need 5 cells (with a gap before block 1) but the line "
        "has only 4"
    )


@pytest.mark.parametrize(
    ("rows", "cols", "message"),
    [
        (
            [[(1, "green")]],
            [[(1, "red")]],
            r"^row 0, block 0: unknown colour 'green'; the clue colours are red, blue$",
        ),
        (
            [[(1, "red")]],
            [[(1, "red"), (1, 7)]],
            r"^column 0, block 1: unknown colour number 7; the clue colours are 1 to 2",
        ),
        ([[(0, "red")]], [[]], r"^row 0, block 0: length 0 is not positive$"),
        ([[(1.5, "red")]], [[]], r"^row 0, block 0: length 1.5 is not an integer$"),
        ([[(1, None)]], [[]], r"^row 0, block 0: colour None is neither a name nor a number$"),
        ([[3]], [[]], r"^row 0, block 0: 3 is not a block \(length, colour\)$"),
        (
            [[(1, "red")]],
            [[(1, "blue")]],
            r"^colour 'red': the row clues paint 1 cells but the column clues paint 0$",
        ),
        ([], [[]], r"^the puzzle has no rows$"),
        ("rows", [[]], r"^rows must be a list of clues"),
        ([[(10**40, "red")]], [[]], r"longer than any line"),
        (
            [[(1, "red"), (1, "blue"), (1, "red")]],
            [[(1, "red")]] * 2,
            r"^row 0: blocks \(1 red, 1 blue, 1 red\) need 3 cells but the line has only 2$",
        ),
    ],
)
def test_a_bad_clue_names_the_line_the_block_and_the_fault(rows, cols, message) -> None:
    with pytest.raises(ValueError, match=message):
        ColourNonogram(rows, cols, RB)


def test_colour_numbers_and_names_give_the_same_puzzle() -> None:
    by_name = ColourNonogram([[(1, "red"), (1, "blue")]], [[(1, "red")], [(1, "blue")]], RB)
    by_number = ColourNonogram([[(1, 1), (1, 2)]], [[(1, 1)], [(1, 2)]], RB)
    assert by_name == by_number and hash(by_name) == hash(by_number)
    assert by_name.rows == (((1, 1), (1, 2)),)
    assert by_name != ColourNonogram(
        [[(1, 1), (1, 2)]], [[(1, 1)], [(1, 2)]], [("a", "f00"), ("b", "00f")]
    )


def test_a_goal_must_fit_the_clues() -> None:
    with pytest.raises(ValueError, match="goal picture does not match"):
        ColourNonogram([[(1, "red")]], [[(1, "red")]], RB, goal=[[2]])
    assert ColourNonogram([[(1, "red")]], [[(1, "red")]], RB, goal=[[1]]).goal == [[1]]


def test_the_check_counts_runs_of_each_colour() -> None:
    assert colour_runs([1, 1, 2, 0, 2, 2, 0, 1]) == [(2, 1), (1, 2), (2, 2), (1, 1)]
    rows, cols = [[(2, 1)]], [[(1, 1)], [(1, 1)]]
    assert check_colour_nonogram(rows, cols, [[1, 1]], 2)
    for wrong in ([[1, 2]], [[1]], [[1, 1, 0]], [[1, 3]], [[1, True]], "ab", None, [[1, "1"]]):
        assert not check_colour_nonogram(rows, cols, wrong, 2)


@settings(max_examples=60, deadline=None)
@given(small_pictures())
def test_a_picture_is_a_solution_of_its_own_clues(case) -> None:
    grid, k = case
    puzzle = puzzle_of(grid, k)
    assert puzzle.check(grid) and puzzle.goal == grid
    assert puzzle == ColourNonogram.from_dict(puzzle.to_dict())


def test_the_check_agrees_with_brute_force_on_every_small_grid() -> None:
    """Every 2 x 2 grid of 2 colours: its own clues accept it, and exactly the grids with the
    same runs per line are accepted."""
    grids = list(every_grid(2, 2, 2))
    for grid in grids:
        puzzle = puzzle_of(grid, 2)
        same = [
            g
            for g in grids
            if [colour_runs(r) for r in g] == [colour_runs(r) for r in grid]
            and [colour_runs(c) for c in zip(*g, strict=True)]
            == [colour_runs(c) for c in zip(*grid, strict=True)]
        ]
        assert brute_solutions(puzzle) == sorted(same)


def test_black_and_white_is_the_one_colour_case() -> None:
    bw = Nonogram([[2], [1]], [[1], [2]], name="corner", goal=[[1, 1], [0, 1]], info={"title": "c"})
    colour = ColourNonogram.from_nonogram(bw)
    assert colour.palette == BLACK_AND_WHITE and colour.rows == (((2, 1),), ((1, 1),))
    assert colour.check([[1, 1], [0, 1]]) and bw.check([[1, 1], [0, 1]])
    assert colour.to_nonogram() == bw and colour.to_nonogram().goal == bw.goal
    assert as_colour_nonogram(bw) == colour and as_colour_nonogram(colour) is colour
    assert ColourNonogram([[2], [1]], [[1], [2]]) == colour  # bare lengths with one colour
    with pytest.raises(ValueError, match="2 colours is not black and white"):
        ColourNonogram([[(1, 1), (1, 2)]], [[(1, 1)], [(1, 2)]], RB).to_nonogram()
    with pytest.raises(TypeError, match="expected a ColourNonogram, got list"):
        as_colour_nonogram([[1]])


def test_our_json_with_colours_round_trips() -> None:
    puzzle = ColourNonogram(
        [[(1, "red"), (1, "blue")]],
        [[(1, "red")], [(1, "blue")]],
        RB,
        name="n",
        family="f",
        goal=[[1, 2]],
        info={"title": "t"},
    )
    data = puzzle.to_dict()
    assert data["rows"] == [[[1, "red"], [1, "blue"]]]
    again = ColourNonogram.from_dict(data, name="n")
    assert again == puzzle and again.goal == [[1, 2]] and again.info == {"title": "t"}
    assert again.family == "f" and again.palette == puzzle.palette
    with pytest.raises(ValueError, match='"colours", "rows" and "cols"'):
        ColourNonogram.from_dict({"rows": [], "cols": []})
    with pytest.raises(ValueError, match=r"colours\[0\]: a colour is an object"):
        ColourNonogram.from_dict({"colours": ["red"], "rows": [], "cols": []})


def test_texts_name_lines_and_colours() -> None:
    puzzle = ColourNonogram([[(1, "red"), (1, "blue")], []], [[(1, "red")], [(1, "blue")]], RB)
    assert puzzle.row_text(0) == "row 0 (1 red, 1 blue)"
    assert puzzle.row_text(1) == "row 1 (empty)"
    assert puzzle.column_text(1) == "column 1 (1 blue)"
    assert puzzle.names_of([[1, 2], [0, 0]]) == [["red", "blue"], ["white", "white"]]
    assert puzzle.picture_text([[1, 2], [0, 0]]) == "rb\n.."
    assert repr(puzzle) == "<ColourNonogram 2x2, 2 colours>"
