"""The recommended solver: which step answers, the second opinion, the deadline, no leftovers."""

import multiprocessing as mp
import os
import threading
from dataclasses import replace

import pytest
import strategies
from hypothesis import given, settings
from stubs import NeverAnswers, child_running, never_answering

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
PROCESS = replace(pf.PROCESS_RACE, race=True)  # the explicit option: a child process

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


@pytest.mark.parametrize("config", [RACING, PROCESS], ids=["threads", "process"])
@pytest.mark.parametrize("puzzle", [ZIGZAG, NO_PICTURE], ids=["solvable", "no picture"])
def test_the_race_gives_the_same_answer(monkeypatch, race_children, puzzle, config):
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)  # the primary is "slow"
    result = SOLVERS["portfolio"](puzzle, time_limit=30, config=config)
    assert result.stats["second_opinions"] == 1
    assert result.status == ("solved" if puzzle is ZIGZAG else "no solution")
    assert result.grid == SOLVERS["sat-automaton"](puzzle).grid
    assert result.method.startswith("portfolio: SAT (")
    assert len(race_children) == (config is PROCESS)  # a child only for the process race
    assert all(child.poll() is not None for child in race_children)  # and it was stopped


@pytest.mark.parametrize(
    ("puzzle", "second"),
    [(ZIGZAG, CONFIG.second), (FAMILIES["random"].puzzle("tuning", 0), CONFIG.hard_second)],
    ids=["mostly decided", "mostly open"],
)
def test_the_second_opinion_answers_when_the_primary_does_not(monkeypatch, puzzle, second):
    monkeypatch.setattr(pf, "SatSolver", never_answering)  # the second (a thread) is real
    processes = mp.active_children()
    result = SOLVERS["portfolio"](puzzle, time_limit=30, config=RACING)
    assert result.solved and result.method == f"portfolio: SAT ({NAMES[second]})"
    assert result.stats["second_opinions"] == 1
    assert mp.active_children() == processes  # no process was started


def test_a_hard_grid_gets_the_hard_primary(monkeypatch):
    hard = FAMILIES["random"].puzzle("tuning", 0)  # line logic decides almost nothing
    result = SOLVERS["portfolio"](hard, time_limit=30, config=RACING)
    assert result.stats["open_cells"] > CONFIG.hard_share * hard.cells
    assert result.solved and result.method in {
        f"portfolio: SAT ({NAMES[CONFIG.hard_primary]})",
        f"portfolio: SAT ({NAMES[CONFIG.hard_second]})",
    }
    waits = []
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: waits.append(seconds))
    assert SOLVERS["portfolio"](hard, time_limit=30, config=RACING).stats["second_opinions"] == 1
    assert waits == [CONFIG.hard_second_after]  # the primary alone only that long


@pytest.mark.filterwarnings("ignore:the second opinion")  # when the child's death is seen
def test_a_child_that_dies_leaves_the_primary_to_finish(monkeypatch, race_children):
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)
    monkeypatch.setattr(race_backend, "child_command", child_running("import os; os._exit(1)"))
    result = SOLVERS["portfolio"](ZIGZAG, time_limit=30, config=PROCESS)
    assert result.solved and result.method == f"portfolio: SAT ({NAMES[CONFIG.primary]})"
    assert len(race_children) == 1 and race_children[0].poll() is not None


def test_the_deadline_holds_in_the_race_and_nothing_is_left_running(monkeypatch, race_children):
    """Neither solver ever answers (stubs): the race ends at the deadline, and both stop."""
    monkeypatch.setattr(pysat_backend, "Solver", NeverAnswers)
    monkeypatch.setattr(
        race_backend, "child_command", child_running("import time; time.sleep(3600)")
    )
    hard = FAMILIES["random"].puzzle("tuning", 0)
    # the second opinion starts at once, and the limit leaves a busy machine time to start it
    at_once = replace(PROCESS, second_after=0.0, hard_second_after=0.0)
    result = SOLVERS["portfolio"](hard, time_limit=3.0, config=at_once)
    assert result.status == "timeout" and result.grid is None
    assert result.stats["second_opinions"] == 1
    assert result.stats["decisions"] == result.stats["conflicts"] == 0  # neither searched
    assert result.seconds < 3.0 + 5  # the deadline was honoured (a wide margin)
    assert len(race_children) == 1 and race_children[0].poll() is not None  # it was killed


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
    config = RACING if name == "portfolio" else None
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)  # the race starts at once
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
    monkeypatch.setattr(pf, "race_in_threads", no_answer)
    result = SOLVERS["portfolio"](ZIGZAG, time_limit=30, config=RACING)
    assert result.status == "timeout" and result.method == "portfolio"
    refuted = SOLVERS["portfolio"](Nonogram([[1, 1]], [[1], [1], []]))  # line logic refutes it
    assert refuted.status == "no solution" and refuted.method == "portfolio: line logic"


