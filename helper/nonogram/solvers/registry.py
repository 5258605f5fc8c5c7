"""The solver layer: one deadline, one contradiction, one result, one registry.

A model module knows only how to turn a valid :class:`~.puzzle.Nonogram` into a grid. It
registers a function ``model(puzzle, run) -> grid | None`` with :func:`register`. ``run``
carries the :class:`Deadline` the model must respect, the name of the method that is
answering and a dictionary of statistics the model fills in (branches, conflicts, guesses...).
The registered solver ``SOLVERS[name](puzzle, time_limit=...)`` wraps every model the same
way: it times the solve, turns ``None`` (or a :class:`NoSolutionError`) into the status
"no solution" and a time-out into "timeout", and refuses to return a grid that breaks a
clue. It always returns a :class:`SolveResult`.
"""

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import wraps
from typing import Literal, Protocol

from helper.nonogram.clues import Grid
from helper.nonogram.puzzle import Nonogram

Status = Literal["solved", "no solution", "timeout", "too large"]


class NoSolutionError(ValueError):
    """The clues are well formed but no picture satisfies them all."""


class SolverTimeoutError(TimeoutError):
    """The solver gave up at its time limit without deciding the puzzle."""


class ModelTooLargeError(SolverTimeoutError):
    """The model refuses to build: it would be far too large to solve in any sensible time.

    A kind of giving up (so it is a :class:`SolverTimeoutError`), but said at once instead of
    after the time limit; results report it as "too large".
    """


class Contradiction(Exception):
    """Line logic found a line that no placement of its clue fits any more.

    Inside a search it only refutes a guess; a model that meets one before any guess raises
    :class:`NoSolutionError` (or returns ``None``).
    """


class Deadline:
    """A point in time after which a solve gives up; ``Deadline(None)`` never passes."""

    def __init__(self, seconds: float | None = None) -> None:
        if seconds is not None and not seconds > 0:
            raise ValueError(f"a time limit must be a positive number of seconds, got {seconds}")
        self.seconds = seconds
        self._end = None if seconds is None else time.perf_counter() + seconds

    def left(self) -> float | None:
        """Seconds left (at least a hundredth, so it can be handed to a solver), or ``None``."""
        if self._end is None:
            return None
        return max(self._end - time.perf_counter(), 0.01)

    def passed(self) -> bool:
        return self._end is not None and time.perf_counter() > self._end

    def check(self, what: str) -> None:
        """Raise :class:`SolverTimeoutError` naming ``what`` once the deadline has passed."""
        if self.passed():
            raise SolverTimeoutError(f"{what}: no answer within {self.seconds:g} s")


@dataclass
class Run:
    """One solve in progress, as a model sees it.

    ``method`` names what is answering: a registered solver's own name by default, which a
    portfolio overwrites with the method that found the grid. ``stats`` collects counts.
    """

    deadline: Deadline
    method: str
    stats: dict[str, int | float] = field(default_factory=dict)

    def count(self, **amounts: int | float) -> None:
        """Add to the statistics, e.g. ``run.count(guesses=1)``."""
        for key, value in amounts.items():
            self.stats[key] = self.stats.get(key, 0) + value


@dataclass(frozen=True)
class SolveResult:
    """What a solve did: the status, the grid (when solved), who answered, time, statistics."""

    status: Status
    grid: Grid | None
    solver: str  # the registered solver that was called
    method: str  # the method that answered (a portfolio names the one that won)
    seconds: float
    stats: Mapping[str, int | float] = field(default_factory=dict)
    message: str = ""

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def picture(self) -> Grid:
        """The grid, or the error that says why there is none."""
        if self.grid is not None:
            return self.grid
        if self.status == "no solution":
            raise NoSolutionError(self.message)
        raise SolverTimeoutError(self.message)


class Model(Protocol):
    def __call__(self, puzzle: Nonogram, run: Run) -> Grid | None: ...


class Solver(Protocol):
    __wrapped__: Model

    def __call__(self, puzzle: Nonogram, *, time_limit: float | None = None) -> SolveResult: ...


SOLVERS: dict[str, Solver] = {}
"""Every registered Nonogram solver by name: ``SOLVERS[name](puzzle) -> SolveResult``."""


