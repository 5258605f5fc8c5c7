"""The certificates that each step is the cheapest at its turn (helper.explain.cheapest),
held against brute force: every premise set, every grid of a small puzzle."""

import itertools
import time
from dataclasses import replace

import numpy as np
import pytest

from helper.errors import SolverTimeoutError
from helper.explain import futoshiki, nonogram
from helper.explain.cheapest import (
    FUTOSHIKI_COSTS,
    LINE_COST,
    _breaks,
    _cost,
    _premises,
    certify_cheapest,
    certify_cheapest_step,
)
from helper.futoshiki import Futoshiki
from helper.nonogram import Nonogram
from helper.nonogram.clues import runs


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
    _unique_futoshiki(3, 3, 1),  # one sign: givens are needed
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


def test_steps_that_lean_on_the_lower_bounds_are_proved_by_a_search_without_them():
    steps = nonogram.explain(HARD)  # rectangles and lower bounds on
    several = [
        (step, before)
        for step, before in zip(steps, _befores(steps), strict=True)
        if len(step.lines) > 1
    ]
    assert several and not any(step.grids for step, _ in several)  # four lines, no grid
    for k, (step, before) in enumerate(several):
        control = certify_cheapest_step(HARD, k + 1, step, before, steps.solution, search=False)
        assert not control.proved and "lower bounds" in control.reason
        proof = certify_cheapest_step(HARD, k + 1, step, before, steps.solution)
        assert proof.proved, proof.reason
        assert proof.witnesses and _brute_cheapest(HARD, before, steps.solution) == step.cost


def test_a_search_without_the_bounds_that_runs_out_leaves_the_step_unproved(monkeypatch):
    import helper.explain.cheapest as cheapest

    real = cheapest.search_without_bounds
    steps = nonogram.explain(HARD)
    k = next(k for k, step in enumerate(steps) if len(step.lines) > 1)
    before = _befores(steps)[k]
    monkeypatch.setattr(
        cheapest, "search_without_bounds", lambda *a, **kw: real(*a, **kw, budget=0)
    )
    proof = certify_cheapest_step(HARD, k + 1, steps[k], before, steps.solution)
    assert not proof.proved and proof.reason.endswith("lower bounds ran out of budget")

    def late(*args, **kwargs):
        raise SolverTimeoutError("certify: no answer within 1 s")

    monkeypatch.setattr(cheapest, "search_without_bounds", late)
    proof = certify_cheapest_step(HARD, k + 1, steps[k], before, steps.solution, time_limit=1.0)
    assert not proof.proved and proof.reason == "no time left within 1 s"


def _multi_step():
    steps = nonogram.explain(HARD, lower_bounds=False, rectangles=False)
    befores = _befores(steps)
    k = next(k for k, step in enumerate(steps) if len(step.lines) > 1 and step.grids)
    return steps, befores[k], k


def test_a_claim_cheaper_than_the_truth_is_not_proved():
    steps, before, k = _multi_step()
    step = steps[k]
    dearer = _dearer(HARD, step)  # "no step costs less than cost + 1": false
    proof = certify_cheapest_step(HARD, k + 1, dearer, before, steps.solution)
    assert not proof.proved and proof.reason == f"a step that costs {step.cost} exists"
    control = certify_cheapest_step(HARD, k + 1, dearer, before, steps.solution, search=False)
    assert not control.proved and "cheaper choice open" in control.reason
    same = certify_cheapest_step(HARD, k + 1, step, before, steps.solution)
    assert same.proved


def test_without_its_grids_a_step_of_several_lines_is_not_proved():
    steps, before, k = _multi_step()
    bare = replace(steps[k], grids=())
    proof = certify_cheapest_step(HARD, k + 1, bare, before, steps.solution, search=False)
    assert not proof.proved and "cheaper choice open" in proof.reason
    searched = certify_cheapest_step(HARD, k + 1, bare, before, steps.solution)
    assert searched.proved and searched.witnesses  # the grids of a search of its own


def _contradicting_grid():
    """A Futoshiki's explanation, the grids before its steps, a step with grids after some
    cell was decided, that cell, and the step's first grid with another digit in that cell."""
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
    return puzzle, steps, befores, k, (r, c), bad


def test_a_grid_that_contradicts_a_known_cell_is_refused():
    puzzle, steps, befores, k, (r, c), bad = _contradicting_grid()
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
    bad[15:18] = True  # cell (1, 2) holds 1, 2 and 3; the cells before it hold one digit each
    proof = certify_cheapest_step(
        puzzle, k + 1, replace(steps[k], grids=(bad,)), _befores(steps)[k], steps.solution
    )
    assert not proof.proved and proof.reason == "grid 1 is not a grid: cell (1, 2) holds 3 digits"


