"""The command line with colour Nonograms: solve, count, explain and convert read webpbn XML
and our JSON with colours; --json names each cell's colour as the file does; an explanation
that stalls prints its steps and exits with status 5."""

import json
import subprocess
import sys

import pytest

from helper.__main__ import (
    EXIT_INCOMPLETE,
    EXIT_INTERRUPTED,
    EXIT_PUZZLE,
    EXIT_TIMEOUT,
    EXIT_USAGE,
    main,
)
from helper.colour_formats import read_colour_json, read_webpbn, write_colour_json, write_webpbn
from helper.explain.colour import explain_colour
from helper.formats import write_json
from helper.nonogram import Nonogram
from helper.nonogram.colour import ColourNonogram, Palette
from helper.nonogram.colour.generate import generate_colour_puzzle

FLAG = ColourNonogram.from_grid(
    [[1, 1, 2], [1, 0, 2], [2, 2, 2]],
    Palette([("scarlet", "e00"), ("navy", "008")]),
    info={"title": "flag"},
)
STALLS = ColourNonogram.from_grid(
    [[1, 0, 1, 0], [0, 1, 2, 1], [2, 2, 0, 1]], Palette([("scarlet", "e00"), ("navy", "008")])
)
"""Two overlap steps, then neither a single line nor a row and a column decide a cell."""
NO_SOLUTION = ColourNonogram(
    [[(1, "scarlet"), (1, "navy")], [(1, "navy"), (1, "scarlet")]],
    [[(1, "scarlet"), (1, "navy")], [(1, "scarlet"), (1, "navy")]],
    Palette([("scarlet", "e00"), ("navy", "008")]),
)


def answer(capsys, *args: str) -> tuple[int, dict, str]:
    status = main([*args, "--json"])
    captured = capsys.readouterr()
    return status, json.loads(captured.out), captured.err


@pytest.fixture
def files(tmp_path):
    paths = {
        "xml": tmp_path / "flag.xml",
        "json": tmp_path / "flag.json",
        "bw": tmp_path / "bw.json",
        "none": tmp_path / "none.xml",
        "bad": tmp_path / "bad.xml",
        "stalls": tmp_path / "stalls.xml",
    }
    paths["xml"].write_text(write_webpbn(FLAG), encoding="utf-8")
    paths["json"].write_text(write_colour_json(FLAG), encoding="utf-8")
    paths["bw"].write_text(write_json(Nonogram([[2], [1]], [[1], [2]])), encoding="utf-8")
    paths["none"].write_text(write_webpbn(NO_SOLUTION), encoding="utf-8")
    paths["bad"].write_text("<puzzleset><puzzle>", encoding="utf-8")
    paths["stalls"].write_text(write_webpbn(STALLS), encoding="utf-8")
    return {key: str(path) for key, path in paths.items()}


@pytest.mark.parametrize("key", ["xml", "json"])
def test_solve_prints_the_picture_in_the_files_chars(files, capsys, key) -> None:
    assert main(["solve", files[key]]) == 0
    assert capsys.readouterr().out == "ssn\ns.n\nnnn\n"


@pytest.mark.parametrize("key", ["xml", "json"])
def test_solve_json_names_each_cells_colour(files, capsys, key) -> None:
    status, data, _ = answer(capsys, "solve", files[key])
    assert status == 0 and data["kind"] == "colour" and data["status"] == "solved"
    assert data["grid"] == [
        ["scarlet", "scarlet", "navy"],
        ["scarlet", "white", "navy"],
        ["navy", "navy", "navy"],
    ]
    assert [c["name"] for c in data["palette"]] == ["white", "scarlet", "navy"]
    assert data["palette"][1]["rgb"] == "#ee0000"


@pytest.mark.parametrize("solver", ["cpsat-automaton", "sat-automaton"])
def test_count_says_whether_it_is_unique(files, capsys, solver) -> None:
    status, data, _ = answer(capsys, "count", files["xml"], "--solver", solver)
    assert status == 0 and data["unique"] is True and data["count"] == 1
    assert data["solutions"][0][1] == ["scarlet", "white", "navy"]
    assert main(["count", files["json"]]) == 0
    assert "1 solution: the puzzle is unique" in capsys.readouterr().out


