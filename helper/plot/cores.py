"""Figures of "Which clue is wrong?" and "Hints and search strategies": the deletion loop
shrinking a core, sets of clues drawn as grids (which set meets which), and bar charts of
counts with their controls.

Each function takes plain data (names, positions, counts) and imports no solver; every figure
is a :class:`~helper.figure.BookFigure` with the book's opaque background and a legend.
"""

from collections.abc import Mapping, Sequence

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.legend import Legend
from matplotlib.legend_handler import HandlerBase
from matplotlib.patches import Patch, Rectangle
from matplotlib.text import Text
from matplotlib.transforms import Transform

from helper.figure import (
    FONT,
    BookFigure,
    add_handles_legend,
    legend_patch,
    new_figure,
)
from helper.palette import (
    CONFLICT,
    GRID_LINE,
    GRID_LINE_BOLD,
    INK,
    PAPER,
    SOLUTION,
    STAGE_COLOURS,
    UNKNOWN_GREY,
)

ASSUMED = STAGE_COLOURS[0][0]
"""A clue assumed on in a solve (propagation's blue: the solver reasons with it)."""
LEFT_OUT = STAGE_COLOURS[1][0]
"""The clue deletion leaves out in this solve (orange: the step being shown)."""
CONTROL = UNKNOWN_GREY
"""The bars of a control (a placebo, the setting off): grey beside the effect's colour."""
EFFECT = STAGE_COLOURS[0][0]
DROPPED_HATCH = "///"
"""A clue that leaves the core untested: the solver's "no" named a smaller core without it."""
DROPPED_INK = GRID_LINE_BOLD
"""The lines of that hatch."""


Step = tuple[Sequence[int], str, Sequence[int]]
"""One solve of the deletion loop: the positions assumed on, the answer (``"infeasible"`` or
``"feasible"``), and the core the solver named (empty for a feasible answer)."""


def plot_deletion(steps: Sequence[Step], names: Sequence[str]) -> BookFigure:
    """The deletion loop shrinking a core, one row per solve.

    ``steps`` are the solves in order (the first asks for every clue); ``names`` label the
    clues by position. The columns are the clues of the first core (the solver names them
    when asked for all clues); in each row the clues assumed are blue, and the one deletion
    leaves out this time is outlined in orange. A "no" may name a core smaller than the
    clues asked about: the others leave without being left out themselves, and are hatched
    in the row after it. The answer is written at the right: "no picture: drop it" or "a
    picture: keep it". The last row shows the minimal set.
    """
    columns = sorted(steps[0][2])
    place = {k: x for x, k in enumerate(columns)}
    final = _final_set(steps)
    rows = len(steps) + 1
    width, height = 0.42 * len(columns) + 3.4, 0.36 * (rows + 0.4) + 0.1
    fig = new_figure(figsize=(width, height))
    # the clues' names stand above the axes, the legend hangs under them
    ax = fig.add_axes((0.02, 0.1 / height, 0.96 * (0.42 * len(columns)) / width, 1 - 0.1 / height))
    ax.set_xlim(0, len(columns))
    ax.set_ylim(rows + 0.2, -0.2)
    ax.axis("off")
    current = set(steps[0][2])
    previous = set(current)  # the core of the row above
    tested: set[int] = set()  # the clue the row above left out
    untested = False
    for y, (members, answer, named) in enumerate(steps):
        chosen = set(members)
        left = (current - chosen) if y > 0 else set()
        dropped = previous - current - tested  # gone with the last "no": not in its core
        untested = untested or bool(dropped)
        for k in columns:
            x = place[k]
            colour = ASSUMED if k in chosen else PAPER
            _cell(ax, x, y, colour, hatched=k in dropped)
            if k in left:
                ax.add_patch(_outline(x, y, LEFT_OUT))
        if answer == "infeasible":
            text = f"all {len(members)}: no picture" if y == 0 else "no picture: drop it"
            colour = CONFLICT
        else:
            text, colour = "a picture: keep it", SOLUTION
        ax.text(
            len(columns) + 0.3,
            y + 0.5,
            text,
            va="center",
            fontsize=FONT - 1,
            color=colour,
            clip_on=False,
        )
        previous, tested = set(current), left
        if answer == "infeasible":
            current = set(named)
    y = len(steps)
    for k in columns:
        _cell(ax, place[k], y + 0.2, INK if k in final else PAPER)
    ax.text(
        len(columns) + 0.3,
        y + 0.7,
        "minimal",
        va="center",
        fontsize=FONT - 1,
        color=INK,
        clip_on=False,
    )
    for k in columns:
        ax.text(
            place[k] + 0.5,
            -0.35,
            names[k],
            rotation=90,
            ha="center",
            va="bottom",
            fontsize=FONT - 2,
            color=INK,
            clip_on=False,
        )
    handles = [
        legend_patch(ASSUMED, "assumed on", linewidth=2.0),
        legend_patch(PAPER, "left out", edge=LEFT_OUT, linewidth=2.0),
        legend_patch(INK, "the minimal set", linewidth=2.0),
    ]
    if untested:
        handles.append(
            Patch(
                facecolor=PAPER,
                edgecolor=INK,
                hatch=DROPPED_HATCH,
                hatchcolor=DROPPED_INK,
                linewidth=2.0,
                label="dropped: not in the smaller core the solver named",
            )
        )
    add_handles_legend(
        fig,
        handles,
        columns=2 if untested else None,
        font=FONT - 1,
        anchor=(0.5, 0.0),
        loc="upper center",
    )
    return fig


