"""Certificates for explanation steps: each step's cells follow from its premises and the cells
known before it, proved by a DRAT proof that the book's checker accepts.

A step claims: *given the cells decided before it, its premises alone decide these cells*. The
formula of step ``k`` is its premises' clauses (a Nonogram line's block-start clauses, a
Futoshiki row's, column's, sign's or given's one-hot clauses, with "each cell holds one
digit"), a unit clause per cell known before it, and one clause "some decided cell has
another value". :func:`helper.certify.refute` proves it has no model. The claim is about the
premises the step names: a step that secretly needed another line would not be proved.
"""

from collections.abc import Sequence
from dataclasses import replace

from helper.certify import DEFAULT_PROOF_BACKEND, refute
from helper.deadline import Deadline
from helper.futoshiki.certify import cnf_comments as futoshiki_comments
from helper.futoshiki.cnf import pairwise_exactly_one
from helper.futoshiki.puzzle import Futoshiki
from helper.nonogram.certify import cnf_comments as nonogram_comments
from helper.nonogram.clues import UNKNOWN
from helper.nonogram.models.cnf_starts import start_line_clauses
from helper.nonogram.puzzle import Nonogram
from helper.proofs import Certificate, unproved

from .futoshiki import premise_clauses
from .steps import Explanation, Step, and_join, premise_text

Formula = list[list[int]]


def _nonogram_formula(puzzle: Nonogram, step: Step, before: Sequence[Sequence[int]]) -> Formula:
    height, width = puzzle.height, puzzle.width

    def var(r: int, c: int) -> int:
        return r * width + c + 1

    clauses: Formula = []
    top = height * width
    cells: set[tuple[int, int]] = set()
    for kind, index in step.lines:
        if kind == "row":
            places = [(index, c) for c in range(width)]
            clue = puzzle.rows[index]
        else:
            places = [(r, index) for r in range(height)]
            clue = puzzle.cols[index]
        cells.update(places)
        new_top = start_line_clauses(
            clue, [UNKNOWN] * len(places), [var(r, c) for r, c in places], top, clauses
        )
        assert new_top is not None  # a valid clue always fits an open line
        top = new_top
    for r, c in sorted(cells):
        if before[r][c] != -1:
            clauses.append([var(r, c) if before[r][c] else -var(r, c)])
    clauses.append([-var(r, c) if value else var(r, c) for (r, c), value in step.cells.items()])
    return clauses


def _futoshiki_formula(puzzle: Futoshiki, step: Step, before: Sequence[Sequence[int]]) -> Formula:
    n = puzzle.height

    def x(cell: tuple[int, int], digit: int) -> int:
        return (cell[0] * n + cell[1]) * n + digit

    clauses: Formula = []
    for r in range(n):
        for c in range(n):
            clauses += pairwise_exactly_one([x((r, c), d) for d in range(1, n + 1)])
            if before[r][c]:
                clauses.append([x((r, c), before[r][c])])
    for premise in step.lines:
        clauses += premise_clauses(premise, puzzle, x)
    clauses.append([-x(cell, value) for cell, value in step.cells.items()])
    return clauses


def _claim(number: int, step: Step) -> str:
    decided = and_join([f"({r}, {c}) = {value}" for (r, c), value in sorted(step.cells.items())])
    premises = and_join([premise_text(premise) for premise in step.lines])
    return f"step {number}: {decided} by {premises}"


def certify_steps(
    puzzle: Nonogram | Futoshiki,
    steps: Explanation,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
) -> list[Certificate]:
    """One certificate per step of ``steps`` (``explain(puzzle)``), in order.

    Parameters
    ----------
    puzzle
        The puzzle explained, Nonogram or Futoshiki.
    steps
        Its explanation.
    backend
        The SAT back end that makes the proofs.
    time_limit
        Seconds for all the steps together; a step reached after they pass, or whose proof
        cannot be made or checked in what is left, is "not proved".

    Examples
    --------
    >>> from helper.explain.nonogram import explain
    >>> puzzle = Nonogram([[2], [1]], [[2], [1]])
    >>> proved = certify_steps(puzzle, explain(puzzle))
    >>> [certificate.proved for certificate in proved]
    [True, True, True]
    >>> proved[0].claim
    'step 1: (0, 0) = 1 and (0, 1) = 1 by row 0'
    """
    futoshiki = isinstance(puzzle, Futoshiki)
    unknown = 0 if futoshiki else -1
    grid = [list(row) for row in steps.start]
    deadline = Deadline(time_limit)
    comments = [
        *(futoshiki_comments(puzzle) if futoshiki else nonogram_comments(puzzle)),  # type: ignore[arg-type]
        "the clauses of the step's premises, a unit clause per cell known before it, and the "
        "last clause: some cell the step decides has another value",
    ]
    out: list[Certificate] = []
    for number, step in enumerate(steps, start=1):
        claim = _claim(number, step)
        if deadline.passed():
            out.append(unproved(claim, f"no time left within {deadline.seconds:g} s"))
        else:
            formula = (
                _futoshiki_formula(puzzle, step, grid)  # type: ignore[arg-type]
                if futoshiki
                else _nonogram_formula(puzzle, step, grid)  # type: ignore[arg-type]
            )
            left = deadline.left()
            out.append(
                refute(
                    formula,
                    claim,
                    backend=backend,
                    time_limit=left,
                    comments=comments,
                    name=f"step-{number}",
                )
            )
        for (r, c), value in step.cells.items():
            if grid[r][c] != unknown:
                raise ValueError(f"step {number} decides cell ({r}, {c}), which is decided")
            grid[r][c] = value
    return out


def with_certificates(
    puzzle: Nonogram | Futoshiki, found: Explanation, deadline: Deadline
) -> Explanation:
    """``found`` with two certificates for each of its steps, made within ``deadline``: that
    its premises force its cells (:func:`certify_steps`), and that no step costs less at its
    turn (:func:`helper.explain.cheapest.certify_cheapest`)."""
    from .cheapest import certify_cheapest

    certificates = certify_steps(puzzle, found, time_limit=deadline.left())
    cheapest = certify_cheapest(puzzle, found, time_limit=deadline.left())
    return replace(found, certificates=tuple(certificates), cheapest=tuple(cheapest))


__all__ = ["certify_steps", "with_certificates"]
