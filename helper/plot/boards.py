"""Boards: a Nonogram with its clues (and, when it is too large for that, the picture with a
zoomed corner), and a Futoshiki with its signs.

Marks on a Nonogram have one meaning each across the book, and a legend says which:

- a grey cell (:data:`~helper.palette.UNKNOWN_GREY`) is unknown or open: a ``-1`` in the grid;
- a cell outlined in the second grey (:data:`~helper.palette.DIFFERS`) differs between
  solutions (``differs``);
- a dot (:data:`~helper.palette.REPAIRED`) marks a cell the repair filled (``repaired``).
"""

import math
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from helper.errors import HelperDeprecationWarning
from helper.figure import COLUMN_PX, DPI, FONT, draw_cell, new_figure, replace_legend
from helper.palette import (
    CLUE_INK,
    DIFFERS,
    GIVEN_INK,
    GRID_LINE,
    GRID_LINE_BOLD,
    INK,
    PAPER,
    REPAIRED,
    SIGN_INK,
    SOLVED_INK,
    UNKNOWN_GREY,
)
from helper.results import SolveResult

if TYPE_CHECKING:
    from helper.futoshiki.puzzle import Futoshiki
    from helper.nonogram.puzzle import Nonogram

Cells = Sequence[Sequence[int]]
Clues = Sequence[Sequence[int]]

CLUE_PX = 12.0
"""The smallest clue digits a Nonogram board shows on the page, in CSS pixels (9 pt)."""
FONT_PER_CELL = 40.0
"""Clue font size in points per inch of cell side: the digits fill about half a cell."""
COLUMN_INCHES = COLUMN_PX / DPI
"""The width of the book's column in inches at the figures' resolution."""
MARK_LABELS = {
    "unknown": "open",
    "differs": "differs between solutions",
    "repaired": "filled by the repair",
}
"""The legend's words for each mark of :func:`plot_nonogram_board` (``labels`` renames them)."""
INDEX_INK = GRID_LINE_BOLD
"""The colour of the row and column numbers a board shows with ``indices=True``."""
INDEX_SCALE = 0.8
"""The row and column numbers' size, relative to the clues (Nonogram) or digits (Futoshiki)."""


def index_room(count: int) -> float:
    """The room, in cells, that the numbers 0 to ``count - 1`` take beside a board."""
    return 0.35 + 0.3 * len(str(max(count - 1, 0)))


def _grid_of(result: "Cells | SolveResult | None") -> Cells | None:
    """The grid to draw: a grid as it is, a :class:`SolveResult`'s grid (``None`` unsolved)."""
    if isinstance(result, SolveResult):
        return result.grid
    return result


def _clue_text(clue: Sequence[int]) -> list[str]:
    numbers = [str(n) for n in clue if n]
    return numbers or ["0"]


def _clue_depths(rows: Clues, cols: Clues) -> tuple[int, int]:
    """How many clue columns the board needs on the left, and clue rows on top."""
    left = max((len(_clue_text(c)) for c in rows), default=1)
    top = max((len(_clue_text(c)) for c in cols), default=1)
    return left, top


def readable_cells(puzzle: "Nonogram") -> bool:
    """Whether the whole board, clues included, fits the book's column with clue digits of at
    least ``CLUE_PX`` (12) pixels (about 44 cells across, clue columns included).

    Parameters
    ----------
    puzzle
        The Nonogram to draw.

    Returns
    -------
    bool
        ``False`` when :func:`plot_nonogram_board` would draw it as an overview with a zoomed
        corner instead (:func:`plot_nonogram_overview`).

    Examples
    --------
    >>> from helper.nonogram import Nonogram, load_puzzle
    >>> readable_cells(Nonogram([[1]], [[1]])), readable_cells(load_puzzle("nonogram03"))
    (True, False)
    """
    left, _ = _clue_depths(puzzle.rows, puzzle.cols)
    cell = COLUMN_INCHES / (puzzle.width + left + 0.5)
    return cell * FONT_PER_CELL * DPI / 72 >= CLUE_PX


