"""Futoshiki pictures: a board with readable signs, the puzzle beside its solution, and the
one-hot variables ``x[r, c, v]`` of the SAT encoding.

- :func:`sign_marks` says where each sign goes and which way its point faces;
- :func:`futoshiki_pair_figure` draws the puzzle and its solution side by side;
- :func:`one_hot` reads ``x[r, c, v]`` from a SAT solver's model of
  :func:`helper.futoshiki.futoshiki_cnf`, and :func:`one_hot_figure` draws it.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from pysat.solvers import Solver

from helper.futoshiki import futoshiki_cnf, solve_futoshiki, validate_futoshiki
from helper.palette import GIVEN_INK, INK, PAPER, SIGN_INK, SOLVED_INK

from ._figure import FONT, add_legend, draw_cell, new_figure

Grid = list[list[int]]
STEP = 1.5
"""Distance between the corners of neighbouring cells: a cell is 1 wide, a gap 0.5."""


@dataclass(frozen=True)
class SignMark:
    """Where a sign sits (the centre of the gap) and the way its point faces."""

    x: float
    y: float
    points: str
    """``"left"``, ``"right"``, ``"up"`` or ``"down"``: towards the smaller cell."""


def sign_marks(constraints: Sequence[Sequence[Sequence[int]]]) -> list[SignMark]:
    """One mark per constraint ``((r1, c1), (r2, c2))`` (cell 1 < cell 2), its point towards
    cell 1, in the coordinates of the boards drawn here (cell ``(r, c)`` has its top-left
    corner at ``(1.5 c, 1.5 r)``)."""
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


def _draw_sign(ax: Axes, mark: SignMark, linewidth: float, size: float = 0.15) -> None:
    """A chevron whose point faces ``mark.points``: the sign ``<`` drawn as two strokes."""
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[mark.points]
    tip = (mark.x + dx * size, mark.y + dy * size)
    back_x, back_y = mark.x - dx * size, mark.y - dy * size  # the open side of the chevron
    spread = 1.3 * size
    if dx:
        arms = [(back_x, mark.y - spread), (back_x, mark.y + spread)]
    else:
        arms = [(mark.x - spread, back_y), (mark.x + spread, back_y)]
    xs = [arms[0][0], tip[0], arms[1][0]]
    ys = [arms[0][1], tip[1], arms[1][1]]
    ax.add_line(
        Line2D(
            xs,
            ys,
            color=SIGN_INK,
            linewidth=linewidth,
            solid_capstyle="round",
            solid_joinstyle="miter",
        )
    )


def _draw_board(
    ax: Axes,
    grid: Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]],
    solution: Sequence[Sequence[int]] | None,
    left: float,
    font: float,
    sign_width: float,
) -> None:
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
        _draw_sign(ax, SignMark(mark.x + left, mark.y, mark.points), sign_width)


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
    fig, ax = new_figure(
        (-0.2, 2 * extent + gap + 0.2),
        (extent + 0.2, -1.1),
        cell_inches,
        bottom=0.45,
        min_width=6.0,
    )
    font = max(FONT, min(18.0, cell_inches * 30))
    sign_width = max(1.2, 4.0 * cell_inches)
    _draw_board(ax, grid, constraints, None, 0.0, font, sign_width)
    _draw_board(ax, grid, constraints, solution, extent + gap, font, sign_width)
    ax.text(extent / 2, -0.45, "the puzzle", ha="center", va="center", fontsize=FONT + 1)
    ax.text(extent * 1.5 + gap, -0.45, "solved", ha="center", va="center", fontsize=FONT + 1)
    ax.text(extent + gap / 2, extent / 2, "→", ha="center", va="center", fontsize=FONT + 8)
    key = [
        Line2D(
            [],
            [],
            color=GIVEN_INK,
            marker="$1$",
            linestyle="none",
            markersize=9,
            label="given (bold)",
        ),
        Line2D(
            [],
            [],
            color=SOLVED_INK,
            marker="$2$",
            linestyle="none",
            markersize=9,
            label="found by the solver",
        ),
        Line2D(
            [],
            [],
            color=SIGN_INK,
            marker="$<$",
            linestyle="none",
            markersize=9,
            label="sign: points to the smaller",
        ),
    ]
    fig.legend(
        handles=key,
        loc="lower center",
        ncols=3,
        frameon=False,
        fontsize=FONT - 1,
        handletextpad=0.3,
        columnspacing=1.0,
    )
    return fig


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
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as sat:
        if not sat.solve():
            raise ValueError("no solution: the one-hot formula is unsatisfiable")
        true = {literal for literal in sat.get_model() if literal > 0}
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
    fig, ax = new_figure(
        (-0.2, extent + 0.2), (extent + 0.9, -0.2), inch, top=0.35, bottom=0.45, min_width=5.6
    )
    small = 1.0 / max(side, box_rows)
    font = max(FONT - 2, min(14.0, inch * small * 48))
    for r in range(size):
        for c in range(size):
            left, top = c * STEP, r * STEP
            given = bool(grid[r][c])
            draw_cell(ax, left, top, PAPER, edge=INK, linewidth=2.6 if given else 1.2)
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
        _draw_sign(ax, mark, max(1.2, 3.2 * inch))
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
    add_legend(
        fig,
        [(INK, "true: the cell holds v"), (PAPER, "false"), (PAPER, "a given (bold frame)")],
        edges=["#b0b0b0", "#b0b0b0", INK],
        font=FONT - 1,
    )
    return fig
