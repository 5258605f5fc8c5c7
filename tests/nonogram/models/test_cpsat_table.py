"""A line as a table: the same solutions as the automaton model, and a size limit."""

import itertools

import pytest
import strategies
from hypothesis import HealthCheck, given, settings

from helper.nonogram import SOLVERS, Nonogram, count_solutions, load_puzzle
from helper.nonogram.models.cpsat_automaton import build_automaton_model
from helper.nonogram.models.cpsat_table import build_table_model, stored_numbers
from helper.nonogram.placements import count_placements, puzzle_placements
from helper.ortools import get_all_solutions


def _table_solutions(puzzle):
    model, cells = build_table_model(puzzle.rows, puzzle.cols)
    found = get_all_solutions(model, [c for row in cells for c in row])
    return sorted(
        [[s[f"cell_{r}_{c}"] for c in range(puzzle.width)] for r in range(puzzle.height)]
        for s in found
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picture=strategies.pictures(1, 4))
def test_every_solution_of_the_tables_is_a_solution_of_the_clues(picture):
    """All solutions, compared with brute force over every grid."""
    puzzle = Nonogram.from_grid(picture)
    assert _table_solutions(puzzle) == strategies.solutions(puzzle)


def test_each_line_gets_one_row_per_placement():
    puzzle = load_puzzle("nonogram01")
    model, _ = build_table_model(puzzle.rows, puzzle.cols)
    tables = [c for c in model.proto.constraints if c.has_table()]
    assert len(tables) == puzzle.height + puzzle.width
    rows = [len(t.table.values) // len(t.table.exprs) for t in tables]
    expected = [count_placements(clue, puzzle.width) for clue in puzzle.rows]
    expected += [count_placements(clue, puzzle.height) for clue in puzzle.cols]
    assert rows == expected
    assert stored_numbers(model) == sum(
        n * length
        for n, length in zip(
            expected, [puzzle.width] * puzzle.height + [puzzle.height] * puzzle.width, strict=True
        )
    )


def test_stored_numbers_counts_automaton_transitions_without_changing_the_model():
    puzzle = load_puzzle("nonogram01")
    model, _ = build_automaton_model(puzzle.rows, puzzle.cols)
    before = str(model.proto)
    numbers = stored_numbers(model)
    assert str(model.proto) == before  # no constraint turned into an empty table
    assert numbers == 3 * sum(len(c.automaton.transition_tail) for c in model.proto.constraints)
    assert SOLVERS["cpsat-automaton"](puzzle).solved


def test_the_registered_solver_agrees_with_the_book_puzzle():
    puzzle = load_puzzle("nonogram02")
    result = SOLVERS["cpsat-table"](puzzle, time_limit=60)
    assert result.solved and puzzle.check(result.grid)
    assert count_solutions(puzzle).unique


def test_a_puzzle_with_too_many_placements_is_refused_at_once():
    puzzle = load_puzzle("nonogram03")
    assert puzzle_placements(puzzle.rows, puzzle.cols) > 10**9
    result = SOLVERS["cpsat-table"](puzzle, time_limit=60)
    assert result.status == "too large"
    assert "placements" in result.message and result.seconds < 30


def test_the_limit_can_be_lifted_or_lowered():
    puzzle = load_puzzle("nonogram01")
    with pytest.raises(Exception, match="limit is 10"):
        build_table_model(puzzle.rows, puzzle.cols, max_tuples=10)
    model, _ = build_table_model(puzzle.rows, puzzle.cols, max_tuples=None)
    assert len(model.proto.constraints) == 20


def test_no_solution():
    assert SOLVERS["cpsat-table"](Nonogram([[2], []], [[], [2]])).status == "no solution"


def test_the_3x3_count_matches_brute_force():
    for bits in itertools.islice(itertools.product((0, 1), repeat=9), 0, 512, 37):
        puzzle = Nonogram.from_grid([bits[0:3], bits[3:6], bits[6:9]])
        assert len(_table_solutions(puzzle)) == len(strategies.solutions(puzzle))


def test_reading_table_of_another_constraint_removes_it():
    """The trap stored_numbers avoids: reading ``.table`` of a ``bool_or`` turns it into an
    empty table, and an infeasible model gains solutions."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = model.new_bool_var("x")
    model.add_bool_or([x])
    model.add_bool_or([~x])
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.INFEASIBLE
    assert stored_numbers(model) == 0 and model.proto.constraints[0].has_bool_or()
    _ = model.proto.constraints[0].table
    assert model.proto.constraints[0].has_table()
    assert solver.solve(model) == cp_model.OPTIMAL
