"""Certificates that a step is the cheapest at its turn: no set of premises that costs less
forces any open cell.

The hitting-set search (:mod:`helper.explain.ocus`) stops when the cheapest choice that meets
every *correction set* it collected is unsatisfiable. Each correction set came from a grid:
a grid that agrees with the cells known so far. That grid is the whole argument, and anyone
can check it without a solver:

- if a set of premises forces an open cell to its value, then every grid that agrees with
  the known cells either breaks one of those premises or gives the cell that value (else the
  grid would satisfy the premises, the known cells and the cell's other value together);
- a set of premises none of which mentions the cell cannot force it (with the known cells
  they have a solution, and the cell is free in them), so a step uses at least one premise
  that touches its cell.

So every step hits, for each grid, the premises the grid breaks or the cells it gets right,
and takes a premise that touches its cell. The certificate checks each grid against the known
cells, reads off what it breaks with code that shares nothing with the solvers, writes these
rules as clauses over one variable per premise ("used") and one per open cell ("picked"), adds
"exactly one cell picked" and "the premises used cost less than the step" (Hölldobler,
Manthey and Steinke's sequential weight counter, :func:`helper.certify.at_most_weighted`), and
proves the whole unsatisfiable with a checked DRAT proof (:func:`helper.certify.refute`).

A step that line logic finds (one Nonogram line) costs the least a step can cost, and its
certificate needs no grid. A Nonogram step of several lines found with the explainer's
lower bounds ("at least two rows and two columns" at a fixpoint of line logic, "five lines
once every four-line step was examined") leans on those bounds too, which carry no
certificate: when its grids alone leave a cheaper choice open, the certificate runs the
search again without the bounds (:func:`helper.explain.nonogram.search_without_bounds`),
from the step's grids, and uses the grids that search collects. When that search runs out
of budget or time, the claim is reported as not proved, with the reason.
"""

from collections.abc import Sequence

import numpy as np

from helper.certify import DEFAULT_PROOF_BACKEND, at_most, at_most_weighted, refute
from helper.deadline import Deadline
from helper.errors import SolverTimeoutError
from helper.futoshiki.puzzle import Futoshiki
from helper.nonogram.clues import UNKNOWN, runs
from helper.nonogram.puzzle import Nonogram
from helper.proofs import Certificate, unproved

from .futoshiki import COSTS as FUTOSHIKI_COSTS
from .nonogram import LINE_COST, search_without_bounds
from .steps import Cell, Explanation, Premise, Step

Formula = list[list[int]]
Picture = list[list[int]]


def _premises(puzzle: Nonogram | Futoshiki) -> list[Premise]:
    """Every premise of the puzzle, in the explainers' order."""
    if isinstance(puzzle, Nonogram):
        return [("row", r) for r in range(puzzle.height)] + [
            ("column", c) for c in range(puzzle.width)
        ]
    n = puzzle.height
    premises: list[Premise] = [("row", r) for r in range(n)] + [("column", c) for c in range(n)]
    premises += [("sign", tuple(a), tuple(b)) for a, b in puzzle.constraints]
    premises += [("given", (r, c)) for r in range(n) for c in range(n) if puzzle.grid[r][c]]
    return premises


def _cost(puzzle: Nonogram | Futoshiki, premise: Premise) -> int:
    return LINE_COST if isinstance(puzzle, Nonogram) else FUTOSHIKI_COSTS[premise[0]]


def _touches(premise: Premise, cell: Cell) -> bool:
    """Whether ``premise`` mentions ``cell`` (its row, its column, a sign at it)."""
    kind = premise[0]
    if kind == "row":
        return bool(premise[1] == cell[0])
    if kind == "column":
        return bool(premise[1] == cell[1])
    if kind == "sign":
        return cell in premise[1:]
    return bool(premise[1] == cell)  # a given


