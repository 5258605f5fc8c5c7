"""The registry of Nonogram solvers: one entry per name, saying what it can do.

A solver function knows only how to turn a valid :class:`~helper.nonogram.puzzle.Nonogram`
into a grid. :func:`register` adds a function ``model(puzzle, run) -> grid | None``;
``run`` carries the :class:`~helper.deadline.Deadline` the model must respect, the name of the
method that is answering and a dictionary of statistics the model fills in. A solver with
settings is registered with a frozen dataclass of them, ``register(name, config=...)``, and its
model takes it as a third argument, ``model(puzzle, run, config)``; a caller may pass another
one, ``SOLVERS[name](puzzle, config=replace(SOLVERS[name].config, ...))``.

The registered solver ``SOLVERS[name](puzzle, time_limit=..., config=...)`` wraps every model
the same way: it times the solve, turns ``None`` (or a :class:`NoSolutionError`) into the
status "no solution" and a time-out into "timeout", and refuses to return a grid that breaks a
clue. It always returns a :class:`~helper.results.SolveResult`.

:func:`register_counter` does the same for counting: a generator
``count(puzzle, run, limit)`` (``limit`` may be ``None``: no limit) yields different
solutions one by one, and
``COUNTERS[name](puzzle, limit, time_limit=...)`` returns a
:class:`~helper.results.CountResult` that keeps every solution yielded before time ran out.

:data:`REGISTRY` has one :class:`Entry` per name, with its capabilities (solve, count or both)
and its default settings; :data:`SOLVERS` and :data:`COUNTERS` are its two views.
"""

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, Protocol

from helper.deadline import Deadline, Run
from helper.errors import ModelTooLargeError, NoSolutionError, SolverTimeoutError
from helper.results import CountResult, SolveResult, Status, check_limit

from ..clues import Grid
from ..puzzle import Nonogram

Config = Any  # a frozen dataclass of one solver's settings, or None


Model = Callable[..., Grid | None]
"""``model(puzzle, run)``, or ``model(puzzle, run, config)`` for a solver with settings."""

CountingModel = Callable[..., Iterator[Grid]]
"""``count(puzzle, run, limit)``, or ``count(puzzle, run, limit, config)`` with settings."""


class Solver(Protocol):
    config: Config

    def __call__(
        self, puzzle: Nonogram, *, time_limit: float | None = None, config: Config = None
    ) -> SolveResult: ...


class Counter(Protocol):
    config: Config

    def __call__(
        self,
        puzzle: Nonogram,
        limit: int | None = 2,
        *,
        time_limit: float | None = None,
        config: Config = None,
    ) -> CountResult: ...


@dataclass
class Entry:
    """One registered name: the solver and/or the counter behind it."""

    name: str
    solve: Solver | None = None
    count: Counter | None = None
    capabilities: set[str] = field(default_factory=set)

    def can(self, capability: str) -> bool:
        """``"solve"`` or ``"count"``: whether this entry offers it."""
        return capability in self.capabilities


REGISTRY: dict[str, Entry] = {}
"""Every registered name, in the order registered (book order), with its capabilities."""

SOLVERS: dict[str, Solver] = {}
"""Every registered Nonogram solver by name: ``SOLVERS[name](puzzle) -> SolveResult``."""

COUNTERS: dict[str, Counter] = {}
"""Every registered way to count solutions: ``COUNTERS[name](puzzle, limit) -> CountResult``
(the solutions found, every one checked against the clues)."""


def names(capability: str) -> list[str]:
    """The registered names that can ``"solve"`` or ``"count"`` (the keys of :data:`SOLVERS`
    or of :data:`COUNTERS`, in their order)."""
    if capability not in ("solve", "count"):
        raise ValueError(f"a capability is 'solve' or 'count', not {capability!r}")
    return list(SOLVERS if capability == "solve" else COUNTERS)


def as_nonogram(puzzle: object) -> Nonogram:
    """``puzzle`` itself when it is a :class:`Nonogram`; a clear ``TypeError`` otherwise."""
    if not isinstance(puzzle, Nonogram):
        raise TypeError(
            f"expected a Nonogram, got {type(puzzle).__name__}; "
            "make one with Nonogram(rows, cols) or load one with load_puzzle(name)"
        )
    return puzzle


