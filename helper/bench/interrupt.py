"""How soon Ctrl-C stops each kind of long search: ``python -m helper.bench.interrupt``.

Every long search of the package is one *task* here: each registered solver and counter of
both families on a puzzle that keeps it busy for many seconds, the explainers, the fewest-clue
searches, the reports on a puzzle without solution, and the Futoshiki generator. For each task
a child process (``python -m helper.bench.interrupt --child TASK ...``, no ``fork``) starts the
search; the parent waits until the child says it has started, waits ``--after`` seconds more,
sends SIGINT (what Ctrl-C sends), and reads back when the child's ``KeyboardInterrupt`` came.
The child then makes a small call of the same kind, which must work: the interrupted search
leaves the package usable.

The table gives, per task, the seconds from SIGINT to ``KeyboardInterrupt`` (wall clock, in
two processes of one machine) against the goal of one second, and says when a search ended
before the signal (it proves nothing then) or did not stop at all. Linux and macOS only: on
Windows a process cannot send Ctrl-C to one other process alone. ``tests/backends/
test_interrupt.py`` runs every task with a generous bound, as a test that no search hangs.
"""

import argparse
import faulthandler
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import helper

GOAL = 1.0
"""Seconds from SIGINT to ``KeyboardInterrupt`` that the issue asks for."""
BACK_END = "SAT back end"
"""The kind of the pigeonhole tasks: how soon a back end itself answers ``interrupt()``.
Glucose checks for it only between two restarts, which its restart policy may put far apart
on a pigeonhole formula, and CaDiCaL cannot be interrupted at all: it holds the interpreter
until its call returns (the package gives it only small questions). These measure the back
ends, not the package, and do not count towards the goal."""
WAIT = 60.0
"""Seconds the parent waits for a child's next line before it calls the child stuck."""


@dataclass(frozen=True)
class Task:
    """One long search: what it is, what it needs (made before the search starts), the call
    that runs it, and the small call that must work after it was stopped."""

    name: str
    kind: str
    prepare: Callable[[], Any]
    search: Callable[[Any], object]
    again: Callable[[], bool]


def _random_nonogram(side: int, seed: int = 7) -> Any:
    from helper.bench.families import random_grid
    from helper.nonogram import Nonogram

    return Nonogram.from_grid(random_grid(side, side, 0.5, seed), name=f"random {side}x{side}")


def _small_nonogram() -> Any:
    from helper.nonogram import load_puzzle

    return load_puzzle("nonogram01")


def _nonogram_solver_task(name: str) -> Task:
    from helper.nonogram import SOLVERS

    side = {"pysat-cnf": 25, "cpsat-table": 25}.get(name, 60)  # larger: "too large" at once

    def again() -> bool:
        small = _small_nonogram()
        return bool(small.check(SOLVERS[name](small, time_limit=60).picture()))

    return Task(f"solve {name}", "Nonogram solver", lambda: _random_nonogram(side),
                lambda puzzle: SOLVERS[name](puzzle), again)  # fmt: skip


def _nonogram_counter_task(name: str) -> Task:
    from helper.nonogram import Nonogram, count_solutions

    def again() -> bool:
        return count_solutions(_small_nonogram(), solver=name, time_limit=60).unique

    return Task(f"count {name}", "Nonogram counter",
                lambda: Nonogram([[1]] * 12, [[1]] * 12),  # 12! pictures: a count without end
                lambda puzzle: count_solutions(puzzle, None, solver=name), again)  # fmt: skip


def _futoshiki_counter_task(name: str) -> Task:
    from helper.futoshiki import Futoshiki, count_solutions, load_puzzle

    def again() -> bool:
        return count_solutions(load_puzzle("sample04"), solver=name, time_limit=60).unique

    return Task(f"count {name}", "Futoshiki solver and counter",
                lambda: Futoshiki([[0] * 9 for _ in range(9)]),  # more squares than can be listed
                lambda puzzle: count_solutions(puzzle, None, solver=name), again)  # fmt: skip


def _wrong_futoshiki(size: int, seed: int) -> Any:
    """A ``size`` x ``size`` Futoshiki with half its cells given and one given changed to a
    digit its row and column do not show: almost surely no solution."""
    import random

    from helper.futoshiki import Futoshiki
    from helper.futoshiki.generate import latin_square

    rng = random.Random(seed)
    grid = [[v if rng.random() < 0.5 else 0 for v in row] for row in latin_square(size, rng)]
    r, c = next((r, c) for r in range(size) for c in range(size) if grid[r][c])
    shown = set(grid[r]) | {row[c] for row in grid}
    grid[r][c] = next(v for v in range(1, size + 1) if v not in shown)
    return Futoshiki(grid)


