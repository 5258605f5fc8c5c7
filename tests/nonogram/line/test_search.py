"""Search on line logic: it finds a solution, exhausts an unsolvable puzzle, keeps its budget."""

import time

import pytest
import strategies
from hypothesis import given, settings

from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError
from helper.nonogram import SOLVERS, Nonogram, check_nonogram, clues_from_grid
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.line.contract import SearchBudgetSpent
from helper.nonogram.line.reference import propagate, unknown_state
from helper.nonogram.line.search import search, search_state

pictures = strategies.pictures(1, 8)


@settings(max_examples=60, deadline=None)
@given(pictures)
def test_search_finds_a_solution(picture):
    rows, cols = clues_from_grid(picture)
    state = propagate(rows, cols, unknown_state(len(rows), len(cols)))
    assert check_nonogram(rows, cols, search_state(rows, cols, state))


@settings(max_examples=60, deadline=None)
@given(pictures)
def test_mask_search_finds_a_solution(picture):
    rows, cols = clues_from_grid(picture)
    grid = MaskGrid(rows, cols)
    grid.propagate()
    run = Run(Deadline(), "test")
    found = search(grid, run, max_nodes=10_000)
    assert found and found.solved()
    if grid.solved():  # line logic finished the picture: nothing to guess
        assert "guesses" not in run.stats
    else:
        assert run.stats["guesses"] >= 1
    assert check_nonogram(rows, cols, found.to_state())


def test_mask_search_exhausts_an_unsolvable_puzzle_and_respects_its_budget():
    # Line logic decides no cell of this 4x4 puzzle, yet no picture fits (found by listing
    # all 2^16 pictures).
    rows, cols = [[2], [2], [1], [1, 1]], [[1], [1, 1], [1, 1], [2]]
    grid = MaskGrid(rows, cols)
    grid.propagate()
    assert grid.open_count() == 16
    result = SOLVERS["bitline-hybrid"](Nonogram(rows, cols), time_limit=30)
    assert result.status == "no solution"
    assert result.stats["handovers"] == 1  # every cell is open: CP-SAT proves it at once
    run = Run(Deadline(), "test")
    assert search(grid, run, max_nodes=1000) is None
    assert 1 <= run.stats["guesses"] <= 1000
    # an exhausted tree: every cell branched on has its two values tried (two branches), and
    # every leaf is a dead end: one more leaf than cells branched on
    assert run.stats["guesses"] == 2 * (run.stats["conflicts"] - 1)
    stalled = MaskGrid([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])
    stalled.propagate()
    run = Run(Deadline(), "test")
    with pytest.raises(SearchBudgetSpent):
        search(stalled, run, max_nodes=0)
    assert "guesses" not in run.stats
    assert search(stalled, run, max_nodes=3).solved()  # solved within three guesses


def test_search_honours_its_deadline(monkeypatch):
    """A stub makes every guess slow (0.2 s): the search must stop at its 0.05 s deadline
    after the first guess, not run on to the solution (three guesses)."""
    real_trial = MaskGrid.trial

    def slow_trial(self, r, c, value, deadline=None):
        time.sleep(0.2)
        return real_trial(self, r, c, value)

    stalled = MaskGrid([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])
    stalled.propagate()
    monkeypatch.setattr(MaskGrid, "trial", slow_trial)
    run = Run(Deadline(0.05), "test")
    start = time.perf_counter()
    with pytest.raises(SolverTimeoutError, match="search"):
        search(stalled, run)
    assert run.stats["guesses"] == 1  # stopped at the first check after the deadline
    assert time.perf_counter() - start < 0.05 + 0.2 + 5  # one slow guess, a wide margin
