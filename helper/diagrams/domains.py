"""What each kind of work leaves of a few variables' domains, drawn as boxes joined by arrows.

:func:`domains_flow_figure` draws one box per step (the model, propagation, probing, search,
...), each with a small table: one row per variable, one cell per value, a value still possible
bold on white, a value ruled out pale and struck through. The frame has the colour of the kind
of work (:data:`helper.palette.STAGE_COLOURS`). Arrows join the boxes. The
chapter "CP-SAT in a nutshell" computes the domains with CP-SAT and draws them with it.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch

from helper.figure import FONT, add_legend, draw_cell, sized_figure
from helper.palette import GRID_LINE, INK, PAPER, STAGE_COLOURS

from .boxes import note_text, rounded_box, title_text

KEPT = PAPER
"""The cell of a value still possible (its digit bold)."""
RULED_OUT = "#e3e3e3"
"""The cell of a value no longer possible (its digit pale and struck through)."""
RULED_OUT_INK = "#8a8a8a"
NEUTRAL = "#555555"
"""The frame of a box that belongs to no kind of work (the model itself)."""

BOX_WIDTH = 4.4
CELL = 0.7
LABEL = 0.8


@dataclass(frozen=True)
class DomainBox:
    """One step of the flow: a title, the values left of each variable, a note under it."""

    title: str
    domains: Mapping[str, Sequence[int]]
    """Variable name -> the values still possible after this step."""
    column: int
    row: float = 0.0
    """Where the box stands: columns left to right, rows top to bottom (0.5 is between)."""
    stage: int | None = None
    """Index into :data:`helper.palette.STAGE_COLOURS` (0 propagation, 1 presolve / probing,
    2 search); ``None`` for a box of no stage, such as the model."""
    note: str = ""


def kept_cells(box: DomainBox, values: Sequence[int]) -> list[tuple[str, int]]:
    """The ``(variable, value)`` cells the box draws as still possible, in drawing order."""
    return [(name, v) for name, left in box.domains.items() for v in values if v in left]


def _box_height(box: DomainBox) -> float:
    return 1.0 + CELL * len(box.domains) + 0.45 * (box.note.count("\n") + 1) + 0.5


def _draw_box(
    ax: Axes, box: DomainBox, values: Sequence[int], left: float, top: float, height: float
) -> None:
    frame = NEUTRAL if box.stage is None else STAGE_COLOURS[box.stage][0]
    rounded_box(ax, (left, top), BOX_WIDTH, height, frame)
    title_text(ax, left + BOX_WIDTH / 2, top + 0.5, box.title, size=FONT + 1)
    grid_left = left + (BOX_WIDTH - LABEL - CELL * len(values)) / 2 + LABEL
    for r, (name, left_values) in enumerate(box.domains.items()):
        y = top + 1.0 + r * CELL
        ax.text(grid_left - 0.2, y + CELL / 2, name, ha="right", va="center", fontsize=FONT)
        for c, value in enumerate(values):
            x = grid_left + c * CELL
            kept = value in left_values
            draw_cell(ax, x, y, KEPT if kept else RULED_OUT, size=CELL, edge=GRID_LINE)
            ax.text(
                x + CELL / 2,
                y + CELL / 2,
                str(value),
                ha="center",
                va="center",
                fontsize=FONT,
                color=INK if kept else RULED_OUT_INK,
                fontweight="bold" if kept else "normal",
            )
            if not kept:
                ax.plot(
                    [x + 0.12, x + CELL - 0.12],
                    [y + CELL - 0.12, y + 0.12],
                    color=RULED_OUT_INK,
                    linewidth=1.5,
                )
    if box.note:
        note_text(
            ax, left + BOX_WIDTH / 2, top + 1.15 + CELL * len(box.domains), box.note,
            linespacing=1.3,
        )  # fmt: skip


Arrow = tuple[int, int] | tuple[int, int, str]
"""``(from box, to box)``, or ``(from box, to box, label)``: indices into the boxes."""


def domains_flow_figure(
    boxes: Sequence[DomainBox],
    arrows: Sequence[Arrow],
    values: Sequence[int],
    *,
    title: str = "",
) -> Figure:
    """Boxes of domains joined by arrows ``(from box, to box)`` (indices into ``boxes``), each
    arrow with an optional label written along it.

    Every box shows its variables over the same ``values``; a value in a variable's domain
    is a white cell with a bold digit, a value ruled out a grey struck-through cell. Raises
    ``ValueError`` for an arrow to a box that does not exist, or for a domain with a value
    outside ``values``.
    """
    if not boxes:
        raise ValueError("draw at least one box")
    for box in boxes:
        for name, possible in box.domains.items():
            stray = sorted(set(possible) - set(values))
            if stray:
                raise ValueError(f"box {box.title!r}: {name} has values {stray} not in {values}")
    for start, end, *_ in arrows:
        if not (0 <= start < len(boxes) and 0 <= end < len(boxes)):
            raise ValueError(f"arrow {start} -> {end}: there are only {len(boxes)} boxes")
    height = max(_box_height(box) for box in boxes)
    gap = 2.8 if any(len(arrow) > 2 for arrow in arrows) else 1.4
    step_x, step_y = BOX_WIDTH + gap, height + 0.6
    columns = 1 + max(box.column for box in boxes)
    rows = 1 + max(box.row for box in boxes)
    width, depth = columns * step_x - gap, rows * step_y - 0.6
    fig, ax = sized_figure(
        (-0.1, width + 0.1), (depth + 0.1, -0.1), 9.6 / (width + 0.2), top=0.4, bottom=0.5
    )
    corners = [(box.column * step_x, box.row * step_y) for box in boxes]
    for box, (left, top) in zip(boxes, corners, strict=True):
        _draw_box(ax, box, values, left, top, height)
    for start, end, *label in arrows:
        (x0, y0), (x1, y1) = corners[start], corners[end]
        tail = (x0 + BOX_WIDTH + 0.1, y0 + height / 2)
        head = (x1 - 0.1, y1 + height / 2)
        if label:
            ax.text(
                (tail[0] + head[0]) / 2,
                (tail[1] + head[1]) / 2,
                label[0],
                ha="center",
                va="center",
                fontsize=FONT - 1,
                color=INK,
                linespacing=1.2,
                zorder=4,
                bbox={"facecolor": PAPER, "edgecolor": "none", "pad": 1.5},
            )
        ax.add_patch(
            FancyArrowPatch(
                tail,
                head,
                arrowstyle="-|>",
                mutation_scale=18,
                linewidth=1.6,
                color=INK,
                shrinkA=0,
                shrinkB=0,
            )
        )
    if title:
        fig.suptitle(title, fontsize=FONT + 1, y=0.99)
    add_legend(
        fig,
        [(KEPT, "value still possible"), (RULED_OUT, "value ruled out")],
    )
    return fig


__all__ = ["DomainBox", "domains_flow_figure", "kept_cells"]
