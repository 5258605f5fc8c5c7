"""The line solver on bit masks: :mod:`.reference`'s dynamic programme, one integer per table row.

A line of ``n`` cells is two integers: ``black`` has bit ``x`` set when cell ``x`` is known
filled, ``white`` when it is known empty. A row of the table ``fwd[j]`` ("the first ``j``
blocks fit in the first ``i`` cells") is one integer too, bit ``i`` for each ``i`` in
``0..n``, so one step of the recurrence handles every cell at once with shifts, ``&`` and
``|``. The step "and then any number of empty cells" is a carry chain: adding the reachable
positions to the mask of cells that may be empty carries a bit along each run of such cells.
A line costs a few dozen integer operations per block instead of a loop over its cells.

:class:`MaskGrid` holds a whole puzzle as such masks, row by row and column by column, and
runs propagation on it (a work queue of changed lines; line results are kept in the grid's
:class:`~.cache.LineMemo`, which its copies share: one memo per solve). Probing
(:mod:`.probe`) and search (:mod:`.search`) run on it.
"""

from collections.abc import Iterator, Sequence
from functools import cache

from helper.deadline import NO_DEADLINE, Deadline

from ..clues import Clue
from .cache import MISSING, LineMemo
from .contract import UNKNOWN, Contradiction, State

LineResult = tuple[int, int] | None  # (black, white) after solving, None on contradiction


_REVERSED_BYTES = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def _reverse(value: int, width: int) -> int:
    """The lowest ``width`` bits of ``value`` (which has no higher bits) in reverse order."""
    size = (width + 7) >> 3
    flipped = value.to_bytes(size, "little").translate(_REVERSED_BYTES)
    return int.from_bytes(flipped, "big") >> ((size << 3) - width)


@cache
def _doubling_steps(length: int) -> tuple[int, ...]:
    """Shifts that grow a span of one bit to ``length`` bits, doubling while it can."""
    steps, done = [], 1
    while done < length:
        step = min(done, length - done)
        steps.append(step)
        done += step
    return tuple(steps)


def _runs_at_least(mask: int, length: int) -> int:
    """Bit ``s`` set when bits ``s .. s + length - 1`` of ``mask`` are all set."""
    for step in _doubling_steps(length):
        mask &= mask >> step
    return mask


def _smear(starts: int, length: int) -> int:
    """Every bit covered by a block of ``length`` bits starting at a bit of ``starts``."""
    for step in _doubling_steps(length):
        starts |= starts << step
    return starts


def forward_pass(clue: Sequence[int], can_black: int, can_white: int) -> list[int]:
    """``fwd[j]`` for ``j = 0 .. len(clue)``: bit ``i`` set when blocks ``0 .. j-1`` fit in
    cells ``0 .. i-1`` with every other cell there empty.

    "And then any number of empty cells" is a carry chain: adding ``steps`` (the reachable
    positions whose cell may be empty) to ``can_white`` carries a bit along each run of cells
    that may be empty, and the carries are exactly the positions reached.
    """
    steps = 1 & can_white
    reach = 1 | ((can_white + steps) ^ can_white ^ steps)  # no block yet: leading empty cells
    table = [reach]
    first = 1  # only the first block may start at cell 0
    for length in clue:
        starts = ((reach & can_white) << 1) | first  # a block may start here
        first = 0
        ends = (starts & _runs_at_least(can_black, length)) << length
        steps = ends & can_white
        reach = ends | ((can_white + steps) ^ can_white ^ steps)
        table.append(reach)
    return table


