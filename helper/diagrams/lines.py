"""Pictures of one Nonogram line: its automaton, the overlap rule, the line solver's table,
and the placements a CNF gives a selector each.

Each picture has a data function (tested against the solver code it illustrates) and a
drawing function that only draws that data:

- :func:`automaton_states` / :func:`automaton_figure`: the automaton of
  :func:`helper.nonogram.models.cpsat_automaton.line_automaton` as a state diagram;
- :func:`block_overlap` / :func:`overlap_figure`: the leftmost and the rightmost placement,
  and the cells every placement fills;
- :func:`forward_table` / :func:`forward_table_figure`: ``fwd[j][i]``, "the first ``j``
  blocks fit in the first ``i`` cells", from the bit-mask line solver's own forward pass;
- :func:`selector_grid` / :func:`selector_figure`: which placement paints which cell.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch

from helper.figure import FONT, add_legend, draw_cell, sized_figure

# The bit-mask line solver's forward pass: the very table solve_line_bits decides lines with.
from helper.nonogram.line.bits import forward_pass as bitmask_forward_pass
from helper.nonogram.models.cpsat_automaton import Transition, line_automaton
from helper.nonogram.placements import min_length, placement_starts, placements
from helper.palette import BLOCK_COLOURS, DECIDED, GRID_LINE, INK, PAPER, SOLVED_INK, UNKNOWN_GREY

UNKNOWN = -1
"""A cell that is neither known filled (1) nor known empty (0)."""
EMPTY_ARROW = "#6b7a8f"
"""Arrows that read an empty cell."""
MAX_WIDTH = 11.0
"""Widest automaton figure in inches: wider ones would shrink their text below half the body
text when the page scales them to its column."""


def _label_width(labels: Sequence[str], scale: float) -> float:
    """Data units to leave left of a strip for its longest label at ``scale`` inches a unit."""
    return 0.6 + max(map(len, labels)) * 0.088 * FONT / 11 / scale


def _check_fits(clue: Sequence[int], length: int) -> None:
    if length < 1:
        raise ValueError(f"a line needs at least one cell, not {length}")
    if min_length(clue) > length:
        raise ValueError(
            f"clue {list(clue)} needs {min_length(clue)} cells but the line has {length}"
        )


# --- the automaton ------------------------------------------------------------------------


@dataclass(frozen=True)
class AutomatonState:
    """One state of a clue's automaton and what it stands for."""

    number: int
    role: str
    """``"before"`` (leading empty cells), ``"block"``, ``"gap"`` or ``"after"``."""
    label: str
    """Two short lines for the diagram, for example ``"block 1\\ncell 2"``."""
    accepting: bool


def automaton_states(clue: Sequence[int]) -> tuple[list[AutomatonState], list[Transition]]:
    """The states of ``line_automaton(clue)`` with their roles, and its transitions.

    State 0 reads the empty cells before the first block; each cell of block ``j`` has a
    state of its own; after each block comes a gap state that needs one empty cell and loops
    on more. The last gap state is the empty tail of the line.
    """
    transitions, finals = line_automaton(clue)
    states = [AutomatonState(0, "before", "before\nthe blocks", 0 in finals)]
    number = 0
    for j, length in enumerate(clue):
        for i in range(length):
            number += 1
            label = f"block {j + 1}" + (f"\ncell {i + 1}" if length > 1 else "")
            states.append(AutomatonState(number, "block", label, number in finals))
        number += 1
        last = j == len(clue) - 1
        role, label = ("after", "after\nthe blocks") if last else ("gap", "gap\n(≥ 1 empty)")
        states.append(AutomatonState(number, role, label, number in finals))
    return states, transitions


def run_automaton(transitions: Sequence[Transition], line: Sequence[int]) -> list[int] | None:
    """The states visited while reading ``line`` from state 0, or ``None`` when it gets stuck.

    The automaton is deterministic: each (state, cell value) has at most one next state.
    """
    step = {(state, value): target for state, value, target in transitions}
    path = [0]
    for value in line:
        target = step.get((path[-1], value))
        if target is None:
            return None
        path.append(target)
    return path


