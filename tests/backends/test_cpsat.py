"""The door to CP-SAT on its own and fast: the solver it makes, a solve within a run (its
deadline, its statistics, its log, Ctrl-C by a signal to this process), the one reading of
every status, an optimum claimed only when proved, and the one enumeration, checked against
brute force."""

import gc
import itertools
import signal
import threading
import time
import weakref

import pytest
from ortools.sat.python import cp_model

from helper.backends import cpsat
from helper.deadline import Deadline, Run
from helper.errors import NoSolutionError, SolverTimeoutError

HANG = 20.0  # seconds a test waits for what should come at once, before it fails


def pigeonhole(holes):
    """``holes + 1`` pigeons in ``holes`` holes as plain clauses: infeasible, and far beyond
    CP-SAT's single worker in a second."""
    from pysat.examples.genhard import PHP

    clauses = PHP(holes).clauses
    model = cp_model.CpModel()
    top = max(abs(literal) for clause in clauses for literal in clause)
    x = [None] + [model.new_bool_var(f"x{v}") for v in range(1, top + 1)]
    for clause in clauses:
        model.add_bool_or([x[v] if v > 0 else ~x[-v] for v in clause])
    return model


def broken(name=""):
    """A model whose one variable has the empty domain 5..1: CP-SAT says MODEL_INVALID."""
    model = cp_model.CpModel()
    model.new_int_var(0, 10, "x")
    model.proto.variables[0].domain[0] = 5
    model.proto.variables[0].domain[1] = 1
    model.name = name
    return model


# -- the solver ---------------------------------------------------------------------------------


def test_a_solver_has_one_worker_seed_zero_and_no_time_limit_by_default():
    solver = cpsat.make_solver()
    default = cp_model.CpSolver().parameters.max_time_in_seconds
    assert (solver.parameters.num_workers, solver.parameters.random_seed) == (1, 0)
    assert solver.parameters.max_time_in_seconds == default
    made = cpsat.make_solver(
        2, workers=3, seed=7, cp_model_presolve=False, max_number_of_conflicts=9
    )
    assert (made.parameters.num_workers, made.parameters.random_seed) == (3, 7)
    assert made.parameters.max_time_in_seconds == 2.0
    assert not made.parameters.cp_model_presolve
    assert made.parameters.max_number_of_conflicts == 9


def test_a_parameter_cpsat_does_not_have_is_a_value_error():
    for call in (
        lambda: cpsat.make_solver(speed=11),
        lambda: cpsat.new_solver(None, {"speed": 11}),
    ):
        with pytest.raises(ValueError) as error:
            call()
        assert str(error.value) == "CP-SAT has no parameter 'speed'"


def test_a_new_solver_has_what_is_left_of_the_run():
    solver = cpsat.new_solver()
    assert (
        solver.parameters.max_time_in_seconds == cpsat.make_solver().parameters.max_time_in_seconds
    )
    assert (
        cpsat.new_solver(Run()).parameters.max_time_in_seconds
        == solver.parameters.max_time_in_seconds
    )
    timed = cpsat.new_solver(Run(Deadline(30)))
    assert 29 < timed.parameters.max_time_in_seconds <= 30
    options = {"num_workers": 2, "random_seed": 5, "cp_model_presolve": False}
    chosen = cpsat.new_solver(Run(), options)
    assert (chosen.parameters.num_workers, chosen.parameters.random_seed) == (2, 5)
    assert not chosen.parameters.cp_model_presolve
    assert options == {"num_workers": 2, "random_seed": 5, "cp_model_presolve": False}
    # any whole number will do for these two (CP-SAT's own fields take only ints)
    floats = cpsat.new_solver(Run(), {"num_workers": 2.0, "random_seed": 5.0})
    assert (floats.parameters.num_workers, floats.parameters.random_seed) == (2, 5)
    plain = cpsat.new_solver(Run(), {"cp_model_presolve": False})
    assert (plain.parameters.num_workers, plain.parameters.random_seed) == (1, 0)


