"""Validation and the independent answer check."""

import itertools

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
        ([[1]], "1", r"cols must be a list"),
        ([5], [[1]], r"row 0: clue 5 is not a list"),
    ],
)
def test_validate_names_the_line_and_the_clue(rows, cols, message):
    with pytest.raises(ValueError, match=message):
        validate(rows, cols)
