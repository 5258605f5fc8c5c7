"""Which clues are wrong? When a Futoshiki has no solution, the givens and signs to blame.

The rules of a Latin square (each row and column holds ``1..n`` once) always hold; each given
(``cell == value``) and each sign (``smaller < larger``) is switched on by its own Boolean with
``only_enforce_if``. Two answers, both with CP-SAT:

- :func:`clues_to_retype`: the fewest clues to change so that a solution exists (a minimum
  correction set, :func:`helper.cores.cpsat_minimum_correction`), every other set of that size,
  and for each the nearest clues that fit (a given's nearest value; a sign, reversed);
- :func:`conflicting_clues`: a minimal set of clues that cannot all hold, by
  :func:`helper.cores.deletion_mus`. A square with no clues at all always has a solution, so
  the set is never empty.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ortools.sat.python import cp_model

from helper.backends.cpsat import enumerate_grids, found_solution, solve_model, solve_to_optimum
from helper.cores import Diagnosis, Fix, cpsat_check, cpsat_minimum_correction, deletion_mus
from helper.deadline import Deadline, Run
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
    return _conflict(len(grid), clues, time_limit)


def _conflict(size: int, clues: Sequence[FutoshikiClue], time_limit: float | None) -> ClueConflict:
    model, switches = switched_model(size, clues)
    try:
        core = deletion_mus(cpsat_check(model, switches, time_limit), len(switches))
    except SolverTimeoutError as error:
        raise SolverTimeoutError(f"conflicting_clues: {error}") from None
    if core is None:
        raise ValueError("the puzzle has a solution: no set of its clues conflicts")
    return ClueConflict(
        tuple(clues[k] for k in sorted(core.members)), core.minimal, core.first, core.solves
    )


FIXES = 20
"""How many sets of clues to retype :func:`clues_to_retype` looks for at most (a wrong given
at the end of a chain of signs has one set per sign of the chain, and the given's own)."""


def clues_to_retype(
    puzzle: Futoshiki | Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    *,
    time_limit: float | None = None,
    limit: int = FIXES,
) -> Diagnosis:
    """The fewest givens and signs to retype so that the puzzle has a solution, when it has none.

    Every set of that size (at most ``limit``), each with the nearest clues that fit: a given's
    nearest value in a solution of the other clues (``apart`` is the difference), a sign
    reversed (1 apart). Ranked: the fixes that leave exactly one solution first (a published
    puzzle has one), then the nearest, then in the order of the clues (givens row by row,
    then signs). ``conflict`` is a minimal set of clues that cannot all hold
    (:func:`conflicting_clues`). All within ``time_limit`` seconds: raises
    :class:`~helper.errors.SolverTimeoutError` when the first set is not found in time, and
    ``ValueError`` when the puzzle has a solution.
    """
    grid, signs = puzzle_parts(puzzle, constraints)
    clues = puzzle_clues(grid, signs)
    size = len(grid)
    deadline = Deadline(time_limit)
    model, switches = switched_model(size, clues)
    try:
        first = cpsat_minimum_correction(model, switches, deadline.left())
    except SolverTimeoutError as error:
        raise SolverTimeoutError(f"clues_to_retype: {error}") from None
    if not first:
        raise ValueError("the puzzle has a solution: no clue needs retyping")
    found, complete = _other_sets(size, clues, first, limit, deadline)
    fixes = [_nearest_fit(size, clues, members, deadline) for members in found]
    ranked = sorted(fixes, key=lambda fix: (not fix.unique, fix.apart is None, fix.apart or 0))
    try:
        conflict: ClueConflict | None = _conflict(size, clues, deadline.left())
    except SolverTimeoutError:
        conflict = None
    return Diagnosis(tuple(ranked), complete, conflict)


def _other_sets(
    size: int, clues: Sequence[FutoshikiClue], first: Sequence[int], limit: int, deadline: Deadline
) -> tuple[list[tuple[int, ...]], bool]:
    """``first`` and the other sets of its size: at most that many switches off, and none of
    the sets found so far (a clause per set); ``True`` when no other set is left."""
    model, switches = switched_model(size, clues)
    model.add(sum(switches) >= len(switches) - len(first))
    found = [tuple(sorted(first))]
    run = Run(deadline, "clues_to_retype")
    while len(found) < limit:
        model.add_bool_or([switches[k] for k in found[-1]])  # not this set again
        try:
            solver, status = solve_model(model, run)
            if not found_solution(solver, status, run):
                return found, True
        except SolverTimeoutError:  # other sets may be left
            return found, False
        found.append(tuple(k for k, s in enumerate(switches) if not solver.boolean_value(s)))
    return found, False


def _nearest_fit(
    size: int, clues: Sequence[FutoshikiClue], members: Sequence[int], deadline: Deadline
) -> Fix:
    """The clues ``members`` as typed, and the nearest that fit. A solution of the other clues
    breaks every clue of a minimum correction set, so each sign in it holds reversed; each
    given takes another value. A set of one given tries its values nearest first and keeps the
    first that leaves exactly one solution (a published puzzle has one), else the nearest that
    fits; a larger set takes the nearest values together (CP-SAT, the sum of differences
    minimised). ``nearest`` and ``unique`` say only what was proved before ``deadline``."""
    typed = tuple(clues[k] for k in members)
    others = [clue for k, clue in enumerate(clues) if k not in set(members)]
    reversed_signs = {k: FutoshikiClue("sign", clues[k].cells[::-1]) for k in members}
    if len(members) == 1 and typed[0].kind == "given":
        value = int(typed[0].value or 0)
        fallback: Fix | None = None
        closest = size  # the smallest distance of a value that fits, or may (count cut short)
        for v in sorted(
            (v for v in range(1, size + 1) if v != value), key=lambda v: abs(v - value)
        ):
            fit = FutoshikiClue("given", typed[0].cells, v)
            found, unique = _uniqueness(size, [*others, fit], deadline)
            apart = abs(v - value)
            nearest = apart <= closest  # no value strictly nearer fits, or may
            if unique:
                return Fix(typed, (fit,), apart, unique=True, nearest=nearest)
            if found and fallback is None:
                fallback = Fix(typed, (fit,), apart, unique=unique, nearest=nearest)
            if found or unique is None:
                closest = min(closest, apart)
        return fallback or Fix(typed, (), None)
    model, cells = _latin_square(size, others)
    distances = []
    for clue in typed:
        if clue.kind == "given":
            (r, c) = clue.cells[0]
            distance = model.new_int_var(0, size, f"d{r},{c}")
            model.add_abs_equality(distance, cells[r][c] - int(clue.value or 0))
            distances.append(distance)
    model.minimize(sum(distances))
    try:
        solver = solve_to_optimum(model, Run(deadline, "clues_to_retype"))
    except SolverTimeoutError:  # no fit proved nearest in time: none is offered
        return Fix(typed, (), None)
    fits = tuple(
        FutoshikiClue("given", clue.cells, solver.value(cells[clue.cells[0][0]][clue.cells[0][1]]))
        if clue.kind == "given"
        else reversed_signs[k]
        for k, clue in zip(members, typed, strict=True)
    )
    apart = int(solver.objective_value) + sum(clue.kind == "sign" for clue in typed)
    _, unique = _uniqueness(size, [*others, *fits], deadline)
    return Fix(typed, fits, apart, unique=unique, nearest=True)


def _latin_square(
    size: int, clues: Sequence[FutoshikiClue]
) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]]]:
    """A Latin square with every clue of ``clues`` on (no switches)."""
    model = cp_model.CpModel()
    cells = [[model.new_int_var(1, size, f"x[{r},{c}]") for c in range(size)] for r in range(size)]
    for line in [*cells, *zip(*cells, strict=True)]:
        model.add_all_different(line)
    for clue in clues:
        (r1, c1), *rest = clue.cells
        if clue.kind == "given":
            model.add(cells[r1][c1] == clue.value)
        else:
            (r2, c2) = rest[0]
            model.add(cells[r1][c1] < cells[r2][c2])
    return model, cells


def _uniqueness(
    size: int, clues: Sequence[FutoshikiClue], deadline: Deadline
) -> tuple[int, bool | None]:
    """How many solutions ``clues`` leave (counting to 2), and whether that proves them unique:
    ``True`` (exactly one, proved), ``False`` (none, or two found), ``None`` (the count was cut
    short by ``deadline`` with at most one found: not known)."""
    model, cells = _latin_square(size, clues)
    try:
        grids, complete = enumerate_grids(model, cells, Run(deadline, "clues_to_retype"), 2)
    except SolverTimeoutError:
        return 0, None
    if len(grids) >= 2:
        return len(grids), False
    if not complete:
        return len(grids), None
    return len(grids), len(grids) == 1
