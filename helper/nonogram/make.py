"""From a picture to a fair puzzle: clues, a uniqueness check, a repair loop and a grade.

A picture (rows of 0/1) always solves its own clues; the question is whether it is the
*only* picture that does. :func:`check_picture` answers it and, when the answer is no,
returns a second picture and the cells where the two differ. :func:`repair_picture` then
fills one of those cells at a time until the clues allow the picture alone. :func:`grade`
says whether a reader can solve the puzzle line by line, by trying single cells (line
probing), or will have to search.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from helper.deadline import NO_DEADLINE, Deadline
from helper.errors import NoSolutionError

from .clues import Grid
from .line.contract import Contradiction
from .line.probe import probe
from .line.reference import propagate, unknown_state
from .puzzle import Nonogram, as_nonogram
from .unique import Cell, differing_cells, two_solutions

LINE_LOGIC = "line logic"
LINE_PROBING = "line probing"
NEEDS_SEARCH = "needs search"
GRADES = (LINE_LOGIC, LINE_PROBING, NEEDS_SEARCH)  # from the easiest to the hardest


@dataclass
class PictureCheck:
    """The outcome of :func:`check_picture`."""

    puzzle: Nonogram  # the picture's clues, the picture as its goal
    other: Grid | None = None  # a second solution, when the clues allow more than one
    cells: list[Cell] = field(default_factory=list)  # where the picture and ``other`` differ

    @property
    def unique(self) -> bool:
        return self.other is None


def as_picture(grid: Sequence[Sequence[int]]) -> Grid:
    """``grid`` as a picture: rows of equal length of 0/1 cells, as lists of ints.

    Raises ``ValueError`` naming the row or the cell that is wrong (an empty picture, a row of
    another length, a cell that is not 0 or 1).
    """
    if not grid or not grid[0]:
        raise ValueError("a picture needs at least one row and one column")
    width = len(grid[0])
    picture = []
    for r, row in enumerate(grid):
        if len(row) != width:
            raise ValueError(f"row {r} of the picture has {len(row)} cells, row 0 has {width}")
        for c, cell in enumerate(row):
            if cell not in (0, 1):
                raise ValueError(f"cell ({r}, {c}) of the picture is {cell!r}, not 0 or 1")
        picture.append([int(cell) for cell in row])
    return picture


def check_picture(
    grid: Sequence[Sequence[int]], *, time_limit: float | None = None
) -> PictureCheck:
    """Clues of the picture ``grid`` and, when they are ambiguous, a second solution."""
    picture = as_picture(grid)
    puzzle = Nonogram.from_grid(picture)
    others = [g for g in two_solutions(puzzle, time_limit=time_limit) if g != picture]
    if not others:
        return PictureCheck(puzzle)
    return PictureCheck(puzzle, others[0], differing_cells(picture, others[0]))


def _filled_neighbours(picture: Grid, r: int, c: int) -> int:
    height, width = len(picture), len(picture[0])
    return sum(
        picture[r + dr][c + dc]
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width
    )


def choose_cell(picture: Grid, cells: Sequence[Cell]) -> Cell:
    """The empty cell among ``cells`` to fill: the one with the most filled neighbours.

    A cell next to ink changes the drawing least. Ties go to the first cell row by row, so
    the choice is the same on every run.
    """
    empty = [(r, c) for r, c in cells if not picture[r][c]]
    if not empty:
        raise ValueError("none of the cells is empty")
    return max(empty, key=lambda rc: (_filled_neighbours(picture, *rc), -rc[0], -rc[1]))


def repairs(picture: Grid, *, deadline: Deadline = NO_DEADLINE) -> Iterator[Cell]:
    """The repair loop: while the clues of ``picture`` allow a second solution, fill one cell
    where the two differ (:func:`choose_cell`), in place, and yield it. Every check keeps to
    ``deadline`` (:class:`~helper.errors.SolverTimeoutError` when it passes)."""
    while not (check := check_picture(picture, time_limit=deadline.left())).unique:
        r, c = choose_cell(picture, check.cells)
        picture[r][c] = 1
        yield r, c


def repair_picture(
    grid: Sequence[Sequence[int]],
    *,
    max_changes: int | None = None,
    time_limit: float | None = None,
) -> tuple[Grid, list[Cell]]:
    """Fill cells of the picture, one at a time, until its clues have exactly one solution.

    Each round of :func:`repairs` finds a second solution, and fills one cell where it differs
    from the picture; that solution then breaks the new clues. Two solutions with the same
    clues paint the same number of cells, so there is always an empty cell to fill, and the
    loop ends: every round adds ink, and a full grid is unique. Returns the repaired picture
    (a copy) and the cells filled, in order. ``max_changes`` stops with a ``RuntimeError``
    rather than change the picture beyond recognition; ``time_limit`` bounds the whole repair
    (:class:`~helper.errors.SolverTimeoutError`).
    """
    picture = as_picture(grid)
    changes: list[Cell] = []
    for cell in repairs(picture, deadline=Deadline(time_limit)):
        if max_changes is not None and len(changes) >= max_changes:
            raise RuntimeError(f"the picture is still ambiguous after {max_changes} changes")
        changes.append(cell)
    return picture, changes


def line_logic(puzzle: Nonogram) -> list[list[int]]:
    """What the line solver alone decides: rows of 1 (filled), 0 (empty), -1 (undecided).

    Raises :class:`NoSolutionError` when the clues contradict each other.
    """
    puzzle = as_nonogram(puzzle)
    try:
        return propagate(puzzle.rows, puzzle.cols, unknown_state(puzzle.height, puzzle.width))
    except Contradiction as error:
        raise NoSolutionError(f"no solution: {error} has no placement left") from None


def line_probing(puzzle: Nonogram, state: Sequence[Sequence[int]]) -> list[list[int]]:
    """What line probing decides from ``state``: try each open cell both ways, follow each try
    with line logic, keep what both agree on, repeat. Rows of 1, 0 and -1 (undecided).

    Raises :class:`NoSolutionError` when the clues contradict each other.
    """
    puzzle = as_nonogram(puzzle)
    try:
        return probe(puzzle.rows, puzzle.cols, [list(row) for row in state])
    except Contradiction as error:
        raise NoSolutionError(f"no solution: {error}") from None


def has_open_cells(state: Sequence[Sequence[int]]) -> bool:
    """True when some cell of ``state`` is still undecided (-1)."""
    return any(cell < 0 for row in state for cell in row)


def grade(puzzle: Nonogram) -> str:
    """How far a reader must go to solve the puzzle, as one of :data:`GRADES`.

    ``"line logic"`` when the line solver alone decides every cell; ``"line probing"`` when
    trying single cells both ways (each try followed by line logic) decides the rest;
    otherwise ``"needs search"``: some cell must be guessed and the guess followed further
    (or the puzzle has more than one solution, which no reasoning can settle).
    Raises :class:`NoSolutionError` when the clues contradict each other.
    """
    state = line_logic(puzzle)
    if not has_open_cells(state):
        return LINE_LOGIC
    if not has_open_cells(line_probing(puzzle, state)):
        return LINE_PROBING
    return NEEDS_SEARCH
