"""Make our own 9x9 Futoshiki puzzles, nineNN.txt with nineNN.solution.txt.

Run from anywhere: ``.venv/bin/python data/futoshiki/make_nine.py`` writes the files beside
this script; ``make_nine.py nine02 --out DIR`` writes only ``nine02`` into ``DIR``. Seeded, so
the files come out the same every time. For each seed: a random Latin square is the answer;
clues (signs first, a given only when no sign helps) are added until the answer is the only
solution, each clue chosen to rule out another solution the solver has just found; then clues
are removed, in a random order, as long as the answer stays the only solution (proved by
``count_solutions(...).unique``). A few seconds for all three.
"""

import argparse
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from helper.futoshiki import Futoshiki, check_futoshiki, count_solutions, format_futoshiki
from helper.futoshiki.model import GameBoard
from helper.futoshiki.validate import Cell, Constraint, Grid
from helper.ortools import get_all_solutions

HERE = Path(__file__).resolve().parent
SIZE = 9
SEEDS = (1, 2, 3)
"""The seed of ``nine01``, ``nine02``, ``nine03``."""

Clue = tuple[Literal["sign"], Constraint] | tuple[Literal["given"], Cell]
"""``("sign", ((r1, c1), (r2, c2)))`` (cell 1 < cell 2) or ``("given", (r, c))``."""


def latin_square(size: int, rng: random.Random) -> Grid:
    """A random Latin square, filled cell by cell with backtracking in a shuffled order."""
    grid = [[0] * size for _ in range(size)]

    def fill(k: int) -> bool:
        if k == size * size:
            return True
        r, c = divmod(k, size)
        used = set(grid[r][:c]) | {grid[i][c] for i in range(r)}
        values = [v for v in range(1, size + 1) if v not in used]
        rng.shuffle(values)
        for v in values:
            grid[r][c] = v
            if fill(k + 1):
                return True
        grid[r][c] = 0
        return False

    fill(0)
    return grid


def true_signs(answer: Grid) -> list[Constraint]:
    """Every sign between neighbours, pointing the way the answer says."""
    size = len(answer)
    signs = []
    for r in range(size):
        for c in range(size):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < size and c2 < size:
                    a, b = (r, c), (r2, c2)
                    signs.append((a, b) if answer[r][c] < answer[r2][c2] else (b, a))
    return signs


def puzzle_of(answer: Grid, clues: Sequence[Clue]) -> tuple[Grid, list[Constraint]]:
    """The puzzle that ``clues`` make: the givens read from ``answer``, and the signs."""
    grid = [[0] * len(answer) for _ in answer]
    constraints: list[Constraint] = []
    for clue in clues:
        if clue[0] == "given":
            r, c = clue[1]
            grid[r][c] = answer[r][c]
        else:
            constraints.append(clue[1])
    return grid, constraints


def is_unique(answer: Grid, clues: Sequence[Clue]) -> bool:
    """True when the clues are proved to leave exactly one solution."""
    return count_solutions(Futoshiki(*puzzle_of(answer, clues)), limit=2).unique


def another_solution(answer: Grid, clues: Sequence[Clue]) -> Grid | None:
    """A solution other than ``answer``, or None when ``answer`` is the only one."""
    board = GameBoard(*puzzle_of(answer, clues))
    cells = [x for row in board.cells for x in row]
    for found in get_all_solutions(board.model, cells, limit=2):
        grid = [[found[x.name] for x in row] for row in board.cells]
        if grid != answer:
            return grid
    return None


def make_puzzle(seed: int) -> tuple[Grid, list[Constraint], Grid]:
    """The puzzle of ``seed`` as ``(grid, constraints, answer)``."""
    rng = random.Random(seed)
    answer = latin_square(SIZE, rng)
    signs = true_signs(answer)
    clues: list[Clue] = []
    while (other := another_solution(answer, clues)) is not None:
        breaking: list[Clue] = [
            ("sign", s) for s in signs if not other[s[0][0]][s[0][1]] < other[s[1][0]][s[1][1]]
        ]
        if not breaking:
            cells = [
                (r, c) for r in range(SIZE) for c in range(SIZE) if other[r][c] != answer[r][c]
            ]
            breaking = [("given", cell) for cell in cells]
        clues.append(rng.choice(breaking))
    order = clues[:]
    rng.shuffle(order)
    for clue in order:
        trial = [c for c in clues if c != clue]
        if is_unique(answer, trial):
            clues = trial
    grid, constraints = puzzle_of(answer, clues)
    if not check_futoshiki(grid, constraints, answer) or not is_unique(answer, clues):
        raise RuntimeError(f"seed {seed}: the answer is not the puzzle's only solution")
    return grid, constraints, answer


NAMES = {f"nine{k:02d}": seed for k, seed in enumerate(SEEDS, start=1)}
"""Each puzzle's name and seed."""


def main(argv: Sequence[str] | None = None) -> None:
    """Write ``<name>.txt`` and ``<name>.solution.txt`` for the chosen puzzles (all by default)."""
    parser = argparse.ArgumentParser(description="Make the seeded 9x9 Futoshiki puzzles.")
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help=f"puzzles to make (default: all of {list(NAMES)})"
    )
    parser.add_argument(
        "--out", type=Path, default=HERE, metavar="DIR", help="folder to write to (default: here)"
    )
    args = parser.parse_args(argv)
    if unknown := sorted(set(args.names) - set(NAMES)):
        parser.error(f"no puzzle named {', '.join(unknown)}; choose from {', '.join(NAMES)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for name, seed in NAMES.items():
        if args.names and name not in args.names:
            continue
        grid, constraints, answer = make_puzzle(seed)
        puzzle = format_futoshiki(grid, constraints) + "\n"
        (args.out / f"{name}.txt").write_text(puzzle, encoding="utf-8", newline="\n")
        solution = format_futoshiki(answer, []) + "\n"
        (args.out / f"{name}.solution.txt").write_text(solution, encoding="utf-8", newline="\n")
        givens = sum(v > 0 for row in grid for v in row)
        print(f"{name}: seed {seed}, {givens} givens, {len(constraints)} signs, unique (proved)")


if __name__ == "__main__":
    main()
