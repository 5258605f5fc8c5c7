"""The registered colour Nonogram solvers and counters, :func:`solve` and
:func:`count_solutions`.

``REGISTRY`` has the shape of the black-and-white one (:class:`helper.registry.Registry`):

- ``"cpsat-automaton"``: the CP-SAT automaton model over colour values
  (:mod:`helper.nonogram.models.colour_automaton`), one worker and a fixed seed; also a
  counter (CP-SAT's enumeration);
- ``"cpsat-automaton-default"``: the same model with CP-SAT's defaults (a worker per usable
  core), the plain baseline a benchmark compares with;
- ``"sat-automaton"``: line logic (:mod:`.line`), then the automaton CNF of the colours it
  left open (:mod:`helper.nonogram.models.colour_cnf`); also a counter (blocking clauses);
- ``"portfolio"``: the recommended solver behind :func:`solve`, the black-and-white
  portfolio's steps on colours: line logic; then the automaton CNF, searched by SAT solvers
  as :meth:`~helper.nonogram.solvers.portfolio.PortfolioConfig.plan` says (one in this
  process, a second opinion in a thread when the search lasts), with the settings
  ``COLOUR_PORTFOLIO``; a one-colour puzzle goes to the black-and-white portfolio itself.

Every answer passes :func:`~.check.check_colour_nonogram` before it is returned, and a count
that runs out of time is never "unique" (:class:`~helper.results.CountResult`).
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from helper.backends.cpsat import counted_grids
from helper.backends.pysat import NAMES, SatSolver
from helper.backends.race import race, race_in_threads
from helper.deadline import NO_DEADLINE, Deadline, Run
from helper.registry import Config, Counter, Entry, Family, Registry, Solver
from helper.results import CountResult, SolveResult

from ..clues import Grid
from ..models.colour_automaton import build_colour_automaton_model
from ..models.colour_cnf import ColourCnf, build_colour_cnf
from ..solvers.cpsat import CPSAT_DEFAULTS, default_workers, solve_cells
from ..solvers.portfolio import PortfolioConfig, solve_portfolio
from ..solvers.pysat import SatConfig
from .line import colour_line_logic
from .puzzle import ColourNonogram, as_colour_nonogram

COLOUR = Family(
    "colour Nonogram", as_colour_nonogram, "no solution: no picture satisfies every clue"
)

REGISTRY = Registry(COLOUR)
"""Every registered colour solver and counter, by name."""

SOLVERS: Mapping[str, Solver] = REGISTRY.solvers
"""Every registered colour solver: ``SOLVERS[name](puzzle) -> SolveResult``."""

COUNTERS: Mapping[str, Counter] = REGISTRY.counters
"""Every registered way to count the solutions of a colour Nonogram."""

RECOMMENDED_SOLVER = "portfolio"
"""The solver behind :func:`solve`."""

DEFAULT_COUNTER = "cpsat-automaton"
"""The counter behind :func:`count_solutions`."""

COLOUR_PORTFOLIO = PortfolioConfig(large_primary="glucose4", large_second="glucose3")
"""The colour portfolio's settings: the black-and-white portfolio's, except on a grid that line
logic left mostly open and whose CNF is large (a random picture of 45 x 60 or more in few
colours), where Glucose 4.1 searches first and Glucose 3 joins after half a second. Chosen on
the colour family's tuning split only (``python -m helper.bench --family colour --split
tuning``): on its three such grids, three runs each, the total fell from 12.4 s to 8.8 s (the
largest, a random 60 x 80 in two colours, from 2.3-3.7 s to 1.4-2.0 s), the held-out split
being measured apart."""


@REGISTRY.register("cpsat-automaton")
def solve_colour_automaton(puzzle: ColourNonogram, run: Run) -> Grid | None:
    """The CP-SAT automaton model over colour values (one worker, fixed seed)."""
    model, cells = build_colour_automaton_model(
        puzzle.rows, puzzle.cols, puzzle.colours, deadline=run.deadline
    )
    return solve_cells(model, cells, run)


@dataclass(frozen=True)
class CpSatConfig:
    """Settings of a CP-SAT solve: fields of CP-SAT's ``SatParameters``."""

    parameters: Mapping[str, int | float | bool] = field(default_factory=dict)


