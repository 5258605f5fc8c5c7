"""The command line, end to end: ``python -m helper ...`` in a subprocess, and main() in-process."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helper.__main__ import EXIT_USAGE, main
from helper.formats import read_non
from helper.futoshiki import (
    check_futoshiki,
    format_futoshiki,
    generate_futoshiki,
    parse_futoshiki,
)
from helper.nonogram import SOLVERS, SolverTimeoutError
from helper.nonogram.solvers.registry import run_model

DATA = Path(__file__).parent / "data"
BOAT = "####\n#..#\n#..#\n#.##\n###.\n"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "helper", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# -- end to end, in a subprocess ---------------------------------------------------------------


def test_solve_a_non_file():
    result = run("solve", str(DATA / "boat.non"))
    assert result.returncode == 0, result.stderr
    assert result.stdout == BOAT
    assert result.stderr == ""


def test_count_an_ambiguous_puzzle():
    result = run("solve", str(DATA / "ambiguous.non"), "--count", "--limit", "5")
    assert result.returncode == 0
    assert result.stdout == "2 solutions\n"


def test_no_solution_is_an_error():
    result = run("solve", str(DATA / "no_solution.non"))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert "no_solution.non: no solution" in result.stderr


def test_malformed_file_names_file_and_line():
    result = run("solve", str(DATA / "bad_clue.non"))
    assert result.returncode == 1
    assert "bad_clue.non: line 5: row 1" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_method_is_a_usage_error():
    result = run("solve", str(DATA / "boat.non"), "--method", "magic")
    assert result.returncode == 2
    assert "invalid choice: 'magic'" in result.stderr
    assert "cpsat-start" in result.stderr  # the message lists the real choices


def test_futoshiki_solve_and_count():
    puzzle_file = DATA / "futoshiki_5x5.txt"
    grid, constraints = parse_futoshiki(puzzle_file.read_text(encoding="utf-8"))
    result = run("futoshiki", str(puzzle_file))
    assert result.returncode == 0, result.stderr
    solution, printed_constraints = parse_futoshiki(result.stdout)
    assert check_futoshiki(grid, constraints, solution)
    assert sorted(printed_constraints) == sorted(constraints)  # printed with its signs
    counted = run("futoshiki", str(puzzle_file), "--count")
    assert counted.stdout == "1 solution: the puzzle is unique\n"


def test_futoshiki_bad_text_names_line_and_column():
    result = run("futoshiki", str(DATA / "futoshiki_bad.txt"))
    assert result.returncode == 1
    assert "line 2, column 3" in result.stderr


def test_generate_futoshiki_prints_the_generator_puzzle():
    result = run("generate-futoshiki", "6", "--seed", "3", "--difficulty")
    assert result.returncode == 0, result.stderr
    assert result.stdout == format_futoshiki(*generate_futoshiki(6, seed=3)) + "\n"
    assert "branches" in result.stderr


def test_help():
    result = run("--help")
    assert result.returncode == 0
    for command in ("solve", "futoshiki", "generate-futoshiki", "convert", "Exit status"):
        assert command in result.stdout


# -- the rest in-process, through main() -------------------------------------------------------


@pytest.mark.parametrize("method", sorted(SOLVERS))
def test_every_registered_method(method, capsys):
    assert main(["solve", str(DATA / "boat.json"), "--method", method]) == 0
    assert capsys.readouterr().out == BOAT


def test_grade_is_printed(capsys):
    assert main(["solve", str(DATA / "boat.non"), "--grade"]) == 0
    assert capsys.readouterr().out == BOAT + "grade: line logic\n"


@pytest.mark.parametrize(
    ("name", "limit", "expected"),
    [
        ("boat.non", "2", "1 solution: the puzzle is unique"),
        ("boat.non", "1", "at least 1 solution (counting stopped at --limit 1)"),
        ("ambiguous.non", "2", "at least 2 solutions (counting stopped at --limit 2)"),
        ("no_solution.non", "2", "0 solutions: no grid fits the puzzle"),
    ],
)
def test_count_words(name, limit, expected, capsys):
    assert main(["solve", str(DATA / name), "--count", "--limit", limit]) == 0
    assert capsys.readouterr().out == expected + "\n"


def test_blank_lines_file_solves(capsys):
    puzzle = read_non((DATA / "blank_lines.non").read_text(encoding="utf-8"))
    assert main(["solve", str(DATA / "blank_lines.non")]) == 0
    grid = [[int(ch == "#") for ch in line] for line in capsys.readouterr().out.split()]
    assert puzzle.check(grid)


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["solve", "no/such/file.non"], 1, "no/such/file.non: no such file"),
        (["solve", str(DATA / "short_block.non")], 1, "line 6: the rows block ends"),
        (["solve", str(DATA / "bad.json")], 1, "bad.json: line 4: not valid JSON"),
        (["futoshiki", str(DATA / "futoshiki_no_solution.txt")], 1, "no solution"),
        (["futoshiki", "missing.txt"], 1, "missing.txt: no such file"),
        (["generate-futoshiki", "12"], 2, "from 4 to 9, got 12"),
    ],
)
def test_errors(args, status, message, capsys):
    assert main(args) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ")
    assert message in captured.err


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "x.non", "--limit", "0"],
        ["solve", "x.non", "--time-limit", "0"],
        ["solve", "x.non", "--time-limit", "soon"],
        ["futoshiki", "x.txt", "--limit", "two"],
        ["generate-futoshiki", "five"],
        ["convert", "x.non", "--to", "xml"],
        [],
    ],
)
def test_usage_errors(args, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_time_limit_reached_gives_status_3(monkeypatch, capsys):
    def late_model(puzzle, run):
        raise SolverTimeoutError(f"no answer within {run.deadline.seconds} s")

    def always_late(puzzle, *, time_limit=None):
        return run_model(late_model, "always-late", puzzle, time_limit)

    import helper.nonogram

    # the registry is read-only: the command looks its solvers up in a table with one more
    monkeypatch.setattr(helper.nonogram, "SOLVERS", {**SOLVERS, "always-late": always_late})
    args = ["solve", str(DATA / "boat.non"), "--method", "always-late", "--time-limit", "0.5"]
    assert main(args) == 3
    assert "time limit reached: no answer within 0.5 s" in capsys.readouterr().err


def test_convert_both_ways(capsys):
    assert main(["convert", str(DATA / "boat.non")]) == 0
    converted = json.loads(capsys.readouterr().out)
    assert converted == read_non((DATA / "boat.non").read_text(encoding="utf-8")).to_dict()
    assert main(["convert", str(DATA / "boat.json")]) == 0
    assert read_non(capsys.readouterr().out).title == "A small boat"
    assert main(["convert", str(DATA / "boat.non"), "--to", "non"]) == 0
    assert read_non(capsys.readouterr().out).to_dict() == converted


# -- hostile files: one clear line, at once, never a traceback ---------------------------------


def hostile_files(folder: Path) -> dict[str, Path]:
    """Files no reader should choke on: deep brackets, a huge grid, numbers with many digits."""
    huge = 100_000
    files = {
        "deep.json": "[" * huge + "]" * huge,
        "deep_clue.json": '{"rows": [' + "[" * 900 + "1" + "]" * 900 + '], "cols": [[1]]}',
        "huge.json": json.dumps({"rows": [[1]] * huge, "cols": [[1]] * huge}),
        "huge.non": f"width {huge}\nheight {huge}\nrows\n" + "1\n" * huge + "columns\n",
        "long_number.non": "width 5\nheight 1\nrows\n" + "9" * 5000 + "\n",
        "long_width.non": "width " + "9" * 40 + "\nheight 2\n",
        "long_clue.non": "width 2\nheight 1\nrows\n" + "1," * huge + "1\ncolumns\n1\n0\n",
        "big_int.json": '{"rows": [[' + "9" * 5000 + ']], "cols": [[1]]}',
    }
    paths = {}
    for name, text in files.items():
        paths[name] = folder / name
        paths[name].write_text(text, encoding="utf-8")
    return paths


def test_hostile_puzzle_files_get_one_line(tmp_path, capsys):
    """Refused at once: the test's time limit (pytest-timeout) catches a reader that works on."""
    for name, path in hostile_files(tmp_path).items():
        assert main(["solve", str(path)]) == 1, name
        captured = capsys.readouterr()
        assert captured.out == ""
        lines = captured.err.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {path}: "), (name, lines)
        assert len(lines[0]) < 300, name


