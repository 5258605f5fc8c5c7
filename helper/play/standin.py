"""TEMPORARY: stand-in explanations until ``helper.nonogram.explain`` and
``helper.futoshiki.explain`` land (issue 27, item 1, on the "explain" branch).

The integrator replaces every call of :func:`nonogram_steps` and :func:`futoshiki_steps` by
``explain(puzzle)`` and deletes this module. The stand-in returns steps with the same four
fields (:class:`~helper.play.export.StepLike`), built from the book's line logic, so the player
can be written and tested before the real explanations exist. It is not the explanation the
book teaches: its multi-line steps are line probing with every line the failed probe touched
(not a smallest set), and a Futoshiki stalled after singles falls back to the solution.

Reasons count rows and columns from 1, as the page's cell labels do.
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from helper.errors import SolverError
from helper.futoshiki.puzzle import Futoshiki, as_futoshiki
from helper.nonogram.line.reference import UNKNOWN, solve_line, unknown_state
from helper.nonogram.puzzle import Nonogram

Premise = tuple[Any, ...]


@dataclass(frozen=True)
class StandInStep:
    """TEMPORARY: one step with the fields of ``explain``'s steps."""

    cells: Mapping[tuple[int, int], int]
    lines: tuple[Premise, ...]
    reason: str
    kind: str


def _ranges(numbers: Sequence[int]) -> str:
    """``[1, 2, 3, 5]`` (0-based) as ``"2 to 4 and 6"`` (1-based)."""
    parts: list[str] = []
    start = previous = None
    for x in [*sorted(numbers), None]:
        if x is not None and previous is not None and x == previous + 1:
            previous = x
            continue
        if start is not None and previous is not None:
            parts.append(
                f"{start + 1}"
                if start == previous
                else f"{start + 1} and {previous + 1}"
                if previous == start + 1
                else f"{start + 1} to {previous + 1}"
            )
        start = previous = x
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _cells_phrase(noun: str, cells: Mapping[int, int]) -> str:
    """``"columns 4 and 5 are black; column 1 is empty"`` for the decided cells of a line."""
    parts = []
    for value, word in ((1, "black"), (0, "empty")):
        chosen = [x for x, v in cells.items() if v == value]
        if chosen:
            plural = len(chosen) > 1
            parts.append(
                f"{noun}{'s' if plural else ''} {_ranges(chosen)} "
                f"{'are' if plural else 'is'} {word}"
            )
    return "; ".join(parts)


def _line(state: list[list[int]], axis: str, index: int) -> list[int]:
    return list(state[index]) if axis == "row" else [row[index] for row in state]


def _clue_text(clue: Sequence[int]) -> str:
    return " ".join(map(str, clue)) or "0"


def _line_steps(puzzle: Nonogram, state: list[list[int]]) -> Iterator[StandInStep]:
    """Every line that decides something on its own, as a step."""
    for axis, clues in (("row", puzzle.rows), ("column", puzzle.cols)):
        for index, clue in enumerate(clues):
            before = _line(state, axis, index)
            after = solve_line(clue, before)
            if after is None:
                raise SolverError(f"{axis} {index + 1} has no placement left: no solution")
            new = {x: v for x, (b, v) in enumerate(zip(before, after, strict=True)) if b != v}
            if not new:
                continue
            other = "column" if axis == "row" else "row"
            cells = {((index, x) if axis == "row" else (x, index)): v for x, v in new.items()}
            empty = all(v == UNKNOWN for v in before)
            kind = "overlap" if empty and clue and all(new.values()) else "line"
            reason = (
                f"{axis.capitalize()} {index + 1} ({_clue_text(clue)}): "
                + _cells_phrase(other, new)
                + (" (overlap)." if kind == "overlap" else ".")
            )
            yield StandInStep(cells, ((axis, index),), reason, kind)


def _probe(puzzle: Nonogram, state: list[list[int]], cell: tuple[int, int], value: int):
    """The lines a probe ``cell = value`` touches before a line has no placement left, or
    ``None`` when line logic meets no conflict."""
    trial = [list(row) for row in state]
    trial[cell[0]][cell[1]] = value
    used: list[Premise] = []
    dirty = {("row", cell[0]), ("column", cell[1])}
    while dirty:
        axis, index = min(dirty)
        dirty.discard((axis, index))
        clue = (puzzle.rows if axis == "row" else puzzle.cols)[index]
        before = _line(trial, axis, index)
        after = solve_line(clue, before)
        if after is None:
            return (*used, (axis, index)) if (axis, index) not in used else tuple(used)
        changed = [x for x in range(len(before)) if before[x] != after[x]]
        if changed and (axis, index) not in used:
            used.append((axis, index))
        for x in changed:
            r, c = (index, x) if axis == "row" else (x, index)
            trial[r][c] = after[x]
            dirty.add(("column", c) if axis == "row" else ("row", r))
    return None


def _probe_step(puzzle: Nonogram, state: list[list[int]]) -> StandInStep | None:
    """The cheapest failed probe (fewest lines): its cell takes the other value."""
    best: tuple[int, tuple[int, int], int, tuple[Premise, ...]] | None = None
    for r, row in enumerate(state):
        for c, v in enumerate(row):
            if v != UNKNOWN:
                continue
            for value in (1, 0):
                lines = _probe(puzzle, state, (r, c), value)
                if lines is not None and (best is None or len(lines) < best[0]):
                    best = (len(lines), (r, c), value, lines)
    if best is None:
        return None
    _, (r, c), value, lines = best
    word = "black" if value else "empty"
    names = ", ".join(f"{axis} {index + 1}" for axis, index in lines)
    reason = (
        f"If row {r + 1}, column {c + 1} were {word}, the lines {names} would leave "
        f"{lines[-1][0]} {lines[-1][1] + 1} no placement: it is {'empty' if value else 'black'}."
    )
    return StandInStep({(r, c): 1 - value}, lines, reason, "lines")


