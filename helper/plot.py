"""Figures for the book: Nonogram boards with their clues, Futoshiki boards, solver stages.

Every function draws on the ``ax`` it is given, or on a new :class:`BookFigure` of its own:
nothing goes through pyplot's global state, so no figure is left open behind the caller's back.
A notebook shows a ``BookFigure`` when it is a cell's last value (``plot_...(...).figure``).
Boards take a solution as a grid or as a :class:`~helper.results.SolveResult`. Importing this
module loads matplotlib and no solver.

Every figure has an opaque white background so it stays readable in the site's dark mode.
"""

import io
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from helper.book.frames import STAGE_NAMES, Frame, Stages
from helper.results import SolveResult

if TYPE_CHECKING:
    from helper.futoshiki.puzzle import Futoshiki
    from helper.nonogram.puzzle import Nonogram

Cells = Sequence[Sequence[int]]

BACKGROUND = "white"
INK = "#222222"
CLUE_INK = "#1f3b73"
HIGHLIGHT = "#e4572e"


class BookFigure(Figure):
    """A matplotlib ``Figure`` made without pyplot, that a notebook shows as a PNG image.

    (IPython's own formatter for figures, when matplotlib's inline backend has set one up,
    gives the same picture: both render with ``bbox_inches="tight"``.)
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", bbox_inches="tight", facecolor=self.get_facecolor())
        return buffer.getvalue()


def new_figure(**options: Any) -> BookFigure:
    """A new :class:`BookFigure` with the book's white background (``options`` as for
    ``Figure``: ``figsize``, ``dpi``, ...)."""
    options.setdefault("facecolor", BACKGROUND)
    return BookFigure(**options)


def _grid_of(result: "Cells | SolveResult | None") -> Cells | None:
    """The grid to draw: a grid as it is, a :class:`SolveResult`'s grid (``None`` unsolved)."""
    if isinstance(result, SolveResult):
        return result.grid
    return result


def _clue_text(clue: Sequence[int]) -> list[str]:
    numbers = [str(n) for n in clue if n]
    return numbers or ["0"]


