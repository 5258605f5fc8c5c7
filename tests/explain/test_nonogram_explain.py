"""Nonogram explanations: every step sound and minimal by an independent check, the replay
reaches the solution, the kinds are honest, multi-line steps are the cheapest when proven."""

import itertools
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from step_checks import UNKNOWN, fitting, line_cells, nonogram_can_differ, nonogram_forced_by
from strategies import solutions

from helper.errors import NoSolutionError, NotUniqueError, SolverError
from helper.explain import Explanation, Step
from helper.explain.nonogram import STOPPED, CaseSplit, case_split, explain, step_at
from helper.explain.rectangles import best_rectangle, pair_relations
from helper.nonogram import Nonogram, load_puzzle
from helper.nonogram.line.reference import propagate
from helper.nonogram.make import repair_picture

STALLED = Nonogram([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])
"""Line logic decides nothing on it (the chapter "Line logic and probing" shows it)."""


def check(puzzle: Nonogram, explanation: Explanation) -> None:
    from step_checks import check_explanation

    assert puzzle.check(check_explanation(puzzle, explanation, nonogram_can_differ, UNKNOWN))


def forced(clue, cells):
    """The open cells on which every placement that fits agrees (listed placements)."""
    fits = list(fitting(clue, cells))
    return {x: fits[0][x] for x in range(len(cells))
            if cells[x] == UNKNOWN and all(f[x] == fits[0][x] for f in fits)}  # fmt: skip


def leftmost_rightmost_overlap(clue, cells):
    """The overlap rule from the listed placements that fit: their block starts compared."""
    fits = list(fitting(clue, cells))

    def where(line):  # ("block", j) or ("gap", j) for every cell
        out, j, inside = [], 0, False
        for v in line:
            if v and not inside:
                inside = True
            if not v and inside:
                inside, j = False, j + 1
            out.append(("block", j) if v else ("gap", j))
        return out

    def starts(line):
        return [x for x, v in enumerate(line) if v and (x == 0 or not line[x - 1])]

    left, right = min(fits, key=starts), max(fits, key=starts)
    a, b = where(left), where(right)
    return {x: 1 if a[x][0] == "block" else 0 for x in range(len(cells))
            if cells[x] == UNKNOWN and a[x] == b[x]}  # fmt: skip


def line_of(state, premise, puzzle):
    return [state[r][c] for r, c in line_cells(premise, puzzle.height, puzzle.width)]


def check_kinds(puzzle: Nonogram, explanation: Explanation) -> None:
    """An "overlap" step decides exactly what the overlap rule decides (brute force); a "line
    solver" step what its line forces, which the overlap rule does not; "several lines" needs
    several."""
    state = [list(row) for row in explanation.start]
    clues = {("row", r): c for r, c in enumerate(puzzle.rows)}
    clues |= {("column", c): clue for c, clue in enumerate(puzzle.cols)}
    for step in explanation:
        if step.kind in ("overlap", "line solver"):
            (premise,) = step.lines
            cells = line_of(state, premise, puzzle)
            places = line_cells(premise, puzzle.height, puzzle.width)
            decided = {places[x]: v for x, v in forced(clues[premise], cells).items()}
            by_overlap = leftmost_rightmost_overlap(clues[premise], cells)
            by_overlap = {places[x]: v for x, v in by_overlap.items()}
            if step.kind == "overlap":
                assert dict(step.cells) == by_overlap
            else:
                assert dict(step.cells) == decided and by_overlap == {}
        else:
            assert step.kind == "several lines" and len(step.lines) >= 3
            assert {p[0] for p in step.lines} == {"row", "column"}
        assert step.cost == len(step.lines)
        for (r, c), v in step.cells.items():
            state[r][c] = v


def test_book_10x10_and_20x20():
    for name in ("nonogram01", "nonogram02"):
        puzzle = load_puzzle(name)
        found = explain(puzzle)
        check(puzzle, found)
        check_kinds(puzzle, found)
        assert found.single_line + found.multi_line == len(found)
    assert found.multi_line > 0 and found.greedy == 0  # the sailboat needs lines together


