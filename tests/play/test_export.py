"""The data a player reads: a puzzle and its steps, checked before they reach a page."""

import json
import re

import pytest
from stubs import Step, whole_grid

from helper.explain.futoshiki import explain as explain_futoshiki
from helper.explain.nonogram import explain as explain_nonogram
from helper.futoshiki import Futoshiki, generate_futoshiki
from helper.futoshiki import solve as solve_futoshiki
from helper.nonogram import Nonogram, load_puzzle
from helper.nonogram import solve as solve_nonogram
from helper.play import futoshiki_data, nonogram_data

SMALL = Nonogram.from_grid([[1, 0, 1], [1, 1, 0]])


def test_steps_replayed_give_the_solution_and_survive_json() -> None:
    heart = load_puzzle("nonogram01")
    data = nonogram_data(heart, explain_nonogram(heart))
    assert data["solution"] == solve_nonogram(heart).grid
    assert json.loads(json.dumps(data)) == data
    assert data["rows"][0] == [2, 2] and data["title"] == heart.title
    first = data["steps"][0]
    assert set(first) == {"cells", "lines", "reason", "kind"}
    assert all(len(cell) == 3 for cell in first["cells"])
    assert first["cells"] == sorted(first["cells"])


def test_a_step_of_any_shape_is_read_through_its_four_fields() -> None:
    data = nonogram_data(SMALL, whole_grid([[1, 0, 1], [1, 1, 0]]))
    assert data["steps"][1] == {
        "cells": [[1, 0, 1], [1, 1, 1], [1, 2, 0]],
        "lines": [["row", 1]],
        "reason": "Because.",
        "kind": "line",
    }


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([Step({(0, 0): 1}), Step({(0, 0): 0})], "step 2, row 0, column 0: the step says 0"),
        (whole_grid([[1, 0, 1]]), "leave 3 cells undecided, the first at row 1, column 0"),
        ([Step({(5, 0): 1})], "step 1: cell (5, 0) is outside the 2 × 3 grid"),
        ([Step({(0, 0): 2})], "step 1, row 0, column 0: value 2 is not one of [0, 1]"),
        ([Step({})], "step 1 decides no cell"),
        ([Step({(0, 0): 1}, lines=(("diagonal", 0),))], "step 1: unknown premise ('diagonal', 0)"),
        ([Step({(0, 0): 1}, lines=(("column", 3),))], "step 1: column 3 is not a column"),
        ([Step({(0, 0): 1}, lines=(("sign", (0, 0), (0, 1)),))], "unknown premise ('sign'"),
        ([Step({(0, 0): 1}, reason=" ")], "step 1: the reason is not a sentence"),
        (whole_grid([[1, 1, 0], [1, 0, 1]]), "the steps end at a grid that breaks a clue"),
    ],
)
def test_bad_steps_are_refused_with_the_step_and_cell(steps, message) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        nonogram_data(SMALL, steps)


def test_futoshiki_steps_start_from_the_givens_and_end_at_the_solution() -> None:
    puzzle = Futoshiki(*generate_futoshiki(5, seed=2))
    data = futoshiki_data(puzzle, explain_futoshiki(puzzle))
    assert data["solution"] == solve_futoshiki(puzzle).grid
    assert data["givens"] == puzzle.to_lists() and data["size"] == 5
    assert data["signs"] == [[list(a), list(b)] for a, b in puzzle.constraints]
    decided = {(r, c) for step in data["steps"] for r, c, _ in step["cells"]}
    givens = {(r, c) for r, row in enumerate(puzzle.grid) for c, v in enumerate(row) if v}
    assert decided.isdisjoint(givens) and len(decided | givens) == 25
    kinds = {p[0] for step in data["steps"] for p in step["lines"]}
    assert kinds <= {"row", "column", "sign", "given"}


def test_futoshiki_premises_and_conflicts_with_givens() -> None:
    puzzle = Futoshiki([[1, 0], [0, 0]], [((1, 0), (1, 1))])  # 1 2 / 2 1 breaks the sign
    with pytest.raises(ValueError, match="row 0, column 0: the step says 2, but the cell is 1"):
        futoshiki_data(puzzle, [Step({(0, 0): 2})])
    good = [Step({(0, 1): 2, (1, 0): 2, (1, 1): 1}, (("sign", (1, 0), (1, 1)), ("given", (0, 0))))]
    with pytest.raises(ValueError, match="breaks a rule"):
        futoshiki_data(puzzle, good)
    with pytest.raises(ValueError, match="a cell is a"):
        futoshiki_data(puzzle, [Step({(0, 1): 2}, (("given", 3),))])
    with pytest.raises(TypeError, match="expected a Futoshiki"):
        futoshiki_data(SMALL, [])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Nonogram"):
        nonogram_data(puzzle, [])  # type: ignore[arg-type]


# -- what a player says of the puzzle's certificate ----------------------------------------------


def test_a_certified_puzzle_says_it_is_proved_unique_and_how() -> None:
    from helper.nonogram import count_solutions

    puzzle = load_puzzle("nonogram01")
    certificate = count_solutions(puzzle, certify=True).certificate
    data = nonogram_data(puzzle, explain_nonogram(puzzle), certificate=certificate)
    assert data["proof"]["claim"] == "unique" and data["proof"]["proved"] is True
    assert data["proof"]["text"] == (
        "Unique: proved when this page was built, by a proof that the book's own checker accepted."
    )
    assert json.loads(json.dumps(data)) == data
    assert "proof" not in nonogram_data(puzzle, explain_nonogram(puzzle))


def test_a_claim_proved_by_its_solutions_says_how() -> None:
    from helper.proofs import proved_by_witnesses

    puzzle = Futoshiki([[1, 0], [0, 0]])
    witnessed = proved_by_witnesses("has a solution", [[[1, 2], [2, 1]]], "its solution")
    data = futoshiki_data(puzzle, explain_futoshiki(puzzle), certificate=witnessed)
    assert data["proof"]["text"] == "Has a solution: proved (its solution)."


def test_an_unproved_claim_says_not_proved() -> None:
    from helper.proofs import unproved

    puzzle = Futoshiki([[1, 0], [0, 0]])
    data = futoshiki_data(
        puzzle, explain_futoshiki(puzzle), certificate=unproved("unique", "no proof within 1 s")
    )
    assert data["proof"] == {
        "claim": "unique",
        "proved": False,
        "text": "Unique: not proved (no proof within 1 s).",
    }


def test_another_puzzles_certificate_is_refused() -> None:
    from helper.nonogram import count_solutions

    other = count_solutions(Nonogram([[2], [1]], [[2], [1]]), certify=True).certificate
    puzzle = Nonogram([[1], [2]], [[1], [2]])
    with pytest.raises(ValueError, match="the certificate's solution is not the player's"):
        nonogram_data(puzzle, explain_nonogram(puzzle), certificate=other)
