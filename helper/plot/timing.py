"""Solve times: a dot plot per family (one dot per puzzle, one row per solver), and the older
cactus plot. Each solver keeps its colour, marker and display name (:mod:`helper.palette`).

The data comes from :func:`helper.bench.puzzle_times` (or :func:`helper.bench.cactus` for the
cactus plot); this module draws it and imports no solver.
"""

from collections.abc import Mapping, Sequence
from itertools import cycle
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import LogLocator, MaxNLocator, NullFormatter

from helper.figure import COLUMN_PX, DPI, FONT, new_figure
from helper.palette import (
    DIFFERS,
    GRID_LINE,
    INK,
    PAPER,
    SOLVER_COLOURS,
    SOLVER_MARKERS,
    SOLVER_NAMES,
)

Times = Mapping[str, Sequence[float] | Sequence[tuple[float, bool]]]
"""Seconds per puzzle for each solver (registry key): plain seconds (every puzzle decided),
or ``(seconds, decided)`` pairs."""

_SPARE_COLOURS = ("#555555", "#8a6d3b", "#3b6e8a", "#6d3b8a")
_SPARE_MARKERS = ("o", "s", "^", "D")


def _style(solver: str, spare: Any) -> tuple[str, str, str]:
    """Colour, marker and label of ``solver``: the palette's for a registered key."""
    if solver in SOLVER_NAMES:
        return SOLVER_COLOURS[solver], SOLVER_MARKERS[solver], SOLVER_NAMES[solver]
    colour, marker = next(spare)
    return colour, marker, solver


def _pairs(values: Sequence[Any]) -> list[tuple[float, bool]]:
    return [(v, True) if isinstance(v, int | float) else (float(v[0]), bool(v[1])) for v in values]


def _key(time_limit: float | None, undecided: bool) -> list[Line2D]:
    """Legend entries for the cap line and the open markers of puzzles not decided."""
    key = []
    if time_limit is not None:
        key.append(Line2D([], [], color=DIFFERS, linestyle=":", label=f"cap {time_limit:g} s"))
    if undecided:
        key.append(
            Line2D(
                [],
                [],
                marker="o",
                linestyle="none",
                markerfacecolor=PAPER,
                markeredgecolor=INK,
                label="open marker: not decided within the cap",
            )
        )
    return key


def _seconds_label(value: float, _position: Any = None) -> str:
    if value >= 1:
        return f"{value:g} s"
    return f"{value * 1000:g} ms"


def plot_times(
    times: Times,
    time_limit: float | None = None,
    *,
    title: str | None = None,
    ax: Axes | None = None,
    xlim: tuple[float, float] | None = None,
    legend: bool = True,
) -> Axes:
    """A dot plot of solve times: one row per solver (its display name), one dot per puzzle.

    The x axis is logarithmic. A puzzle the solver did not decide is an open marker at the
    cap ``time_limit`` (a dotted line), and a legend under the axes says so. Rows go top to
    bottom in the order of ``times``.

    Parameters
    ----------
    times
        A solver's registry key to its seconds per puzzle (plain seconds, or
        ``(seconds, decided)`` pairs).
    time_limit
        The cap of the run, drawn as a dotted line.
    title
        A title above the axes.
    ax
        Draw on this ``Axes`` (by default on a new figure).
    xlim
        The limits of the time axis.
    legend
        ``False`` leaves the legend out.

    Returns
    -------
    matplotlib.axes.Axes
        The plot's axes.

    Examples
    --------
    >>> ax = plot_times({"portfolio": [0.1, 0.2], "sat-automaton": [(0.5, True), (60, False)]}, 60)
    >>> from helper.palette import SOLVER_NAMES
    >>> shown = [label.get_text() for label in ax.get_yticklabels()]  # bottom to top
    >>> shown == [SOLVER_NAMES["sat-automaton"], SOLVER_NAMES["portfolio"]]  # display names
    True
    """
    solvers = list(times)
    if ax is None:
        height = 0.45 * len(solvers) + 1.1
        ax = new_figure(figsize=(COLUMN_PX / DPI, height)).subplots()
    ax.set_facecolor(PAPER)
    spare = cycle(zip(_SPARE_COLOURS, _SPARE_MARKERS, strict=True))
    labels = []
    undecided_any = False
    for row, solver in enumerate(solvers):
        colour, marker, label = _style(solver, spare)
        labels.append(label)
        pairs = _pairs(times[solver])
        y = len(solvers) - 1 - row
        decided = [s for s, ok in pairs if ok]
        undecided = [max(s, time_limit or s) for s, ok in pairs if not ok]
        count = len(decided)
        offsets = [((i % 3) - 1) * 0.12 for i in range(count)]  # small jitter: dots stay apart
        ax.plot(
            decided,
            [y + d for d in offsets],
            linestyle="none",
            marker=marker,
            markersize=7,
            color=colour,
            markeredgecolor=INK,
            markeredgewidth=0.4,
            alpha=0.9,
        )
        if undecided:
            undecided_any = True
            ax.plot(
                undecided,
                [y] * len(undecided),
                linestyle="none",
                marker=marker,
                markersize=8,
                markerfacecolor=PAPER,
                markeredgecolor=colour,
                markeredgewidth=1.5,
            )
    if time_limit is not None:
        ax.axvline(time_limit, color=DIFFERS, linestyle=":", linewidth=1.2)
    ax.set_xscale("log")
    ax.xaxis.set_major_locator(LogLocator(base=10))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.xaxis.set_major_formatter(_seconds_label)
    if xlim:
        ax.set_xlim(*xlim)
    ax.set_yticks(range(len(solvers)), labels[::-1], fontsize=FONT - 1)
    ax.set_ylim(-0.6, len(solvers) - 0.4)
    ax.tick_params(axis="x", labelsize=FONT - 1)
    ax.set_xlabel("seconds per puzzle (log scale)", fontsize=FONT - 1)
    ax.grid(True, axis="x", which="major", color=GRID_LINE, linewidth=0.5, alpha=0.6)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if title:
        ax.set_title(title, fontsize=FONT, loc="left")
    if legend and (undecided_any or time_limit is not None):
        ax.legend(
            handles=_key(time_limit, undecided_any),
            fontsize=FONT - 1,
            frameon=False,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.3),
            ncols=2,
        )
    return ax


