"""The benchmark command, end to end on a tiny set, and its report."""

import csv
import json
import subprocess
import sys

import pytest

from helper.bench import Result, load_set, run_one, summary, targets
from helper.nonogram import Nonogram, clues_from_grid
from helper.pictures import draw


@pytest.fixture
def tiny_set(tmp_path):
    for name, h, w in [("heart", 10, 10), ("sailboat", 20, 20)]:
        rows, cols = clues_from_grid(draw(name, h, w))
        data = {"family": "picture", "rows": rows, "cols": cols}
        (tmp_path / f"picture-{name}.json").write_text(json.dumps(data), encoding="utf-8")
    return tmp_path


def bench(*args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "helper.bench", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


def test_command_runs_two_solvers_and_verifies_every_answer(tiny_set, tmp_path):
    out = tmp_path / "results.csv"
    done = bench(
        "--set", str(tiny_set), "--solvers", "cpsat-automaton,line-cpsat",
        "--time-limit", "30", "--csv", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "picture-heart" in done.stdout and "geometric mean" in done.stdout
    assert "Ratio to the fastest" in done.stdout and "Targets" in done.stdout
    with out.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4
    assert {(r["solver"], r["puzzle"]) for r in rows} == {
        (s, p)
        for s in ("cpsat-automaton", "line-cpsat")
        for p in ("picture-heart", "picture-sailboat")
    }
    assert all(r["status"] == "ok" and float(r["seconds"]) > 0 for r in rows)


def test_command_rejects_bad_arguments(tiny_set):
    done = bench("--set", str(tiny_set), "--solvers", "no-such-solver")
    assert done.returncode == 2 and "unknown solver" in done.stderr
    done = bench("--set", str(tiny_set), "--size", "99x99")
    assert done.returncode == 2 and "no puzzle" in done.stderr


def test_a_model_that_refuses_to_build_is_too_large_not_a_timeout():
    # One row of 60 cells holding ten single cells: about 1.3e10 placements for pysat-cnf.
    rows = [[1] * 10]
    cols = [[1] if j % 6 == 0 else [] for j in range(60)]
    puzzle = Nonogram(rows, cols, name="spaced-1x60", family="test")
    result = run_one("pysat-cnf", puzzle, time_limit=30)
    assert result.status == "too large"
    assert "selector variables" in result.message
    cells = summary([result], time_limit=30)
    assert cells.capped("pysat-cnf")  # counted at the cap in means, and marked as a bound


def test_a_solve_that_hits_the_cap_is_a_timeout():
    (hard,) = load_set(pattern="hard-*", sizes=["40x40"])
    result = run_one("line-search", hard, time_limit=0.2)
    assert result.status == "timeout"
    assert result.seconds >= 0.2


def test_the_benchmark_set_is_well_formed():
    puzzles = load_set()
    assert 15 <= len(puzzles) <= 30
    assert {p.family for p in puzzles} == {"picture", "textured", "noise", "hard"}
    sizes = [p.size for p in puzzles if p.family == "picture"]
    assert sizes.count("45x60") >= 2 and sizes.count("60x80") >= 2
    assert "10x10" in sizes and "80x80" in sizes


def test_targets_are_computed_from_one_run():
    def result(solver, puzzle, size, seconds, status="ok"):
        return Result(solver, puzzle, "picture", size, 1, status, seconds)

    results = [
        result("cpsat-start", "a", "45x60", 10.0),
        result("cpsat-automaton", "a", "45x60", 0.5),
        result("line-cpsat", "a", "45x60", 0.1),
        result("cpsat-start", "b", "60x80", 60.0, "timeout"),
        result("cpsat-automaton", "b", "60x80", 0.5),
        result("line-cpsat", "b", "60x80", 3.0),
    ]
    s = summary(results, time_limit=60)
    first, second, third = targets(s, "line-cpsat")
    assert first.met and first.value == "100x"
    assert second.met is False  # 3 s on a 60x80 picture
    assert third.met is False  # 3.1 s in total against 1.0 s
    assert s.capped("cpsat-start") and not s.capped("line-cpsat")