def _breaks(puzzle: Nonogram | Futoshiki, premise: Premise, picture: Picture) -> bool:
    """Whether ``picture`` (a Nonogram's 0/1 grid, a Futoshiki's digits) breaks ``premise``."""
    kind = premise[0]
    if isinstance(puzzle, Nonogram):
        i = premise[1]
        line = picture[i] if kind == "row" else [row[i] for row in picture]
        clue = puzzle.rows[i] if kind == "row" else puzzle.cols[i]
        return runs(line) != list(clue)
    n = puzzle.height
    if kind == "row":
        return len(set(picture[premise[1]])) != n
    if kind == "column":
        return len({row[premise[1]] for row in picture}) != n
    if kind == "sign":
        (r1, c1), (r2, c2) = premise[1], premise[2]
        return not picture[r1][c1] < picture[r2][c2]
    r, c = premise[1]
    return bool(picture[r][c] != puzzle.grid[r][c])


def _picture(puzzle: Nonogram | Futoshiki, grid: np.ndarray) -> Picture | str:
    """The picture of a grid array, or why it is not one (a value other than 0 and 1, a
    Futoshiki cell without exactly one digit)."""
    if not np.isin(grid, (0, 1)).all():
        return "it holds a value other than 0 and 1"
    if isinstance(puzzle, Nonogram):
        if grid.shape != (puzzle.height * puzzle.width,):
            return f"it has {grid.size} cells, not {puzzle.height * puzzle.width}"
        return grid.reshape(puzzle.height, puzzle.width).astype(int).tolist()
    n = puzzle.height
    if grid.shape != (n**3,):
        return f"it has {grid.size} cell digits, not {n**3}"
    onehot = grid.reshape(n, n, n)
    counts = onehot.sum(axis=2)
    if (counts != 1).any():
        r, c = (int(x) for x in np.argwhere(counts != 1)[0])
        return f"cell ({r}, {c}) holds {int(counts[r, c])} digits"
    return (onehot.argmax(axis=2) + 1).tolist()


def _known(puzzle: Nonogram | Futoshiki, before: Sequence[Sequence[int]]) -> dict[Cell, int]:
    """The cells known before a step: facts, not premises (a Futoshiki's givens are
    premises, so they are left out)."""
    if isinstance(puzzle, Nonogram):
        return {
            (r, c): v for r, row in enumerate(before) for c, v in enumerate(row) if v != UNKNOWN
        }
    return {
        (r, c): v
        for r, row in enumerate(before)
        for c, v in enumerate(row)
        if v and not puzzle.grid[r][c]
    }


def cheapest_formula(
    puzzle: Nonogram | Futoshiki,
    before: Sequence[Sequence[int]],
    solution: Sequence[Sequence[int]],
    cost: int,
    pictures: Sequence[Picture],
) -> Formula:
    """The clauses that say "some open cell is forced by premises costing less than
    ``cost``", given what ``pictures`` (each agreeing with the known cells) rule out.

    Variables ``1 .. P`` say premise ``p`` (in the explainers' order) is used, ``P + 1 ..
    P + K`` that open cell ``k`` (row by row) is the one forced; the counters' variables come
    after.

    Examples
    --------
    A 1 x 2 Nonogram, row clue 2, columns 1 and 1: a step costs at least one line.

    >>> puzzle = Nonogram([[2]], [[1], [1]])
    >>> cheapest_formula(puzzle, [[-1, -1]], [[1, 1]], 1, [])
    [[4, 5], [-4, 6], [-5, -6], [-4, 1, 2], [-5, 1, 3], [-1], [-2], [-3]]
    """
    premises = _premises(puzzle)
    unknown = UNKNOWN if isinstance(puzzle, Nonogram) else 0
    open_ = [
        (r, c) for r, row in enumerate(before) for c, v in enumerate(row) if v == unknown
    ]  # fmt: skip
    used = list(range(1, len(premises) + 1))
    picked = list(range(len(premises) + 1, len(premises) + len(open_) + 1))
    top = len(premises) + len(open_)
    clauses: Formula = [list(picked)]
    clauses += at_most(picked, 1, top)
    top += max(len(picked) - 1, 0)
    for k, cell in enumerate(open_):
        near = [used[p] for p, q in enumerate(premises) if _touches(q, cell)]
        clauses.append([-picked[k], *near])
    for picture in pictures:
        broken = [used[p] for p, q in enumerate(premises) if _breaks(puzzle, q, picture)]
        right = [picked[k] for k, (r, c) in enumerate(open_) if picture[r][c] == solution[r][c]]
        clauses.append(broken + right)
    costs = [_cost(puzzle, q) for q in premises]
    clauses += at_most_weighted(used, costs, cost - 1, top)
    return clauses


