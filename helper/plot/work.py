"""A solver's work in pictures: cells coloured by the stage that decided them (stage maps),
and the steps of line logic (frame strips and their animation), each with a legend.

Colours have one meaning in every figure (:mod:`helper.palette`): blue propagation, orange
presolve / probing, red search (:data:`~helper.palette.STAGE_COLOURS`); in a frame strip,
orange is "decided by this step"; light grey is open, and the darker grey
(:data:`~helper.palette.DIFFERS`) a cell that differs between solutions.
"""

import re
import textwrap
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from helper.figure import FONT, add_handles_legend, legend_patch, new_figure, replace_legend
from helper.nonogram.frames import STAGE_NAMES, Frame, Stages
from helper.palette import (
    DECIDED,
    DECIDED_PALE,
    DIFFERS,
    GRID_LINE,
    GRID_LINE_BOLD,
    INK,
    LINE_OUTLINE,
    PAPER,
    SOLVER_NAMES,
    STAGE_COLOURS,
    UNKNOWN_GREY,
)

AMBIGUOUS = DIFFERS
"""The colour of cells that differ between a puzzle's solutions: no reasoning decides them."""
STATE_LEGEND = "book-state-colours"
"""The ``gid`` of the legend :func:`plot_state` keeps under a figure of several panels."""
TITLE_FONT = 10.0
"""Panel titles of stage maps and frame strips, in points."""
STAGE_LABELS = {
    "propagation": "propagation",
    "presolve / probing": "presolve/probing",
    "search": "search",
}
"""How a stage map's title names each stage beside its count of cells."""


def _rgb(colour: str) -> tuple[float, float, float]:
    from matplotlib.colors import to_rgb

    return to_rgb(colour)


def fit_title(text: str, width_inches: float, font: float = TITLE_FONT) -> str:
    """``text`` broken into lines that fit ``width_inches`` at ``font`` points.

    Lines break at ``" · "`` first (the separator of a stage map's counts), then at spaces.

    Parameters
    ----------
    text
        The title.
    width_inches
        The width of the panel.
    font
        The size of the title's text in points.

    Returns
    -------
    str
        The title with line breaks.

    Examples
    --------
    >>> print(fit_title("propagation 360 · presolve/probing 40 · search 0 cells", 2.0))
    propagation 360
    presolve/probing 40
    search 0 cells
    """
    chars = max(12, int(width_inches * 72 / (font * 0.54)))
    lines: list[str] = []
    for given in text.split("\n"):
        current = ""
        for part in given.split(" · "):
            joined = f"{current} · {part}" if current else part
            if len(joined) <= chars:
                current = joined
                continue
            if current:
                lines.append(current)
            wrapped = textwrap.wrap(part, chars) or [""]
            lines += wrapped[:-1]
            current = wrapped[-1]
        lines.append(current)
    return "\n".join(lines)


def _draw_cells(ax: Axes, colours: Sequence[Sequence[str]], *, title: str | None = None) -> None:
    """Paint a grid of cell colours with thin cell lines and thick lines every five cells."""
    height, width = len(colours), len(colours[0])
    image = [[_rgb(colour) for colour in row] for row in colours]
    ax.figure.set_facecolor(PAPER)
    ax.imshow(image, interpolation="nearest", extent=(0, width, height, 0))
    thin: list[list[tuple[float, float]]] = []
    thick: list[list[tuple[float, float]]] = []
    for x in range(width + 1):
        (thick if x % 5 == 0 or x == width else thin).append([(x, 0), (x, height)])
    for y in range(height + 1):
        (thick if y % 5 == 0 or y == height else thin).append([(0, y), (width, y)])
    ax.add_collection(LineCollection(thin, colors=GRID_LINE, linewidths=0.3))
    ax.add_collection(LineCollection(thick, colors=GRID_LINE_BOLD, linewidths=0.8))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if title:
        ax.set_title(title, fontsize=TITLE_FONT)


# --- stage maps -----------------------------------------------------------------------------


