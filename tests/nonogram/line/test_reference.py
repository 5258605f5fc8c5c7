"""The line solver: one line against brute force, the grid fixpoint, probing and search;
the same on bit masks, and the hybrid built on them."""

import itertools

import pytest
import strategies
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.bench import load_set
from helper.nonogram import (
    SOLVERS,
    Contradiction,
    Deadline,
    Nonogram,
    Run,
    check_nonogram,
    clues_from_grid,
    runs,
)
from helper.nonogram.line.bits import MaskGrid, solve_line_bits
from helper.nonogram.line.bits import search as bit_search
from helper.nonogram.line.reference import (
    UNKNOWN,
    probe,
    propagate,
    search,
    solve_line,
    sweeps,
    unknown_cells,
    unknown_state,
)
from helper.nonogram.solvers import hybrid
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


pictures = strategies.pictures(1, 8)


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
    assert decided[0] > 0 and all(a < b for a, b in itertools.pairwise(decided))  # no idle sweep
    assert states[-1] == picture  # the heart needs no search


# -- the bit-mask line solver and the hybrid built on it -----------------------------------


def to_masks(cells):
    black = sum(1 << x for x, v in enumerate(cells) if v == 1)
    white = sum(1 << x for x, v in enumerate(cells) if v == 0)
    return black, white


def from_masks(result, n):
    if result is None:
        return None
    black, white = result
    return [1 if black >> x & 1 else 0 if white >> x & 1 else UNKNOWN for x in range(n)]


@settings(max_examples=400, deadline=None)
@given(lines)
def test_solve_line_bits_agrees_with_brute_force(case):
    line, other, cells, use_other = case
    clue = runs(other if use_other else line)
    result = solve_line_bits(clue, len(cells), *to_masks(cells))
    assert from_masks(result, len(cells)) == brute_force(clue, cells)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(20, 90).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 1), min_size=n, max_size=n),
            st.lists(st.sampled_from([UNKNOWN] * 6 + [0, 1]), min_size=n, max_size=n),
        )
    )
)
def test_solve_line_bits_agrees_with_solve_line_on_long_lines(case):
    """Lines longer than a machine word, where brute force is out of reach."""
    line, cells = case
    clue = runs(line)
    expected = solve_line(clue, cells)
    assert from_masks(solve_line_bits(clue, len(cells), *to_masks(cells)), len(cells)) == expected


@settings(max_examples=60, deadline=None)
@given(pictures)
def test_mask_grid_reaches_the_same_fixpoint(picture):
    rows, cols = clues_from_grid(picture)
    grid = MaskGrid(rows, cols)
    grid.propagate()
    assert grid.to_state() == propagate(rows, cols, unknown_state(len(rows), len(cols)))


@settings(max_examples=60, deadline=None)
@given(pictures)
def test_mask_search_finds_a_solution(picture):
    rows, cols = clues_from_grid(picture)
    grid = MaskGrid(rows, cols)
    grid.propagate()
    run = Run(Deadline(), "test")
    found = bit_search(grid, run, max_nodes=10_000)
    assert found and found.solved()
    if grid.solved():  # line logic finished the picture: nothing to guess
        assert "guesses" not in run.stats
    else:
        assert run.stats["guesses"] >= 1
    assert check_nonogram(rows, cols, found.to_state())


def test_mask_search_exhausts_an_unsolvable_puzzle_and_respects_its_budget():
    # Line logic decides no cell of this 4x4 puzzle, yet no picture fits (found by listing
    # all 2^16 pictures).
    rows, cols = [[2], [2], [1], [1, 1]], [[1], [1, 1], [1, 1], [2]]
    grid = MaskGrid(rows, cols)
    grid.propagate()
    assert grid.open_count() == 16
    result = SOLVERS["bitline-hybrid"](Nonogram(rows, cols), time_limit=30)
    assert result.status == "no solution"
    assert result.stats["handovers"] == 1  # every cell is open: CP-SAT proves it at once
    run = Run(Deadline(), "test")
    assert bit_search(grid, run, max_nodes=1000) is None
    assert 1 <= run.stats["guesses"] <= 1000
    stalled = MaskGrid([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])
    stalled.propagate()
    run = Run(Deadline(), "test")
    assert bit_search(stalled, run, max_nodes=0) is False
    assert "guesses" not in run.stats
    assert bit_search(stalled, run, max_nodes=3) is not False  # solved within three guesses


def test_memo_is_per_solve():
    rows, cols = clues_from_grid(draw("heart", 10, 10))
    first, second = MaskGrid(rows, cols), MaskGrid(rows, cols)
    first.propagate()
    assert first.memo and not second.memo and first.copy().memo is first.memo


def test_hybrid_hands_over_exactly_when_its_search_budget_runs_out(monkeypatch):
    """The 20x20 sailboat needs guesses after line logic: a budget of none sends it to
    CP-SAT, the normal budget finishes it in Python."""
    (puzzle,) = load_set(pattern="picture-sailboat-20x20")
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    grid.propagate()
    assert not grid.solved() and grid.open_count() < hybrid.HARD_SHARE * puzzle.cells
    in_python = SOLVERS["bitline-hybrid"](puzzle, time_limit=30)
    assert in_python.solved and in_python.stats["guesses"] >= 1
    assert "handovers" not in in_python.stats and "branches" not in in_python.stats
    monkeypatch.setattr(hybrid, "SEARCH_NODES", 0)
    handed_over = SOLVERS["bitline-hybrid"](puzzle, time_limit=30)
    assert handed_over.solved and handed_over.stats["handovers"] == 1
    assert "guesses" not in handed_over.stats and "branches" in handed_over.stats


def test_hybrid_proves_no_solution_by_its_own_search():
    """Line logic leaves only the left 4x4 block open (16 of 36 cells, not a hard puzzle), and
    no picture fits it: the Python search runs out of cases, with no hand-over to CP-SAT."""
    rows = [[2, 4], [2, 4], [1, 4], [1, 1, 4]]
    cols = [[1], [1, 1], [1, 1], [2], [], [4], [4], [4], [4]]
    grid = MaskGrid(rows, cols)
    grid.propagate()
    assert grid.open_count() == 16 <= hybrid.HARD_SHARE * 36
    result = SOLVERS["bitline-hybrid"](Nonogram(rows, cols), time_limit=30)
    assert result.status == "no solution"
    assert result.stats["guesses"] >= 1 and "handovers" not in result.stats


def test_hybrid_sends_a_hard_puzzle_to_cpsat_at_once():
    (puzzle,) = load_set(pattern="hard-*", sizes=["25x25"])
    result = SOLVERS["bitline-hybrid"](puzzle, time_limit=60)
    assert result.solved and result.stats["handovers"] == 1
    assert "guesses" not in result.stats  # no Python search on a hard puzzle
    assert SOLVERS["bitline-hybrid"](puzzle, time_limit=0.001).status == "timeout"
