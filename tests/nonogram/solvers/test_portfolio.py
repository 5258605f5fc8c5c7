"""The recommended solver: which step answers, the second opinion, the deadline, no leftovers."""

import multiprocessing as mp
import os
import threading
import time
from dataclasses import replace

import pytest
from pysat.solvers import Solver

from helper.backends import pysat as pysat_backend
from helper.backends import race as race_backend
from helper.backends.pysat import NAMES
from helper.bench.families import FAMILIES
from helper.errors import SolverTimeoutError
from helper.nonogram import RECOMMENDED_SOLVER, SOLVERS, Nonogram, count_solutions, solve
from helper.nonogram.solvers import portfolio as pf
from helper.pictures import draw

CONFIG = pf.PortfolioConfig()
RACING = replace(CONFIG, race=True)  # race even on a machine with one usable core

ZIGZAG = Nonogram.from_grid([[1, 1, 0], [0, 1, 0], [0, 1, 1]])  # line logic leaves cells open
STALLED = Nonogram([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])  # unique, no logic
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
    assert result.solved and result.method == f"portfolio: SAT ({NAMES[CONFIG.primary]})"
    assert "second_opinions" not in result.stats and result.stats["open_cells"] > 0


@pytest.mark.parametrize("puzzle", [ZIGZAG, NO_PICTURE], ids=["solvable", "no picture"])
def test_the_race_gives_the_same_answer(monkeypatch, puzzle):
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)  # the primary is "slow"
    result = SOLVERS["portfolio"](puzzle, time_limit=30, config=RACING)
    assert result.stats["second_opinions"] == 1
    assert result.status == ("solved" if puzzle is ZIGZAG else "no solution")
    assert result.grid == SOLVERS["sat-automaton"](puzzle).grid
    assert result.method.startswith("portfolio: SAT (")
    assert not mp.active_children()  # the losing child was stopped


class Stubborn(Solver):
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
    monkeypatch.setattr(pysat_backend, "Solver", Stubborn)  # the child (spawned) is real
    result = SOLVERS["portfolio"](puzzle, time_limit=30, config=RACING)
    assert result.solved and result.method == f"portfolio: SAT ({NAMES[CONFIG.second]})"
    assert result.stats["second_opinions"] == 1
    assert not mp.active_children()


def test_a_hard_grid_gets_the_hard_primary():
    hard = FAMILIES["random"].puzzle("tuning", 0)  # line logic decides almost nothing
    result = SOLVERS["portfolio"](hard, time_limit=30, config=RACING)
    assert result.stats["open_cells"] > CONFIG.hard_share * hard.cells
    assert result.solved and result.method in {
        f"portfolio: SAT ({NAMES[CONFIG.hard_primary]})",
        f"portfolio: SAT ({NAMES[CONFIG.second]})",
    }
    at_once = replace(RACING, hard_second_after=0.0)  # the race starts at once
    assert SOLVERS["portfolio"](hard, time_limit=30, config=at_once).stats["second_opinions"] == 1


def test_a_child_that_dies_leaves_the_primary_to_finish(monkeypatch):
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)
    dying = replace(RACING, second="no-such-solver")  # the child fails to load it and exits
    result = SOLVERS["portfolio"](ZIGZAG, time_limit=30, config=dying)
    assert result.solved and result.method == f"portfolio: SAT ({NAMES[CONFIG.primary]})"
    assert not mp.active_children()


def _never_answers(conn, clauses, backend):
    time.sleep(3600)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the stub child is passed on by fork")
def test_the_deadline_holds_in_the_race_and_nothing_is_left_running(monkeypatch):
    """Neither solver ever answers (stubs): the race ends at the deadline, and both stop."""
    monkeypatch.setattr(pysat_backend, "Solver", Stubborn)
    monkeypatch.setattr(race_backend, "_second_opinion", _never_answers)
    monkeypatch.setattr(race_backend, "START_METHOD", "fork")  # so the child is the stub
    hard = FAMILIES["random"].puzzle("tuning", 0)
    result = SOLVERS["portfolio"](hard, time_limit=0.5, config=RACING)
    assert result.status == "timeout" and result.grid is None
    assert result.stats == {"open_cells": result.stats["open_cells"], "second_opinions": 1}
    assert result.seconds < 0.5 + 5  # the deadline was honoured (a wide margin)
    assert not mp.active_children()


def test_one_usable_core_means_no_race(monkeypatch):
    monkeypatch.setattr(race_backend.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert race_backend.usable_cores() == 1 and not CONFIG.races()
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)  # would start a race
    result = SOLVERS["portfolio"](ZIGZAG, time_limit=30)
    assert result.solved and "second_opinions" not in result.stats
    assert result.method == f"portfolio: SAT ({NAMES[CONFIG.primary]})"
    assert RACING.races() and not replace(CONFIG, race=False).races()


def _no_fork_context(original):
    def get_context(method=None):
        if method == "fork":
            raise ValueError("cannot find context for 'fork'")
        return original(method)

    return get_context


@pytest.mark.parametrize("name", ["portfolio", "sat-automaton", "bitline-probing"])
def test_solvers_work_and_agree_where_fork_does_not_exist(monkeypatch, name):
    """As on Windows: no os.fork, no "fork" start method. The answers do not change."""
    hard = FAMILIES["random"].puzzle("tuning", 0)
    expected = SOLVERS["sat-automaton"](STALLED, time_limit=30).grid
    monkeypatch.delattr(os, "fork", raising=False)
    monkeypatch.setattr(mp, "get_context", _no_fork_context(mp.get_context))
    with pytest.raises(ValueError):
        mp.get_context("fork")
    config = replace(RACING, hard_second_after=0.0) if name == "portfolio" else None
    result = SOLVERS[name](hard, time_limit=30, config=config)
    assert result.solved and hard.check(result.grid)
    if name == "portfolio":
        assert result.stats["second_opinions"] == 1  # a race ran, without fork
    assert not mp.active_children()
    unique = STALLED  # one solution, so every solver must give exactly that one
    assert count_solutions(unique).unique
    assert SOLVERS[name](unique, time_limit=30, config=config).grid == expected


def test_a_timeout_is_not_labelled_line_logic(monkeypatch):
    def no_answer(solver, primary, clauses, second, run):
        raise SolverTimeoutError("portfolio: no answer within 1 s")

    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)
    monkeypatch.setattr(pf, "race", no_answer)
    result = SOLVERS["portfolio"](ZIGZAG, time_limit=30, config=RACING)
    assert result.status == "timeout" and result.method == "portfolio"
    refuted = SOLVERS["portfolio"](Nonogram([[1, 1]], [[1], [1], []]))  # line logic refutes it
    assert refuted.status == "no solution" and refuted.method == "portfolio: line logic"