def _draw_nonogram(
    ax: Axes,
    rows: Clues,
    cols: Clues,
    grid: Cells | None,
    *,
    font_size: float,
    clues: bool = True,
    first: tuple[int, int] = (0, 0),
    indices: bool = False,
) -> None:
    """The cells of ``grid`` (1 ink, -1 grey), the grid lines and, with ``clues``, the clues.

    ``first`` is the ``(row, column)`` of the puzzle that the drawn part starts at, so that
    the thick lines fall every five cells of the puzzle in a cropped board too. ``indices``
    numbers the rows on the right and the columns below, from 0 (as ``grid[r][c]``).
    """
    height, width = len(rows), len(cols)
    row_texts = [_clue_text(c) for c in rows]
    col_texts = [_clue_text(c) for c in cols]
    left, top = _clue_depths(rows, cols) if clues else (0, 0)
    if grid is not None:
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if cell == 1:
                    ax.add_patch(Rectangle((c, r), 1, 1, facecolor=INK, edgecolor="none"))
                elif cell == -1:
                    ax.add_patch(Rectangle((c, r), 1, 1, facecolor=UNKNOWN_GREY, edgecolor="none"))
    thin: list[list[tuple[float, float]]] = []
    thick: list[list[tuple[float, float]]] = []
    r0, c0 = first
    for x in range(width + 1):
        bold = (c0 + x) % 5 == 0 or x in (0, width)
        (thick if bold else thin).append([(x, -top), (x, height)])
    for y in range(height + 1):
        bold = (r0 + y) % 5 == 0 or y in (0, height)
        (thick if bold else thin).append([(-left, y), (width, y)])
    ax.add_collection(LineCollection(thin, colors=GRID_LINE, linewidths=0.5))
    ax.add_collection(LineCollection(thick, colors=GRID_LINE_BOLD, linewidths=1.0))
    if clues:
        text: dict[str, Any] = {"ha": "center", "va": "center", "fontsize": font_size}
        for r, texts in enumerate(row_texts):
            for k, number in enumerate(reversed(texts)):
                ax.text(-k - 0.5, r + 0.5, number, color=CLUE_INK, **text)
        for c, texts in enumerate(col_texts):
            for k, number in enumerate(reversed(texts)):
                ax.text(c + 0.5, -k - 0.5, number, color=CLUE_INK, **text)
    frame_board(ax, height, width, left, top, font_size=font_size, first=first, indices=indices)


def frame_board(
    ax: Axes, height: int, width: int, left: float, top: float, *, font_size: float,
    first: tuple[int, int] = (0, 0), indices: bool = False,
) -> None:  # fmt: skip
    """The limits of a board's axes (``left`` clue columns, ``top`` clue rows), with the row
    and column numbers (counted from ``first``) right of it and below it when ``indices``."""
    right = bottom = 0.0
    if indices:
        r0, c0 = first
        small: dict[str, Any] = {"fontsize": font_size * INDEX_SCALE, "color": INDEX_INK}
        for r in range(height):
            ax.text(width + 0.2, r + 0.5, str(r0 + r), ha="left", va="center", **small)
        for c in range(width):
            ax.text(c + 0.5, height + 0.15, str(c0 + c), ha="center", va="top", **small)
        right, bottom = index_room(r0 + height), 0.75
    ax.set_xlim(-left - 0.25, width + 0.25 + right)
    ax.set_ylim(height + 0.25 + bottom, -top - 0.25)
    ax.set_aspect("equal")
    ax.axis("off")


