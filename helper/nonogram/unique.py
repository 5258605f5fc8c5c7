"""Is a Nonogram fair? Count its solutions (up to a limit) and show where two of them differ.

A puzzle is **unique** when exactly one picture satisfies its clues. CP-SAT answers this by
enumerating the solutions of a model and stopping as soon as ``limit`` different grids
have been seen: ``limit=2`` is all a uniqueness check needs. The model is the automaton
model of ``book/nonogram_cpsat.md`` (one ``add_automaton`` per line), the fastest CP-SAT model
to enumerate with (:func:`helper.nonogram.solvers.cpsat.enumerate_with_cpsat`); the tests
count with the start-position model too and compare.
"""

import warnings
from collections.abc import Sequence
from dataclasses import replace

from helper.errors import HelperDeprecationWarning, ModelTooLargeError, SolverTimeoutError
from helper.results import CountResult, Grid

from .puzzle import Nonogram
from .solvers.registry import REGISTRY, as_nonogram

Cell = tuple[int, int]

DEFAULT_COUNTER = "cpsat-automaton"
"""The counter behind :func:`count_solutions`: CP-SAT's enumeration on the automaton model."""


def count_solutions(
    puzzle: Nonogram,
    limit: int | None = 2,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
    certify: bool = False,
    method: str | None = None,
) -> CountResult:
    """The pictures that satisfy the clues, counting no further than ``limit``.

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.puzzle.Nonogram`.
    limit
        Stop after this many (a positive integer, or ``None`` for all). With the default 2,
        ``count.unique`` decides whether the puzzle is unique.
    solver
        A key of ``COUNTERS`` (``None``: ``DEFAULT_COUNTER``, CP-SAT on the automaton model).
    time_limit
        Seconds for the whole count; when they pass first, the count holds what was found by
        then and ``complete`` is ``False``.
    certify
        Also prove what the count claims (:mod:`helper.nonogram.certify`): "unique" or "no
        solution" with a DRAT proof that the book's checker accepts, "at least 2 solutions"
        with the solutions. The proof gets what is left of ``time_limit``; when it cannot be
        made or checked in that time the certificate says "not proved".
    method
        The old name of ``solver``: deprecated, it warns with a ``DeprecationWarning``.

    Returns
    -------
    CountResult
        The solutions found (each checked against the clues), ``count``, ``complete``,
        ``unique``; with ``certify``, ``certificate``.

    Raises
    ------
    ValueError
        An unknown counter, or a ``limit`` that is not a positive integer or ``None``.
    TypeError
        ``puzzle`` is not a ``Nonogram``, or ``solver`` and ``method`` name different counters.

    Examples
    --------
    >>> from helper.nonogram import Nonogram, count_solutions
    >>> count = count_solutions(Nonogram([[1], [1]], [[1], [1]]))  # the two diagonals
    >>> count.count, count.unique, count.reached_limit
    (2, False, True)
    >>> count_solutions(Nonogram([[2], [1]], [[2], [1]])).unique
    True
    >>> count_solutions(Nonogram([[2], [1]], [[2], [1]]), certify=True).certificate.proved
    True
    """
    from . import solvers  # noqa: F401  (registers every counter)

    solver = _renamed("count_solutions", solver, method)
    counter = REGISTRY.lookup(DEFAULT_COUNTER if solver is None else solver, "count")
    puzzle = as_nonogram(puzzle)
    count: CountResult = counter(puzzle, limit, time_limit=time_limit)
    if not certify:
        return count
    from .certify import certify_count

    return replace(count, certificate=certify_count(puzzle, count, time_limit=time_limit))


def _renamed(function: str, solver: str | None, method: str | None) -> str | None:
    """``solver``, or the deprecated ``method`` in its place (with a warning for the caller
    of ``function``)."""
    if method is None:
        return solver
    warnings.warn(
        f"{function}(method=...) is deprecated; pass solver={method!r} instead",
        HelperDeprecationWarning,
        stacklevel=3,  # the caller of count_solutions or find_solutions
    )
    if solver is not None and solver != method:
        raise TypeError("pass solver= (method= is its old name), not both")
    return method


def find_solutions(
    puzzle: Nonogram,
    limit: int | None = 2,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
    method: str | None = None,
) -> list[Grid]:
    """Up to ``limit`` different grids that satisfy the clues, sorted (``[]`` when none).

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.puzzle.Nonogram`.
    limit
        Stop after this many (a positive integer, or ``None`` for all).
    solver
        A key of ``COUNTERS`` (``None``: ``DEFAULT_COUNTER``, CP-SAT on the automaton model).
    time_limit
        Seconds for the whole search.
    method
        The old name of ``solver``: deprecated, it warns with a ``DeprecationWarning``.

    Returns
    -------
    list[list[list[int]]]
        The grids found, each checked against the clues, in sorted order.

    Raises
    ------
    SolverTimeoutError
        When ``time_limit`` seconds pass before the count is complete: a partial list would be
        a wrong answer.
    ModelTooLargeError
        When the model refuses to be built.
    ValueError
        An unknown counter, or a ``limit`` that is not a positive integer or ``None``.
    TypeError
        ``solver`` and ``method`` name different counters.

    Examples
    --------
    >>> from helper.nonogram import Nonogram, find_solutions
    >>> find_solutions(Nonogram([[1], [1]], [[1], [1]]))
    [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    >>> find_solutions(Nonogram([[1], [1]], [[2], []]))
    [[[1, 0], [1, 0]]]
    """
    solver = _renamed("find_solutions", solver, method)
    count = count_solutions(puzzle, limit, solver=solver, time_limit=time_limit)
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
