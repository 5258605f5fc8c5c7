"""The automaton model: each line's automaton accepts exactly the lines with its clue."""

import itertools

import pytest
from ortools.sat.python import cp_model

from helper.nonogram import SOLVERS, check_nonogram, clues_from_grid, runs
from helper.nonogram.automaton import build_automaton_model, line_automaton
from helper.nonogram.line import UNKNOWN, propagate, unknown_state
from helper.ortools import get_all_solutions
from helper.pictures import draw


def accepts(clue, line) -> bool:
    """Run the automaton of ``clue`` on ``line`` by hand."""
    transitions, finals = line_automaton(clue)
    step = {(s, v): t for s, v, t in transitions}
    state = 0
    for value in line:
        if (state, value) not in step:
            return False
        state = step[state, value]
    return state in finals


@pytest.mark.parametrize("width", range(7))
def test_automaton_accepts_exactly_the_lines_of_its_clue(width):
    all_lines = list(itertools.product((0, 1), repeat=width))
    for clue in {tuple(runs(line)) for line in all_lines}:
        accepted = {line for line in all_lines if accepts(clue, line)}
        assert accepted == {line for line in all_lines if tuple(runs(line)) == clue}


def test_automaton_is_deterministic_and_small():
    transitions, finals = line_automaton([3, 2, 2])
    assert len({(s, v) for s, v, _ in transitions}) == len(transitions)
    assert len({s for s, _, _ in transitions}) == 3 + 2 + 2 + 3 + 1  # blacks, gaps, start
    assert finals == [9, 10]


@pytest.mark.parametrize(("clue", "width"), [([2, 1], 5), ([3, 2, 2], 10), ([], 3), ([1], 1)])
def test_add_automaton_enumerates_the_same_lines_as_brute_force(clue, width):
    model = cp_model.CpModel()
    cells = [model.new_bool_var(f"x{i}") for i in range(width)]
    transitions, finals = line_automaton(clue)
    model.add_automaton(cells, 0, finals, transitions)
    found = {tuple(s[c.name] for c in cells) for s in get_all_solutions(model, cells)}
    expected = {
        line for line in itertools.product((0, 1), repeat=width) if runs(line) == list(clue)
    }
    assert found == expected


def test_known_cells_are_fixed_in_the_model():
    picture = draw("heart", 10, 10)
    rows, cols = clues_from_grid(picture)
    known = unknown_state(10, 10)
    known[0][0] = 1  # the heart's corner is empty: fixing it filled leaves no solution
    model, _ = build_automaton_model(rows, cols, known=known)
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.INFEASIBLE


def test_hybrid_hands_over_only_what_logic_left_open():
    picture = draw("sailboat", 45, 60)  # the waves leave cells that line logic cannot decide
    rows, cols = clues_from_grid(picture)
    state = propagate(rows, cols, unknown_state(45, 60))
    assert any(UNKNOWN in row for row in state)
    grid = SOLVERS["line-cpsat"](rows, cols, time_limit=60)
    assert check_nonogram(rows, cols, grid)
    for r, row in enumerate(state):  # the decided cells stayed as logic decided them
        for c, value in enumerate(row):
            assert value in (UNKNOWN, grid[r][c])
