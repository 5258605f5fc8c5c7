"""The line solver: one line against brute force, the grid fixpoint, probing and search."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.nonogram import check_nonogram, clues_from_grid, runs
from helper.nonogram.line import (
    UNKNOWN,
    Contradiction,
    probe,
    propagate,
    search,
    solve_line,
    sweeps,
    unknown_cells,
    unknown_state,
)
from helper.pictures import draw


def brute_force(clue, cells):
    """What every placement consistent with ``cells`` agrees on, by listing all 2^n lines."""
    fits = [
        line
        for line in itertools.product((0, 1), repeat=len(cells))
        if runs(line) == list(clue)
        and all(c in (UNKNOWN, v) for c, v in zip(cells, line, strict=True))
    ]
    if not fits:
        return None
    return [
        fits[0][x] if all(f[x] == fits[0][x] for f in fits) else cells[x] for x in range(len(cells))
    ]


lines = st.integers(0, 10).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n),  # a line that gives the clue
        st.lists(st.integers(0, 1), min_size=n, max_size=n),  # another line, for a wrong clue
        st.lists(st.sampled_from([UNKNOWN, UNKNOWN, 0, 1]), min_size=n, max_size=n),
        st.booleans(),
    )
)


@settings(max_examples=400, deadline=None)
@given(lines)
def test_solve_line_agrees_with_brute_force(case):
    line, other, cells, use_other = case
    clue = runs(other if use_other else line)
    assert solve_line(clue, cells) == brute_force(clue, cells)


def test_solve_line_by_hand():
    assert solve_line([3], [UNKNOWN] * 4) == [UNKNOWN, 1, 1, UNKNOWN]
    assert solve_line([2, 1], [UNKNOWN] * 4) == [1, 1, 0, 1]
    assert solve_line([], [UNKNOWN] * 3) == [0, 0, 0]
    assert solve_line([1], [UNKNOWN, 1, UNKNOWN]) == [0, 1, 0]
    assert solve_line([1], [1, UNKNOWN, 1]) is None  # two filled cells, one block of one
    assert solve_line([2], [0, UNKNOWN, 0]) is None


def test_solve_line_never_forgets_a_known_cell():
    cells = [1, UNKNOWN, 0, UNKNOWN, UNKNOWN, 1]
    result = solve_line([1, 1, 1], cells)
    assert all(c == UNKNOWN or r == c for c, r in zip(cells, result, strict=True))


pictures = st.integers(1, 8).flatmap(
    lambda h: st.integers(1, 8).flatmap(
        lambda w: st.lists(
            st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=h, max_size=h
        )
    )
)


@settings(max_examples=80, deadline=None)
@given(pictures)
def test_fixpoint_and_probing_never_contradict_the_picture(picture):
    """Whatever logic decides, the picture the clues came from agrees with it."""
    rows, cols = clues_from_grid(picture)
    state = propagate(rows, cols, unknown_state(len(rows), len(cols)))
    probed = probe(rows, cols, state)
    for decided in (state, probed):
        for r, row in enumerate(decided):
            for c, value in enumerate(row):
                assert value in (UNKNOWN, picture[r][c])
    assert len(unknown_cells(probed)) <= len(unknown_cells(state))


@settings(max_examples=60, deadline=None)
@given(pictures)
def test_search_finds_a_solution(picture):
    rows, cols = clues_from_grid(picture)
    state = propagate(rows, cols, unknown_state(len(rows), len(cols)))
    assert check_nonogram(rows, cols, search(rows, cols, state))


def test_propagate_raises_on_contradiction():
    with pytest.raises(Contradiction):
        propagate([[2], []], [[], [2]], unknown_state(2, 2))


def test_probing_decides_what_plain_line_logic_cannot():
    # Line logic decides no cell of this 4x4 puzzle; probing finds its only solution.
    rows, cols = [[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]]
    state = propagate(rows, cols, unknown_state(4, 4))
    assert len(unknown_cells(state)) == 16
    solved = probe(rows, cols, state)
    assert not unknown_cells(solved)
    assert check_nonogram(rows, cols, solved)


def test_sweeps_of_a_picture_end_at_the_solution():
    picture = draw("heart", 10, 10)
    rows, cols = clues_from_grid(picture)
    states = list(sweeps(rows, cols))
    assert len(states) >= 2
    decided = [sum(v != UNKNOWN for row in s for v in row) for s in states]
    assert decided == sorted(decided) and decided[0] > 0  # each sweep decides more cells
    assert states[-1] == picture  # the heart needs no search
