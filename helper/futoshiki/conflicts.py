"""Which clues conflict? When a Futoshiki has no solution, a minimal set of givens and signs.

The rules of a Latin square (each row and column holds ``1..n`` once) always hold; each given
(``cell == value``) and each sign (``smaller < larger``) is switched on by its own Boolean with
``only_enforce_if``. CP-SAT solves with every switch assumed on, names a core, and
:func:`helper.cores.deletion_mus` reduces it until removing any one clue makes the rest
satisfiable. A square with no clues at all always has a solution, so the set is never empty.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ortools.sat.python import cp_model

from helper.cores import cpsat_check, deletion_mus
from helper.errors import SolverTimeoutError

from .parts import puzzle_parts
from .puzzle import Futoshiki
from .validate import Cell, Constraint, Grid


@dataclass(frozen=True)
class FutoshikiClue:
    """A given (``cells`` one cell, ``value`` its number) or a sign (``cells`` the smaller
    cell, then the larger one; ``value`` ``None``)."""

    kind: Literal["given", "sign"]
    cells: tuple[Cell, ...]
    value: int | None = None

    def __str__(self) -> str:
        if self.kind == "given":
            return f"given {self.cells[0]} = {self.value}"
        return f"sign {self.cells[0]} < {self.cells[1]}"


@dataclass(frozen=True)
class ClueConflict:
    """Givens and signs that cannot all hold (givens first, row by row). ``minimal``, ``first``
    and ``solves`` as in :class:`helper.cores.Core`."""

    clues: tuple[FutoshikiClue, ...]
    minimal: bool
    first: int
    solves: int

    def __iter__(self) -> Iterator[FutoshikiClue]:
        return iter(self.clues)

    def __len__(self) -> int:
        return len(self.clues)


def puzzle_clues(grid: Grid, signs: Sequence[Constraint]) -> list[FutoshikiClue]:
    """Every given (row by row), then every sign, in the puzzle's order."""
    givens = [
        FutoshikiClue("given", ((r, c),), value)
        for r, row in enumerate(grid)
        for c, value in enumerate(row)
        if value
    ]
    return givens + [FutoshikiClue("sign", (low, high)) for low, high in signs]


def switched_model(
    size: int, clues: Sequence[FutoshikiClue]
) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The Latin square rules, always on, and one switched constraint per clue."""
    model = cp_model.CpModel()
    cells = [[model.new_int_var(1, size, f"x[{r},{c}]") for c in range(size)] for r in range(size)]
    for row in cells:
        model.add_all_different(row)
    for column in zip(*cells, strict=True):
        model.add_all_different(column)
    switches = []
    for k, clue in enumerate(clues):
        switch = model.new_bool_var(f"clue_{k}")
        (r1, c1), *rest = clue.cells
        if clue.kind == "given":
            model.add(cells[r1][c1] == clue.value).only_enforce_if(switch)
        else:
            (r2, c2) = rest[0]
            model.add(cells[r1][c1] < cells[r2][c2]).only_enforce_if(switch)
        switches.append(switch)
    return model, switches


def conflicting_clues(
    puzzle: Futoshiki | Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    *,
    time_limit: float | None = None,
) -> ClueConflict:
    """A minimal set of givens and signs that cannot all hold, when the puzzle has no solution.

    ``puzzle`` is a :class:`~helper.futoshiki.puzzle.Futoshiki` (or its grid and constraints).
    Raises ``ValueError`` when the puzzle is malformed or has a solution, and
    :class:`~helper.errors.SolverTimeoutError` when ``time_limit`` seconds pass before CP-SAT
    has proven that there is none (when they pass during the reduction, the clues found so far
    come back with ``minimal=False``).
    """
    grid, signs = puzzle_parts(puzzle, constraints)
    clues = puzzle_clues(grid, signs)
    model, switches = switched_model(len(grid), clues)
    try:
        core = deletion_mus(cpsat_check(model, switches, time_limit), len(switches))
    except SolverTimeoutError as error:
        raise SolverTimeoutError(f"conflicting_clues: {error}") from None
    if core is None:
        raise ValueError("the puzzle has a solution: no set of its clues conflicts")
    return ClueConflict(
        tuple(clues[k] for k in sorted(core.members)), core.minimal, core.first, core.solves
    )
