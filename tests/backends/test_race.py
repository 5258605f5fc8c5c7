"""The races on their own and fast: who wins, what the loser is left in, what a failed child
says, the deadline, and the counts. The child process of :func:`race` is a stand-in that
answers in this process (:class:`FakeChild`), except in the one test of how it is started.
The primary that must lose is a back end that answers only when it is not stopped first
(:class:`stubs.Answers`)."""

import io
import pickle
import sys
import threading
import time

import pytest
from pysat.examples.genhard import PHP
from stubs import answering

from helper.backends import race, race_child
from helper.backends.pysat import SatSolver
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError

SATISFIABLE = [[1, 2], [-1, 2], [-2, 3], [-3, -1]]  # one model: -1, 2, 3
UNSATISFIABLE = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
LONG = 3.0  # a search that must lose answers after this many seconds, unless it is stopped first


class FakeChild:
    """The child process of :func:`race`, in this process: it answers (with
    :func:`race_child.main`) after ``delay`` seconds unless it is killed first, or writes
    ``out`` and ``err`` and exits with ``code``."""

    def __init__(self, delay=0.0, code=0, out=None, err=b""):
        self.delay, self.code, self.out, self.err = delay, code, out, err
        self.killed = threading.Event()
        self.returncode = None
        self.work = None

    def communicate(self, work):
        self.work = pickle.loads(work)
        if self.killed.wait(self.delay):
            self.returncode = -9
            return b"", b""
        out = self.out
        if out is None:
            sink = io.BytesIO()
            race_child.main(io.BytesIO(work), sink)
            out = sink.getvalue()
        self.returncode = self.code
        return out, self.err

    def poll(self):
        return self.returncode

    def kill(self):
        self.killed.set()


@pytest.fixture
def children(monkeypatch):
    """The stand-ins :func:`race` starts, in order; ``children.next`` is the next one."""

    class Children(list):
        next = FakeChild()

    made = Children()

    def start():
        child = made.next
        if isinstance(child, Exception):
            raise child
        made.append(child)
        return child

    monkeypatch.setattr(race, "_start_child", start)
    yield made
    assert all(child.returncode is not None or child.killed.is_set() for child in made)


# -- the cores and the child's command ----------------------------------------------------------


def test_usable_cores_are_the_affinity_else_the_cpu_count(monkeypatch):
    monkeypatch.setattr(race.os, "sched_getaffinity", lambda pid: {0, 2, 5}, raising=False)
    assert race.usable_cores() == 3
    monkeypatch.setattr(race.os, "sched_getaffinity", lambda pid: set(), raising=False)
    assert race.usable_cores() == 1

    def no_affinity(pid):
        raise OSError("no affinity here")

    monkeypatch.setattr(race.os, "sched_getaffinity", no_affinity, raising=False)
    monkeypatch.setattr(race.os, "cpu_count", lambda: 6)
    assert race.usable_cores() == 6
    monkeypatch.delattr(race.os, "sched_getaffinity", raising=False)
    assert race.usable_cores() == 6
    for count in (None, 0):
        monkeypatch.setattr(race.os, "cpu_count", lambda count=count: count)
        assert race.usable_cores() == 1


def test_the_child_is_this_python_running_the_child_module():
    assert race.child_command() == [sys.executable, "-m", "helper.backends.race_child"]
    assert race_child.__name__ == race.CHILD_MODULE


def test_the_child_runs_this_package_whatever_the_working_directory_holds(tmp_path, monkeypatch):
    """One real child: started from a folder whose own ``helper`` would fail, it still runs
    this package, reads its work on stdin and answers on stdout."""
    (tmp_path / "helper").mkdir()
    (tmp_path / "helper" / "__init__.py").write_text("raise SystemExit('the wrong helper')\n")
    monkeypatch.chdir(tmp_path)
    child = race._start_child()
    out, err = child.communicate(pickle.dumps((SATISFIABLE, "cd103")), timeout=60)
    assert child.returncode == 0, err.decode()
    model, stats = pickle.loads(out)
    assert model == [-1, 2, 3] and set(stats) == {"decisions", "conflicts"}
    said = race._listen(race._start_child(), b"not a pickle")  # a child that dies says why
    assert said.startswith("it exited with code 1:\n") and "UnpicklingError" in said


# -- what a child says --------------------------------------------------------------------------


