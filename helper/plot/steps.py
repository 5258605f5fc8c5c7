"""Figures of explanation steps: the grid before a step, the premises it uses outlined, the
cells it decides in colour (the chapter "Explaining a solution" draws them). They need
matplotlib (the ``plot`` extra); the explanations themselves do not.

Not exported by :mod:`helper.plot`: a step figure reads the steps of :mod:`helper.explain`,
whose Futoshiki reasons load the Futoshiki family (and so its solvers)."""

from collections.abc import Sequence

from helper.extras import missing_extra

try:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle
except ModuleNotFoundError as error:
    raise missing_extra(error, __name__, "plot") from None

from helper.explain.futoshiki_reasons import kind_of
from helper.explain.steps import Explanation, Step, and_join, replay
from helper.figure import replace_legend
from helper.futoshiki.puzzle import Futoshiki
from helper.nonogram.puzzle import Nonogram
from helper.palette import (
    DECIDED,
    DECIDED_PALE,
    GRID_LINE,
    INK,
    LINE_OUTLINE,
    PAPER,
    SOLVED_INK,
    UNKNOWN_GREY,
)

from .boards import STEP, plot_futoshiki_board, plot_nonogram_board

LEGEND = "book-explanation-step"
"""The ``gid`` of a step figure's legend."""


def before(explanation: Explanation, index: int, unknown: int) -> list[list[int]]:
    """The grid just before step ``index``."""
    return replay(explanation.start, explanation.steps[:index], unknown)


def plot_nonogram_step(
    puzzle: Nonogram, explanation: Explanation, index: int, *, cell_size: float | None = None
) -> Axes:
    """The board before step ``index``: the lines it uses outlined (clues included), the cells
    it decides filled in orange (black) or pale orange (white), the cells earlier steps
    decided black or white (the legend names each); rows and columns numbered from 0, as the
    step's reason names them. Returns the ``Axes``."""
    step = explanation[index]
    grid = before(explanation, index, -1)
    ax = plot_nonogram_board(
        puzzle, grid, cell_size=cell_size, legend=False, zoom=False, indices=True
    )
    left = max((len(c) for c in puzzle.rows), default=1) or 1
    top = max((len(c) for c in puzzle.cols), default=1) or 1
    for kind, i in step.lines:
        if kind == "row":
            box = Rectangle((-left, i), puzzle.width + left, 1)
        else:
            box = Rectangle((i, -top), 1, puzzle.height + top)
        box.set(facecolor="none", edgecolor=LINE_OUTLINE, linewidth=2.2, zorder=5)
        ax.add_patch(box)
    for (r, c), value in step.cells.items():
        colour = DECIDED if value else DECIDED_PALE
        ax.add_patch(Rectangle((c, r), 1, 1, facecolor=colour, edgecolor="none", zorder=4))
    handles = [
        Patch(facecolor="none", edgecolor=LINE_OUTLINE, linewidth=2, label="a line the step uses"),
        Patch(facecolor=DECIDED, label="decided by the step: black"),
        Patch(facecolor=DECIDED_PALE, label="decided by the step: white"),
    ]
    earlier = {value for row in grid for value in row}  # what earlier steps decided
    if 1 in earlier:
        handles.append(Patch(facecolor=INK, label="decided by an earlier step: black"))
    if 0 in earlier:
        handles.append(
            Patch(facecolor=PAPER, edgecolor=INK, label="decided by an earlier step: white")
        )
    handles.append(Patch(facecolor=UNKNOWN_GREY, edgecolor=GRID_LINE, label="open"))
    replace_legend(ax.figure, LEGEND, handles, columns=2)  # type: ignore[arg-type]
    return ax


def _cell_box(r: int, c: int, pad: float = 0.0) -> tuple[float, float, float]:
    return c * STEP - pad, r * STEP - pad, 1 + 2 * pad


