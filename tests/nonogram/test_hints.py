"""Hints for the automaton model: right answers whatever the hint, and what a hint changes."""

import pytest

from helper.nonogram import Nonogram, NoSolutionError, load_puzzle
from helper.nonogram.hints import hinted_search, partial_hint
from helper.nonogram.make import line_logic


def test_a_full_correct_hint_is_checked_first():
    puzzle = load_puzzle("nonogram02")
    plain = hinted_search(puzzle, presolve=False)
    hinted = hinted_search(puzzle, plain.grid, presolve=False)
    assert puzzle.check(hinted.grid) and hinted.grid == plain.grid
    assert (hinted.branches, hinted.conflicts) == (0, 0)


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
