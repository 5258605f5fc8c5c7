"""The certificates that each step is the cheapest at its turn (helper.explain.cheapest),
held against brute force: every premise set, every grid of a small puzzle."""

import itertools
from dataclasses import replace

import numpy as np
import pytest

from helper.explain import futoshiki, nonogram
from helper.explain.cheapest import (
    FUTOSHIKI_COSTS,
    LINE_COST,
    _breaks,
    _premises,
    certify_cheapest,
    certify_cheapest_step,
)
from helper.futoshiki import Futoshiki
from helper.nonogram import Nonogram
from helper.nonogram.clues import runs


def test_the_costs_are_the_explainers():
    assert FUTOSHIKI_COSTS == futoshiki.COSTS
    assert LINE_COST == nonogram.LINE_COST


def _befores(steps):
    """The grid before each step."""
    unknown = -1 if any(-1 in row for row in steps.start) else 0  # a Nonogram starts empty
    grid = [list(row) for row in steps.start]
    out = []
    for step in steps:
        out.append([row[:] for row in grid])
        for (r, c), v in step.cells.items():
            assert grid[r][c] == unknown
            grid[r][c] = v
    return out


def _all_pictures(puzzle):
    """Every picture of the puzzle's shape: 0/1 grids, or digit grids (not only Latin)."""
    h, w = puzzle.height, puzzle.width
    values = (0, 1) if isinstance(puzzle, Nonogram) else range(1, puzzle.height + 1)
    for flat in itertools.product(values, repeat=h * w):
        yield [list(flat[r * w : (r + 1) * w]) for r in range(h)]


def _brute_cheapest(puzzle, before, solution):
    """The least cost of a premise set that forces some open cell to its value, by checking
    every premise set against every picture that agrees with the known cells."""
    premises = _premises(puzzle)
    unknown = -1 if isinstance(puzzle, Nonogram) else 0
    given = (
        (lambda r, c: False)
        if isinstance(puzzle, Nonogram)
        else (lambda r, c: bool(puzzle.grid[r][c]))
    )
    known = [(r, c, v) for r, row in enumerate(before) for c, v in enumerate(row)
             if v != unknown and not given(r, c)]  # fmt: skip
    open_ = [(r, c) for r, row in enumerate(before) for c, v in enumerate(row) if v == unknown]
    kept, wrong = [], []
    for picture in _all_pictures(puzzle):
        if any(picture[r][c] != v for r, c, v in known):
            continue
        kept.append(sum(1 << p for p, q in enumerate(premises) if not _breaks(puzzle, q, picture)))
        wrong.append([picture[r][c] != solution[r][c] for r, c in open_])
    holds = np.array(kept, dtype=np.int64)
    wrong_at = np.array(wrong, dtype=bool)
    costs = [LINE_COST if isinstance(puzzle, Nonogram) else FUTOSHIKI_COSTS[q[0]]
             for q in premises]  # fmt: skip
    best = None
    for mask in range(1 << len(premises)):
        cost = sum(c for p, c in enumerate(costs) if mask >> p & 1)
        if best is not None and cost >= best:
            continue
        fits = (holds & mask) == mask  # pictures that satisfy every premise of the set
        if (~wrong_at[fits]).all(axis=0).any():  # some open cell right in all of them
            best = cost
    return best


def _latin_squares(n):
    rows = list(itertools.permutations(range(1, n + 1)))
    for square in itertools.product(rows, repeat=n):
        if all(len(set(col)) == n for col in zip(*square, strict=True)):
            yield square


def _unique_futoshiki(n, seed, signs):
    """A seeded n x n Futoshiki with ``signs`` signs and as few givens as keep it unique."""
    rng = np.random.default_rng(seed)
    squares = list(_latin_squares(n))
    while True:
        answer = squares[rng.integers(len(squares))]
        pairs = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
        pairs += [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
        chosen = [pairs[i] for i in rng.choice(len(pairs), size=signs, replace=False)]
        constraints = [(a, b) if answer[a[0]][a[1]] < answer[b[0]][b[1]] else (b, a)
                       for a, b in chosen]  # fmt: skip
        grid = [[0] * n for _ in range(n)]
        for cell in rng.permutation(n * n):
            fits = [
                s
                for s in squares
                if all(s[a[0]][a[1]] < s[b[0]][b[1]] for a, b in constraints)
                and all(s[r][c] == v for r in range(n) for c, v in enumerate(grid[r]) if v)
            ]
            if len(fits) == 1:
                return Futoshiki(grid, constraints)
            r, c = divmod(int(cell), n)
            grid[r][c] = answer[r][c]


FUTOSHIKIS = [
    Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1))]),
    _unique_futoshiki(3, 1, 3),
    _unique_futoshiki(3, 2, 4),
]


@pytest.mark.parametrize("puzzle", FUTOSHIKIS, ids=lambda p: f"futoshiki-{p.height}")
def test_futoshiki_steps_are_proved_cheapest_and_brute_force_agrees(puzzle):
    steps = futoshiki.explain(puzzle)
    proofs = certify_cheapest(puzzle, steps)
    assert len(proofs) == len(steps)
    for step, before, proof in zip(steps, _befores(steps), proofs, strict=True):
        assert proof.proved, proof.reason
        assert proof.check is not None and proof.check.valid
        assert _brute_cheapest(puzzle, before, steps.solution) == step.cost


