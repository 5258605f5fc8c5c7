"""The Nonogram family: the puzzle value, the answer check, solving and counting.

A puzzle is a :class:`Nonogram` (validated clues, made by ``Nonogram(rows, cols)`` or by any
loader); an empty line is ``[]`` or ``[0]``. :func:`solve` solves it with the book's
recommended solver and returns a :class:`~helper.results.SolveResult`; :func:`count_solutions`
counts its solutions up to a limit and returns a :class:`~helper.results.CountResult`. Every
other solver is in ``SOLVERS``, every way to count in ``COUNTERS``, both described by
``REGISTRY`` (:mod:`helper.nonogram.solvers.registry`). Malformed clues raise ``ValueError``
naming the line and the clue.

The package is layered: :mod:`helper.nonogram.models` turns a puzzle into a CP-SAT model or
a CNF, :mod:`helper.nonogram.line` is line logic (with probing and search), and
:mod:`helper.nonogram.solvers` puts them together with
the back ends of :mod:`helper.backends`. The solvers (and with them OR-Tools and PySAT) are
loaded on first use, so that the puzzle value and the checks import quickly and alone (the
figures of :mod:`helper.plot` need no solver).

Colour Nonograms are in ``helper.nonogram.colour``, where a :class:`Nonogram` is the
one-colour case.
"""

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from helper.data import load_json
from helper.deadline import Deadline, Run
from helper.errors import (
    ModelTooLargeError,
    NoSolutionError,
    SolverError,
    SolverTimeoutError,
)
from helper.results import CountResult, SolveResult

from .clues import Clue, Grid, check_nonogram, clues_from_grid, runs, validate
from .line.contract import Contradiction
from .puzzle import Nonogram, as_nonogram

if TYPE_CHECKING:
    from .conflicts import ClueLine, LineConflict, conflicting_lines
    from .solvers import BOOK_ORDER
    from .solvers.registry import COUNTERS, REGISTRY, SOLVERS, register, register_counter
    from .unique import count_solutions, find_solutions

_LAZY = {
    "BOOK_ORDER": "helper.nonogram.solvers",
    "COUNTERS": "helper.nonogram.solvers",
    "REGISTRY": "helper.nonogram.solvers",
    "SOLVERS": "helper.nonogram.solvers",
    "register": "helper.nonogram.solvers.registry",
    "register_counter": "helper.nonogram.solvers.registry",
    "count_solutions": "helper.nonogram.unique",
    "ClueLine": "helper.nonogram.conflicts",
    "LineConflict": "helper.nonogram.conflicts",
    "conflicting_lines": "helper.nonogram.conflicts",
    "find_solutions": "helper.nonogram.unique",
}


def __getattr__(name: str) -> Any:
    """The names that need the solvers, imported (and so registered) on first use."""
    if name in _LAZY:
        importlib.import_module("helper.nonogram.solvers")  # registers every solver
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    if name == "explain":
        raise ImportError(
            "helper.nonogram.explain moved (the explainers sit above the families): "
            "from helper.explain.nonogram import explain"
        )
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


def load_puzzle(name: str) -> Nonogram:
    """Load the book's puzzle ``data/<name>.json``.

    Parameters
    ----------
    name
        The file's stem, for example ``"nonogram03"``.

    Returns
    -------
    Nonogram
        The puzzle, named ``name``, with its title and other text in ``info``.

    Raises
    ------
    FileNotFoundError
        When there is no such puzzle; the message lists the names there are.

    Examples
    --------
    >>> house = load_puzzle("nonogram03")
    >>> house.name, house.size
    ('nonogram03', '45x60')
    """
    return Nonogram.from_dict(load_json(name), name=name)


RECOMMENDED_SOLVER = "portfolio"
"""The registered solver behind :func:`solve`: line logic, then SAT
(:mod:`helper.nonogram.solvers.portfolio`)."""


def solve(
    puzzle: Nonogram | Sequence[Sequence[int]],
    cols: Sequence[Sequence[int]] | None = None,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
    config: Any = None,
    certify: bool = False,
) -> SolveResult:
    """Solve a Nonogram with a registered solver (:data:`RECOMMENDED_SOLVER` by default).

    Parameters
    ----------
    puzzle
        A :class:`Nonogram`; or its row clues, with ``cols``, as a shorthand for
        ``Nonogram(rows, cols)`` (the same validation of the clues).
    cols
        The column clues, when ``puzzle`` is the row clues.
    solver
        A key of ``SOLVERS`` (``None``: the portfolio, line logic then SAT).
    time_limit
        Seconds for the whole solve; the result's status then says "timeout".
    config
        Settings for the chosen solver (``None``: its defaults).
    certify
        Also prove the answer (:mod:`helper.nonogram.certify`): "no solution" with a DRAT
        proof that the book's checker accepts, "has a solution" with the picture. The proof
        gets what is left of ``time_limit``.

    Returns
    -------
    SolveResult
        The status, the grid (checked against the clues), who answered, time, statistics;
        with ``certify``, ``certificate``.

    Raises
    ------
    ValueError
        An unknown solver, or a clue that cannot be a puzzle (naming the line and the clue).
    TypeError
        A puzzle that is neither a ``Nonogram`` nor row clues with ``cols``.

    Examples
    --------
    >>> from helper.nonogram import solve
    >>> result = solve([[1, 1], [1], [1, 1]], [[1, 1], [1], [1, 1]])
    >>> result.status, result.grid, result.method
    ('solved', [[1, 0, 1], [0, 1, 0], [1, 0, 1]], 'portfolio: line logic')
    >>> solve([[1], [1]], [[1], [1]], solver="cpsat-automaton").solved  # two pictures fit
    True
    """
    if cols is not None:
        if isinstance(puzzle, Nonogram):
            raise TypeError("pass either a Nonogram or its row and column clues, not both")
        puzzle = Nonogram(puzzle, cols)
    from .solvers import REGISTRY

    chosen = REGISTRY.lookup(RECOMMENDED_SOLVER if solver is None else solver, "solve")
    puzzle = as_nonogram(puzzle)
    result: SolveResult = chosen(puzzle, time_limit=time_limit, config=config)
    if not certify:
        return result
    from dataclasses import replace

    from .certify import certify_solve

    return replace(result, certificate=certify_solve(puzzle, result, time_limit=time_limit))


__all__ = [
    "BOOK_ORDER",
    "COUNTERS",
    "RECOMMENDED_SOLVER",
    "REGISTRY",
    "SOLVERS",
    "Clue",
    "ClueLine",
    "Contradiction",
    "CountResult",
    "Deadline",
    "Grid",
    "LineConflict",
    "ModelTooLargeError",
    "NoSolutionError",
    "Nonogram",
    "Run",
    "SolveResult",
    "SolverError",
    "SolverTimeoutError",
    "check_nonogram",
    "clues_from_grid",
    "conflicting_lines",
    "count_solutions",
    "find_solutions",
    "load_puzzle",
    "register",
    "register_counter",
    "runs",
    "solve",
    "validate",
]
