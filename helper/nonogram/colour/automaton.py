"""The automaton of a colour clue, the one definition that line logic, the CP-SAT model and
the CNF read.

A clue ``((b1, c1), ..., (bk, ck))`` is laid out as a **template** of ``1 + sum(b) + k``
positions: a gap, the ``b1`` cells of block 1 (each of colour ``c1``), a gap, ..., the cells
of block k, a gap. After reading ``i`` cells a line stands at one template position, its
*state*: a gap state (value 0, the background) may repeat, a block state is read once. From
state ``q`` the next cell

- stays at ``q`` when ``q`` is a gap and the cell is background;
- moves on to ``q + 1`` when the cell has the colour of position ``q + 1``;
- jumps to ``q + 2`` when ``q`` ends block ``j`` and block ``j + 1`` has another colour: the
  gap between two blocks of different colours may be empty.

This is :func:`~helper.nonogram.models.cpsat_automaton.line_automaton` of black and white
with one more kind of move (the jump); with one colour there is no jump and the two automata
are the same. The automaton is deterministic: from each state, each colour leads to at most
one state.

:func:`live_states` sweeps it forward and backward over a line whose cells may each still be
several colours (a bit mask of colours per cell), with one bit per state, as
:func:`~helper.nonogram.models.cnf_automaton.live_states` does for black and white.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .check import Block

Transition = tuple[int, int, int]  # (state, cell colour, next state)


@dataclass(frozen=True)
class Template:
    """The positions of one colour clue and their bit masks.

    ``values[q]`` is the colour of position ``q`` (0 for a gap); ``by_colour[c]`` has bit ``q``
    set for each position of colour ``c`` (``by_colour[0]`` the gaps); ``jumps`` has bit ``q``
    set where the last cell of a block is followed by a block of another colour; ``ends`` holds
    the accepting states (the last gap, and the last block's last cell).
    """

    values: tuple[int, ...]
    by_colour: tuple[int, ...]
    jumps: int
    ends: int

    @property
    def size(self) -> int:
        """The number of positions (states)."""
        return len(self.values)

    @property
    def gaps(self) -> int:
        """The gap states, as a bit mask."""
        return self.by_colour[0]

    def transitions(self) -> list[Transition]:
        """Every move ``(state, colour, next state)``: the table of CP-SAT's
        ``add_automaton``."""
        values, size = self.values, len(self.values)
        moves: list[Transition] = []
        for q, value in enumerate(values):
            if value == 0:
                moves.append((q, 0, q))
            if q + 1 < size:
                moves.append((q, values[q + 1], q + 1))
            if self.jumps >> q & 1:
                moves.append((q, values[q + 2], q + 2))
        return moves

    def finals(self) -> list[int]:
        """The accepting states."""
        return [q for q in range(self.size) if self.ends >> q & 1]


@cache
def template(clue: tuple[Block, ...], colours: int) -> Template:
    """The :class:`Template` of ``clue`` in a palette of ``colours`` clue colours.

    Examples
    --------
    >>> t = template(((2, 1), (1, 2)), 2)
    >>> t.values, bin(t.jumps), t.finals()
    ((0, 1, 1, 0, 2, 0), '0b100', [4, 5])
    """
    values = [0]
    jumps = 0
    for j, (length, colour) in enumerate(clue):
        values += [colour] * length
        if j + 1 < len(clue) and clue[j + 1][1] != colour:
            jumps |= 1 << (len(values) - 1)
        values.append(0)
    by_colour = [0] * (colours + 1)
    for q, value in enumerate(values):
        by_colour[value] |= 1 << q
    size = len(values)
    ends = 1 << (size - 1)
    if clue:
        ends |= 1 << (size - 2)
    return Template(tuple(values), tuple(by_colour), jumps, ends)


def live_states(t: Template, allowed: Sequence[int]) -> list[int] | None:
    """Per layer ``0 .. n``, the bit mask of the states on some accepting run whose every
    cell takes a colour it is allowed; ``None`` when no run is left.

    ``allowed[i]`` has bit ``c`` set when cell ``i`` may still be colour ``c`` (bit 0: the
    background). Forward, ``F[i + 1] = (F[i] & gaps | F[i] << 1 | (F[i] & jumps) << 2) &
    states(i)``, where ``states(i)`` holds the positions of the colours cell ``i`` may take;
    backward is the mirror image, and a state is live when it is reached both ways.
    """
    gaps, jumps, by_colour = t.gaps, t.jumps, t.by_colour
    states = []
    for colours in allowed:
        mask, c = 0, 0
        while colours:
            if colours & 1:
                mask |= by_colour[c] if c < len(by_colour) else 0
            colours >>= 1
            c += 1
        states.append(mask)
    forward = forward_states(t, states)
    if forward is None:
        return None
    back = forward[-1] & t.ends
    if not back:
        return None
    live = [back]
    for i in range(len(states) - 1, -1, -1):
        back = ((back & gaps) | (back >> 1) | ((back >> 2) & jumps)) & forward[i]
        live.append(back)
    return live[::-1]


def forward_states(t: Template, layers: Sequence[int]) -> list[int] | None:
    """The forward sweep of :func:`live_states`: per layer ``0 .. n``, the bit mask of the
    states some run reaches, each cell's run kept within ``layers[i]`` (a mask of the
    template's states); ``None`` as soon as a layer is left with no state."""
    gaps, jumps = t.gaps, t.jumps
    forward = [1]
    reach = 1
    for states in layers:
        reach = ((reach & gaps) | (reach << 1) | ((reach & jumps) << 2)) & states
        if not reach:
            return None
        forward.append(reach)
    return forward


def cell_colours(t: Template, live: Sequence[int]) -> list[int]:
    """What the live states leave each cell: a bit mask of its possible colours per cell."""
    out = []
    for layer in live[1:]:
        mask = 0
        for c, states in enumerate(t.by_colour):
            if layer & states:
                mask |= 1 << c
        out.append(mask)
    return out


__all__ = ["Template", "Transition", "cell_colours", "forward_states", "live_states", "template"]
