"""The back ends: CP-SAT and PySAT within a deadline, interrupted, and the race's cores."""

import io
import pickle
import threading
import time
from typing import ClassVar

import pytest
from ortools.sat.python import cp_model
from pysat.solvers import Solver
from stubs import child_running, never_answering

from helper.backends import cpsat, pysat, race, race_child
from helper.backends.pysat import SatSolver
from helper.backends.race import usable_cores
from helper.deadline import Deadline, Run
from helper.errors import NoSolutionError, SolverTimeoutError


def test_cpsat_solves_within_the_run_and_counts_its_search():
    model = cp_model.CpModel()
    x = model.new_int_var(0, 10, "x")
    model.add(x > 7)
    run = Run(Deadline(30), "test")
    solver, status = cpsat.solve_model(model, run, {"cp_model_presolve": False})
    assert status == cp_model.OPTIMAL and solver.value(x) > 7
    assert set(run.stats) == {"branches", "conflicts"}
    assert solver.parameters.num_workers == 1 and solver.parameters.random_seed == 0
    assert 0 < solver.parameters.max_time_in_seconds <= 30


def test_cpsat_refuses_to_start_after_the_deadline():
    run = Run(Deadline(0.001), "late model")
    time.sleep(0.01)
    with pytest.raises(SolverTimeoutError, match="late model"):
        cpsat.solve_model(cp_model.CpModel(), run)


def test_pysat_gives_up_at_the_deadline_on_a_solver_that_never_answers():
    run = Run(Deadline(0.2), "stub")
    with never_answering("g3", [[1, 2], [-1, 2]], run=run) as solver:
        start = time.perf_counter()
        with pytest.raises(SolverTimeoutError, match=r"stub: no answer within 0\.2 s"):
            solver.solve()
        assert time.perf_counter() - start < 0.2 + 5  # the deadline was honoured
        with pytest.raises(SolverTimeoutError, match="stub"):  # and it is not asked again
            solver.solve()
    with never_answering("g3", [[1, 2], [-1, 2]]) as solver:
        assert solver.solve(seconds=0.05) is None  # a budget of the call, not the deadline
        assert solver.solve(conflicts=10, seconds=0.05) is None


def test_pysat_answers_and_counts():
    run = Run(Deadline(), "test")
    with SatSolver("g3", [[1, 2], [-1], [-2, 3]], run=run) as solver:
        assert solver.solve() is True and solver.backend == "glucose3"
        assert solver.model()[:3] == [-1, 2, 3]
        assert set(run.stats) == {"decisions", "conflicts"} and solver.calls == 1
        assert solver.solve([1]) is False and solver.core() == [1]
        assert solver.propagate([-3]) == (False, []) or not solver.propagate([-3])[0]


def test_statistics_are_per_call_and_add_up_to_the_solvers_own_totals():
    """Each call adds what that call did: after many calls, the run holds the solver's own
    totals (PySAT's accum_stats are totals since the solver was made, not per call)."""
    from pysat.examples.genhard import PHP

    run = Run(Deadline(), "test")
    with SatSolver("g4", PHP(5).clauses, run=run) as solver:
        for _ in range(5):
            assert solver.solve() is False
            totals = solver.totals()
            assert run.stats == {key: totals[key] for key in pysat.COUNTED}  # not running sums
        assert totals["conflicts"] > 0 and totals["decisions"] > 0 and totals["propagations"] > 0
    with SatSolver("g3", [[1, 2, 3]], run=Run()) as solver:  # a count of 7 models
        models = list(solver.models(lambda model: [-x for x in model]))
        assert len(models) == 7 and solver.calls == 8
        totals = solver.totals()
        assert solver.run.stats == {key: totals[key] for key in pysat.COUNTED}


def test_usable_cores_is_at_least_one():
    assert usable_cores() >= 1


