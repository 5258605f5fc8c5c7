"""The automaton model as CNF: unit propagation on it is line logic, and CDCL comes on top.

A clue ``(b1, ..., bk)`` describes the lines ``0* 1^b1 0+ 1^b2 0+ ... 1^bk 0*``. Lay it out as a
*template* of ``1 + sum(b) + k`` positions: a gap, the cells of block 1, a gap, ..., the cells
of block k, a gap. After reading ``i`` cells a line stands at one template position, its
*state* in layer ``i``: a gap state says "the last cell read was empty" and may repeat, a block
state says "the last cell read was this cell of this block" and is read once. From state ``q``
the next cell either stays at ``q`` (a gap reading an empty cell) or moves on to ``q + 1``, so
the value of cell ``i`` is the value of the state in layer ``i + 1``. This is the automaton of
:func:`~helper.nonogram.models.cpsat_automaton.line_automaton`, unrolled over the line.

Only the states on some path from the start to an accepting end that agrees with the cells
already known get a variable (a forward and a backward sweep over bit masks); a layer with one
live state needs none, and a line whose cells are all known is not encoded at all. The cell
variables are shared by a row and a column. For every live state ``s`` in layer ``i + 1``:

- ``s -> cell i`` has the state's value;
- ``s -> one of its live predecessors`` in layer ``i``, and ``-> one of its successors``;
- per layer: some live state is true, ``cell i -> a live block state``, and
  ``not cell i -> a live gap state``.

With these clauses unit propagation removes every state off all start-to-end paths and every
cell value that no state supports: it keeps each line generalised arc consistent, exactly what
the line solver does (the regular constraint of Pesant, 2004, decomposed for unit propagation
as in Bacchus, 2007). The SAT solver's propagation is therefore line logic on
every line at once, and clause learning works on top of it.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from helper.deadline import NO_DEADLINE, Deadline
from helper.memory import without_cyclic_gc

from ..clues import Clue, Grid, runs

State = list[list[int]]  # rows of -1 (open), 0, 1
Clauses = list[list[int]]

_ALONE = 0
"""Stands for the variable of a state that is alone in its layer, hence true: never a literal."""


def template(clue: Sequence[int]) -> list[int]:
    """The value of each template position: gap, block cells, gap, ..., block cells, gap."""
    values = [0]
    for length in clue:
        values += [1] * length + [0]
    return values


def live_states(clue: Sequence[int], known: Sequence[int]) -> list[int] | None:
    """Per layer ``0 .. n``, the bit mask of the states on some accepting run that agrees with
    ``known`` (-1 open, 0, 1 per cell); ``None`` when no run agrees.

    Forward, ``F[i + 1] = (F[i] & gaps | F[i] << 1) & allowed(i)``, where ``allowed(i)`` holds
    the gap states when cell ``i`` may be empty and the block states when it may be filled;
    backward is the mirror image, and a state is live when it is reached both ways.
    """
    values = template(clue)
    size = len(values)
    full = (1 << size) - 1
    gaps = sum(1 << q for q, v in enumerate(values) if v == 0)
    blocks = full ^ gaps
    allowed = [(gaps if cell != 1 else 0) | (blocks if cell != 0 else 0) for cell in known]
    forward = [1]
    for cell_allowed in allowed:
        reach = forward[-1]
        forward.append(((reach & gaps) | (reach << 1)) & full & cell_allowed)
    ends = (1 << (size - 1)) | ((1 << (size - 2)) if size >= 2 else 0)
    back = forward[-1] & ends
    if not back:
        return None
    live = [back]
    for i in range(len(known) - 1, -1, -1):
        incoming = back & allowed[i]
        back = ((incoming & gaps) | (incoming >> 1)) & forward[i]
        live.append(back)
    return live[::-1]


def line_values(clue: Sequence[int], known: Sequence[int]) -> list[int] | None:
    """What the live states say about each cell: 1, 0, or -1 when both are possible;
    ``None`` when no run fits. This is the line solver's answer, computed another way."""
    live = live_states(clue, known)
    if live is None:
        return None
    gaps = sum(1 << q for q, v in enumerate(template(clue)) if v == 0)
    out = []
    for layer in live[1:]:
        can_be_empty, can_be_filled = bool(layer & gaps), bool(layer & ~gaps)
        out.append(-1 if can_be_empty and can_be_filled else int(can_be_filled))
    return out


