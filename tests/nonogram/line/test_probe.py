"""Full probing on bit masks: sound against brute force, stronger than line logic."""

import pytest
import strategies
from hypothesis import given, settings

from helper.bench.families import FAMILIES
from helper.nonogram import SOLVERS, Contradiction, Deadline, Nonogram, Run, SolverTimeoutError
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.line.probe import open_cells, probe_fixpoint, probing_search


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


def test_the_deadline_stops_probing():
    hard = FAMILIES["random"].puzzle("held-out", 60)
    with pytest.raises(SolverTimeoutError, match="probing"):
        probing_search(fixpoint(hard), Run(Deadline(0.05), "test"))
