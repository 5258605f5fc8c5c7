"""Every way to lay a clue's blocks out in a line, and how many ways there are.

A **placement** of a clue in a line of ``length`` cells is one choice of start cell for each
block such that the blocks keep their order, stay inside the line and leave at least one
empty cell between neighbours. The PySAT chapter (``book/nonogram_pysat.md``) gives each
placement its own Boolean variable.
"""

from collections.abc import Iterator, Sequence
from math import comb


def _blocks(clue: Sequence[int]) -> list[int]:
    """The clue's block lengths; ``[0]`` and ``[]`` both mean an empty line."""
    numbers = [int(n) for n in clue]
    if numbers == [0]:
        return []
    for n in numbers:
        if n < 1:
            raise ValueError(f"clue {numbers!r} holds {n}; block lengths must be at least 1")
    return numbers


def min_length(clue: Sequence[int]) -> int:
    """The fewest cells the clue fits in: its blocks plus one gap between neighbours."""
    blocks = _blocks(clue)
    return sum(blocks) + max(len(blocks) - 1, 0)


def placement_starts(clue: Sequence[int], length: int) -> Iterator[tuple[int, ...]]:
    """Yield the start cell of every block, for every placement, in lexicographic order.

    The first block moves slowest: all placements with the first block at cell 0 come
    first. A clue that does not fit yields nothing; an empty clue yields one empty tuple.
    """
    blocks = _blocks(clue)
    if length < 0:
        raise ValueError(f"line length {length} is negative")

    def place(j: int, first_free: int) -> Iterator[tuple[int, ...]]:
        if j == len(blocks):
            yield ()
            return
        room_after = sum(blocks[j + 1 :]) + len(blocks) - 1 - j  # later blocks and their gaps
        for start in range(first_free, length - room_after - blocks[j] + 1):
            for rest in place(j + 1, start + blocks[j] + 1):
                yield (start, *rest)

    yield from place(0, 0)


def line_from_starts(clue: Sequence[int], starts: Sequence[int], length: int) -> tuple[int, ...]:
    """The 0/1 line that the blocks ``clue`` starting at ``starts`` paint."""
    line = [0] * length
    for block, start in zip(_blocks(clue), starts, strict=True):
        line[start : start + block] = [1] * block
    return tuple(line)


def placements(clue: Sequence[int], length: int) -> Iterator[tuple[int, ...]]:
    """Yield every 0/1 line of ``length`` cells whose runs are ``clue``, in the order of
    :func:`placement_starts`."""
    for starts in placement_starts(clue, length):
        yield line_from_starts(clue, starts, length)


def count_placements(clue: Sequence[int], length: int) -> int:
    """How many placements there are, without listing them: ``C(n - s + 1, k)``.

    With ``n`` cells, ``k`` blocks and ``s`` filled cells, ``n - s - (k - 1)`` cells are
    left over once the blocks and the compulsory gaps are laid down; they are shared among
    the ``k + 1`` gaps (before, between and after the blocks), which is choosing ``k``
    items out of ``n - s + 1``. An empty clue has exactly one placement.
    """
    blocks = _blocks(clue)
    if length < 0:
        raise ValueError(f"line length {length} is negative")
    top = length - sum(blocks) + 1
    return comb(top, len(blocks)) if top >= 0 else 0


def puzzle_placements(rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]]) -> int:
    """The placements of every row and every column added up: the number of selector
    variables the all-placements CNF needs."""
    height, width = len(rows), len(cols)
    return sum(count_placements(clue, width) for clue in rows) + sum(
        count_placements(clue, height) for clue in cols
    )
