"""The command line, end to end: ``python -m helper ...`` in a subprocess, and main() in-process.

One grammar: a verb, then the file (the kind of puzzle read from its name); ``generate
futoshiki N``; ``--json`` on every command; exit status 0 done, 1 the puzzle, 2 the command
line, 3 the time limit, 4 too large, 5 incomplete (an explanation stopped before the end), the
same with and without ``--json``.
"""

import importlib
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import helper.__main__ as cli
from helper.__main__ import (
    EXIT_INTERRUPTED,
    EXIT_PUZZLE,
    EXIT_TIMEOUT,
    EXIT_TOO_LARGE,
    EXIT_USAGE,
    main,
    proved_unique,
)
from helper.errors import ModelTooLargeError
from helper.formats import read_non, read_puzzle_file, write_json
from helper.futoshiki import SOLVERS as FUTOSHIKI_SOLVERS
from helper.futoshiki import (
    Futoshiki,
    check_futoshiki,
    format_futoshiki,
    generate_futoshiki,
    parse_futoshiki,
)
from helper.nonogram import COUNTERS, SOLVERS, Nonogram, SolverTimeoutError, conflicting_lines
from helper.nonogram.solvers.registry import NONOGRAM
from helper.registry import Registry
from helper.results import CountResult

ROOT = Path(__file__).parent.parent
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


def answer(capsys, *args: str) -> tuple[int, dict, str]:
    """main(args + --json): the exit status, the one JSON object on stdout, and stderr."""
    status = main([*args, "--json"])
    captured = capsys.readouterr()
    return status, json.loads(captured.out), captured.err


def nonogram(name: str) -> Nonogram:
    return read_puzzle_file(DATA / name)


def futoshiki(name: str) -> Futoshiki:
    return Futoshiki.from_text((DATA / name).read_text(encoding="utf-8"))


def spaced_row(folder: Path) -> Path:
    """One row of 60 cells holding ten single cells: pysat-cnf refuses to build its model."""
    cols = [[1] if j % 6 == 0 else [] for j in range(60)]
    path = folder / "spaced.json"
    path.write_text(write_json(Nonogram([[1] * 10], cols)), encoding="utf-8")
    return path


# -- end to end, in a subprocess ---------------------------------------------------------------


def test_solve_a_non_file():
    result = run("solve", str(DATA / "boat.non"))
    assert result.returncode == 0, result.stderr
    assert result.stdout == BOAT
    assert result.stderr == ""


def test_count_an_ambiguous_puzzle():
    result = run("count", str(DATA / "ambiguous.non"), "--limit", "5")
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


def test_unknown_solver_is_a_usage_error_with_the_registry_message():
    result = run("solve", str(DATA / "boat.non"), "--solver", "magic")
    assert result.returncode == 2
    assert "usage:" in result.stderr
    one_line = " ".join(result.stderr.split())  # the message is wrapped to the book's width
    assert "unknown Nonogram solver 'magic'; the Nonogram solvers are: cpsat-start," in one_line


def test_futoshiki_solve_and_count():
    puzzle_file = DATA / "futoshiki_5x5.txt"
    grid, constraints = parse_futoshiki(puzzle_file.read_text(encoding="utf-8"))
    result = run("solve", str(puzzle_file))
    assert result.returncode == 0, result.stderr
    solution, printed_constraints = parse_futoshiki(result.stdout)
    assert check_futoshiki(grid, constraints, solution)
    assert sorted(printed_constraints) == sorted(constraints)  # printed with its signs
    counted = run("count", str(puzzle_file))
    assert counted.stdout == "1 solution: the puzzle is unique\n"


def test_futoshiki_bad_text_names_line_and_column():
    result = run("solve", str(DATA / "futoshiki_bad.txt"))
    assert result.returncode == 1
    assert "line 2, character 3" in result.stderr


def test_generate_futoshiki_prints_the_generator_puzzle():
    result = run("generate", "futoshiki", "6", "--seed", "3", "--difficulty")
    assert result.returncode == 0, result.stderr
    assert result.stdout == format_futoshiki(*generate_futoshiki(6, seed=3)) + "\n"
    assert "branches" in result.stderr


