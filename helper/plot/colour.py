"""Colour Nonogram boards: the grid, each clue number in a small box of its block's colour,
and the picture in the palette's colours (a large one as the picture with a zoomed corner).

The conventions are those of the black-and-white board (:mod:`.boards`): thin grid lines, a
thicker one every five cells, row clues on the left, column clues on top, ``indices=True``
numbering rows and columns from 0. What colour adds:

- a clue number sits in a box filled with its block's colour, written in black or white,
  whichever contrasts more with the box (:func:`~helper.palette.readable_ink`: a contrast
  ratio of at least 4.5, as WCAG asks of text);
- a cell shows its colour's RGB from the palette (the background's for colour 0, white
  unless the puzzle says otherwise); a ``-1`` cell is open (grey);
- a legend names the clue colours, so that a reader who cannot tell two of them apart can
  still read the figure.

A black-and-white :class:`~helper.nonogram.Nonogram` is drawn as the one-colour case: black
boxes with white numbers, no legend.
"""

import math
from collections.abc import Sequence
from numbers import Integral
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle

from helper.figure import DPI, FONT, new_figure
from helper.nonogram.colour.palette import Palette
from helper.nonogram.colour.puzzle import ColourNonogram, as_colour_nonogram
from helper.palette import (
    CLUE_INK,
    GRID_LINE,
    GRID_LINE_BOLD,
    PAPER,
    SOLVED_INK,
    UNKNOWN_GREY,
    readable_ink,
)
from helper.results import SolveResult

from .boards import (
    CLUE_PX,
    COLUMN_INCHES,
    FONT_PER_CELL,
    MARK_LABELS,
    board_axes,
    finish_board,
    frame_board,
    index_room,
)

Grid = list[list[int]]
Clues = Sequence[Sequence[tuple[int, int]]]

CLUE_BOX = 0.84
"""The side of a clue number's box, in cells (a thin margin of the grid shows around it)."""
WHITE_RGB = (255, 255, 255)


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{x:02x}" for x in rgb)


def _depths(rows: Clues, cols: Clues) -> tuple[int, int]:
    """How many clue columns the board needs on the left, and clue rows on top (an empty clue
    takes one, for its ``0``)."""
    left = max((max(len(clue), 1) for clue in rows), default=1)
    top = max((max(len(clue), 1) for clue in cols), default=1)
    return left, top


def _grid(
    puzzle: ColourNonogram, solution: "Sequence[Sequence[int]] | SolveResult | None"
) -> Grid | None:
    """The cells to draw as lists of ints, checked against the puzzle's size and palette."""
    grid = solution.grid if isinstance(solution, SolveResult) else solution
    if grid is None:
        return None
    rows = [list(row) for row in grid]
    if len(rows) != puzzle.height:
        raise ValueError(
            f"the solution has {len(rows)} rows but the puzzle has {puzzle.height} "
            f"({puzzle.height} x {puzzle.width})"
        )
    top = puzzle.colours
    for r, row in enumerate(rows):
        if len(row) != puzzle.width:
            raise ValueError(
                f"row {r} of the solution has {len(row)} cells but the puzzle's rows have "
                f"{puzzle.width} ({puzzle.height} x {puzzle.width})"
            )
        for c, cell in enumerate(row):
            if isinstance(cell, bool) or not isinstance(cell, Integral) or not -1 <= cell <= top:
                raise ValueError(
                    f"cell ({r}, {c}) of the solution is {cell!r}; a cell is a colour number "
                    f"0 to {top} (0 the background) or -1 (open)"
                )
    return [[int(cell) for cell in row] for row in rows]


def _image(grid: Grid, palette: Palette) -> np.ndarray:
    """The grid as an RGB image: each cell its colour's RGB, an open cell (-1) grey."""
    table = [palette[i].rgb for i in range(len(palette) + 1)]
    grey = UNKNOWN_GREY.lstrip("#")
    table.append((int(grey[0:2], 16), int(grey[2:4], 16), int(grey[4:6], 16)))  # index -1
    return np.asarray(table, dtype=np.uint8)[np.asarray(grid, dtype=int)]


