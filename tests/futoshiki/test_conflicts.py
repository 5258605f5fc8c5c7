"""Which Futoshiki clues conflict: a wrong given is always named, and the set is minimal."""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helper.futoshiki import Futoshiki, SolverTimeoutError, count_solutions
from helper.futoshiki.conflicts import FutoshikiClue, clues_to_retype, conflicting_clues
from helper.futoshiki.generate import all_signs, latin_square


def count_solutions_sat(grid, constraints, limit=2):
    """The SAT count (the one-hot CNF), complete: a count cut short fails the test."""
    count = count_solutions(Futoshiki(grid, constraints), limit, solver="sat-onehot")
    assert count.complete
    return count.count


def clues_can_hold(size, clues) -> bool:
    """Independent check (PySAT on the CNF of helper.futoshiki.cnf)."""
    grid = [[0] * size for _ in range(size)]
    signs = []
    for clue in clues:
        if clue.kind == "given":
            (r, c) = clue.cells[0]
            grid[r][c] = clue.value
        else:
            signs.append(clue.cells)
    try:
        return count_solutions_sat(grid, signs, limit=1) == 1
    except ValueError:  # two givens clash in a row or a column: the validator refuses it
        return False


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(3, 6),
    seed=st.integers(0, 10**6),
    givens=st.floats(0.1, 0.5),
    signs=st.floats(0.0, 0.5),
)
def test_a_wrong_given_is_always_named(size, seed, givens, signs):
    rng = random.Random(seed)
    answer = latin_square(size, rng)
    grid = [[v if rng.random() < givens else 0 for v in row] for row in answer]
    constraints = [sign for sign in all_signs(answer) if rng.random() < signs]
    empty = [(r, c) for r in range(size) for c in range(size) if not grid[r][c]]
    assume(empty)
    r, c = rng.choice(empty)
    row_values = {v for v in grid[r] if v} | {grid[i][c] for i in range(size) if grid[i][c]}
    wrong = [v for v in range(1, size + 1) if v != answer[r][c] and v not in row_values]
    assume(wrong)
    grid[r][c] = rng.choice(wrong)
    assume(count_solutions_sat(grid, constraints, limit=1) == 0)
    found = conflicting_clues(grid, constraints)
    assert found.minimal
    # the answer obeys every other clue, so no set without the wrong given can conflict
    assert FutoshikiClue("given", ((r, c),), grid[r][c]) in found.clues
    assert not clues_can_hold(size, found.clues)
    for k in range(len(found)):
        assert clues_can_hold(size, found.clues[:k] + found.clues[k + 1 :])


def test_signs_alone_can_conflict():
    # a cycle a < b < d < c < a around a 2x2 block (in a 3x3 grid, 3 of them would already
    # clash: a chain of four cells needs four different numbers)
    constraints = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (0, 0))]
    found = conflicting_clues([[0] * 4 for _ in range(4)], constraints)
    assert [clue.kind for clue in found] == ["sign"] * 4
    assert str(found.clues[0]) == "sign (0, 0) < (0, 1)"


def test_a_solvable_puzzle_has_no_conflict():
    with pytest.raises(ValueError, match="has a solution"):
        conflicting_clues([[0, 0], [0, 0]], [])


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="not square"):
        conflicting_clues([[1, 2]], [])


def test_no_time_left_is_a_timeout():
    with pytest.raises(SolverTimeoutError, match="conflicting_clues"):
        conflicting_clues([[1, 0], [0, 0]], [((0, 1), (0, 0))], time_limit=1e-9)


def test_a_futoshiki_value_or_its_parts():
    grid, constraints = [[1, 0], [0, 0]], [((0, 1), (0, 0))]
    assert conflicting_clues(Futoshiki(grid, constraints)) == conflicting_clues(grid, constraints)
    with pytest.raises(TypeError, match="not both"):
        conflicting_clues(Futoshiki(grid, constraints), constraints)
    with pytest.raises(TypeError, match="expected a Futoshiki"):
        conflicting_clues(grid)


