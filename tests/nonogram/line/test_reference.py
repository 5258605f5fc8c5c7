"""The readable line solver: one line against brute force, and the grid fixpoint."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import brute_force, lines

from helper.deadline import Deadline
from helper.errors import SolverTimeoutError
from helper.nonogram import Contradiction, clues_from_grid, runs
from helper.nonogram.line.reference import (
    UNKNOWN,
    propagate,
    propagate_within,
    solve_line,
    sweeps,
    unknown_state,
)
from helper.pictures import draw


@settings(max_examples=400, deadline=None)
@given(lines)
def test_solve_line_agrees_with_brute_force(case):
    line, other, cells, use_other = case
    clue = runs(other if use_other else line)
    assert solve_line(clue, cells) == brute_force(clue, cells)


def test_solve_line_by_hand():
    assert solve_line([3], [UNKNOWN] * 4) == [UNKNOWN, 1, 1, UNKNOWN]
    assert solve_line([2, 1], [UNKNOWN] * 4) == [1, 1, 0, 1]
    assert solve_line([], [UNKNOWN] * 3) == [0, 0, 0]
    assert solve_line([1], [UNKNOWN, 1, UNKNOWN]) == [0, 1, 0]
    assert solve_line([1], [1, UNKNOWN, 1]) is None  # two filled cells, one block of one
    assert solve_line([2], [0, UNKNOWN, 0]) is None


def test_solve_line_never_forgets_a_known_cell():
    cells = [1, UNKNOWN, 0, UNKNOWN, UNKNOWN, 1]
    result = solve_line([1, 1, 1], cells)
    assert all(c == UNKNOWN or r == c for c, r in zip(cells, result, strict=True))


def test_propagate_raises_on_contradiction():
    with pytest.raises(Contradiction):
        propagate([[2], []], [[], [2]], unknown_state(2, 2))


def test_sweeps_of_a_picture_end_at_the_solution():
    picture = draw("heart", 10, 10)
    rows, cols = clues_from_grid(picture)
    states = list(sweeps(rows, cols))
    assert len(states) >= 2
    decided = [sum(v != UNKNOWN for row in s for v in row) for s in states]
    assert decided[0] > 0 and all(a < b for a, b in itertools.pairwise(decided))  # no idle sweep
    assert states[-1] == picture  # the heart needs no search


def test_propagate_checks_the_deadline_line_by_line():
    rows, cols = clues_from_grid(draw("heart", 10, 10))
    deadline = Deadline(0.001)
    while not deadline.passed():
        pass
    with pytest.raises(SolverTimeoutError, match="line logic"):
        propagate_within(rows, cols, unknown_state(10, 10), deadline=deadline)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**30), st.integers(2, 7), st.integers(2, 7))
def test_the_teaching_fixpoint_is_the_solvers_fixpoint(seed, height, width):
    """propagate (the book's listing) and propagate_within (the solvers') reach the same
    state, or both find that some line has no placement left."""
    rng = random.Random(seed)
    grid = [[rng.randint(0, 1) for _ in range(width)] for _ in range(height)]
    rows, cols = clues_from_grid(grid)
    # a wrong clue in one row, on half the cases, so that contradictions are covered too
    if seed % 2:
        rows[0] = (width,) if tuple(rows[0]) != (width,) else ()
    outcomes = []
    for fixpoint in (propagate, propagate_within):
        try:
            outcomes.append(fixpoint(rows, cols, unknown_state(height, width)))
        except Contradiction:
            outcomes.append("contradiction")
    assert outcomes[0] == outcomes[1]
    if seed % 2 == 0:  # true clues: no contradiction, and every decided cell is the picture's
        assert outcomes[0] != "contradiction"
        assert all(
            v in (UNKNOWN, grid[r][c])
            for r, row in enumerate(outcomes[0])
            for c, v in enumerate(row)
        )
