"""Seeded families of Nonograms for the benchmark: the same puzzles on every machine.

A :class:`Family` makes puzzle number ``k`` of a *split* from a seed, so nothing has to be
stored. Each family has two splits made by the same code with disjoint seeds:

- ``"tuning"``: the puzzles the solvers were developed and tuned on;
- ``"held-out"``: puzzles nobody looked at while tuning, reported on their own, so that a
  speed-up that only fits the tuning puzzles shows up as a gap between the two.

The families:

- ``pictures``: smooth drawings (seeded ellipses and rectangles) from 30 x 40 to 80 x 80;
  line logic decides most or all of their cells.
- ``noisy``: the same kind of drawing with 2 % to 10 % of its cells flipped at random. The
  noise breaks the long runs line logic lives on and leaves open patches that need search.
- ``open``: noisy pictures on which line logic stalls: drawings of 30 x 40 to 60 x 80 with
  15 % or 20 % of their cells flipped, so that line logic leaves most cells open and the
  clues have a great many solutions (issue 40). Six puzzles per split, so that the whole
  family runs in minutes: a search has to find one picture among many.
- ``random``: 25 x 25 grids of independent random cells, as in Nonogram tournaments; the
  density of black cells falls from 0.5 at the first puzzle to 0.35 at the last. Many have
  several solutions.

One family is in colour, in :data:`COLOUR_FAMILIES` (its puzzles are
:class:`~helper.nonogram.colour.ColourNonogram`, solved by the colour solvers):

- ``colour``: seeded colour pictures (:func:`~helper.nonogram.colour.generate.colour_picture`)
  of 10 x 10 to 60 x 80 cells in 2 to 5 colours, smooth, rough and cell-by-cell random: 60
  puzzles per split, every size with every style and every number of colours once. Each
  puzzle is made from its picture, so it has a solution (its ``goal``); most smooth ones are
  unique, and most rough and random ones are not (two cells of two colours that can swap in a
  2 x 2 square suffice): ``python -m helper.bench --family colour --unique`` counts each
  puzzle's solutions with the colour counters.
"""

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from helper.nonogram.clues import Grid
from helper.nonogram.colour.generate import STYLES, Style, generate_colour_puzzle
from helper.nonogram.colour.puzzle import ColourNonogram
from helper.nonogram.puzzle import Nonogram

SPLITS = ("tuning", "held-out")
SEED_BASE = {"tuning": 0, "held-out": 1_000_000}
"""Seed of puzzle 0 of each split; puzzle ``k`` uses ``SEED_BASE[split] + k``."""


def random_grid(height: int, width: int, density: float, seed: int) -> Grid:
    """Independent random cells, each black with probability ``density``."""
    rng = np.random.default_rng(seed)
    return (rng.random((height, width)) < density).astype(int).tolist()


