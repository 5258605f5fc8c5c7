"""Which clues are wrong? When a Nonogram has no solution, the lines to retype and why.

Each line's clue is switched on by its own Boolean, and a solver is asked for a picture with
every switch assumed on. Two answers come out of its "no":

- :func:`lines_to_retype`: the fewest lines whose clues, changed, give a picture (a minimum
  correction set, by MaxSAT: :func:`helper.cores.minimum_correction`), every other set of that
  size, and for each the nearest clues that fit, ranked by how far they are from the typed ones;
- :func:`~helper.nonogram.conflicting_lines`: a minimal set of lines whose clues cannot all
  hold, by deletion (:func:`helper.cores.deletion_mus`): drop any one and the others have a
  picture together.

:func:`diagnose_lines` gives both from one incremental SAT solver, within one time limit: the
command line's report. Two ways to switch a line, one per solver:

- PySAT (:func:`switched_cnf`, the default): the block-start CNF of each line
  (:mod:`helper.nonogram.models.cnf_starts`), each clause with ``-switch`` added;
- CP-SAT (:func:`switched_automaton_model`): ``add_automaton(...).only_enforce_if(switch)``.
"""

import contextlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ortools.sat.python import cp_model

from helper.backends.pysat import DEFAULT_BACKEND, SatSolver
from helper.cores import (
    Check,
    Core,
    Diagnosis,
    Fix,
    cpsat_check,
    deletion_mus,
    minimum_correction,
    other_corrections,
    sat_check,
)
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError

from .clues import Clue, runs
from .models.cnf_starts import start_line_clauses
from .models.cpsat_automaton import line_automaton
from .puzzle import Nonogram, as_nonogram

Method = Literal["sat", "cpsat"]


@dataclass(frozen=True)
class ClueLine:
    """One line of a puzzle and its clue, written as the command line prints it.

    Parameters
    ----------
    kind
        ``"row"`` or ``"column"``.
    index
        Which row or column, counted from 0 as every message of the package counts.
    clue
        The line's clue (``()`` for an empty line, printed as ``0``).

    Examples
    --------
    >>> print(ClueLine("row", 0, (3, 1)), ClueLine("column", 2, ()), sep="; ")
    row 0: 3 1; column 2: 0
    """

    kind: Literal["row", "column"]
    index: int  # 0-based, as every message of the package counts
    clue: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.kind} {self.index}: {' '.join(map(str, self.clue)) or '0'}"


@dataclass(frozen=True)
class LineConflict:
    """Lines whose clues cannot all hold. Iterating gives the lines, rows first.

    Parameters
    ----------
    lines
        The lines, rows first, each from the top or the left.
    minimal
        ``False`` when the time limit ran out while the set was being reduced: the lines still
        cannot all hold, but some of them may be innocent.
    first
        How many lines the solver named before the reduction.
    solves
        How many solver runs it all took.

    Examples
    --------
    A row that must be empty and a column that must be full cannot both hold:

    >>> from helper.nonogram import Nonogram
    >>> conflict = conflicting_lines(Nonogram([[2], []], [[2], []]))
    >>> len(conflict), conflict.minimal
    (2, True)
    >>> [str(line) for line in conflict]
    ['row 1: 0', 'column 0: 2']
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


def switched_cnf(rows: Sequence[Clue], cols: Sequence[Clue]) -> tuple[list[list[int]], list[int]]:
    """The block-start CNF with one switch per line (rows, then columns): every clause of a
    line gets the literal ``-switch``, so with the switch false the line's clauses all hold.

    Cells are variables ``1 .. height * width`` row by row; each line's switch comes after
    its other variables, so the last switch is the largest variable. Returns the clauses and
    the switches.
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
        out: list[list[int]] = []
        new_top = start_line_clauses(clue, [-1] * len(line), line, top, out)
        assert new_top is not None  # a valid clue always fits an open line
        top = new_top + 1  # the line's switch
        switches.append(top)
        clauses += [[-top, *clause] for clause in out]
    return clauses, switches


TRIES = 8
"""How many removal orders :func:`~helper.nonogram.conflicting_lines` tries by default."""
FIXES = 8
"""How many sets of lines to retype :func:`lines_to_retype` looks for at most."""
FITS = 8
"""How many pictures :func:`lines_to_retype` looks at per set, to find the nearest fitting clues."""


