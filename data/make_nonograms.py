"""Make the book's Nonogram puzzles from pictures drawn in code (``helper.pictures``).

Run from the repository root: ``.venv/bin/python data/make_nonograms.py``. For each puzzle it
renders the picture, takes its clues, proves that the picture is the clues' only solution
(the start-position model with one extra clause, "some cell differs", is infeasible) and
writes ``data/nonogramNN.json``. Nothing is random: the same files come out every time.
"""

import json
import sys
import time

from helper.data import DATA_DIR
from helper.nonogram import Nonogram, clues_from_grid
from helper.nonogram.solvers.cpsat import find_other_solution
from helper.pictures import as_text, draw

PUZZLES = [
    # file name, picture, height, width, title
    ("nonogram01", "heart", 10, 10, "Heart (10 x 10)"),
    ("nonogram02", "sailboat", 20, 20, "Sailboat (20 x 20)"),
    ("nonogram03", "house", 45, 60, "House, tree and sun (45 x 60)"),
]


def make(name: str, picture: str, height: int, width: int, title: str) -> dict:
    grid = draw(picture, height, width)
    rows, cols = clues_from_grid(grid)
    start = time.perf_counter()
    other = find_other_solution(Nonogram(rows, cols), grid, time_limit=600)
    seconds = time.perf_counter() - start
    if other is not None:
        diff = [(r, c) for r in range(height) for c in range(width) if grid[r][c] != other[r][c]]
        raise SystemExit(f"{name}: the picture {picture!r} is not unique; cells differ at {diff}")
    print(f"{name}: {picture} {height} x {width}, unique (proved in {seconds:.1f} s)")
    print(as_text(grid))
    return {
        "title": title,
        "source": "drawn by data/make_nonograms.py",
        "rows": rows,
        "cols": cols,
    }


def write(name: str, puzzle: dict) -> None:
    lines = ",\n".join(f"    {json.dumps(clue)}" for clue in puzzle["rows"])
    columns = ",\n".join(f"    {json.dumps(clue)}" for clue in puzzle["cols"])
    text = (
        "{\n"
        f'  "title": {json.dumps(puzzle["title"])},\n'
        f'  "source": {json.dumps(puzzle["source"])},\n'
        f'  "rows": [\n{lines}\n  ],\n'
        f'  "cols": [\n{columns}\n  ]\n'
        "}\n"
    )
    assert json.loads(text) == puzzle
    (DATA_DIR / f"{name}.json").write_text(text, encoding="utf-8")


def main(names: list[str]) -> None:
    for name, picture, height, width, title in PUZZLES:
        if names and name not in names:
            continue
        write(name, make(name, picture, height, width, title))


if __name__ == "__main__":
    main(sys.argv[1:])