def run_model(
    model: Model, name: str, puzzle: Nonogram, time_limit: float | None, config: Config = None
) -> SolveResult:
    """Run ``model`` on ``puzzle`` within ``time_limit`` seconds and check its answer."""
    puzzle = as_nonogram(puzzle)
    run = Run(Deadline(time_limit), name)
    start = time.perf_counter()
    status: Status
    grid, message = None, ""
    try:
        grid = model(puzzle, run) if config is None else model(puzzle, run, config)
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


def run_counter(
    model: CountingModel,
    name: str,
    puzzle: Nonogram,
    limit: int | None,
    time_limit: float | None,
    config: Config = None,
) -> CountResult:
    """Run a counting ``model`` for up to ``limit`` different solutions and check them.

    The solutions found before a time-out are kept: the result says it is incomplete.
    """
    puzzle = as_nonogram(puzzle)
    check_limit(limit)
    run = Run(Deadline(time_limit), name)
    start = time.perf_counter()
    grids: list[Grid] = []
    seen: set[str] = set()
    status: Status = "solved"
    complete, message = True, ""
    try:
        found_grids = (
            model(puzzle, run, limit) if config is None else model(puzzle, run, limit, config)
        )
        for found in found_grids:
            grid = [[int(cell) for cell in row] for row in found]
            if str(grid) in seen:
                raise RuntimeError(f"counter {name!r} returned the same grid twice")
            if not puzzle.check(grid):
                raise RuntimeError(f"counter {name!r} returned a grid that breaks the clues")
            seen.add(str(grid))
            grids.append(grid)
            if limit is not None and len(grids) >= limit:
                break
    except ModelTooLargeError as error:
        status, complete, message = "too large", False, str(error)
    except SolverTimeoutError as error:
        status, complete, message = "timeout", False, str(error)
    except NoSolutionError as error:
        if grids:
            raise RuntimeError(f"counter {name!r} found solutions, then none") from error
        message = str(error)
    if complete and not grids:
        status = "no solution"
        message = message or "no solution: no picture satisfies every clue"
    seconds = time.perf_counter() - start
    stats = {**run.stats, "solutions": len(grids)}
    return CountResult(
        grids,
        limit=limit,
        complete=complete,
        status=status,
        solver=name,
        method=run.method,
        seconds=seconds,
        stats=stats,
        message=message,
    )


def _entry(name: str) -> Entry:
    return REGISTRY.setdefault(name, Entry(name))


def register(name: str, config: Config = None) -> Callable[[Model], Solver]:
    """Add a model to :data:`~helper.nonogram.solvers.registry.SOLVERS` under ``name`` (with
    its default ``config``) and return the checked solver.

    The raw model stays reachable as ``solver.__wrapped__``.
    """

    def decorate(model: Model) -> Solver:
        if name in SOLVERS:
            raise ValueError(f"a solver named {name!r} is already registered")

        @wraps(model)
        def solve(
            puzzle: Nonogram, *, time_limit: float | None = None, config: Config = None
        ) -> SolveResult:
            chosen = solve.config if config is None else config  # type: ignore[attr-defined]
            return run_model(model, name, puzzle, time_limit, chosen)

        solve.config = config  # type: ignore[attr-defined]
        SOLVERS[name] = solve  # type: ignore[assignment]
        entry = _entry(name)
        entry.solve = solve  # type: ignore[assignment]
        entry.capabilities.add("solve")
        return solve  # type: ignore[return-value]

    return decorate


def register_counter(name: str, config: Config = None) -> Callable[[CountingModel], Counter]:
    """Add a counting model to :data:`~helper.nonogram.solvers.registry.COUNTERS` under ``name``."""

    def decorate(model: CountingModel) -> Counter:
        if name in COUNTERS:
            raise ValueError(f"a counter named {name!r} is already registered")

        @wraps(model)
        def count(
            puzzle: Nonogram,
            limit: int | None = 2,
            *,
            time_limit: float | None = None,
            config: Config = None,
        ) -> CountResult:
            chosen = count.config if config is None else config  # type: ignore[attr-defined]
            return run_counter(model, name, puzzle, limit, time_limit, chosen)

        count.config = config  # type: ignore[attr-defined]
        COUNTERS[name] = count  # type: ignore[assignment]
        entry = _entry(name)
        entry.count = count  # type: ignore[assignment]
        entry.capabilities.add("count")
        return count  # type: ignore[return-value]

    return decorate
