"""The fewest changed cells for a unique picture: proven minimum against brute force."""

import functools
import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helper.nonogram import Nonogram, clues_from_grid, count_solutions
from helper.nonogram.fewest_changes import (
    add_swap_cut,
    closest_picture_model,
    fewest_changes,
    other_picture,
    swap_cells,
)
from helper.nonogram.make import repair_picture
from helper.ortools import make_solver


def _key(grid):
    rows, cols = clues_from_grid(grid)
    return tuple(map(tuple, rows)), tuple(map(tuple, cols))


@functools.cache
def _unique_pictures(height, width):
    """Every picture of the size that is the only solution of its clues (brute force)."""
    grids = [
        tuple(bits[r * width : (r + 1) * width] for r in range(height))
        for bits in itertools.product((0, 1), repeat=height * width)
    ]
    groups = Counter(_key(g) for g in grids)
    return [g for g in grids if groups[_key(g)] == 1]


def _brute_force(picture):
    height, width = len(picture), len(picture[0])
    flat = [cell for row in picture for cell in row]
    return min(
        sum(a != b for a, b in zip(flat, (cell for row in q for cell in row), strict=True))
        for q in _unique_pictures(height, width)
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shape=st.sampled_from([(3, 3), (3, 4), (4, 4)]),
    bits=st.lists(st.integers(0, 1), min_size=16, max_size=16),
)
def test_the_proven_minimum_is_the_brute_force_minimum(shape, bits):
    height, width = shape
    picture = [bits[r * width : (r + 1) * width] for r in range(height)]
    result = fewest_changes(picture)
    assert result.proven and result.lower == len(result.changed)
    assert len(result.changed) == _brute_force(picture)
    assert count_solutions(Nonogram.from_grid(result.picture)).unique
    assert len(result.changed) <= result.heuristic


def test_the_optimum_is_never_worse_than_the_repair_loop():
    """The diagonal of a 4x4: the optimum may empty a cell, the repair loop only fills."""
    picture = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
    result = fewest_changes(picture)
    _, filled = repair_picture(picture)
    assert result.proven
    assert len(result.changed) == _brute_force(picture) <= len(filled)


def test_a_unique_picture_needs_no_change():
    picture = [[1, 1], [1, 0]]
    result = fewest_changes(picture)
    assert (result.changed, result.proven, result.rounds) == ((), True, 0)


def test_a_budget_gives_bounds():
    import random

    rng = random.Random("15-1")
    picture = [[int(rng.random() < 0.5) for _ in range(15)] for _ in range(15)]
    result = fewest_changes(picture, max_rounds=3)
    assert not result.proven and result.lower < len(result.changed)
    assert result.rounds == 3
    assert count_solutions(Nonogram.from_grid(result.picture)).unique


def test_swap_cells_is_a_smallest_swap_by_inclusion():
    picture = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    other = other_picture(picture)
    swap = swap_cells(picture, other)
    everything = {(r, c) for r in range(3) for c in range(3)}
    assert other_picture(picture, keep=everything - swap) is not None
    for cell in swap:
        assert other_picture(picture, keep=(everything - swap) | {cell}) is None


def test_bad_pictures_are_refused():
    with pytest.raises(ValueError, match="not 0 or 1"):
        fewest_changes([[2]])


def test_the_master_keeps_the_picture_until_a_cut_forbids_it():
    picture = [[1, 0, 0], [0, 1, 0], [0, 0, 0]]
    model, cell = closest_picture_model(picture)
    solver = make_solver()
    assert solver.status_name(solver.solve(model)) == "OPTIMAL"
    assert solver.objective_value == 0  # no cut yet: the picture itself, nothing changed
    swap = {(0, 0), (0, 1), (1, 0), (1, 1)}  # the diagonal swap in the top left corner
    add_swap_cut(model, cell, picture, swap)
    assert solver.status_name(solver.solve(model)) == "OPTIMAL"
    assert solver.objective_value == 1
    new = [[solver.value(x) for x in row] for row in cell]
    changed = [(r, c) for r in range(3) for c in range(3) if new[r][c] != picture[r][c]]
    assert len(changed) == 1 and (changed[0][0] in (0, 1) or changed[0][1] in (0, 1))
