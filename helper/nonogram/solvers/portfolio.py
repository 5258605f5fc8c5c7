"""The book's recommended solver: line logic, then SAT, and a second SAT solver when it is hard.

Registered as ``"portfolio"`` (behind :func:`helper.nonogram.solve`). The steps, each only when
the one before has not answered:

1. line logic to its fixpoint on bit masks (:mod:`.bitline`): most pictures end here;
2. the automaton CNF of the cells left open (:mod:`.sat_automaton`), solved in this process by
   :data:`PRIMARY`, a solver whose search can be interrupted at a deadline;
3. a second opinion: a forked child runs :data:`SECOND` on the same CNF while the primary goes
   on (it keeps what it learned). The first answer wins and the other solver is stopped. When
   line logic decided most of the grid, the second opinion starts only after
   :data:`SECOND_AFTER` seconds without an answer, so a quick solve never pays for a process;
   when line logic left more than :data:`HARD_SHARE` of the cells open and the CNF is small
   (random grids), it starts after :data:`HARD_SECOND_AFTER`, with :data:`HARD_PRIMARY` in
   this process: a second copy of a small CNF costs little, and there the tail is long.

SAT run times on hard puzzles are heavy-tailed, and two different solvers seldom have their
long runs on the same puzzle, so a second solver on the machine's second core cuts the tail.
The choices were measured with ``python -m helper.bench`` on the families' tuning splits.
"""

import multiprocessing as mp
import threading
from multiprocessing.connection import Connection

from pysat.solvers import Solver

from helper.nonogram.clues import Grid
from helper.nonogram.models.cnf_automaton import SatModel, line_logic_then_cnf, load_solver
from helper.nonogram.models.cnf_placements import solve_for
from helper.nonogram.puzzle import Nonogram
from helper.nonogram.solvers.registry import Run, SolverTimeoutError, register

PRIMARY = "g3"
"""PySAT back end run in this process: Glucose 3 (interruptible, releases the interpreter)."""
HARD_PRIMARY = "g4"
"""The back end run in this process when line logic left most cells open: Glucose 4.1."""
SECOND = "cd103"
"""PySAT back end of the second opinion, in a forked child: CaDiCaL 1.0.3. Its search cannot
be interrupted from Python, so it runs in a process that is killed when it is not needed."""
SECOND_AFTER = 0.5
"""Seconds the primary solver works alone before the second opinion starts."""
HARD_SHARE = 0.5
"""When line logic leaves more than this share of the cells open, the grid counts as hard."""
HARD_MAX_CLAUSES = 100_000
"""...and when its CNF has at most this many clauses (a second copy of a large CNF is costly)."""
HARD_SECOND_AFTER = 0.1
"""Seconds the primary solver works alone on a hard grid before the second opinion starts."""

NAMES = {
    "g3": "Glucose 3",
    "g4": "Glucose 4.1",
    "cd103": "CaDiCaL 1.0.3",
    "cd153": "CaDiCaL 1.5.3",
    "cd195": "CaDiCaL 1.9.5",
}


def _second_opinion(conn: Connection, clauses: list[list[int]], backend: str) -> None:
    """In the child: solve and send back the model (``None`` when unsatisfiable)."""
    with load_solver(backend, clauses) as solver:
        found = solver.solve()
        stats = solver.accum_stats() or {}
        conn.send((solver.get_model() if found else None, stats))
    conn.close()


def _count(run: Run, stats: dict) -> None:
    run.count(**{key: stats[key] for key in ("decisions", "conflicts") if key in stats})


def _race(solver: Solver, primary: str, model: SatModel, run: Run) -> Grid | None:
    """The ``primary`` solver goes on in a thread while a forked child runs :data:`SECOND`."""
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
        while not run.deadline.passed() and (child_alive or not done.is_set()):
            if done.wait(0 if done.is_set() else 0.005) and answer["primary"] is not None:
                run.method = f"portfolio: SAT ({NAMES[primary]})"
                return model.decode(solver.get_model()) if answer["primary"] else None
            primary_gave_up = done.is_set()  # only when interrupted: wait on the child alone
            if child_alive and receive.poll(0.005 if primary_gave_up else 0):
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
    """Line logic; then the CNF of the open cells by a SAT solver in this process, joined by
    :data:`SECOND` in a second process when it has not answered within
    :data:`HARD_SECOND_AFTER` (a hard grid) or :data:`SECOND_AFTER` seconds (others)."""
    model = line_logic_then_cnf(puzzle)
    run.method = "portfolio: line logic"
    if model is None or model.clauses is None:
        return None
    if not model.clauses:
        return model.known
    open_cells = sum(var is not None for row in model.cells for var in row)
    run.count(open_cells=open_cells)
    hard = open_cells > HARD_SHARE * puzzle.cells and len(model.clauses) <= HARD_MAX_CLAUSES
    primary, wait = (HARD_PRIMARY, HARD_SECOND_AFTER) if hard else (PRIMARY, SECOND_AFTER)
    with load_solver(primary, model.clauses) as solver:
        left = run.deadline.left()
        found = solve_for(solver, wait if left is None else min(wait, left))
        if found is None:
            run.deadline.check("portfolio")
            run.count(second_opinions=1)
            grid = _race(solver, primary, model, run)
        else:
            run.method = f"portfolio: SAT ({NAMES[primary]})"
            grid = model.decode(solver.get_model()) if found else None
        _count(run, solver.accum_stats() or {})
        return grid