def _final_set(steps: Sequence[Step]) -> set[int]:
    """The core of the last "no": the set deletion ends with."""
    current: set[int] = set()
    for _, answer, named in steps:
        if answer == "infeasible":
            current = set(named)
    return current


def _cell(ax: Axes, x: float, y: float, colour: str, *, hatched: bool = False) -> None:
    cell = Rectangle((x, y), 1, 1, facecolor=colour, edgecolor=GRID_LINE, linewidth=0.8)
    if hatched:
        cell.set(hatch=DROPPED_HATCH, hatchcolor=DROPPED_INK)
    ax.add_patch(cell)


def _outline(x: float, y: float, colour: str) -> Rectangle:
    return Rectangle((x + 0.06, y + 0.06), 0.88, 0.88, fill=False, edgecolor=colour, linewidth=2.4)


def plot_set_grids(
    panels: Mapping[str, Sequence[Sequence[int]]],
    names: Sequence[str],
    marked: Mapping[str, Sequence[int]],
) -> BookFigure:
    """Sets of clues drawn as grids: one panel per family of sets (its title the key), a row
    per set, a column per clue (``names``), a dark cell where the set holds the clue.

    ``marked[title]`` outlines some columns of that panel (a set of clues drawn across the
    other family): a row with a dark cell in a marked column is met by the marked set, and
    the figure writes "met" at its right (else "missed"); a second legend says what the
    words mean.
    """
    count = len(names)
    most = max(len(sets) for sets in panels.values())
    fig = new_figure(figsize=(len(panels) * (0.5 * count + 1.6), 0.5 * most + 2.0))
    fig.subplots_adjust(bottom=0.04)  # the legends hang under the figure
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    answers: set[str] = set()  # the words written at the rows' right: "met", "missed"
    for ax, (title, sets) in zip(axes, panels.items(), strict=True):
        ax.set_xlim(-0.1, count + 1.2)
        ax.set_ylim(most + 0.1, -1.6)
        ax.axis("off")
        ax.set_title(title, fontsize=FONT, color=INK)
        chosen = set(marked.get(title, ()))
        for y, members in enumerate(sets):
            inside = set(members)
            for x in range(count):
                _cell(ax, x, y, INK if x in inside else PAPER)
            if chosen:
                met = bool(inside & chosen)
                answers.add("met" if met else "missed")
                ax.text(
                    count + 0.3,
                    y + 0.5,
                    "met" if met else "missed",
                    va="center",
                    fontsize=FONT - 1,
                    color=SOLUTION if met else CONFLICT,
                )
        for x in chosen:
            ax.add_patch(
                Rectangle((x, 0), 1, len(sets), fill=False, edgecolor=LEFT_OUT, linewidth=2.6)
            )
        for x, name in enumerate(names):
            ax.text(
                x + 0.5,
                -0.15,
                name,
                rotation=90,
                ha="center",
                va="bottom",
                fontsize=FONT - 2,
                color=INK,
            )
    add_handles_legend(
        fig,
        [
            legend_patch(INK, "the set holds this clue", linewidth=2.0),
            legend_patch(PAPER, "outlined: a set of the other panel", edge=LEFT_OUT, linewidth=2.0),
        ],
        font=FONT - 1,
        anchor=(0.5, 0.0),
        loc="upper center",
    )
    words = [
        _Word(word, colour, meaning)
        for word, colour, meaning in (
            ("met", SOLUTION, "the row's set holds an outlined clue"),
            ("missed", CONFLICT, "the row's set holds none of them"),
        )
        if word in answers
    ]
    if words:  # under the first legend, each word written as the figure writes it
        fig.legend(
            handles=words,
            labels=[word.label for word in words],
            handler_map={_Word: _WordKey()},
            loc="upper center",
            bbox_to_anchor=(0.5, -0.3 / fig.get_figheight()),
            ncols=len(words),
            frameon=False,
            fontsize=FONT - 1,
            handlelength=3.6,
            handletextpad=0.5,
            columnspacing=1.4,
        )
    return fig