def plot_times_by_family(
    families: Mapping[str, Times], time_limit: float | None = None, *, title: str | None = None
) -> Figure:
    """One :func:`plot_times` panel per family, stacked, on a shared time axis.

    Parameters
    ----------
    families
        A family's name to its times, as :func:`plot_times` takes them.
    time_limit
        The cap of the run.
    title
        A title above the panels.

    Returns
    -------
    BookFigure
        The figure, one axes per family.

    Examples
    --------
    >>> times = {"random": {"portfolio": [0.1]}, "noisy": {"portfolio": [1.0]}}
    >>> figure = plot_times_by_family(times, 60)
    >>> len(figure.axes)
    2
    """
    names = list(families)
    rows = [len(families[name]) for name in names]
    heights = [0.42 * n + 0.75 for n in rows]
    fig = new_figure(
        figsize=(COLUMN_PX / DPI, sum(heights) + 0.9 + (0.3 if title else 0)), layout="constrained"
    )
    axes = fig.subplots(len(names), 1, squeeze=False, height_ratios=heights, sharex=True)
    everything = [
        s for times in families.values() for values in times.values() for s, _ in _pairs(values)
    ]
    low = min(everything, default=1e-3)
    high = max([*everything, time_limit or 0.0], default=1.0)
    undecided = False
    for ax, name in zip(axes[:, 0], names, strict=True):
        plot_times(
            families[name],
            time_limit,
            title=name,
            ax=ax,
            xlim=(low / 1.6, high * 1.6),
            legend=False,
        )
        undecided |= any(not ok for values in families[name].values() for _, ok in _pairs(values))
        if ax is not axes[-1, 0]:
            ax.set_xlabel("")
    key = _key(time_limit, undecided)
    if key:
        fig.legend(
            handles=key, loc="outside lower center", ncols=2, frameon=False, fontsize=FONT - 1
        )
    if title:
        fig.suptitle(title, fontsize=FONT + 1)
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

    Each solver keeps its palette colour and display name. A line further left and higher is
    better; a line that ends below ``total`` left puzzles undecided within ``time_limit``.
    With a handful of puzzles, :func:`plot_times` reads better.

    Parameters
    ----------
    times
        A solver (its registry key) to the seconds of the puzzles it decided (see
        :func:`helper.bench.cactus`).
    time_limit
        The cap of the run (a dotted vertical line).
    total
        The number of puzzles (a dotted horizontal line).
    title
        A title above the axes.
    ax
        Draw on this ``Axes``.

    Returns
    -------
    matplotlib.axes.Axes
        The plot's axes.

    Examples
    --------
    >>> ax = plot_cactus({"portfolio": [0.1, 0.2]}, 60, total=3)
    >>> len(ax.lines)  # the solver's steps, the total and the cap
    3
    """
    if ax is None:
        ax = new_figure(figsize=(8, 4.5)).subplots()
    ax.set_facecolor(PAPER)
    spare = cycle(zip(_SPARE_COLOURS, _SPARE_MARKERS, strict=True))
    for solver, seconds in times.items():
        colour, marker, label = _style(solver, spare)
        ordered = sorted(seconds)
        ax.step(
            ordered,
            range(1, len(ordered) + 1),
            where="post",
            label=label,
            linewidth=1.6,
            color=colour,
            marker=marker,
            markersize=5,
        )
    if time_limit is not None:
        ax.axvline(time_limit, color=DIFFERS, linestyle=":", linewidth=1)
    if total is not None:
        ax.axhline(total, color=DIFFERS, linestyle=":", linewidth=1)
    ax.set_xscale("log")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("seconds per puzzle (log scale)", fontsize=FONT - 1)
    ax.set_ylabel("puzzles decided within that time", fontsize=FONT - 1)
    ax.tick_params(labelsize=FONT - 1)
    ax.set_title(title or "Puzzles decided against time", fontsize=FONT)
    ax.grid(True, which="major", color="#dddddd", linewidth=0.6)
    ax.legend(fontsize=FONT - 2)
    return ax
