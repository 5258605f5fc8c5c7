"""Probing on bit masks: sound against brute force, stronger than line logic; probing only the
changed lines; and the probing search, both ways."""

import time

import pytest
import strategies
from hypothesis import given, settings

from helper.bench.families import FAMILIES
from helper.nonogram import (
    SOLVERS,
    Contradiction,
    Deadline,
    Nonogram,
    Run,
    SolverTimeoutError,
    check_nonogram,
    clues_from_grid,
)
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.line.probe import open_cells, open_cells_in, probe, probe_fixpoint, probe_lines
from helper.nonogram.line.reference import UNKNOWN, propagate, unknown_cells, unknown_state
from helper.nonogram.line.search import probing_search


def fixpoint(puzzle):
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    grid.propagate()
    return grid


pictures = strategies.pictures(1, 4)


@settings(max_examples=80, deadline=None)
@given(pictures)
def test_probing_decides_only_what_every_solution_agrees_on(picture):
    puzzle = Nonogram.from_grid(picture)
    line_logic = fixpoint(puzzle)
    run = Run(Deadline(), "test")
    probed, best = probe_fixpoint(line_logic, run)
    state = probed.to_state()
    every = strategies.solutions(puzzle)
    for r, row in enumerate(state):
        for c, value in enumerate(row):
            if value != -1:
                assert all(s[r][c] == value for s in every)
    assert probed.open_count() <= line_logic.open_count()
    assert (best is None) == (probed.open_count() == 0)
    if best is not None:  # the branching cell is open, and both of its probes were consistent
        assert (best.row, best.col) in set(open_cells(probed))
        assert best.empty.to_state()[best.row][best.col] == 0
        assert best.filled.to_state()[best.row][best.col] == 1


def test_probing_solves_what_line_logic_cannot():
    puzzle = Nonogram([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])
    line_logic = fixpoint(puzzle)
    assert line_logic.open_count() == 16  # line logic decides nothing
    run = Run(Deadline(), "test")
    probed, best = probe_fixpoint(line_logic, run)
    assert best is None and puzzle.check(probed.to_state())
    assert run.stats["probes"] >= 2 and run.stats["probed_cells"] == 16
    assert line_logic.open_count() == 16  # the input grid is left as it was


def test_a_cell_with_no_value_left_is_a_contradiction():
    puzzle = Nonogram([[2], [2], [1], [1, 1]], [[1], [1, 1], [1, 1], [2]])  # no picture fits
    assert not strategies.solutions(puzzle)
    with pytest.raises(Contradiction, match=r"cell \(\d, \d\) can be neither"):
        probe_fixpoint(fixpoint(puzzle), Run(Deadline(), "test"))
    assert probing_search(fixpoint(puzzle), Run(Deadline(), "test")) is None


def test_the_search_branches_and_counts_its_nodes():
    puzzle = FAMILIES["noisy"].puzzle("tuning", 0)  # 30x40, some cells need a guess
    result = SOLVERS["bitline-probing"](puzzle, time_limit=60)
    assert result.solved and result.stats["nodes"] >= 1 and result.stats["probes"] > 0


@pytest.mark.parametrize("only_changed", [False, True])
def test_the_deadline_stops_probing(monkeypatch, only_changed):
    """A stub makes every probe slow (0.2 s a trial): probing stops at its 0.05 s deadline
    after the first cell instead of going on to probe the other three (the two diagonals
    both fit, so no probe decides anything)."""
    real_trial = MaskGrid.trial

    def slow_trial(self, r, c, value, deadline=None):
        time.sleep(0.1)
        return real_trial(self, r, c, value)

    stalled = fixpoint(Nonogram([[1], [1]], [[1], [1]]))
    assert stalled.open_count() == 4
    monkeypatch.setattr(MaskGrid, "trial", slow_trial)
    run = Run(Deadline(0.05), "test")
    start = time.perf_counter()
    with pytest.raises(SolverTimeoutError, match="probing"):
        probing_search(stalled, run, only_changed=only_changed)
    assert run.stats["probes"] == 2  # one cell, both ways, then the deadline
    assert time.perf_counter() - start < 0.05 + 0.2 + 5  # a wide margin


