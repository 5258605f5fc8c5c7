"""Every registered Nonogram solver, on random pictures and on bad input.

New solvers are picked up automatically from ``helper.nonogram.SOLVERS``.
"""

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helper.nonogram import SOLVERS, NoSolutionError, check_nonogram, clues_from_grid

NAMES = sorted(SOLVERS)


def pictures(max_side: int = 7):
    """Random 0/1 pictures, at least 1x1."""
    return st.integers(1, max_side).flatmap(
        lambda h: st.integers(1, max_side).flatmap(
            lambda w: st.lists(
                st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=h, max_size=h
            )
        )
    )


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picture=pictures())
def test_picture_to_clues_to_solution(name, picture):
    """The answer need not be the picture (puzzles may have several), but must fit the clues."""
    rows, cols = clues_from_grid(picture)
    grid = SOLVERS[name](rows, cols, time_limit=30)
    assert check_nonogram(rows, cols, grid)
    assert clues_from_grid(grid) == (rows, cols)


@pytest.mark.parametrize("name", NAMES)
def test_every_clue_pair_of_3x3_pictures(name):
    """Exhaustive on 3x3: every clue pair that some picture has is solved."""
    seen = set()
    for bits in itertools.product((0, 1), repeat=9):
        grid = [list(bits[0:3]), list(bits[3:6]), list(bits[6:9])]
        rows, cols = clues_from_grid(grid)
        key = repr((rows, cols))
        if key in seen:
            continue
        seen.add(key)
        assert check_nonogram(rows, cols, SOLVERS[name](rows, cols, time_limit=30))


@pytest.mark.parametrize("name", NAMES)
def test_zero_clue_and_empty_lines(name):
    grid = SOLVERS[name]([[0], [2]], [[1], [1], []])
    assert grid == [[0, 0, 0], [1, 1, 0]]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("rows", "cols"),
    [
        ([[2], [0]], [[1], [0]]),  # totals differ: caught by validation
        ([[3], [0], [3]], [[2], [2], [2]]),  # every column would need a gap
        ([[1, 1], [1], [1, 1]], [[1, 1], [3], [1, 1]]),
    ],
)
def test_unsolvable_puzzles_raise(name, rows, cols):
    with pytest.raises(ValueError):
        SOLVERS[name](rows, cols, time_limit=30)


@pytest.mark.parametrize("name", NAMES)
def test_no_solution_is_reported_as_such(name):
    # Totals agree (2 and 2), but the filled row must be the top one for the rows and the
    # right-hand column for the columns: no 2x2 picture has both.
    with pytest.raises(NoSolutionError, match=r"^no solution"):
        SOLVERS[name]([[2], []], [[], [2]], time_limit=30)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("rows", "cols", "message"),
    [
        ([[1.0]], [[1]], "row 0"),
        ([[1]], [[-1]], "column 0"),
        ([[4]], [[1]] * 3, "needs 4 cells"),
        ([[1], [1]], [[2], [1]], "paint 2 cells but the column clues paint 3"),
        ([], [[1]], "no rows"),
    ],
)
def test_bad_input_is_named(name, rows, cols, message):
    with pytest.raises(ValueError, match=message):
        SOLVERS[name](rows, cols)
