"""Rebuild the seed's twelve sample puzzles as sampleNN.txt and sampleNN.solution.txt.

Run from anywhere: ``python data/futoshiki/reconstruct.py``. Deterministic: CP-SAT runs with
one worker, a fixed seed and a deterministic (not wall-clock) effort limit. The method is in
``helper/futoshiki/reconstruct.py``; this script only reads ``seed_samples.txt``, writes the
files and prints what it did.
"""

from pathlib import Path

from helper.book.futoshiki_reconstruct import read_seed_samples, reconstruct
from helper.futoshiki import format_futoshiki

HERE = Path(__file__).resolve().parent


def main() -> None:
    samples = read_seed_samples((HERE / "seed_samples.txt").read_text(encoding="utf-8"))
    for sample in samples:
        result = reconstruct(sample)
        (HERE / f"{sample.name}.txt").write_text(result.text + "\n", encoding="utf-8")
        solution = format_futoshiki(sample.solution, [])
        (HERE / f"{sample.name}.solution.txt").write_text(solution + "\n", encoding="utf-8")
        verdict = "unique" if result.unique else "NO placement makes the solution unique"
        print(
            f"{sample.name}: {result.size}x{result.size}, {result.vertical_signs} vertical signs, "
            f"{result.placements} placements fit the printed solution, "
            f"{result.refuted} refuted, {verdict}"
        )


if __name__ == "__main__":
    main()