# -- a solve within a run -----------------------------------------------------------------------


def test_a_solve_adds_its_branches_and_conflicts_to_what_the_run_had():
    model = pigeonhole(4)
    run = Run(stats={"branches": 1000, "guesses": 3})
    solver, status = cpsat.solve_model(model, run, {"cp_model_presolve": False})
    assert status == cp_model.INFEASIBLE
    assert cpsat.search_stats(solver) == {
        "branches": solver.num_branches,
        "conflicts": solver.num_conflicts,
    }
    assert run.stats == {
        "branches": 1000 + solver.num_branches,
        "conflicts": solver.num_conflicts,
        "guesses": 3,
    }
    assert solver.num_conflicts > 0
    assert solver.parameters.catch_sigint_signal is False  # the watchdog handles Ctrl-C


def test_a_solve_without_a_run_has_no_deadline():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 10, "x")
    model.add(x * 2 == 14)
    solver, status = cpsat.solve_model(model)
    assert status == cp_model.OPTIMAL and solver.value(x) == 7


@pytest.mark.parametrize("method", ["", "late model"])
def test_a_solve_does_not_start_after_the_deadline(method):
    run = Run(Deadline(0.001), method)
    while not run.deadline.passed():
        pass
    with pytest.raises(SolverTimeoutError) as error:
        cpsat.solve_model(cp_model.CpModel(), run)
    assert str(error.value) == f"{method or 'CP-SAT'}: no answer within 0.001 s"
    assert run.stats == {}


def test_the_deadline_is_cpsats_time_limit():
    run = Run(Deadline(0.2))
    solver, status = cpsat.solve_model(pigeonhole(10), run, {"cp_model_presolve": False})
    assert cpsat.read_status(status) == "unknown" and solver.wall_time < HANG


def test_the_log_goes_to_the_callback_and_nowhere_else(capfd):
    lines = []
    model = pigeonhole(3)
    solver, status = cpsat.solve_model(model, log=lines.append)
    assert status == cp_model.INFEASIBLE and solver.parameters.log_search_progress
    assert any("CP-SAT solver" in line for line in lines)
    out, err = capfd.readouterr()
    assert "CP-SAT" not in out + err
    solver, _ = cpsat.solve_model(model)  # no log asked: none written
    assert not solver.parameters.log_search_progress
    assert "CP-SAT" not in "".join(capfd.readouterr())


@pytest.mark.parametrize(("method", "name"), [("", ""), ("hints", "broken")])
def test_an_invalid_model_is_a_value_error_with_cpsats_words(method, name):
    expected = (
        (f"{method}: " if method else "") + "invalid CP-SAT model" + (f" {name!r}" if name else "")
    )
    with pytest.raises(ValueError) as error:
        cpsat.solve_model(broken(name), Run(method=method))
    assert str(error.value).startswith(expected + ": ")
    assert "domain" in str(error.value).lower() or len(str(error.value)) > len(expected) + 2
    with pytest.raises(ValueError, match="^" + expected):
        cpsat.solve_to_optimum(broken(name), Run(method=method))


@pytest.mark.parametrize(
    ("parameters", "said"),
    [
        ({"num_workers": -1}, "parameter 'num_workers' should be in [0,10000]"),
        ({"max_time_in_seconds": -1.0}, "Parameters max_time_in_seconds must be non-negative"),
    ],
)
def test_invalid_parameters_are_a_value_error_that_says_so(parameters, said):
    model, _ = free_bits(2)
    with pytest.raises(ValueError) as error:
        cpsat.solve_model(model, Run(method="m"), parameters)
    assert str(error.value).startswith("m: invalid CP-SAT parameters: ")
    assert said in str(error.value)


