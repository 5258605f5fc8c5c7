"""The book's recommended solver: line logic, then SAT, and a second SAT solver when it is hard.

Registered as ``"portfolio"`` (behind :func:`helper.nonogram.solve`), configured by a
:class:`PortfolioConfig`. The steps, each only when the one before has not answered:

1. line logic to its fixpoint on bit masks (:mod:`..line.bits`): most pictures end here;
2. the CNF of the cells left open, with one variable per block start
   (:mod:`..models.cnf_starts`), solved in this process by ``primary``, a solver whose search
   can be interrupted at a deadline;
3. a second opinion (:mod:`helper.backends.race`): ``second`` on the same CNF while the
   primary goes on (it keeps what it learned). The first answer wins and the other solver is
   stopped. :meth:`PortfolioConfig.plan` chooses, from two cheap measures of the grid (the
   share of cells line logic left open, the size of the CNF):

   - most cells decided: the second opinion (CaDiCaL, in a child process) starts only after
     ``second_after`` seconds without an answer, so a quick solve never pays for a process;
   - more than ``hard_share`` of the cells open and a small CNF (random grids): ``hard_primary``
     in this process, the child after ``hard_second_after``: a second copy of a small CNF
     costs little, and there the tail is long;
   - mostly open and a large CNF (large noisy pictures): ``large_primary``, joined after
     ``large_second_after`` by ``large_second``, two versions of Glucose, in two threads of
     this process (:func:`~helper.backends.race.race_in_threads`): no process to start and
     no hundreds of thousands of clauses to copy into one.

Run times of complete search on hard instances are often heavy-tailed, and another solver has
its long runs elsewhere (Gomes, Selman, Crato and Kautz 2000), so a portfolio of different
solvers cuts the tail (Gomes and Selman 2001). A race needs a free core: on a machine with
one usable core (:func:`helper.backends.race.usable_cores`) ``alone`` searches alone, unless
``race`` says otherwise. The choices were measured with ``python -m helper.bench`` on the
families' tuning splits. ``"portfolio-full-cnf"`` is the same solver with
:data:`FULL_CNF`, the settings it had before the block-start CNF, kept for side-by-side runs.
"""

from dataclasses import dataclass

from helper.backends.pysat import NAMES, load_solver, search_stats, solve_for, solve_within
from helper.backends.race import race, race_in_threads, usable_cores
from helper.deadline import Run

from ..clues import Grid
from ..models.cnf_automaton import LineClauses
from ..models.cnf_starts import start_line_clauses
from ..puzzle import Nonogram
from .line import HARD_SHARE
from .pysat import line_logic_then_cnf
from .registry import register


@dataclass(frozen=True)
class Plan:
    """What the portfolio does with one CNF: ``primary`` searches in this process; ``second``
    (``None``: no second opinion) joins it after ``second_after`` seconds, in a thread of this
    process when ``in_threads``, else in a child process."""

    primary: str
    second: str | None = None
    second_after: float = 0.0
    in_threads: bool = False


