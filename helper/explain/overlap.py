"""The overlap rule on one line, written on its own so that a step can be called "overlap"
only when this rule alone decides its cells.

Push every block as far left as it goes, then as far right, both times keeping to the cells
known so far. Every placement that fits lies between the two, block by block (the leftmost
placement starts each block at its earliest start, the rightmost at its latest), so:

- a cell covered by the same block in both is black in every placement;
- a cell in the same gap (before block ``j`` in both, after block ``j - 1`` in both) is
  white in every placement.

On an empty line this is the overlap rule of the chapter "Line logic and probing". The line
solver (:func:`helper.nonogram.line.reference.solve_line`) decides at least as much; where it
decides more, the step needs it, and is called a "line solver" step.
"""

from collections.abc import Sequence
from functools import cache

UNKNOWN = -1


def leftmost(clue: Sequence[int], cells: Sequence[int]) -> list[int] | None:
    """The start of every block in the leftmost placement that fits ``cells``, or ``None``."""
    n, blocks = len(cells), tuple(clue)

    @cache
    def place(j: int, at: int) -> tuple[int, ...] | None:
        """Starts of blocks ``j..`` placed from cell ``at`` on, every cell before a block
        white; ``None`` if they do not fit."""
        if j == len(blocks):
            return () if all(cells[x] != 1 for x in range(at, n)) else None
        length = blocks[j]
        for start in range(at, n - length + 1):
            if cells[start - 1] == 1 and start > at:
                return None  # a black cell was left uncovered
            if any(cells[x] == 0 for x in range(start, start + length)):
                continue
            end = start + length
            if end < n and cells[end] == 1:
                continue
            rest = place(j + 1, end + 1)
            if rest is not None:
                return (start, *rest)
        return None

    found = place(0, 0)
    return None if found is None else list(found)


def rightmost(clue: Sequence[int], cells: Sequence[int]) -> list[int] | None:
    """The start of every block in the rightmost placement that fits ``cells``, or ``None``."""
    mirrored = leftmost(list(reversed(clue)), list(reversed(cells)))
    if mirrored is None:
        return None
    n = len(cells)
    ends = [n - start for start in reversed(mirrored)]
    return [end - length for end, length in zip(ends, clue, strict=True)]


def where_cells(clue: Sequence[int], starts: Sequence[int], n: int) -> list[tuple[str, int]]:
    """For each cell: ``("block", j)`` or ``("gap", j)`` (the gap before block ``j``)."""
    where = []
    j = 0
    for x in range(n):
        while j < len(clue) and x >= starts[j] + clue[j]:
            j += 1
        if j < len(clue) and x >= starts[j]:
            where.append(("block", j))
        else:
            where.append(("gap", j))
    return where


def overlap(clue: Sequence[int], cells: Sequence[int]) -> dict[int, int] | None:
    """The open cells the overlap rule decides, ``{position: 1 black or 0 white}``; ``None``
    when no placement fits the known cells."""
    left, right = leftmost(clue, cells), rightmost(clue, cells)
    if left is None or right is None:
        return None
    n = len(cells)
    decided = {}
    for x, (a, b) in enumerate(
        zip(where_cells(clue, left, n), where_cells(clue, right, n), strict=True)
    ):
        if cells[x] == UNKNOWN and a == b:
            decided[x] = 1 if a[0] == "block" else 0
    return decided
