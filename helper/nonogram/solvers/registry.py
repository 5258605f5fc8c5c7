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
    """Add a model to ``SOLVERS`` under ``name`` (with its default ``config``) and return
    the checked solver (:meth:`helper.registry.Registry.register`)."""
    return REGISTRY.register(name, config)


def register_counter(name: str, config: Config = None) -> Callable[[CountingModel], Counter]:
    """Add a counting model to ``COUNTERS`` under ``name``."""
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
