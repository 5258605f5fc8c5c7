"""count_solutions and friends against brute force and against an independent model."""

import random
from collections import Counter

import pytest
import strategies
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.futoshiki import Futoshiki
from helper.futoshiki import count_solutions as count_futoshiki
from helper.nonogram import Nonogram, SolverTimeoutError, clues_from_grid, count_solutions
from helper.nonogram.models.cpsat_start import build_nonogram_model
from helper.nonogram.solvers.registry import run_counter
from helper.nonogram.unique import differing_cells, find_solutions, two_solutions
from helper.ortools import get_all_solutions


def _key(grid):
    rows, cols = clues_from_grid(grid)
    return tuple(map(tuple, rows)), tuple(map(tuple, cols))


@pytest.fixture(scope="module")
def pictures_per_clue_4x4() -> Counter:
    """How many of the 65 536 4x4 pictures share each pair of row and column clues."""
    return Counter(_key(grid) for grid in strategies.all_grids(4, 4))


def test_every_3x3_picture_is_counted_like_brute_force():
    counts = Counter(_key(grid) for grid in strategies.all_grids(3, 3))
    for (rows, cols), expected in counts.items():
        assert count_solutions(Nonogram(rows, cols), limit=10).count == expected, (rows, cols)


def test_4x4_ambiguous_clues_match_brute_force(pictures_per_clue_4x4):
    ambiguous = sorted(key for key, n in pictures_per_clue_4x4.items() if n > 1)
    assert len(ambiguous) > 50  # the brute force really found many ambiguous puzzles
    for rows, cols in random.Random(7).sample(ambiguous, 80):
        expected = pictures_per_clue_4x4[rows, cols]
        puzzle = Nonogram(rows, cols)
        assert count_solutions(puzzle, limit=100).count == expected
        assert count_solutions(puzzle).count == 2  # the default limit stops at two
        stopped = count_solutions(puzzle, limit=1)  # two or more pictures: the count stops at 1
        assert stopped.count == 1 and stopped.reached_limit and not stopped.unique


def test_4x4_unique_clues_match_brute_force(pictures_per_clue_4x4):
    unique = sorted(key for key, n in pictures_per_clue_4x4.items() if n == 1)
    for rows, cols in random.Random(8).sample(unique, 60):
        assert count_solutions(Nonogram(rows, cols)).unique


def test_4x4_clues_of_no_picture_have_no_solution(pictures_per_clue_4x4):
    lines = sorted(
        {tuple(clue) for grid in strategies.all_grids(1, 4) for clue in clues_from_grid(grid)[0]}
    )
    rng = random.Random(9)
    candidates = []
    for _ in range(400):
        rows = [rng.choice(lines) for _ in range(4)]
        cols = [rng.choice(lines) for _ in range(4)]
        if sum(map(sum, rows)) == sum(map(sum, cols)):  # validation rejects the others
            candidates.append((tuple(rows), tuple(cols)))
    for rows, cols in candidates:
        expected = pictures_per_clue_4x4.get((rows, cols), 0)
        assert count_solutions(Nonogram(rows, cols), limit=50).count == expected, (rows, cols)
    without_picture = [key for key in candidates if key not in pictures_per_clue_4x4]
    assert len(without_picture) >= 20  # the sample really holds clues that no picture has


def _count_with_start_model(rows, cols, limit):
    model, cells = build_nonogram_model(rows, cols)
    return len(get_all_solutions(model, variables=[c for row in cells for c in row], limit=limit))


@settings(max_examples=25, deadline=None)
@given(
    st.integers(6, 10).flatmap(
        lambda h: st.integers(6, 10).flatmap(
            lambda w: st.lists(
                st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=h, max_size=h
            )
        )
    )
)
def test_larger_random_pictures_agree_with_the_start_position_model(grid):
    rows, cols = clues_from_grid(grid)
    expected = _count_with_start_model(rows, cols, limit=6)
    assert count_solutions(Nonogram(rows, cols), limit=6).count == expected
    assert expected >= 1  # the picture itself is a solution