def test_a_count_that_runs_out_of_time_proves_nothing(tmp_path, capsys) -> None:
    path = tmp_path / "random.xml"
    path.write_text(write_webpbn(generate_colour_puzzle(40, 40, 3, "random", seed=5)))
    status, data, _ = answer(capsys, "count", str(path), "--time-limit", "0.01", "--limit", "1000")
    assert status == EXIT_TIMEOUT and data["complete"] is False and data["unique"] is not True


def test_no_solution_is_exit_status_one(files, capsys) -> None:
    status, data, err = answer(capsys, "solve", files["none"])
    assert status == EXIT_PUZZLE and data["status"] == "no solution"
    assert "no picture satisfies every clue" in err


def test_a_bad_file_gets_one_line_naming_it(files, capsys) -> None:
    status, data, err = answer(capsys, "solve", files["bad"])
    assert status == EXIT_PUZZLE
    assert data["error"].startswith(files["bad"] + ": line 1: not well-formed XML")
    assert err.count("\n") == 1


def test_convert_goes_between_webpbn_and_our_json(files, capsys) -> None:
    status, data, _ = answer(capsys, "convert", files["xml"])
    assert status == 0 and data["to"] == "json"
    assert read_colour_json(json.dumps(data["puzzle"])) == FLAG
    status, data, _ = answer(capsys, "convert", files["json"])
    assert status == 0 and data["to"] == "xml" and read_webpbn(data["puzzle"]) == FLAG
    status, data, _ = answer(capsys, "convert", files["bw"], "--to", "xml")
    assert status == 0 and read_webpbn(data["puzzle"]).to_nonogram() == Nonogram(
        [[2], [1]], [[1], [2]]
    )
    status, data, _ = answer(capsys, "convert", files["xml"], "--to", "non")
    assert status == EXIT_PUZZLE and "a .non file holds black and white only" in data["error"]


def test_black_and_white_json_is_unchanged(files, capsys) -> None:
    status, data, _ = answer(capsys, "solve", files["bw"])
    assert status == 0 and data["kind"] == "nonogram" and data["grid"] == [[1, 1], [0, 1]]
    status, data, _ = answer(capsys, "convert", files["bw"])
    assert status == 0 and data["to"] == "non"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "{xml}", "--certify"], "--certify and --proof-dir: for black-and-white"),
        (["count", "{json}", "--certify"], "--certify and --proof-dir: for black-and-white"),
        (["solve", "{xml}", "--grade"], "--grade: for black-and-white"),
        (["solve", "{xml}", "--solver", "pysat-cnf"], "unknown colour Nonogram solver 'pysat-cnf'"),
        (["count", "{json}", "--solver", "portfolio"], "'portfolio' can solve but not count"),
    ],
)
def test_what_colour_puzzles_do_not_have_yet_is_a_usage_error(files, capsys, args, message) -> None:
    status, data, _ = answer(capsys, *(a.format(**files) for a in args))
    assert status == EXIT_USAGE and message in data["error"]


