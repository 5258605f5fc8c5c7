"""Test doubles shared by the test files: solvers that never answer, so that a test about
giving up does not depend on a puzzle staying hard for today's solvers."""

import sys
import threading
from collections.abc import Callable

from pysat.solvers import Solver


class NeverAnswers(Solver):
    """A PySAT solver whose search never ends: it waits until it is interrupted.

    ``solve()`` (which no timer can interrupt) is refused, so a caller that would wait for it
    forever fails at once instead.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.stopped = threading.Event()

    def interrupt(self):
        self.stopped.set()
        super().interrupt()

    def clear_interrupt(self):
        self.stopped.clear()
        super().clear_interrupt()

    def solve_limited(self, *args, **kwargs):
        self.stopped.wait()
        return None

    def solve(self, *args, **kwargs):
        raise AssertionError("an uninterruptible solve() of a solver that never answers")


def child_running(code: str) -> Callable[[], list[str]]:
    """A stand-in for :func:`helper.backends.race.child_command`: a child process that runs
    the Python ``code`` instead of solving (dies, sleeps, writes what is not an answer)."""
    return lambda: [sys.executable, "-c", code]


def never_answering(backend, clauses=(), *, run=None):
    """A :class:`~helper.backends.pysat.SatSolver` whose search never ends (a
    :class:`NeverAnswers` inside), for a test that replaces one solver and not another."""
    from helper.backends import pysat

    solver = pysat.SatSolver(backend, (), run=run)
    solver._solver.delete()
    solver._solver = NeverAnswers(name=pysat.constructor_name(backend), bootstrap_with=clauses)
    return solver
