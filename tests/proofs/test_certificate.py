"""The certificate value: its summary, its files and its names."""

from helper.proofs import Certificate, check_drat, parse_drat, proved_by_witnesses, read_dimacs
from helper.proofs.certificate import _file_name

FOUR = ((1, 2), (1, -2), (-1, 2), (-1, -2))


def refuted(**fields) -> Certificate:
    return Certificate("no solution", True, "checked", formula=FOUR, proof=("1 0", "0"), **fields)


def test_files_are_named_after_the_name_given_then_its_own_then_the_claim(tmp_path):
    assert refuted(name="mine").write(tmp_path, "given")[0].name == "given.cnf"
    assert refuted(name="mine").write(tmp_path)[1].name == "mine.drat"
    assert refuted(name="").write(tmp_path)[0].name == "no-solution.cnf"


def test_the_folder_is_made_with_its_parents_and_the_pair_checks(tmp_path):
    cnf, drat = refuted().write(tmp_path / "a" / "b", "pair")
    formula = read_dimacs(cnf.read_text(encoding="ascii").splitlines())
    assert formula == [list(clause) for clause in FOUR]
    assert check_drat(formula, parse_drat(drat.read_text(encoding="ascii").splitlines())).valid
    assert drat.read_text(encoding="ascii") == "1 0\n0\n"


def test_the_files_are_ascii_whatever_the_comments_hold(tmp_path):
    cnf, _ = refuted(comments=("a 6 × 6 grid", "row 1")).write(tmp_path, "wide")
    text = cnf.read_bytes().decode("ascii")  # raises on any byte beyond ASCII
    assert "c a 6 ? 6 grid\n" in text and "c row 1\n" in text
    assert text.startswith("c claim: no solution\n")


def test_a_claim_without_a_no_part_writes_nothing(tmp_path):
    assert Certificate("not unique", True, "two").write(tmp_path) is None
    assert list(tmp_path.iterdir()) == []


def test_file_names_keep_letters_digits_and_underscores():
    assert _file_name("(row A, column 2)") == "row-A-column-2"
    assert _file_name("no_fewer: 3") == "no_fewer-3"
    assert _file_name("--x--") == "x"
    assert _file_name("(X)") == "X"
    assert _file_name("???") == "claim"


def test_witness_only_and_unproved_claims_carry_their_reason_and_name():
    from helper.proofs import unproved

    two = proved_by_witnesses("not unique", [[[1]], [[0]]], "two different solutions")
    assert (two.proved, two.reason, two.name) == (True, "two different solutions", "not-unique")
    assert two.witnesses == ([[1]], [[0]]) and two.formula == ()
    lost = unproved("no solution", "no proof within 1 s")
    assert (lost.proved, lost.reason, lost.name) == (False, "no proof within 1 s", "no-solution")
    assert lost.summary() == "no solution: not proved (no proof within 1 s)"
    assert repr(two) == "<Certificate not unique: proved (two different solutions)>"
