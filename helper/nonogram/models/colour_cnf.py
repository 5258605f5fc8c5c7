"""The automaton CNF of a colour Nonogram: one Boolean per cell and colour, exactly one colour
per cell, and each line's automaton unrolled as in :mod:`.cnf_automaton`.

Cell ``(r, c)`` taking colour ``v`` (0 the background, ``1 .. k`` the clue colours) is the
variable ``(r * width + c) * (k + 1) + v + 1``, and every cell takes exactly one colour (one
clause "at least one", and a clause per pair "not both"). Each line's clue is a template of
states (:mod:`helper.nonogram.colour.automaton`); only the states on some accepting run that
agrees with the colours still allowed get a variable (a forward and a backward sweep), and a
state alone in its layer is true and gets none. For every live state ``s`` after cell ``i``:

- ``s -> cell i has the state's colour``;
- ``s -> one of its live predecessors``, and ``-> one of its live successors``;
- per layer: some live state is true, and ``cell i has colour v -> a live state of colour
  v``.

A model of these clauses spells an accepting run in every line (follow the true
predecessors back from the end), and every picture that fits the clues gives a model: the
same argument as for black and white, where the one difference is the automaton's jump
from the end of a block into a block of another colour.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from helper.deadline import NO_DEADLINE, Deadline
from helper.memory import without_cyclic_gc

from ..colour.automaton import Template, live_states, template
from ..colour.check import Block, colour_runs

Clauses = list[list[int]]


@dataclass
class ColourCnf:
    """The CNF of a colour puzzle whose cells may each still take the colours ``allowed``
    (rows of bit masks, bit ``v`` for colour ``v``).

    ``clauses`` is ``None`` when the allowed colours already leave some line no run.
    """

    height: int
    width: int
    colours: int
    allowed: list[list[int]]
    clauses: Clauses | None
    variables: int

    def cell(self, r: int, c: int, colour: int) -> int:
        """The variable "cell ``(r, c)`` has colour ``colour``"."""
        return (r * self.width + c) * (self.colours + 1) + colour + 1

    def open_cells(self) -> int:
        """The cells that may still take more than one colour."""
        return sum(mask.bit_count() > 1 for row in self.allowed for mask in row)

    def decode(self, model: Sequence[int]) -> list[list[int]]:
        """The grid of a satisfying assignment (PySAT's list of signed literals)."""
        true = {literal for literal in model if literal > 0}
        grid = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                row.append(next(v for v in range(self.colours + 1) if self.cell(r, c, v) in true))
            grid.append(row)
        return grid

    def blocking_clause(self, grid: Sequence[Sequence[int]]) -> list[int]:
        """The clause "some open cell has another colour than in ``grid``"."""
        return [
            -self.cell(r, c, grid[r][c])
            for r in range(self.height)
            for c in range(self.width)
            if self.allowed[r][c].bit_count() > 1
        ]

    def block(self, model: Sequence[int]) -> list[int]:
        """The blocking clause of the grid of ``model``."""
        return self.blocking_clause(self.decode(model))


def _line_clauses(
    t: Template, allowed: Sequence[int], cells: Sequence[Sequence[int]], top: int, out: Clauses
) -> int | None:
    """Append the automaton clauses of one line; return the new top variable, or ``None``
    when no run agrees with ``allowed``. ``cells[i][v]`` is the variable of cell ``i`` having
    colour ``v``."""
    live = live_states(t, allowed)
    if live is None:
        return None
    values, gaps, jumps, size = t.values, t.gaps, t.jumps, t.size
    layers: list[dict[int, int]] = []  # per layer: state -> variable (0: alone, so true)
    for mask in live:
        if not mask & (mask - 1):
            layers.append({mask.bit_length() - 1: 0})
            continue
        layer = {}
        while mask:  # the live states, lowest first, numbered in that order
            low = mask & -mask
            top += 1
            layer[low.bit_length() - 1] = top
            mask ^= low
        layers.append(layer)
    # Each state's neighbours: before it (the state itself on a gap, the one before, and
    # across an empty gap between two colours) and after it, in the order the clauses list them.
    before = [
        [q - 1]
        + ([q] if gaps >> q & 1 else [])
        + ([q - 2] if q >= 2 and jumps >> (q - 2) & 1 else [])
        for q in range(size)
    ]
    after = [
        [q + 1] + ([q] if gaps >> q & 1 else []) + ([q + 2] if jumps >> q & 1 else [])
        for q in range(size)
    ]
    last = len(layers) - 1
    for i in range(1, last + 1):
        layer, cell, previous = layers[i], cells[i - 1], layers[i - 1]
        following = layers[i + 1] if i < last else None
        if len(layer) == 1:
            ((q, _),) = layer.items()
            out.append([cell[values[q]]])
            continue
        out.append(list(layer.values()))
        by_colour: dict[int, list[int]] = {}
        for q, var in layer.items():
            value = values[q]
            neg = -var  # one int object for the three clauses it heads, not three: less memory
            by_colour.setdefault(value, []).append(var)
            out.append([neg, cell[value]])
            for there, near in ((previous, before[q]), (following, after[q])):
                if there is None:
                    continue
                clause = [neg]
                for p in near:
                    found = there.get(p)
                    if found is None:
                        continue
                    if not found:  # a neighbour alone in its layer is true: nothing to say
                        break
                    clause.append(found)
                else:
                    out.append(clause)
        mask = allowed[i - 1]
        for v in range(len(cell)):
            if mask >> v & 1:
                out.append([-cell[v], *by_colour.get(v, [])])
    return top


def build_colour_cnf(
    rows: Sequence[Sequence[Block]],
    cols: Sequence[Sequence[Block]],
    colours: int,
    allowed: Sequence[Sequence[int]] | None = None,
    *,
    deadline: Deadline = NO_DEADLINE,
) -> ColourCnf:
    """The automaton CNF of a colour puzzle with valid clues.

    ``allowed`` (rows of bit masks of the colours each cell may take, for example what line
    logic left) prunes every line's states and fixes the colours ruled out; every colour is
    allowed by default. ``deadline`` is checked once per line.

    Examples
    --------
    One row of two cells, one red (1) then one blue (2): two touching blocks.

    >>> cnf = build_colour_cnf([[(1, 1), (1, 2)]], [[(1, 1)], [(1, 2)]], 2)
    >>> cnf.cell(0, 1, 2), [6] in cnf.clauses  # the second cell is blue: a unit clause
    (6, True)
    """
    with without_cyclic_gc():
        return _build(rows, cols, colours, allowed, deadline)


def _build(
    rows: Sequence[Sequence[Block]],
    cols: Sequence[Sequence[Block]],
    colours: int,
    allowed: Sequence[Sequence[int]] | None,
    deadline: Deadline,
) -> ColourCnf:
    height, width = len(rows), len(cols)
    every = (1 << (colours + 1)) - 1
    masks = [list(row) for row in allowed] if allowed else [[every] * width for _ in range(height)]
    cnf = ColourCnf(height, width, colours, masks, [], height * width * (colours + 1))
    clauses: Clauses = []
    for r in range(height):
        for c in range(width):
            mask = masks[r][c]
            if not mask:
                cnf.clauses = None
                return cnf
            inside = [cnf.cell(r, c, v) for v in range(colours + 1) if mask >> v & 1]
            outside = [cnf.cell(r, c, v) for v in range(colours + 1) if not mask >> v & 1]
            clauses.extend([-x] for x in outside)
            clauses.append(inside)
            clauses.extend([-a, -b] for k, a in enumerate(inside) for b in inside[k + 1 :])
    top = cnf.variables
    lines = [
        (rows[r], masks[r], [[cnf.cell(r, c, v) for v in range(colours + 1)] for c in range(width)])
        for r in range(height)
    ]
    lines += [
        (
            cols[c],
            [masks[r][c] for r in range(height)],
            [[cnf.cell(r, c, v) for v in range(colours + 1)] for r in range(height)],
        )
        for c in range(width)
    ]
    for clue, line_allowed, line_cells in lines:
        deadline.check("building the colour automaton CNF")
        if all(mask.bit_count() == 1 for mask in line_allowed):
            decided = [mask.bit_length() - 1 for mask in line_allowed]
            if colour_runs(decided) != [tuple(b) for b in clue]:
                cnf.clauses = None
                return cnf
            continue  # a decided line that fits its clue: nothing left to say
        new_top = _line_clauses(
            template(tuple(clue), colours), line_allowed, line_cells, top, clauses
        )
        if new_top is None:
            cnf.clauses = None
            return cnf
        top = new_top
    cnf.clauses, cnf.variables = clauses, top
    return cnf


__all__ = ["ColourCnf", "build_colour_cnf"]
