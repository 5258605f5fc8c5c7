"""The automaton CNF: its states against brute force, its unit propagation against the line
solver, its solutions against brute force, and the counter built on it."""

import itertools

import pytest
import strategies
from cnf_checks import cnf_pictures, unit_propagation
from hypothesis import given, settings
from hypothesis import strategies as st
from stubs import NeverAnswers

from helper.backends import pysat as pysat_backend
from helper.nonogram import SOLVERS, Nonogram, runs
from helper.nonogram.line.reference import UNKNOWN, propagate, solve_line, unknown_state
from helper.nonogram.models.cnf_automaton import (
    automaton_line_clauses,
    build_sat_model,
    line_values,
    live_states,
    template,
)
from helper.nonogram.solvers.registry import COUNTERS
from helper.pictures import draw

lines = st.integers(0, 10).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n),  # gives the clue
        st.lists(st.integers(0, 1), min_size=n, max_size=n),  # another line, for a wrong clue
        st.lists(st.sampled_from([UNKNOWN, UNKNOWN, 0, 1]), min_size=n, max_size=n),
        st.booleans(),
    )
)


def runs_of_the_automaton(clue, line):
    """The template states a line passes through, or None when the automaton rejects it."""
    values = template(clue)
    state, path = 0, [0]
    for cell in line:
        if not values[state] and cell == 0:
            pass  # a gap state reads an empty cell and stays
        elif state + 1 < len(values) and values[state + 1] == cell:
            state += 1
        else:
            return None
        path.append(state)
    return path if state >= len(values) - 2 else None


def test_template():
    assert template([]) == [0]
    assert template([2, 1]) == [0, 1, 1, 0, 1, 0]


@settings(max_examples=300, deadline=None)
@given(lines)
def test_live_states_are_exactly_the_states_of_the_fitting_lines(case):
    line, other, known, use_other = case
    clue = runs(other if use_other else line)
    fitting = [
        candidate
        for candidate in itertools.product((0, 1), repeat=len(known))
        if runs(candidate) == clue
        and all(k in (UNKNOWN, v) for k, v in zip(known, candidate, strict=True))
    ]
    live = live_states(clue, known)
    if not fitting:
        assert live is None
        return
    expected = [0] * (len(known) + 1)
    for candidate in fitting:
        path = runs_of_the_automaton(clue, candidate)
        assert path is not None  # the template reads every line of its clue
        for layer, state in enumerate(path):
            expected[layer] |= 1 << state
    assert live == expected


@settings(max_examples=300, deadline=None)
@given(lines)
def test_line_values_are_the_line_solvers_answer(case):
    line, other, known, use_other = case
    clue = runs(other if use_other else line)
    assert line_values(clue, known) == solve_line(clue, known)


pictures = strategies.pictures(1, 4)


@settings(max_examples=60, deadline=None)
@given(pictures)
def test_the_models_of_the_cnf_are_the_pictures_of_the_clues(picture):
    """Without line logic first: every model is a solution and every solution a model."""
    puzzle = Nonogram.from_grid(picture)
    assert cnf_pictures(build_sat_model(puzzle.rows, puzzle.cols)) == strategies.solutions(puzzle)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 9).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(0, 1), min_size=n, max_size=n), min_size=n, max_size=n
        )
    )
)
def test_unit_propagation_on_the_cnf_is_line_logic(picture):
    """What unit propagation alone fixes is exactly the fixpoint of the line solver."""
    puzzle = Nonogram.from_grid(picture)
    model = build_sat_model(puzzle.rows, puzzle.cols)
    fixpoint = propagate(puzzle.rows, puzzle.cols, unknown_state(puzzle.height, puzzle.width))
    assert unit_propagation(model) == fixpoint


@settings(max_examples=40, deadline=None)
@given(pictures)
def test_the_public_line_encoder_gives_the_same_cnf(picture):
    """``automaton_line_clauses``, handed in as a line encoder, writes the model's own CNF."""
    puzzle = Nonogram.from_grid(picture)
    inside = build_sat_model(puzzle.rows, puzzle.cols)
    outside = build_sat_model(puzzle.rows, puzzle.cols, line_clauses=automaton_line_clauses)
    assert outside.variables == inside.variables and outside.cells == inside.cells
    assert sorted(map(sorted, outside.clauses)) == sorted(map(sorted, inside.clauses))
    out = []
    assert automaton_line_clauses([2], [1, 0, -1], [None, None, 1], 1, out) is None
    assert out == []  # a known empty cell inside the only block: no run, nothing written


def test_known_cells_prune_and_a_contradiction_gives_no_model():
    rows, cols = [[1], [1]], [[1], [1]]
    assert build_sat_model(rows, cols, [[1, -1], [-1, -1]]).clauses  # the other diagonal is out
    assert build_sat_model(rows, cols, [[1, 1], [-1, -1]]).clauses is None  # row 0 has two
    decided = build_sat_model(rows, cols, [[1, 0], [0, 1]])
    assert decided.clauses == [] and decided.cells == [[None, None], [None, None]]


def test_line_logic_alone_solves_a_picture_without_any_clause():
    heart = draw("heart", 9, 9)  # line logic decides every cell (tests/test_make.py)
    result = SOLVERS["sat-automaton"](Nonogram.from_grid(heart))
    assert result.grid == heart
    assert "conflicts" not in result.stats  # no SAT solver ran
    zigzag = Nonogram.from_grid([[1, 1, 0], [0, 1, 0], [0, 1, 1]])  # logic leaves cells open
    assert "conflicts" in SOLVERS["sat-automaton"](zigzag).stats


@pytest.mark.parametrize("side", [3])
def test_the_counter_agrees_with_brute_force_on_every_small_puzzle(side):
    seen = set()
    for bits in itertools.product((0, 1), repeat=side * side):
        puzzle = Nonogram.from_grid([bits[r * side : (r + 1) * side] for r in range(side)])
        if puzzle in seen:
            continue
        seen.add(puzzle)
        expected = strategies.solutions(puzzle)
        count = COUNTERS["sat-automaton"](puzzle, limit=10)
        assert sorted(count.solutions) == expected and count.count == len(expected)
        assert count.exact and count.stats["solutions"] == len(expected)


def test_a_time_limit_stops_the_sat_solver(monkeypatch):
    """A SAT solver that never answers (a stub) is stopped at the deadline."""
    monkeypatch.setattr(pysat_backend, "Solver", NeverAnswers)
    zigzag = Nonogram.from_grid([[1, 1, 0], [0, 1, 0], [0, 1, 1]])  # logic leaves cells open
    result = SOLVERS["sat-automaton"](zigzag, time_limit=0.2)
    assert result.status == "timeout" and "no answer within 0.2 s" in result.message
    assert result.seconds < 0.2 + 5  # the deadline was honoured (a wide margin)
    count = COUNTERS["sat-automaton"](zigzag, limit=2, time_limit=0.2)
    assert count.count == 0 and not count.complete and count.status == "timeout"