def _layer_bits(masks: Sequence[int], size: int) -> np.ndarray:
    """The bit masks as a boolean array, one row per mask, ``size`` columns (bit 0 first)."""
    width = (size + 7) // 8
    raw = b"".join(mask.to_bytes(width, "little") for mask in masks)
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
    return bits.reshape(len(masks), width * 8)[:, :size].astype(bool)


class _Clauses:
    """Clauses gathered line by line: the short ones as arrays, turned into lists once."""

    def __init__(self) -> None:
        self.pairs: list[np.ndarray] = []
        self.triples: list[np.ndarray] = []
        self.wide: Clauses = []

    def as_lists(self) -> Clauses:
        out = list(self.wide)
        for group, width in ((self.pairs, 2), (self.triples, 3)):
            if group:
                out += np.concatenate(group).reshape(-1, width).tolist()
        return out


def _line_clauses(
    clue: Sequence[int], known: Sequence[int], cells: Sequence[int | None], top: int, out: _Clauses
) -> int | None:
    """Add the clauses of one line to ``out``; return the new top variable, or ``None`` when
    the known cells leave the line no run. (Array code: building the CNF is the hot loop.)"""
    live_masks = live_states(clue, known)
    if live_masks is None:
        return None
    values = np.array(template(clue), dtype=bool)
    live = _layer_bits(live_masks, len(values))  # live[i, q]: state q is live in layer i
    alone = live.sum(axis=1) == 1  # a lone live state is true: it gets no variable
    own = live & ~alone[:, None]  # the states that get a variable
    var = np.zeros(live.shape, dtype=np.int64)
    count = int(own.sum())
    var[own] = np.arange(top + 1, top + 1 + count)
    cell = np.array([0 if x is None else x for x in cells], dtype=np.int64)
    here, there = own[:-1], own[1:]  # layer i and layer i + 1, for the n cells
    # a state of layer i + 1 says what cell i is
    rows, states = np.nonzero(there & (cell != 0)[:, None])
    signs = np.where(values[states], 1, -1)
    out.pairs.append(np.stack([-var[rows + 1, states], signs * cell[rows]], axis=1).ravel())
    # some live state in each layer; an open cell needs a live state of its value
    lone_filled = (alone[1:] & (live[1:] & values).any(axis=1)).tolist()
    lone_empty = (alone[1:] & (live[1:] & ~values).any(axis=1)).tolist()
    groups = []
    for kind in (there, there & values, there & ~values):
        groups.append((var[1:][kind].tolist(), np.cumsum(kind.sum(axis=1)).tolist()))
    (every, every_end), (block, block_end), (gap, gap_end) = groups
    wide = out.wide
    a = b = g = 0
    for i, x in enumerate(cells):
        if every_end[i] > a:
            wide.append(every[a : every_end[i]])
        if x is not None:
            if not lone_filled[i]:
                wide.append([-x, *block[b : block_end[i]]])
            if not lone_empty[i]:
                wide.append([x, *gap[g : gap_end[i]]])
        a, b, g = every_end[i], block_end[i], gap_end[i]
    # a state needs a live predecessor and a live successor (unless the other layer has a
    # lone state, which is true)
    is_gap = ~values
    for needs, step in ((there, -1), (here, 1)):
        other_alone = alone[:-1] if step == -1 else alone[1:]
        rows, states = np.nonzero(needs & ~other_alone[:, None])
        this, other = (rows + 1, rows) if step == -1 else (rows, rows + 1)
        shifted = states + step
        inside = (shifted >= 0) & (shifted < len(values))
        move = np.zeros(len(states), dtype=np.int64)
        move[inside] = var[other[inside], shifted[inside]]
        stay = np.where(is_gap[states], var[other, states], 0)
        own_var = var[this, states]
        both = (move != 0) & (stay != 0)
        out.triples.append(np.stack([-own_var[both], move[both], stay[both]], axis=1).ravel())
        one = (move != 0) ^ (stay != 0)
        out.pairs.append(np.stack([-own_var[one], (move + stay)[one]], axis=1).ravel())
    return top + count


