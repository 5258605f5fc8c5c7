"""Rebuild the seed's sample puzzles from its page, which lost every line break.

On the page a puzzle is one line of tokens. The rows survive (a row is ``n`` cells, and
the ``<`` / ``>`` signs inside it are glued to their cells), and so does the order of the
vertical signs between two rows, but not their columns: ``^ v`` between two rows of a 5x5
grid could sit under columns (0, 1), (0, 2), ..., (3, 4). We keep the placements under
which the printed solution obeys every sign, and look among them for one that leaves the
printed solution as the only one (see :func:`reconstruct`).
"""

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from helper.backends.cpsat import found_solution, solve_model
from helper.deadline import Run
from helper.futoshiki.check import check_futoshiki
from helper.futoshiki.model import GameBoard
from helper.futoshiki.text import parse_futoshiki
from helper.futoshiki.validate import Grid


@dataclass
class FlatSample:
    """One sample as the page prints it: row lines, the signs of each gap, the answer."""

    name: str
    rows: list[str]  # the row lines, with their ' ', '<', '>' separators
    signs: list[str]  # signs[r]: the vertical signs between rows r and r + 1, left to right
    solution: Grid


@dataclass
class Reconstruction:
    """The outcome for one sample."""

    name: str
    size: int
    vertical_signs: int  # how many ^ / v signs had to be placed
    placements: int  # placements under which the printed solution obeys every sign
    refuted: int  # placements tried and refuted by another solution on the way
    unique: bool  # does the chosen placement leave the printed solution as the only one?
    text: str  # the puzzle chosen


def read_flat(name: str, puzzle: str, solution: str) -> FlatSample:
    """Split a flattened puzzle line into its rows and its vertical signs."""
    numbers = [int(t) for t in solution.split()]
    size = math.isqrt(len(numbers))
    if size * size != len(numbers) or size == 0:
        raise ValueError(f"{name}: the solution has {len(numbers)} numbers, not a square count")
    grid = [numbers[r * size : (r + 1) * size] for r in range(size)]
    rows: list[str] = []
    signs: list[str] = []
    current: list[str] = []  # tokens of the row being read
    cells = 0
    for token in puzzle.split():
        if token in ("^", "v"):
            if current or not rows:
                raise ValueError(f"{name}: sign {token!r} where a row should continue")
            signs[-1] += token
            continue
        current.append(token)
        cells += (len(token) + 1) // 2
        if cells == size:
            rows.append(" ".join(current))
            signs.append("")
            current, cells = [], 0
        elif cells > size:
            raise ValueError(f"{name}: a row of more than {size} cells")
    if current or len(rows) != size:
        raise ValueError(f"{name}: {len(rows)} complete rows, expected {size}")
    return FlatSample(name, rows, signs[:-1], grid)


def read_seed_samples(text: str) -> list[FlatSample]:
    """Read ``data/futoshiki/seed_samples.txt``: blocks of name, ``puzzle:``, ``solution:``."""
    samples = []
    blocks = [b for b in text.split("\n\n") if b.strip() and not b.lstrip().startswith("#")]
    for block in blocks:
        name, puzzle, solution = (line.strip() for line in block.strip().splitlines())
        samples.append(
            read_flat(name, puzzle.removeprefix("puzzle:"), solution.removeprefix("solution:"))
        )
    return samples


def sign_columns(signs: str, upper: list[int], lower: list[int]) -> list[tuple[int, ...]]:
    """Columns, left to right, that the signs can take so that the two rows obey them."""
    return [
        columns
        for columns in itertools.combinations(range(len(upper)), len(signs))
        if all(
            (upper[c] < lower[c]) == (sign == "^") for sign, c in zip(signs, columns, strict=True)
        )
    ]


def sign_line(signs: str, columns: tuple[int, ...]) -> str:
    """The line of the text format with ``signs`` under ``columns``."""
    chars = [" "] * (2 * max(columns, default=0) + 1)
    for sign, c in zip(signs, columns, strict=True):
        chars[2 * c] = sign
    return "".join(chars).rstrip()


def _puzzle_text(sample: FlatSample, chosen: Sequence[tuple[int, ...]]) -> str:
    lines = [sample.rows[0]]
    for r, columns in enumerate(chosen):
        if columns:
            lines.append(sign_line(sample.signs[r], columns))
        lines.append(sample.rows[r + 1])
    return "\n".join(lines)