def _draw_marks(
    ax: Axes,
    differs: Iterable[tuple[int, int]],
    repaired: Iterable[tuple[int, int]],
    grid: Cells | None,
    cell_size: float,
) -> tuple[bool, bool]:
    """Outline the ``differs`` cells, dot the ``repaired`` ones; say which marks were drawn."""
    differs, repaired = list(differs), list(repaired)
    width = max(1.5, min(3.0, cell_size * 10))
    for r, c in differs:
        ax.add_patch(
            Rectangle(
                (c + 0.1, r + 0.1), 0.8, 0.8, facecolor="none", edgecolor=DIFFERS, linewidth=width
            )
        )
    for r, c in repaired:
        filled = grid is not None and grid[r][c] == 1
        ax.add_line(
            Line2D(
                [c + 0.5],
                [r + 0.5],
                marker="o",
                markersize=max(3.0, cell_size * 72 * 0.45),
                color=REPAIRED,
                markeredgecolor=PAPER if filled else INK,
                markeredgewidth=0.8,
                linestyle="none",
            )
        )
    return bool(differs), bool(repaired)


def mark_handles(
    *,
    unknown: bool = False,
    differs: bool = False,
    repaired: bool = False,
    labels: Mapping[str, str] | None = None,
) -> list[Any]:
    """Legend entries for the marks of :func:`plot_nonogram_board` that a figure shows.

    Parameters
    ----------
    unknown
        Include the grey of an unknown cell.
    differs
        Include the outline of a cell that differs between solutions.
    repaired
        Include the dot of a cell a repair filled.
    labels
        Renames an entry (keys ``"unknown"``, ``"differs"``, ``"repaired"``), for example
        ``{"unknown": "open after line logic"}``.

    Returns
    -------
    list
        The matplotlib handles, for :func:`board_legend` or ``Figure.legend``.

    Examples
    --------
    >>> renamed = {"unknown": "open after line logic"}
    >>> handles = mark_handles(unknown=True, differs=True, labels=renamed)
    >>> [handle.get_label() for handle in handles]
    ['open after line logic', 'differs between solutions']
    """
    words = MARK_LABELS | dict(labels or {})
    handles: list[Any] = []
    if unknown:
        handles.append(Patch(facecolor=UNKNOWN_GREY, edgecolor=GRID_LINE, label=words["unknown"]))
    if differs:
        handles.append(
            Patch(facecolor=PAPER, edgecolor=DIFFERS, linewidth=2.5, label=words["differs"])
        )
    if repaired:
        handles.append(
            Line2D(
                [],
                [],
                marker="o",
                markersize=9,
                color=REPAIRED,
                markeredgecolor=INK,
                linestyle="none",
                label=words["repaired"],
            )
        )
    return handles


