"""A solve's :class:`Deadline`, checked wherever work is done, and its :class:`Run`.

A deadline is made once per solve and handed down: to the model builders (checked once per
line), to line logic (once per line solved), to probing and search (once per probe or guess)
and to the solver back ends (as a time limit, or as an interrupt). A :class:`Run` carries it
together with the name of the method that answers and the statistics the steps count.
"""

import math
import time
from dataclasses import dataclass, field

from helper.errors import SolverTimeoutError


class Deadline:
    """A point in time after which a solve gives up; ``Deadline(None)`` never passes.

    Made once per solve and handed down to every step, which asks ``check`` (or
    ``left``, for a back end that takes a time limit).

    Parameters
    ----------
    seconds
        From now; ``None`` (or infinity) for no limit.

    Raises
    ------
    ValueError
        When ``seconds`` is not a positive number.

    Examples
    --------
    >>> deadline = Deadline(60)
    >>> deadline.passed(), 59 < deadline.left() <= 60
    (False, True)
    >>> Deadline(None).left() is None
    True
    >>> Deadline(0)
    Traceback (most recent call last):
    ...
    ValueError: a time limit must be a positive number of seconds, got 0
    """

    def __init__(self, seconds: float | None = None) -> None:
        if seconds is not None and not seconds > 0:
            raise ValueError(f"a time limit must be a positive number of seconds, got {seconds}")
        if seconds is not None and math.isinf(seconds):
            seconds = None  # an infinite time limit is no time limit
        self.seconds = seconds
        self._end = None if seconds is None else time.perf_counter() + seconds

    def left(self) -> float | None:
        """Seconds left (at least a hundredth, so it can be handed to a solver), or ``None``."""
        if self._end is None:
            return None
        return max(self._end - time.perf_counter(), 0.01)

    def passed(self) -> bool:
        """True once the deadline is behind us (never for ``Deadline(None)``)."""
        return self._end is not None and time.perf_counter() > self._end

    def check(self, what: str) -> None:
        """Raise :class:`~helper.errors.SolverTimeoutError` naming ``what`` once the deadline
        has passed."""
        if self.passed():
            raise SolverTimeoutError(f"{what}: no answer within {self.seconds:g} s")


NO_DEADLINE = Deadline()
"""A deadline that never passes (the default wherever a deadline is optional)."""


@dataclass
class Run:
    """One solve in progress, as a model or a back end sees it.

    Parameters
    ----------
    deadline
        The time the solve must respect.
    method
        What is answering (a registered solver's own name by default; a portfolio sets the
        step that found the grid).
    stats
        Counts collected along the way (branches, conflicts, guesses, ...).

    Examples
    --------
    >>> run = Run(Deadline(10), "line-search")
    >>> run.count(guesses=1)
    >>> run.count(guesses=2, conflicts=1)
    >>> run.stats
    {'guesses': 3, 'conflicts': 1}
    """

    deadline: Deadline = field(default_factory=Deadline)
    method: str = ""
    stats: dict[str, int | float] = field(default_factory=dict)

    def count(self, **amounts: int | float) -> None:
        """Add to the statistics, e.g. ``run.count(guesses=1)``."""
        for key, value in amounts.items():
            self.stats[key] = self.stats.get(key, 0) + value
