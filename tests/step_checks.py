"""Independent checks of explanation steps, sharing no code with ``helper.explain``.

The explainer decides with PySAT (a block-start CNF for Nonograms, a one-hot CNF for
Futoshiki) and RC2. These checks use CP-SAT on models written here: a Nonogram line as a
table of its placements, listed by brute force below; a Futoshiki with ``add_all_different``
and ``<``. A step is checked against the cells decided before it:

- *sound*: its premises and those cells leave no grid in which one of its cells differs;
- *minimal*: without any one premise, some grid lets one of its cells differ.
"""

import itertools
from collections.abc import Iterator, Sequence

from ortools.sat.python import cp_model

UNKNOWN = -1


def placements(clue: Sequence[int], length: int) -> Iterator[tuple[int, ...]]:
    """Every line of ``length`` cells whose runs of black cells are ``clue``, by brute force
    over the starts of the blocks."""
    clue = [b for b in clue if b]
    if not clue:
        yield (0,) * length
        return
    slack = length - (sum(clue) + len(clue) - 1)
    if slack < 0:
        return
    for gaps in itertools.product(range(slack + 1), repeat=len(clue)):
        if sum(gaps) > slack:
            continue
        line: list[int] = []
        for k, (gap, block) in enumerate(zip(gaps, clue, strict=True)):
            line += [0] * (gap + (k > 0)) + [1] * block
        yield tuple(line + [0] * (length - len(line)))


