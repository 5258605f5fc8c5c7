"""The benchmark command: ``python -m helper.bench --help``.

Runs solvers side by side on the seeded families (both splits by default, reported apart) or
on a folder of puzzle files, prints one table per family and split, and with ``--targets``
checks the goals the book's chapter on faster models sets, measured in this very run.
"""

import argparse
import sys
from collections.abc import Sequence

from helper.bench import (
    DEFAULT_MEMORY_MB,
    DEFAULT_TIME_LIMIT,
    FAILED,
    Result,
    cactus,
    family_puzzles,
    format_report,
    limitations,
    lines,
    load_set,
    ratio,
    run,
    write_csv,
)
from helper.bench.families import FAMILIES, SPLITS
from helper.nonogram import RECOMMENDED_SOLVER
from helper.nonogram.solvers.registry import names

BASELINES = {"pictures": "cpsat-start", "noisy": "cpsat-start", "random": "cpsat-automaton-default"}
"""The solver each family's speed-up is measured against."""

DEFAULT_SOLVERS = [RECOMMENDED_SOLVER, "sat-automaton"]
"""What runs when ``--solvers`` is not given: these, and the family's baseline (BASELINES;
both CP-SAT baselines on a folder of puzzle files)."""


def targets(
    results: Sequence[Result], time_limit: float, solve: str = RECOMMENDED_SOLVER
) -> list[tuple[str, str, bool]]:
    """The chapter's goals for the solver ``solve``, as measured in ``results``:
    ``(goal, measured, met)``."""
    out = []
    by = {(g.family, g.split, g.solver): g for g in lines(results, time_limit)}
    for split in SPLITS:
        mine, base = by.get(("noisy", split, solve)), by.get(("noisy", split, "cpsat-start"))
        if mine and base:
            keep = [i for i, p in enumerate(mine.puzzles) if "-30x40-" in p or "-45x60-" in p]
            if keep:
                mine_part, base_part = _subset(mine, keep), _subset(base, keep)
                speedup = ratio(mine_part, base_part)
                bound = ">=" if base_part.capped else ""
                out.append((
                    f"noisy 30x40 and 45x60 ({split}, {len(keep)}): {solve} >= 50x faster "
                    "than cpsat-start (geometric mean)",
                    f"{bound}{speedup:.0f}x",
                    speedup >= 50 and not mine_part.capped,
                ))  # fmt: skip
    big = [g for g in lines(results, time_limit) if g.solver == solve]
    worst = [
        (s, p)
        for g in big
        for p, s, ok in zip(g.puzzles, g.seconds, g.decided, strict=True)
        if "60x80" in p
    ]
    if worst:
        seconds, name = max(worst)
        out.append((f"every 60x80 picture < 2 s ({len(worst)})", f"{seconds:.2f} s ({name})",
                    seconds < 2))  # fmt: skip
    for split in SPLITS:
        mine = by.get(("random", split, solve))
        base = by.get(("random", split, "cpsat-automaton-default"))
        if mine and base:
            factor = base.total / mine.total
            out.append((
                f"random 25x25 ({split}, {mine.count}): {solve} >= 3x faster in total than "
                "cpsat-automaton-default, none unsolved",
                f"{factor:.1f}x ({mine.total:.1f} s vs {base.total:.1f} s), "
                f"{mine.count - mine.solved} unsolved",
                factor >= 3 and not mine.capped,
            ))  # fmt: skip
    for g in lines(results, time_limit):
        if g.solver == solve and not g.split:
            out.append((
                f"puzzle files {g.family} ({g.count}): all solved, total < 20 s per hundred, "
                "none > 3 s",
                f"{g.solved}/{g.count}, total {g.total:.1f} s, worst {g.worst:.2f} s",
                not g.capped and g.total < 20 * g.count / 100 and g.worst < 3,
            ))  # fmt: skip
    return out


