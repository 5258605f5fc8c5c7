"""The command line with colour Nonograms: solve, count and convert read webpbn XML and our
JSON with colours; --json names each cell's colour as the file does."""

import json
import subprocess
import sys

import pytest

from helper.__main__ import EXIT_PUZZLE, EXIT_TIMEOUT, EXIT_USAGE, main
from helper.colour_formats import read_colour_json, read_webpbn, write_colour_json, write_webpbn
from helper.formats import write_json
from helper.nonogram import Nonogram
from helper.nonogram.colour import ColourNonogram, Palette
from helper.nonogram.colour.generate import generate_colour_puzzle

FLAG = ColourNonogram.from_grid(
    [[1, 1, 2], [1, 0, 2], [2, 2, 2]],
    Palette([("scarlet", "e00"), ("navy", "008")]),
    info={"title": "flag"},
)
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
    }
    paths["xml"].write_text(write_webpbn(FLAG), encoding="utf-8")
    paths["json"].write_text(write_colour_json(FLAG), encoding="utf-8")
    paths["bw"].write_text(write_json(Nonogram([[2], [1]], [[1], [2]])), encoding="utf-8")
    paths["none"].write_text(write_webpbn(NO_SOLUTION), encoding="utf-8")
    paths["bad"].write_text("<puzzleset><puzzle>", encoding="utf-8")
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
        (["explain", "{xml}"], "explain: for black-and-white Nonograms and Futoshiki only"),
        (["explain", "{json}"], "explain: for black-and-white Nonograms and Futoshiki only"),
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


def test_the_command_runs_as_a_program(files) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "helper", "solve", files["xml"]],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stdout == "ssn\ns.n\nnnn\n"