def automaton_line_clauses(
    clue: Sequence[int], known: Sequence[int], cells: Sequence[int | None], top: int, out: Clauses
) -> int | None:
    """Append the automaton clauses of one line to ``out``; return the new top variable, or
    ``None`` when the known cells leave the line no run.

    ``known`` holds -1 (open), 0 or 1 per cell and ``cells`` the variable of each open cell
    (``None`` for a known one): the :data:`LineClauses` shape, like
    :func:`~.cnf_starts.start_line_clauses`, for a caller that encodes lines one by one.
    """
    gathered = _Clauses()
    new_top = _line_clauses(clue, known, cells, top, gathered)
    if new_top is not None:
        out.extend(gathered.as_lists())
    return new_top


@dataclass
class SatModel:
    """The CNF of a puzzle whose cells ``known`` (rows of -1 / 0 / 1) are partly decided.

    ``cells[r][c]`` is the variable of an open cell and ``None`` for a decided one.
    ``clauses`` is ``None`` when the decided cells already break a clue.
    """

    known: State
    cells: list[list[int | None]]
    clauses: Clauses | None
    variables: int

    def decode(self, model: Sequence[int]) -> Grid:
        """The grid of a satisfying assignment (PySAT's list of signed literals)."""
        true = {literal for literal in model if literal > 0}
        return [
            [self.known[r][c] if var is None else int(var in true) for c, var in enumerate(row)]
            for r, row in enumerate(self.cells)
        ]

    def blocking_clause(self, grid: Sequence[Sequence[int]]) -> list[int]:
        """The clause "some open cell differs from ``grid``"."""
        return [
            -var if grid[r][c] else var
            for r, row in enumerate(self.cells)
            for c, var in enumerate(row)
            if var is not None
        ]

    def block(self, model: Sequence[int]) -> list[int]:
        """The blocking clause of the grid of ``model``."""
        return self.blocking_clause(self.decode(model))


LineClauses = Callable[
    [Sequence[int], Sequence[int], Sequence[int | None], int, Clauses], int | None
]
"""Another encoder of one line, ``(clue, known, cells, top, out) -> new top``: it appends the
line's clauses to ``out`` and returns the last variable it used, or ``None`` when the known
cells leave the line no run (as :func:`~.cnf_starts.start_line_clauses`)."""


def build_sat_model(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: State | None = None,
    *,
    deadline: Deadline = NO_DEADLINE,
    line_clauses: LineClauses | None = None,
) -> SatModel:
    """The pruned automaton CNF of a puzzle with valid clues; ``known`` (for example the
    line solver's fixpoint) decides cells and prunes every line's states. ``deadline`` is
    checked once per line. ``line_clauses`` encodes each line another way (for example with
    one variable per block start, :mod:`.cnf_starts`); the cell variables stay the same."""
    with without_cyclic_gc():
        return _build(rows, cols, known, deadline, line_clauses)


def _build(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: State | None,
    deadline: Deadline,
    line_clauses: LineClauses | None = None,
) -> SatModel:
    height, width = len(rows), len(cols)
    known = [list(row) for row in known] if known else [[-1] * width for _ in range(height)]
    top = 0
    cells: list[list[int | None]] = []
    for row in known:
        line: list[int | None] = []
        for value in row:
            top += value == -1
            line.append(top if value == -1 else None)
        cells.append(line)
    clauses = _Clauses()
    lines = [(rows[r], known[r], cells[r]) for r in range(height)]
    lines += [(cols[c], [row[c] for row in known], [row[c] for row in cells]) for c in range(width)]
    for clue, line_known, line_cells in lines:
        deadline.check("building the automaton CNF")
        if all(var is None for var in line_cells):
            if runs(line_known) != list(clue):
                return SatModel(known, cells, None, top)
            continue  # a decided line that fits its clue: nothing left to say
        if line_clauses is None:
            new_top = _line_clauses(clue, line_known, line_cells, top, clauses)
        else:
            new_top = line_clauses(clue, line_known, line_cells, top, clauses.wide)
        if new_top is None:
            return SatModel(known, cells, None, top)
        top = new_top
    return SatModel(known, cells, clauses.as_lists(), top)
