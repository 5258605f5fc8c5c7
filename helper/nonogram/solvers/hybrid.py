"""Bit-mask line logic, a short search, then CP-SAT: registered as ``"bitline-hybrid"``.

The steps, each only when the one before leaves cells open:

1. line logic to the fixpoint on bit masks (:mod:`.bitline`);
2. on a puzzle that logic leaves mostly open (the hard family), CP-SAT's automaton model of
   the open cells straight away: guessing cell by cell in Python, learning nothing from a
   failed guess, would not catch up with CP-SAT's clause learning there;
3. otherwise a depth-first search with a small budget of guesses, each guess propagated;
4. if that budget runs out, CP-SAT's automaton model of the cells line logic left open.
"""

from helper.nonogram.clues import Grid
from helper.nonogram.line.bits import MaskGrid, search
from helper.nonogram.line.reference import HANDOVER_PARAMETERS, HARD_SHARE, handover_model
from helper.nonogram.models.cpsat_start import solve_cells
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.solvers.registry import Contradiction, Run, register

SEARCH_NODES = 200
"""Guesses the Python search may make before CP-SAT takes over."""


@register("bitline-hybrid")
def solve_bitline_hybrid(puzzle: Nonogram, run: Run) -> Grid | None:
    """Line logic on bit masks and a short search; CP-SAT for what they leave open."""
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    try:
        grid.propagate()
        if grid.solved():
            return grid.to_state()
        hard = grid.open_count() > HARD_SHARE * puzzle.cells
        if not hard:
            found = search(grid, run, SEARCH_NODES)
            if found is None:
                return None
            if found is not False:
                return found.to_state()
    except Contradiction:
        return None
    run.count(handovers=1)
    model, cells = handover_model(puzzle.rows, puzzle.cols, grid.to_state())
    return solve_cells(model, cells, run, **({} if hard else HANDOVER_PARAMETERS))
