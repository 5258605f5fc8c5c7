"""Validation and the independent answer check."""

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helper.nonogram import check_nonogram, clues_from_grid, runs, validate


def test_runs_by_hand():
    assert runs([]) == []
    assert runs([0, 0]) == []
    assert runs([1, 1, 0, 1]) == [2, 1]
    assert runs([0, 1, 1, 1]) == [3]


@given(st.lists(st.integers(0, 1), max_size=30))
def test_runs_rebuild_the_line(line):
    """Writing the runs back with single gaps gives the line without its extra zeros."""
    lengths = runs(line)
    assert all(n > 0 for n in lengths)
    assert sum(lengths) == sum(line)
    canonical = "0".join("1" * n for n in lengths)
    squeezed = "0".join(part for part in "".join(map(str, line)).split("0") if part)
    assert canonical == squeezed


def test_check_accepts_its_own_clues_for_every_3x3_picture():
    for bits in itertools.product((0, 1), repeat=9):
        grid = [list(bits[0:3]), list(bits[3:6]), list(bits[6:9])]
        rows, cols = clues_from_grid(grid)
        assert check_nonogram(rows, cols, grid)
        flipped = [row[:] for row in grid]
        flipped[1][1] ^= 1
        assert not check_nonogram(rows, cols, flipped)


def test_check_treats_zero_clue_as_empty_and_rejects_bad_shapes():
    assert check_nonogram([[0], [1]], [[0], [1]], [[0, 0], [0, 1]])
    assert not check_nonogram([[1], [1]], [[1], [1]], [[1, 0]])  # too few rows
    assert not check_nonogram([[1], [1]], [[1], [1]], [[1, 0], [0, 2]])  # not 0/1
    assert not check_nonogram([[1], [1]], [[1], [1]], None)


def test_validate_cleans_empty_lines():
    rows, cols = validate([[0], [1, 1]], [[1], [], [1]])
    assert rows == [[], [1, 1]]
    assert cols == [[1], [], [1]]


@pytest.mark.parametrize(
    ("rows", "cols", "message"),
    [
        ([[1.5]], [[1]], r"row 0: clue \[1\.5\] holds 1\.5, which is not an integer"),
        ([[1]], [["1"]], r"column 0: clue \['1'\] holds '1'"),
        ([[True]], [[1]], r"row 0: .*not an integer"),
        ([[-1]], [[1]], r"row 0: clue \[-1\] holds the negative number -1"),
        ([[2, 2]], [[1]] * 4, r"row 0: clue \[2, 2\] needs 5 cells but the line has only 4"),
        ([[1], [1]], [[3]], r"column 0: clue \[3\] needs 3 cells but the line has only 2"),
        ([[1], [0]], [[1], [1]], r"the row clues paint 1 cells but the column clues paint 2"),
        ([[1, 0]], [[1], [0]], r"row 0: clue \[1, 0\] holds 0"),
        ([], [[1]], r"no rows"),
        ([[1]], "1", r"^cols must be a list of clues, got str$"),
        ((), [[1]], r"^the puzzle has no rows$"),
        ([[1]], None, r"^cols must be a list of clues, got NoneType$"),
        ([5], [[1]], r"row 0: clue 5 is not a list"),
    ],
)
def test_validate_names_the_line_and_the_clue(rows, cols, message):
    with pytest.raises(ValueError, match=message):
        validate(rows, cols)


def runs_by_regex(line) -> list[int]:
    """The runs of a line, computed another way: the lengths of the maximal strings of 1s."""
    return [len(block) for block in re.findall("1+", "".join(map(str, line)))]


def every_grid(height: int, width: int):
    for bits in itertools.product((0, 1), repeat=height * width):
        yield [list(bits[r * width : (r + 1) * width]) for r in range(height)]


@pytest.mark.parametrize(("height", "width"), [(1, 4), (2, 3), (3, 2)])
def test_check_agrees_with_counting_runs_for_every_clue_and_grid(height, width):
    """For every grid of the shape and every clue pair such a grid can have, the check says yes
    exactly when the grid's runs are the clues (an empty line's clue written [] or [0])."""
    grids = list(every_grid(height, width))
    clue_pairs = {
        (tuple(map(tuple, rows)), tuple(map(tuple, cols)))
        for rows, cols in (clues_from_grid(grid) for grid in grids)
    }
    assert len(clue_pairs) > 10
    for rows, cols in clue_pairs:
        as_zero = [list(c) or [0] for c in rows], [list(c) or [0] for c in cols]
        for grid in grids:
            fits = [runs_by_regex(row) for row in grid] == [list(c) for c in rows] and [
                runs_by_regex(col) for col in zip(*grid, strict=True)
            ] == [list(c) for c in cols]
            assert check_nonogram(rows, cols, grid) == fits, (rows, cols, grid)
            assert check_nonogram(*as_zero, grid) == fits, (as_zero, grid)


def test_check_wants_rows_only_when_the_row_clues_match():
    """Rows right and columns wrong (and the other way round) is a wrong grid."""
    diagonal = [[1, 0], [0, 1]]
    rows, cols = clues_from_grid(diagonal)
    assert check_nonogram(rows, cols, diagonal)
    assert not check_nonogram(rows, cols, [[1, 0], [1, 0]])  # rows [1] [1], columns [2] []
    assert not check_nonogram(rows, cols, [[1, 1], [0, 0]])  # columns [1] [1], rows [2] []


def test_check_says_false_for_a_grid_of_the_wrong_shape_and_never_raises():
    rows, cols = [[1], [1]], [[1], [1]]
    assert not check_nonogram(rows, cols, [[1, 0], [0, 1, 0]])  # one row too long
    assert not check_nonogram(rows, cols, [[1, 0], [0]])  # one row too short
    assert not check_nonogram(rows, cols, [[1, 0], [0, 1], [0, 0]])  # a row too many
    assert not check_nonogram(rows, cols, [[1, 0, 0], [0, 1, 0]])  # a column too many
    assert not check_nonogram(rows, cols, [[1, 0], 5])
    assert not check_nonogram(rows, cols, [[1, 0], ["0", 1]])


def test_check_of_a_grid_without_rows():
    assert check_nonogram([], [[0], []], [])  # no rows: every column is empty
    assert not check_nonogram([], [[1]], [])
    assert not check_nonogram([], [[0]], [[0]])


def test_clues_from_a_ragged_picture_is_an_error_not_a_truncated_column():
    assert clues_from_grid([]) == ([], [])
    with pytest.raises(ValueError):
        clues_from_grid([[1, 0], [1]])


def test_hostile_clues_get_short_one_line_messages():
    deep: list = [1]
    for _ in range(100_000):  # nested deeper than repr can go
        deep = [deep]
    with pytest.raises(ValueError, match=r"^row 0: clue \[\[\[\[\.\.\.\]\]\]\] holds \[\[\["):
        validate([deep], [[1]])
    with pytest.raises(ValueError, match=r"^row 0: clue <list too large to show> needs <int too"):
        validate([[10**5000]], [[1]])  # more digits than Python prints
    with pytest.raises(ValueError) as error:
        validate([[10**40]], [[1]])
    assert str(error.value) == (
        "row 0: clue [1000000000...00000000000] needs 1000000000...00000000000 cells but the "
        "line has only 1"
    )
    with pytest.raises(ValueError) as error:
        validate([[1] * 13], [[1]] * 20)
    assert str(error.value).startswith("row 0: clue [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ...] ")
