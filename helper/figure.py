"""The one figure convention of the book: a ``BookFigure`` of its own, opaque, readable.

Every figure of :mod:`helper.plot` and ``helper.diagrams`` is a :class:`BookFigure` made by
:func:`new_figure` (or :func:`sized_figure`, which sizes it to what it shows). No pyplot:
nothing goes through matplotlib's global state, so no figure is left open behind the caller's
back, and a notebook shows the figure when it is a cell's last value. Every figure has an
opaque background (:data:`helper.palette.PAPER`), so it stays readable in the site's dark mode.

The book's column is :data:`COLUMN_PX` CSS pixels wide at a 1280 px window; an image wider
than that is scaled down to it. :func:`smallest_text_px` says how tall a figure's smallest
text is on the page; no figure's text may be smaller than :data:`MIN_TEXT_PX`, half the body
text. This module imports matplotlib (the ``plot`` extra) and no solver.
"""

import io
from collections.abc import Sequence
from typing import Any

from helper.extras import missing_extra

try:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch, Rectangle
    from matplotlib.text import Text
except ModuleNotFoundError as error:
    raise missing_extra(error, __name__, "plot") from None

from helper.palette import GRID_LINE, INK, PAPER

DPI = 100
"""The resolution the book's pages show figures at (matplotlib's default, which myst-nb keeps)."""
COLUMN_PX = 960
"""Width of the book's text column at a 1280 px window, in CSS pixels (``_static/book.css``;
the browser tests measure it)."""
BODY_PX = 16
"""Size of the book's body text, in CSS pixels."""
MIN_TEXT_PX = BODY_PX / 2
"""The smallest text a figure may show on the page, half the body text."""
FONT = 11.0
"""Default text size of the book's figures, in points."""