def test_help():
    result = run("--help")
    assert result.returncode == 0
    for words in ("solve", "count", "explain", "convert", "generate", "Exit status", "--json"):
        assert words in result.stdout
    one_line = " ".join(result.stdout.split())
    assert "3 the time limit ran out; 4 the model is too large to build" in one_line
    assert "5 the answer is incomplete: the explainer stopped before the end" in one_line


def test_json_in_a_new_process():
    result = run("solve", str(DATA / "boat.json"), "--json")
    assert result.returncode == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["command"] == "solve" and data["kind"] == "nonogram"
    assert data["status"] == "solved" and nonogram("boat.json").check(data["grid"])


# -- the installed command ---------------------------------------------------------------------


def test_the_entry_point_names_main():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"logic-puzzles": "helper.__main__:main"}
    module, _, name = scripts["logic-puzzles"].partition(":")
    assert getattr(importlib.import_module(module), name) is main


def test_the_installed_command_exits_with_the_status_main_returns(tmp_path):
    """What pip writes for a [project.scripts] entry: a script named after the command that
    calls ``sys.exit(main())``."""
    script = tmp_path / "logic-puzzles"
    script.write_text("import sys\nfrom helper.__main__ import main\nsys.exit(main())\n")
    solved = subprocess.run(
        [sys.executable, str(script), "solve", str(DATA / "boat.non")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (solved.returncode, solved.stdout) == (0, BOAT)
    refused = subprocess.run(
        [sys.executable, str(script), "solve", str(DATA / "no_solution.non")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == EXIT_PUZZLE
    usage = subprocess.run(
        [sys.executable, str(script), "solve"], capture_output=True, text=True, check=False
    )
    assert usage.returncode == EXIT_USAGE
    assert usage.stderr.startswith("usage: logic-puzzles solve")  # named as it was called


# -- the rest in-process, through main() -------------------------------------------------------


@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_every_registered_nonogram_solver(solver, capsys):
    assert main(["solve", str(DATA / "boat.json"), "--solver", solver]) == 0
    assert capsys.readouterr().out == BOAT


@pytest.mark.parametrize("solver", sorted(FUTOSHIKI_SOLVERS))
def test_every_registered_futoshiki_solver(solver, capsys):
    status, data, _ = answer(capsys, "solve", str(DATA / "futoshiki_5x5.txt"), "--solver", solver)
    assert status == 0 and data["solver"] == solver
    assert futoshiki("futoshiki_5x5.txt").check(data["grid"])


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
    assert main(["count", str(DATA / name), "--limit", limit]) == 0
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
        (["count", str(DATA / "bad.json")], 1, "bad.json: line 4: not valid JSON"),
        (["solve", str(DATA / "futoshiki_no_solution.txt")], 1, "no solution"),
        (["explain", "missing.txt"], 1, "missing.txt: no such file"),
        (["solve", "puzzle.csv"], 1, "puzzle.csv: cannot tell the kind of puzzle"),
        (["count", "notes"], 1, "notes: cannot tell the kind of puzzle"),
    ],
)
def test_errors(args, status, message, capsys):
    assert main(args) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ")
    assert message in captured.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["count", "x.non", "--limit", "0"], "expected a positive integer, got '0'"),
        (["solve", "x.non", "--time-limit", "0"], "expected a positive number of seconds"),
        (["solve", "x.non", "--time-limit", "soon"], "expected a number of seconds"),
        (["count", "x.txt", "--limit", "two"], "expected a positive integer, got 'two'"),
        (["solve", "x.non", "--limit", "3"], "unrecognized arguments: --limit 3"),
        (["solve", "x.non", "--count"], "unrecognized arguments: --count"),
        (["generate", "futoshiki", "five"], "invalid int value: 'five'"),
        (["generate", "futoshiki", "12"], "size must be from 4 to 9, got 12"),
        (["generate", "nonogram", "5"], "invalid choice: 'nonogram'"),
        (["generate"], "the following arguments are required: KIND"),
        (["convert", "x.non", "--to", "svg"], "invalid choice: 'svg'"),
        (["convert", str(DATA / "futoshiki_5x5.txt")], "convert reads a Nonogram"),
        (["solve", str(DATA / "futoshiki_5x5.txt"), "--grade"], "--grade applies only to a"),
        (["futoshiki", "x.txt"], "'futoshiki' was the old spelling of 'solve FILE.txt (or"),
        (["generate-futoshiki", "5"], "old spelling of 'generate futoshiki N'"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_usage_errors(args, message, capsys):
    assert main(args) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == "" and "usage:" in captured.err
    assert message in " ".join(captured.err.split())


def test_help_returns_0(capsys):
    assert main(["count", "--help"]) == 0
    assert "--limit N" in capsys.readouterr().out


def test_a_solver_that_cannot_count_is_refused_with_the_registry_message(capsys):
    assert main(["count", str(DATA / "boat.non"), "--solver", "cpsat-start"]) == EXIT_USAGE
    err = " ".join(capsys.readouterr().err.split())
    counters = ", ".join(COUNTERS)
    assert f"'cpsat-start' can solve but not count; the Nonogram counters are: {counters}" in err


def test_an_unknown_solver_lists_the_solvers_on_lines_that_fit_the_book(capsys):
    from helper.text import LINE_WIDTH

    assert main(["solve", str(DATA / "boat.non"), "--solver", "guesswork"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "unknown Nonogram solver 'guesswork'" in err
    assert all(name in err for name in SOLVERS)  # every solver named
    assert max(map(len, err.splitlines())) <= LINE_WIDTH
    assert main(["solve", str(DATA / "futoshiki_5x5.txt"), "--solver", "portfolio"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    solvers = ", ".join(FUTOSHIKI_SOLVERS)
    assert f"unknown Futoshiki solver 'portfolio'; the Futoshiki solvers are: {solvers}" in err


# -- time limits and models too large: statuses 3 and 4 ----------------------------------------


def stub_registry() -> Registry:
    """Solvers and counters that run out of time, or refuse to build, on any Nonogram."""
    stubs = Registry(NONOGRAM)

    @stubs.register("always-late")
    def always_late(puzzle, run):
        raise SolverTimeoutError(f"no answer within {run.deadline.seconds} s")

    @stubs.register("too-large")
    def too_large(puzzle, run):
        raise ModelTooLargeError("stub: 10^12 placements")

    @stubs.register_counter("one-then-late")
    def one_then_late(puzzle, run, limit):
        yield [[1, 0], [0, 1]]
        raise SolverTimeoutError("stub: no more within the time limit")

    @stubs.register_counter("too-large")
    def count_too_large(puzzle, run, limit):
        raise ModelTooLargeError("stub: 10^12 placements")
        yield  # a generator

    return stubs


@pytest.fixture
def stubs(monkeypatch):
    """The command line looks its Nonogram solvers up in the stub registry."""
    registry = stub_registry()
    real = cli._registry

    def lookup_in_stubs(kind):
        return registry if kind == "nonogram" else real(kind)

    monkeypatch.setattr(cli, "_registry", lookup_in_stubs)
    return registry


def test_time_limit_reached_gives_status_3(stubs, capsys):
    args = ["solve", str(DATA / "boat.non"), "--solver", "always-late", "--time-limit", "0.5"]
    assert main(args) == EXIT_TIMEOUT
    assert capsys.readouterr().err == "error: time limit reached: no answer within 0.5 s\n"
    status, data, _ = answer(capsys, *args)
    assert (status, data["status"], data["exit_status"]) == (EXIT_TIMEOUT, "timeout", 3)
    assert data["error"] == "time limit reached: no answer within 0.5 s" and data["grid"] is None


def test_too_large_has_its_own_message_and_status_4(stubs, capsys):
    args = ["solve", str(DATA / "boat.non"), "--solver", "too-large"]
    assert main(args) == EXIT_TOO_LARGE
    assert capsys.readouterr().err == "error: the model is too large: stub: 10^12 placements\n"
    args = ["count", str(DATA / "diagonals.json"), "--solver", "too-large"]
    assert main(args) == EXIT_TOO_LARGE
    out, err = capsys.readouterr()
    assert out.startswith("at least 0 solutions: the model is too large")
    assert err == "error: the model is too large: stub: 10^12 placements\n"
    status, data, _ = answer(capsys, *args)
    assert (status, data["status"], data["complete"]) == (EXIT_TOO_LARGE, "too large", False)
    assert data["unique"] is None


def test_a_real_model_too_large(tmp_path, capsys):
    args = ["solve", str(spaced_row(tmp_path)), "--solver", "pysat-cnf", "--time-limit", "30"]
    assert main(args) == EXIT_TOO_LARGE
    err = capsys.readouterr().err
    assert err.startswith("error: the model is too large: ") and "time limit" not in err
    status, data, _ = answer(capsys, *args)
    assert (status, data["status"], data["exit_status"]) == (4, "too large", 4)


def test_a_count_cut_short_says_what_it_found(stubs, capsys):
    args = ["count", str(DATA / "diagonals.json"), "--solver", "one-then-late", "--time-limit", "1"]
    assert main(args) == EXIT_TIMEOUT
    out, err = capsys.readouterr()
    assert out.startswith("at least 1 solution: the time limit ran out")
    assert err == "error: time limit reached: stub: no more within the time limit\n"
    status, data, _ = answer(capsys, *args)
    assert status == EXIT_TIMEOUT and data["status"] == "timeout"
    assert (data["count"], data["complete"], data["exact"]) == (1, False, False)
    assert data["unique"] is None  # one found, the rest unknown: neither proved
    assert data["solutions"] == [[[1, 0], [0, 1]]]


def test_futoshiki_count_honours_the_time_limit(tmp_path, capsys):
    """An empty 7x7 grid has about 61 million solutions: counting them all cannot finish in
    half a second, so the count says what it found and that it is incomplete (status 3)."""
    empty = tmp_path / "empty7.txt"
    empty.write_text("\n".join(["0 0 0 0 0 0 0"] * 7) + "\n", encoding="utf-8")
    args = ["count", str(empty), "--limit", "100000000", "--time-limit", "0.5"]
    assert main(args) == EXIT_TIMEOUT
    captured = capsys.readouterr()
    assert captured.out.startswith("at least ") and "time limit ran out" in captured.out
    assert "time limit reached" in captured.err


# -- --json: one object on stdout, checked against the puzzle ---------------------------------


def test_solve_json(capsys):
    status, data, err = answer(capsys, "solve", str(DATA / "boat.non"), "--grade")
    assert status == 0 and err == ""
    assert {k: data[k] for k in ("command", "kind", "status", "solver", "grade")} == {
        "command": "solve",
        "kind": "nonogram",
        "status": "solved",
        "solver": "portfolio",
        "grade": "line logic",
    }
    assert data["file"] == str(DATA / "boat.non") and data["exit_status"] == 0
    assert nonogram("boat.non").check(data["grid"])
    assert data["method"].startswith("portfolio") and data["seconds"] >= 0
    assert isinstance(data["stats"], dict) and "error" not in data


def test_solve_json_of_a_futoshiki(capsys):
    status, data, _ = answer(capsys, "solve", str(DATA / "futoshiki_5x5.txt"))
    assert status == 0 and data["kind"] == "futoshiki" and data["solver"] == "cpsat"
    grid, constraints = parse_futoshiki((DATA / "futoshiki_5x5.txt").read_text(encoding="utf-8"))
    assert check_futoshiki(grid, constraints, data["grid"])


@pytest.mark.parametrize(
    ("name", "limit", "count", "exact", "unique"),
    [
        ("boat.non", 2, 1, True, True),
        ("boat.non", 1, 1, False, None),  # stopped at the limit: a second may exist
        ("ambiguous.non", 5, 2, True, False),
        ("ambiguous.non", 2, 2, False, False),  # two found: not unique, proved
        ("no_solution.non", 2, 0, True, False),
        ("futoshiki_5x5.txt", 2, 1, True, True),
    ],
)
def test_count_json(name, limit, count, exact, unique, capsys):
    status, data, _ = answer(capsys, "count", str(DATA / name), "--limit", str(limit))
    assert status == 0 and data["complete"] is True
    assert (data["count"], data["exact"], data["unique"], data["limit"]) == (
        count,
        exact,
        unique,
        limit,
    )
    puzzle = futoshiki(name) if name.endswith(".txt") else nonogram(name)
    assert len(data["solutions"]) == count and all(map(puzzle.check, data["solutions"]))
    assert len({json.dumps(grid) for grid in data["solutions"]}) == count  # all different
    assert data["status"] == ("solved" if count else "no solution")


@pytest.mark.parametrize("solver", list(COUNTERS))
def test_count_json_says_which_counter_answered(solver, capsys):
    args = ["count", str(DATA / "ambiguous.non"), "--solver", solver, "--limit", "3"]
    status, data, _ = answer(capsys, *args)
    assert status == 0 and data["solver"] == solver and data["count"] == 2 and data["exact"]


def test_proved_unique_never_claims_what_was_not_proved():
    one = [[[1]]]
    two = [[[1]], [[0]]]
    assert proved_unique(CountResult(one, limit=2, complete=True)) is True
    assert proved_unique(CountResult(one, limit=1, complete=True)) is None
    assert proved_unique(CountResult(one, limit=None, complete=False)) is None
    assert proved_unique(CountResult([], limit=None, complete=False)) is None
    assert proved_unique(CountResult(two, limit=2, complete=True)) is False
    assert proved_unique(CountResult(two, limit=None, complete=False)) is False
    assert proved_unique(CountResult([], limit=2, complete=True)) is False


@pytest.mark.parametrize("name", ["boat.non", "futoshiki_5x5.txt"])
def test_explain_json(name, capsys):
    path = str(DATA / name)
    assert main(["explain", path]) == 0
    printed = capsys.readouterr().out.splitlines()
    status, data, _ = answer(capsys, "explain", path)
    assert status == 0 and data["status"] == "solved" and data["complete"] is True
    steps = data["steps"]
    assert [step["text"] for step in steps] == printed  # the same steps as the text
    kind = data["kind"]
    puzzle = futoshiki(name) if kind == "futoshiki" else nonogram(name)
    assert puzzle.check(data["solution"])
    unknown = 0 if kind == "futoshiki" else -1
    grid = [list(row) for row in puzzle.grid] if kind == "futoshiki" else None
    grid = grid or [[unknown] * puzzle.width for _ in range(puzzle.height)]
    for step in steps:  # each step decides open cells only, and they end at the solution
        for cell in step["cells"]:
            assert grid[cell["row"]][cell["column"]] == unknown
            grid[cell["row"]][cell["column"]] = cell["value"]
    assert grid == data["solution"]
    for step in steps:
        assert step["premises"] and all(p["text"] for p in step["premises"])
        assert step["text"].startswith(step["reason"]) and step["kind"] in step["text"]


def test_convert_json(capsys):
    status, data, _ = answer(capsys, "convert", str(DATA / "boat.non"))
    assert status == 0 and data["to"] == "json" and data["kind"] == "nonogram"
    assert data["puzzle"] == nonogram("boat.non").to_dict()
    status, data, _ = answer(capsys, "convert", str(DATA / "boat.json"))
    assert status == 0 and data["to"] == "non"
    assert read_non(data["puzzle"]).to_dict() == nonogram("boat.json").to_dict()


def test_generate_json(capsys):
    status, data, _ = answer(capsys, "generate", "futoshiki", "5", "--seed", "4", "--difficulty")
    grid, constraints = generate_futoshiki(5, seed=4)
    assert status == 0 and (data["command"], data["kind"], data["file"]) == (
        "generate",
        "futoshiki",
        None,
    )
    assert data["puzzle"] == format_futoshiki(grid, constraints)
    assert data["grid"] == grid
    assert [tuple(map(tuple, pair)) for pair in data["constraints"]] == [
        tuple(map(tuple, pair)) for pair in constraints
    ]
    assert data["difficulty"]["givens"] == sum(v > 0 for row in grid for v in row)


def test_no_solution_json_carries_the_report_as_data(capsys):
    path = str(DATA / "no_solution.non")
    status, data, err = answer(capsys, "solve", path)
    assert status == EXIT_PUZZLE and data["status"] == "no solution" and data["grid"] is None
    assert data["error"] == f"{path}: no solution: no picture satisfies every clue"
    assert err == f"error: {data['error']}\n"  # one line; the report is in the JSON
    report = data["diagnosis"]
    assert report["noun"] == "lines" and report["complete"] is True
    conflict = report["conflict"]["lines"]
    assert [line["text"] for line in conflict] == [
        str(line) for line in conflicting_lines(nonogram("no_solution.non"))
    ]
    first = report["retype"][0]
    assert first["lines"][0] == {"kind": "row", "index": 0, "clue": [1, 1], "text": "row 0: 1 1"}
    assert first["fits"][0]["clue"] == [2]


def test_no_solution_json_of_a_futoshiki(capsys):
    status, data, _ = answer(capsys, "solve", str(DATA / "futoshiki_no_solution.txt"))
    assert status == EXIT_PUZZLE and data["kind"] == "futoshiki"
    clues = data["diagnosis"]["conflict"]["clues"]
    assert {clue["kind"] for clue in clues} <= {"given", "sign"} and clues


@pytest.mark.parametrize(
    "args",
    [
        ["solve", str(DATA / "boat.non")],
        ["count", str(DATA / "ambiguous.non")],
        ["solve", str(DATA / "no_solution.non")],
        ["solve", "missing.non"],
        ["solve", "puzzle.csv"],
        ["explain", str(DATA / "ambiguous.non")],  # two solutions: nothing to explain
        ["solve", str(DATA / "boat.non"), "--solver", "magic"],
        ["convert", str(DATA / "futoshiki_5x5.txt")],
        ["generate", "futoshiki", "3"],
        ["solve"],
        ["count", str(DATA / "boat.non"), "--limit", "-1"],
    ],
)
def test_the_exit_status_is_the_same_with_and_without_json(args, capsys):
    plain = main(args)
    capsys.readouterr()
    status, data, err = answer(capsys, *args)
    assert status == plain == data["exit_status"]
    if status:
        assert data["error"] and err.rstrip("\n").splitlines()[-1].endswith(
            data["error"].split()[-1]
        )
    else:
        assert "error" not in data


def test_errors_as_json(capsys):
    status, data, err = answer(capsys, "solve", "missing.non")
    assert status == 1 and data == {
        "command": "solve",
        "file": "missing.non",
        "kind": "nonogram",
        "error": "missing.non: no such file",
        "exit_status": 1,
    }
    assert err == "error: missing.non: no such file\n"
    status, data, _ = answer(capsys, "explain", str(DATA / "ambiguous.non"))
    assert (status, data["status"]) == (1, "not unique")
    status, data, _ = answer(capsys, "count", "x.non", "--limit", "0")
    assert status == 2 and data["command"] == "count"
    assert data["error"] == "argument --limit: expected a positive integer, got '0'"


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
    assert main(["count", str(path)]) == 1
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
        assert main(["solve", str(path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"error: {path}: {message}") and err.count("\n") == 1, err
    huge = tmp_path / "huge.txt"
    huge.write_text("0" * (2 << 20))
    assert main(["count", str(huge)]) == 1
    assert "the file has 2,097,152 bytes" in capsys.readouterr().err


def test_the_kind_is_read_from_the_suffix_in_any_case(tmp_path, capsys):
    upper = tmp_path / "BOAT.NON"
    upper.write_text((DATA / "boat.non").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["solve", str(upper)]) == 0
    assert capsys.readouterr().out == BOAT


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to one process needs POSIX")
def test_ctrl_c_while_the_program_starts_is_the_same_one_line(tmp_path):
    """Ctrl-C while the program starts (parsing, the imports of the solvers, C extensions
    among them): no traceback, one line, status 130. (In the first tenth of a second, while
    Python itself and the module's first imports load, Ctrl-C is Python's own.)"""
    import signal
    import time

    permutations = tmp_path / "perm.json"
    permutations.write_text(json.dumps({"rows": [[1]] * 12, "cols": [[1]] * 12}))
    command = [sys.executable, "-m", "helper", "count", str(permutations), "--limit", "100000000"]
    for wait in (0.5, 0.8, 1.2):
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(wait)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        assert (child.returncode, err.strip(), out) == (130, "error: interrupted by Ctrl-C", ""), (
            wait
        )


@pytest.mark.skipif(sys.platform == "win32", reason="raise_signal(SIGINT) needs POSIX here")
@pytest.mark.parametrize("command", ["count", "solve", "explain"])
def test_a_ctrl_c_that_a_library_swallows_while_the_program_starts_still_stops_it(
    tmp_path, capsys, monkeypatch, command
):
    """A C extension reports Ctrl-C during its import as an ImportError, and a library may
    take that for a missing optional dependency and go on (seen with numpy under pandas). The
    start holds Ctrl-C back, so the command still stops with status 130 before it searches."""
    import contextlib
    import signal

    def swallowing_import():
        # "optional dependency missing": the library goes on
        with contextlib.suppress(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)  # Ctrl-C, during the solvers' imports

    monkeypatch.setattr(cli, "_load_solver_libraries", swallowing_import)
    boat = tmp_path / "boat.non"
    boat.write_text((DATA / "boat.non").read_text(encoding="utf-8"), encoding="utf-8")
    assert main([command, str(boat)]) == EXIT_INTERRUPTED
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "error: interrupted by Ctrl-C\n")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Python's, again


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to one process needs POSIX")
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_ctrl_c_ends_a_command_with_one_line_and_status_130(tmp_path, as_json):
    """Ctrl-C during a long count: no traceback, one line (and one JSON object with --json),
    the shell's status for a program stopped by SIGINT."""
    import signal
    import time

    permutations = tmp_path / "perm.json"  # 12! pictures: a count that does not end
    permutations.write_text(json.dumps({"rows": [[1]] * 12, "cols": [[1]] * 12}))
    command = [sys.executable, "-m", "helper", "count", str(permutations), "--limit", "100000000"]
    child = subprocess.Popen(
        command + (["--json"] if as_json else []),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)  # imports, then the count
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert err.strip().splitlines() == ["error: interrupted by Ctrl-C"]
    if as_json:
        answer = json.loads(out)
        assert answer["status"] == "interrupted" and answer["exit_status"] == 130
    else:
        assert out == ""


class _ClosedPipe:
    """Standard output whose reader went away: every write fails as a closed pipe does."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_output_ends_the_command_quietly(monkeypatch, capsys) -> None:
    """`... | head` closes the pipe: no traceback, the status a SIGPIPE would give."""
    puzzle = str(DATA / "boat.non")
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert cli.main(["solve", puzzle]) == cli.EXIT_CLOSED_OUTPUT == 141
    assert capsys.readouterr().err == ""


def test_a_closed_pipe_in_a_real_process_gives_no_traceback(tmp_path) -> None:
    """A child whose output is closed after its first line: status 141, nothing on stderr."""
    script = (
        "import os, sys\n"
        "from helper.__main__ import main\n"
        "read, write = os.pipe()\n"
        "os.close(read)\n"  # no reader at all: the first write that reaches the pipe fails
        "os.dup2(write, 1)\n"
        f"sys.exit(main(['solve', {str(DATA / 'boat.non')!r}, '--json']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).parent.parent)  # fmt: skip
    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr and done.stderr == ""