def test_a_greedy_step_is_not_proved_cheapest():
    steps = nonogram.explain(HARD, lower_bounds=False, rectangles=False, budget=0)
    proofs = certify_cheapest(HARD, steps)
    greedy = [p for s, p in zip(steps, proofs, strict=True) if not s.optimal]
    assert greedy and all(
        p.reason == "the search ran out of budget: the step is minimal, not proven cheapest"
        for p in greedy
    )


def test_explain_certify_gives_one_cheapest_certificate_per_step():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle, certify=True)
    assert len(steps.cheapest) == len(steps.certificates) == len(steps)
    assert all(c.proved for c in steps.cheapest)
    assert steps.cheapest[0].name == "step-1-cheapest"


# -- each piece alone: the premises, what touches a cell, what a picture breaks ------------------


def test_the_premises_are_the_explainers_in_their_order():
    from helper.explain.futoshiki import premises_of
    from helper.explain.nonogram import line_premises

    assert _premises(HARD) == line_premises(HARD)
    for puzzle in FUTOSHIKIS:
        assert _premises(puzzle) == premises_of(puzzle)
    with_given = next(p for p in FUTOSHIKIS if any(any(row) for row in p.grid))
    assert any(q[0] == "given" for q in _premises(with_given))


def test_what_touches_a_cell():
    from helper.explain.cheapest import _touches

    cell = (1, 2)
    assert _touches(("row", 1), cell) and not _touches(("row", 2), cell)
    assert _touches(("column", 2), cell) and not _touches(("column", 1), cell)
    assert _touches(("sign", (1, 2), (1, 3)), cell) and _touches(("sign", (0, 2), (1, 2)), cell)
    assert not _touches(("sign", (0, 2), (0, 3)), cell)
    assert _touches(("given", (1, 2)), cell) and not _touches(("given", (2, 1)), cell)


def test_what_a_picture_breaks():
    nono = Nonogram([[2], [1]], [[1], [2]])
    picture = [[1, 1], [0, 1]]  # the solution
    assert not any(_breaks(nono, q, picture) for q in _premises(nono))
    assert [_breaks(nono, q, [[1, 0], [0, 1]]) for q in _premises(nono)] == [
        True, False, False, True  # row 0 (2) and column 1 (2) break; the others hold
    ]  # fmt: skip
    puzzle = Futoshiki([[0, 2], [0, 0]], [((0, 0), (1, 0))])
    good = [[1, 2], [2, 1]]
    assert not any(_breaks(puzzle, q, good) for q in _premises(puzzle))
    bad = [[2, 2], [1, 1]]  # rows repeat, the sign is broken, the given holds
    broken = {q for q in _premises(puzzle) if _breaks(puzzle, q, bad)}
    assert broken == {("row", 0), ("row", 1), ("sign", (0, 0), (1, 0))}
    assert _breaks(puzzle, ("given", (0, 1)), [[1, 1], [2, 2]])  # columns fine, given not
    assert _breaks(puzzle, ("row", 0), [[1, 1], [2, 2]])


# -- every false claim is refused ------------------------------------------------------------


def _all_steps():
    """Each step of the small puzzles, with the grid before it."""
    runs_of = [(p, futoshiki.explain(p)) for p in FUTOSHIKIS]
    runs_of.append((HARD, nonogram.explain(HARD, lower_bounds=False, rectangles=False)))
    return [
        (puzzle, k, step, before, steps.solution)
        for puzzle, steps in runs_of
        for k, (step, before) in enumerate(zip(steps, _befores(steps), strict=True))
    ]


def _dearer(puzzle, step):
    """The step with one more premise, the cheapest it does not use: the claim that no step
    costs less than it is false (the step itself does)."""
    extra = min(
        (q for q in _premises(puzzle) if q not in step.lines), key=lambda q: _cost(puzzle, q)
    )
    return replace(step, lines=(*step.lines, extra), cost=step.cost + _cost(puzzle, extra))


def test_a_claim_dearer_than_any_step_is_refused_with_the_reason():
    for puzzle, k, step, before, solution in _all_steps():
        dearer = _dearer(puzzle, step)
        proof = certify_cheapest_step(puzzle, k + 1, dearer, before, solution)
        assert not proof.proved, (puzzle, k)
        several = isinstance(puzzle, Nonogram) and len(dearer.lines) > 1
        assert proof.reason == (
            f"a step that costs {step.cost} exists"  # found by the search without the bounds
            if several
            else "its grids leave a cheaper choice open"
        ), (puzzle, k)
        assert proof.claim == (
            f"step {k + 1} is the cheapest: no step costs less than {dearer.cost}"
        )


