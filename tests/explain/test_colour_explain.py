"""Colour Nonogram explanations: every step forced by its one line (all placements listed by
brute force), its kind honest, the line chosen by the black-and-white explainer's rule, the
replay reaching the solution, the reasons in the palette's words, the stall and the
contradiction said plainly."""

import pytest
from colour_cases import PALETTES, brute_solutions, puzzle_of, small_pictures
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from step_checks import UNKNOWN, colour_fitting, line_cells

from helper.errors import NoSolutionError, SolverError
from helper.explain import Explanation, replay
from helper.explain.colour import STALLED, TWO_LINES, block_name, explain_colour
from helper.explain.nonogram import explain
from helper.nonogram import Nonogram, load_puzzle
from helper.nonogram.colour import ColourNonogram, Palette
from helper.nonogram.colour.generate import generate_colour_puzzle
from helper.nonogram.colour.line import colour_line_logic
from helper.nonogram.colour.palette import Colour
from helper.nonogram.colour.puzzle import block_text

RED_BLUE = Palette([("red", "f00"), ("blue", "00f")])
SMALL = ColourNonogram.from_grid([[0, 0, 2, 0, 1], [1, 2, 0, 0, 0], [0, 0, 2, 0, 2]], RED_BLUE)
"""Eight steps, one of them a line solver step (hand-checked below)."""


def clues_of(puzzle) -> dict:
    clues = {("row", r): clue for r, clue in enumerate(puzzle.rows)}
    return clues | {("column", c): clue for c, clue in enumerate(puzzle.cols)}


def forced(fits, known) -> dict[int, int]:
    """The open cells on which every listed placement agrees."""
    first = fits[0][1]
    return {x: first[x] for x in range(len(known))
            if known[x] == UNKNOWN and all(line[x] == first[x] for _, line in fits)}  # fmt: skip


def by_overlap(clue, fits, known) -> dict[int, int]:
    """The open cells every placement of one block covers, or no block reaches, from the
    first and last start of each block over the listed placements."""
    first = [min(s[j] for s, _ in fits) for j in range(len(clue))]
    last = [max(s[j] for s, _ in fits) for j in range(len(clue))]
    decided = {}
    for x in range(len(known)):
        if known[x] != UNKNOWN:
            continue
        for j, (n, colour) in enumerate(clue):
            if last[j] <= x < first[j] + n:
                decided[x] = colour
        if not any(first[j] <= x < last[j] + n for j, (n, _) in enumerate(clue)):
            decided[x] = 0
    return decided


def both_rules(puzzle, state) -> dict:
    """For every open line: what the overlap rule and what all its placements decide."""
    found = {}
    for premise, clue in clues_of(puzzle).items():
        places = line_cells(premise, puzzle.height, puzzle.width)
        known = [state[r][c] for r, c in places]
        if UNKNOWN in known:
            fits = colour_fitting(clue, known)
            assert fits, f"{premise} has no placement, yet the explainer raised nothing"
            found[premise] = (by_overlap(clue, fits, known), forced(fits, known))
    return found


def crossings(puzzle, state) -> dict:
    """For every open cell: the colours that the fitting placements of its row give it, and
    those of its column (every placement listed)."""
    found = {}
    for r in range(puzzle.height):
        row = colour_fitting(puzzle.rows[r], state[r])
        for c in range(puzzle.width):
            if state[r][c] == UNKNOWN:
                column = colour_fitting(puzzle.cols[c], [line[c] for line in state])
                found[r, c] = ({line[c] for _, line in row}, {line[r] for _, line in column})
    return found


def names(colours, puzzle) -> str:
    """``red or white``, the background last, as the reasons write a set of colours."""
    words = [puzzle.colour_palette.names[k] for k in sorted(colours, key=lambda k: (k == 0, k))]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def check_two_lines(puzzle, state, step, number) -> None:
    """A two lines step: no single line decides a cell; its one cell's row and column allow
    it only the colour it gets (every placement of each listed); the reason names both sets;
    it is the first such cell, by row then column."""
    assert not any(every for _, every in both_rules(puzzle, state).values()), number
    ((r, c), colour), *more = step.cells.items()
    assert not more and step.lines == (("row", r), ("column", c)) and step.cost == 2
    sets = crossings(puzzle, state)
    row, column = sets[r, c]
    assert row & column == {colour}, f"step {number} is not forced"
    assert step.reason == (
        f"{puzzle.row_text(r)} allows only {names(row, puzzle)} at column {c}, and "
        f"{puzzle.column_text(c)} only {names(column, puzzle)} at row {r}: the cell is "
        f"{puzzle.colour_palette.names[colour]}"
    )
    first = min(cell for cell, (a, b) in sets.items() if len(a & b) == 1)
    assert first == (r, c), f"step {number}: another cell"