def _with_fits(size, clues, fix):
    """The grid and signs of ``clues`` with the fix's clues replaced by its fits."""
    kept = [c for c in clues if c not in fix.typed] + list(fix.fits)
    grid = [[0] * size for _ in range(size)]
    signs = []
    for clue in kept:
        if clue.kind == "given":
            (r, c) = clue.cells[0]
            grid[r][c] = clue.value
        else:
            signs.append(clue.cells)
    return grid, signs


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(3, 5), seed=st.integers(0, 10**6))
def test_a_wrong_given_is_one_of_the_clues_to_retype(size, seed):
    """The answer fits every other clue, so the wrong given alone is a set to retype; every
    fix named gives a solution with its fits, and says rightly whether it is the only one."""
    from helper.futoshiki.conflicts import clues_to_retype, puzzle_clues

    rng = random.Random(seed)
    answer = latin_square(size, rng)
    grid = [[v if rng.random() < 0.4 else 0 for v in row] for row in answer]
    constraints = [sign for sign in all_signs(answer) if rng.random() < 0.3]
    givens = [(r, c) for r in range(size) for c in range(size) if grid[r][c]]
    assume(givens)
    r, c = rng.choice(givens)
    taken = {v for v in grid[r] if v} | {grid[i][c] for i in range(size) if grid[i][c]}
    wrong = [v for v in range(1, size + 1) if v not in taken]
    assume(wrong)
    grid[r][c] = rng.choice(wrong)
    assume(count_solutions_sat(grid, constraints, limit=1) == 0)
    found = clues_to_retype(grid, constraints, limit=100)
    assert found.complete and all(len(fix.typed) == 1 for fix in found.fixes)
    assert (FutoshikiClue("given", ((r, c),), grid[r][c]),) in [fix.typed for fix in found.fixes]
    clues = puzzle_clues(grid, constraints)
    for fix in found.fixes:
        count = count_solutions_sat(*_with_fits(size, clues, fix), limit=2)
        assert count >= 1 and fix.unique == (count == 1)
    keys = [(not fix.unique, fix.apart) for fix in found.fixes]
    assert keys == sorted(keys)
    assert found.conflict == conflicting_clues(grid, constraints)


def test_a_count_cut_short_after_one_solution_proves_no_fix_unique(monkeypatch):
    """The time-out of issue 38: a count stopped by its deadline after one solution of an
    empty 4 x 4 grid (576 solutions) called the fix unique. Cut short, it proves nothing."""
    from helper.backends import cpsat
    from helper.futoshiki import conflicts

    def first_only(model, cells, run, limit):
        grids, _ = cpsat.enumerate_grids(model, cells, run, 1)
        return grids, False  # as if the deadline passed after the first

    monkeypatch.setattr(conflicts, "enumerate_grids", first_only)
    from helper.deadline import Deadline

    assert conflicts._uniqueness(4, [], Deadline()) == (1, None)
    broken = Futoshiki([[2, 1, 0, 0], [0] * 4, [0] * 4, [0] * 4], [((0, 0), (0, 1))])
    found = clues_to_retype(broken, time_limit=30)
    assert found.fixes and all(fix.unique is None for fix in found.fixes if fix.fits)
    monkeypatch.undo()
    found = clues_to_retype(broken, time_limit=30)  # counted to the end: not unique, proved
    assert all(fix.unique is False for fix in found.fixes if fix.fits)


def test_a_unique_fit_beyond_a_nearer_one_is_not_called_nearest():
    """(2, 1) = 1 is wrong; 3 fits with several solutions, 4 with one: 4 is offered (one
    solution, as a published puzzle has), and it is not the nearest value that fits."""
    puzzle = Futoshiki([[0, 0, 0, 0], [3, 0, 0, 4], [0, 1, 0, 2], [0, 2, 0, 0]], [])
    (fix,) = [fix for fix in clues_to_retype(puzzle).fixes if fix.typed[0].cells == ((2, 1),)]
    assert (fix.fits[0].value, fix.apart, fix.unique, fix.nearest) == (4, 3, True, False)
    nearer = Futoshiki([[0, 0, 0, 0], [3, 0, 0, 4], [0, 3, 0, 2], [0, 2, 0, 0]], [])
    assert count_solutions(nearer, limit=2).count == 2