def plot_nonogram_board(
    puzzle: "Nonogram",
    result: Cells | SolveResult | None = None,
    *,
    font_size: float | None = None,
    cell_size: float | None = None,
    highlight: Iterable[tuple[int, int]] | None = None,
    title: str | None = None,
    ax: Axes | None = None,
    differs: Iterable[tuple[int, int]] = (),
    repaired: Iterable[tuple[int, int]] = (),
    labels: Mapping[str, str] | None = None,
    legend: bool | None = None,
    zoom: bool | None = None,
    indices: bool = False,
) -> Axes:
    """Draw a Nonogram: the grid, row clues on the left, column clues on top.

    A board too wide to show its clues readably at the column's width (see
    :func:`readable_cells`) is drawn as the picture with a zoomed corner that shows the clues
    (:func:`plot_nonogram_overview`) when no ``ax`` is given.

    Parameters
    ----------
    puzzle
        The Nonogram.
    result
        Rows of 1 filled, 0 empty, -1 unknown (grey), or the
        :class:`~helper.results.SolveResult` of a solve; ``None`` draws the empty grid.
    font_size
        The clue size in points (by default the board fits the book's column).
    cell_size
        The side of a cell in inches.
    highlight
        The old name of ``differs``: deprecated, it warns with a ``DeprecationWarning``.
    title
        A title above the board.
    ax
        Draw on this ``Axes`` of a larger figure; one legend under the figure then gathers the
        marks of all its boards (:func:`board_legend`).
    differs
        Cells ``(row, col)`` to outline: they differ between solutions.
    repaired
        Cells to mark with a dot: a repair filled them.
    labels
        Renames legend entries (see :func:`mark_handles`).
    legend
        ``False`` leaves the legend out.
    zoom
        ``True`` forces the overview with a zoomed corner, ``False`` refuses it.
    indices
        Number the rows (on the right) and the columns (below) from 0, as ``grid[r][c]``
        counts them and as the book's prose and the explanations name cells: for a board
        whose cells a text names. The overview with a zoomed corner has none.

    Returns
    -------
    matplotlib.axes.Axes
        The board's axes; its ``.figure`` is the figure (a :class:`~helper.figure.BookFigure`
        when none was given).

    Examples
    --------
    >>> from helper.nonogram import Nonogram, solve
    >>> puzzle = Nonogram([[2], [1]], [[1], [2]])
    >>> ax = plot_nonogram_board(puzzle, solve(puzzle))
    >>> sorted(text.get_text() for text in ax.texts)  # the four clues
    ['1', '1', '2', '2']
    """
    if highlight is not None:
        warnings.warn(
            "plot_nonogram_board(highlight=...) is deprecated; pass differs=... instead",
            HelperDeprecationWarning,
            stacklevel=2,
        )
        differs = [*differs, *highlight]
    grid = _grid_of(result)
    if ax is None and (zoom or (zoom is None and not readable_cells(puzzle))):
        fig = plot_nonogram_overview(puzzle, grid, title=title, differs=differs, repaired=repaired)
        return fig.axes[0]
    rows, cols = puzzle.rows, puzzle.cols
    height, width = len(rows), len(cols)
    clue_left, clue_top = _clue_depths(rows, cols)
    right, bottom = (index_room(height), 0.75) if indices else (0.0, 0.0)
    left, top = clue_left + right, clue_top + bottom  # the room beside the cells
    if cell_size is None:
        cell_size = min(0.3, COLUMN_INCHES / (width + left + 0.5), 12.0 / (height + top + 0.5))
    if font_size is None:
        font_size = min(FONT, cell_size * FONT_PER_CELL)
    marks = list(differs)
    unknown = grid is not None and any(cell == -1 for row in grid for cell in row)
    handles = mark_handles(
        unknown=unknown, differs=bool(marks), repaired=bool(list(repaired)), labels=labels
    )
    show_legend = bool(handles) if legend is None else legend and bool(handles)
    own_figure = ax is None
    if ax is None:
        ax = board_axes(
            (width + left + 0.5) * cell_size,
            (height + top + 0.5) * cell_size,
            legend_height=0.5 if show_legend else 0.0,
            title=bool(title),
            min_width=5.5 if show_legend else 0.0,
        )
    ax.figure.set_facecolor(PAPER)
    ax.set_facecolor(PAPER)
    _draw_nonogram(ax, rows, cols, grid, font_size=font_size, indices=indices)
    _draw_marks(ax, marks, repaired, grid, cell_size)
    finish_board(ax, handles, legend=show_legend, own_figure=own_figure, font_size=font_size,
                 title=title, columns=3)  # fmt: skip
    return ax


def board_axes(
    board_width: float, board_height: float, *, legend_height: float, title: bool,
    min_width: float,
) -> Axes:  # fmt: skip
    """The axes of a board of ``board_width`` × ``board_height`` inches on a new figure,
    centred, with ``legend_height`` inches below it for a legend and room above for a
    ``title``; the figure is at least ``min_width`` inches wide."""
    title_height = 0.4 if title else 0.0
    fig_width = max(board_width, min_width)
    total = board_height + legend_height + title_height
    fig = new_figure(figsize=(fig_width, total))
    return fig.add_axes((
        (fig_width - board_width) / 2 / fig_width,
        legend_height / total,
        board_width / fig_width,
        board_height / total,
    ))  # fmt: skip