class Slow(cp_model.CpSolverSolutionCallback):
    """Counts the solutions, a millisecond each (seconds for the 4096 of twelve free bits),
    and says when the first has come (``first``). It runs in whichever thread CP-SAT calls it
    from, so nothing here waits for a signal handler."""

    def __init__(self):
        super().__init__()
        self.count = 0
        self.first = threading.Event()

    def on_solution_callback(self):
        self.count += 1
        self.first.set()
        time.sleep(0.001)


def free_bits(n):
    """``n`` free Booleans: 2**n solutions to enumerate."""
    model = cp_model.CpModel()
    bits = [model.new_bool_var(f"b{i}") for i in range(n)]
    return model, bits


class Recorded(cp_model.CpSolver):
    """A ``CpSolver`` that records the name of each thread that asks it to stop."""

    def __init__(self):
        super().__init__()
        self.stops = []

    def stop_search(self):
        self.stops.append(threading.current_thread().name)
        super().stop_search()


@pytest.fixture
def made(monkeypatch):
    """The solvers that the package makes during the test, each a :class:`Recorded`."""
    solvers = []

    def recorded():
        solvers.append(Recorded())
        return solvers[-1]

    monkeypatch.setattr(cp_model, "CpSolver", recorded)
    return solvers


class Left(set):
    """The searches left to end in the background (``cpsat._stopping``), and a weak reference to
    each search ever left (``added``)."""

    def __init__(self):
        super().__init__()
        self.added = []

    def add(self, worker):
        self.added.append(weakref.ref(worker))
        super().add(worker)


@pytest.fixture
def left(monkeypatch):
    """The searches that Ctrl-C leaves to end in the background during the test."""
    searches = Left()
    monkeypatch.setattr(cpsat, "_stopping", searches)
    return searches


def when_python_hears_ctrl_c(solvers, started):
    """Whether the search under way leaves Ctrl-C to Python, once ``started`` is set: CP-SAT's
    own handler (``catch_sigint_signal``), set from the search's thread, would abort the
    whole process at a press."""
    return started.wait(HANG) and not solvers[-1].parameters.catch_sigint_signal


def ctrl_c_when(solvers, started):
    """SIGINT to the main thread, as Ctrl-C would, as soon as ``started`` is set (the search is
    under way), if Python hears it."""
    main = threading.main_thread().ident

    def press():
        if when_python_hears_ctrl_c(solvers, started):
            signal.pthread_kill(main, signal.SIGINT)

    threading.Thread(target=press, daemon=True).start()


def test_ctrl_c_stops_the_search_and_raises_keyboard_interrupt(made):
    """Under a SIGINT handler that raises nothing, Ctrl-C still stops the search (the
    watchdog's stop_search) and still raises KeyboardInterrupt; the run counts nothing."""
    model, _ = free_bits(12)
    slow = Slow()
    heard = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: heard.append(number))
    try:
        run = Run(stats={"branches": 1})
        ctrl_c_when(made, slow.first)  # at the first solution, with the search under way
        with pytest.raises(KeyboardInterrupt):
            cpsat.solve_model(model, run, {"enumerate_all_solutions": True}, slow)
        assert heard == [signal.SIGINT] and slow.count < 2**12  # stopped, not finished
        assert run.stats == {"branches": 1}
        assert "helper-watchdog" in made[-1].stops
    finally:
        signal.signal(signal.SIGINT, previous)


