"""validate_futoshiki: every puzzle a solver sees passes here, and bad data gets a clear error.

Each message is matched whole: it is what a reader sees when a puzzle file is wrong."""

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.futoshiki import validate_futoshiki

EMPTY3 = [[0] * 3 for _ in range(3)]
NOT_NEIGHBOURS = "are not neighbours (a sign joins two cells side by side or one above the other)"
BAD_DATA = [
    ([], [], "grid is empty: a Futoshiki needs at least one row"),
    ("012", [], "grid must be a list of rows, got str"),
    (None, [], "grid must be a list of rows, got NoneType"),
    ([[0, 0], 5], [], "row 1 is not a list of numbers: 5"),
    ([[0, 0], "00"], [], "row 1 is not a list of numbers: '00'"),
    ([[0, 0], [0]], [], "grid is not square: row 1 has 1 cells, but there are 2 rows"),
    ([[0, 0, 0], [0, 0, 0]], [], "grid is not square: row 0 has 3 cells, but there are 2 rows"),
    ([[0, "1"], [0, 0]], [], "cell (0, 1) holds '1', not an integer"),
    ([[0, True], [0, 0]], [], "cell (0, 1) holds True, not an integer"),
    ([[0, 1.0], [0, 0]], [], "cell (0, 1) holds 1.0, not an integer"),
    ([[0, -1], [0, 0]], [], "cell (0, 1): given -1 is outside 1..2 (0 means empty)"),
    ([[0, 0], [0, 3]], [], "cell (1, 1): given 3 is outside 1..2 (0 means empty)"),
    ([[1, 0, 1], [0] * 3, [0] * 3], [], "row 0 has the given 1 twice (columns 0 and 2)"),
    ([[0, 3, 0], [0] * 3, [0, 3, 0]], [], "column 1 has the given 3 twice (rows 0 and 2)"),
    (EMPTY3, [((0, 0), (0, 3))], "constraint 0: cell (0, 3) is outside the 3x3 grid"),
    (EMPTY3, [((3, 0), (2, 0))], "constraint 0: cell (3, 0) is outside the 3x3 grid"),
    (
        EMPTY3,
        [((0, 0), (0, 1)), ((-1, 0), (0, 0))],
        "constraint 1: cell (-1, 0) is outside the 3x3 grid",
    ),
    (EMPTY3, [((0, 0), (1, 1))], f"constraint 0: cells (0, 0) and (1, 1) {NOT_NEIGHBOURS}"),
    (EMPTY3, [((0, 0), (0, 2))], f"constraint 0: cells (0, 0) and (0, 2) {NOT_NEIGHBOURS}"),
    (EMPTY3, [((1, 1), (1, 1))], f"constraint 0: cells (1, 1) and (1, 1) {NOT_NEIGHBOURS}"),
    (
        EMPTY3,
        [((0, 0), (0, 1)), ((1, 2), (2, 2)), ((0, 1), (0, 0))],
        "constraints 0 and 2 contradict each other: (0, 0) < (0, 1) and (0, 1) < (0, 0)",
    ),
    (
        EMPTY3,
        [((1, 2), (2, 2)), ((0, 0), (0, 1)), ((0, 0), (0, 1))],
        "constraints 1 and 2 are the same: (0, 0) < (0, 1)",
    ),
    (
        EMPTY3,
        [((0, 0),)],
        "constraint 0: expected ((r1, c1), (r2, c2)) for 'cell 1 < cell 2', got ((0, 0),)",
    ),
    (EMPTY3, [5], "constraint 0: expected ((r1, c1), (r2, c2)) for 'cell 1 < cell 2', got 5"),
    (EMPTY3, ["ab"], "constraint 0: expected ((r1, c1), (r2, c2)) for 'cell 1 < cell 2', got 'ab'"),
    (EMPTY3, [((0, 0), (0, "1"))], "constraint 0: (0, '1') is not a cell (row, column)"),
    (EMPTY3, [((0, 0), 5)], "constraint 0: 5 is not a cell (row, column)"),  # flattened by mistake
    (EMPTY3, [((0, 0), b"\x00\x01")], r"constraint 0: b'\x00\x01' is not a cell (row, column)"),
    (EMPTY3, [((0, 0), "01")], "constraint 0: '01' is not a cell (row, column)"),
    (EMPTY3, [((0, 0), (0, 1, 2))], "constraint 0: (0, 1, 2) is not a cell (row, column)"),
    (EMPTY3, "abc", "constraints must be a list of cell pairs, got str"),
    (EMPTY3, None, "constraints must be a list of cell pairs, got NoneType"),
]


@pytest.mark.parametrize(("grid", "constraints", "message"), BAD_DATA)
def test_bad_puzzle_data_is_a_value_error_naming_the_problem(grid, constraints, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        validate_futoshiki(grid, constraints)


def test_validate_returns_plain_lists_and_tuples():
    grid, constraints = validate_futoshiki(((1, 0), (0, 0)), [[[0, 0], [0, 1]]])
    assert grid == [[1, 0], [0, 0]]
    assert constraints == [((0, 0), (0, 1))]


CELLS3 = list(itertools.product(range(3), repeat=2))


@pytest.mark.parametrize(("low", "high"), list(itertools.product(CELLS3, repeat=2)))
def test_a_sign_joins_exactly_two_neighbours(low, high):
    """Every ordered pair of cells of a 3x3: accepted when side by side or one above the
    other, rejected otherwise."""
    neighbours = abs(low[0] - high[0]) + abs(low[1] - high[1]) == 1
    if neighbours:
        assert validate_futoshiki(EMPTY3, [(low, high)]) == (EMPTY3, [(low, high)])
    else:
        with pytest.raises(ValueError, match="are not neighbours"):
            validate_futoshiki(EMPTY3, [(low, high)])


def test_every_sign_of_a_grid_at_once_is_accepted_in_its_order():
    size = 4
    pairs = [((r, c), (r, c + 1)) for r in range(size) for c in range(size - 1)]
    pairs += [((r + 1, c), (r, c)) for r in range(size - 1) for c in range(size)]
    grid = [[0] * size for _ in range(size)]
    assert validate_futoshiki(grid, pairs) == (grid, pairs)


def givens_are_fine(grid) -> bool:
    """The rule for givens, written plainly: 0..n, and no number twice in a row or column."""
    n = len(grid)
    lines = [*grid, *zip(*grid, strict=True)]
    in_range = all(0 <= v <= n for row in grid for v in row)
    return in_range and all(
        len([v for v in line if v]) == len({v for v in line if v}) for line in lines
    )


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(-1, n + 1), min_size=n, max_size=n), min_size=n, max_size=n
        )
    )
)
def test_givens_are_accepted_exactly_when_they_obey_the_rule(grid):
    if givens_are_fine(grid):
        assert validate_futoshiki(grid, []) == (grid, [])
    else:
        with pytest.raises(ValueError, match=r"^(cell \(|row |column )"):
            validate_futoshiki(grid, [])
