"""A second opinion: the same CNF solved by another SAT solver at the same time, first wins.

Two ways to run the second solver:

- :func:`race_in_threads`, in this process: the way the portfolio races by default. Each
  solver searches in a thread of its own; PySAT releases the interpreter while a search
  started with ``solve_limited(expect_interrupt=True)`` runs, so the two really search at the
  same time on two cores (a plain ``solve()`` holds the interpreter, and two of them would take
  turns). Both back ends must be interruptible
  (:data:`~helper.backends.pysat.INTERRUPTIBLE`): the loser is stopped with ``interrupt()``.
  No process to start and no clauses to copy.
- :func:`race`, in another process: an explicit option, for a second back end that cannot be
  interrupted (CaDiCaL), whose child is killed when it loses. The child is a fresh
  interpreter started with ``subprocess`` (:func:`child_command`: this Python running
  :mod:`helper.backends.race_child`); the work goes to it pickled on its standard input and
  the answer comes back pickled on its standard output. Unlike ``multiprocessing``, this
  never imports the caller's ``__main__`` module again, so a script without an
  ``if __name__ == "__main__":`` guard runs its top level once, and it needs no ``fork``
  (which Windows lacks and which is unsafe on macOS and in a process that runs threads, such
  as a Jupyter kernel).

:func:`usable_cores` tells whether a race can help at all: on a machine with one usable core
the two solvers would only share it.
"""

import os
import pickle
import subprocess
import sys
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path

import helper
from helper.backends.pysat import NAMES, SatSolver, canonical, require_interruptible
from helper.backends.race_child import Answer
from helper.backends.watchdog import join_through_ctrl_c
from helper.deadline import Run
from helper.errors import SolverTimeoutError
from helper.sigint import ctrl_c_deferred

CHILD_MODULE = "helper.backends.race_child"
"""The module the child of :func:`race` runs (``python -m``)."""

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


def child_command() -> list[str]:
    """The command that starts the child of :func:`race`: this interpreter
    (``sys.executable``) running :data:`CHILD_MODULE`."""
    return [sys.executable, "-m", CHILD_MODULE]


