"""The book's recommended solver: line logic, then SAT, and a second SAT solver when it is hard.

Registered as ``"portfolio"`` (behind :func:`helper.nonogram.solve`), configured by a
:class:`PortfolioConfig`. The steps, each only when the one before has not answered:

1. line logic to its fixpoint on bit masks (:mod:`..line.bits`): most pictures end here;
2. the CNF of the cells left open, with one variable per block start
   (:mod:`..models.cnf_starts`), solved in this process by ``primary``, a solver whose search
   can be interrupted at a deadline;
3. a second opinion (:mod:`helper.backends.race`): another SAT solver on the same CNF while
   the primary goes on (it keeps what it learned), in a **thread** of this process. The first
   answer wins and the other solver is interrupted. No process is started, so a script
   without an ``if __name__ == "__main__":`` guard runs its top level once; every solver that
   races is one that can be interrupted (:data:`~helper.backends.pysat.INTERRUPTIBLE`).
   :meth:`PortfolioConfig.plan` chooses, from two cheap measures of the grid (the share of
   cells line logic left open, the size of the CNF):

   - most cells decided: ``second`` joins only after ``second_after`` seconds without an
     answer, so a quick solve never loads a second copy of the clauses;
   - more than ``hard_share`` of the cells open and a small CNF (random grids): ``hard_primary``
     in this process, ``hard_second`` after ``hard_second_after``: a second copy of a small
     CNF costs little, and there the tail is long;
   - mostly open and a large CNF (large noisy pictures): ``large_primary``, joined after
     ``large_second_after`` by ``large_second``.

   ``race_in="process"`` (:data:`PROCESS_RACE`) is the explicit option of a child process for
   the second opinion, which may then be CaDiCaL, whose search cannot be interrupted.

Run times of complete search on hard instances are often heavy-tailed, and another solver has
its long runs elsewhere (Gomes, Selman, Crato and Kautz 2000), so a portfolio of different
solvers cuts the tail (Gomes and Selman 2001). A race needs a free core: on a machine with
one usable core (:func:`helper.backends.race.usable_cores`) ``alone`` searches alone, unless
``race`` says otherwise. The choices were measured with ``python -m helper.bench`` on the
families' tuning splits. ``"portfolio-full-cnf"`` is the same solver with
:data:`FULL_CNF`, the settings it had before the block-start CNF, kept for side-by-side runs.
"""

from dataclasses import dataclass
from typing import Literal

from helper.backends.pysat import NAMES, SatSolver, canonical, require_interruptible
from helper.backends.race import race, race_in_threads, usable_cores
from helper.deadline import Run

from ..clues import Grid
from ..models.cnf_automaton import LineClauses
from ..models.cnf_starts import start_line_clauses
from ..puzzle import Nonogram
from .line import HARD_SHARE
from .pysat import line_logic_then_cnf
from .registry import register

RaceIn = Literal["threads", "process"]
"""Where a second opinion searches: a thread of this process, or a child process."""


@dataclass(frozen=True)
class Plan:
    """What the portfolio does with one CNF: ``primary`` searches in this process; ``second``
    (``None``: no second opinion) joins it after ``second_after`` seconds, in a thread of this
    process when ``in_threads``, else in a child process."""

    primary: str
    second: str | None = None
    second_after: float = 0.0
    in_threads: bool = True


def _non_negative(**values: float) -> None:
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
            raise ValueError(
                f"PortfolioConfig.{name} must be a number of seconds >= 0, got {value!r}"
            )


