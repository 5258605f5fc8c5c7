"""The Futoshiki text format: hand-made cases, round trips, every bad input, any text."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.data import data_path
from helper.futoshiki import (
    format_futoshiki,
    load_futoshiki,
    parse_futoshiki,
    sample_names,
    validate_futoshiki,
)
from helper.futoshiki.samples import FOLDER

EXAMPLE = """\
0<0 0
^   v
0 0>1
    ^
0 0 0
"""


def test_parse_by_hand():
    grid, constraints = parse_futoshiki(EXAMPLE)
    assert grid == [[0, 0, 0], [0, 0, 1], [0, 0, 0]]
    assert constraints == [
        ((0, 0), (0, 1)),  # 0<0 in row 0
        ((0, 0), (1, 0)),  # ^ under column 0: the upper cell is smaller
        ((1, 2), (0, 2)),  # v under column 2: the upper cell is larger
        ((1, 2), (1, 1)),  # 0>1 in row 1
        ((1, 2), (2, 2)),  # ^ under column 2
    ]
    assert format_futoshiki(grid, constraints) == EXAMPLE.rstrip("\n")


def test_dots_blank_lines_and_trailing_spaces_are_allowed():
    grid, constraints = parse_futoshiki("\n\n1 .  \n\n. 1\n\n")
    assert grid == [[1, 0], [0, 1]]
    assert constraints == []


def test_every_data_file_round_trips():
    names = sample_names("sample") + sample_names("nine")
    assert len(names) == 15
    for name in names:
        text = data_path(f"{FOLDER}/{name}.txt").read_text(encoding="utf-8")
        assert format_futoshiki(*parse_futoshiki(text)) == text.rstrip("\n")
        assert format_futoshiki(*load_futoshiki(name)) == text.rstrip("\n")


@st.composite
def puzzles(draw, max_size: int = 9):
    """Any valid puzzle: a square grid of givens that never repeat, signs between neighbours."""
    size = draw(st.integers(1, max_size))
    grid = [[0] * size for _ in range(size)]
    for r in range(size):
        for c in range(size):
            used = {grid[r][k] for k in range(c)} | {grid[k][c] for k in range(r)}
            choices = [0] + [v for v in range(1, size + 1) if v not in used]
            grid[r][c] = draw(st.sampled_from(choices))
    pairs = [((r, c), (r, c + 1)) for r in range(size) for c in range(size - 1)]
    pairs += [((r, c), (r + 1, c)) for r in range(size - 1) for c in range(size)]
    chosen = (
        draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs))) if pairs else []
    )
    constraints = [(a, b) if draw(st.booleans()) else (b, a) for a, b in chosen]
    return grid, constraints


@settings(max_examples=150, deadline=None)
@given(puzzles())
def test_format_then_parse_gives_the_puzzle_back(puzzle):
    grid, constraints = puzzle
    text = format_futoshiki(grid, constraints)
    parsed_grid, parsed_constraints = parse_futoshiki(text)
    assert parsed_grid == grid
    assert sorted(parsed_constraints) == sorted(constraints)
    assert format_futoshiki(parsed_grid, parsed_constraints) == text


BAD_TEXT = [
    ("", "no rows: the text holds no puzzle"),
    ("\n  \n", "no rows: the text holds no puzzle"),
    ("0 0\n0 0\n0 0", "the grid is not square: 3 rows of 2 cells each"),
    ("0 0 0\n0 0\n0 0 0", "line 2: this row has 2 cells, the first row has 3"),
    ("0 x\n0 0", "line 1, character 3: expected a digit or '.' for a cell, found 'x'"),
    (" 0 0\n0 0", "line 1, character 1: expected a digit or '.' for a cell, found ' '"),
    ("0 0\nX\n0 0", "line 2, character 1: expected a digit or '.' for a cell, found 'X'"),
    ("0 0\n^ X\n0 0", "line 2, character 1: expected a digit or '.' for a cell, found '^'"),
    ("0|0\n0 0", "line 1, character 2: expected ' ', '<' or '>' between two cells, found '|'"),
    ("0 0<\n0 0", "line 1, character 4: '<' has no cell to its right (a row must end with a cell)"),
    (
        "0 0\n ^\n0 0",
        "line 2, character 2: '^' sits between two columns; a vertical sign goes under a cell "
        "(at character 1, 3, 5, ... of the line)",
    ),
    (
        "0 0\n    v\n0 0",
        "line 2, character 5: 'v' is under column 2, but the rows have only 2 cells",
    ),
    ("^\n0 0\n0 0", "line 1: a line of signs before the first row"),
    ("0 0\n0 0\nv", "line 3: a line of signs after the last row"),
    ("0 0\n^\nv\n0 0", "line 3: two lines of signs with no row between them"),
    ("3 0\n0 0", "cell (0, 0): given 3 is outside 1..2 (0 means empty)"),
    ("1 1\n0 0", "row 0 has the given 1 twice (columns 0 and 1)"),
    ("2 0\n2 0", "column 0 has the given 2 twice (rows 0 and 1)"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXT)
def test_bad_text_is_a_value_error_naming_the_place(text, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        parse_futoshiki(text)


def test_parse_wants_a_string():
    with pytest.raises(ValueError, match=r"^expected the puzzle as a string, got list$"):
        parse_futoshiki(["0 0", "0 0"])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123.<>^v \n", max_size=30))
def test_any_text_is_a_checked_puzzle_or_a_value_error(text):
    """Whatever the text, the parser returns a puzzle that validates and survives the format
    round trip, or raises ValueError; never another exception, never a bad puzzle."""
    try:
        grid, constraints = parse_futoshiki(text)
    except ValueError:
        return
    assert validate_futoshiki(grid, constraints) == (grid, constraints)
    again = parse_futoshiki(format_futoshiki(grid, constraints))
    assert again[0] == grid
    assert sorted(again[1]) == sorted(constraints)


def test_format_refuses_a_grid_larger_than_nine():
    with pytest.raises(ValueError, match="at most 9x9"):
        format_futoshiki([[0] * 10 for _ in range(10)], [])


def test_the_text_format_holds_at_most_nine_by_nine():
    nine = "\n".join(" ".join(["0"] * 9) for _ in range(9))
    grid, _ = parse_futoshiki(nine)
    assert len(grid) == 9  # the largest size fits
    with pytest.raises(ValueError) as error:
        parse_futoshiki(" ".join(["0"] * 10))
    assert str(error.value) == (
        "line 1: the text format holds at most 9 x 9 cells (one digit each); this row is 19 "
        "characters long"
    )
    with pytest.raises(ValueError) as error:
        parse_futoshiki(nine + "\n" + " ".join(["0"] * 9))
    assert str(error.value) == (
        "line 10: the text format holds at most 9 x 9 cells (one digit each); this is row 10"
    )
    with pytest.raises(ValueError, match="this row is 200,001 characters long"):
        parse_futoshiki(" ".join(["0"] * 100_001))  # refused before its cells are read
