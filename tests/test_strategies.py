"""The brute force the tests trust: every solution, found row by row, is what checking every
grid finds."""

import strategies
from hypothesis import given, settings

from helper.nonogram import Nonogram


@settings(max_examples=60, deadline=None)
@given(strategies.pictures(1, 3))
def test_the_row_by_row_brute_force_finds_what_checking_every_grid_finds(picture):
    puzzle = Nonogram.from_grid(picture)
    every = [g for g in strategies.all_grids(puzzle.height, puzzle.width) if puzzle.check(g)]
    assert strategies.solutions(puzzle) == sorted(every)
    assert picture in every
