"""Hints for CP-SAT: a value to try first for some cells, and what it changes in the search.

``model.add_hint(variable, value)`` is a suggestion, not a constraint: CP-SAT starts its search
by trying the hinted values, keeps any solution they lead to, and goes its own way where they
fail. :func:`hinted_search` solves the automaton model of a Nonogram with the cells of ``hint``
hinted and reports the search's counts, so that hints from different sources (line logic, a
previous solution, part of one) can be compared on the same puzzle, each beside its controls:
a hint of one cell, the same cells with every value wrong (:func:`flipped_hint`), and the
same hint with CP-SAT's hint search turned off (``hint_conflict_limit=0``). None of them is a
perfect placebo where the search is long: anything that changes its path moves the counts,
as CP-SAT's seed (``random_seed``) does, so an effect counts only beyond the spread of
several seeds.

What a hint does in CP-SAT 9.15 with one worker: a hint of every variable is first checked as
a whole, and if it is a solution no search starts ("The solution hint is complete and is
feasible" in the log). Otherwise, before its own search, CP-SAT runs a short search that tries
the hinted values first and gives up after ``hint_conflict_limit`` conflicts (10 by default);
then its usual search starts. When that hint search completes the hint into a solution
(``SearchCounts.from_hint``), almost nothing is left to count beyond the work CP-SAT did
before its first decision (``root_counts``: the probing when it loads the model).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from helper.backends.cpsat import found_solution, solve_model
from helper.deadline import Deadline, Run
from helper.errors import NoSolutionError

from .clues import Grid
from .models.cpsat_automaton import build_automaton_model
from .puzzle import Nonogram, as_nonogram


@dataclass(frozen=True)
class SearchCounts:
    """What one solve did: its grid, decisions (branches), conflicts and seconds, and whether
    the solution came from the hint (``from_hint``: the check of a complete hint, or the short
    search that follows the hint; CP-SAT's ``solution_info()`` says so)."""

    grid: Grid
    branches: int
    conflicts: int
    seconds: float
    from_hint: bool = False


def hinted_search(
    puzzle: Nonogram,
    hint: Sequence[Sequence[int]] | None = None,
    *,
    presolve: bool = True,
    time_limit: float | None = None,
    **parameters: Any,
) -> SearchCounts:
    """Solve the automaton model (one worker, fixed seed) with the cells of ``hint`` hinted.

    ``hint`` holds rows of 1, 0 or -1 (no hint for that cell). ``presolve=False`` turns off
    CP-SAT's presolve, so that the search itself is measured; ``parameters`` are further
    CP-SAT parameters (``hint_conflict_limit=0``: no hint search). Raises
    :class:`~helper.errors.NoSolutionError` or :class:`~helper.errors.SolverTimeoutError`.
    """
    puzzle = as_nonogram(puzzle)
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols)
    if hint is not None:
        if len(hint) != puzzle.height or any(len(row) != puzzle.width for row in hint):
            raise ValueError(f"the hint must be {puzzle.size} cells like the puzzle")
        for row_cells, row_hint in zip(cells, hint, strict=True):
            for cell, value in zip(row_cells, row_hint, strict=True):
                if value in (0, 1):
                    model.add_hint(cell, value)
    run = Run(Deadline(time_limit), "hinted_search")
    options = {"cp_model_presolve": presolve, **parameters}
    solver, status = solve_model(model, run, options)
    if not found_solution(solver, status, run):  # a time-out raises
        raise NoSolutionError("no solution: no picture satisfies every clue")
    grid = [[solver.value(cell) for cell in row] for row in cells]
    info = solver.solution_info()  # "complete_hint", "main [hint]" (the hint search), "main"
    from_hint = info == "complete_hint" or info.endswith("[hint]")
    return SearchCounts(
        grid, solver.num_branches, solver.num_conflicts, solver.wall_time, from_hint
    )


def root_counts(puzzle: Nonogram, *, presolve: bool = True, **parameters: Any) -> tuple[int, int]:
    """``(branches, conflicts)`` of the automaton model's solve stopped before its first
    decision (``stop_after_root_propagation``), without a hint: the work CP-SAT does when it
    loads the model (its probing, ``cp_model_probing_level``). Every solve of
    :func:`hinted_search` with the same ``presolve`` and ``parameters`` counts it too, unless
    a complete hint is a solution (then no search starts, and nothing is counted).

    Parameters
    ----------
    puzzle
        The Nonogram (a :class:`~helper.nonogram.Nonogram`, or what
        :func:`~helper.nonogram.puzzle.as_nonogram` accepts).
    presolve
        Whether CP-SAT presolves the model first (``cp_model_presolve``); presolve alone
        decides many small puzzles, and then nothing is left to count.
    **parameters
        Further CP-SAT parameters, for example ``cp_model_probing_level=0``.

    Returns
    -------
    tuple of int
        The solver's ``num_branches`` and ``num_conflicts`` at the root.

    Examples
    --------
    >>> from helper.nonogram import Nonogram
    >>> zigzag = Nonogram.from_grid([[1, 1, 0], [0, 1, 0], [0, 1, 1]])
    >>> root_counts(zigzag, presolve=False, cp_model_probing_level=0)  # no probing: no work
    (0, 0)
    >>> branches, conflicts = root_counts(zigzag, presolve=False)  # probing tries values
    >>> branches > 0
    True
    """
    puzzle = as_nonogram(puzzle)
    model, _ = build_automaton_model(puzzle.rows, puzzle.cols)
    options = {"cp_model_presolve": presolve, "stop_after_root_propagation": True, **parameters}
    solver, _ = solve_model(model, parameters=options)  # stopped at the root, or solved there
    return solver.num_branches, solver.num_conflicts


def partial_hint(grid: Sequence[Sequence[int]], cells: Sequence[tuple[int, int]]) -> Grid:
    """A hint that gives ``grid``'s value at ``cells`` only (-1 everywhere else)."""
    hint = [[-1] * len(row) for row in grid]
    for r, c in cells:
        hint[r][c] = int(grid[r][c])
    return hint


def flipped_hint(hint: Sequence[Sequence[int]]) -> Grid:
    """The same hinted cells with every value reversed (-1 stays -1): a control that hints
    as much, all of it wrong."""
    return [[1 - value if value in (0, 1) else -1 for value in row] for row in hint]