def _other_tasks() -> list[Task]:
    from helper.bench.families import flip_cells, smooth_picture
    from helper.explain import futoshiki as explain_futoshiki
    from helper.explain import nonogram as explain_nonogram
    from helper.futoshiki import Futoshiki, generate_futoshiki, load_puzzle
    from helper.futoshiki.conflicts import clues_to_retype
    from helper.futoshiki.fewest_givens import fewest_givens, sweep
    from helper.nonogram import load_puzzle as load_nonogram
    from helper.nonogram.conflicts import ClueLine, diagnose_lines, mistype_clue, with_clue
    from helper.nonogram.fewest_changes import fewest_changes

    def wrong_nonogram(side: int) -> Any:
        """A random picture's clues with one cell moved between two blocks of a row: the
        totals still agree, and most likely no picture fits (unchecked: that is the search)."""
        puzzle = _random_nonogram(side)
        r, clue = next((r, list(c)) for r, c in enumerate(puzzle.rows) if len(c) >= 2 and c[0] > 1)
        clue[0], clue[1] = clue[0] - 1, clue[1] + 1
        return with_clue(puzzle, ClueLine("row", r, tuple(clue)))

    return [
        Task("explain Nonogram", "explanation", lambda: load_nonogram("nonogram03"),
             explain_nonogram.explain,
             lambda: explain_nonogram.explain(_small_nonogram()).complete),
        Task("explain Futoshiki", "explanation", lambda: load_puzzle("nine02"),
             explain_futoshiki.explain,
             lambda: explain_futoshiki.explain(load_puzzle("sample04")).complete),
        Task("fewest givens", "fewest clues", lambda: [9], sweep,
             lambda: fewest_givens(load_puzzle("sample04")).proven),
        Task("fewest changes", "fewest clues",
             lambda: flip_cells(smooth_picture(30, 30, 3), 0.1, 3), fewest_changes,
             lambda: fewest_changes([[1, 0], [0, 1]]).proven),
        Task("lines to retype", "no solution", lambda: wrong_nonogram(60), diagnose_lines,
             lambda: bool(diagnose_lines(mistype_clue(_small_nonogram(), seed=1)[0]).fixes)),
        Task("clues to retype", "no solution", lambda: _wrong_futoshiki(20, 1), clues_to_retype,
             lambda: bool(clues_to_retype(Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))])).fixes)),
        Task("generate Futoshiki", "generator", lambda: range(1, 100),  # 9 x 9, seed by seed
             lambda seeds: [generate_futoshiki(9, seed=seed) for seed in seeds],
             lambda: len(generate_futoshiki(4, seed=0)[0]) == 4),
    ]  # fmt: skip


def pigeonholes(holes: int) -> list[list[int]]:
    """``holes + 1`` pigeons in ``holes`` holes, one each, as CNF (no solution, and hard for
    clause learning): variable ``i * holes + j + 1`` puts pigeon ``i`` in hole ``j``.

    >>> len(pigeonholes(2)), pigeonholes(2)[0]
    (9, [1, 2])
    """

    def var(pigeon: int, hole: int) -> int:
        return pigeon * holes + hole + 1

    pigeons = range(holes + 1)
    clauses = [[var(i, j) for j in range(holes)] for i in pigeons]  # each pigeon somewhere
    clauses += [
        [-var(i, j), -var(k, j)] for j in range(holes) for i in pigeons for k in pigeons if i < k
    ]  # no hole holds two
    return clauses


def _pigeonhole_task(backend: str, holes: int) -> Task:
    """A SAT solver of the door on ``holes + 1`` pigeons in ``holes`` holes: how soon the back
    end itself answers ``interrupt()``, whatever the package's code around it (CaDiCaL, which
    cannot be interrupted, gets a formula it settles in seconds: Ctrl-C waits for it)."""
    from helper.backends.pysat import NAMES, SatSolver

    def search(clauses: Any) -> object:
        with SatSolver(backend, clauses) as solver:
            return solver.solve()

    def again() -> bool:
        with SatSolver(backend, pigeonholes(4)) as solver:
            return solver.solve() is False

    return Task(f"pigeonholes {NAMES[backend]}", BACK_END, lambda: pigeonholes(holes),
                search, again)  # fmt: skip


def tasks() -> dict[str, Task]:
    """Every task, by name: each registered Nonogram solver and counter, each Futoshiki
    counter (which runs the same door as its solver), the other long searches, and three SAT
    back ends on pigeonholes."""
    from helper.futoshiki import COUNTERS as FUTOSHIKI_COUNTERS
    from helper.nonogram import COUNTERS, SOLVERS

    found = [_nonogram_solver_task(name) for name in SOLVERS]
    found += [_nonogram_counter_task(name) for name in COUNTERS]
    found += [_futoshiki_counter_task(name) for name in FUTOSHIKI_COUNTERS]
    found += _other_tasks()
    found += [_pigeonhole_task(backend, 11) for backend in ("glucose3", "glucose4")]
    found.append(_pigeonhole_task("cadical195", 9))  # about 5 s
    return {task.name: task for task in found}


