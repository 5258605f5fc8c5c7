"""The automaton model of a colour Nonogram for CP-SAT: one integer per cell, one
``add_automaton`` per line.

A cell is an integer variable from 0 (the background) to the number of clue colours, shared
by its row and its column, and each line's cells must spell a word of its clue's automaton
(:func:`helper.nonogram.colour.automaton.template`: the black-and-white automaton with one
more move, from the end of a block straight into a block of another colour). Nothing else
changes from :mod:`.cpsat_automaton`: that is the model's argument for itself. The
start-position model would need, besides a start variable per block, a colour-dependent
gap between each pair of neighbours.
"""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.deadline import NO_DEADLINE, Deadline

from ..colour.automaton import Transition, template
from ..colour.check import Block
from . import checked

ColourCells = list[list[cp_model.IntVar]]


def colour_line_automaton(
    clue: Sequence[Block], colours: int
) -> tuple[list[Transition], list[int]]:
    """Transitions ``(state, colour, next state)`` and final states of the automaton that
    accepts exactly the lines of ``clue`` (state 0 is the start).

    Examples
    --------
    >>> transitions, finals = colour_line_automaton([(1, 1), (1, 2)], 2)
    >>> finals, transitions[:4]
    ([3, 4], [(0, 0, 0), (0, 1, 1), (1, 0, 2), (1, 2, 3)])
    >>> transitions[4:]  # (2, 2, 3): from the end of the red block straight into the blue
    [(2, 0, 2), (2, 2, 3), (3, 0, 4), (4, 0, 4)]
    """
    t = template(tuple((int(n), int(c)) for n, c in clue), colours)
    return t.transitions(), t.finals()


def add_colour_line_automaton(
    model: cp_model.CpModel,
    clue: Sequence[Block],
    cells: Sequence[cp_model.IntVar],
    colours: int,
) -> None:
    """The line's cells spell a word of ``clue``'s automaton."""
    transitions, finals = colour_line_automaton(clue, colours)
    model.add_automaton(cells, 0, finals, transitions)


def build_colour_automaton_model(
    rows: Sequence[Sequence[Block]],
    cols: Sequence[Sequence[Block]],
    colours: int,
    known: Sequence[Sequence[int]] | None = None,
    *,
    deadline: Deadline = NO_DEADLINE,
) -> tuple[cp_model.CpModel, ColourCells]:
    """One integer per cell (0 to ``colours``) and one automaton per row and per column;
    ``deadline`` is checked before each line.

    ``known`` (rows of -1 or a colour, optional) fixes the cells already decided, for example
    by line logic.
    """
    model = cp_model.CpModel()
    height, width = len(rows), len(cols)
    cells = [
        [model.new_int_var(0, colours, f"cell_{r}_{c}") for c in range(width)]
        for r in range(height)
    ]
    add_line = checked(add_colour_line_automaton, deadline, "building the colour automaton model")
    for r, clue in enumerate(rows):
        add_line(model, clue, cells[r], colours)
    for c, clue in enumerate(cols):
        add_line(model, clue, [cells[r][c] for r in range(height)], colours)
    if known is not None:
        for r, row in enumerate(cells):
            for c, cell in enumerate(row):
                if known[r][c] >= 0:
                    model.add(cell == known[r][c])
    return model, cells


def forbid_colour_picture(
    model: cp_model.CpModel, cells: ColourCells, grid: Sequence[Sequence[int]]
) -> None:
    """Add "at least one cell differs from ``grid``" (a Boolean per cell: differs)."""
    differs = []
    for row, values in zip(cells, grid, strict=True):
        for cell, value in zip(row, values, strict=True):
            other = model.new_bool_var("")
            model.add(cell != value).only_enforce_if(other)
            model.add(cell == value).only_enforce_if(~other)
            differs.append(other)
    model.add_bool_or(differs)


__all__ = [
    "add_colour_line_automaton",
    "build_colour_automaton_model",
    "colour_line_automaton",
    "forbid_colour_picture",
]
