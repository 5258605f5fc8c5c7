"""Explain a colour Nonogram's solution step by step, one line (or one crossing) at a time.

Each step is one line whose clue, with the cells known so far, decides some open cells (or,
where no line does, a row and a column that decide the cell they share); its reason names
the line, its clue with the colours' names and the colour of each cell it decides, so that a
person can check it on the grid. The single-line steps are those of the black-and-white
explainer (:mod:`helper.explain.nonogram`), chosen by the same rule:

1. an **overlap** step: a line whose leftmost and rightmost placements agree on some open
   cells (:mod:`helper.explain.colour_overlap`): each is covered by the same block in both
   (that block's colour), or by none (the background);
2. a **line solver** step, when no line has an overlap step: a line whose clue, with the
   cells known, leaves one colour for some open cells that the overlap rule does not decide
   (the colour line solver, :func:`~helper.nonogram.colour.line.solve_line_cells`);
3. a **two lines** step, when no single line decides a cell: the row and the column through
   one open cell, each of which, with the cells known, still allows that cell a set of
   colours (the colours some placement of its clue that fits the known cells gives it),
   where the two sets share one colour only. A cell its row allows only red or white and
   its column only blue or white is white, which neither line shows alone. Its premises are
   the two lines (cost ``2 * LINE_COST``), and it decides that one cell; then single-line
   steps resume. The colour left is most often the background, which a line allows an open
   cell whenever its blocks may shift past it; a cell that known cells pin between blocks
   may be left a clue colour. When the two sets share no colour, the puzzle has no
   solution (:class:`~helper.errors.NoSolutionError` names both lines).

Among the steps of one kind, the one deciding the most cells comes first (then rows before
columns, then by index); a two lines step decides one cell, so the first such cell in
reading order (by row, then by column) comes first. A black-and-white puzzle given as a
one-colour :class:`~helper.nonogram.colour.ColourNonogram` gets the black-and-white
explainer's single-line steps, cell for cell (in black and white, an open cell that neither
of its lines decides is open to both colours in each, so no two lines step exists).

A step knows only the cells decided before it, one colour each; the colour line logic of the
solvers (:class:`~helper.nonogram.colour.line.ColourGrid`) keeps every cell's remaining
colours and passes them from line to line, so it can still go on where these steps stall.
There is no step of more lines: the explanation then stops there, incomplete
(:data:`STALLED`).
"""

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TypeVar

from helper.deadline import Deadline
from helper.errors import NoSolutionError, SolverTimeoutError
from helper.nonogram.colour import ColourNonogram, Palette, as_colour_nonogram
from helper.nonogram.colour.check import Block
from helper.nonogram.colour.line import solve_colour_line, solve_line_cells
from helper.nonogram.colour.puzzle import block_text
from helper.nonogram.puzzle import Nonogram

from .colour_overlap import Where, colour_of, colour_overlap
from .steps import Cell, Explanation, Premise, Step, explanation, numbers_text

UNKNOWN = -1
LINE_COST = 1
"""What one line costs in a step (as in :mod:`helper.explain.nonogram`)."""
STALLED = (
    "the explainer stalls: no single line, nor a row and a column together, decides another "
    "cell ({open} of {cells} cells open); explain_colour takes no step of more lines, and "
    "does not say whether the puzzle has one solution"
)
"""The ``message`` of an explanation that stopped where single lines and crossing pairs of
lines decide nothing more."""
TWO_LINES = "two lines"
"""The ``kind`` of a step that uses the row and the column through one cell."""

T = TypeVar("T")