class Presses:
    """Ctrl-C under a handler that raises ``KeyboardInterrupt`` only where a test wants it:
    :meth:`until_raised` presses again and again until the handler has raised in the main
    thread while it ran a function whose name holds ``inside`` (and none holding ``outside``);
    a press anywhere else raises nothing. It presses only when Python hears Ctrl-C."""

    def __init__(self, solvers):
        self.solvers = solvers
        self.wanted = None  # (inside, outside)
        self.raised = []  # the places the handler raised in
        self.give_up = threading.Event()  # the test has ended: stop pressing

    def handler(self, number, frame):
        names = []
        while frame is not None:
            names.append(frame.f_code.co_name)
            frame = frame.f_back
        if self.wanted is None:
            return
        inside, outside = self.wanted
        if any(inside in name for name in names) and not any(outside in name for name in names):
            self.wanted = None
            self.raised.append(inside)
            raise KeyboardInterrupt

    def until_raised(self, inside, outside="\0"):
        """From the search's thread: press until the handler has raised there; whether it has."""
        if self.solvers[-1].parameters.catch_sigint_signal:  # see when_python_hears_ctrl_c
            return False
        count = len(self.raised)
        self.wanted = (inside, outside)
        main = threading.main_thread().ident
        end = time.perf_counter() + HANG
        while len(self.raised) == count and not self.give_up.is_set():
            if time.perf_counter() > end:
                return False
            signal.pthread_kill(main, signal.SIGINT)
            time.sleep(0.01)
        return len(self.raised) > count

    def __enter__(self):
        self.previous = signal.signal(signal.SIGINT, self.handler)
        return self

    def __exit__(self, *exc_info):
        self.give_up.set()
        signal.signal(signal.SIGINT, self.previous)


class OnFirstSolution(cp_model.CpSolverSolutionCallback):
    """Runs ``action`` at the first solution, in the search's thread; keeps what it returned."""

    def __init__(self, action):
        super().__init__()
        self.action = action
        self.returned = []

    def on_solution_callback(self):
        if not self.returned:
            self.returned.append(self.action())


def test_a_search_stopped_by_ctrl_c_is_waited_for_through_another_ctrl_c(made, left):
    """Ctrl-C while CP-SAT searches (KeyboardInterrupt in the waiting thread): the search is
    told to stop and waited for, through a second Ctrl-C meanwhile; it ends at once, so
    nothing is left to end in the background."""
    model, _ = free_bits(12)
    with Presses(made) as presses:
        solution = OnFirstSolution(
            lambda: (
                presses.until_raised("_solve_in_thread", outside="_wait_through_ctrl_c")
                and presses.until_raised("_wait_through_ctrl_c")
            )  # while it waits for the search
        )
        with pytest.raises(KeyboardInterrupt):
            cpsat.solve_model(model, Run(), callback=solution)
    assert solution.returned == [True]
    assert presses.raised == ["_solve_in_thread", "_wait_through_ctrl_c"]
    assert "MainThread" in made[-1].stops  # told to stop at once
    assert left.added == [] and cpsat.stopping() == 0


def test_a_search_that_does_not_stop_in_time_is_left_to_end_in_the_background(
    made, left, monkeypatch
):
    """A search that Ctrl-C stopped but that does not end within GRACE (here stuck in its
    callback) is left to end in a daemon thread, which asks it to stop again and again until
    it has ended, and then forgets it; :func:`stopping` counts it meanwhile."""
    monkeypatch.setattr(cpsat, "GRACE", 0.05)
    release = threading.Event()
    model, _ = free_bits(12)
    before = set(threading.enumerate())
    with Presses(made) as presses:

        def stuck():
            pressed = presses.until_raised("_solve_in_thread", outside="_wait_through_ctrl_c")
            release.wait(HANG)  # a search that does not look at its stop for a while
            return pressed

        solution = OnFirstSolution(stuck)
        try:
            with pytest.raises(KeyboardInterrupt):
                cpsat.solve_model(model, Run(), callback=solution)
            assert len(left.added) == 1 and cpsat.stopping() == 1

            def background():  # the stops asked by neither this thread nor the watchdog
                return [n for n in made[-1].stops if n not in ("MainThread", "helper-watchdog")]

            end = time.perf_counter() + HANG
            while len(background()) < 2 and time.perf_counter() < end:
                time.sleep(0.01)
            assert len(background()) >= 2  # again and again
            new = [(t.name, t.daemon) for t in threading.enumerate() if t not in before]
            assert len(new) >= 2 and all(daemon for _, daemon in new), new
        finally:
            release.set()
    end = time.perf_counter() + HANG
    while left and time.perf_counter() < end:
        time.sleep(0.01)
    assert not left and cpsat.stopping() == 0  # forgotten once it has ended
    assert solution.returned == [True]
    gc.collect()
    assert left.added[0]() is None  # and nothing of it is kept


