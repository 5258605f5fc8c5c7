"""The implicit hitting-set loop of the explanations chapter, drawn as a cycle of two solvers.

:func:`hitting_set_loop_figure` draws the loop that finds the cheapest step
(:func:`helper.explain.ocus.cheapest_step`): RC2 proposes the cheapest set of lines and a cell
that meets every correction set recorded so far; the SAT solver looks for a grid that obeys
those lines and gives the cell the wrong value; a grid adds the correction set it leaves out,
and no grid ends the loop with the step. Under it, what one explanation counted: its
proposals (hitting sets) and SAT calls.
"""

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch

from helper.figure import FONT, sized_figure
from helper.palette import INK, PAPER, SOLUTION, STAGE_COLOURS

from .boxes import note_text, rounded_box, title_text

WIDTH = 4.6
HEIGHT = 2.2


def _box(ax: Axes, x: float, y: float, title: str, text: str, colour: str) -> None:
    rounded_box(ax, (x, y), WIDTH, HEIGHT, colour)
    title_text(ax, x + WIDTH / 2, y + 0.4, title)
    note_text(ax, x + WIDTH / 2, y + 0.8, text)


def _arrow(
    ax: Axes,
    tail: tuple[float, float],
    head: tuple[float, float],
    label: str,
    at: tuple[float, float],
) -> None:
    ax.add_patch(
        FancyArrowPatch(
            tail,
            head,
            arrowstyle="-|>",
            mutation_scale=16,
            color=INK,
            lw=1.5,
        )
    )
    ax.text(
        *at,
        label,
        ha="center",
        va="center",
        fontsize=FONT - 1,
        color=INK,
        linespacing=1.2,
        bbox={"facecolor": PAPER, "edgecolor": "none", "pad": 1.5},
    )


def hitting_set_loop_figure(proposals: int, sat_calls: int, where: str = "") -> Figure:
    """The loop of :func:`helper.explain.ocus.cheapest_step` as two boxes and the arrows
    between them, with ``proposals`` (RC2's hitting sets) and ``sat_calls`` (the checks) of
    one explanation written under it (``where`` names the puzzle).

    Raises ``ValueError`` when a count is below zero or there are fewer checks than proposals
    (every proposal is checked at least once).
    """
    if proposals < 0 or sat_calls < 0:
        raise ValueError(f"counts cannot be below zero: {proposals}, {sat_calls}")
    if sat_calls < proposals:
        raise ValueError(f"{proposals} proposals need at least as many SAT calls, not {sat_calls}")
    gap = 3.2
    width = 2 * WIDTH + gap
    depth = HEIGHT + 2.5
    fig, ax = sized_figure((-0.1, width + 0.1), (depth, -0.1), 8.0 / (width + 0.2))
    right = WIDTH + gap
    _box(
        ax,
        0,
        0,
        "propose: RC2",
        "the cheapest set of lines\nand one open cell that meets\nevery correction set so far",
        STAGE_COLOURS[1][0],
    )
    _box(
        ax,
        right,
        0,
        "check: the SAT solver",
        "a grid that obeys those lines\nand gives the cell\nthe wrong value?",
        STAGE_COLOURS[2][0],
    )
    _arrow(ax, (WIDTH + 0.05, 0.55), (right - 0.05, 0.55), "lines + cell", (WIDTH + gap / 2, 0.2))
    _arrow(
        ax,
        (right - 0.05, HEIGHT - 0.5),
        (WIDTH + 0.05, HEIGHT - 0.5),
        "a grid: record the\ncorrection set it\nleaves out",
        (WIDTH + gap / 2, HEIGHT + 0.1),
    )
    rounded_box(ax, (right + 0.6, HEIGHT + 1.3), WIDTH - 1.2, 1.0, SOLUTION)
    title_text(ax, right + WIDTH / 2, HEIGHT + 1.8, "the step")
    ax.add_patch(
        FancyArrowPatch(
            (right + WIDTH / 2, HEIGHT + 0.05),
            (right + WIDTH / 2, HEIGHT + 1.25),
            arrowstyle="-|>",
            mutation_scale=16,
            color=INK,
            lw=1.5,
        )
    )
    ax.text(
        right + WIDTH / 2 + 0.2,
        HEIGHT + 0.7,
        "no grid: the lines\nforce the cell",
        ha="left",
        va="center",
        fontsize=FONT - 1,
        color=INK,
        linespacing=1.2,
    )
    counted = f"{proposals:,} proposals, {sat_calls:,} SAT calls"
    ax.text(
        WIDTH / 2,
        HEIGHT + 1.8,
        f"{where}\n{counted}" if where else counted,
        ha="center",
        va="center",
        fontsize=FONT - 1,
        color=INK,
        linespacing=1.3,
        style="italic",
    )
    return fig


__all__ = ["hitting_set_loop_figure"]
