"""The one place where the new Futoshiki tools (fewest givens, conflicts) read a puzzle.

Today a Futoshiki is the pair ``(grid, constraints)``; when the package gets a validated puzzle
value, :func:`puzzle_parts` is the one function to change.
"""

from collections.abc import Sequence

from .validate import Constraint, Grid, validate_futoshiki


def puzzle_parts(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
) -> tuple[Grid, list[Constraint]]:
    """The puzzle as a validated ``(grid, constraints)``; ``ValueError`` naming what is wrong."""
    return validate_futoshiki(grid, constraints)
