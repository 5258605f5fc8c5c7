"""Certificates for Nonogram answers: the block-start CNF of the clues, cell ``(r, c)`` as
variable ``r * width + c + 1``, refuted with a DRAT proof the book's checker accepts.

On this CNF, as on the full automaton CNF it is made from, unit propagation is line logic
(``helper.nonogram.models.cnf_starts``), so a puzzle that line logic solves alone has a
uniqueness proof with no lemma at all: the clues and "some cell differs" fail by propagation.
It has fewer clauses (each block's chain of cell states is one variable per start), and a
certificate's cost is mostly building its formula and propagating it, so it is the formula of
every Nonogram certificate: counts, solves, conflicting lines and explanation steps
(:mod:`helper.explain.certify`).
"""

from collections.abc import Sequence
from dataclasses import replace

from helper.backends.pysat import SatSolver
from helper.certify import DEFAULT_PROOF_BACKEND, Formula, certify_no_fewer
from helper.certify import certify_conflict as _certify_conflict
from helper.certify import certify_count as _certify_count
from helper.certify import certify_solve as _certify_solve
from helper.cores import deletion_mus, sat_check
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError
from helper.proofs import Certificate, unproved
from helper.results import CountResult, Grid, SolveResult

from .clues import UNKNOWN, check_nonogram, runs
from .conflicts import ClueLine, LineConflict, puzzle_lines, switched_cnf
from .models.cnf_automaton import SatModel
from .models.cnf_starts import build_start_model, start_line_clauses
from .puzzle import Nonogram


def nonogram_cnf(puzzle: Nonogram) -> SatModel:
    """The block-start CNF of ``puzzle`` with no cell decided: variables ``1 .. height *
    width`` are the cells, row by row (cell ``(r, c)``, from 0, is ``r * width + c + 1``),
    and the rest are each line's gap states and block starts.

    Examples
    --------
    >>> model = nonogram_cnf(Nonogram([[1], [1]], [[1], [1]]))
    >>> model.cells
    [[1, 2], [3, 4]]
    """
    return build_start_model(puzzle.rows, puzzle.cols)


def cnf_comments(puzzle: Nonogram) -> list[str]:
    """What the variables of :func:`nonogram_cnf` mean, for the head of a DIMACS file."""
    height, width = puzzle.height, puzzle.width

    def clues(lines: Sequence[Sequence[int]]) -> str:
        return " | ".join(" ".join(map(str, clue)) or "0" for clue in lines)

    return [
        f"a Nonogram of {height} rows and {width} columns, as the block-start CNF",
        f"variables 1 to {height * width}: the cells row by row, true when filled "
        f"(row r, column c, counted from 0, is variable r * {width} + c + 1)",
        f"variables from {height * width + 1}: each line's gap states and block starts",
        f"row clues, from the top: {clues(puzzle.rows)}",
        f"column clues, from the left: {clues(puzzle.cols)}",
    ]


def nonogram_formula(puzzle: Nonogram) -> Formula:
    """The clauses of :func:`nonogram_cnf` (new lists, the caller's to keep)."""
    clauses = nonogram_cnf(puzzle).clauses
    assert clauses is not None  # with no cell known, a valid clue always fits its line
    return clauses


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
    'unique: proved (unit propagation refutes it: the proof is the empty clause alone ...'
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
    DRAT proof that the lines' clauses (block-start CNF) have no common picture, and, when
    the set is minimal, for each line a picture that keeps every other line's clue (checked
    by counting runs, :func:`~helper.nonogram.clues.runs`).

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
    return _certify_conflict(
        _line_parts(puzzle, lines),
        [str(line) for line in lines],
        decode=lambda model: _picture(puzzle, model),
        holds=lambda grid, k: _keeps(puzzle, grid, lines[k : k + 1]),
        minimal=conflict.minimal,
        backend=backend,
        time_limit=time_limit,
        comments=[*cnf_comments(puzzle)[:2], "the clauses of the conflicting lines only"],
    )


def _line_parts(puzzle: Nonogram, lines: Sequence[ClueLine]) -> list[Formula]:
    """The block-start clauses of each line, over one numbering (cells first)."""
    top = puzzle.height * puzzle.width
    parts: list[Formula] = []
    for line in lines:
        cells = line_cells(puzzle, line)
        clauses: Formula = []
        new_top = start_line_clauses(line.clue, [UNKNOWN] * len(cells), cells, top, clauses)
        assert new_top is not None  # a valid clue always fits an open line
        top = new_top
        parts.append(clauses)
    return parts