def as_nonogram(puzzle: object) -> Nonogram:
    """``puzzle`` itself when it is a :class:`Nonogram`; a clear ``TypeError`` otherwise."""
    if not isinstance(puzzle, Nonogram):
        raise TypeError(
            f"expected a Nonogram, got {type(puzzle).__name__}; "
            "make one with Nonogram(rows, cols) or load one with load_puzzle(name)"
        )
    return puzzle


def run_model(model: Model, name: str, puzzle: Nonogram, time_limit: float | None) -> SolveResult:
    """Run ``model`` on ``puzzle`` within ``time_limit`` seconds and check its answer."""
    puzzle = as_nonogram(puzzle)
    run = Run(Deadline(time_limit), name)
    start = time.perf_counter()
    status: Status
    grid, message = None, ""
    try:
        grid = model(puzzle, run)
    except ModelTooLargeError as error:
        status, message = "too large", str(error)
    except SolverTimeoutError as error:
        status, message = "timeout", str(error)
    except NoSolutionError as error:
        status, message = "no solution", str(error)
    else:
        if grid is None:
            status, message = "no solution", "no solution: no picture satisfies every clue"
        else:
            grid = [[int(cell) for cell in row] for row in grid]
            if not puzzle.check(grid):
                raise RuntimeError(f"solver {name!r} returned a grid that breaks the clues")
            status = "solved"
    seconds = time.perf_counter() - start
    return SolveResult(status, grid, name, run.method, seconds, dict(run.stats), message)


class CountingModel(Protocol):
    def __call__(self, puzzle: Nonogram, run: Run, limit: int) -> list[Grid]: ...


class Counter(Protocol):
    __wrapped__: CountingModel

    def __call__(
        self, puzzle: Nonogram, limit: int = 2, *, time_limit: float | None = None
    ) -> tuple[SolveResult, list[Grid]]: ...


COUNTERS: dict[str, Counter] = {}
"""Every registered way to count solutions: ``COUNTERS[name](puzzle, limit)`` returns a
:class:`SolveResult` (its grid the first solution found) and up to ``limit`` different
grids, every one checked against the clues."""


def run_counter(
    model: CountingModel, name: str, puzzle: Nonogram, limit: int, time_limit: float | None
) -> tuple[SolveResult, list[Grid]]:
    """Run a counting ``model`` for up to ``limit`` different solutions and check them."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive integer, got {limit!r}")
    grids: list[Grid] = []

    def first(puzzle: Nonogram, run: Run) -> Grid | None:
        grids.extend([[int(c) for c in row] for row in grid] for grid in model(puzzle, run, limit))
        return grids[0] if grids else None

    result = run_model(first, name, puzzle, time_limit)
    if len(grids) > limit or len({str(g) for g in grids}) != len(grids):
        raise RuntimeError(f"counter {name!r} returned repeated or too many grids")
    if not all(puzzle.check(grid) for grid in grids):
        raise RuntimeError(f"counter {name!r} returned a grid that breaks the clues")
    if result.status != "solved":
        grids = []
    stats = {**result.stats, "solutions": len(grids)}
    return SolveResult(
        result.status, result.grid, name, result.method, result.seconds, stats, result.message
    ), grids


def register_counter(name: str) -> Callable[[CountingModel], Counter]:
    """Add a counting model to :data:`COUNTERS` under ``name``."""

    def decorate(model: CountingModel) -> Counter:
        if name in COUNTERS:
            raise ValueError(f"a counter named {name!r} is already registered")

        @wraps(model)
        def count(
            puzzle: Nonogram, limit: int = 2, *, time_limit: float | None = None
        ) -> tuple[SolveResult, list[Grid]]:
            return run_counter(model, name, puzzle, limit, time_limit)

        COUNTERS[name] = count  # type: ignore[assignment]
        return count  # type: ignore[return-value]

    return decorate


def register(name: str) -> Callable[[Model], Solver]:
    """Add a model to :data:`SOLVERS` under ``name`` and return the checked solver.

    The raw model stays reachable as ``solver.__wrapped__``.
    """

    def decorate(model: Model) -> Solver:
        if name in SOLVERS:
            raise ValueError(f"a solver named {name!r} is already registered")

        @wraps(model)
        def solve(puzzle: Nonogram, *, time_limit: float | None = None) -> SolveResult:
            return run_model(model, name, puzzle, time_limit)

        SOLVERS[name] = solve  # type: ignore[assignment]
        return solve  # type: ignore[return-value]

    return decorate