class _Word:
    """A legend entry whose key is a word in a colour ("met" in green), as the figure writes it."""

    def __init__(self, word: str, colour: str, label: str) -> None:
        self.word, self.colour, self.label = word, colour, label


class _WordKey(HandlerBase):
    """Draws a :class:`_Word`'s key: the word itself, at the legend's text size."""

    def create_artists(  # type: ignore[override]
        self,
        legend: Legend,
        orig_handle: _Word,
        xdescent: float,
        ydescent: float,
        width: float,
        height: float,
        fontsize: float,
        trans: Transform,
    ) -> list[Artist]:
        key = Text(
            width / 2 - xdescent,
            height / 2 - ydescent,
            orig_handle.word,
            color=orig_handle.colour,
            fontsize=fontsize,
            ha="center",
            va="center",
            transform=trans,
        )
        return [key]


def plot_count_bars(
    counts: Mapping[str, Mapping[str, float]],
    *,
    controls: Sequence[str] = (),
    xlabel: str = "conflicts",
    log: bool = False,
    columns: int = 2,
    spreads: Mapping[str, Mapping[str, tuple[float, float]]] | None = None,
) -> BookFigure:
    """Horizontal bars: one panel per key of ``counts`` (a puzzle, a setting), ``columns``
    panels a row, one bar per row of the data (a hint, a strategy) in the order given, its
    value at its end. Rows named in ``controls`` are grey, the others blue, so each effect
    stands beside its control. ``log`` draws a log scale (a 0 is drawn as a stub).
    ``spreads``, with the same keys, gives a row's smallest and largest value (over seeds,
    say): a whisker from one to the other, through the bar's end."""
    panels = list(counts)
    labels = list(next(iter(counts.values())).keys())  # a dict or a pandas Series
    across = min(columns, len(panels))
    down = -(-len(panels) // across)
    height = down * (0.34 * len(labels) + 1.0) + 0.4
    fig = new_figure(figsize=(3.4 * across + 2.4, height), layout="constrained")
    grid = fig.subplots(down, across, sharey=True, squeeze=False)
    axes = [ax for row in grid for ax in row]
    for ax in axes[len(panels) :]:
        ax.set_visible(False)
    for ax, panel in zip(axes, panels, strict=False):
        values = [counts[panel][label] for label in labels]
        colours = [CONTROL if label in controls else EFFECT for label in labels]
        ax.barh(
            range(len(labels)),
            [max(v, 0.8) if log else v for v in values],
            color=colours,
            edgecolor=INK,
            linewidth=0.6,
        )
        top = max(values) or 1
        label_at = list(values)  # where each value is written: after its bar, or its whisker
        if spreads is not None:
            ends = [spreads[panel][label] for label in labels]
            low = [max(lo, 0.8) if log else lo for lo, _ in ends]
            high = [max(hi, 0.8) if log else hi for _, hi in ends]
            ax.hlines(range(len(labels)), low, high, color=INK, linewidth=1.2)
            ax.plot(low + high, [*range(len(labels))] * 2, "|", color=INK, markersize=7)
            top = max(top, *high)
            label_at = [max(v, hi) for v, (_, hi) in zip(values, ends, strict=True)]
        for y, (value, at) in enumerate(zip(values, label_at, strict=True)):
            ax.text(
                max(at, 1) if log else at,
                y,
                f" {value:,.0f}",
                va="center",
                fontsize=FONT - 2,
                color=INK,
            )
        if log:
            ax.set_xscale("log")
            ax.set_xlim(0.8, top * 8)
        else:
            ax.set_xlim(0, top * 1.35)
        ax.set_yticks(range(len(labels)), labels, fontsize=FONT - 1)
        ax.set_title(panel, fontsize=FONT - 1)
        ax.set_xlabel(xlabel, fontsize=FONT - 1)
        ax.tick_params(labelsize=FONT - 2)
        ax.set_facecolor(PAPER)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    axes[0].invert_yaxis()  # the first row on top (the axes share it)
    if controls:
        handles = [legend_patch(EFFECT, "measured"), legend_patch(CONTROL, "control")]
        add_handles_legend(fig, handles, font=FONT - 1, loc="outside lower center", anchor=None)
    return fig
