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
    clauses: Sequence[Sequence[int]], primary: str, second: str, run: Run
) -> tuple[str, Model]:
    """Race back ends ``primary`` and ``second`` on ``clauses``, each in a thread of this
    process; both must be interruptible (Glucose 3 and 4.1 are, CaDiCaL is not).

    The primary is loaded and starts searching; meanwhile the second loads the clauses, a
    :data:`LOAD_CHUNK` at a time, and stops loading as soon as the primary has answered.
    Returns the back end that answered first and its answer: a model, or ``None`` when the
    clauses are unsatisfiable. Counts ``second_opinions`` (1 when the second searched) and
    the decisions and conflicts of both solvers in ``run.stats``. Raises
    :class:`~helper.errors.SolverTimeoutError` when ``run.deadline`` passes first.
    """
    answers: dict[str, bool | None] = {}
    done = threading.Event()
    racing: list[tuple[str, Solver, threading.Thread]] = []

    def search(backend: str, solver: Solver) -> None:
        answers[backend] = solver.solve_limited(expect_interrupt=True)
        if answers[backend] is not None:
            done.set()

    def start(backend: str, solver: Solver) -> None:
        thread = threading.Thread(target=search, args=(backend, solver), daemon=True)
        racing.append((backend, solver, thread))
        thread.start()

    loading: Solver | None = None
    try:
        start(primary, load_solver(primary, clauses))
        loading = Solver(name=second)
        with without_cyclic_gc():
            for begin in range(0, len(clauses), LOAD_CHUNK):
                if done.is_set() or run.deadline.passed():
                    break
                loading.append_formula(clauses[begin : begin + LOAD_CHUNK])
            else:
                run.count(second_opinions=1)
                start(second, loading)
                loading = None
        while not done.wait(0.005):
            if run.deadline.passed() or len(answers) == len(racing):
                break  # out of time, or every solver gave up (interrupted from outside)
        for backend, solver, _ in racing:
            if answers.get(backend) is not None:
                return backend, solver.get_model() if answers[backend] else None
        raise SolverTimeoutError(f"{run.method}: no answer within {run.deadline.seconds} s")
    finally:
        for _, solver, _ in racing:
            solver.interrupt()
        for _, _, thread in racing:
            thread.join()
        for _, solver, _ in racing:
            run.count(**search_stats(solver))
            solver.delete()
        if loading is not None:
            loading.delete()
