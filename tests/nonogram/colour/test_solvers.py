"""Every registered colour solver and counter against brute force, black and white as the
one-colour case, honest counts (a time-out is never unique), and the models' sizes."""

import pytest
from colour_cases import PALETTES, brute_solutions, puzzle_of, small_pictures
from hypothesis import given, settings

from helper.backends.pysat import SatSolver
from helper.nonogram import Nonogram
from helper.nonogram import count_solutions as count_bw
from helper.nonogram.colour import (
    COUNTERS,
    REGISTRY,
    SOLVERS,
    ColourNonogram,
    count_solutions,
    solve,
)
from helper.nonogram.colour.generate import generate_colour_puzzle
from helper.nonogram.colour.solvers import line_logic_then_colour_cnf
from helper.nonogram.models.colour_automaton import build_colour_automaton_model
from helper.nonogram.models.colour_cnf import build_colour_cnf
from helper.nonogram.solvers.portfolio import PortfolioConfig

NAMES = ["cpsat-automaton", "cpsat-automaton-default", "sat-automaton", "portfolio"]

NO_SOLUTION = ColourNonogram(
    [[(1, "red"), (1, "blue")], [(1, "blue"), (1, "red")]],
    [[(1, "red"), (1, "blue")], [(1, "red"), (1, "blue")]],
    PALETTES[2],
)


def test_the_registry_lists_the_solvers_and_counters() -> None:
    assert list(SOLVERS) == NAMES
    assert list(COUNTERS) == ["cpsat-automaton", "sat-automaton"]
    with pytest.raises(ValueError, match="unknown colour Nonogram solver 'nope'"):
        solve(NO_SOLUTION, solver="nope")
    with pytest.raises(ValueError, match="'portfolio' can solve but not count"):
        REGISTRY.lookup("portfolio", "count")


@settings(max_examples=25, deadline=None)
@given(small_pictures(max_cells=8))
def test_every_solver_and_counter_agrees_with_brute_force(case) -> None:
    grid, k = case
    puzzle = puzzle_of(grid, k)
    every = brute_solutions(puzzle)
    assert grid in every
    for name in NAMES:
        result = SOLVERS[name](puzzle)
        assert result.status == "solved" and result.grid in every, name
    for name in COUNTERS:
        count = COUNTERS[name](puzzle, None)
        assert count.exact and sorted(count.solutions) == every, name
        two = COUNTERS[name](puzzle, 2)
        assert two.unique == (len(every) == 1) and two.count == min(2, len(every))


@pytest.mark.parametrize("name", NAMES)
def test_a_puzzle_without_solution_says_so(name) -> None:
    assert brute_solutions(NO_SOLUTION) == []
    result = SOLVERS[name](NO_SOLUTION)
    assert result.status == "no solution" and result.grid is None
    assert result.message == "no solution: no picture satisfies every clue"


@pytest.mark.parametrize("name", ["cpsat-automaton", "sat-automaton"])
def test_a_count_without_solution_is_complete_and_zero(name) -> None:
    count = COUNTERS[name](NO_SOLUTION)
    assert count.status == "no solution" and count.exact and count.count == 0 and not count.unique


def test_the_cnf_and_the_automaton_model_have_the_brute_force_solutions() -> None:
    """Across the encodings, with and without line logic first: the same set of pictures."""
    puzzle = ColourNonogram.from_grid([[1, 2, 0], [2, 1, 0], [0, 0, 1]], PALETTES[2])
    every = brute_solutions(puzzle)
    assert len(every) > 1
    for cnf in (build_colour_cnf(puzzle.rows, puzzle.cols, 2), line_logic_then_colour_cnf(puzzle)):
        assert cnf is not None and cnf.clauses is not None
        with SatSolver("glucose3", cnf.clauses) as solver:
            found = [cnf.decode(model) for model in solver.models(cnf.block, None)]
        assert sorted(found) == every
    assert sorted(count_solutions(puzzle, None).solutions) == every
    assert sorted(count_solutions(puzzle, None, solver="sat-automaton").solutions) == every