def test_a_stalled_puzzle_starts_with_a_cheapest_multi_line_step():
    found = explain(STALLED)
    check(STALLED, found)
    first = found[0]
    assert first.kind == "several lines" and first.optimal
    # no set of fewer lines forces any cell (brute force over every smaller set)
    lines = [("row", r) for r in range(4)] + [("column", c) for c in range(4)]
    empty = [[UNKNOWN] * 4 for _ in range(4)]
    for size in range(1, len(first.lines)):
        for subset in itertools.combinations(lines, size):
            assert not nonogram_forced_by(STALLED, empty, subset)
    assert nonogram_forced_by(STALLED, empty, first.lines) >= set(first.cells)


def random_unique(seed: int, side: int = 5) -> Nonogram:
    rng = random.Random(seed)
    height, width = rng.randint(2, side), rng.randint(2, side)
    grid = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
    picture, _ = repair_picture(grid)
    return Nonogram.from_grid(picture)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_random_puzzles(seed):
    puzzle = random_unique(seed)
    found = explain(puzzle)
    check(puzzle, found)
    check_kinds(puzzle, found)


def stalled_puzzles(count: int, **options) -> list[tuple[Nonogram, Explanation]]:
    """Seeded 5 x 5 puzzles on which line logic stalls: multi-line steps to check."""
    found = []
    for seed in itertools.count():
        puzzle = random_unique(seed * 7919, side=5)
        steps = explain(puzzle, **options)
        if steps.multi_line:
            found.append((puzzle, steps))
        if len(found) == count:
            return found
    raise AssertionError


def test_multi_line_steps_on_generated_puzzles_are_cheapest():
    for puzzle, found in stalled_puzzles(3):
        check(puzzle, found)
        state = [list(row) for row in found.start]
        lines = [("row", r) for r in range(puzzle.height)]
        lines += [("column", c) for c in range(puzzle.width)]
        for step in found:
            if step.kind == "several lines":
                assert step.optimal
                for subset in itertools.combinations(lines, len(step.lines) - 1):
                    assert not nonogram_forced_by(puzzle, state, subset)
            for (r, c), v in step.cells.items():
                state[r][c] = v


def test_greedy_steps_when_the_budget_runs_out():
    found = explain(STALLED, budget=1, rectangles=False)
    check(STALLED, found)  # still sound and minimal
    assert found.greedy >= 1 and not found[0].optimal


def test_not_unique_and_no_solution():
    two = Nonogram([[1], [1]], [[1], [1]])
    assert len(solutions(two)) == 2
    with pytest.raises(NotUniqueError, match="more than one solution"):
        explain(two)
    with pytest.raises(NoSolutionError):
        explain(Nonogram([[2], []], [[], [2]]))
    assert issubclass(NotUniqueError, SolverError)
    with pytest.raises(TypeError):
        explain([[1]])  # type: ignore[arg-type]


def test_a_time_limit_keeps_what_was_found_and_says_it_is_incomplete():
    cut = explain(load_puzzle("nonogram02"), time_limit=1e-4)
    assert not cut.complete and "no answer within" in cut.message
    assert cut.steps == () and cut.solution is None  # not even the solution was proved
    full = explain(load_puzzle("nonogram02"))
    assert full.complete and full.message == "" and full.solution is not None


def test_until_several_lines_stops_after_the_first_such_step_of_the_whole_explanation():
    sailboat = load_puzzle("nonogram02")
    for rectangles in (True, False):
        full = explain(sailboat, rectangles=rectangles)
        first = next(k for k, step in enumerate(full) if step.kind == "several lines")
        cut = explain(sailboat, rectangles=rectangles, until_several_lines=True)
        assert cut.steps == full.steps[: first + 1]  # the same steps, the same counts
        assert [s.sat_calls for s in cut] == [s.sat_calls for s in full[: first + 1]]
        assert not cut.complete and cut.message == STOPPED and cut.solution == full.solution
        assert cut.sat_calls < full.sat_calls
    whole, cut = explain(STALLED), explain(STALLED, until_several_lines=True)
    assert cut.steps == whole.steps[:1]  # its first step is of several lines
    assert cut.complete is (len(whole) == 1)  # complete only when that step ends it


