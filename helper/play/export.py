"""A puzzle and the steps of its explanation as plain JSON data, checked on the way out.

The page's player (``static/play.js``) gets everything it shows from this data: the clues, the
solution (for Check) and the steps (for Hint and for Previous / Next), computed when the book is
built, so the page needs no solver. A step is any object with the four fields of the steps of
``helper.explain.nonogram.explain`` / ``helper.explain.futoshiki.explain`` (:class:`StepLike`);
the steps are replayed from the empty grid here, and data whose steps contradict each other,
leave a cell undecided or end at a grid that breaks a clue is refused with a ``ValueError``
that names the step and the cell, so a page can never offer a Hint that leads nowhere.

The JSON form of a step::

    {"cells": [[row, column, value], ...],      # 0-based, in row-major order
     "lines": [["row", i], ["column", j],        # Nonogram and Futoshiki
               ["sign", [r1, c1], [r2, c2]],     # Futoshiki: cell 1 < cell 2
               ["given", [r, c]]],               # Futoshiki: a printed number
     "reason": "one sentence", "kind": "overlap",
     "proved": true}                             # only for explain(..., certify=True)
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from helper.futoshiki.check import check_futoshiki
from helper.futoshiki.puzzle import Futoshiki, as_futoshiki
from helper.nonogram.clues import check_nonogram
from helper.nonogram.puzzle import Nonogram
from helper.proofs.certificate import Certificate

FORMAT_VERSION = 1
"""Bumped when the JSON the player reads changes shape."""


class StepLike(Protocol):
    """One step of an explanation, as ``explain`` returns it (any object with these fields).

    ``cells`` maps ``(row, column)`` (0-based) to the value the step decides (a Nonogram's 1
    black / 0 white, a Futoshiki's digit); ``lines`` are the premises it uses (``("row", i)``,
    ``("column", j)``, and for a Futoshiki ``("sign", (r1, c1), (r2, c2))`` and
    ``("given", (r, c))``); ``reason`` is one sentence; ``kind`` names the rule.
    """

    @property
    def cells(self) -> Mapping[tuple[int, int], int]: ...

    @property
    def lines(self) -> Sequence[Sequence[Any]]: ...

    @property
    def reason(self) -> str: ...

    @property
    def kind(self) -> str: ...


def _cell(value: object, size: tuple[int, int], where: str) -> list[int]:
    """``[row, column]`` from a pair inside a grid of ``size``; a ValueError naming ``where``."""
    height, width = size
    if (
        not isinstance(value, Sequence)
        or isinstance(value, str)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise ValueError(f"{where}: a cell is a (row, column) pair of integers, got {value!r}")
    row, column = value
    if not (0 <= row < height and 0 <= column < width):
        raise ValueError(f"{where}: cell {(row, column)} is outside the {height} × {width} grid")
    return [row, column]


def _premise(premise: object, size: tuple[int, int], futoshiki: bool, where: str) -> list[Any]:
    """The JSON form of one premise, checked against the grid's size."""
    if not isinstance(premise, Sequence) or isinstance(premise, str) or not premise:
        raise ValueError(f"{where}: a premise is a tuple such as ('row', 2), got {premise!r}")
    kind, *rest = premise
    height, width = size
    if kind in ("row", "column") and len(rest) == 1:
        (index,) = rest
        limit = height if kind == "row" else width
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < limit:
            raise ValueError(f"{where}: {kind} {index!r} is not a {kind} of the puzzle")
        return [kind, index]
    if futoshiki and kind == "sign" and len(rest) == 2:
        return ["sign", _cell(rest[0], size, where), _cell(rest[1], size, where)]
    if futoshiki and kind == "given" and len(rest) == 1:
        return ["given", _cell(rest[0], size, where)]
    known = "('row', i), ('column', j)" + (", ('sign', a, b), ('given', c)" if futoshiki else "")
    raise ValueError(f"{where}: unknown premise {premise!r} (known: {known})")


def _steps_json(
    steps: Iterable[StepLike],
    size: tuple[int, int],
    values: range,
    start: Sequence[Sequence[int]],
    futoshiki: bool,
    *,
    undecided_ok: bool = False,
) -> tuple[list[dict[str, Any]], list[list[int]]]:
    """The steps as JSON, and the grid they reach from ``start`` (0 = undecided for a
    Futoshiki, -1 for a Nonogram); with ``undecided_ok``, a grid with undecided cells (the
    steps of an explanation that says it is incomplete)."""
    grid = [list(row) for row in start]
    unknown = 0 if futoshiki else -1
    out: list[dict[str, Any]] = []
    for number, step in enumerate(steps, start=1):
        where = f"step {number}"
        if not isinstance(step.reason, str) or not step.reason.strip():
            raise ValueError(f"{where}: the reason is not a sentence: {step.reason!r}")
        if not isinstance(step.kind, str) or not step.kind:
            raise ValueError(f"{where}: the kind is not a name: {step.kind!r}")
        if not step.cells:
            raise ValueError(f"{where} decides no cell ({step.reason!r})")
        cells = []
        for key, value in sorted(step.cells.items()):
            row, column = _cell(key, size, where)
            label = f"{where}, row {row}, column {column}"
            if not isinstance(value, int) or isinstance(value, bool) or value not in values:
                raise ValueError(f"{label}: value {value!r} is not one of {list(values)}")
            if grid[row][column] not in (unknown, value):
                raise ValueError(
                    f"{label}: the step says {value}, but the cell is {grid[row][column]} already"
                )
            grid[row][column] = value
            cells.append([row, column, value])
        lines = [_premise(p, size, futoshiki, where) for p in step.lines]
        out.append({"cells": cells, "lines": lines, "reason": step.reason, "kind": step.kind})
    proofs = getattr(steps, "certificates", ())  # explain(..., certify=True)
    if proofs:
        if len(proofs) != len(out):
            raise ValueError(f"{len(proofs)} certificates for {len(out)} steps")
        for step_json, certificate in zip(out, proofs, strict=True):
            step_json["proved"] = bool(certificate.proved)
    undecided = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == unknown]
    if undecided and not undecided_ok:
        r, c = undecided[0]
        raise ValueError(
            f"the {len(out)} steps leave {len(undecided)} cells undecided, "
            f"the first at row {r}, column {c}: a Hint would not reach the solution"
        )
    return out, grid


