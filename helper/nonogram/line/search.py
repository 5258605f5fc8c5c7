"""Search on top of line logic: guess a cell, propagate, backtrack when a line breaks.

Two searches share the bit-mask engine (:mod:`.bits`):

- :func:`search`: depth-first, one guess per node, with an optional budget of guesses; a
  spent budget raises :class:`~.contract.SearchBudgetSpent` (it decides nothing);
- :func:`probing_search`: full probing (:mod:`.probe`) at every node; it branches on the
  cell whose two probes decided the most (the larger of the two smaller counts first) and
  tries first the probe that left fewer cells open. Both children are probes already
  propagated, so a branch costs no extra propagation. With ``only_changed`` a node probes
  only the cells of the lines that changed since its parent (:func:`~.probe.probe_lines`).

Both return a solved grid, or ``None`` when the search space is exhausted (no solution), and
check the run's deadline at every node.
"""

from collections.abc import Sequence

from helper.deadline import NO_DEADLINE, Deadline, Run

from ..clues import Clue
from .bits import MaskGrid
from .contract import Contradiction, SearchBudgetSpent, State
from .probe import Lines, probe_fixpoint, probe_lines

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
    runs out first. ``max_nodes`` counts the cells branched on; ``run.stats["guesses"]`` counts
    every value tried (both values of a cell when the first fails, as the branches of a search
    tree), and ``run.stats["conflicts"]`` the values whose propagation breaks a line;
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
                raise SearchBudgetSpent(f"search: {nodes} cells branched on, the puzzle undecided")
            nodes += 1
            run.count(guesses=1)
            r, c = _branch_cell(node)
            stack.append((node, r, c, 1 - FIRST_GUESS))  # the other value, tried on backtrack
            node = node.trial(r, c, FIRST_GUESS, deadline)
        elif stack:
            parent, r, c, value = stack.pop()
            run.count(guesses=1)  # the other value: a branch too, as in a search tree
            node = parent.trial(r, c, value, deadline)
        else:
            return None
        if node is None:
            run.count(conflicts=1)


def probing_search(grid: MaskGrid, run: Run, *, only_changed: bool = False) -> MaskGrid | None:
    """Depth-first search with probing at every node, from ``grid`` (a line-logic fixpoint);
    ``None`` when there is no solution. Counts ``nodes`` in ``run.stats``.

    A node probes every open cell to the probing fixpoint (:func:`~.probe.probe_fixpoint`),
    or, with ``only_changed``, the cells of the lines its branch changed
    (:func:`~.probe.probe_lines`); when those probes name no cell to branch on, it branches
    on the first open cell of the row with the fewest open cells.
    """
    stack: list[tuple[MaskGrid, Lines | None]] = [(grid, None)]
    while stack:
        node, changed = stack.pop()
        run.count(nodes=1)
        try:
            node, best = (
                probe_lines(node, run, changed) if only_changed else probe_fixpoint(node, run)
            )
        except Contradiction:
            continue
        if node.solved():
            return node
        if best is None:
            r, c = _branch_cell(node)
            children = [node.trial(r, c, value, run.deadline) for value in (0, 1)]
        else:
            children = [best.empty, best.filled]
        ordered = sorted((g for g in children if g is not None), key=MaskGrid.open_count)
        stack += [
            (child, child.changed_lines(node) if only_changed else None) for child in ordered[::-1]
        ]
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