def solve_line_bits(clue: Sequence[int], n: int, black: int, white: int) -> LineResult:
    """``(black, white)`` of a line of ``n`` cells after applying ``clue``; ``None`` if no
    placement fits. The same answer as :func:`helper.nonogram.line.solve_line`.

    :func:`forward_pass` from the left and from the right (on the reversed line), with the
    helpers written out in the loops: this is the engine's inner loop, and a call costs as much
    as a few integer operations. The runs of cells that may be filled (``_runs_at_least``)
    are computed once per block length and serve both the forward pass and the cover."""
    full = (1 << n) - 1
    can_white, can_black = full & ~black, full & ~white
    k = len(clue)
    # from the left, as forward_pass, keeping each length's runs for the cover below
    runs: dict[int, int] = {}
    steps = 1 & can_white
    reach = 1 | ((can_white + steps) ^ can_white ^ steps)
    fwd = [reach]
    first = 1
    for length in clue:
        fits = runs.get(length)
        if fits is None:
            fits = can_black
            for step in _doubling_steps(length):
                fits &= fits >> step
            runs[length] = fits
        ends = ((((reach & can_white) << 1) | first) & fits) << length
        first = 0
        steps = ends & can_white
        reach = ends | ((can_white + steps) ^ can_white ^ steps)
        fwd.append(reach)
    if not reach >> n & 1:
        return None
    # from the right: the same pass on the reversed line
    size = (n + 8) >> 3  # bytes for n + 1 bits
    table = _REVERSED_BYTES
    shift = (size << 3) - n
    r_black = int.from_bytes(can_black.to_bytes(size, "little").translate(table), "big") >> shift
    r_white = int.from_bytes(can_white.to_bytes(size, "little").translate(table), "big") >> shift
    steps = 1 & r_white
    reach = 1 | ((r_white + steps) ^ r_white ^ steps)
    rev = [reach]
    first = 1
    for length in reversed(clue):
        fits = r_black
        for step in _doubling_steps(length):
            fits &= fits >> step
        ends = ((((reach & r_white) << 1) | first) & fits) << length
        first = 0
        steps = ends & r_white
        reach = ends | ((r_white + steps) ^ r_white ^ steps)
        rev.append(reach)
    shift -= 1  # the rows have n + 1 bits
    bwd = [  # bit i: blocks j.. fit in cells i..
        int.from_bytes(row.to_bytes(size, "little").translate(table), "big") >> shift
        for row in reversed(rev)
    ]
    may_white = 0
    for j in range(k + 1):
        may_white |= fwd[j] & (bwd[j] >> 1)
    may_white &= can_white
    may_black = 0
    last = k - 1
    for j, length in enumerate(clue):
        starts = ((fwd[j] & can_white) << 1) | (j == 0)
        ends = ((bwd[j + 1] >> 1) & can_white) | ((j == last) << n)
        cover = starts & runs[length] & (ends >> length)
        for step in _doubling_steps(length):
            cover |= cover << step
        may_black |= cover
    if (may_white | may_black) != full:
        return None
    return full & ~may_white, full & ~may_black


def _mask(lines: set[int]) -> int:
    """The bit mask of a set of line numbers."""
    mask = 0
    for line in lines:
        mask |= 1 << line
    return mask


def set_bits(value: int) -> Iterator[int]:
    """The positions of the set bits of ``value``, lowest first."""
    while value:
        low = value & -value
        yield low.bit_length() - 1
        value ^= low