def check(puzzle: ColourNonogram, steps: Explanation) -> list[list[int]]:
    """Each step: one line; open cells of it only; forced by every placement of that line
    that fits the cells known (sound); an "overlap" step decides exactly what the first and
    last starts of its blocks decide, a "line solver" step what its placements force, when
    no line has an overlap step; and its line decides the most cells of any line, by that
    rule. A "two lines" step only where no line decides a cell (:func:`check_two_lines`).
    After the last step of an incomplete explanation no line forces a cell, nor any row and
    column together. Returns the grid the steps reach."""
    state = [list(row) for row in steps.start]
    order = list(clues_of(puzzle))
    for number, step in enumerate(steps):
        assert step.optimal and step.sat_calls == 0
        if step.kind == TWO_LINES:
            check_two_lines(puzzle, state, step, number)
            for (r, c), colour in step.cells.items():
                state[r][c] = colour
            continue
        rules = both_rules(puzzle, state)
        (premise,) = step.lines
        places = line_cells(premise, puzzle.height, puzzle.width)
        assert set(step.cells) <= set(places), f"step {number} leaves its line"
        cells = {places.index(cell): colour for cell, colour in step.cells.items()}
        overlap, every = rules[premise]
        assert cells and cells.items() <= every.items(), f"step {number} is not forced"
        if step.kind == "overlap":
            assert cells == overlap
            counts = [len(rules[p][0]) if p in rules else 0 for p in order]
        else:
            assert step.kind == "line solver"
            assert cells == every and not any(o for o, _ in rules.values())
            counts = [len(rules[p][1]) if p in rules else 0 for p in order]
        assert order.index(premise) == counts.index(max(counts)), f"step {number}: another line"
        assert step.cost == 1
        for (r, c), colour in step.cells.items():
            state[r][c] = colour
    assert replay(steps.start, steps, UNKNOWN) == state
    if not steps.complete:
        assert all(not every for _, every in both_rules(puzzle, state).values())
        assert all(len(a & b) > 1 for a, b in crossings(puzzle, state).values())
    return state


def agrees(state, grid) -> bool:
    return all(
        v in (UNKNOWN, g)
        for row, goal in zip(state, grid, strict=True)
        for v, g in zip(row, goal, strict=True)
    )


def test_a_small_puzzle_step_by_step() -> None:
    steps = explain_colour(SMALL)
    assert check(SMALL, steps) == SMALL.goal and steps.solution == tuple(map(tuple, SMALL.goal))
    assert steps.complete and steps.message == ""
    assert steps.kinds() == {"overlap": 7, "line solver": 1}
    assert steps[0].reason == (
        "column 2 (1 blue, 1 blue): row 0 is blue: every placement of the first 1 blue block "
        "covers it; row 2 is blue: every placement of the second 1 blue block covers it; "
        "row 1 is white: no block reaches it in any placement"
    )
    assert steps[2].reason == (
        "row 0 (1 blue, 1 red): column 4 is red: every placement of the 1 red block that fits "
        "the known cells covers it; columns 0 and 1 are white: no block reaches them in any "
        "placement that fits the known cells"
    )
    assert steps[3].kind == "line solver" and dict(steps[3].cells) == {(2, 1): 0}
    assert steps[3].reason == (
        "row 2 (1 blue, 1 blue): line logic on the known cells leaves one colour for each of "
        "these cells (every placement that fits agrees on it): column 1 white"
    )


def seeded(style: str, size: int, seeds) -> list[ColourNonogram]:
    return [generate_colour_puzzle(size, size, 3, style, seed) for seed in seeds]


@pytest.mark.parametrize(
    ("style", "size", "seeds"),
    [("smooth", 10, [1, 3, 4, 6, 7, 8]), ("smooth", 20, range(3)), ("rough", 8, [4, 5, 6])],
)
def test_seeded_puzzles_that_single_lines_solve_replay_to_their_solution(
    style, size, seeds
) -> None:
    for puzzle in seeded(style, size, seeds):
        steps = explain_colour(puzzle)
        assert steps.complete, puzzle.name
        assert replay(steps.start, steps, UNKNOWN) == puzzle.goal
        assert steps.solution == tuple(map(tuple, puzzle.goal))
        if size <= 10:
            check(puzzle, steps)


@pytest.mark.parametrize(("style", "seeds"), [("smooth", range(10)), ("random", range(6))])
def test_where_the_steps_stall_the_explanation_says_so(style, seeds) -> None:
    """Every step sound, the stall real (no line forces a cell), nothing claimed beyond."""
    stalled = 0
    for puzzle in seeded(style, 8, seeds):
        steps = explain_colour(puzzle)
        state = check(puzzle, steps)
        assert agrees(state, puzzle.goal)
        if not steps.complete:
            stalled += 1
            assert steps.solution is None and steps.message.startswith("the explainer stalls")
            assert f"of {puzzle.cells} cells open" in steps.message
    assert stalled > 0


