"""TEMPORARY stand-in explanations (helper.play.standin): they must reach the solution, and
each line step must be what the line solver says about its one line."""

import pytest

from helper.errors import SolverError
from helper.futoshiki import Futoshiki, generate_futoshiki
from helper.futoshiki import solve as solve_futoshiki
from helper.nonogram import Nonogram, load_puzzle
from helper.nonogram import solve as solve_nonogram
from helper.nonogram.line.reference import UNKNOWN, solve_line
from helper.play.standin import futoshiki_steps, nonogram_steps


@pytest.mark.parametrize("name", ["nonogram01", "nonogram02"])
def test_nonogram_steps_replay_to_the_solution(name: str) -> None:
    puzzle = load_puzzle(name)
    solution = solve_nonogram(puzzle).grid
    state = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    for step in nonogram_steps(puzzle):
        if step.kind in ("line", "overlap"):
            ((axis, index),) = step.lines
            clue = (puzzle.rows if axis == "row" else puzzle.cols)[index]
            cells = state[index] if axis == "row" else [row[index] for row in state]
            forced = solve_line(clue, cells)
            for (r, c), value in step.cells.items():
                assert (r if axis == "row" else c) == index, step
                assert forced[c if axis == "row" else r] == value, step
        for (r, c), value in step.cells.items():
            assert state[r][c] == UNKNOWN and solution[r][c] == value, step
            state[r][c] = value
    assert state == solution


def test_the_sailboat_needs_steps_of_more_than_one_line() -> None:
    kinds = {step.kind for step in nonogram_steps(load_puzzle("nonogram02"))}
    assert kinds == {"line", "lines"}  # its first lines are empty rows and long columns
    heart = {step.kind for step in nonogram_steps(load_puzzle("nonogram01"))}
    assert heart == {"overlap", "line"}


def test_a_puzzle_that_needs_search_is_refused() -> None:
    two_ways = Nonogram([[1], [1]], [[1], [1]])
    with pytest.raises(SolverError, match="needs search"):
        nonogram_steps(two_ways)


@pytest.mark.parametrize(("size", "seed"), [(5, 2), (7, 21), (7, 1)])
def test_futoshiki_steps_replay_to_the_solution(size: int, seed: int) -> None:
    puzzle = Futoshiki(*generate_futoshiki(size, seed))
    grid = puzzle.to_lists()
    for step in futoshiki_steps(puzzle):
        assert len(step.cells) == 1 and step.reason
        for (r, c), value in step.cells.items():
            assert grid[r][c] == 0
            grid[r][c] = value
    assert grid == solve_futoshiki(puzzle).grid