def plot_nonogram_board(
    puzzle: "Nonogram",
    result: Cells | SolveResult | None = None,
    *,
    font_size: float | None = None,
    cell_size: float | None = None,
    highlight: Iterable[tuple[int, int]] = (),
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Draw a Nonogram: the grid, row clues on the left, column clues on top.

    ``result`` (rows of 0/1, or the :class:`~helper.results.SolveResult` of a solve) fills the
    cells; ``highlight`` outlines cells ``(row, col)`` in red (for example where two solutions
    differ). ``font_size`` sets the clue size in points and ``cell_size`` the side of a cell in
    inches; both scale with the board when not given. Draws on ``ax``, or on a new figure.
    Returns the matplotlib ``Axes`` (its ``.figure`` is the figure).
    """
    result = _grid_of(result)
    rows, cols = puzzle.rows, puzzle.cols
    height, width = len(rows), len(cols)
    row_texts = [_clue_text(c) for c in rows]
    col_texts = [_clue_text(c) for c in cols]
    left = max(len(t) for t in row_texts)  # clue columns needed on the left
    top = max(len(t) for t in col_texts)  # clue rows needed on top
    if cell_size is None:
        cell_size = min(0.3, 14.0 / (width + left), 14.0 / (height + top))
    if font_size is None:
        font_size = max(4.0, min(11.0, cell_size * 40))

    if ax is None:
        fig = new_figure(
            figsize=((width + left + 0.5) * cell_size, (height + top + 0.5) * cell_size)
        )
        ax = fig.add_axes((0, 0, 1, 1))
    ax.figure.set_facecolor(BACKGROUND)
    ax.set_facecolor(BACKGROUND)

    if result is not None:
        for r, row in enumerate(result):
            for c, cell in enumerate(row):
                if cell:
                    ax.add_patch(Rectangle((c, r), 1, 1, facecolor=INK, edgecolor="none"))
    thin: list[list[tuple[float, float]]] = []
    thick: list[list[tuple[float, float]]] = []
    for x in range(width + 1):
        (thick if x % 5 == 0 or x == width else thin).append([(x, -top), (x, height)])
    for y in range(height + 1):
        (thick if y % 5 == 0 or y == height else thin).append([(-left, y), (width, y)])
    ax.add_collection(LineCollection(thin, colors="#b0b0b0", linewidths=0.5))
    ax.add_collection(LineCollection(thick, colors="#555555", linewidths=1.0))

    for r, texts in enumerate(row_texts):
        for k, text in enumerate(reversed(texts)):
            ax.text(
                -k - 0.5,
                r + 0.5,
                text,
                ha="center",
                va="center",
                fontsize=font_size,
                color=CLUE_INK,
            )
    for c, texts in enumerate(col_texts):
        for k, text in enumerate(reversed(texts)):
            ax.text(
                c + 0.5,
                -k - 0.5,
                text,
                ha="center",
                va="center",
                fontsize=font_size,
                color=CLUE_INK,
            )
    for r, c in highlight:
        ax.add_patch(
            Rectangle(
                (c + 0.08, r + 0.08), 0.84, 0.84, facecolor="none", edgecolor=HIGHLIGHT, linewidth=2
            )
        )

    ax.set_xlim(-left - 0.25, width + 0.25)
    ax.set_ylim(height + 0.25, -top - 0.25)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=font_size * 1.3)
    return ax


GIVEN_INK = INK
SOLVED_INK = "#5b7fbf"
SIGN_INK = "#b23a48"


def plot_futoshiki_board(
    grid: "Cells | Futoshiki",
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    solution: Cells | SolveResult | None = None,
    *,
    cell_size: float | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Draw a Futoshiki: the cells, the givens in bold, the signs in the gaps between cells.

    ``constraints`` are ``((r1, c1), (r2, c2))`` pairs meaning cell 1 < cell 2, drawn as
    ``<`` / ``>`` between two cells of a row and as a ``<`` turned on its side between two
    cells of a column (its tip towards the smaller cell). ``solution`` fills the empty
    cells with lighter, thinner digits (a grid, or the :class:`~helper.results.SolveResult` of
    a solve). ``grid`` may also be a :class:`~helper.futoshiki.puzzle.Futoshiki`, without
    ``constraints``. ``cell_size`` is the side of a cell in inches (by default it fits the
    ``ax`` given, or makes a figure about 5 inches wide). Returns the matplotlib ``Axes``.
    """
    rows: Any = grid
    if constraints is None:
        if not hasattr(grid, "constraints"):
            raise TypeError("give the constraints, or a Futoshiki as the first argument")
        rows, constraints = rows.grid, rows.constraints
    solution = _grid_of(solution)
    size = len(rows)
    step = 1.5  # a cell is 1 wide, the gap for a sign 0.5
    extent = step * size - 0.5
    if cell_size is None and ax is not None:  # fit the text to the axes we were given
        box = ax.get_position()
        width, height = ax.figure.get_size_inches()  # type: ignore[union-attr]
        cell_size = min(box.width * width, box.height * height) / (extent + 0.3)
    if cell_size is None:
        cell_size = min(0.55, 5.0 / extent)
    font_size = max(5.0, cell_size * 34)

    if ax is None:
        side = (extent + 0.3) * cell_size
        fig = new_figure(figsize=(side, side + (0.35 if title else 0)))
        ax = fig.add_axes((0, 0, 1, side / (side + (0.35 if title else 0))))
    ax.figure.set_facecolor(BACKGROUND)
    ax.set_facecolor(BACKGROUND)

    for r in range(size):
        for c in range(size):
            x, y = c * step, r * step
            ax.add_patch(
                Rectangle((x, y), 1, 1, facecolor="white", edgecolor="#555555", linewidth=1.0)
            )
            given = rows[r][c]
            if given:
                ax.text(
                    x + 0.5,
                    y + 0.5,
                    str(given),
                    ha="center",
                    va="center",
                    fontsize=font_size,
                    fontweight="bold",
                    color=GIVEN_INK,
                )
            elif solution is not None:
                ax.text(
                    x + 0.5,
                    y + 0.5,
                    str(solution[r][c]),
                    ha="center",
                    va="center",
                    fontsize=font_size,
                    color=SOLVED_INK,
                )

    for (r1, c1), (r2, c2) in constraints:
        if r1 == r2:  # a row: "<" when the smaller cell is on the left
            x = min(c1, c2) * step + 1.25
            y = r1 * step + 0.5
            ax.text(
                x,
                y,
                "<" if c1 < c2 else ">",
                ha="center",
                va="center",
                fontsize=font_size * 0.8,
                fontweight="bold",
                color=SIGN_INK,
            )
        else:  # a column: the tip of the sign points at the smaller cell
            x = c1 * step + 0.5
            y = min(r1, r2) * step + 1.25
            ax.text(
                x,
                y,
                "<",
                rotation=-90 if r1 < r2 else 90,
                ha="center",
                va="center",
                rotation_mode="anchor",
                fontsize=font_size * 0.8,
                fontweight="bold",
                color=SIGN_INK,
            )

    ax.set_xlim(-0.15, extent + 0.15)
    ax.set_ylim(extent + 0.15, -0.15)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=font_size)
    return ax