@REGISTRY.register("cpsat-automaton-default", config=CpSatConfig(CPSAT_DEFAULTS))
def solve_colour_automaton_default(
    puzzle: ColourNonogram, run: Run, config: CpSatConfig
) -> Grid | None:
    """The CP-SAT automaton model over colours with CP-SAT's defaults (a worker per usable
    core): the plain baseline."""
    model, cells = build_colour_automaton_model(
        puzzle.rows, puzzle.cols, puzzle.colours, deadline=run.deadline
    )
    return solve_cells(model, cells, run, **default_workers(config.parameters))


@REGISTRY.register_counter("cpsat-automaton")
def enumerate_colour_automaton(
    puzzle: ColourNonogram, run: Run, limit: int | None
) -> Iterator[Grid]:
    """Up to ``limit`` different grids, enumerated by CP-SAT on the colour automaton model
    (one worker); a time-out before the search ends raises after the grids found."""
    model, cells = build_colour_automaton_model(
        puzzle.rows, puzzle.cols, puzzle.colours, deadline=run.deadline
    )
    yield from counted_grids(model, cells, run, limit)


def line_logic_then_colour_cnf(
    puzzle: ColourNonogram, deadline: Deadline = NO_DEADLINE
) -> ColourCnf | None:
    """Colour line logic to its fixpoint, then the automaton CNF of the colours it left
    open; ``None`` when line logic finds a contradiction (no solution)."""
    grid = colour_line_logic(puzzle.rows, puzzle.cols, puzzle.colours, deadline)
    if grid is None:
        return None
    return build_colour_cnf(
        puzzle.rows, puzzle.cols, puzzle.colours, grid.allowed_grid(), deadline=deadline
    )


def _decided(cnf: ColourCnf) -> Grid:
    return [[mask.bit_length() - 1 for mask in row] for row in cnf.allowed]


@REGISTRY.register("sat-automaton", config=SatConfig())
def solve_colour_sat(puzzle: ColourNonogram, run: Run, config: SatConfig) -> Grid | None:
    """Line logic, then the colour automaton CNF of the open cells, solved by
    ``config.backend``."""
    cnf = line_logic_then_colour_cnf(puzzle, run.deadline)
    if cnf is None or cnf.clauses is None:
        return None
    if not cnf.open_cells():
        return _decided(cnf)
    with SatSolver(config.backend, cnf.clauses, run=run) as solver:
        if not solver.solve():
            return None
        return cnf.decode(solver.model())


@REGISTRY.register_counter("sat-automaton", config=SatConfig())
def count_colour_sat(
    puzzle: ColourNonogram, run: Run, limit: int | None, config: SatConfig
) -> Iterator[Grid]:
    """Up to ``limit`` solutions, yielded as found, each ruled out by a blocking clause over
    the cells line logic left open."""
    cnf = line_logic_then_colour_cnf(puzzle, run.deadline)
    if cnf is None or cnf.clauses is None:
        return
    if not cnf.open_cells():
        yield _decided(cnf)
        return
    with SatSolver(config.backend, cnf.clauses, run=run) as solver:
        for found in solver.models(cnf.block, limit):
            yield cnf.decode(found)


@REGISTRY.register("portfolio", config=COLOUR_PORTFOLIO)
def solve_colour_portfolio(
    puzzle: ColourNonogram, run: Run, config: PortfolioConfig
) -> Grid | None:
    """Line logic; then the colour CNF of the open cells by a SAT solver in this process,
    joined by a second one as ``config.plan`` says. A one-colour puzzle is solved by the
    black-and-white portfolio (its block-start CNF, with its own settings unless others are
    given), whose grid of 0 and 1 is the same."""
    if puzzle.colours == 1:
        black_and_white = PortfolioConfig() if config == COLOUR_PORTFOLIO else config
        return solve_portfolio(puzzle.to_nonogram(), run, black_and_white)
    cnf = line_logic_then_colour_cnf(puzzle, run.deadline)
    if cnf is None or cnf.clauses is None or not cnf.open_cells():
        run.method = "portfolio: line logic"
        return None if cnf is None or cnf.clauses is None else _decided(cnf)
    open_cells = cnf.open_cells()
    run.count(open_cells=open_cells)
    plan = config.plan(open_cells, puzzle.cells, len(cnf.clauses))
    with SatSolver(plan.primary, cnf.clauses, run=run) as solver:
        if plan.second is None:
            alone = solver.solve()
            run.method = f"portfolio: SAT ({NAMES[plan.primary]})"
            return cnf.decode(solver.model()) if alone else None
        found = solver.solve(seconds=plan.second_after)
        if found is not None:
            run.method = f"portfolio: SAT ({NAMES[plan.primary]})"
            return cnf.decode(solver.model()) if found else None
        run.count(second_opinions=1)
        second_opinion = race_in_threads if plan.in_threads else race
        winner, answer = second_opinion(solver, plan.primary, cnf.clauses, plan.second, run)
        run.method = f"portfolio: SAT ({NAMES[winner]})"
        return None if answer is None else cnf.decode(answer)


