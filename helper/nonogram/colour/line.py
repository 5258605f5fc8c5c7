"""Line logic for colour Nonograms: the same fixpoint as black and white, one bit mask per
colour.

A line of ``n`` cells is held as one integer per colour: bit ``x`` of ``can[c]`` is set while
cell ``x`` may still be colour ``c`` (``can[0]``: the background). Solving a line keeps, for
each cell, exactly the colours that some placement of the clue agreeing with every cell gives
it, and finds a contradiction when no placement agrees: the forward and backward sweep of
:func:`~.automaton.live_states` over the clue's automaton, where same-colour neighbours need a
gap and blocks of different colours may touch.

Where the rules come from: the complete line solver is the dynamic programme over "the first
``j`` blocks fit in the first ``i`` cells" of Batenburg and Kosters (*Solving Nonograms by
combining relaxations*, Pattern Recognition 42(8), 2009; ``batenburg2009`` in the book's
references), with a colour per block and the gap between two blocks required only when their
colours agree. Jan Wolter's pbnsolve, the solver of webpbn.com's multicolour puzzles,
describes the same rules for colour lines and line solving repeated over rows and columns to a
fixpoint (its documentation, https://webpbn.com/pbnsolve.html, and his survey of solvers,
``wolter_survey`` in the book's references).

:class:`ColourGrid` holds a whole puzzle as such masks, per row and per column, and runs
propagation to the fixpoint with a work queue of changed lines, as
:class:`~helper.nonogram.line.bits.MaskGrid` does for black and white.
"""

from collections.abc import Sequence
from functools import lru_cache

from helper.deadline import NO_DEADLINE, Deadline

from ..line.bits import set_bits
from ..line.contract import UNKNOWN, Contradiction
from .automaton import forward_states, template
from .check import Block

ColourState = list[list[int]]
"""A colour grid partly decided: rows of -1 (:data:`UNKNOWN`) or a colour number."""


@lru_cache(maxsize=1 << 16)
def solve_colour_line(
    clue: tuple[Block, ...], n: int, can: tuple[int, ...]
) -> tuple[int, ...] | None:
    """``can`` after applying ``clue`` to a line of ``n`` cells; ``None`` if no placement fits.

    Parameters
    ----------
    clue
        The line's blocks ``(length, colour)``.
    n
        The number of cells.
    can
        One bit mask per colour (``can[0]`` the background): bit ``x`` set while cell ``x``
        may be that colour.

    Returns
    -------
    tuple[int, ...] or None
        The masks of the colours some fitting placement gives each cell; ``None`` when no
        placement agrees with ``can``.

    Examples
    --------
    Two cells, the clue one red (1) then one blue (2): they touch, so the line is decided.

    >>> solve_colour_line(((1, 1), (1, 2)), 2, (0b11, 0b11, 0b11))
    (0, 1, 2)
    >>> solve_colour_line(((1, 1), (1, 1)), 2, (0b11, 0b11, 0b11)) is None  # needs a gap
    True
    """
    colours = len(can) - 1
    t = template(clue, colours)
    # The states each cell may stand in, from the colours it may take: a colour the clue
    # never uses has no state and is skipped (the cells' masks are walked bit by bit).
    used = [(c, states) for c, states in enumerate(t.by_colour) if states]
    layers = [0] * n
    for c, states in used:
        mask = can[c]
        while mask:
            low = mask & -mask
            layers[low.bit_length() - 1] |= states
            mask ^= low
    # The forward sweep of live_states, and the backward one reading each layer's colours
    # as it goes (live_states and cell_colours in one pass, without their lists).
    gaps, jumps = t.gaps, t.jumps
    forward = forward_states(t, layers)
    if forward is None:
        return None
    back = forward[-1] & t.ends
    if not back:
        return None
    out = [0] * (colours + 1)
    for x in range(n - 1, -1, -1):
        for c, states in used:
            if back & states:
                out[c] |= 1 << x
        back = ((back & gaps) | (back >> 1) | ((back >> 2) & jumps)) & forward[x]
    return tuple(out)


def solve_line_cells(clue: Sequence[Block], cells: Sequence[int], colours: int) -> list[int] | None:
    """One line as cell values: -1 (unknown) or a colour number in, the cells every fitting
    placement agrees on out (-1 where they differ); ``None`` when none fits.

    Examples
    --------
    >>> solve_line_cells([(2, 1)], [-1, -1, -1], 1)  # the middle cell is in every placement
    [-1, 1, -1]
    """
    n = len(cells)
    full = (1 << n) - 1
    can = [0] * (colours + 1)
    for c in range(colours + 1):
        can[c] = sum(1 << x for x, v in enumerate(cells) if v in (UNKNOWN, c)) & full
    result = solve_colour_line(tuple(clue), n, tuple(can))
    if result is None:
        return None
    return [_decided(result, x) for x in range(n)]


def _decided(can: Sequence[int], x: int) -> int:
    found = [c for c, mask in enumerate(can) if mask >> x & 1]
    return found[0] if len(found) == 1 else UNKNOWN