def explain_colour(
    puzzle: ColourNonogram | Nonogram, *, time_limit: float | None = None
) -> Explanation:
    """The steps, one line each, that lead from the empty grid towards ``puzzle``'s solution.

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.colour.ColourNonogram` (a black-and-white
        :class:`~helper.nonogram.Nonogram` is taken as the one-colour case).
    time_limit
        Seconds for the whole explanation (``None``: no limit).

    Returns
    -------
    Explanation
        The steps (:class:`~helper.explain.steps.Step`, ``cells`` mapping ``(row, column)``
        to a colour number, 0 the background; kinds ``"overlap"``, ``"line solver"`` and
        ``"two lines"``). ``complete`` is ``True`` when they decide every cell: the grid
        they reach is then ``solution``, the only one (every step is forced). When these
        steps stall first, or ``time_limit`` passes, the steps found by then, ``complete``
        ``False``, ``solution`` ``None`` and ``message`` saying why (:data:`STALLED`).

    Raises
    ------
    NoSolutionError
        A line that the cells decided before it leave no placement (named, with its
        clue), or a row and a column that allow an open cell no common colour (both
        named, with the colours each allows): the puzzle has no solution.
    TypeError
        ``puzzle`` is not a Nonogram.

    Examples
    --------
    >>> from helper.nonogram.colour import ColourNonogram
    >>> puzzle = ColourNonogram([[(2, "red")], [(1, "red"), (1, "blue")]],
    ...                         [[(2, "red")], [(1, "red"), (1, "blue")]],
    ...                         [("red", "f00"), ("blue", "00f")], name="corner")
    >>> steps = explain_colour(puzzle)
    >>> [(dict(step.cells), step.lines) for step in steps]  # doctest: +NORMALIZE_WHITESPACE
    [({(0, 0): 1, (0, 1): 1}, (('row', 0),)), ({(1, 0): 1, (1, 1): 2}, (('row', 1),))]
    >>> print(steps[0])
    row 0 (2 red): columns 0 and 1 are red: every placement of the 2 red block covers them (overlap)
    >>> steps.complete, steps.solution
    (True, ((1, 1), (1, 2)))
    """
    puzzle = as_colour_nonogram(puzzle)
    deadline = Deadline(time_limit)
    height, width = puzzle.height, puzzle.width
    start = tuple((UNKNOWN,) * width for _ in range(height))
    state = [[UNKNOWN] * width for _ in range(height)]
    steps: list[Step] = []
    try:
        while any(UNKNOWN in row for row in state):
            deadline.check("explain")
            step = _single_line_step(puzzle, state) or _two_line_step(puzzle, state)
            if step is None:
                open_ = sum(row.count(UNKNOWN) for row in state)
                stalled = explanation(steps, start, None, 0, 0)
                message = STALLED.format(open=open_, cells=height * width)
                return replace(stalled, complete=False, message=message)
            for (r, c), colour in step.cells.items():
                state[r][c] = colour
            steps.append(step)
    except SolverTimeoutError as error:  # the steps found by then stand
        return explanation(steps, start, None, 0, 0, error)
    _check_lines(puzzle, state)  # a line decided by crossing lines alone may break its clue
    return explanation(steps, start, state, 0, 0)


def line_premises(puzzle: ColourNonogram) -> list[Premise]:
    """Every line as a premise: rows, then columns."""
    return [("row", r) for r in range(puzzle.height)] + [("column", c) for c in range(puzzle.width)]


def line_clues(puzzle: ColourNonogram) -> list[tuple[Block, ...]]:
    """Every line's clue, in the order of :func:`line_premises`."""
    return [tuple(clue) for clue in (*puzzle.rows, *puzzle.cols)]


def _line_cells(premise: Premise, height: int, width: int) -> list[Cell]:
    kind, index = premise
    if kind == "row":
        return [(index, c) for c in range(width)]
    return [(r, index) for r in range(height)]


def _line_text(puzzle: ColourNonogram, premise: Premise) -> str:
    """``row 4 (3 red, 2 blue)``."""
    kind, index = premise
    return puzzle.row_text(index) if kind == "row" else puzzle.column_text(index)


def _no_placement(puzzle: ColourNonogram, premise: Premise) -> NoSolutionError:
    return NoSolutionError(f"no solution: {_line_text(puzzle, premise)} has no placement left")


def _check_lines(puzzle: ColourNonogram, state: Sequence[Sequence[int]]) -> None:
    """Raise :class:`NoSolutionError` naming the first line that the cells known leave with
    no placement."""
    for premise, clue in zip(line_premises(puzzle), line_clues(puzzle), strict=True):
        cells = [state[r][c] for r, c in _line_cells(premise, puzzle.height, puzzle.width)]
        if _solved(clue, tuple(cells), puzzle.colours) is None:
            raise _no_placement(puzzle, premise)


@lru_cache(maxsize=1 << 14)
def _solved(clue: tuple[Block, ...], cells: tuple[int, ...], colours: int) -> list[int] | None:
    return solve_line_cells(clue, cells, colours)


def _overlap_cells(
    clue: tuple[Block, ...], cells: tuple[int, ...], colours: int
) -> dict[int, Where] | None:
    """The open cells of one line the overlap rule decides, each with where it lies in both
    placements; ``None`` when no placement fits."""
    return colour_overlap(clue, cells)


def _solver_cells(
    clue: tuple[Block, ...], cells: tuple[int, ...], colours: int
) -> dict[int, int] | None:
    """The open cells of one line the line solver decides, each with its colour; ``None``
    when no placement fits."""
    solved = _solved(clue, cells, colours)
    if solved is None:
        return None
    return {x: v for x, v in enumerate(solved) if cells[x] == UNKNOWN and v != UNKNOWN}


