"""The benchmark: seeded families, one solve per process, checked answers, the report."""

import csv
import json
import os
import subprocess
import sys

import pytest

from helper.bench import (
    Line,
    Result,
    _read_answer,
    cactus,
    family_puzzles,
    format_report,
    lines,
    load_set,
    ratio,
    ratio_bound,
    run,
    run_one,
    usable_cores,
)
from helper.bench.families import FAMILIES, SPLITS, random_density
from helper.bench.goals import targets
from helper.nonogram import Nonogram, SolveResult, clues_from_grid
from helper.pictures import draw


def test_families_are_seeded_and_their_splits_disjoint():
    for family in FAMILIES.values():
        first = family.puzzles("tuning", limit=3)
        again = family.puzzles("tuning", limit=3)
        assert [p.to_dict() for p in first] == [p.to_dict() for p in again]  # same every time
        held = family.puzzles("held-out", limit=3)
        assert not {p.name for p in first} & {p.name for p in held}
        assert all(p.goal is not None and p.check(p.goal) for p in first + held)
        assert {p.info["split"] for p in held} == {"held-out"}
        assert all(p.family == family.name for p in first + held)


def test_random_family_density_falls_from_half_to_035():
    assert [round(random_density(k, 4), 3) for k in range(4)] == [0.5, 0.45, 0.4, 0.35]
    family = FAMILIES["random"]
    assert family.size["tuning"] >= 100 and family.size["held-out"] >= 100
    puzzles = family.puzzles("tuning")
    ink = [sum(map(sum, p.goal)) / p.cells for p in puzzles]
    assert {p.size for p in puzzles} == {"25x25"}
    assert sum(ink[:20]) / 20 > sum(ink[-20:]) / 20 + 0.1