def readable_colour_cells(puzzle: object) -> bool:
    """Whether the whole colour board, clues included, fits the book's column with clue
    digits of at least ``CLUE_PX`` (12) pixels.

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.colour.ColourNonogram` or a black-and-white
        :class:`~helper.nonogram.Nonogram`.

    Returns
    -------
    bool
        ``False`` when :func:`plot_colour_board` would draw it as the picture with a zoomed
        corner instead.

    Examples
    --------
    >>> from helper.nonogram.colour.generate import generate_colour_puzzle
    >>> readable_colour_cells(generate_colour_puzzle(10, 10, 2, seed=1))
    True
    >>> readable_colour_cells(generate_colour_puzzle(60, 80, 3, seed=1))
    False
    """
    colour = as_colour_nonogram(puzzle)
    left, _ = _depths(colour.rows, colour.cols)
    cell = COLUMN_INCHES / (colour.width + left + 0.5)
    return cell * FONT_PER_CELL * DPI / 72 >= CLUE_PX


def _clue_box(ax: Axes, x: float, y: float, number: int, rgb: tuple[int, int, int], font: float):
    """Block ``number`` in the box of cell ``(x, y)``, filled with ``rgb``, in readable ink."""
    margin = (1 - CLUE_BOX) / 2
    ax.add_patch(
        Rectangle(
            (x + margin, y + margin),
            CLUE_BOX,
            CLUE_BOX,
            facecolor=_hex(rgb),
            edgecolor=GRID_LINE,
            linewidth=0.6,
            gid="clue box",
        )
    )
    ax.text(
        x + 0.5,
        y + 0.5,
        str(number),
        ha="center",
        va="center",
        fontsize=font,
        color=readable_ink(rgb),
    )


def _draw_colour_board(
    ax: Axes,
    rows: Clues,
    cols: Clues,
    palette: Palette,
    grid: Grid | None,
    *,
    font_size: float,
    clues: bool = True,
    first: tuple[int, int] = (0, 0),
    indices: bool = False,
) -> None:
    """The cells of ``grid`` as an image, the grid lines and, with ``clues``, the clue boxes.

    ``first`` is the ``(row, column)`` of the puzzle the drawn part starts at, so that the
    thick lines fall every five cells of the puzzle in a cropped board too.
    """
    height, width = len(rows), len(cols)
    left, top = _depths(rows, cols) if clues else (0, 0)
    if grid is not None:
        ax.imshow(
            _image(grid, palette),
            extent=(0, width, height, 0),
            origin="upper",
            interpolation="nearest",
            zorder=0,
        )
    thin: list[list[tuple[float, float]]] = []
    thick: list[list[tuple[float, float]]] = []
    r0, c0 = first
    for x in range(width + 1):
        bold = (c0 + x) % 5 == 0 or x in (0, width)
        (thick if bold else thin).append([(x, -top), (x, height)])
    for y in range(height + 1):
        bold = (r0 + y) % 5 == 0 or y in (0, height)
        (thick if bold else thin).append([(-left, y), (width, y)])
    ax.add_collection(LineCollection(thin, colors=GRID_LINE, linewidths=0.5, zorder=1))
    ax.add_collection(LineCollection(thick, colors=GRID_LINE_BOLD, linewidths=1.0, zorder=1))
    if clues:
        for r, clue in enumerate(rows):
            if not clue:
                ax.text(
                    -0.5, r + 0.5, "0", ha="center", va="center", fontsize=font_size, color=CLUE_INK
                )
            for k, (length, colour) in enumerate(reversed(clue)):
                _clue_box(ax, -k - 1, r, length, palette[colour].rgb, font_size)
        for c, clue in enumerate(cols):
            if not clue:
                ax.text(
                    c + 0.5, -0.5, "0", ha="center", va="center", fontsize=font_size, color=CLUE_INK
                )
            for k, (length, colour) in enumerate(reversed(clue)):
                _clue_box(ax, c, -k - 1, length, palette[colour].rgb, font_size)
    frame_board(ax, height, width, left, top, font_size=font_size, first=first, indices=indices)


