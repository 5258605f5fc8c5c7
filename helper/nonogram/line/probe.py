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
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from helper.deadline import NO_DEADLINE, Deadline, Run

from ..clues import Clue
from .bits import MaskGrid
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
        unknown = full & ~(black | white)
        while unknown:
            low = unknown & -unknown
            yield r, low.bit_length() - 1
            unknown ^= low


def _is_open(grid: MaskGrid, r: int, c: int) -> bool:
    return not (grid.rb[r] | grid.rw[r]) >> c & 1


def _adopt_agreement(grid: MaskGrid, a: MaskGrid, b: MaskGrid, deadline: Deadline) -> int:
    """Decide in ``grid`` every open cell that ``a`` and ``b`` both decide the same way, then
    propagate; return how many cells were adopted."""
    rows: set[int] = set()
    cols: set[int] = set()
    adopted = 0
    for r in range(grid.height):
        for mask, value in (
            (a.rb[r] & b.rb[r] & ~grid.rb[r], 1),
            (a.rw[r] & b.rw[r] & ~grid.rw[r], 0),
        ):
            while mask:
                low = mask & -mask
                c = low.bit_length() - 1
                grid.decide(r, c, value)
                rows.add(r)
                cols.add(c)
                adopted += 1
                mask ^= low
    if adopted:
        grid.propagate(rows, cols, deadline)
    return adopted


def probe_fixpoint(grid: MaskGrid, run: Run) -> tuple[MaskGrid, Probe | None]:
    """Probe every open cell of ``grid`` (a line-logic fixpoint) until a sweep decides nothing.

    Returns the probed grid (``grid`` itself is not changed) and the best cell to branch on
    from the last sweep (``None`` when no cell is open). Raises :class:`Contradiction` when a
    cell can take neither value. Counts ``probes`` and ``probed_cells`` in ``run.stats``.
    """
    grid = grid.copy()
    while True:
        changed = False
        best: Probe | None = None
        best_key = (-1, -1)
        for r, c in list(open_cells(grid)):
            if not _is_open(grid, r, c):
                continue  # decided earlier in this sweep
            run.deadline.check("probing")
            run.count(probes=2)
            empty, filled = grid.trial(r, c, 0, run.deadline), grid.trial(r, c, 1, run.deadline)
            if empty is None and filled is None:
                raise Contradiction(f"cell ({r}, {c}) can be neither empty nor filled")
            before = grid.open_count()
            if empty is None or filled is None:
                grid = empty or filled  # type: ignore[assignment]
            elif not _adopt_agreement(grid, empty, filled, run.deadline):
                if not changed:
                    empty_gain = before - empty.open_count()
                    filled_gain = before - filled.open_count()
                    key = (min(empty_gain, filled_gain), empty_gain + filled_gain)
                    if key > best_key:
                        best_key, best = key, Probe(r, c, empty, filled)
                continue
            run.count(probed_cells=before - grid.open_count())
            changed = True
        if not changed:
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
