"""A second opinion: the same CNF solved by another SAT solver at the same time, first wins.

Two ways to run the second solver:

- :func:`race`, in another process. The solver already loaded in this process goes on
  searching in a thread, while a child process runs a second back end on the same clauses.
  The first answer wins and the other solver is stopped (the thread's solver is interrupted,
  the child is killed). A child is needed when the second back end (CaDiCaL) cannot be
  interrupted from Python. The child is started with the ``spawn`` method, which every
  platform has (``fork`` does not exist on Windows and is unsafe on macOS and in a process
  that runs threads, such as a Jupyter kernel): it starts a fresh interpreter that imports
  only this module and PySAT, and receives the clauses by pickling.
- :func:`race_in_threads`, in this process. When both back ends can be interrupted (Glucose
  3 and 4.1), each searches in a thread of its own: PySAT releases the interpreter while a
  search started with ``solve_limited(expect_interrupt=True)`` runs, so the two really search
  at the same time on two cores (a plain ``solve()`` holds the interpreter, and two of them
  would take turns). No interpreter to start and no clauses to pickle: on a CNF of hundreds
  of thousands of clauses that costs more than a quick search.

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

from helper.backends.pysat import load_solver, search_stats, without_cyclic_gc
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
    Raises :class:`~helper.errors.SolverTimeoutError` when ``run.deadline`` passes first.
    A child that dies (out of memory, say) leaves the primary to finish alone.
    """
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
    :class:`~helper.errors.SolverTimeoutError` when ``run.deadline`` passes first.
    """
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

    other = Solver(name=second)
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
