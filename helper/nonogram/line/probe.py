"""Probing on the bit-mask line solver: try each open cell both ways, keep what follows.

After Wu, Sun, Chen et al., "An Efficient Approach to Solving Nonograms" (IEEE TCIAIG, 2013):
at a fixpoint of line logic, *probe* every open cell, that is, set it empty and propagate, then
set it filled and propagate.

- both values run into a contradiction: this node has no solution;
- one value does: the cell takes the other value, with everything that value propagated;
- both propagate: every cell the two probes decide the same way is decided.

The sweep over the open cells repeats until it decides nothing (the probing fixpoint); it
also names the best cell to branch on, which :func:`~.search.probing_search` uses. This is the
package's one probing: :func:`probe` runs it on a grid of -1 / 0 / 1.

:func:`probe_lines` probes one cell the same way (:func:`probe_cell`) but chooses fewer
cells: only those of the rows and columns that changed, and then those of every line a probe
changes, until none is left. A probe that decided nothing is tried again only when one of its
own two lines changed; a change elsewhere could still make it decide something, so this
stops short of the probing fixpoint, and costs far fewer probes per node of a search.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from helper.deadline import NO_DEADLINE, Deadline, Run

from ..clues import Clue
from .bits import MaskGrid, set_bits
from .contract import Contradiction, State


@dataclass(frozen=True)
class Probe:
    """Cell ``(row, col)`` tried both ways: the propagated grids with it empty and filled."""

    row: int
    col: int
    empty: MaskGrid
    filled: MaskGrid


def open_cells(grid: MaskGrid) -> Iterator[tuple[int, int]]:
    """The cells ``grid`` leaves open, row by row."""
    full = (1 << grid.width) - 1
    for r, (black, white) in enumerate(zip(grid.rb, grid.rw, strict=True)):
        for c in set_bits(full & ~(black | white)):
            yield r, c


def _is_open(grid: MaskGrid, r: int, c: int) -> bool:
    return not (grid.rb[r] | grid.rw[r]) >> c & 1


def _adopt_agreement(grid: MaskGrid, a: MaskGrid, b: MaskGrid, deadline: Deadline) -> int:
    """Decide in ``grid`` every open cell that ``a`` and ``b`` both decide the same way, then
    propagate; return how many cells were adopted."""
    rows: set[int] = set()
    cols = 0  # a bit per column
    adopted = 0
    rb, rw, cb, cw = grid.rb, grid.rw, grid.cb, grid.cw
    for r, (a_black, b_black, a_white, b_white, black, white) in enumerate(
        zip(a.rb, b.rb, a.rw, b.rw, rb, rw, strict=True)
    ):
        new_black, new_white = a_black & b_black & ~black, a_white & b_white & ~white
        if not (new_black or new_white):
            continue
        rows.add(r)
        bit = 1 << r
        for mask, columns in ((new_black, cb), (new_white, cw)):
            adopted += mask.bit_count()
            cols |= mask
            while mask:
                low = mask & -mask
                mask ^= low
                columns[low.bit_length() - 1] |= bit
        rb[r], rw[r] = black | new_black, white | new_white
    if adopted:
        grid.propagate(rows, set(set_bits(cols)), deadline)
    return adopted


def probe_cell(grid: MaskGrid, r: int, c: int, run: Run) -> MaskGrid | Probe:
    """Try the open cell ``(r, c)`` of ``grid`` both ways, each propagated.

    Returns a new grid with what the probe decided (the cell's one possible value, or the cells
    both values agree on, propagated), or, when it decided nothing, the :class:`Probe` with its
    two grids. ``grid`` is not changed. Raises :class:`Contradiction` when the cell can take
    neither value. Counts ``probes`` and ``probed_cells`` in ``run.stats``.
    """
    run.deadline.check("probing")
    run.count(probes=2)
    empty, filled = grid.trial(r, c, 0, run.deadline), grid.trial(r, c, 1, run.deadline)
    if empty is None and filled is None:
        raise Contradiction(f"cell ({r}, {c}) can be neither empty nor filled")
    if empty is None or filled is None:
        decided = empty or filled
    else:
        decided = grid.copy()
        if not _adopt_agreement(decided, empty, filled, run.deadline):
            return Probe(r, c, empty, filled)
    assert decided is not None
    run.count(probed_cells=grid.open_count() - decided.open_count())
    return decided


def _branch_key(grid: MaskGrid, probe: Probe, before: int | None = None) -> tuple[int, int]:
    """How good ``probe``'s cell is to branch on: the cells its weaker value decides, then
    the cells both decide (larger is better). ``before``: ``grid``'s open cells, if known."""
    if before is None:
        before = grid.open_count()
    empty_gain, filled_gain = before - probe.empty.open_count(), before - probe.filled.open_count()
    return min(empty_gain, filled_gain), empty_gain + filled_gain