UNKNOWN_GREY = "#c8c8c8"
NEW_FILLED = HIGHLIGHT
NEW_EMPTY = "#f7c9b8"
STAGE_COLOURS = (  # (filled cell, empty cell) for propagation, presolve / probing, search
    ("#2b5fa8", "#c9dcf2"),
    ("#d9820f", "#fbe0b8"),
    ("#b8312f", "#f3c3c0"),
)


def _rgb(colour: str) -> tuple[float, float, float]:
    from matplotlib.colors import to_rgb

    return to_rgb(colour)


def _draw_cells(ax: Axes, colours: Sequence[Sequence[str]], *, title: str | None = None) -> None:
    """Paint a grid of cell colours with thin cell lines and thick lines every five cells."""
    height, width = len(colours), len(colours[0])
    image = [[_rgb(colour) for colour in row] for row in colours]
    ax.figure.set_facecolor(BACKGROUND)
    ax.imshow(image, interpolation="nearest", extent=(0, width, height, 0))
    thin: list[list[tuple[float, float]]] = []
    thick: list[list[tuple[float, float]]] = []
    for x in range(width + 1):
        (thick if x % 5 == 0 or x == width else thin).append([(x, 0), (x, height)])
    for y in range(height + 1):
        (thick if y % 5 == 0 or y == height else thin).append([(0, y), (width, y)])
    ax.add_collection(LineCollection(thin, colors="#9a9a9a", linewidths=0.3))
    ax.add_collection(LineCollection(thick, colors="#555555", linewidths=0.8))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if title:
        ax.set_title(title, fontsize=9)


AMBIGUOUS = "#8c8c8c"
"""The colour of cells that differ between a puzzle's solutions: no reasoning decides them."""