def smooth_picture(height: int, width: int, seed: int, shapes: int = 9) -> Grid:
    """A seeded drawing of filled and erased ellipses and rectangles (unit coordinates)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width]
    y = (y + 0.5) / height
    x = (x + 0.5) / width
    ink = np.zeros((height, width), dtype=bool)
    for k in range(shapes):
        cx, cy = rng.uniform(0.1, 0.9, size=2)
        rx, ry = rng.uniform(0.05, 0.25, size=2)
        if rng.random() < 0.7:
            inside = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
        else:
            inside = (abs(x - cx) <= rx) & (abs(y - cy) <= ry)
        ink = ink & ~inside if k % 4 == 3 else ink | inside
    return ink.astype(int).tolist()


def flip_cells(grid: Grid, share: float, seed: int) -> Grid:
    """``grid`` with each cell flipped with probability ``share``."""
    rng = np.random.default_rng(seed)
    cells = np.array(grid, dtype=bool)
    cells ^= rng.random(cells.shape) < share
    return cells.astype(int).tolist()


PICTURE_SIZES = [(30, 40), (45, 60), (60, 80), (80, 80)]
FLIP_SHARES = [0.02, 0.05, 0.1]


def _picture(k: int, seed: int) -> tuple[Grid, str]:
    height, width = PICTURE_SIZES[k % len(PICTURE_SIZES)]
    return smooth_picture(height, width, seed), f"{height}x{width}"


def _noisy(k: int, seed: int) -> tuple[Grid, str]:
    height, width = PICTURE_SIZES[k % len(PICTURE_SIZES)]
    share = FLIP_SHARES[(k // len(PICTURE_SIZES)) % len(FLIP_SHARES)]
    grid = flip_cells(smooth_picture(height, width, seed), share, seed + 7)
    return grid, f"{height}x{width}-flip{round(share * 100)}"


OPEN_SIZES = [(30, 40), (45, 60), (60, 80)]
OPEN_SHARES = [0.15, 0.2]
OPEN_SEED = 500_000
"""Added to a puzzle's seed, so that the ``open`` drawings are not the other families'."""


def _open(k: int, seed: int) -> tuple[Grid, str]:
    height, width = OPEN_SIZES[k % len(OPEN_SIZES)]
    share = OPEN_SHARES[(k // len(OPEN_SIZES)) % len(OPEN_SHARES)]
    seed += OPEN_SEED
    grid = flip_cells(smooth_picture(height, width, seed), share, seed + 7)
    return grid, f"{height}x{width}-flip{round(share * 100)}"


RANDOM_SIDE = 25
RANDOM_DENSITIES = (0.5, 0.35)


def random_density(k: int, count: int) -> float:
    """The density of puzzle ``k`` of ``count``: from 0.5 down to 0.35 in equal steps."""
    first, last = RANDOM_DENSITIES
    return first if count < 2 else first + (last - first) * k / (count - 1)


@dataclass(frozen=True)
class Family:
    """A seeded family: ``make(k, count, seed)`` draws puzzle ``k`` of a split of ``count``."""

    name: str
    description: str
    size: dict[str, int]  # puzzles per split
    make: Callable[[int, int, int], tuple[Grid, str]]

    def puzzle(self, split: str, k: int) -> Nonogram:
        """Puzzle number ``k`` of ``split``, named ``<family>-<split>-<k>-<details>``."""
        if split not in SPLITS:
            raise ValueError(f"unknown split {split!r}; the splits are {SPLITS}")
        count = self.size[split]
        if not 0 <= k < count:
            raise ValueError(f"{self.name} has {count} {split} puzzles, no number {k}")
        grid, details = self.make(k, count, SEED_BASE[split] + k)
        name = f"{self.name}-{split}-{k:03d}-{details}"
        return Nonogram.from_grid(grid, name=name, family=self.name, info={"split": split})

    def puzzles(self, split: str, limit: int | None = None) -> list[Nonogram]:
        """The first ``limit`` puzzles of ``split`` (all of them by default)."""
        count = self.size[split] if limit is None else min(limit, self.size[split])
        return [self.puzzle(split, k) for k in range(count)]


FAMILIES: dict[str, Family] = {
    family.name: family
    for family in [
        Family(
            "pictures",
            "smooth seeded drawings, 30x40 to 80x80",
            {"tuning": 12, "held-out": 12},
            lambda k, count, seed: _picture(k, seed),
        ),
        Family(
            "noisy",
            "smooth drawings with 2-10 % of the cells flipped, 30x40 to 80x80",
            {"tuning": 24, "held-out": 24},
            lambda k, count, seed: _noisy(k, seed),
        ),
        Family(
            "open",
            "smooth drawings with 15 or 20 % of the cells flipped, 30x40 to 60x80: line logic "
            "leaves most cells open",
            {"tuning": 6, "held-out": 6},
            lambda k, count, seed: _open(k, seed),
        ),
        Family(
            "random",
            "25x25 random cells, density falling from 0.5 to 0.35",
            {"tuning": 100, "held-out": 100},
            lambda k, count, seed: (
                random_grid(RANDOM_SIDE, RANDOM_SIDE, random_density(k, count), seed),
                f"d{random_density(k, count):.3f}",
            ),
        ),
    ]
}
"""Every benchmark family by name."""


COLOUR_SIZES = [(10, 10), (20, 20), (30, 40), (45, 60), (60, 80)]
COLOUR_COUNTS = (2, 3, 4, 5)
COLOUR_SEED = 700_000
"""Added to a puzzle's seed, so that the colour pictures draw on seeds of their own."""


def colour_spec(k: int) -> tuple[int, int, int, Style]:
    """``(height, width, colours, style)`` of colour puzzle ``k``: the sizes, styles and
    numbers of colours cycle together (5, 3 and 4 have no common factor), so that every 60
    puzzles hold each of their combinations once, and the first few already every size and
    every style."""
    height, width = COLOUR_SIZES[k % len(COLOUR_SIZES)]
    colours = COLOUR_COUNTS[k % len(COLOUR_COUNTS)]
    return height, width, colours, STYLES[k % len(STYLES)]


@dataclass(frozen=True)
class ColourFamily:
    """A seeded family of colour Nonograms, split as :class:`Family` is: ``make(k, seed)``
    draws puzzle ``k`` of a split."""

    name: str
    description: str
    size: dict[str, int]  # puzzles per split
    make: Callable[[int, int], ColourNonogram]

    def puzzle(self, split: str, k: int) -> ColourNonogram:
        """Puzzle number ``k`` of ``split``, named ``<family>-<split>-<k>-<details>``, where
        the details are the style, colours and size (``random-3c-60x80``)."""
        if split not in SPLITS:
            raise ValueError(f"unknown split {split!r}; the splits are {SPLITS}")
        count = self.size[split]
        if not 0 <= k < count:
            raise ValueError(f"{self.name} has {count} {split} puzzles, no number {k}")
        made = self.make(k, SEED_BASE[split] + k)
        details = made.name.rsplit("-", 1)[0]  # the generator's name without the seed
        name = f"{self.name}-{split}-{k:03d}-{details}"
        return replace(made, name=name, family=self.name, info={**made.info, "split": split})

    def puzzles(self, split: str, limit: int | None = None) -> list[ColourNonogram]:
        """The first ``limit`` puzzles of ``split`` (all of them by default)."""
        count = self.size[split] if limit is None else min(limit, self.size[split])
        return [self.puzzle(split, k) for k in range(count)]


def _colour(k: int, seed: int) -> ColourNonogram:
    height, width, colours, style = colour_spec(k)
    return generate_colour_puzzle(height, width, colours, style, seed + COLOUR_SEED)


COLOUR_FAMILIES: dict[str, ColourFamily] = {
    "colour": ColourFamily(
        "colour",
        "seeded colour pictures, 10x10 to 60x80, 2 to 5 colours, smooth, rough and random",
        {"tuning": 60, "held-out": 60},
        _colour,
    )
}
"""The colour benchmark families by name (beside the black-and-white :data:`FAMILIES`)."""
