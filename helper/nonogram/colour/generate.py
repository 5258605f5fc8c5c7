"""Seeded colour pictures and the colour Nonograms they make: the same puzzles on every
machine, drawn by our own code (never copied from a collection).

Three styles, as the black-and-white benchmark families have them:

- ``"smooth"``: overlapping ellipses and rectangles, each painted one clue colour (every
  fourth one erased back to the background): long runs, which line logic lives on;
- ``"rough"``: a smooth picture with a share of its cells repainted at random (background
  included), which breaks the runs;
- ``"random"``: every cell independently the background or a clue colour, as in the random
  grids of Nonogram tournaments.

:func:`colour_picture` draws a grid of colour numbers; :func:`generate_colour_puzzle` makes
the puzzle of its clues, with the picture as its goal and its seed, style and size in its
name. Whether such a puzzle is unique is a question for
:func:`~helper.nonogram.colour.count_solutions`; with ``unique=True`` the generator asks it,
and tries the next seeds (seeded retries) until a picture's clues have no other solution.
Most smooth pictures are unique; few rough or random ones are once they pass 10 x 10 (two
cells of two colours that can swap places in a 2 x 2 square are enough), so the retries
suit smooth pictures and small grids.
"""

from typing import Literal

import numpy as np

from ..clues import Grid
from .palette import Colour, Palette
from .puzzle import ColourNonogram

Style = Literal["smooth", "rough", "random"]
STYLES: tuple[Style, ...] = ("smooth", "rough", "random")
"""The styles of picture, smooth to random."""

INKS = (
    Colour("red", (214, 39, 40), "r"),
    Colour("blue", (31, 119, 180), "b"),
    Colour("green", (44, 160, 44), "g"),
    Colour("orange", (255, 127, 14), "o"),
    Colour("purple", (148, 103, 189), "p"),
)
"""The clue colours of generated puzzles, in the order a palette of ``n`` takes them."""

UNIQUE_TRIES = 20
"""How many seeds ``generate_colour_puzzle(..., unique=True)`` tries before it gives up."""

ROUGH_SHARE = 0.05
"""The share of cells a rough picture repaints at random."""
RANDOM_BACKGROUND = 0.4
"""The chance that a cell of a random picture is background."""


def ink_palette(colours: int) -> Palette:
    """The palette of the first ``colours`` of ``INKS`` (1 to 5) on white.

    Examples
    --------
    >>> ink_palette(2).names
    ('white', 'red', 'blue')
    """
    if isinstance(colours, bool) or not isinstance(colours, int) or not 1 <= colours <= len(INKS):
        raise ValueError(f"colours must be an integer from 1 to {len(INKS)}, got {colours!r}")
    return Palette(INKS[:colours])


def _smooth(height: int, width: int, colours: int, rng: np.random.Generator) -> np.ndarray:
    y, x = np.mgrid[0:height, 0:width]
    y = (y + 0.5) / height
    x = (x + 0.5) / width
    grid = np.zeros((height, width), dtype=int)
    order = rng.permutation(colours) + 1
    shapes = max(9, 3 * colours)
    painted = 0  # the shapes painted so far: each colour in turn (an erased one takes none)
    for k in range(shapes):
        cx, cy = rng.uniform(0.1, 0.9, size=2)
        rx, ry = rng.uniform(0.05, 0.3, size=2)
        if rng.random() < 0.6:
            inside = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
        else:
            inside = (abs(x - cx) <= rx) & (abs(y - cy) <= ry)
        if k % 4 == 3:
            grid[inside] = 0
        else:
            grid[inside] = order[painted % colours]
            painted += 1
    return grid