def automaton_figure(clue: Sequence[int], *, line: Sequence[int] | None = None) -> Figure:
    """The automaton of ``clue`` as a state diagram, states left to right.

    A double circle is an accepting state (a line may end there); a loop is a state that
    reads any number of empty cells. Arrows are drawn in ink for a filled cell (``1``) and
    dashed for an empty one (``0``). ``line`` (0/1 cells, optional) is written under the
    diagram with the state the automaton is in after each cell.
    """
    states, transitions = automaton_states(clue)
    count = len(states)
    step = 2.0 if count <= 7 else 1.75  # distance between state centres
    radius = 0.42
    extra = 1.9 if line is not None else 0.0
    xlim = (-1.3, (count - 1) * step + 1.0)
    scale = min(0.78, MAX_WIDTH / (xlim[1] - xlim[0]))  # long clues: smaller, still readable
    fig, ax = sized_figure(xlim, (2.0 + extra, -2.5), scale, min_width=6.0)

    for state in states:
        x = state.number * step
        ax.add_patch(Circle((x, 0), radius, facecolor=PAPER, edgecolor=INK, linewidth=1.6))
        if state.accepting:
            ax.add_patch(
                Circle((x, 0), radius - 0.08, facecolor="none", edgecolor=INK, linewidth=1.2)
            )
        ax.text(x, 0, str(state.number), ha="center", va="center", fontsize=FONT + 2)
        ax.text(x, radius + 0.2, state.label, ha="center", va="top", fontsize=FONT - 1)

    def arrow(start, end, value, **options):
        ax.add_patch(
            FancyArrowPatch(
                start,
                end,
                arrowstyle="-|>",
                mutation_scale=14,
                linewidth=1.6,
                color=INK if value else EMPTY_ARROW,
                linestyle="-" if value else (0, (4, 2)),
                shrinkA=0,
                shrinkB=0,
                **options,
            )
        )

    for source, value, target in transitions:
        x = source * step
        if source == target:  # a loop above the state: any number of empty cells
            arrow(
                (x - 0.25, -radius + 0.05),
                (x + 0.25, -radius + 0.05),
                value,
                connectionstyle="arc3,rad=-2.2",
            )
            ax.text(x, -1.45, str(value), ha="center", va="center", fontsize=FONT)
        else:
            end_x = target * step
            bend = 0.0 if target == source + 1 else -0.4
            arrow((x + radius, 0), (end_x - radius, 0), value, connectionstyle=f"arc3,rad={bend}")
            ax.text((x + end_x) / 2, -0.22, str(value), ha="center", va="bottom", fontsize=FONT)
    ax.annotate(
        "start",
        xy=(-radius, 0),
        xytext=(-1.25, 0),
        va="center",
        fontsize=FONT,
        arrowprops={"arrowstyle": "-|>", "color": INK, "linewidth": 1.4},
    )

    if line is not None:
        path = run_automaton(transitions, line)
        y = 2.1
        ax.text(-1.25, y + 0.3, "a line", ha="left", va="center", fontsize=FONT)
        ax.text(-1.25, y + 1.05, "state after\nthe cell", ha="left", va="center", fontsize=FONT)
        for x, value in enumerate(line):
            draw_cell(ax, 1.2 + 0.8 * x, y, INK if value else PAPER, size=0.6, edge=INK)
        draw_run(ax, path, {s.number for s in states if s.accepting}, 1.2, y, len(line))
    fig.text(
        0.01, 0.98, f"automaton of the clue {list(clue)}", ha="left", va="top", fontsize=FONT + 1
    )
    key = [
        Line2D([], [], color=INK, linewidth=1.6, label="reads a filled cell (1)"),
        Line2D(
            [],
            [],
            color=EMPTY_ARROW,
            linewidth=1.6,
            linestyle=(0, (4, 2)),
            label="reads an empty cell (0)",
        ),
        accepting_handle(),
    ]
    fig.legend(
        handles=key,
        loc="upper right",
        bbox_to_anchor=(0.995, 0.995),
        frameon=False,
        fontsize=FONT - 1,
        ncols=1 if line is not None else 3,
    )
    return fig


# --- the overlap rule -----------------------------------------------------------------------


