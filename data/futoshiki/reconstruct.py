"""Rebuild the seed's twelve sample puzzles as sampleNN.txt and sampleNN.solution.txt.

Run from anywhere: ``.venv/bin/python data/futoshiki/reconstruct.py`` writes the files beside
this script; ``reconstruct.py sample12 --out DIR`` writes only ``sample12`` into ``DIR``.
Deterministic: CP-SAT runs with one worker, a fixed seed and a deterministic (not wall-clock)
effort limit; a few seconds for all twelve. The method is in
``helper/book/futoshiki_reconstruct.py``; this script only reads ``seed_samples.txt``, writes
the files and prints what it did ("unique" only when no other solution exists: CP-SAT proved
the puzzle with one more clause, "some cell differs", infeasible).
"""

import argparse
from collections.abc import Sequence
from pathlib import Path

from helper.book.futoshiki_reconstruct import read_seed_samples, reconstruct
from helper.futoshiki import format_futoshiki

HERE = Path(__file__).resolve().parent


def main(argv: Sequence[str] | None = None) -> None:
    """Write ``<name>.txt`` and ``<name>.solution.txt`` for the chosen samples (all by default)."""
    samples = read_seed_samples((HERE / "seed_samples.txt").read_text(encoding="utf-8"))
    names = [sample.name for sample in samples]
    parser = argparse.ArgumentParser(description="Rebuild the seed's sample Futoshiki puzzles.")
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help="samples to rebuild (default: all twelve)"
    )
    parser.add_argument(
        "--out", type=Path, default=HERE, metavar="DIR", help="folder to write to (default: here)"
    )
    args = parser.parse_args(argv)
    if unknown := sorted(set(args.names) - set(names)):
        parser.error(f"no sample named {', '.join(unknown)}; choose from {', '.join(names)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for sample in samples:
        if args.names and sample.name not in args.names:
            continue
        result = reconstruct(sample)
        puzzle = result.text + "\n"
        (args.out / f"{sample.name}.txt").write_text(puzzle, encoding="utf-8", newline="\n")
        solution = format_futoshiki(sample.solution, []) + "\n"
        path = args.out / f"{sample.name}.solution.txt"
        path.write_text(solution, encoding="utf-8", newline="\n")
        verdict = "unique" if result.unique else "NO placement makes the solution unique"
        print(
            f"{sample.name}: {result.size}x{result.size}, {result.vertical_signs} vertical signs, "
            f"{result.placements} placements fit the printed solution, "
            f"{result.refuted} refuted, {verdict}"
        )


if __name__ == "__main__":
    main()
