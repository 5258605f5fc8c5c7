"""Explain a Futoshiki's solution step by step, cheapest steps first.

The premises are the rules and clues of the puzzle: each row and each column holds every digit
once (``("row", i)``, ``("column", j)``), each sign (``("sign", smaller, larger)``) and each
given (``("given", cell)``). The givens are on the grid from the start; a step that uses the
digit of a given names it among its premises. Cells decided by earlier steps are facts: a step
rests on them without naming them.

Every step is a cheapest set of premises (costs in :data:`COSTS`) that forces the digit of some
open cell, found by :func:`helper.explain.ocus.cheapest_step` on a one-hot CNF in which every
premise has a switch; the step decides every open cell those premises force. Its kind and
reason come from :mod:`helper.explain.futoshiki_reasons`, which re-derives the step with a
few named rules a person uses (singles, signs, Hall sets).
"""

from collections.abc import Sequence

import numpy as np
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from helper.backends.pysat import DEFAULT_BACKEND, SatSolver
from helper.deadline import Deadline, Run
from helper.errors import NoSolutionError, NotUniqueError, SolverTimeoutError
from helper.futoshiki.cnf import sign_clauses
from helper.futoshiki.puzzle import Futoshiki
from helper.sigint import pysat_sigint

from .futoshiki_reasons import describe
from .ocus import Memory, Oracle, cheapest_step, forced_candidates
from .steps import Cell, Explanation, Premise, Step, explanation

COSTS = {"given": 1, "sign": 3, "row": 5, "column": 5}
"""What a premise costs in a step. A given is cheapest (a digit on the grid), then a sign
(two cells), then a row or column rule (every cell of the line)."""
STEP_BUDGET = 1000
"""Hitting sets per step before the explainer settles for a greedy minimal step."""


def premises_of(puzzle: Futoshiki) -> list[Premise]:
    """Every premise of the puzzle: rows, columns, signs (in the puzzle's order), givens."""
    n = puzzle.height
    premises: list[Premise] = [("row", r) for r in range(n)]
    premises += [("column", c) for c in range(n)]
    premises += [("sign", tuple(a), tuple(b)) for a, b in puzzle.constraints]
    premises += [
        ("given", (r, c)) for r in range(n) for c in range(n) if puzzle.grid[r][c]
    ]  # fmt: skip
    return premises


def position(n: int, cell: Cell, digit: int) -> int:
    """The position of "cell holds digit" in a grid array (and its SAT variable minus 1)."""
    return (cell[0] * n + cell[1]) * n + digit - 1


def switched_cnf(puzzle: Futoshiki) -> tuple[list[list[int]], list[int], int]:
    """The one-hot CNF: variable ``position(cell, digit) + 1`` says the cell holds the digit;
    every cell holds exactly one digit (always on), and each premise's clauses carry its
    switch. Returns the clauses, the switches (in the order of :func:`premises_of`) and the
    last variable used."""
    n = puzzle.height
    pool = IDPool(start_from=n * n * n + 1)
    clauses: list[list[int]] = []

    def x(cell: Cell, digit: int) -> int:
        return position(n, cell, digit) + 1

    for r in range(n):
        for c in range(n):
            with pysat_sigint():
                one = CardEnc.equals([x((r, c), d) for d in range(1, n + 1)], 1, vpool=pool,
                                     encoding=EncType.pairwise)  # fmt: skip
            clauses += one.clauses
    switches = []
    for premise in premises_of(puzzle):
        switch = pool.id(premise)
        switches.append(switch)
        for clause in premise_clauses(premise, puzzle, x):
            clauses.append([-switch, *clause])
    return clauses, switches, pool.top


def premise_clauses(premise: Premise, puzzle: Futoshiki, x) -> list[list[int]]:
    """The clauses of one premise, without its switch: ``x(cell, digit)`` numbers the
    variables (the certificates of :mod:`helper.explain.certify` use them too)."""
    kind, n = premise[0], puzzle.height
    if kind == "given":
        r, c = premise[1]
        return [[x((r, c), puzzle.grid[r][c])]]
    digits = range(1, n + 1)
    if kind in ("row", "column"):
        i = premise[1]
        cells = [(i, j) for j in range(n)] if kind == "row" else [(j, i) for j in range(n)]
        clauses = []
        for d in digits:
            clauses.append([x(cell, d) for cell in cells])  # the digit is somewhere
            clauses += [[-x(a, d), -x(b, d)] for k, a in enumerate(cells) for b in cells[k + 1 :]]
        return clauses
    if kind == "sign":  # small = d needs large > d; large = d needs small < d
        return sign_clauses(lambda r, c, d: x((r, c), d), premise[1], premise[2], n)
    raise ValueError(f"unknown premise {premise!r}")


