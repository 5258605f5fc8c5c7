"""Is a Nonogram fair? Count its solutions (up to a limit) and show where two of them differ.

A puzzle is **unique** when exactly one picture satisfies its clues. CP-SAT answers this by
enumerating the solutions of a model and stopping as soon as ``limit`` different grids
have been seen: ``limit=2`` is all a uniqueness check needs. The model is the automaton
model of ``book/nonogram_cpsat.md`` (one ``add_automaton`` per line), the fastest CP-SAT model
to enumerate with (:func:`helper.nonogram.solvers.cpsat.enumerate_with_cpsat`); the tests
count with the start-position model too and compare.
"""

from collections.abc import Sequence

from helper.errors import ModelTooLargeError, SolverTimeoutError
from helper.results import CountResult, Grid

from .puzzle import Nonogram
from .solvers.registry import COUNTERS, as_nonogram

Cell = tuple[int, int]

DEFAULT_COUNTER = "cpsat-automaton"
"""The counter behind :func:`count_solutions`: CP-SAT's enumeration on the automaton model."""


def count_solutions(
    puzzle: Nonogram,
    limit: int | None = 2,
    *,
    time_limit: float | None = None,
    method: str = DEFAULT_COUNTER,
) -> CountResult:
    """The number of pictures that satisfy the clues, counting no further than ``limit``.

    ``count_solutions(puzzle).unique`` says the puzzle is unique; ``2`` means "two or more";
    ``0`` that no picture fits. ``limit=None`` counts them all. The result is a
    :class:`~helper.results.CountResult`: an ``int`` that also keeps the solutions found and
    says whether the count is complete. When ``time_limit`` seconds pass first, it holds what
    was found by then and ``complete`` is ``False``. ``method`` names a counter in
    ``COUNTERS``.
    """
    from . import solvers  # noqa: F401  (registers every counter)

    if method not in COUNTERS:
        raise ValueError(f"unknown counting method {method!r}; choose from {sorted(COUNTERS)}")
    return COUNTERS[method](as_nonogram(puzzle), limit, time_limit=time_limit)


def find_solutions(
    puzzle: Nonogram,
    limit: int | None = 2,
    *,
    time_limit: float | None = None,
    method: str = DEFAULT_COUNTER,
) -> list[Grid]:
    """Up to ``limit`` different grids that satisfy the clues, sorted (``[]`` when none).

    ``method`` names a counter in ``COUNTERS``. When ``time_limit`` seconds pass before
    the count is complete, :class:`~helper.errors.SolverTimeoutError` is raised: a partial list
    would be a
    wrong answer.
    """
    count = count_solutions(puzzle, limit, time_limit=time_limit, method=method)
    if count.status == "too large":
        raise ModelTooLargeError(count.message)
    if not count.complete:
        raise SolverTimeoutError(count.message)
    return sorted(count.solutions)


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