def _non_line_solvable_nonogram():
    """A seeded 4 x 4 picture with a unique solution that line logic alone does not solve."""
    rng = np.random.default_rng(7)
    for _ in range(5000):
        grid = rng.integers(0, 2, size=(4, 4)).tolist()
        rows = [runs(row) for row in grid]
        cols = [runs(list(col)) for col in zip(*grid, strict=True)]
        puzzle = Nonogram(rows, cols)
        pictures = [
            p
            for p in _all_pictures(puzzle)
            if [runs(r) for r in p] == rows
            and [runs(list(c)) for c in zip(*p, strict=True)] == cols
        ]
        if len(pictures) != 1:
            continue
        steps = nonogram.explain(puzzle, lower_bounds=False, rectangles=False)
        if any(len(step.lines) > 1 for step in steps):
            return puzzle
    raise AssertionError("no such picture among the seeded ones")


HARD = _non_line_solvable_nonogram()


def test_nonogram_steps_without_the_lower_bounds_are_proved_and_brute_force_agrees():
    steps = nonogram.explain(HARD, lower_bounds=False, rectangles=False)
    proofs = certify_cheapest(HARD, steps)
    assert any(len(step.lines) > 1 for step in steps)
    for step, before, proof in zip(steps, _befores(steps), proofs, strict=True):
        assert proof.proved, proof.reason
        assert _brute_cheapest(HARD, before, steps.solution) == step.cost
        if len(step.lines) == 1:
            assert not step.grids and proof.lemmas == 0  # one line: the least a step costs


def test_a_step_of_four_lines_from_the_rectangles_is_not_proved_and_says_why():
    steps = nonogram.explain(HARD)  # rectangles and lower bounds on
    proofs = certify_cheapest(HARD, steps)
    several = [(s, p) for s, p in zip(steps, proofs, strict=True) if len(s.lines) > 1]
    assert several
    for step, proof in several:
        assert not step.grids and not proof.proved
        assert "lower bounds" in proof.reason and "no certificate" in proof.reason
    assert all(p.proved for s, p in zip(steps, proofs, strict=True) if len(s.lines) == 1)


def _multi_step():
    steps = nonogram.explain(HARD, lower_bounds=False, rectangles=False)
    befores = _befores(steps)
    k = next(k for k, step in enumerate(steps) if len(step.lines) > 1 and step.grids)
    return steps, befores[k], k


def test_a_claim_cheaper_than_the_truth_is_not_proved():
    steps, before, k = _multi_step()
    step = steps[k]
    dearer = replace(step, cost=step.cost + 1)  # "no step costs less than cost + 1": false
    proof = certify_cheapest_step(HARD, k + 1, dearer, before, steps.solution)
    assert not proof.proved and "cheaper choice open" in proof.reason
    same = certify_cheapest_step(HARD, k + 1, step, before, steps.solution)
    assert same.proved


def test_without_its_grids_a_step_of_several_lines_is_not_proved():
    steps, before, k = _multi_step()
    bare = replace(steps[k], grids=())
    proof = certify_cheapest_step(HARD, k + 1, bare, before, steps.solution)
    assert not proof.proved and "cheaper choice open" in proof.reason


def test_a_grid_that_contradicts_a_known_cell_is_refused():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle)
    befores = _befores(steps)
    k = next(k for k, step in enumerate(steps)
             if step.grids and any(v for row in befores[k] for v in row))  # fmt: skip
    (r, c), digit = next(((r, c), v) for r, row in enumerate(befores[k])
                         for c, v in enumerate(row) if v)  # fmt: skip
    n = puzzle.height
    bad = steps[k].grids[0].copy()
    bad[(r * n + c) * n : (r * n + c + 1) * n] = False
    bad[(r * n + c) * n + digit % n] = True  # another digit
    proof = certify_cheapest_step(
        puzzle, k + 1, replace(steps[k], grids=(bad,)), befores[k], steps.solution
    )
    assert not proof.proved and proof.reason == f"grid 1 contradicts the known cell {(r, c)}"
    assert certify_cheapest_step(puzzle, k + 1, steps[k], befores[k], steps.solution).proved


def test_a_futoshiki_grid_with_two_digits_in_a_cell_is_refused():
    puzzle = FUTOSHIKIS[2]
    steps = futoshiki.explain(puzzle)
    k = next(k for k, step in enumerate(steps) if step.grids)
    bad = steps[k].grids[0].copy()
    bad[:3] = True  # cell (0, 0) holds 1, 2 and 3
    proof = certify_cheapest_step(
        puzzle, k + 1, replace(steps[k], grids=(bad,)), _befores(steps)[k], steps.solution
    )
    assert not proof.proved and proof.reason == "grid 1 is not a grid: cell (0, 0) holds 3 digits"


def test_a_greedy_step_is_not_proved_cheapest():
    steps = nonogram.explain(HARD, lower_bounds=False, rectangles=False, budget=0)
    proofs = certify_cheapest(HARD, steps)
    greedy = [p for s, p in zip(steps, proofs, strict=True) if not s.optimal]
    assert greedy and all(not p.proved and "ran out of budget" in p.reason for p in greedy)


def test_explain_certify_gives_one_cheapest_certificate_per_step():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle, certify=True)
    assert len(steps.cheapest) == len(steps.certificates) == len(steps)
    assert all(c.proved for c in steps.cheapest)
    assert steps.cheapest[0].name == "step-1-cheapest"
