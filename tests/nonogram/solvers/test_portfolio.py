"""The recommended solver: which step answers, the second opinion, the deadline, no leftovers."""

import multiprocessing as mp
import os
import threading

import pytest

from helper.bench.families import FAMILIES
from helper.nonogram import RECOMMENDED_SOLVER, SOLVERS, Nonogram, solve
from helper.nonogram.models import cnf_automaton as sat_automaton
from helper.nonogram.solvers import portfolio as pf
from helper.pictures import draw

ZIGZAG = Nonogram.from_grid([[1, 1, 0], [0, 1, 0], [0, 1, 1]])  # line logic leaves cells open
NO_PICTURE = Nonogram([[2], [2], [1], [1, 1]], [[1], [1, 1], [1, 1], [2]])  # logic decides nothing


def test_solve_is_the_portfolio():
    assert RECOMMENDED_SOLVER == "portfolio"
    heart = draw("heart", 9, 9)
    result = solve(Nonogram.from_grid(heart))
    assert result.grid == heart and result.method == "portfolio: line logic"


def test_solve_takes_the_clues_as_a_shorthand():
    rows, cols = [[1, 1], [1], [1, 1]], [[1, 1], [1], [1, 1]]
    assert (
        solve(rows, cols).grid
        == solve(Nonogram(rows, cols)).grid
        == [[1, 0, 1], [0, 1, 0], [1, 0, 1]]
    )
    with pytest.raises(ValueError, match="row 0: clue \\[4\\] needs 4 cells"):
        solve([[4], [1], [1]], cols)
    with pytest.raises(TypeError, match="not both"):
        solve(Nonogram(rows, cols), cols)
    with pytest.raises(TypeError, match="expected a Nonogram"):
        solve(rows)


def test_the_primary_sat_solver_answers_a_quick_puzzle():
    result = SOLVERS["portfolio"](ZIGZAG)
    assert result.solved and result.method == f"portfolio: SAT ({pf.NAMES[pf.PRIMARY]})"
    assert "second_opinions" not in result.stats and result.stats["open_cells"] > 0


@pytest.mark.parametrize("puzzle", [ZIGZAG, NO_PICTURE], ids=["solvable", "no picture"])
def test_the_race_gives_the_same_answer(monkeypatch, puzzle):
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)  # the primary is "slow"
    result = SOLVERS["portfolio"](puzzle, time_limit=30)
    assert result.stats["second_opinions"] == 1
    assert result.status == ("solved" if puzzle is ZIGZAG else "no solution")
    assert result.method.startswith("portfolio: SAT (")
    assert not mp.active_children()  # the losing child was stopped


class Stubborn(pf.Solver):
    """A primary solver that never answers: it waits until it is interrupted."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.stopped = threading.Event()

    def interrupt(self):
        self.stopped.set()
        super().interrupt()

    def clear_interrupt(self):
        self.stopped.clear()
        super().clear_interrupt()

    def solve_limited(self, *args, **kwargs):
        self.stopped.wait()
        return None


@pytest.mark.parametrize("puzzle", [ZIGZAG, FAMILIES["random"].puzzle("tuning", 0)])
def test_the_second_opinion_answers_when_the_primary_does_not(monkeypatch, puzzle):
    monkeypatch.setattr(sat_automaton, "Solver", Stubborn)  # the child's solve() is real
    result = SOLVERS["portfolio"](puzzle, time_limit=30)
    assert result.solved and result.method == f"portfolio: SAT ({pf.NAMES[pf.SECOND]})"
    assert result.stats["second_opinions"] == 1
    assert not mp.active_children()


def test_a_hard_grid_gets_the_hard_primary(monkeypatch):
    hard = FAMILIES["random"].puzzle("tuning", 0)  # line logic decides almost nothing
    result = SOLVERS["portfolio"](hard, time_limit=30)
    assert result.stats["open_cells"] > pf.HARD_SHARE * hard.cells
    assert result.solved and result.method in {
        f"portfolio: SAT ({pf.NAMES[pf.HARD_PRIMARY]})",
        f"portfolio: SAT ({pf.NAMES[pf.SECOND]})",
    }
    monkeypatch.setattr(pf, "HARD_SECOND_AFTER", 0.0)  # the race starts at once
    assert SOLVERS["portfolio"](hard, time_limit=30).stats["second_opinions"] == 1


def test_a_child_that_dies_leaves_the_primary_to_finish(monkeypatch):
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)
    monkeypatch.setattr(pf, "_second_opinion", lambda conn, clauses, backend: os._exit(3))
    result = SOLVERS["portfolio"](ZIGZAG, time_limit=30)
    assert result.solved and result.method == f"portfolio: SAT ({pf.NAMES[pf.PRIMARY]})"


def test_the_deadline_holds_in_the_race_and_nothing_is_left_running():
    hard = FAMILIES["random"].puzzle("held-out", 60)  # seconds for every solver
    result = SOLVERS["portfolio"](hard, time_limit=0.8)
    assert result.status == "timeout" and result.grid is None
    assert result.seconds < 3
    assert not mp.active_children()