def _single_line_step(puzzle: ColourNonogram, state: list[list[int]]) -> Step | None:
    """The best overlap step, else the best line solver step, else ``None`` (a fixpoint)."""
    height, width = puzzle.height, puzzle.width
    premises, clues = line_premises(puzzle), line_clues(puzzle)
    lines = [tuple(state[r][c] for r, c in _line_cells(p, height, width)) for p in premises]
    for k, (clue, line) in enumerate(zip(clues, lines, strict=True)):
        if UNKNOWN not in line and _solved(clue, line, puzzle.colours) is None:
            raise _no_placement(puzzle, premises[k])  # decided by its crossing lines
    k, where = _best(puzzle, lines, _overlap_cells)
    if where:
        colours = {x: colour_of(clues[k], w) for x, w in sorted(where.items())}
        head = _line_text(puzzle, premises[k])
        reason = _overlap_reason(head, premises[k], clues[k], where, lines[k], puzzle)
        kind = "overlap"
    else:
        k, colours = _best(puzzle, lines, _solver_cells)
        if not colours:
            return None
        colours = dict(sorted(colours.items()))
        head = _line_text(puzzle, premises[k])
        reason = _solver_reason(head, premises[k], colours, lines[k], puzzle)
        kind = "line solver"
    places = _line_cells(premises[k], height, width)
    decided = {places[x]: colour for x, colour in colours.items()}
    return Step(decided, (premises[k],), reason, kind, LINE_COST)


def _best(
    puzzle: ColourNonogram,
    lines: Sequence[tuple[int, ...]],
    rule: Callable[[tuple[Block, ...], tuple[int, ...], int], dict[int, T] | None],
) -> tuple[int, dict[int, T]]:
    """The open line for which ``rule`` decides the most cells (the first of those, rows
    before columns), its index and those cells; an empty dict when it decides none."""
    best: tuple[int, dict[int, T]] = (-1, {})
    for k, (clue, cells) in enumerate(zip(line_clues(puzzle), lines, strict=True)):
        if UNKNOWN not in cells:
            continue
        decided = rule(clue, cells, puzzle.colours)
        if decided is None:  # the cells decided before leave this line no placement
            raise _no_placement(puzzle, line_premises(puzzle)[k])
        if len(decided) > len(best[1]):
            best = (k, decided)
    return best


@lru_cache(maxsize=1 << 14)
def _allowed(
    clue: tuple[Block, ...], cells: tuple[int, ...], colours: int
) -> tuple[int, ...] | None:
    """Each cell's colours, as a bit mask (bit 0 the background), that some placement of
    ``clue`` fitting the known ``cells`` gives it; ``None`` when no placement fits."""
    n = len(cells)
    can = tuple(
        sum(1 << x for x, v in enumerate(cells) if v in (UNKNOWN, colour))
        for colour in range(colours + 1)
    )
    masks = solve_colour_line(clue, n, can)
    if masks is None:
        return None
    return tuple(
        sum(1 << colour for colour, mask in enumerate(masks) if mask >> x & 1) for x in range(n)
    )


def _two_line_step(puzzle: ColourNonogram, state: list[list[int]]) -> Step | None:
    """The first open cell, by row then column, that its row and its column together leave
    one colour (each line with the cells known); ``None`` when there is none."""
    height, width = puzzle.height, puzzle.width
    premises, clues = line_premises(puzzle), line_clues(puzzle)
    lines = [tuple(state[r][c] for r, c in _line_cells(p, height, width)) for p in premises]
    allowed = [
        _allowed(clue, line, puzzle.colours) for clue, line in zip(clues, lines, strict=True)
    ]
    rows, cols = allowed[:height], allowed[height:]
    for r in range(height):
        for c in range(width):
            if state[r][c] != UNKNOWN:
                continue
            row, col = rows[r], cols[c]
            if row is None:  # the single-line rules raise first; a guard
                raise _no_placement(puzzle, ("row", r))
            if col is None:
                raise _no_placement(puzzle, ("column", c))
            both = row[c] & col[r]
            if both.bit_count() > 1:
                continue
            reason = _two_line_reason(puzzle, r, c, row[c], col[r])
            if not both:
                raise NoSolutionError(f"no solution: {reason}")
            colour = both.bit_length() - 1
            used = (("row", r), ("column", c))
            return Step({(r, c): colour}, used, reason, TWO_LINES, 2 * LINE_COST)
    return None