def finish_board(
    ax: Axes, handles: Sequence[Any], *, legend: bool, own_figure: bool, font_size: float,
    title: str | None, columns: int,
) -> None:  # fmt: skip
    """A board's legend (below it on its own figure, in ``columns`` columns at most, or the
    shared legend of the figure it is a panel of) and its title."""
    if legend and own_figure:
        ax.legend(
            handles=handles,
            loc="upper center",
            bbox_to_anchor=(0.5, 0.0),
            ncols=min(len(handles), columns),
            frameon=False,
            fontsize=max(9.0, min(FONT, font_size)),
            handlelength=1.4,
            handleheight=1.2,
        )
    elif legend:  # a panel of a larger figure: one legend for all its boards
        board_legend(ax.figure, handles)  # type: ignore[arg-type]
    if title:
        ax.set_title(title, fontsize=max(font_size * 1.3, 10.0))


MARKS_LEGEND = "book-board-marks"
"""The ``gid`` of the figure legend that :func:`board_legend` keeps up to date."""


def board_legend(fig: Figure, handles: Sequence[Any]) -> None:
    """One legend under a figure of several boards for every mark they show.

    Each :func:`plot_nonogram_board` drawn on an ``ax`` of ``fig`` adds its marks here; the
    legend sits under the figure's bottom edge (a notebook saves figures with a tight bounding
    box, so it is shown whatever layout the panels have).

    Parameters
    ----------
    fig
        The figure of the boards.
    handles
        Legend entries (:func:`mark_handles`); those already in the legend are not repeated.

    Examples
    --------
    >>> from helper.figure import new_figure
    >>> fig = new_figure()
    >>> board_legend(fig, mark_handles(differs=True))
    >>> board_legend(fig, mark_handles(differs=True, repaired=True))
    >>> [text.get_text() for text in fig.legends[0].get_texts()]
    ['differs between solutions', 'filled by the repair']
    """
    known = [h for old in fig.legends if old.get_gid() == MARKS_LEGEND for h in old.legend_handles]
    order = list(MARK_LABELS.values())
    entries = sorted([*known, *handles], key=lambda h: order.index(h.get_label())
                     if h.get_label() in order else len(order))  # fmt: skip
    replace_legend(fig, MARKS_LEGEND, entries)


def _default_crop(puzzle: "Nonogram", across: int = 36) -> tuple[slice, slice]:
    """The top-left corner of ``puzzle``: as many columns as fit ``across`` cells with the
    clue columns, and two thirds as many rows."""
    left, _ = _clue_depths(puzzle.rows, puzzle.cols)
    columns = max(5, min(puzzle.width, across - left))
    rows = max(5, min(puzzle.height, math.ceil(columns * 2 / 3)))
    return slice(0, rows), slice(0, columns)


