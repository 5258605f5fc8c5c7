"""Certificates for Nonogram answers: the automaton CNF of the clues, cell ``(r, c)`` as
variable ``r * width + c + 1``, refuted with a DRAT proof the book's checker accepts.

On this CNF unit propagation is line logic (``helper.nonogram.models.cnf_automaton``), so a
puzzle that line logic solves alone has a uniqueness proof with no lemma at all: the clues and
"some cell differs" fail by propagation.
"""

from collections.abc import Sequence

from helper.certify import DEFAULT_PROOF_BACKEND, Formula
from helper.certify import certify_conflict as _certify_conflict
from helper.certify import certify_count as _certify_count
from helper.certify import certify_solve as _certify_solve
from helper.proofs import Certificate
from helper.results import CountResult, Grid, SolveResult

from .clues import check_nonogram, runs
from .conflicts import ClueLine, LineConflict
from .models.cnf_automaton import SatModel, automaton_line_clauses, build_sat_model
from .puzzle import Nonogram


def nonogram_cnf(puzzle: Nonogram) -> SatModel:
    """The automaton CNF of ``puzzle`` with no cell decided: variables ``1 .. height *
    width`` are the cells, row by row (cell ``(r, c)``, from 0, is ``r * width + c + 1``),
    and the rest are the lines' automaton states.

    Examples
    --------
    >>> model = nonogram_cnf(Nonogram([[1], [1]], [[1], [1]]))
    >>> model.cells
    [[1, 2], [3, 4]]
    """
    return build_sat_model(puzzle.rows, puzzle.cols)


def cnf_comments(puzzle: Nonogram) -> list[str]:
    """What the variables of :func:`nonogram_cnf` mean, for the head of a DIMACS file."""
    height, width = puzzle.height, puzzle.width

    def clues(lines: Sequence[Sequence[int]]) -> str:
        return " | ".join(" ".join(map(str, clue)) or "0" for clue in lines)

    return [
        f"a Nonogram of {height} rows and {width} columns, as the automaton CNF",
        f"variables 1 to {height * width}: the cells row by row, true when filled "
        f"(row r, column c, counted from 1, is variable (r - 1) * {width} + c)",
        f"variables from {height * width + 1}: the states of each line's automaton",
        f"row clues, from the top: {clues(puzzle.rows)}",
        f"column clues, from the left: {clues(puzzle.cols)}",
    ]


def nonogram_formula(puzzle: Nonogram) -> Formula:
    """The clauses of :func:`nonogram_cnf` (one empty clause when the clues break at once)."""
    clauses = nonogram_cnf(puzzle).clauses  # new lists, the caller's to keep
    return [[]] if clauses is None else clauses


def certify_count(
    puzzle: Nonogram,
    count: CountResult,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> Certificate:
    """The certificate of ``count``'s claim about ``puzzle`` ("unique", "no solution", "at
    least 2 solutions", ...): :func:`helper.certify.certify_count` on :func:`nonogram_cnf`.

    Examples
    --------
    >>> from helper.nonogram import count_solutions
    >>> puzzle = Nonogram([[2], [1]], [[2], [1]])
    >>> certify_count(puzzle, count_solutions(puzzle)).summary()
    "unique: proved (Glucose 3's DRAT proof (no lemma: unit propagation refutes it), checked ..."
    """
    return _certify_count(
        count,
        lambda: nonogram_formula(puzzle),
        lambda grid: differs_clause(puzzle, grid),
        check=lambda grid: check_nonogram(puzzle.rows, puzzle.cols, grid),
        backend=backend,
        time_limit=time_limit,
        comments=cnf_comments(puzzle),
    )


def certify_solve(
    puzzle: Nonogram,
    result: SolveResult,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> Certificate:
    """The certificate of a solve's claim about ``puzzle``: its picture, or a proof that none
    exists (:func:`helper.certify.certify_solve` on :func:`nonogram_cnf`)."""
    return _certify_solve(
        result,
        lambda: nonogram_formula(puzzle),
        check=lambda grid: check_nonogram(puzzle.rows, puzzle.cols, grid),
        backend=backend,
        time_limit=time_limit,
        comments=cnf_comments(puzzle),
    )


def line_cells(puzzle: Nonogram, line: ClueLine) -> list[int]:
    """The variables of a line's cells in :func:`nonogram_cnf`'s numbering, in order."""
    width = puzzle.width
    if line.kind == "row":
        return [line.index * width + c + 1 for c in range(width)]
    return [r * width + line.index + 1 for r in range(puzzle.height)]


def certify_conflict(
    puzzle: Nonogram,
    conflict: LineConflict,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> Certificate:
    """The certificate of a set of lines that cannot all hold (``conflicting_lines``): a
    DRAT proof that the lines' automaton clauses have no common picture, and, when the set is
    minimal, for each line a picture that keeps every other line's clue (checked by counting
    runs, :func:`~helper.nonogram.clues.runs`).

    Examples
    --------
    >>> from helper.nonogram import conflicting_lines
    >>> broken = Nonogram([[2], []], [[2], []])
    >>> certificate = certify_conflict(broken, conflicting_lines(broken))
    >>> certificate.claim, certificate.proved
    ('row 1: 0; column 0: 2: cannot all hold, and each is needed', True)
    >>> certificate.witnesses  # without row 1, column 0 full; without column 0, row 1 empty
    ([[1, 0], [1, 0]], [[0, 0], [0, 0]])
    """
    lines = list(conflict.lines)
    top = puzzle.height * puzzle.width
    parts: list[Formula] = []
    for line in lines:
        cells = line_cells(puzzle, line)
        clauses: Formula = []
        new_top = automaton_line_clauses(line.clue, [-1] * len(cells), cells, top, clauses)
        if new_top is None:  # a clue that no line of this length fits: validated away
            raise ValueError(f"{line}: the clue does not fit the line")
        top = new_top
        parts.append(clauses)
    cells_of = [line_cells(puzzle, line) for line in lines]

    def decode(model: list[int]) -> Grid:
        true = {literal for literal in model if literal > 0}
        return [
            [int(r * puzzle.width + c + 1 in true) for c in range(puzzle.width)]
            for r in range(puzzle.height)
        ]

    def holds(grid: Grid, k: int) -> bool:
        flat = [value for row in grid for value in row]
        return runs([flat[v - 1] for v in cells_of[k]]) == list(lines[k].clue)

    return _certify_conflict(
        parts,
        [str(line) for line in lines],
        decode=decode,
        holds=holds,
        minimal=conflict.minimal,
        backend=backend,
        time_limit=time_limit,
        comments=[*cnf_comments(puzzle)[:2], "the clauses of the conflicting lines only"],
    )


def differs_clause(puzzle: Nonogram, grid: Grid) -> list[int]:
    """The clause "some cell differs from ``grid``" over :func:`nonogram_cnf`'s cells."""
    return [
        -(r * puzzle.width + c + 1) if value else r * puzzle.width + c + 1
        for r, row in enumerate(grid)
        for c, value in enumerate(row)
    ]


__all__ = [
    "certify_conflict",
    "certify_count",
    "certify_solve",
    "cnf_comments",
    "differs_clause",
    "line_cells",
    "nonogram_cnf",
    "nonogram_formula",
]
