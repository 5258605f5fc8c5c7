"""The block-start CNF: its models against brute force, its unit propagation against the
line solver (from nothing and from known cells), and its size against the full automaton."""

import pytest
import strategies
from cnf_checks import cnf_pictures, unit_propagation
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.bench.families import FAMILIES
from helper.errors import SolverTimeoutError
from helper.nonogram import Deadline, Nonogram
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.line.contract import UNKNOWN, Contradiction
from helper.nonogram.models.cnf_automaton import build_sat_model
from helper.nonogram.models.cnf_starts import build_start_model


def line_logic(puzzle: Nonogram, known: list[list[int]]) -> list[list[int]] | None:
    """The line solver's fixpoint from ``known``, or ``None`` on a contradiction."""
    grid = MaskGrid.from_state(puzzle.rows, puzzle.cols, known)
    try:
        grid.propagate()
    except Contradiction:
        return None
    return grid.to_state()


@settings(max_examples=80, deadline=None)
@given(strategies.pictures(1, 4))
def test_the_models_are_the_pictures_of_the_clues(picture):
    puzzle = Nonogram.from_grid(picture)
    assert cnf_pictures(build_start_model(puzzle.rows, puzzle.cols)) == strategies.solutions(puzzle)


cases = st.integers(1, 8).flatmap(
    lambda h: st.integers(1, 8).flatmap(
        lambda w: st.tuples(
            st.lists(st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=h, max_size=h),
            st.lists(
                st.lists(
                    st.sampled_from([UNKNOWN, UNKNOWN, UNKNOWN, 0, 1]), min_size=w, max_size=w
                ),
                min_size=h,
                max_size=h,
            ),
        )
    )
)


@settings(max_examples=120, deadline=None)
@given(cases)
def test_unit_propagation_is_line_logic_from_any_known_cells(case):
    """From known cells that may or may not fit: unit propagation fixes exactly what line
    logic fixes, and finds a contradiction exactly when line logic does (on both CNFs)."""
    picture, known = case
    puzzle = Nonogram.from_grid(picture)
    expected = line_logic(puzzle, known)
    assert unit_propagation(build_start_model(puzzle.rows, puzzle.cols, known)) == expected
    assert unit_propagation(build_sat_model(puzzle.rows, puzzle.cols, known)) == expected


@pytest.mark.parametrize("k", [6, 10])
def test_fewer_variables_than_the_full_automaton_on_a_large_open_picture(k):
    puzzle = FAMILIES["noisy"].puzzle("tuning", k)  # 60 x 80, line logic leaves most open
    known = line_logic(puzzle, [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)])
    full = build_sat_model(puzzle.rows, puzzle.cols, known)
    starts = build_start_model(puzzle.rows, puzzle.cols, known)
    assert starts.cells == full.cells  # the same cell variables
    assert starts.variables < 0.7 * full.variables
    assert len(starts.clauses) < len(full.clauses)


def test_the_deadline_is_checked_while_building():
    puzzle = FAMILIES["noisy"].puzzle("tuning", 10)
    with pytest.raises(SolverTimeoutError, match="building"):
        build_start_model(puzzle.rows, puzzle.cols, deadline=Deadline(1e-9))