def _orders(count: int, tries: int) -> list[list[int]]:
    """The removal orders: the lines' own order, then shuffles with seeds 1, 2, ..."""
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries must be a positive integer, got {tries!r}")
    orders = [list(range(count))]
    for seed in range(1, tries):
        orders.append(random.Random(seed).sample(range(count), count))
    return orders


def conflicting_lines(
    puzzle: Nonogram,
    *,
    time_limit: float | None = None,
    method: Method = "sat",
    tries: int = TRIES,
) -> LineConflict:
    """A minimal set of lines whose clues cannot all hold, when the puzzle has no solution.

    The reduction runs ``tries`` times, first trying to drop lines in their order (rows, then
    columns), then in shuffled orders (fixed seeds); the smallest set found is returned, so the
    same puzzle always gets the same answer.

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.puzzle.Nonogram` without a solution.
    time_limit
        Seconds for the whole search (``None``: no limit). When they pass during a reduction,
        the smallest set found so far comes back, with ``minimal=False`` if no reduction had
        finished.
    method
        ``"sat"`` (PySAT on the switched block-start CNF, the default) or ``"cpsat"`` (CP-SAT
        on the switched automaton model).
    tries
        How many orders of removal to try (a positive integer).

    Returns
    -------
    LineConflict
        The lines, rows first; dropping any one of them leaves clues that can all hold.

    Raises
    ------
    ValueError
        When the puzzle has a solution (no set of its lines conflicts), or ``method`` or
        ``tries`` is not one of the values above.
    TypeError
        When ``puzzle`` is not a ``Nonogram``.
    SolverTimeoutError
        When ``time_limit`` seconds pass before the solver has proven that there is no
        solution.

    Examples
    --------
    >>> from helper.nonogram import Nonogram
    >>> broken = Nonogram([[2], []], [[2], []])  # column 0 is full, row 1 empty
    >>> print(*conflicting_lines(broken), sep="; ")
    row 1: 0; column 0: 2
    >>> conflicting_lines(broken, method="cpsat").lines == conflicting_lines(broken).lines
    True
    >>> conflicting_lines(Nonogram([[1]], [[1]]))
    Traceback (most recent call last):
    ...
    ValueError: the puzzle has a solution: no set of its lines conflicts
    """
    puzzle = as_nonogram(puzzle)
    count = puzzle.height + puzzle.width
    orders = _orders(count, tries)
    if method == "cpsat":
        model, cp_switches = switched_automaton_model(puzzle.rows, puzzle.cols)
        core = _smallest(cpsat_check(model, cp_switches, time_limit), count, orders)
    elif method == "sat":
        clauses, switches = switched_cnf(puzzle.rows, puzzle.cols)
        with SatSolver(DEFAULT_BACKEND, clauses) as solver:
            core = _smallest(sat_check(solver, switches, time_limit), count, orders)
    else:
        raise ValueError(f"method must be 'sat' or 'cpsat', got {method!r}")
    return _line_conflict(puzzle, core)


def _line_conflict(puzzle: Nonogram, core: Core) -> LineConflict:
    everything = puzzle_lines(puzzle)
    lines = tuple(everything[k] for k in sorted(core.members))
    return LineConflict(lines, core.minimal, core.first, core.solves)


def _smallest(
    check: Check, count: int, orders: Sequence[Sequence[int]], best: Core | None = None
) -> Core:
    """The smallest core over the removal ``orders`` (a minimal one before any that is not),
    ``best`` being one found before."""
    solves = 0 if best is None else best.solves
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


def clue_distance(typed: Sequence[int], other: Sequence[int]) -> int:
    """How far two clues of a line are apart: the fewest cells to add to or take from the
    blocks of one to get the other (a whole block added or taken costs its length).

    ``3 1`` and ``2 2`` are 2 apart (one cell moved from the first block to the second), ``4``
    and ``2 2`` are 4 apart (take 2 from the block, add a block of 2).
    """
    a, b = list(typed), list(other)
    # an edit distance: distance[i][j] between the first i blocks of a and the first j of b
    distance = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            if i == 0 or j == 0:
                distance[i][j] = sum(a[:i]) + sum(b[:j])
            else:
                distance[i][j] = min(
                    distance[i - 1][j - 1] + abs(a[i - 1] - b[j - 1]),
                    distance[i - 1][j] + a[i - 1],
                    distance[i][j - 1] + b[j - 1],
                )
    return distance[len(a)][len(b)]