def explain(
    puzzle: Futoshiki,
    *,
    time_limit: float | None = None,
    budget: int = STEP_BUDGET,
    certify: bool = False,
) -> Explanation:
    """The steps that solve ``puzzle``, from its grid (givens filled in) to its solution.

    Parameters
    ----------
    puzzle
        A :class:`~helper.futoshiki.Futoshiki`.
    time_limit
        Seconds for the whole explanation (``None``: no limit).
    budget
        Hitting-set solves per step; when they run out, the step is a minimal set of premises
        found by deletion instead of a proven cheapest one.
    certify
        Also prove each step (:func:`helper.explain.certify.certify_steps`): the result's
        ``certificates``, within what is left of ``time_limit``.

    Returns
    -------
    Explanation
        The steps (:class:`~helper.explain.steps.Step`) and their counts. When
        ``time_limit`` passes first, the steps found by then, and ``complete`` is ``False``.

    Raises
    ------
    NoSolutionError
        No grid satisfies every rule and clue.
    NotUniqueError
        More than one grid does.

    Examples
    --------
    >>> from helper.explain.futoshiki import explain
    >>> from helper.futoshiki import Futoshiki
    >>> steps = explain(Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1))]))
    >>> steps[0].cells, steps[0].lines
    ({(0, 0): 1, (0, 1): 2}, (('sign', (0, 0), (0, 1)),))
    >>> steps.kinds()
    {'sign': 1, 'single': 2}
    """
    if not isinstance(puzzle, Futoshiki):
        raise TypeError(f"expected a Futoshiki, got {type(puzzle).__name__}")
    n = puzzle.height
    deadline = Deadline(time_limit)
    memory = Memory()
    premises = premises_of(puzzle)
    clauses, switches, top = switched_cnf(puzzle)
    start = tuple(map(tuple, puzzle.grid))
    steps: list[Step] = []
    solution: list[list[int]] | None = None
    with SatSolver(DEFAULT_BACKEND, clauses, run=Run(deadline, "explain")) as solver:
        variables = np.arange(1, n**3 + 1, dtype=np.int64)
        costs = [COSTS[p[0]] for p in premises]
        oracle = Oracle(
            solver,
            switches,
            costs,
            variables,
            np.zeros(n**3, dtype=bool),
            lambda grid: _satisfied(puzzle, premises, grid),
            memory,
            deadline,
        )
        try:
            solution = _unique_solution(oracle, n, top)
            state = puzzle.to_lists()
            while any(0 in row for row in state):
                step = _step(puzzle, premises, state, solution, oracle, budget)
                for (r, c), digit in step.cells.items():
                    state[r][c] = digit
                decided = [position(n, cell, digit) for cell, digit in step.cells.items()]
                solver.add_clauses([[p + 1] for p in decided])  # facts from now on
                memory.keep_fitting(np.array(decided), np.ones(len(decided), dtype=bool))
                steps.append(step)
        except SolverTimeoutError as error:  # the steps found by then stand
            cut: SolverTimeoutError | None = error
        else:
            cut = None
    found = explanation(steps, start, solution, memory.sat_calls, memory.hitting_sets, cut)
    if not certify:
        return found
    from .certify import with_certificates

    return with_certificates(puzzle, found, deadline)


def digits_of(grid: np.ndarray, n: int) -> np.ndarray:
    """The digit of every cell of a grid array (one-hot), as an ``n x n`` array."""
    return grid.reshape(n, n, n).argmax(axis=2) + 1


def _satisfied(puzzle: Futoshiki, premises: Sequence[Premise], grid: np.ndarray) -> frozenset[int]:
    n = puzzle.height
    digits = digits_of(grid, n)
    good = []
    for premise in premises:
        kind = premise[0]
        if kind == "row":
            good.append(len(set(digits[premise[1]].tolist())) == n)
        elif kind == "column":
            good.append(len(set(digits[:, premise[1]].tolist())) == n)
        elif kind == "sign":
            good.append(bool(digits[premise[1]] < digits[premise[2]]))
        else:
            good.append(bool(digits[premise[1]] == puzzle.grid[premise[1][0]][premise[1][1]]))
    return frozenset(k for k, ok in enumerate(good) if ok)


def _unique_solution(oracle: Oracle, n: int, top: int) -> list[list[int]]:
    grid = oracle.solve(list(oracle.switches))
    if grid is None:
        raise NoSolutionError("no solution: no grid satisfies every rule and clue")
    other = top + 1  # a fresh variable: "the grid differs from this one"
    oracle.solver.add_clause([-other, *(-(int(p) + 1) for p in np.flatnonzero(grid))])
    second = oracle.solve([*oracle.switches, other])
    if second is not None:
        a, b = digits_of(grid, n), digits_of(second, n)
        spots = [(int(r), int(c)) for r, c in zip(*np.nonzero(a != b), strict=True)]
        raise NotUniqueError(
            f"more than one solution: two grids differ in {len(spots)} cells, "
            f"the first at {spots[0]}"
        )
    return digits_of(grid, n).tolist()


def _touching(premises: Sequence[Premise], cell: Cell) -> list[int]:
    """The premises that mention ``cell``: its row and column, the signs at it."""
    near = []
    for k, premise in enumerate(premises):
        kind = premise[0]
        if (
            (kind == "row" and premise[1] == cell[0])
            or (kind == "column" and premise[1] == cell[1])
            or (kind == "sign" and cell in premise[1:])
        ):
            near.append(k)
    return near


def _step(
    puzzle: Futoshiki,
    premises: Sequence[Premise],
    state: list[list[int]],
    solution: list[list[int]],
    oracle: Oracle,
    budget: int,
) -> Step:
    n = puzzle.height
    open_ = [(r, c) for r in range(n) for c in range(n) if state[r][c] == 0]
    candidates = [(position(n, cell, solution[cell[0]][cell[1]]), True) for cell in open_]
    touching = [_touching(premises, cell) for cell in open_]
    calls, sets = oracle.memory.sat_calls, oracle.memory.hitting_sets
    choice = cheapest_step(oracle, candidates, touching, budget=budget)
    forced = forced_candidates(oracle, choice, candidates, touching)
    cells = {open_[k]: solution[open_[k][0]][open_[k][1]] for k in sorted(forced)}
    used = tuple(premises[p] for p in choice.premises)
    target = open_[choice.candidate]
    kind, reason = describe(puzzle, state, used, target, cells)
    calls, sets = oracle.memory.sat_calls - calls, oracle.memory.hitting_sets - sets
    return Step(cells, used, reason, kind, choice.cost, choice.optimal, calls, sets, choice.grids)
