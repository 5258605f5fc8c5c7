"""The colour Nonogram player's data: palette, clues, solution and the steps of explain_colour,
checked before they reach a page; a stalled explanation kept as it is, with the reason it
stops; bad input refused with the step and the cell."""

import json
import re
from dataclasses import replace

import pytest
from stubs import Step, whole_grid

from helper import palette as inks
from helper.explain.colour import explain_colour
from helper.nonogram import Nonogram
from helper.nonogram.colour import ColourNonogram, count_solutions
from helper.nonogram.colour.generate import generate_colour_puzzle
from helper.play import colour_data, colour_player

CORNER = ColourNonogram.from_grid([[1, 1, 0], [1, 2, 2]], [("red", "f00"), ("blue", "00f")])


def replayed(data: dict) -> list[list[int]]:
    grid = [[-1] * len(data["cols"]) for _ in data["rows"]]
    for step in data["steps"]:
        for r, c, v in step["cells"]:
            assert grid[r][c] == -1, f"({r}, {c}) decided twice"
            grid[r][c] = v
    return grid


def test_a_generated_puzzle_gives_its_palette_clues_solution_and_steps() -> None:
    puzzle = generate_colour_puzzle(10, 10, 3, "smooth", seed=4)
    explanation = explain_colour(puzzle)
    assert explanation.complete  # the chapter's kind of puzzle: single lines solve it
    data = colour_data(puzzle, explanation)
    assert json.loads(json.dumps(data)) == data
    assert data["puzzle"] == "colour" and data["complete"] is True and "stalled" not in data
    colours = [puzzle.palette[i] for i in range(puzzle.colours + 1)]
    assert [c["name"] for c in data["palette"]] == ["white", "red", "blue", "green"]
    assert [c["rgb"] for c in data["palette"]] == ["#" + c.hex for c in colours]
    assert [c["ink"] for c in data["palette"]] == [inks.readable_ink(c.rgb) for c in colours]
    assert data["palette"][1]["ink"] == "#ffffff" and data["palette"][0]["ink"] == "#000000"
    for colour in colours:  # every clue number readable on its box (WCAG AA for text)
        ink = tuple(int(inks.readable_ink(colour.rgb)[i : i + 2], 16) for i in (1, 3, 5))
        assert inks.contrast_ratio(colour.rgb, ink) >= 4.5
    assert data["rows"] == [[list(block) for block in clue] for clue in puzzle.rows]
    assert data["cols"][0] == [list(block) for block in puzzle.cols[0]]
    assert data["solution"] == puzzle.goal == [list(row) for row in explanation.solution]
    assert replayed(data) == data["solution"]
    assert [s["reason"] for s in data["steps"]] == [s.reason for s in explanation]
    assert [s["kind"] for s in data["steps"]] == [s.kind for s in explanation]
    assert [s["lines"] for s in data["steps"]] == [[list(p) for p in s.lines] for s in explanation]
    assert data["title"] == puzzle.name == "smooth-3c-10x10-4"
    assert colour_data(puzzle, explanation, title="A flower")["title"] == "A flower"


def test_a_stalled_explanation_keeps_its_steps_and_says_where_they_stop() -> None:
    puzzle = generate_colour_puzzle(10, 10, 3, "rough", seed=261)
    explanation = explain_colour(puzzle)
    assert not explanation.complete and explanation.solution is None
    data = colour_data(puzzle, explanation)
    assert data["complete"] is False and len(data["steps"]) == len(explanation) == 63
    assert [s["kind"] for s in data["steps"][:5]] == ["two lines"] * 4 + ["overlap"]
    assert data["steps"][0]["lines"] == [["row", 0], ["column", 0]]
    grid = replayed(data)
    open_cells = sum(row.count(-1) for row in grid)
    assert open_cells == 8 and f"({open_cells} of 100 cells open)" in explanation.message
    assert data["stalled"].startswith("The steps stop here, after step 63: the explainer stalls")
    assert explanation.message in data["stalled"]
    assert "has one solution all the same" in data["stalled"]
    assert data["solution"] == puzzle.goal == count_solutions(puzzle).solutions[0]
    assert all(
        grid[r][c] == data["solution"][r][c] for r, row in enumerate(grid) for c in range(10)
        if grid[r][c] != -1
    )  # fmt: skip


