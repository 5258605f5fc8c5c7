"""Make new Futoshiki puzzles that have exactly one solution, and measure how hard they are.

The recipe: draw a random Latin square (the answer), write down everything about it (every
number as a given and every sign between neighbours), then try to remove those clues one
at a time in a random order, keeping a removal only when the answer is still the only
solution. What is left is a puzzle where no single clue can go: remove any one and a
second solution appears. The same ``seed`` always gives the same puzzle.
"""

import random
from collections.abc import Sequence

from pysat.formula import IDPool

from helper.backends.cpsat import found_solution, solve_model
from helper.backends.pysat import SatSolver
from helper.errors import NoSolutionError

from .cnf import decode_one_hot, futoshiki_cnf, sign_clauses
from .model import GameBoard
from .puzzle import Futoshiki
from .solvers import count_solutions
from .strategies import SEARCH_ALONE
from .validate import Constraint, Grid, validate_futoshiki

MIN_SIZE, MAX_SIZE = 4, 9

ORACLE_BACKEND = "cadical195"
"""The PySAT back end of :class:`UniquenessOracle`: CaDiCaL 1.9.5, which answers its many
small questions quickly. It cannot be interrupted, so the oracle has no time limit; Ctrl-C is
seen as soon as the small question it is answering returns
(:class:`~helper.backends.pysat.SatSolver`)."""


def _random_row(used: list[set[int]], rng: random.Random) -> list[int]:
    """A row that puts in each column a number not yet ``used`` there: a random matching."""
    size = len(used)
    number_of_column: dict[int, int] = {}
    column_of_number: dict[int, int] = {}

    def augment(column: int, seen: set[int]) -> bool:
        numbers = [v for v in range(1, size + 1) if v not in used[column] and v not in seen]
        rng.shuffle(numbers)
        for v in numbers:
            seen.add(v)
            other = column_of_number.get(v)
            if other is None or augment(other, seen):
                number_of_column[column], column_of_number[v] = v, column
                return True
        return False

    columns = list(range(size))
    rng.shuffle(columns)
    for column in columns:
        if not augment(column, set()):  # pragma: no cover - impossible by Hall's theorem
            raise RuntimeError("could not extend the Latin rectangle")
    return [number_of_column[c] for c in range(size)]


def latin_square(size: int, rng: random.Random) -> Grid:
    """A random ``size`` x ``size`` Latin square, built row by row.

    Each row is a random perfect matching between the columns and the numbers still free
    in them (augmenting paths, trying columns and numbers in a random order). A Latin
    rectangle can always be extended by one more row, so this never gets stuck.
    """
    used: list[set[int]] = [set() for _ in range(size)]  # numbers already in each column
    square: Grid = []
    for _ in range(size):
        row = _random_row(used, rng)
        for c, v in enumerate(row):
            used[c].add(v)
        square.append(row)
    return square


def all_signs(solution: Sequence[Sequence[int]]) -> list[Constraint]:
    """Every sign between two neighbouring cells of a filled grid, as ``(smaller, larger)``."""
    size = len(solution)
    signs: list[Constraint] = []
    for r in range(size):
        for c in range(size):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < size and c2 < size:
                    a, b = (r, c), (r2, c2)
                    signs.append((a, b) if solution[r][c] < solution[r2][c2] else (b, a))
    return signs


class UniquenessOracle:
    """Answers "is ``solution`` still the only solution?" for many sets of clues, quickly.

    One incremental SAT solver (PySAT) holds the Latin-square rules of
    :func:`~helper.futoshiki.cnf.futoshiki_cnf`, the clause "some cell differs from
    ``solution``", and every possible clue (each given and each sign of the solution)
    guarded by a selector variable. A question is one ``solve`` under assumptions that
    switch the chosen clues on and the rest off: unsatisfiable means unique. The solver
    keeps what it learns between questions, which makes this far faster than a fresh
    model per question.
    """

    def __init__(self, solution: Grid, signs: Sequence[Constraint]) -> None:
        size = len(solution)
        cnf, var = futoshiki_cnf([[0] * size for _ in range(size)], [])
        self._size, self._var = size, var
        self._sat = SatSolver(ORACLE_BACKEND, cnf.clauses)
        self._sat.add_clause([-var(r, c, solution[r][c]) for r in range(size) for c in range(size)])
        pool = IDPool(start_from=cnf.nv + 1)  # the switches: fresh numbers after the CNF's own
        self.switches: dict[tuple[str, object], int] = {}
        for r in range(size):
            for c in range(size):
                self.switches["given", (r, c)] = s = pool.id(("given", r, c))
                self._sat.add_clause([-s, var(r, c, solution[r][c])])
        for (r1, c1), (r2, c2) in signs:
            self.switches["sign", ((r1, c1), (r2, c2))] = s = pool.id(("sign", r1, c1, r2, c2))
            for clause in sign_clauses(var, (r1, c1), (r2, c2), size):
                self._sat.add_clause([-s, *clause])

    def unique(self, active: set[tuple[str, object]]) -> bool:
        return self.other_solution(active) is None

    def other_solution(self, active: set[tuple[str, object]]) -> Grid | None:
        """A second solution that obeys the ``active`` clues, or ``None`` when there is none."""
        assumptions = [s if clue in active else -s for clue, s in self.switches.items()]
        if not self._sat.solve(assumptions):
            return None
        return decode_one_hot(self._sat.model(), self._var, self._size)

    def close(self) -> None:
        self._sat.close()


