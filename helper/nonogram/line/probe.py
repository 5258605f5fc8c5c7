"""Full probing on the bit-mask line solver, and a search that probes at every node.

After Wu, Sun, Chen et al., "An Efficient Approach to Solving Nonograms" (IEEE TCIAIG, 2013):
at a fixpoint of line logic, *probe* every open cell, that is, set it empty and propagate, then
set it filled and propagate.

- both values run into a contradiction: this node has no solution;
- one value does: the cell takes the other value, with everything that value propagated;
- both propagate: every cell the two probes decide the same way is decided.

The sweep over the open cells repeats until it decides nothing (the probing fixpoint). The
search then branches on the cell whose two probes decided the most (the larger of the two
smaller counts first) and tries first the probe that left fewer cells open. Both children are
probes already propagated, so a branch costs no extra propagation. Registered as
``"bitline-probing"``.
"""

from collections.abc import Iterator
from dataclasses import dataclass

from helper.nonogram.clues import Grid
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.solvers.registry import Contradiction, NoSolutionError, Run, register

MEMO_LIMIT = 2_000_000
"""Line results kept in one solve's memo before it is cleared (bounds the memory of long runs)."""


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


def _adopt_agreement(grid: MaskGrid, a: MaskGrid, b: MaskGrid) -> int:
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
        grid.propagate(rows, cols)
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
            if len(grid.memo) > MEMO_LIMIT:
                grid.memo.clear()
            run.count(probes=2)
            empty, filled = grid.trial(r, c, 0), grid.trial(r, c, 1)
            if empty is None and filled is None:
                raise Contradiction(f"cell ({r}, {c}) can be neither empty nor filled")
            before = grid.open_count()
            if empty is None or filled is None:
                grid = empty or filled  # type: ignore[assignment]
            elif not _adopt_agreement(grid, empty, filled):
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


def probing_search(grid: MaskGrid, run: Run) -> MaskGrid | None:
    """Depth-first search with full probing at every node, from ``grid`` (a line-logic
    fixpoint); ``None`` when there is no solution. Counts ``nodes`` in ``run.stats``."""
    stack = [grid]
    while stack:
        node = stack.pop()
        run.count(nodes=1)
        try:
            node, best = probe_fixpoint(node, run)
        except Contradiction:
            continue
        if best is None:
            return node
        first, second = sorted((best.empty, best.filled), key=MaskGrid.open_count)
        stack += [second, first]
    return None


@register("bitline-probing")
def solve_by_probing(puzzle: Nonogram, run: Run) -> Grid | None:
    """Line logic on bit masks, then a search that probes every open cell at every node."""
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    try:
        grid.propagate()
    except Contradiction as error:
        raise NoSolutionError(f"no solution: {error} has no placement left") from None
    found = probing_search(grid, run)
    return None if found is None else found.to_state()
