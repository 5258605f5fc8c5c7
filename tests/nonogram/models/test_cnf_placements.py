"""The PySAT encodings: all solutions against brute force, blocking clauses, sizes, time limit.

Solving random pictures and rejecting bad input is covered for every registered solver in
``test_nonogram_solvers.py``; this file tests what is special to the CNF models.
"""

import itertools
import random
from collections import defaultdict

import pytest
from pysat.examples.genhard import PHP
from pysat.formula import IDPool
from pysat.solvers import Solver

from helper.backends.pysat import DEFAULT_BACKEND
from helper.nonogram import (
    SOLVERS,
    Deadline,
    ModelTooLargeError,
    Nonogram,
    Run,
    SolverTimeoutError,
    check_nonogram,
    clues_from_grid,
)
from helper.nonogram.models.cnf_compact import compact_cnf, line_compact_clauses
from helper.nonogram.models.cnf_placements import NonogramCnf, line_placement_clauses, placement_cnf
from helper.nonogram.placements import count_placements
from helper.nonogram.solvers.pysat import all_solutions, solve_cnf

ENCODINGS = [pytest.param(False, id="placements"), pytest.param(True, id="compact")]

Picture = tuple[tuple[int, ...], ...]
Key = tuple[Picture, Picture]  # row clues and column clues, as tuples so they can be keys


def as_key(grid) -> Picture:
    return tuple(tuple(row) for row in grid)


def pictures_by_clues(height: int, width: int) -> dict[Key, list[Picture]]:
    """Brute force: every picture of the given size, grouped by its clues."""
    groups = defaultdict(list)
    for bits in itertools.product((0, 1), repeat=height * width):
        grid = tuple(bits[r * width : (r + 1) * width] for r in range(height))
        rows, cols = clues_from_grid(grid)
        groups[as_key(rows), as_key(cols)].append(grid)
    return groups


def clues(key: Key) -> tuple[list[list[int]], list[list[int]]]:
    return [list(c) for c in key[0]], [list(c) for c in key[1]]


@pytest.fixture(scope="module")
def all_4x4():
    return pictures_by_clues(4, 4)


@pytest.mark.parametrize("compact", ENCODINGS)
@pytest.mark.parametrize(("height", "width"), [(1, 4), (2, 3), (3, 3), (3, 2)])
def test_all_solutions_of_every_small_puzzle(height, width, compact):
    """Exhaustive: for every clue pair of a small size, exactly the brute-force pictures."""
    for key, expected in pictures_by_clues(height, width).items():
        rows, cols = clues(key)
        found = all_solutions(Nonogram(rows, cols), compact=compact)
        assert sorted(map(as_key, found)) == sorted(expected)


@pytest.mark.parametrize("compact", ENCODINGS)
def test_all_solutions_of_sampled_4x4_puzzles(all_4x4, compact):
    keys = sorted(all_4x4)
    several = [k for k in keys if len(all_4x4[k]) > 1]
    sample = random.Random(3).sample(keys, 40) + random.Random(4).sample(several, 40)
    for key in sample:
        rows, cols = clues(key)
        found = all_solutions(Nonogram(rows, cols), compact=compact)
        assert sorted(map(as_key, found)) == sorted(all_4x4[key])


def test_the_4x4_puzzle_with_most_solutions(all_4x4):
    key = max(all_4x4, key=lambda k: len(all_4x4[k]))
    rows, cols = clues(key)
    found = all_solutions(Nonogram(rows, cols))
    assert len(found) == len(all_4x4[key]) > 2
    assert len({as_key(g) for g in found}) == len(found)  # blocking clauses: no repeats
    assert all(check_nonogram(rows, cols, g) for g in found)


@pytest.mark.parametrize("compact", ENCODINGS)
def test_limit_and_fresh_solver_per_query(compact):
    # The 2x2 diagonal puzzle has two pictures.
    rows, cols = [[1], [1]], [[1], [1]]
    with pytest.raises(ValueError, match="limit must be a positive integer or None"):
        all_solutions(Nonogram(rows, cols), 0, compact=compact)
    first = all_solutions(Nonogram(rows, cols), 1, compact=compact)
    assert len(first) == 1
    both = all_solutions(Nonogram(rows, cols), compact=compact)
    assert sorted(both) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    # A second query starts again from scratch: the blocking clauses did not survive.
    assert all_solutions(Nonogram(rows, cols), compact=compact) == both


@pytest.mark.parametrize("compact", ENCODINGS)
def test_all_solutions_of_unsolvable_and_bad_puzzles(compact):
    assert all_solutions(Nonogram([[2], []], [[], [2]]), compact=compact) == []
    with pytest.raises(TypeError, match="expected a Nonogram"):
        all_solutions(([[1]], [[1]]), compact=compact)
    with pytest.raises(ValueError, match="limit"):
        all_solutions(Nonogram([[1]], [[1]]), -1, compact=compact)


def test_both_solvers_are_registered():
    assert {"pysat-cnf", "pysat-compact"} <= set(SOLVERS)


def test_one_selector_per_placement():
    """With one line and no exactly-one helpers (a single placement per column)."""
    rows, cols = [[2, 1]], [[1], [1], [], [1]]
    encoding = placement_cnf(rows, cols)
    # 4 cells, 1 row selector, 1 selector for each column (empty columns too).
    assert encoding.variables == 4 + count_placements([2, 1], 4) + 4