# -- the child: run the tasks one after another, say what happened ------------------------------


def _say(*words: object) -> None:
    print(json.dumps(words), flush=True)  # one JSON list a line


def child(names: Sequence[str]) -> int:
    """Run the tasks ``names``, each when the parent writes a line (so that a signal meant for
    one search never reaches the next), and say what happened, one JSON line per event."""
    if hasattr(signal, "SIGUSR1"):  # the parent's question to a stuck child: where is it?
        faulthandler.register(signal.SIGUSR1, all_threads=True)
    known = tasks()
    _say("ready")
    for name in names:
        try:
            sys.stdin.readline()  # the parent's go
            needed = known[name].prepare()
            _say("start", name)
            _run_search(name, known[name], needed)
        except KeyboardInterrupt:  # a signal that came after the search had ended
            _say("late", name)
        _run_again(name, known[name])
    return 0


def _run_search(name: str, task: Task, needed: Any) -> None:
    try:
        task.search(needed)
    except KeyboardInterrupt:
        _say("stopped", name, time.time())
    except Exception as error:  # an answer before the signal, an error: not a stop
        _say("finished", name, f"{type(error).__name__}: {error}")
    else:
        _say("finished", name, "answered")


def _run_again(name: str, task: Task) -> None:
    while True:
        try:
            try:
                works = bool(task.again())
            except Exception as error:  # what broke is the point: it is reported
                _say("again", name, f"{type(error).__name__}: {error}")
            else:
                _say("again", name, "ok" if works else "a wrong answer")
            return
        except KeyboardInterrupt:  # a late signal: ask again
            continue


# -- the parent: start the child, send SIGINT, time the answer ---------------------------------


@dataclass
class Outcome:
    """What one task did: ``stopped`` (with ``seconds`` from SIGINT to KeyboardInterrupt),
    ``finished`` (before the signal: a longer search is needed), ``late`` (SIGINT came as it
    ended), or ``stuck`` (no answer within :data:`WAIT` seconds); and what the call after it
    said (``ok``, or what went wrong)."""

    task: str
    kind: str
    result: str
    seconds: float | None
    again: str


def _command(names: Sequence[str]) -> list[str]:
    return [sys.executable, "-m", "helper.bench.interrupt", "--child", *names]


class _Child:
    """The child process and the lines it writes."""

    def __init__(self, names: Sequence[str]) -> None:
        self.errors = tempfile.TemporaryFile("w+")  # noqa: SIM115 - closed by stop()
        self.process = subprocess.Popen(
            _command(names),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            cwd=Path(helper.__file__).resolve().parent.parent,
        )
        self._pending = b""
        assert self.process.stdout is not None and self.process.stdin is not None
        self.stdout = self.process.stdout
        self.stdin = self.process.stdin

    def go(self) -> None:
        """Tell the child to start its next task."""
        self.stdin.write(b"go\n")
        self.stdin.flush()

    def stacks(self) -> str:
        """Where the child's threads are (faulthandler, on SIGUSR1), when it can say."""
        if not hasattr(signal, "SIGUSR1") or self.process.poll() is not None:
            return "the child has ended"
        self.process.send_signal(signal.SIGUSR1)
        time.sleep(1.0)
        return " | ".join(self.said_on_stderr().strip().splitlines()[-30:])

    def said_on_stderr(self) -> str:
        """The end of what the child wrote on its standard error."""
        self.errors.seek(0)
        return self.errors.read()[-2000:]

    def line(self, wait: float = WAIT) -> list[Any] | None:
        """The next line (a JSON list: the event, the task, a value), or ``None`` after
        ``wait`` seconds or at the end of the child's output. Lines that arrive together are
        kept for the next calls (read from the pipe itself: a buffered reader would hold
        them where ``select`` cannot see them)."""
        end = time.monotonic() + wait
        while b"\n" not in self._pending:
            left = end - time.monotonic()
            ready, _, _ = select.select([self.stdout], [], [], max(left, 0))
            if not ready:
                return None
            chunk = os.read(self.stdout.fileno(), 65536)
            if not chunk:
                return None
            self._pending += chunk
        text, self._pending = self._pending.split(b"\n", 1)
        return json.loads(text)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.errors.close()