def test_an_explanation_cut_short_is_read_through_complete_and_message() -> None:
    full = explain_colour(CORNER)
    cut = replace(full, steps=full.steps[:1], solution=None, complete=False, message="cut short")
    data = colour_data(CORNER, cut)
    assert len(data["steps"]) == 1 and data["solution"] == CORNER.goal
    assert "after step 1: cut short. The puzzle has one solution" in data["stalled"]
    with pytest.raises(ValueError, match="incomplete, but not why"):
        colour_data(CORNER, replace(cut, message=" "))


def test_a_stalled_explanation_of_a_puzzle_without_one_solution_is_refused() -> None:
    puzzle = generate_colour_puzzle(10, 10, 3, "smooth", seed=0)  # 4 cells that can swap
    explanation = explain_colour(puzzle)
    assert not explanation.complete and not count_solutions(puzzle).unique
    with pytest.raises(ValueError, match="has more than one solution, and its explanation stalls"):
        colour_data(puzzle, explanation)


def test_a_black_and_white_puzzle_is_the_one_colour_case() -> None:
    puzzle = Nonogram.from_grid([[1, 0], [1, 1]])
    data = colour_data(puzzle, explain_colour(puzzle))
    assert [c["name"] for c in data["palette"]] == ["white", "black"]
    assert data["rows"] == [[[1, 1]], [[2, 1]]] and data["solution"] == [[1, 0], [1, 1]]


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([Step({(0, 0): 3})], "step 1, row 0, column 0: value 3 is not one of [0, 1, 2]"),
        ([Step({(0, 0): 1}), Step({(0, 0): 2})], "step 2, row 0, column 0: the step says 2"),
        ([Step({(2, 0): 1})], "step 1: cell (2, 0) is outside the 2 × 3 grid"),
        ([Step({(0, 0): 1})], "leave 5 cells undecided, the first at row 0, column 1"),
        ([Step({(0, 0): 1}, lines=(("sign", (0, 0), (0, 1)),))], "unknown premise ('sign'"),
        (whole_grid([[1, 1, 0], [1, 1, 2]]), "the steps end at a grid that breaks a clue"),
    ],
)
def test_bad_steps_are_refused_with_the_step_and_cell(steps, message) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        colour_data(CORNER, steps)


def test_a_stalled_step_that_the_one_solution_contradicts_is_refused() -> None:
    full = explain_colour(CORNER)
    wrong = replace(full.steps[0], cells={(0, 0): 2})  # the solution has red there
    cut = replace(full, steps=(wrong,), solution=None, complete=False, message="cut short")
    with pytest.raises(ValueError, match=r"step 1, row 0, column 0: the step says 2, but the one"):
        colour_data(CORNER, cut)


def test_what_is_not_a_nonogram_is_refused() -> None:
    with pytest.raises(TypeError, match="expected a ColourNonogram, got list"):
        colour_data([[1]], [])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a ColourNonogram"):
        colour_player("corner", [])  # type: ignore[arg-type]


def test_the_player_carries_its_data_and_its_start() -> None:
    player = colour_player(CORNER, explain_colour(CORNER), title="A corner", start="steps")
    assert player.data["start"] == "steps" and player.data["puzzle"] == "colour"
    assert 'data-lp-kind="colour"' in player.html
    assert "A corner, 2 × 3, 2 colours" in player.summary
    (text,) = re.findall(r'class="lp-data">(.*?)</script>', player.html, flags=re.S)
    assert json.loads(text) == player.data
    with pytest.raises(ValueError, match="start must be one of 'play', 'steps'"):
        colour_player(CORNER, explain_colour(CORNER), start="solve")
