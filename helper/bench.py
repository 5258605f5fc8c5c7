"""Benchmark every registered Nonogram solver on a puzzle set: ``python -m helper.bench``.

Each solve runs in its own process (so one solver's memory or a crash cannot touch the
next), with a time cap: a process still running at the cap is killed and counted as a
timeout, reported as ``>= cap``. Every answer is checked with ``check_nonogram``. The
command prints the seconds per solver and puzzle, the ratio to the fastest solver on each
puzzle, geometric means, CP-SAT statistics (branches, conflicts) where a solver uses
CP-SAT, and the targets of the book's fast chapter, all measured in the same run. Solves
run one after another (the machine may be small and shared); ``--csv`` writes every
measurement.

The functions :func:`load_set`, :func:`run`, :func:`summary`, :func:`targets` and
:func:`format_report` are what the chapter calls to benchmark a subset at build time.
"""

import argparse
import csv
import fnmatch
import math
import multiprocessing as mp
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from helper.data import DATA_DIR
from helper.nonogram import RECOMMENDED_SOLVER, SOLVERS, Nonogram, SolveResult

DEFAULT_SET = "bench"
DEFAULT_TIME_LIMIT = 60.0
DEFAULT_MEMORY_MB = 3000
GRACE_SECONDS = 10.0  # process start and clean-up allowed on top of the cap


@dataclass
class Result:
    """One solve. ``status`` is ok, timeout, wrong (answer breaks a clue), memory, error (an
    exception in the solver) or died (the process ended without an answer, for example a
    C++ allocation failing under the memory cap)."""

    solver: str
    puzzle: str
    family: str
    size: str
    cells: int
    status: str
    seconds: float  # solve time inside the child; the cap for a timeout
    branches: int | None = None
    conflicts: int | None = None
    message: str = ""
    run: int = 0


def load_set(
    name: str = DEFAULT_SET, pattern: str = "*", sizes: Iterable[str] | None = None
) -> list[Nonogram]:
    """The puzzles of ``data/<name>/`` whose file stem matches ``pattern``, smallest first.

    ``sizes`` (for example ``["45x60"]``) keeps only puzzles of those sizes. The clues are
    validated on loading.
    """
    import json

    folder = Path(name) if Path(name).is_dir() else DATA_DIR / name
    if not folder.is_dir():
        raise ValueError(f"no puzzle set {name!r}: {folder} is not a folder")
    wanted = set(sizes) if sizes else None
    puzzles = []
    for path in sorted(folder.glob("*.json")):
        if not fnmatch.fnmatch(path.stem, pattern):
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        puzzle = Nonogram.from_dict(data, name=path.stem)
        if wanted is None or puzzle.size in wanted:
            puzzles.append(puzzle)
    puzzles.sort(key=lambda p: (p.cells, p.name))
    return puzzles


# -- one solve in a child process ------------------------------------------------------------


def _child(conn, solver: str, puzzle: Nonogram, time_limit: float, memory_mb: int | None) -> None:
    """Run one solve and send its :class:`SolveResult` (or an error text) to the parent."""
    if memory_mb:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        answer: SolveResult | str = SOLVERS[solver](puzzle, time_limit=time_limit)
    except MemoryError:
        answer = f"memory: over {memory_mb} MB"
    except Exception as error:  # reported, never raised: the benchmark goes on
        answer = f"error: {type(error).__name__}: {error}"
    conn.send(answer)
    conn.close()


def _context() -> mp.context.BaseContext:
    """A fork server that has imported the solvers once: each solve forks a clean copy."""
    context = mp.get_context("forkserver")
    context.set_forkserver_preload(["helper.nonogram"])
    return context