def lines_to_retype(
    puzzle: Nonogram, *, time_limit: float | None = None, limit: int = FIXES
) -> Diagnosis:
    """The fewest lines to retype so that the puzzle has a picture, when it has none.

    Every set of that size (at most ``limit``), each with the nearest clues that fit, ranked:
    the fewest cells apart first (:func:`clue_distance`), then the fewest blocks gained or
    lost (``blocks``), then rows before columns, each from the top or the left. The
    first set is found by MaxSAT (:func:`helper.cores.minimum_correction`), the others by SAT
    (:func:`helper.cores.other_corrections`). ``conflict`` is a minimal set of lines that cannot
    all hold, from one order of deletion (:func:`diagnose_lines` tries more). Raises
    ``ValueError`` when the puzzle has a solution and
    :class:`~helper.errors.SolverTimeoutError` when ``time_limit`` seconds pass before the
    first set is found.
    """
    return diagnose_lines(puzzle, time_limit=time_limit, limit=limit, tries=1)


def diagnose_lines(
    puzzle: Nonogram,
    *,
    time_limit: float | None = None,
    limit: int = FIXES,
    tries: int = TRIES,
) -> Diagnosis:
    """What the command line reports for a puzzle without solution: the lines to retype (as
    :func:`lines_to_retype`) and a minimal conflicting set (as
    :func:`~helper.nonogram.conflicting_lines`, the smallest over ``tries`` orders of
    deletion), from one incremental SAT solver.

    Everything runs within ``time_limit`` seconds: the first set of lines to retype must be
    found in time (else :class:`~helper.errors.SolverTimeoutError`); after that, whatever is
    left undone when time runs out is said so (``complete=False``, a conflicting set with
    ``minimal=False`` or ``None``, a fix whose ``apart`` is ``None``).
    """
    puzzle = as_nonogram(puzzle)
    deadline = Deadline(time_limit)
    count = puzzle.height + puzzle.width
    orders = _orders(count, tries)
    clauses, switches = switched_cnf(puzzle.rows, puzzle.cols)
    try:
        deadline.check("building the switched CNF")
        first = minimum_correction(clauses, switches, deadline.left())
    except SolverTimeoutError as error:
        raise SolverTimeoutError(f"lines_to_retype: {error}") from None
    if not first:
        raise ValueError("the puzzle has a solution: no line needs retyping")
    with SatSolver(DEFAULT_BACKEND, clauses, run=Run(deadline, "diagnose_lines")) as solver:
        check = sat_check(solver, switches, time_limit=deadline.left())
        core: Core | None = None
        with contextlib.suppress(SolverTimeoutError):  # then no conflicting set, but the rest
            core = _smallest(check, count, orders[:1])
        # a set of one line lies in every set of lines that cannot all hold
        candidates = core.members if core is not None and len(first) == 1 else None
        found = other_corrections(
            solver, switches, first, candidates=candidates, limit=limit, time_limit=deadline.left()
        )
        fixes = [
            _nearest_fit(solver, puzzle, switches, members, deadline) for members in found.sets
        ]
        left = deadline.left()
        if core is not None and core.minimal and len(orders) > 1 and not deadline.passed():
            # the other orders only make the set smaller: they stop a little early, so that
            # the whole report keeps within the time limit
            spare = None if left is None else 0.9 * left
            core = _smallest(sat_check(solver, switches, time_limit=spare), count, orders[1:], core)
    ranked = sorted(fixes, key=_rank)
    conflict = None if core is None else _line_conflict(puzzle, core)
    return Diagnosis(tuple(ranked), found.complete, conflict)


def _rank(fix: Fix) -> tuple[bool, int, int, list[tuple[bool, int]]]:
    """Nearest fit first: the fewest cells apart, then the fewest blocks gained or lost (a cell
    moved between blocks keeps their number), then rows before columns, top to bottom."""
    order = [(line.kind == "column", line.index) for line in fix.typed]
    return (fix.apart is None, fix.apart or 0, fix.blocks, order)


