"""The standard files: DIMACS CNF and DRAT text, written and read back, and what a bad file
is told."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysat.examples.genhard import PHP

from helper.certify import refute
from helper.proofs import (
    Certificate,
    FormulaError,
    Step,
    check_drat,
    format_dimacs,
    format_drat,
    parse_drat,
    read_dimacs,
)

literals = st.integers(-30, 30).filter(bool)
formulas = st.lists(st.lists(literals, max_size=6), max_size=20)


@given(formulas, st.lists(st.text(alphabet="abc xyz=", max_size=20), max_size=3))
def test_a_formula_written_as_dimacs_reads_back_the_same(formula, comments):
    text = format_dimacs(formula, comments)
    assert read_dimacs(text.splitlines()) == formula
    header = next(line for line in text.splitlines() if line.startswith("p "))
    variables = max((abs(lit) for clause in formula for lit in clause), default=0)
    assert header == f"p cnf {variables} {len(formula)}"


@given(st.lists(st.tuples(st.lists(literals, max_size=5), st.booleans()), max_size=20))
def test_a_proof_written_as_drat_reads_back_the_same(steps):
    proof = [Step(tuple(clause), delete) for clause, delete in steps]
    assert parse_drat(format_drat(proof).splitlines()) == proof


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["1 2 0"], "formula line 1: a clause before the 'p cnf' header"),
        (
            ["p cnf 2"],
            "formula line 1: the header must be 'p cnf VARIABLES CLAUSES', not 'p cnf 2'",
        ),
        (
            ["p wcnf 2 1"],
            "formula line 1: the header must be 'p cnf VARIABLES CLAUSES', not 'p wcnf 2 1'",
        ),
        (
            ["c", "p  cnf x 1 "],
            "formula line 2: the header must be 'p cnf VARIABLES CLAUSES', not 'p  cnf x 1'",
        ),
        (
            ["p cnf 2 -1"],
            "formula line 1: the header must be 'p cnf VARIABLES CLAUSES', not 'p cnf 2 -1'",
        ),
        (["p cnf 2 1", "p cnf 2 1"], "formula line 2: a second header"),
        (["p cnf 2 1", "1 x 0"], "formula line 2: 'x' is not a literal"),
        (["p cnf 2 1", "1 -3 0"], "formula line 2: literal -3 beyond the header's 2 variables"),
        (["p cnf 2 1", "1 2"], "the formula's last clause does not end with 0: [1, 2]"),
        (["p cnf 2 2", "1 2 0"], "the header says 2 clauses, the file has 1"),
        (["c only a comment"], "the formula has no 'p cnf VARIABLES CLAUSES' header"),
    ],
)
def test_a_bad_dimacs_file_is_told_the_line_and_what_is_wrong(lines, message):
    with pytest.raises(FormulaError) as error:
        read_dimacs(lines)
    assert str(error.value) == message


def test_a_percent_line_ends_the_formula_as_in_satlibs_files():
    satlib = ["c uf3", "p cnf 3 2", " 1 -2 3 0", "-1 2 0", "%", "0", ""]
    assert read_dimacs(satlib) == [[1, -2, 3], [-1, 2]]
    assert read_dimacs(["p cnf 1 0", "%", "1 x 0"]) == []  # nothing after it is read
    assert read_dimacs(["p cnf 1 1", "1 0", "% the end", "0"]) == [[1]]


def test_the_text_of_the_files_exactly():
    assert format_dimacs([[1, -3], []], ["", "x1 is a"]) == "c\nc x1 is a\np cnf 3 2\n1 -3 0\n0\n"
    assert format_dimacs([]) == "p cnf 0 0\n"
    assert format_drat([Step((1, -2)), Step((2,), delete=True), " 0 "]) == "1 -2 0\nd 2 0\n0\n"
    assert format_drat([]) == ""


def test_a_clause_may_run_over_lines_and_comments_may_sit_anywhere():
    assert read_dimacs(["c x", "p cnf 3 2", "1 2", "c between", "-3 0 3 0"]) == [[1, 2, -3], [3]]


def test_certificate_files_check_again_after_reading_back(tmp_path):
    certificate = refute(PHP(4).clauses, "no solution", comments=["pigeons in holes"])
    cnf, drat = certificate.write(tmp_path / "new")
    assert (cnf.name, drat.name) == ("no-solution.cnf", "no-solution.drat")
    text = cnf.read_text().splitlines()
    assert text[:2] == ["c claim: no solution", "c pigeons in holes"]
    formula = read_dimacs(text)
    assert formula == [list(clause) for clause in certificate.formula]
    check = check_drat(formula, parse_drat(drat.read_text().splitlines()))
    assert check.valid and check.lemmas == certificate.lemmas


def test_a_certificate_names_its_files_after_the_name_given(tmp_path):
    certificate = refute([[1], [-1]], "no solution")
    cnf, _ = certificate.write(tmp_path, "puzzle 3 / rows 1, 2")
    assert cnf.name == "puzzle-3-rows-1-2.cnf"


def test_the_summary_says_proved_or_not_and_why():
    assert Certificate("unique", False, "no proof within 1 s").summary() == (
        "unique: not proved (no proof within 1 s)"
    )
    assert repr(Certificate("x", True, "why")) == "<Certificate x: proved (why)>"
