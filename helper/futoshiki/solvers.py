"""The registry of Futoshiki solvers, in the same shape as Nonogram's.

``REGISTRY`` is a :class:`helper.registry.Registry`: ``SOLVERS[name](puzzle,
time_limit=..., config=...)`` returns a :class:`~helper.results.SolveResult` and
``COUNTERS[name](puzzle, limit, time_limit=...)`` a :class:`~helper.results.CountResult`, each
grid checked against the puzzle. Registered:

- ``"cpsat"``: the :class:`~helper.futoshiki.model.GameBoard` model on CP-SAT (one worker, a
  fixed seed), solve and count;
- ``"sat-onehot"``: the one-hot CNF of :func:`~helper.futoshiki.cnf.futoshiki_cnf` on a PySAT
  back end (:class:`SatConfig`; Glucose 4.1 by default, which can be interrupted, so the time
  limit holds), solve and count (blocking clauses).

A count whose time runs out, even while its model is being built, returns an incomplete count
(``complete`` is ``False``) with what it found, as Nonogram's counts do.
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from helper.backends.cpsat import enumerate_grids, found_solution, solve_model
from helper.backends.pysat import load_solver, require_interruptible, solve_within
from helper.deadline import Run
from helper.errors import SolverTimeoutError
from helper.registry import Counter, Family, Registry, Solver
from helper.results import CountResult, SolveResult

from .cnf import futoshiki_cnf
from .model import GameBoard
from .puzzle import Futoshiki, as_futoshiki
from .validate import Grid

FUTOSHIKI = Family("Futoshiki", as_futoshiki, "no solution: no grid obeys all the givens and signs")

REGISTRY = Registry(FUTOSHIKI)
"""Every registered Futoshiki solver and counter by name."""

SOLVERS: Mapping[str, Solver] = REGISTRY.solvers
"""``SOLVERS[name](puzzle) -> SolveResult``."""

COUNTERS: Mapping[str, Counter] = REGISTRY.counters
"""``COUNTERS[name](puzzle, limit) -> CountResult``."""

DEFAULT_SOLVER = "cpsat"
"""The solver behind :func:`helper.futoshiki.solve` and the counter behind
:func:`helper.futoshiki.count_solutions`: the ``GameBoard`` model on CP-SAT."""


@REGISTRY.register("cpsat")
def solve_gameboard(puzzle: Futoshiki, run: Run) -> Grid | None:
    """The ``GameBoard`` model, solved by CP-SAT within ``run.deadline``."""
    board = GameBoard(puzzle)
    solver, status = solve_model(board.model, run, callback=board)
    if board.solution is not None:
        return board.solution
    found_solution(solver, status, run)  # INFEASIBLE: False; otherwise it raises
    return None


@REGISTRY.register_counter("cpsat")
def count_gameboard(puzzle: Futoshiki, run: Run, limit: int | None) -> Iterator[Grid]:
    """Up to ``limit`` different solutions, enumerated by CP-SAT (one worker: with more, its
    enumeration misses solutions, see :func:`helper.ortools.get_all_solutions`)."""
    board = GameBoard(puzzle)
    grids, complete = enumerate_grids(board.model, board.cells, run, limit)
    yield from grids
    if not complete:
        raise SolverTimeoutError(
            f"counting stopped after {run.deadline.seconds} s with {len(grids)} solution(s) found"
        )


@dataclass(frozen=True)
class SatConfig:
    """Settings of ``"sat-onehot"``: the PySAT back end, checked when the settings are made.

    Parameters
    ----------
    backend
        A PySAT solver name (any alias); it must be one that can be interrupted, so that a
        time limit holds (Glucose 4.1 by default).

    Raises
    ------
    ValueError
        When PySAT has no such back end, or it cannot be interrupted (CaDiCaL).

    Examples
    --------
    >>> SatConfig("g3").backend
    'glucose3'
    >>> SatConfig("cd195")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: CaDiCaL 1.9.5 ('cd195') cannot be interrupted, so it cannot serve a Futoshiki...
    """

    backend: str = "glucose4"

    def __post_init__(self) -> None:
        chosen = require_interruptible(self.backend, "a Futoshiki solve with a time limit")
        object.__setattr__(self, "backend", chosen)


def _decode(model: Sequence[int], var, size: int) -> Grid:
    true = {lit for lit in model if lit > 0}
    values = range(1, size + 1)
    return [
        [next(v for v in values if var(r, c, v) in true) for c in range(size)] for r in range(size)
    ]


@REGISTRY.register("sat-onehot", config=SatConfig())
def solve_onehot(puzzle: Futoshiki, run: Run, config: SatConfig) -> Grid | None:
    """The one-hot CNF, solved by ``config.backend`` within ``run.deadline``."""
    cnf, var = futoshiki_cnf(*puzzle)
    run.deadline.check(run.method)
    with load_solver(config.backend, cnf.clauses) as solver:
        if not solve_within(solver, run):
            return None
        return _decode(solver.get_model(), var, puzzle.width)


@REGISTRY.register_counter("sat-onehot", config=SatConfig())
def count_onehot(
    puzzle: Futoshiki, run: Run, limit: int | None, config: SatConfig
) -> Iterator[Grid]:
    """Up to ``limit`` solutions: each one found is ruled out by a blocking clause."""
    cnf, var = futoshiki_cnf(*puzzle)
    run.deadline.check(run.method)
    found = 0
    with load_solver(config.backend, cnf.clauses) as solver:
        while (limit is None or found < limit) and solve_within(solver, run):
            grid = _decode(solver.get_model(), var, puzzle.width)
            found += 1
            yield grid
            solver.add_clause(
                [-var(r, c, v) for r, row in enumerate(grid) for c, v in enumerate(row)]
            )


def solve(
    puzzle: Futoshiki | Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
    config: object = None,
) -> SolveResult:
    """Solve a Futoshiki with a registered solver (``"cpsat"``, the ``GameBoard`` model, by
    default).

    Parameters
    ----------
    puzzle
        A :class:`~helper.futoshiki.puzzle.Futoshiki`; or its grid, with ``constraints``, as a
        shorthand for ``Futoshiki(grid, constraints)``.
    constraints
        The signs, when ``puzzle`` is a grid.
    solver
        A key of ``SOLVERS`` (``None``: ``DEFAULT_SOLVER``).
    time_limit
        Seconds for the whole solve; the result's status then says "timeout".
    config
        Settings for the chosen solver (``None``: its defaults).

    Returns
    -------
    SolveResult
        The status, the grid (checked against the puzzle), who answered, time, statistics.

    Raises
    ------
    ValueError
        An unknown solver, or a malformed puzzle (naming the row, cell or sign).
    TypeError
        A puzzle that is neither a ``Futoshiki`` nor a grid with constraints.

    Examples
    --------
    >>> from helper.futoshiki import Futoshiki, solve
    >>> result = solve(Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1))]))
    >>> result.status, result.grid
    ('solved', [[1, 2], [2, 1]])
    >>> solve([[0, 0], [0, 0]], [((0, 0), (0, 1))], solver="sat-onehot").grid
    [[1, 2], [2, 1]]
    """
    if constraints is not None:
        if isinstance(puzzle, Futoshiki):
            raise TypeError("pass either a Futoshiki or its grid and constraints, not both")
        puzzle = Futoshiki(puzzle, constraints)
    chosen = REGISTRY.lookup(DEFAULT_SOLVER if solver is None else solver, "solve")
    return chosen(puzzle, time_limit=time_limit, config=config)


def count_solutions(
    puzzle: Futoshiki,
    limit: int | None = 2,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
) -> CountResult:
    """How many solutions the puzzle has, counting no further than ``limit``.

    Parameters
    ----------
    puzzle
        A :class:`~helper.futoshiki.puzzle.Futoshiki`.
    limit
        Stop after this many (a positive integer, or ``None`` for all). With the default 2,
        ``count.unique`` decides whether the puzzle is proper.
    solver
        A key of ``COUNTERS`` (``None``: ``DEFAULT_SOLVER``).
    time_limit
        Seconds for the whole count; when they pass first, the count holds what was found and
        ``complete`` is ``False``.

    Returns
    -------
    CountResult
        The solutions found (each checked), ``count``, ``complete``, ``unique``.

    Raises
    ------
    ValueError
        An unknown counter, or a ``limit`` that is not a positive integer or ``None``.

    Examples
    --------
    >>> from helper.futoshiki import Futoshiki, count_solutions
    >>> count = count_solutions(Futoshiki([[0, 0], [0, 0]]))
    >>> count.count, count.unique, count.reached_limit
    (2, False, True)
    >>> count_solutions(Futoshiki([[1, 0], [0, 0]]), solver="sat-onehot").unique
    True
    """
    chosen = REGISTRY.lookup(DEFAULT_SOLVER if solver is None else solver, "count")
    return chosen(puzzle, limit, time_limit=time_limit)


__all__ = [
    "COUNTERS",
    "DEFAULT_SOLVER",
    "REGISTRY",
    "SOLVERS",
    "SatConfig",
    "count_solutions",
    "solve",
]
