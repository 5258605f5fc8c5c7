"""Hints for the automaton model: right answers whatever the hint, and what a hint changes."""

import pytest

from helper.data import data_path
from helper.formats import read_puzzle_file
from helper.nonogram import Nonogram, NoSolutionError, load_puzzle
from helper.nonogram.hints import flipped_hint, hinted_search, partial_hint, root_counts
from helper.nonogram.make import line_logic


def test_a_full_correct_hint_is_checked_first():
    puzzle = load_puzzle("nonogram02")
    plain = hinted_search(puzzle, presolve=False)
    hinted = hinted_search(puzzle, plain.grid, presolve=False)
    assert puzzle.check(hinted.grid) and hinted.grid == plain.grid
    assert (hinted.branches, hinted.conflicts) == (0, 0) and hinted.from_hint


def test_a_wrong_hint_still_gives_a_right_answer():
    puzzle = load_puzzle("nonogram02")
    wrong = [[1 - cell for cell in row] for row in hinted_search(puzzle).grid]
    assert puzzle.check(hinted_search(puzzle, wrong).grid)


def test_hints_from_line_logic_and_partial_hints():
    puzzle = load_puzzle("nonogram01")
    logic = line_logic(puzzle)
    assert puzzle.check(hinted_search(puzzle, logic).grid)
    solution = hinted_search(puzzle).grid
    hint = partial_hint(solution, [(0, 0), (1, 2)])
    assert hint[0][0] == solution[0][0] and hint[1][2] == solution[1][2]
    assert sum(cell >= 0 for row in hint for cell in row) == 2


def test_hint_shape_and_no_solution():
    puzzle = load_puzzle("nonogram01")
    with pytest.raises(ValueError, match="10x10"):
        hinted_search(puzzle, [[1]])
    with pytest.raises(NoSolutionError):
        hinted_search(Nonogram([[2], []], [[], [2]]))


def test_a_flipped_hint_reverses_every_hinted_value():
    assert flipped_hint([[1, 0, -1], [-1, -1, 1]]) == [[0, 1, -1], [-1, -1, 0]]


def test_without_the_hint_phase_a_hint_changes_nothing():
    """hint_conflict_limit=0: CP-SAT skips the phase that follows the hint, and on this small
    puzzle the counts are those of no hint at all, for a right hint as for a wrong one. (On a
    grid with real search they can move within the spread of CP-SAT's seeds: the hints
    chapter shows it.)"""
    puzzle = read_puzzle_file(data_path("bench/noise-s15-15x15.json"))
    plain = hinted_search(puzzle, presolve=False)
    rows = [(r, c) for r in range(0, puzzle.height, 2) for c in range(puzzle.width)]
    half = partial_hint(plain.grid, rows)
    for hint in (half, flipped_hint(half)):
        on = hinted_search(puzzle, hint, presolve=False)
        off = hinted_search(puzzle, hint, presolve=False, hint_conflict_limit=0)
        assert puzzle.check(on.grid) and puzzle.check(off.grid)
        assert on.branches != plain.branches  # the hint phase changes the search
        assert (off.branches, off.conflicts) == (plain.branches, plain.conflicts)


def test_the_root_and_the_hint_search():
    """The root's counts (probing at load) are part of every solve's; a hint search that
    completes the hint leaves at most ``hint_conflict_limit`` conflicts beyond them, and its
    solution is marked as from the hint, which it never is with the hint phase off."""
    puzzle = read_puzzle_file(data_path("bench/noise-s15-15x15.json"))
    root = root_counts(puzzle, presolve=False)
    plain = hinted_search(puzzle, presolve=False)
    assert not plain.from_hint
    assert 0 < root[0] < plain.branches and root[1] <= plain.conflicts
    assert root_counts(puzzle, presolve=False, cp_model_probing_level=0) == (0, 0)
    half = partial_hint(plain.grid, [(r, c) for r in range(0, 15, 2) for c in range(15)])
    hinted = hinted_search(puzzle, half, presolve=False)
    assert hinted.from_hint and puzzle.check(hinted.grid)
    assert root[0] <= hinted.branches < plain.branches
    assert hinted.conflicts - root[1] <= 10  # CP-SAT's default hint_conflict_limit
    assert not hinted_search(puzzle, half, presolve=False, hint_conflict_limit=0).from_hint
