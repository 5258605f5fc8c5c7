"""Nonograms as CNF, compactly: one selector per block and start cell.

The SAT twin of the CP-SAT start-position model (``book/nonogram_pysat.md``): where
:mod:`.cnf_placements` gives every placement of a whole line a selector (exponentially many),
this gives every *block* one selector per cell it may start at (polynomially many). Both share
the cell variables of :func:`~.cnf_placements.encode`.
"""

from collections.abc import Sequence

from pysat.formula import IDPool

from helper.deadline import NO_DEADLINE, Deadline

from ..clues import Clue
from . import checked
from .cnf_placements import Clauses, NonogramCnf, encode, exactly_one


def line_compact_clauses(clue: Sequence[int], cells: Sequence[int], pool: IDPool) -> Clauses:
    """Compact encoding of one line: one selector per (block, start cell).

    Each block starts exactly once; if block ``j`` starts at ``p``, block ``j + 1`` starts
    at ``p + length + 1`` or later; a block paints the cells it covers; and a filled cell
    is covered by some block. Size: ``O(k * n)`` selectors and ``O(n * n)`` literals for
    ``k`` blocks in ``n`` cells.
    """
    width, count = len(cells), len(clue)
    slack = width - (sum(clue) + count - 1)  # how far each block can slide
    earliest = [sum(clue[:j]) + j for j in range(count)]
    starts = [
        {p: pool.id() for p in range(earliest[j], earliest[j] + slack + 1)} for j in range(count)
    ]
    clauses: Clauses = []
    coverers: list[list[int]] = [[] for _ in cells]  # (block, start) selectors covering a cell
    for j, length in enumerate(clue):
        clauses += exactly_one(list(starts[j].values()), pool)
        for p, selector in starts[j].items():
            for i in range(p, p + length):
                coverers[i].append(selector)
                clauses.append([-selector, cells[i]])
            if j + 1 < count:
                later = [s for q, s in starts[j + 1].items() if q >= p + length + 1]
                clauses.append([-selector, *later])
    for cell, cell_coverers in zip(cells, coverers, strict=True):
        clauses.append([-cell, *cell_coverers])
    return clauses


def compact_cnf(
    rows: Sequence[Clue], cols: Sequence[Clue], *, deadline: Deadline = NO_DEADLINE
) -> NonogramCnf:
    """The compact (block start) CNF of a puzzle with valid, cleaned clues."""
    return encode(rows, cols, checked(line_compact_clauses, deadline, "building the CNF"))
