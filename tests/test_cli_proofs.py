"""The command line's certificates: ``--certify``, ``--proof-dir`` and ``check-proof``."""

import json
from pathlib import Path

import pytest

from helper.__main__ import EXIT_PUZZLE, EXIT_TIMEOUT, EXIT_USAGE, main
from helper.proofs import check_drat, parse_drat, read_dimacs

DATA = Path(__file__).parent / "data"
BOOK = Path(__file__).parent.parent / "data"


def test_count_certify_says_the_claim_is_proved_and_how(capsys):
    assert main(["count", str(BOOK / "nonogram01.json"), "--certify"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1 solution: the puzzle is unique"
    assert out[1].startswith("certificate: unique: proved (unit propagation refutes it: ")
    assert len(out) == 2


def test_proof_dir_writes_files_that_check_proof_accepts(tmp_path, capsys):
    proofs = tmp_path / "proofs"
    assert main(["count", str(BOOK / "nonogram02.json"), "--proof-dir", str(proofs), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    certificate = data["certificate"]
    assert certificate["claim"] == "unique" and certificate["proved"] is True
    formula, proof = Path(certificate["files"]["formula"]), Path(certificate["files"]["proof"])
    assert (formula.name, proof.name) == ("nonogram02-unique.cnf", "nonogram02-unique.drat")
    assert check_drat(
        read_dimacs(formula.read_text().splitlines()), parse_drat(proof.read_text().splitlines())
    ).valid
    assert main(["check-proof", str(formula), str(proof)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("valid: the proof refutes the formula (")
    assert main(["check-proof", str(formula), str(proof), "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["valid"] is True and checked["status"] == "valid"
    assert checked["lemmas"] == certificate["lemmas"]


def test_a_tampered_proof_is_rejected_with_the_step_named(tmp_path, capsys):
    formula = tmp_path / "f.cnf"
    formula.write_text("p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n")  # satisfiable: 1 and 2 true
    proof = tmp_path / "p.drat"
    proof.write_text("1 0\n0\n")
    assert main(["check-proof", str(formula), str(proof)]) == EXIT_PUZZLE
    err = capsys.readouterr().err
    rejected = "rejected: step 2: the empty clause does not follow (RUP fails)"
    assert err == f"error: {proof}: {rejected}\n"


def test_a_futoshiki_with_no_solution_is_certified_on_solve(tmp_path, capsys):
    assert (
        main(
            [
                "solve",
                str(DATA / "futoshiki_no_solution.txt"),
                "--proof-dir",
                str(tmp_path),
                "--json",
            ]
        )
        == EXIT_PUZZLE
    )
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "no solution"
    assert data["certificate"]["claim"] == "no solution" and data["certificate"]["proved"]
    conflict = data["diagnosis"]["certificate"]
    assert conflict["proved"] and conflict["claim"].endswith(
        ": cannot all hold, and each is needed"
    )
    correction = data["diagnosis"]["retype_certificate"]
    assert correction["proved"] and correction["claim"].endswith(", and no fewer clues")
    assert [part["claim"] for part in correction["parts"]] == ["no fewer than 1 clue"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "futoshiki_no_solution-conflict.cnf",
        "futoshiki_no_solution-conflict.drat",
        "futoshiki_no_solution-no-fewer.cnf",
        "futoshiki_no_solution-no-fewer.drat",
        "futoshiki_no_solution-no-solution.cnf",
        "futoshiki_no_solution-no-solution.drat",
    ]
    for stem in ("conflict", "no-fewer", "no-solution"):
        files = [str(tmp_path / f"futoshiki_no_solution-{stem}.{ext}") for ext in ("cnf", "drat")]
        assert main(["check-proof", *files]) == 0


def test_a_nonogram_without_solution_names_its_certified_conflict(capsys):
    assert main(["solve", str(DATA / "no_solution.non"), "--certify"]) == EXIT_PUZZLE
    err = capsys.readouterr().err.splitlines()
    assert err[-4].startswith("certificate: no solution: proved (")
    assert err[-3].startswith(
        "conflict certificate: row 0: 1 1; column 2: 0: cannot all hold, and each is needed: "
        "proved ("
    )
    assert err[-2] == (
        "retype certificate: retype row 0: 1 1, and no fewer lines: proved (a picture keeps "
        "every other line; 1 set of lines that cannot all hold, refuted)"
    )
    assert err[-1].startswith("  part 1: ") and ": cannot all hold: proved (" in err[-1]


def test_a_not_unique_claim_is_proved_by_its_solutions_and_writes_nothing(tmp_path, capsys):
    assert main(["count", str(DATA / "ambiguous.non"), "--proof-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == (
        "certificate: at least 2 solutions: proved (2 different solutions, each checked "
        "against the clues)"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_check_that_runs_out_of_time_is_a_time_out(tmp_path, capsys):
    formula, proof = tmp_path / "f.cnf", tmp_path / "p.drat"
    formula.write_text("p cnf 1 2\n1 0\n-1 0\n")
    proof.write_text("0\n")
    assert main(["check-proof", str(formula), str(proof), "--time-limit", "1e-9"]) == EXIT_TIMEOUT
    assert capsys.readouterr().err.startswith("error: time limit reached: the check ran out")


@pytest.mark.parametrize(
    ("formula", "proof", "message"),
    [
        ("p cnf 1 1\n1 2 0\n", "0\n", "f.cnf: formula line 2: literal 2 beyond the header's 1"),
        ("p cnf 1 1\n1 0\n", "1 x 0\n", "p.drat: proof line 1: not a list of literals: '1 x 0'"),
        ("p cnf 1 1\n1 0\n", "1\n", "p.drat: proof line 1: a step must end with one 0: '1'"),
    ],
)
def test_bad_files_are_named_with_the_line(tmp_path, capsys, formula, proof, message):
    (tmp_path / "f.cnf").write_text(formula)
    (tmp_path / "p.drat").write_text(proof)
    assert main(["check-proof", str(tmp_path / "f.cnf"), str(tmp_path / "p.drat")]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_missing_files_and_arguments(tmp_path, capsys):
    assert main(["check-proof", str(tmp_path / "none.cnf"), str(tmp_path / "none.drat")]) == 1
    assert "none.cnf: no such file" in capsys.readouterr().err
    assert main(["check-proof", "only.cnf"]) == EXIT_USAGE
    assert "the following arguments are required: PROOF" in capsys.readouterr().err


def test_a_proof_dir_that_cannot_be_written_is_named(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["count", str(BOOK / "nonogram01.json"), "--proof-dir", str(blocker)]) == 1
    assert f"error: {blocker}: cannot write the proof" in capsys.readouterr().err


def _written_pair(tmp_path, capsys):
    proofs = tmp_path / "proofs"
    assert main(["count", str(BOOK / "nonogram02.json"), "--proof-dir", str(proofs), "--json"]) == 0
    files = json.loads(capsys.readouterr().out)["certificate"]["files"]
    return files["formula"], files["proof"]


def test_cpsat_is_a_second_judge_of_the_same_files(tmp_path, capsys):
    formula, proof = _written_pair(tmp_path, capsys)
    assert main(["check-proof", formula, proof, "--cpsat"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("valid: the proof refutes the formula (")
    assert out[1] == "CP-SAT refutes it too, its LRAT proof checked"
    assert main(["check-proof", formula, proof, "--cpsat", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cpsat"] == {"verdict": "infeasible", "lrat": "VALID", "refuted": True}
    assert data["status"] == "valid"


def test_a_trivially_refuted_formula_needs_no_cpsat_proof(tmp_path, capsys):
    formula, proof = tmp_path / "f.cnf", tmp_path / "p.drat"
    formula.write_text("p cnf 1 2\n1 0\n-1 0\n")
    proof.write_text("0\n")
    assert main(["check-proof", str(formula), str(proof), "--cpsat"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "CP-SAT refutes it too, as it read it, with no proof needed"
    )


@pytest.mark.parametrize(
    ("judged", "status", "message"),
    [
        (
            ("optimal", "VALID"),
            EXIT_PUZZLE,
            "CP-SAT disagrees: it says optimal (LRAT status VALID)",
        ),
        (
            ("infeasible", "INVALID"),
            EXIT_PUZZLE,
            "CP-SAT disagrees: it says infeasible (LRAT status INVALID)",
        ),
        (("unknown", ""), EXIT_TIMEOUT, "time limit reached: CP-SAT's LRAT check did not finish"),
    ],
)
def test_a_second_judge_that_disagrees_or_gives_up_is_never_valid(
    tmp_path, capsys, monkeypatch, judged, status, message
):
    import helper.backends.lrat as lrat

    formula, proof = _written_pair(tmp_path, capsys)
    monkeypatch.setattr(lrat, "refute_with_lrat", lambda formula, run: lrat.LratCheck(*judged))
    assert main(["check-proof", formula, proof, "--cpsat", "--json"]) == status
    captured = capsys.readouterr()
    assert message in captured.err
    assert json.loads(captured.out)["status"] != "valid"
