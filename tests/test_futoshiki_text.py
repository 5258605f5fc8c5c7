"""The Futoshiki text format and validation: hand-made cases, round trips, every bad input."""

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
    ("", "no rows"),
    ("0 0\n0 0\n0 0", "not square: 3 rows of 2 cells"),
    ("0 0 0\n0 0\n0 0 0", "line 2: this row has 2 cells, the first row has 3"),
    ("0 x\n0 0", r"line 1, column 3: expected a digit or '\.'"),
    (" 0 0\n0 0", r"line 1, column 1: expected a digit"),
    ("0|0\n0 0", "line 1, column 2: expected ' ', '<' or '>'"),
    ("0 0<\n0 0", "line 1, column 4: '<' has no cell to its right"),
    ("0 0\n ^\n0 0", "line 2, column 2: '\\^' sits between two columns"),
    ("0 0\n    v\n0 0", "line 2, column 5: 'v' is under column 2, but the rows have only 2"),
    ("^\n0 0\n0 0", "line 1: a line of signs before the first row"),
    ("0 0\n0 0\nv", "line 3: a line of signs after the last row"),
    ("0 0\n^\nv\n0 0", "line 3: two lines of signs"),
    ("3 0\n0 0", r"cell \(0, 0\): given 3 is outside 1\.\.2"),
    ("1 1\n0 0", r"row 0 has the given 1 twice \(columns 0 and 1\)"),
    ("2 0\n2 0", r"column 0 has the given 2 twice \(rows 0 and 1\)"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXT)
def test_bad_text_is_a_value_error_naming_the_place(text, message):
    with pytest.raises(ValueError, match=message):
        parse_futoshiki(text)


def test_parse_wants_a_string():
    with pytest.raises(ValueError, match="expected the puzzle as a string"):
        parse_futoshiki(["0 0", "0 0"])


EMPTY3 = [[0] * 3 for _ in range(3)]
BAD_DATA = [
    ([], [], "grid is empty"),
    ("012", [], "grid must be a list of rows"),
    ([[0, 0], [0]], [], r"not square: row 1 has 1 cells, but there are 2 rows"),
    ([[0, 0, 0], [0, 0, 0]], [], r"not square: row 0 has 3 cells"),
    ([[0, "1"], [0, 0]], [], r"cell \(0, 1\) holds '1', not an integer"),
    ([[0, True], [0, 0]], [], r"cell \(0, 1\) holds True"),
    ([[0, -1], [0, 0]], [], r"cell \(0, 1\): given -1 is outside 1\.\.2"),
    ([[0, 0], [0, 3]], [], r"cell \(1, 1\): given 3 is outside 1\.\.2"),
    ([[1, 0, 1], [0] * 3, [0] * 3], [], r"row 0 has the given 1 twice \(columns 0 and 2\)"),
    ([[0, 3, 0], [0] * 3, [0, 3, 0]], [], r"column 1 has the given 3 twice \(rows 0 and 2\)"),
    (EMPTY3, [((0, 0), (0, 3))], r"constraint 0: cell \(0, 3\) is outside the 3x3 grid"),
    (EMPTY3, [((0, 0), (0, 1)), ((-1, 0), (0, 0))], r"constraint 1: cell \(-1, 0\) is outside"),
    (EMPTY3, [((0, 0), (1, 1))], r"cells \(0, 0\) and \(1, 1\) are not neighbours"),
    (EMPTY3, [((0, 0), (0, 2))], r"cells \(0, 0\) and \(0, 2\) are not neighbours"),
    (EMPTY3, [((1, 1), (1, 1))], r"cells \(1, 1\) and \(1, 1\) are not neighbours"),
    (EMPTY3, [((0, 0), (0, 1)), ((0, 1), (0, 0))], "constraints 0 and 1 contradict each other"),
    (EMPTY3, [((0, 0), (0, 1)), ((0, 0), (0, 1))], "constraints 0 and 1 are the same"),
    (EMPTY3, [((0, 0),)], r"constraint 0: expected \(\(r1, c1\), \(r2, c2\)\)"),
    (EMPTY3, [((0, 0), (0, "1"))], r"constraint 0: \(0, '1'\) is not a cell"),
    (EMPTY3, "abc", "constraints must be a list of cell pairs"),
]


@pytest.mark.parametrize(("grid", "constraints", "message"), BAD_DATA)
def test_bad_puzzle_data_is_a_value_error_naming_the_problem(grid, constraints, message):
    with pytest.raises(ValueError, match=message):
        validate_futoshiki(grid, constraints)


def test_validate_returns_plain_lists_and_tuples():
    grid, constraints = validate_futoshiki(((1, 0), (0, 0)), [[[0, 0], [0, 1]]])
    assert grid == [[1, 0], [0, 0]]
    assert constraints == [((0, 0), (0, 1))]


def test_format_refuses_a_grid_larger_than_nine():
    with pytest.raises(ValueError, match="at most 9x9"):
        format_futoshiki([[0] * 10 for _ in range(10)], [])