def test_the_search_runs_in_a_daemon_thread_and_its_errors_reach_the_caller():
    """The search runs in a thread of its own (a daemon, named for thread dumps), and an error
    raised there, in the callback, reaches the caller as it was."""
    model, _ = free_bits(3)
    seen = OnFirstSolution(
        lambda: (threading.current_thread().name, threading.current_thread().daemon)
    )
    cpsat.solve_model(model, callback=seen)
    assert seen.returned == [("helper-cpsat", True)]

    class Failing(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self):
            raise RuntimeError("the callback failed")

    with pytest.raises(RuntimeError) as error:
        cpsat.solve_model(model, callback=Failing())
    assert str(error.value) == "the callback failed"


def test_another_thread_can_stop_a_search():
    model, _ = free_bits(12)
    slow = Slow()
    solver = cpsat.make_solver(enumerate_all_solutions=True)
    answer = {}
    searching = threading.Thread(target=lambda: answer.update(status=solver.solve(model, slow)))
    searching.start()
    assert slow.first.wait(HANG)  # the search is under way
    cpsat.interrupt(solver)
    searching.join(HANG)
    assert not searching.is_alive() and slow.count < 2**12
    assert cpsat.read_status(answer["status"]) in ("feasible", "unknown")  # no proof


# -- the one reading of a status ----------------------------------------------------------------


def test_every_status_is_read_one_way():
    assert {
        status: cpsat.read_status(status)
        for status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE, cp_model.UNKNOWN)
    } == {
        cp_model.OPTIMAL: "optimal",
        cp_model.FEASIBLE: "feasible",
        cp_model.INFEASIBLE: "infeasible",
        cp_model.UNKNOWN: "unknown",
    }
    with pytest.raises(KeyError):
        cpsat.read_status(cp_model.MODEL_INVALID)  # solve_model raises before


def test_found_solution_reads_a_model_without_an_objective():
    solver = cp_model.CpSolver()
    assert cpsat.found_solution(solver, cp_model.OPTIMAL) is True
    assert cpsat.found_solution(solver, cp_model.FEASIBLE) is True
    assert cpsat.found_solution(solver, cp_model.INFEASIBLE) is False
    for run, said in [
        (None, "CP-SAT: UNKNOWN, no answer within its time limit"),
        (Run(), "CP-SAT: UNKNOWN, no answer within its time limit"),
        (Run(Deadline(5)), "CP-SAT: UNKNOWN, no answer within 5 s"),
        (Run(Deadline(2.5), "the model"), "the model: UNKNOWN, no answer within 2.5 s"),
        (Run(method="the model"), "the model: UNKNOWN, no answer within its time limit"),
    ]:
        with pytest.raises(SolverTimeoutError) as error:
            cpsat.found_solution(solver, cp_model.UNKNOWN, run)
        assert str(error.value) == said


def knapsack():
    """Pick items of these weights and values, weight at most 10: brute force knows the best."""
    weights, values = [3, 4, 5, 6, 2], [4, 5, 7, 8, 1]
    model = cp_model.CpModel()
    pick = [model.new_bool_var(f"p{i}") for i in range(5)]
    model.add(sum(w * p for w, p in zip(weights, pick, strict=True)) <= 10)
    model.maximize(sum(v * p for v, p in zip(values, pick, strict=True)))
    best = max(
        sum(v for v, b in zip(values, bits, strict=True) if b)
        for bits in itertools.product((0, 1), repeat=5)
        if sum(w for w, b in zip(weights, bits, strict=True) if b) <= 10
    )
    return model, pick, best