def test_usable_cores_falls_back_to_the_cpu_count(monkeypatch):
    monkeypatch.delattr(race.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(race.os, "cpu_count", lambda: 1)
    assert race.usable_cores() == 1
    monkeypatch.setattr(race.os, "cpu_count", lambda: None)
    assert race.usable_cores() == 1
    monkeypatch.setattr(race.os, "cpu_count", lambda: 4)
    assert race.usable_cores() == 4


SATISFIABLE = [[1, 2], [-1, 2], [-2, 3], [-3, -1]]
UNSATISFIABLE = [[1, 2], [-1, 2], [1, -2], [-1, -2]]


@pytest.mark.parametrize("clauses", [SATISFIABLE, UNSATISFIABLE], ids=["sat", "unsat"])
def test_the_race_in_threads_gives_the_second_solvers_answer(clauses):
    """The primary never answers (a stub): the second, loaded meanwhile, answers (a model, or
    None when the clauses are unsatisfiable), the primary is stopped and can search again."""
    threads = threading.active_count()
    run = Run(Deadline(30), "test")
    with never_answering("g4", clauses, run=run) as primary:
        winner, model = race.race_in_threads(primary, "g4", clauses, "g3", run)
        assert not primary._solver.stopped.is_set()  # its interrupt was cleared
    assert winner == "g3" and set(run.stats) <= {"decisions", "conflicts"}
    if clauses is SATISFIABLE:
        true = {lit for lit in model if lit > 0}
        assert all(any((abs(lit) in true) == (lit > 0) for lit in c) for c in clauses)
    else:
        assert model is None
    assert threading.active_count() == threads  # both searches have ended


def test_the_race_in_threads_ends_at_the_deadline(monkeypatch):
    monkeypatch.setattr(race, "SatSolver", never_answering)
    threads = threading.active_count()
    run = Run(Deadline(0.2), "stub race")
    start = time.perf_counter()
    stub = never_answering("g4", SATISFIABLE, run=run)
    with stub as primary, pytest.raises(SolverTimeoutError, match=r"no answer within 0\.2 s"):
        race.race_in_threads(primary, "g4", SATISFIABLE, "g3", run)
    assert time.perf_counter() - start < 0.2 + 5  # the deadline was honoured (a wide margin)
    assert threading.active_count() == threads


@pytest.mark.parametrize("clauses", [SATISFIABLE, UNSATISFIABLE], ids=["sat", "unsat"])
def test_the_race_in_a_process_gives_the_childs_answer(clauses, race_children):
    """The primary never answers (a stub): CaDiCaL 1.0.3, which cannot be interrupted, answers
    from its child process; the primary is stopped and can search again; the child has ended."""
    run = Run(Deadline(30), "test")
    with never_answering("g4", clauses, run=run) as primary:
        winner, model = race.race(primary, "g4", clauses, "cd103", run)
        assert not primary._solver.stopped.is_set()  # its interrupt was cleared
    assert winner == "cd103" and set(run.stats) <= {"decisions", "conflicts"}
    assert model == (None if clauses is UNSATISFIABLE else [-1, 2, 3])  # the one model
    assert len(race_children) == 1 and race_children[0].returncode == 0


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (child_running("import sys; sys.exit('no solver here')"), "exited with code 1:\nno solver"),
        (child_running("print('not a pickle')"), "its answer could not be read"),
        (lambda: ["/no/such/python", "-m", race.CHILD_MODULE], "it could not start"),
    ],
    ids=["dies", "garbles", "cannot start"],
)
def test_a_child_that_fails_is_named_and_the_primary_goes_on(monkeypatch, command, reason):
    """A failed child is a warning that says why; the primary (here one that never answers)
    goes on alone until the deadline: no hang, and no wait for an answer that cannot come."""
    monkeypatch.setattr(race, "child_command", command)
    run = Run(Deadline(1.0), "failed child")
    start = time.perf_counter()
    with (
        never_answering("g4", SATISFIABLE, run=run) as primary,
        pytest.warns(RuntimeWarning, match=reason) as warned,
        pytest.raises(SolverTimeoutError, match=r"no answer within 1\.0 s"),
    ):
        race.race(primary, "g4", SATISFIABLE, "cd103", run)
    assert len(warned) == 1 and "Glucose 4.1 goes on alone" in str(warned[0].message)
    assert time.perf_counter() - start < 1.0 + 5


