"""The Nonogram family: validation, the answer check, the solver registry and the solvers.

A puzzle is ``{"rows": [[...], ...], "cols": [[...], ...]}``; an empty line is ``[]`` or
``[0]``. Every solver in :data:`SOLVERS` takes ``(rows, cols)`` and returns a list of 0/1
rows, raises ``ValueError`` for malformed clues and :class:`NoSolutionError` (a
``ValueError`` whose message starts with "no solution") when no picture fits.
"""

from helper.data import load_json

from .clues import Clue, Grid, check_nonogram, clues_from_grid, runs, validate
from .registry import SOLVERS, ModelTooLargeError, NoSolutionError, SolverTimeoutError, register


def load_puzzle(name: str) -> dict:
    """Load ``data/<name>.json`` as a puzzle dict, checking its clues on the way."""
    puzzle = load_json(name)
    validate(puzzle["rows"], puzzle["cols"])
    return puzzle


# Importing the model modules registers them in SOLVERS (book order).
from . import cpsat_start, pysat_cnf  # noqa: E402,F401
from .automaton import build_automaton_model  # noqa: E402,F401
from .hybrid import solve_bitline_hybrid  # noqa: E402,F401
from .line import sweeps  # noqa: E402,F401
from .unique import count_solutions  # noqa: E402,F401

RECOMMENDED_SOLVER = "bitline-hybrid"
"""The registered solver behind :func:`solve`: the fastest one on ``python -m helper.bench``."""


def solve(rows, cols, *, time_limit: float | None = None) -> Grid:
    """Solve a Nonogram with the book's recommended solver (the fastest on ``helper.bench``).

    Line logic, a short search, then CP-SAT's automaton model for any cells still open
    (``SOLVERS[RECOMMENDED_SOLVER]``); same checks and errors as every registered solver.
    """
    return SOLVERS[RECOMMENDED_SOLVER](rows, cols, time_limit=time_limit)


__all__ = [
    "RECOMMENDED_SOLVER",
    "SOLVERS",
    "Clue",
    "Grid",
    "ModelTooLargeError",
    "NoSolutionError",
    "SolverTimeoutError",
    "check_nonogram",
    "clues_from_grid",
    "load_puzzle",
    "register",
    "runs",
    "solve",
    "validate",
]