class ColourGrid:
    """A partly solved colour puzzle: per row and per column, one bit mask per colour."""

    __slots__ = ("col_can", "colours", "cols", "height", "row_can", "rows", "width")

    def __init__(
        self, rows: Sequence[Sequence[Block]], cols: Sequence[Sequence[Block]], colours: int
    ) -> None:
        self.rows = [tuple(c) for c in rows]
        self.cols = [tuple(c) for c in cols]
        self.colours = colours
        self.height, self.width = len(rows), len(cols)
        row_full, col_full = (1 << self.width) - 1, (1 << self.height) - 1
        self.row_can = [[row_full] * (colours + 1) for _ in range(self.height)]
        self.col_can = [[col_full] * (colours + 1) for _ in range(self.width)]
        # a colour that a line's clue never uses is out of that line from the start
        for lines, masks in ((self.rows, self.row_can), (self.cols, self.col_can)):
            for clue, can in zip(lines, masks, strict=True):
                used = {c for _, c in clue}
                for c in range(1, colours + 1):
                    if c not in used:
                        can[c] = 0
        for r in range(self.height):
            for c in range(self.width):
                both = self.allowed(r, c)
                for colour in range(colours + 1):
                    if not both >> colour & 1:
                        self.row_can[r][colour] &= ~(1 << c)
                        self.col_can[c][colour] &= ~(1 << r)

    def allowed(self, r: int, c: int) -> int:
        """The colours cell ``(r, c)`` may still take, as a bit mask (bit 0: background)."""
        mask = 0
        for colour in range(self.colours + 1):
            if self.row_can[r][colour] >> c & 1 and self.col_can[c][colour] >> r & 1:
                mask |= 1 << colour
        return mask

    def decide(self, r: int, c: int, colour: int) -> None:
        """Give cell ``(r, c)`` one colour (no propagation)."""
        for other in range(self.colours + 1):
            if other != colour:
                self.row_can[r][other] &= ~(1 << c)
                self.col_can[c][other] &= ~(1 << r)

    def open_count(self) -> int:
        """The cells that may still take more than one colour."""
        return sum(1 for r in range(self.height) for c in range(self.width) if self._open(r, c))

    def _open(self, r: int, c: int) -> bool:
        return self.allowed(r, c).bit_count() > 1

    def solved(self) -> bool:
        """Whether every cell has one colour left."""
        return self.open_count() == 0

    def to_state(self) -> ColourState:
        """Rows of -1 (open) or the cell's colour."""
        state = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                mask = self.allowed(r, c)
                row.append(mask.bit_length() - 1 if mask.bit_count() == 1 else UNKNOWN)
            state.append(row)
        return state

    def allowed_grid(self) -> list[list[int]]:
        """Every cell's mask of colours it may still take."""
        return [[self.allowed(r, c) for c in range(self.width)] for r in range(self.height)]

    def propagate(self, deadline: Deadline = NO_DEADLINE) -> None:
        """Line logic to the fixpoint. Raises :class:`~..line.contract.Contradiction`
        (naming the line) when a line has no placement left, and
        :class:`~helper.errors.SolverTimeoutError` once ``deadline`` has passed."""
        dirty_rows, dirty_cols = set(range(self.height)), set(range(self.width))
        while dirty_rows or dirty_cols:
            deadline.check("line logic")
            for r in sorted(dirty_rows):
                dirty_cols |= self._solve(
                    self.rows[r], self.width, self.row_can[r], r, self.col_can
                )
            dirty_rows.clear()
            deadline.check("line logic")
            for c in sorted(dirty_cols):
                dirty_rows |= self._solve(
                    self.cols[c], self.height, self.col_can[c], c, self.row_can, "column"
                )
            dirty_cols.clear()

    def _solve(
        self,
        clue: tuple[Block, ...],
        n: int,
        can: list[int],
        index: int,
        crossing: list[list[int]],
        kind: str = "row",
    ) -> set[int]:
        """Solve one line in place; return the crossing lines it changed."""
        result = solve_colour_line(clue, n, tuple(can))
        if result is None:
            raise Contradiction(f"{kind} {index}")
        changed: set[int] = set()
        bit = 1 << index
        for colour, (old, new) in enumerate(zip(can, result, strict=True)):
            if old != new:
                for x in set_bits(old & ~new):
                    crossing[x][colour] &= ~bit
                    changed.add(x)
                can[colour] = new
        return changed


def colour_line_logic(
    rows: Sequence[Sequence[Block]],
    cols: Sequence[Sequence[Block]],
    colours: int,
    deadline: Deadline = NO_DEADLINE,
) -> ColourGrid | None:
    """Line logic to the fixpoint from an empty grid; ``None`` when it finds a contradiction
    (the puzzle has no solution).

    Examples
    --------
    >>> grid = colour_line_logic([[(1, 1), (1, 2)]], [[(1, 1)], [(1, 2)]], 2)
    >>> grid.to_state()
    [[1, 2]]
    """
    grid = ColourGrid(rows, cols, colours)
    try:
        grid.propagate(deadline)
    except Contradiction:
        return None
    return grid


__all__ = [
    "ColourGrid",
    "ColourState",
    "colour_line_logic",
    "solve_colour_line",
    "solve_line_cells",
]