@pytest.mark.parametrize("key", ["xml", "json"])
def test_explain_prints_one_step_a_line(files, capsys, key) -> None:
    steps = explain_colour(FLAG)
    assert main(["explain", files[key], "--stats"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [str(step) for step in steps]
    assert captured.out.startswith("row 0 (2 scarlet, 1 navy): columns 0 and 1 are scarlet")
    n = len(steps)
    assert captured.err == f"{n} steps: {n} use one premise, 0 more; 0 SAT calls, 0 hitting sets\n"


def test_explain_json_names_each_cells_colour(files, capsys) -> None:
    status, data, err = answer(capsys, "explain", files["json"])
    assert (status, err, data["kind"], data["status"]) == (0, "", "colour", "solved")
    assert data["complete"] is True and data["open_cells"] == 0
    assert data["solution"][1] == ["scarlet", "white", "navy"]
    cells = [cell for step in data["steps"] for cell in step["cells"]]
    assert len(cells) == 9 and {"row": 1, "column": 1, "value": "white"} in cells
    assert {cell["value"] for cell in cells} == {"scarlet", "white", "navy"}
    assert [c["name"] for c in data["palette"]] == ["white", "scarlet", "navy"]


def test_a_crossing_of_two_lines_is_a_step(tmp_path, capsys) -> None:
    path = tmp_path / "two.json"
    path.write_text(write_colour_json(ColourNonogram.from_grid([[1, 0], [0, 2]], FLAG.palette)))
    status, data, _ = answer(capsys, "explain", str(path))
    first = data["steps"][0]
    assert status == 0 and first["kind"] == "two lines" and first["cost"] == 2
    assert [p["text"] for p in first["premises"]] == ["row 0", "column 1"]
    assert first["cells"] == [{"row": 0, "column": 1, "value": "white"}]
    assert first["text"] == (
        "row 0 (1 scarlet) allows only scarlet or white at column 1, and column 1 (1 navy) "
        "only navy or white at row 0: the cell is white (two lines)"
    )


def test_an_explanation_that_stalls_prints_its_steps_and_exits_with_status_5(files, capsys) -> None:
    assert main(["explain", files["stalls"]]) == EXIT_INCOMPLETE == 5
    out, err = capsys.readouterr()
    assert out.splitlines() == [str(step) for step in explain_colour(STALLS)] and len(out) > 0
    assert err == (
        "error: the explainer stopped before the end: no single line, nor a row and a column "
        "together, decides another cell; 10 of 12 cells are open (2 steps found)\n"
    )
    status, data, _ = answer(capsys, "explain", files["stalls"])
    assert (status, data["status"], data["exit_status"]) == (5, "stalled", 5)
    assert data["complete"] is False and data["solution"] is None and data["open_cells"] == 10
    assert [step["cells"][0]["value"] for step in data["steps"]] == ["navy", "scarlet"]


def test_explain_without_solution_or_within_no_time(files, tmp_path, capsys) -> None:
    status, data, err = answer(capsys, "explain", files["none"])
    assert (status, data["status"]) == (EXIT_PUZZLE, "no solution") and err.count("\n") == 1
    assert "has no placement left" in data["error"]
    path = tmp_path / "large.xml"
    path.write_text(write_webpbn(generate_colour_puzzle(20, 20, 3, "smooth", seed=0)))
    status, data, err = answer(capsys, "explain", str(path), "--time-limit", "0.000001")
    assert (status, data["status"], data["complete"]) == (EXIT_TIMEOUT, "timeout", False)
    assert err.startswith("error: time limit reached: explain: no answer within")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--certify"], "--certify is not available for colour puzzles yet"),
        (["--proof-dir", "proofs"], "--proof-dir (which implies --certify) is not available"),
    ],
)
def test_explain_certify_is_refused_in_one_line(files, capsys, args, line) -> None:
    for key in ("xml", "json"):
        assert main(["explain", files[key], *args]) == EXIT_USAGE
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"error: {line}") and err.count("\n") == 1
    status, data, _ = answer(capsys, "explain", files["json"], *args)
    assert status == EXIT_USAGE and data["kind"] == "colour" and line in data["error"]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to one process needs POSIX")
def test_ctrl_c_stops_a_colour_explanation_with_status_130(tmp_path) -> None:
    import signal
    import time

    path = tmp_path / "large.xml"  # more than half a minute of steps
    path.write_text(write_webpbn(generate_colour_puzzle(200, 200, 4, "smooth", seed=0)))
    command = [sys.executable, "-m", "helper", "explain", str(path)]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    assert child.poll() is None  # still explaining
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == EXIT_INTERRUPTED
    assert (out, err.strip()) == ("", "error: interrupted by Ctrl-C")


def test_the_command_runs_as_a_program(files) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "helper", "solve", files["xml"]],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stdout == "ssn\ns.n\nnnn\n"