@dataclass(frozen=True)
class Overlap:
    """The leftmost and the rightmost placement of a clue, and what every placement shares."""

    clue: tuple[int, ...]
    length: int
    leftmost: tuple[int, ...]
    """Start cell of each block with every block pushed left."""
    rightmost: tuple[int, ...]
    """Start cell of each block with every block pushed right."""
    filled: tuple[int, ...]
    """Cells that block ``j`` covers in both its leftmost and its rightmost position."""
    empty: tuple[int, ...]
    """Cells no block can reach in any placement."""


def block_overlap(clue: Sequence[int], length: int) -> Overlap:
    """The overlap rule on an empty line: the cells every placement of ``clue`` agrees on.

    Block ``j`` slides between its leftmost start and its rightmost start; the cells it
    covers in both positions are filled in every placement. On a line where nothing is known
    these are exactly the cells the line solver fills.
    """
    _check_fits(clue, length)
    every = list(placement_starts(clue, length))
    leftmost, rightmost = every[0], every[-1]  # first block slowest: packed left, packed right
    filled: set[int] = set()
    reach: set[int] = set()
    for block, left, right in zip(clue, leftmost, rightmost, strict=True):
        filled.update(range(right, left + block))
        reach.update(range(left, right + block))
    empty = tuple(x for x in range(length) if x not in reach)
    return Overlap(tuple(clue), length, leftmost, rightmost, tuple(sorted(filled)), empty)