def plot_nonogram_overview(
    puzzle: "Nonogram",
    result: Cells | SolveResult | None = None,
    *,
    crop: tuple[slice, slice] | None = None,
    title: str | None = None,
    differs: Iterable[tuple[int, int]] = (),
    repaired: Iterable[tuple[int, int]] = (),
) -> Any:
    """A large Nonogram as a picture without clues, and a zoomed part of it with its clues.

    The whole board fills the column on top, its cells too small for digits; the part
    ``crop`` is framed on it and drawn again below at a size where the clues of its rows and
    columns are readable.

    Parameters
    ----------
    puzzle
        The Nonogram.
    result
        The cells to fill, as for :func:`plot_nonogram_board`.
    crop
        ``(rows, columns)`` slices of the part to zoom (by default the top-left corner).
    title
        A title above the whole.
    differs, repaired
        Marked cells, as for :func:`plot_nonogram_board`.

    Returns
    -------
    BookFigure
        The figure; its first axes are the whole picture, the second the zoomed part.

    Raises
    ------
    ValueError
        When ``crop`` holds no cell.

    Examples
    --------
    >>> from helper.nonogram import load_puzzle
    >>> corner = (slice(0, 10), slice(0, 12))
    >>> figure = plot_nonogram_overview(load_puzzle("nonogram03"), crop=corner)
    >>> len(figure.axes)
    2
    """
    grid = _grid_of(result)
    rows_cut, cols_cut = crop or _default_crop(puzzle)
    r0, r1, _ = rows_cut.indices(puzzle.height)
    c0, c1, _ = cols_cut.indices(puzzle.width)
    if r1 <= r0 or c1 <= c0:
        raise ValueError(f"the crop rows {r0}:{r1}, columns {c0}:{c1} holds no cell")
    sub_rows, sub_cols = puzzle.rows[r0:r1], puzzle.cols[c0:c1]
    sub_grid = None if grid is None else [list(row[c0:c1]) for row in grid[r0:r1]]
    left, top = _clue_depths(sub_rows, sub_cols)

    width = COLUMN_INCHES
    whole_cell = width / (puzzle.width + 0.5)
    whole_height = (puzzle.height + 0.5) * whole_cell
    part_cell = min(0.3, width / (c1 - c0 + left + 0.5))
    part_height = (r1 - r0 + top + 0.5) * part_cell
    label = 0.45  # inches for the titles above each part
    differs, repaired = list(differs), list(repaired)
    unknown = grid is not None and any(cell == -1 for row in grid for cell in row)
    handles = mark_handles(unknown=unknown, differs=bool(differs), repaired=bool(repaired))
    legend = 0.45 if handles else 0.0
    total = whole_height + part_height + 2 * label + legend
    fig = new_figure(figsize=(width, total))
    whole = fig.add_axes((0, (part_height + label + legend) / total, 1, whole_height / total))
    part = fig.add_axes((0, legend / total, 1, part_height / total))

    _draw_nonogram(whole, puzzle.rows, puzzle.cols, grid, font_size=FONT, clues=False)
    _draw_marks(whole, differs, repaired, grid, whole_cell)
    whole.add_patch(
        Rectangle((c0, r0), c1 - c0, r1 - r0, facecolor="none", edgecolor=SOLVED_INK, lw=2.5)
    )
    name = title or puzzle.title
    whole.set_title(f"{name}: the framed part is drawn below with its clues", fontsize=FONT)
    font = min(FONT, part_cell * FONT_PER_CELL)
    _draw_nonogram(part, sub_rows, sub_cols, sub_grid, font_size=font, first=(r0, c0))
    inside = [(r - r0, c - c0) for r, c in differs if r0 <= r < r1 and c0 <= c < c1]
    dots = [(r - r0, c - c0) for r, c in repaired if r0 <= r < r1 and c0 <= c < c1]
    _draw_marks(part, inside, dots, sub_grid, part_cell)
    part.set_title(
        f"rows {r0}–{r1 - 1}, columns {c0}–{c1 - 1} (counted from 0), with their clues",
        fontsize=FONT,
        color=SOLVED_INK,
    )
    if handles:
        fig.legend(handles=handles, loc="lower center", ncols=len(handles), frameon=False)
    return fig


# --- Futoshiki ------------------------------------------------------------------------------

STEP = 1.5
"""Distance between the corners of neighbouring Futoshiki cells: a cell is 1 wide, a gap 0.5."""


@dataclass(frozen=True)
class SignMark:
    """Where a Futoshiki sign sits (the centre of the gap) and the way its point faces."""

    x: float
    y: float
    points: str
    """``"left"``, ``"right"``, ``"up"`` or ``"down"``: towards the smaller cell."""