def _start_child() -> subprocess.Popen[bytes]:
    """Start the child in the folder that holds this ``helper`` package, so that ``-m`` finds
    the same package whatever the caller's working directory holds."""
    return subprocess.Popen(
        child_command(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(helper.__file__).resolve().parent.parent,
        creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # no console on Windows
    )


def _listen(child: subprocess.Popen[bytes], work: bytes) -> Answer | str:
    """Hand ``work`` to the child and wait for it: its :class:`Answer`, or why there is none."""
    try:
        out, err = child.communicate(work)
    except (OSError, ValueError) as error:  # pragma: no cover - the pipes broke under us
        return f"its pipes failed ({error})"
    if child.returncode != 0:
        said = err.decode(errors="replace").strip()[-2000:]
        return f"it exited with code {child.returncode}" + (f":\n{said}" if said else "")
    try:
        model, stats = pickle.loads(out)
    except Exception as error:  # whatever it wrote, it is not an answer
        return f"its answer could not be read ({type(error).__name__}: {error})"
    return Answer(model, stats)


def _search(solver: SatSolver) -> bool | None:
    """One search of a race, in its own thread: the answer, or ``None`` when it was stopped
    (the other won, the deadline passed, or Ctrl-C: the waiting thread says which)."""
    try:
        return solver.solve()
    except SolverTimeoutError:
        return None


def race(
    solver: SatSolver,
    primary: str,
    clauses: Sequence[Sequence[int]],
    second: str,
    run: Run,
) -> tuple[str, Model]:
    """Race ``solver`` (back end ``primary``, in this process) against ``second`` in a child
    process (:mod:`helper.backends.race_child`), which is killed when it loses.

    Parameters
    ----------
    solver
        The primary, already loaded with ``clauses``; it goes on searching in a thread.
    primary
        Its back end, which must be interruptible: it must stop when the child wins.
    clauses
        The CNF, pickled to the child.
    second
        The child's PySAT back end (it may be one that cannot be interrupted, like CaDiCaL).
    run
        The solve's deadline and counts: the child's counts are added when it wins.

    Returns
    -------
    tuple of str and list of int or None
        The back end that answered first and its answer: a model, or ``None`` when the
        clauses are unsatisfiable.

    Raises
    ------
    SolverTimeoutError
        When ``run.deadline`` passes first.
    ValueError
        When ``primary`` cannot be interrupted, or ``second`` is not one of PySAT's solvers.

    Warns
    -----
    RuntimeWarning
        When the child cannot start or dies without an answer (the warning says why and
        quotes its error output); the primary then finishes alone.
    """
    require_interruptible(primary, "the primary of a race")
    canonical(second)  # a ValueError naming PySAT's solvers, before a child is started
    answer: dict[str, bool | None] = {}
    heard: dict[str, Answer | str] = {}
    news = threading.Event()

    def resume() -> None:
        answer["primary"] = _search(solver)
        news.set()

    def listen(child: subprocess.Popen[bytes]) -> None:
        heard["second"] = _listen(child, pickle.dumps((clauses, second), pickle.HIGHEST_PROTOCOL))
        news.set()

    child: subprocess.Popen[bytes] | None = None
    listener: threading.Thread | None = None
    try:
        child = _start_child()
    except (OSError, ValueError) as error:  # no interpreter to start (an embedded Python)
        heard["second"] = f"it could not start ({error})"
    else:
        listener = threading.Thread(target=listen, args=(child,), daemon=True)
        listener.start()
    thread = threading.Thread(target=resume, daemon=True)
    thread.start()
    warned = False
    try:
        while not run.deadline.passed():
            news.clear()
            if answer.get("primary") is not None:
                return primary, solver.model() if answer["primary"] else None
            reply = heard.get("second")
            if isinstance(reply, Answer):
                run.count(**reply.stats)
                return second, reply.model
            if reply is not None and not warned:
                warned = True
                warnings.warn(
                    f"the second opinion ({NAMES[second]}) in a child process gave no answer: "
                    f"{reply}; {NAMES[primary]} goes on alone",
                    RuntimeWarning,
                    stacklevel=2,
                )
            if "primary" in answer and reply is not None:
                break  # the primary was interrupted from outside and the child has failed
            left = run.deadline.left()
            news.wait(0.1 if left is None else min(left, 0.1))
        raise SolverTimeoutError(f"{run.method}: no answer within {run.deadline.seconds} s")
    finally:  # not cut in two by Ctrl-C: the primary's thread must end before it is freed
        with ctrl_c_deferred():
            solver.interrupt()
            join_through_ctrl_c(thread)
            solver.clear_interrupt()  # the primary may search again
            if child is not None and child.poll() is None:
                child.kill()
            if listener is not None:
                join_through_ctrl_c(listener)


LOAD_CHUNK = 20_000
"""Clauses the second solver of :func:`race_in_threads` loads between two looks at the first."""


def race_in_threads(
    solver: SatSolver,
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

    def search(backend: str, searching: SatSolver) -> None:
        answers[backend] = _search(searching)
        if answers[backend] is not None:
            done.set()

    def start(backend: str, searching: SatSolver) -> None:
        name = f"{NAMES[backend]} (search)"
        threads.append(
            threading.Thread(target=search, args=(backend, searching), name=name, daemon=True)
        )
        threads[-1].start()

    other = SatSolver(second, run=Run(run.deadline, run.method))  # its counts kept apart
    racing = [(primary, solver)]
    try:
        start(primary, solver)
        for begin in range(0, len(clauses), LOAD_CHUNK):
            if done.is_set() or run.deadline.passed():
                break
            other.add_clauses(clauses[begin : begin + LOAD_CHUNK])
        else:
            racing.append((second, other))
            start(second, other)
        while not done.wait(0.005):
            if run.deadline.passed() or len(answers) == len(racing):
                break  # out of time, or every solver gave up (interrupted from outside)
        for backend, searching in racing:
            if answers.get(backend) is not None:
                return backend, searching.model() if answers[backend] else None
        raise SolverTimeoutError(f"{run.method}: no answer within {run.deadline.seconds} s")
    finally:  # not cut in two by Ctrl-C: each thread must end before its solver is freed
        with ctrl_c_deferred():
            for _, searching in racing:
                searching.interrupt()
            for thread in threads:
                join_through_ctrl_c(thread)
            solver.clear_interrupt()  # the primary may search again
            if len(racing) > 1:
                run.count(**other.run.stats)
            other.close()