def run_one(
    solver: str,
    puzzle: Nonogram,
    time_limit: float = DEFAULT_TIME_LIMIT,
    memory_mb: int | None = DEFAULT_MEMORY_MB,
) -> Result:
    """Solve ``puzzle`` with ``solver`` in a child process and check the answer."""
    context = _context()
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, solver, puzzle, time_limit, memory_mb))
    base = Result(
        solver, puzzle.name, puzzle.family or "other", puzzle.size, puzzle.cells, "", time_limit
    )
    process.start()
    send.close()
    answer: SolveResult | str
    try:
        answer = receive.recv() if receive.poll(time_limit + GRACE_SECONDS) else "timeout: killed"
    except EOFError:  # the child died without a word (out of memory, a crash)
        answer = "died: child died"
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receive.close()
    if isinstance(answer, str):
        base.status, _, base.message = answer.partition(": ")
        return base
    base.status = _STATUS.get(answer.status, answer.status)
    base.seconds, base.message = answer.seconds, answer.message[:200]
    base.branches, base.conflicts = answer.stats.get("branches"), answer.stats.get("conflicts")
    if answer.solved and not puzzle.check(answer.grid):
        base.status, base.message = "wrong", "the answer breaks a clue"
    if base.status == "timeout":
        base.seconds = max(base.seconds, time_limit)
    return base


_STATUS = {"solved": "ok"}
"""Benchmark words for :class:`SolveResult` statuses (the others are the same)."""


def run(
    solvers: Sequence[str],
    puzzles: Sequence[Nonogram],
    time_limit: float = DEFAULT_TIME_LIMIT,
    *,
    repeat: int = 1,
    memory_mb: int | None = DEFAULT_MEMORY_MB,
    progress: Callable[[Result], None] | None = None,
) -> list[Result]:
    """Every solver on every puzzle, one solve at a time; ``repeat`` runs each ``repeat`` times.

    Solvers take turns on each puzzle, so a slow spell of a shared machine hits them alike.
    """
    unknown = [s for s in solvers if s not in SOLVERS]
    if unknown:
        raise ValueError(f"unknown solver(s) {unknown}; registered: {list(SOLVERS)}")
    if time_limit <= 0:
        raise ValueError(f"the time limit must be positive, got {time_limit}")
    results = []
    for puzzle in puzzles:
        for index in range(repeat):
            for solver in solvers:
                result = run_one(solver, puzzle, time_limit, memory_mb)
                result.run = index
                results.append(result)
                if progress:
                    progress(result)
    return results


# -- the report ----------------------------------------------------------------------------


@dataclass
class Cell:
    """The median of the repeats of one solver on one puzzle."""

    seconds: float
    status: str
    branches: int | None = None
    conflicts: int | None = None


@dataclass
class Summary:
    solvers: list[str]
    puzzles: list[str]
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)
    sizes: dict[str, str] = field(default_factory=dict)
    families: dict[str, str] = field(default_factory=dict)
    time_limit: float = DEFAULT_TIME_LIMIT

    def seconds(self, solver: str, puzzle: str) -> float:
        return self.cells[solver, puzzle].seconds

    def fastest(self, puzzle: str) -> float:
        return min(self.seconds(s, puzzle) for s in self.solvers)

    def geomean(self, solver: str, puzzles: Sequence[str] | None = None) -> float:
        chosen = self.puzzles if puzzles is None else puzzles
        return math.exp(statistics.fmean(math.log(self.seconds(solver, p)) for p in chosen))

    def mean_ratio(self, solver: str) -> float:
        """Geometric mean over the puzzles of ``solver``'s time over the fastest time."""
        logs = [math.log(self.seconds(solver, p) / self.fastest(p)) for p in self.puzzles]
        return math.exp(statistics.fmean(logs))

    def total(self, solver: str) -> float:
        return sum(self.seconds(solver, p) for p in self.puzzles)

    def capped(self, solver: str, puzzles: Sequence[str] | None = None) -> bool:
        """True when some solve of ``solver`` did not finish (its time is a lower bound)."""
        chosen = self.puzzles if puzzles is None else puzzles
        return any(self.cells[solver, p].status != "ok" for p in chosen)


MIN_SECONDS = 1e-4  # geometric means need positive times


