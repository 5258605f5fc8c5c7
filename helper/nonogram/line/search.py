"""Search on top of line logic: guess a cell, propagate, backtrack when a line breaks.

Two searches share the bit-mask engine (:mod:`.bits`):

- :func:`search`: depth-first, one guess per node, with an optional budget of guesses; a
  spent budget raises :class:`~.contract.SearchBudgetSpent` (it decides nothing);
- :func:`probing_search`: full probing (:mod:`.probe`) at every node; it branches on the
  cell whose two probes decided the most (the larger of the two smaller counts first) and
  tries first the probe that left fewer cells open. Both children are probes already
  propagated, so a branch costs no extra propagation.

Both return a solved grid, or ``None`` when the search space is exhausted (no solution), and
check the run's deadline at every node.
"""

from collections.abc import Sequence

from helper.deadline import NO_DEADLINE, Deadline, Run

from ..clues import Clue
from .bits import MaskGrid
from .contract import Contradiction, SearchBudgetSpent, State
from .probe import probe_fixpoint

FIRST_GUESS = 0
"""The value a guess tries first: most cells of a picture are empty."""


def _branch_cell(grid: MaskGrid) -> tuple[int, int]:
    """The first open cell of the row with the fewest open cells."""
    full = (1 << grid.width) - 1
    best = None
    for r, (b, w) in enumerate(zip(grid.rb, grid.rw, strict=True)):
        open_ = full & ~(b | w)
        if open_ and (best is None or open_.bit_count() < best[0]):
            best = (open_.bit_count(), r, open_)
    assert best is not None
    _, r, open_ = best
    return r, (open_ & -open_).bit_length() - 1


def search(grid: MaskGrid, run: Run, max_nodes: int | None = None) -> MaskGrid | None:
    """Depth-first search from ``grid`` (a propagated fixpoint), at most ``max_nodes`` guesses.

    A guess is propagated only when the search gets to it, so a guess that works at once
    costs one propagation. Returns a solved grid, or ``None`` when the search space is
    exhausted (no solution). Raises :class:`~.contract.SearchBudgetSpent` when the budget
    runs out first. The guesses made are counted in ``run.stats["guesses"]``;
    ``run.deadline`` is checked at every guess and inside every propagation.
    """
    deadline = run.deadline
    stack: list[tuple[MaskGrid, int, int, int]] = []
    node: MaskGrid | None = grid
    nodes = 0
    while True:
        deadline.check("search")
        if node is not None:
            if node.solved():
                return node
            if nodes == max_nodes:
                raise SearchBudgetSpent(f"search: {nodes} guesses made, the puzzle undecided")
            nodes += 1
            run.count(guesses=1)
            r, c = _branch_cell(node)
            stack.append((node, r, c, 1 - FIRST_GUESS))  # the other value, tried on backtrack
            node = node.trial(r, c, FIRST_GUESS, deadline)
        elif stack:
            parent, r, c, value = stack.pop()
            node = parent.trial(r, c, value, deadline)
        else:
            return None


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


def search_state(
    rows: Sequence[Clue], cols: Sequence[Clue], state: State, *, deadline: Deadline = NO_DEADLINE
) -> State | None:
    """Complete ``state`` (rows of -1 / 0 / 1) by line logic and :func:`search`; ``None``
    when no completion exists."""
    grid = MaskGrid.from_state(rows, cols, state)
    try:
        grid.propagate(deadline=deadline)
    except Contradiction:
        return None
    found = search(grid, Run(deadline, "search"))
    return None if found is None else found.to_state()
