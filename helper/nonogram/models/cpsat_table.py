"""A line as a table: each line's cells must equal one row of the list of its placements.

CP-SAT's ``add_allowed_assignments(variables, tuples)`` (the *table* constraint) says that the
variables, read together, equal one of the listed tuples. A Nonogram line's tuples are its
placements (``helper.nonogram.placements.placements``), so one table per line states the
clue completely: this is the CP twin of the all-placements CNF of ``book/nonogram_pysat.md``,
where CP-SAT, instead of a selector variable per placement written out as clauses, receives the
list itself. The table can be as long as the list of placements, which grows exponentially with
the number of blocks, so :func:`build_table_model` refuses a puzzle beyond a limit. The
registered solver ``"cpsat-table"`` is in ``helper.nonogram.solvers.table``.
"""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.deadline import NO_DEADLINE, Deadline
from helper.errors import ModelTooLargeError

from ..clues import Clue
from ..placements import placements, puzzle_placements

MAX_TUPLES = 300_000
"""The most placements (table rows over all lines) :func:`build_table_model` writes out."""


def add_line_table(model: cp_model.CpModel, clue: Clue, line: Sequence[cp_model.IntVar]) -> None:
    """The line ``line`` (Booleans) equals one placement of ``clue``: one table constraint."""
    model.add_allowed_assignments(line, list(placements(clue, len(line))))


def build_table_model(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    *,
    max_tuples: int | None = MAX_TUPLES,
    deadline: Deadline = NO_DEADLINE,
) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """One Boolean per cell and one table per row and per column.

    Raises :class:`~helper.errors.ModelTooLargeError` when the lines have more than
    ``max_tuples`` placements together (``None`` lifts the limit), and
    :class:`~helper.errors.SolverTimeoutError` when ``deadline`` passes (checked per line).
    """
    total = puzzle_placements(rows, cols)
    if max_tuples is not None and total > max_tuples:
        raise ModelTooLargeError(
            f"cpsat-table: the tables would hold {total:,} placements "
            f"(the limit is {max_tuples:,}); use the automaton model instead"
        )
    model = cp_model.CpModel()
    height, width = len(rows), len(cols)
    cells = [[model.new_bool_var(f"cell_{r}_{c}") for c in range(width)] for r in range(height)]
    for r, clue in enumerate(rows):
        deadline.check("building the table model")
        add_line_table(model, clue, cells[r])
    for c, clue in enumerate(cols):
        deadline.check("building the table model")
        add_line_table(model, clue, [cells[r][c] for r in range(height)])
    return model, cells


def stored_numbers(model: cp_model.CpModel) -> int:
    """How many numbers the model's tables and automata hold: each table row is one number per
    variable, each automaton transition three (from, value, to).

    ``has_table()`` is asked first on purpose: reading ``constraint.table`` of a constraint that
    is not a table *turns it into* an empty table (``table {}``), so the constraint it was is
    gone and the model gains solutions: an INFEASIBLE model can become OPTIMAL.
    """
    total = 0
    for constraint in model.proto.constraints:
        if constraint.has_table():
            total += len(constraint.table.values)
        elif constraint.has_automaton():
            total += 3 * len(constraint.automaton.transition_tail)
    return total
