"""Nonograms as CNF for a SAT solver (PySAT): every placement of a line's clue.

This is the model of the chapter "Nonogram as CNF with PySAT" (``book/nonogram_pysat.md``).
Every CNF encoding of the book shares one Boolean per cell, numbered ``1 .. height * width``
row by row (:func:`encode`), and differs only in how one line's clue is turned into clauses:

* :func:`line_placement_clauses` (here) gives every placement of the whole line its own
  selector variable (exponentially many for long lines with many blocks);
* :func:`~.cnf_compact.line_compact_clauses` gives every *block* one selector per start
  cell, the SAT twin of the CP-SAT start-position model (polynomially many).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool

from helper.deadline import NO_DEADLINE, Deadline
from helper.errors import ModelTooLargeError
from helper.sigint import pysat_sigint

from ..clues import Clue, Grid
from ..placements import placements, puzzle_placements
from . import checked

EXACTLY_ONE = EncType.ladder
"""The ladder (regular) encoding: ``m + 1`` extra variables and about ``4m`` clauses for ``m``
literals, against ``m(m - 1)/2 + 1`` clauses for the pairwise encoding. PySAT's sequential
counter is a little smaller but takes time quadratic in ``m`` to generate, and a long line
has hundreds of thousands of placements; the ladder is generated in linear time."""

MAX_PLACEMENTS = 500_000
""":func:`placement_cnf` refuses puzzles with more placements than this (they take minutes
and gigabytes to write out); the compact encoding has no such limit."""

Clauses = list[list[int]]
LineEncoder = Callable[[Sequence[int], Sequence[int], IDPool], Clauses]


def exactly_one(literals: Sequence[int], pool: IDPool) -> Clauses:
    """Clauses saying that exactly one of ``literals`` is true (extra variables from ``pool``)."""
    with pysat_sigint():  # PySAT's encoder catches Ctrl-C itself: KeyboardInterrupt all the same
        return CardEnc.equals(list(literals), bound=1, vpool=pool, encoding=EXACTLY_ONE).clauses


def line_placement_clauses(clue: Sequence[int], cells: Sequence[int], pool: IDPool) -> Clauses:
    """All-placements encoding of one line: ``cells`` are the line's cell variables.

    One selector per placement, exactly one selector true, and each cell is filled exactly
    when the chosen placement paints it: ``cell -> (some selector that paints it)`` and
    ``selector -> cell`` for every cell the selector paints.
    """
    clauses: Clauses = []
    painters: list[list[int]] = [[] for _ in cells]  # selectors that paint each cell
    selectors = []
    for line in placements(clue, len(cells)):
        selector = pool.id()
        selectors.append(selector)
        for cell, cell_painters, filled in zip(cells, painters, line, strict=True):
            if filled:
                cell_painters.append(selector)
                clauses.append([-selector, cell])
    clauses += exactly_one(selectors, pool)
    for cell, cell_painters in zip(cells, painters, strict=True):
        clauses.append([-cell, *cell_painters])
    return clauses


@dataclass
class NonogramCnf:
    """A puzzle's CNF and its cell variables (``cells[r][c]`` is a positive integer)."""

    cnf: CNF
    cells: list[list[int]]

    @property
    def variables(self) -> int:
        return self.cnf.nv

    @property
    def clauses(self) -> int:
        return len(self.cnf.clauses)

    def decode(self, model: Sequence[int]) -> Grid:
        """The picture of a satisfying assignment (PySAT's list of signed literals)."""
        true = {lit for lit in model if lit > 0}
        return [[int(v in true) for v in row] for row in self.cells]

    def blocking_clause(self, grid: Grid) -> list[int]:
        """A clause that every picture except ``grid`` satisfies (over the cells only)."""
        return [
            -v if cell else v
            for row, grid_row in zip(self.cells, grid, strict=True)
            for v, cell in zip(row, grid_row, strict=True)
        ]

    def block(self, model: Sequence[int]) -> list[int]:
        """The blocking clause of the picture of ``model``."""
        return self.blocking_clause(self.decode(model))


def encode(rows: Sequence[Clue], cols: Sequence[Clue], line_encoder: LineEncoder) -> NonogramCnf:
    """The whole puzzle: one variable per cell, shared by its row and its column."""
    height, width = len(rows), len(cols)
    pool = IDPool()
    cells = [[pool.id(("cell", r, c)) for c in range(width)] for r in range(height)]
    cnf = CNF()
    for r, clue in enumerate(rows):
        cnf.extend(line_encoder(clue, cells[r], pool))
    for c, clue in enumerate(cols):
        cnf.extend(line_encoder(clue, [cells[r][c] for r in range(height)], pool))
    cnf.nv = pool.top  # count every variable made, even one that no clause mentions
    return NonogramCnf(cnf, cells)


def placement_cnf(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    *,
    max_placements: int | None = MAX_PLACEMENTS,
    deadline: Deadline = NO_DEADLINE,
) -> NonogramCnf:
    """The all-placements CNF of a puzzle with valid, cleaned clues.

    Raises :class:`~helper.errors.ModelTooLargeError` (giving up, not bad input) when the
    puzzle has more than ``max_placements`` placements; ``None`` lifts the limit.
    """
    total = puzzle_placements(rows, cols)
    if max_placements is not None and total > max_placements:
        raise ModelTooLargeError(
            f"pysat-cnf: {total:,} selector variables needed, over the limit of "
            f"{max_placements:,}; use pysat-compact"
        )
    return encode(rows, cols, checked(line_placement_clauses, deadline, "building the CNF"))
