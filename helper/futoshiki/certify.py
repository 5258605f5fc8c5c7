"""Certificates for Futoshiki answers: the one-hot CNF of the puzzle
(``helper.futoshiki.cnf``), "cell ``(r, c)`` holds ``v``" as variable ``(r * n + c) * n + v``,
refuted with a DRAT proof the book's checker accepts."""

from collections.abc import Sequence

from helper.backends.pysat import SatSolver
from helper.certify import DEFAULT_PROOF_BACKEND, Formula, certify_no_fewer
from helper.certify import certify_conflict as _certify_conflict
from helper.certify import certify_count as _certify_count
from helper.certify import certify_solve as _certify_solve
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError
from helper.proofs import Certificate, unproved
from helper.results import CountResult, Grid, SolveResult

from .check import check_futoshiki
from .cnf import blocking_clause, decode_one_hot, one_hot_clauses, sign_clauses
from .conflicts import ClueConflict, FutoshikiClue, puzzle_clues
from .parts import puzzle_parts
from .puzzle import Futoshiki


def _var(size: int, r: int, c: int, v: int) -> int:
    return (r * size + c) * size + v  # the numbering of one_hot_cnf


def futoshiki_formula(puzzle: Futoshiki) -> Formula:
    """The clauses of the puzzle's one-hot CNF (``one_hot_cnf``), new lists.

    Examples
    --------
    >>> formula = futoshiki_formula(Futoshiki([[1, 0], [0, 0]]))
    >>> [1] in formula, [-1, -2] in formula  # the given, then "not both 1 and 2" in cell (0, 0)
    (True, True)
    """
    return one_hot_clauses(puzzle.grid, puzzle.constraints)[0]


