"""Pictures of three encodings: the ladder's "exactly one", the compact CNF's block windows,
and the automaton unrolled over a line (the trellis the automaton CNF gives a variable each).

As in :mod:`.lines`, each picture has a data function, computed by the code it explains and
tested against it, and a drawing function that only draws that data:

- :func:`ladder_values` / :func:`ladder_figure`: PySAT's own ladder clauses, and what unit
  propagation sets once one selector is chosen;
- :func:`start_windows` / :func:`windows_figure`: the cells each block may start at, one
  selector of :func:`~helper.nonogram.models.cnf_compact.line_compact_clauses` each;
- :func:`trellis` / :func:`trellis_figure`: the (cell, state) pairs of the automaton CNF, the
  live states of :func:`~helper.nonogram.models.cnf_automaton.live_states`.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch
from pysat.card import CardEnc

from helper.backends.pysat import SatSolver
from helper.figure import FONT, add_legend, draw_cell, sized_figure
from helper.nonogram.models.cnf_automaton import live_states, template
from helper.nonogram.models.cnf_placements import EXACTLY_ONE
from helper.nonogram.placements import min_length
from helper.palette import BLOCK_COLOURS, GRID_LINE, INK, PAPER, SOLVED_INK, UNKNOWN_GREY
from helper.sigint import pysat_sigint

from .lines import EMPTY_ARROW, automaton_states, run_automaton

TRUE_FILL = "#2b5fa8"
"""A variable that unit propagation made true (propagation's blue)."""
FALSE_FILL = "#eef1f6"
"""A variable that unit propagation made false."""


# --- the ladder -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Ladder:
    """The ladder encoding of "exactly one of ``m`` selectors", and one propagation on it.

    ``rungs[i]`` is the variable of rung ``i + 1`` ("the chosen selector comes after selector
    ``i + 1``"), read off PySAT's clauses; ``selectors`` and ``rung_values`` are what unit
    propagation sets after choosing selector ``chosen`` (1-based).
    """

    m: int
    chosen: int
    clauses: list[list[int]]
    rungs: list[int]
    selectors: list[bool]
    rung_values: list[bool]


def ladder_values(m: int, chosen: int) -> Ladder:
    """PySAT's ladder for selectors ``1 .. m``, and unit propagation from choosing one.

    Selector ``i`` and its rung ``r_i`` share the clause ``[-i, -r_i]`` (a chosen selector
    clears its own rung); that is how the rungs are found among PySAT's helper variables.
    """
    if m < 3:
        raise ValueError(f"PySAT writes the ladder from 3 selectors on (pairwise below), not {m}")
    if not 1 <= chosen <= m:
        raise ValueError(f"chosen is a selector from 1 to {m}, not {chosen}")
    with pysat_sigint():
        clauses = CardEnc.equals(
            list(range(1, m + 1)), bound=1, top_id=m, encoding=EXACTLY_ONE
        ).clauses
    rungs = []
    for i in range(1, m + 1):
        partners = [
            -other for a, other in (c for c in clauses if len(c) == 2) if a == -i and other < -m
        ]
        if len(partners) != 1:
            raise RuntimeError(f"PySAT's ladder changed: selector {i} has rungs {partners}")
        rungs.append(partners[0])
    with SatSolver("glucose4", clauses) as solver:
        consistent, implied = solver.propagate([chosen])
    if not consistent:
        raise RuntimeError("choosing one selector of the ladder cannot be a conflict")
    true = {literal for literal in implied if literal > 0}
    decided = {abs(literal) for literal in implied}
    if not all(v in decided for v in [*range(1, m + 1), *rungs]):
        raise RuntimeError("unit propagation left a selector or a rung of the ladder open")
    return Ladder(
        m,
        chosen,
        clauses,
        rungs,
        [i in true for i in range(1, m + 1)],
        [r in true for r in rungs],
    )


def ladder_figure(m: int = 6, chosen: int = 3) -> Figure:
    """The selectors in a row, each above its rung, as unit propagation sets them once
    selector ``chosen`` is true: the rungs before it are set, the others clear."""
    data = ladder_values(m, chosen)
    fig, ax = sized_figure((-3.2, m + 0.2), (3.3, -0.7), 0.75, top=0.4, bottom=0.45)
    for i in range(m):
        ax.text(i + 0.5, -0.3, f"{i + 1}", ha="center", va="center", fontsize=FONT)
        for row, value in ((0, data.selectors[i]), (1.6, data.rung_values[i])):
            draw_cell(ax, i + 0.1, row, TRUE_FILL if value else FALSE_FILL, size=0.8, edge=INK)
            ax.text(
                i + 0.5,
                row + 0.4,
                "true" if value else "false",
                ha="center",
                va="center",
                fontsize=FONT - 2,
                color=PAPER if value else INK,
            )
        if i + 1 < m:  # the ladder: rung i + 2 implies rung i + 1
            ax.annotate(
                "",
                xy=(i + 0.9, 2.0),
                xytext=(i + 1.1, 2.0),
                arrowprops={"arrowstyle": "-|>", "color": INK, "linewidth": 1.2},
            )
    ax.text(-0.2, -0.3, "i", ha="right", va="center", fontsize=FONT)
    ax.text(-0.2, 0.4, "selector i", ha="right", va="center", fontsize=FONT)
    ax.text(
        -0.2, 2.0, "rung i: the chosen\none comes after i", ha="right", va="center", fontsize=FONT
    )
    fig.text(
        0.01,
        0.99,
        f"the ladder for exactly one of {m} selectors, after choosing selector {chosen}",
        ha="left",
        va="top",
        fontsize=FONT + 1,
    )
    add_legend(
        fig,
        [(TRUE_FILL, "true"), (FALSE_FILL, "false"), (PAPER, "← rung i + 1 implies rung i")],
        edges=[INK, INK, PAPER],
        font=FONT - 1,
    )
    return fig


# --- the compact CNF's windows --------------------------------------------------------------


def start_windows(clue: Sequence[int], length: int) -> list[list[int]]:
    """For each block, the cells it may start at: ``slack + 1`` cells from its earliest start,
    where the slack is how far the blocks can slide. The compact CNF has one selector each."""
    if min_length(clue) > length:
        raise ValueError(f"clue {list(clue)} needs {min_length(clue)} cells, the line has {length}")
    slack = length - min_length(clue)
    earliest = [sum(clue[:j]) + j for j in range(len(clue))]
    return [list(range(e, e + slack + 1)) for e in earliest]


def windows_figure(clue: Sequence[int], length: int, *, first_selector: int = 1) -> Figure:
    """One row per block: the cells it may start at (numbered selectors) and the further
    cells it may cover."""
    windows = start_windows(clue, length)
    labels = [f"block {j + 1} (length {b})" for j, b in enumerate(clue)]
    entries = [  # one per block, in its colour, in the legend's first column
        (BLOCK_COLOURS[j % len(BLOCK_COLOURS)], f"block {j + 1} may start here (its selector)")
        for j in range(len(clue))
    ]
    entries += [(UNKNOWN_GREY, "the block may cover this cell"), (PAPER, "it never reaches it")]
    legend_rows = -(-len(entries) // 2)
    fig, ax = sized_figure(
        (-3.4, length + 0.2), (len(clue) + 0.2, -0.7), 0.6, top=0.4, bottom=0.2 + 0.25 * legend_rows
    )
    for x in range(length):
        ax.text(x + 0.5, -0.3, str(x), ha="center", va="center", fontsize=FONT)
    ax.text(-0.2, -0.3, "cell", ha="right", va="center", fontsize=FONT)
    selector = first_selector
    for j, (block, window) in enumerate(zip(clue, windows, strict=True)):
        colour = BLOCK_COLOURS[j % len(BLOCK_COLOURS)]
        ax.text(-0.2, j + 0.5, labels[j], ha="right", va="center", fontsize=FONT)
        covers = set(range(window[0], window[-1] + block))
        for x in range(length):
            if x in window:
                draw_cell(ax, x, j, colour, edge=GRID_LINE)
                ax.text(
                    x + 0.5,
                    j + 0.5,
                    str(selector),
                    ha="center",
                    va="center",
                    fontsize=FONT - 1,
                    color=PAPER,
                )
                selector += 1
            else:
                draw_cell(ax, x, j, UNKNOWN_GREY if x in covers else PAPER, edge=GRID_LINE)
    fig.text(
        0.01,
        0.99,
        f"the compact CNF of {list(clue)} in {length} cells: a selector per block and start",
        ha="left",
        va="top",
        fontsize=FONT + 1,
    )
    add_legend(fig, entries, columns=2, font=FONT - 1)
    return fig


# --- the trellis: the automaton unrolled over a line ----------------------------------------


@dataclass(frozen=True)
class Trellis:
    """The automaton of ``clue`` unrolled over a line: ``live[i]`` holds the states the line
    can be in after its first ``i`` cells on some accepted line that agrees with ``known``
    (the automaton CNF's variables), ``edges`` the moves between them (layer, state, next)."""

    clue: tuple[int, ...]
    known: tuple[int, ...]
    live: list[list[int]]
    edges: list[tuple[int, int, int]]


def trellis(clue: Sequence[int], length: int, known: Sequence[int] | None = None) -> Trellis:
    """The live (cell, state) pairs of :func:`~helper.nonogram.models.cnf_automaton.live_states`
    and the moves between them. ``known`` holds -1 / 0 / 1 per cell (nothing known by default).
    Raises ``ValueError`` when no accepted line agrees with ``known``."""
    known = [-1] * length if known is None else list(known)
    if len(known) != length:
        raise ValueError(f"known has {len(known)} cells, the line {length}")
    masks = live_states(clue, known)
    if masks is None:
        raise ValueError(f"no line of {list(clue)} agrees with {known}")
    values = template(clue)
    live = [[q for q in range(len(values)) if mask >> q & 1] for mask in masks]
    edges = []
    for i in range(length):
        for q in live[i]:
            for nxt in (q, q + 1):
                stays = nxt == q and values[q] == 0
                if (stays or nxt == q + 1) and nxt in live[i + 1]:
                    edges.append((i, q, nxt))
    return Trellis(tuple(clue), tuple(known), live, edges)


def trellis_figure(
    clue: Sequence[int],
    length: int,
    *,
    known: Sequence[int] | None = None,
    line: Sequence[int] | None = None,
) -> Figure:
    """The trellis: one column per layer (after 0, 1, ... cells), one row per state; a circle
    is a live pair (a variable of the automaton CNF), an arrow a move that reads the cell
    between two layers. ``line`` (optional) is drawn on top, and its run through the states
    is drawn bold."""
    data = trellis(clue, length, known)
    states, transitions = automaton_states(clue)
    path = None if line is None else run_automaton(transitions, line)
    step_x, step_y = 1.3, 0.75
    top = -1.6 if line is not None else -0.9
    fig, ax = sized_figure(
        (-3.6, length * step_x + 0.5),
        ((len(states) - 1) * step_y + 0.6, top),
        0.7,
        top=0.4,
        bottom=0.5,
    )
    values = template(clue)
    for state in states:
        y = state.number * step_y
        name = state.label.replace("\n", " ")
        ax.text(-0.4, y, f"{state.number}: {name}", ha="right", va="center", fontsize=FONT - 1)
    on_path = set()
    if path is not None:
        on_path = {(i, path[i], path[i + 1]) for i in range(length)}
        ax.text(-0.4, top + 0.45, "a line", ha="right", va="center", fontsize=FONT)
        for x, value in enumerate(line or []):
            draw_cell(
                ax,
                (x + 0.5) * step_x - 0.25,
                top + 0.2,
                INK if value else PAPER,
                size=0.5,
                edge=INK,
            )
    layer_y = top + (0.95 if line is not None else 0.45) - 0.1
    ax.text(-0.4, layer_y, "cells read", ha="right", va="center", fontsize=FONT - 1)
    for i in range(length + 1):
        ax.text(i * step_x, layer_y, f"{i}", ha="center", va="center", fontsize=FONT - 1)
    for i, q, nxt in data.edges:
        bold = (i, q, nxt) in on_path
        reads = values[nxt]
        ax.add_patch(
            FancyArrowPatch(
                (i * step_x, q * step_y),
                ((i + 1) * step_x, nxt * step_y),
                arrowstyle="-|>",
                mutation_scale=10,
                shrinkA=9,
                shrinkB=9,
                linewidth=2.6 if bold else 1.0,
                color=INK if reads else EMPTY_ARROW,
                linestyle="-" if reads else (0, (4, 2)),
            )
        )
    for i, layer in enumerate(data.live):
        for q in layer:
            bold = path is not None and path[i] == q
            ax.add_patch(
                Circle(
                    (i * step_x, q * step_y),
                    0.2,
                    facecolor=SOLVED_INK if bold else PAPER,
                    edgecolor=INK,
                    linewidth=1.4,
                    zorder=3,
                )
            )
    fig.text(
        0.01,
        0.99,
        f"the automaton of {list(clue)} unrolled over {length} cells",
        ha="left",
        va="top",
        fontsize=FONT,
    )
    key = [
        Line2D([], [], color=INK, linewidth=1.2, label="reads a filled cell"),
        Line2D(
            [],
            [],
            color=EMPTY_ARROW,
            linewidth=1.2,
            linestyle=(0, (4, 2)),
            label="reads an empty cell",
        ),
        Line2D(
            [],
            [],
            color=INK,
            marker="o",
            markerfacecolor=PAPER,
            linestyle="none",
            label="(cells read, state) on an accepted line",
        ),
    ]
    if path is not None:
        key.append(
            Line2D(
                [],
                [],
                color=INK,
                marker="o",
                markerfacecolor=SOLVED_INK,
                linewidth=2.6,
                label="the line's run",
            )
        )
    fig.legend(
        handles=key,
        loc="lower center",
        bbox_to_anchor=(0.5, 0.0),
        frameon=False,
        fontsize=FONT - 1,
        ncols=len(key),
    )
    return fig
