"""The benchmark command: ``python -m helper.bench --help``.

Runs solvers side by side on the seeded families (both splits by default, reported apart) or
on a folder of puzzle files, prints one table per family and split, and with ``--targets``
checks the goals the book's chapter on faster models sets, and the colour family's goal,
measured in this very run (:mod:`helper.bench.goals`). The colour family runs the colour
solvers of the same names (``portfolio`` is the colour ``solve``).
"""

import argparse
import sys
from collections.abc import Sequence

from helper.bench import (
    ALL_FAMILIES,
    DEFAULT_MEMORY_MB,
    DEFAULT_TIME_LIMIT,
    FAILED,
    Puzzle,
    family_puzzles,
    format_report,
    limitations,
    load_set,
    pin_to_one_core,
    puzzle_times,
    run,
    write_csv,
)
from helper.bench.families import COLOUR_FAMILIES, SPLITS
from helper.bench.goals import (
    BASELINES,
    COMPARED,
    colour_targets,
    format_targets,
    targets,
)
from helper.bench.progress import progress
from helper.nonogram import RECOMMENDED_SOLVER

DEFAULT_SOLVERS = [RECOMMENDED_SOLVER, "sat-automaton"]
"""What runs when ``--solvers`` is not given: these, and the family's baselines (BASELINES;
every baseline on a folder of puzzle files)."""


def _names(family: str, capability: str) -> list[str]:
    """The solvers (or counters) registered for the family's kind of puzzle."""
    if family in COLOUR_FAMILIES:
        from helper.nonogram.colour.solvers import REGISTRY as COLOUR_REGISTRY

        return COLOUR_REGISTRY.names(capability)
    from helper.nonogram.solvers.registry import names

    return names(capability)


def _default_solvers(family: str, capability: str) -> list[str]:
    available = _names(family, capability)
    if capability == "count":  # uniqueness mode: every way to count, so they are compared
        return available
    if family in BASELINES:
        baselines = list(BASELINES[family])
    else:  # a folder of black-and-white puzzles: every black-and-white baseline
        baselines = list(dict.fromkeys(
            b for name, chosen in BASELINES.items() if name not in COLOUR_FAMILIES for b in chosen
        ))  # fmt: skip
    return [s for s in dict.fromkeys([*DEFAULT_SOLVERS, *baselines]) if s in available]


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m helper.bench",
        description="Run Nonogram solvers side by side, each solve in its own process with a "
        "time cap, and check every answer. By default: every seeded family, tuning and "
        "held-out splits reported apart.",
    )
    parser.add_argument(
        "--family", action="append", choices=list(ALL_FAMILIES), help="a seeded family (repeat)"
    )
    parser.add_argument("--split", choices=[*SPLITS, "both"], default="both")
    parser.add_argument("--limit", type=int, help="at most this many puzzles per family and split")
    parser.add_argument(
        "--size", action="append", help="only puzzles of this size, e.g. 60x80 (repeat)"
    )
    parser.add_argument(
        "--one-core",
        action="store_true",
        help="pin the benchmark and every solve to one core, as on a machine with one (Linux)",
    )
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
    parser.add_argument(
        "--plot", help="draw the solve times, a dot per puzzle, into this image file"
    )
    parser.add_argument("--targets", action="store_true", help="check the chapter's goals")
    parser.add_argument(
        "--quiet", action="store_true", help="no progress bar (on a terminal) or lines (in a log)"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    capability = "count" if args.unique else "solve"
    chosen = args.solvers.split(",") if args.solvers and args.solvers != "all" else None
    try:
        if args.one_core:
            print(f"pinned to core {pin_to_one_core()}: every solve runs on that core alone")
        puzzles: Sequence[Puzzle]
        if args.set:
            puzzles = load_set(args.set, args.puzzles, args.size)
        else:
            splits = SPLITS if args.split == "both" else [args.split]
            puzzles = family_puzzles(args.family, splits, args.limit, args.size)
        if not puzzles:
            raise ValueError("no puzzle matches the families, --set, --puzzles and --size given")

        for note in limitations(args.memory_mb or None):
            print(f"note: {note}", file=sys.stderr)
        families = dict.fromkeys(p.family for p in puzzles)
        every = args.solvers == "all"
        plan = {
            family: chosen
            or (_names(family, capability) if every else _default_solvers(family, capability))
            for family in families
        }
        solves = [(p.family, p.name, len(plan[p.family]) * args.repeat) for p in puzzles]
        results = []
        with progress(solves, quiet=args.quiet) as report:
            for family, solvers in plan.items():
                results += run(
                    solvers,
                    [p for p in puzzles if p.family == family],
                    args.time_limit,
                    repeat=args.repeat,
                    limit=2 if args.unique else 1,
                    memory_mb=args.memory_mb or None,
                    progress=report,
                )
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(format_report(results, args.time_limit, COMPARED))
    if args.targets:
        found = targets(results, args.time_limit, one_core=args.one_core)
        if found or not any(f in COLOUR_FAMILIES for f in families):
            print("\nGoals of the chapter 'Faster Nonogram models', measured in this run:")
            print(format_targets(found))
        colour = colour_targets(results, args.time_limit)
        if colour:
            print("\nGoal of the colour benchmark (issue 42), measured in this run:")
            print(format_targets(colour))
    if args.csv:
        write_csv(results, args.csv)
        print(f"\nwrote {len(results)} measurements to {args.csv}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        from helper.plot import plot_times_by_family

        figure = plot_times_by_family(puzzle_times(results, args.time_limit), args.time_limit)
        figure.savefig(args.plot, dpi=120, facecolor="white", bbox_inches="tight")
        print(f"drew the solve times (a dot per puzzle) into {args.plot}")
    return 1 if any(r.status in FAILED for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