def colour_picture(height: int, width: int, colours: int, style: Style, seed: int) -> Grid:
    """A seeded picture of ``height`` x ``width`` cells in up to ``colours`` clue colours.

    Parameters
    ----------
    height, width
        The size of the picture.
    colours
        The number of clue colours, 1 to 5.
    style
        ``"smooth"``, ``"rough"`` or ``"random"`` (see the module's docstring).
    seed
        The seed: the same arguments give the same picture on every machine.

    Returns
    -------
    list[list[int]]
        Rows of colour numbers, 0 the background.

    Raises
    ------
    ValueError
        An unknown style, a size below 1, or a number of colours outside 1 to 5.

    Examples
    --------
    >>> colour_picture(2, 6, 3, "random", seed=1)
    [[3, 1, 0, 3, 0, 1], [1, 2, 3, 0, 2, 2]]
    """
    ink_palette(colours)  # checks the number of colours
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; the styles are {', '.join(STYLES)}")
    for name, value in (("height", height), ("width", width)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive integer, got {value!r}")
    rng = np.random.default_rng(seed)
    if style == "random":
        inked = rng.random((height, width)) >= RANDOM_BACKGROUND
        grid = np.where(inked, rng.integers(1, colours + 1, size=(height, width)), 0)
    else:
        grid = _smooth(height, width, colours, rng)
        if style == "rough":
            repaint = rng.random((height, width)) < ROUGH_SHARE
            grid[repaint] = rng.integers(0, colours + 1, size=int(repaint.sum()))
    return grid.astype(int).tolist()


def generate_colour_puzzle(
    height: int,
    width: int,
    colours: int = 3,
    style: Style = "smooth",
    seed: int = 0,
    *,
    unique: bool = False,
    tries: int = UNIQUE_TRIES,
    time_limit: float | None = None,
) -> ColourNonogram:
    """The colour Nonogram of the picture :func:`colour_picture` draws, with it as its goal.

    Only the colours the picture uses are in the palette (so a puzzle asked for 3 colours may
    have fewer when its picture happens to leave one out).

    Parameters
    ----------
    height, width
        The size of the grid.
    colours
        The most clue colours, 1 to 5.
    style
        ``"smooth"``, ``"rough"`` or ``"random"``.
    seed
        The seed of the picture (with ``unique``, of the first picture tried).
    unique
        Keep only a puzzle whose clues have one solution, as
        :func:`~helper.nonogram.colour.count_solutions` counts them: seeds ``seed``,
        ``seed + 1``, ... are tried in turn, and the puzzle is named by the seed that gave
        it, so that ``seed=`` that number makes it again without retries.
    tries
        With ``unique``: how many seeds to try.
    time_limit
        With ``unique``: seconds for each count (``None``, the default: no limit). A count
        that runs out of time is not "unique", and the seed is passed over; with a limit the
        puzzle returned may then depend on the machine's speed.

    Returns
    -------
    ColourNonogram
        Named ``"<style>-<colours>c-<height>x<width>-<seed>"``, family ``"colour-<style>"``.

    Raises
    ------
    ValueError
        As :func:`colour_picture`; for a picture with no clue colour at all; with ``unique``,
        when ``tries`` is not a positive integer or none of the seeds tried gives a unique
        puzzle.

    Examples
    --------
    >>> puzzle = generate_colour_puzzle(10, 12, 3, "smooth", seed=4)
    >>> puzzle, puzzle.palette.names
    (<ColourNonogram 'smooth-3c-10x12-4' 10x12, 3 colours>, ('white', 'red', 'blue', 'green'))
    >>> puzzle.check(puzzle.goal)
    True
    >>> generate_colour_puzzle(10, 10, 3, "random", seed=11, unique=True)  # seed 11: two
    <ColourNonogram 'random-3c-10x10-12' 10x10, 3 colours>
    """
    if not unique:
        return _puzzle(height, width, colours, style, seed)
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries must be a positive integer, got {tries!r}")
    from .solvers import count_solutions  # the solvers load on first use

    for attempt in range(seed, seed + tries):
        try:
            puzzle = _puzzle(height, width, colours, style, attempt)
        except ValueError:  # no clue colour in this picture: the next seed
            continue
        if count_solutions(puzzle, 2, time_limit=time_limit).unique:
            return puzzle
    raise ValueError(
        f"no unique {style} {height}x{width} puzzle in {colours} colours from seeds {seed} to "
        f"{seed + tries - 1}; try more seeds, a smoother style or a smaller grid"
    )


def _puzzle(height: int, width: int, colours: int, style: Style, seed: int) -> ColourNonogram:
    grid = colour_picture(height, width, colours, style, seed)
    used = sorted({cell for row in grid for cell in row} - {0})
    if not used:
        raise ValueError(f"the {style} picture of seed {seed} has no clue colour; try another seed")
    renumber = {old: new for new, old in enumerate(used, start=1)} | {0: 0}
    palette = Palette([INKS[c - 1] for c in used])
    picture = [[renumber[cell] for cell in row] for row in grid]
    return ColourNonogram.from_grid(
        picture,
        palette,
        name=f"{style}-{colours}c-{height}x{width}-{seed}",
        family=f"colour-{style}",
    )


__all__ = [
    "INKS",
    "STYLES",
    "UNIQUE_TRIES",
    "Style",
    "colour_picture",
    "generate_colour_puzzle",
    "ink_palette",
]