def colour_handles(puzzle: object, *, unknown: bool = False) -> list[Any]:
    """Legend entries of a colour board: one square per clue colour, named as the palette
    names it (and the background's, when it is not white).

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.colour.ColourNonogram` or a black-and-white
        :class:`~helper.nonogram.Nonogram`.
    unknown
        Add the grey of an open cell.

    Returns
    -------
    list
        The matplotlib handles, for ``Figure.legend``.

    Examples
    --------
    >>> from helper.nonogram.colour import ColourNonogram
    >>> puzzle = ColourNonogram([[(1, "red"), (1, "blue")]], [[(1, "red")], [(1, "blue")]],
    ...                         [("red", "d62728"), ("blue", "1f77b4")])
    >>> [handle.get_label() for handle in colour_handles(puzzle, unknown=True)]
    ['red', 'blue', 'open']
    """
    palette = as_colour_nonogram(puzzle).colour_palette
    handles: list[Any] = [
        Patch(facecolor=_hex(c.rgb), edgecolor=GRID_LINE, label=c.name) for c in palette
    ]
    if palette.background.rgb != WHITE_RGB:
        background = palette.background
        handles.append(
            Patch(
                facecolor=_hex(background.rgb),
                edgecolor=GRID_LINE,
                label=f"{background.name} (background)",
            )
        )
    if unknown:
        handles.append(
            Patch(facecolor=UNKNOWN_GREY, edgecolor=GRID_LINE, label=MARK_LABELS["unknown"])
        )
    return handles


def _figure_of(ax: Axes) -> Figure:
    """The figure ``ax`` is drawn on (the whole figure when ``ax`` is on a subfigure)."""
    figure: Any = ax.figure
    while not isinstance(figure, Figure):
        figure = figure.figure
    return figure


