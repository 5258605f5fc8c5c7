"""The benchmark's progress: a bar with the puzzles left and the time left on a terminal, plain
lines in a log, nothing when quiet."""

import io

from helper.bench import Result
from helper.bench.progress import progress, solve_line


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def results() -> list[Result]:
    return [
        Result(solver, puzzle, "f", "tuning", "5x5", 25, status, 0.25, message="cap")
        for puzzle in ("p1", "p2")
        for solver, status in (("a", "solved"), ("b", "timeout"))
    ]


def test_on_a_terminal_a_bar_counts_the_solves_and_the_puzzles_left():
    out = Terminal()
    with progress([("f", "p1", 2), ("f", "p2", 2)], stream=out) as report:
        for result in results():
            report(result)
    text = out.getvalue()
    assert "\x1b[" in text  # drawn with control characters, on a terminal only
    assert "2 puzzles left" in text  # at the start: both puzzles
    assert "4/4" in text and "0 puzzles left" in text and "left" in text
    assert all(solve_line(r) in text for r in results())  # each solve printed above the bar


def test_in_a_log_each_solve_is_a_plain_line_and_quiet_is_silent():
    log = io.StringIO()
    with progress([("f", "p1", 2), ("f", "p2", 2)], stream=log) as report:
        for result in results():
            report(result)
    assert log.getvalue().splitlines() == [solve_line(r) for r in results()]
    assert "\x1b" not in log.getvalue()
    assert solve_line(results()[1]).endswith("0.250 s (cap)")  # why it gave up
    silent = io.StringIO()
    with progress([("f", "p1", 2)], stream=silent, quiet=True) as report:
        report(results()[0])
    assert silent.getvalue() == ""
