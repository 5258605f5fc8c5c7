"""The explanation benchmark: ``python -m helper.bench.explain --help``.

Explains puzzles one after another in this process and prints, per puzzle, the steps (those
that use one premise and those that use more), the steps found greedily when the search for
the cheapest ran out of budget, the largest step, the SAT calls and hitting sets, and the
seconds (wall clock and this process's CPU time: on a shared machine the two differ).
Tuning and held-out splits are reported apart (:mod:`helper.bench.explain_sets`). It ends with the
speed goals of the chapter "Explaining a solution", measured in this very run:

- the book's 20 x 20 Nonogram within :data:`BOOK_SECONDS` (the book builds it on a page);
- every 30 x 30 picture within :data:`PICTURE_SECONDS`.
"""

import argparse
import csv
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from helper.bench import explain_sets as sets
from helper.errors import SolverTimeoutError
from helper.explain.futoshiki import explain as explain_futoshiki
from helper.explain.nonogram import explain as explain_nonogram
from helper.futoshiki import Futoshiki
from helper.nonogram import Nonogram
from helper.text import align_columns

BOOK_SECONDS = 30.0
"""The goal for the book's 20 x 20 (a small share of the build's five minutes)."""
PICTURE_SECONDS = 60.0
"""The goal for a 30 x 30 picture."""
DEFAULT_TIME_LIMIT = 300.0


@dataclass
class Row:
    """One explanation measured."""

    set: str
    split: str
    puzzle: str
    size: str
    status: str
    steps: int = 0
    single: int = 0
    multi: int = 0
    greedy: int = 0
    largest: int = 0
    sat_calls: int = 0
    hitting_sets: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0


Puzzle = Nonogram | Futoshiki


def _sets(limit: int) -> dict[str, Callable[[str], list[Puzzle]]]:
    """The sets by name: each makes the puzzles of a split (the book's have one split)."""
    return {
        "book-nonogram": lambda split: list(sets.book_nonograms()),
        "book-futoshiki": lambda split: list(sets.book_futoshikis()),
        "pictures": lambda split: list(sets.pictures(split, limit)),
        "noisy": lambda split: list(sets.pictures(split, limit, flips=sets.FLIPS)),
        "stalled": lambda split: list(sets.stalled(split, limit, 30)),
        "growth": lambda split: [
            sets.picture(split, k, side, sets.FLIPS)
            for side in (10, 15, 20, 25, 30)
            for k in range(limit)
        ],
        "futoshiki": lambda split: [
            p for size in (5, 7) for p in sets.futoshikis(split, limit, size)
        ],
    }


def measure(set_name: str, split: str, puzzle: Puzzle, time_limit: float) -> Row:
    """Explain one puzzle and measure it."""
    row = Row(set_name, split, puzzle.name, puzzle.size, "explained")
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        if isinstance(puzzle, Nonogram):
            found = explain_nonogram(puzzle, time_limit=time_limit)
        else:
            found = explain_futoshiki(puzzle, time_limit=time_limit)
    except SolverTimeoutError:
        row.status = "timeout"
    else:
        row.steps, row.single, row.multi = len(found), found.single_line, found.multi_line
        row.greedy = found.greedy
        row.largest = max(len(step.lines) for step in found)
        row.sat_calls, row.hitting_sets = found.sat_calls, found.hitting_sets
    row.seconds = time.perf_counter() - wall
    row.cpu_seconds = time.process_time() - cpu
    return row


HEADER = ("puzzle", "size", "steps", "one", "more", "greedy", "largest", "SAT calls",
          "hit. sets", "s", "CPU s")  # fmt: skip


def format_rows(rows: Sequence[Row]) -> str:
    """The rows as an aligned text table (a timeout shows as ``>`` its seconds)."""
    cells: list[tuple[str, ...]] = [HEADER]
    for r in rows:
        bound = ">" if r.status == "timeout" else ""
        cells.append((r.puzzle, r.size, *(str(v) for v in (r.steps, r.single, r.multi, r.greedy,
                      r.largest, r.sat_calls, r.hitting_sets)),
                      f"{bound}{r.seconds:.2f}", f"{bound}{r.cpu_seconds:.2f}"))  # fmt: skip
    return align_columns(cells, left=2)


def goals(rows: Sequence[Row]) -> list[str]:
    """The speed goals, each met or not, from the rows of this run."""
    lines = []
    book = [r for r in rows if r.puzzle == "nonogram02"]
    if book:
        met = book[0].status == "explained" and book[0].seconds <= BOOK_SECONDS
        lines.append(f"goal: the book's 20 x 20 within {BOOK_SECONDS:g} s: "
                     f"{book[0].seconds:.2f} s, {'met' if met else 'NOT met'}")  # fmt: skip
    big = [
        r for r in rows if r.size == "30x30" and r.set in ("pictures", "noisy", "stalled", "growth")
    ]
    if big:
        worst = max(big, key=lambda r: r.seconds)
        met = all(r.status == "explained" and r.seconds <= PICTURE_SECONDS for r in big)
        lines.append(f"goal: every 30 x 30 picture within {PICTURE_SECONDS:g} s: {len(big)} "
                     f"puzzles, the slowest {worst.puzzle} {worst.seconds:.2f} s, "
                     f"{'met' if met else 'NOT met'}")  # fmt: skip
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the status is 1 when a goal is not met."""
    names = list(_sets(1))
    parser = argparse.ArgumentParser(
        prog="python -m helper.bench.explain",
        description="Explain puzzles step by step and measure it: steps, SAT calls, hitting "
        "sets, seconds. Tuning and held-out splits are reported apart.",
    )
    parser.add_argument("--set", action="append", choices=names, help="a set (repeat; "
                        "default: book-nonogram, pictures and noisy)")  # fmt: skip
    parser.add_argument("--split", choices=["tuning", "held-out", "both"], default="both")
    parser.add_argument("--limit", type=int, default=4, help="puzzles per size and split")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                        help="seconds per explanation (default: %(default)s)")  # fmt: skip
    parser.add_argument("--csv", help="also write every row to this CSV file")
    args = parser.parse_args(argv)
    chosen = args.set or ["book-nonogram", "pictures", "noisy"]
    splits = ["tuning", "held-out"] if args.split == "both" else [args.split]
    makers = _sets(args.limit)
    rows: list[Row] = []
    for name in chosen:
        for split in ["book"] if name.startswith("book") else splits:
            part = [measure(name, split, p, args.time_limit) for p in makers[name](split)]
            print(f"\n{name}, {split}:\n{format_rows(part)}", flush=True)
            rows += part
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=list(asdict(rows[0])))
            writer.writeheader()
            writer.writerows(asdict(r) for r in rows)
    report = goals(rows)
    print("", *report, sep="\n")
    return 1 if any(line.endswith("NOT met") for line in report) else 0


if __name__ == "__main__":
    sys.exit(main())
