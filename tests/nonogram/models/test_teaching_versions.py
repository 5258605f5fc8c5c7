"""The teaching versions the book shows are the code the registered solvers run.

``build_model`` with a line function builds exactly the start-position and automaton models
the solvers build; ``checked`` stops a build between lines once the deadline has passed;
``forbid_picture`` finds a second picture or proves there is none; ``all_pictures`` lists the
same pictures as ``all_solutions``, which is brute force checked in ``test_cnf_placements``.
"""

import pytest
from hypothesis import given, settings
from ortools.sat.python import cp_model
from strategies import pictures, solutions

from helper.deadline import Deadline
from helper.errors import SolverTimeoutError
from helper.nonogram import Nonogram, clues_from_grid
from helper.nonogram.models import checked
from helper.nonogram.models.cnf_compact import compact_cnf
from helper.nonogram.models.cnf_placements import placement_cnf
from helper.nonogram.models.cpsat_automaton import add_line_automaton, build_automaton_model
from helper.nonogram.models.cpsat_grid import build_model, forbid_picture
from helper.nonogram.models.cpsat_start import build_nonogram_model, fill_pattern
from helper.nonogram.solvers.pysat import all_pictures, all_solutions
from helper.pictures import draw


def passed_deadline() -> Deadline:
    deadline = Deadline(0.001)
    while not deadline.passed():
        pass
    return deadline


def test_the_solvers_models_are_the_teaching_models():
    rows, cols = clues_from_grid(draw("heart", 10, 10))
    pairs = [
        (build_nonogram_model(rows, cols)[0], build_model(rows, cols, fill_pattern)[0]),
        (build_automaton_model(rows, cols)[0], build_model(rows, cols, add_line_automaton)[0]),
    ]
    for solvers, teaching in pairs:
        assert str(solvers.proto) == str(teaching.proto)
        assert len(teaching.proto.constraints) > len(rows) + len(cols) - 1


@pytest.mark.parametrize(
    ("build", "what"),
    [
        (build_nonogram_model, "start-position model"),
        (build_automaton_model, "automaton model"),
        (placement_cnf, "CNF"),
        (compact_cnf, "CNF"),
    ],
)
def test_a_passed_deadline_stops_every_build_before_its_first_line(build, what):
    rows, cols = clues_from_grid(draw("heart", 10, 10))
    with pytest.raises(SolverTimeoutError, match=f"building the {what}"):
        build(rows, cols, deadline=passed_deadline())


def test_checked_calls_through_while_the_deadline_holds():
    calls = []
    line = checked(lambda *args: calls.append(args) or len(calls), Deadline(60), "work")
    assert line(1, 2) == 1 and line(3) == 2 and calls == [(1, 2), (3,)]
    with pytest.raises(SolverTimeoutError, match=r"^work:"):
        checked(calls.append, passed_deadline(), "work")(4)
    assert len(calls) == 2  # not called once the deadline passed


def solve(model: cp_model.CpModel, cells) -> list[list[int]] | None:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[solver.value(cell) for cell in row] for row in cells]


@settings(max_examples=40, deadline=None)
@given(pictures(max_side=4))
def test_forbid_picture_finds_another_picture_exactly_when_there_is_one(grid):
    puzzle = Nonogram.from_grid(grid)
    model, cells = build_model(puzzle.rows, puzzle.cols, fill_pattern)
    forbid_picture(model, cells, grid)
    other = solve(model, cells)
    others = [g for g in solutions(puzzle) if g != grid]
    if others:
        assert other in others
    else:
        assert other is None


@settings(max_examples=40, deadline=None)
@given(pictures(max_side=4))
def test_all_pictures_lists_what_all_solutions_lists(grid):
    puzzle = Nonogram.from_grid(grid)
    expected = solutions(puzzle)
    for encode, compact in ((placement_cnf, False), (compact_cnf, True)):
        listed = all_pictures(encode(puzzle.rows, puzzle.cols))
        assert sorted(listed) == sorted(all_solutions(puzzle, compact=compact)) == expected
        assert all_pictures(encode(puzzle.rows, puzzle.cols), limit=1) == listed[:1]