def test_a_cell_its_row_and_its_column_decide_together() -> None:
    """Cell (0, 1): its row allows red or white, its column blue or white, so it is white;
    no single line decides any cell, so that is the first step, then single lines resume."""
    puzzle = ColourNonogram.from_grid([[1, 0], [0, 2]], RED_BLUE)
    steps = explain_colour(puzzle)
    assert check(puzzle, steps) == puzzle.goal and steps.complete
    assert [step.kind for step in steps] == [TWO_LINES, "overlap", "overlap", "overlap"]
    assert str(steps[0]) == (
        "row 0 (1 red) allows only red or white at column 1, and column 1 (1 blue) only blue "
        "or white at row 0: the cell is white (two lines)"
    )
    assert steps[0].lines == (("row", 0), ("column", 1)) and steps[0].cost == 2


def test_where_colour_line_logic_goes_on_the_explainer_can_still_stall() -> None:
    """Line logic passes each open cell's colours left from one line to the next; the steps
    know only the cells decided, one colour each."""
    puzzle = ColourNonogram.from_grid([[1, 0, 1, 0], [0, 1, 2, 1], [2, 2, 0, 1]], RED_BLUE)
    assert colour_line_logic(puzzle.rows, puzzle.cols, 2).solved()
    steps = explain_colour(puzzle)
    assert len(steps) == 2 and not steps.complete and steps.solution is None
    assert steps.message == STALLED.format(open=10, cells=12)
    check(puzzle, steps)


RED_BLUE_GREEN = Palette([("red", "f00"), ("blue", "00f"), ("green", "0f0")])


def test_a_crossing_can_leave_a_clue_colour() -> None:
    """Known cells can pin a line's blocks so that an open cell is never the background: row
    0 allows (0, 2) red or green only; its column, green or white."""
    grid = [[1, 1, 3, 1, 0, 0, 0], [0, 0, 1, 1, 0, 0, 1], [0, 3, 0, 2, 2, 1, 2],
            [1, 0, 2, 2, 0, 2, 2]]  # fmt: skip
    puzzle = ColourNonogram.from_grid(grid, RED_BLUE_GREEN)
    steps = explain_colour(puzzle)
    assert check(puzzle, steps) == grid and steps.complete
    two = [step for step in steps if step.kind == TWO_LINES]
    assert [dict(step.cells) for step in two] == [
        {(0, 4): 0},
        {(0, 2): 3},
        {(1, 4): 0},
        {(2, 0): 0},
    ]
    assert two[1].reason == (
        "row 0 (2 red, 1 green, 1 red) allows only red or green at column 2, and column 2 "
        "(1 green, 1 red, 1 blue) only green or white at row 0: the cell is green"
    )


def test_a_crossing_that_leaves_no_colour_names_both_lines() -> None:
    """With (0, 3) red, row 0 (2 red, 1 blue, 1 red) is R R B R . . or . . R R B R: cell
    (0, 2) red or blue; column 2 (1 green) allows green or white there. (The state is made by
    hand: no explanation of a puzzle was found to reach such a crossing.)"""
    from helper.explain.colour import _two_line_step

    puzzle = ColourNonogram(
        [[(2, "red"), (1, "blue"), (1, "red")], [(1, "green")]],
        [[(1, "red")], [(1, "red")], [(1, "green")], [(1, "red")], [(1, "blue")], []],
        RED_BLUE_GREEN,
    )
    state = [[UNKNOWN, UNKNOWN, UNKNOWN, 1, UNKNOWN, UNKNOWN], [UNKNOWN] * 6]
    row, column = crossings(puzzle, state)[0, 2]
    assert (row, column) == ({1, 2}, {3, 0})
    with pytest.raises(NoSolutionError) as raised:
        _two_line_step(puzzle, state)
    assert str(raised.value) == (
        "no solution: row 0 (2 red, 1 blue, 1 red) allows only red or blue at column 2, and "
        "column 2 (1 green) only green or white at row 0: no colour is left for the cell"
    )


def test_the_reasons_name_colours_by_the_palette() -> None:
    palette = Palette(
        [Colour("crimson", (220, 20, 60)), Colour("navy", (0, 0, 128))],
        Colour("cream", (255, 253, 208)),
    )
    puzzle = ColourNonogram.from_grid(SMALL.goal, palette)
    steps = explain_colour(puzzle)
    assert [dict(s.cells) for s in steps] == [dict(s.cells) for s in explain_colour(SMALL)]
    for step in steps:
        ((kind, index),) = step.lines
        text = puzzle.row_text(index) if kind == "row" else puzzle.column_text(index)
        assert step.reason.startswith(text + " ") or step.reason.startswith(text + ":")
        for colour in set(step.cells.values()):
            assert palette.names[colour] in step.reason
        for word in ("red", "blue", "white", "black", "colour 1", "colour 2"):
            assert word not in step.reason
    assert "column 3 (empty) has no block: every cell is cream" in [s.reason for s in steps]