def test_a_child_that_dies_while_the_primary_searches_leaves_the_primary_its_answer(monkeypatch):
    monkeypatch.setattr(race, "child_command", child_running("import os; os._exit(3)"))
    run = Run(Deadline(30), "test")
    with SatSolver("g3", SATISFIABLE, run=run) as primary:  # answers at once
        winner, model = race.race(primary, "g3", SATISFIABLE, "cd103", run)
    assert winner == "g3" and model == [-1, 2, 3]


def test_the_race_in_a_process_ends_at_the_deadline_and_kills_the_child(monkeypatch, race_children):
    monkeypatch.setattr(race, "child_command", child_running("import time; time.sleep(3600)"))
    run = Run(Deadline(0.5), "stub race")
    start = time.perf_counter()
    stub = never_answering("g4", SATISFIABLE, run=run)
    with stub as primary, pytest.raises(SolverTimeoutError, match=r"no answer within 0\.5 s"):
        race.race(primary, "g4", SATISFIABLE, "cd103", run)
    assert time.perf_counter() - start < 0.5 + 5
    assert len(race_children) == 1 and race_children[0].returncode not in (None, 0)  # killed


def test_the_child_module_answers_on_its_streams():
    """What the child does, in this process: one pickled piece of work in, one answer out."""
    stdin = io.BytesIO(pickle.dumps((SATISFIABLE, "g3")))
    stdout = io.BytesIO()
    race_child.main(stdin, stdout)
    model, stats = pickle.loads(stdout.getvalue())
    assert model == [-1, 2, 3] and set(stats) <= {"decisions", "conflicts"}


class Loading(Solver):
    """A second solver that records the chunks it loads, each only once the primary's search
    thread has ended (so the primary has answered by then)."""

    chunks: ClassVar[list[int]] = []

    def append_formula(self, formula, no_return=True):
        for thread in threading.enumerate():
            if thread.name.endswith("(search)"):
                thread.join(5)
        Loading.chunks.append(len(formula))
        return super().append_formula(formula, no_return)


def loading(backend, clauses=(), *, run=None):
    """A SatSolver whose back end records what it loads (:class:`Loading`)."""
    solver = SatSolver(backend, (), run=run)
    solver._solver.delete()
    solver._solver = Loading(name=pysat.constructor_name(backend), bootstrap_with=clauses)
    return solver


def test_the_second_stops_loading_when_the_primary_has_answered(monkeypatch):
    monkeypatch.setattr(race, "LOAD_CHUNK", 2)
    monkeypatch.setattr(race, "SatSolver", loading)
    monkeypatch.setattr(Loading, "chunks", [])
    clauses = [[1, 2], [-1, 2]] + [[-3 - i, 4 + i] for i in range(20)]
    run = Run(Deadline(30), "test")
    with SatSolver("g3", clauses, run=run) as primary:  # answers at once
        winner, model = race.race_in_threads(primary, "g3", clauses, "g4", run)
        totals = {key: primary.totals()[key] for key in pysat.COUNTED}
    assert winner == "g3" and model is not None and 2 in model
    assert Loading.chunks in ([], [2])  # at most one chunk: then it saw the answer and stopped
    assert run.stats == totals  # the second never searched: only the primary counted


# -- which back ends can be interrupted (issue 30) ---------------------------------------------


def _pigeonhole() -> list[list[int]]:
    """11 pigeons in 10 holes: unsatisfiable, and far beyond any CDCL solver in seconds."""
    from pysat.examples.genhard import PHP

    return PHP(10).clauses


