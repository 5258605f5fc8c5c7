"""Nonograms as CNF for a SAT solver (PySAT): all placements, and a compact encoding.

This is the model of the chapter "Nonogram as CNF with PySAT" (``book/nonogram_pysat.md``).
Both encodings share one Boolean per cell, numbered ``1 .. height * width`` row by row, and
differ only in how one line's clue is turned into clauses:

* :func:`line_placement_clauses` gives every placement of the whole line its own selector
  variable (exponentially many for long lines with many blocks);
* :func:`line_compact_clauses` gives every *block* one selector per start cell, the SAT twin
  of the CP-SAT start-position model (polynomially many).
"""

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from helper.nonogram.clues import Clue, Grid
from helper.nonogram.placements import placements, puzzle_placements
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.solvers.registry import (
    Deadline,
    ModelTooLargeError,
    Run,
    SolverTimeoutError,
    as_nonogram,
    register,
)

SAT_SOLVER = "glucose4"
"""The PySAT back end used for every solve (Glucose 4.1: it supports ``interrupt``)."""

EXACTLY_ONE = EncType.ladder
"""The ladder (regular) encoding: ``m + 1`` extra variables and about ``4m`` clauses for ``m``
literals, against ``m(m - 1)/2 + 1`` clauses for the pairwise encoding. PySAT's sequential
counter is a little smaller but takes time quadratic in ``m`` to generate, and a long line
has hundreds of thousands of placements; the ladder is generated in linear time."""

MAX_PLACEMENTS = 500_000
""":func:`placement_cnf` refuses puzzles with more placements than this (they take minutes
and gigabytes to write out); the compact encoding has no such limit."""

Clauses = list[list[int]]
LineEncoder = Callable[[Sequence[int], Sequence[int], IDPool], Clauses]


def exactly_one(literals: Sequence[int], pool: IDPool) -> Clauses:
    """Clauses saying that exactly one of ``literals`` is true (extra variables from ``pool``)."""
    return CardEnc.equals(list(literals), bound=1, vpool=pool, encoding=EXACTLY_ONE).clauses


def line_placement_clauses(clue: Sequence[int], cells: Sequence[int], pool: IDPool) -> Clauses:
    """All-placements encoding of one line: ``cells`` are the line's cell variables.

    One selector per placement, exactly one selector true, and each cell is filled exactly
    when the chosen placement paints it: ``cell -> (some selector that paints it)`` and
    ``selector -> cell`` for every cell the selector paints.
    """
    clauses: Clauses = []
    painters: list[list[int]] = [[] for _ in cells]  # selectors that paint each cell
    selectors = []
    for line in placements(clue, len(cells)):
        selector = pool.id()
        selectors.append(selector)
        for cell, cell_painters, filled in zip(cells, painters, line, strict=True):
            if filled:
                cell_painters.append(selector)
                clauses.append([-selector, cell])
    clauses += exactly_one(selectors, pool)
    for cell, cell_painters in zip(cells, painters, strict=True):
        clauses.append([-cell, *cell_painters])
    return clauses


def line_compact_clauses(clue: Sequence[int], cells: Sequence[int], pool: IDPool) -> Clauses:
    """Compact encoding of one line: one selector per (block, start cell).

    Each block starts exactly once; if block ``j`` starts at ``p``, block ``j + 1`` starts
    at ``p + length + 1`` or later; a block paints the cells it covers; and a filled cell
    is covered by some block. Size: ``O(k * n)`` selectors and ``O(n * n)`` literals for
    ``k`` blocks in ``n`` cells.
    """
    width, count = len(cells), len(clue)
    slack = width - (sum(clue) + count - 1)  # how far each block can slide
    earliest = [sum(clue[:j]) + j for j in range(count)]
    starts = [
        {p: pool.id() for p in range(earliest[j], earliest[j] + slack + 1)} for j in range(count)
    ]
    clauses: Clauses = []
    coverers: list[list[int]] = [[] for _ in cells]  # (block, start) selectors covering a cell
    for j, length in enumerate(clue):
        clauses += exactly_one(list(starts[j].values()), pool)
        for p, selector in starts[j].items():
            for i in range(p, p + length):
                coverers[i].append(selector)
                clauses.append([-selector, cells[i]])
            if j + 1 < count:
                later = [s for q, s in starts[j + 1].items() if q >= p + length + 1]
                clauses.append([-selector, *later])
    for cell, cell_coverers in zip(cells, coverers, strict=True):
        clauses.append([-cell, *cell_coverers])
    return clauses


@dataclass
class NonogramCnf:
    """A puzzle's CNF and its cell variables (``cells[r][c]`` is a positive integer)."""

    cnf: CNF
    cells: list[list[int]]

    @property
    def variables(self) -> int:
        return self.cnf.nv

    @property
    def clauses(self) -> int:
        return len(self.cnf.clauses)

    def decode(self, model: Sequence[int]) -> Grid:
        """The picture of a satisfying assignment (PySAT's list of signed literals)."""
        true = {lit for lit in model if lit > 0}
        return [[int(v in true) for v in row] for row in self.cells]

    def blocking_clause(self, grid: Grid) -> list[int]:
        """A clause that every picture except ``grid`` satisfies (over the cells only)."""
        return [
            -v if cell else v
            for row, grid_row in zip(self.cells, grid, strict=True)
            for v, cell in zip(row, grid_row, strict=True)
        ]