def test_the_answer_of_a_child_is_read_or_said_why_not():
    work = pickle.dumps((SATISFIABLE, "g3"))
    answer = race._listen(FakeChild(), work)
    assert isinstance(answer, race_child.Answer) and answer.model == [-1, 2, 3]
    assert set(answer.stats) == {"decisions", "conflicts"}
    assert race._listen(FakeChild(code=3, out=b""), work) == "it exited with code 3"
    said = race._listen(FakeChild(code=1, out=b"", err=b"  Traceback ...\nboom\n  "), work)
    assert said == "it exited with code 1:\nTraceback ...\nboom"
    long = race._listen(FakeChild(code=1, out=b"", err=b"x" * 1000 + b"y" * 2000), work)
    assert long == "it exited with code 1:\n" + "y" * 2000
    broken = race._listen(FakeChild(code=1, out=b"", err=b"bad \xff byte"), work)
    assert broken == "it exited with code 1:\nbad \ufffd byte"  # what cannot be read, replaced
    garbled = race._listen(FakeChild(out=b"not a pickle"), work)
    assert garbled.startswith("its answer could not be read (UnpicklingError: ")
    short = race._listen(FakeChild(out=pickle.dumps((None,))), work)
    assert short.startswith("its answer could not be read (ValueError: ")


def test_a_search_of_a_race_is_its_answer_or_none_when_stopped():
    with SatSolver("g3", SATISFIABLE) as solver:
        assert race._search(solver) is True
    with SatSolver("g3", UNSATISFIABLE) as solver:
        assert race._search(solver) is False
    with answering(LONG, run=Run(Deadline(0.05))) as solver:
        assert race._search(solver) is None  # its deadline passed: no error, no answer


# -- the race in a process ----------------------------------------------------------------------


@pytest.mark.parametrize(("clauses", "model"), [(SATISFIABLE, [-1, 2, 3]), (UNSATISFIABLE, None)])
def test_a_child_that_answers_first_wins(children, clauses, model):
    run = Run(Deadline(LONG * 2), "race", {"conflicts": 1})
    with answering(LONG, run=run) as primary:  # answers only when not stopped first
        assert race.race(primary, "g3", clauses, "cd103", run) == ("cd103", model)
        assert primary._solver.interrupted == [True]  # the primary was stopped ...
        primary._solver.after = 0.01
        assert primary.solve() is True  # ... and can search again
    (child,) = children
    assert child.work == (clauses, "cd103") and not child.killed.is_set()
    assert set(run.stats) == {"decisions", "conflicts"} and run.stats["conflicts"] >= 1


@pytest.mark.parametrize(("clauses", "found"), [(SATISFIABLE, [-1, 2, 3]), (UNSATISFIABLE, None)])
def test_a_primary_that_answers_first_wins_and_the_child_is_killed(children, clauses, found):
    children.next = FakeChild(delay=LONG)
    run = Run(Deadline(LONG * 2), "race")
    with SatSolver("g4", clauses, run=run) as primary:
        assert race.race(primary, "g4", clauses, "cd195", run) == ("g4", found)
    assert children[0].killed.is_set()


def test_the_winner_is_named_as_it_was_asked(children):
    children.next = FakeChild(delay=LONG)
    with SatSolver("g4", SATISFIABLE) as primary:
        assert race.race(primary, "g4", SATISFIABLE, "cd195", Run()) == ("g4", [-1, 2, 3])
    children.next = FakeChild(delay=0.2)  # a race without a deadline waits for its winner
    with answering(LONG) as primary:
        assert race.race(primary, "g3", SATISFIABLE, "CD195", Run()) == ("CD195", [-1, 2, 3])


def test_the_races_deadline_holds_when_the_primarys_own_run_has_none(children):
    children.next = FakeChild(delay=LONG)
    run = Run(Deadline(0.2), "race")
    with answering(LONG) as primary:  # its own run: no deadline
        start = time.perf_counter()
        with pytest.raises(SolverTimeoutError, match=r"^race: no answer within 0\.2 s$"):
            race.race(primary, "g3", SATISFIABLE, "cd103", run)
        late = time.perf_counter() - start - 0.2
        assert late < 0.75  # at the deadline (a generous margin for a loaded machine)
        assert primary._solver.interrupted == [True]
    with answering(LONG) as primary, pytest.raises(SolverTimeoutError):
        race.race_in_threads(primary, "g3", PHP(12).clauses, "g4", run=Run(Deadline(0.2)))


