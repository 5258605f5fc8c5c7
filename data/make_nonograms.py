"""Make the book's Nonogram puzzles from pictures drawn in code (``helper.pictures``).

Run from anywhere: ``.venv/bin/python data/make_nonograms.py`` writes ``nonogramNN.json``
beside this script; ``make_nonograms.py nonogram02 --out DIR`` writes only ``nonogram02`` into
``DIR``. For each puzzle it renders the picture, takes its clues, proves that the picture is
the clues' only solution (the start-position model with one extra clause, "some cell differs",
is infeasible) and writes the file. Nothing is random: the same files come out every time.
A few seconds for all three.
"""

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from helper.nonogram import Nonogram, clues_from_grid
from helper.nonogram.solvers.cpsat import find_other_solution
from helper.pictures import as_text, draw

HERE = Path(__file__).resolve().parent

PUZZLES = [
    # file name, picture, height, width, title
    ("nonogram01", "heart", 10, 10, "Heart (10 x 10)"),
    ("nonogram02", "sailboat", 20, 20, "Sailboat (20 x 20)"),
    ("nonogram03", "house", 45, 60, "House, tree and sun (45 x 60)"),
]


def make(name: str, picture: str, height: int, width: int, title: str) -> dict[str, Any]:
    """The puzzle of ``picture`` as the file's fields, once its uniqueness is proved."""
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


def write(path: Path, puzzle: dict[str, Any]) -> None:
    """Write ``puzzle`` as JSON with one clue per line."""
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
    path.write_text(text, encoding="utf-8", newline="\n")


def main(argv: Sequence[str] | None = None) -> None:
    """Write ``<name>.json`` for the chosen puzzles (all by default)."""
    names = [entry[0] for entry in PUZZLES]
    parser = argparse.ArgumentParser(description="Make the book's Nonogram puzzles.")
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help=f"puzzles to make (default: all of {names})"
    )
    parser.add_argument(
        "--out", type=Path, default=HERE, metavar="DIR", help="folder to write to (default: here)"
    )
    args = parser.parse_args(argv)
    if unknown := sorted(set(args.names) - set(names)):
        parser.error(f"no puzzle named {', '.join(unknown)}; choose from {', '.join(names)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for name, picture, height, width, title in PUZZLES:
        if args.names and name not in args.names:
            continue
        write(args.out / f"{name}.json", make(name, picture, height, width, title))


if __name__ == "__main__":
    main()