class MaskGrid:
    """A partly solved puzzle: known filled / empty cells as bit masks per row and column."""

    __slots__ = ("cb", "cols", "cw", "height", "memo", "rb", "rows", "rw", "width")

    def __init__(
        self, rows: Sequence[Clue], cols: Sequence[Clue], memo: LineMemo | None = None
    ) -> None:
        self.rows = [tuple(c) for c in rows]
        self.cols = [tuple(c) for c in cols]
        self.height, self.width = len(rows), len(cols)
        self.memo = LineMemo(self.rows, self.cols) if memo is None else memo
        """The line results of this grid and of its copies (a new, empty memo by default)."""
        self.rb = [0] * self.height  # bit c: cell (r, c) filled
        self.rw = [0] * self.height  # bit c: cell (r, c) empty
        self.cb = [0] * self.width  # bit r: cell (r, c) filled
        self.cw = [0] * self.width

    @classmethod
    def from_state(cls, rows: Sequence[Clue], cols: Sequence[Clue], state: State) -> "MaskGrid":
        """The grid with the decided cells of ``state`` (rows of -1 / 0 / 1), not propagated."""
        grid = cls(rows, cols)
        for r, row in enumerate(state):
            for c, value in enumerate(row):
                if value != UNKNOWN:
                    grid.decide(r, c, value)
        return grid

    def copy(self) -> "MaskGrid":
        other = MaskGrid.__new__(MaskGrid)
        other.rows, other.cols, other.memo = self.rows, self.cols, self.memo
        other.height, other.width = self.height, self.width
        other.rb, other.rw, other.cb, other.cw = (
            self.rb[:],
            self.rw[:],
            self.cb[:],
            self.cw[:],
        )
        return other

    def open_count(self) -> int:
        """The cells not decided (a cell is never both filled and empty)."""
        decided = sum(map(int.bit_count, self.rb)) + sum(map(int.bit_count, self.rw))
        return self.height * self.width - decided

    def solved(self) -> bool:
        return self.open_count() == 0

    def decide(self, r: int, c: int, value: int) -> None:
        """Decide one cell (no propagation)."""
        if value:
            self.rb[r] |= 1 << c
            self.cb[c] |= 1 << r
        else:
            self.rw[r] |= 1 << c
            self.cw[c] |= 1 << r

    def changed_lines(self, old: "MaskGrid") -> tuple[set[int], set[int]]:
        """The rows and the columns where this grid knows more than ``old``."""
        rows = {r for r in range(self.height) if self.rb[r] != old.rb[r] or self.rw[r] != old.rw[r]}
        cols = {c for c in range(self.width) if self.cb[c] != old.cb[c] or self.cw[c] != old.cw[c]}
        return rows, cols

    def to_state(self) -> list[list[int]]:
        """Rows of -1 (unknown), 0 and 1."""
        return [
            [1 if b >> c & 1 else 0 if w >> c & 1 else -1 for c in range(self.width)]
            for b, w in zip(self.rb, self.rw, strict=True)
        ]

    def propagate(
        self,
        rows: set[int] | None = None,
        cols: set[int] | None = None,
        deadline: Deadline = NO_DEADLINE,
    ) -> None:
        """Line logic to the fixpoint, starting from the given dirty rows and columns (all by
        default). Raises :class:`Contradiction`, and
        :class:`~helper.errors.SolverTimeoutError` once ``deadline`` has passed (checked before
        each sweep over the dirty rows or columns: a sweep takes milliseconds).

        Each line result is looked up in :attr:`memo` first (counted there as a hit or a
        miss). The dirty lines are bit masks, taken lowest first: rows in order, then
        columns in order, as long as any is dirty."""
        height, width = self.height, self.width
        dirty_rows = (1 << height) - 1 if rows is None else _mask(rows)
        dirty_cols = (1 << width) - 1 if cols is None else _mask(cols)
        rb, rw, cb, cw = self.rb, self.rw, self.cb, self.cw
        memo = self.memo
        row_memo, col_memo, row_clues, col_clues = memo.rows, memo.cols, self.rows, self.cols
        lookups = misses = 0
        try:
            while dirty_rows or dirty_cols:
                deadline.check("line logic")
                todo, dirty_rows = dirty_rows, 0
                while todo:
                    low = todo & -todo
                    todo ^= low
                    r = low.bit_length() - 1
                    black, white = rb[r], rw[r]
                    lookups += 1
                    table = row_memo[r]
                    key = (black, white)
                    result = table.get(key, MISSING)
                    if result is MISSING:
                        misses += 1
                        result = solve_line_bits(row_clues[r], width, black, white)
                        memo.make_room()
                        table[key] = result
                    if result is None:
                        raise Contradiction(f"row {r}")
                    new_black, new_white = result
                    changed = (new_black ^ black) | (new_white ^ white)
                    if changed:
                        dirty_cols |= changed
                        rb[r], rw[r] = new_black, new_white
                        for c, bits in ((new_black ^ black, cb), (new_white ^ white, cw)):
                            while c:
                                one = c & -c
                                c ^= one
                                bits[one.bit_length() - 1] |= low
                deadline.check("line logic")
                todo, dirty_cols = dirty_cols, 0
                while todo:
                    low = todo & -todo
                    todo ^= low
                    c = low.bit_length() - 1
                    black, white = cb[c], cw[c]
                    lookups += 1
                    table = col_memo[c]
                    key = (black, white)
                    result = table.get(key, MISSING)
                    if result is MISSING:
                        misses += 1
                        result = solve_line_bits(col_clues[c], height, black, white)
                        memo.make_room()
                        table[key] = result
                    if result is None:
                        raise Contradiction(f"column {c}")
                    new_black, new_white = result
                    changed = (new_black ^ black) | (new_white ^ white)
                    if changed:
                        dirty_rows |= changed
                        cb[c], cw[c] = new_black, new_white
                        for r, bits in ((new_black ^ black, rb), (new_white ^ white, rw)):
                            while r:
                                one = r & -r
                                r ^= one
                                bits[one.bit_length() - 1] |= low
        finally:
            memo.hits += lookups - misses
            memo.misses += misses

    def trial(
        self, r: int, c: int, value: int, deadline: Deadline = NO_DEADLINE
    ) -> "MaskGrid | None":
        """A propagated copy with cell ``(r, c)`` set to ``value``; ``None`` on contradiction."""
        other = self.copy()
        other.decide(r, c, value)
        try:
            other.propagate({r}, {c}, deadline)
        except Contradiction:
            return None
        return other
