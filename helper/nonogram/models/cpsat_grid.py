"""What every CP-SAT Nonogram model shares: one Boolean per cell, a constraint per line.

:func:`build_model` makes the cells and hands each row's and each column's cells to a line
function: :func:`~.cpsat_start.fill_pattern` for the start-position model,
:func:`~.cpsat_automaton.add_line_automaton` for the automaton model. :func:`forbid_picture`
adds the clause "some cell differs from this picture", which turns a solver into a test of
uniqueness. Both are the teaching versions the book shows; the registered solvers call them.
"""

from collections.abc import Callable, Sequence
from typing import Any

from ortools.sat.python import cp_model

from ..clues import Clue

AddLine = Callable[[cp_model.CpModel, Sequence[int], Sequence[cp_model.IntVar], str], Any]
"""A line function: ``add_line(model, clue, cells, name)`` constrains one line's cells."""

Cells = list[list[cp_model.IntVar]]


def build_model(
    rows: Sequence[Clue], cols: Sequence[Clue], add_line: AddLine
) -> tuple[cp_model.CpModel, Cells]:
    """The whole puzzle: one Boolean per cell, shared by its row and its column."""
    model = cp_model.CpModel()
    height, width = len(rows), len(cols)
    cells = [[model.new_bool_var(f"cell_{r}_{c}") for c in range(width)] for r in range(height)]
    for r, clue in enumerate(rows):
        add_line(model, clue, cells[r], f"R{r}")
    for c, clue in enumerate(cols):
        add_line(model, clue, [cells[r][c] for r in range(height)], f"C{c}")
    return model, cells


def forbid_picture(model: cp_model.CpModel, cells: Cells, grid: Sequence[Sequence[int]]) -> None:
    """Add the clause "at least one cell differs from ``grid``"."""
    model.add_bool_or(
        [
            ~cell if value else cell
            for row, values in zip(cells, grid, strict=True)
            for cell, value in zip(row, values, strict=True)
        ]
    )
