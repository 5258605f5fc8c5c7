"""The book's recommended solver: line logic, then SAT, and a second SAT solver when it is hard.

Registered as ``"portfolio"`` (behind :func:`helper.nonogram.solve`). The steps, each only when
the one before has not answered:

1. line logic to its fixpoint on bit masks (:mod:`.bitline`): most pictures end here;
2. the automaton CNF of the cells left open (:mod:`.sat_automaton`), solved in this process by
   :data:`PRIMARY`, a solver whose search can be interrupted at a deadline;
3. after :data:`SECOND_AFTER` seconds without an answer, a second opinion: a forked child runs
   :data:`SECOND` on the same CNF while the primary resumes (it keeps what it learned). The
   first answer wins and the other solver is stopped.

SAT run times on hard puzzles are heavy-tailed, and two different solvers seldom have their
long runs on the same puzzle, so a second solver on the machine's second core cuts the tail.
A puzzle solved within :data:`SECOND_AFTER` never pays for a process. The choices were measured
with ``python -m helper.bench`` on the families' tuning splits.
"""

import multiprocessing as mp
import threading
from multiprocessing.connection import Connection

from pysat.solvers import Solver

from .clues import Grid
from .puzzle import Nonogram
from .sat_automaton import SatModel, line_logic_then_cnf
from .solving import Run, SolverTimeoutError, register

PRIMARY = "g3"
"""PySAT back end run in this process: Glucose 3 (interruptible, releases the interpreter)."""
SECOND = "cd153"
"""PySAT back end of the second opinion, in a forked child: CaDiCaL 1.5.3. Its search cannot
be interrupted from Python, so it runs in a process that is killed when it is not needed."""
SECOND_AFTER = 0.5
"""Seconds the primary solver works alone before the second opinion starts."""

NAMES = {"g3": "Glucose 3", "g4": "Glucose 4.1", "cd153": "CaDiCaL 1.5.3", "cd195": "CaDiCaL 1.9.5"}


def _second_opinion(conn: Connection, clauses: list[list[int]], backend: str) -> None:
    """In the child: solve and send back the model (``None`` when unsatisfiable)."""
    with Solver(name=backend, bootstrap_with=clauses) as solver:
        found = solver.solve()
        stats = solver.accum_stats() or {}
        conn.send((solver.get_model() if found else None, stats))
    conn.close()


def _solve_for(solver: Solver, seconds: float | None) -> bool | None:
    """Run ``solver`` until it answers or ``seconds`` pass (``None`` then)."""
    if seconds is None:
        return solver.solve_limited(expect_interrupt=True)
    timer = threading.Timer(max(seconds, 0.0), solver.interrupt)
    timer.start()
    try:
        return solver.solve_limited(expect_interrupt=True)
    finally:
        timer.cancel()
        solver.clear_interrupt()


def _count(run: Run, stats: dict) -> None:
    run.count(**{key: stats[key] for key in ("decisions", "conflicts") if key in stats})


def _race(solver: Solver, model: SatModel, run: Run) -> Grid | None:
    """The primary resumes in a thread while a forked child runs :data:`SECOND`."""
    context = mp.get_context("fork")  # the child gets the CNF without pickling it
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_second_opinion, args=(send, model.clauses, SECOND))
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
        while not run.deadline.passed():
            if done.wait(0.005):
                if answer["primary"] is None:
                    break  # interrupted: cannot happen before the deadline
                run.method = f"portfolio: SAT ({NAMES[PRIMARY]})"
                return model.decode(solver.get_model()) if answer["primary"] else None
            if child_alive and receive.poll():
                try:
                    found, stats = receive.recv()
                except EOFError:  # the child died (out of memory, say): go on alone
                    child_alive = False
                    continue
                _count(run, stats)
                run.method = f"portfolio: SAT ({NAMES[SECOND]})"
                return None if found is None else model.decode(found)
        raise SolverTimeoutError(f"portfolio: no answer within {run.deadline.seconds} s")
    finally:
        solver.interrupt()
        thread.join()
        solver.clear_interrupt()
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()


@register("portfolio")
def solve_portfolio(puzzle: Nonogram, run: Run) -> Grid | None:
    """Line logic; then the CNF of the open cells by :data:`PRIMARY`, joined by
    :data:`SECOND` in a second process when it takes longer than :data:`SECOND_AFTER`."""
    model = line_logic_then_cnf(puzzle)
    run.method = "portfolio: line logic"
    if model is None or model.clauses is None:
        return None
    if not model.clauses:
        return model.known
    run.count(open_cells=sum(var is not None for row in model.cells for var in row))
    with Solver(name=PRIMARY, bootstrap_with=model.clauses) as solver:
        left = run.deadline.left()
        first = SECOND_AFTER if left is None else min(SECOND_AFTER, left)
        found = _solve_for(solver, first)
        if found is None:
            run.deadline.check("portfolio")
            run.count(second_opinions=1)
            grid = _race(solver, model, run)
            _count(run, solver.accum_stats() or {})
            return grid
        _count(run, solver.accum_stats() or {})
        run.method = f"portfolio: SAT ({NAMES[PRIMARY]})"
        return model.decode(solver.get_model()) if found else None