@settings(max_examples=80, deadline=None)
@given(pictures)
def test_probing_the_changed_lines_decides_only_what_every_solution_agrees_on(picture):
    puzzle = Nonogram.from_grid(picture)
    line_logic = fixpoint(puzzle)
    probed, best = probe_lines(line_logic, Run(Deadline(), "test"))
    every = strategies.solutions(puzzle)
    for r, row in enumerate(probed.to_state()):
        for c, value in enumerate(row):
            if value != -1:
                assert all(s[r][c] == value for s in every)
    full, _ = probe_fixpoint(line_logic, Run(Deadline(), "test"))
    assert full.open_count() <= probed.open_count() <= line_logic.open_count()
    if best is not None:  # both probes of an open cell, each deciding that cell at least
        assert (best.row, best.col) in set(open_cells(probed))
        assert max(best.empty.open_count(), best.filled.open_count()) < probed.open_count()


def test_probing_the_changed_lines_probes_only_their_cells():
    stalled = fixpoint(Nonogram([[1], [1]], [[1], [1]]))  # two diagonals: no probe decides
    assert open_cells_in(stalled, ({0}, set())) == [(0, 0), (0, 1)]
    assert open_cells_in(stalled, ({0}, {0})) == [(0, 0), (0, 1), (1, 0)]
    for lines, probes in [(({0}, set()), 4), ((set(), set()), 0), (None, 8)]:
        run = Run(Deadline(), "test")
        probed, best = probe_lines(stalled, run, lines)
        assert probed.open_count() == 4 and run.stats.get("probes", 0) == probes
        assert (best is None) == (probes == 0)


@pytest.mark.parametrize("name", ["bitline-probing", "incremental-probing"])
@settings(max_examples=60, deadline=None)
@given(strategies.mixed_puzzles())
def test_a_picture_exactly_when_brute_force_finds_one(name, puzzle):
    """Row clues of one picture, column clues of another: the search must find a picture
    that fits (the solver layer checks it) or prove that there is none."""
    result = SOLVERS[name](puzzle, time_limit=30)
    assert result.status == ("solved" if strategies.solutions(puzzle) else "no solution")


def test_probing_the_changed_lines_needs_fewer_probes_and_reports_the_cache():
    puzzle = FAMILIES["noisy"].puzzle("tuning", 0)  # 30x40, some cells need a guess
    full = SOLVERS["bitline-probing"](puzzle, time_limit=60)
    changed = SOLVERS["incremental-probing"](puzzle, time_limit=60)
    assert full.solved and changed.solved  # checked against the clues by the solver layer
    assert changed.stats["probes"] < full.stats["probes"]
    for result in (full, changed):  # every probe asks the cache for two lines at least
        assert result.stats["cache_hits"] > 0
        assert result.stats["cache_hits"] + result.stats["cache_misses"] >= result.stats["probes"]


@settings(max_examples=80, deadline=None)
@given(strategies.pictures(1, 8))
def test_fixpoint_and_probing_never_contradict_the_picture(picture):
    """Whatever logic decides, the picture the clues came from agrees with it."""
    rows, cols = clues_from_grid(picture)
    state = propagate(rows, cols, unknown_state(len(rows), len(cols)))
    probed = probe(rows, cols, state)
    for decided in (state, probed):
        for r, row in enumerate(decided):
            for c, value in enumerate(row):
                assert value in (UNKNOWN, picture[r][c])
    assert len(unknown_cells(probed)) <= len(unknown_cells(state))


def test_probing_decides_what_plain_line_logic_cannot():
    # Line logic decides no cell of this 4x4 puzzle; probing finds its only solution.
    rows, cols = [[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]]
    state = propagate(rows, cols, unknown_state(4, 4))
    assert len(unknown_cells(state)) == 16
    solved = probe(rows, cols, state)
    assert not unknown_cells(solved)
    assert check_nonogram(rows, cols, solved)