def certify_cheapest_step(
    puzzle: Nonogram | Futoshiki,
    number: int,
    step: Step,
    before: Sequence[Sequence[int]],
    solution: Sequence[Sequence[int]],
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
    search: bool = True,
) -> Certificate:
    """The certificate that step ``number`` (from 1) is the cheapest at its turn.

    Parameters
    ----------
    puzzle
        The puzzle explained.
    number, step
        The step and its number.
    before
        The grid before the step (a Nonogram: ``-1`` unknown; a Futoshiki: ``0`` empty).
    solution
        The puzzle's solution.
    backend, time_limit
        As for :func:`helper.certify.refute`.
    search
        For a Nonogram step of several lines whose own grids leave a cheaper choice open:
        search again without the explainer's lower bounds for grids that do not
        (:func:`helper.explain.nonogram.search_without_bounds`). ``False`` is the control
        that shows what the step's own grids prove.

    Returns
    -------
    Certificate
        Proved when every grid agrees with the known cells and the clauses of
        :func:`cheapest_formula` are refuted; its witnesses are the grids' pictures.
    """
    claim = f"step {number} is the cheapest: no step costs less than {step.cost}"
    name = f"step-{number}-cheapest"
    if not step.optimal:
        return unproved(
            claim, "the search ran out of budget: the step is minimal, not proven cheapest"
        )
    own = sum(_cost(puzzle, premise) for premise in step.lines)
    if own != step.cost or own < 1:
        return unproved(claim, f"its premises cost {own}, not {step.cost}")
    if isinstance(puzzle, Futoshiki) and puzzle.height == 1:
        return unproved(claim, "a 1 x 1 grid's digit needs no premise")
    known = _known(puzzle, before)
    broken = _solution_fault(puzzle, known, solution)
    if broken:
        return unproved(claim, f"the solution {broken}")
    deadline = Deadline(time_limit)
    pictures = _pictures(puzzle, step.grids, known)
    if isinstance(pictures, str):
        return unproved(claim, pictures)
    found = _refute_cheaper(
        puzzle, claim, name, step, before, solution, pictures, backend, time_limit
    )
    if found.proved or not found.reason.startswith("the formula has a solution"):
        return found
    if not (isinstance(puzzle, Nonogram) and len(step.lines) > 1):
        return unproved(claim, "its grids leave a cheaper choice open")
    if not search:
        return unproved(
            claim,
            "its grids leave a cheaper choice open: the step leans on the explainer's lower "
            "bounds, which carry no certificate",
        )
    # The explainer's search leaned on its lower bounds ("two rows and two columns at least"),
    # which carry no certificate: search again without them, from the step's grids, for grids
    # that rule out every cheaper choice by themselves.
    try:
        choice = search_without_bounds(
            puzzle, before, solution, step.grids, time_limit=deadline.left()
        )
    except SolverTimeoutError:
        return unproved(claim, f"no time left within {deadline.seconds:g} s")
    if not choice.optimal:
        return unproved(
            claim,
            "its grids leave a cheaper choice open, and the search without the explainer's "
            "lower bounds ran out of budget",
        )
    if choice.cost < step.cost:
        return unproved(claim, f"a step that costs {choice.cost} exists")
    more = _pictures(puzzle, choice.grids, known)
    if isinstance(more, str):
        return unproved(claim, more)
    if deadline.passed():
        return unproved(claim, f"no time left within {deadline.seconds:g} s")
    left = deadline.left()
    return _refute_cheaper(puzzle, claim, name, step, before, solution, more, backend, left)