def _nearest_fit(
    solver: SatSolver,
    puzzle: Nonogram,
    switches: Sequence[int],
    members: Sequence[int],
    deadline: Deadline,
) -> Fix:
    """The lines ``members`` as typed, and the nearest clues they take in a picture of all the
    other lines: the best of up to :data:`FITS` pictures that differ on these lines
    (``nearest`` when there were fewer: every picture was seen)."""
    lines = [puzzle_lines(puzzle)[k] for k in members]
    width = puzzle.width
    cells = [
        [line.index * width + c + 1 for c in range(width)]
        if line.kind == "row"
        else [r * width + line.index + 1 for r in range(puzzle.height)]
        for line in lines
    ]
    assumed = [s for k, s in enumerate(switches) if k not in set(members)]
    guard = solver.nof_vars() + 1  # guards the clauses that forbid pictures already seen

    def values_of(model: Sequence[int]) -> list[list[int]]:
        true = {literal for literal in model if literal > 0}
        return [[int(x in true) for x in line_cells] for line_cells in cells]

    def block(model: Sequence[int]) -> list[int]:  # not this picture of these lines again
        values = values_of(model)
        seen = [
            -x if v else x
            for xs, vs in zip(cells, values, strict=True)
            for x, v in zip(xs, vs, strict=True)
        ]
        return [-guard, *seen]

    best: tuple[tuple[int, int], tuple[ClueLine, ...]] | None = None
    seen = 0
    every = False  # every picture of these lines was seen: the best is the nearest
    try:
        with solver.within(deadline.left()):
            for model in solver.models(block, FITS, [guard, *assumed]):
                seen += 1
                fits = tuple(
                    ClueLine(line.kind, line.index, tuple(runs(v)))
                    for line, v in zip(lines, values_of(model), strict=True)
                )
                apart = sum(clue_distance(a.clue, b.clue) for a, b in zip(lines, fits, strict=True))
                blocks = sum(
                    abs(len(a.clue) - len(b.clue)) for a, b in zip(lines, fits, strict=True)
                )
                if best is None or (apart, blocks) < best[0]:
                    best = ((apart, blocks), fits)
        every = seen < FITS  # the models ran out before the sample was full
    except SolverTimeoutError:  # no time left: the best of the pictures seen
        pass
    finally:
        solver.add_clause([-guard])
    if best is None:
        return Fix(tuple(lines), (), None)
    (apart, blocks), fits = best
    return Fix(tuple(lines), fits, apart, blocks=blocks, nearest=every)


def lines_can_hold(puzzle: Nonogram, lines: Sequence[ClueLine]) -> bool:
    """True when some grid of the puzzle's size satisfies the clues of ``lines`` (the others
    ignored). An independent check of a conflict: PySAT on the compact block-start CNF of
    ``helper.nonogram.models.cnf_compact``, which shares no code with the automaton encodings
    that find one."""
    from pysat.formula import IDPool

    from .models.cnf_compact import line_compact_clauses

    pool = IDPool()
    cells = [[pool.id(("cell", r, c)) for c in range(puzzle.width)] for r in range(puzzle.height)]
    clauses: list[list[int]] = []
    columns = [list(column) for column in zip(*cells, strict=True)]
    for line in lines:
        line_cells = (cells if line.kind == "row" else columns)[line.index]
        clauses += line_compact_clauses(list(line.clue), line_cells, pool)
    with SatSolver(DEFAULT_BACKEND, clauses) as sat:
        return bool(sat.solve())


def with_clue(puzzle: Nonogram, line: ClueLine) -> Nonogram:
    """The puzzle with the clue of ``line`` (same kind and index) replaced by ``line.clue``."""
    rows, cols = list(puzzle.rows), list(puzzle.cols)
    clues = rows if line.kind == "row" else cols
    if not 0 <= line.index < len(clues):
        raise ValueError(f"the puzzle has no {line.kind} {line.index}")
    clues[line.index] = line.clue
    return Nonogram(rows, cols, name=puzzle.name)


def mistype_clue(
    puzzle: Nonogram,
    seed: int = 0,
    *,
    tries: int = 200,
    kind: Literal["row", "column"] | None = None,
) -> tuple[Nonogram, ClueLine]:
    """A copy of the puzzle with one clue mistyped so that it has no solution.

    The mistake moves one cell from one block of a clue to another (``3 1`` becomes ``2 2``),
    so every row and column total still agrees and a quick sum check cannot catch it. Lines
    and moves are drawn with ``seed`` (only rows or only columns with ``kind``); the first change
    that leaves no picture is returned with the line as now written. ``ValueError`` when
    ``tries`` changes all leave a solution.
    """
    from .unique import count_solutions

    rng = random.Random(seed)
    lines = [
        line
        for line in puzzle_lines(as_nonogram(puzzle))
        if len(line.clue) >= 2 and kind in (None, line.kind)
    ]
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