def test_family_puzzles_rejects_unknown_names():
    with pytest.raises(ValueError, match="unknown family"):
        family_puzzles(["nope"])
    with pytest.raises(ValueError, match="unknown split"):
        family_puzzles(["random"], ["training"])
    assert len(family_puzzles(["noisy"], SPLITS, limit=2)) == 4


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
    out, plot = tmp_path / "results.csv", tmp_path / "cactus.png"
    done = bench(
        "--set", str(tiny_set), "--solvers", "cpsat-automaton,line-cpsat",
        "--time-limit", "30", "--csv", str(out), "--plot", str(plot),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "picture (2 puzzles)" in done.stdout and "p90" in done.stdout
    with out.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert {(r["solver"], r["puzzle"]) for r in rows} == {
        (s, p)
        for s in ("cpsat-automaton", "line-cpsat")
        for p in ("picture-heart", "picture-sailboat")
    }
    assert all(r["status"] == "solved" and float(r["seconds"]) > 0 for r in rows)
    assert plot.stat().st_size > 1000


def test_command_on_a_family_reports_each_split(tmp_path):
    done = bench(
        "--family", "pictures", "--limit", "1", "--solvers", "bitline-hybrid,cpsat-automaton",
        "--targets", "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "pictures, tuning (1 puzzles)" in done.stdout
    assert "pictures, held-out (1 puzzles)" in done.stdout


def test_default_solvers_are_the_portfolio_the_sat_model_and_the_family_baseline():
    from helper.bench.__main__ import _default_solvers
    from helper.nonogram import COUNTERS, REGISTRY

    assert _default_solvers("random", "solve") == [
        "portfolio", "sat-automaton", "cpsat-automaton", "cpsat-automaton-default",
    ]  # fmt: skip
    assert _default_solvers("noisy", "solve") == [
        "portfolio", "sat-automaton", "cpsat-start", "cpsat-automaton", "cpsat-automaton-default",
    ]  # fmt: skip
    assert set(_default_solvers("my-folder", "solve")) >= {"cpsat-start", "portfolio"}
    assert _default_solvers("random", "count") == list(COUNTERS)
    assert all(REGISTRY[name].can("count") for name in COUNTERS)
    assert not REGISTRY["portfolio"].can("count") and REGISTRY["portfolio"].can("solve")


def test_uniqueness_mode_counts_and_compares(tmp_path):
    (tmp_path / "diagonals.json").write_text(
        json.dumps({"rows": [[1], [1]], "cols": [[1], [1]]}), encoding="utf-8"
    )
    results = run(["cpsat-automaton", "sat-automaton"], load_set(str(tmp_path)), 30, limit=2)
    assert [(r.solver, r.status, r.solutions) for r in results] == [
        ("cpsat-automaton", "solved", 2),
        ("sat-automaton", "solved", 2),
    ]


def test_command_rejects_bad_arguments(tiny_set):
    done = bench("--set", str(tiny_set), "--solvers", "no-such-solver")
    assert done.returncode == 2 and "unknown Nonogram solver 'no-such-solver'" in done.stderr
    done = bench("--set", str(tiny_set), "--puzzles", "nothing-*")
    assert done.returncode == 2 and "no puzzle" in done.stderr


def test_a_model_that_refuses_to_build_is_too_large_not_a_timeout():
    # One row of 60 cells holding ten single cells: about 1.3e10 placements for pysat-cnf.
    rows = [[1] * 10]
    cols = [[1] if j % 6 == 0 else [] for j in range(60)]
    puzzle = Nonogram(rows, cols, name="spaced-1x60", family="test")
    result = run_one("pysat-cnf", puzzle, time_limit=30)
    assert result.status == "too large"
    assert "selector variables" in result.message
    assert result.seconds == 30  # counted at the cap
    (line,) = lines([result], time_limit=30)
    assert line.capped and line.solved == 0


def test_a_solve_that_hits_the_cap_is_a_timeout():
    (hard,) = load_set(pattern="hard-*", sizes=["40x40"])
    result = run_one("line-search", hard, time_limit=0.2)
    assert result.status == "timeout"
    assert result.seconds >= 0.2


def _result(solver, puzzle, seconds, status="solved", family="f", split="tuning"):
    return Result(solver, puzzle, family, split, "1x1", 1, status, seconds)


def test_lines_percentiles_and_ratio():
    results = [_result("a", f"p{i}", float(i + 1)) for i in range(10)]
    results += [_result("b", f"p{i}", 2.0 * (i + 1)) for i in range(9)]
    results.append(_result("b", "p9", 60.0, "timeout"))
    a, b = lines(results, time_limit=60)
    assert (a.percentile(0.5), a.percentile(0.9), a.worst, a.total) == (5, 9, 10, 55)
    assert not a.capped and b.capped and b.solved == 9
    assert ratio(a, b) == pytest.approx((2**9 * 6) ** 0.1)
    report = format_report(results, 60, {"f": "b"})
    assert ">=" in report.splitlines()[-1]  # b's figures are lower bounds
    assert cactus(results, 60) == {"a": [float(i + 1) for i in range(10)],
                                   "b": [2.0 * (i + 1) for i in range(9)]}  # fmt: skip


def test_median_of_repeats():
    results = [_result("a", "p", s) for s in (1.0, 9.0, 2.0)]
    (line,) = lines(results)
    assert line.seconds == [2.0]
    assert isinstance(line, Line)


def test_targets_are_computed_from_one_run():
    results = []
    for k, size in enumerate(["30x40", "45x60", "60x80"]):
        name = f"noisy-tuning-{k:03d}-{size}-flip5"
        results.append(_result("cpsat-start", name, 10.0, family="noisy"))
        results.append(_result("portfolio", name, 0.1 if size != "60x80" else 2.5, family="noisy"))
    for k in range(3):
        name = f"random-tuning-{k:03d}"
        results.append(_result("cpsat-automaton-default", name, 3.0, family="random"))
        results.append(_result("portfolio", name, 1.0, family="random"))
    found = {
        goal.split(" (")[0]: (value, met) for goal, value, met in targets(results, 60, "portfolio")
    }
    assert found["noisy 30x40 and 45x60"] == ("100x vs cpsat-start", True)
    assert found["every 60x80 picture < 2 s"][1] is False  # 2.5 s
    assert found["random 25x25"] == ("3.0x vs cpsat-automaton-default (3.0 s vs 9.0 s), 0 unsolved",
                                     True)  # fmt: skip
    for k in range(3):  # the other CP-SAT configuration is reported beside the goal
        results.append(_result("cpsat-automaton", f"random-tuning-{k:03d}", 1.5, family="random"))
    results.append(_result("cpsat-start", "noisy-tuning-003-45x60-flip5", 60.0, "timeout",
                           family="noisy"))  # fmt: skip
    results.append(_result("portfolio", "noisy-tuning-003-45x60-flip5", 0.2, family="noisy"))
    found = {
        goal.split(" (")[0]: (value, met) for goal, value, met in targets(results, 60, "portfolio")
    }
    assert found["random 25x25"] == (  # the stronger baseline leads, the other follows
        "1.5x vs cpsat-automaton (3.0 s vs 4.5 s), 0 unsolved; vs cpsat-automaton-default 3.0x",
        False,
    )
    assert found["noisy 30x40 and 45x60"] == (
        ">=144x vs cpsat-start",
        True,
    )  # (100 * 100 * 300) ** (1 / 3): a bound
    for k, size in enumerate(["30x40", "45x60", "60x80", "45x60"]):  # a stronger baseline
        name = f"noisy-tuning-{k:03d}-{size}-flip5"
        results.append(_result("cpsat-automaton", name, 0.4, family="noisy"))
    found = {
        goal.split(" (")[0]: (value, met) for goal, value, met in targets(results, 60, "portfolio")
    }
    assert found["noisy 30x40 and 45x60"] == ("3.2x vs cpsat-automaton", False)  # (4 * 4 * 2)^(1/3)


def test_a_count_that_the_others_contradict_is_marked():
    from helper.bench import _mark_disagreements

    results = [_result(s, "p", 0.1) for s in ("a", "b", "c")]
    for r, count in zip(results, (2, 2, 1), strict=True):
        r.solutions = count
    _mark_disagreements(results)
    assert [r.status for r in results] == ["solved", "solved", "disagree"]
    assert results[2].message == "found 1 solution(s), the others 2"


def _line(decided, name="x"):
    return Line(name, "f", "s", [f"p{i}" for i in range(len(decided))], [1.0] * len(decided),
                list(decided), 10.0)  # fmt: skip


@pytest.mark.parametrize(
    ("mine", "base", "bound"),
    [
        ([True, True], [True, True], ""),
        ([True, True], [True, False], ">="),  # the baseline's true time is longer
        ([True, False], [True, True], "<="),  # ours is
        ([False, True], [True, False], "~"),
        ([False, True], [False, True], "~"),  # both at the cap on one puzzle: no bound
    ],
)
def test_ratio_bounds(mine, base, bound):
    assert ratio_bound(_line(mine), _line(base, "b")) == bound


def test_a_report_marks_bounds_and_shows_every_baseline_and_the_cores():
    results = [_result("a", "p0", 1.0), _result("a", "p1", 2.0)]
    results += [_result("b", "p0", 4.0), _result("b", "p1", 60.0, "timeout")]
    results += [_result("c", "p0", 2.0), _result("c", "p1", 4.0)]
    for r in results:
        r.cpu_seconds = 2 * r.seconds if r.solver == "c" else r.seconds
    report = format_report(results, 60, {"f": ["b", "c"]})
    header, _, a, b, c = report.splitlines()[-5:]
    assert "cores" in header and "x vs b" in header and "x vs c" in header
    assert a.split()[-3:] == ["1.0", ">=11.0x", "2.0x"]  # sqrt(4 * 30) and sqrt(2 * 2)
    assert b.split()[-3:] == ["1.0", "1x", "<=0.2x"]  # b's capped solve has no cpu figure
    assert c.split()[-3:] == ["2.0", ">=5.5x", "1x"]
    assert f"use {usable_cores()})" in report


def test_no_solution_for_a_puzzle_made_from_a_picture_is_wrong():
    picture = Nonogram.from_grid([[1, 0], [0, 1]], name="diagonal")
    said = SolveResult("no solution", None, "liar", "liar", 0.1, {}, "no picture fits")
    result = _result("liar", "diagonal", 0.1)
    _read_answer(result, said, picture, 1)
    assert result.status == "wrong" and "made from a picture" in result.message
    clues_only = Nonogram(picture.rows, picture.cols)  # no goal: the answer cannot be checked
    result = _result("liar", "diagonal", 0.1)
    _read_answer(result, said, clues_only, 1)
    assert result.status == "no solution"


def test_a_solve_reports_the_processor_time_it_used():
    heart = Nonogram.from_grid(draw("heart", 10, 10), name="heart", family="test")
    result = run_one("cpsat-automaton", heart, time_limit=30)
    assert result.status == "solved" and result.cpu_seconds is not None
    assert result.cpu_seconds > 0


def test_every_solve_runs_cold_and_the_report_says_so():
    """Issue 40: the fork server never solves, so no solve inherits a warm line cache; the
    child checks the one process-wide cache, and the report states the check."""
    from helper.nonogram.line.cache import REFERENCE_CACHE
    from helper.nonogram.line.reference import sweeps

    heart = Nonogram.from_grid(draw("heart", 10, 10), name="heart", family="test")
    list(sweeps(heart.rows, heart.cols))  # warm this process's cache: children must not see it
    assert len(REFERENCE_CACHE) > 0
    results = [run_one(solver, heart, time_limit=30) for solver in ("line-search", "line-cpsat")]
    assert all(r.status == "solved" and r.warm_entries == 0 for r in results)
    assert "Every solve ran cold" in format_report(results, 30)
    results[0].warm_entries = 12  # what a warm start would look like
    assert "WARNING: 1 of 2 solves began with a warm line cache" in format_report(results, 30)


def test_a_goal_hidden_by_the_cap_is_neither_met_nor_missed():
    from helper.bench.goals import format_targets

    results = []
    for k, size in enumerate(["30x40", "45x60"]):
        name = f"noisy-tuning-{k:03d}-{size}-flip5"
        results.append(_result("cpsat-start", name, 5.0, "timeout", family="noisy"))
        results.append(_result("portfolio", name, 2.0, family="noisy"))
    ((goal, measured, met),) = targets(results, 5, "portfolio")
    assert (measured, met) == (">=2.5x vs cpsat-start", None)  # the cap hides whether 5x
    assert "[cannot tell: a time hit the cap]" in format_targets([(goal, measured, met)])
    results.append(_result("portfolio", "random-tuning-000", 5.0, "timeout", family="random"))
    results.append(_result("cpsat-automaton-default", "random-tuning-000", 1.0, family="random"))
    assert targets(results, 5, "portfolio")[-1][2] is False  # one left unsolved: not met


def test_the_benchmark_says_what_it_cannot_do_and_still_runs(monkeypatch):
    """As on Windows: no fork server and no `resource` module. Each solve is spawned, without
    a memory cap, and the answers are checked as usual."""
    import multiprocessing

    import helper.bench as bench

    assert bench.limitations() == []  # this machine has both
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    monkeypatch.setattr(bench, "_has_resource", lambda: False)
    notes = bench.limitations(2000)
    assert bench.start_method() == "spawn" and len(notes) == 2
    assert "no 'forkserver'" in notes[0] and "without the 2000 MB memory cap" in notes[1]
    puzzle = Nonogram.from_grid([[1, 0], [1, 1]], name="tiny")
    result = run_one("portfolio", puzzle, time_limit=30, memory_mb=2000)
    assert result.status == "solved" and result.decided


def test_size_keeps_only_those_puzzles_and_the_limit_counts_after_it():
    big = family_puzzles(["noisy"], ["tuning"], limit=2, sizes=["60x80", "80x80"])
    assert [p.name for p in big] == ["noisy-tuning-002-60x80-flip2", "noisy-tuning-003-80x80-flip2"]
    every = family_puzzles(["noisy"], SPLITS, sizes=["45x60"])
    assert len(every) == 12 and {p.size for p in every} == {"45x60"}
    assert family_puzzles(["random"], SPLITS, sizes=["60x80"]) == []


def test_pinning_to_one_core_says_where_it_cannot_run(monkeypatch):
    import helper.bench as bench_module

    monkeypatch.delattr(bench_module.os, "sched_setaffinity", raising=False)
    with pytest.raises(ValueError, match=r"needs os\.sched_setaffinity.*macOS and Windows"):
        bench_module.pin_to_one_core()


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="pins with sched_setaffinity")
def test_one_core_pins_every_solve_and_checks_the_one_core_goal():
    done = bench(
        "--family", "random", "--split", "held-out", "--limit", "1", "--one-core", "--targets",
        "--solvers", "portfolio,sat-automaton", "--time-limit", "30", "--quiet",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("pinned to core ")
    assert "this machine lets a process use 1)" in done.stdout  # the solves saw one core
    assert "one core, random (held-out, 1): portfolio in total no slower" in done.stdout


def test_the_large_open_goal_is_every_large_noisy_picture_under_a_second():
    from helper.bench.goals import BEFORE, large_open_targets

    results = []
    for k, size in enumerate(["45x60", "60x80", "80x80"]):
        name = f"noisy-held-out-{k:03d}-{size}-flip10"
        results.append(_result(BEFORE, name, 3.0, family="noisy", split="held-out"))
        seconds = 0.5 if size != "80x80" else 0.9
        results.append(_result("portfolio", name, seconds, family="noisy", split="held-out"))
    ((goal, measured, met),) = large_open_targets(results, 60)  # no tuning puzzles here
    assert goal == "noisy 60x80 and 80x80 (held-out, 2): portfolio < 1 s on every one"
    assert measured.startswith("worst 0.90 s (noisy-held-out-002-80x80-flip10), median 0.50 s")
    assert "4.5x faster than portfolio-full-cnf" in measured and met
    assert "medians 3.00 s -> 0.50 s" in measured
    from helper.bench.goals import COMPARED

    report = format_report(results, 60, COMPARED).splitlines()  # paired ratios per puzzle
    assert "x vs portfolio-full-cnf" in report[-4]
    assert (
        report[-2].split()[0] == BEFORE and report[-1].split()[-1] == "4.9x"
    )  # (6 * 6 * 3.33) ** (1 / 3)
    late = _result("portfolio", "noisy-held-out-003-80x80-flip5", 1.2, family="noisy",
                   split="held-out")  # fmt: skip
    assert large_open_targets([*results, late], 60)[0][2] is False


def test_the_one_core_goal_compares_totals_on_the_random_family():
    from helper.bench.goals import one_core_targets

    results = [
        _result(solver, f"random-tuning-{k:03d}", seconds, family="random")
        for k in range(2)
        for solver, seconds in (("portfolio", 1.0), ("sat-automaton", 1.5))
    ]
    assert one_core_targets(results, 60) == [(
        "one core, random (tuning, 2): portfolio in total no slower than sat-automaton",
        "2.0 s vs 3.0 s (1.5x)",
        True,
    )]  # fmt: skip
    assert not any(goal.startswith("one core") for goal, _, _ in targets(results, 60))
    assert targets(results, 60, one_core=True)[-1][0].startswith("one core")


def test_a_report_fits_the_books_code_box_even_with_long_baseline_names():
    from helper.text import LINE_WIDTH

    solvers = ["cpsat-automaton-default", "cpsat-start", "bitline-hybrid", "portfolio"]
    results = [_result(s, f"p{i}", 0.1 * (i + 1)) for s in solvers for i in range(3)]
    report = format_report(results, 60, {"f": solvers[:2]})
    assert max(map(len, report.splitlines())) <= LINE_WIDTH
    assert "A = cpsat-automaton-default, B = cpsat-start" in report  # the letters, named
    header = next(line for line in report.splitlines() if line.split()[:2] == ["solver", "solved"])
    assert header.split()[-6:] == ["x", "vs", "A", "x", "vs", "B"]  # the last two columns
    one = format_report(results, 60, {"f": "cpsat-start"})
    assert "x vs cpsat-start" in one  # short enough: the name itself
