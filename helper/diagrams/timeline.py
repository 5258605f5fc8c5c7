"""Where a solve's work is counted: its phases on a time line, with what each adds to the counts.

:func:`timeline_figure` draws one box per phase of a solve, left to right as they run
(presolve, root propagation, probing at the root, search...), each framed in the colour of its
kind of work (:data:`helper.palette.STAGE_COLOURS`), with what the phase does and what adds 1 to
``num_branches`` and ``num_conflicts`` in it. Under each box stands what the phase added in
one run; a last box gives the totals, the sums of the boxes. The chapter "CP-SAT in a nutshell"
measures the numbers with CP-SAT and draws them with it.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch

from helper.figure import FONT, sized_figure
from helper.palette import INK, STAGE_COLOURS

from .boxes import note_text, rounded_box, title_text

NEUTRAL = "#555555"
"""The frame of the totals box, which belongs to no kind of work."""
BOX_WIDTH = 4.0
GAP = 0.7
BOX_HEIGHT = 5.2


@dataclass(frozen=True)
class Phase:
    """One phase of a solve: its title, kind of work, what it does, what it counts, and what it
    added to the counts in one run (``None``: it adds nothing to them, whatever it does)."""

    title: str
    stage: int
    """Index into :data:`helper.palette.STAGE_COLOURS` (0 propagation, 1 presolve / probing,
    2 search)."""
    work: str
    """What the phase does, a few short lines."""
    counts: str
    """What adds 1 to ``num_branches`` or ``num_conflicts`` in this phase."""
    branches: int | None = None
    conflicts: int | None = None


def totals(phases: Sequence[Phase]) -> tuple[int, int]:
    """``(num_branches, num_conflicts)`` of the run: the sums of what the phases added."""
    return (
        sum(p.branches or 0 for p in phases),
        sum(p.conflicts or 0 for p in phases),
    )


def added(phase: Phase) -> str:
    """The text under a phase's box: what it added in the run, or that it adds nothing."""
    if phase.branches is None and phase.conflicts is None:
        return "not counted"
    return f"+{phase.branches or 0:,} branches\n+{phase.conflicts or 0:,} conflicts"


def _box(ax: Axes, left: float, frame: str) -> None:
    rounded_box(ax, (left, 0), BOX_WIDTH, BOX_HEIGHT, frame)


def timeline_figure(phases: Sequence[Phase], *, title: str = "") -> Figure:
    """The phases of one solve left to right, each with what it does and what it counts; under
    each, what it added in the run; at the end, the totals (:func:`totals`).

    Raises ``ValueError`` for no phase, a count below zero, or a stage that has no colour.
    """
    if not phases:
        raise ValueError("draw at least one phase")
    for phase in phases:
        if not 0 <= phase.stage < len(STAGE_COLOURS):
            raise ValueError(f"phase {phase.title!r}: no stage {phase.stage}")
        for name, value in (("branches", phase.branches), ("conflicts", phase.conflicts)):
            if value is not None and value < 0:
                raise ValueError(f"phase {phase.title!r}: {name} = {value} is below zero")
    boxes = len(phases) + 1
    width = boxes * BOX_WIDTH + (boxes - 1) * GAP
    depth = BOX_HEIGHT + 1.9
    fig, ax = sized_figure((-0.1, width + 0.1), (depth, -1.3), 9.6 / (width + 0.2))
    ax.add_patch(  # the time line over the boxes
        FancyArrowPatch(
            (0, -0.75), (width, -0.75), arrowstyle="-|>", mutation_scale=16, color=INK, lw=1.4
        )
    )
    ax.text(width / 2, -1.05, "time", ha="center", va="bottom", fontsize=FONT - 1, color=INK)
    for i, phase in enumerate(phases):
        left = i * (BOX_WIDTH + GAP)
        frame, fill = STAGE_COLOURS[phase.stage]
        _box(ax, left, frame)
        centre = left + BOX_WIDTH / 2
        title_text(ax, centre, 0.45, phase.title)
        note_text(ax, centre, 1.0, phase.work)
        ax.plot([left + 0.2, left + BOX_WIDTH - 0.2], [3.0, 3.0], color=fill, linewidth=2.0)
        note_text(ax, centre, 3.2, phase.counts, style="italic")
        note_text(
            ax, centre, BOX_HEIGHT + 0.35, added(phase), fontsize=FONT, fontweight="bold",
            linespacing=1.3,
        )  # fmt: skip
        if i:
            ax.add_patch(
                FancyArrowPatch(
                    (left - GAP + 0.05, BOX_HEIGHT / 2),
                    (left - 0.05, BOX_HEIGHT / 2),
                    arrowstyle="-|>",
                    mutation_scale=14,
                    color=INK,
                    lw=1.4,
                )
            )
    left = len(phases) * (BOX_WIDTH + GAP)
    _box(ax, left, NEUTRAL)
    branches, conflicts = totals(phases)
    centre = left + BOX_WIDTH / 2
    title_text(ax, centre, 0.45, "CP-SAT reports")
    ax.text(
        centre,
        1.3,
        f"num_branches\n= {branches:,}\n\nnum_conflicts\n= {conflicts:,}",
        ha="center",
        va="top",
        fontsize=FONT,
        color=INK,
        linespacing=1.3,
        family="monospace",
    )
    ax.text(centre, BOX_HEIGHT + 0.35, "the sums", ha="center", va="top", fontsize=FONT, color=INK)
    ax.add_patch(
        FancyArrowPatch(
            (left - GAP + 0.05, BOX_HEIGHT / 2),
            (left - 0.05, BOX_HEIGHT / 2),
            arrowstyle="-|>",
            mutation_scale=14,
            color=INK,
            lw=1.4,
        )
    )
    if title:
        fig.suptitle(title, fontsize=FONT + 1, y=0.99)
    return fig


__all__ = ["Phase", "added", "timeline_figure", "totals"]