def _colour_set_text(mask: int, palette: Palette) -> str:
    """``red or white``: the clue colours in the palette's order, the background last."""
    names = palette.names
    order = [*range(1, len(names)), 0]
    parts = [names[colour] for colour in order if mask >> colour & 1]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _two_line_reason(puzzle: ColourNonogram, r: int, c: int, row: int, col: int) -> str:
    """``row 4 (3 red, 2 blue) allows only red or white at column 6, and column 6 (1 blue,
    2 green) only blue or white at row 4: the cell is white`` (``no colour is left for the
    cell`` when the two share none)."""
    palette = puzzle.colour_palette
    both = row & col
    end = (
        f"the cell is {palette.names[both.bit_length() - 1]}"
        if both
        else ("no colour is left for the cell")
    )
    return (
        f"{puzzle.row_text(r)} allows only {_colour_set_text(row, palette)} at column {c}, "
        f"and {puzzle.column_text(c)} only {_colour_set_text(col, palette)} at row {r}: {end}"
    )


def _positions(premise: Premise, where: Sequence[int]) -> str:
    """``columns 3 to 6`` (in a row), ``row 2`` (in a column): cells named by their crossing
    lines, as the black-and-white reasons name them."""
    across = "column" if premise[0] == "row" else "row"
    return f"{across}{'s' if len(where) > 1 else ''} {numbers_text(where)}"


def _ordinal(k: int) -> str:
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
    if k <= len(words):
        return words[k - 1]
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def block_name(clue: Sequence[Block], j: int, palette: Palette) -> str:
    """``the 3 red block``, or ``the second 3 red block`` when the clue has more than one.

    Examples
    --------
    >>> from helper.nonogram.colour import Palette
    >>> palette = Palette([("red", "f00"), ("blue", "00f")])
    >>> block_name([(3, 1), (2, 2), (3, 1)], 2, palette)
    'the second 3 red block'
    """
    same = [i for i, block in enumerate(clue) if block == clue[j]]
    text = block_text(clue[j], palette)
    if len(same) == 1:
        return f"the {text} block"
    return f"the {_ordinal(same.index(j) + 1)} {text} block"


def _overlap_reason(
    head: str,
    premise: Premise,
    clue: Sequence[Block],
    where: dict[int, Where],
    cells: Sequence[int],
    puzzle: ColourNonogram,
) -> str:
    palette = puzzle.colour_palette
    background = palette.names[0]
    if not clue:
        if len(where) == len(cells):
            return f"{head} has no block: every cell is {background}"
        open_ = sorted(where)
        return f"{head} has no block: {_positions(premise, open_)} {_are(open_)} {background}"
    fit = " that fits the known cells" if any(v != UNKNOWN for v in cells) else ""
    parts = []
    for j in range(len(clue)):
        covered = [x for x, w in where.items() if w == ("block", j)]
        if covered:
            them = "them" if len(covered) > 1 else "it"
            parts.append(
                f"{_positions(premise, covered)} {_are(covered)} {palette.names[clue[j][1]]}: "
                f"every placement of {block_name(clue, j, palette)}{fit} covers {them}"
            )
    gaps = [x for x, w in where.items() if w[0] == "gap"]
    if gaps:
        them = "them" if len(gaps) > 1 else "it"
        parts.append(
            f"{_positions(premise, gaps)} {_are(gaps)} {background}: no block reaches {them} "
            f"in any placement{fit}"
        )
    return f"{head}: " + "; ".join(parts)


def _are(where: Sequence[int]) -> str:
    return "are" if len(where) > 1 else "is"


def _solver_reason(
    head: str,
    premise: Premise,
    colours: dict[int, int],
    cells: Sequence[int],
    puzzle: ColourNonogram,
) -> str:
    names = puzzle.colour_palette.names
    on = "the known cells" if any(v != UNKNOWN for v in cells) else "the empty line"
    runs: list[list[int]] = []  # neighbouring cells of one colour, in order along the line
    for x, colour in colours.items():
        if runs and runs[-1][-1] == x - 1 and colours[runs[-1][-1]] == colour:
            runs[-1].append(x)
        else:
            runs.append([x])
    named = "; ".join(f"{_positions(premise, run)} {names[colours[run[0]]]}" for run in runs)
    return (
        f"{head}: line logic on {on} leaves one colour for each of these cells (every "
        f"placement that fits agrees on it): {named}"
    )


__all__ = [
    "LINE_COST",
    "STALLED",
    "TWO_LINES",
    "block_name",
    "explain_colour",
    "line_clues",
    "line_premises",
]
