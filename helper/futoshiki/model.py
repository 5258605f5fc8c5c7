"""The seed's CP-SAT model of Futoshiki, as a solution callback class, in the current API.

The registered solver and counter ``"cpsat"`` (:mod:`helper.futoshiki.solvers`) are built on
:class:`GameBoard`; :func:`solve_futoshiki` is the chapter's shorthand that returns the grid.
"""

from collections.abc import Sequence

from ortools.sat.python import cp_model

from helper.backends.cpsat import found_solution, solve_model
from helper.deadline import Deadline, Run
from helper.errors import NoSolutionError

from .puzzle import Futoshiki
from .validate import Grid, validate_futoshiki


class GameBoard(cp_model.CpSolverSolutionCallback):
    """A Futoshiki puzzle as a CP-SAT model that is also its own solution callback.

    One integer variable per cell (fixed to a given, or free in ``1..n``), an
    ``add_all_different`` per row and column, one inequality per sign. ``solve()`` leaves
    the grid in ``.solution``. :func:`~helper.futoshiki.solve` and
    :func:`~helper.futoshiki.count_solutions` use this model by default.

    Parameters
    ----------
    grid
        A :class:`~helper.futoshiki.puzzle.Futoshiki`, or the puzzle's rows (``0`` for an
        empty cell) with ``constraints``.
    constraints
        The signs, ``((r1, c1), (r2, c2))`` meaning cell 1 < cell 2, when ``grid`` is rows.

    Raises
    ------
    ValueError
        When the puzzle is malformed.

    Examples
    --------
    >>> board = GameBoard([[0, 0], [0, 0]], [((0, 0), (0, 1))])
    >>> board.size, len(board.model.proto.constraints)  # 2 rows, 2 columns, 1 sign
    (2, 5)
    >>> board.solve()
    [[1, 2], [2, 1]]
    """

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
        run = Run(Deadline(time_limit), "GameBoard")
        self.solver, status = solve_model(self.model, run, callback=self)
        found_solution(self.solver, status, run)  # a time-out raises
        return self.solution


def solve_futoshiki(
    grid: Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]],
    *,
    time_limit: float | None = None,
) -> Grid:
    """The solved grid of a puzzle, by the :class:`GameBoard` model on CP-SAT.

    Parameters
    ----------
    grid
        The puzzle's rows, ``0`` for an empty cell.
    constraints
        Its signs, ``((r1, c1), (r2, c2))`` meaning cell 1 < cell 2.
    time_limit
        Seconds CP-SAT may search (``None``: no limit).

    Returns
    -------
    list[list[int]]
        The filled grid.

    Raises
    ------
    NoSolutionError
        When the puzzle has none (a ``ValueError`` whose message starts with "no solution").
    SolverTimeoutError
        When CP-SAT stops at the time limit undecided.
    ValueError
        When the puzzle is malformed.

    Examples
    --------
    >>> solve_futoshiki([[0, 0], [0, 0]], [((0, 1), (0, 0))])
    [[2, 1], [1, 2]]
    >>> solve_futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))])
    Traceback (most recent call last):
    ...
    helper.errors.NoSolutionError: no solution: no grid obeys all the givens and signs
    """
    board = GameBoard(grid, constraints)
    solution = board.solve(time_limit)
    if solution is None:
        raise NoSolutionError("no solution: no grid obeys all the givens and signs")
    return solution