def test_selectors_follow_the_count_formula():
    pool = IDPool(start_from=13)
    cells = list(range(1, 13))
    clauses = line_placement_clauses([3, 2, 2], cells, pool)
    selectors = {-c[0] for c in clauses if len(c) == 2 and c[0] < 0 and c[1] in cells}
    assert len(selectors) == count_placements([3, 2, 2], 12) == 20


def test_sizes_of_a_puzzle():
    grid = [[1, 1, 0, 1, 0], [0, 1, 1, 1, 1], [1, 0, 1, 0, 1]]
    rows, cols = clues_from_grid(grid)
    for encoding in (placement_cnf(rows, cols), compact_cnf(rows, cols)):
        used = {abs(literal) for clause in encoding.cnf.clauses for literal in clause}
        assert used == set(range(1, encoding.variables + 1))  # no gap, no stray variable
        assert [v for row in encoding.cells for v in row] == list(range(1, 16))  # cells first
        assert check_nonogram(rows, cols, solve_cnf(encoding, Run(Deadline(), "test")))


def test_compact_size_grows_polynomially_while_placements_explode():
    """One line of n cells with n/4 single-cell blocks, n doubling each time."""
    sizes = []
    for n in (20, 40, 80, 160):
        clauses = line_compact_clauses([1] * (n // 4), range(1, n + 1), IDPool(start_from=n + 1))
        literals = sum(map(len, clauses))
        assert len(clauses) <= n * n
        assert literals <= n**3
        sizes.append((len(clauses), literals, count_placements([1] * (n // 4), n)))
    for (c1, l1, p1), (c2, l2, p2) in itertools.pairwise(sizes):
        assert c2 <= 8 * c1  # at most cubic growth when n doubles (it is about quadratic)
        assert l2 <= 8 * l1
        assert p2 >= p1 * p1  # while the placement count at least squares


def test_blocking_clause_rules_out_exactly_that_picture():
    rows, cols = [[1], [1]], [[1], [1]]
    encoding = placement_cnf(rows, cols)
    clause = encoding.blocking_clause([[1, 0], [0, 1]])
    assert sorted(clause) == sorted(
        [-encoding.cells[0][0], encoding.cells[0][1], encoding.cells[1][0], -encoding.cells[1][1]]
    )


def test_time_limit_raises_timeout():
    # The pigeonhole formula (11 pigeons, 10 holes) takes a CDCL solver far longer than this.
    hard = NonogramCnf(PHP(10), [])
    with pytest.raises(SolverTimeoutError, match=r"test: no answer within 0\.1 s"):
        solve_cnf(hard, Run(Deadline(0.1), "test"))


def test_time_limit_is_harmless_when_the_puzzle_is_quick():
    rows, cols = clues_from_grid([[1, 0, 1], [1, 1, 1]])
    for name in ("pysat-cnf", "pysat-compact"):
        assert SOLVERS[name](Nonogram(rows, cols), time_limit=10).grid == [[1, 0, 1], [1, 1, 1]]
    assert len(all_solutions(Nonogram(rows, cols), time_limit=10)) == 1


def test_too_many_placements_gives_up_quickly_and_compact_copes():
    # One row of 60 cells holding ten single cells: C(51, 10) placements, about 1.3e10.
    rows = [[1] * 10]
    cols = [[1] if j % 6 == 0 else [] for j in range(60)]
    puzzle = Nonogram(rows, cols)
    result = SOLVERS["pysat-cnf"](puzzle)
    assert result.status == "too large" and "selector variables" in result.message
    with pytest.raises(ModelTooLargeError, match="selector variables"):
        all_solutions(puzzle)
    expected = [[1 if j % 6 == 0 else 0 for j in range(60)]]
    assert SOLVERS["pysat-compact"](puzzle).grid == expected


def test_a_tiny_time_limit_times_out_rather_than_answering():
    picture = [[(r * 7 + c * 3) % 5 < 2 for c in range(15)] for r in range(15)]
    rows, cols = clues_from_grid([[int(x) for x in row] for row in picture])
    for name in ("pysat-cnf", "pysat-compact"):
        assert SOLVERS[name](Nonogram(rows, cols), time_limit=1e-9).status == "timeout"


@pytest.mark.parametrize("encoder", [placement_cnf, compact_cnf])
def test_every_variable_follows_from_the_cells(encoder):
    """Full models and pictures are one to one, as the chapter says (face puzzle, 6 pictures)."""
    face = [
        [0, 1, 1, 1, 1, 0],
        [1, 0, 0, 0, 0, 1],
        [1, 0, 1, 0, 0, 1],
        [1, 0, 0, 1, 0, 1],
        [1, 0, 0, 0, 0, 1],
        [0, 1, 1, 1, 1, 0],
    ]
    rows, cols = clues_from_grid(face)
    encoding = encoder(rows, cols)
    with Solver(name=DEFAULT_BACKEND, bootstrap_with=encoding.cnf.clauses) as solver:
        full_models = sum(1 for _ in solver.enum_models())
    assert full_models == len(all_solutions(Nonogram(rows, cols))) == 6