def plot_colour_board(
    puzzle: object,
    solution: "Sequence[Sequence[int]] | SolveResult | None" = None,
    *,
    ax: Axes | None = None,
    title: str | None = None,
    indices: bool = False,
    legend: bool | None = None,
    zoom: bool | None = None,
) -> Figure:
    """Draw a colour Nonogram: the grid, row clues on the left, column clues on top, each
    clue number in a box of its block's colour.

    A board too wide to show its clues readably at the column's width
    (:func:`readable_colour_cells`) is drawn, when no ``ax`` is given, as the whole picture
    without clues above its top-left corner drawn again with the clues of its rows and
    columns (as :func:`~helper.plot.plot_nonogram_overview` does for black and white).

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.colour.ColourNonogram`, or a black-and-white
        :class:`~helper.nonogram.Nonogram` (the one-colour case).
    solution
        Rows of colour numbers (0 the background, ``-1`` open, drawn grey), or the
        :class:`~helper.results.SolveResult` of a solve; ``None`` (or a result without a
        grid) draws the empty grid.
    ax
        Draw on this ``Axes`` of a larger figure; the legend then goes under that figure,
        shared with its other boards.
    title
        A title above the board.
    indices
        Number the rows (on the right) and the columns (below) from 0, as ``grid[r][c]``
        counts them. The picture with a zoomed corner has none.
    legend
        Whether to name the colours in a legend (by default when there are several clue
        colours or open cells).
    zoom
        ``True`` forces the picture with a zoomed corner, ``False`` refuses it.

    Returns
    -------
    matplotlib.figure.Figure
        The figure (a :class:`~helper.figure.BookFigure` when no ``ax`` was given); its first
        axes are the board (with a zoomed corner, the whole picture, and the second the
        corner).

    Raises
    ------
    ValueError
        When ``solution`` does not have the puzzle's size, or a cell is not a colour of its
        palette (nor ``-1``).
    TypeError
        When ``puzzle`` is not a Nonogram of either kind.

    Examples
    --------
    >>> from helper.nonogram.colour import ColourNonogram
    >>> puzzle = ColourNonogram([[(2, "red")], [(1, "red"), (1, "blue")]],
    ...                         [[(2, "red")], [(1, "red"), (1, "blue")]],
    ...                         [("red", "d62728"), ("blue", "1f77b4")])
    >>> figure = plot_colour_board(puzzle, [[1, 1], [1, 2]])
    >>> board = figure.axes[0]
    >>> sorted(text.get_text() for text in board.texts)  # the clue numbers
    ['1', '1', '1', '1', '2', '2']
    >>> board.get_images()[0].get_array()[1, 1].tolist()  # cell (1, 1) is blue
    [31, 119, 180]
    >>> plot_colour_board(puzzle, [[1, 1]])
    Traceback (most recent call last):
    ...
    ValueError: the solution has 1 rows but the puzzle has 2 (2 x 2)
    """
    colour = as_colour_nonogram(puzzle)
    palette = colour.colour_palette
    grid = _grid(colour, solution)
    if ax is None and (zoom or (zoom is None and not readable_colour_cells(colour))):
        return _overview(colour, grid, title=title, legend=legend)
    rows, cols = colour.rows, colour.cols
    height, width = colour.height, colour.width
    clue_left, clue_top = _depths(rows, cols)
    right, bottom = (index_room(height), 0.75) if indices else (0.0, 0.0)
    left, top = clue_left + right, clue_top + bottom
    cell_size = min(0.3, COLUMN_INCHES / (width + left + 0.5), 12.0 / (height + top + 0.5))
    font_size = min(FONT, cell_size * FONT_PER_CELL)
    unknown = grid is not None and any(cell == -1 for row in grid for cell in row)
    handles = colour_handles(colour, unknown=unknown)
    show_legend = (not palette.black_and_white or unknown) if legend is None else legend
    own_figure = ax is None
    if ax is None:
        columns = min(len(handles), 5)
        ax = board_axes(
            (width + left + 0.5) * cell_size,
            (height + top + 0.5) * cell_size,
            legend_height=0.15 + 0.3 * math.ceil(len(handles) / columns) if show_legend else 0.0,
            title=bool(title),
            min_width=4.0 if show_legend else 0.0,
        )
    figure = _figure_of(ax)
    figure.set_facecolor(PAPER)
    ax.set_facecolor(PAPER)
    _draw_colour_board(ax, rows, cols, palette, grid, font_size=font_size, indices=indices)
    finish_board(ax, handles, legend=show_legend, own_figure=own_figure, font_size=font_size,
                 title=title, columns=5)  # fmt: skip
    return figure


def _corner(puzzle: ColourNonogram, across: int = 36) -> tuple[int, int]:
    """The rows and columns of the top-left corner a large board zooms: as many columns as
    fit ``across`` cells with the clue columns, and two thirds as many rows."""
    left, _ = _depths(puzzle.rows, puzzle.cols)
    columns = max(5, min(puzzle.width, across - left))
    rows = max(5, min(puzzle.height, math.ceil(columns * 2 / 3)))
    return min(rows, puzzle.height), columns


