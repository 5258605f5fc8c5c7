"""Hints (Nonogram) and decision strategies (Futoshiki): right answers, and what they change."""

import pytest
from ortools.sat.python import cp_model

from helper.futoshiki import GameBoard, generate_futoshiki, load_futoshiki
from helper.futoshiki.strategies import STRATEGIES, strategy_counts
from helper.nonogram import Nonogram, NoSolutionError, load_puzzle
from helper.nonogram.hints import hinted_search, partial_hint
from helper.nonogram.make import line_logic
from helper.ortools import make_solver


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


def test_counts_are_the_same_on_every_run():
    grid, constraints = load_futoshiki("nine02")
    for strategy in STRATEGIES.values():
        assert strategy_counts(grid, constraints, strategy) == strategy_counts(
            grid, constraints, strategy
        )


def test_a_fixed_strategy_is_followed():
    """On an empty 5x5 square, in order and smallest first, the first row is 1 2 3 4 5."""
    board = GameBoard([[0] * 5 for _ in range(5)], [])
    board.model.add_decision_strategy(
        [cell for row in board.cells for cell in row], *STRATEGIES["in order, smallest"]
    )
    solver = make_solver()
    solver.parameters.search_branching = cp_model.FIXED_SEARCH
    solver.parameters.cp_model_presolve = False
    solver.solve(board.model)
    assert [solver.value(cell) for cell in board.cells[0]] == [1, 2, 3, 4, 5]


def test_the_strategy_changes_the_search_on_a_hard_puzzle():
    grid, constraints = generate_futoshiki(9, seed=1)
    counts = {name: strategy_counts(grid, constraints, s) for name, s in STRATEGIES.items()}
    assert len(set(counts.values())) > 1


def test_strategy_on_a_puzzle_without_solution():
    with pytest.raises(ValueError, match="no solution"):
        strategy_counts([[1, 0], [0, 0]], [((0, 1), (0, 0))], STRATEGIES["in order, smallest"])