@pytest.mark.parametrize("backend", sorted(pysat.INTERRUPTIBLE))
def test_every_interruptible_back_end_stops_when_interrupted_and_lets_python_run(backend):
    """The search runs in a thread; this thread keeps running (the interpreter is released)
    and ``interrupt()`` ends the search with ``None``, as :data:`INTERRUPTIBLE` promises."""
    with SatSolver(backend, _pigeonhole()) as solver:
        answer: dict[str, bool | None] = {}
        searching = threading.Thread(target=lambda: answer.update(found=solver.solve()))
        searching.start()
        steps = 0
        while steps < 200 and searching.is_alive():  # runs only while the GIL is released
            time.sleep(0.001)
            steps += 1
        assert steps == 200 and searching.is_alive(), "the search ended or held the interpreter"
        solver.interrupt()
        searching.join(30)
        assert not searching.is_alive() and answer == {"found": None}
        assert solver.solve(seconds=0.05) is None  # the interrupt was cleared: it searches


@pytest.mark.parametrize("backend", ["cd103", "cd153", "cd195", "cadical300", "lingeling"])
def test_a_back_end_that_cannot_be_interrupted_gets_no_time_limit(backend):
    assert not pysat.can_interrupt(backend)
    timed = SatSolver(backend, SATISFIABLE, run=Run(Deadline(1.0)))
    with timed, pytest.raises(ValueError, match="cannot be interrupted, so it cannot serve a time"):
        timed.solve()
    with SatSolver(backend, SATISFIABLE) as solver:
        with pytest.raises(ValueError, match="cannot be interrupted, so it cannot serve a time"):
            solver.solve(seconds=1.0)
        assert solver.solve() is True  # without a limit it just solves


@pytest.mark.parametrize("backend", ["kissat", "cms", "KISSAT404", "cryptominisat5"])
def test_a_back_end_the_door_cannot_use_is_refused_by_name_with_its_reason(backend):
    with pytest.raises(ValueError, match=rf"\('{backend}'\) cannot serve here: .*; choose one of"):
        SatSolver(backend, SATISFIABLE)


def test_the_reasons_for_refusing_still_hold():
    """CryptoMiniSat is not built into this PySAT; Kissat answers as if assumptions were not
    there, and ends the whole process when a clause comes after a call (in a child here)."""
    import subprocess
    import sys

    from pysat.solvers import NoSuchSolverError

    with pytest.raises(NoSuchSolverError):
        Solver(name="cryptosat")
    with (
        pytest.warns(RuntimeWarning, match="Kissat does not support assumptions"),
        Solver(name="kissat404", bootstrap_with=[[1, 2], [-1, 2]]) as kissat,
    ):
        assert kissat.solve(assumptions=[-2]) is True  # wrong: [1, 2], [-1, 2] force 2
    script = (
        "from pysat.solvers import Solver\n"
        "s = Solver(name='kissat404', bootstrap_with=[[1, 2]])\n"
        "s.solve(); s.add_clause([-2]); s.solve(); print('survived')\n"
    )
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert child.returncode != 0 and b"survived" not in child.stdout


def test_pysat_names_are_pysats_own():
    from pysat.solvers import SolverNames

    canonical = {name for name in vars(SolverNames) if not name.startswith("_")}
    assert set(pysat.READABLE) == canonical  # a readable name for every back end
    assert canonical >= pysat.INTERRUPTIBLE
    assert pysat.NAMES["g4"] == pysat.NAMES["Glucose41"] == "Glucose 4.1"
    assert pysat.canonical("MCB") == "maplechrono" and "g3" in pysat.NAMES
    with pytest.raises(ValueError, match="PySAT has no SAT solver named 'glucose5'; its"):
        pysat.canonical("glucose5")
    with pytest.raises(KeyError):
        pysat.NAMES["glucose5"]


