"""The certificate benchmark (``python -m helper.bench.certify``): what it measures and how
it judges its goal, on small puzzles (its numbers are seconds; no test asserts a time)."""

import dataclasses

import pytest

from helper.bench import certify as bench
from helper.futoshiki import Futoshiki
from helper.nonogram import Nonogram


def test_a_puzzle_is_measured_plain_and_certified_with_its_proof():
    row = bench.measure("small", "book", Nonogram([[2], [1]], [[2], [1]], name="corner"), 2)
    assert (row.puzzle, row.claim, row.proved, row.lemmas) == ("corner", "unique", True, 0)
    assert row.clauses > 0 and row.plain > 0 and row.certified > 0
    assert row.ratio == row.certified / row.plain
    assert row.sat is not None and row.sat > 0 and row.sat_ratio == row.certified / row.sat
    other = bench.measure("small", "book", Futoshiki([[0, 0], [0, 0]], name="two"), 1)
    assert (other.claim, other.proved, other.clauses) == ("at least 2 solutions", True, 0)
    assert other.sat is not None and other.sat > 0


def test_the_control_counts_with_the_sat_counter_and_the_three_counts_must_agree(monkeypatch):
    """The control is the family's SAT counter; a count that disagrees with the others stops
    the measurement instead of being timed."""
    import helper.nonogram as nonogram

    used = []
    real = nonogram.count_solutions

    def spy(puzzle, *args, **kwargs):
        used.append(kwargs.get("solver"))
        return real(puzzle, *args, **kwargs)

    monkeypatch.setattr(bench, "count_nonogram", spy)
    bench.measure("small", "book", Nonogram([[2], [1]], [[2], [1]], name="corner"), 3)
    assert sorted(map(str, used)) == ["None"] * 6 + ["sat-automaton"] * 3

    def wrong(puzzle, *args, **kwargs):
        result = real(puzzle, *args, **kwargs)
        if kwargs.get("solver") == "sat-automaton":  # a second "solution"
            return dataclasses.replace(result, solutions=[*result.solutions, [[0, 0], [0, 0]]])
        return result

    monkeypatch.setattr(bench, "count_nonogram", wrong)
    with pytest.raises(RuntimeError, match="corner: the counts disagree"):
        bench.measure("small", "book", Nonogram([[2], [1]], [[2], [1]], name="corner"), 1)


def _row(split, claim, ratio, proved=True, name="p"):
    return bench.Row("set", split, name, claim, proved, 0, 1, 0, 1.0, ratio)


def test_the_goal_is_met_only_when_every_unique_puzzle_is_proved_within_the_ratio():
    met = bench.summary([_row("tuning", "unique", 3.0), _row("tuning", "at least 2 solutions", 9)])
    assert met[-1].endswith(", met") and "the largest ratio 3.0 (p)" in met[-1]
    slow = bench.summary(
        [_row("held-out", "unique", 2.0), _row("held-out", "unique", 3.5, name="q")]
    )
    assert slow[-1].endswith("NOT met") and "(q)" in slow[-1]
    controlled = bench.Row("set", "tuning", "c", "unique", True, 0, 1, 0, 1.0, 2.0, 0.25)
    lines = bench.summary([controlled])
    assert lines[-2] == (
        "control (tuning): certified uniqueness against the SAT count of the same puzzles: "
        "the largest ratio 8.0 (c), for information (not the goal)"
    )
    assert lines[-1].endswith(", met")  # the goal is against the plain count: 2.0
    unproved = bench.summary([_row("book", "unique", 1.0, proved=False)])
    assert unproved[-1].endswith("NOT met")
    assert bench.summary([_row("book", "at least 2 solutions", 9)]) == [
        "set, book: 1 puzzles, ratio median 9.0, largest 9.0"
    ]


def test_the_command_prints_tables_and_the_goal(monkeypatch, capsys):
    small = {"book-nonogram": lambda split: [Nonogram([[1], [1]], [[2], []], name="bar")]}
    monkeypatch.setattr(bench, "_sets", lambda limit: small)
    status = bench.main(["--set", "book-nonogram", "--repeat", "1"])
    out = capsys.readouterr().out
    assert "book-nonogram, book:" in out and "bar" in out and "goal (book):" in out
    assert status == (0 if out.rstrip().endswith(", met") else 1)


def test_an_unknown_set_is_refused():
    with pytest.raises(SystemExit):
        bench.main(["--set", "nothing"])


def test_an_explanation_is_measured_plain_and_certified_step_by_step():
    row = bench.measure_explanation("small", "book", Nonogram([[2], [1]], [[2], [1]], name="c"), 1)
    assert (row.claim, row.proved) == ("every step (3), cheapest 3/3", True)
    assert row.clauses > 0 and row.plain > 0 and row.certified > 0
    lines = bench.summary([row, _row("book", "every step (9)", 1e9, name="slow")])  # the worst
    assert lines[-1].startswith("goal (book): certified explanation within x 5 of the plain one")
    assert lines[-1].endswith("(slow), NOT met")