def plot_stages(
    stage: Sequence[Sequence[int]],
    solution: Sequence[Sequence[int]],
    *,
    ambiguous: Iterable[tuple[int, int]] = (),
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Colour each cell by the stage that decided it (``stage`` holds 0, 1 or 2).

    Blue: propagation, orange: presolve or probing, red: search (see
    ``STAGE_COLOURS``); a filled cell of the solution in the dark shade, an empty one in
    the pale shade, so the picture stays visible. Cells in ``ambiguous`` (where a puzzle's
    solutions differ) are grey whatever their stage.
    """
    if ax is None:
        ax = new_figure(figsize=(3.2, 3.2)).subplots()
    colours = [
        [STAGE_COLOURS[s][0 if value else 1] for s, value in zip(stage_row, row, strict=True)]
        for stage_row, row in zip(stage, solution, strict=True)
    ]
    for r, c in ambiguous:
        colours[r][c] = AMBIGUOUS
    _draw_cells(ax, colours, title=title)
    return ax


def stage_legend(fig, names: Sequence[str], *, ambiguous: bool = False, **legend_options) -> None:
    """A legend for :func:`plot_stages`: one patch per stage, filled and empty shades.

    ``ambiguous`` adds the grey of cells that differ between solutions.
    """
    handles = [
        Rectangle((0, 0), 1, 1, facecolor=filled, edgecolor=empty, linewidth=4)
        for (filled, empty), _ in zip(STAGE_COLOURS, names, strict=False)
    ]
    labels = list(names)
    if ambiguous:
        handles.append(Rectangle((0, 0), 1, 1, facecolor=AMBIGUOUS, edgecolor=AMBIGUOUS))
        labels.append("differs between solutions")
    options = {"loc": "lower center", "ncols": len(labels), "frameon": False}
    fig.legend(handles, labels, **(options | legend_options))


def plot_state(
    state: Sequence[Sequence[int]],
    *,
    before: Sequence[Sequence[int]] | None = None,
    line: tuple[str, int] | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Draw a partly solved grid (-1 unknown in grey, 0 white, 1 dark).

    Cells decided since ``before`` are drawn in orange (filled) or pale orange (empty), and
    ``line`` (``("row", r)`` or ``("column", c)``) is outlined: the line just solved.
    """
    if ax is None:
        ax = new_figure(figsize=(3.2, 3.2)).subplots()
    colours = []
    for r, row in enumerate(state):
        colour_row = []
        for c, value in enumerate(row):
            new = before is not None and before[r][c] != value
            if value == -1:
                colour_row.append(UNKNOWN_GREY)
            elif value:
                colour_row.append(NEW_FILLED if new else INK)
            else:
                colour_row.append(NEW_EMPTY if new else BACKGROUND)
        colours.append(colour_row)
    _draw_cells(ax, colours, title=title)
    if line is not None:
        kind, index = line
        height, width = len(state), len(state[0])
        box = (0, index, width, 1) if kind == "row" else (index, 0, 1, height)
        ax.add_patch(
            Rectangle(box[:2], box[2], box[3], fill=False, edgecolor=HIGHLIGHT, linewidth=2)
        )
    return ax


def plot_frame_strip(frames: Sequence[Frame], *, columns: int = 5, size: float = 2.3):
    """The frames of :func:`~helper.book.stages.line_logic_frames` side by side.

    Each panel shows the grid after one step, the cells that step decided in orange.
    Returns the figure.
    """
    count = len(frames)
    lines = -(-count // columns)
    fig = new_figure(figsize=(columns * size, lines * (size + 0.35)))
    axes = fig.subplots(lines, columns)
    flat = list(axes.flat) if hasattr(axes, "flat") else [axes]
    before = [[-1] * len(row) for row in frames[0].state]  # line logic starts from nothing
    for ax, frame in zip(flat, frames, strict=False):
        plot_state(frame.state, before=before, line=frame.line, title=frame.title, ax=ax)
        before = frame.state
    for ax in flat[count:]:
        ax.set_axis_off()
    fig.tight_layout()
    return fig


def animate_frames(
    frames: Sequence[Frame], *, size: float = 3.4, interval: int = 250, dpi: int = 80
):
    """An animation of the frames (``to_jshtml()`` makes it a self-contained player).

    The figure is not pyplot's, so a notebook shows only the animation, not a still copy of it.
    """
    from matplotlib.animation import FuncAnimation

    fig = new_figure(figsize=(size, size + 0.3), dpi=dpi)
    ax = fig.subplots()
    fig.subplots_adjust(left=0.02, right=0.98, bottom=0.02, top=0.9)

    def draw(index: int) -> list:
        ax.clear()
        frame = frames[index]
        before = frames[index - 1].state if index else [[-1] * len(row) for row in frame.state]
        plot_state(frame.state, before=before, line=frame.line, title=frame.title, ax=ax)
        return []

    return FuncAnimation(fig, draw, frames=len(frames), interval=interval, repeat=False)


_PLAYER_ICONS = {  # matplotlib's player asks a CDN for Font Awesome icons; text needs nothing
    "fa-minus": "−",
    "fa-fast-backward": "⇤",
    "fa-step-backward": "←",
    "fa-play fa-flip-horizontal": "◀",
    "fa-pause": "❚❚",
    "fa-play": "▶",
    "fa-step-forward": "→",
    "fa-fast-forward": "⇥",
    "fa-plus": "+",
}


def offline_jshtml(animation) -> str:
    """``animation.to_jshtml()`` without the stylesheet it fetches from a CDN.

    The frames are embedded as PNG images and the player is plain JavaScript; only the
    button icons come from Font Awesome on another site. They are replaced by text, so the
    player works offline and the page requests nothing from elsewhere.
    """
    html = re.sub(r"<link[^>]*font-awesome[^>]*>", "", animation.to_jshtml())
    for icon, text in _PLAYER_ICONS.items():
        html = html.replace(f'<i class="fa {icon}"></i>', text)
    if "fa fa-" in html or "://" in html.split("<script", 1)[0]:
        raise RuntimeError("matplotlib's animation player changed: check offline_jshtml")
    return html


def plot_work(
    stages: Sequence[Stages],
    *,
    titles: Sequence[str] | None = None,
    ambiguous: Iterable[tuple[int, int]] = (),
    size: float = 3.3,
):
    """One panel per solver, each cell coloured by the stage that decided it, and a legend.

    ``titles`` default to the solver's name and its cell counts per stage (propagation /
    presolve or probing / search). Returns the figure.
    """
    ambiguous = list(ambiguous)
    count = len(stages)
    width = max(count * size, 6.5)  # room for the legend on one line
    fig = new_figure(figsize=(width, size + 0.9))
    axes = fig.subplots(1, count, squeeze=False)
    for index, (ax, work) in enumerate(zip(axes[0], stages, strict=True)):
        counts = " / ".join(str(n) for n in work.counts().values())
        title = titles[index] if titles else f"{work.solver}\n{counts} cells"
        plot_stages(work.stage_of_cells(), work.solution, ambiguous=ambiguous, title=title, ax=ax)
    stage_legend(fig, STAGE_NAMES, ambiguous=bool(ambiguous))
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    return fig


def plot_cactus(
    times: Mapping[str, Sequence[float]],
    time_limit: float | None = None,
    *,
    total: int | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """A cactus plot: for each solver, how many puzzles it decided within ``t`` seconds.

    ``times`` maps a solver to the seconds of the puzzles it decided (see
    :func:`helper.bench.cactus`). A line further left and higher is better; a line that ends
    below ``total`` (the number of puzzles, drawn as a dotted line) left puzzles undecided
    within ``time_limit`` (a dotted vertical line).
    """
    if ax is None:
        ax = new_figure(figsize=(8, 4.5)).subplots()
    ax.set_facecolor(BACKGROUND)
    for solver, seconds in times.items():
        ordered = sorted(seconds)
        ax.step(ordered, range(1, len(ordered) + 1), where="post", label=solver, linewidth=1.6)
    if time_limit is not None:
        ax.axvline(time_limit, color="grey", linestyle=":", linewidth=1)
    if total is not None:
        ax.axhline(total, color="grey", linestyle=":", linewidth=1)
    ax.set_xscale("log")
    ax.set_xlabel("seconds per puzzle (log scale)")
    ax.set_ylabel("puzzles decided within that time")
    ax.set_title(title or "Puzzles decided against time")
    ax.grid(True, which="major", color="#dddddd", linewidth=0.6)
    ax.legend(fontsize=8)
    return ax


class HtmlPlayer:
    """An animation player a notebook shows as HTML (its ``_repr_html_``), with nothing to fetch.

    Made by :func:`animation_player`; ``str(player)`` is the HTML itself.
    """

    def __init__(self, html: str, frames: int) -> None:
        self.html = html
        self.frames = frames

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<animation player, {self.frames} frames>"


def animation_player(frames: Sequence[Frame], **options) -> HtmlPlayer:
    """The frames as an offline animation player (:func:`animate_frames`, :func:`offline_jshtml`).

    ``options`` go to :func:`animate_frames` (``size``, ``interval``, ``dpi``).
    """
    return HtmlPlayer(offline_jshtml(animate_frames(frames, **options)), len(frames))
