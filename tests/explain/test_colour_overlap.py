"""The overlap rule on colour lines against every placement listed by brute force, and against
the black-and-white overlap rule with one colour."""

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from step_checks import UNKNOWN, colour_fitting, colour_placements

from helper.explain.colour_overlap import (
    colour_leftmost,
    colour_of,
    colour_overlap,
    colour_rightmost,
)
from helper.explain.overlap import overlap
from helper.nonogram.colour.line import solve_line_cells


def clues_of(length: int, colours: int) -> set[tuple[tuple[int, int], ...]]:
    """Every clue of a line of ``length`` cells in ``colours`` colours, with the empty one."""
    return {clue_of(line) for line in product(range(colours + 1), repeat=length)}


def known_states(length: int, colours: int, every: bool):
    """States of known cells: all of them (``every``), or those with at most two known."""
    if every:
        yield from product(range(-1, colours + 1), repeat=length)
        return
    for x, y in product(range(length), repeat=2):
        for a, b in product(range(colours + 1), repeat=2):
            known = [UNKNOWN] * length
            known[x], known[y] = a, b
            if x != y or a == b:
                yield tuple(known)


def brute_overlap(clue, known) -> dict[int, int] | None:
    """The open cells every placement of one block covers (its colour), or no block reaches
    (the background), from the listed placements that fit: ``None`` when none fits."""
    fits = colour_fitting(clue, known)
    if not fits:
        return None
    first = [min(starts[j] for starts, _ in fits) for j in range(len(clue))]
    last = [max(starts[j] for starts, _ in fits) for j in range(len(clue))]
    decided = {}
    for x in range(len(known)):
        if known[x] != UNKNOWN:
            continue
        covering = [j for j, (n, _) in enumerate(clue) if last[j] <= x < first[j] + n]
        if covering:
            decided[x] = clue[covering[0]][1]
        elif not any(first[j] <= x < last[j] + n for j, (n, _) in enumerate(clue)):
            decided[x] = 0
    return decided


def check_line(clue, known, colours: int) -> None:
    """Leftmost and rightmost are each block's first and last start over every placement
    that fits; the cells decided are those the placements literally agree on; the line
    solver agrees on each."""
    fits = colour_fitting(clue, known)
    left, right = colour_leftmost(clue, known), colour_rightmost(clue, known)
    if not fits:
        assert left is None and right is None and colour_overlap(clue, known) is None
        assert solve_line_cells(clue, known, colours) is None
        return
    assert left == [min(s[j] for s, _ in fits) for j in range(len(clue))]
    assert right == [max(s[j] for s, _ in fits) for j in range(len(clue))]
    decided = {x: colour_of(clue, w) for x, w in colour_overlap(clue, known).items()}
    assert decided == brute_overlap(clue, known)
    solved = solve_line_cells(clue, known, colours)
    assert all(solved[x] == v for x, v in decided.items())


@pytest.mark.parametrize(
    ("length", "colours", "every"), [(5, 2, True), (4, 3, True), (6, 3, False)]
)
def test_leftmost_and_rightmost_are_the_extremes_of_every_block(length, colours, every) -> None:
    clues = sorted(clues_of(length, colours))
    if not every:
        clues = clues[:: len(clues) // 60]  # a spread of sixty clues, every known pair
    for clue in clues:
        for known in known_states(length, colours, every):
            check_line(clue, known, colours)


@st.composite
def lines(draw):
    """A clue of up to 10 cells in up to 3 colours, known cells drawn from another picture
    (so that sometimes no placement fits)."""
    colours, n = draw(st.integers(1, 3)), draw(st.integers(1, 10))
    picture = draw(st.lists(st.integers(0, colours), min_size=n, max_size=n))
    other = draw(st.lists(st.integers(0, colours), min_size=n, max_size=n))
    shown = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    known = tuple(v if s else UNKNOWN for v, s in zip(other, shown, strict=True))
    return clue_of(picture), known, colours


@settings(max_examples=300, deadline=None)
@given(lines())
def test_longer_lines(case) -> None:
    check_line(*case)


def test_the_line_solver_decides_more_than_the_overlap_rule_somewhere() -> None:
    """Two single reds, the middle cell red: its neighbours are white, whichever red it is,
    but they lie in different gaps of the leftmost and the rightmost placements."""
    clue, known = ((1, 1), (1, 1)), (UNKNOWN, UNKNOWN, 1, UNKNOWN, UNKNOWN)
    assert colour_overlap(clue, known) == {} == brute_overlap(clue, known)
    assert solve_line_cells(clue, known, 1) == [UNKNOWN, 0, 1, 0, UNKNOWN]


def test_with_one_colour_it_is_the_black_and_white_overlap_rule() -> None:
    for length in range(1, 7):
        for clue in clues_of(length, 1):
            for known in product((UNKNOWN, 0, 1), repeat=length):
                ours = colour_overlap(clue, known)
                theirs = overlap([n for n, _ in clue], list(known))
                if theirs is None:
                    assert ours is None
                else:
                    assert ours is not None
                    assert {x: colour_of(clue, w) for x, w in ours.items()} == theirs


def test_the_placements_listed_are_all_lines_with_those_blocks() -> None:
    """The brute force itself, against the lines whose runs are the clue."""
    for length in range(1, 6):
        clues = clues_of(length, 2)
        for clue in clues:
            listed = sorted(line for _, line in colour_placements(clue, length))
            every = sorted(
                line for line in product(range(3), repeat=length) if clue_of(line) == clue
            )
            assert listed == every


def clue_of(line) -> tuple[tuple[int, int], ...]:
    blocks: list[tuple[int, int]] = []
    for x, v in enumerate(line):
        if v and (x == 0 or line[x - 1] != v):
            blocks.append((1, v))
        elif v:
            blocks[-1] = (blocks[-1][0] + 1, v)
    return tuple(blocks)
