"""The registry of Futoshiki solvers, in the same shape as Nonogram's.

``REGISTRY`` is a :class:`helper.registry.Registry`: ``SOLVERS[name](puzzle,
time_limit=..., config=...)`` returns a :class:`~helper.results.SolveResult` and
``COUNTERS[name](puzzle, limit, time_limit=...)`` a :class:`~helper.results.CountResult`, each
grid checked against the puzzle. Registered:

- ``"cpsat"``: the :class:`~helper.futoshiki.model.GameBoard` model on CP-SAT (one worker, a
  fixed seed), solve and count;
- ``"sat-onehot"``: the one-hot CNF of :func:`~helper.futoshiki.cnf.futoshiki_cnf` on a PySAT
  back end (:class:`SatConfig`; the book's one default, Glucose 3, which can be interrupted,
  so the time limit holds), solve and count (blocking clauses).

A count whose time runs out, even while its model is being built, returns an incomplete count
(``complete`` is ``False``) with what it found, as Nonogram's counts do.
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from helper.backends.cpsat import enumerate_grids, found_solution, solve_model
from helper.backends.pysat import DEFAULT_BACKEND, SatSolver, require_interruptible
from helper.deadline import Run
from helper.errors import SolverTimeoutError
from helper.registry import Counter, Family, Registry, Solver
from helper.results import CountResult, SolveResult

from .cnf import blocking_clause, decode_one_hot, futoshiki_cnf
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
        time limit holds (:data:`~helper.backends.pysat.DEFAULT_BACKEND`, Glucose 3, by default).

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

    backend: str = DEFAULT_BACKEND

    def __post_init__(self) -> None:
        chosen = require_interruptible(self.backend, "a Futoshiki solve with a time limit")
        object.__setattr__(self, "backend", chosen)


@REGISTRY.register("sat-onehot", config=SatConfig())
def solve_onehot(puzzle: Futoshiki, run: Run, config: SatConfig) -> Grid | None:
    """The one-hot CNF, solved by ``config.backend`` within ``run.deadline``."""
    cnf, var = futoshiki_cnf(*puzzle)
    with SatSolver(config.backend, cnf.clauses, run=run) as solver:
        if not solver.solve():
            return None
        return decode_one_hot(solver.model(), var, puzzle.width)


@REGISTRY.register_counter("sat-onehot", config=SatConfig())
def count_onehot(
    puzzle: Futoshiki, run: Run, limit: int | None, config: SatConfig
) -> Iterator[Grid]:
    """Up to ``limit`` solutions: each one found is ruled out by a blocking clause."""
    cnf, var = futoshiki_cnf(*puzzle)
    size = puzzle.width

    def block(model: list[int]) -> list[int]:
        return blocking_clause(decode_one_hot(model, var, size), var)

    with SatSolver(config.backend, cnf.clauses, run=run) as solver:
        for model in solver.models(block, limit):
            yield decode_one_hot(model, var, size)


def solve(
    puzzle: Futoshiki | Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
    config: object = None,
    certify: bool = False,
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
    certify
        Also prove the answer (:mod:`helper.futoshiki.certify`): "no solution" with a DRAT
        proof that the book's checker accepts, "has a solution" with the grid. The proof gets
        what is left of ``time_limit``.

    Returns
    -------
    SolveResult
        The status, the grid (checked against the puzzle), who answered, time, statistics;
        with ``certify``, ``certificate``.

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
    puzzle = as_futoshiki(puzzle)
    result: SolveResult = chosen(puzzle, time_limit=time_limit, config=config)
    if not certify:
        return result
    from .certify import certify_solve

    return replace(result, certificate=certify_solve(puzzle, result, time_limit=time_limit))


def count_solutions(
    puzzle: Futoshiki,
    limit: int | None = 2,
    *,
    solver: str | None = None,
    time_limit: float | None = None,
    certify: bool = False,
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
    certify
        Also prove what the count claims (:mod:`helper.futoshiki.certify`): "unique" or "no
        solution" with a DRAT proof that the book's checker accepts, "at least 2 solutions"
        with the solutions. The proof gets what is left of ``time_limit``.

    Returns
    -------
    CountResult
        The solutions found (each checked), ``count``, ``complete``, ``unique``; with
        ``certify``, ``certificate``.

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
    puzzle = as_futoshiki(puzzle)
    count: CountResult = chosen(puzzle, limit, time_limit=time_limit)
    if not certify:
        return count
    from .certify import certify_count

    return replace(count, certificate=certify_count(puzzle, count, time_limit=time_limit))


__all__ = [
    "COUNTERS",
    "DEFAULT_SOLVER",
    "REGISTRY",
    "SOLVERS",
    "SatConfig",
    "count_solutions",
    "solve",
]
