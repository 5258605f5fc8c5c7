"""The table model as a registered solver: ``"cpsat-table"`` (one worker, fixed seed)."""

from helper.deadline import Run

from ..clues import Grid
from ..models.cpsat_table import build_table_model
from ..puzzle import Nonogram
from .cpsat import solve_cells
from .registry import register


@register("cpsat-table")
def solve_table(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve the puzzle with one table constraint per line (``add_allowed_assignments``)."""
    model, cells = build_table_model(puzzle.rows, puzzle.cols, deadline=run.deadline)
    return solve_cells(model, cells, run)
