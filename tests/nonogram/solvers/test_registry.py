"""Every registered Nonogram solver, on random pictures, exhaustively on 3x3, and on bad input.

New solvers are picked up automatically from ``helper.nonogram.SOLVERS``.
"""

import itertools

import pytest
import strategies
from hypothesis import HealthCheck, given, settings

from helper.nonogram import SOLVERS, Nonogram, NoSolutionError, SolverTimeoutError
from helper.nonogram.solvers.registry import run_model

NAMES = sorted(SOLVERS)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picture=strategies.pictures())
def test_picture_to_clues_to_solution(name, picture):
    """The answer need not be the picture (puzzles may have several), but must fit the clues."""
    puzzle = Nonogram.from_grid(picture)
    result = SOLVERS[name](puzzle, time_limit=30)
    assert result.status == "solved", result.message
    assert Nonogram.from_grid(result.grid) == puzzle
    assert result.solver == name
    assert result.seconds >= 0


@pytest.mark.parametrize("name", NAMES)
def test_every_clue_pair_of_3x3_pictures(name):
    """Exhaustive on 3x3: every clue pair that some picture has is solved."""
    seen = set()
    for bits in itertools.product((0, 1), repeat=9):
        puzzle = Nonogram.from_grid([bits[0:3], bits[3:6], bits[6:9]])
        if puzzle in seen:
            continue
        seen.add(puzzle)
        assert puzzle.check(SOLVERS[name](puzzle, time_limit=30).grid)
    assert len(seen) == 445  # 512 pictures, 445 distinct puzzles


@pytest.mark.parametrize("name", NAMES)
def test_zero_clue_and_empty_lines(name):
    result = SOLVERS[name](Nonogram([[0], [2]], [[1], [1], []]))
    assert result.grid == [[0, 0, 0], [1, 1, 0]]


UNSOLVABLE = [
    # Totals agree, but the filled row must be the top one for the rows and the right-hand
    # column for the columns: no 2x2 picture has both.
    ([[2], []], [[], [2]]),
    ([[3], [0], [3]], [[2], [2], [2]]),  # every column would need a gap
    ([[3], [], [1]], [[1], [1], [2]]),  # column 2's block of two would cross the empty row
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("rows", "cols"), UNSOLVABLE)
def test_no_solution_is_reported_as_such(name, rows, cols):
    result = SOLVERS[name](Nonogram(rows, cols), time_limit=30)
    assert (result.status, result.grid) == ("no solution", None)
    assert result.message.startswith("no solution")
    with pytest.raises(NoSolutionError, match=r"^no solution"):
        result.picture()


def test_the_unsolvable_puzzles_have_no_picture_at_all():
    """Brute force: no 0/1 grid of the right shape has these clues."""
    for rows, cols in UNSOLVABLE:
        puzzle = Nonogram(rows, cols)
        grids = itertools.product((0, 1), repeat=puzzle.cells)
        assert not any(
            puzzle.check(
                [bits[r * puzzle.width : (r + 1) * puzzle.width] for r in range(puzzle.height)]
            )
            for bits in grids
        )


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("wrong", [([[1]], [[1]]), {"rows": [[1]], "cols": [[1]]}, None])
def test_a_solver_wants_a_nonogram(name, wrong):
    with pytest.raises(TypeError, match="expected a Nonogram"):
        SOLVERS[name](wrong)


def test_a_time_out_is_a_status_not_a_wrong_answer():
    """A model that runs out of time gives 'timeout' and no grid, and picture() says so."""

    def too_slow(puzzle, run):
        run.deadline.check("too_slow")  # the deadline has passed by now
        raise AssertionError("the deadline should have passed")

    def wait_then_give_up(puzzle, run):
        while not run.deadline.passed():
            pass
        return too_slow(puzzle, run)

    result = run_model(wait_then_give_up, "slow", Nonogram([[1]], [[1]]), 0.05)
    assert (result.status, result.grid, result.solver) == ("timeout", None, "slow")
    with pytest.raises(SolverTimeoutError, match=r"too_slow: no answer within 0\.05 s"):
        result.picture()


def test_a_grid_that_breaks_a_clue_is_never_returned():
    with pytest.raises(RuntimeError, match="'broken' returned a grid that breaks the clues"):
        run_model(lambda puzzle, run: [[0]], "broken", Nonogram([[1]], [[1]]), None)


def test_one_registry_says_what_each_name_can_do():
    from helper.nonogram import COUNTERS, REGISTRY
    from helper.nonogram.solvers import BOOK_ORDER
    from helper.nonogram.solvers.registry import names

    assert list(REGISTRY) == list(SOLVERS) == list(BOOK_ORDER)
    assert names("solve") == list(SOLVERS) and names("count") == list(COUNTERS)
    for name, entry in REGISTRY.items():
        assert entry.can("solve") == (name in SOLVERS) and entry.can("count") == (name in COUNTERS)
    assert {name for name, e in REGISTRY.items() if e.can("count")} == {
        "sat-automaton", "cpsat-automaton",
    }  # fmt: skip
    with pytest.raises(ValueError, match="capability"):
        names("draw")


def test_settings_are_frozen_dataclasses_passed_per_call():
    from dataclasses import FrozenInstanceError, replace

    configured = {name: solver.config for name, solver in SOLVERS.items() if solver.config}
    assert set(configured) == {
        "cpsat-automaton-default", "line-cpsat", "bitline-hybrid", "sat-automaton", "portfolio",
        "portfolio-full-cnf", "bitline-probing", "incremental-probing",
    }  # fmt: skip
    # one solver function, two registrations: only the settings differ
    assert SOLVERS["portfolio"].__wrapped__ is SOLVERS["portfolio-full-cnf"].__wrapped__
    assert SOLVERS["bitline-probing"].__wrapped__ is SOLVERS["incremental-probing"].__wrapped__
    hybrid = SOLVERS["bitline-hybrid"]
    with pytest.raises(FrozenInstanceError):
        hybrid.config.search_nodes = 0
    from helper.bench import load_set

    (puzzle,) = load_set(pattern="picture-sailboat-20x20")  # line logic leaves a few cells
    no_search = hybrid(puzzle, config=replace(hybrid.config, search_nodes=0))
    assert no_search.solved and no_search.stats["handovers"] == 1
    assert hybrid.config.search_nodes == 200  # the default is untouched
    assert "handovers" not in hybrid(puzzle).stats
