"""Solvers built on line logic: alone with search, handing over to CP-SAT, or probing.

Registered: ``"line-search"`` (line logic, probing, then backtracking search: no solver
library at all), ``"line-cpsat"`` (line logic first, CP-SAT's automaton model for what it
leaves open), ``"bitline-probing"`` (bit-mask line logic, then a search that probes every
open cell at every node; after Wu, Sun, Chen et al., "An Efficient Approach to Solving
Nonograms", IEEE TCIAIG, 2013) and ``"incremental-probing"`` (the same search probing only
the cells of the lines that changed), both configured by a :class:`ProbingConfig`.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from helper.deadline import Run
from helper.errors import NoSolutionError

from ..clues import Grid
from ..line.bits import MaskGrid
from ..line.contract import Contradiction
from ..line.probe import probe_fixpoint
from ..line.reference import propagate_within, unknown_cells, unknown_state
from ..line.search import probing_search, search
from ..models.cpsat_automaton import handover_model
from ..puzzle import Nonogram
from .cpsat import solve_cells
from .registry import register


def _count_memo(run: Run, grid: MaskGrid) -> None:
    """Report the work of ``grid``'s line memo (one per solve): ``line_solves`` asked for,
    ``cache_hits`` and ``cache_misses`` (each miss a line solved)."""
    hits, misses = grid.memo.counts()
    run.count(line_solves=hits + misses, cache_hits=hits, cache_misses=misses)


@register("line-search")
def solve_line_search(puzzle: Nonogram, run: Run) -> Grid | None:
    """Line logic to a fixpoint, probing, then backtracking search on the cells left over,
    all on bit masks (:mod:`..line.bits`) with one line memo for the solve."""
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    try:
        grid.propagate(deadline=run.deadline)
        if not grid.solved():
            grid, _ = probe_fixpoint(grid, run)
        found = search(grid, run)
    except Contradiction:
        return None
    finally:
        _count_memo(run, grid)
    return None if found is None else found.to_state()


HANDOVER_PARAMETERS = {
    "cp_model_probing_level": 0,
    "linearization_level": 0,
    "symmetry_level": 0,
}
"""CP-SAT settings for the handover when line logic left at most ``HARD_SHARE`` of the cells
open: no presolve probing, no linear relaxation, no symmetry search, for the small model that
is left (settings chosen with ``helper.bench``). Line logic is per-line propagation; it does
not do the work of CP-SAT's probing, which tries literals of the whole model both ways."""

HARD_SHARE = 0.5
"""When line logic leaves more than this share of the cells open, the puzzle is a hard one:
CP-SAT keeps its default settings, and the portfolio races a second SAT solver sooner."""


@dataclass(frozen=True)
class HandoverConfig:
    """Settings of the hand-over to CP-SAT: ``parameters`` for a puzzle that line logic left
    mostly decided (at most ``hard_share`` of its cells open), CP-SAT's defaults otherwise."""

    hard_share: float = HARD_SHARE
    parameters: Mapping[str, int | float | bool] = field(
        default_factory=lambda: dict(HANDOVER_PARAMETERS)
    )

    def parameters_for(self, open_cells: int, cells: int) -> Mapping[str, int | float | bool]:
        """The CP-SAT parameters for a hand-over of ``open_cells`` of ``cells``."""
        return {} if open_cells > self.hard_share * cells else self.parameters


@register("line-cpsat", config=HandoverConfig())
def solve_line_cpsat(puzzle: Nonogram, run: Run, config: HandoverConfig) -> Grid | None:
    """Line logic to a fixpoint; if cells stay undecided, CP-SAT's automaton model finishes.

    CP-SAT sees only the open cells and the lines through them (:func:`handover_model`).
    """
    rows, cols = puzzle.rows, puzzle.cols
    try:
        state = propagate_within(
            rows, cols, unknown_state(puzzle.height, puzzle.width), deadline=run.deadline
        )
    except Contradiction:
        return None
    open_cells = len(unknown_cells(state))
    if not open_cells:
        return state
    model, cells = handover_model(rows, cols, state, deadline=run.deadline)
    return solve_cells(model, cells, run, **config.parameters_for(open_cells, puzzle.cells))


@dataclass(frozen=True)
class ProbingConfig:
    """Settings of the probing searches."""

    only_changed: bool = False
    """Probe, at each node, only the cells of the lines that changed since its parent (and
    of the lines those probes change), instead of every open cell to the probing fixpoint."""


def solve_by_probing(puzzle: Nonogram, run: Run, config: ProbingConfig) -> Grid | None:
    """Line logic on bit masks, then a search that probes at every node: every open cell, or
    with ``config.only_changed`` the cells of the lines that changed. Reports the work of
    the solve's line memo (``line_solves``, ``cache_hits``, ``cache_misses``)."""
    grid = MaskGrid(puzzle.rows, puzzle.cols)
    try:
        grid.propagate(deadline=run.deadline)
        found = probing_search(grid, run, only_changed=config.only_changed)
    except Contradiction as error:
        raise NoSolutionError(f"no solution: {error} has no placement left") from None
    finally:
        _count_memo(run, grid)
    return None if found is None else found.to_state()


register("bitline-probing", config=ProbingConfig())(solve_by_probing)
register("incremental-probing", config=ProbingConfig(only_changed=True))(solve_by_probing)
