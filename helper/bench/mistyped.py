"""Which clue is wrong, measured: 30 x 30 pictures with one mistyped row, two splits.

``python -m helper.bench.mistyped`` makes each puzzle from a seeded smooth picture
(:func:`helper.bench.families.smooth_picture`) and mistypes one row with
:func:`helper.nonogram.conflicts.mistype_clue` (one cell moved between two of its blocks, so
every total still agrees), keeping only mistakes that leave no picture. The *tuning* split is
what the ranking of :func:`~helper.nonogram.conflicts.lines_to_retype` was developed on; the
*held-out* split, made by the same code with other seeds, is reported apart. ``--book`` adds
the book's three puzzles, each with one mistyped clue.

For each puzzle it times, one after the other in this process: the first set of lines to
retype alone (MaxSAT), :func:`~helper.nonogram.conflicts.lines_to_retype` (that, the other
sets of the same size and their nearest fitting clues, one order of deletion),
:func:`~helper.nonogram.conflicts.conflicting_lines` with its eight orders, and
:func:`~helper.nonogram.conflicts.diagnose_lines` with the command line's default time limit,
which is what ``python -m helper solve`` prints. It counts how often the mistyped row is named
first and how often its nearest fitting clue is the clue before the mistake.
"""

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from helper.bench.families import SEED_BASE, SPLITS, smooth_picture
from helper.cores import minimum_correction
from helper.nonogram.conflicts import (
    ClueLine,
    conflicting_lines,
    diagnose_lines,
    lines_to_retype,
    mistype_clue,
    puzzle_lines,
    switched_cnf,
)
from helper.nonogram.puzzle import Nonogram
from helper.report import CONFLICT_SECONDS

SIDE = 30
"""The pictures are ``SIDE`` x ``SIDE``."""
PUZZLES = {"tuning": 20, "held-out": 20}
"""How many puzzles each split has."""
T = TypeVar("T")
REPORT_SECONDS = CONFLICT_SECONDS
"""The command line's default time limit for its report."""


@dataclass(frozen=True)
class Mistyped:
    """A puzzle with one mistyped clue: ``typed`` as it now reads, ``original`` before."""

    puzzle: Nonogram
    typed: ClueLine
    original: ClueLine


def mistyped_puzzle(split: str, k: int) -> Mistyped:
    """Puzzle ``k`` of ``split``: the first of a few seeds whose picture has a row that can be
    mistyped so that no picture is left."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; the splits are {SPLITS}")
    for attempt in range(20):
        seed = SEED_BASE[split] + k + 100_000 * attempt
        picture = Nonogram.from_grid(smooth_picture(SIDE, SIDE, seed), name=f"mistyped-{seed}")
        try:
            broken, typed = mistype_clue(picture, seed, kind="row")
        except ValueError:
            continue
        original = puzzle_lines(picture)[puzzle_lines(broken).index(typed)]
        return Mistyped(broken, typed, original)
    raise ValueError(f"no mistyped row for puzzle {k} of {split}")


def book_puzzles() -> dict[str, Mistyped]:
    """The book's three puzzles, each with one clue mistyped (the seeds the chapter uses)."""
    from helper.nonogram import load_puzzle

    made = {}
    for name, seed in (("nonogram01", 0), ("nonogram02", 2), ("nonogram03", 0)):
        puzzle = load_puzzle(name)
        broken, typed = mistype_clue(puzzle, seed)
        original = puzzle_lines(puzzle)[puzzle_lines(broken).index(typed)]
        made[name] = Mistyped(broken, typed, original)
    return made


