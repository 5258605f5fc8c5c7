"""The back ends: CP-SAT and PySAT within a deadline, interrupted, and the race's cores."""

import time

import pytest
from ortools.sat.python import cp_model
from stubs import NeverAnswers

from helper.backends import cpsat, pysat, race
from helper.backends.race import usable_cores
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError


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
    with NeverAnswers(name="g3", bootstrap_with=[[1, 2], [-1, 2]]) as solver:
        run = Run(Deadline(0.2), "stub")
        start = time.perf_counter()
        with pytest.raises(SolverTimeoutError, match=r"stub: interrupted after 0\.2 s"):
            pysat.solve_within(solver, run)
        assert time.perf_counter() - start < 0.2 + 5  # the deadline was honoured
        assert pysat.solve_for(solver, 0.05) is None  # a timer interrupts it, and again


def test_pysat_answers_and_counts():
    with pysat.load_solver("g3", [[1, 2], [-1], [-2, 3]]) as solver:
        run = Run(Deadline(), "test")
        assert pysat.solve_within(solver, run) is True
        assert solver.get_model()[:3] == [-1, 2, 3]
        assert set(run.stats) <= {"decisions", "conflicts"}


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
