"""Certified explanation steps: each step's cells follow from the premises it names and the
cells before it, by a DRAT proof the book's checker accepts; a step that claims more than its
premises give is not proved."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helper.explain.certify import certify_steps
from helper.explain.futoshiki import explain as explain_futoshiki
from helper.explain.nonogram import explain
from helper.futoshiki import Futoshiki, generate_futoshiki
from helper.nonogram import Nonogram, count_solutions, load_puzzle
from helper.nonogram.clues import clues_from_grid
from helper.play import nonogram_data


@st.composite
def unique_pictures(draw):
    side = draw(st.integers(2, 5))
    cells = draw(st.lists(st.integers(0, 1), min_size=side * side, max_size=side * side))
    puzzle = Nonogram(*clues_from_grid([cells[r * side : (r + 1) * side] for r in range(side)]))
    return puzzle if count_solutions(puzzle).unique else Nonogram([[1]], [[1]])


@settings(max_examples=30, deadline=None)
@given(unique_pictures())
def test_every_step_of_an_explanation_is_proved(puzzle):
    steps = explain(puzzle, certify=True)
    assert len(steps.certificates) == len(steps)
    for number, certificate in enumerate(steps.certificates, start=1):
        assert certificate.proved, certificate.reason
        assert certificate.claim.startswith(f"step {number}: ")
        assert certificate.name == f"step-{number}"


def test_a_step_that_drops_a_premise_it_needs_is_not_proved():
    sailboat = load_puzzle("nonogram02")
    steps = explain(sailboat)
    k = next(k for k, step in enumerate(steps) if len(step.lines) >= 2)
    shorter = list(steps)
    shorter[k] = replace(steps[k], lines=steps[k].lines[1:])  # its premises are minimal
    certificates = certify_steps(sailboat, replace(steps, steps=tuple(shorter)))
    assert [c.proved for c in certificates].count(False) == 1
    assert not certificates[k].proved
    assert certificates[k].reason == "the formula has a solution: Glucose 3 found one"


def test_a_step_that_claims_a_wrong_value_is_not_proved():
    puzzle = Nonogram([[2], [1]], [[2], [1]])
    steps = explain(puzzle)
    (cell, value), *rest = steps[0].cells.items()
    wrong = replace(steps[0], cells={cell: 1 - value, **dict(rest)})
    certificates = certify_steps(puzzle, replace(steps, steps=(wrong, *steps[1:])))
    assert not certificates[0].proved


def test_a_futoshiki_explanation_is_proved_step_by_step():
    puzzle = Futoshiki(*generate_futoshiki(5, seed=2))
    steps = explain_futoshiki(puzzle, certify=True)
    assert steps.complete and all(c.proved for c in steps.certificates)
    sign = next(k for k, step in enumerate(steps) if step.kind in ("sign", "chain"))
    without = replace(steps[sign], lines=tuple(p for p in steps[sign].lines if p[0] != "sign"))
    broken = certify_steps(
        puzzle, replace(steps, steps=(*steps[:sign], without, *steps[sign + 1 :]))
    )
    assert not broken[sign].proved


def test_no_time_left_leaves_the_steps_not_proved():
    puzzle = load_puzzle("nonogram01")
    steps = explain(puzzle)
    certificates = certify_steps(puzzle, steps, time_limit=1e-9)
    assert not any(c.proved for c in certificates)
    assert certificates[-1].reason == "no time left within 1e-09 s"


def test_a_player_carries_each_steps_proof():
    puzzle = load_puzzle("nonogram01")
    data = nonogram_data(puzzle, explain(puzzle, certify=True))
    assert [step["proved"] for step in data["steps"]] == [True] * len(data["steps"])
    assert all("proved" not in step for step in nonogram_data(puzzle, explain(puzzle))["steps"])
    steps = explain(puzzle, certify=True)
    with pytest.raises(ValueError, match="certificates for"):
        nonogram_data(puzzle, replace(steps, certificates=steps.certificates[1:]))


# -- what each step's formula and certificate hold, and what refute is handed ----------------


def test_a_nonogram_step_s_formula_is_its_lines_the_known_cells_and_the_other_value():
    from helper.explain.certify import _nonogram_formula
    from helper.explain.steps import Step
    from helper.nonogram.models.cnf_starts import start_line_clauses

    puzzle = Nonogram([[2], [1]], [[2], [1]])
    step = Step({(1, 0): 1}, (("column", 0),), "", "line solver", 1)
    before = [[1, 1], [-1, -1]]
    expected: list = []
    start_line_clauses([2], [-1, -1], [1, 3], 4, expected)  # column 0: cells 1 and 3
    expected += [[1], [-3]]  # (0, 0) known filled; "(1, 0) is not filled"
    assert _nonogram_formula(puzzle, step, before) == expected


def test_a_futoshiki_step_s_formula_uses_the_cells_digits_only():
    from helper.explain.certify import _futoshiki_formula
    from helper.explain.steps import Step

    puzzle = Futoshiki([[1, 0], [0, 0]])
    step = Step({(1, 1): 1}, (("row", 1),), "", "single", 1)
    formula = _futoshiki_formula(puzzle, step, [[1, 2], [0, 0]])
    assert max(abs(x) for clause in formula for x in clause) == 8  # 2 x 2 cells, 2 digits
    assert [1] in formula and [4] in formula  # the cells known: (0, 0) = 1, (0, 1) = 2
    assert formula[-1] == [-7]  # "(1, 1) is not 1"


def test_the_claims_comments_and_names_of_the_steps():
    puzzle = Nonogram([[2], [1]], [[2], [1]])
    proved = certify_steps(puzzle, explain(puzzle))
    assert [c.claim for c in proved] == [
        "step 1: (0, 0) = 1 and (0, 1) = 1 by row 0",
        "step 2: (1, 0) = 1 by column 0",
        "step 3: (1, 1) = 0 by row 1",
    ]
    from helper.nonogram.certify import cnf_comments

    assert proved[0].comments == (
        *cnf_comments(puzzle),
        "the clauses of the step's premises, a unit clause per cell known before it, and the "
        "last clause: some cell the step decides has another value",
    )
    futoshiki = Futoshiki([[1, 0], [0, 0]])
    from helper.futoshiki.certify import cnf_comments as futoshiki_comments

    first = certify_steps(futoshiki, explain_futoshiki(futoshiki))[0]
    assert first.comments[: len(futoshiki_comments(futoshiki))] == tuple(
        futoshiki_comments(futoshiki)
    )


def test_each_step_gets_what_is_left_of_the_time_and_the_back_end(monkeypatch):
    import helper.explain.certify as steps_certify

    calls = []
    real = steps_certify.refute

    def spy(formula, claim, **kwargs):
        calls.append(kwargs)
        return real(formula, claim, **kwargs)

    monkeypatch.setattr(steps_certify, "refute", spy)
    puzzle = Nonogram([[2], [1]], [[2], [1]])
    certify_steps(puzzle, explain(puzzle), backend="glucose4", time_limit=60)
    assert [call["name"] for call in calls] == ["step-1", "step-2", "step-3"]
    assert all(call["backend"] == "glucose4" for call in calls)
    assert all(0 < call["time_limit"] <= 60 for call in calls)
    assert all(call["comments"][-1].startswith("the clauses of the step's") for call in calls)


def test_a_cell_decided_twice_is_refused():
    puzzle = Nonogram([[2], [1]], [[2], [1]])
    steps = explain(puzzle)
    again = replace(steps, steps=(steps[0], steps[0], *steps[1:]))
    with pytest.raises(ValueError, match=r"^step 2 decides cell \(0, 0\), which is decided$"):
        certify_steps(puzzle, again)


def test_an_explanation_with_certificates_gets_the_time_left(monkeypatch):
    import helper.explain.certify as steps_certify
    from helper.deadline import Deadline

    seen = []
    monkeypatch.setattr(
        steps_certify,
        "certify_steps",
        lambda puzzle, found, time_limit: seen.append(time_limit) or [],
    )
    puzzle = Nonogram([[2], [1]], [[2], [1]])
    found = steps_certify.with_certificates(puzzle, explain(puzzle), Deadline(30))
    assert found.certificates == () and 0 < seen[0] <= 30
