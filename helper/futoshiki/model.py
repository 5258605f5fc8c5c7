"""The seed's CP-SAT model of Futoshiki, as a solution callback class, in the current API."""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.ortools import get_all_solutions, make_solver

from .validate import Grid, validate_futoshiki


class GameBoard(cp_model.CpSolverSolutionCallback):
    """A Futoshiki puzzle as a CP-SAT model that is also its own solution callback."""

    def __init__(
        self, grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
    ) -> None:
        super().__init__()
        grid, constraints = validate_futoshiki(grid, constraints)
        self.size = size = len(grid)
        self.model = cp_model.CpModel()
        # One integer variable per cell: fixed to a given, or free in 1..n.
        self.cells = [
            [
                self.model.new_int_var(value or 1, value or size, f"x[{r},{c}]")
                for c, value in enumerate(row)
            ]
            for r, row in enumerate(grid)
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
            raise TimeoutError(f"CP-SAT stopped at the time limit of {time_limit} s")
        return self.solution


def solve_futoshiki(
    grid: Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]],
    *,
    time_limit: float | None = None,
) -> Grid:
    """The solved grid; ``ValueError("no solution ...")`` when the puzzle has none."""
    board = GameBoard(grid, constraints)
    solution = board.solve(time_limit)
    if solution is None:
        raise ValueError("no solution: no grid obeys all the givens and signs")
    return solution


def count_solutions(
    grid: Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]],
    limit: int | None = 2,
) -> int:
    """How many solutions the puzzle has, counting no further than ``limit``.

    With the default ``limit=2`` the answer is 0 (no solution), 1 (a proper puzzle) or 2
    (two or more). ``limit=None`` counts them all.
    """
    board = GameBoard(grid, constraints)
    variables = [x for row in board.cells for x in row]
    return len(get_all_solutions(board.model, variables, limit=limit))
