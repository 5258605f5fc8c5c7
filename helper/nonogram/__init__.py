"""The Nonogram family: the puzzle value, the answer check, the solver layer and the solvers.

A puzzle is a :class:`Nonogram` (validated clues, made by ``Nonogram(rows, cols)`` or by any
loader); an empty line is ``[]`` or ``[0]``. Every solver in :data:`SOLVERS` takes a puzzle
and returns a :class:`SolveResult`: status, grid, the method that answered, seconds and
statistics. Malformed clues raise ``ValueError`` naming the line and the clue.
"""

from collections.abc import Sequence

from helper.data import load_json
from helper.nonogram.solvers.registry import (
    SOLVERS,
    Contradiction,
    Deadline,
    ModelTooLargeError,
    NoSolutionError,
    Run,
    SolveResult,
    SolverTimeoutError,
    register,
)

from .clues import Clue, Grid, check_nonogram, clues_from_grid, runs, validate
from .puzzle import Nonogram


def load_puzzle(name: str) -> Nonogram:
    """Load the book's puzzle ``data/<name>.json`` (for example ``"nonogram03"``)."""
    return Nonogram.from_dict(load_json(name), name=name)


# Importing the model modules registers them in SOLVERS (book order).
# isort: off
from helper.nonogram.models import cpsat_start, cnf_placements  # noqa: E402,F401
from helper.nonogram.models.cpsat_automaton import build_automaton_model  # noqa: E402,F401
from helper.nonogram.solvers.hybrid import solve_bitline_hybrid  # noqa: E402,F401
from helper.nonogram.line.reference import sweeps  # noqa: E402,F401
from helper.nonogram.solvers.portfolio import solve_portfolio  # noqa: E402,F401
from helper.nonogram.line.probe import solve_by_probing  # noqa: E402,F401
from helper.nonogram.models.cnf_automaton import solve_sat_automaton  # noqa: E402,F401
# isort: on

from .unique import count_solutions  # noqa: E402

RECOMMENDED_SOLVER = "portfolio"
"""The registered solver behind :func:`solve`: line logic, then SAT (:mod:`.portfolio`)."""


def solve(
    puzzle: Nonogram | Sequence[Sequence[int]],
    cols: Sequence[Sequence[int]] | None = None,
    *,
    time_limit: float | None = None,
) -> SolveResult:
    """Solve a Nonogram with the book's recommended solver, :data:`RECOMMENDED_SOLVER`.

    ``solve(puzzle)`` takes a :class:`Nonogram`; ``solve(rows, cols)`` is a shorthand for
    ``solve(Nonogram(rows, cols))``, with the same validation of the clues.
    """
    if cols is not None:
        if isinstance(puzzle, Nonogram):
            raise TypeError("pass either a Nonogram or its row and column clues, not both")
        puzzle = Nonogram(puzzle, cols)
    return SOLVERS[RECOMMENDED_SOLVER](puzzle, time_limit=time_limit)


__all__ = [
    "RECOMMENDED_SOLVER",
    "SOLVERS",
    "Clue",
    "Contradiction",
    "Deadline",
    "Grid",
    "ModelTooLargeError",
    "NoSolutionError",
    "Nonogram",
    "Run",
    "SolveResult",
    "SolverTimeoutError",
    "check_nonogram",
    "clues_from_grid",
    "count_solutions",
    "load_puzzle",
    "register",
    "runs",
    "solve",
    "validate",
]
