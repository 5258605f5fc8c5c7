"""``python -m helper explain FILE``: one step a line, one error line for a puzzle without
exactly one solution."""

from helper.__main__ import main
from helper.data import data_path
from helper.formats import write_json, write_non
from helper.futoshiki import Futoshiki, load_puzzle
from helper.nonogram import Nonogram


def run(capsys, *args):
    status = main(["explain", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


def test_a_nonogram_one_step_a_line(capsys):
    status, out, err = run(capsys, data_path("nonogram01.json"), "--stats")
    assert status == 0 and err[-1].startswith(f"{len(out)} steps: {len(out)} use one premise")
    first = "row 2 (10): its leftmost and rightmost placements both make columns 0 to 9 black"
    assert out[0] == first + " (overlap)"


def test_a_futoshiki_and_the_non_format(capsys, tmp_path):
    text = tmp_path / "five.txt"
    text.write_text(load_puzzle("sample05").to_text(), encoding="utf-8")
    status, out, _ = run(capsys, text)
    assert status == 0 and out and all(line.endswith(")") for line in out)
    stalled = tmp_path / "stalled.non"
    stalled.write_text(write_non(Nonogram([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])))
    status, out, _ = run(capsys, stalled)
    assert status == 0 and out[0].endswith("(several lines)")


def test_no_unique_solution_is_one_line_and_status_1(capsys, tmp_path):
    two = tmp_path / "two.json"
    two.write_text(write_json(Nonogram([[1], [1]], [[1], [1]])), encoding="utf-8")
    none = tmp_path / "none.json"
    none.write_text(write_json(Nonogram([[2], []], [[], [2]])), encoding="utf-8")
    futoshiki = tmp_path / "none.txt"
    futoshiki.write_text(Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))]).to_text())
    for path, words in ((two, "more than one solution"), (none, "no solution"),
                        (futoshiki, "no solution")):  # fmt: skip
        status, out, err = run(capsys, path)
        assert (status, out, len(err)) == (1, [], 1) and words in err[0], (path, err)


def test_bad_files(capsys, tmp_path):
    missing = tmp_path / "missing.txt"
    status, _, err = run(capsys, missing)
    assert status == 1 and err == [f"error: {missing}: no such file"]
    bad = tmp_path / "bad.txt"
    bad.write_text("1 x\n")
    status, _, err = run(capsys, bad)
    assert status == 1 and len(err) == 1 and str(bad) in err[0]


def test_time_limit_is_status_3(capsys):
    status, _, err = run(capsys, data_path("nonogram02.json"), "--time-limit", "0.0001")
    assert status == 3 and len(err) == 1 and "time limit" in err[0]


def test_certify_marks_each_step_proved_and_proof_dir_writes_them(capsys, tmp_path):
    import json

    heart = str(data_path("nonogram01.json"))
    assert main(["explain", heart, "--certify"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines and all(line.endswith("  [proved]  [cheapest: proved]") for line in lines)
    n = len(lines)
    assert captured.err.strip().endswith(
        f"{n} of {n} steps proved; {n} of {n} proved the cheapest at their turn"
    )
    assert main(["explain", heart, "--proof-dir", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    first = data["steps"][0]["certificate"]
    assert first["proved"] and first["claim"].startswith("step 1: ")
    assert first["files"]["formula"].endswith("nonogram01-step-1.cnf")
    assert main(["check-proof", first["files"]["formula"], first["files"]["proof"]]) == 0
    cheapest = data["steps"][0]["cheapest"]
    assert cheapest["proved"] and cheapest["claim"].startswith("step 1 is the cheapest")
    assert cheapest["files"]["formula"].endswith("nonogram01-step-1-cheapest.cnf")
    assert main(["check-proof", cheapest["files"]["formula"], cheapest["files"]["proof"]]) == 0
    assert len(list(tmp_path.glob("*.drat"))) == 2 * len(data["steps"])
