"""Futoshiki pictures: a board with readable signs, the puzzle beside its solution, and the
one-hot variables ``x[r, c, v]`` of the SAT encoding.

- :func:`sign_marks` says where each sign goes and which way its point faces;
- :func:`futoshiki_pair_figure` draws the puzzle and its solution side by side;
- :func:`one_hot` reads ``x[r, c, v]`` from a SAT solver's model of
  :func:`helper.futoshiki.futoshiki_cnf`, and :func:`one_hot_figure` draws it.
"""

from collections.abc import Sequence

from matplotlib.figure import Figure

from helper.backends.pysat import SatSolver
from helper.figure import (
    FONT,
    add_handles_legend,
    draw_cell,
    legend_patch,
    sized_figure,
)
from helper.futoshiki import futoshiki_cnf, solve_futoshiki, validate_futoshiki
from helper.palette import INK, PAPER
from helper.plot.boards import STEP, draw_futoshiki, draw_sign, futoshiki_key, sign_marks

Grid = list[list[int]]


def futoshiki_pair_figure(
    grid: Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]],
    solution: Sequence[Sequence[int]] | None = None,
) -> Figure:
    """The puzzle on the left, the same board solved on the right.

    Givens are bold ink, numbers the solver found blue; a sign sits in the gap between two
    cells, its point towards the smaller number. ``solution`` defaults to
    :func:`helper.futoshiki.solve_futoshiki`'s answer.
    """
    grid, constraints = validate_futoshiki(grid, constraints)
    if solution is None:
        solution = solve_futoshiki(grid, constraints)
    size = len(grid)
    extent = STEP * size - 0.5
    gap = 1.6
    cell_inches = min(0.62, 3.1 / extent)
    fig, ax = sized_figure(
        (-0.2, 2 * extent + gap + 0.2),
        (extent + 0.2, -1.1),
        cell_inches,
        bottom=0.45,
        min_width=6.0,
    )
    font = max(FONT, min(18.0, cell_inches * 30))
    sign_width = max(1.2, 4.0 * cell_inches)
    draw_futoshiki(ax, grid, constraints, None, font=font, sign_width=sign_width)
    draw_futoshiki(
        ax, grid, constraints, solution, left=extent + gap, font=font, sign_width=sign_width
    )
    ax.text(extent / 2, -0.45, "the puzzle", ha="center", va="center", fontsize=FONT + 1)
    ax.text(extent * 1.5 + gap, -0.45, "solved", ha="center", va="center", fontsize=FONT + 1)
    ax.text(extent + gap / 2, extent / 2, "→", ha="center", va="center", fontsize=FONT + 8)
    fig.legend(
        handles=futoshiki_key(),
        loc="lower center",
        ncols=3,
        frameon=False,
        fontsize=FONT - 1,
        handletextpad=0.3,
        columnspacing=1.0,
    )
    return fig


GIVEN_FRAME = 5.0
"""The frame of a given in :func:`one_hot_figure`: four times a plain cell's, so it shows."""


def one_hot(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
) -> tuple[list[list[list[bool]]], dict[tuple[int, int, int], int]]:
    """``x[r][c][v - 1]`` as the SAT solver sets it, and the variable number of each
    ``(r, c, v)``.

    Solves :func:`helper.futoshiki.futoshiki_cnf` with a PySAT solver and reads the model
    back. Raises ``ValueError`` when the puzzle has no solution.
    """
    cnf, var = futoshiki_cnf(grid, constraints)
    size = len(grid)
    numbers = {
        (r, c, v): var(r, c, v)
        for r in range(size)
        for c in range(size)
        for v in range(1, size + 1)
    }
    with SatSolver("glucose4", cnf.clauses) as sat:
        if not sat.solve():
            raise ValueError("no solution: the one-hot formula is unsatisfiable")
        true = {literal for literal in sat.model() if literal > 0}
    x = [
        [[numbers[r, c, v] in true for v in range(1, size + 1)] for c in range(size)]
        for r in range(size)
    ]
    return x, numbers


def one_hot_figure(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
) -> Figure:
    """Each cell split into ``n`` small boxes, one Boolean ``x[r, c, v]`` per value ``v``.

    The box of the value the SAT solver chose is dark (the one true Boolean of the cell), the
    others white; givens are marked with a bold outline. Under the board, the numbering of the
    variables as :func:`helper.futoshiki.futoshiki_cnf` gives it.
    """
    grid, constraints = validate_futoshiki(grid, constraints)
    x, numbers = one_hot(grid, constraints)
    size = len(grid)
    side = -(-size // int(size**0.5))  # boxes per row inside a cell
    box_rows = -(-size // side)
    extent = STEP * size - 0.5
    inch = min(0.85, 5.0 / extent)
    fig, ax = sized_figure(
        (-0.2, extent + 0.2), (extent + 0.9, -0.2), inch, top=0.35, bottom=0.45, min_width=5.6
    )
    small = 1.0 / max(side, box_rows)
    font = max(FONT - 2, min(14.0, inch * small * 48))
    for r in range(size):
        for c in range(size):
            left, top = c * STEP, r * STEP
            given = bool(grid[r][c])
            draw_cell(ax, left, top, PAPER, edge=INK, linewidth=GIVEN_FRAME if given else 1.2)
            for v in range(1, size + 1):
                i = v - 1
                bx, by = left + (i % side) * small, top + (i // side) * small
                on = x[r][c][i]
                draw_cell(
                    ax,
                    bx + 0.04 * small,
                    by + 0.04 * small,
                    INK if on else PAPER,
                    size=0.92 * small,
                    edge="#b0b0b0",
                    linewidth=0.5,
                )
                ax.text(
                    bx + small / 2,
                    by + small / 2 + 0.02,
                    str(v),
                    ha="center",
                    va="center",
                    fontsize=font,
                    color=PAPER if on else "#8a8a8a",
                )
    for mark in sign_marks(constraints):
        draw_sign(ax, mark, max(1.2, 3.2 * inch))
    first, last = numbers[0, 0, 1], numbers[size - 1, size - 1, size]
    ax.text(
        0,
        extent + 0.35,
        f"x[r, c, v] is variable (r·{size} + c)·{size} + v: "
        f"x[0, 0, 1] = {first} … x[{size - 1}, {size - 1}, {size}] = {last}",
        ha="left",
        va="top",
        fontsize=FONT - 1,
    )
    fig.text(
        0.01,
        0.995,
        "x[r, c, v]: one Boolean per cell and value",
        ha="left",
        va="top",
        fontsize=FONT,
    )
    add_handles_legend(
        fig,
        [
            legend_patch(INK, "true: the cell holds v", edge="#b0b0b0"),
            legend_patch(PAPER, "false", edge="#b0b0b0"),
            legend_patch(PAPER, "a given (thick frame)", linewidth=GIVEN_FRAME / 2),
        ],
        font=FONT - 1,
    )
    return fig
