"""The overlap rule on one colour line: the leftmost and rightmost placements of its blocks.

As for black and white (:mod:`helper.explain.overlap`), push every block as far left as it
goes, then as far right, both times keeping to the cells known so far. A block's cells must
be able to take its colour, the cells outside every block the background, and two
neighbouring blocks of the same colour need a background cell between them (blocks of
different colours may touch). Every placement that fits lies between the two, block by block
(checked against every placement listed by brute force in ``tests/explain``), so:

- a cell covered by block ``j`` in both is that block's colour in every placement;
- a cell in the same gap (before block ``j`` in both, after block ``j - 1`` in both) is the
  background in every placement: no block reaches it.

With one colour this is :func:`helper.explain.overlap.overlap`. The colour line solver
(:func:`helper.nonogram.colour.line.solve_line_cells`) decides at least as much.
"""

from collections.abc import Sequence
from functools import cache, lru_cache

from helper.nonogram.colour.check import Block

from .overlap import where_cells

UNKNOWN = -1
BACKGROUND = 0

Where = tuple[str, int]
"""Where a cell lies in a placement, ``("block", j)`` or ``("gap", j)`` (the gap before
block ``j``; ``j`` is the number of blocks for the gap after the last)."""


def colour_leftmost(clue: Sequence[Block], cells: Sequence[int]) -> list[int] | None:
    """The start of every block in the leftmost placement that fits ``cells`` (-1 open, else
    a colour number, 0 the background), or ``None`` when none fits.

    Examples
    --------
    >>> colour_leftmost([(2, 1), (1, 2)], [-1, -1, -1, -1])  # red touches blue
    [0, 2]
    >>> colour_leftmost([(2, 1), (1, 1)], [-1, -1, -1, -1])  # two reds need a gap
    [0, 3]
    >>> colour_leftmost([(2, 1)], [-1, 0, -1, -1])  # cell 1 is the background
    [2]
    >>> colour_leftmost([(2, 1)], [-1, 2, -1, -1]) is None  # cell 1 is blue: no room for it
    True
    """
    found = _leftmost(tuple(clue), tuple(cells))
    return None if found is None else list(found)


@lru_cache(maxsize=1 << 14)
def _leftmost(blocks: tuple[Block, ...], cells: tuple[int, ...]) -> tuple[int, ...] | None:
    n = len(cells)

    def fits(x: int, colour: int) -> bool:
        return cells[x] == UNKNOWN or cells[x] == colour

    @cache
    def place(j: int, at: int) -> tuple[int, ...] | None:
        """Starts of blocks ``j..`` placed from cell ``at`` on, every cell before a block the
        background; ``None`` if they do not fit."""
        if j == len(blocks):
            return () if all(fits(x, BACKGROUND) for x in range(at, n)) else None
        length, colour = blocks[j]
        gap = int(j + 1 < len(blocks) and blocks[j + 1][1] == colour)
        for start in range(at, n - length + 1):
            if start > at and not fits(start - 1, BACKGROUND):
                return None  # a cell that cannot be the background was left uncovered
            end = start + length
            if not all(fits(x, colour) for x in range(start, end)):
                continue
            if gap and (end >= n or not fits(end, BACKGROUND)):
                continue
            rest = place(j + 1, end + gap)
            if rest is not None:
                return (start, *rest)
        return None

    return place(0, 0)


def colour_rightmost(clue: Sequence[Block], cells: Sequence[int]) -> list[int] | None:
    """The start of every block in the rightmost placement that fits ``cells``, or ``None``.

    Examples
    --------
    >>> colour_rightmost([(2, 1), (1, 2)], [-1, -1, -1, -1])
    [1, 3]
    """
    mirrored = colour_leftmost(list(reversed(clue)), list(reversed(cells)))
    if mirrored is None:
        return None
    n = len(cells)
    ends = [n - start for start in reversed(mirrored)]
    return [end - length for end, (length, _) in zip(ends, clue, strict=True)]


def _where(clue: Sequence[Block], starts: Sequence[int], n: int) -> list[Where]:
    """For each cell: ``("block", j)`` or ``("gap", j)``: the black-and-white rule on the
    blocks' lengths (a colour changes no cell's place)."""
    return where_cells([length for length, _ in clue], starts, n)


def colour_overlap(clue: Sequence[Block], cells: Sequence[int]) -> dict[int, Where] | None:
    """The open cells the overlap rule decides, each with where it lies in both placements
    (its colour: the block's, or the background in a gap); ``None`` when no placement fits.

    Examples
    --------
    Five cells, the clue 3 red: every placement covers the middle cell.

    >>> colour_overlap([(3, 1)], [-1] * 5)
    {2: ('block', 0)}
    >>> colour_overlap([(3, 1)], [-1, -1, -1, 1, -1])  # cell 3 red: cell 0 out of reach
    {0: ('gap', 0), 2: ('block', 0)}
    """
    clue = tuple(clue)
    left, right = colour_leftmost(clue, cells), colour_rightmost(clue, cells)
    if left is None or right is None:
        return None
    n = len(cells)
    return {
        x: a
        for x, (a, b) in enumerate(zip(_where(clue, left, n), _where(clue, right, n), strict=True))
        if cells[x] == UNKNOWN and a == b
    }


def colour_of(clue: Sequence[Block], where: Where) -> int:
    """The colour a cell takes where it lies: its block's, or the background in a gap."""
    kind, j = where
    return clue[j][1] if kind == "block" else BACKGROUND


__all__ = ["Where", "colour_leftmost", "colour_of", "colour_overlap", "colour_rightmost"]