def summary(results: Sequence[Result], time_limit: float = DEFAULT_TIME_LIMIT) -> Summary:
    """Collect results into per-(solver, puzzle) medians, in the order they were run."""
    solvers = list(dict.fromkeys(r.solver for r in results))
    puzzles = list(dict.fromkeys(r.puzzle for r in results))
    out = Summary(solvers, puzzles, time_limit=time_limit)
    for r in results:
        out.sizes[r.puzzle], out.families[r.puzzle] = r.size, r.family
    for solver in solvers:
        for puzzle in puzzles:
            mine = [r for r in results if r.solver == solver and r.puzzle == puzzle]
            bad = [r.status for r in mine if r.status != "ok"]
            seconds = statistics.median(r.seconds if r.status == "ok" else time_limit for r in mine)
            out.cells[solver, puzzle] = Cell(
                max(seconds, MIN_SECONDS),
                bad[0] if bad else "ok",
                mine[0].branches,
                mine[0].conflicts,
            )
    return out


@dataclass
class Target:
    name: str
    value: str
    met: bool | None  # None: not measured in this run


def targets(s: Summary, recommended: str = RECOMMENDED_SOLVER) -> list[Target]:
    """The three targets of the fast chapter, as measured in this run."""
    out = []
    mid = [p for p in s.puzzles if s.sizes[p] == "45x60"]
    if recommended in s.solvers and "cpsat-start" in s.solvers and mid:
        ratio = s.geomean("cpsat-start", mid) / s.geomean(recommended, mid)
        bound = ">= " if s.capped("cpsat-start", mid) else ""
        out.append(
            Target(
                f"solve vs cpsat-start, geometric mean over {len(mid)} 45x60 puzzles (>= 50x)",
                f"{bound}{ratio:.0f}x",
                ratio >= 50 and not s.capped(recommended, mid),
            )
        )
    else:
        out.append(Target("solve vs cpsat-start on 45x60 puzzles (>= 50x)", "not measured", None))
    big = [p for p in s.puzzles if s.sizes[p] == "60x80" and s.families[p] == "picture"]
    if recommended in s.solvers and big:
        worst = max(s.seconds(recommended, p) for p in big)
        ok = worst < 2 and not s.capped(recommended, big)
        out.append(
            Target(f"slowest of {len(big)} 60x80 picture puzzles (< 2 s)", f"{worst:.2f} s", ok)
        )
    else:
        out.append(Target("60x80 picture puzzles (< 2 s)", "not measured", None))
    if recommended in s.solvers and "cpsat-automaton" in s.solvers:
        mine, theirs = s.total(recommended), s.total("cpsat-automaton")
        out.append(
            Target(
                f"total over all {len(s.puzzles)} puzzles vs cpsat-automaton (faster)",
                f"{mine:.2f} s vs {theirs:.2f} s ({theirs / mine:.1f}x)",
                mine < theirs and not s.capped(recommended),
            )
        )
    else:
        out.append(Target("total vs cpsat-automaton (faster)", "not measured", None))
    return out


def _seconds_text(cell: Cell) -> str:
    if cell.status == "ok":
        return f"{cell.seconds:.3f}" if cell.seconds < 10 else f"{cell.seconds:.1f}"
    if cell.status == "timeout":
        return f">={cell.seconds:.0f}"
    return cell.status


def _ratio_text(cell: Cell, fastest: float) -> str:
    ratio = cell.seconds / fastest
    text = f"{ratio:.1f}" if ratio < 100 else f"{ratio:.0f}"
    return (
        (">=" if cell.status == "timeout" else "") + text
        if cell.status in ("ok", "timeout")
        else cell.status
    )


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(
            h.ljust(w) if i == 0 else h.rjust(w)
            for i, (h, w) in enumerate(zip(header, widths, strict=True))
        )
    ]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )
    return "\n".join(lines)


