"""Futoshiki as a CNF formula for a SAT solver (PySAT): the alternative to CP-SAT.

One Boolean per (cell, number): ``x[r, c, v]`` is true when cell ``(r, c)`` holds ``v``.
The clauses say: every cell holds exactly one number, every number appears once in each
row and each column, the givens hold, and for a sign ``a < b``: if ``a`` holds ``v`` then
``b`` holds something above ``v`` (and, the same fact seen from ``b``, if ``b`` holds
``w`` then ``a`` holds something below ``w``).
"""

import itertools
from collections.abc import Callable, Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import CNF

from helper.sigint import pysat_sigint

from .validate import Grid, validate_futoshiki


def pairwise_exactly_one(literals: list[int]) -> list[list[int]]:
    """Exactly one of ``literals``, pairwise: PySAT's ``CardEnc.equals`` with the pairwise
    encoding (one clause "at least one", and "not both" for every pair)."""
    with pysat_sigint():  # PySAT's encoder catches Ctrl-C itself: KeyboardInterrupt all the same
        return CardEnc.equals(literals, 1, encoding=EncType.pairwise).clauses


def sign_clauses(
    var: Callable[[int, int, int], int], low: Sequence[int], high: Sequence[int], size: int
) -> list[list[int]]:
    """The clauses of one sign ``low < high``: if ``low`` holds ``v``, ``high`` holds one of
    ``v+1..n``; and, the same fact seen from ``high``, if ``high`` holds ``v``, ``low`` holds
    one of ``1..v-1``. The one place the package writes a sign as clauses."""
    (r1, c1), (r2, c2) = low, high
    clauses = []
    for v in range(1, size + 1):
        clauses.append([-var(r1, c1, v)] + [var(r2, c2, w) for w in range(v + 1, size + 1)])
        clauses.append([-var(r2, c2, v)] + [var(r1, c1, w) for w in range(1, v)])
    return clauses


def futoshiki_cnf(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
) -> tuple[CNF, Callable[[int, int, int], int]]:
    """The puzzle as a CNF, and ``var(r, c, v)``, the variable number of "cell (r, c) is v".

    The puzzle is validated first (clear errors for bad input); ``one_hot_cnf`` (below) writes it.

    Parameters
    ----------
    grid
        The puzzle's rows, ``0`` for an empty cell.
    constraints
        Its signs, ``((r1, c1), (r2, c2))`` meaning cell 1 < cell 2.

    Returns
    -------
    tuple[pysat.formula.CNF, collections.abc.Callable]
        The clauses (exactly one number per cell, once per row and column, the givens, the
        signs) and the numbering of the variables, ``var(r, c, v)``, from 1.

    Raises
    ------
    ValueError
        When the puzzle is malformed (:func:`~helper.futoshiki.validate.validate_futoshiki`).

    Examples
    --------
    >>> cnf, var = futoshiki_cnf([[0, 0], [0, 0]], [((0, 0), (0, 1))])
    >>> cnf.nv, var(0, 0, 1), var(1, 1, 2)
    (8, 1, 8)
    >>> [var(0, 0, 2)] in cnf.clauses or [-var(0, 0, 2), var(0, 1, 3)] in cnf.clauses
    False
    """
    grid, constraints = validate_futoshiki(grid, constraints)
    return one_hot_cnf(grid, constraints)


def one_hot_cnf(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
) -> tuple[CNF, Callable[[int, int, int], int]]:
    """The one-hot CNF of a valid puzzle, and ``var(r, c, v)``: the variable of "cell (r, c)
    holds v"."""
    clauses, var = one_hot_clauses(grid, constraints)
    return CNF(from_clauses=clauses), var


def one_hot_clauses(
    grid: Sequence[Sequence[int]], constraints: Sequence[Sequence[Sequence[int]]]
) -> tuple[list[list[int]], Callable[[int, int, int], int]]:
    """The clauses of :func:`one_hot_cnf`, new lists, without PySAT's ``CNF`` around them (it
    copies every clause), and ``var(r, c, v)``.

    Examples
    --------
    >>> clauses, var = one_hot_clauses([[1, 0], [0, 0]], [])
    >>> [var(0, 0, 1)] in clauses, len(clauses)
    (True, 25)
    """
    size = len(grid)

    def var(r: int, c: int, v: int) -> int:
        return (r * size + c) * size + v  # 1-based: DIMACS keeps 0 to end a clause

    values = range(1, size + 1)
    lines = range(size)
    clauses: list[list[int]] = []
    for r, c in itertools.product(lines, lines):
        clauses += pairwise_exactly_one([var(r, c, v) for v in values])
        if grid[r][c]:
            clauses.append([var(r, c, grid[r][c])])
    for v, i in itertools.product(values, lines):
        clauses += pairwise_exactly_one([var(i, c, v) for c in lines])  # row i
        clauses += pairwise_exactly_one([var(r, i, v) for r in lines])  # column i
    for low, high in constraints:
        clauses += sign_clauses(var, low, high, size)
    return clauses, var


def decode_one_hot(model: Sequence[int], var: Callable[[int, int, int], int], size: int) -> Grid:
    """The grid of a model of the one-hot CNF: each cell's value is the one whose variable is
    true (the package's one decoding of it).

    Examples
    --------
    >>> cnf, var = futoshiki_cnf([[0, 0], [0, 0]], [((0, 0), (0, 1))])
    >>> decode_one_hot([var(0, 0, 1), var(0, 1, 2), var(1, 0, 2), var(1, 1, 1)], var, 2)
    [[1, 2], [2, 1]]
    """
    true = {literal for literal in model if literal > 0}
    values = range(1, size + 1)
    return [
        [next(v for v in values if var(r, c, v) in true) for c in range(size)] for r in range(size)
    ]


def blocking_clause(
    grid: Sequence[Sequence[int]], var: Callable[[int, int, int], int]
) -> list[int]:
    """The clause "some cell holds another value than in ``grid``"."""
    return [-var(r, c, v) for r, row in enumerate(grid) for c, v in enumerate(row)]