def fitting(clue: Sequence[int], known: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every placement of ``clue`` that agrees with the ``known`` cells (-1 open): the blocks
    placed left to right, a branch dropped as soon as it disagrees."""
    clue = [b for b in clue if b]
    n = len(known)

    def place(j: int, at: int, line: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if j == len(clue):
            if all(k != 1 for k in known[at:]):
                yield line + (0,) * (n - at)
            return
        need = sum(clue[j:]) + len(clue) - j - 1
        for start in range(at, n - need + 1):
            if any(k == 1 for k in known[at:start]):
                return  # a black cell would be left out
            end = start + clue[j]
            if any(k == 0 for k in known[start:end]) or (end < n and known[end] == 1):
                continue
            gap = (0,) if end < n else ()
            yield from place(
                j + 1, end + len(gap), line + (0,) * (start - at) + (1,) * clue[j] + gap
            )

    yield from place(0, 0, ())


def colour_placements(
    clue: Sequence[tuple[int, int]], length: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every placement of a colour clue (``(length, colour)`` blocks) in a line of ``length``
    cells, as its blocks' starts and its cells (0 the background): all starts in order, two
    neighbours of the same colour a cell apart at least, those of different colours free to
    touch."""

    def starts(j: int, at: int) -> Iterator[tuple[int, ...]]:
        if j == len(clue):
            yield ()
            return
        for start in range(at, length - clue[j][0] + 1):
            end = start + clue[j][0]
            gap = int(j + 1 < len(clue) and clue[j + 1][1] == clue[j][1])
            for rest in starts(j + 1, end + gap):
                yield (start, *rest)

    for found in starts(0, 0):
        line = [0] * length
        for start, (size, colour) in zip(found, clue, strict=True):
            line[start : start + size] = [colour] * size
        yield found, tuple(line)


def colour_fitting(
    clue: Sequence[tuple[int, int]], known: Sequence[int]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The placements of :func:`colour_placements` that agree with the ``known`` cells."""
    return [
        (found, line)
        for found, line in colour_placements(clue, len(known))
        if all(k in (UNKNOWN, v) for k, v in zip(known, line, strict=True))
    ]


def line_cells(premise, height: int, width: int) -> list[tuple[int, int]]:
    kind, index = premise
    if kind == "row":
        return [(index, c) for c in range(width)]
    return [(r, index) for r in range(height)]


def _solve(model: cp_model.CpModel) -> str:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 30
    status = solver.solve(model)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE), status
    return "infeasible" if status == cp_model.INFEASIBLE else "feasible"


def nonogram_can_differ(puzzle, known, premises, cells) -> bool:
    """Whether some grid fits the known cells and the clues of ``premises`` (lines) while one
    of ``cells`` ({(r, c): value}) has the other value."""
    height, width = puzzle.height, puzzle.width
    clues = {("row", r): clue for r, clue in enumerate(puzzle.rows)}
    clues |= {("column", c): clue for c, clue in enumerate(puzzle.cols)}
    if len(premises) <= 1:  # no CP-SAT needed: list the placements of the one line
        places = line_cells(premises[0], height, width) if premises else []
        if any(cell not in places for cell in cells):
            return True  # a cell on no premise's line is free
        fixed = [known[r][c] for r, c in places]
        return any(
            any(p[places.index(cell)] != value for cell, value in cells.items())
            for p in fitting(clues[premises[0]], fixed)
        )
    model = cp_model.CpModel()
    var = {}
    for premise in premises:
        for cell in line_cells(premise, height, width):
            var.setdefault(cell, model.new_bool_var(str(cell)))
    for cell in cells:
        var.setdefault(cell, model.new_bool_var(str(cell)))
    for (r, c), x in var.items():
        if known[r][c] != UNKNOWN:
            model.add(x == known[r][c])
    for premise in premises:
        places = line_cells(premise, height, width)
        fixed = [known[r][c] for r, c in places]
        table = list(fitting(clues[premise], fixed))
        if not table:
            return False
        model.add_allowed_assignments([var[cell] for cell in places], table)
    model.add_bool_or([var[cell].Not() if value else var[cell] for cell, value in cells.items()])
    return _solve(model) == "feasible"


def futoshiki_can_differ(puzzle, known, premises, cells) -> bool:
    """Whether some Latin-square filling fits the ``known`` cells (0: open) and the
    ``premises`` (rows and columns all different, signs, givens) while one of ``cells``
    ({(r, c): digit}) holds another digit."""
    n = puzzle.height
    model = cp_model.CpModel()
    x = {(r, c): model.new_int_var(1, n, f"x{r}{c}") for r in range(n) for c in range(n)}
    for (r, c), v in x.items():
        if known[r][c]:
            model.add(v == known[r][c])
    for premise in premises:
        kind = premise[0]
        if kind == "row":
            model.add_all_different([x[(premise[1], c)] for c in range(n)])
        elif kind == "column":
            model.add_all_different([x[(r, premise[1])] for r in range(n)])
        elif kind == "sign":
            model.add(x[tuple(premise[1])] < x[tuple(premise[2])])
        elif kind == "given":
            r, c = premise[1]
            model.add(x[(r, c)] == puzzle.grid[r][c])
        else:
            raise AssertionError(f"unknown premise {premise!r}")
    differs = []
    for cell, digit in cells.items():
        d = model.new_bool_var(f"differs {cell}")
        model.add(x[cell] != digit).only_enforce_if(d)
        differs.append(d)
    model.add_bool_or(differs)
    return _solve(model) == "feasible"


def check_explanation(puzzle, explanation, can_differ, unknown) -> list[list[int]]:
    """Check every step (sound, minimal, deciding open cells only) and the replay; return
    the grid the steps reach. ``known`` before a step holds the cells decided so far; for a
    Futoshiki the givens are not known facts (a step that uses one names it)."""
    grid = [list(row) for row in explanation.start]
    facts = [[unknown] * len(row) for row in grid]
    for number, step in enumerate(explanation):
        assert step.cells, f"step {number} decides nothing"
        for r, c in step.cells:
            assert grid[r][c] == unknown, f"step {number} decides ({r}, {c}) again"
        assert len(set(step.lines)) == len(step.lines), f"step {number} repeats a premise"
        assert not can_differ(puzzle, facts, step.lines, step.cells), f"step {number} unsound"
        for k in range(len(step.lines)):
            rest = step.lines[:k] + step.lines[k + 1 :]
            assert can_differ(puzzle, facts, rest, step.cells), (
                f"step {number} is not minimal: {step.lines[k]} can go"
            )
        for (r, c), value in step.cells.items():
            grid[r][c] = value
            facts[r][c] = value
    assert [list(row) for row in explanation.solution] == grid
    return grid


def nonogram_forced_by(puzzle, known, premises) -> set[tuple[int, int]]:
    """The open cells that the clues of ``premises`` (lines) and the ``known`` cells force,
    by listing every combination of fitting placements (small puzzles only)."""
    height, width = puzzle.height, puzzle.width
    clues = {("row", r): clue for r, clue in enumerate(puzzle.rows)}
    clues |= {("column", c): clue for c, clue in enumerate(puzzle.cols)}
    lines = []
    for premise in premises:
        places = line_cells(premise, height, width)
        options = list(fitting(clues[premise], [known[r][c] for r, c in places]))
        lines.append((places, options))
    seen: dict[tuple[int, int], set[int]] = {}
    for choice in itertools.product(*(options for _, options in lines)):
        grid: dict[tuple[int, int], int] = {}
        if all(
            grid.setdefault(cell, value) == value
            for (places, _), line in zip(lines, choice, strict=True)
            for cell, value in zip(places, line, strict=True)
        ):
            for cell, value in grid.items():
                seen.setdefault(cell, set()).add(value)
    return {
        cell
        for cell, values in seen.items()
        if len(values) == 1 and known[cell[0]][cell[1]] == UNKNOWN
    }
