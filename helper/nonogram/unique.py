"""Is a Nonogram fair? Count its solutions (up to a limit) and show where two of them differ.

A puzzle is **unique** when exactly one picture satisfies its clues. CP-SAT answers this by
enumerating the solutions of a model and stopping as soon as ``limit`` different grids
have been seen: ``limit=2`` is all a uniqueness check needs. The model is the automaton
model of ``book/nonogram_fast.md`` (one ``add_automaton`` per line), the fastest CP-SAT model
to enumerate with; the tests count with the start-position model too and compare.
"""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.nonogram.models.cpsat_automaton import build_automaton_model
from helper.nonogram.solvers.registry import (
    COUNTERS,
    Run,
    SolverTimeoutError,
    as_nonogram,
    register_counter,
)
from helper.ortools import make_solver

from .clues import Grid
from .puzzle import Nonogram

Cell = tuple[int, int]


class _GridCollector(cp_model.CpSolverSolutionCallback):
    """Keep the distinct grids found, stopping the search after ``limit`` of them."""

    def __init__(self, cells: list[list[cp_model.IntVar]], limit: int) -> None:
        super().__init__()
        self._cells = cells
        self._limit = limit
        self.grids: dict[tuple[tuple[int, ...], ...], None] = {}  # in the order found

    def on_solution_callback(self) -> None:
        grid = tuple(tuple(self.value(cell) for cell in row) for row in self._cells)
        self.grids[grid] = None
        if len(self.grids) >= self._limit:
            self.stop_search()


@register_counter("cpsat-automaton")
def enumerate_with_cpsat(puzzle: Nonogram, run: Run, limit: int) -> list[Grid]:
    """Up to ``limit`` different grids, enumerated by CP-SAT on the automaton model.

    Raises :class:`SolverTimeoutError` when the deadline passes before the search has either
    found ``limit`` grids or proved there are no more: a partial count would be a wrong answer.
    """
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols)
    solver = make_solver(run.deadline.left())
    solver.parameters.enumerate_all_solutions = True
    collector = _GridCollector(cells, limit)
    status = solver.solve(model, collector)
    run.count(branches=solver.num_branches, conflicts=solver.num_conflicts)
    found = len(collector.grids)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)  # the search ran to its end
    if found < limit and not complete:
        raise SolverTimeoutError(
            f"counting stopped after {run.deadline.seconds} s with {found} solution(s) found "
            f"and not all ruled out ({solver.status_name(status)})"
        )
    return [[list(row) for row in grid] for grid in collector.grids]


DEFAULT_COUNTER = "cpsat-automaton"


def find_solutions(
    puzzle: Nonogram,
    limit: int = 2,
    *,
    time_limit: float | None = None,
    method: str = DEFAULT_COUNTER,
) -> list[Grid]:
    """Up to ``limit`` different grids that satisfy the clues, sorted (``[]`` when none).

    ``method`` names a counter in :data:`COUNTERS`. When ``time_limit`` seconds pass before
    the count is complete, :class:`SolverTimeoutError` is raised: a partial count would be a
    wrong answer.
    """
    result, grids = COUNTERS[method](as_nonogram(puzzle), limit, time_limit=time_limit)
    if result.status in ("timeout", "too large"):
        raise SolverTimeoutError(result.message)
    return sorted(grids)


def count_solutions(
    puzzle: Nonogram,
    limit: int = 2,
    *,
    time_limit: float | None = None,
    method: str = DEFAULT_COUNTER,
) -> int:
    """The number of pictures that satisfy the clues, counting no further than ``limit``.

    ``count_solutions(puzzle) == 1`` says the puzzle is unique; ``2`` means "two or
    more"; ``0`` that no picture fits.
    """
    return len(find_solutions(puzzle, limit, time_limit=time_limit, method=method))


def two_solutions(puzzle: Nonogram, *, time_limit: float | None = None) -> list[Grid]:
    """Two different solutions when there are more than one, else the only one (or none)."""
    return find_solutions(puzzle, 2, time_limit=time_limit)


def differing_cells(a: Sequence[Sequence[int]], b: Sequence[Sequence[int]]) -> list[Cell]:
    """The cells ``(row, col)`` where the grids ``a`` and ``b`` differ, row by row."""
    if len(a) != len(b) or any(len(x) != len(y) for x, y in zip(a, b, strict=True)):
        raise ValueError("the two grids have different shapes")
    return [
        (r, c)
        for r, (row_a, row_b) in enumerate(zip(a, b, strict=True))
        for c, (x, y) in enumerate(zip(row_a, row_b, strict=True))
        if bool(x) != bool(y)
    ]