def plot_stages(
    stage: Sequence[Sequence[int]],
    solution: Sequence[Sequence[int]],
    *,
    ambiguous: Iterable[tuple[int, int]] = (),
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Colour each cell by the stage that decided it.

    Blue: propagation, orange: presolve or probing, red: search (see ``STAGE_COLOURS``); a
    filled cell of the solution in the dark shade, an empty one in the pale shade, so the
    picture stays visible. On a figure of its own (no ``ax``) a legend says so; on an ``ax``
    of yours, add :func:`stage_legend` to the figure.

    Parameters
    ----------
    stage
        For each cell, 0, 1 or 2: the stage that decided it
        (``Stages.stage_of_cells()``).
    solution
        The solved grid.
    ambiguous
        Cells where a puzzle's solutions differ: grey whatever their stage.
    title
        A title above the grid.
    ax
        Draw on this ``Axes``.

    Returns
    -------
    matplotlib.axes.Axes
        The map's axes.

    Examples
    --------
    >>> ax = plot_stages([[0, 1], [2, 0]], [[1, 1], [0, 1]])
    >>> len(ax.figure.legends)  # on a figure of its own: the legend of the stages
    1
    """
    if ax is None:  # a figure of its own: with the legend
        fig = new_figure(figsize=(4.6, 4.6), layout="constrained")
        ax = fig.subplots()
        stage_legend(fig, ambiguous=bool(ambiguous), loc="outside lower center", ncols=2)
    colours = [
        [STAGE_COLOURS[s][0 if value else 1] for s, value in zip(stage_row, row, strict=True)]
        for stage_row, row in zip(stage, solution, strict=True)
    ]
    for r, c in ambiguous:
        colours[r][c] = AMBIGUOUS
    _draw_cells(ax, colours, title=title)
    return ax


def stage_legend(
    fig: Figure,
    names: Sequence[str | None] = STAGE_NAMES,
    *,
    ambiguous: bool = False,
    **options: Any,
) -> None:
    """A legend for :func:`plot_stages`: one entry per stage, its two shades side by side.

    Parameters
    ----------
    fig
        The figure of the stage maps.
    names
        The three stages' names (``None``: a stage the figure does not have). Each entry shows
        the dark shade (a filled cell of the solution) and the pale shade (an empty cell), and
        the legend's title says so.
    ambiguous
        Add the grey of cells that differ between solutions.
    options
        Passed on to matplotlib's ``Figure.legend``.

    Examples
    --------
    >>> from helper.figure import new_figure
    >>> fig = new_figure()
    >>> stage_legend(fig)
    >>> [text.get_text() for text in fig.legends[0].get_texts()]
    ['decided by propagation', 'decided by presolve / probing', 'left to search']
    """
    from matplotlib.legend_handler import HandlerTuple

    shown = [(colours, name) for colours, name in zip(STAGE_COLOURS, names, strict=False) if name]
    handles: list[Any] = [
        (
            Rectangle((0, 0), 1, 1, facecolor=filled, edgecolor=GRID_LINE_BOLD, linewidth=0.6),
            Rectangle((0, 0), 1, 1, facecolor=empty, edgecolor=GRID_LINE_BOLD, linewidth=0.6),
        )
        for (filled, empty), _ in shown
    ]
    # what no earlier stage decided is what search has to decide (a map of a solve stopped
    # early shows those cells too): "left to search" is true of both
    labels = [f"decided by {name}" if name != "search" else "left to search" for _, name in shown]
    if ambiguous:
        handles.append(Rectangle((0, 0), 1, 1, facecolor=AMBIGUOUS, edgecolor=GRID_LINE_BOLD))
        labels.append("differs between solutions")
    settings = {
        "loc": "lower center",
        "ncols": min(len(labels), 2 if len(labels) > 3 else 3),
        "frameon": False,
        "fontsize": FONT - 1,
        "title": "each colour: dark shade a filled cell, pale shade an empty one",
        "title_fontsize": FONT - 1,
        "handler_map": {tuple: HandlerTuple(ndivide=None, pad=0.0)},
        "handlelength": 2.4,
        "handleheight": 1.2,
    }
    fig.legend(handles, labels, **(settings | options))


def stage_names(stages: Sequence[Stages]) -> tuple[str | None, str | None, str | None]:
    """What a legend or a table names each stage for several solvers at once.

    When the solvers share their names for the stages (``Stages.names``), those. Otherwise,
    for each stage, the one name the solvers that have it give it, or the book's name
    (:data:`~helper.nonogram.frames.STAGE_NAMES`) followed by their own names in brackets,
    so that every panel's title finds its words in the legend.

    Parameters
    ----------
    stages
        What each solver decided at each stage.

    Returns
    -------
    tuple[str | None, str | None, str | None]
        One name per stage; ``None`` for a stage none of the solvers has.

    Examples
    --------
    >>> from helper.nonogram.frames import Stages
    >>> cpsat = Stages("x", ([[1]], [[1]]), [[1]])
    >>> line = Stages("y", ([[1]], [[1]]), [[1]], names=("line logic", "line probing", "search"))
    >>> stage_names([cpsat, line])[1]
    'presolve / probing (line probing)'
    >>> stage_names([line, line])
    ('line logic', 'line probing', 'search')
    """
    shared = {work.names for work in stages}
    if len(shared) == 1:
        (names,) = shared
        return names
    merged: list[str | None] = []
    for index, book_name in enumerate(STAGE_NAMES):
        own = list(dict.fromkeys(name for work in stages if (name := work.names[index])))
        if len(own) <= 1:
            merged.append(own[0] if own else None)
        else:
            others = [name for name in own if name != book_name]
            merged.append(f"{book_name} ({', '.join(others)})")
    return merged[0], merged[1], merged[2]


def solver_label(work: Stages) -> str:
    """The name a figure or table gives a solver's stages.

    Parameters
    ----------
    work
        What one solver decided at each stage.

    Returns
    -------
    str
        The display name of its solver (:data:`helper.palette.SOLVER_NAMES`) when
        ``work.key`` is a registered solver's, else ``work.solver`` (a model measured apart
        from its solver).

    Examples
    --------
    >>> from helper.nonogram.frames import Stages
    >>> solver_label(Stages("x", ([[1]], [[1]]), [[1]], key="cpsat-automaton"))
    'CP-SAT automaton'
    >>> solver_label(Stages("my model", ([[1]], [[1]]), [[1]], key="mine"))
    'my model'
    """
    return SOLVER_NAMES.get(work.key or "", work.solver)


def stage_title(work: Stages, *, split: bool = False) -> str:
    r"""A stage map's title: the solver's display name, then the cells each of its stages
    decided, under the solver's own names for them (``work.names``: "line logic 360 · line
    probing 40 · search 0 cells"; a stage the solver does not have is left out).

    Parameters
    ----------
    work
        What one solver decided at each stage.
    split
        Put the search count on a line of its own.

    Returns
    -------
    str
        For example ``"CP-SAT automaton\npropagation 360 · presolve/probing 40 · search 0
        cells"``.

    Examples
    --------
    >>> from helper.nonogram.frames import Stages
    >>> work = Stages("x", ([[1, -1]], [[1, 1]]), [[1, 0]], key="cpsat-automaton")
    >>> print(stage_title(work))
    CP-SAT automaton
    propagation 1 · presolve/probing 1 · search 0 cells
    """
    counts = [
        f"{STAGE_LABELS.get(name, name)} {n:,}"
        for name, n in zip(work.names, work.counts().values(), strict=True)
        if name is not None
    ]
    if split:
        return f"{solver_label(work)}\n{' · '.join(counts[:-1])}\n{counts[-1]} cells"
    return f"{solver_label(work)}\n{' · '.join(counts)} cells"


def _titles(stages: Sequence[Stages], titles: Sequence[str] | None, width: float) -> list[str]:
    """The panels' titles, each fitting ``width`` inches, all broken the same way."""
    if titles:
        return [fit_title(title, width) for title in titles]
    for split in (False, True):
        texts = [stage_title(work, split=split) for work in stages]
        if all(fit_title(text, width) == text for text in texts):
            return texts
    return [fit_title(text, width) for text in texts]


