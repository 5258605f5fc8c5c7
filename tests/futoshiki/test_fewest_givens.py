"""The fewest givens of a Futoshiki: the proven minimum against brute force on small squares."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import latin_squares

from helper.errors import SolverError
from helper.futoshiki import (
    Futoshiki,
    check_futoshiki,
    count_solutions,
    load_futoshiki,
    load_puzzle,
    solve_futoshiki,
)
from helper.futoshiki.fewest_givens import (
    UniquenessCheck,
    fewest_givens,
    greedy_hitting_set,
    hitting_set_model,
    implicit_hitting_sets,
    master_conflicts,
    shrink,
)
from helper.futoshiki.generate import all_signs, latin_square
from helper.ortools import make_solver

LATIN = {3: latin_squares(3), 4: latin_squares(4)}


def _brute_force_minimum(answer, signs):
    """The fewest cells of ``answer`` that no other Latin square obeying ``signs`` agrees on."""
    size = len(answer)
    empty = [[0] * size for _ in range(size)]
    cells = [(r, c) for r in range(size) for c in range(size)]
    others = [
        {(r, c) for r, c in cells if square[r][c] != answer[r][c]}
        for square in LATIN[size]
        if square != answer and check_futoshiki(empty, signs, square)
    ]
    for k in range(len(cells) + 1):
        for chosen in itertools.combinations(cells, k):
            if all(differing & set(chosen) for differing in others):
                return k
    raise AssertionError("every cell given is always unique")


@settings(max_examples=25, deadline=None)
@given(
    size=st.sampled_from([3, 4]),
    seed=st.integers(0, 10**6),
    keep=st.floats(0.0, 0.6),
)
def test_the_proven_minimum_is_the_brute_force_minimum(size, seed, keep):
    rng = random.Random(seed)
    answer = latin_square(size, rng)
    signs = [sign for sign in all_signs(answer) if rng.random() < keep]
    result = fewest_givens(answer, signs)
    assert result.proven and result.lower == result.upper
    assert result.upper == _brute_force_minimum(answer, signs)
    # and the puzzle it returns is unique, by an independent count
    assert count_solutions(Futoshiki(result.grid, signs)).unique


def test_a_4x4_latin_square_without_signs():
    answer = latin_square(4, random.Random(4))
    result = fewest_givens(answer, [])
    assert result.proven
    assert result.upper == _brute_force_minimum(answer, [])
    # each bound is a valid bound all along: lower never above the minimum, upper never below
    assert all(r.lower <= result.upper <= r.upper for r in result.rounds)
    assert [r.lower for r in result.rounds] == sorted(r.lower for r in result.rounds)


def test_removing_any_chosen_given_makes_the_puzzle_ambiguous():
    puzzle = load_puzzle("sample05")
    signs = list(puzzle.constraints)
    result = fewest_givens(puzzle)
    assert result.proven
    for cell in result.givens:
        fewer = [row[:] for row in result.grid]
        fewer[cell[0]][cell[1]] = 0
        assert count_solutions(Futoshiki(fewer, signs)).count == 2


def test_every_differing_set_is_one_that_some_other_solution_has():
    """Each set the master holds is exactly where some second solution differs."""
    puzzle = load_puzzle("sample05")
    signs = list(puzzle.constraints)
    result = fewest_givens(puzzle)
    answer = result.answer
    for differing in result.differing_sets:
        keep = [[0 if (r, c) in differing else v for c, v in enumerate(row)] for r, row in
                enumerate(answer)]  # fmt: skip
        assert count_solutions(Futoshiki(keep, signs)).count >= 2
        assert differing & set(result.givens)


def test_budget_gives_bounds_not_a_claim():
    answer = latin_square(6, random.Random(6))
    result = fewest_givens(answer, [], max_rounds=2)
    assert not result.proven
    assert len(result.rounds) == 2
    assert result.lower < result.upper
    assert count_solutions(
        Futoshiki(result.grid, [])
    ).unique  # the upper bound is a real unique puzzle


def test_time_limit_gives_bounds():
    answer = latin_square(7, random.Random(7))
    result = fewest_givens(answer, [], time_limit=0.5)
    assert not result.proven and result.lower <= result.upper
    assert count_solutions(Futoshiki(result.grid, [])).unique


def test_a_puzzle_with_two_solutions_is_refused():
    with pytest.raises(ValueError, match="more than one solution"):
        fewest_givens([[0, 0], [0, 0]], [])


def test_a_puzzle_with_no_solution_is_refused():
    with pytest.raises(ValueError, match="no solution"):
        fewest_givens([[1, 0], [0, 0]], [((0, 1), (0, 0))])


def test_malformed_input_is_refused():
    with pytest.raises(ValueError, match="not square"):
        fewest_givens([[1, 2]], [])


def test_shrink_gives_a_set_no_smaller_solution_fits_inside():
    answer = latin_square(5, random.Random(1))
    other = [row[1:] + row[:1] for row in answer]  # every cell differs
    cells = [(r, c) for r in range(5) for c in range(5)]
    check = UniquenessCheck(answer, [])
    try:
        differing = shrink(answer, other, check)
        assert 0 < len(differing) < len(cells)
        for cell in differing:  # keeping any one more cell leaves no other solution inside
            assert check([x for x in cells if x not in differing or x == cell]) is None
        assert check([x for x in cells if x not in differing]) is not None
    finally:
        check.close()


def test_greedy_hits_every_set():
    sets = [frozenset({(0, 0), (0, 1)}), frozenset({(0, 1), (1, 1)}), frozenset({(2, 2)})]
    chosen = greedy_hitting_set(sets)
    assert all(s & chosen for s in sets)
    assert chosen == {(0, 1), (2, 2)}


def test_the_master_model_finds_a_minimum_hitting_set():
    cells = [(0, c) for c in range(4)]
    sets = [frozenset({(0, 0), (0, 1)}), frozenset({(0, 2), (0, 3)}), frozenset({(0, 1), (0, 2)})]
    model, given_var = hitting_set_model(cells, sets)
    solver = make_solver()
    assert solver.status_name(solver.solve(model)) == "OPTIMAL"
    assert solver.objective_value == 2 == solver.best_objective_bound
    chosen = {cell for cell in cells if solver.value(given_var[cell])}
    assert chosen in ({(0, 1), (0, 2)}, {(0, 0), (0, 2)}, {(0, 1), (0, 3)})


def test_master_conflicts_solves_the_master_once_per_seed():
    cells = [(0, c) for c in range(4)]
    sets = [frozenset({(0, 0), (0, 1)}), frozenset({(0, 2), (0, 3)}), frozenset({(0, 1), (0, 2)})]
    runs = master_conflicts(cells, sets, 2, hint={(0, 1): True}, seeds=range(3))
    assert len(runs) == 3 and all(objective == 2 and n >= 0 for objective, n in runs)
    assert master_conflicts(cells, sets, seeds=[0]) == master_conflicts(cells, sets, seeds=[0])
    with pytest.raises(SolverError):  # a bound above the optimum leaves no solution
        master_conflicts(cells, sets, 5, seeds=[0])


@pytest.mark.parametrize(
    ("name", "size", "keep"),
    [("sample05", 0, 0.0), ("sample09", 0, 0.0), ("", 4, 0.0), ("", 5, 0.3), ("", 5, 0.6)],
)
def test_the_teaching_loop_takes_the_steps_fewest_givens_takes(name, size, keep):
    """The loop the book shows finds the same givens, through the same sets, as the loop
    with budgets, bounds per round and timings (both are deterministic)."""
    if name:
        grid, signs = load_futoshiki(name)
        answer = solve_futoshiki(grid, signs)
    else:
        rng = random.Random(f"teaching-{size}-{keep}")
        grid = answer = latin_square(size, rng)
        signs = [sign for sign in all_signs(answer) if rng.random() < keep]
    result = fewest_givens(grid, signs)
    check = UniquenessCheck(answer, signs)
    try:  # fewest_givens first checks the puzzle as given; the SAT solver keeps what it learns
        assert check([(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v]) is None
        givens, sets = implicit_hitting_sets(answer, check)
    finally:
        check.close()
    assert result.proven
    assert givens == set(result.givens)
    assert sets == list(result.differing_sets)
    assert check.calls == result.checks


def test_the_check_keeps_only_the_signs_it_is_given():
    answer = [[1, 2, 3], [2, 3, 1], [3, 1, 2]]
    signs = all_signs(answer)
    check = UniquenessCheck(answer, signs)
    try:
        assert check([], signs) is None  # every sign of a 3 x 3 square: unique
        other = check([], [])  # no sign and no given: any other Latin square
        assert other is not None and other != answer
        assert check([(0, 0)], signs[:1]) is not None
        with pytest.raises(ValueError, match="not one of the check's signs"):
            check([], [((0, 1), (0, 0))])  # the answer breaks this sign
    finally:
        check.close()


@pytest.mark.parametrize(("size", "smallest"), [(4, 4), (5, 6), (6, 9)])
def test_the_cyclic_square_has_the_smallest_critical_set_of_its_order(size, smallest):
    """The smallest critical sets of Latin squares of orders 4, 5 and 6 have 4, 6 and 9
    entries (Bean's census); the cyclic square of each order has one of that size."""
    cyclic = [[(r + c) % size + 1 for c in range(size)] for r in range(size)]
    result = fewest_givens(cyclic, [])
    assert result.proven and result.upper == smallest


def test_no_latin_square_of_order_4_has_fewer_than_4_givens():
    """Every Latin square of order 4 is a reduced one (first row and column 1, 2, 3, 4) with
    its rows, columns and numbers renamed, which keeps the fewest givens; the four reduced
    squares need 4 or more, so 4 is the smallest for order 4."""
    reduced = [
        s for s in LATIN[4] if s[0] == [1, 2, 3, 4] and [row[0] for row in s] == [1, 2, 3, 4]
    ]
    assert len(reduced) == 4
    assert min(fewest_givens(square, []).upper for square in reduced) == 4