@dataclass(frozen=True)
class PortfolioConfig:
    """The portfolio's settings (the defaults are the book's).

    ``race`` decides whether a second opinion may run: ``None`` (the default) races when the
    machine has more than one usable core, ``True`` always, ``False`` never.
    """

    line_clauses: LineClauses | None = start_line_clauses
    """How each line of the CNF is encoded: one variable per block start
    (:func:`~helper.nonogram.models.cnf_starts.start_line_clauses`), or ``None`` for the full
    automaton of :mod:`~helper.nonogram.models.cnf_automaton`. Unit propagation is line logic
    on both; the block-start one has fewer variables on long loose lines."""
    primary: str = "g3"
    """PySAT back end run in this process: Glucose 3 (interruptible, releases the interpreter)."""
    hard_primary: str = "g4"
    """The back end run in this process when line logic left most cells open: Glucose 4.1."""
    second: str = "cd103"
    """PySAT back end of the second opinion, in a child process: CaDiCaL 1.0.3. Its search
    cannot be interrupted from Python, so it runs in a process that is killed when it is not
    needed."""
    second_after: float = 0.5
    """Seconds the primary solver works alone before the second opinion starts."""
    hard_share: float = HARD_SHARE
    """When line logic leaves more than this share of the cells open, the grid counts as hard."""
    hard_max_clauses: int = 100_000
    """...and when its CNF has at most this many clauses (a second copy of a large CNF is
    costly)."""
    hard_second_after: float = 0.1
    """Seconds the primary solver works alone on a hard grid before the second opinion starts."""
    large_primary: str | None = "g3"
    """On a grid that line logic left mostly open and whose CNF has more than
    ``hard_max_clauses`` clauses (a large noisy picture): the back end in this process,
    Glucose 3; ``None`` treats such a grid like a hard one."""
    large_second: str = "g4"
    """...the second opinion there, Glucose 4.1, in a thread of this process (both must be
    interruptible): loading a large CNF into a solver here costs a fraction of starting a
    process and sending it the clauses."""
    large_second_after: float = 0.5
    """...and the seconds the primary searches alone before the second loads and joins.
    On the 12 large noisy tuning pictures Glucose 3 alone never needed more than half a
    second of search; a second solver loaded at once only took time from it."""
    alone: str | None = "g3"
    """The back end when there is no race (one usable core): Glucose 3, which needed fewer
    conflicts in total than Glucose 4.1 on the block-start CNF of the random tuning grids;
    ``None``: the primary the grid would get in a race."""
    race: bool | None = None
    """Whether a second opinion may run; ``None``: when more than one core is usable."""

    def races(self) -> bool:
        """Whether this configuration races a second opinion on this machine."""
        return usable_cores() > 1 if self.race is None else self.race

    def plan(self, open_cells: int, cells: int, clauses: int) -> Plan:
        """The plan for a grid with ``open_cells`` of its ``cells`` open and a CNF of
        ``clauses`` clauses, on this machine."""
        mostly_open = open_cells > self.hard_share * cells
        if mostly_open and clauses > self.hard_max_clauses and self.large_primary:
            chosen = Plan(
                self.large_primary, self.large_second, self.large_second_after, in_threads=True
            )
        elif mostly_open:
            chosen = Plan(self.hard_primary, self.second, self.hard_second_after)
        else:
            chosen = Plan(self.primary, self.second, self.second_after)
        if not self.races():
            return Plan(self.alone or chosen.primary)
        return chosen


FULL_CNF = PortfolioConfig(line_clauses=None, large_primary=None, alone=None)
"""The settings of ``"portfolio-full-cnf"``: the full automaton CNF, Glucose with CaDiCaL
in a child process on every grid, and the same primary with or without a race (the
portfolio before the block-start CNF)."""


def solve_portfolio(puzzle: Nonogram, run: Run, config: PortfolioConfig) -> Grid | None:
    """Line logic; then the CNF of the open cells by a SAT solver in this process, joined
    after a wait by a second one as :meth:`PortfolioConfig.plan` says (in a thread on a large
    open grid, in a child process on others, never on one core)."""
    model = line_logic_then_cnf(puzzle, run.deadline, line_clauses=config.line_clauses)
    if model is None or model.clauses is None or not model.clauses:
        run.method = "portfolio: line logic"  # it answered alone; never the label of a timeout
        return None if model is None or model.clauses is None else model.known
    open_cells = sum(var is not None for row in model.cells for var in row)
    run.count(open_cells=open_cells)
    plan = config.plan(open_cells, puzzle.cells, len(model.clauses))
    with load_solver(plan.primary, model.clauses) as solver:
        if plan.second is None:
            alone = solve_within(solver, run)  # a time-out raises: the label stays "portfolio"
            run.method = f"portfolio: SAT ({NAMES[plan.primary]})"
            return model.decode(solver.get_model()) if alone else None
        left = run.deadline.left()
        wait = plan.second_after if left is None else min(plan.second_after, left)
        found = solve_for(solver, wait)
        if found is None:
            run.deadline.check("portfolio")
            run.count(second_opinions=1)
            second_opinion = race_in_threads if plan.in_threads else race
            winner, answer = second_opinion(solver, plan.primary, model.clauses, plan.second, run)
            run.method = f"portfolio: SAT ({NAMES[winner]})"
            grid = None if answer is None else model.decode(answer)
        else:
            run.method = f"portfolio: SAT ({NAMES[plan.primary]})"
            grid = model.decode(solver.get_model()) if found else None
        run.count(**search_stats(solver))
        return grid


register("portfolio", config=PortfolioConfig())(solve_portfolio)
register("portfolio-full-cnf", config=FULL_CNF)(solve_portfolio)