def encode(rows: Sequence[Clue], cols: Sequence[Clue], line_encoder: LineEncoder) -> NonogramCnf:
    """The whole puzzle: one variable per cell, shared by its row and its column."""
    height, width = len(rows), len(cols)
    pool = IDPool()
    cells = [[pool.id(("cell", r, c)) for c in range(width)] for r in range(height)]
    cnf = CNF()
    for r, clue in enumerate(rows):
        cnf.extend(line_encoder(clue, cells[r], pool))
    for c, clue in enumerate(cols):
        cnf.extend(line_encoder(clue, [cells[r][c] for r in range(height)], pool))
    cnf.nv = pool.top  # count every variable created, even one no clause mentions
    return NonogramCnf(cnf, cells)


def placement_cnf(
    rows: Sequence[Clue], cols: Sequence[Clue], *, max_placements: int | None = MAX_PLACEMENTS
) -> NonogramCnf:
    """The all-placements CNF of a puzzle with valid, cleaned clues.

    Raises :class:`ModelTooLargeError` (a :class:`SolverTimeoutError`: giving up, not bad
    input) when the puzzle has more than ``max_placements`` placements; ``None`` lifts the limit.
    """
    total = puzzle_placements(rows, cols)
    if max_placements is not None and total > max_placements:
        raise ModelTooLargeError(
            f"pysat-cnf: the all-placements CNF would need {total:,} selector variables "
            f"(the limit is {max_placements:,}); use the compact encoding instead"
        )
    return encode(rows, cols, line_placement_clauses)


def compact_cnf(rows: Sequence[Clue], cols: Sequence[Clue]) -> NonogramCnf:
    """The compact (block start) CNF of a puzzle with valid, cleaned clues."""
    return encode(rows, cols, line_compact_clauses)


def solve_for(solver: Solver, seconds: float | None) -> bool | None:
    """Run ``solver`` until it answers or ``seconds`` pass (``None`` then; no limit when
    ``seconds`` is ``None``). A timer thread interrupts it: PySAT releases the interpreter
    while it searches."""
    if seconds is None:
        return solver.solve()
    timer = threading.Timer(max(seconds, 0.0), solver.interrupt)
    timer.start()
    try:
        return solver.solve_limited(expect_interrupt=True)
    finally:
        timer.cancel()
        solver.clear_interrupt()


def solve_within(solver: Solver, run: Run) -> bool:
    """Run ``solver`` once within ``run.deadline`` and add its counts to ``run.stats``.

    Raises :class:`SolverTimeoutError` when the deadline passes first.
    """
    left = run.deadline.left()
    if left is not None:
        run.deadline.check(run.method)
    answer = solve_for(solver, left)
    stats = solver.accum_stats() or {}
    run.count(**{key: stats[key] for key in ("decisions", "conflicts") if key in stats})
    if answer is None:
        raise SolverTimeoutError(f"{run.method}: interrupted after {run.deadline.seconds} s")
    return answer


def solve_cnf(encoding: NonogramCnf, run: Run | None = None) -> Grid | None:
    """Solve an encoded puzzle with :data:`SAT_SOLVER`; ``None`` when it is unsatisfiable.

    ``run`` carries a deadline and collects the solver's counts (no limit by default).
    """
    run = run or Run(Deadline(), SAT_SOLVER)
    with Solver(name=SAT_SOLVER, bootstrap_with=encoding.cnf.clauses) as solver:
        if not solve_within(solver, run):
            return None
        return encoding.decode(solver.get_model())


@register("pysat-cnf")
def solve_placements(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve with the all-placements CNF; ``None`` when the puzzle has no solution."""
    return solve_cnf(placement_cnf(puzzle.rows, puzzle.cols), run)


@register("pysat-compact")
def solve_compact(puzzle: Nonogram, run: Run) -> Grid | None:
    """Solve with the compact block-start CNF; ``None`` when the puzzle has no solution."""
    return solve_cnf(compact_cnf(puzzle.rows, puzzle.cols), run)


def all_solutions(
    puzzle: Nonogram,
    limit: int | None = None,
    *,
    compact: bool = False,
    time_limit: float | None = None,
) -> list[Grid]:
    """Every picture that fits the clues (at most ``limit`` of them), in the order found.

    After each picture a blocking clause over the cell variables rules it out and the solver
    is asked again. The solver is created here and thrown away at the end, because a solver
    that has enumerated keeps its blocking clauses. ``time_limit`` bounds the whole
    enumeration (:class:`SolverTimeoutError`).
    """
    puzzle = as_nonogram(puzzle)
    if limit is not None and (isinstance(limit, bool) or limit < 0):
        raise ValueError(f"limit must be at least 0, got {limit}")
    encoding = (compact_cnf if compact else placement_cnf)(puzzle.rows, puzzle.cols)
    run = Run(Deadline(time_limit), SAT_SOLVER)
    found: list[Grid] = []
    with Solver(name=SAT_SOLVER, bootstrap_with=encoding.cnf.clauses) as solver:
        while (limit is None or len(found) < limit) and solve_within(solver, run):
            grid = encoding.decode(solver.get_model())
            found.append(grid)
            solver.add_clause(encoding.blocking_clause(grid))
    return found
