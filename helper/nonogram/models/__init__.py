"""Nonogram models: a puzzle (and the cells already known) in, a CP-SAT model or a CNF out.

The book shows the teaching version of each model builder (no deadline, no validation). The
registered solvers call that same code with each line's function wrapped by :func:`checked`,
so a long build stops between two lines once the solve's deadline has passed.
"""

from collections.abc import Callable
from typing import Any, TypeVar

from helper.deadline import Deadline

F = TypeVar("F", bound=Callable[..., Any])


def checked(line_function: F, deadline: Deadline, what: str) -> F:
    """``line_function``, checking ``deadline`` (naming ``what``) before each call."""

    def check_then_call(*args: Any, **kwargs: Any) -> Any:
        deadline.check(what)
        return line_function(*args, **kwargs)

    return check_then_call  # type: ignore[return-value]