def test_the_plan_follows_the_open_share_the_size_of_the_cnf_and_the_cores():
    cells, small, large = 4800, CONFIG.hard_max_clauses, CONFIG.hard_max_clauses + 1
    mostly_open, few_open = cells, cells // 10
    assert RACING.plan(mostly_open, cells, large) == pf.Plan(
        CONFIG.large_primary, CONFIG.large_second, CONFIG.large_second_after, in_threads=True
    )
    assert RACING.plan(mostly_open, cells, small) == pf.Plan(
        CONFIG.hard_primary, CONFIG.hard_second, CONFIG.hard_second_after, in_threads=True
    )
    assert RACING.plan(few_open, cells, large) == pf.Plan(
        CONFIG.primary, CONFIG.second, CONFIG.second_after, in_threads=True
    )
    assert not PROCESS.plan(mostly_open, cells, small).in_threads  # only when asked for
    assert not PROCESS.plan(few_open, cells, large).in_threads
    assert PROCESS.plan(mostly_open, cells, large).in_threads  # a large CNF is never copied
    alone = replace(CONFIG, race=False)
    for open_cells, clauses in [(mostly_open, large), (mostly_open, small), (few_open, large)]:
        assert alone.plan(open_cells, cells, clauses) == pf.Plan(CONFIG.alone)
    before = replace(pf.FULL_CNF, race=True)  # the portfolio before the block-start CNF
    assert before.plan(mostly_open, cells, large).primary == CONFIG.hard_primary
    assert before.plan(mostly_open, cells, large).in_threads
    assert replace(before, race=False).plan(mostly_open, cells, small) == pf.Plan("glucose4")


def test_on_one_core_alone_searches_and_nothing_else_starts():
    hard = FAMILIES["random"].puzzle("tuning", 0)  # line logic leaves most cells open
    for config, backend in [(CONFIG, CONFIG.alone), (pf.FULL_CNF, CONFIG.hard_primary)]:
        result = SOLVERS["portfolio"](hard, time_limit=30, config=replace(config, race=False))
        assert result.solved and result.method == f"portfolio: SAT ({NAMES[backend]})"
        assert "second_opinions" not in result.stats
    assert not mp.active_children()


def test_a_large_open_picture_is_raced_by_two_glucoses_in_threads(monkeypatch):
    puzzle = FAMILIES["noisy"].puzzle("tuning", 22)  # 60 x 80, line logic leaves 94 % open
    threads = threading.active_count()
    waits = []
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: waits.append(seconds))
    result = SOLVERS["portfolio"](puzzle, time_limit=50, config=RACING)
    assert waits == [CONFIG.large_second_after] and result.stats["second_opinions"] == 1
    assert result.solved  # the solver layer has checked the grid against every clue
    backends = (CONFIG.large_primary, CONFIG.large_second)
    assert result.method in {f"portfolio: SAT ({NAMES[b]})" for b in backends}
    assert result.stats["open_cells"] > CONFIG.hard_share * puzzle.cells
    assert not mp.active_children()  # no process: the race ran in threads of this one
    assert threading.active_count() == threads  # and they have all ended
    monkeypatch.undo()
    full = SOLVERS["portfolio-full-cnf"](
        puzzle, time_limit=50, config=replace(pf.FULL_CNF, race=True)
    )
    assert full.solved and full.method in {
        f"portfolio: SAT ({NAMES[b]})" for b in (CONFIG.hard_primary, CONFIG.hard_second)
    }


@settings(max_examples=60, deadline=None)
@given(strategies.mixed_puzzles())
@pytest.mark.parametrize("name", ["portfolio", "portfolio-full-cnf"])
def test_an_answer_exactly_when_brute_force_finds_a_picture(name, puzzle):
    """Row clues of one picture and column clues of another: often no picture fits them, and
    then the portfolio must say so (the solver layer checks every grid it returns)."""
    result = SOLVERS[name](puzzle, time_limit=30)
    assert result.status == ("solved" if strategies.solutions(puzzle) else "no solution")


def test_settings_fail_where_they_are_made():
    """Names are PySAT's own, made canonical; what searches in this process, and every second
    opinion of a race in threads, must be interruptible (issue 30)."""
    assert pf.PortfolioConfig(alone="glucose3").alone == "glucose3"
    assert pf.PortfolioConfig(primary="G4").primary == "glucose4"
    with pytest.raises(ValueError, match=r"PortfolioConfig\.alone: PySAT has no SAT solver named"):
        pf.PortfolioConfig(alone="glucose5")
    with pytest.raises(ValueError, match=r"PortfolioConfig.second: CaDiCaL 1.0.3 \('cd103'\) "):
        pf.PortfolioConfig(second="cd103")  # it would race in a thread it could not stop
    with pytest.raises(ValueError, match=r"PortfolioConfig\.primary: CaDiCaL 1\.9\.5"):
        pf.PortfolioConfig(primary="cd195", race_in="process")  # it searches in this process
    with pytest.raises(ValueError, match=r"PortfolioConfig\.large_second: CaDiCaL"):
        pf.PortfolioConfig(large_second="cd103", race_in="process")  # always in threads
    assert pf.PROCESS_RACE.second == pf.PROCESS_RACE.hard_second == "cadical103"
    with pytest.raises(ValueError, match="race_in is 'threads' or 'process'"):
        pf.PortfolioConfig(race_in="fork")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="second_after must be a number of seconds >= 0"):
        pf.PortfolioConfig(second_after=-1)
    with pytest.raises(ValueError, match="hard_share is a share in"):
        pf.PortfolioConfig(hard_share=2)
    with pytest.raises(ValueError, match="race is None, True or False"):
        pf.PortfolioConfig(race="yes")  # type: ignore[arg-type]


def test_by_default_no_process_is_ever_started(monkeypatch):
    """Whatever the grid, the default portfolio races in threads: starting a process is an
    error here (no process to start, no clauses to copy)."""

    def no_process(*args, **kwargs):
        raise AssertionError("the default portfolio started a process")

    monkeypatch.setattr(race_backend, "race", no_process)
    monkeypatch.setattr(pf, "race", no_process)
    monkeypatch.setattr(pf, "solve_for", lambda solver, seconds: None)  # always race
    for puzzle in [ZIGZAG, FAMILIES["random"].puzzle("tuning", 0)]:
        result = SOLVERS["portfolio"](puzzle, time_limit=30, config=RACING)
        assert result.solved and result.stats["second_opinions"] == 1
