"""Certificates for Futoshiki answers: the one-hot CNF of the puzzle
(``helper.futoshiki.cnf``), "cell ``(r, c)`` holds ``v``" as variable ``(r * n + c) * n + v``,
refuted with a DRAT proof the book's checker accepts."""

from helper.certify import DEFAULT_PROOF_BACKEND, Formula
from helper.certify import certify_conflict as _certify_conflict
from helper.certify import certify_count as _certify_count
from helper.certify import certify_solve as _certify_solve
from helper.proofs import Certificate
from helper.results import CountResult, Grid, SolveResult

from .check import check_futoshiki
from .cnf import blocking_clause, decode_one_hot, one_hot_cnf, sign_clauses
from .conflicts import ClueConflict
from .puzzle import Futoshiki


def _var(size: int, r: int, c: int, v: int) -> int:
    return (r * size + c) * size + v  # the numbering of one_hot_cnf


def futoshiki_formula(puzzle: Futoshiki) -> Formula:
    """The clauses of the puzzle's one-hot CNF (``one_hot_cnf``).

    Examples
    --------
    >>> formula = futoshiki_formula(Futoshiki([[1, 0], [0, 0]]))
    >>> [1] in formula, [-1, -2] in formula  # the given, then "not both 1 and 2" in cell (0, 0)
    (True, True)
    """
    cnf, _ = one_hot_cnf(puzzle.grid, puzzle.constraints)
    return [list(clause) for clause in cnf.clauses]


def cnf_comments(puzzle: Futoshiki) -> list[str]:
    """What the variables of :func:`futoshiki_formula` mean, for the head of a DIMACS file."""
    n = len(puzzle.grid)
    return [
        f"a Futoshiki of {n} rows and {n} columns, as the one-hot CNF",
        f"variable (r - 1) * {n * n} + (c - 1) * {n} + v: row r, column c (from 1) holds v",
        "the puzzle, in the book's text format:",
        *puzzle.to_text().splitlines(),
    ]


def certify_count(
    puzzle: Futoshiki,
    count: CountResult,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> Certificate:
    """The certificate of ``count``'s claim about ``puzzle`` ("unique", "no solution", "at
    least 2 solutions", ...): :func:`helper.certify.certify_count` on the one-hot CNF.

    Examples
    --------
    >>> from helper.futoshiki import count_solutions
    >>> puzzle = Futoshiki([[1, 0], [0, 0]])
    >>> certify_count(puzzle, count_solutions(puzzle)).proved
    True
    """
    size = len(puzzle.grid)
    return _certify_count(
        count,
        lambda: futoshiki_formula(puzzle),
        lambda grid: blocking_clause(grid, lambda r, c, v: _var(size, r, c, v)),
        check=lambda grid: check_futoshiki(puzzle.grid, puzzle.constraints, grid),
        backend=backend,
        time_limit=time_limit,
        comments=cnf_comments(puzzle),
    )


def certify_solve(
    puzzle: Futoshiki,
    result: SolveResult,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> Certificate:
    """The certificate of a solve's claim about ``puzzle``: its grid, or a proof that none
    exists (:func:`helper.certify.certify_solve` on the one-hot CNF)."""
    return _certify_solve(
        result,
        lambda: futoshiki_formula(puzzle),
        check=lambda grid: check_futoshiki(puzzle.grid, puzzle.constraints, grid),
        backend=backend,
        time_limit=time_limit,
        comments=cnf_comments(puzzle),
    )


def certify_conflict(
    size: int,
    conflict: ClueConflict,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> Certificate:
    """The certificate of givens and signs that cannot all hold (``conflicting_clues``) in a
    ``size x size`` Futoshiki: a DRAT proof that the Latin square rules and these clues have
    no common grid (the one-hot CNF), and, when the set is minimal, for each clue a Latin
    square that keeps every other one (checked without a solver).

    Examples
    --------
    >>> from helper.futoshiki.conflicts import conflicting_clues
    >>> broken = Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))])  # (0, 1) < 1: impossible
    >>> certificate = certify_conflict(2, conflicting_clues(broken))
    >>> certificate.claim, certificate.proved
    ('given (0, 0) = 1; sign (0, 1) < (0, 0): cannot all hold, and each is needed', True)
    """
    clues = list(conflict.clues)
    rules, _ = one_hot_cnf([[0] * size for _ in range(size)], [])

    def var(r: int, c: int, v: int) -> int:
        return _var(size, r, c, v)

    parts: list[Formula] = []
    for clue in clues:
        if clue.kind == "given":
            (r, c), value = clue.cells[0], clue.value
            assert value is not None  # a given has its number
            parts.append([[var(r, c, value)]])
        else:
            parts.append(sign_clauses(var, clue.cells[0], clue.cells[1], size))

    def decode(model: list[int]) -> Grid:
        return decode_one_hot(model, var, size)

    def holds(grid: Grid, k: int) -> bool:
        """The puzzle check on a puzzle made of clue ``k`` alone (a Latin square keeping it)."""
        clue = clues[k]
        givens = [[0] * size for _ in range(size)]
        if clue.kind == "given":
            (r, c), value = clue.cells[0], clue.value
            givens[r][c] = value or 0
            return check_futoshiki(givens, [], grid)
        return check_futoshiki(givens, [clue.cells], grid)

    return _certify_conflict(
        parts,
        [str(clue) for clue in clues],
        base=[list(clause) for clause in rules.clauses],
        decode=decode,
        holds=holds,
        minimal=conflict.minimal,
        backend=backend,
        time_limit=time_limit,
        comments=[
            f"a Futoshiki of {size} rows and {size} columns, as the one-hot CNF: the Latin "
            "square rules and the conflicting clues only",
            f"variable (r - 1) * {size * size} + (c - 1) * {size} + v: row r, column c (from "
            "1) holds v",
        ],
    )


__all__ = [
    "certify_conflict",
    "certify_count",
    "certify_solve",
    "cnf_comments",
    "futoshiki_formula",
]
