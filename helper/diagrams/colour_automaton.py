"""The automaton of one colour clue as a state diagram: what colour adds to the black-and-white
automaton of :mod:`helper.diagrams.lines`.

The states and moves are those of
:func:`~helper.nonogram.models.colour_automaton.colour_line_automaton` (the automaton the
CP-SAT model, the CNF and line logic read), classified, never derived a second time:

- a **loop** stays in a gap state on a background cell (any number of them);
- a **step** reads the colour of the next position (a block's cell, or the one background
  cell a gap needs);
- a **jump** is the one move colour adds: from the last cell of a block straight into the
  first cell of the next block, which has another colour, with no background cell between.
  Two neighbouring blocks of the same colour have none: they need their gap.

:func:`colour_automaton_moves` gives this data, :func:`draw_colour_automaton` draws it.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch

from helper.figure import FONT, draw_cell, sized_figure
from helper.nonogram.colour.automaton import template
from helper.nonogram.colour.palette import Palette
from helper.nonogram.colour.puzzle import clue_text
from helper.nonogram.models.colour_automaton import colour_line_automaton
from helper.palette import GRID_LINE, INK, PAPER, readable_ink

from .lines import EMPTY_ARROW, MAX_WIDTH, accepting_handle, draw_run, run_automaton

JUMP_STYLE = (0, (7, 2, 1.5, 2))
"""The dash pattern of a jump (dash, dot): a background move is dashed, a step solid."""
BACKGROUND_STYLE = (0, (4, 2))
"""The dash pattern of a move that reads a background cell (as in
:func:`helper.diagrams.automaton_figure`)."""


@dataclass(frozen=True)
class ColourState:
    """One state of a colour clue's automaton: a position of the clue's template."""

    number: int
    colour: int
    """The colour of the cell that enters it, 0 (the background) for a gap, else its block's."""
    role: str
    """``"before"`` (leading background), ``"block"``, ``"gap"`` or ``"after"``."""
    label: str
    """Two short lines for the diagram, for example ``"block 1\\ncell 2"``."""
    accepting: bool


@dataclass(frozen=True)
class ColourMove:
    """One transition ``(source, colour, target)`` of the automaton and its kind."""

    source: int
    colour: int
    target: int
    kind: str
    """``"loop"`` (stays, on background), ``"step"`` (next position) or ``"jump"`` (over an
    empty gap into a block of another colour)."""


def _blocks(clue: Sequence[Any], palette: Palette) -> tuple[tuple[int, int], ...]:
    """The clue as ``(length, colour number)`` blocks, a colour given by name or number."""
    blocks = []
    for j, block in enumerate(clue):
        if isinstance(block, (str, bytes)) or not isinstance(block, Sequence) or len(block) != 2:
            raise ValueError(f"block {j}: {block!r} is not a block (length, colour)")
        length, colour = block
        if isinstance(length, bool) or not isinstance(length, Integral) or length < 1:
            raise ValueError(f"block {j}: length {length!r} is not a positive integer")
        if isinstance(colour, str):
            colour = palette.index(colour)
        elif isinstance(colour, bool) or not isinstance(colour, Integral):
            raise ValueError(f"block {j}: colour {colour!r} is neither a name nor a number")
        if not 1 <= colour <= len(palette):
            raise ValueError(
                f"block {j}: unknown colour number {colour}; the clue colours are 1 to "
                f"{len(palette)} ({', '.join(palette.names[1:])})"
            )
        blocks.append((int(length), int(colour)))
    return tuple(blocks)


def colour_automaton_moves(
    clue: Sequence[Any], palette: Palette
) -> tuple[list[ColourState], list[ColourMove]]:
    """The states of a colour clue's automaton with their roles, and its moves, each of a kind.

    Parameters
    ----------
    clue
        ``(length, colour)`` blocks, each colour a clue colour's name or number (from 1).
    palette
        The puzzle's palette.

    Returns
    -------
    tuple[list[ColourState], list[ColourMove]]
        The states in template order, and the transitions of
        :func:`~helper.nonogram.models.colour_automaton.colour_line_automaton` in its order.

    Raises
    ------
    ValueError
        When a block is not ``(length, colour)`` with a positive length and a colour of the
        palette.

    Examples
    --------
    >>> palette = Palette([("red", "d62728"), ("blue", "1f77b4")])
    >>> states, moves = colour_automaton_moves([(1, "red"), (1, "blue")], palette)
    >>> [s.role for s in states]
    ['before', 'block', 'gap', 'block', 'after']
    >>> [(m.source, m.colour, m.target) for m in moves if m.kind == "jump"]
    [(1, 2, 3)]
    """
    blocks = _blocks(clue, palette)
    transitions, finals = colour_line_automaton(blocks, len(palette))
    values = template(blocks, len(palette)).values
    states = [ColourState(0, 0, "before", "before\nthe blocks", 0 in finals)]
    for j, (length, colour) in enumerate(blocks):
        for i in range(length):
            label = f"block {j + 1}" + (f"\ncell {i + 1}" if length > 1 else "")
            states.append(ColourState(len(states), colour, "block", label, len(states) in finals))
        last = j == len(blocks) - 1
        role, label = ("after", "after\nthe blocks") if last else ("gap", "gap")
        states.append(ColourState(len(states), 0, role, label, len(states) in finals))
    assert tuple(s.colour for s in states) == values  # the template's positions, in order
    kinds = {0: "loop", 1: "step", 2: "jump"}
    moves = [ColourMove(s, c, t, kinds[t - s]) for s, c, t in transitions]
    return states, moves


