"""The contract every line engine keeps: cell values, the one line function, what failure is.

A line is a sequence of cells, each :data:`UNKNOWN` (-1), ``0`` (empty) or ``1`` (filled).
A line solver takes a clue and the cells known so far and returns the cells every placement
of the clue that agrees with them has in common (unknown where they differ), or ``None`` when
no placement agrees: :class:`LineSolver`. Two engines keep it: :mod:`.reference` (lists, the
readable version the book explains) and :mod:`.bits` (bit masks, for speed).

Failure is an exception, never a special return value:

- :class:`Contradiction`: some line has no placement left (inside a search, this refutes a
  guess; before any guess, the puzzle has no solution);
- :class:`SearchBudgetSpent`: a search made as many guesses as it was allowed without
  deciding the puzzle (which says nothing about whether a solution exists);
- :class:`~helper.errors.SolverTimeoutError`: the deadline passed.
"""

from collections.abc import Sequence
from typing import Protocol

from ..clues import UNKNOWN, State  # the cell values every layer shares


class Contradiction(Exception):
    """Line logic found a line that no placement of its clue fits any more.

    Inside a search it only refutes a guess; a model that meets one before any guess reports
    that the puzzle has no solution.

    Examples
    --------
    >>> from helper.nonogram.line.reference import propagate
    >>> propagate([[1]], [[1]], [[0]])  # the one cell is known empty, yet its row needs it
    Traceback (most recent call last):
    ...
    helper.nonogram.line.contract.Contradiction: row 0
    """


class SearchBudgetSpent(Exception):
    """A search used up its budget of guesses without deciding the puzzle.

    Not an answer: the caller hands the rest to another method (the hybrid solver hands it
    to CP-SAT).
    """


class LineSolver(Protocol):
    """Solve one line: the cells all fitting placements agree on, or ``None`` if none fits."""

    def __call__(self, clue: Sequence[int], cells: Sequence[int]) -> list[int] | None: ...


__all__ = ["UNKNOWN", "Contradiction", "LineSolver", "SearchBudgetSpent", "State"]