def _pictures(
    puzzle: Nonogram | Futoshiki, grids: Sequence[np.ndarray], known: dict[Cell, int]
) -> list[Picture] | str:
    """The grids as pictures, each checked against the cells known; or why one is not fit."""
    pictures: list[Picture] = []
    for k, grid in enumerate(grids, start=1):
        picture = _picture(puzzle, np.asarray(grid))
        if isinstance(picture, str):
            return f"grid {k} is not a grid: {picture}"
        wrong = next((cell for cell, v in known.items() if picture[cell[0]][cell[1]] != v), None)
        if wrong is not None:
            return f"grid {k} contradicts the known cell {wrong}"
        pictures.append(picture)
    return pictures


def _refute_cheaper(
    puzzle: Nonogram | Futoshiki,
    claim: str,
    name: str,
    step: Step,
    before: Sequence[Sequence[int]],
    solution: Sequence[Sequence[int]],
    pictures: list[Picture],
    backend: str,
    time_limit: float | None,
) -> Certificate:
    """A checked refutation of :func:`cheapest_formula` for these pictures."""
    formula = cheapest_formula(puzzle, before, solution, step.cost, pictures)
    return refute(
        formula,
        claim,
        backend=backend,
        time_limit=time_limit,
        witnesses=pictures,
        comments=_comments(puzzle, len(pictures)),
        name=name,
    )


def _solution_fault(
    puzzle: Nonogram | Futoshiki, known: dict[Cell, int], solution: Sequence[Sequence[int]]
) -> str:
    """Why ``solution`` cannot serve as the cells' values (a premise it breaks, a known cell
    it contradicts), or an empty string."""
    picture = [list(row) for row in solution]
    for premise in _premises(puzzle):
        if _breaks(puzzle, premise, picture):
            return f"breaks {premise}"
    for (r, c), value in known.items():
        if picture[r][c] != value:
            return f"contradicts the known cell {(r, c)}"
    return ""


def _comments(puzzle: Nonogram | Futoshiki, grids: int) -> list[str]:
    count = len(_premises(puzzle))
    return [
        f"variables 1 to {count}: premise p is used (rows, columns"
        + (", signs, givens" if isinstance(puzzle, Futoshiki) else "")
        + "); then one variable per open cell, row by row: the cell forced",
        f"one clause per grid ({grids}): a premise it breaks or a cell it gets right",
        "last: a sequential weight counter, the premises used cost less than the step",
    ]


def certify_cheapest(
    puzzle: Nonogram | Futoshiki,
    steps: Explanation,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
    search: bool = True,
) -> list[Certificate]:
    """One certificate per step of ``steps`` that it is the cheapest at its turn
    (:func:`certify_cheapest_step`, whose ``search`` this passes on).

    Examples
    --------
    >>> from helper.explain.futoshiki import explain
    >>> puzzle = Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1))])
    >>> [c.proved for c in certify_cheapest(puzzle, explain(puzzle))]
    [True, True, True]
    """
    if steps.solution is None:
        return []
    unknown = UNKNOWN if isinstance(puzzle, Nonogram) else 0
    grid = [list(row) for row in steps.start]
    deadline = Deadline(time_limit)
    out = []
    for number, step in enumerate(steps, start=1):
        if deadline.passed():
            claim = f"step {number} is the cheapest: no step costs less than {step.cost}"
            out.append(unproved(claim, f"no time left within {deadline.seconds:g} s"))
        else:
            left = deadline.left()
            proof = certify_cheapest_step(
                puzzle, number, step, grid, steps.solution, backend=backend, time_limit=left,
                search=search,
            )  # fmt: skip
            out.append(proof)
        for (r, c), value in step.cells.items():
            if grid[r][c] != unknown:
                raise ValueError(f"step {number} decides cell ({r}, {c}), which is decided")
            grid[r][c] = value
    return out


__all__ = ["certify_cheapest", "certify_cheapest_step", "cheapest_formula"]