def nonogram_steps(puzzle: Nonogram) -> list[StandInStep]:
    """TEMPORARY stand-in for ``helper.nonogram.explain(puzzle)``.

    Each step is the single line that decides the most cells (rows first on ties); when no
    line decides anything, the failed line probe with the fewest lines. Raises
    :class:`~helper.errors.SolverError` when neither decides a cell (the puzzle needs search).
    """
    state = unknown_state(puzzle.height, puzzle.width)
    steps = []
    while any(UNKNOWN in row for row in state):
        candidates = list(_line_steps(puzzle, state))
        step = max(candidates, key=lambda s: len(s.cells), default=None) or _probe_step(
            puzzle, state
        )
        if step is None:
            raise SolverError("the stand-in explanation stalls: this puzzle needs search")
        for (r, c), v in step.cells.items():
            state[r][c] = v
        steps.append(step)
    return steps


def _futoshiki_candidates(puzzle: Futoshiki, grid: list[list[int]]):
    """Candidates of each cell (all different, then sign bounds) and the premises behind them."""
    n = puzzle.height
    full = set(range(1, n + 1))
    cand: dict[tuple[int, int], set[int]] = {}
    why: dict[tuple[int, int], set[Premise]] = {}
    for r in range(n):
        for c in range(n):
            if grid[r][c]:
                cand[r, c] = {grid[r][c]}
                why[r, c] = {("given", (r, c))} if puzzle.grid[r][c] else set()
                continue
            seen = {grid[r][x] for x in range(n)} | {grid[y][c] for y in range(n)}
            cand[r, c] = full - seen
            why[r, c] = {("row", r), ("column", c)}
    changed = True
    while changed:
        changed = False
        for (r1, c1), (r2, c2) in puzzle.constraints:
            a, b = (r1, c1), (r2, c2)
            low, high = min(cand[a], default=n + 1), max(cand[b], default=0)
            for cell, keep in (
                (a, {v for v in cand[a] if v < high}),
                (b, {v for v in cand[b] if v > low}),
            ):
                if keep != cand[cell]:
                    other = b if cell == a else a
                    cand[cell] = keep
                    why[cell] |= why[other] | {("sign", a, b)}
                    changed = True
    return cand, why


def _why_not(puzzle, grid, cells, chosen, value, why) -> set[Premise]:
    """Why no cell of ``cells`` but ``chosen`` can hold ``value``: for each empty one, the line
    across it that holds ``value`` already, or else the signs that bound it."""
    n = puzzle.height
    found: set[Premise] = set()
    for r, c in cells:
        if (r, c) == chosen or grid[r][c]:
            continue
        if value in grid[r]:
            found.add(("row", r))
        elif value in (grid[y][c] for y in range(n)):
            found.add(("column", c))
        else:
            found |= why[r, c]
    return found


def _futoshiki_step(puzzle: Futoshiki, grid: list[list[int]]) -> StandInStep | None:
    n = puzzle.height
    cand, why = _futoshiki_candidates(puzzle, grid)
    for (r, c), values in sorted(cand.items()):
        if grid[r][c] == 0 and len(values) == 1:
            (v,) = values
            lines = tuple(sorted(why[r, c], key=repr))
            signs = any(p[0] == "sign" for p in lines)
            by = (
                "ruled out by its row, its column and the signs"
                if signs
                else "in its row or column"
            )
            reason = f"Row {r + 1}, column {c + 1} is {v}: every other number is {by}."

            return StandInStep({(r, c): v}, lines, reason, "sign" if signs else "single")
    for axis in ("row", "column"):
        for i in range(n):
            cells = [(i, x) if axis == "row" else (x, i) for x in range(n)]
            for v in range(1, n + 1):
                places = [cell for cell in cells if v in cand[cell]]
                if len(places) == 1 and grid[places[0][0]][places[0][1]] == 0:
                    (r, c) = places[0]
                    premises = {(axis, i), *_why_not(puzzle, grid, cells, (r, c), v, why)}
                    lines = tuple(sorted(premises, key=repr))
                    reason = (
                        f"In {axis} {i + 1}, only row {r + 1}, column {c + 1} can hold "
                        f"{v}: it is {v}."
                    )
                    return StandInStep({(r, c): v}, lines, reason, "single")
    return None


def futoshiki_steps(puzzle: Futoshiki) -> list[StandInStep]:
    """TEMPORARY stand-in for ``helper.futoshiki.explain(puzzle)``.

    Singles (a cell with one candidate left, a number with one place left in a row or column),
    with candidates from the row, the column and the signs; when none is left, one cell of the
    solution (found by CP-SAT) with kind ``"search"``.
    """
    from helper.futoshiki import solve

    puzzle = as_futoshiki(puzzle)
    grid = puzzle.to_lists()
    solution: list[list[int]] | None = None
    steps = []
    while any(0 in row for row in grid):
        step = _futoshiki_step(puzzle, grid)
        if step is None:
            solution = solution or solve(puzzle).picture()
            r, c = next((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if not v)
            v = solution[r][c]
            step = StandInStep(
                {(r, c): v},
                (("row", r), ("column", c)),
                f"Row {r + 1}, column {c + 1} is {v}: no single is left, and "
                "the solution (found by search) has it.",
                "search",
            )
        for (r, c), v in step.cells.items():
            grid[r][c] = v
        steps.append(step)
    return steps
