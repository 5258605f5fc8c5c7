"""Lines for the test that the page's line solver (``static/play.js``) equals helper's.

:func:`line_cases` collects, from every Nonogram of the book's puzzle folder, the lines that
line logic meets on its way from the empty grid to its fixpoint (each row and column in every
state it is solved in), the lines a failed line probe meets (those end in conflicts), and the
solved lines with a few cells known or with one known cell wrong; each with the answer of
:func:`helper.nonogram.line.reference.solve_line`. ``tests/browser/test_play.py`` runs the
JavaScript port on every case in Chromium and compares.
"""

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from helper.data import DATA_DIR
from helper.nonogram.line.reference import UNKNOWN, solve_line, unknown_state
from helper.nonogram.puzzle import Nonogram

Case = dict[str, Any]


def book_nonograms() -> list[Nonogram]:
    """Every Nonogram in the book's puzzle folder (``data/*.json``, ``data/bench/*.json``)."""
    from helper.nonogram import load_puzzle

    names = sorted(
        str(path.relative_to(DATA_DIR).with_suffix("")).replace("\\", "/")
        for path in [*DATA_DIR.glob("*.json"), *DATA_DIR.glob("bench/*.json")]
    )
    return [load_puzzle(name) for name in names]


def _lines(puzzle: Nonogram, state: list[list[int]]) -> Iterator[tuple[str, int, list[int]]]:
    for r in range(puzzle.height):
        yield "row", r, list(state[r])
    for c in range(puzzle.width):
        yield "column", c, [row[c] for row in state]


def _run(puzzle: Nonogram, state: list[list[int]], seen: set, out: list[Case]) -> bool:
    """Line logic on ``state`` in place, recording each line solved; False on a conflict."""
    dirty = {("row", r) for r in range(puzzle.height)} | {
        ("column", c) for c in range(puzzle.width)
    }
    while dirty:
        axis, index = min(dirty)
        dirty.discard((axis, index))
        clue = (puzzle.rows if axis == "row" else puzzle.cols)[index]
        cells = list(state[index]) if axis == "row" else [row[index] for row in state]
        result = solve_line(clue, cells)
        key = (tuple(clue), tuple(cells))
        if key not in seen:
            seen.add(key)
            out.append({"clue": list(clue), "cells": cells, "result": result})
        if result is None:
            return False
        for x, (old, new) in enumerate(zip(cells, result, strict=True)):
            if old != new:
                r, c = (index, x) if axis == "row" else (x, index)
                state[r][c] = new
                dirty.add(("column", c) if axis == "row" else ("row", r))
    return True


def line_cases(
    puzzles: Iterable[Nonogram] | None = None, *, probes: int = 12, variants: int = 2, seed: int = 0
) -> list[Case]:
    """``{"clue", "cells", "result"}`` cases (result ``None`` for a conflict), no two alike.

    ``probes`` failed-probe runs per puzzle that line logic leaves unsolved, ``variants``
    random versions of each solved line: some cells known, and the same with one wrong.
    """
    rng = random.Random(seed)
    seen: set = set()
    out: list[Case] = []

    def add(clue: Sequence[int], cells: list[int]) -> None:
        key = (tuple(clue), tuple(cells))
        if key not in seen:
            seen.add(key)
            out.append({"clue": list(clue), "cells": cells, "result": solve_line(clue, cells)})

    for puzzle in puzzles if puzzles is not None else book_nonograms():
        state = unknown_state(puzzle.height, puzzle.width)
        _run(puzzle, state, seen, out)
        open_cells = [(r, c) for r, row in enumerate(state) for c, v in enumerate(row) if v < 0]
        for r, c in rng.sample(open_cells, min(probes, len(open_cells))):
            for value in (0, 1):
                trial = [list(row) for row in state]
                trial[r][c] = value
                _run(puzzle, trial, seen, out)
        for axis, index, cells in _lines(puzzle, state):
            clue = (puzzle.rows if axis == "row" else puzzle.cols)[index]
            for _ in range(variants):
                known = [v if rng.random() < 0.3 else UNKNOWN for v in cells]
                add(clue, known)
                decided = [x for x, v in enumerate(known) if v != UNKNOWN]
                if decided:
                    x = rng.choice(decided)
                    wrong = list(known)
                    wrong[x] = 1 - wrong[x]
                    add(clue, wrong)
    return out
