"""CP-SAT behind the one door: every ``CpSolver`` of the package is made and run here.

:func:`make_solver` makes one with a fixed seed and worker count (so printed results do not
churn); :func:`solve_model` runs it within a :class:`~helper.deadline.Run`'s deadline, lets
Ctrl-C raise ``KeyboardInterrupt`` at once (the search runs in a thread while the caller's waits
in Python), adds its branches and conflicts to the run's statistics, and refuses an invalid model
with a ``ValueError``. :func:`read_status` is the one reading of what a solve ended with, for a
model with an objective or without; :func:`found_solution` is that reading for a model without
one, :func:`solve_to_optimum` for a model with one. :class:`SolutionCollector` and
:func:`enumerate_values` are the package's one enumeration on CP-SAT.
"""

import atexit
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal

from ortools.sat.python import cp_model

from helper.deadline import Run
from helper.errors import NoSolutionError, SolverTimeoutError
from helper.results import check_limit

from .watchdog import REPEAT, raise_if_interrupted, watching

Parameters = Mapping[str, int | float | bool]

DEFAULT_SEED = 0
DEFAULT_WORKERS = 1

ANSWERED = (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
"""The statuses that decide a model without an objective: a solution, or a proof of none."""

Verdict = Literal["optimal", "feasible", "infeasible", "unknown"]
"""What a solve ended with, read from CP-SAT's status. ``"optimal"``: a solution, and for an
objective the proof that none is better. ``"feasible"``: a solution whose optimality is not
proved (the time ran out). ``"infeasible"``: a proof that there is no solution. ``"unknown"``:
no answer (the time ran out, or the search was stopped)."""


def make_solver(
    time_limit: float | None = None,
    *,
    workers: int = DEFAULT_WORKERS,
    seed: int = DEFAULT_SEED,
    **parameters: int | float | bool,
) -> cp_model.CpSolver:
    """A ``CpSolver`` with a fixed seed and worker count, so printed results do not churn.

    ``parameters`` are further fields of CP-SAT's ``SatParameters`` (for example
    ``cp_model_presolve=False``); a name CP-SAT does not know is a ``ValueError``. The package
    runs it with :func:`~helper.backends.cpsat.solve_model`, which adds the deadline, Ctrl-C
    and the statistics.
    """
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = float(time_limit)
    for key, value in parameters.items():
        if not hasattr(solver.parameters, key):
            raise ValueError(f"CP-SAT has no parameter {key!r}")
        setattr(solver.parameters, key, value)
    return solver


def new_solver(run: Run | None = None, parameters: Parameters | None = None) -> cp_model.CpSolver:
    """A ``CpSolver`` whose time limit is what is left of ``run.deadline``.

    ``parameters`` override fields of ``SatParameters``; ``num_workers`` and ``random_seed``
    default to the book's (one worker, seed 0). An unknown name is a ``ValueError``.
    """
    options = dict(parameters or {})
    workers = int(options.pop("num_workers", DEFAULT_WORKERS))
    seed = int(options.pop("random_seed", DEFAULT_SEED))
    left = run.deadline.left() if run is not None else None
    return make_solver(left, workers=workers, seed=seed, **options)


def search_stats(solver: cp_model.CpSolver) -> dict[str, int]:
    """CP-SAT's counts of the search: branches and conflicts."""
    return {"branches": solver.num_branches, "conflicts": solver.num_conflicts}


def solve_model(
    model: cp_model.CpModel,
    run: Run | None = None,
    parameters: Parameters | None = None,
    callback: cp_model.CpSolverSolutionCallback | None = None,
    *,
    log: Callable[[str], None] | None = None,
) -> tuple[cp_model.CpSolver, Any]:
    """Solve ``model`` within ``run.deadline``; the solver and its status.

    The one place a ``CpSolver`` searches. The deadline is checked first (a model that took all
    the time to build is not handed over); CP-SAT's own time limit is what is left of it.
    CP-SAT's branches and conflicts are added to ``run.stats``. ``log``, when given, receives
    CP-SAT's log (``log_search_progress`` on, nothing printed).

    Ctrl-C raises ``KeyboardInterrupt`` at once: CP-SAT searches in a thread of its own while
    this one waits in Python, where Ctrl-C reaches it, and the search is told to stop
    (``stop_search``; CP-SAT's own Ctrl-C handler is switched off, since it would end the
    search as if the time had run out). A program that replaced Python's SIGINT handler by one
    that raises nothing still stops the search and gets ``KeyboardInterrupt`` (the watchdog
    hears the signal). CP-SAT looks at a stop only between the steps of its
    presolve; when it has not stopped within :data:`GRACE` seconds, it is left to end on its
    own, in the background, and the model must not be changed until it has (the package's
    callers let go of the model; :func:`stopping` says how many such searches are left).

    Raises
    ------
    ValueError
        When CP-SAT finds the model or its parameters invalid (``MODEL_INVALID``), with
        CP-SAT's own message: a bug, never a time-out or "no solution".
    SolverTimeoutError
        When the deadline has passed before the solve starts.
    """
    run = run or Run()
    run.deadline.check(run.method or "CP-SAT")
    solver = new_solver(run, parameters)
    solver.parameters.catch_sigint_signal = False  # Ctrl-C reaches the waiting thread instead
    if log is not None:
        solver.parameters.log_search_progress = True
        solver.parameters.log_to_stdout = False
        solver.log_callback = log
    with watching(solver.stop_search) as watch:  # Ctrl-C under a handler that raises nothing
        status = _solve_in_thread(solver, model, callback)
    raise_if_interrupted(watch)
    run.count(**search_stats(solver))
    if status == cp_model.MODEL_INVALID:
        prefix = f"{run.method}: " if run.method else ""
        info = solver.solution_info()
        if "arameter" in info:  # CP-SAT says MODEL_INVALID for invalid parameters too
            raise ValueError(f"{prefix}invalid CP-SAT parameters: {info}")
        name = f" {model.name!r}" if model.name else ""
        raise ValueError(f"{prefix}invalid CP-SAT model{name}: {info}")
    return solver, status


GRACE = 0.5
"""Seconds a search stopped by Ctrl-C gets to end before ``KeyboardInterrupt`` leaves it to end
in the background."""

_stopping: set[threading.Thread] = set()  # searches Ctrl-C left to end on their own


def _solve_in_thread(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    callback: cp_model.CpSolverSolutionCallback | None,
) -> Any:
    """``solver.solve(model, callback)`` in a thread, this thread waiting where Ctrl-C can
    reach it (see :func:`solve_model`)."""
    outcome: dict[str, Any] = {}
    done = threading.Event()

    def work() -> None:
        try:
            outcome["status"] = solver.solve(model, callback)
        except BaseException as error:  # handed over to the waiting thread
            outcome["error"] = error
        finally:
            done.set()

    worker = threading.Thread(target=work, name="helper-cpsat", daemon=True)
    try:
        worker.start()
        while not done.wait(REPEAT):
            pass
    except BaseException:  # Ctrl-C (KeyboardInterrupt) while CP-SAT searched
        solver.stop_search()
        if worker.ident is not None and not _wait_through_ctrl_c(done, GRACE):
            _stopping.add(worker)  # it holds the solver, the model and the callback
            threading.Thread(target=_keep_stopping, args=(solver, worker), daemon=True).start()
        raise
    if "error" in outcome:
        raise outcome["error"]
    return outcome["status"]


def _wait_through_ctrl_c(done: threading.Event, seconds: float) -> bool:
    """``done.wait(seconds)``, not broken off by another Ctrl-C (the search must still be
    handed to :func:`_keep_stopping` when it has not ended)."""
    end = time.perf_counter() + seconds
    while True:
        try:
            return done.wait(max(end - time.perf_counter(), 0.0))
        except KeyboardInterrupt:
            continue


def _keep_stopping(solver: cp_model.CpSolver, worker: threading.Thread) -> None:
    """Ask a search that Ctrl-C left to end to stop, again and again, until it has (a stop
    asked for in the instant before the search starts may be missed)."""
    while worker.is_alive():
        solver.stop_search()
        worker.join(REPEAT)
    _stopping.discard(worker)


def stopping() -> int:
    """How many CP-SAT searches stopped by Ctrl-C are still ending in the background."""
    return sum(worker.is_alive() for worker in list(_stopping))


@atexit.register
def _let_stopped_searches_end() -> None:
    """Before the interpreter goes, let a stopped search end (it was told to; a few seconds)."""
    for worker in list(_stopping):
        worker.join(timeout=30)


_VERDICTS: dict[Any, Verdict] = {
    cp_model.OPTIMAL: "optimal",
    cp_model.FEASIBLE: "feasible",
    cp_model.INFEASIBLE: "infeasible",
    cp_model.UNKNOWN: "unknown",
}


def read_status(status: Any) -> Verdict:
    """The one reading of the status a :func:`solve_model` returned (``MODEL_INVALID`` never
    reaches here: :func:`solve_model` raises).

    Examples
    --------
    >>> read_status(cp_model.OPTIMAL), read_status(cp_model.UNKNOWN)
    ('optimal', 'unknown')
    """
    return _VERDICTS[status]


def found_solution(solver: cp_model.CpSolver, status: Any, run: Run | None = None) -> bool:
    """The reading of a status for a model without an objective.

    ``True``: a solution (``OPTIMAL`` or ``FEASIBLE``); ``False``: a proof that there is none
    (``INFEASIBLE``). ``UNKNOWN`` is the time limit: :class:`~helper.errors.SolverTimeoutError`,
    naming ``run.method`` and its deadline when a ``run`` is given.
    """
    verdict = read_status(status)
    if verdict in ("optimal", "feasible"):
        return True
    if verdict == "infeasible":
        return False
    what = (run.method if run is not None else "") or "CP-SAT"
    seconds = run.deadline.seconds if run is not None else None
    limit = "its time limit" if seconds is None else f"{seconds:g} s"
    raise SolverTimeoutError(f"{what}: {solver.status_name(status)}, no answer within {limit}")


def solve_to_optimum(
    model: cp_model.CpModel, run: Run | None = None, parameters: Parameters | None = None
) -> cp_model.CpSolver:
    """Solve a model with an objective to a proven optimum; the solver, to read its values.

    Raises
    ------
    SolverTimeoutError
        When the deadline passes before the optimum is proven (a solution found by then is
        not claimed to be the best).
    NoSolutionError
        When the model has no solution at all.
    ValueError
        When CP-SAT finds the model invalid.
    """
    run = run or Run()
    solver, status = solve_model(model, run, parameters)
    verdict = read_status(status)
    if verdict == "optimal":
        return solver
    what = run.method or "CP-SAT"
    if verdict == "infeasible":
        raise NoSolutionError(f"{what}: the model has no solution")
    seconds = run.deadline.seconds
    limit = "its time limit" if seconds is None else f"{seconds:g} s"
    raise SolverTimeoutError(f"{what}: no proven optimum within {limit}")


def interrupt(solver: cp_model.CpSolver) -> None:
    """Stop a solve running in another thread as soon as CP-SAT can (``stop_search``)."""
    solver.stop_search()


class SolutionCollector(cp_model.CpSolverSolutionCallback):
    """Keep the distinct values of ``variables`` at each solution, in the order found, and
    stop the search after ``limit`` of them (``None``: no limit). The one collector of the
    package's enumerations."""

    def __init__(self, variables: Sequence[cp_model.IntVar], limit: int | None) -> None:
        super().__init__()
        self._variables = variables
        self._limit = limit
        self.rows: dict[tuple[int, ...], None] = {}  # in the order found

    def on_solution_callback(self) -> None:
        self.rows[tuple(self.value(v) for v in self._variables)] = None
        if self._limit is not None and len(self.rows) >= self._limit:
            self.stop_search()


def enumerate_values(
    model: cp_model.CpModel,
    variables: Sequence[cp_model.IntVar],
    run: Run,
    limit: int | None,
) -> tuple[list[tuple[int, ...]], bool]:
    """Up to ``limit`` different tuples of values of ``variables`` at the solutions of
    ``model``, in the order found (CP-SAT's enumeration, one worker: with more, it misses
    solutions), and whether the enumeration ran to its end, or to ``limit``, before
    ``run.deadline``."""
    check_limit(limit)
    collector = SolutionCollector(variables, limit)
    _, status = solve_model(model, run, {"enumerate_all_solutions": True}, collector)
    rows = list(collector.rows)
    complete = read_status(status) in ("optimal", "infeasible") or (
        limit is not None and len(rows) >= limit
    )
    return rows, complete


def enumerate_grids(
    model: cp_model.CpModel,
    cells: Sequence[Sequence[cp_model.IntVar]],
    run: Run,
    limit: int | None,
) -> tuple[list[list[list[int]]], bool]:
    """:func:`enumerate_values` of a grid of ``cells``: the grids found, as lists of rows."""
    width = len(cells[0]) if cells else 0
    rows, complete = enumerate_values(model, [x for row in cells for x in row], run, limit)
    grids = [[list(row[r * width : (r + 1) * width]) for r in range(len(cells))] for row in rows]
    return grids, complete


def counted_grids(
    model: cp_model.CpModel,
    cells: Sequence[Sequence[cp_model.IntVar]],
    run: Run,
    limit: int | None,
) -> Iterator[list[list[int]]]:
    """The grids of :func:`enumerate_grids`, one by one, for a counter; when the deadline
    cut the enumeration short, :class:`~helper.errors.SolverTimeoutError` follows them."""
    grids, complete = enumerate_grids(model, cells, run, limit)
    yield from grids
    if not complete:
        raise SolverTimeoutError(
            f"counting stopped after {run.deadline.seconds} s with {len(grids)} solution(s) "
            "found and not all ruled out"
        )
