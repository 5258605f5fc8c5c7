"""What a solve and a count return, the same for Nonogram and Futoshiki.

A solve returns a :class:`SolveResult` (a status, the grid when solved, who answered, time and
statistics). A count returns a :class:`CountResult`, a frozen value: the solutions found, their
number (``count``), whether the count is final (``complete``) and whether it proves the puzzle
unique (``unique``), even when the time ran out before it could finish.
"""

import numbers
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field, fields
from typing import Literal

from helper.errors import ModelTooLargeError, NoSolutionError, SolverTimeoutError
from helper.proofs import Certificate

Grid = list[list[int]]
Status = Literal["solved", "no solution", "timeout", "too large"]
"""How a solve ended: a grid, a proof that there is none, or no answer (time, size)."""


@dataclass(frozen=True)
class SolveResult:
    """What a solve did: the status, the grid (when solved), who answered, time, statistics.

    Parameters
    ----------
    status
        ``"solved"``, ``"no solution"``, ``"timeout"`` or ``"too large"``.
    grid
        The solution (a Nonogram's 0/1 picture, a Futoshiki's filled grid), or ``None``.
    solver
        The registered solver that was called.
    method
        The method that answered (a portfolio names the step that won).
    seconds
        Wall-clock seconds of the whole solve.
    stats
        Counts such as branches, conflicts or guesses.
    message
        Why there is no grid, when there is none.
    certificate
        With ``certify=True``: the claim ("has a solution", "no solution") and its proof
        (:class:`~helper.proofs.certificate.Certificate`); ``None`` otherwise.

    Examples
    --------
    >>> from helper.nonogram import Nonogram, solve
    >>> result = solve(Nonogram([[1], [1]], [[2], []]), solver="cpsat-automaton")
    >>> result.solved, result.grid, result.solver
    (True, [[1, 0], [1, 0]], 'cpsat-automaton')
    >>> result.picture()  # the grid, or the error that says why there is none
    [[1, 0], [1, 0]]
    """

    status: Status
    grid: Grid | None
    solver: str
    method: str
    seconds: float
    stats: Mapping[str, int | float] = field(default_factory=dict)
    message: str = ""
    certificate: Certificate | None = None

    @property
    def solved(self) -> bool:
        """True when ``grid`` holds a solution."""
        return self.status == "solved"

    def picture(self) -> Grid:
        """The grid, or the error that says why there is none.

        Raises :class:`~helper.errors.NoSolutionError`,
        :class:`~helper.errors.SolverTimeoutError` or :class:`~helper.errors.ModelTooLargeError`.
        """
        if self.grid is not None:
            return self.grid
        if self.status == "no solution":
            raise NoSolutionError(self.message)
        if self.status == "too large":
            raise ModelTooLargeError(self.message)
        raise SolverTimeoutError(self.message)


def check_limit(limit: int | None) -> int | None:
    """The one rule for ``limit`` everywhere: a positive integer, or ``None`` for no limit."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError(f"limit must be a positive integer or None, got {limit!r}")
    return limit


_HOW_TO_ASK = (
    "a CountResult is not a number: ask count.unique (exactly one solution, proved), "
    "count.count (how many were found), count.complete or count.exact"
)


@dataclass(frozen=True, eq=False)
class CountResult:
    """The solutions a count found, and what their number means.

    ``count.unique`` is the question a puzzle maker asks: exactly one solution, proved. A
    ``CountResult`` is a frozen value, not a number: comparing it with an int
    (``count_solutions(puzzle, limit=1) == 1`` would hold for a puzzle with two solutions, since the
    count stopped at its limit), ordering it, ``int(count)`` and ``bool(count)`` raise a
    ``TypeError`` that says what to ask instead. It prints as its number.

    Parameters
    ----------
    solutions
        The different solutions found, in the order found.
    limit
        The count stopped at this many (``None``: no limit).
    complete
        The count is final: the search ran to its end (the number is exact), or it reached
        ``limit`` (there are *at least* that many). ``False`` when the time ran out first: the
        number is then what was found by then, a lower bound.
    status
        ``"solved"`` (some found), ``"no solution"``, ``"timeout"`` or ``"too large"``.
    solver
        The registered counter that was called.
    method
        The method that answered.
    seconds
        Wall-clock seconds of the whole count.
    stats
        Counts such as branches, conflicts, and the number of solutions.
    message
        Why the count is incomplete, when it is.
    certificate
        With ``certify=True``: what the count claims ("unique", "no solution", "at least 2
        solutions", ...) and its proof (:class:`~helper.proofs.certificate.Certificate`); ``None``
        otherwise.

    Examples
    --------
    >>> one = CountResult([[[1]]], limit=2, complete=True)
    >>> one.count, one.exact, one.unique
    (1, True, True)
    >>> stopped = CountResult([[[0, 1]]], limit=1, complete=True)  # the limit was reached
    >>> stopped.count, stopped.reached_limit, stopped.unique
    (1, True, False)
    >>> print(stopped)
    1
    >>> stopped == 1
    Traceback (most recent call last):
    ...
    TypeError: a CountResult is not a number: ask count.unique (exactly one solution, ...
    """

    solutions: Sequence[Grid]  # stored as a tuple
    _: KW_ONLY
    limit: int | None
    complete: bool
    status: Status = "solved"
    solver: str = ""
    method: str = ""
    seconds: float = 0.0
    stats: Mapping[str, int | float] = field(default_factory=dict)
    message: str = ""
    certificate: Certificate | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "solutions", tuple(self.solutions))
        object.__setattr__(self, "stats", dict(self.stats))

    @property
    def count(self) -> int:
        """The number of different solutions found."""
        return len(self.solutions)

    @property
    def reached_limit(self) -> bool:
        """True when the count stopped because it found ``limit`` solutions."""
        return self.limit is not None and self.count >= self.limit

    @property
    def exact(self) -> bool:
        """True when :attr:`count` is the puzzle's exact number of solutions."""
        return self.complete and not self.reached_limit

    @property
    def unique(self) -> bool:
        """True when the puzzle is proved to have exactly one solution."""
        return self.count == 1 and self.exact

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CountResult):
            return _fields(self) == _fields(other)
        if isinstance(other, numbers.Number):
            raise TypeError(_HOW_TO_ASK)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it holds lists of grids

    def _refuse(self, other: object) -> bool:
        raise TypeError(_HOW_TO_ASK)

    __lt__ = __le__ = __gt__ = __ge__ = _refuse

    def __bool__(self) -> bool:
        raise TypeError(_HOW_TO_ASK)

    def __int__(self) -> int:
        raise TypeError(_HOW_TO_ASK)

    def __index__(self) -> int:
        raise TypeError(_HOW_TO_ASK)

    def __str__(self) -> str:
        return str(self.count)  # prints as the plain number

    def __format__(self, spec: str) -> str:
        return format(self.count, spec)

    def __repr__(self) -> str:
        if self.exact:
            how = "exact"
        elif self.complete:
            how = f"at least, limit {self.limit}"
        else:
            how = f"incomplete, {self.status}"
        return f"CountResult({self.count}, {how})"


def _fields(count: CountResult) -> tuple:
    return tuple(getattr(count, f.name) for f in fields(count))


__all__ = ["CountResult", "Grid", "SolveResult", "Status", "check_limit"]