def _timed(work: Callable[[], T]) -> tuple[T, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    value = work()
    return value, time.perf_counter() - wall, time.process_time() - cpu


@dataclass(frozen=True)
class Measured:
    """One puzzle's figures: what was named, and the seconds (wall, CPU) of each step."""

    puzzle: str
    fewest: int  # lines in the first set to retype
    fixes: int  # sets of that size found
    rank: int | None  # where the mistyped line came (1: named first)
    true_fit: bool  # its nearest fitting clue is the clue before the mistake
    conflict: int  # lines in the conflicting set of eight orders
    seconds: dict[str, tuple[float, float]]
    report_whole: bool  # the report had every set and a minimal conflicting set


def measure(case: Mistyped, report_seconds: float = REPORT_SECONDS) -> Measured:
    """One puzzle's figures (the steps run one after the other, in this process)."""
    puzzle = case.puzzle
    first, *mcs = _timed(lambda: minimum_correction(*switched_cnf(puzzle.rows, puzzle.cols)))
    found, *retype = _timed(lambda: lines_to_retype(puzzle))
    conflict, *mus = _timed(lambda: conflicting_lines(puzzle))
    report, *whole = _timed(lambda: diagnose_lines(puzzle, time_limit=report_seconds))
    named = [fix.typed for fix in found.fixes]
    rank = named.index((case.typed,)) + 1 if (case.typed,) in named else None
    return Measured(
        puzzle=puzzle.name,
        fewest=len(first),
        fixes=len(found.fixes),
        rank=rank,
        true_fit=rank is not None and found.fixes[rank - 1].fits == (case.original,),
        conflict=len(conflict),
        seconds={
            "mcs": (mcs[0], mcs[1]),
            "retype": (retype[0], retype[1]),
            "mus": (mus[0], mus[1]),
            "report": (whole[0], whole[1]),
        },
        report_whole=report.complete and report.conflict is not None and report.conflict.minimal,
    )


STEPS = {
    "mcs": "first set, MaxSAT (RC2)",
    "retype": "lines_to_retype",
    "mus": "conflicting_lines, 8 orders",
    "report": "diagnose_lines (the report)",
}


def _spread(values: Sequence[float]) -> str:
    return f"{statistics.median(values):.2f} / {max(values):.2f}"


def summary(label: str, rows: Sequence[Measured], report_seconds: float) -> list[str]:
    """The lines of one split's table."""
    n = len(rows)
    first = sum(r.rank == 1 for r in rows)
    among = sum(r.rank is not None for r in rows)
    fit = sum(r.true_fit for r in rows)
    out = [
        f"{label}: {n} puzzles",
        f"  fewest lines to retype: {sorted({r.fewest for r in rows})}; sets of that size: "
        f"median {statistics.median([r.fixes for r in rows]):g}, most {max(r.fixes for r in rows)}",
        f"  mistyped line named first: {first} of {n}; among the sets: {among} of {n}; "
        f"its nearest fit is the clue before the mistake: {fit} of {n}",
        "  seconds (median / worst), wall clock and CPU:",
    ]
    for key, name in STEPS.items():
        walls = [r.seconds[key][0] for r in rows]
        cpus = [r.seconds[key][1] for r in rows]
        out.append(f"    {name:30} wall {_spread(walls):>13}   CPU {_spread(cpus):>13}")
    within = sum(r.seconds["report"][0] <= report_seconds for r in rows)
    whole = sum(r.report_whole for r in rows)
    out.append(
        f"  report within {report_seconds:g} s: {within} of {n}; with every set and a minimal "
        f"conflicting set: {whole} of {n}"
    )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m helper.bench.mistyped", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--split", choices=SPLITS, action="append", help="default: both")
    parser.add_argument("--limit", type=int, default=None, help="puzzles per split")
    parser.add_argument("--book", action="store_true", help="also the book's three puzzles")
    parser.add_argument("--seconds", type=float, default=REPORT_SECONDS, help="report's limit")
    parser.add_argument("--verbose", action="store_true", help="one line per puzzle")
    args = parser.parse_args(argv)
    groups: dict[str, list[Mistyped]] = {}
    for split in args.split or SPLITS:
        count = PUZZLES[split] if args.limit is None else min(args.limit, PUZZLES[split])
        groups[split] = [mistyped_puzzle(split, k) for k in range(count)]
    if args.book:
        groups["book"] = list(book_puzzles().values())
    for label, cases in groups.items():
        rows = []
        for case in cases:
            row = measure(case, args.seconds)
            rows.append(row)
            if args.verbose:
                print(
                    f"  {row.puzzle}: {case.typed} (was {' '.join(map(str, case.original.clue))}); "
                    f"rank {row.rank} of {row.fixes}, conflict {row.conflict}, "
                    f"report {row.seconds['report'][0]:.2f} s",
                    flush=True,
                )
        print("\n".join(summary(label, rows, args.seconds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
