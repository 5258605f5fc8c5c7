"""The automaton model: each line is a word accepted by a small finite automaton.

A clue such as ``[2, 1]`` is the regular expression ``0* 11 0+ 1 0*``. The automaton that
reads it has one state per filled cell of the clue plus one per gap, so about
``sum(clue) + len(clue)`` states, and CP-SAT's ``add_automaton`` (the *regular* constraint)
keeps a line's cells inside the words it accepts. One constraint per line, no integer start
variables and no reified equalities: this is the model of ``book/nonogram_fast.md``.
"""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.nonogram.clues import Clue, Grid
from helper.nonogram.models.cpsat_start import solve_cells
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.solvers.registry import Run, register

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


def build_automaton_model(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: Sequence[Sequence[int]] | None = None,
) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """One Boolean per cell and one ``add_automaton`` per row and per column.

    ``known`` (rows of -1 / 0 / 1, optional) fixes the cells that are already decided, for
    example by the line solver; -1 leaves a cell free.
    """
    model = cp_model.CpModel()
    height, width = len(rows), len(cols)
    cells = [[model.new_bool_var(f"cell_{r}_{c}") for c in range(width)] for r in range(height)]
    if known is not None:
        for r in range(height):
            for c in range(width):
                if known[r][c] in (0, 1):
                    model.add(cells[r][c] == known[r][c])
    lines = [(clue, cells[r]) for r, clue in enumerate(rows)]
    lines += [(clue, [cells[r][c] for r in range(height)]) for c, clue in enumerate(cols)]
    for clue, line in lines:
        transitions, finals = line_automaton(clue)
        model.add_automaton(line, 0, finals, transitions)
    return model, cells


@register("cpsat-automaton")
def solve_automaton(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve the puzzle with one automaton constraint per line."""
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols)
    return solve_cells(model, cells, run)


CPSAT_DEFAULTS = {"num_workers": 0, "random_seed": 1}
"""CP-SAT's own default parameters, which ``make_solver`` overrides for reproducible pages: as
many workers as the machine has cores, and seed 1."""


@register("cpsat-automaton-default")
def solve_automaton_default(puzzle: Nonogram, run: Run) -> Grid | None:
    """The automaton model with CP-SAT's default parameters: the benchmark's plain baseline.

    With more than one worker its time and its choice among several solutions vary from run
    to run; the book's pages use ``"cpsat-automaton"`` (one worker, fixed seed) instead.
    """
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols)
    return solve_cells(model, cells, run, **CPSAT_DEFAULTS)