def test_a_certificate_names_its_claim_witnesses_and_variables():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle)
    befores = _befores(steps)
    k = next(k for k, step in enumerate(steps) if len(step.grids) > 1)
    proof = certify_cheapest_step(puzzle, k + 1, steps[k], befores[k], steps.solution)
    assert proof.proved and proof.name == f"step-{k + 1}-cheapest"
    assert proof.claim == f"step {k + 1} is the cheapest: no step costs less than {steps[k].cost}"
    n = puzzle.height
    digits = [(g.reshape(n, n, n).argmax(axis=2) + 1).tolist() for g in steps[k].grids]
    assert [list(map(list, w)) for w in proof.witnesses] == digits
    assert all(type(v) is int for w in proof.witnesses for row in w for v in row)
    premises = len(_premises(puzzle))
    assert proof.comments == (
        f"variables 1 to {premises}: premise p is used (rows, columns, signs, givens); then one "
        "variable per open cell, row by row: the cell forced",
        f"one clause per grid ({len(steps[k].grids)}): a premise it breaks or a cell it gets right",
        "last: a sequential weight counter, the premises used cost less than the step",
    )
    nono = certify_cheapest(HARD, nonogram.explain(HARD))[1]
    assert nono.comments[0].startswith(
        f"variables 1 to {len(_premises(HARD))}: premise p is used (rows, columns); then"
    )
    assert (
        nono.comments[1] == "one clause per grid (0): a premise it breaks or a cell it gets right"
    )
    assert all(type(v) is int for w in _multi_witnesses() for row in w for v in row)


def _multi_witnesses():
    steps, before, k = _multi_step()
    return certify_cheapest_step(HARD, k + 1, steps[k], before, steps.solution).witnesses


def test_the_back_end_and_the_time_limit_reach_the_proof():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle)
    befores = _befores(steps)
    k = next(k for k, step in enumerate(steps) if step.grids)
    proof = certify_cheapest_step(
        puzzle, k + 1, steps[k], befores[k], steps.solution, backend="glucose4"
    )
    assert proof.proved and proof.backend == "glucose4"
    late = certify_cheapest_step(
        puzzle, k + 1, steps[k], befores[k], steps.solution, time_limit=1e-9
    )
    assert not late.proved and late.reason.startswith("no proof within")
    every = certify_cheapest(puzzle, steps, backend="glucose4")
    assert {p.backend for p in every if p.lemmas} == {"glucose4"}


def test_no_time_left_leaves_every_step_unproved_and_says_so():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle)
    proofs = certify_cheapest(puzzle, steps, time_limit=1e-9)
    assert len(proofs) == len(steps)
    for k, (step, proof) in enumerate(zip(steps, proofs, strict=True), start=1):
        assert not proof.proved
        assert proof.claim == f"step {k} is the cheapest: no step costs less than {step.cost}"
        assert proof.reason.startswith("no time left within 1e-09 s") or proof.reason.startswith(
            "no proof within"
        )
    assert proofs[-1].reason == "no time left within 1e-09 s"


def test_each_step_is_certified_on_the_grid_before_it():
    for puzzle in FUTOSHIKIS[1:]:
        steps = futoshiki.explain(puzzle)
        together = certify_cheapest(puzzle, steps)
        for k, (step, before) in enumerate(zip(steps, _befores(steps), strict=True)):
            alone = certify_cheapest_step(puzzle, k + 1, step, before, steps.solution)
            assert together[k].formula == alone.formula and together[k].proved


def test_a_step_that_decides_a_decided_cell_is_refused():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle)
    twice = replace(steps, steps=(steps[0], steps[0]))
    cell = min(steps[0].cells)
    with pytest.raises(ValueError, match=rf"^step 2 decides cell \({cell[0]}, {cell[1]}\), "
                       "which is decided$"):  # fmt: skip
        certify_cheapest(puzzle, twice)