def sign_marks(constraints: Sequence[Sequence[Sequence[int]]]) -> list[SignMark]:
    """Where each Futoshiki sign is drawn, and the way its point faces.

    Parameters
    ----------
    constraints
        ``((r1, c1), (r2, c2))`` pairs meaning cell 1 < cell 2.

    Returns
    -------
    list[helper.plot.boards.SignMark]
        One mark per constraint, its point towards cell 1, in the coordinates of the boards
        drawn here (cell ``(r, c)`` has its top-left corner at ``(1.5 c, 1.5 r)``).

    Examples
    --------
    >>> sign_marks([((0, 0), (0, 1)), ((1, 0), (0, 0))])
    [SignMark(x=1.25, y=0.5, points='left'), SignMark(x=0.5, y=1.25, points='down')]
    """
    marks = []
    for (r1, c1), (r2, c2) in constraints:
        if r1 == r2:
            x, y = min(c1, c2) * STEP + 1.25, r1 * STEP + 0.5
            points = "left" if c1 < c2 else "right"
        else:
            x, y = c1 * STEP + 0.5, min(r1, r2) * STEP + 1.25
            points = "up" if r1 < r2 else "down"
        marks.append(SignMark(x, y, points))
    return marks


def draw_sign(ax: Axes, mark: SignMark, linewidth: float, size: float = 0.15) -> None:
    """A chevron whose point faces ``mark.points``: the sign ``<`` drawn as two strokes."""
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[mark.points]
    tip = (mark.x + dx * size, mark.y + dy * size)
    back_x, back_y = mark.x - dx * size, mark.y - dy * size  # the open side of the chevron
    spread = 1.3 * size
    if dx:
        arms = [(back_x, mark.y - spread), (back_x, mark.y + spread)]
    else:
        arms = [(mark.x - spread, back_y), (mark.x + spread, back_y)]
    ax.add_line(
        Line2D(
            [arms[0][0], tip[0], arms[1][0]],
            [arms[0][1], tip[1], arms[1][1]],
            color=SIGN_INK,
            linewidth=linewidth,
            solid_capstyle="round",
            solid_joinstyle="miter",
        )
    )


def draw_futoshiki(
    ax: Axes,
    grid: Cells,
    constraints: Sequence[Sequence[Sequence[int]]],
    solution: Cells | None,
    *,
    left: float = 0.0,
    font: float = FONT,
    sign_width: float = 2.0,
) -> None:
    """A Futoshiki board on ``ax``, its top-left corner at ``(left, 0)``: givens in bold ink,
    the numbers of ``solution`` in the empty cells in blue, a chevron in the gap for each
    sign, its point towards the smaller cell."""
    size = len(grid)
    for r in range(size):
        for c in range(size):
            x, y = left + c * STEP, r * STEP
            draw_cell(ax, x, y, PAPER, edge=INK, linewidth=1.2)
            if grid[r][c]:
                ax.text(
                    x + 0.5,
                    y + 0.52,
                    str(grid[r][c]),
                    ha="center",
                    va="center",
                    fontsize=font,
                    fontweight="bold",
                    color=GIVEN_INK,
                )
            elif solution is not None:
                ax.text(
                    x + 0.5,
                    y + 0.52,
                    str(solution[r][c]),
                    ha="center",
                    va="center",
                    fontsize=font,
                    color=SOLVED_INK,
                )
    for mark in sign_marks(constraints):
        draw_sign(ax, SignMark(mark.x + left, mark.y, mark.points), sign_width)


def futoshiki_key() -> list[Line2D]:
    """Legend entries for a Futoshiki board: given, found by the solver, a sign."""
    return [
        Line2D(
            [],
            [],
            color=colour,
            marker=marker,
            linestyle="none",
            markersize=9,
            label=label,
        )
        for colour, marker, label in (
            (GIVEN_INK, "$1$", "given (bold)"),
            (SOLVED_INK, "$2$", "found by the solver"),
            (SIGN_INK, "$<$", "sign: points to the smaller"),
        )
    ]


