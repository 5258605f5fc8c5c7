"""The start-position model: each clue block's first cell is a CP-SAT integer variable.

This is the model of the chapter "Nonogram with CP-SAT" (``book/nonogram_cpsat.md``):
:func:`fill_pattern` is its line function for :func:`~.cpsat_grid.build_model`. The registered
solver ``"cpsat-start"`` (:func:`helper.nonogram.solvers.cpsat.solve_nonogram`) builds it with
:func:`build_nonogram_model`, which checks the solve's deadline between lines.
"""

from collections.abc import Sequence
from itertools import pairwise

from ortools.sat.python import cp_model

from helper.deadline import NO_DEADLINE, Deadline

from ..clues import Clue
from . import checked
from .cpsat_grid import Cells, build_model


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
    rows: Sequence[Clue], cols: Sequence[Clue], *, deadline: Deadline = NO_DEADLINE
) -> tuple[cp_model.CpModel, Cells]:
    """The start-position model of the whole puzzle: :func:`~.cpsat_grid.build_model` with
    :func:`fill_pattern` as the line function, ``deadline`` checked before each line."""
    return build_model(
        rows, cols, checked(fill_pattern, deadline, "building the start-position model")
    )