def generate_futoshiki(size: int, seed: int = 0) -> tuple[Grid, list[Constraint]]:
    """A ``size`` x ``size`` Futoshiki with exactly one solution, made from a seed.

    Givens are removed first, then signs, so the puzzles show few numbers and many signs;
    removing any remaining clue would make the puzzle ambiguous. The result is checked with
    CP-SAT (:func:`~helper.futoshiki.count_solutions`) before it is returned.

    Parameters
    ----------
    size
        The side of the grid, from 4 to 9.
    seed
        The same seed gives the same puzzle on every run.

    Returns
    -------
    tuple[list[list[int]], list[tuple[tuple[int, int], tuple[int, int]]]]
        ``(grid, constraints)``, as :func:`~helper.futoshiki.text.parse_futoshiki` returns them.

    Raises
    ------
    ValueError
        When ``size`` is not an integer from 4 to 9, or ``seed`` not an integer.

    Examples
    --------
    >>> from helper.futoshiki import Futoshiki, count_solutions, format_futoshiki
    >>> grid, constraints = generate_futoshiki(4, seed=1)
    >>> print(format_futoshiki(grid, constraints))
    0 0<0 0
    v
    0 0 0 0
    v ^
    0 0 0 0
      v   v
    0 0>0 0
    >>> count_solutions(Futoshiki(grid, constraints)).unique
    True
    """
    if isinstance(size, bool) or not isinstance(size, int):
        raise ValueError(f"size must be an integer from {MIN_SIZE} to {MAX_SIZE}, got {size!r}")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be from {MIN_SIZE} to {MAX_SIZE}, got {size}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    rng = random.Random(f"futoshiki-{size}-{seed}")
    solution = latin_square(size, rng)
    signs = all_signs(solution)
    givens: list[tuple[str, object]] = [("given", (r, c)) for r in range(size) for c in range(size)]
    sign_clues: list[tuple[str, object]] = [("sign", sign) for sign in signs]
    rng.shuffle(givens)
    rng.shuffle(sign_clues)
    active = set(givens + sign_clues)  # everything about the solution: surely unique
    oracle = UniquenessOracle(solution, signs)
    try:
        for clue in givens + sign_clues:
            active.discard(clue)
            if not oracle.unique(active):
                active.add(clue)  # this clue is needed: put it back
    finally:
        oracle.close()
    grid = [
        [solution[r][c] if ("given", (r, c)) in active else 0 for c in range(size)]
        for r in range(size)
    ]
    constraints = [sign for sign in signs if ("sign", sign) in active]
    if not count_solutions(
        Futoshiki(grid, constraints)
    ).unique:  # pragma: no cover - a second, independent check
        raise RuntimeError("the generated puzzle is not unique")
    return validate_futoshiki(grid, constraints)


def difficulty(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
) -> dict[str, int | float]:
    """How hard the puzzle is for CP-SAT's search: branches and conflicts of search alone.

    Presolve alone solves most small puzzles outright, and CP-SAT counts the trials of its
    probing as branches, which would hide the search. So this solve turns presolve off, and
    probing and inprocessing too (:data:`~helper.futoshiki.strategies.SEARCH_ALONE`): every
    branch it counts is a guess. One worker and a fixed seed make the counts the same on every
    run.

    Parameters
    ----------
    grid
        The puzzle's rows, ``0`` for an empty cell.
    constraints
        Its signs.

    Returns
    -------
    dict[str, int | float]
        ``givens`` and ``signs`` shown, CP-SAT's ``branches`` and ``conflicts``, and its
        ``wall_time_s``.

    Raises
    ------
    NoSolutionError
        When the puzzle has no solution.
    ValueError
        When the puzzle is malformed.

    Examples
    --------
    >>> found = difficulty(*generate_futoshiki(4, seed=1))
    >>> {key: found[key] for key in ("givens", "signs", "branches", "conflicts")}
    {'givens': 0, 'signs': 7, 'branches': 0, 'conflicts': 0}
    """
    grid, constraints = validate_futoshiki(grid, constraints)
    board = GameBoard(grid, constraints)
    solver, status = solve_model(
        board.model, parameters={"cp_model_presolve": False, **SEARCH_ALONE}
    )
    if not found_solution(solver, status):
        raise NoSolutionError("no solution: no grid obeys all the givens and signs")
    return {
        "givens": sum(1 for row in grid for v in row if v),
        "signs": len(constraints),
        "branches": solver.num_branches,
        "conflicts": solver.num_conflicts,
        "wall_time_s": solver.wall_time,
    }
