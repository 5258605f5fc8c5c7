"""Placements of one line's clue: enumeration against brute force, and the count formula."""

import itertools
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.nonogram import runs
from helper.nonogram.placements import (
    count_placements,
    line_from_starts,
    min_length,
    placement_starts,
    placements,
    puzzle_placements,
)

MAX_LENGTH = 10


def lines_by_clue(length: int) -> dict[tuple[int, ...], set[tuple[int, ...]]]:
    """Brute force: every 0/1 line of ``length`` cells, grouped by its runs."""
    groups: dict[tuple[int, ...], set[tuple[int, ...]]] = defaultdict(set)
    for line in itertools.product((0, 1), repeat=length):
        groups[tuple(runs(line))].add(line)
    return groups


@pytest.mark.parametrize("length", range(MAX_LENGTH + 1))
def test_placements_are_exactly_the_lines_with_those_runs(length):
    for clue, lines in lines_by_clue(length).items():
        listed = list(placements(clue, length))
        assert len(listed) == len(set(listed))  # no duplicates
        assert set(listed) == lines
        assert count_placements(clue, length) == len(lines)


@pytest.mark.parametrize("length", range(MAX_LENGTH + 1))
def test_starts_come_in_lexicographic_order(length):
    for clue in lines_by_clue(length):
        starts = list(placement_starts(clue, length))
        assert starts == sorted(starts)
        assert len(starts) == len(set(starts))


@settings(max_examples=200, deadline=None)
@given(
    clue=st.lists(st.integers(1, 6), max_size=6),
    length=st.integers(0, 30),
)
def test_count_formula_matches_enumeration(clue, length):
    assert count_placements(clue, length) == sum(1 for _ in placement_starts(clue, length))


def test_small_cases_by_eye():
    assert list(placements([2, 1], 5)) == [(1, 1, 0, 1, 0), (1, 1, 0, 0, 1), (0, 1, 1, 0, 1)]
    assert list(placement_starts([3, 2, 2], 10)) == [(0, 4, 7), (0, 4, 8), (0, 5, 8), (1, 5, 8)]
    assert count_placements([3, 2, 2], 10) == 4


def test_empty_clue_has_one_placement():
    for clue in ([], [0]):
        assert list(placements(clue, 4)) == [(0, 0, 0, 0)]
        assert count_placements(clue, 4) == 1
        assert count_placements(clue, 0) == 1


def test_clue_that_does_not_fit_has_no_placement():
    assert min_length([3, 2, 2]) == 9
    assert list(placements([3, 2, 2], 8)) == []
    assert count_placements([3, 2, 2], 8) == 0
    assert count_placements([5], 2) == 0  # n - s + 1 < 0


def test_full_line_has_one_placement():
    assert list(placements([2, 3], 6)) == [(1, 1, 0, 1, 1, 1)]


def test_count_grows_fast_for_many_blocks():
    # 10 ones in 60 cells: C(60 - 10 + 1, 10) placements.
    assert count_placements([1] * 10, 60) == 12_777_711_870


def test_line_from_starts():
    assert line_from_starts([2, 1], (1, 4), 5) == (0, 1, 1, 0, 1)


@pytest.mark.parametrize("clue", [[2, -1], [0, 1], [1, 0]])
def test_bad_block_length_raises(clue):
    with pytest.raises(ValueError, match="at least 1"):
        list(placements(clue, 5))


def test_negative_length_raises():
    with pytest.raises(ValueError, match="negative"):
        count_placements([1], -1)
    with pytest.raises(ValueError, match="negative"):
        list(placements([1], -1))


def test_puzzle_placements_adds_up_every_line():
    rows, cols = [[2, 1], [], [1]], [[1], [1], [], [2]]
    assert puzzle_placements(rows, cols) == 1 + 1 + 4 + 3 + 3 + 1 + 2  # [2, 1] fills 4 cells