def overlap_figure(clue: Sequence[int], length: int) -> Figure:
    """Three strips: the leftmost placement, the rightmost one, and the cells both fill.

    Each block has its own colour (legend); the bottom strip shows in ink the cells filled in
    every placement, the only cells the overlap rule decides on an empty line.
    """
    data = block_overlap(clue, length)
    label_width = _label_width(["rightmost placement", "filled in every"], 0.55)
    legend_rows = -(-(len(clue) + 2 + bool(data.empty)) // 3)
    fig, ax = sized_figure(
        (-label_width, length + 0.3), (3.8, -0.9), 0.55, top=0.35, bottom=0.1 + 0.3 * legend_rows
    )
    for x in range(length):
        ax.text(x + 0.5, -0.35, str(x), ha="center", va="center", fontsize=FONT)
    ax.text(-0.2, -0.35, "cell", ha="right", va="center", fontsize=FONT)
    strips = [("leftmost placement", data.leftmost), ("rightmost placement", data.rightmost)]
    for row, (title, starts) in enumerate(strips):
        colours = [PAPER] * length
        for j, (block, start) in enumerate(zip(clue, starts, strict=True)):
            for x in range(start, start + block):
                colours[x] = BLOCK_COLOURS[j % len(BLOCK_COLOURS)]
        ax.text(-0.2, row + 0.5, title, ha="right", va="center", fontsize=FONT)
        for x, colour in enumerate(colours):
            draw_cell(ax, x, row, colour, edge=GRID_LINE)
    y = 2.6
    ax.text(-0.2, y + 0.5, "filled in every\nplacement", ha="right", va="center", fontsize=FONT)
    for x in range(length):
        colour = INK if x in data.filled else UNKNOWN_GREY
        colour = PAPER if x in data.empty else colour
        draw_cell(ax, x, y, colour, edge=GRID_LINE)
    fig.text(
        0.01,
        0.99,
        f"the clue {list(clue)} in {length} cells",
        ha="left",
        va="top",
        fontsize=FONT + 1,
    )
    entries = [
        (BLOCK_COLOURS[j % len(BLOCK_COLOURS)], f"block {j + 1} ({block})")
        for j, block in enumerate(clue)
    ]
    entries += [(INK, "filled in every placement"), (UNKNOWN_GREY, "open")]
    if data.empty:
        entries.append((PAPER, "empty in every placement"))
    add_legend(fig, entries, columns=min(len(entries), 3), font=FONT - 1)
    return fig


# --- the line solver's table ----------------------------------------------------------------


def forward_table(clue: Sequence[int], cells: Sequence[int]) -> list[list[bool]]:
    """``fwd[j][i]``: can blocks ``0 .. j-1`` of ``clue`` lie in the first ``i`` cells?

    "Lie" means with every other cell of ``cells[:i]`` empty, and agreeing with the cells
    known so far (``cells`` holds -1 / 0 / 1). The table is the forward pass of the bit-mask
    line solver (:mod:`helper.nonogram.bitline`), read back bit by bit: row ``j`` has
    ``len(cells) + 1`` entries. The whole clue fits the line when ``fwd[len(clue)][n]``.
    """
    n = len(cells)
    for x, value in enumerate(cells):
        if value not in (UNKNOWN, 0, 1):
            raise ValueError(f"cell {x} is {value!r}; a cell is -1 (unknown), 0 or 1")
    can_black = sum(1 << x for x, v in enumerate(cells) if v != 0)
    can_white = sum(1 << x for x, v in enumerate(cells) if v != 1)
    rows = bitmask_forward_pass(tuple(clue), can_black, can_white)
    return [[bool(row >> i & 1) for i in range(n + 1)] for row in rows]


def forward_table_figure(clue: Sequence[int], cells: Sequence[int]) -> Figure:
    """The table ``fwd[j][i]`` under the line it is computed for.

    Column ``i`` stands under the boundary after the first ``i`` cells (a tick joins it to the
    line), so the line's cells sit between the columns; a blue square means "the first ``j``
    blocks fit there". The square of the last row and last column, outlined, answers "does
    the whole clue fit the line?".
    """
    table = forward_table(clue, cells)
    n, k = len(cells), len(clue)
    i_label = "i: boundary after i cells"
    label_width = _label_width([f"j = {k}: blocks {list(clue)}", i_label], 0.55)
    fig, ax = sized_figure((-label_width, n + 1.2), (k + 1.2, -2.1), 0.55, top=0.35, bottom=0.75)
    # the line, between the boundaries 0 .. n
    ax.text(-0.2, -1.4, "the line", ha="right", va="center", fontsize=FONT)
    for x, value in enumerate(cells):
        colour = {1: INK, 0: PAPER}.get(value, UNKNOWN_GREY)
        draw_cell(ax, x + 0.5, -1.9, colour, edge=INK)
    for i in range(n + 1):  # boundary i: a tick down from the line to its column's number
        ax.plot([i + 0.5, i + 0.5], [-0.9, -0.6], color=INK, linewidth=1.2)
        ax.text(i + 0.5, -0.35, str(i), ha="center", va="center", fontsize=FONT)
    ax.text(-0.2, -0.35, i_label, ha="right", va="center", fontsize=FONT)
    fit, no_fit = "#2b5fa8", "#eef1f6"
    for j, row in enumerate(table):
        name = "no block" if j == 0 else f"blocks {list(clue[:j])}"
        ax.text(-0.2, j + 0.5, f"j = {j}: {name}", ha="right", va="center", fontsize=FONT)
        for i, fits in enumerate(row):
            draw_cell(ax, i + 0.05, j + 0.05, fit if fits else no_fit, size=0.9, edge=PAPER)
    draw_cell(ax, n, k, "none", size=1.0, edge=DECIDED, linewidth=2.5)
    fig.text(
        0.01,
        0.99,
        f"fwd[j][i] for the clue {list(clue)}: do the first j blocks fit in the first i cells?",
        ha="left",
        va="top",
        fontsize=FONT,
    )
    answer = f"fwd[j][i] at j = {k}, i = {n}: the answer"
    entries = [(fit, "the blocks fit"), (no_fit, "they do not"), (PAPER, answer)]
    edges = [fit, GRID_LINE, DECIDED]
    shown = {
        1: (INK, "known filled"),
        0: (PAPER, "known empty"),
        UNKNOWN: (UNKNOWN_GREY, "open"),
    }
    for value in (UNKNOWN, 1, 0):
        if value in cells:
            entries.append(shown[value])
            edges.append(INK)
    add_legend(fig, entries, edges=edges, columns=3 if len(entries) > 4 else None, font=FONT - 1)
    return fig


# --- the placements and their selectors -----------------------------------------------------


Placement = tuple[tuple[int, ...], tuple[int, ...]]
"""A placement as ``(start of each block, 0/1 line)``."""


def selector_grid(clue: Sequence[int], length: int) -> list[Placement]:
    """Every placement of ``clue`` as ``(block starts, 0/1 line)``, in the order the
    all-placements CNF numbers its selectors."""
    _check_fits(clue, length)
    return list(zip(placement_starts(clue, length), placements(clue, length), strict=True))


def painters(clue: Sequence[int], length: int, first_selector: int = 1) -> list[list[int]]:
    """For each cell, the selectors whose placement paints it (numbered from
    ``first_selector`` in placement order): the clause "a filled cell needs one of them"."""
    grid = selector_grid(clue, length)
    return [
        [first_selector + p for p, (_, line) in enumerate(grid) if line[x]] for x in range(length)
    ]


def selector_figure(
    clue: Sequence[int], length: int, *, first_selector: int = 1, first_cell: int | None = None
) -> Figure:
    """One row per placement of ``clue`` (one selector variable each), one column per cell.

    A dark square: the placement paints that cell. Under each column, the selectors that
    paint the cell. ``first_selector`` numbers the selectors; ``first_cell`` (optional)
    labels the columns with the cells' variable numbers as a CNF would (for example 1).
    """
    grid = selector_grid(clue, length)
    cell_painters = painters(clue, length, first_selector)
    label_width = _label_width(
        [
            f"selector {first_selector + p}: starts {', '.join(map(str, starts))}"
            for p, (starts, _) in enumerate(grid)
        ],
        0.6,
    )
    rows = len(grid)
    deepest = max((len(names) for names in cell_painters), default=1)
    fig, ax = sized_figure(
        (-label_width, length + 0.3),
        (rows + 0.6 + 0.42 * deepest, -1.3),
        0.6,
        top=0.35,
        bottom=0.45,
    )
    for x in range(length):
        name = f"cell {x}" if first_cell is None else f"cell {x}\nvar {first_cell + x}"
        ax.text(x + 0.5, -0.15, name, ha="center", va="bottom", fontsize=FONT - 1)
    for p, (starts, line) in enumerate(grid):
        starts_text = ", ".join(map(str, starts))
        ax.text(
            -0.2,
            p + 0.5,
            f"selector {first_selector + p}: starts {starts_text}",
            ha="right",
            va="center",
            fontsize=FONT,
        )
        for x, value in enumerate(line):
            draw_cell(ax, x, p, INK if value else PAPER, edge=GRID_LINE)
    ax.text(-0.2, rows + 0.55, "painted by\nselectors", ha="right", va="top", fontsize=FONT)
    for x, names in enumerate(cell_painters):
        text = "\n".join(map(str, names)) if names else "none"
        ax.text(
            x + 0.5, rows + 0.3, text, ha="center", va="top", fontsize=FONT - 1, color=SOLVED_INK
        )
    fig.text(
        0.01,
        0.99,
        f"the placements of {list(clue)} in {length} cells",
        ha="left",
        va="top",
        fontsize=FONT + 1,
    )
    add_legend(
        fig, [(INK, "the placement paints the cell"), (PAPER, "leaves it empty")], font=FONT - 1
    )
    return fig


def accepting_handle() -> Line2D:
    """The legend entry of an accepting state (a double circle) in the automaton figures."""
    return Line2D([], [], color=INK, marker="$◎$", markersize=15, linestyle="none",
                  label="accepting state: a line may end here")  # fmt: skip


def draw_run(
    ax: Axes, path: Sequence[int] | None, accepting: set[int], first: float, y: float, cells: int
) -> None:
    """Under a line of ``cells`` cells drawn from ``first`` (0.8 apart) at height ``y``: the
    state the automaton reaches after each cell (``path`` from the start state; ``None`` when
    it gets stuck, so no state is written) and the verdict."""
    for x, reached in enumerate([] if path is None else path[1:]):
        ax.text(first + 0.3 + 0.8 * x, y + 1.05, str(reached), ha="center", va="center",
                fontsize=FONT, color=SOLVED_INK)  # fmt: skip
    verdict = (
        f"ends in state {path[-1]}, an accepting state: the line fits the clue"
        if path is not None and path[-1] in accepting
        else "stuck or not in an accepting state: the line does not fit the clue"
    )
    ax.text(first + 0.8 * cells + 0.3, y + 1.05, verdict, ha="left", va="center", fontsize=FONT)
