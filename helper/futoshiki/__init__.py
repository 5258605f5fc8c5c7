"""The Futoshiki family: the puzzle value, text format, validation, solving and counting.

A puzzle is a :class:`Futoshiki` (validated when it is made, from ``Futoshiki(grid,
constraints)``, :meth:`Futoshiki.from_text` or :func:`load_puzzle`): ``grid`` a square list of
rows (0 = empty cell) and ``constraints`` a list of ``((r1, c1), (r2, c2))`` meaning
cell 1 < cell 2. :func:`solve` and :func:`~helper.futoshiki.count_solutions` mean the same
as their Nonogram twins in :mod:`helper.nonogram`: a :class:`~helper.results.SolveResult`, a
:class:`~helper.results.CountResult`, with the same signatures:
``solve(puzzle, *, solver=None, time_limit=None, config=None)`` and
``count_solutions(puzzle, limit=2, *, solver=None, time_limit=None)``. Every solver is in
``SOLVERS`` and every counter in ``COUNTERS``, both views of ``REGISTRY``
(``helper.futoshiki.solvers``). The chapters' functions on ``(grid, constraints)``
(:class:`GameBoard`, :func:`solve_futoshiki`, :func:`parse_futoshiki`, ...) take the parts.
"""

from typing import Any

from helper.errors import ModelTooLargeError, NoSolutionError, SolverError, SolverTimeoutError
from helper.results import CountResult, SolveResult

from .check import check_futoshiki
from .cnf import futoshiki_cnf
from .generate import difficulty, generate_futoshiki
from .model import GameBoard, solve_futoshiki
from .puzzle import Futoshiki
from .samples import load_futoshiki, load_puzzle, load_solution, sample_names
from .solvers import COUNTERS, REGISTRY, SOLVERS, SatConfig, count_solutions, solve
from .text import format_futoshiki, parse_futoshiki
from .validate import Cell, Constraint, Grid, validate_futoshiki

_GONE = {
    "count_solutions_sat": 'count_solutions(Futoshiki(grid, constraints), solver="sat-onehot")',
    "solve_futoshiki_sat": 'solve(Futoshiki(grid, constraints), solver="sat-onehot")',
    "SatResult": 'the SolveResult of solve(puzzle, solver="sat-onehot")',
}


def __getattr__(name: str) -> Any:
    """The names that left the API with issue 38 say what replaced them."""
    if name == "explain":
        raise ImportError(
            "helper.futoshiki.explain moved (the explainers sit above the families): "
            "from helper.explain.futoshiki import explain"
        )
    if name in _GONE:
        raise ImportError(
            f"helper.futoshiki.{name} left the API (a count must say whether it is complete, "
            f"and every search runs through one door): use {_GONE[name]}"
        )
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "COUNTERS",
    "REGISTRY",
    "SOLVERS",
    "Cell",
    "Constraint",
    "CountResult",
    "Futoshiki",
    "GameBoard",
    "Grid",
    "ModelTooLargeError",
    "NoSolutionError",
    "SatConfig",
    "SolveResult",
    "SolverError",
    "SolverTimeoutError",
    "check_futoshiki",
    "count_solutions",
    "difficulty",
    "format_futoshiki",
    "futoshiki_cnf",
    "generate_futoshiki",
    "load_futoshiki",
    "load_puzzle",
    "load_solution",
    "parse_futoshiki",
    "sample_names",
    "solve",
    "solve_futoshiki",
    "validate_futoshiki",
]