def test_the_models_grow_with_the_colours() -> None:
    """One Boolean per cell and colour: the CNF of k colours has (k + 1) cell variables per cell."""
    puzzle = generate_colour_puzzle(6, 7, 3, "random", seed=5)
    cnf = build_colour_cnf(puzzle.rows, puzzle.cols, puzzle.colours)
    assert cnf.cell(5, 6, puzzle.colours) == puzzle.cells * (puzzle.colours + 1)
    assert cnf.variables > puzzle.cells * (puzzle.colours + 1)
    model, _ = build_colour_automaton_model(puzzle.rows, puzzle.cols, puzzle.colours)
    proto = model.proto
    assert len(proto.variables) == puzzle.cells
    assert sum(c.has_automaton() for c in proto.constraints) == puzzle.height + puzzle.width


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_colour_agrees_with_black_and_white(seed) -> None:
    bw_picture = generate_colour_puzzle(5, 5, 1, "random", seed=seed)
    colour = bw_picture
    bw = colour.to_nonogram()
    want = count_bw(bw, None)
    for name in COUNTERS:
        got = COUNTERS[name](colour, None)
        assert sorted(got.solutions) == sorted(want.solutions) and got.exact
    for name in NAMES:
        result = SOLVERS[name](colour)
        assert result.solved and bw.check(result.grid)
    # a Nonogram is accepted as it is
    assert solve(bw).solved and count_solutions(bw, None).count == want.count


def test_the_portfolio_answers_by_line_logic_or_sat_and_says_which() -> None:
    smooth = generate_colour_puzzle(20, 20, 3, "smooth", seed=2)
    result = solve(smooth)
    assert result.solved and smooth.check(result.grid)
    random = generate_colour_puzzle(12, 12, 2, "random", seed=3)
    result = solve(random, config=PortfolioConfig(race=False))
    assert result.solved and random.check(result.grid)
    assert result.method in ("portfolio: line logic", "portfolio: SAT (Glucose 3)")
    raced = solve(random, config=PortfolioConfig(race=True, second_after=0, hard_second_after=0))
    assert raced.solved and random.check(raced.grid)


def test_one_colour_goes_to_the_black_and_white_portfolio() -> None:
    puzzle = ColourNonogram.from_nonogram(Nonogram.from_grid([[1, 0, 1], [1, 1, 0], [0, 1, 1]]))
    result = solve(puzzle)
    assert result.solved and result.method.startswith("portfolio")


def test_a_count_that_runs_out_of_time_is_never_unique() -> None:
    puzzle = generate_colour_puzzle(30, 30, 3, "random", seed=11)
    for name in COUNTERS:
        count = COUNTERS[name](puzzle, None, time_limit=0.01)
        assert not count.complete and count.status == "timeout" and not count.unique
        assert all(puzzle.check(grid) for grid in count.solutions)


def test_a_solve_that_runs_out_of_time_says_timeout() -> None:
    puzzle = generate_colour_puzzle(40, 40, 2, "random", seed=12)
    result = solve(puzzle, solver="cpsat-automaton", time_limit=0.001)
    assert result.status == "timeout" and result.grid is None


def test_every_solver_refuses_a_grid_that_breaks_the_clues() -> None:
    from helper.nonogram.colour.solvers import COLOUR
    from helper.registry import Registry

    mine = Registry(COLOUR)

    @mine.register("wrong")
    def wrong(puzzle, run):
        return [[0] * puzzle.width for _ in range(puzzle.height)]

    with pytest.raises(RuntimeError, match="returned a grid that breaks the clues"):
        mine.solvers["wrong"](NO_SOLUTION)


@pytest.mark.parametrize("style", ["smooth", "rough", "random"])
@pytest.mark.parametrize("colours", [2, 5])
def test_generated_puzzles_are_solved_and_checked(style, colours) -> None:
    puzzle = generate_colour_puzzle(15, 20, colours, style, seed=7)
    for name in ("portfolio", "cpsat-automaton", "sat-automaton"):
        result = SOLVERS[name](puzzle)
        assert result.solved and puzzle.check(result.grid)


def test_the_colour_portfolio_searches_large_open_grids_with_glucose_4_first() -> None:
    from dataclasses import replace

    from helper.nonogram.colour.solvers import COLOUR_PORTFOLIO

    assert SOLVERS["portfolio"].config == COLOUR_PORTFOLIO
    racing = replace(COLOUR_PORTFOLIO, race=True)
    large = racing.plan(4000, 4800, 500_000)  # a random 60 x 80 in two colours
    assert (large.primary, large.second) == ("glucose4", "glucose3")
    small = racing.plan(10, 4800, 500_000)  # line logic decided most: as black and white
    assert small == replace(PortfolioConfig(), race=True).plan(10, 4800, 500_000)
