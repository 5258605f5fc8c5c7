"""Decision strategies on Futoshiki: followed when fixed, repeatable counts, bad input."""

import pytest
from ortools.sat.python import cp_model

from helper.futoshiki import Futoshiki, GameBoard, NoSolutionError, generate_futoshiki, load_puzzle
from helper.futoshiki.strategies import (
    SEARCH_ALONE,
    STRATEGIES,
    control_of,
    shuffled,
    strategy_counts,
)
from helper.ortools import make_solver


def test_counts_are_the_same_on_every_run():
    puzzle = load_puzzle("nine02")
    for strategy in [*STRATEGIES.values(), shuffled(0)]:
        assert strategy_counts(puzzle, strategy) == strategy_counts(puzzle, strategy)


def test_a_fixed_strategy_is_followed():
    """On an empty 5x5 square, in order and smallest first, the first row is 1 2 3 4 5."""
    board = GameBoard([[0] * 5 for _ in range(5)], [])
    strategy = STRATEGIES["in order, smallest"]
    board.model.add_decision_strategy(
        [cell for row in board.cells for cell in row], strategy.variable, strategy.value
    )
    solver = make_solver()
    solver.parameters.search_branching = cp_model.FIXED_SEARCH
    solver.parameters.cp_model_presolve = False
    solver.solve(board.model)
    assert [solver.value(cell) for cell in board.cells[0]] == [1, 2, 3, 4, 5]


def test_the_strategy_changes_the_search_on_a_hard_puzzle():
    puzzle = Futoshiki(*generate_futoshiki(9, seed=1))
    counts = {name: strategy_counts(puzzle, s) for name, s in STRATEGIES.items()}
    assert len(set(counts.values())) > 1


def test_with_search_alone_the_strategy_decides_the_counts():
    """nine01 is decided by CP-SAT's probing and inprocessing before any strategy matters:
    every strategy gives the same counts. With both off, stopped at the root, nothing has
    been decided, and the strategies differ."""
    puzzle = load_puzzle("nine01")
    counts = {name: strategy_counts(puzzle, s) for name, s in STRATEGIES.items()}
    assert len(set(counts.values())) == 1
    root = strategy_counts(puzzle, None, stop_after_root_propagation=True, **SEARCH_ALONE)
    assert root == (0, 0)
    alone = {name: strategy_counts(puzzle, s, **SEARCH_ALONE) for name, s in STRATEGIES.items()}
    assert len(set(alone.values())) > 2


def test_a_shuffled_order_is_another_order():
    """The control is reading order shuffled: its seed changes the order, and so the search."""
    puzzle = Futoshiki(*generate_futoshiki(7, seed=3))
    ordered = strategy_counts(puzzle, STRATEGIES["in order, smallest"], **SEARCH_ALONE)
    shuffles = {strategy_counts(puzzle, shuffled(seed), **SEARCH_ALONE) for seed in range(3)}
    assert ordered not in shuffles and len(shuffles) > 1
    assert shuffled(1) == shuffled(1) != shuffled(2)
    assert shuffled(1).variable == STRATEGIES["in order, smallest"].variable


def test_a_control_differs_from_its_strategy_in_the_order_alone():
    """control_of keeps the value rule: largest first stays largest first, and on a solve
    the control and the strategy differ, as two orders do."""
    for name in ("fewest left, smallest", "fewest left, largest", "in order, smallest"):
        strategy = STRATEGIES[name]
        assert strategy is not None
        control = control_of(strategy, 4)
        assert control.value == strategy.value and control.shuffle == 4
        assert control.variable == cp_model.CHOOSE_FIRST
    largest, smallest = (
        control_of(STRATEGIES[f"fewest left, {rule}"], 0) for rule in ("largest", "smallest")
    )
    puzzle = Futoshiki(*generate_futoshiki(7, seed=3))
    assert strategy_counts(puzzle, largest, **SEARCH_ALONE) != strategy_counts(
        puzzle, smallest, **SEARCH_ALONE
    )


def test_strategy_on_a_puzzle_without_solution():
    with pytest.raises(NoSolutionError, match="no solution"):
        strategy_counts(
            Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))]), STRATEGIES["in order, smallest"]
        )


def test_strategy_wants_a_futoshiki():
    with pytest.raises(TypeError, match="expected a Futoshiki"):
        strategy_counts([[1, 0], [0, 0]], None)
