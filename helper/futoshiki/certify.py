"""Certificates for Futoshiki answers: the one-hot CNF of the puzzle
(``helper.futoshiki.cnf``), "cell ``(r, c)`` holds ``v``" as variable ``(r * n + c) * n + v``,
refuted with a DRAT proof the book's checker accepts."""

from helper.certify import DEFAULT_PROOF_BACKEND, Formula
from helper.certify import certify_count as _certify_count
from helper.certify import certify_solve as _certify_solve
from helper.proofs import Certificate
from helper.results import CountResult, SolveResult

from .cnf import blocking_clause, one_hot_cnf
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
        backend=backend,
        time_limit=time_limit,
        comments=cnf_comments(puzzle),
    )


__all__ = ["certify_count", "certify_solve", "cnf_comments", "futoshiki_formula"]
