"""The start-position model: each clue block's first cell is a CP-SAT integer variable.

This is the model of the chapter "Nonogram with CP-SAT" (``book/nonogram_cpsat.md``).
"""

from collections.abc import Sequence
from itertools import pairwise

from ortools.sat.python import cp_model

from helper.nonogram.clues import Clue, Grid
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.solvers.registry import Deadline, Run, SolverTimeoutError, register
from helper.ortools import make_solver


def block_name(index: int) -> str:
    """Spreadsheet-style names for blocks: A, B, ..., Z, AA, AB, ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def place_numbers(
    model: cp_model.CpModel, numbers: Sequence[int], width: int, prefix: str = ""
) -> list[cp_model.IntVar]:
    """One integer variable per block: the cell where the block starts.

    Every block lies inside the line, and each block starts at least one cell after the
    end of the block before it. A clue that cannot fit in ``width`` cells is a ``ValueError``.
    """
    needed = sum(numbers) + len(numbers) - 1
    if numbers and needed > width:
        raise ValueError(f"clue {list(numbers)} needs {needed} cells but the line has {width}")
    starts = [
        model.new_int_var(0, width - length, f"{prefix}{block_name(j)}")
        for j, length in enumerate(numbers)
    ]
    for (first, second), length in zip(pairwise(starts), numbers[:-1], strict=True):
        model.add(second > first + length)  # at least one empty cell in between
    return starts


def fill_pattern(
    model: cp_model.CpModel,
    numbers: Sequence[int],
    targets: Sequence[cp_model.IntVar],
    prefix: str = "",
) -> list[cp_model.IntVar]:
    """Constrain the Boolean cells ``targets`` to show exactly the blocks ``numbers``.

    ``fills[i, j]`` says that block ``j`` covers cell ``i``. A Boolean ``b`` stands for
    "block ``j`` starts at ``i``" (two reified constraints make it equivalent to
    ``start == i``), and when ``b`` holds it fixes block ``j``'s whole row of fills.
    A cell is filled exactly when some block covers it. Returns the start variables.
    """
    width = len(targets)
    starts = place_numbers(model, numbers, width, prefix)
    fills = {
        (i, j): model.new_bool_var(f"{start.name}_fill{i}")
        for i in range(width)
        for j, start in enumerate(starts)
    }
    for j, (start, length) in enumerate(zip(starts, numbers, strict=True)):
        for i in range(width - length + 1):
            b = model.new_bool_var(f"{start.name}=={i}")
            model.add(start == i).only_enforce_if(b)
            model.add(start != i).only_enforce_if(~b)
            covered = [fills[x, j] if i <= x < i + length else ~fills[x, j] for x in range(width)]
            model.add_bool_and(covered).only_enforce_if(b)
    for i, cell in enumerate(targets):
        by_block = [fills[i, j] for j in range(len(starts))]
        model.add_bool_or(by_block).only_enforce_if(cell)  # filled: some block covers it
        model.add_bool_and([~f for f in by_block]).only_enforce_if(~cell)  # empty: none does
    return starts


def build_nonogram_model(
    rows: Sequence[Clue], cols: Sequence[Clue]
) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """The whole puzzle: one Boolean per cell, shared by its row and its column."""
    model = cp_model.CpModel()
    height, width = len(rows), len(cols)
    cells = [[model.new_bool_var(f"cell_{r}_{c}") for c in range(width)] for r in range(height)]
    for r, numbers in enumerate(rows):
        fill_pattern(model, numbers, cells[r], f"R{r}")
    for c, numbers in enumerate(cols):
        fill_pattern(model, numbers, [cells[r][c] for r in range(height)], f"C{c}")
    return model, cells


def solve_cells(
    model: cp_model.CpModel,
    cells: list[list[cp_model.IntVar]],
    run: Run | None = None,
    **parameters: int | float | bool,
) -> Grid | None:
    """Solve ``model`` (fixed seed and workers) and read the cells; ``None`` if infeasible.

    Every CP-SAT Nonogram model uses this. The time limit is what is left of
    ``run.deadline`` (none by default); CP-SAT's branches and conflicts are added to
    ``run.stats``. ``parameters`` are set on the solver's ``SatParameters`` (e.g.
    ``cp_model_probing_level=0``).
    """
    run = run or Run(Deadline(), "cpsat")
    solver = make_solver(run.deadline.left())
    for key, value in parameters.items():
        setattr(solver.parameters, key, value)
    status = solver.solve(model)
    run.count(branches=solver.num_branches, conflicts=solver.num_conflicts)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise SolverTimeoutError(
            f"{run.method}: {solver.status_name(status)} after {run.deadline.seconds} s"
        )
    return [[solver.value(cell) for cell in row] for row in cells]


@register("cpsat-start")
def solve_nonogram(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve the puzzle with the start-position model; ``None`` when it has no solution."""
    model, cells = build_nonogram_model(puzzle.rows, puzzle.cols)
    return solve_cells(model, cells, run)


def find_other_solution(
    puzzle: Nonogram,
    grid: Sequence[Sequence[int]],
    *,
    time_limit: float | None = None,
) -> Grid | None:
    """A solution of the clues that differs from ``grid`` in at least one cell, or ``None``.

    ``None`` proves that ``grid`` is the puzzle's only solution (when ``grid`` solves it).
    The model is the start-position model plus one clause: some cell takes the other colour.
    """
    model, cells = build_nonogram_model(puzzle.rows, puzzle.cols)
    model.add_bool_or(
        [
            ~cell if value else cell
            for line, values in zip(cells, grid, strict=True)
            for cell, value in zip(line, values, strict=True)
        ]
    )
    return solve_cells(model, cells, Run(Deadline(time_limit), "find_other_solution"))