def proof_data(certificate: Certificate, solution: Sequence[Sequence[int]]) -> dict[str, Any]:
    """What the player says of a puzzle's certificate (``helper.proofs``): the claim, whether
    it is proved, and one sentence a reader sees under the title.

    Raises
    ------
    ValueError
        When the certificate's witnesses are not the solution the player shows (it would be
        the certificate of another puzzle).

    Examples
    --------
    >>> from helper.proofs import Certificate
    >>> unique = Certificate("unique", True, "checked", formula=((1,), (-1,)), proof=("0",))
    >>> print(proof_data(unique, [[1]])["text"])
    Unique: proved when this page was built, by a proof that the book's own checker accepted.
    """
    if certificate.witnesses and [list(row) for row in certificate.witnesses[0]] != [
        list(row) for row in solution
    ]:
        raise ValueError("the certificate's solution is not the player's: another puzzle's?")
    claim = certificate.claim.capitalize()
    if not certificate.proved:
        text = f"{claim}: not proved ({certificate.reason})."
    elif not certificate.formula:
        text = f"{claim}: proved ({certificate.reason})."
    else:  # the lemmas and the checker are the chapter "Trusting a no"; here, plain words
        text = (
            f"{claim}: proved when this page was built, by a proof that the book's own "
            "checker accepted."
        )
    return {"claim": certificate.claim, "proved": certificate.proved, "text": text}


def nonogram_data(
    puzzle: Nonogram,
    steps: Iterable[StepLike],
    *,
    title: str | None = None,
    certificate: Certificate | None = None,
) -> dict[str, Any]:
    """The JSON object the Nonogram player reads: clues, solution and checked steps, and with
    ``certificate`` what proves the puzzle unique (:func:`~helper.play.export.proof_data`).

    The solution is the grid the steps reach (every cell decided, every clue kept, or a
    ``ValueError`` that says which step or cell is wrong).
    """
    if not isinstance(puzzle, Nonogram):
        raise TypeError(f"expected a Nonogram, got {type(puzzle).__name__}")
    size = (puzzle.height, puzzle.width)
    start = [[-1] * puzzle.width for _ in range(puzzle.height)]
    out, grid = _steps_json(steps, size, range(2), start, futoshiki=False)
    if not check_nonogram(puzzle.rows, puzzle.cols, grid):
        raise ValueError("the steps end at a grid that breaks a clue")
    data = {
        "version": FORMAT_VERSION,
        "puzzle": "nonogram",
        "title": title if title is not None else puzzle.title,
        "rows": [list(clue) for clue in puzzle.rows],
        "cols": [list(clue) for clue in puzzle.cols],
        "solution": grid,
        "steps": out,
    }
    if certificate is not None:
        data["proof"] = proof_data(certificate, grid)
    return data


def futoshiki_data(
    puzzle: Futoshiki,
    steps: Iterable[StepLike],
    *,
    title: str | None = None,
    certificate: Certificate | None = None,
) -> dict[str, Any]:
    """The JSON object the Futoshiki player reads: givens, signs, solution and checked steps,
    and with ``certificate`` what proves the puzzle unique (:func:`~helper.play.export.proof_data`).

    The steps start from the givens; the solution is the grid they reach, checked against
    every rule (or a ``ValueError`` that says which step or cell is wrong).
    """
    puzzle = as_futoshiki(puzzle)
    n = puzzle.height
    out, grid = _steps_json(steps, (n, n), range(1, n + 1), puzzle.grid, futoshiki=True)
    if not check_futoshiki(puzzle.grid, puzzle.constraints, grid):
        raise ValueError("the steps end at a grid that breaks a rule (row, column or sign)")
    data = {
        "version": FORMAT_VERSION,
        "puzzle": "futoshiki",
        "title": title if title is not None else (puzzle.name or f"Futoshiki {n} × {n}"),
        "size": n,
        "givens": [list(row) for row in puzzle.grid],
        "signs": [[list(a), list(b)] for a, b in puzzle.constraints],
        "solution": grid,
        "steps": out,
    }
    if certificate is not None:
        data["proof"] = proof_data(certificate, grid)
    return data