def test_a_block_that_repeats_is_named_by_its_place() -> None:
    clue = [(3, 1), (2, 2), (3, 1)]
    assert block_name(clue, 1, RED_BLUE) == "the 2 blue block"
    assert [block_name(clue, j, RED_BLUE) for j in (0, 2)] == [
        "the first 3 red block",
        "the second 3 red block",
    ]
    assert block_text(clue[0], RED_BLUE) == "3 red"


def black_and_white_prefix(puzzle: Nonogram) -> list:
    """The black-and-white explainer's steps up to its first step of several lines."""
    prefix = []
    for step in explain(puzzle):
        if step.kind == "several lines":
            break
        prefix.append((dict(step.cells), step.lines, step.kind))
    return prefix


@pytest.mark.parametrize(
    "puzzle",
    [
        load_puzzle("nonogram01"),
        Nonogram.from_grid([[1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 0, 1], [1, 1, 1, 0]]),
    ],
)
def test_black_and_white_as_one_colour_gives_the_same_steps(puzzle) -> None:
    ours = explain_colour(ColourNonogram.from_nonogram(puzzle))
    assert ours.complete
    assert [(dict(s.cells), s.lines, s.kind) for s in ours] == black_and_white_prefix(puzzle)
    assert ours.solution == explain(puzzle).solution
    assert explain_colour(puzzle) == ours  # a Nonogram is taken as the one-colour case


def test_where_single_lines_stall_a_black_and_white_puzzle_the_steps_are_the_same() -> None:
    puzzle = load_puzzle("nonogram02")  # the sailboat: its explanation needs several lines
    ours = explain_colour(puzzle)
    prefix = black_and_white_prefix(puzzle)
    assert not ours.complete and len(prefix) > 10
    assert [(dict(s.cells), s.lines, s.kind) for s in ours] == prefix


def test_a_contradiction_names_the_line_left_without_placement() -> None:
    """Row 0 is red then blue, so column 0 starts red, but its clue starts blue."""
    crossed = ColourNonogram(
        [[(1, "red"), (1, "blue")], [(1, "blue"), (1, "red")]],
        [[(1, "blue"), (1, "red")], [(1, "red"), (1, "blue")]],
        RED_BLUE,
    )
    with pytest.raises(NoSolutionError, match=r"^no solution: column 0 \(1 blue, 1 red\) has no"):
        explain_colour(crossed)


def test_a_line_its_crossing_lines_fill_wrongly_is_named() -> None:
    """The column decides both cells at once; row 0 (1 red) then holds a blue cell."""
    crossed = ColourNonogram([[(1, "red")], [(1, "blue")]], [[(1, "blue"), (1, "red")]], RED_BLUE)
    with pytest.raises(NoSolutionError, match=r"^no solution: row 0 \(1 red\) has no placement"):
        explain_colour(crossed)


def test_a_time_limit_keeps_the_steps_found() -> None:
    steps = explain_colour(generate_colour_puzzle(20, 20, 3, "smooth", 0), time_limit=1e-9)
    assert not steps.complete and steps.solution is None
    assert "explain: no answer within" in steps.message


def test_only_a_nonogram_is_explained() -> None:
    with pytest.raises(TypeError, match="expected a ColourNonogram, got list"):
        explain_colour([[1]])  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_pictures(max_cells=9))
def test_random_small_pictures(case) -> None:
    grid, k = case
    puzzle = puzzle_of(grid, k)
    steps = explain_colour(puzzle)
    state = check(puzzle, steps)
    assert agrees(state, grid)  # the goal is a solution: forced steps agree with it
    if steps.complete:
        assert puzzle.check(state)
        if puzzle.cells <= 6:
            assert brute_solutions(puzzle) == [state]  # complete: it was the only one


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_random_black_and_white_pictures_give_the_same_steps(seed) -> None:
    import random

    rng = random.Random(seed)
    height, width = rng.randint(1, 5), rng.randint(1, 5)
    grid = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
    puzzle = ColourNonogram.from_grid(grid, PALETTES[1])
    ours = [(dict(s.cells), s.lines, s.kind) for s in explain_colour(puzzle)]
    try:
        theirs = black_and_white_prefix(puzzle.to_nonogram())
    except SolverError:  # not unique: the black-and-white explainer refuses it
        return
    assert ours == theirs
