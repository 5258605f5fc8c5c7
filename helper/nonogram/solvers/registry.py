"""The registry of Nonogram solvers: one table, one entry per name, saying what it can do.

``REGISTRY`` is a :class:`helper.registry.Registry` (the same shape as
``helper.futoshiki.REGISTRY``): one :class:`~helper.registry.Entry` per name, with its
solver, its counter or both. ``SOLVERS`` and ``COUNTERS`` are its two read-only views.
:func:`register` adds a model ``model(puzzle, run) -> grid | None`` (see
:mod:`helper.registry` for what the registered solver does around it); :func:`register_counter`
adds a generator ``count(puzzle, run, limit)`` that yields different solutions one by one.
"""

from collections.abc import Callable, Iterator, Mapping

from helper import registry as shared
from helper.registry import (
    Config,
    Counter,
    CountingModel,
    Entry,
    Family,
    Model,
    Registry,
    Solver,
)
from helper.results import CountResult, SolveResult

from ..clues import Grid
from ..puzzle import Nonogram, as_nonogram

NONOGRAM = Family("Nonogram", as_nonogram, "no solution: no picture satisfies every clue")

REGISTRY = Registry(NONOGRAM)
"""Every registered name, in book order, with its capabilities (solve, count or both)."""

SOLVERS: Mapping[str, Solver] = REGISTRY.solvers
"""Every registered Nonogram solver by name: ``SOLVERS[name](puzzle) -> SolveResult``."""

COUNTERS: Mapping[str, Counter] = REGISTRY.counters
"""Every registered way to count solutions: ``COUNTERS[name](puzzle, limit) -> CountResult``
(the solutions found, every one checked against the clues)."""


def names(capability: str) -> list[str]:
    """The registered names that can ``"solve"`` or ``"count"`` (the keys of ``SOLVERS``
    or of ``COUNTERS``, in their order)."""
    return REGISTRY.names(capability)


def register(name: str, config: Config = None) -> Callable[[Model], Solver]:
    """Add a model to ``SOLVERS`` under ``name``; the decorator returns the checked solver.

    The model, ``model(puzzle, run)`` (or ``model(puzzle, run, config)`` with settings),
    returns a grid or ``None`` for "no solution"; the registered solver times it, keeps to its
    time limit and checks its answer (``register`` of :class:`helper.registry.Registry`).

    Parameters
    ----------
    name
        The registry key, as ``solve(puzzle, solver=name)`` and the tables name it.
    config
        The solver's default settings (a frozen dataclass), or ``None``.

    Returns
    -------
    collections.abc.Callable
        The decorator; it returns the solver, ``solver(puzzle, *, time_limit=None,
        config=None) -> SolveResult``, with the raw model as ``solver.__wrapped__``.

    Raises
    ------
    ValueError
        When a solver of that name is registered already.

    Examples
    --------
    The same on a registry of one's own (:class:`helper.registry.Registry`, the shape of
    ``REGISTRY``), so that the example leaves ``SOLVERS`` as it was:

    >>> from helper.nonogram import Nonogram
    >>> from helper.nonogram.solvers.registry import NONOGRAM, Registry
    >>> mine = Registry(NONOGRAM)
    >>> @mine.register("all-filled")
    ... def all_filled(puzzle, run):
    ...     return [[1] * puzzle.width for _ in range(puzzle.height)]
    >>> mine.solvers["all-filled"](Nonogram([[1]], [[1]])).grid
    [[1]]
    >>> mine.solvers["all-filled"](Nonogram([[1], []], [[1]])).status  # its answer is checked
    Traceback (most recent call last):
    ...
    RuntimeError: solver 'all-filled' returned a grid that breaks the clues
    """
    return REGISTRY.register(name, config)


def register_counter(name: str, config: Config = None) -> Callable[[CountingModel], Counter]:
    """Add a counting model to ``COUNTERS`` under ``name``; the decorator returns the counter.

    The model, a generator ``count(puzzle, run, limit)`` (or with ``config``), yields
    different solutions one by one; the registered counter keeps those found before the time
    ran out and checks each (``register_counter`` of :class:`helper.registry.Registry`).

    Parameters
    ----------
    name
        The registry key, as ``count_solutions(puzzle, solver=name)`` names it.
    config
        The counter's default settings (a frozen dataclass), or ``None``.

    Returns
    -------
    collections.abc.Callable
        The decorator; it returns the counter, ``counter(puzzle, limit=2, *,
        time_limit=None, config=None) -> CountResult``.

    Raises
    ------
    ValueError
        When a counter of that name is registered already.

    Examples
    --------
    The same on a registry of one's own, so that ``COUNTERS`` stays as it was:

    >>> from helper.nonogram import Nonogram
    >>> from helper.nonogram.solvers.registry import NONOGRAM, Registry
    >>> mine = Registry(NONOGRAM)
    >>> @mine.register_counter("every-grid")
    ... def every_grid(puzzle, run, limit):
    ...     for bits in range(2 ** puzzle.cells):
    ...         grid = [[bits >> (r * puzzle.width + c) & 1 for c in range(puzzle.width)]
    ...                 for r in range(puzzle.height)]
    ...         if puzzle.check(grid):
    ...             yield grid
    >>> mine.counters["every-grid"](Nonogram([[1], [1]], [[1], [1]])).count
    2
    """
    return REGISTRY.register_counter(name, config)


def run_model(
    model: Model, name: str, puzzle: Nonogram, time_limit: float | None, config: Config = None
) -> SolveResult:
    """Run ``model`` on ``puzzle`` within ``time_limit`` seconds and check its answer
    (:func:`helper.registry.run_model` for a Nonogram)."""
    return shared.run_model(model, name, puzzle, time_limit, config, NONOGRAM)


def run_counter(
    model: Callable[..., Iterator[Grid]],
    name: str,
    puzzle: Nonogram,
    limit: int | None,
    time_limit: float | None,
    config: Config = None,
) -> CountResult:
    """Run a counting ``model`` for up to ``limit`` different solutions and check them
    (:func:`helper.registry.run_counter` for a Nonogram)."""
    return shared.run_counter(model, name, puzzle, limit, time_limit, config, NONOGRAM)


__all__ = [
    "COUNTERS",
    "REGISTRY",
    "SOLVERS",
    "Entry",
    "as_nonogram",
    "names",
    "register",
    "register_counter",
    "run_counter",
    "run_model",
]