class BookFigure(Figure):
    r"""A matplotlib ``Figure`` made without pyplot, that a notebook shows as a PNG image.

    (IPython's own formatter for figures, when matplotlib's inline backend has set one up,
    gives the same picture: both render with ``bbox_inches="tight"``.)

    Parameters
    ----------
    args, kwargs
        Those of matplotlib's ``Figure``; :func:`new_figure` adds the book's defaults.

    Examples
    --------
    >>> figure = BookFigure(figsize=(1, 1))
    >>> figure._repr_png_()[:8]  # what a notebook shows
    b'\x89PNG\r\n\x1a\n'
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", bbox_inches="tight", facecolor=self.get_facecolor())
        return buffer.getvalue()


def new_figure(**options: Any) -> BookFigure:
    """A new :class:`BookFigure` with the book's opaque background and resolution.

    Parameters
    ----------
    options
        Those of matplotlib's ``Figure`` (``figsize``, ``dpi``, ...).

    Returns
    -------
    BookFigure
        The figure, not registered with pyplot (nothing is left open behind the caller).

    Examples
    --------
    >>> figure = new_figure(figsize=(2, 1))
    >>> figure.get_facecolor()[:3], figure.dpi == DPI
    ((1.0, 1.0, 1.0), True)
    """
    options.setdefault("facecolor", PAPER)
    options.setdefault("dpi", DPI)
    return BookFigure(**options)


def sized_figure(
    xlim: tuple[float, float],
    ylim: tuple[float, float],
    scale: float,
    *,
    top: float = 0.0,
    bottom: float = 0.0,
    min_width: float = 0.0,
) -> tuple[BookFigure, Axes]:
    """A :class:`BookFigure` sized to its content, with one frameless, equal-aspect ``Axes``.

    The axes show ``xlim`` x ``ylim`` (data units; give ``ylim`` as ``(bottom, top)``, for
    example ``(5, 0)`` for a grid whose rows go down) at ``scale`` inches per unit. ``top`` and
    ``bottom`` add that many inches above and below the axes for a title and a legend;
    ``min_width`` widens the figure (centring the axes) for a legend that needs the room.
    """
    width = abs(xlim[1] - xlim[0]) * scale
    height = abs(ylim[1] - ylim[0]) * scale
    total_width = max(width, min_width)
    total_height = height + top + bottom
    fig = new_figure(figsize=(total_width, total_height))
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


def legend_patch(colour: str, label: str, *, edge: str = INK, linewidth: float = 0.8) -> Patch:
    """One square of a legend: a cell ``colour`` with an ``edge``, meaning ``label``."""
    return Patch(facecolor=colour, edgecolor=edge, linewidth=linewidth, label=label)


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
        legend_patch(
            colour, label, edge=edges[i] if edges else INK, linewidth=2.0 if edges else 0.8
        )
        for i, (colour, label) in enumerate(entries)
    ]
    add_handles_legend(fig, handles, columns=columns, font=font, anchor=anchor, loc=loc)


def add_handles_legend(
    fig: Figure,
    handles: Sequence[Any],
    *,
    columns: int | None = None,
    font: float = FONT,
    anchor: tuple[float, float] | None = (0.5, 0.0),
    loc: str = "lower center",
) -> None:
    """A frameless figure legend of matplotlib ``handles`` (patches, markers), in the book's
    style: ``columns`` entries per row (default: all on one row). ``loc`` may be
    ``"outside lower center"`` in a figure with ``layout="constrained"`` (``anchor=None``)."""
    options: dict[str, Any] = {"loc": loc}
    if anchor is not None:
        options["bbox_to_anchor"] = anchor
    fig.legend(
        handles=list(handles),
        **options,
        ncols=columns or len(handles),
        frameon=False,
        fontsize=font,
        handlelength=1.4,
        handleheight=1.2,
        columnspacing=1.4,
    )


def replace_legend(
    fig: Figure, gid: str, handles: Sequence[Any], *, columns: int = 3, font: float = FONT - 1
) -> None:
    """One legend under ``fig`` for the panels that draw into it, named ``gid``: ``handles``
    first, then the entries it had that they lack (by label); it is drawn anew.

    It hangs under the figure's bottom edge, which a notebook's tight bounding box includes,
    so it never covers a panel, whatever the figure's layout.
    """
    mine = [old for old in fig.legends if old.get_gid() == gid]
    merged: dict[str, Any] = {}
    for handle in [*handles, *(h for old in mine for h in old.legend_handles)]:
        merged.setdefault(handle.get_label(), handle)
    for old in mine:
        old.remove()
    made = fig.legend(
        handles=list(merged.values()),
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=min(len(merged), columns),
        frameon=False,
        fontsize=font,
        handlelength=1.4,
        handleheight=1.2,
    )
    made.set_gid(gid)


def shown_scale(fig: Figure, column_px: int = COLUMN_PX) -> float:
    """CSS pixels per inch of ``fig`` on the book's page.

    An image wider than the text column is scaled down to the column, so an inch becomes
    ``min(dpi, column_px / width_in_inches)`` pixels.
    """
    return float(min(fig.dpi, column_px / fig.get_figwidth()))


def text_sizes_px(fig: Figure, column_px: int = COLUMN_PX) -> list[tuple[float, str]]:
    """Every visible text of ``fig`` with its height in CSS pixels as the book shows it.

    A point of text becomes ``shown_scale(fig) / 72`` pixels.

    Parameters
    ----------
    fig
        The figure.
    column_px
        The width of the book's text column in CSS pixels.

    Returns
    -------
    list[tuple[float, str]]
        ``(pixels, text)`` pairs, smallest first.

    Examples
    --------
    >>> figure = new_figure(figsize=(4, 2))
    >>> _ = figure.text(0.5, 0.5, "small", fontsize=6)
    >>> _ = figure.text(0.5, 0.2, "large", fontsize=12)
    >>> [text for _, text in text_sizes_px(figure)]
    ['small', 'large']
    """
    scale = shown_scale(fig, column_px) / 72
    found = [
        (float(text.get_fontsize()) * scale, text.get_text())
        for text in fig.findobj(Text)
        if text.get_visible() and text.get_text().strip()
    ]
    return sorted(found)


def smallest_text_px(fig: Figure, column_px: int = COLUMN_PX) -> float:
    """The height in CSS pixels of the smallest text of ``fig`` on the book's page.

    Parameters
    ----------
    fig
        The figure.
    column_px
        The width of the book's text column in CSS pixels.

    Returns
    -------
    float
        The pixels of the smallest visible text (the book asks for at least
        :data:`MIN_TEXT_PX`, half the body text).

    Examples
    --------
    >>> figure = new_figure(figsize=(4, 2))
    >>> _ = figure.text(0.5, 0.5, "6 points", fontsize=6)
    >>> _ = figure.text(0.5, 0.2, "12 points", fontsize=12)
    >>> smallest_text_px(figure) * 2 == text_sizes_px(figure)[-1][0]
    True
    """
    sizes = text_sizes_px(fig, column_px)
    return sizes[0][0] if sizes else float("inf")


def points_for_px(fig: Figure, px: float, column_px: int = COLUMN_PX) -> float:
    """The font size in points that shows as ``px`` CSS pixels in ``fig`` on the page."""
    return px * 72 / shown_scale(fig, column_px)
