"""The one place where the Futoshiki tools of "CP-SAT beyond yes or no" read a puzzle.

They take a :class:`~helper.futoshiki.puzzle.Futoshiki`, or its grid and constraints as a
shorthand, like :func:`helper.futoshiki.solve`.
"""

from collections.abc import Sequence

from .puzzle import Futoshiki, as_futoshiki
from .validate import Constraint, Grid


def puzzle_parts(
    puzzle: Futoshiki | Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
) -> tuple[Grid, list[Constraint]]:
    """The puzzle's grid and constraints as plain lists, validated.

    ``puzzle_parts(puzzle)`` takes a :class:`Futoshiki` (validated when it was made);
    ``puzzle_parts(grid, constraints)`` validates the parts (``ValueError`` naming what is
    wrong). Anything else is a ``TypeError``.
    """
    if constraints is not None:
        if isinstance(puzzle, Futoshiki):
            raise TypeError("pass either a Futoshiki or its grid and constraints, not both")
        puzzle = Futoshiki(puzzle, constraints)
    grid, signs = as_futoshiki(puzzle)
    return grid, signs
