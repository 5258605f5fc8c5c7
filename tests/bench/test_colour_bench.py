"""The colour family of the benchmark: seeded, split, run by the colour solvers, every answer
checked by the colour check, and its goal (issue 42, item 7). No timing is asserted."""

import subprocess
import sys

from helper.bench import (
    ALL_FAMILIES,
    Result,
    _read_answer,
    family_puzzles,
    format_report,
    run,
    run_one,
    warm_entries,
)
from helper.bench.families import COLOUR_FAMILIES, COLOUR_SIZES, SPLITS, colour_spec
from helper.bench.goals import colour_targets, format_targets, targets
from helper.nonogram.colour import ColourNonogram, count_solutions
from helper.nonogram.colour.generate import STYLES
from helper.results import SolveResult

FAMILY = COLOUR_FAMILIES["colour"]


def test_the_colour_family_is_seeded_and_its_splits_disjoint():
    first = FAMILY.puzzles("tuning", limit=5)
    again = FAMILY.puzzles("tuning", limit=5)
    assert [p.to_dict() for p in first] == [p.to_dict() for p in again]  # same every time
    assert [p.goal for p in first] == [p.goal for p in again]
    held = FAMILY.puzzles("held-out", limit=5)
    assert not {p.name for p in first} & {p.name for p in held}
    assert not {str(p.goal) for p in first} & {str(p.goal) for p in held}  # other pictures
    assert {p.info["split"] for p in held} == {"held-out"}
    assert all(isinstance(p, ColourNonogram) and p.family == "colour" for p in first + held)
    assert "colour" in ALL_FAMILIES and "colour" not in SPLITS


def test_every_colour_puzzle_is_made_from_its_picture_and_every_kind_is_there():
    for split in SPLITS:
        puzzles = FAMILY.puzzles(split)
        assert len(puzzles) == 60
        assert all(p.goal is not None and p.check(p.goal) for p in puzzles)  # a solution each
        kinds = {colour_spec(k) for k in range(len(puzzles))}
        assert len(kinds) == 60  # every size with every style and every number of colours
        assert {(h, w) for h, w, _, _ in kinds} == set(COLOUR_SIZES)
        assert {c for _, _, c, _ in kinds} == {2, 3, 4, 5}
        assert {s for _, _, _, s in kinds} == set(STYLES)
        for k, p in enumerate(puzzles):
            height, width, colours, style = colour_spec(k)
            assert p.size == f"{height}x{width}" and 1 <= p.colours <= colours
            assert p.name == f"colour-{split}-{k:03d}-{style}-{colours}c-{height}x{width}"


def test_small_colour_puzzles_are_counted_and_the_counters_agree():
    puzzles = family_puzzles(["colour"], ["tuning"], limit=3, sizes=["10x10"])
    results = run(["cpsat-automaton", "sat-automaton"], puzzles, 30, limit=2)
    assert all(r.status == "solved" and r.solutions in (1, 2) for r in results)
    for p in puzzles:  # the benchmark's count is the package's
        counted = {r.solutions for r in results if r.puzzle == p.name}
        assert counted == {count_solutions(p).count}


def test_the_colour_family_runs_the_colour_solvers_cold_and_checks_their_answers():
    from helper.nonogram.colour.line import colour_line_logic

    (puzzle,) = family_puzzles(["colour"], ["held-out"], limit=1)
    colour_line_logic(puzzle.rows, puzzle.cols, puzzle.colours)  # warm this process's caches
    assert warm_entries() > 0
    result = run_one("portfolio", puzzle, time_limit=30)
    assert result.status == "solved" and result.warm_entries == 0
    assert result.method.startswith("portfolio")  # the colour portfolio's label

    wrong = SolveResult("solved", [[0] * puzzle.width] * puzzle.height, "liar", "liar", 0.1)
    checked = Result("liar", puzzle.name, "colour", "held-out", puzzle.size, 1, "", 0.1)
    _read_answer(checked, wrong, puzzle, 1)
    assert checked.status == "wrong"  # the colour check caught it


def _result(solver, k, seconds, status="solved", split="held-out"):
    name = f"colour-{split}-{k:03d}-smooth-2c-10x10"
    return Result(solver, name, "colour", split, "10x10", 100, status, seconds)


def test_the_colour_goal_compares_totals_with_the_stronger_plain_automaton():
    results = [_result("portfolio", k, s) for k, s in enumerate([0.1, 0.2, 0.3])]
    results += [_result("cpsat-automaton", k, 0.3) for k in range(3)]
    results += [_result("cpsat-automaton-default", k, 0.5) for k in range(3)]
    ((goal, measured, met),) = colour_targets(results, 30)
    assert goal == (
        "colour (held-out, 3): portfolio in total at least as fast as the plain automaton, "
        "no puzzle over 1 s, none unsolved"
    )
    assert measured.startswith("0.60 s vs 0.90 s for cpsat-automaton (1.5x), worst 0.30 s")
    assert measured.endswith("0 unsolved; vs cpsat-automaton-default 2.5x") and met is True
    assert "[met] colour (held-out, 3)" in format_targets(colour_targets(results, 30))
    assert targets(results, 30) == []  # the black-and-white goals leave colour alone

    slow = [*results, _result("portfolio", 3, 1.2), _result("cpsat-automaton", 3, 5.0)]
    slow += [_result("cpsat-automaton-default", 3, 5.0)]
    assert colour_targets(slow, 30)[0][2] is False  # faster in total, but one over a second
    behind = [_result("portfolio", k, 0.4) for k in range(3)] + results[3:]
    assert colour_targets(behind, 30)[0][2] is False  # 1.2 s against 0.9 s
    crashed = [_result("portfolio", 0, 0.1, "error"), *results[1:]]
    assert colour_targets(crashed, 30)[0][2] is False  # one unsolved


def test_default_solvers_of_the_colour_family_are_the_colour_ones():
    from helper.bench.__main__ import _default_solvers
    from helper.nonogram.colour import COUNTERS

    assert _default_solvers("colour", "solve") == [
        "portfolio", "sat-automaton", "cpsat-automaton", "cpsat-automaton-default",
    ]  # fmt: skip
    assert _default_solvers("colour", "count") == list(COUNTERS)
    assert "portfolio" in _default_solvers("my-folder", "solve")


def test_a_tiny_colour_bench_prints_the_goal_line_and_checks_every_answer():
    command = [
        sys.executable, "-m", "helper.bench", "--family", "colour", "--split", "held-out",
        "--limit", "2", "--size", "10x10", "--time-limit", "30", "--targets", "--quiet",
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr  # nothing wrong, nothing crashed
    out = done.stdout
    assert "colour, held-out (2 puzzles)" in out and "tuning" not in out
    assert "Every solve ran cold" in out
    for solver in ("portfolio", "sat-automaton", "cpsat-automaton", "cpsat-automaton-default"):
        assert any(line.startswith(solver) and " 2/2 " in line for line in out.splitlines())
    assert "Goals of the chapter 'Faster Nonogram models'" not in out  # none of theirs ran
    goal = out.split("Goal of the colour benchmark (issue 42), measured in this run:\n")[1]
    assert goal.startswith(("  [met] colour (held-out, 2): portfolio", "  [NOT met] colour"))
    assert "0 unsolved" in goal


def test_the_report_names_the_colour_baselines():
    results = [_result("portfolio", 0, 0.1), _result("cpsat-automaton", 0, 0.2)]
    from helper.bench.goals import COMPARED

    report = format_report(results, 30, COMPARED)
    assert "colour, held-out (1 puzzles)" in report and "x vs cpsat-automaton" in report