def test_a_wrong_sized_grid_is_refused_by_name():
    steps, before, k = _multi_step()
    short = certify_cheapest_step(
        HARD, k + 1, replace(steps[k], grids=(np.zeros(15, dtype=bool),)), before, steps.solution
    )
    assert short.reason == "grid 1 is not a grid: it has 15 cells, not 16"
    puzzle = FUTOSHIKIS[1]
    fsteps = futoshiki.explain(puzzle)
    bad = certify_cheapest_step(
        puzzle, 1, replace(fsteps[0], grids=(np.zeros(26, dtype=bool),)),
        _befores(fsteps)[0], fsteps.solution,
    )  # fmt: skip
    assert bad.reason == "grid 1 is not a grid: it has 26 cell digits, not 27"


def test_the_whole_run_checks_each_grid_against_the_cells_decided_before_it():
    puzzle, steps, _, k, (r, c), bad = _contradicting_grid()
    changed = list(steps.steps)
    changed[k] = replace(steps[k], grids=(bad,))
    proofs = certify_cheapest(puzzle, replace(steps, steps=tuple(changed)))
    assert proofs[k].reason == f"grid 1 contradicts the known cell {(r, c)}"


def test_a_nonogram_step_of_two_lines_also_names_the_lower_bounds():
    steps = nonogram.explain(HARD, lower_bounds=False, rectangles=False)
    two = replace(steps[0], lines=(("row", 0), ("column", 0)), cost=2, grids=())
    before = _befores(steps)[0]
    proof = certify_cheapest_step(HARD, 1, two, before, steps.solution, search=False)
    assert not proof.proved and "lower bounds" in proof.reason
    searched = certify_cheapest_step(HARD, 1, two, before, steps.solution)
    assert steps[0].cost >= 2 and searched.proved  # true: HARD starts at a fixpoint


def test_each_step_gets_what_is_left_of_the_time_limit(monkeypatch):
    import helper.explain.cheapest as cheapest

    given = []
    real = cheapest.certify_cheapest_step

    def spy(*args, **kwargs):
        given.append(kwargs["time_limit"])
        return real(*args, **kwargs)

    monkeypatch.setattr(cheapest, "certify_cheapest_step", spy)
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle)
    proofs = cheapest.certify_cheapest(puzzle, steps, time_limit=60.0)
    assert all(p.proved for p in proofs) and len(given) == len(steps)
    assert all(0 < left <= 60.0 for left in given) and given == sorted(given, reverse=True)


def test_a_grid_of_other_values_than_0_and_1_is_refused():
    puzzle = Nonogram([[2], [2]], [[2], [2]])
    steps = nonogram.explain(puzzle)
    for fake in (np.full(4, 2), np.full(4, -1)):  # every clue "holds", every cell "wrong"
        dearer = replace(steps[0], cost=1, grids=(fake,))
        proof = certify_cheapest_step(puzzle, 1, dearer, _befores(steps)[0], steps.solution)
        assert proof.reason == "grid 1 is not a grid: it holds a value other than 0 and 1"
    puzzle = FUTOSHIKIS[1]
    fsteps = futoshiki.explain(puzzle)
    k = next(k for k, step in enumerate(fsteps) if step.grids)
    odd = fsteps[k].grids[0].astype(int) * 2
    proof = certify_cheapest_step(
        puzzle, k + 1, replace(fsteps[k], grids=(odd,)), _befores(fsteps)[k], fsteps.solution
    )
    assert proof.reason == "grid 1 is not a grid: it holds a value other than 0 and 1"


def test_a_solution_that_breaks_a_premise_or_a_known_cell_is_refused():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle)
    befores = _befores(steps)
    shifted = [[v % 3 + 1 for v in row] for row in steps.solution]  # still a Latin square
    proof = certify_cheapest_step(puzzle, 1, steps[0], befores[0], shifted)
    assert not proof.proved and proof.reason.startswith("the solution breaks ('sign', ")
    white = [[0, 0], [0, 0]]
    small = Nonogram([[2], [1]], [[2], [1]])
    first = nonogram.explain(small)
    proof = certify_cheapest_step(small, 1, first[0], _befores(first)[0], white)
    assert proof.reason == "the solution breaks ('row', 0)"
    k = next(k for k, b in enumerate(befores) if any(v for row in b for v in row))
    (r, c), v = next(((r, c), v) for r, row in enumerate(befores[k]) for c, v in enumerate(row)
                     if v)  # fmt: skip
    before = [row[:] for row in befores[k]]
    before[r][c] = v % 3 + 1  # the known cell says another digit than the solution
    proof = certify_cheapest_step(puzzle, k + 1, steps[k], before, steps.solution)
    assert proof.reason == f"the solution contradicts the known cell {(r, c)}"