def probe_fixpoint(grid: MaskGrid, run: Run) -> tuple[MaskGrid, Probe | None]:
    """Probe every open cell of ``grid`` (a line-logic fixpoint) until a sweep decides nothing.

    Returns the probed grid (``grid`` itself is not changed) and the best cell to branch on
    from the last sweep (``None`` when no cell is open). Raises :class:`Contradiction` when a
    cell can take neither value. Counts ``probes`` and ``probed_cells`` in ``run.stats``.
    """
    while True:
        changed = False
        best: Probe | None = None
        best_key = (-1, -1)
        before = grid.open_count()
        for r, c in list(open_cells(grid)):
            if not _is_open(grid, r, c):
                continue  # decided earlier in this sweep
            outcome = probe_cell(grid, r, c, run)
            if isinstance(outcome, MaskGrid):
                grid, changed = outcome, True
            elif not changed and (key := _branch_key(grid, outcome, before)) > best_key:
                best_key, best = key, outcome
        if not changed:
            return grid, best


Lines = tuple[set[int], set[int]]
"""Rows and columns, by index."""


def open_cells_in(grid: MaskGrid, lines: Lines) -> list[tuple[int, int]]:
    """The open cells of the given rows and columns, each once, row by row."""
    rows, cols = lines
    full_row, full_col = (1 << grid.width) - 1, (1 << grid.height) - 1
    cells = {(r, c) for r in rows for c in set_bits(full_row & ~(grid.rb[r] | grid.rw[r]))}
    cells |= {(r, c) for c in cols for r in set_bits(full_col & ~(grid.cb[c] | grid.cw[c]))}
    return sorted(cells)


def probe_lines(
    grid: MaskGrid, run: Run, lines: Lines | None = None
) -> tuple[MaskGrid, Probe | None]:
    """Probe the open cells of the changed ``lines`` (every open cell when ``None``), then
    those of every line a probe changes, until none is left.

    Returns the grid with what the probes decided (``grid`` is not changed) and the best cell
    to branch on among the probes since the last change (``None`` when there was none).
    Raises :class:`Contradiction` when a cell can take neither value. Counts as
    :func:`probe_cell` does.
    """
    queue = list(open_cells(grid)) if lines is None else open_cells_in(grid, lines)
    best: Probe | None = None
    best_key = (-1, -1)
    while queue:
        r, c = queue.pop()
        if not _is_open(grid, r, c):
            continue  # decided since it was queued
        outcome = probe_cell(grid, r, c, run)
        if isinstance(outcome, MaskGrid):
            queue += open_cells_in(outcome, outcome.changed_lines(grid))
            grid, best, best_key = outcome, None, (-1, -1)  # the older probes are out of date
        elif (key := _branch_key(grid, outcome)) > best_key:
            best_key, best = key, outcome
    return grid, best


def probe(
    rows: Sequence[Clue], cols: Sequence[Clue], state: State, *, deadline: Deadline = NO_DEADLINE
) -> State:
    """Line logic and probing to their fixpoint from ``state`` (rows of -1 / 0 / 1).

    Returns a new state (``state`` is not changed). Raises
    :class:`~.contract.Contradiction` when some cell can take neither value.
    """
    grid = MaskGrid.from_state(rows, cols, state)
    grid.propagate(deadline=deadline)
    probed, _ = probe_fixpoint(grid, Run(deadline, "probing"))
    return probed.to_state()
