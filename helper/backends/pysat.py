"""PySAT as a back end: load a named SAT solver, solve it within a deadline, read its counts.

PySAT has no time limit of its own. :func:`solve_for` starts a timer that interrupts the
search (PySAT releases the interpreter while a solver searches, so the timer thread runs);
``solve_limited`` then returns ``None``. Solvers whose search cannot be interrupted (CaDiCaL)
are run in a process of their own instead (:mod:`helper.backends.race`).
"""

import gc
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from pysat.solvers import Solver

from helper.deadline import Run
from helper.errors import SolverTimeoutError

Clauses = list[list[int]]

NAMES = {
    "g3": "Glucose 3",
    "g4": "Glucose 4.1",
    "glucose4": "Glucose 4.1",
    "cd103": "CaDiCaL 1.0.3",
    "cd153": "CaDiCaL 1.5.3",
    "cd195": "CaDiCaL 1.9.5",
    "cadical195": "CaDiCaL 1.9.5",
}
"""Readable names of the PySAT back ends the package uses."""


@contextmanager
def without_cyclic_gc() -> Iterator[None]:
    """Pause Python's cycle collector while hundreds of thousands of clause lists are made.

    Lists of integers cannot form cycles, but each new batch of containers triggers a
    collection that walks all the others: on a 60 x 80 puzzle that took more than half the
    time of building the CNF. Reference counting still frees everything as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def load_solver(backend: str, clauses: Sequence[Sequence[int]]) -> Solver:
    """A PySAT solver ``backend`` holding ``clauses`` (loaded without the cycle collector)."""
    with without_cyclic_gc():
        return Solver(name=backend, bootstrap_with=clauses)


def search_stats(solver: Solver) -> dict[str, int]:
    """The solver's counts of decisions and conflicts (those it reports)."""
    stats = solver.accum_stats() or {}
    return {key: stats[key] for key in ("decisions", "conflicts") if key in stats}


def solve_for(
    solver: Solver, seconds: float | None, assumptions: Sequence[int] = ()
) -> bool | None:
    """Run ``solver`` until it answers or ``seconds`` pass (``None`` then; no limit when
    ``seconds`` is ``None``), with ``assumptions`` taken as true for this call only. A timer
    thread interrupts it: PySAT releases the interpreter while it searches."""
    if seconds is None:
        return solver.solve(assumptions=assumptions)
    timer = threading.Timer(max(seconds, 0.0), solver.interrupt)
    timer.start()
    try:
        return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    finally:
        timer.cancel()
        solver.clear_interrupt()


def solve_within(solver: Solver, run: Run) -> bool:
    """Run ``solver`` once within ``run.deadline`` and add its counts to ``run.stats``.

    Raises :class:`SolverTimeoutError` when the deadline passes first.
    """
    left = run.deadline.left()
    if left is not None:
        run.deadline.check(run.method)
    answer = solve_for(solver, left)
    run.count(**search_stats(solver))
    if answer is None:
        raise SolverTimeoutError(f"{run.method}: interrupted after {run.deadline.seconds} s")
    return answer
