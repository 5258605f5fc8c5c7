"""The one Futoshiki value of the package: :class:`Futoshiki`, validated when it is made.

Like :class:`helper.nonogram.Nonogram`, a ``Futoshiki`` is checked once, with errors that name
the row, the cell or the constraint, and every function that takes one can trust it: it is not
validated again. It reads and writes the text format (:meth:`Futoshiki.from_text`,
:meth:`Futoshiki.to_text`) and checks an answer (:meth:`Futoshiki.check`).
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from helper.shape import GridShape

from .check import check_futoshiki
from .text import format_futoshiki, parse_futoshiki
from .validate import Grid, validate_futoshiki

Rows = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, eq=False)
class Futoshiki(GridShape):
    """A Futoshiki puzzle whose grid and constraints passed
    :func:`~helper.futoshiki.validate.validate_futoshiki`.

    Stored as tuples; lists are accepted on the way in. ``rows`` and ``cols`` are what the
    puzzle gives in each row and column (the givens, ``0`` for an empty cell), as
    :class:`~helper.nonogram.Nonogram`'s are its clues; ``height``, ``width`` and ``cells``
    count them and ``size`` is ``"NxN"``. Two puzzles are equal when their grids and their
    sets of constraints are. ``grid, constraints = puzzle`` unpacks it as plain lists.

    Parameters
    ----------
    grid
        A square grid of rows: ``0`` for an empty cell, ``1..n`` for a given.
    constraints
        ``((r1, c1), (r2, c2))`` pairs of neighbouring cells meaning cell 1 < cell 2.
    name
        How files and tables refer to the puzzle.

    Raises
    ------
    ValueError
        Naming the row, the cell or the constraint that is wrong.

    Examples
    --------
    >>> puzzle = Futoshiki([[1, 0, 0], [0, 0, 0], [0, 0, 0]], [((0, 1), (0, 2))], name="small")
    >>> puzzle, puzzle.size, puzzle.cols[0]
    (<Futoshiki 'small' 3x3, 1 signs>, '3x3', (1, 0, 0))
    >>> print(puzzle.to_text())
    1 0<0
    0 0 0
    0 0 0
    >>> puzzle.check([[1, 2, 3], [2, 3, 1], [3, 1, 2]])
    True
    >>> Futoshiki([[1, 1], [0, 0]])
    Traceback (most recent call last):
    ...
    ValueError: row 0 has the given 1 twice (columns 0 and 1)
    """

    grid: Sequence[Sequence[int]]  # stored as Rows, a tuple of tuples
    constraints: Sequence[Sequence[Sequence[int]]] = ()  # stored as a tuple of Constraint
    name: str = ""

    def __post_init__(self) -> None:
        grid, constraints = validate_futoshiki(self.grid, self.constraints)
        object.__setattr__(self, "grid", tuple(tuple(row) for row in grid))
        object.__setattr__(self, "constraints", tuple(constraints))

    @classmethod
    def from_text(cls, text: str, name: str = "") -> "Futoshiki":
        """Read the text format (see :mod:`helper.futoshiki.text`); ``ValueError`` with the line
        and column of the first character it cannot read."""
        grid, constraints = parse_futoshiki(text)
        return cls(tuple(map(tuple, grid)), tuple(constraints), name)

    def to_text(self) -> str:
        """The puzzle in the text format (no trailing newline)."""
        return format_futoshiki(self.grid, self.constraints)

    @property
    def rows(self) -> Rows:
        """What the puzzle gives in each row, its cells (``0`` for an empty one), as ``grid``."""
        return self.grid  # type: ignore[return-value]

    @property
    def cols(self) -> Rows:
        """What the puzzle gives in each column, its cells from top to bottom."""
        return tuple(zip(*self.grid, strict=True))

    def to_lists(self) -> Grid:
        """The grid as a list of lists, a fresh copy to fill in."""
        return [list(row) for row in self.grid]

    def check(self, solution: Sequence[Sequence[int]]) -> bool:
        """True when ``solution`` fills this puzzle and obeys every rule (no solver used)."""
        return check_futoshiki(self.grid, self.constraints, solution)

    def __iter__(self) -> Iterator:
        """``grid, constraints = puzzle``: the grid as lists, the constraints as a list."""
        return iter((self.to_lists(), list(self.constraints)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Futoshiki):
            return NotImplemented
        return (self.grid, set(self.constraints)) == (other.grid, set(other.constraints))

    def __hash__(self) -> int:
        return hash((self.grid, frozenset(self.constraints)))

    def __repr__(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        return f"<Futoshiki{label} {self.size}, {len(self.constraints)} signs>"


def as_futoshiki(puzzle: object) -> Futoshiki:
    """``puzzle`` itself when it is a :class:`Futoshiki`; a clear ``TypeError`` otherwise."""
    if not isinstance(puzzle, Futoshiki):
        raise TypeError(
            f"expected a Futoshiki, got {type(puzzle).__name__}; make one with "
            "Futoshiki(grid, constraints), Futoshiki.from_text(text) or load_puzzle(name)"
        )
    return puzzle
