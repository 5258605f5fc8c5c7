"""The fewest cells to change in a picture so that its clues have one solution, proven.

``helper.nonogram.make.repair_picture`` fills one cell at a time until the clues are
unique: quick, but a heuristic. :func:`fewest_changes` finds a closest unique picture and
proves that no picture closer to the original is unique, with the implicit hitting-set loop
of :mod:`helper.futoshiki.fewest_givens`:

1. the **master**, a CP-SAT model with one Boolean per cell, chooses the picture closest to the
   original (fewest cells changed, filled or emptied) that obeys every *cut* found so far;
2. the **check** asks for a second picture with the same clues; if there is one, the cells ``D``
   where they differ are shrunk to a set no smaller second picture fits inside;
3. the cut: *some cell of a line through* ``D`` *must change*. Why it holds for every unique
   picture: if a picture ``Q'`` agrees with ``Q`` on every row and column that passes through
   ``D``, then ``Q'`` with the cells of ``D`` swapped as in the second picture keeps every clue
   (the lines through ``D`` read as in the second picture, the others are untouched), so
   ``Q'`` is not unique either.

The master's optimum is a lower bound on the fewest changes; the heuristic's picture, unique
and so allowed by every cut, is the first upper bound and the master's first solution.
"""

import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from helper.backends.cpsat import found_solution, read_status, solve_model
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError

from .clues import Grid
from .make import as_picture, repairs
from .models.cpsat_automaton import build_automaton_model
from .puzzle import Nonogram
from .unique import Cell, differing_cells


@dataclass(frozen=True)
class FewestChanges:
    """What :func:`fewest_changes` found.

    ``picture`` is the closest unique picture found, ``changed`` the cells where it differs from
    the original. ``proven`` says that ``lower == len(changed)``; otherwise a budget ran out and
    the fewest changes lie between ``lower`` and ``len(changed)``. ``heuristic`` is the number of
    cells ``repair_picture`` (of ``helper.nonogram.make``) fills, or had filled when the time
    ran out (then the picture offered is every cell filled, which has one solution too).
    """

    picture: Grid
    changed: tuple[Cell, ...]
    lower: int
    proven: bool
    rounds: int
    cuts: int
    heuristic: int
    seconds: float


def other_picture(
    grid: Sequence[Sequence[int]], keep: set[Cell] | None = None, run: Run | None = None
) -> Grid | None:
    """A second picture with the clues of ``grid`` that keeps ``grid``'s cells in ``keep``
    (``None`` when there is none): the automaton model plus "some other cell differs".
    :class:`~helper.errors.SolverTimeoutError` when ``run``'s deadline passes first."""
    puzzle = Nonogram.from_grid(grid)
    model, cells = build_automaton_model(puzzle.rows, puzzle.cols)
    keep = keep or set()
    free = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width) if (r, c) not in keep]
    model.add_bool_or([~cells[r][c] if grid[r][c] else cells[r][c] for r, c in free])
    for r, c in keep:
        model.add(cells[r][c] == grid[r][c])
    solver, status = solve_model(model, run)
    if not found_solution(solver, status, run):  # a time-out raises
        return None
    return [[solver.value(cell) for cell in row] for row in cells]


def swap_cells(
    grid: Sequence[Sequence[int]], other: Sequence[Sequence[int]], run: Run | None = None
) -> set[Cell]:
    """The cells where ``other`` differs from ``grid``, shrunk until no second picture with the
    same clues differs inside a smaller part of them (keep one more cell, ask again)."""
    height, width = len(grid), len(grid[0])
    everything = {(r, c) for r in range(height) for c in range(width)}
    differ = set(differing_cells(grid, other))
    for cell in sorted(differ):
        if cell not in differ:
            continue
        smaller = other_picture(grid, keep=(everything - differ) | {cell}, run=run)
        if smaller is not None:
            differ = set(differing_cells(grid, smaller))
    return differ


def closest_picture_model(original: Grid) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """The master: a Boolean per cell of a new picture, and the objective "as few cells as
    possible differ from ``original``" (a cell filled or emptied counts one)."""
    height, width = len(original), len(original[0])
    model = cp_model.CpModel()
    cell = [[model.new_bool_var(f"cell_{r}_{c}") for c in range(width)] for r in range(height)]
    model.minimize(
        sum(
            1 - cell[r][c] if original[r][c] else cell[r][c]
            for r in range(height)
            for c in range(width)
        )
    )
    return model, cell


def add_swap_cut(
    model: cp_model.CpModel, cell: list[list[cp_model.IntVar]], picture: Grid, swap: set[Cell]
) -> None:
    """The cut of one swap of ``picture``: some cell of a row or a column through the swap must
    differ from ``picture``. A picture that keeps all those lines can make the same swap."""
    rows, columns = {r for r, _ in swap}, {c for _, c in swap}
    model.add_bool_or(
        [
            ~cell[r][c] if picture[r][c] else cell[r][c]
            for r, row in enumerate(picture)
            for c in range(len(row))
            if r in rows or c in columns
        ]
    )


def _repaired(original: Grid, run: Run) -> tuple[Grid, list[Cell]]:
    """The heuristic's picture (:func:`~helper.nonogram.make.repairs`) within ``run``'s
    deadline; when that passes first, every cell filled: a full grid has one solution too."""
    picture = [list(row) for row in original]
    filled: list[Cell] = []
    try:
        for cell in repairs(picture, deadline=run.deadline):
            filled.append(cell)
    except SolverTimeoutError:
        return [[1] * len(row) for row in original], filled
    return picture, filled


def fewest_changes(
    grid: Sequence[Sequence[int]],
    *,
    max_rounds: int | None = None,
    time_limit: float | None = None,
) -> FewestChanges:
    """The fewest cells to fill or empty so that the picture is the only solution of its clues.

    ``max_rounds`` (master solves) and ``time_limit`` (seconds, checked between solves and
    given to each CP-SAT solve) bound the work; when one runs out the result holds the bounds
    reached (``proven`` false). ``ValueError`` for a picture that is not rows of 0/1 cells.
    """
    start = time.perf_counter()
    run = Run(Deadline(time_limit), "fewest_changes")
    original = as_picture(grid)
    height, width = len(original), len(original[0])
    best, filled = _repaired(original, run)  # unique: an upper bound
    model, cell = closest_picture_model(original)
    lower, rounds, cuts, picture = 0, 0, 0, original
    with contextlib.suppress(SolverTimeoutError):  # then the bounds reached so far stand
        while lower < len(differing_cells(original, best)):
            other = other_picture(picture, run=run)
            if other is None:  # the master's picture is unique: the bounds meet
                best = picture
                break
            add_swap_cut(model, cell, picture, swap_cells(picture, other, run))
            cuts += 1
            if run.deadline.passed() or (max_rounds is not None and rounds >= max_rounds):
                break
            model.clear_hints()
            for r in range(height):
                for c in range(width):
                    model.add_hint(cell[r][c], best[r][c])  # a unique picture obeys every cut
            solver, status = solve_model(model, run, {"linearization_level": 2})
            rounds += 1
            if read_status(status) != "optimal":  # out of time: keep the bound it proved
                lower = max(lower, int(solver.best_objective_bound + 0.999))
                break
            lower = int(solver.objective_value)
            picture = [[solver.value(x) for x in row] for row in cell]
    changed = tuple(differing_cells(original, best))
    return FewestChanges(
        picture=best,
        changed=changed,
        lower=lower,
        proven=lower == len(changed),
        rounds=rounds,
        cuts=cuts,
        heuristic=len(filled),
        seconds=time.perf_counter() - start,
    )
