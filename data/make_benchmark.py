"""Make the Nonogram benchmark set ``data/bench/*.json`` (used by ``python -m helper.bench``).

Run from anywhere: ``.venv/bin/python data/make_benchmark.py`` writes every file into
``bench/`` beside this script; ``make_benchmark.py picture-heart-10x10 --out DIR`` writes only
that one into ``DIR``. Everything is seeded, so the same files come out every time (a few
seconds for all). Four families, from easy to hard:

- ``picture``: drawings from :mod:`helper.pictures` and smooth random blobs (unions of
  ellipses) from 10x10 to 80x80, including several 45x60 and 60x80 puzzles. Smooth shapes
  are mostly decided by line logic alone.
- ``textured``: a drawing with a few percent of its cells flipped at random: the noise
  breaks the long runs that line logic lives on.
- ``noise``: random cells, half of them black (fine-grained noise: small, often many solutions).
- ``hard``: random half-black grids kept only when line logic, iterated to its fixpoint,
  leaves at least 40% of the cells undecided: hard by construction, they need search.

Each file records its family, the picture's size and how many solutions it has, as a count
stopped at two says it (:func:`solutions`): 1 when the count proved the puzzle unique, 2 for
"two or more", or ``null`` when counting did not finish within a minute.
"""

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from helper.nonogram import CountResult, Nonogram, clues_from_grid
from helper.nonogram.line.reference import propagate, unknown_cells, unknown_state
from helper.nonogram.unique import count_solutions
from helper.pictures import Canvas, draw

BENCH_DIR = Path(__file__).resolve().parent / "bench"
Grid = list[list[int]]


def blobs(height: int, width: int, seed: int, count: int = 7) -> Grid:
    """A smooth random drawing: ``count`` seeded ellipses, some painted, some erased."""
    rng = np.random.default_rng(seed)
    canvas = Canvas(height, width)
    for k in range(count):
        cx, cy = rng.uniform(0.15, 0.85, size=2)
        rx, ry = rng.uniform(0.06, 0.25, size=2)
        mask = canvas.ellipse(cx, cy, rx, ry)
        if k % 3 == 2:
            canvas.erase(mask)
        else:
            canvas.paint(mask)
    return canvas.grid()


def flipped(grid: Grid, fraction: float, seed: int) -> Grid:
    """``grid`` with a random ``fraction`` of its cells flipped."""
    rng = np.random.default_rng(seed)
    cells = np.array(grid, dtype=bool)
    cells ^= rng.random(cells.shape) < fraction
    return cells.astype(int).tolist()


def noise(height: int, width: int, seed: int, density: float = 0.5) -> Grid:
    """Random cells, each black with probability ``density``."""
    rng = np.random.default_rng(seed)
    return (rng.random((height, width)) < density).astype(int).tolist()


def undecided_share(grid: Grid) -> float:
    """The share of cells that line logic alone leaves undecided."""
    rows, cols = clues_from_grid(grid)
    state = propagate(rows, cols, unknown_state(len(rows), len(cols)))
    return len(unknown_cells(state)) / (len(rows) * len(cols))


def hard(size: int, seed: int, share: float = 0.4) -> tuple[Grid, int]:
    """The first random half-black grid (from ``seed`` on) that line logic leaves stuck."""
    while undecided_share(grid := noise(size, size, seed)) < share:
        seed += 1
    return grid, seed


def pictures() -> list[tuple[str, str, Grid]]:
    """Every puzzle of the set as ``(family, name, grid)``."""
    out: list[tuple[str, str, Grid]] = []
    for name, h, w in [
        ("heart", 10, 10),
        ("sailboat", 20, 20),
        ("cat", 30, 30),
        ("house", 45, 60),
        ("cat", 45, 60),
        ("sailboat", 45, 60),
        ("house", 60, 80),
        ("cat", 60, 80),
        ("sailboat", 60, 80),
        ("house", 80, 80),
    ]:
        out.append(("picture", f"{name}-{h}x{w}", draw(name, h, w)))
    for seed, (h, w) in enumerate([(25, 25), (45, 60), (60, 80), (80, 80)]):
        out.append(("picture", f"blobs{seed}-{h}x{w}", blobs(h, w, seed)))
    for name, h, w, fraction, seed in [
        ("heart", 20, 20, 0.05, 1),
        ("cat", 30, 40, 0.05, 2),
        ("house", 45, 60, 0.03, 3),
    ]:
        out.append(("textured", f"{name}-{h}x{w}", flipped(draw(name, h, w), fraction, seed)))
    for size in (10, 15, 20):
        out.append(("noise", f"s{size}-{size}x{size}", noise(size, size, seed=size)))
    for size in (25, 30, 35, 40):
        grid, seed = hard(size, seed=1000 * size)
        out.append(("hard", f"s{seed}-{size}x{size}", grid))
    return out


def solutions(count: CountResult) -> int | None:
    """What a file records of a count stopped at two: the number when the count is final
    (1: proved unique; 2: two or more; 0: none), ``None`` when the time ran out first."""
    if count.limit != 2:
        raise ValueError(f"the files record counts stopped at two, not at {count.limit}")
    return count.count if count.complete else None


def make(family: str, name: str, grid: Grid) -> dict[str, Any]:
    """The puzzle of ``grid`` as the file's fields, with its solutions counted up to two."""
    rows, cols = clues_from_grid(grid)
    count = count_solutions(Nonogram(rows, cols), limit=2, time_limit=60)
    found = {0: "no solution", 1: "unique (proved)", 2: "two or more solutions"}
    said = found[count.count] if count.complete else f"{count.count} found, count stopped"
    height, width = len(rows), len(cols)
    print(f"{family}-{name}: {said}, undecided {undecided_share(grid):.1%}")
    return {
        "title": f"{family} {name}",
        "source": "data/make_benchmark.py (seeded)",
        "family": family,
        "size": f"{height}x{width}",
        "solutions": solutions(count),
        "rows": rows,
        "cols": cols,
    }


def write(path: Path, puzzle: dict[str, Any]) -> None:
    """Write ``puzzle`` as JSON: its fields one per line, then one clue per line."""
    head = {k: v for k, v in puzzle.items() if k not in ("rows", "cols")}
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    for key in ("rows", "cols"):
        clues = ",\n".join(f"    {json.dumps(clue)}" for clue in puzzle[key])
        lines.append(f'  "{key}": [\n{clues}\n  ]' + ("," if key == "rows" else ""))
    text = "{\n" + "\n".join(lines) + "\n}\n"
    assert json.loads(text) == puzzle
    path.write_text(text, encoding="utf-8", newline="\n")


def main(argv: Sequence[str] | None = None) -> None:
    """Write ``<family>-<name>.json`` for the chosen puzzles (all by default)."""
    parser = argparse.ArgumentParser(description="Make the Nonogram benchmark set.")
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help="puzzles to make, as FAMILY-NAME (default: all)"
    )
    parser.add_argument(
        "--out", type=Path, default=BENCH_DIR, metavar="DIR", help="folder (default: ./bench)"
    )
    args = parser.parse_args(argv)
    puzzles = {f"{family}-{name}": (family, name, grid) for family, name, grid in pictures()}
    if unknown := sorted(set(args.names) - set(puzzles)):
        parser.error(f"no puzzle named {', '.join(unknown)}; choose from {', '.join(puzzles)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for stem, (family, name, grid) in puzzles.items():
        if args.names and stem not in args.names:
            continue
        write(args.out / f"{stem}.json", make(family, name, grid))


if __name__ == "__main__":
    main()
