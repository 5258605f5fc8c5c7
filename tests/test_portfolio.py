"""The recommended solver: which step answers, the second opinion, the deadline, no leftovers."""

import multiprocessing as mp
import os

import pytest

from helper.nonogram import RECOMMENDED_SOLVER, SOLVERS, Nonogram, solve
from helper.nonogram import portfolio as pf
from helper.nonogram.families import FAMILIES
from helper.pictures import draw

ZIGZAG = Nonogram.from_grid([[1, 1, 0], [0, 1, 0], [0, 1, 1]])  # line logic leaves cells open
NO_PICTURE = Nonogram([[2], [2], [1], [1, 1]], [[1], [1, 1], [1, 1], [2]])  # logic decides nothing
GLUCOSE_IS_SLOW = FAMILIES["random"].puzzle("held-out", 68)
"""Glucose 3 needs more than 20 s here and CaDiCaL 1.5.3 about a second."""


def test_solve_is_the_portfolio():
    assert RECOMMENDED_SOLVER == "portfolio"
    heart = draw("heart", 9, 9)
    result = solve(Nonogram.from_grid(heart))
    assert result.grid == heart and result.method == "portfolio: line logic"


def test_the_primary_sat_solver_answers_a_quick_puzzle():
    result = SOLVERS["portfolio"](ZIGZAG)
    assert result.solved and result.method == "portfolio: SAT (Glucose 3)"
    assert "second_opinions" not in result.stats and result.stats["open_cells"] > 0


@pytest.mark.parametrize("puzzle", [ZIGZAG, NO_PICTURE], ids=["solvable", "no picture"])
def test_the_race_gives_the_same_answer(monkeypatch, puzzle):
    monkeypatch.setattr(pf, "_solve_for", lambda solver, seconds: None)  # the primary is "slow"
    result = SOLVERS["portfolio"](puzzle, time_limit=30)
    assert result.stats["second_opinions"] == 1
    assert result.status == ("solved" if puzzle is ZIGZAG else "no solution")
    assert result.method.startswith("portfolio: SAT (")
    assert not mp.active_children()  # the losing child was stopped


def test_the_second_opinion_wins_where_the_primary_is_slow():
    result = SOLVERS["portfolio"](GLUCOSE_IS_SLOW, time_limit=30)
    assert result.solved and result.method == "portfolio: SAT (CaDiCaL 1.5.3)"
    assert not mp.active_children()


def test_a_child_that_dies_leaves_the_primary_to_finish(monkeypatch):
    monkeypatch.setattr(pf, "_solve_for", lambda solver, seconds: None)
    monkeypatch.setattr(pf, "_second_opinion", lambda conn, clauses, backend: os._exit(3))
    result = SOLVERS["portfolio"](ZIGZAG, time_limit=30)
    assert result.solved and result.method == "portfolio: SAT (Glucose 3)"


def test_the_deadline_holds_in_the_race_and_nothing_is_left_running():
    hard = FAMILIES["random"].puzzle("held-out", 60)  # seconds for every solver
    result = SOLVERS["portfolio"](hard, time_limit=0.8)
    assert result.status == "timeout" and result.grid is None
    assert result.seconds < 3
    assert not mp.active_children()