def certify_correction(
    puzzle: Nonogram,
    lines: Sequence[ClueLine],
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> Certificate:
    """The certificate of "retype these lines, and no fewer will do" (``lines_to_retype``).

    - **Enough**: with the clues of ``lines`` left out, the other lines hold together: a
      picture that keeps every other clue (found by the SAT back end, checked by counting
      runs).
    - **No fewer**: as many sets of lines that cannot all hold as ``lines`` has, pairwise
      disjoint, each refuted by a checked DRAT proof (``parts``). A correction must retype a
      line of each set, so it retypes at least that many lines. When fewer disjoint sets are
      found (the bound can need sets that overlap), the bound is proved in one refutation
      instead (:func:`helper.certify.certify_no_fewer`, the one part).

    Examples
    --------
    >>> from helper.nonogram.conflicts import lines_to_retype
    >>> broken = Nonogram([[2], []], [[2], []])
    >>> fewest = lines_to_retype(broken).fixes[0].typed
    >>> certificate = certify_correction(broken, fewest)
    >>> certificate.claim, certificate.proved, len(certificate.parts)
    ('retype row 0: 2, column 0: 2, and no fewer lines', True, 2)
    """
    everything = puzzle_lines(puzzle)
    chosen = set(lines)
    unknown = chosen - set(everything)
    if unknown:
        raise ValueError(f"{sorted(map(str, unknown))[0]} is not a line of the puzzle")
    deadline = Deadline(time_limit)
    names = ", ".join(str(line) for line in lines)
    claim = f"retype {names}, and no fewer lines"
    kept = [line for line in everything if line not in chosen]
    try:
        witness = _keeping(puzzle, kept, backend, deadline)
    except SolverTimeoutError:
        return unproved(claim, f"no picture keeping the other lines within {time_limit:g} s")
    if witness is None:
        return unproved(claim, "the other lines cannot all hold: these are not enough")
    if not _keeps(puzzle, witness, kept):  # the solver's picture, checked without it
        return unproved(claim, "a witness fails: the picture found breaks a line it keeps")
    clauses, switches = switched_cnf(puzzle.rows, puzzle.cols)
    available = list(range(len(everything)))
    parts: list[Certificate] = []
    try:
        with SatSolver(backend, clauses, run=Run(deadline)) as solver:
            check = sat_check(solver, switches)  # within the solver's deadline
            while len(parts) < len(lines) and available:
                core = deletion_mus(check, len(switches), available)
                if core is None:
                    break
                members = tuple(everything[k] for k in sorted(core.members))
                conflict = LineConflict(members, False, core.first, core.solves)
                part = certify_conflict(
                    puzzle, conflict, backend=backend, time_limit=deadline.left()
                )
                parts.append(replace(part, name=f"correction-part-{len(parts) + 1}"))
                available = [k for k in available if k not in core.members]
    except SolverTimeoutError:
        pass  # the sets found so far: the bound below says whether they are enough
    proved = len(parts) == len(lines) and all(part.proved for part in parts)
    if proved:
        sets = "1 set" if len(parts) == 1 else f"{len(parts)} disjoint sets"
        reason = f"a picture keeps every other line; {sets} of lines that cannot all hold, refuted"
    elif len(parts) < len(lines) and all(part.proved for part in parts):
        # the bound needs sets that overlap: prove it in one refutation instead
        no_fewer = certify_no_fewer(
            clauses,
            switches,
            len(lines),
            "line",
            backend=backend,
            time_limit=deadline.left(),
            comments=[
                *cnf_comments(puzzle)[:2],
                "then, line by line (rows, then columns), its block-start variables and its "
                "switch: each clause of a line holds when the line's switch is true",
            ],
        )
        reason = (
            f"a picture keeps every other line; {no_fewer.reason}"
            if no_fewer.proved
            else f"only {len(parts)} disjoint sets of lines that cannot all hold were found, "
            f"and the bound in one refutation is not proved: {no_fewer.reason}"
        )
        proved, parts = no_fewer.proved, [no_fewer]
    else:
        reason = next(part.reason for part in parts if not part.proved)
    return Certificate(
        claim,
        proved,
        reason,
        witnesses=(witness,),
        backend=backend,
        name="correction",
        parts=tuple(parts),
    )


def _keeping(
    puzzle: Nonogram, kept: Sequence[ClueLine], backend: str, deadline: Deadline
) -> Grid | None:
    """A picture that the SAT back end says keeps every clue of ``kept``; ``None`` when there
    is none. Raises :class:`~helper.errors.SolverTimeoutError` when ``deadline`` passes
    first."""
    formula = [clause for part in _line_parts(puzzle, kept) for clause in part]
    with SatSolver(backend, formula, run=Run(deadline)) as solver:
        if not solver.solve():
            return None
        return _picture(puzzle, solver.model())


def _picture(puzzle: Nonogram, model: Sequence[int]) -> Grid:
    """The picture of a model of :func:`nonogram_cnf`'s numbering (its true cell variables)."""
    true = {literal for literal in model if literal > 0}
    return [
        [int(r * puzzle.width + c + 1 in true) for c in range(puzzle.width)]
        for r in range(puzzle.height)
    ]


def _keeps(puzzle: Nonogram, grid: Grid, lines: Sequence[ClueLine]) -> bool:
    """Whether ``grid`` keeps the clue of every line of ``lines`` (by counting runs)."""
    flat = [value for row in grid for value in row]
    return all(runs([flat[v - 1] for v in line_cells(puzzle, line)]) == list(line.clue)
               for line in lines)  # fmt: skip


def differs_clause(puzzle: Nonogram, grid: Grid) -> list[int]:
    """The clause "some cell differs from ``grid``" over :func:`nonogram_cnf`'s cells."""
    return [
        -(r * puzzle.width + c + 1) if value else r * puzzle.width + c + 1
        for r, row in enumerate(grid)
        for c, value in enumerate(row)
    ]


__all__ = [
    "certify_conflict",
    "certify_correction",
    "certify_count",
    "certify_solve",
    "cnf_comments",
    "differs_clause",
    "line_cells",
    "nonogram_cnf",
    "nonogram_formula",
]
