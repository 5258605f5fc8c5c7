"""The hybrid: line logic, a short search, CP-SAT for what is left; its budget is its config."""

from dataclasses import replace

from helper.bench import load_set
from helper.nonogram import SOLVERS, Nonogram
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.solvers import hybrid


def test_hybrid_hands_over_exactly_when_its_search_budget_runs_out():
    """The 20x20 sailboat needs guesses after line logic: a budget of none sends it to
    CP-SAT, the normal budget finishes it in Python."""
    (puzzle,) = load_set(pattern="picture-sailboat-20x20")
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    grid.propagate()
    assert (
        not grid.solved()
        and grid.open_count() < hybrid.HybridConfig().handover.hard_share * puzzle.cells
    )
    in_python = SOLVERS["bitline-hybrid"](puzzle, time_limit=30)
    assert in_python.solved and in_python.stats["guesses"] >= 1
    assert "handovers" not in in_python.stats and "branches" not in in_python.stats
    solver = SOLVERS["bitline-hybrid"]
    handed_over = solver(puzzle, time_limit=30, config=replace(solver.config, search_nodes=0))
    assert handed_over.solved and handed_over.stats["handovers"] == 1
    assert "guesses" not in handed_over.stats and "branches" in handed_over.stats


def test_hybrid_proves_no_solution_by_its_own_search():
    """Line logic leaves only the left 4x4 block open (16 of 36 cells, not a hard puzzle), and
    no picture fits it: the Python search runs out of cases, with no hand-over to CP-SAT."""
    rows = [[2, 4], [2, 4], [1, 4], [1, 1, 4]]
    cols = [[1], [1, 1], [1, 1], [2], [], [4], [4], [4], [4]]
    grid = MaskGrid(rows, cols)
    grid.propagate()
    assert grid.open_count() == 16 <= hybrid.HybridConfig().handover.hard_share * 36
    result = SOLVERS["bitline-hybrid"](Nonogram(rows, cols), time_limit=30)
    assert result.status == "no solution"
    assert result.stats["guesses"] >= 1 and "handovers" not in result.stats


def test_hybrid_sends_a_hard_puzzle_to_cpsat_at_once():
    (puzzle,) = load_set(pattern="hard-*", sizes=["25x25"])
    result = SOLVERS["bitline-hybrid"](puzzle, time_limit=60)
    assert result.solved and result.stats["handovers"] == 1
    assert "guesses" not in result.stats  # no Python search on a hard puzzle
    assert SOLVERS["bitline-hybrid"](puzzle, time_limit=0.001).status == "timeout"