def test_a_hostile_file_in_a_new_process_gives_no_traceback(tmp_path):
    path = hostile_files(tmp_path)["deep.json"]
    result = run("solve", str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == f"error: {path}: not valid JSON for a puzzle: lists nested too deeply\n"


def test_the_size_limit_is_checked_before_the_clues_and_can_be_raised(tmp_path, capsys):
    path = tmp_path / "wide.non"
    path.write_text("width 600\nheight 600\nrows\n" + "1\n" * 600 + "columns\n" + "1\n" * 600)
    assert main(["solve", str(path), "--count"]) == 1
    assert "the 600 x 600 grid has 360,000 cells, more than the limit of 250,000" in (
        capsys.readouterr().err
    )
    path.write_text("width 3\nheight 2\nrows\nx\n")  # a bad clue after the sizes...
    assert main(["convert", str(path), "--max-cells", "5"]) == 1
    assert "line 2: the 2 x 3 grid has 6 cells" in capsys.readouterr().err  # ...never read
    assert main(["convert", str(DATA / "boat.non"), "--max-cells", "20"]) == 0  # 5 x 4 fits
    assert main(["convert", str(DATA / "boat.non"), "--max-cells", "19"]) == 1


def test_a_futoshiki_file_too_large_for_the_format_is_refused(tmp_path, capsys):
    wide = tmp_path / "wide.txt"
    wide.write_text(" ".join(["0"] * 100_001) + "\n")
    square = tmp_path / "square.txt"
    square.write_text("\n".join(" ".join(["0"] * 300) for _ in range(300)) + "\n")
    tall = tmp_path / "tall.txt"
    tall.write_text("0\n" * 100_000)
    for path, message in [
        (wide, "line 1: the text format holds at most 9 x 9 cells"),
        (square, "line 1: the text format holds at most 9 x 9 cells"),
        (
            tall,
            "line 10: the text format holds at most 9 x 9 cells (one digit each); this is row 10",
        ),
    ]:
        assert main(["futoshiki", str(path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"error: {path}: {message}") and err.count("\n") == 1, err
    huge = tmp_path / "huge.txt"
    huge.write_text("0" * (2 << 20))
    assert main(["futoshiki", str(huge)]) == 1
    assert "the file has 2,097,152 bytes" in capsys.readouterr().err


# -- every combination of options is honoured or refused --------------------------------------


@pytest.mark.parametrize("method", ["cpsat-automaton", "sat-automaton"])
def test_count_honours_the_method(method, monkeypatch, capsys):
    import helper.nonogram.unique as unique

    used = []
    real = unique.COUNTERS[method]

    def spy(*args, **kwargs):
        used.append(method)
        return real(*args, **kwargs)

    monkeypatch.setattr(unique, "COUNTERS", {**unique.COUNTERS, method: spy})
    args = ["solve", str(DATA / "ambiguous.non"), "--count", "--method", method, "--limit", "3"]
    assert main(args) == 0
    assert used == [method]
    assert capsys.readouterr().out == "2 solutions\n"  # exactly two: the limit was not reached


def test_count_refuses_a_method_that_cannot_count(capsys):
    args = ["solve", str(DATA / "boat.non"), "--count", "--method", "portfolio"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "--method portfolio cannot count" in err and "sat-automaton" in err


@pytest.mark.parametrize("command", [["solve", "boat.non"], ["futoshiki", "futoshiki_5x5.txt"]])
def test_limit_without_count_is_refused(command, capsys):
    kind, name = command
    assert main([kind, str(DATA / name), "--limit", "3"]) == 2
    assert "--limit applies only to --count" in capsys.readouterr().err


def test_count_with_grade_does_both(capsys):
    assert main(["solve", str(DATA / "boat.non"), "--count", "--grade"]) == 0
    assert capsys.readouterr().out == "1 solution: the puzzle is unique\ngrade: line logic\n"


def test_futoshiki_count_honours_the_time_limit(tmp_path, capsys):
    """An empty 7x7 grid has about 61 million solutions: counting them all cannot finish in
    half a second, so the count says what it found and that it is incomplete (status 3)."""
    empty = tmp_path / "empty7.txt"
    empty.write_text("\n".join(["0 0 0 0 0 0 0"] * 7) + "\n", encoding="utf-8")
    args = ["futoshiki", str(empty), "--count", "--limit", "100000000", "--time-limit", "0.5"]
    assert main(args) == 3
    captured = capsys.readouterr()
    assert captured.out.startswith("at least ") and "time limit ran out" in captured.out
    assert "time limit reached" in captured.err


def test_solve_count_honours_the_time_limit(monkeypatch, capsys):
    """A counter that finds one grid and then runs out of time (a stub)."""
    import helper.nonogram.unique as unique
    from helper.nonogram.solvers.registry import run_counter

    def one_then_late(puzzle, run, limit):
        yield [[1, 0], [0, 1]]
        raise SolverTimeoutError("stub: no more within the time limit")

    def counter(puzzle, limit=2, *, time_limit=None):
        return run_counter(one_then_late, "stub", puzzle, limit, time_limit)

    monkeypatch.setattr(unique, "COUNTERS", {**unique.COUNTERS, "cpsat-automaton": counter})
    diagonals = DATA / "diagonals.json"
    args = ["solve", str(diagonals), "--count", "--time-limit", "0.5"]
    assert main(args) == 3
    assert capsys.readouterr().out.startswith("at least 1 solution: the time limit ran out")


def test_an_unknown_method_lists_the_solvers_on_lines_that_fit_the_book(capsys):
    from helper.nonogram import SOLVERS
    from helper.text import LINE_WIDTH

    with pytest.raises(SystemExit) as stopped:
        main(["solve", str(DATA / "boat.non"), "--method", "guesswork"])
    assert stopped.value.code == EXIT_USAGE
    err = capsys.readouterr().err
    assert "invalid choice: 'guesswork'" in err
    assert all(f"'{name}'" in err for name in SOLVERS)  # every solver named
    assert max(map(len, err.splitlines())) <= LINE_WIDTH
