"""Test data shared by the test files: random pictures and lines for hypothesis, every small
grid, and brute-force answers to check the solvers against."""

import itertools
from collections.abc import Iterator

from hypothesis import strategies as st

from helper.nonogram import Grid, Nonogram, runs


def pictures(min_side: int = 1, max_side: int = 7) -> st.SearchStrategy[Grid]:
    """Random 0/1 pictures whose height and width lie between ``min_side`` and ``max_side``."""
    return st.integers(min_side, max_side).flatmap(
        lambda h: st.integers(min_side, max_side).flatmap(
            lambda w: st.lists(
                st.lists(st.integers(0, 1), min_size=w, max_size=w), min_size=h, max_size=h
            )
        )
    )


def all_grids(height: int, width: int) -> Iterator[Grid]:
    """Every 0/1 grid of the size, in the order of their bits."""
    for bits in itertools.product((0, 1), repeat=height * width):
        yield [list(bits[r * width : (r + 1) * width]) for r in range(height)]


def solutions(puzzle: Nonogram) -> list[Grid]:
    """Every grid that satisfies the clues, sorted: brute force, for small puzzles only.

    Each row is one of the 0/1 lines whose runs are its clue (every line of the width is
    tried), and every combination of such rows is checked against the column clues: the same
    answer as checking all ``2 ** cells`` grids, without their cost.
    """
    lines = [list(bits) for bits in itertools.product((0, 1), repeat=puzzle.width)]
    fits = [[line for line in lines if runs(line) == list(clue)] for clue in puzzle.rows]
    return sorted(list(map(list, g)) for g in itertools.product(*fits) if puzzle.check(g))


UNKNOWN = -1


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


@st.composite
def mixed_puzzles(draw, min_side: int = 1, max_side: int = 4) -> Nonogram:
    """The row clues of one random picture and the column clues of another of the same size:
    often no picture fits them. When their totals differ (no valid puzzle), the first
    picture's own column clues are taken."""
    height, width = draw(st.integers(min_side, max_side)), draw(st.integers(min_side, max_side))
    grid = st.lists(
        st.lists(st.integers(0, 1), min_size=width, max_size=width),
        min_size=height,
        max_size=height,
    )
    first, second = Nonogram.from_grid(draw(grid)), Nonogram.from_grid(draw(grid))
    cols = second.cols if sum(map(sum, first.rows)) == sum(map(sum, second.cols)) else first.cols
    return Nonogram(first.rows, cols)


def latin_squares(size: int) -> list[list[list[int]]]:
    """Every size x size Latin square (12 for size 3, 576 for size 4), by brute force."""
    perms = list(itertools.permutations(range(1, size + 1)))
    return [
        [list(row) for row in rows]
        for rows in itertools.product(perms, repeat=size)
        if all(len(set(col)) == size for col in zip(*rows, strict=True))
    ]
