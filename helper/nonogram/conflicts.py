"""Which clues conflict? When a Nonogram has no solution, a minimal set of lines to blame.

Each line's clue is switched on by its own Boolean, and a solver is asked for a picture with
every switch assumed on; :func:`helper.cores.deletion_mus` turns its "no" into a minimal set of
lines whose clues cannot all hold: drop any one of them and the other lines of the set have a
picture together. Such a set need not be the only one, nor the smallest, but every line in it
matters. Two ways to switch a line, one per solver:

- CP-SAT (:func:`switched_automaton_model`): ``add_automaton(...).only_enforce_if(switch)``;
- PySAT (:func:`switched_automaton_cnf`, the default): the clauses of the automaton CNF of
  ``helper.nonogram.models.cnf_automaton``, each with ``-switch`` added, in one incremental
  solver that keeps what it learns from one question to the next.
"""

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ortools.sat.python import cp_model

from helper.backends.pysat import load_solver
from helper.cores import Check, Core, cpsat_check, deletion_mus, sat_check
from helper.errors import SolverTimeoutError

from .clues import Clue
from .models.cnf_automaton import _Clauses, _line_clauses
from .models.cpsat_automaton import line_automaton
from .puzzle import Nonogram
from .solvers.pysat import SAT_BACKEND
from .solvers.registry import as_nonogram

Method = Literal["sat", "cpsat"]


@dataclass(frozen=True)
class ClueLine:
    """One line of a puzzle and its clue, written as the command line prints it."""

    kind: Literal["row", "column"]
    index: int  # 0-based, as every message of the package counts
    clue: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.kind} {self.index}: {' '.join(map(str, self.clue)) or '0'}"


@dataclass(frozen=True)
class LineConflict:
    """Lines whose clues cannot all hold. Iterating gives the lines, rows first.

    ``minimal`` is false when the time limit ran out while the set was being reduced: the lines
    still cannot all hold, but some of them may be innocent. ``first`` is how many lines
    CP-SAT named before the reduction, ``solves`` how many CP-SAT runs it all took.
    """

    lines: tuple[ClueLine, ...]
    minimal: bool
    first: int
    solves: int

    def __iter__(self) -> Iterator[ClueLine]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)


def puzzle_lines(puzzle: Nonogram) -> list[ClueLine]:
    """Every line of the puzzle: the rows top to bottom, then the columns left to right."""
    return [ClueLine("row", r, tuple(clue)) for r, clue in enumerate(puzzle.rows)] + [
        ClueLine("column", c, tuple(clue)) for c, clue in enumerate(puzzle.cols)
    ]