def plot_futoshiki_board(
    grid: "Cells | Futoshiki",
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    solution: Cells | SolveResult | None = None,
    *,
    cell_size: float | None = None,
    title: str | None = None,
    ax: Axes | None = None,
    legend: bool | None = None,
    indices: bool = False,
) -> Axes:
    """Draw a Futoshiki: the cells, the givens in bold, the signs in the gaps between cells.

    Each sign is a chevron in the gap between its two cells, its point towards the smaller
    one (the same drawing as ``helper.diagrams.futoshiki_pair_figure``). A legend under the
    board names the inks (by default on a figure of its own, not on an ``ax`` of yours).

    Parameters
    ----------
    grid
        The puzzle's rows (``0`` for an empty cell), or a
        :class:`~helper.futoshiki.puzzle.Futoshiki` without ``constraints``.
    constraints
        ``((r1, c1), (r2, c2))`` pairs meaning cell 1 < cell 2.
    solution
        Fills the empty cells with blue digits: a grid, or the
        :class:`~helper.results.SolveResult` of a solve.
    cell_size
        The side of a cell in inches (by default it fits the ``ax`` given, or makes a figure
        about 4 inches wide).
    title
        A title above the board.
    ax
        Draw on this ``Axes``.
    legend
        Whether to draw the legend of the inks.
    indices
        Number the rows (on the left) and the columns (on top) from 0, as the explanations
        name cells, ``(row, column)``.

    Returns
    -------
    matplotlib.axes.Axes
        The board's axes.

    Raises
    ------
    TypeError
        When ``grid`` is rows and ``constraints`` is missing.

    Examples
    --------
    >>> from helper.futoshiki import Futoshiki, solve
    >>> puzzle = Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1))])
    >>> ax = plot_futoshiki_board(puzzle, solution=solve(puzzle))
    >>> [text.get_text() for text in ax.texts], len(ax.lines)  # four digits, one chevron
    (['1', '2', '2', '1'], 1)
    """
    rows: Any = grid
    if constraints is None:
        if not hasattr(grid, "constraints"):
            raise TypeError("give the constraints, or a Futoshiki as the first argument")
        rows, constraints = rows.grid, rows.constraints
    filled = _grid_of(solution)
    size = len(rows)
    extent = STEP * size - 0.5
    margin = 0.75 if indices else 0.0  # room for the numbers on the left and on top
    if cell_size is None and ax is not None:  # fit the text to the axes we were given
        box = ax.get_position()
        width, height = ax.figure.get_size_inches()  # type: ignore[union-attr]
        cell_size = min(box.width * width, box.height * height) / (extent + 0.3 + margin)
    if cell_size is None:
        cell_size = min(0.6, 4.2 / extent)
    font = max(9.0, min(18.0, cell_size * 30))
    show_legend = ax is None if legend is None else legend
    if ax is None:
        side = (extent + 0.3 + margin) * cell_size
        heading = 0.4 if title else 0.0
        below = 0.55 if show_legend else 0.0
        width = max(side, 5.2 if show_legend else 0.0)
        total = side + heading + below
        fig = new_figure(figsize=(width, total))
        ax = fig.add_axes(((width - side) / 2 / width, below / total, side / width, side / total))
    ax.figure.set_facecolor(PAPER)
    ax.set_facecolor(PAPER)
    draw_futoshiki(ax, rows, constraints, filled, font=font, sign_width=max(1.2, 4 * cell_size))
    if indices:
        small: dict[str, Any] = {"fontsize": font * INDEX_SCALE, "color": INDEX_INK}
        for k in range(size):
            ax.text(-0.25, k * STEP + 0.5, str(k), ha="right", va="center", **small)
            ax.text(k * STEP + 0.5, -0.2, str(k), ha="center", va="bottom", **small)
    ax.set_xlim(-0.15 - margin, extent + 0.15)
    ax.set_ylim(extent + 0.15, -0.15 - margin)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=max(10.0, font * 0.8))
    if show_legend:
        ax.legend(
            handles=futoshiki_key(),
            loc="upper center",
            bbox_to_anchor=(0.5, 0.0),
            ncols=3,
            frameon=False,
            fontsize=FONT - 1,
            handletextpad=0.3,
            columnspacing=1.0,
        )
    return ax