def test_a_race_is_refused_before_any_child_starts(children):
    with SatSolver("cd103", SATISFIABLE) as primary, pytest.raises(ValueError) as error:
        race.race(primary, "cd103", SATISFIABLE, "g3", Run())
    assert "cannot be interrupted, so it cannot serve the primary of a race" in str(error.value)
    with SatSolver("g3", SATISFIABLE) as primary, pytest.raises(ValueError) as error:
        race.race(primary, "g3", SATISFIABLE, "cd999", Run())
    assert str(error.value).startswith("PySAT has no SAT solver named 'cd999'")
    assert children == []


@pytest.mark.parametrize(
    ("child", "reason"),
    [
        (
            FakeChild(code=1, out=b"", err=b"no solver here"),
            "it exited with code 1:\nno solver here",
        ),
        (FakeChild(out=b"garbage"), "its answer could not be read (UnpicklingError: "),
        (OSError("no such python"), "it could not start (no such python)"),
        (ValueError("bad arguments"), "it could not start (bad arguments)"),
    ],
    ids=["dies", "garbles", "cannot start", "bad arguments"],
)
def test_a_failed_child_is_named_once_and_the_primary_answers_alone(children, child, reason):
    children.next = child
    run = Run(Deadline(LONG * 2), "race")
    with (
        answering(after=0.5, answer=False, run=run) as primary,  # answers when the child failed
        pytest.warns(RuntimeWarning) as warned,
    ):
        assert race.race(primary, "g3", UNSATISFIABLE, "cd103", run) == ("g3", None)
    assert len(warned) == 1
    message = str(warned[0].message)
    assert message.startswith(
        "the second opinion (CaDiCaL 1.0.3) in a child process gave no answer: "
    )
    assert reason in message and message.endswith("; Glucose 3 goes on alone")
    # the caller's line, not the race's (under mutation testing, a trampoline sits between)
    assert warned[0].filename != race.__file__


def test_a_failed_child_and_a_primary_out_of_time_end_at_the_deadline(children):
    children.next = FakeChild(code=2, out=b"")
    run = Run(Deadline(0.2), "stub race")
    with (
        answering(LONG, run=run) as primary,
        pytest.warns(RuntimeWarning, match="exited with code 2"),
        pytest.raises(SolverTimeoutError) as error,
    ):
        race.race(primary, "g3", SATISFIABLE, "cd103", run)
    assert str(error.value) == "stub race: no answer within 0.2 s"


def test_a_primary_stopped_from_outside_and_a_failed_child_end_the_race_at_once(children):
    """Nobody can answer any more: the race ends now, not at the deadline."""
    children.next = FakeChild(code=2, out=b"")
    run = Run(Deadline(LONG * 2), "race")
    with answering(after=0.0, answer=None, run=run) as primary, pytest.warns(RuntimeWarning):
        start = time.perf_counter()
        with pytest.raises(SolverTimeoutError) as error:
            race.race(primary, "g3", SATISFIABLE, "cd103", run)
        assert time.perf_counter() - start < LONG
    assert str(error.value) == "race: no answer within 6.0 s"


def test_at_the_deadline_the_child_is_killed(children):
    children.next = FakeChild(delay=LONG)
    run = Run(Deadline(0.2), "stub race")
    with answering(LONG, run=run) as primary:
        with pytest.raises(SolverTimeoutError, match=r"^stub race: no answer within 0\.2 s$"):
            race.race(primary, "g3", SATISFIABLE, "cd103", run)
        assert primary._solver.interrupted == [True]
    assert children[0].killed.is_set() and children[0].returncode == -9


# -- the race in threads ------------------------------------------------------------------------