def test_a_cost_that_is_not_the_premises_cost_is_refused():
    puzzle = FUTOSHIKIS[1]
    steps = futoshiki.explain(puzzle)
    befores = _befores(steps)
    own = steps[0].cost
    for wrong in (own - 1, 0):
        proof = certify_cheapest_step(
            puzzle, 1, replace(steps[0], cost=wrong), befores[0], steps.solution
        )
        assert proof.reason == f"its premises cost {own}, not {wrong}"
    none = replace(steps[0], lines=(), cost=0)
    assert certify_cheapest_step(puzzle, 1, none, befores[0], steps.solution).reason == (
        "its premises cost 0, not 0"
    )


def test_a_one_by_one_futoshiki_is_not_certified():
    puzzle = Futoshiki([[0]])
    step = replace(futoshiki.explain(FUTOSHIKIS[0])[0], lines=(("row", 0),), cost=5)
    proof = certify_cheapest_step(puzzle, 1, step, [[0]], [[1]])
    assert proof.reason == "a 1 x 1 grid's digit needs no premise"


def _rectangle_step():
    """HARD explained with its rectangles and lower bounds: a four-line step with no grid."""
    steps = nonogram.explain(HARD)
    k = next(k for k, step in enumerate(steps) if len(step.lines) > 1)
    return steps, _befores(steps)[k], k


def test_certify_cheapest_searches_without_the_bounds_by_default_and_not_when_told():
    steps = nonogram.explain(HARD)
    several = [k for k, step in enumerate(steps) if len(step.lines) > 1]
    assert all(proof.proved for proof in certify_cheapest(HARD, steps))
    control = certify_cheapest(HARD, steps, search=False)
    assert not any(control[k].proved for k in several)


def test_the_search_and_the_proof_after_it_get_what_is_left_of_the_time_limit(monkeypatch):
    import helper.explain.cheapest as cheapest

    steps, before, k = _rectangle_step()
    searched, refuted = [], []
    real_search, real_refute = cheapest.search_without_bounds, cheapest.refute

    def search_spy(*args, **kwargs):
        searched.append(kwargs["time_limit"])
        return real_search(*args, **kwargs)

    def refute_spy(formula, claim, **kwargs):
        refuted.append((claim, kwargs["name"], kwargs["time_limit"]))
        return real_refute(formula, claim, **kwargs)

    monkeypatch.setattr(cheapest, "search_without_bounds", search_spy)
    monkeypatch.setattr(cheapest, "refute", refute_spy)
    proof = certify_cheapest_step(HARD, k + 1, steps[k], before, steps.solution, time_limit=60.0)
    assert proof.proved and proof.claim == (
        f"step {k + 1} is the cheapest: no step costs less than {steps[k].cost}"
    )
    assert len(searched) == 1 and 0 < searched[0] <= 60.0
    assert [r[:2] for r in refuted] == [(proof.claim, f"step-{k + 1}-cheapest")] * 2
    assert refuted[0][2] == 60.0 and 0 < refuted[1][2] <= searched[0]


def test_what_the_search_without_the_bounds_may_end_in(monkeypatch):
    import helper.explain.cheapest as cheapest

    steps, before, k = _rectangle_step()
    claim = f"step {k + 1} is the cheapest: no step costs less than {steps[k].cost}"
    real = cheapest.search_without_bounds
    found = real(HARD, before, steps.solution, steps[k].grids)

    def cut(*args, **kwargs):
        return real(*args, **kwargs, budget=0)

    monkeypatch.setattr(cheapest, "search_without_bounds", cut)
    proof = certify_cheapest_step(HARD, k + 1, steps[k], before, steps.solution)
    assert (proof.claim, proof.proved, proof.reason) == (
        claim,
        False,
        "its grids leave a cheaper choice open, and the search without the explainer's lower "
        "bounds ran out of budget",
    )

    bad = replace(found, grids=(np.full(HARD.height * HARD.width, 2),))
    monkeypatch.setattr(cheapest, "search_without_bounds", lambda *a, **kw: bad)
    proof = certify_cheapest_step(HARD, k + 1, steps[k], before, steps.solution)
    assert (proof.claim, proof.proved, proof.reason) == (
        claim,
        False,
        "grid 1 is not a grid: it holds a value other than 0 and 1",
    )

    def slow(*args, **kwargs):
        time.sleep(1.05)
        return found

    monkeypatch.setattr(cheapest, "search_without_bounds", slow)
    proof = certify_cheapest_step(HARD, k + 1, steps[k], before, steps.solution, time_limit=1.0)
    assert (proof.claim, proof.proved, proof.reason) == (
        claim,
        False,
        "no time left within 1 s",
    )
