"""The automaton model: each line is a word accepted by a small finite automaton.

A clue such as ``[2, 1]`` is the regular expression ``0* 11 0+ 1 0*``. The automaton that
reads it has one state per filled cell of the clue plus one per gap, so about
``sum(clue) + len(clue)`` states, and CP-SAT's ``add_automaton`` (the *regular* constraint)
keeps a line's cells inside the words it accepts. One constraint per line, no integer start
variables and no reified equalities: this is the model of ``book/nonogram_cpsat.md``.
:func:`handover_model` is the same model of only the cells line logic left open.
"""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.deadline import NO_DEADLINE, Deadline

from ..clues import UNKNOWN, Clue, State
from . import checked
from .cpsat_grid import build_model

Transition = tuple[int, int, int]  # (state, cell value, next state)


def line_automaton(clue: Sequence[int]) -> tuple[list[Transition], list[int]]:
    """Transitions and final states of the automaton that accepts exactly the lines of ``clue``.

    State 0 is the start. Reading a block of length ``L`` walks through ``L`` states on 1s;
    after a block one 0 is required before the next block, and any number of further 0s loop
    in the gap state.
    """
    transitions: list[Transition] = [(0, 0, 0)]  # empty cells before the first block
    state = 0
    for length in clue:
        for _ in range(length):  # the block's filled cells
            transitions.append((state, 1, state + 1))
            state += 1
        transitions.append((state, 0, state + 1))  # the one empty cell a block must end with
        state += 1
        transitions.append((state, 0, state))  # any further empty cells
    finals = [state - 1, state] if clue else [0]  # end on the last filled cell or after it
    return transitions, finals


def add_line_automaton(
    model: cp_model.CpModel, clue: Sequence[int], cells: Sequence[cp_model.IntVar], name: str = ""
) -> None:
    """The automaton model's line function: the line's cells spell a word of ``clue``'s
    automaton (``name`` is not needed: the constraint makes no variables)."""
    transitions, finals = line_automaton(clue)
    model.add_automaton(cells, 0, finals, transitions)


def build_automaton_model(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: Sequence[Sequence[int]] | None = None,
    *,
    deadline: Deadline = NO_DEADLINE,
) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """One Boolean per cell and one ``add_automaton`` per row and per column:
    :func:`~.cpsat_grid.build_model` with :func:`add_line_automaton`, ``deadline`` checked
    before each line.

    ``known`` (rows of -1 / 0 / 1, optional) fixes the cells that are already decided, for
    example by the line solver; -1 leaves a cell free.
    """
    add_line = checked(add_line_automaton, deadline, "building the automaton model")
    model, cells = build_model(rows, cols, add_line)
    if known is not None:
        for r, row in enumerate(cells):
            for c, cell in enumerate(row):
                if known[r][c] in (0, 1):
                    model.add(cell == known[r][c])
    return model, cells


def handover_model(
    rows: Sequence[Clue], cols: Sequence[Clue], state: State, *, deadline: Deadline = NO_DEADLINE
) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """The automaton model of what line logic left open.

    Decided cells are constants, and a line whose cells are all decided gets no automaton
    (line logic already checked it against its clue), so CP-SAT only sees the open part.
    """
    model = cp_model.CpModel()
    cells = [
        [
            model.new_bool_var(f"cell_{r}_{c}") if v == UNKNOWN else model.new_constant(v)
            for c, v in enumerate(row)
        ]
        for r, row in enumerate(state)
    ]
    lines = [(clue, cells[r], state[r]) for r, clue in enumerate(rows)]
    for c, clue in enumerate(cols):
        lines.append((clue, [row[c] for row in cells], [row[c] for row in state]))
    for clue, line, known in lines:
        deadline.check("building the automaton model")
        if UNKNOWN in known:
            add_line_automaton(model, clue, line)
    return model, cells