def _overview(
    puzzle: ColourNonogram, grid: Grid | None, *, title: str | None, legend: bool | None
) -> Figure:
    """The whole picture without clues on top, its top-left corner with its clues below."""
    palette = puzzle.colour_palette
    r1, c1 = _corner(puzzle)
    sub_rows, sub_cols = puzzle.rows[:r1], puzzle.cols[:c1]
    sub_grid = None if grid is None else [row[:c1] for row in grid[:r1]]
    left, top = _depths(sub_rows, sub_cols)
    width = COLUMN_INCHES
    whole_cell = width / (puzzle.width + 0.5)
    whole_height = (puzzle.height + 0.5) * whole_cell
    part_cell = min(0.3, width / (c1 + left + 0.5))
    part_height = (r1 + top + 0.5) * part_cell
    label = 0.45  # inches for the titles above each part
    unknown = grid is not None and any(cell == -1 for row in grid for cell in row)
    handles = colour_handles(puzzle, unknown=unknown)
    show_legend = (not palette.black_and_white or unknown) if legend is None else legend
    below = 0.45 if show_legend else 0.0
    total = whole_height + part_height + 2 * label + below
    fig = new_figure(figsize=(width, total))
    whole = fig.add_axes((0, (part_height + label + below) / total, 1, whole_height / total))
    part = fig.add_axes((0, below / total, 1, part_height / total))
    _draw_colour_board(whole, puzzle.rows, puzzle.cols, palette, grid, font_size=FONT, clues=False)
    whole.add_patch(Rectangle((0, 0), c1, r1, facecolor="none", edgecolor=SOLVED_INK, lw=2.5))
    name = title or puzzle.title or f"{puzzle.height} x {puzzle.width}"
    whole.set_title(f"{name}: the framed part is drawn below with its clues", fontsize=FONT)
    font = min(FONT, part_cell * FONT_PER_CELL)
    _draw_colour_board(part, sub_rows, sub_cols, palette, sub_grid, font_size=font)
    part.set_title(
        f"rows 0–{r1 - 1}, columns 0–{c1 - 1} (counted from 0), with their clues",
        fontsize=FONT,
        color=SOLVED_INK,
    )
    if show_legend:
        fig.legend(
            handles=handles,
            loc="lower center",
            ncols=min(len(handles), 5),
            frameon=False,
            fontsize=FONT,
        )
    return fig


def plot_colour_picture(
    puzzle: object,
    solution: "Sequence[Sequence[int]] | SolveResult",
    *,
    ax: Axes | None = None,
    title: str | None = None,
) -> Figure:
    """Draw just the picture of a colour Nonogram: its cells in the palette's colours and the
    grid lines, no clues. It suits a board of any size (a 60 x 80 fills the column).

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.colour.ColourNonogram`, or a black-and-white
        :class:`~helper.nonogram.Nonogram`.
    solution
        Rows of colour numbers (``-1`` open), or the :class:`~helper.results.SolveResult` of
        a solve.
    ax
        Draw on this ``Axes``.
    title
        A title above the picture.

    Returns
    -------
    matplotlib.figure.Figure
        The figure; its first axes are the picture's.

    Raises
    ------
    ValueError
        When there is no grid (a solve that found none), ``solution`` does not have the
        puzzle's size, or a cell is not a colour of its palette.

    Examples
    --------
    >>> from helper.nonogram.colour.generate import generate_colour_puzzle
    >>> puzzle = generate_colour_puzzle(60, 80, 3, seed=1)
    >>> figure = plot_colour_picture(puzzle, puzzle.goal)
    >>> figure.axes[0].get_images()[0].get_array().shape, len(figure.axes[0].texts)
    ((60, 80, 3), 0)
    """
    colour = as_colour_nonogram(puzzle)
    grid = _grid(colour, solution)
    if grid is None:
        raise ValueError("there is no picture to draw: the solve found no grid")
    if ax is None:
        cell = min(0.3, COLUMN_INCHES / (colour.width + 0.5), 12.0 / (colour.height + 0.5))
        heading = 0.4 if title else 0.0
        side_w, side_h = (colour.width + 0.5) * cell, (colour.height + 0.5) * cell
        fig = new_figure(figsize=(side_w, side_h + heading))
        ax = fig.add_axes((0, 0, 1, side_h / (side_h + heading)))
    figure = _figure_of(ax)
    ax.set_facecolor(PAPER)
    _draw_colour_board(
        ax, colour.rows, colour.cols, colour.colour_palette, grid, font_size=FONT, clues=False
    )
    if title:
        ax.set_title(title, fontsize=FONT)
    return figure


__all__ = [
    "CLUE_BOX",
    "colour_handles",
    "plot_colour_board",
    "plot_colour_picture",
    "readable_colour_cells",
]
