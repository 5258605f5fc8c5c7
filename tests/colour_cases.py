"""Shared by the colour tests: brute force over every small grid, and hypothesis strategies."""

from itertools import product

from hypothesis import strategies as st

from helper.nonogram.colour import ColourNonogram, Palette

PALETTES = {
    1: Palette([("black", "000")]),
    2: Palette([("red", "f00"), ("blue", "00f")]),
    3: Palette([("red", "f00"), ("blue", "00f"), ("green", "0f0")]),
}


def every_grid(height: int, width: int, colours: int):
    """Every grid of the size, cells 0 .. colours (small sizes only)."""
    for cells in product(range(colours + 1), repeat=height * width):
        yield [list(cells[r * width : (r + 1) * width]) for r in range(height)]


def brute_solutions(puzzle: ColourNonogram) -> list[list[list[int]]]:
    """Every grid that satisfies the puzzle, by trying them all, sorted."""
    return sorted(
        g for g in every_grid(puzzle.height, puzzle.width, puzzle.colours) if puzzle.check(g)
    )


@st.composite
def small_pictures(draw, max_cells: int = 9, colours: int | None = None):
    """A small colour picture and its palette size: at most ``max_cells`` cells."""
    k = draw(st.integers(1, 3)) if colours is None else colours
    height = draw(st.integers(1, 3))
    width = draw(st.integers(1, max(1, max_cells // height)))
    cells = st.integers(0, k)
    grid = draw(
        st.lists(st.lists(cells, min_size=width, max_size=width), min_size=height, max_size=height)
    )
    return grid, k


def puzzle_of(grid, k: int) -> ColourNonogram:
    return ColourNonogram.from_grid(grid, PALETTES[k])
