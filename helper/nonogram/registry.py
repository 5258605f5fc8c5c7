"""The solver registry: every Nonogram model is wrapped with the same checks.

A model module knows only how to turn *valid* clues into a grid. It registers a function
``model(rows, cols, *, time_limit=None) -> grid | None`` with :func:`register`; the wrapper
validates the clues first (one set of clear errors for every solver), turns ``None`` into
:class:`NoSolutionError`, and refuses to return a grid that breaks a clue.
"""

from collections.abc import Callable
from functools import wraps
from typing import Protocol

from .clues import Clue, Grid, check_nonogram, validate


class NoSolutionError(ValueError):
    """The clues are well formed but no picture satisfies them all."""


class SolverTimeoutError(TimeoutError):
    """The solver gave up at its time limit without deciding the puzzle."""


class ModelTooLargeError(SolverTimeoutError):
    """The model refuses to build: it would be far too large to solve in any sensible time.

    A kind of giving up (so it is a :class:`SolverTimeoutError`), but said at once instead of
    after the time limit; the benchmark reports it as "too large".
    """


class Model(Protocol):
    def __call__(
        self, rows: list[Clue], cols: list[Clue], *, time_limit: float | None = None
    ) -> Grid | None: ...


class Solver(Protocol):
    def __call__(self, rows, cols, *, time_limit: float | None = None) -> Grid: ...


SOLVERS: dict[str, Solver] = {}
"""Every registered Nonogram solver by name: ``SOLVERS[name](rows, cols) -> grid``."""


def register(name: str) -> Callable[[Model], Solver]:
    """Add a model to :data:`SOLVERS` under ``name`` and return the checked solver.

    The raw model stays reachable as ``solver.__wrapped__``.
    """

    def decorate(model: Model) -> Solver:
        if name in SOLVERS:
            raise ValueError(f"a solver named {name!r} is already registered")

        @wraps(model)
        def solve(rows, cols, *, time_limit: float | None = None) -> Grid:
            clean_rows, clean_cols = validate(rows, cols)
            grid = model(clean_rows, clean_cols, time_limit=time_limit)
            if grid is None:
                raise NoSolutionError("no solution: no picture satisfies every clue")
            grid = [[int(cell) for cell in row] for row in grid]
            if not check_nonogram(clean_rows, clean_cols, grid):
                raise RuntimeError(f"solver {name!r} returned a grid that breaks the clues")
            return grid

        SOLVERS[name] = solve
        return solve

    return decorate