def cnf_comments(puzzle: Futoshiki) -> list[str]:
    """What the variables of :func:`futoshiki_formula` mean, for the head of a DIMACS file."""
    n = len(puzzle.grid)
    return [
        f"a Futoshiki of {n} rows and {n} columns, as the one-hot CNF",
        f"variable r * {n * n} + c * {n} + v: row r, column c (from 0) holds v",
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
    return _certify_conflict(
        [_clue_clauses(size, clue) for clue in clues],
        [str(clue) for clue in clues],
        base=_rules(size),
        decode=lambda model: decode_one_hot(model, lambda r, c, v: _var(size, r, c, v), size),
        holds=lambda grid, k: _keeps(size, grid, clues[k : k + 1]),
        minimal=conflict.minimal,
        backend=backend,
        time_limit=time_limit,
        comments=[
            f"a Futoshiki of {size} rows and {size} columns, as the one-hot CNF: the Latin "
            "square rules and the conflicting clues only",
            f"variable r * {size * size} + c * {size} + v: row r, column c (from 0) holds v",
        ],
    )


def certify_correction(
    puzzle: Futoshiki,
    clues: Sequence[FutoshikiClue],
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> Certificate:
    """The certificate of "retype these givens and signs, and no fewer will do"
    (``clues_to_retype``).

    - **Enough**: without ``clues``, the other clues hold together: a Latin square that keeps
      each of them (found by the SAT back end, checked by
      :func:`~helper.futoshiki.check.check_futoshiki`).
    - **No fewer**: the one-hot CNF with a switch per clue, and "at most ``len(clues) - 1``
      switches off", refuted by a checked DRAT proof (the one part,
      :func:`helper.certify.certify_no_fewer`).

    Examples
    --------
    >>> from helper.futoshiki.conflicts import clues_to_retype
    >>> broken = Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))])  # (0, 1) < 1: impossible
    >>> fewest = clues_to_retype(broken).fixes[0].typed
    >>> certificate = certify_correction(broken, fewest)
    >>> certificate.claim, certificate.proved
    ('retype given (0, 0) = 1, and no fewer clues', True)
    >>> certificate.witnesses  # the sign alone kept
    ([[2, 1], [1, 2]],)
    """
    grid, signs = puzzle_parts(puzzle)
    size = len(grid)
    everything = puzzle_clues(grid, signs)
    unknown = [clue for clue in clues if clue not in everything]
    if unknown:
        raise ValueError(f"{unknown[0]} is not a clue of the puzzle")
    if not clues:
        raise ValueError("no clue to retype: a correction holds 1 clue or more")
    deadline = Deadline(time_limit)
    names = ", ".join(str(clue) for clue in clues)
    claim = f"retype {names}, and no fewer clues"
    kept = [clue for clue in everything if clue not in set(clues)]
    base = _rules(size)
    try:
        witness = _keeping(size, base, kept, backend, deadline)
    except SolverTimeoutError:
        return unproved(claim, f"no Latin square keeping the other clues within {time_limit:g} s")
    if witness is None:
        return unproved(claim, "the other clues cannot all hold: these are not enough")
    if not _keeps(size, witness, kept):  # the solver's grid, checked without it
        return unproved(claim, "a witness fails: the grid found breaks a clue it keeps")
    top = size**3
    switches = list(range(top + 1, top + 1 + len(everything)))
    switched = list(base)
    for k, clue in enumerate(everything):
        switched += [[-switches[k], *clause] for clause in _clue_clauses(size, clue)]
    no_fewer = certify_no_fewer(
        switched,
        switches,
        len(clues),
        "clue",
        backend=backend,
        time_limit=deadline.left(),
        comments=[
            f"a Futoshiki of {size} rows and {size} columns, as the one-hot CNF: variable "
            f"r * {size * size} + c * {size} + v says row r, column c (from 0) holds v",
            "the clues, in order: " + "; ".join(str(clue) for clue in everything),
        ],
    )
    reason = (
        f"a Latin square keeps every other clue; {no_fewer.reason}"
        if no_fewer.proved
        else f"no fewer: {no_fewer.reason}"
    )
    return Certificate(
        claim,
        no_fewer.proved,
        reason,
        witnesses=(witness,),
        backend=backend,
        name="correction",
        parts=(no_fewer,),
    )


def _rules(size: int) -> Formula:
    """The Latin square rules alone, in the one-hot numbering (each cell one digit, each digit
    once per row and column)."""
    return one_hot_clauses([[0] * size for _ in range(size)], [])[0]


def _clue_clauses(size: int, clue: FutoshikiClue) -> Formula:
    """A given's unit clause, or a sign's clauses, in the one-hot numbering."""

    def var(r: int, c: int, v: int) -> int:
        return _var(size, r, c, v)

    if clue.kind == "given":
        (r, c), value = clue.cells[0], clue.value
        assert value is not None  # a given has its number
        return [[var(r, c, value)]]
    return sign_clauses(var, clue.cells[0], clue.cells[1], size)


def _keeping(
    size: int,
    base: Formula,
    kept: Sequence[FutoshikiClue],
    backend: str,
    deadline: Deadline,
) -> Grid | None:
    """A Latin square that the SAT back end says keeps every clue of ``kept``; ``None`` when
    there is none. Raises :class:`~helper.errors.SolverTimeoutError` when ``deadline`` passes
    first."""
    formula = base + [clause for clue in kept for clause in _clue_clauses(size, clue)]
    with SatSolver(backend, formula, run=Run(deadline)) as solver:
        if not solver.solve():
            return None
        return decode_one_hot(solver.model(), lambda r, c, v: _var(size, r, c, v), size)


def _keeps(size: int, grid: Grid, clues: Sequence[FutoshikiClue]) -> bool:
    """Whether ``grid`` is a Latin square that keeps every clue of ``clues``
    (:func:`~helper.futoshiki.check.check_futoshiki` on a puzzle made of them)."""
    givens = [[0] * size for _ in range(size)]
    for clue in clues:
        if clue.kind == "given":
            (r, c) = clue.cells[0]
            assert clue.value is not None  # a given has its number
            givens[r][c] = clue.value
    signs = [clue.cells for clue in clues if clue.kind == "sign"]
    return check_futoshiki(givens, signs, grid)


__all__ = [
    "certify_conflict",
    "certify_correction",
    "certify_count",
    "certify_solve",
    "cnf_comments",
    "futoshiki_formula",
]
