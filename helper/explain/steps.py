"""What an explanation is made of: :class:`Step` and :class:`Explanation`, for both puzzles.

A step decides some cells and names the premises it uses: clues (a Nonogram's rows and
columns) or rules and clues (a Futoshiki's rows, columns, signs and givens). It also rests on
every cell decided by the steps before it; those are facts, not premises, and are not listed.
Premises are tuples, so that they print, compare and travel to JavaScript as plain data:

- ``("row", i)`` and ``("column", j)``: the clue of a Nonogram line, or the rule of a
  Futoshiki row or column (each digit once);
- ``("sign", (r1, c1), (r2, c2))``: a Futoshiki sign, cell 1 < cell 2;
- ``("given", (r, c))``: a Futoshiki given.

Rows, columns and cells are counted from 0, as everywhere in the package.
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import overload

import numpy as np

from helper.proofs.certificate import Certificate

Cell = tuple[int, int]
Premise = tuple  # ("row", i) | ("column", j) | ("sign", cell, cell) | ("given", cell)
Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Step:
    """One step of an explanation: the cells it decides and why.

    Attributes
    ----------
    cells
        ``(row, column) -> value``: Nonogram 1 black, 0 white; colour Nonogram the colour
        number, 0 the background; Futoshiki the digit.
    lines
        The premises it uses (see the module's docstring), the fewest the explainer found.
    reason
        One sentence a person can check on the grid.
    kind
        A short tag: Nonogram ``"overlap"``, ``"line solver"``, ``"several lines"``; a
        colour Nonogram ``"overlap"``, ``"line solver"``, ``"two lines"`` (the row and the
        column through one cell);
        Futoshiki ``"single"``, ``"sign"``, ``"chain"``, ``"hall"``, ``"case split"``.
    cost
        The cost of its premises (:data:`helper.explain.nonogram.LINE_COST` per Nonogram
        line; see :data:`helper.explain.futoshiki.COSTS`).
    optimal
        Proven the cheapest step at its turn. False for a step found greedily when the
        search for the cheapest ran out of budget: its premises are minimal (none can be
        dropped) but a cheaper step may exist.
    sat_calls, hitting_sets
        What finding this step took (0 for a Nonogram's single-line steps: line logic).
    grids
        For a step proven the cheapest by the hitting-set search: the grid arrays whose
        correction sets made the proof (one Boolean per cell, or per Futoshiki cell and digit).
        They are the witnesses of :func:`helper.explain.cheapest.certify_cheapest`.
    """

    cells: Mapping[Cell, int]
    lines: tuple[Premise, ...]
    reason: str
    kind: str
    cost: int = 0
    optimal: bool = True
    sat_calls: int = 0
    hitting_sets: int = 0
    grids: tuple[np.ndarray, ...] = field(default=(), repr=False, compare=False)

    def __str__(self) -> str:
        return f"{self.reason} ({self.kind})"


@dataclass(frozen=True)
class Explanation(Sequence[Step]):
    """The steps of an explanation, in order, from the start grid to the solution.

    A sequence of :class:`Step` (iterate, ``len``, index). ``start`` is the grid the steps
    start from (a Nonogram: every cell ``-1``, unknown; a Futoshiki: the puzzle's grid, ``0``
    for an empty cell) and ``solution`` the grid they end at.

    An explanation cut short by its time limit keeps the steps found by then: ``complete``
    is then ``False`` and ``message`` says why; each step kept is sound (its premises force its
    cells), but the steps do not reach the solution. So does a colour Nonogram's explanation
    that stops where its steps (single lines, a row and a column together) decide nothing more
    (:data:`helper.explain.colour.STALLED`).

    Attributes
    ----------
    steps
        The steps, in order.
    start, solution
        The grid before the first step, and the solution, the only one (``None`` when the time
        ran out before it was proved the only one: then there are no steps; for a colour
        Nonogram, ``None`` unless the steps reach it).
    sat_calls
        How many times a SAT solver was asked (a Nonogram's single-line steps need none).
    hitting_sets
        How many hitting-set problems (RC2) were solved on the way.
    complete
        ``True`` when the steps lead from ``start`` to ``solution``.
    message
        Why the explanation is incomplete (empty when it is complete).
    certificates
        With ``explain(..., certify=True)``: one certificate per step, in order, that the
        step's cells follow from its premises and the cells before it
        (:func:`helper.explain.certify.certify_steps`); empty otherwise.
    cheapest
        With ``explain(..., certify=True)``: one certificate per step, in order, that no step
        deciding a cell costs less at its turn
        (:func:`helper.explain.cheapest.certify_cheapest`); empty otherwise.
    """

    steps: tuple[Step, ...]
    start: Grid
    solution: Grid | None
    sat_calls: int = 0
    hitting_sets: int = 0
    complete: bool = True
    message: str = ""
    certificates: tuple[Certificate, ...] = ()
    cheapest: tuple[Certificate, ...] = ()

    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...
    def __getitem__(self, index: int | slice) -> Step | Sequence[Step]:
        return self.steps[index]

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    @property
    def single_line(self) -> int:
        """How many steps use one premise (for a Nonogram, one line)."""
        return sum(len(step.lines) == 1 for step in self.steps)

    @property
    def multi_line(self) -> int:
        """How many steps use more than one premise."""
        return sum(len(step.lines) > 1 for step in self.steps)

    @property
    def greedy(self) -> int:
        """How many steps are minimal but not proven the cheapest (the budget ran out)."""
        return sum(not step.optimal for step in self.steps)

    def kinds(self) -> dict[str, int]:
        """How many steps of each kind, in the order they first appear."""
        counts: dict[str, int] = {}
        for step in self.steps:
            counts[step.kind] = counts.get(step.kind, 0) + 1
        return counts


def explanation(
    steps: Sequence[Step],
    start: Grid,
    solution: Sequence[Sequence[int]] | None,
    sat_calls: int,
    hitting_sets: int,
    cut_by: Exception | None = None,
) -> Explanation:
    """The explainers' one way to say what they found: ``cut_by`` is the time-out that stopped
    them (then the explanation is incomplete and says why), ``None`` when they finished."""
    return Explanation(
        tuple(steps),
        start,
        None if solution is None else tuple(map(tuple, solution)),
        sat_calls,
        hitting_sets,
        complete=cut_by is None,
        message="" if cut_by is None else str(cut_by),
    )


def replay(start: Sequence[Sequence[int]], steps: Sequence[Step], unknown: int) -> list[list[int]]:
    """The grid after ``steps``, from ``start``; ``ValueError`` if a step decides a cell that
    is not ``unknown`` any more (a step only decides open cells)."""
    grid = [list(row) for row in start]
    for number, step in enumerate(steps):
        for (r, c), value in step.cells.items():
            if grid[r][c] != unknown:
                raise ValueError(f"step {number} decides cell ({r}, {c}), which is decided")
            grid[r][c] = value
    return grid


def premise_text(premise: Premise) -> str:
    """A premise as the reasons write it: ``row 3``, ``sign (0, 1) < (0, 2)``, ``given (2, 2)``."""
    if premise[0] in ("row", "column"):
        return f"{premise[0]} {premise[1]}"
    if premise[0] == "sign":
        return f"{premise[1]} < {premise[2]}"
    return f"the given {premise[1]}"


def numbers_text(numbers: Sequence[int]) -> str:
    """``1``, ``1 and 2``, ``1, 2 and 4``, ``3 to 7`` (a run of four or more)."""
    numbers = sorted(numbers)
    parts: list[str] = []
    start = 0
    while start < len(numbers):
        end = start
        while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
            end += 1
        if end - start >= 3:
            parts.append(f"{numbers[start]} to {numbers[end]}")
        else:
            parts.extend(str(n) for n in numbers[start : end + 1])
        start = end + 1
    return and_join(parts)


def and_join(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
