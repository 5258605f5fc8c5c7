"""Make our own 9x9 Futoshiki puzzles, nineNN.txt with nineNN.solution.txt.

Run from anywhere: ``python data/futoshiki/make_nine.py``. Seeded, so the files come out the
same every time. For each seed: a random Latin square is the answer; clues (signs first,
a given only when no sign helps) are added until the answer is the only solution, each clue
chosen to rule out another solution the solver has just found; then clues are removed, in a
random order, as long as the answer stays the only solution.
"""

import random
from pathlib import Path

from helper.futoshiki import check_futoshiki, count_solutions, format_futoshiki
from helper.futoshiki.model import GameBoard
from helper.ortools import get_all_solutions

HERE = Path(__file__).resolve().parent
SIZE = 9
SEEDS = (1, 2, 3)

Clue = tuple[str, tuple]  # ("sign", ((r1, c1), (r2, c2))) or ("given", (r, c))


def latin_square(size: int, rng: random.Random) -> list[list[int]]:
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


def true_signs(answer: list[list[int]]) -> list[tuple]:
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


def puzzle_of(answer, clues: list[Clue]):
    grid = [[0] * len(answer) for _ in answer]
    constraints = []
    for kind, what in clues:
        if kind == "given":
            r, c = what
            grid[r][c] = answer[r][c]
        else:
            constraints.append(what)
    return grid, constraints


def another_solution(answer, clues: list[Clue]):
    """A solution other than ``answer``, or None when ``answer`` is the only one."""
    board = GameBoard(*puzzle_of(answer, clues))
    cells = [x for row in board.cells for x in row]
    for found in get_all_solutions(board.model, cells, limit=2):
        grid = [[found[x.name] for x in row] for row in board.cells]
        if grid != answer:
            return grid
    return None


def make_puzzle(seed: int):
    rng = random.Random(seed)
    answer = latin_square(SIZE, rng)
    signs = true_signs(answer)
    clues: list[Clue] = []
    while (other := another_solution(answer, clues)) is not None:
        breaking = [
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
        if count_solutions(*puzzle_of(answer, trial), limit=2) == 1:
            clues = trial
    grid, constraints = puzzle_of(answer, clues)
    assert check_futoshiki(grid, constraints, answer)
    assert count_solutions(grid, constraints, limit=2) == 1
    return grid, constraints, answer


def main() -> None:
    for k, seed in enumerate(SEEDS, start=1):
        grid, constraints, answer = make_puzzle(seed)
        name = f"nine{k:02d}"
        (HERE / f"{name}.txt").write_text(format_futoshiki(grid, constraints) + "\n", "utf-8")
        (HERE / f"{name}.solution.txt").write_text(format_futoshiki(answer, []) + "\n", "utf-8")
        givens = sum(v > 0 for row in grid for v in row)
        print(f"{name}: seed {seed}, {givens} givens, {len(constraints)} signs")


if __name__ == "__main__":
    main()