REGISTRY.order(("cpsat-automaton", "cpsat-automaton-default", "sat-automaton", "portfolio"))


def solve(
    puzzle: ColourNonogram,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
    config: Config = None,
) -> SolveResult:
    """Solve a colour Nonogram with a registered solver (``RECOMMENDED_SOLVER``, the
    portfolio, by default).

    Parameters
    ----------
    puzzle
        A :class:`~.puzzle.ColourNonogram` (a black-and-white
        :class:`~helper.nonogram.Nonogram` is the one-colour case).
    solver
        A key of ``SOLVERS`` (``None``: the portfolio, line logic then SAT).
    time_limit
        Seconds for the whole solve; the result's status then says "timeout".
    config
        Settings for the chosen solver (``None``: its defaults).

    Returns
    -------
    SolveResult
        The status, the grid of colour numbers (0 the background, checked against the
        clues), who answered, time, statistics.

    Raises
    ------
    ValueError
        An unknown solver.
    TypeError
        A puzzle that is not a Nonogram of either kind.

    Examples
    --------
    >>> from helper.nonogram.colour import ColourNonogram, solve
    >>> puzzle = ColourNonogram([[(1, "red"), (1, "blue")], [(2, "blue")]],
    ...                         [[(1, "red")], [(2, "blue")], [(1, "blue")]],
    ...                         [("red", "f00"), ("blue", "00f")])
    >>> result = solve(puzzle)
    >>> result.status, result.grid, result.method
    ('solved', [[1, 2, 0], [0, 2, 2]], 'portfolio: line logic')
    """
    chosen = REGISTRY.lookup(RECOMMENDED_SOLVER if solver is None else solver, "solve")
    return chosen(as_colour_nonogram(puzzle), time_limit=time_limit, config=config)


def count_solutions(
    puzzle: ColourNonogram,
    limit: int | None = 2,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
) -> CountResult:
    """The pictures that satisfy the clues, counting no further than ``limit``.

    Parameters
    ----------
    puzzle
        A :class:`~.puzzle.ColourNonogram` (or a black-and-white Nonogram).
    limit
        Stop after this many (a positive integer, or ``None`` for all); with the default 2,
        ``count.unique`` decides whether the puzzle is unique.
    solver
        A key of ``COUNTERS`` (``None``: CP-SAT's enumeration on the automaton model).
    time_limit
        Seconds for the whole count; when they pass first, ``complete`` is ``False`` and the
        count is never unique.

    Returns
    -------
    CountResult
        The solutions found (each checked against the clues), ``count``, ``complete``,
        ``unique``.

    Raises
    ------
    ValueError
        An unknown counter, or a ``limit`` that is not a positive integer or ``None``.
    TypeError
        A puzzle that is not a Nonogram of either kind.

    Examples
    --------
    >>> from helper.nonogram.colour import ColourNonogram, count_solutions
    >>> two = ColourNonogram([[(1, "red")], [(1, "red")]], [[(1, "red")], [(1, "red")]],
    ...                      [("red", "f00")])
    >>> count = count_solutions(two)
    >>> count.count, count.unique, count.reached_limit
    (2, False, True)
    """
    counter = REGISTRY.lookup(DEFAULT_COUNTER if solver is None else solver, "count")
    return counter(as_colour_nonogram(puzzle), limit, time_limit=time_limit)


__all__ = [
    "COLOUR_PORTFOLIO",
    "COUNTERS",
    "DEFAULT_COUNTER",
    "RECOMMENDED_SOLVER",
    "REGISTRY",
    "SOLVERS",
    "CpSatConfig",
    "Entry",
    "count_solutions",
    "line_logic_then_colour_cnf",
    "solve",
]