@dataclass(frozen=True)
class PortfolioConfig:
    """The portfolio's settings (the defaults are the book's), checked when they are made.

    Every back end is a PySAT solver name (``"g3"``, ``"glucose4"``, ``"cd103"``, ...), made
    canonical (``"glucose3"``). The solvers that search in this process must be interruptible
    (:data:`~helper.backends.pysat.INTERRUPTIBLE`), and so must every second opinion unless
    ``race_in="process"``: a ``ValueError`` says which name is at fault.

    ``race`` decides whether a second opinion may run: ``None`` (the default) races when the
    machine has more than one usable core, ``True`` always, ``False`` never. ``race_in`` says
    where: ``"threads"`` (the default: no process is ever started), or ``"process"``, the
    explicit option that runs ``second`` in a child process (which may then be CaDiCaL, which
    cannot be interrupted). That child is a fresh interpreter started with ``subprocess``,
    which never imports the caller's script, so a script needs no
    ``if __name__ == "__main__":`` guard for either (:mod:`helper.backends.race`).
    """

    line_clauses: LineClauses | None = start_line_clauses
    """How each line of the CNF is encoded: one variable per block start
    (:func:`~helper.nonogram.models.cnf_starts.start_line_clauses`), or ``None`` for the full
    automaton of :mod:`~helper.nonogram.models.cnf_automaton`. Unit propagation is line logic
    on both; the block-start one has fewer variables on long loose lines."""
    primary: str = "glucose3"
    """PySAT back end run in this process: Glucose 3."""
    hard_primary: str = "glucose4"
    """The back end run in this process when line logic left most cells open: Glucose 4.1."""
    second: str = "glucose4"
    """PySAT back end of the second opinion on the grids that are not large and open."""
    hard_second: str = "glucose3"
    """...and on a small grid that line logic left mostly open: Glucose 3. On the first 60
    random tuning grids (``python -m helper.bench --family random --split tuning --limit 60
    --time-limit 30``) it gave the smallest total and 90th percentile of seven interruptible
    second opinions in a thread, and both were less than half of those of CaDiCaL 1.0.3 in a
    child process, the second opinion before issue 30."""
    second_after: float = 0.5
    """Seconds the primary solver works alone before the second opinion starts."""
    hard_share: float = HARD_SHARE
    """When line logic leaves more than this share of the cells open, the grid counts as hard."""
    hard_max_clauses: int = 100_000
    """...and when its CNF has at most this many clauses (a second copy of a large CNF is
    costly)."""
    hard_second_after: float = 0.1
    """Seconds the primary solver works alone on a hard grid before the second opinion starts."""
    large_primary: str | None = "glucose3"
    """On a grid that line logic left mostly open and whose CNF has more than
    ``hard_max_clauses`` clauses (a large noisy picture): the back end in this process,
    Glucose 3; ``None`` treats such a grid like a hard one."""
    large_second: str = "glucose4"
    """...the second opinion there, Glucose 4.1, in a thread of this process."""
    large_second_after: float = 0.5
    """...and the seconds the primary searches alone before the second loads and joins.
    On the 12 large noisy tuning pictures Glucose 3 alone never needed more than half a
    second of search; a second solver loaded at once only took time from it."""
    alone: str | None = "glucose3"
    """The back end when there is no race (one usable core): Glucose 3, which needed fewer
    conflicts in total than Glucose 4.1 on the block-start CNF of the random tuning grids;
    ``None``: the primary the grid would get in a race."""
    race: bool | None = None
    """Whether a second opinion may run; ``None``: when more than one core is usable."""
    race_in: RaceIn = "threads"
    """Where the second opinion of a grid that is not large and open searches: ``"threads"``
    or ``"process"`` (a large open grid always races in threads: its CNF is costly to copy)."""

    def __post_init__(self) -> None:
        if self.race_in not in ("threads", "process"):
            raise ValueError(
                f"PortfolioConfig.race_in is 'threads' or 'process', got {self.race_in!r}"
            )
        if self.race not in (None, True, False):
            raise ValueError(f"PortfolioConfig.race is None, True or False, got {self.race!r}")
        if not 0 <= self.hard_share <= 1:
            raise ValueError(
                f"PortfolioConfig.hard_share is a share in [0, 1], got {self.hard_share!r}"
            )
        if isinstance(self.hard_max_clauses, bool) or not isinstance(self.hard_max_clauses, int):
            got = self.hard_max_clauses
            raise ValueError(
                f"PortfolioConfig.hard_max_clauses is a number of clauses, got {got!r}"
            )
        _non_negative(
            second_after=self.second_after,
            hard_second_after=self.hard_second_after,
            large_second_after=self.large_second_after,
        )
        in_this_process = ["primary", "hard_primary", "large_primary", "alone", "large_second"]
        if self.race_in == "threads":
            in_this_process += ["second", "hard_second"]
        for name in ("primary", "hard_primary", "second", "hard_second", "large_primary",
                     "large_second", "alone"):  # fmt: skip
            value = getattr(self, name)
            if value is None and name in ("large_primary", "alone"):
                continue
            try:
                chosen = (
                    require_interruptible(value, "a search in this process")
                    if name in in_this_process
                    else canonical(value)
                )
            except ValueError as error:
                raise ValueError(f"PortfolioConfig.{name}: {error}") from None
            object.__setattr__(self, name, chosen)

    def races(self) -> bool:
        """Whether this configuration races a second opinion on this machine."""
        return usable_cores() > 1 if self.race is None else self.race

    def plan(self, open_cells: int, cells: int, clauses: int) -> Plan:
        """The plan for a grid with ``open_cells`` of its ``cells`` open and a CNF of
        ``clauses`` clauses, on this machine."""
        mostly_open = open_cells > self.hard_share * cells
        threads = self.race_in == "threads"
        if mostly_open and clauses > self.hard_max_clauses and self.large_primary:
            chosen = Plan(self.large_primary, self.large_second, self.large_second_after)
        elif mostly_open:
            chosen = Plan(self.hard_primary, self.hard_second, self.hard_second_after, threads)
        else:
            chosen = Plan(self.primary, self.second, self.second_after, threads)
        if not self.races():
            return Plan(self.alone or chosen.primary)
        return chosen