def test_two_solutions_are_different_solutions():
    puzzle = Nonogram([[1], [1]], [[1], [1]])  # the two diagonals of a 2x2 square
    first, second = two_solutions(puzzle)
    assert first != second
    assert puzzle.check(first) and puzzle.check(second)
    assert differing_cells(first, second) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_unique_puzzle_gives_its_picture():
    picture = [[1, 1, 0], [0, 1, 0], [0, 1, 0]]
    assert two_solutions(Nonogram.from_grid(picture)) == [picture]


def test_find_solutions_is_sorted_and_deterministic():
    puzzle = Nonogram([[1], [1], [1]], [[1], [1], [1]])  # the six permutation matrices
    grids = find_solutions(puzzle, limit=10)
    assert len(grids) == 6
    assert grids == sorted(grids)
    assert find_solutions(puzzle, limit=10) == grids


def test_differing_cells():
    assert differing_cells([[0, 1], [1, 1]], [[0, 1], [0, 1]]) == [(1, 0)]
    assert differing_cells([[1]], [[1]]) == []
    with pytest.raises(ValueError, match="different shapes"):
        differing_cells([[0, 1]], [[0], [1]])


@pytest.mark.parametrize("limit", [0, -1, 1.5, True, "2"])
def test_bad_limit(limit):
    with pytest.raises(ValueError, match="limit"):
        count_solutions(Nonogram([[1]], [[1]]), limit=limit)


def test_counting_wants_a_nonogram():
    with pytest.raises(TypeError, match="expected a Nonogram"):
        count_solutions(([[1]], [[1]]))


def test_a_count_cut_short_says_so_and_the_list_of_solutions_is_an_error():
    rng = random.Random(5)
    noise = [[int(rng.random() < 0.5) for _ in range(40)] for _ in range(40)]
    puzzle = Nonogram.from_grid(noise)
    short = count_solutions(puzzle, time_limit=1e-6)
    assert not short.complete and short.status == "timeout" and "1e-06 s" in short.message
    with pytest.raises(SolverTimeoutError, match="1e-06 s"):
        find_solutions(puzzle, time_limit=1e-6)
    full = count_solutions(puzzle, time_limit=60)
    assert full.count == 2 and full.complete and full.reached_limit  # noisy pictures are ambiguous


def test_a_count_keeps_what_it_found_when_time_runs_out():
    """A counting model that finds two grids and then runs out of time (a stub)."""
    diagonals = Nonogram([[1], [1]], [[1], [1]])

    def two_then_late(puzzle, run, limit):
        yield [[1, 0], [0, 1]]
        yield [[0, 1], [1, 0]]
        raise SolverTimeoutError("stub: no more within the time limit")

    count = run_counter(two_then_late, "stub", diagonals, None, 1.0)
    assert count.count == 2 and not count.complete and not count.exact and count.status == "timeout"
    assert sorted(count.solutions) == strategies.solutions(diagonals)
    assert repr(count) == "CountResult(2, incomplete, timeout)"

    def wrong(puzzle, run, limit):
        yield [[1, 1], [0, 0]]

    with pytest.raises(RuntimeError, match="breaks the clues"):
        run_counter(wrong, "stub", diagonals, None, 1.0)


def test_counts_mean_the_same_in_both_families():
    """count_solutions(puzzle, limit=2, *, time_limit=None): the same rule for limit and the
    same CountResult for a Nonogram and a Futoshiki."""
    nonogram = count_solutions(Nonogram([[1], [1]], [[1], [1]]), None)
    futoshiki = count_futoshiki(Futoshiki([[0, 0], [0, 0]]), None)
    assert nonogram.count == futoshiki.count == 2 and nonogram.exact and futoshiki.exact
    for count in (count_solutions, count_futoshiki):
        with pytest.raises(ValueError, match="limit must be a positive integer or None"):
            count(Nonogram([[1]], [[1]]) if count is count_solutions else Futoshiki([[0]]), 0)
    seven = count_futoshiki(Futoshiki([[0] * 7] * 7), None, time_limit=2)  # 61 million
    assert seven.count > 0 and not seven.complete
    assert all(Futoshiki([[0] * 7] * 7).check(grid) for grid in seven.solutions)