def test_the_explanation_is_a_sequence_of_steps():
    found = explain(load_puzzle("nonogram01"))
    assert isinstance(found[0], Step) and list(found)[-1] == found[len(found) - 1]
    assert found[1:3] == found.steps[1:3]
    assert sum(found.kinds().values()) == len(found)
    assert str(found[0]).endswith(f"({found[0].kind})")
    first = found[0]
    assert first.reason.startswith(f"{first.lines[0][0]} {first.lines[0][1]} (")


def rectangle_premises(puzzle: Nonogram):
    for rows in itertools.combinations(range(puzzle.height), 2):
        for cols in itertools.combinations(range(puzzle.width), 2):
            yield rows, cols, (*(("row", r) for r in rows), *(("column", c) for c in cols))


def stall_states(puzzle: Nonogram, found: Explanation):
    """Every state of the explanation at which line logic is at its fixpoint."""
    state = [list(row) for row in found.start]
    for step in found:
        if step.kind == "several lines":
            yield [list(row) for row in state]
        for (r, c), v in step.cells.items():
            state[r][c] = v


def test_pair_relations_against_listed_placements():
    rng = random.Random(5)
    for _ in range(200):
        n = rng.randint(2, 7)
        line = [int(rng.random() < 0.5) for _ in range(n)]
        clue = [len(run) for run in "".join(map(str, line)).split("0") if run]
        cells = [v if rng.random() < 0.3 else UNKNOWN for v in line]
        relation = pair_relations(clue, cells)
        fits = list(fitting(clue, cells))
        for a, b in itertools.combinations(range(n), 2):
            if UNKNOWN in (cells[a], cells[b]):
                expected = sum(1 << (2 * u + v) for u in (0, 1) for v in (0, 1)
                               if any(f[a] == u and f[b] == v for f in fits))  # fmt: skip
                if cells[a] != UNKNOWN or cells[b] != UNKNOWN:
                    expected = 15
                assert relation[a, b] == expected, (clue, cells, a, b)


def test_the_best_rectangle_decides_what_its_four_lines_force():
    """At every stall of some generated puzzles: the rectangle's cells are exactly what its
    four lines force (listed placements), no rectangle forces more, and none is returned only
    when no rectangle forces anything."""
    seen = {"found": 0, "none": 0}
    for puzzle, found in stalled_puzzles(4, rectangles=False):
        for state in stall_states(puzzle, found):
            assert propagate(puzzle.rows, puzzle.cols, state) == state  # a fixpoint
            best = best_rectangle(puzzle, state)
            sizes = [len(nonogram_forced_by(puzzle, state, lines))
                     for _, _, lines in rectangle_premises(puzzle)]  # fmt: skip
            if best is None:
                seen["none"] += 1
                assert max(sizes) == 0
                continue
            seen["found"] += 1
            lines = (*(("row", r) for r in best.rows), *(("column", c) for c in best.columns))
            assert set(best.cells) == nonogram_forced_by(puzzle, state, lines)
            assert len(best.cells) == max(sizes) > 0
            solution = found.solution
            assert all(solution[r][c] == v for (r, c), v in best.cells.items())
    assert seen["found"] > 0


def test_rectangles_first_keep_the_first_multi_line_step_as_cheap():
    """The control: without the rectangles the search finds a step of the same cost."""
    for puzzle, found in stalled_puzzles(3):
        control = explain(puzzle, rectangles=False)
        first = next(s for s in found if s.kind == "several lines")
        first_control = next(s for s in control if s.kind == "several lines")
        assert first.cost == first_control.cost and first.optimal and first_control.optimal
        assert first.hitting_sets == 0 < first_control.hitting_sets or first.cost > 4


