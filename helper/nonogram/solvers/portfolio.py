"""The book's recommended solver: line logic, then SAT, and a second SAT solver when it is hard.

Registered as ``"portfolio"`` (behind :func:`helper.nonogram.solve`), configured by a
:class:`PortfolioConfig`. The steps, each only when the one before has not answered:

1. line logic to its fixpoint on bit masks (:mod:`..line.bits`): most pictures end here;
2. the automaton CNF of the cells left open (:mod:`..models.cnf_automaton`), solved in this
   process by ``primary``, a solver whose search can be interrupted at a deadline;
3. a second opinion (:func:`helper.backends.race.race`): a child process runs ``second`` on the
   same CNF while the primary goes on (it keeps what it learned). The first answer wins and
   the other solver is stopped. When line logic decided most of the grid, the second opinion
   starts only after ``second_after`` seconds without an answer, so a quick solve never pays
   for a process; when line logic left more than ``hard_share`` of the cells open and the CNF
   is small (random grids), it starts after ``hard_second_after``, with ``hard_primary`` in
   this process: a second copy of a small CNF costs little, and there the tail is long.

Run times of complete search on hard instances are often heavy-tailed, and another solver has
its long runs elsewhere (Gomes, Selman, Crato and Kautz 2000), so a portfolio of different
solvers cuts the tail (Gomes and Selman 2001). A race needs a free core: on a machine with
one usable core (:func:`helper.backends.race.usable_cores`) the primary goes on alone, unless
``race`` says otherwise. The choices were measured with ``python -m helper.bench`` on the
families' tuning splits.
"""

from dataclasses import dataclass

from helper.backends.pysat import NAMES, load_solver, search_stats, solve_for, solve_within
from helper.backends.race import race, usable_cores
from helper.deadline import Run

from ..clues import Grid
from ..puzzle import Nonogram
from .line import HARD_SHARE
from .pysat import line_logic_then_cnf
from .registry import register


@dataclass(frozen=True)
class PortfolioConfig:
    """The portfolio's settings (the defaults are the book's).

    ``race`` decides whether a second opinion may run: ``None`` (the default) races when the
    machine has more than one usable core, ``True`` always, ``False`` never.
    """

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
    race: bool | None = None
    """Whether a second opinion may run; ``None``: when more than one core is usable."""

    def races(self) -> bool:
        """Whether this configuration races a second opinion on this machine."""
        return usable_cores() > 1 if self.race is None else self.race


@register("portfolio", config=PortfolioConfig())
def solve_portfolio(puzzle: Nonogram, run: Run, config: PortfolioConfig) -> Grid | None:
    """Line logic; then the CNF of the open cells by a SAT solver in this process, joined by
    ``config.second`` in a second process when it has not answered within
    ``hard_second_after`` (a hard grid) or ``second_after`` seconds (others)."""
    model = line_logic_then_cnf(puzzle, run.deadline)
    if model is None or model.clauses is None or not model.clauses:
        run.method = "portfolio: line logic"  # it answered alone; never the label of a timeout
        return None if model is None or model.clauses is None else model.known
    open_cells = sum(var is not None for row in model.cells for var in row)
    run.count(open_cells=open_cells)
    hard = (
        open_cells > config.hard_share * puzzle.cells
        and len(model.clauses) <= config.hard_max_clauses
    )
    primary = config.hard_primary if hard else config.primary
    wait = config.hard_second_after if hard else config.second_after
    with load_solver(primary, model.clauses) as solver:
        if not config.races():
            alone = solve_within(solver, run)  # a time-out raises: the label stays "portfolio"
            run.method = f"portfolio: SAT ({NAMES[primary]})"
            return model.decode(solver.get_model()) if alone else None
        left = run.deadline.left()
        found = solve_for(solver, wait if left is None else min(wait, left))
        if found is None:
            run.deadline.check("portfolio")
            run.count(second_opinions=1)
            winner, answer = race(solver, primary, model.clauses, config.second, run)
            run.method = f"portfolio: SAT ({NAMES[winner]})"
            grid = None if answer is None else model.decode(answer)
        else:
            run.method = f"portfolio: SAT ({NAMES[primary]})"
            grid = model.decode(solver.get_model()) if found else None
        run.count(**search_stats(solver))
        return grid