FULL_CNF = PortfolioConfig(line_clauses=None, large_primary=None, alone=None)
"""The settings of ``"portfolio-full-cnf"``: the full automaton CNF, no plan of its own for
large open grids, and the same primary with or without a race (the portfolio before the
block-start CNF; it raced CaDiCaL 1.0.3 in a child process then, and races in threads now,
like ``"portfolio"``, so that the two differ in their CNF)."""

PROCESS_RACE = PortfolioConfig(race_in="process", second="cd103", hard_second="cd103")
"""The explicit process race: CaDiCaL 1.0.3 in a child process as the second opinion of
every grid that is not large and open (the portfolio's default before issue 30). Pass it as
``SOLVERS["portfolio"](puzzle, config=PROCESS_RACE)``, from a notebook or from any script
(the child never imports it: :func:`helper.backends.race.race`)."""


def solve_for(solver: SatSolver, seconds: float) -> bool | None:
    """The primary alone for ``seconds`` (within the run's deadline): its answer, or ``None``
    when it has none yet and the race starts."""
    return solver.solve(seconds=seconds)


def solve_portfolio(puzzle: Nonogram, run: Run, config: PortfolioConfig) -> Grid | None:
    """Line logic; then the CNF of the open cells by a SAT solver in this process, joined
    after a wait by a second one as :meth:`PortfolioConfig.plan` says (in a thread, or in a
    child process with ``race_in="process"``; never on one core)."""
    model = line_logic_then_cnf(puzzle, run.deadline, line_clauses=config.line_clauses)
    if model is None or model.clauses is None or not model.clauses:
        run.method = "portfolio: line logic"  # it answered alone; never the label of a timeout
        return None if model is None or model.clauses is None else model.known
    open_cells = sum(var is not None for row in model.cells for var in row)
    run.count(open_cells=open_cells)
    plan = config.plan(open_cells, puzzle.cells, len(model.clauses))
    with SatSolver(plan.primary, model.clauses, run=run) as solver:
        if plan.second is None:
            alone = solver.solve()  # a time-out raises: the label stays "portfolio"
            run.method = f"portfolio: SAT ({NAMES[plan.primary]})"
            return model.decode(solver.model()) if alone else None
        found = solve_for(solver, plan.second_after)
        if found is None:
            run.count(second_opinions=1)
            second_opinion = race_in_threads if plan.in_threads else race
            winner, answer = second_opinion(solver, plan.primary, model.clauses, plan.second, run)
            run.method = f"portfolio: SAT ({NAMES[winner]})"
            grid = None if answer is None else model.decode(answer)
        else:
            run.method = f"portfolio: SAT ({NAMES[plan.primary]})"
            grid = model.decode(solver.model()) if found else None
        return grid


register("portfolio", config=PortfolioConfig())(solve_portfolio)
register("portfolio-full-cnf", config=FULL_CNF)(solve_portfolio)