def test_deletion_for_every_cell_keeps_the_smallest_minimal_set():
    """The literature's baseline: sound and minimal steps, none larger than deletion for the
    first open cell at the same grid, never proven cheapest, and no hitting set."""
    every = explain(STALLED, budget=0, rectangles=False, every_cell=True)
    first = explain(STALLED, budget=0, rectangles=False)
    check(STALLED, every)
    assert every.hitting_sets == 0 and not any(
        step.optimal for step in every if step.kind == "several lines"
    )
    assert len(every[0].lines) <= len(first[0].lines)  # the same grid: the start
    cheapest = explain(STALLED, rectangles=False)
    assert len(cheapest[0].lines) <= len(every[0].lines)  # the proven cheapest is never beaten
    assert every.sat_calls > first.sat_calls  # a deletion per open cell
    ignored = explain(STALLED, rectangles=False, every_cell=True)  # with a budget: the search
    assert ignored.hitting_sets > 0 and ignored[0].optimal


def test_without_the_lower_bounds_the_search_finds_steps_as_cheap_with_more_hitting_sets():
    sailboat = load_puzzle("nonogram02")
    with_bounds = explain(sailboat, rectangles=False)
    without = explain(sailboat, rectangles=False, lower_bounds=False)
    check(sailboat, without)
    k = next(i for i, step in enumerate(with_bounds) if len(step.lines) > 1)
    assert next(i for i, step in enumerate(without) if len(step.lines) > 1) == k  # same grid
    assert without[k].optimal and without[k].cost == with_bounds[k].cost
    assert without[k].hitting_sets > with_bounds[k].hitting_sets


LINES_REASON = re.compile(
    r"^try \((\d+), (\d+)\) (black|white): line logic on .+ then leaves (row|column) (\d+) "
    r"\(([\d ]+)\) no placement, so \(\1, \2\) is (black|white)"
)


def test_a_lines_step_names_the_value_it_tried_and_the_line_that_broke():
    """A multi-line step is a case split: its reason names the value tried in its cell and the
    line that line logic, on the step's lines alone, then leaves with no placement; checked
    here by a loop of its own over listed placements."""
    named = 0
    for puzzle, found in [*stalled_puzzles(3), (STALLED, explain(STALLED))]:
        state = [list(row) for row in found.start]
        for step in found:
            if step.kind == "several lines":
                match = LINES_REASON.match(step.reason)
                if match is None:  # line logic on the lines does not show it: said so
                    assert (
                        "then stalls; split on" in step.reason
                        or "line logic alone does not" in step.reason
                    ), step.reason
                else:
                    named += 1
                    r, c, tried, axis, index, clue, value = match.groups()
                    cell, index = (int(r), int(c)), int(index)
                    assert tried != value and step.cells[cell] == (value == "black")
                    assert (axis, index) in step.lines
                    clues = {("row", i): list(x) for i, x in enumerate(puzzle.rows)}
                    clues |= {("column", j): list(x) for j, x in enumerate(puzzle.cols)}
                    assert clue.split() == [str(x) for x in clues[(axis, index)]] or (
                        clue == "0" and not clues[(axis, index)]
                    )
                    grid = [list(row) for row in state]
                    grid[cell[0]][cell[1]] = int(tried == "black")
                    others = [line for line in step.lines if line != (axis, index)]
                    assert _propagate(puzzle, grid, others, clues)  # no other line breaks
                    cells = line_cells((axis, index), puzzle.height, puzzle.width)
                    assert not list(fitting(clues[(axis, index)], [grid[r][c] for r, c in cells]))
            for (r, c), v in step.cells.items():
                state[r][c] = v
    assert named > 0


def _sailboat_start():
    """The sailboat, its clues by line, and its empty grid."""
    sailboat = load_puzzle("nonogram02")
    clues = {("row", i): list(x) for i, x in enumerate(sailboat.rows)}
    clues |= {("column", j): list(x) for j, x in enumerate(sailboat.cols)}
    return sailboat, clues, [[-1] * sailboat.width for _ in range(sailboat.height)]


FOLLOW = re.compile(r"; with it, line logic on the same lines makes ([^;]+)")
CELL_VALUE = re.compile(r"\((\d+), (\d+)\) (black|white)")