@pytest.mark.parametrize(("clauses", "found"), [(PHP(5).clauses, None), (SATISFIABLE, [-1, 2, 3])])
def test_the_second_in_a_thread_wins_over_a_primary_that_does_not_answer(clauses, found):
    threads = threading.active_count()
    run = Run(Deadline(LONG * 2), "race", {"guesses": 1})
    with answering(LONG, run=run) as primary:
        winner, model = race.race_in_threads(primary, "g3", clauses, "g4", run)
        assert primary._solver.threads == ["Glucose 3 (search)"]  # named for a stack dump
        assert primary._solver.interrupted == [True]  # stopped, and cleared:
        primary._solver.after = 0.01
        assert primary.solve() is True
    assert (winner, model if model is None else model[:3]) == ("g4", found)
    assert run.stats["guesses"] == 1 and set(run.stats) == {"guesses", "decisions", "conflicts"}
    if found is None:
        assert run.stats["conflicts"] > 0  # the second's counts
    assert threading.active_count() == threads


def test_a_primary_that_answers_first_stops_the_second_loading(monkeypatch):
    """The second loads a chunk only once the primary has answered: it stops loading, never
    searches, and counts nothing."""
    loaded = []

    def slow_loader(backend, clauses=(), *, run=None):
        solver = SatSolver(backend, clauses, run=run)
        add = solver.add_clauses

        def add_clauses(chunk):
            for thread in threading.enumerate():
                if thread.name.endswith("(search)"):
                    thread.join(LONG * 2)
            loaded.append(len(chunk))
            add(chunk)

        solver.add_clauses = add_clauses
        return solver

    monkeypatch.setattr(race, "LOAD_CHUNK", 2)
    monkeypatch.setattr(race, "SatSolver", slow_loader)
    clauses = SATISFIABLE + [[5 + i, 6 + i] for i in range(20)]
    run = Run(Deadline(LONG * 2), "race")
    with SatSolver("g3", clauses) as primary:
        winner, model = race.race_in_threads(primary, "g3", clauses, "g4", run)
    assert winner == "g3" and model[:3] == [-1, 2, 3]
    assert loaded in ([], [2]) and run.stats == {}


def test_the_second_loads_every_clause_once(monkeypatch):
    chunks = []

    def recording(backend, clauses=(), *, run=None):
        solver = SatSolver(backend, clauses, run=run)
        add = solver.add_clauses
        solver.add_clauses = lambda chunk: (chunks.append(list(chunk)), add(chunk))
        return solver

    monkeypatch.setattr(race, "LOAD_CHUNK", 3)
    monkeypatch.setattr(race, "SatSolver", recording)
    clauses = [[5, 6], [-5, 7], [-7, -6], *UNSATISFIABLE, [8, 9]]  # more than two chunks
    with answering(LONG) as primary:
        assert race.race_in_threads(primary, "g3", clauses, "g4", Run()) == ("g4", None)
    assert chunks == [clauses[0:3], clauses[3:6], clauses[6:8]]


def test_both_in_threads_out_of_time_is_a_time_out():
    threads = threading.active_count()
    run = Run(Deadline(0.2), "stub race")
    with answering(LONG, run=run) as primary:
        start = time.perf_counter()
        with pytest.raises(SolverTimeoutError) as error:
            race.race_in_threads(primary, "g3", PHP(12).clauses, "g4", run)
        late = time.perf_counter() - start - 0.2
        assert late < 0.75  # at the deadline (a generous margin for a loaded machine)
        assert str(error.value) == "stub race: no answer within 0.2 s"
        assert primary._solver.interrupted == [True]
    assert threading.active_count() == threads
    assert run.stats["conflicts"] > 0  # the second searched until the deadline, and counted


def test_both_stopped_from_outside_end_the_race_at_once(monkeypatch):
    monkeypatch.setattr(
        race, "SatSolver", lambda backend, run=None: answering(0.0, None, run, backend)
    )
    run = Run(Deadline(LONG * 2), "race")
    with answering(after=0.0, answer=None, run=run) as primary:
        start = time.perf_counter()
        with pytest.raises(SolverTimeoutError, match=r"^race: no answer within 6\.0 s$"):
            race.race_in_threads(primary, "g3", SATISFIABLE, "g4", run)
        assert time.perf_counter() - start < LONG


@pytest.mark.parametrize(("primary", "second"), [("cd103", "g3"), ("g3", "cd195")])
def test_both_back_ends_of_a_race_in_threads_must_be_interruptible(primary, second):
    with SatSolver("g3", SATISFIABLE) as solver, pytest.raises(ValueError) as error:
        race.race_in_threads(solver, primary, SATISFIABLE, second, Run())
    assert "cannot be interrupted, so it cannot serve a race in threads" in str(error.value)
