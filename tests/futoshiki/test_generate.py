"""The Futoshiki generator: unique puzzles, minimal clue sets, the same puzzle per seed."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import latin_squares

from helper.futoshiki import (
    Futoshiki,
    check_futoshiki,
    count_solutions,
    difficulty,
    format_futoshiki,
    generate_futoshiki,
    parse_futoshiki,
)
from helper.futoshiki.generate import all_signs, latin_square

LATIN_4 = latin_squares(4)


def _brute_force_count(grid, constraints):
    return sum(check_futoshiki(grid, constraints, square) for square in LATIN_4)


def test_there_are_576_latin_squares_of_size_4():
    assert len(LATIN_4) == 576


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_4x4_puzzles_are_unique_by_brute_force(seed):
    grid, constraints = generate_futoshiki(4, seed=seed)
    assert _brute_force_count(grid, constraints) == 1


@pytest.mark.parametrize(("size", "seed"), [(5, 0), (6, 1), (7, 2), (8, 3), (9, 4), (9, 5)])
def test_generated_puzzles_have_exactly_one_solution(size, seed):
    grid, constraints = generate_futoshiki(size, seed=seed)
    assert len(grid) == size and all(len(row) == size for row in grid)
    assert count_solutions(Futoshiki(grid, constraints), limit=2).unique  # CP-SAT
    sat = count_solutions(Futoshiki(grid, constraints), limit=2, solver="sat-onehot")
    assert sat.unique  # and an independent SAT count


@pytest.mark.parametrize(("size", "seed"), [(4, 7), (5, 8)])
def test_no_clue_can_be_removed(size, seed):
    grid, constraints = generate_futoshiki(size, seed=seed)
    for r, c in itertools.product(range(size), range(size)):
        if grid[r][c]:
            fewer = [row[:] for row in grid]
            fewer[r][c] = 0
            assert count_solutions(Futoshiki(fewer, constraints)).count == 2
    for k in range(len(constraints)):
        assert count_solutions(Futoshiki(grid, constraints[:k] + constraints[k + 1 :])).count == 2


def test_same_seed_same_puzzle_and_seeds_differ():
    puzzles = [format_futoshiki(*generate_futoshiki(6, seed=s)) for s in range(4)]
    assert puzzles == [format_futoshiki(*generate_futoshiki(6, seed=s)) for s in range(4)]
    assert len(set(puzzles)) == 4


def test_generated_puzzle_survives_the_text_format():
    grid, constraints = generate_futoshiki(7, seed=11)
    again_grid, again_constraints = parse_futoshiki(format_futoshiki(grid, constraints))
    assert again_grid == grid
    assert sorted(again_constraints) == sorted(constraints)


@pytest.mark.parametrize("size", [3, 10, 0, -4])
def test_size_out_of_range(size):
    with pytest.raises(ValueError, match="from 4 to 9"):
        generate_futoshiki(size)


@pytest.mark.parametrize("size", ["5", 5.0, True, None])
def test_size_not_an_integer(size):
    with pytest.raises(ValueError, match="size must be"):
        generate_futoshiki(size)


@pytest.mark.parametrize("seed", ["1", 1.5, None])
def test_seed_not_an_integer(seed):
    with pytest.raises(ValueError, match="seed must be an integer"):
        generate_futoshiki(5, seed=seed)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 9), st.integers(0, 10**6))
def test_latin_square_is_latin(size, seed):
    square = latin_square(size, random.Random(seed))
    full = set(range(1, size + 1))
    assert all(set(row) == full for row in square)
    assert all(set(col) == full for col in zip(*square, strict=True))


def test_all_signs_agree_with_the_solution():
    square = latin_square(5, random.Random(3))
    signs = all_signs(square)
    assert len(signs) == 2 * 5 * 4
    assert check_futoshiki([[0] * 5 for _ in range(5)], signs, square)


def test_difficulty_is_repeatable_and_counts_clues():
    grid, constraints = generate_futoshiki(8, seed=1)
    first, second = difficulty(grid, constraints), difficulty(grid, constraints)
    for key in ("givens", "signs", "branches", "conflicts"):
        assert first[key] == second[key]
    assert first["givens"] == sum(v > 0 for row in grid for v in row)
    assert first["signs"] == len(constraints)


def test_difficulty_of_an_unsolvable_puzzle():
    grid = [[1, 0], [0, 0]]
    with pytest.raises(ValueError, match="no solution"):
        difficulty(grid, [((0, 1), (0, 0))])  # cell (0, 1) < 1 is impossible