def test_the_other_cells_of_a_step_follow_by_line_logic_on_its_lines():
    """The cells a several-lines step decides besides its first: those its reason says line
    logic on the same lines makes, once the first has its value, do follow (the test's own
    line logic); every cell of the step is named in its reason."""
    sailboat, clues, state = _sailboat_start()
    followed = 0
    for step in explain(sailboat):
        if step.kind == "several lines":
            first = next(iter(CELL_VALUE.finditer(step.reason)))
            cell = (int(first[1]), int(first[2]))
            grid = [list(row) for row in state]
            grid[cell[0]][cell[1]] = step.cells[cell]
            assert _propagate(sailboat, grid, list(step.lines), clues)
            match = FOLLOW.search(step.reason)
            named = [] if match is None else list(CELL_VALUE.finditer(match[1]))
            for found in named:
                r, c = int(found[1]), int(found[2])
                assert grid[r][c] == step.cells[(r, c)] == (found[3] == "black")
                followed += 1
            assert all(f"{other}" in step.reason for other in step.cells)
        for (r, c), v in step.cells.items():
            state[r][c] = v
    assert followed > 0


SPLIT_REASON = re.compile(r"^try \((\d+), (\d+)\) (black|white): line logic on .+ then stalls")


def test_a_step_that_line_logic_does_not_show_names_its_case_splits():
    """Where line logic on a step's lines stalls after the value tried (one step of the
    sailboat), the reason names nested case splits; every case is checked here to fail under
    line logic of the test's own, and each split to stall first."""
    sailboat, clues, state = _sailboat_start()
    checked = 0
    for step in explain(sailboat):
        match = SPLIT_REASON.match(step.reason)
        if match is not None:
            r, c, tried = match.groups()
            cell = (int(r), int(c))
            assert step.cells[cell] == (tried == "white")
            used = list(step.lines)
            tree = case_split(used, [clues[x] for x in used], state, cell, int(tried == "black"))
            assert isinstance(tree, CaseSplit)
            assert f"split on {tree.cell} white: [" in step.reason
            grid = [list(row) for row in state]
            grid[cell[0]][cell[1]] = int(tried == "black")
            _check_cases(sailboat, grid, tree, used, clues)
            checked += 1
        for (r, c), v in step.cells.items():
            state[r][c] = v
    assert checked == 1


def _check_cases(puzzle, grid, tree, used, clues) -> None:
    """Every leaf of ``tree`` fails under line logic on ``used``; every split stalls first."""
    if not isinstance(tree, CaseSplit):
        line, clue = tree
        assert line in used and list(clue) == clues[line]
        assert not _propagate(puzzle, [list(row) for row in grid], used, clues)
        return
    stalled = [list(row) for row in grid]
    assert _propagate(puzzle, stalled, used, clues)
    assert stalled[tree.cell[0]][tree.cell[1]] == -1
    for value, case in ((0, tree.white), (1, tree.black)):
        tried = [list(row) for row in stalled]
        tried[tree.cell[0]][tree.cell[1]] = value
        _check_cases(puzzle, tried, case, used, clues)


def _propagate(puzzle, grid, lines, clues) -> bool:
    """Line logic by listed placements on ``lines`` alone, in place; False if one breaks."""
    changed = True
    while changed:
        changed = False
        for line in lines:
            cells = line_cells(line, puzzle.height, puzzle.width)
            known = [grid[r][c] for r, c in cells]
            if not list(fitting(clues[line], known)):
                return False
            for x, v in forced(clues[line], known).items():
                grid[cells[x][0]][cells[x][1]] = v
                changed = True
    return True


def test_step_at_takes_the_step_the_explainer_takes_and_refuses_a_grid_line_logic_decides():
    found = explain(STALLED)
    start = [list(row) for row in found.start]
    step = step_at(STALLED, start, found.solution)
    assert step.cells == found[0].cells and step.lines == found[0].lines
    deletion = step_at(STALLED, start, found.solution, budget=0, rectangles=False)
    assert not deletion.optimal and deletion.hitting_sets == 0
    empty = [[-1] * 4 for _ in range(4)]
    with pytest.raises(ValueError, match="line logic decides a cell"):
        step_at(Nonogram([[4], [], [], []], [[1], [1], [1], [1]]), empty, [[1] * 4] + [[0] * 4] * 3)
