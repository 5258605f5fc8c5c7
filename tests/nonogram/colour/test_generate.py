"""The seeded colour generator, and its filter for unique puzzles (seeded retries)."""

import pytest

from helper.nonogram.colour import COUNTERS, count_solutions
from helper.nonogram.colour.generate import generate_colour_puzzle


def test_the_same_seed_draws_the_same_puzzle():
    for style in ("smooth", "rough", "random"):
        one = generate_colour_puzzle(12, 15, 4, style, seed=3)
        assert one == generate_colour_puzzle(12, 15, 4, style, seed=3)
        assert one.goal == generate_colour_puzzle(12, 15, 4, style, seed=3).goal
        assert one.check(one.goal)


def test_unique_skips_the_seeds_whose_clues_have_two_solutions():
    plain = generate_colour_puzzle(10, 10, 3, "random", seed=11)
    assert not count_solutions(plain).unique  # seed 11 has two
    puzzle = generate_colour_puzzle(10, 10, 3, "random", seed=11, unique=True)
    assert puzzle.name == "random-3c-10x10-12"  # the seed that gave it
    assert puzzle == generate_colour_puzzle(10, 10, 3, "random", seed=12)
    assert puzzle == generate_colour_puzzle(10, 10, 3, "random", seed=11, unique=True)
    assert puzzle.check(puzzle.goal)
    for name in COUNTERS:  # every counter agrees: one solution, the picture
        count = COUNTERS[name](puzzle, 2)
        assert count.unique and list(count.solutions) == [puzzle.goal], name


@pytest.mark.parametrize("style", ["smooth", "rough", "random"])
def test_unique_puzzles_of_every_style(style):
    for seed in (0, 100):
        puzzle = generate_colour_puzzle(8, 9, 3, style, seed=seed, unique=True)
        assert count_solutions(puzzle, None).count == 1


def test_unique_says_when_no_seed_gives_one():
    with pytest.raises(ValueError, match="no unique random 10x10 puzzle in 3 colours from seeds"):
        generate_colour_puzzle(10, 10, 3, "random", seed=11, unique=True, tries=1)
    for tries in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="tries must be a positive integer"):
            generate_colour_puzzle(10, 10, 3, "random", unique=True, tries=tries)


@pytest.mark.parametrize("colours", [2, 3, 4, 5])
def test_a_smooth_picture_paints_every_colour_it_is_asked_for(colours):
    # every fourth shape is erased; the colours go round the painted shapes, so none is
    # skipped (it was: with 4 or 5 colours one colour fell on the erased shapes every time)
    used = [generate_colour_puzzle(30, 40, colours, "smooth", seed=s).colours for s in range(6)]
    assert used.count(colours) >= 5, used