def test_an_optimum_is_returned_only_when_proved():
    model, _, best = knapsack()
    run = Run(Deadline(60), stats={"branches": 2})
    solver = cpsat.solve_to_optimum(model, run)
    assert solver.objective_value == best
    assert run.stats["branches"] >= 2 and "conflicts" in run.stats
    assert cpsat.solve_to_optimum(model).objective_value == best  # no run: no deadline


@pytest.mark.parametrize(
    ("make_run", "said"),
    [  # the runs are made when the test runs: a deadline starts when its Run is made
        (lambda: None, "CP-SAT: no proven optimum within its time limit"),
        (lambda: Run(Deadline(30)), "CP-SAT: no proven optimum within 30 s"),
        (lambda: Run(method="the master"), "the master: no proven optimum within its time limit"),
    ],
)
def test_no_proof_of_an_optimum_is_a_time_out(make_run, said):
    run = make_run()
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(40)]
    model.add(sum(x) >= 20)
    model.minimize(sum((i % 7 + 1) * v for i, v in enumerate(x)))
    with pytest.raises(SolverTimeoutError) as error:
        cpsat.solve_to_optimum(model, run, {"max_time_in_seconds": 1e-9})
    assert str(error.value) == said


def test_a_feasible_solution_is_no_proven_optimum():
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(60)]
    model.add(sum((i % 7 + 3) * v for i, v in enumerate(x)) <= 101)
    model.maximize(sum((i % 5 + 2) * v for i, v in enumerate(x)))
    for v in x:
        model.add_hint(v, 0)  # a poor first solution ...
    first = {"stop_after_first_solution": True, "cp_model_presolve": False}  # ... kept as it is
    _, status = cpsat.solve_model(model, parameters=first)
    assert cpsat.read_status(status) == "feasible"
    with pytest.raises(SolverTimeoutError) as error:
        cpsat.solve_to_optimum(model, parameters=first)
    assert str(error.value) == "CP-SAT: no proven optimum within its time limit"


@pytest.mark.parametrize(
    ("run", "said"),
    [
        (None, "CP-SAT: the model has no solution"),
        (Run(method="m"), "m: the model has no solution"),
    ],
)
def test_no_solution_at_all_is_said_so(run, said):
    model, pick, _ = knapsack()
    model.add(sum(pick) >= 5)  # every item: too heavy
    with pytest.raises(NoSolutionError) as error:
        cpsat.solve_to_optimum(model, run)
    assert str(error.value) == said


# -- the one enumeration ------------------------------------------------------------------------


def small_model(seed):
    """Three small variables under a few random constraints, and brute force's solutions."""
    import random

    rng = random.Random(seed)
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, 2, f"x{i}") for i in range(3)]
    rules = []
    for _ in range(rng.randint(1, 3)):
        a, b = rng.sample(range(3), 2)
        kind = rng.choice(["ne", "le", "sum"])
        if kind == "ne":
            model.add(xs[a] != xs[b])
            rules.append(lambda v, a=a, b=b: v[a] != v[b])
        elif kind == "le":
            model.add(xs[a] <= xs[b])
            rules.append(lambda v, a=a, b=b: v[a] <= v[b])
        else:
            total = rng.randint(0, 6)
            model.add(xs[a] + xs[b] != total)
            rules.append(lambda v, a=a, b=b, t=total: v[a] + v[b] != t)
    expected = {v for v in itertools.product(range(3), repeat=3) if all(r(v) for r in rules)}
    return model, xs, expected


@pytest.mark.parametrize("seed", range(8))
def test_the_enumeration_finds_every_solution_once(seed):
    model, xs, expected = small_model(seed)
    run = Run()
    rows, complete = cpsat.enumerate_values(model, xs, run, None)
    assert set(rows) == expected and len(rows) == len(expected) and complete
    assert set(run.stats) == {"branches", "conflicts"}
    for limit in (1, 2, 5):
        rows, complete = cpsat.enumerate_values(model, xs, Run(), limit)
        assert len(rows) == min(limit, len(expected)) and set(rows) <= expected
        assert len(set(rows)) == len(rows) and complete


