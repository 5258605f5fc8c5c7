"""What every teaching figure shares: its own opaque ``Figure``, cells, legends, text size.

No pyplot: each function makes a :class:`matplotlib.figure.Figure` of its own, which a
notebook shows like any other figure and which nothing else can draw into by accident.
"""

from collections.abc import Sequence
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle
from matplotlib.text import Text

from helper.palette import GRID_LINE, INK, PAPER

DPI = 100
"""The resolution the book's pages show figures at (myst-nb's inline backend)."""
COLUMN_PX = 688
"""Width of the book's text column at a 1280 px window, in CSS pixels (measured in Chromium)."""
BODY_PX = 16
"""Size of the book's body text, in CSS pixels."""
FONT = 11.0
"""Default text size of the teaching figures, in points."""


def new_figure(
    xlim: tuple[float, float],
    ylim: tuple[float, float],
    scale: float,
    *,
    top: float = 0.0,
    bottom: float = 0.0,
    min_width: float = 0.0,
) -> tuple[Figure, Axes]:
    """A ``Figure`` sized to its content, with one frameless, equal-aspect ``Axes``.

    The axes show ``xlim`` x ``ylim`` (data units; give ``ylim`` as ``(bottom, top)``, for
    example ``(5, 0)`` for a grid whose rows go down) at ``scale`` inches per unit. ``top`` and
    ``bottom`` add that many inches above and below the axes for a title and a legend;
    ``min_width`` widens the figure (centring the axes) for a legend that needs the room.
    """
    width = abs(xlim[1] - xlim[0]) * scale
    height = abs(ylim[1] - ylim[0]) * scale
    total_width = max(width, min_width)
    total_height = height + top + bottom
    fig = Figure(figsize=(total_width, total_height), dpi=DPI, facecolor=PAPER)
    ax = fig.add_axes(
        (
            (total_width - width) / 2 / total_width,
            bottom / total_height,
            width / total_width,
            height / total_height,
        )
    )
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_facecolor(PAPER)
    ax.set_aspect("equal")
    ax.axis("off")
    return fig, ax


def draw_cell(
    ax: Axes,
    x: float,
    y: float,
    colour: str,
    *,
    size: float = 1.0,
    edge: str = GRID_LINE,
    linewidth: float = 0.8,
) -> Rectangle:
    """A square cell with its top-left corner at ``(x, y)``."""
    cell = Rectangle((x, y), size, size, facecolor=colour, edgecolor=edge, linewidth=linewidth)
    ax.add_patch(cell)
    return cell


def add_legend(
    fig: Figure,
    entries: Sequence[tuple[str, str]],
    *,
    edges: Sequence[str] | None = None,
    columns: int | None = None,
    font: float = FONT,
    anchor: tuple[float, float] = (0.5, 0.0),
    loc: str = "lower center",
) -> None:
    """A legend of coloured squares: ``entries`` are ``(colour, meaning)`` pairs.

    ``edges`` gives each square an outline colour (default: ink), so that white means
    "empty" rather than "nothing".
    """
    handles = [
        Patch(
            facecolor=colour,
            edgecolor=edges[i] if edges else INK,
            linewidth=2.0 if edges else 0.8,
            label=label,
        )
        for i, (colour, label) in enumerate(entries)
    ]
    options: dict[str, Any] = {"loc": loc}
    fig.legend(
        handles=handles,
        **options,
        bbox_to_anchor=anchor,
        ncols=columns or len(handles),
        frameon=False,
        fontsize=font,
        handlelength=1.4,
        handleheight=1.2,
        columnspacing=1.4,
    )


def text_sizes_px(fig: Figure, column_px: int = COLUMN_PX) -> list[tuple[float, str]]:
    """Every visible text of ``fig`` with its height in CSS pixels as the book shows it.

    An image wider than the text column is scaled down to the column, so a point of text
    becomes ``min(dpi, column_px / width_in_inches) / 72`` pixels. Sorted, smallest first.
    """
    scale = min(fig.dpi, column_px / fig.get_figwidth()) / 72
    found = [
        (float(text.get_fontsize()) * scale, text.get_text())
        for text in fig.findobj(Text)
        if text.get_visible() and text.get_text().strip()
    ]
    return sorted(found)


def smallest_text_px(fig: Figure, column_px: int = COLUMN_PX) -> float:
    """The height in CSS pixels of the smallest text of ``fig`` on the book's page."""
    sizes = text_sizes_px(fig, column_px)
    return sizes[0][0] if sizes else float("inf")
