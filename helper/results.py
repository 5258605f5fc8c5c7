"""What a solve and a count return, the same for Nonogram and Futoshiki.

A solve returns a :class:`SolveResult` (a status, the grid when solved, who answered, time and
statistics). A count returns a :class:`CountResult`: an ``int``, the number of different
solutions found, that also says whether the count is final and keeps the solutions it found,
even when the time ran out before it could finish.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from helper.errors import ModelTooLargeError, NoSolutionError, SolverTimeoutError

Grid = list[list[int]]
Status = Literal["solved", "no solution", "timeout", "too large"]
"""How a solve ended: a grid, a proof that there is none, or no answer (time, size)."""


@dataclass(frozen=True)
class SolveResult:
    """What a solve did: the status, the grid (when solved), who answered, time, statistics.

    Attributes
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
    """

    status: Status
    grid: Grid | None
    solver: str
    method: str
    seconds: float
    stats: Mapping[str, int | float] = field(default_factory=dict)
    message: str = ""

    @property
    def solved(self) -> bool:
        """True when :attr:`grid` holds a solution."""
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


class CountResult(int):
    """The number of different solutions a count found, and what that number means.

    A ``CountResult`` is an ``int`` (``count_solutions(puzzle) == 1``), with more to say:

    - :attr:`complete`: the count is final. Either the search ran to its end (the number is
      exact) or it reached :attr:`limit` (there are *at least* that many);
    - when the time ran out first, ``complete`` is ``False`` and the number is what was found
      by then: a lower bound, never a wrong exact answer;
    - :attr:`solutions` keeps the grids found, in the order found; :attr:`status`,
      :attr:`message`, :attr:`seconds` and :attr:`stats` are those of the underlying run.

    ``count.unique`` is the question a puzzle maker asks: exactly one solution, proved.

    Attributes
    ----------
    solutions
        The different solutions found, in the order found.
    limit
        The count stopped at this many (``None``: no limit).
    complete
        The count is final: exact, or it reached ``limit``.
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
    """

    solutions: tuple[Grid, ...]
    limit: int | None
    complete: bool
    status: Status
    solver: str
    method: str
    seconds: float
    stats: Mapping[str, int | float]
    message: str

    def __new__(
        cls,
        solutions: Sequence[Grid],
        *,
        limit: int | None,
        complete: bool,
        status: Status = "solved",
        solver: str = "",
        method: str = "",
        seconds: float = 0.0,
        stats: Mapping[str, int | float] | None = None,
        message: str = "",
    ) -> "CountResult":
        self = super().__new__(cls, len(solutions))
        self.solutions = tuple(solutions)
        self.limit = limit
        self.complete = complete
        self.status = status
        self.solver, self.method = solver, method
        self.seconds = seconds
        self.stats = dict(stats or {})
        self.message = message
        return self

    @property
    def count(self) -> int:
        """The number of different solutions found, as a plain ``int``."""
        return int(self)

    @property
    def reached_limit(self) -> bool:
        """True when the count stopped because it found :attr:`limit` solutions."""
        return self.limit is not None and self.count >= self.limit

    @property
    def exact(self) -> bool:
        """True when the number is the puzzle's exact number of solutions."""
        return self.complete and not self.reached_limit

    @property
    def unique(self) -> bool:
        """True when the puzzle is proved to have exactly one solution."""
        return self.count == 1 and self.exact

    def __str__(self) -> str:
        return str(self.count)  # prints and formats as the plain number

    def __repr__(self) -> str:
        if self.exact:
            how = "exact"
        elif self.complete:
            how = f"at least, limit {self.limit}"
        else:
            how = f"incomplete, {self.status}"
        return f"CountResult({self.count}, {how})"

    def __reduce__(self):  # pickled by the benchmark, which counts in a child process
        return (_rebuild_count, (self.solutions, self.__dict__.copy()))


def _rebuild_count(solutions: tuple[Grid, ...], state: dict) -> CountResult:
    state = {key: value for key, value in state.items() if key != "solutions"}
    return CountResult(solutions, **state)


__all__ = ["CountResult", "Grid", "SolveResult", "Status", "check_limit"]
