"""The benchmark's "CP-SAT defaults" baseline: one worker per core the process may use."""

import os
import subprocess
import sys

import pytest

from helper.backends import race
from helper.nonogram import SOLVERS, load_puzzle
from helper.nonogram.solvers import cpsat
from helper.nonogram.solvers.cpsat import CPSAT_DEFAULTS, default_workers


@pytest.mark.parametrize("cores", [1, 3])
def test_default_workers_are_the_usable_cores(monkeypatch, cores):
    monkeypatch.setattr(race, "usable_cores", lambda: cores)
    assert default_workers(CPSAT_DEFAULTS) == {"num_workers": cores, "random_seed": 1}
    assert default_workers({"num_workers": 4}) == {"num_workers": 4}  # a choice is kept


def test_the_default_solver_asks_for_the_usable_cores(monkeypatch):
    seen = {}
    real = cpsat.solve_cells

    def spy(model, cells, run=None, **parameters):
        seen.update(parameters)
        return real(model, cells, run, **parameters)

    monkeypatch.setattr(race, "usable_cores", lambda: 1)
    monkeypatch.setattr(cpsat, "solve_cells", spy)
    puzzle = load_puzzle("nonogram01")
    result = SOLVERS["cpsat-automaton-default"](puzzle)
    assert result.solved and puzzle.check(result.grid)
    assert seen["num_workers"] == 1


PINNED = """
import os
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from ortools.sat.python import cp_model
from helper.nonogram.solvers.cpsat import CPSAT_DEFAULTS, default_workers
model = cp_model.CpModel()
model.new_bool_var("x")
solver = cp_model.CpSolver()
solver.parameters.log_search_progress = True
solver.parameters.log_to_stdout = False
lines = []
solver.log_callback = lines.append
solver.solve(model)
started = [line for line in lines if line.startswith("Starting search")]
print(started[0].split(" with ")[1].split()[0], default_workers(CPSAT_DEFAULTS)["num_workers"])
"""


@pytest.mark.skipif(
    not hasattr(os, "sched_setaffinity") or (os.cpu_count() or 1) < 2,
    reason="pinning a process needs Linux and a machine with two cores or more",
)
def test_cpsat_counts_the_machines_cores_not_the_usable_ones():
    """Why ``default_workers`` exists: pinned to one core, CP-SAT's default still starts a
    worker per core of the machine. When this fails, CP-SAT reads the affinity itself."""
    out = subprocess.run(
        [sys.executable, "-c", PINNED], capture_output=True, text=True, check=True, timeout=50
    )
    started, ours = map(int, out.stdout.split())
    assert started == os.cpu_count() and ours == 1
