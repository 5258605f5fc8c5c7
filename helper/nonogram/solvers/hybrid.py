"""Bit-mask line logic, a short search, then CP-SAT: registered as ``"bitline-hybrid"``.

The steps, each only when the one before leaves cells open:

1. line logic to the fixpoint on bit masks (:mod:`..line.bits`);
2. on a puzzle that logic leaves mostly open (the hard family), CP-SAT's automaton model of
   the open cells straight away: guessing cell by cell in Python, learning nothing from a
   failed guess, would not catch up with CP-SAT's clause learning there;
3. otherwise a depth-first search with a small budget of guesses, each guess propagated;
4. if that budget runs out, CP-SAT's automaton model of the cells line logic left open.
"""

from dataclasses import dataclass, field

from helper.deadline import Run

from ..clues import Grid
from ..line.bits import MaskGrid
from ..line.contract import Contradiction, SearchBudgetSpent
from ..line.search import search
from ..models.cpsat_automaton import handover_model
from ..puzzle import Nonogram
from .cpsat import solve_cells
from .line import HandoverConfig
from .registry import register

SEARCH_NODES = 200
"""Guesses the Python search may make before CP-SAT takes over."""


@dataclass(frozen=True)
class HybridConfig:
    """Settings of ``"bitline-hybrid"``: the search's budget and the hand-over to CP-SAT."""

    search_nodes: int = SEARCH_NODES
    handover: HandoverConfig = field(default_factory=HandoverConfig)


@register("bitline-hybrid", config=HybridConfig())
def solve_bitline_hybrid(puzzle: Nonogram, run: Run, config: HybridConfig) -> Grid | None:
    """Line logic on bit masks and a short search; CP-SAT for what they leave open."""
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    try:
        grid.propagate(deadline=run.deadline)
        if grid.solved():
            return grid.to_state()
        hard = grid.open_count() > config.handover.hard_share * puzzle.cells
        if not hard:
            found = search(grid, run, config.search_nodes)
            return None if found is None else found.to_state()
    except Contradiction:
        return None
    except SearchBudgetSpent:
        pass  # hand the rest over
    run.count(handovers=1)
    model, cells = handover_model(puzzle.rows, puzzle.cols, grid.to_state(), deadline=run.deadline)
    parameters = config.handover.parameters_for(grid.open_count(), puzzle.cells)
    return solve_cells(model, cells, run, **parameters)
