"""check_futoshiki, the answer check every Futoshiki solver is judged by: against a plain
re-statement of the rules on every small filling, and on each way an answer can be wrong."""

import itertools

import pytest

from helper.futoshiki import check_futoshiki


def obeys_the_rules(grid, constraints, solution) -> bool:
    """The rules, written as plainly as possible: the oracle for the brute-force test."""
    n = len(grid)
    if len(solution) != n or any(len(row) != n for row in solution):
        return False
    numbers = list(range(1, n + 1))
    rows_ok = all(sorted(row) == numbers for row in solution)
    columns_ok = all(sorted(column) == numbers for column in zip(*solution, strict=True))
    givens_ok = all(
        grid[r][c] in (0, solution[r][c]) for r, c in itertools.product(range(n), repeat=2)
    )
    signs_ok = all(solution[r1][c1] < solution[r2][c2] for (r1, c1), (r2, c2) in constraints)
    return rows_ok and columns_ok and givens_ok and signs_ok


def fillings(n: int, values):
    for cells in itertools.product(values, repeat=n * n):
        yield [list(cells[r * n : (r + 1) * n]) for r in range(n)]


PUZZLES = [
    ([[0, 0], [0, 0]], []),
    ([[0, 0], [0, 2]], []),
    ([[0, 0], [0, 0]], [((0, 0), (0, 1))]),
    ([[0, 0], [0, 0]], [((1, 1), (0, 1)), ((1, 0), (1, 1))]),
    ([[0, 0, 0], [0, 0, 0], [0, 0, 0]], []),
    ([[0, 0, 3], [0, 0, 0], [0, 1, 0]], []),
    ([[0, 0, 0], [0, 0, 0], [0, 0, 0]], [((0, 0), (0, 1)), ((2, 2), (1, 2)), ((1, 1), (2, 1))]),
    ([[2, 0, 0], [0, 0, 0], [0, 0, 0]], [((0, 0), (1, 0))]),
    # a constraint between cells that are not neighbours, even a cell and itself: the check
    # does not validate the puzzle, it compares numbers
    ([[0, 0, 0], [0, 0, 0], [0, 0, 0]], [((0, 0), (1, 1))]),
    ([[0, 0], [0, 0]], [((1, 1), (1, 1))]),
]


@pytest.mark.parametrize(("grid", "constraints"), PUZZLES)
def test_check_agrees_with_the_rules_on_every_small_filling(grid, constraints):
    n = len(grid)
    values = range(4) if n == 2 else range(1, 4)  # 0 and 3 are not allowed in a 2x2
    accepted = 0
    for solution in fillings(n, values):
        expected = obeys_the_rules(grid, constraints, solution)
        assert check_futoshiki(grid, constraints, solution) == expected, solution
        accepted += expected
    assert accepted <= (2 if n == 2 else 12)  # at most every Latin square of the size


def test_the_empty_3x3_has_its_twelve_latin_squares():
    empty = [[0] * 3 for _ in range(3)]
    accepted = [s for s in fillings(3, range(1, 4)) if check_futoshiki(empty, [], s)]
    assert len(accepted) == 12


def test_check_rejects_what_breaks_a_rule():
    grid = [[1, 0], [0, 0]]
    signs = [((0, 0), (0, 1))]
    assert check_futoshiki(grid, signs, [[1, 2], [2, 1]])
    assert not check_futoshiki(grid, signs, [[2, 1], [1, 2]])  # given changed, sign broken
    assert not check_futoshiki(grid, [((0, 1), (0, 0))], [[1, 2], [2, 1]])  # sign broken
    assert not check_futoshiki(grid, signs, [[1, 2], [1, 2]])  # column repeats
    assert not check_futoshiki([[0, 0], [0, 0]], [], [[1, 1], [2, 2]])  # rows repeat
    assert not check_futoshiki(grid, signs, [[1, 3], [3, 1]])  # value outside 1..n
    assert not check_futoshiki(grid, signs, None)


@pytest.mark.parametrize(
    "solution",
    [
        [[1, 2]],  # a row missing
        [[1, 2], [2, 1], [1, 2]],  # a row too many, the columns still hold 1 and 2
        [[1, 2, 3], [2, 1, 3]],  # rows too long
        [[1, 2], [2]],  # ragged
        [[1, 2], 21],
        "12\n21",
    ],
)
def test_check_rejects_an_answer_of_the_wrong_shape(solution):
    assert not check_futoshiki([[0, 0], [0, 0]], [], solution)


@pytest.mark.parametrize(
    "constraint",
    [
        ((0, 0), (0, 5)),  # outside: an IndexError must not escape
        ((0, 0), (2, 0)),
        ((0, 0), (-1, 0)),  # -1 would wrap round to the last row, where 2 > 1 holds
        ((0, -1), (0, 0)),
    ],
)
def test_check_rejects_a_constraint_outside_the_grid(constraint):
    solution = [[1, 2], [2, 1]]
    assert not check_futoshiki([[0, 0], [0, 0]], [constraint], solution)
