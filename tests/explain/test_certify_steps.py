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
