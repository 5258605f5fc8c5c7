"""Test doubles shared by the test files: solvers that never answer, so that a test about
giving up does not depend on a puzzle staying hard for today's solvers; and explanation steps
made by hand, for the players' data."""

import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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


HANG = 20.0
"""Seconds an :class:`Answers` search waits for its interrupt before it gives up on it (so a test
that fails to stop it fails, rather than hangs)."""


class Answers(Solver):
    """A PySAT back end whose search answers ``answer`` after ``after`` seconds, or ``None``
    at once when it is interrupted (before or during the search, as Glucose does), and says
    whether it was (``interrupted``) and in which thread it searched (``threads``).
    ``solve()``, which no timer can stop, is refused."""

    def __init__(self, *args, after=HANG, answer=True, **kwargs):
        super().__init__(*args, **kwargs)
        self.after, self.answer = after, answer
        self.flag = threading.Event()
        self.interrupted = []  # one bool per search
        self.started = threading.Event()  # set as a search starts
        self.threads = []  # the name of the thread of each search

    def interrupt(self):
        self.flag.set()

    def clear_interrupt(self):
        self.flag.clear()

    def solve_limited(self, assumptions=(), expect_interrupt=False):
        assert expect_interrupt, "an interruptible back end searches with expect_interrupt"
        self.threads.append(threading.current_thread().name)
        self.started.set()
        stopped = self.flag.wait(self.after)
        self.interrupted.append(stopped)
        return None if stopped else self.answer

    def solve(self, *args, **kwargs):
        raise AssertionError("an uninterruptible solve() of a stand-in that waits")


def answering(after=HANG, answer=True, run=None, backend="g3"):
    """A :class:`~helper.backends.pysat.SatSolver` whose back end is an :class:`Answers`
    stand-in."""
    from helper.backends import pysat

    solver = pysat.SatSolver(backend, (), run=run)
    solver._solver.delete()
    solver._solver = Answers(name=pysat.constructor_name(backend), after=after, answer=answer)
    return solver


def ctrl_c_when(started: threading.Event) -> threading.Thread:
    """SIGINT to this process's main thread, as Ctrl-C would, as soon as ``started`` is set
    (the search is under way), so that a busy machine cannot make it come too early."""
    main = threading.main_thread().ident

    def press() -> None:
        if started.wait(HANG) and main is not None:
            signal.pthread_kill(main, signal.SIGINT)

    thread = threading.Thread(target=press, daemon=True)
    thread.start()
    return thread


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


@dataclass(frozen=True)
class Step:
    """An explanation step made by hand: the cells it decides, its lines, reason and kind."""

    cells: dict[tuple[int, int], int]
    lines: tuple[Any, ...] = (("row", 0),)
    reason: str = "Because."
    kind: str = "line"


def whole_grid(grid) -> list[Step]:
    """One step per row of ``grid``, each deciding the whole row."""
    return [
        Step({(r, c): v for c, v in enumerate(row)}, (("row", r),)) for r, row in enumerate(grid)
    ]