def _subset(line, keep):
    from dataclasses import replace

    return replace(
        line,
        puzzles=[line.puzzles[i] for i in keep],
        seconds=[line.seconds[i] for i in keep],
        decided=[line.decided[i] for i in keep],
    )


def _default_solvers(family: str, capability: str) -> list[str]:
    available = names(capability)
    if capability == "count":  # uniqueness mode: every way to count, so they are compared
        return available
    baselines = [BASELINES[family]] if family in BASELINES else sorted(set(BASELINES.values()))
    return [s for s in dict.fromkeys([*DEFAULT_SOLVERS, *baselines]) if s in available]


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m helper.bench",
        description="Run Nonogram solvers side by side, each solve in its own process with a "
        "time cap, and check every answer. By default: every seeded family, tuning and "
        "held-out splits reported apart.",
    )
    parser.add_argument(
        "--family", action="append", choices=list(FAMILIES), help="a seeded family (repeat)"
    )
    parser.add_argument("--split", choices=[*SPLITS, "both"], default="both")
    parser.add_argument("--limit", type=int, help="at most this many puzzles per family and split")
    parser.add_argument("--set", help="a folder of .json/.non puzzles instead of the families")
    parser.add_argument("--puzzles", default="*", help="with --set: glob on the file stem")
    parser.add_argument(
        "--solvers",
        help=f"comma-separated, or 'all' (default: {','.join(DEFAULT_SOLVERS)} and the "
        "family's baseline)",
    )
    parser.add_argument(
        "--unique", action="store_true", help="uniqueness mode: stop at 2 solutions"
    )
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT)
    parser.add_argument("--repeat", type=int, default=1, help="runs per solve (median kept)")
    parser.add_argument("--memory-mb", type=int, default=DEFAULT_MEMORY_MB, help="0: no cap")
    parser.add_argument("--csv", help="write every measurement to this CSV file")
    parser.add_argument("--plot", help="draw the cactus plot into this image file")
    parser.add_argument("--targets", action="store_true", help="check the chapter's goals")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    capability = "count" if args.unique else "solve"
    chosen = names(capability) if args.solvers == "all" else None
    if args.solvers and args.solvers != "all":
        chosen = args.solvers.split(",")
    try:
        if args.set:
            puzzles = load_set(args.set, args.puzzles)
        else:
            splits = SPLITS if args.split == "both" else [args.split]
            puzzles = family_puzzles(args.family, splits, args.limit)
        if not puzzles:
            raise ValueError("no puzzle matches the families, --set and --puzzles given")

        def show(r: Result) -> None:
            if not args.quiet:
                note = f" ({r.message})" if r.message and not r.decided else ""
                print(f"{r.puzzle:40} {r.solver:24} {r.status:11} {r.seconds:8.3f} s{note}",
                      file=sys.stderr, flush=True)  # fmt: skip

        for note in limitations(args.memory_mb or None):
            print(f"note: {note}", file=sys.stderr)
        results = []
        for family in dict.fromkeys(p.family for p in puzzles):
            solvers = chosen or _default_solvers(family, capability)
            mine = [p for p in puzzles if p.family == family]
            results += run(
                solvers,
                mine,
                args.time_limit,
                repeat=args.repeat,
                limit=2 if args.unique else 1,
                memory_mb=args.memory_mb or None,
                progress=show,
            )
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(format_report(results, args.time_limit, BASELINES))
    if args.targets:
        print("\nGoals of the chapter 'Faster Nonogram models', measured in this run:")
        for goal, measured, met in targets(results, args.time_limit):
            print(f"  [{'met' if met else 'NOT met'}] {goal}: {measured}")
    if args.csv:
        write_csv(results, args.csv)
        print(f"\nwrote {len(results)} measurements to {args.csv}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        from helper.plot import plot_cactus

        ax = plot_cactus(cactus(results, args.time_limit), args.time_limit)
        ax.figure.savefig(args.plot, dpi=120, facecolor="white")  # type: ignore[union-attr]
        print(f"drew the cactus plot into {args.plot}")
    return 1 if any(r.status in FAILED for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
