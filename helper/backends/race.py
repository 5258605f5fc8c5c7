"""A second opinion: the same CNF solved by another SAT solver at the same time, first wins.

Two ways to run the second solver:

- :func:`race_in_threads`, in this process: the way the portfolio races by default. Each
  solver searches in a thread of its own; PySAT releases the interpreter while a search
  started with ``solve_limited(expect_interrupt=True)`` runs, so the two really search at the
  same time on two cores (a plain ``solve()`` holds the interpreter, and two of them would take
  turns). Both back ends must be interruptible
  (:data:`~helper.backends.pysat.INTERRUPTIBLE`): the loser is stopped with ``interrupt()``.
  No process to start, no clauses to pickle, and nothing that re-imports the caller's script.
- :func:`race`, in another process: an explicit option, for a second back end that cannot be
  interrupted (CaDiCaL), whose child is killed when it loses. The child is started with the
  ``spawn`` method, which every platform has (``fork`` does not exist on Windows and is unsafe
  on macOS and in a process that runs threads, such as a Jupyter kernel). ``spawn`` starts a
  fresh interpreter that imports the caller's ``__main__`` module again: a script that calls
  it must keep its top level under ``if __name__ == "__main__":``, or its top level runs twice
  and the child dies in its bootstrapping phase (the race then goes on with the primary alone).

:func:`usable_cores` tells whether a race can help at all: on a machine with one usable core
the two solvers would only share it.
"""

import multiprocessing as mp
import os
import threading
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from pysat.solvers import Solver

from helper.backends.pysat import (
    canonical,
    constructor_name,
    load_solver,
    require_interruptible,
    search_stats,
    without_cyclic_gc,
)
from helper.deadline import Run
from helper.errors import SolverTimeoutError

START_METHOD = "spawn"
"""How the second opinion's process starts: ``spawn`` exists on Linux, macOS and Windows."""

Model = list[int] | None  # a satisfying assignment (signed literals), None when unsatisfiable


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity where the system has one
    (``os.sched_getaffinity``, Linux), else ``os.cpu_count()``; at least 1."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(len(affinity(0)), 1)
        except OSError:  # pragma: no cover - a system that lists no affinity for us
            pass
    return max(os.cpu_count() or 1, 1)


def _second_opinion(conn: Connection, clauses: Sequence[Sequence[int]], backend: str) -> None:
    """In the child: solve and send back the model (``None`` when unsatisfiable)."""
    with load_solver(backend, clauses) as solver:
        found = solver.solve()
        conn.send((solver.get_model() if found else None, search_stats(solver)))
    conn.close()


def race(
    solver: Solver,
    primary: str,
    clauses: Sequence[Sequence[int]],
    second: str,
    run: Run,
) -> tuple[str, Model]:
    """Race ``solver`` (back end ``primary``, in this process) against ``second`` in a child.

    Returns the back end that answered first and its answer: a model, or ``None`` when the
    clauses are unsatisfiable. The child's counts are added to ``run.stats`` when it wins.
    Raises :class:`~helper.errors.SolverTimeoutError` when ``run.deadline`` passes first, and
    ``ValueError`` when ``primary`` cannot be interrupted (it must stop when the child wins).
    A child that dies (out of memory, or a script without a ``__main__`` guard) leaves the
    primary to finish alone.
    """
    require_interruptible(primary, "the primary of a race")
    canonical(second)  # a ValueError naming PySAT's solvers, before a child is started
    context: Any = mp.get_context(START_METHOD)
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_second_opinion, args=(send, clauses, second), daemon=True)
    child.start()
    send.close()
    answer: dict[str, bool | None] = {}
    done = threading.Event()

    def resume() -> None:
        answer["primary"] = solver.solve_limited(expect_interrupt=True)
        done.set()

    thread = threading.Thread(target=resume, daemon=True)
    thread.start()
    child_alive = True
    try:
        while not run.deadline.passed() and (child_alive or not done.is_set()):
            if done.wait(0 if done.is_set() else 0.005) and answer["primary"] is not None:
                return primary, solver.get_model() if answer["primary"] else None
            primary_gave_up = done.is_set()  # only when interrupted: wait on the child alone
            if child_alive and child.exitcode is not None and not receive.poll(0):
                child_alive = False  # it died without a word: go on alone
                continue
            if child_alive and receive.poll(0.005 if primary_gave_up else 0):
                try:
                    found, stats = receive.recv()
                except EOFError:  # the child died: go on alone
                    child_alive = False
                    continue
                run.count(**stats)
                return second, found
        raise SolverTimeoutError(f"{run.method}: no answer within {run.deadline.seconds} s")
    finally:
        solver.interrupt()
        thread.join()
        solver.clear_interrupt()
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()


LOAD_CHUNK = 20_000
"""Clauses the second solver of :func:`race_in_threads` loads between two looks at the first."""


def race_in_threads(
    solver: Solver,
    primary: str,
    clauses: Sequence[Sequence[int]],
    second: str,
    run: Run,
) -> tuple[str, Model]:
    """Race ``solver`` (back end ``primary``, in this process) against ``second``, loaded
    here and searching in a thread of its own; both must be interruptible (Glucose 3 and 4.1
    are, CaDiCaL is not).

    ``solver`` goes on searching in a thread while the second loads ``clauses``, a
    :data:`LOAD_CHUNK` at a time; loading stops as soon as ``solver`` has answered. Returns
    the back end that answered first and its answer: a model, or ``None`` when the clauses
    are unsatisfiable. The second's decisions and conflicts are added to ``run.stats`` when
    it searched (``solver``'s are left to the caller, as in :func:`race`). Raises
    :class:`~helper.errors.SolverTimeoutError` when ``run.deadline`` passes first, and
    ``ValueError`` naming the back end when either cannot be interrupted.
    """
    require_interruptible(primary, "a race in threads")
    require_interruptible(second, "a race in threads")
    answers: dict[str, bool | None] = {}
    done = threading.Event()
    threads: list[threading.Thread] = []

    def search(backend: str, searching: Solver) -> None:
        answers[backend] = searching.solve_limited(expect_interrupt=True)
        if answers[backend] is not None:
            done.set()

    def start(backend: str, searching: Solver) -> None:
        threads.append(threading.Thread(target=search, args=(backend, searching), daemon=True))
        threads[-1].start()

    other = Solver(name=constructor_name(second))
    racing = [(primary, solver)]
    try:
        start(primary, solver)
        with without_cyclic_gc():
            for begin in range(0, len(clauses), LOAD_CHUNK):
                if done.is_set() or run.deadline.passed():
                    break
                other.append_formula(clauses[begin : begin + LOAD_CHUNK])
            else:
                racing.append((second, other))
                start(second, other)
        while not done.wait(0.005):
            if run.deadline.passed() or len(answers) == len(racing):
                break  # out of time, or every solver gave up (interrupted from outside)
        for backend, searching in racing:
            if answers.get(backend) is not None:
                return backend, searching.get_model() if answers[backend] else None
        raise SolverTimeoutError(f"{run.method}: no answer within {run.deadline.seconds} s")
    finally:
        for _, searching in racing:
            searching.interrupt()
        for thread in threads:
            thread.join()
        solver.clear_interrupt()
        if len(racing) > 1:
            run.count(**search_stats(other))
        other.delete()