def test_an_enumeration_of_nothing_is_complete():
    model, xs, _ = small_model(0)
    model.add(xs[0] > 5)
    assert cpsat.enumerate_values(model, xs, Run(), 3) == ([], True)


def test_an_enumeration_cut_by_the_deadline_is_incomplete():
    model, bits = free_bits(40)
    rows, complete = cpsat.enumerate_values(model, bits, Run(Deadline(0.5)), None)
    assert len(rows) < 2**40 and not complete  # (a busy machine may not reach the first)
    rows, complete = cpsat.enumerate_values(model, bits, Run(Deadline(HANG)), 3)
    assert len(rows) == 3 and complete  # it reached its limit in time


def test_a_grid_enumeration_cut_by_the_deadline_is_incomplete():
    model = cp_model.CpModel()
    cells = [[model.new_bool_var(f"c{r}{c}") for c in range(8)] for r in range(5)]
    grids, complete = cpsat.enumerate_grids(model, cells, Run(Deadline(0.5)), None)
    assert len(grids) < 2**40 and not complete
    assert all(len(grid) == 5 and all(len(row) == 8 for row in grid) for grid in grids)


def test_counted_grids_yields_every_grid_then_says_when_the_deadline_cut_it_short():
    model = cp_model.CpModel()
    cells = [[model.new_bool_var(f"c{r}{c}") for c in range(2)] for r in range(1)]
    found = list(cpsat.counted_grids(model, cells, Run(), None))
    assert sorted(found) == [[[a, b]] for a in (0, 1) for b in (0, 1)]
    assert len(list(cpsat.counted_grids(model, cells, Run(), 2))) == 2
    big = cp_model.CpModel()
    wide = [[big.new_bool_var(f"c{r}{c}") for c in range(8)] for r in range(5)]
    counted = cpsat.counted_grids(big, wide, Run(Deadline(0.5)), None)
    grids = []
    with pytest.raises(SolverTimeoutError) as error:
        for grid in counted:
            grids.append(grid)
    assert str(error.value) == (
        f"counting stopped after 0.5 s with {len(grids)} solution(s) found and not all ruled out"
    )


def test_the_enumeration_counts_distinct_values_of_the_variables_asked():
    model, bits = free_bits(4)
    rows, complete = cpsat.enumerate_values(model, bits[:2], Run(), None)
    assert sorted(rows) == sorted(itertools.product((0, 1), repeat=2)) and complete
    rows, complete = cpsat.enumerate_values(model, bits[:2], Run(), 4)
    assert sorted(rows) == sorted(itertools.product((0, 1), repeat=2)) and complete


@pytest.mark.parametrize("limit", [0, -2, 2.5])
def test_an_enumeration_wants_a_positive_limit(limit):
    model, bits = free_bits(2)
    with pytest.raises(ValueError, match="limit must be a positive integer or None"):
        cpsat.enumerate_values(model, bits, Run(), limit)


def test_grids_are_lists_of_rows():
    model = cp_model.CpModel()
    cells = [[model.new_bool_var(f"c{r}{c}") for c in range(3)] for r in range(2)]
    for row in cells:
        model.add(sum(row) == 1)
    model.add(cells[0][0] == 1)
    run = Run()
    grids, complete = cpsat.enumerate_grids(model, cells, run, None)
    expected = [[[1, 0, 0], list(row)] for row in ((1, 0, 0), (0, 1, 0), (0, 0, 1))]
    assert sorted(grids) == sorted(expected) and complete
    assert set(run.stats) == {"branches", "conflicts"}  # counted in the run
    grids, complete = cpsat.enumerate_grids(model, cells, Run(), 2)
    assert len(grids) == 2 and all(grid in expected for grid in grids) and complete
    assert cpsat.enumerate_grids(cp_model.CpModel(), [], Run(), None) == ([[]], True)