def plot_futoshiki_step(puzzle: Futoshiki, explanation: Explanation, index: int) -> Axes:
    """The board before step ``index``: the rows and columns it uses outlined, the cells of
    its signs and givens ringed, the digits it decides in orange, the digits earlier steps
    decided in blue; for a Hall step, the cells of its Hall set in a dashed square with the
    digits they hold between them (the legend names each); rows and columns numbered from 0,
    as the step's reason names them. Returns the ``Axes``."""
    step = explanation[index]
    known = before(explanation, index, 0)
    ax = plot_futoshiki_board(puzzle.grid, puzzle.constraints, legend=False, indices=True)
    n = puzzle.height
    earlier: list[int] = []  # the digits earlier steps decided
    for r in range(n):
        for c in range(n):
            if known[r][c] and not puzzle.grid[r][c]:
                earlier.append(known[r][c])
                ax.text(c * STEP + 0.5, r * STEP + 0.52, str(known[r][c]), ha="center",
                        va="center", fontsize=14, color=SOLVED_INK)  # fmt: skip
    for (r, c), digit in step.cells.items():
        x, y, side = _cell_box(r, c, -0.06)
        ax.add_patch(Rectangle((x, y), side, side, facecolor=DECIDED_PALE, edgecolor="none"))
        ax.text(c * STEP + 0.5, r * STEP + 0.52, str(digit), ha="center", va="center",
                fontsize=14, fontweight="bold", color=DECIDED)  # fmt: skip
    _outline_premises(ax, step, n)
    handles = [
        Patch(facecolor="none", edgecolor=LINE_OUTLINE, linewidth=2, label="a row or column used"),
        Line2D(
            [],
            [],
            color=INK,
            marker="o",
            markerfacecolor="none",
            markersize=10,
            linestyle="none",
            label="a cell of a sign or given used",
        ),
        Patch(facecolor=DECIDED_PALE, edgecolor=DECIDED, label="decided by the step"),
    ]
    if earlier:  # a blue digit: shown as one of those drawn
        handles.append(
            Line2D(
                [],
                [],
                color=SOLVED_INK,
                marker=f"${earlier[0]}$",
                markeredgewidth=0,
                markersize=9,
                linestyle="none",
                label="decided by an earlier step",
            )
        )
    hall = _hall_set(puzzle, known, step)
    if hall is not None:
        cells, digits = hall
        hold = and_join([str(digit) for digit in digits])
        for r, c in cells:
            x, y, side = _cell_box(r, c, -0.1)
            ax.add_patch(Rectangle((x, y), side, side, facecolor="none", edgecolor=INK,
                                   linewidth=1.5, linestyle="--", zorder=6))  # fmt: skip
            if (r, c) not in step.cells:  # its digits, unless the step writes the one it takes
                ax.text(c * STEP + 0.5, r * STEP + 0.52, " ".join(map(str, digits)),
                        ha="center", va="center", fontsize=11, color=INK, zorder=7)  # fmt: skip
        handles.append(
            Patch(
                facecolor="none",
                edgecolor=INK,
                linestyle="--",
                linewidth=1.5,
                label=f"Hall set: {len(cells)} cells that can only hold {hold}",
            )
        )
    replace_legend(ax.figure, LEGEND, handles, columns=2)  # type: ignore[arg-type]
    return ax


def _hall_set(
    puzzle: Futoshiki, known: list[list[int]], step: Step
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | None:
    """The cells of a Hall step's Hall set and their digits, re-derived from the step's
    premises as its reason was (``None`` for a step of another kind)."""
    if step.kind != "hall":
        return None
    _, found = kind_of(puzzle, known, step.lines, dict(step.cells))
    if found.hall is None:
        return None
    _, cells, digits = found.hall
    return cells, digits


def _outline_premises(ax: Axes, step: Step, n: int) -> None:
    ringed: set[tuple[int, int]] = set()
    for premise in step.lines:
        kind = premise[0]
        if kind in ("row", "column"):
            i = premise[1]
            x, y = (-0.12, i * STEP - 0.12) if kind == "row" else (i * STEP - 0.12, -0.12)
            long = STEP * (n - 1) + 1.24
            w, h = (long, 1.24) if kind == "row" else (1.24, long)
            ax.add_patch(Rectangle((x, y), w, h, facecolor="none", edgecolor=LINE_OUTLINE,
                                   linewidth=2.2, zorder=5))  # fmt: skip
        else:
            ringed.update(tuple(cell) for cell in premise[1:])
    for r, c in sorted(ringed):
        ax.add_line(Line2D([c * STEP + 0.5], [r * STEP + 0.5], marker="o", markersize=26,
                           markerfacecolor="none", markeredgecolor=INK, markeredgewidth=1.5,
                           zorder=6))  # fmt: skip


def step_table(explanation: Explanation, indices: Sequence[int]) -> list[dict[str, object]]:
    """Rows for a table of steps: number, kind, premises, cells decided, cost."""
    return [
        {
            "step": k,
            "kind": explanation[k].kind,
            "premises": len(explanation[k].lines),
            "cells": len(explanation[k].cells),
            "cost": explanation[k].cost,
        }
        for k in indices
    ]
