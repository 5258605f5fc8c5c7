"""The seed's CP-SAT model of Futoshiki, as a solution callback class, in the current API;
and the package's solve and count for Futoshiki, built on it.

:func:`solve` and :func:`~helper.futoshiki.count_solutions` have the same signature and
meaning as their
Nonogram twins in :mod:`helper.nonogram`: they take a validated
:class:`~helper.futoshiki.puzzle.Futoshiki` and return a :class:`~helper.results.SolveResult`
or a :class:`~helper.results.CountResult`.
"""

import time
from collections.abc import Sequence
from typing import Any

from ortools.sat.python import cp_model

from helper.backends.cpsat import solve_model
from helper.deadline import Deadline, Run
from helper.errors import NoSolutionError, SolverTimeoutError
from helper.ortools import make_solver
from helper.results import CountResult, SolveResult, Status, check_limit

from .puzzle import Futoshiki, as_futoshiki
from .validate import Grid, validate_futoshiki


class GameBoard(cp_model.CpSolverSolutionCallback):
    """A Futoshiki puzzle as a CP-SAT model that is also its own solution callback."""

    def __init__(
        self,
        grid: Sequence[Sequence[int]] | Futoshiki,
        constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    ) -> None:
        super().__init__()
        rows: Grid
        if isinstance(grid, Futoshiki):  # validated when it was made
            rows, constraints = grid
        else:
            rows, constraints = validate_futoshiki(grid, constraints or [])
        grid = rows
        self.size = size = len(rows)
        self.model = cp_model.CpModel()
        # One integer variable per cell: fixed to a given, or free in 1..n.
        self.cells = [
            [
                self.model.new_int_var(value or 1, value or size, f"x[{r},{c}]")
                for c, value in enumerate(row)
            ]
            for r, row in enumerate(rows)
        ]
        # Each row and each column holds every number once.
        for row in self.cells:
            self.model.add_all_different(row)
        for column in zip(*self.cells, strict=True):
            self.model.add_all_different(column)
        # One inequality per sign of the puzzle.
        for (r1, c1), (r2, c2) in constraints:
            self.model.add(self.cells[r1][c1] < self.cells[r2][c2])
        self.solution: Grid | None = None
        self.solver: cp_model.CpSolver | None = None

    def on_solution_callback(self) -> None:
        """Called by the solver at a solution: keep the grid and stop the search.

        A plain :meth:`solve` stops at its first solution anyway (the model has no objective);
        ``stop_search`` is what ends an enumeration (``enumerate_all_solutions``).
        """
        self.solution = [[self.value(x) for x in row] for row in self.cells]
        self.stop_search()

    def solve(self, time_limit: float | None = None) -> Grid | None:
        """Run CP-SAT (fixed seed, one worker); leave the grid in ``.solution`` or ``None``."""
        self.solution = None
        self.solver = make_solver(time_limit)
        status = self.solver.solve(self.model, self)
        if status == cp_model.UNKNOWN:
            raise SolverTimeoutError(f"CP-SAT stopped at the time limit of {time_limit} s")
        return self.solution


def solve_futoshiki(
    grid: Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]],
    *,
    time_limit: float | None = None,
) -> Grid:
    """The solved grid; :class:`~helper.errors.NoSolutionError` (a ``ValueError`` whose message
    starts with "no solution") when the puzzle has none."""
    board = GameBoard(grid, constraints)
    solution = board.solve(time_limit)
    if solution is None:
        raise NoSolutionError("no solution: no grid obeys all the givens and signs")
    return solution


def solve(
    puzzle: Futoshiki | Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    *,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve a Futoshiki with CP-SAT (the :class:`GameBoard` model, one worker, fixed seed).

    ``solve(puzzle)`` takes a :class:`~helper.futoshiki.puzzle.Futoshiki`;
    ``solve(grid, constraints)`` is a shorthand for ``solve(Futoshiki(grid, constraints))``.
    ``time_limit`` (seconds) bounds the solve; the result's status then says "timeout". The
    grid is checked against the puzzle before it is returned.
    """
    if constraints is not None:
        if isinstance(puzzle, Futoshiki):
            raise TypeError("pass either a Futoshiki or its grid and constraints, not both")
        puzzle = Futoshiki(puzzle, constraints)
    puzzle = as_futoshiki(puzzle)
    start = time.perf_counter()
    board = GameBoard(puzzle)
    run = Run(Deadline(time_limit), "cpsat")
    status: Status = "solved"
    message = ""
    code: Any
    try:
        _, code = solve_model(board.model, run, callback=board)
    except SolverTimeoutError as error:  # the deadline passed while building the model
        code, message = cp_model.UNKNOWN, str(error)
    grid = board.solution
    if code == cp_model.INFEASIBLE:
        status, message = "no solution", "no solution: no grid obeys all the givens and signs"
    elif grid is None:
        status = "timeout"
        message = message or f"CP-SAT stopped at the time limit of {time_limit} s"
    elif not puzzle.check(grid):
        raise RuntimeError("CP-SAT returned a grid that breaks the puzzle's rules")
    seconds = time.perf_counter() - start
    return SolveResult(status, grid, "cpsat", "cpsat", seconds, dict(run.stats), message)


class _Collector(cp_model.CpSolverSolutionCallback):
    """Keep the distinct grids found, stopping the search after ``limit`` of them."""

    def __init__(self, board: GameBoard, limit: int | None) -> None:
        super().__init__()
        self._cells = board.cells
        self._limit = limit
        self.grids: dict[tuple[tuple[int, ...], ...], None] = {}  # in the order found

    def on_solution_callback(self) -> None:
        self.grids[tuple(tuple(self.value(x) for x in row) for row in self._cells)] = None
        if self._limit is not None and len(self.grids) >= self._limit:
            self.stop_search()


def count_solutions(
    puzzle: Futoshiki, limit: int | None = 2, *, time_limit: float | None = None
) -> CountResult:
    """How many solutions the puzzle has, counting no further than ``limit``.

    With the default ``limit=2`` the answer is 0 (no solution), 1 (a proper puzzle) or 2
    (two or more); ``limit=None`` counts them all. The result is a
    :class:`~helper.results.CountResult`: an ``int`` that keeps the solutions found and says
    whether the count is complete; when ``time_limit`` seconds pass first, it holds what was
    found by then. CP-SAT enumerates with one worker (with more, its enumeration misses
    solutions; see :func:`helper.ortools.get_all_solutions`).
    """
    puzzle = as_futoshiki(puzzle)
    check_limit(limit)
    start = time.perf_counter()
    board = GameBoard(puzzle)
    collector = _Collector(board, limit)
    run = Run(Deadline(time_limit), "cpsat")
    _, code = solve_model(board.model, run, {"enumerate_all_solutions": True}, collector)
    grids = [[list(row) for row in grid] for grid in collector.grids]
    if not all(puzzle.check(grid) for grid in grids):
        raise RuntimeError("CP-SAT returned a grid that breaks the puzzle's rules")
    reached = limit is not None and len(grids) >= limit
    complete = reached or code in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    status: Status = "solved" if grids else "no solution"
    message = ""
    if not complete:
        status = "timeout"
        message = f"counting stopped after {time_limit} s with {len(grids)} solution(s) found"
    return CountResult(
        grids,
        limit=limit,
        complete=complete,
        status=status,
        solver="cpsat",
        method="cpsat",
        seconds=time.perf_counter() - start,
        stats={**run.stats, "solutions": len(grids)},
        message=message,
    )
