"""The book's fastest Nonogram solver: bit-mask line logic, a short search, then CP-SAT.

Registered as ``"bitline-hybrid"``. The steps, each only when the one before leaves cells
open:

1. line logic to the fixpoint on bit masks (:mod:`.bitline`);
2. on a puzzle that logic leaves mostly open (the hard family), CP-SAT's automaton model of
   the open cells straight away: guessing cell by cell in Python, learning nothing from a
   failed guess, would not catch up with CP-SAT's clause learning there;
3. otherwise a depth-first search with a small budget of guesses, each guess propagated;
4. if that budget runs out, CP-SAT's automaton model of the cells line logic left open.
"""

from collections.abc import Sequence

from .bitline import Clock, Contradiction, MaskGrid, search
from .clues import Clue, Grid
from .cpsat_start import solve_cells
from .line import HANDOVER_PARAMETERS, HARD_SHARE, handover_model
from .registry import register

SEARCH_NODES = 200
"""Guesses the Python search may make before CP-SAT takes over."""


@register("bitline-hybrid")
def solve_bitline_hybrid(
    rows: Sequence[Clue], cols: Sequence[Clue], *, time_limit: float | None = None
) -> Grid | None:
    """Line logic on bit masks and a short search; CP-SAT for what they leave open."""
    clock = Clock(time_limit, "bitline-hybrid")
    grid = MaskGrid(rows, cols)
    try:
        grid.propagate()
        if grid.solved():
            return grid.to_state()
        hard = grid.open_count() > HARD_SHARE * grid.height * grid.width
        if not hard:
            found = search(grid, clock, SEARCH_NODES)
            if found is None:
                return None
            if found is not False:
                return found.to_state()
    except Contradiction:
        return None
    model, cells = handover_model(rows, cols, grid.to_state())
    left = clock.left()
    parameters = {} if hard else HANDOVER_PARAMETERS
    return solve_cells(
        model, cells, None if left is None else max(left, 0.01), name="bitline-hybrid", **parameters
    )
