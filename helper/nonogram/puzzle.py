"""The one puzzle value of the package: :class:`Nonogram`, validated when it is made.

Every loader (``load_puzzle``, the ``.non`` and JSON readers, the benchmark's sets) returns a
``Nonogram``, and every solver takes one, so clues are checked once, with errors that name the
line and the clue, and nothing downstream has to wonder whether a clue list is clean.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from helper.shape import GridShape

from .clues import Grid, check_nonogram, clues_from_grid, validate

Clues = tuple[tuple[int, ...], ...]


def _freeze(clues: Iterable[Sequence[int]]) -> Clues:
    return tuple(tuple(clue) for clue in clues)


def _as_grid(grid: Sequence[Sequence[int]] | None) -> Grid | None:
    return None if grid is None else [[int(cell) for cell in row] for row in grid]


@dataclass(frozen=True, eq=False)
class Nonogram(GridShape):
    """A Nonogram whose clues passed :func:`~helper.nonogram.clues.validate`.

    ``rows`` and ``cols`` are tuples of clues (an empty line is ``()``), what the puzzle says
    about each row and column, as :class:`~helper.futoshiki.Futoshiki`'s ``rows`` and ``cols``
    are its givens; ``height``, ``width`` and ``cells`` count them and ``size`` is ``"HxW"``.
    Two puzzles are equal when their clues are.

    Parameters
    ----------
    rows, cols
        The clues of the rows and of the columns; ``[0]`` and lists are accepted on the way in.
    name
        How files and tables refer to the puzzle.
    family
        The benchmark family it belongs to, if any.
    goal
        The intended picture when the source gives one (it must satisfy the clues).
    info
        Free text such as a title or an author.

    Raises
    ------
    ValueError
        Naming the line and the clue when the clues cannot be a puzzle, or when ``goal`` does
        not match them.

    Examples
    --------
    >>> puzzle = Nonogram([[2], [1]], [[1], [2]], name="corner")
    >>> puzzle, puzzle.rows, puzzle.size, puzzle.cells
    (<Nonogram 'corner' 2x2>, ((2,), (1,)), '2x2', 4)
    >>> puzzle.check([[1, 1], [0, 1]]), puzzle == Nonogram.from_grid([[1, 1], [0, 1]])
    (True, True)
    >>> Nonogram([[3]], [[1], [1]])
    Traceback (most recent call last):
    ...
    ValueError: row 0: clue [3] needs 3 cells but the line has only 2
    """

    rows: Sequence[Sequence[int]]  # stored as Clues, tuples of tuples
    cols: Sequence[Sequence[int]]
    name: str = ""
    family: str = ""
    goal: Sequence[Sequence[int]] | None = None  # stored as a Grid, lists of lists
    info: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        rows, cols = validate(self.rows, self.cols)
        object.__setattr__(self, "rows", _freeze(rows))
        object.__setattr__(self, "cols", _freeze(cols))
        object.__setattr__(self, "info", dict(self.info))
        # Checked before it is converted, so that a cell such as 0.5 or "1" is refused, not read
        # as 0 or 1, and a goal that is not rows of cells is refused, not a TypeError.
        if self.goal is not None and not check_nonogram(rows, cols, self.goal):
            raise ValueError("the goal picture does not match the clues")
        object.__setattr__(self, "goal", _as_grid(self.goal))

    @classmethod
    def from_grid(cls, grid: Sequence[Sequence[int]], **details: Any) -> "Nonogram":
        """The puzzle whose clues are those of the 0/1 picture ``grid`` (kept as ``goal``)."""
        rows, cols = clues_from_grid(grid)
        return cls(rows, cols, goal=grid, **details)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], name: str = "") -> "Nonogram":
        """A puzzle from our JSON object: ``rows``, ``cols``, optional ``family``, ``goal``
        and text keys (``title``, ``by``, ...)."""
        if not isinstance(data, Mapping) or "rows" not in data or "cols" not in data:
            raise ValueError('a puzzle is an object with "rows" and "cols" lists')
        # The other text values are info (rows, cols and goal are never text in a valid puzzle).
        info = {k: v for k, v in data.items() if isinstance(v, str) and k != "family"}
        return cls(
            data["rows"],
            data["cols"],
            name=name,
            family=str(data.get("family", "")),
            goal=data.get("goal"),
            info=info,
        )

    def to_dict(self) -> dict[str, Any]:
        """Our JSON object of the puzzle (``rows``, ``cols``, then what else is known)."""
        data: dict[str, Any] = dict(self.info)
        data["rows"] = [list(clue) for clue in self.rows]
        data["cols"] = [list(clue) for clue in self.cols]
        if self.family:
            data["family"] = self.family
        if self.goal is not None:
            data["goal"] = [list(row) for row in self.goal]
        return data

    @property
    def title(self) -> str:
        """The puzzle's title when it has one, else its name."""
        return self.info.get("title") or self.name

    def check(self, grid: Sequence[Sequence[int]]) -> bool:
        """True when ``grid`` has exactly this puzzle's clues (see ``check_nonogram``)."""
        return check_nonogram(self.rows, self.cols, grid)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Nonogram):
            return NotImplemented
        return (self.rows, self.cols) == (other.rows, other.cols)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols))

    def __repr__(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        return f"<Nonogram{label} {self.size}>"


def as_nonogram(puzzle: object) -> Nonogram:
    """``puzzle`` itself when it is a :class:`Nonogram`; a clear ``TypeError`` otherwise (the
    twin of :func:`helper.futoshiki.puzzle.as_futoshiki`)."""
    if not isinstance(puzzle, Nonogram):
        raise TypeError(
            f"expected a Nonogram, got {type(puzzle).__name__}; "
            "make one with Nonogram(rows, cols) or load one with load_puzzle(name)"
        )
    return puzzle