def _arrow_colour(colour: int, palette: Palette) -> str:
    return EMPTY_ARROW if colour == 0 else "#" + palette[colour].hex


def draw_colour_automaton(
    clue: Sequence[Any],
    palette: Palette,
    *,
    line: Sequence[int] | None = None,
    title: str | None = None,
) -> Figure:
    """The automaton of one colour clue as a state diagram, states left to right.

    A circle is a state, filled with the colour of its block (white for the background's
    states: before the blocks, the gaps, after them); a double circle is an accepting state.
    A loop over a state reads any number of background cells; a straight arrow reads the
    colour of the next state, in that colour (background moves dashed grey, as in
    :func:`~helper.diagrams.automaton_figure`). A high arc, dash-dotted, is a **jump**: the
    move colour adds, from the end of a block straight into the next block, of another
    colour, with no background cell between. Each arrow carries its colour's name.

    Parameters
    ----------
    clue
        ``(length, colour)`` blocks, each colour a clue colour's name or number (from 1).
    palette
        The puzzle's palette (the background names the background's moves).
    line
        A line of colour numbers to run through the automaton, written under it with the
        state after each cell (optional).
    title
        The figure's title (by default the clue, named as a person reads it).

    Returns
    -------
    matplotlib.figure.Figure
        The diagram. Each arrow has the ``gid`` ``"loop s c t"``, ``"step s c t"`` or
        ``"jump s c t"``: the transition it draws.

    Raises
    ------
    ValueError
        When a block is not ``(length, colour)`` of the palette, or a cell of ``line`` is not
        one of its colours.

    Examples
    --------
    >>> from matplotlib.patches import FancyArrowPatch
    >>> palette = Palette([("red", "d62728"), ("blue", "1f77b4")])
    >>> figure = draw_colour_automaton([(2, "red"), (1, "blue"), (1, "blue")], palette)
    >>> arrows = [p.get_gid() for p in figure.axes[0].patches if isinstance(p, FancyArrowPatch)]
    >>> [gid for gid in arrows if gid.startswith("jump")]  # red, blue jump; blue, blue not
    ['jump 2 2 4']
    """
    states, moves = colour_automaton_moves(clue, palette)
    if line is not None:
        for i, value in enumerate(line):
            if isinstance(value, bool) or not isinstance(value, Integral):
                raise ValueError(f"cell {i} of the line is {value!r}, not a colour number")
            if not 0 <= value <= len(palette):
                raise ValueError(
                    f"cell {i} of the line is {value}; the colours are 0 (background) to "
                    f"{len(palette)}"
                )
    count = len(states)
    step = 2.0 if count <= 7 else 1.75
    radius = 0.42
    jumps = any(m.kind == "jump" for m in moves)
    extra = 1.9 if line is not None else 0.0
    top = -3.0 if jumps else -2.3
    scale = 0.78
    for _ in range(3):  # the room for "start" on the left, in data units, depends on the scale
        xlim = (-(radius + 0.35 + 0.5 / scale), (count - 1) * step + 1.0)
        scale = min(0.78, MAX_WIDTH / (xlim[1] - xlim[0]))
    used = list(dict.fromkeys(m.colour for m in moves if m.colour))  # in the clue's order
    key_rows = -(-(len(used) + 2 + jumps) // 2)
    fig, ax = sized_figure(
        xlim, (1.6 + extra, top), scale, top=0.4, bottom=0.15 + 0.28 * key_rows, min_width=6.5
    )

    for state in states:
        x = state.number * step
        fill = "#" + palette[state.colour].hex if state.colour else PAPER
        ax.add_patch(Circle((x, 0), radius, facecolor=fill, edgecolor=INK, linewidth=1.6))
        if state.accepting:
            ax.add_patch(
                Circle((x, 0), radius - 0.08, facecolor="none", edgecolor=INK, linewidth=1.2)
            )
        ink = readable_ink(palette[state.colour].rgb) if state.colour else INK
        ax.text(x, 0, str(state.number), ha="center", va="center", fontsize=FONT + 2, color=ink)
        ax.text(x, radius + 0.2, state.label, ha="center", va="top", fontsize=FONT - 1)

    def arrow(start, end, move: ColourMove, bend: float) -> None:
        style: Any = "-"
        if move.colour == 0:
            style = BACKGROUND_STYLE
        elif move.kind == "jump":
            style = JUMP_STYLE
        ax.add_patch(
            FancyArrowPatch(
                start,
                end,
                arrowstyle="-|>",
                mutation_scale=14,
                linewidth=2.0 if move.kind == "jump" else 1.6,
                color=_arrow_colour(move.colour, palette),
                linestyle=style,
                shrinkA=0,
                shrinkB=0,
                connectionstyle=f"arc3,rad={bend}",
                gid=f"{move.kind} {move.source} {move.colour} {move.target}",
            )
        )

    names = palette.names
    for move in moves:
        x, end_x = move.source * step, move.target * step
        name = names[move.colour]
        if move.kind == "loop":
            arrow((x - 0.25, -radius + 0.05), (x + 0.25, -radius + 0.05), move, -2.2)
            ax.text(x, -1.45, name, ha="center", va="center", fontsize=FONT - 1)
        elif move.kind == "step":
            arrow((x + radius, 0), (end_x - radius, 0), move, 0.0)
            ax.text((x + end_x) / 2, -0.2, name, ha="center", va="bottom", fontsize=FONT - 1)
        else:  # a jump: a high arc over the gap state it skips (and that state's loop)
            chord = end_x - x - 0.5
            apex = 2.05  # how far above the states' tops the arc's middle passes
            arrow(
                (x + 0.25, -radius + 0.08), (end_x - 0.25, -radius + 0.08), move, -2 * apex / chord
            )
            ax.text(
                (x + end_x) / 2,
                -radius - apex - 0.08,
                name,
                ha="center",
                va="bottom",
                fontsize=FONT - 1,
            )
    ax.annotate(
        "start",
        xy=(-radius, 0),
        xytext=(xlim[0] + 0.05, 0),
        va="center",
        fontsize=FONT,
        arrowprops={"arrowstyle": "-|>", "color": INK, "linewidth": 1.4},
    )

    if line is not None:
        transitions = [(m.source, m.colour, m.target) for m in moves]
        path = run_automaton(transitions, line)
        y, words = 1.75, xlim[0] + 0.05
        first = words + 1.1 / scale  # the first cell, right of the words
        ax.text(words, y + 0.3, "a line", ha="left", va="center", fontsize=FONT)
        ax.text(words, y + 1.05, "state after\nthe cell", ha="left", va="center", fontsize=FONT)
        for i, value in enumerate(line):
            fill = "#" + palette[value].hex if value else PAPER
            draw_cell(ax, first + 0.8 * i, y, fill, size=0.6, edge=INK if value else GRID_LINE)
        draw_run(ax, path, {s.number for s in states if s.accepting}, first, y, len(line))

    blocks = _blocks(clue, palette)
    heading = title or f"automaton of the clue {clue_text(blocks, palette)}"
    fig.text(0.01, 0.99, heading, ha="left", va="top", fontsize=FONT + 1)
    key: list[Any] = [
        Line2D(
            [],
            [],
            color=EMPTY_ARROW,
            linewidth=1.6,
            linestyle=BACKGROUND_STYLE,
            label=f"reads a background cell ({palette.background.name})",
        ),
        *(
            Line2D(
                [],
                [],
                color=_arrow_colour(c, palette),
                linewidth=1.6,
                label=f"reads a {names[c]} cell",
            )
            for c in used
        ),
    ]
    if jumps:
        key.append(
            Line2D(
                [],
                [],
                color=INK,
                linewidth=2.0,
                linestyle=JUMP_STYLE,
                label="jump: into a block of another colour, no gap",
            )
        )
    key.append(accepting_handle())
    fig.legend(
        handles=key,
        loc="lower center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=2,
        frameon=False,
        fontsize=FONT - 1,
        handlelength=2.8,
        columnspacing=1.4,
    )
    return fig


__all__ = [
    "ColourMove",
    "ColourState",
    "colour_automaton_moves",
    "draw_colour_automaton",
]