def plot_work(
    stages: Sequence[Stages],
    *,
    titles: Sequence[str] | None = None,
    ambiguous: Iterable[tuple[int, int]] = (),
    size: float = 3.3,
    columns: int | None = None,
) -> Figure:
    """One panel per solver, each cell coloured by the stage that decided it, and a legend
    (under the panels' own names for the stages, :func:`stage_names`).

    Parameters
    ----------
    stages
        What each solver decided at each stage (:mod:`helper.book.stages` measures them).
    titles
        The panels' titles (by default :func:`stage_title`).
    ambiguous
        Cells where the puzzle's solutions differ.
    size
        The width of a panel in inches.
    columns
        Panels to a row (by default at most three).

    Returns
    -------
    BookFigure
        The figure.

    Examples
    --------
    >>> from helper.nonogram.frames import Stages
    >>> work = Stages("x", ([[1, -1]], [[1, 1]]), [[1, 0]], key="cpsat-automaton")
    >>> figure = plot_work([work, work])
    >>> len(figure.axes), len(figure.legends)
    (2, 1)
    """
    ambiguous = list(ambiguous)
    count = len(stages)
    columns = columns or min(count, 3)
    rows = -(-count // columns)
    width = max(columns * size, 6.5)  # room for the legend
    texts = _titles(stages, titles, width / columns * 0.95)
    title_lines = max(text.count("\n") + 1 for text in texts)
    title_height = title_lines * TITLE_FONT * 1.4 / 72 + 0.15
    legend_height = 0.95 if ambiguous else 0.7
    height = rows * (size + title_height) + legend_height
    fig = new_figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(rows, columns, squeeze=False)
    flat = list(axes.flat)
    for ax, work, text in zip(flat, stages, texts, strict=False):
        plot_stages(work.stage_of_cells(), work.solution, ambiguous=ambiguous, title=text, ax=ax)
    for ax in flat[count:]:
        ax.set_axis_off()
    stage_legend(fig, stage_names(stages), ambiguous=bool(ambiguous), loc="outside lower center")
    return fig


# --- line logic, step by step ---------------------------------------------------------------


def plot_state(
    state: Sequence[Sequence[int]],
    *,
    before: Sequence[Sequence[int]] | None = None,
    line: tuple[str, int] | None = None,
    title: str | None = None,
    ax: Axes | None = None,
    legend: bool | None = None,
) -> Axes:
    """Draw a partly solved grid (-1 unknown in grey, 0 white, 1 dark).

    Cells decided since ``before`` are drawn in orange (filled) or pale orange (empty), and
    ``line`` is outlined in blue: the line just solved. A legend explains the colours: under
    the grid on a figure of its own (no ``ax``), and on an ``ax`` of yours with ``before``
    given, one legend under the whole figure, shared by its panels.

    Parameters
    ----------
    state
        Rows of -1, 0 and 1.
    before
        The grid before this step.
    line
        ``("row", r)`` or ``("column", c)``.
    title
        A title above the grid.
    ax
        Draw on this ``Axes``.
    legend
        ``False`` leaves the legend out (:func:`plot_frame_strip` draws whole strips).

    Returns
    -------
    matplotlib.axes.Axes
        The grid's axes.

    Examples
    --------
    >>> ax = plot_state([[1, -1], [0, -1]], before=[[-1, -1], [-1, -1]], line=("row", 0))
    >>> len(ax.figure.legends)
    1
    """
    if ax is None:  # a figure of its own: with the legend
        fig = new_figure(figsize=(4.6, 4.6), layout="constrained")
        ax = fig.subplots()
        if legend is not False:
            state_legend(
                fig, line=line is not None, columns=2, loc="outside lower center", anchor=None
            )
    elif legend or (legend is None and before is not None):
        handles = state_handles(line=line is not None)
        replace_legend(ax.figure, STATE_LEGEND, handles, columns=3)  # type: ignore[arg-type]
    colours = []
    for r, row in enumerate(state):
        colour_row = []
        for c, value in enumerate(row):
            new = before is not None and before[r][c] != value
            if value == -1:
                colour_row.append(UNKNOWN_GREY)
            elif value:
                colour_row.append(DECIDED if new else INK)
            else:
                colour_row.append(DECIDED_PALE if new else PAPER)
        colours.append(colour_row)
    _draw_cells(ax, colours, title=title)
    if line is not None:
        kind, index = line
        height, width = len(state), len(state[0])
        box = (0, index, width, 1) if kind == "row" else (index, 0, 1, height)
        ax.add_patch(
            Rectangle(box[:2], box[2], box[3], fill=False, edgecolor=LINE_OUTLINE, linewidth=2.2)
        )
    return ax


def state_handles(*, line: bool = False, step: str = "this step") -> list[Any]:
    """Legend entries for :func:`plot_state`: what each colour (and the outline) means.

    Parameters
    ----------
    line
        Include the outline of the line just solved.
    step
        What decided the orange cells ("this step", "probing", ...).

    Returns
    -------
    list
        The matplotlib handles.

    Examples
    --------
    >>> [handle.get_label() for handle in state_handles(step="probing")][:2]
    ['filled by probing', 'emptied by probing']
    """
    handles = [
        legend_patch(DECIDED, f"filled by {step}"),
        legend_patch(DECIDED_PALE, f"emptied by {step}"),
        legend_patch(UNKNOWN_GREY, "open", edge=GRID_LINE),
        legend_patch(INK, "filled before"),
        legend_patch(PAPER, "empty before", edge=GRID_LINE_BOLD),
    ]
    if line:
        handles.append(
            legend_patch(PAPER, "the line just solved", edge=LINE_OUTLINE, linewidth=2.2)
        )
    return handles


def state_legend(
    fig: Figure, *, line: bool = False, step: str = "this step", columns: int = 3, **options: Any
) -> None:
    """A legend for figures of :func:`plot_state` (frame strips, the probing figure).

    Parameters
    ----------
    fig
        The figure.
    line
        Add the outline of the line just solved.
    step
        What decided the orange cells.
    columns
        Entries to a row of the legend.
    options
        Passed on to matplotlib's ``Figure.legend``.

    Examples
    --------
    >>> from helper.figure import new_figure
    >>> fig = new_figure()
    >>> state_legend(fig, line=True)
    >>> len(fig.legends[0].get_texts())
    6
    """
    add_handles_legend(fig, state_handles(line=line, step=step), columns=columns, **options)


_COUNTS = re.compile(r"^(?P<head>.*?):\s*(?P<counts>\d[\d,]* (of \d[\d,]* )?cells.*)$")


def _frame_title(title: str, width_inches: float) -> str:
    """A frame's title on two lines when it is too long for its panel: the step, then its
    count of cells."""
    fitted = fit_title(title, width_inches)
    found = _COUNTS.match(title)
    if "\n" in fitted and found:
        return f"{found['head']}:\n{found['counts']}"
    return fitted


def plot_frame_strip(frames: Sequence[Frame], *, columns: int = 5, size: float = 2.3) -> Figure:
    """The frames of :func:`~helper.book.stages.line_logic_frames` side by side, with a legend.

    Each panel shows the grid after one step, the cells that step decided in orange.

    Parameters
    ----------
    frames
        The steps: a title, the grid after it, the line it solved.
    columns
        Panels to a row.
    size
        The width of a panel in inches.

    Returns
    -------
    BookFigure
        The figure.

    Examples
    --------
    >>> from helper.nonogram.frames import Frame
    >>> frames = [Frame("start", [[-1, -1]]), Frame("row 0", [[1, 1]], ("row", 0))]
    >>> len(plot_frame_strip(frames).axes)
    2
    """
    count = len(frames)
    columns = max(1, min(columns, count))
    lines = -(-count // columns)
    texts = [_frame_title(frame.title, size * 0.98) for frame in frames]
    title_height = max(t.count("\n") + 1 for t in texts) * TITLE_FONT * 1.35 / 72 + 0.1
    outlined = any(frame.line is not None for frame in frames)
    legend_height = 0.7
    width = max(columns * size, 6.0)
    height = lines * (size + title_height) + legend_height
    fig = new_figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(lines, columns, squeeze=False)
    flat = list(axes.flat)
    before = [[-1] * len(row) for row in frames[0].state]  # line logic starts from nothing
    for ax, frame, text in zip(flat, frames, texts, strict=False):
        plot_state(frame.state, before=before, line=frame.line, title=text, ax=ax, legend=False)
        before = frame.state
    for ax in flat[count:]:
        ax.set_axis_off()
    state_legend(fig, line=outlined, font=FONT - 1, loc="outside lower center", anchor=None)
    return fig


def animate_frames(
    frames: Sequence[Frame], *, size: float = 4.2, interval: int = 250, dpi: int = 80
) -> Any:
    """An animation of the frames (``to_jshtml()`` makes it a self-contained player).

    Each frame has the legend of :func:`plot_frame_strip` under the grid. The figure is not
    pyplot's, so a notebook shows only the animation, not a still copy of it.

    Parameters
    ----------
    frames
        The steps of line logic.
    size
        The width of the grid in inches.
    interval
        Milliseconds per frame.
    dpi
        The resolution of each frame.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        The animation (:func:`animation_player` turns it into an offline player).

    Examples
    --------
    >>> from helper.nonogram.frames import Frame
    >>> frames = [Frame("start", [[-1]]), Frame("row 0", [[1]], ("row", 0))]
    >>> animation = animate_frames(frames, size=1, dpi=20)
    >>> type(animation).__name__, animation.to_jshtml().count("data:image/png")
    ('FuncAnimation', 2)
    """
    from matplotlib.animation import FuncAnimation

    legend_height = 1.0
    fig = new_figure(figsize=(size, size + 0.35 + legend_height), dpi=dpi)
    ax = fig.subplots()
    total = size + 0.35 + legend_height
    fig.subplots_adjust(left=0.03, right=0.97, bottom=legend_height / total, top=1 - 0.4 / total)
    outlined = any(frame.line is not None for frame in frames)
    state_legend(fig, line=outlined, columns=2, font=FONT - 1)

    def draw(index: int) -> list:
        ax.clear()
        frame = frames[index]
        before = frames[index - 1].state if index else [[-1] * len(row) for row in frame.state]
        title = _frame_title(frame.title, size)
        plot_state(frame.state, before=before, line=frame.line, title=title, ax=ax, legend=False)
        return []

    draw(0)  # the first frame, so that the figure can be measured before the player runs
    return FuncAnimation(fig, draw, frames=len(frames), interval=interval, repeat=False)


DEFAULT_PLAYER_ALT = "An animation; the buttons below play it or step through it, frame by frame"

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


def offline_jshtml(animation: Any, alt: str = DEFAULT_PLAYER_ALT) -> str:
    """``animation.to_jshtml()`` without the stylesheet it fetches from a CDN, and with alt text.

    The frames are embedded as PNG images and the player is plain JavaScript; only the button
    icons come from Font Awesome on another site. They are replaced by text, so the player
    works offline and the page requests nothing from elsewhere. The player's one image (each
    frame in turn) gets ``alt`` as its alt text, for a screen reader.

    Parameters
    ----------
    animation
        A matplotlib animation.
    alt
        The alt text of the player's image: what the animation shows.

    Returns
    -------
    str
        The player's HTML.

    Raises
    ------
    RuntimeError
        When matplotlib's player no longer has the stylesheet link this replaces.

    Examples
    --------
    >>> from helper.nonogram.frames import Frame
    >>> html = offline_jshtml(animate_frames([Frame("start", [[-1]])], size=1, dpi=20), "A grid")
    >>> "<script" in html, "font-awesome" in html.lower(), '<img alt="A grid"' in html
    (True, False, True)
    """
    html = re.sub(r"<link[^>]*font-awesome[^>]*>", "", animation.to_jshtml())
    for icon, text in _PLAYER_ICONS.items():
        html = html.replace(f'<i class="fa {icon}"></i>', text)
    image = '<img id="_anim_img'
    if "fa fa-" in html or "://" in html.split("<script", 1)[0] or html.count(image) != 1:
        raise RuntimeError("matplotlib's animation player changed: check offline_jshtml")
    return html.replace(image, f'<img alt="{escape(alt, quote=True)}" id="_anim_img')


class HtmlPlayer:
    """An animation player a notebook shows as HTML (its ``_repr_html_``), with nothing to fetch.

    Made by :func:`animation_player`; ``str(player)`` is the HTML itself.

    Parameters
    ----------
    html
        The player's HTML.
    frames
        How many frames it plays.

    Examples
    --------
    >>> player = HtmlPlayer("<div>...</div>", 3)
    >>> player, str(player) == player._repr_html_() == "<div>...</div>"
    (<animation player, 3 frames>, True)
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


def animation_player(
    frames: Sequence[Frame], *, alt: str | None = None, **options: Any
) -> HtmlPlayer:
    """The frames as an offline animation player (:func:`animate_frames`, :func:`offline_jshtml`).

    Parameters
    ----------
    frames
        The steps of line logic.
    alt
        The alt text of the player's image; by default it says what the frames show: line
        logic on a grid of their size, step by step.
    options
        Passed on to :func:`animate_frames` (``size``, ``interval``, ``dpi``).

    Returns
    -------
    HtmlPlayer
        The player, shown by a notebook as HTML.

    Examples
    --------
    >>> from helper.nonogram.frames import Frame
    >>> animation_player([Frame("start", [[-1]]), Frame("row 0", [[1]], ("row", 0))], dpi=20)
    <animation player, 2 frames>
    """
    if alt is None:
        height, width = len(frames[0].state), len(frames[0].state[0])
        alt = (
            f"An animation of line logic on a {height} × {width} grid in {len(frames)} frames,"
            " one step each, the cells it decides in orange; the buttons below play it or step"
            " through it"
        )
    return HtmlPlayer(offline_jshtml(animate_frames(frames, **options), alt), len(frames))