def measure(
    names: Sequence[str], after: float = 1.0, wait: float = WAIT, stop_wait: float | None = None
) -> list[Outcome]:
    """Run the tasks ``names`` in a child, SIGINT each ``after`` seconds into its search.

    ``wait`` bounds each wait for the child (its start, a task's start, the call after);
    ``stop_wait`` (default ``wait``) bounds the wait for the answer to SIGINT, past which the
    task is ``stuck``, its child's threads are reported, and a new child runs the rest."""
    stop_wait = wait if stop_wait is None else stop_wait
    if sys.platform == "win32":
        raise OSError("sending Ctrl-C to one other process needs Linux or macOS")
    known = tasks()
    outcomes: list[Outcome] = []
    left = list(names)
    while left:
        child_process = _Child(left)
        try:
            if child_process.line(wait) != ["ready"]:
                raise RuntimeError("the child did not start")
            while left:
                name = left.pop(0)
                outcomes.append(_one(child_process, known[name], after, wait, stop_wait))
                if outcomes[-1].result == "stuck":
                    break  # a new child for the rest
        finally:
            child_process.stop()
    return outcomes


def _one(child_process: _Child, task: Task, after: float, wait: float, stop_wait: float) -> Outcome:
    child_process.go()
    started = child_process.line(wait)
    if started is None or started[0] != "start":
        why = child_process.said_on_stderr().strip().splitlines()[-1:] or ["no start"]
        return Outcome(task.name, task.kind, "stuck", None, f"did not start: {why[0]}")
    early = child_process.line(after)  # a search that ends before the signal is no test
    if early is not None:
        again = child_process.line(wait)
        return Outcome(task.name, task.kind, early[0], None, str(early[2:]) + _said(again))
    sent = time.time()
    child_process.process.send_signal(signal.SIGINT)
    answer = child_process.line(stop_wait)
    if answer is None:
        return Outcome(task.name, task.kind, "stuck", None, "no answer: " + child_process.stacks())
    result = answer[0]
    seconds = float(answer[2]) - sent if result == "stopped" else None
    if result == "finished":  # in the instant of the signal, or an error
        result = "answered" if answer[2] == "answered" else f"failed: {answer[2]}"
    again = child_process.line(wait)
    said = _said(again) if again is not None else "stuck: " + child_process.stacks()
    return Outcome(task.name, task.kind, result, seconds, said)


def _said(again: list[Any] | None) -> str:
    return "stuck" if again is None else str(again[2])


def report(outcomes: Sequence[Outcome]) -> str:
    """The table of outcomes, and a line on the goal."""
    rows = [f"{'task':34s} {'kind':30s} {'result':9s} {'seconds':>8s}  then"]
    for outcome in outcomes:
        seconds = "" if outcome.seconds is None else f"{outcome.seconds:.3f}"
        rows.append(
            f"{outcome.task:34s} {outcome.kind:30s} {outcome.result:9s} {seconds:>8s}  "
            f"{outcome.again}"
        )
    package = [o for o in outcomes if o.kind != BACK_END]
    stopped = [o.seconds for o in package if o.seconds is not None]
    within = sum(seconds <= GOAL for seconds in stopped)
    rows.append(
        f"{within} of {len(package)} searches of the package stopped within {GOAL:g} s of "
        "SIGINT"
        + (f" (the slowest {max(stopped):.3f} s)" if stopped else "")
        + ("; the back ends' own tasks are apart" if len(package) < len(outcomes) else "")
    )
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m helper.bench.interrupt [TASK ...] [--after S] [--json]``."""
    parser = argparse.ArgumentParser(
        prog="python -m helper.bench.interrupt",
        description="Send SIGINT to each kind of long search in a child process and measure "
        "how soon it stops (goal: within a second), and whether the next call works.",
    )
    parser.add_argument("tasks", nargs="*", metavar="TASK", help="default: every task")
    parser.add_argument("--after", type=float, default=1.0, help="seconds into each search")
    parser.add_argument("--json", action="store_true", help="one JSON object per task")
    parser.add_argument("--list", action="store_true", help="list the tasks and stop")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.tasks)
    known = tasks()
    if args.list:
        print("\n".join(known))
        return 0
    unknown = [name for name in args.tasks if name not in known]
    if unknown:
        parser.error(f"unknown task {unknown[0]!r}; the tasks are: {', '.join(known)}")
    outcomes = measure(args.tasks or list(known), after=args.after)
    if args.json:
        for outcome in outcomes:
            print(json.dumps(asdict(outcome)))
    else:
        print(report(outcomes))
    package = [o for o in outcomes if o.kind != BACK_END]
    good = all(o.result == "stopped" and o.again == "ok" for o in package)
    return 0 if good and all((o.seconds or 0) <= GOAL for o in package) else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