def test_a_stop_at_one_calls_budget_cannot_reach_a_later_search():
    with SatSolver("g3", SATISFIABLE) as solver:
        assert solver.solve(seconds=0.05) is True
        time.sleep(0.15)  # past that budget: a stop that came late would end the next search
        assert solver.solve() is True
    with SatSolver("glucose41", SATISFIABLE) as solver:  # any of PySAT's names
        assert solver.backend == "glucose4" and repr(solver) == "<SatSolver Glucose 4.1, 0 calls>"


def test_one_reading_of_a_cpsat_status_an_invalid_model_is_no_time_out():
    model = cp_model.CpModel()
    model.new_int_var(0, 10, "x")
    model.proto.variables[0].domain[0] = 5  # the domain 5..1 is empty: a broken model
    model.proto.variables[0].domain[1] = 1
    with pytest.raises(ValueError, match=r"^invalid CP-SAT model: "):
        cpsat.solve_model(model)
    model.name = "broken"
    with pytest.raises(ValueError, match=r"^hints: invalid CP-SAT model 'broken': "):
        cpsat.solve_model(model, Run(method="hints"))
    model.maximize(model.get_int_var_from_proto_index(0))  # an objective does not hide it
    with pytest.raises(ValueError, match="invalid CP-SAT model"):
        cpsat.solve_to_optimum(model)
    fine = cp_model.CpModel()
    fine.new_int_var(0, 3, "x")
    with pytest.raises(ValueError, match=r"^count: invalid CP-SAT parameters: .*'num_workers'"):
        cpsat.solve_model(fine, Run(method="count"), {"num_workers": -3})
    hard = cp_model.CpModel()
    hard.add_all_different([hard.new_int_var(0, 30, f"v{i}") for i in range(30)])
    no_time = {"max_time_in_seconds": 1e-9}  # no time to find anything
    solver, status = cpsat.solve_model(hard, parameters=no_time)
    assert cpsat.read_status(status) == "unknown"
    with pytest.raises(SolverTimeoutError, match=r"CP-SAT: UNKNOWN, no answer within its time"):
        cpsat.found_solution(solver, status)
    run = Run(Deadline(5), "the model")
    with pytest.raises(SolverTimeoutError, match=r"the model: UNKNOWN, no answer within 5 s"):
        cpsat.found_solution(solver, status, run)
    solver, status = cpsat.solve_model(cp_model.CpModel())
    assert cpsat.found_solution(solver, status) is True  # no rule: any


def test_an_optimum_is_claimed_only_when_cpsat_proves_it():
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(40)]
    model.add(sum(x) >= 20)
    model.minimize(sum((i % 7 + 1) * v for i, v in enumerate(x)))
    assert cpsat.solve_to_optimum(model).objective_value > 0
    no_time = {"max_time_in_seconds": 1e-9}
    with pytest.raises(SolverTimeoutError, match="no proven optimum"):
        cpsat.solve_to_optimum(model, parameters=no_time)
    model.add(sum(x) <= 10)  # and at least 20: no solution
    with pytest.raises(NoSolutionError, match="no solution"):
        cpsat.solve_to_optimum(model, Run(method="the master"))


def test_a_count_reports_the_solvers_own_totals_not_a_sum_of_running_totals(monkeypatch):
    """Issue 38's case: 100 solutions counted by ``"sat-onehot"`` once reported 70,230
    decisions where the solver's own total was 1,308 (PySAT's running totals, added after
    every call). Each call now adds what it did: the count's statistics are the totals."""
    from helper.futoshiki import Futoshiki, count_solutions
    from helper.futoshiki import solvers as futoshiki_solvers

    seen: list[dict[str, int]] = []

    class Recording(SatSolver):
        def close(self) -> None:
            seen.append(self.totals())
            super().close()

    monkeypatch.setattr(futoshiki_solvers, "SatSolver", Recording)
    count = count_solutions(Futoshiki([[0] * 4 for _ in range(4)]), 100, solver="sat-onehot")
    assert count.count == 100 and len(seen) == 1
    assert count.stats["decisions"] == seen[0]["decisions"] > 0
    assert count.stats["conflicts"] == seen[0]["conflicts"]