def _strongest_other(
    sample: FlatSample, choices: list[list[tuple[int, ...]]], text: str, effort: float
) -> Grid | None:
    """A solution of ``text`` other than the printed one, or ``None`` when there is none.

    Of the other solutions it prefers one that obeys as many of the candidate placements as
    it can (searching for ``effort`` units of CP-SAT's deterministic time): such a solution
    leaves the fewest placements that rule it out, so the guesses converge quickly.
    """
    printed = sample.solution
    board = GameBoard(*parse_futoshiki(text))
    model, cells = board.model, board.cells
    differs = []
    for r, row in enumerate(cells):
        for c, x in enumerate(row):
            d = model.new_bool_var(f"differs[{r},{c}]")
            model.add(x != printed[r][c]).only_enforce_if(d)
            differs.append(d)
    model.add_bool_or(differs)
    obeyed = []
    for r, options in enumerate(choices):
        for columns in options:
            ok = model.new_bool_var(f"obeys gap {r} at {columns}")
            for sign, c in zip(sample.signs[r], columns, strict=True):
                upper, lower = cells[r][c], cells[r + 1][c]
                model.add(upper < lower if sign == "^" else upper > lower).only_enforce_if(ok)
            obeyed.append(ok)
    model.maximize(sum(obeyed))
    run = Run(method=f"{sample.name}: uniqueness within the effort {effort}")
    solver, status = solve_model(model, run, {"max_deterministic_time": effort})
    if not found_solution(solver, status, run):
        return None
    return [[solver.value(x) for x in row] for row in cells]


def _breaks(signs: str, columns: tuple[int, ...], upper: list[int], lower: list[int]) -> bool:
    """Does a pair of rows break at least one of the signs placed under ``columns``?"""
    return any(
        (upper[c] < lower[c]) != (sign == "^") for sign, c in zip(signs, columns, strict=True)
    )


def _choose(
    sample: FlatSample, choices: list[list[tuple[int, ...]]], others: list[Grid]
) -> list[tuple[int, ...]] | None:
    """One placement per gap such that every grid in ``others`` breaks some sign, or None."""
    model = cp_model.CpModel()
    picks = [
        [model.new_bool_var(f"gap{r}_{j}") for j in range(len(c))] for r, c in enumerate(choices)
    ]
    for gap in picks:
        model.add_exactly_one(gap)
    for other in others:
        model.add_bool_or(
            [
                picks[r][j]
                for r, options in enumerate(choices)
                for j, columns in enumerate(options)
                if _breaks(sample.signs[r], columns, other[r], other[r + 1])
            ]
        )
    solver, status = solve_model(model)
    if not found_solution(solver, status):
        return None
    return [
        next(columns for j, columns in enumerate(options) if solver.value(picks[r][j]))
        for r, options in enumerate(choices)
    ]


def reconstruct(
    sample: FlatSample, *, effort: float = 1.0, max_rounds: int = 1000
) -> Reconstruction:
    """Place the vertical signs so that the printed solution is the only one, if possible.

    A loop of guess and refute: choose a placement that every other solution met so far
    breaks (a small CP-SAT model over the choices), then ask the Futoshiki model for another
    solution of that puzzle. When there is none, the placement is unique; when no placement
    breaks all the other solutions met, no placement can be unique, and we keep the one with
    every sign as far left as it can go.
    """
    printed = sample.solution
    if not check_futoshiki(*parse_futoshiki("\n".join(sample.rows)), printed):
        raise ValueError(f"{sample.name}: the printed solution breaks a given or a row sign")
    choices = [sign_columns(s, printed[r], printed[r + 1]) for r, s in enumerate(sample.signs)]
    if not all(choices):
        raise ValueError(f"{sample.name}: no placement of the signs fits the printed solution")
    others: list[Grid] = []
    chosen = [options[0] for options in choices]
    unique = False
    for _ in range(max_rounds):
        guess = _choose(sample, choices, others)
        if guess is None:
            break
        other = _strongest_other(sample, choices, _puzzle_text(sample, guess), effort)
        if other is None:
            chosen, unique = guess, True
            break
        others.append(other)
    else:
        raise RuntimeError(f"{sample.name}: no answer after {max_rounds} rounds")
    return Reconstruction(
        name=sample.name,
        size=len(printed),
        vertical_signs=sum(len(s) for s in sample.signs),
        placements=math.prod(len(options) for options in choices),
        refuted=len(others),
        unique=unique,
        text=_puzzle_text(sample, chosen),
    )
