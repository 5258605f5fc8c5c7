"""The automaton model: each line's automaton accepts exactly the lines with its clue."""

import itertools

import pytest
from ortools.sat.python import cp_model

from helper.nonogram import clues_from_grid, runs
from helper.nonogram.line.reference import UNKNOWN, unknown_state
from helper.nonogram.models.cpsat_automaton import (
    build_automaton_model,
    handover_model,
    line_automaton,
)
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


def every_grid(model, cells):
    """All the grids a model allows, by CP-SAT enumeration."""

    class Grids(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = []

        def on_solution_callback(self):
            self.found.append([[self.value(cell) for cell in row] for row in cells])

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    collector = Grids()
    solver.solve(model, collector)
    return sorted(collector.found)


@pytest.mark.parametrize(
    ("known", "expected"), [((0, 0), [[1, 0], [0, 1]]), ((0, 1), [[0, 1], [1, 0]])]
)
def test_handover_model_keeps_the_decided_cells(known, expected):
    """The 2x2 puzzle with a 1 in every line has two pictures (the diagonals); a state that
    decides one cell leaves the handover model exactly the picture that agrees with it."""
    assert every_grid(*handover_model([[1], [1]], [[1], [1]], unknown_state(2, 2))) == [
        [[0, 1], [1, 0]],
        [[1, 0], [0, 1]],
    ]
    state = unknown_state(2, 2)
    state[known[0]][known[1]] = 1
    assert every_grid(*handover_model([[1], [1]], [[1], [1]], state)) == [expected]


def test_handover_model_has_no_automaton_for_a_decided_line():
    state = [[1, 0], [UNKNOWN, UNKNOWN]]  # row 0 decided; row 1 and both columns open
    model, _ = handover_model([[1], [1]], [[1], [1]], state)
    assert [c.has_automaton() for c in model.proto.constraints] == [True] * 3
