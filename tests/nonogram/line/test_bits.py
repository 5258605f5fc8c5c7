"""The line solver on bit masks: the same answers as the readable one, line and grid."""

import strategies
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import brute_force, lines

from helper.nonogram import clues_from_grid, runs
from helper.nonogram.line.bits import MaskGrid, solve_line_bits
from helper.nonogram.line.reference import UNKNOWN, propagate, solve_line, unknown_state

pictures = strategies.pictures(1, 8)


def to_masks(cells):
    black = sum(1 << x for x, v in enumerate(cells) if v == 1)
    white = sum(1 << x for x, v in enumerate(cells) if v == 0)
    return black, white


def from_masks(result, n):
    if result is None:
        return None
    black, white = result
    return [1 if black >> x & 1 else 0 if white >> x & 1 else UNKNOWN for x in range(n)]


@settings(max_examples=400, deadline=None)
@given(lines)
def test_solve_line_bits_agrees_with_brute_force(case):
    line, other, cells, use_other = case
    clue = runs(other if use_other else line)
    result = solve_line_bits(clue, len(cells), *to_masks(cells))
    assert from_masks(result, len(cells)) == brute_force(clue, cells)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(20, 90).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 1), min_size=n, max_size=n),
            st.lists(st.sampled_from([UNKNOWN] * 6 + [0, 1]), min_size=n, max_size=n),
        )
    )
)
def test_solve_line_bits_agrees_with_solve_line_on_long_lines(case):
    """Lines longer than a machine word, where brute force is out of reach."""
    line, cells = case
    clue = runs(line)
    expected = solve_line(clue, cells)
    assert from_masks(solve_line_bits(clue, len(cells), *to_masks(cells)), len(cells)) == expected


@settings(max_examples=60, deadline=None)
@given(pictures)
def test_mask_grid_reaches_the_same_fixpoint(picture):
    rows, cols = clues_from_grid(picture)
    grid = MaskGrid(rows, cols)
    grid.propagate()
    assert grid.to_state() == propagate(rows, cols, unknown_state(len(rows), len(cols)))


def test_from_state_keeps_the_decided_cells():
    rows, cols = clues_from_grid([[1, 0], [1, 1]])
    state = [[1, UNKNOWN], [UNKNOWN, 1]]
    assert MaskGrid.from_state(rows, cols, state).to_state() == state