def switched_automaton_model(
    rows: Sequence[Clue], cols: Sequence[Clue]
) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The automaton model with one switch per line (rows, then columns).

    ``add_automaton(...).only_enforce_if(switch)``: with the switch off, the line may hold
    anything. Returns the model and the switches.
    """
    model = cp_model.CpModel()
    height, width = len(rows), len(cols)
    cells = [[model.new_bool_var(f"cell_{r}_{c}") for c in range(width)] for r in range(height)]
    lines = [(f"row_{r}", clue, cells[r]) for r, clue in enumerate(rows)]
    lines += [
        (f"column_{c}", clue, [cells[r][c] for r in range(height)]) for c, clue in enumerate(cols)
    ]
    switches = []
    for name, clue, line in lines:
        switch = model.new_bool_var(name)
        transitions, finals = line_automaton(clue)
        model.add_automaton(line, 0, finals, transitions).only_enforce_if(switch)
        switches.append(switch)
    return model, switches


def switched_automaton_cnf(
    rows: Sequence[Clue], cols: Sequence[Clue]
) -> tuple[list[list[int]], list[int]]:
    """The automaton CNF with one switch per line (rows, then columns): every clause of a line
    gets the literal ``-switch``, so with the switch false the line's clauses all hold.

    Cells are variables ``1 .. height * width`` row by row. Returns the clauses and switches.
    """
    height, width = len(rows), len(cols)
    cells: list[list[int | None]] = [
        [r * width + c + 1 for c in range(width)] for r in range(height)
    ]
    lines = [(clue, cells[r]) for r, clue in enumerate(rows)]
    lines += [(clue, [cells[r][c] for r in range(height)]) for c, clue in enumerate(cols)]
    top = height * width
    clauses: list[list[int]] = []
    switches = []
    for clue, line in lines:
        out = _Clauses()
        top = _line_clauses(clue, [-1] * len(line), line, top, out)  # type: ignore[assignment]
        top += 1  # the line's switch
        switches.append(top)
        clauses += [[-top, *clause] for clause in out.as_lists()]
    return clauses, switches


TRIES = 8
"""How many removal orders :func:`conflicting_lines` tries by default (see its ``tries``)."""


def conflicting_lines(
    puzzle: Nonogram,
    *,
    time_limit: float | None = None,
    method: Method = "sat",
    tries: int = TRIES,
) -> LineConflict:
    """A minimal set of lines whose clues cannot all hold, when the puzzle has no solution.

    ``method`` is ``"sat"`` (PySAT on the switched automaton CNF, the default) or ``"cpsat"``
    (CP-SAT on the switched automaton model). The reduction runs ``tries`` times, first
    trying to drop lines in their order (rows, then columns), then in shuffled orders (fixed
    seeds); the smallest set found is returned, so the same puzzle always gets the same answer.
    Raises ``ValueError`` when the puzzle has a solution (no set of its lines conflicts),
    ``TypeError`` when ``puzzle`` is not a :class:`Nonogram`, and
    :class:`~helper.errors.SolverTimeoutError`
    when ``time_limit`` seconds pass before the solver has proven that there is no solution.
    When they pass during a reduction, the smallest set found so far comes back, with
    ``minimal=False`` if no reduction had finished.
    """
    puzzle = as_nonogram(puzzle)
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries must be a positive integer, got {tries!r}")
    count = puzzle.height + puzzle.width
    orders = [list(range(count))]
    for seed in range(1, tries):
        orders.append(random.Random(seed).sample(range(count), count))
    if method == "cpsat":
        model, cp_switches = switched_automaton_model(puzzle.rows, puzzle.cols)
        core = _smallest(cpsat_check(model, cp_switches, time_limit), count, orders)
    elif method == "sat":
        clauses, switches = switched_automaton_cnf(puzzle.rows, puzzle.cols)
        with load_solver(SAT_BACKEND, clauses) as solver:
            core = _smallest(sat_check(solver, switches, time_limit), count, orders)
    else:
        raise ValueError(f"method must be 'sat' or 'cpsat', got {method!r}")
    everything = puzzle_lines(puzzle)
    lines = tuple(everything[k] for k in sorted(core.members))
    return LineConflict(lines, core.minimal, core.first, core.solves)


def _smallest(check: Check, count: int, orders: Sequence[Sequence[int]]) -> Core:
    """The smallest core over the removal ``orders`` (a minimal one before any that is not)."""
    best: Core | None = None
    solves = 0
    for order in orders:
        try:
            core = deletion_mus(check, count, order)
        except SolverTimeoutError as error:
            if best is None:
                raise SolverTimeoutError(f"conflicting_lines: {error}") from None
            break
        if core is None:
            raise ValueError("the puzzle has a solution: no set of its lines conflicts")
        solves += core.solves
        if best is None or (core.minimal, -len(core.members)) > (best.minimal, -len(best.members)):
            best = core
        if not core.minimal:  # the time is up
            break
    assert best is not None
    return Core(best.members, best.minimal, best.first, solves)


def lines_can_hold(puzzle: Nonogram, lines: Sequence[ClueLine]) -> bool:
    """True when some grid of the puzzle's size satisfies the clues of ``lines`` (the others
    ignored). An independent check of a conflict: PySAT on the compact block-start CNF of
    ``helper.nonogram.models.cnf_compact``, which shares no code with the automaton encodings
    that find one."""
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    from .models.cnf_compact import line_compact_clauses
    from .solvers.pysat import SAT_SOLVER

    pool = IDPool()
    cells = [[pool.id(("cell", r, c)) for c in range(puzzle.width)] for r in range(puzzle.height)]
    clauses: list[list[int]] = []
    columns = [list(column) for column in zip(*cells, strict=True)]
    for line in lines:
        line_cells = (cells if line.kind == "row" else columns)[line.index]
        clauses += line_compact_clauses(list(line.clue), line_cells, pool)
    with Solver(name=SAT_SOLVER, bootstrap_with=clauses) as sat:
        return bool(sat.solve())


def with_clue(puzzle: Nonogram, line: ClueLine) -> Nonogram:
    """The puzzle with the clue of ``line`` (same kind and index) replaced by ``line.clue``."""
    rows, cols = list(puzzle.rows), list(puzzle.cols)
    clues = rows if line.kind == "row" else cols
    if not 0 <= line.index < len(clues):
        raise ValueError(f"the puzzle has no {line.kind} {line.index}")
    clues[line.index] = line.clue
    return Nonogram(rows, cols, name=puzzle.name)


def mistype_clue(puzzle: Nonogram, seed: int = 0, *, tries: int = 200) -> tuple[Nonogram, ClueLine]:
    """A copy of the puzzle with one clue mistyped so that it has no solution.

    The mistake moves one cell from one block of a clue to another (``3 1`` becomes ``2 2``),
    so every row and column total still agrees and a quick sum check cannot catch it. Lines
    and moves are drawn with ``seed``; the first change that leaves no picture is returned with
    the line as now written. ``ValueError`` when ``tries`` changes all leave a solution.
    """
    from .unique import count_solutions

    rng = random.Random(seed)
    lines = [line for line in puzzle_lines(as_nonogram(puzzle)) if len(line.clue) >= 2]
    if not lines:
        raise ValueError("no line has two blocks to move a cell between")
    for _ in range(tries):
        line = rng.choice(lines)
        clue = list(line.clue)
        giver, taker = rng.sample(range(len(clue)), 2)
        if clue[giver] < 2:
            continue
        clue[giver] -= 1
        clue[taker] += 1
        changed = ClueLine(line.kind, line.index, tuple(clue))
        try:
            broken = with_clue(puzzle, changed)
        except ValueError:  # the new clue no longer fits its line
            continue
        if count_solutions(broken, limit=1).count == 0:
            return broken, changed
    raise ValueError(f"no mistyped clue among {tries} tries leaves the puzzle without a solution")
