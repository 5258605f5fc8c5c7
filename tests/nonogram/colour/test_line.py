"""Colour line logic against brute force: every placement of a clue in a line, enumerated."""

from itertools import product

import pytest
from colour_cases import PALETTES, puzzle_of, small_pictures
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.nonogram.colour import ColourNonogram, colour_runs
from helper.nonogram.colour.automaton import template
from helper.nonogram.colour.generate import generate_colour_puzzle
from helper.nonogram.colour.line import (
    ColourGrid,
    colour_line_logic,
    solve_colour_line,
    solve_line_cells,
)
from helper.nonogram.line.bits import solve_line_bits
from helper.nonogram.line.contract import Contradiction


def brute_line(clue, n, can):
    """The masks of the colours the fitting lines give each cell, by trying every line."""
    colours = len(can) - 1
    fits = [
        line
        for line in product(range(colours + 1), repeat=n)
        if colour_runs(line) == list(clue) and all(can[v] >> x & 1 for x, v in enumerate(line))
    ]
    if not fits:
        return None
    out = [0] * (colours + 1)
    for line in fits:
        for x, v in enumerate(line):
            out[v] |= 1 << x
    return tuple(out)


@st.composite
def lines(draw):
    colours = draw(st.integers(1, 3))
    n = draw(st.integers(1, 6))
    picture = draw(st.lists(st.integers(0, colours), min_size=n, max_size=n))
    clue = tuple(colour_runs(picture))
    if draw(st.booleans()):  # sometimes a clue that may not fit at all
        clue = tuple(
            draw(st.lists(st.tuples(st.integers(1, 3), st.integers(1, colours)), max_size=3))
        )
    can = tuple(
        draw(st.integers(0, (1 << n) - 1)) | (0 if draw(st.booleans()) else (1 << n) - 1)
        for _ in range(colours + 1)
    )
    return clue, n, can


@settings(max_examples=400, deadline=None)
@given(lines())
def test_the_line_solver_keeps_exactly_the_colours_some_placement_gives(case) -> None:
    clue, n, can = case
    assert solve_colour_line(clue, n, can) == brute_line(clue, n, can)


def test_every_line_of_four_cells_and_two_colours() -> None:
    """Exhaustive: every clue of a 4-cell line in 2 colours, every state with one cell known."""
    full = 0b1111
    clues = {tuple(colour_runs(line)) for line in product(range(3), repeat=4)}
    for clue in clues:
        for x, v in product(range(4), range(3)):
            can = tuple(full if c == v else full & ~(1 << x) for c in range(3))
            assert solve_colour_line(clue, 4, can) == brute_line(clue, 4, can)


def test_one_colour_line_logic_is_black_and_white_line_logic() -> None:
    for n in range(1, 7):
        for picture in product((0, 1), repeat=n):
            clue = [length for length, _ in colour_runs(picture)]
            for black, white in ((0, 0), (1, 0), (0, 1 << (n - 1)), (0b10, 0b1)):
                black &= (1 << n) - 1
                white &= (1 << n) - 1
                full = (1 << n) - 1
                got = solve_colour_line(
                    tuple((b, 1) for b in clue), n, (full & ~black, full & ~white)
                )
                want = solve_line_bits(clue, n, black, white)
                assert (got is None) == (want is None)
                if got is not None:
                    assert (full & ~got[0], full & ~got[1]) == want


def test_touching_blocks_of_different_colours_are_decided_by_overlap() -> None:
    # 1 red, 1 blue in two cells: they must touch
    assert solve_line_cells([(1, 1), (1, 2)], [-1, -1], 2) == [1, 2]
    # 2 red, 2 red in five cells: the gap is forced
    assert solve_line_cells([(2, 1), (2, 1)], [-1] * 5, 1) == [1, 1, 0, 1, 1]
    # 2 red, 2 blue in five cells: three placements, the middle overlaps only
    assert solve_line_cells([(2, 1), (2, 2)], [-1] * 5, 2) == [-1, 1, -1, 2, -1]
    assert solve_line_cells([(1, 1)], [2, -1], 2) is None


def test_the_template_jumps_only_between_different_colours() -> None:
    assert template(((1, 1), (1, 1)), 1).jumps == 0
    assert template(((1, 1), (1, 2)), 2).jumps == 0b10
    assert template((), 2).finals() == [0]


@settings(max_examples=40, deadline=None)
@given(small_pictures(max_cells=12))
def test_line_logic_never_removes_a_colour_of_a_solution(case) -> None:
    grid, k = case
    puzzle = puzzle_of(grid, k)
    solved = colour_line_logic(puzzle.rows, puzzle.cols, k)
    assert solved is not None
    allowed = solved.allowed_grid()
    assert all(allowed[r][c] >> v & 1 for r, row in enumerate(grid) for c, v in enumerate(row))
    state = solved.to_state()
    assert all(
        s in (-1, v)
        for srow, row in zip(state, grid, strict=True)
        for s, v in zip(srow, row, strict=True)
    )


def test_line_logic_finds_a_contradiction_and_names_the_line() -> None:
    # a column clue that the rows cannot give: totals agree, yet no picture fits
    puzzle = ColourNonogram(
        [[(1, "red"), (1, "blue")], [(1, "blue"), (1, "red")]],
        [[(1, "red"), (1, "blue")], [(1, "red"), (1, "blue")]],
        PALETTES[2],
    )
    assert colour_line_logic(puzzle.rows, puzzle.cols, 2) is None
    grid = ColourGrid(puzzle.rows, puzzle.cols, 2)
    with pytest.raises(Contradiction, match=r"^(row|column) \d+$"):
        grid.propagate()


def test_line_logic_solves_a_smooth_picture_alone() -> None:
    puzzle = generate_colour_puzzle(20, 20, 3, "smooth", seed=2)
    grid = colour_line_logic(puzzle.rows, puzzle.cols, puzzle.colours)
    assert grid is not None
    state = grid.to_state()
    if grid.solved():
        assert puzzle.check(state)
    assert grid.open_count() < puzzle.cells // 4