def format_report(s: Summary, recommended: str = RECOMMENDED_SOLVER) -> str:
    """The tables and the targets as text."""
    header = ["puzzle", *s.solvers]
    seconds = []
    ratios = []
    for p in s.puzzles:
        fastest = s.fastest(p)
        seconds.append([p, *(_seconds_text(s.cells[x, p]) for x in s.solvers)])
        ratios.append([p, *(_ratio_text(s.cells[x, p], fastest) for x in s.solvers)])
    geo = [
        "geometric mean",
        *(("(>=)" if s.capped(x) else "") + f"{s.geomean(x):.3f}" for x in s.solvers),
    ]
    total = ["total", *(("(>=)" if s.capped(x) else "") + f"{s.total(x):.2f}" for x in s.solvers)]
    solved = [
        "solved",
        *(
            f"{sum(s.cells[x, p].status == 'ok' for p in s.puzzles)}/{len(s.puzzles)}"
            for x in s.solvers
        ),
    ]
    geo_ratio = [
        "geo. mean ratio",
        *(("(>=)" if s.capped(x) else "") + f"{s.mean_ratio(x):.1f}" for x in s.solvers),
    ]
    parts = [
        f"Seconds per solve (cap {s.time_limit:g} s; >=cap: killed or stopped at the cap; "
        "too large: the model refused to build; means and totals count every unsolved "
        "puzzle at the cap and are then marked (>=))",
        _table(header, [*seconds, solved, geo, total]),
        "",
        "Ratio to the fastest solver on each puzzle",
        _table(header, [*ratios, geo_ratio]),
    ]
    with_stats = [
        x for x in s.solvers if any(s.cells[x, p].branches is not None for p in s.puzzles)
    ]
    if with_stats:
        rows = []
        for p in s.puzzles:
            row = [p]
            for x in with_stats:
                c = s.cells[x, p]
                row.append("-" if c.branches is None else f"{c.branches}/{c.conflicts}")
            rows.append(row)
        parts += [
            "",
            "CP-SAT branches/conflicts (first run)",
            _table(["puzzle", *with_stats], rows),
        ]
    parts += ["", f"Targets (solve = {recommended!r})"]
    for t in targets(s, recommended):
        verdict = {True: "met", False: "NOT met", None: "-"}[t.met]
        parts.append(f"  [{verdict}] {t.name}: {t.value}")
    return "\n".join(parts)


def write_csv(results: Sequence[Result], path: str | Path) -> None:
    """Every measurement, one row per solve."""
    with Path(path).open("w", newline="", encoding="utf-8") as f:
        names = list(asdict(results[0])) if results else list(Result.__dataclass_fields__)
        writer = csv.DictWriter(f, fieldnames=names)
        writer.writeheader()
        for r in results:
            writer.writerow(asdict(r))


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m helper.bench",
        description="Run Nonogram solvers side by side on a puzzle set, each solve in its own "
        "process with a time cap, and check every answer.",
    )
    parser.add_argument("--set", default=DEFAULT_SET, help="folder in data/ (or a path)")
    parser.add_argument("--puzzles", default="*", help="glob on the file stem, e.g. 'picture-*'")
    parser.add_argument("--size", action="append", help="keep only this size, e.g. 45x60")
    parser.add_argument("--solvers", help=f"comma-separated (default: all of {list(SOLVERS)})")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT)
    parser.add_argument("--repeat", type=int, default=1, help="runs per solve (median kept)")
    parser.add_argument("--memory-mb", type=int, default=DEFAULT_MEMORY_MB, help="0: no cap")
    parser.add_argument("--csv", help="write every measurement to this CSV file")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    solvers = args.solvers.split(",") if args.solvers else list(SOLVERS)
    try:
        puzzles = load_set(args.set, args.puzzles, args.size)
        if not puzzles:
            raise ValueError("no puzzle matches the set, --puzzles and --size given")
        if args.repeat < 1:
            raise ValueError(f"--repeat must be at least 1, got {args.repeat}")

        def show(r: Result) -> None:
            if not args.quiet:
                note = f" ({r.message})" if r.message else ""
                print(
                    f"{r.puzzle:28} {r.solver:16} {r.status:8} {r.seconds:8.3f} s{note}",
                    file=sys.stderr,
                    flush=True,
                )

        results = run(
            solvers,
            puzzles,
            args.time_limit,
            repeat=args.repeat,
            memory_mb=args.memory_mb or None,
            progress=show,
        )
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(format_report(summary(results, args.time_limit)))
    if args.csv:
        write_csv(results, args.csv)
        print(f"\nwrote {len(results)} measurements to {args.csv}")
    return 1 if any(r.status in ("wrong", "error") for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
