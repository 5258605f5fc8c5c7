"""Benchmark Nonogram solvers side by side: every solve in its own process, every answer checked.

The puzzles come from the seeded families of :mod:`helper.bench.families` (each with a
tuning split and a held-out split, reported apart) or from a folder of puzzle files. Each solve
runs in a child process with a time cap: a child still running at the cap is killed and the
solve counted as a timeout, at the cap, in every total and percentile (which are then marked as
lower bounds with ``>=``). Every solve runs cold: its process comes from a fork server that
has imported the solvers and solved nothing (or is a fresh interpreter), the bit-mask line
engine keeps one memo per solve, and each child checks that the one process-wide line cache
(:data:`~helper.nonogram.line.cache.REFERENCE_CACHE`), and the colour line solver's and
automata's caches, are empty when its solve starts; the report says so (:func:`cold_note`).
Every grid a solver returns is checked against the clues with :meth:`Nonogram.check` (for a
colour puzzle :meth:`ColourNonogram.check`, which shares nothing with the colour solvers); in
*uniqueness mode* (``limit=2``) a solver must find up to two
different solutions, and all solvers must agree on how many there are (at most two).

A colour family's puzzles (:data:`~helper.bench.families.COLOUR_FAMILIES`) are solved by the
colour solvers of the same names (``helper.nonogram.colour.SOLVERS``): ``"portfolio"`` is then
the colour ``solve``, ``"cpsat-automaton"`` the CP-SAT automaton over colour values.

This module is the library the chapter calls on a bounded subset; ``python -m helper.bench``
(:mod:`helper.bench.__main__`) is the command that runs the full benchmark. Both need the
``bench`` extra (tabulate for the tables; rich for the command's progress bar).
"""

import csv
import fnmatch
import math
import multiprocessing as mp
import os
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from helper.extras import missing_extra

try:
    from tabulate import tabulate
except ModuleNotFoundError as error:
    raise missing_extra(error, __name__, "bench") from None

from helper.backends.race import usable_cores
from helper.bench.families import COLOUR_FAMILIES, FAMILIES, SPLITS
from helper.data import DATA_DIR
from helper.nonogram import SOLVERS, Nonogram
from helper.nonogram.colour import ColourNonogram
from helper.results import CountResult, SolveResult
from helper.text import LINE_WIDTH, wrap

DEFAULT_TIME_LIMIT = 60.0
DEFAULT_MEMORY_MB = 3000
GRACE_SECONDS = 10.0  # process start and clean-up allowed on top of the cap

Puzzle = Nonogram | ColourNonogram
"""A puzzle the benchmark runs: black and white, or in colour."""

DECIDED = ("solved", "no solution")
"""Statuses of a solve that answered the question (the others gave up or failed)."""
FAILED = ("wrong", "error", "disagree")
"""Statuses that mean a solver is broken: the command exits with an error when it sees one."""


@dataclass
class Result:
    """One solve of one puzzle by one solver.

    ``status`` is a :class:`SolveResult` status (solved, no solution, timeout, too large) or
    one of the benchmark's own: memory (over the memory cap), died (the process ended without
    an answer), error (an exception), wrong (a grid that breaks a clue, or "no solution" for a
    puzzle made from a picture) and disagree (in uniqueness mode, a count that another solver
    contradicts). ``seconds`` is the time inside the child, or the cap when the solve did not
    finish. ``cpu_seconds`` is the processor time the solve used, its threads and the
    processes it started included (``None`` when the child was killed): divided by
    ``seconds`` it says how many cores the solver kept busy. ``warm_entries`` is how many
    entries the process-wide line cache held when the solve began (0: the solve ran cold;
    ``None`` when the child sent no answer).
    """

    solver: str
    puzzle: str
    family: str
    split: str
    size: str
    cells: int
    status: str
    seconds: float
    method: str = ""
    solutions: int | None = None  # uniqueness mode: different solutions found (at most 2)
    stats: dict[str, float] = field(default_factory=dict)
    message: str = ""
    run: int = 0
    cpu_seconds: float | None = None
    warm_entries: int | None = None  # process-wide line cache entries when the solve began

    @property
    def decided(self) -> bool:
        return self.status in DECIDED


def _cpu_time() -> float:
    """Processor seconds of this process (every thread) and of its children that have ended
    (those in clock ticks, and 0 where the system does not count them)."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


ALL_FAMILIES: dict[str, Any] = {**FAMILIES, **COLOUR_FAMILIES}
"""Every seeded family by name, black and white and colour."""


def family_puzzles(
    families: Iterable[str] | None = None,
    splits: Iterable[str] = SPLITS,
    limit: int | None = None,
    sizes: Iterable[str] | None = None,
) -> list[Puzzle]:
    """The puzzles of the named families (all by default, the colour one included), ``limit``
    per family and split; ``sizes`` (e.g. ``["60x80"]``) keeps only puzzles of those sizes,
    before the limit."""
    names = list(ALL_FAMILIES) if families is None else list(families)
    unknown = [n for n in names if n not in ALL_FAMILIES]
    if unknown:
        raise ValueError(
            f"unknown famil{'ies' if len(unknown) > 1 else 'y'} {unknown}; "
            f"the families are {list(ALL_FAMILIES)}"
        )
    wanted = list(splits)
    bad = [s for s in wanted if s not in SPLITS]
    if bad:
        raise ValueError(f"unknown split {bad}; the splits are {list(SPLITS)}")
    if sizes is None:
        return [p for n in names for s in wanted for p in ALL_FAMILIES[n].puzzles(s, limit)]
    kept = set(sizes)
    chosen: list[Puzzle] = []
    for n in names:
        for s in wanted:
            chosen += [p for p in ALL_FAMILIES[n].puzzles(s) if p.size in kept][:limit]
    return chosen


def load_set(
    name: str = "bench", pattern: str = "*", sizes: Iterable[str] | None = None
) -> list[Nonogram]:
    """The ``.json`` and ``.non`` puzzles in ``data/<name>/`` (or in the folder ``name``)
    whose file stem matches ``pattern``, smallest first; ``sizes`` (e.g. ``["45x60"]``) keeps
    only puzzles of those sizes."""
    from helper.formats import read_puzzle_file

    folder = Path(name) if Path(name).is_dir() else DATA_DIR / name
    if not folder.is_dir():
        raise ValueError(f"no puzzle set {name!r}: {folder} is not a folder")
    wanted = set(sizes) if sizes else None
    puzzles = [
        read_puzzle_file(path)
        for path in sorted(folder.iterdir())
        if path.suffix.lower() in (".json", ".non") and fnmatch.fnmatch(path.stem, pattern)
    ]
    puzzles = [p for p in puzzles if wanted is None or p.size in wanted]
    return sorted(puzzles, key=lambda p: (p.cells, p.name))


def pin_to_one_core() -> int:
    """Pin this process, and so every solve it starts from now on, to one of its cores, and
    return that core: what a machine with one usable core sees.

    Raises ``ValueError`` where the system cannot pin a process from Python
    (``os.sched_setaffinity`` exists on Linux only, not on macOS or Windows).
    """
    if not hasattr(os, "sched_setaffinity") or not hasattr(os, "sched_getaffinity"):
        raise ValueError(
            "--one-core needs os.sched_setaffinity, which this platform does not have (Linux "
            "has it; macOS and Windows do not), and without os.sched_getaffinity a solver "
            "cannot tell that it has one core: run the one-core measurement on Linux"
        )
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def split_of(puzzle: Puzzle) -> str:
    """The split a family puzzle belongs to (``""`` for a puzzle from a folder)."""
    return puzzle.info.get("split", "")


# -- one solve in a child process ------------------------------------------------------------


def registry_of(puzzle: Puzzle | None) -> Any:
    """The registry of the solvers and counters for ``puzzle``: the colour one for a
    :class:`ColourNonogram`, else (``None`` too) the black-and-white one."""
    if isinstance(puzzle, ColourNonogram):
        from helper.nonogram.colour.solvers import REGISTRY as COLOUR_REGISTRY

        return COLOUR_REGISTRY
    from helper.nonogram.solvers.registry import REGISTRY

    return REGISTRY


def warm_entries() -> int:
    """Entries in this process's line caches: the black-and-white reference cache, and the
    colour line solver's and automata's memos (0 in a process that has solved nothing)."""
    from helper.nonogram.colour.automaton import template
    from helper.nonogram.colour.line import solve_colour_line
    from helper.nonogram.line.cache import REFERENCE_CACHE

    colour = solve_colour_line.cache_info().currsize + template.cache_info().currsize
    return len(REFERENCE_CACHE) + colour


def _solve_in_child(
    conn, solver: str, puzzle: Puzzle, time_limit: float, memory_mb: int | None, limit: int
) -> None:
    """Run one solve and send its answer (or an error text) to the parent."""
    if memory_mb:
        import resource  # the parent checked that this platform has it

        cap = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    warm = warm_entries()  # 0 unless the process solved something before this solve
    started = _cpu_time()
    try:
        answer: SolveResult | CountResult | str
        if isinstance(puzzle, ColourNonogram):
            chosen = registry_of(puzzle)
            answer = (
                chosen.solvers[solver](puzzle, time_limit=time_limit)
                if limit == 1
                else chosen.counters[solver](puzzle, limit, time_limit=time_limit)
            )
        elif limit == 1:
            answer = SOLVERS[solver](puzzle, time_limit=time_limit)
        else:
            from helper.nonogram import COUNTERS

            answer = COUNTERS[solver](puzzle, limit, time_limit=time_limit)
    except MemoryError:
        answer = f"memory: over {memory_mb} MB"
    except Exception as error:  # reported, never raised: the benchmark goes on
        answer = f"error: {type(error).__name__}: {error}"
    conn.send((answer, _cpu_time() - started, warm))
    conn.close()


def _has_resource() -> bool:
    try:
        import resource  # noqa: F401  (Unix only)
    except ImportError:
        return False
    return True


def start_method() -> str:
    """How each solve's process starts: a fork server that has imported the solvers once
    (Linux, macOS), else ``spawn`` (Windows), which starts a fresh interpreter per solve."""
    return "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"


def limitations(memory_mb: int | None = DEFAULT_MEMORY_MB) -> list[str]:
    """What the benchmark cannot do on this platform, in words (``[]`` on Linux and macOS).

    Without a fork server each solve starts a fresh interpreter: the benchmark takes longer,
    but the times it reports are measured inside the solve and do not change. Without the
    ``resource`` module no memory cap can be set: a solve that runs out of memory may take
    the machine's memory with it instead of failing alone.
    """
    notes = []
    if start_method() != "forkserver":
        notes.append(
            "no 'forkserver' start method on this platform: each solve starts a fresh "
            "interpreter ('spawn'), so the run takes longer (the seconds reported are measured "
            "inside each solve and are not affected)"
        )
    if memory_mb and not _has_resource():
        notes.append(
            f"no 'resource' module on this platform: solves run without the {memory_mb} MB "
            "memory cap"
        )
    return notes


def _context() -> mp.context.BaseContext:
    """A fork server that has imported the solvers once: each solve forks a clean copy (or,
    where there is no fork server, ``spawn``: see :func:`limitations`)."""
    method = start_method()
    context = mp.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload([
            "helper.nonogram",
            "helper.nonogram.solvers",
            "helper.nonogram.unique",
            "helper.nonogram.colour.solvers",
        ])  # fmt: skip
    return context


def run_one(
    solver: str,
    puzzle: Puzzle,
    time_limit: float = DEFAULT_TIME_LIMIT,
    memory_mb: int | None = DEFAULT_MEMORY_MB,
    *,
    limit: int = 1,
) -> Result:
    """Solve ``puzzle`` with ``solver`` in a child process and check the answer.

    ``limit=2`` is uniqueness mode: the solver looks for two different solutions.
    """
    context: Any = _context()
    if memory_mb and not _has_resource():
        memory_mb = None  # no cap on this platform (limitations() says so)
    receive, send = context.Pipe(duplex=False)
    process = context.Process(
        target=_solve_in_child, args=(send, solver, puzzle, time_limit, memory_mb, limit)
    )
    result = Result(
        solver, puzzle.name, puzzle.family or "other", split_of(puzzle), puzzle.size,
        puzzle.cells, "", time_limit,
    )  # fmt: skip
    process.start()
    send.close()
    try:
        if receive.poll(time_limit + GRACE_SECONDS):
            answer, result.cpu_seconds, result.warm_entries = receive.recv()
        else:
            answer = "timeout: killed"
    except EOFError:  # the child died without a word (out of memory, a crash)
        answer = "died: the process ended without an answer"
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receive.close()
    if isinstance(answer, str):
        result.status, _, result.message = answer.partition(": ")
    else:
        _read_answer(result, answer, puzzle, limit)
    if not result.decided and result.status not in FAILED:
        result.seconds = max(result.seconds, time_limit)
    return result


def _read_answer(result: Result, answer, puzzle: Puzzle, limit: int) -> None:
    """Fill ``result`` from a child's :class:`SolveResult` (or, when counting, its grids)."""
    solved: SolveResult | CountResult = answer
    if isinstance(answer, SolveResult):
        grids = [answer.grid] if answer.grid is not None else []
    else:
        grids = list(answer.solutions)
    result.status, result.seconds = solved.status, solved.seconds
    result.method, result.stats = solved.method, dict(solved.stats)
    result.message = solved.message[:200]
    if any(not puzzle.check(grid) for grid in grids):
        result.status, result.message = "wrong", "a grid breaks a clue"
    elif solved.status == "no solution" and puzzle.goal is not None:
        result.status = "wrong"
        result.message = "said 'no solution', but the puzzle was made from a picture"
    elif len({str(g) for g in grids}) != len(grids):
        result.status, result.message = "wrong", "the same solution twice"
    elif limit > 1 and solved.status in DECIDED:
        result.solutions = len(grids)


def run(
    solvers: Sequence[str],
    puzzles: Sequence[Puzzle],
    time_limit: float = DEFAULT_TIME_LIMIT,
    *,
    repeat: int = 1,
    limit: int = 1,
    memory_mb: int | None = DEFAULT_MEMORY_MB,
    progress: Callable[[Result], None] | None = None,
) -> list[Result]:
    """Every solver on every puzzle, one solve at a time; ``repeat`` runs each ``repeat`` times.

    Solvers take turns on each puzzle, so a slow spell of a shared machine hits them alike.
    In uniqueness mode (``limit=2``) the counts of all solvers on a puzzle are compared, and a
    count that differs from the majority of decided solves is marked ``disagree``.
    """
    kinds: list[Puzzle | None] = [*puzzles] or [None]
    registries = {id(r): r for r in map(registry_of, kinds)}.values()
    for registry in registries:  # the registry's one message for a name it lacks
        for solver in solvers:
            registry.lookup(solver, "solve" if limit == 1 else "count")
    if not time_limit > 0:
        raise ValueError(f"the time limit must be positive, got {time_limit}")
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if limit not in (1, 2):
        raise ValueError(f"limit is 1 (solve) or 2 (uniqueness), got {limit}")
    results = []
    for puzzle in puzzles:
        mine = []
        for index in range(repeat):
            for solver in solvers:
                result = run_one(solver, puzzle, time_limit, memory_mb, limit=limit)
                result.run = index
                mine.append(result)
                if progress:
                    progress(result)
        if limit > 1:
            _mark_disagreements(mine)
        results += mine
    return results


def _mark_disagreements(results: Sequence[Result]) -> None:
    counts = [r.solutions for r in results if r.solutions is not None]
    if len(set(counts)) > 1:
        majority = statistics.mode(counts)
        for r in results:
            if r.solutions is not None and r.solutions != majority:
                r.status = "disagree"
                r.message = f"found {r.solutions} solution(s), the others {majority}"


# -- summaries -------------------------------------------------------------------------------


@dataclass
class Line:
    """One solver on one group of puzzles (a family's split): the medians of the repeats."""

    solver: str
    family: str
    split: str
    puzzles: list[str]
    seconds: list[float]  # per puzzle, at the cap when not decided
    decided: list[bool]
    time_limit: float
    cpu_seconds: float = 0.0  # processor time of the solves that answered, all runs
    wall_seconds: float = 0.0  # their time on the clock

    @property
    def cores(self) -> float | None:
        """How many cores the solver kept busy on average while it answered (processor time
        over time on the clock), or ``None`` when no solve answered."""
        return self.cpu_seconds / self.wall_seconds if self.wall_seconds > 0 else None

    @property
    def count(self) -> int:
        return len(self.puzzles)

    @property
    def solved(self) -> int:
        return sum(self.decided)

    @property
    def capped(self) -> bool:
        """True when some puzzle was not decided: the figures are then lower bounds."""
        return not all(self.decided)

    def percentile(self, q: float) -> float:
        """The ``q``-quantile of the seconds (``0.5``: the median), nearest rank."""
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    @property
    def total(self) -> float:
        return sum(self.seconds)

    @property
    def worst(self) -> float:
        return max(self.seconds)


MIN_SECONDS = 1e-4  # geometric means need positive times


def lines(results: Sequence[Result], time_limit: float = DEFAULT_TIME_LIMIT) -> list[Line]:
    """Group results by family, split and solver, in the order they were run."""
    groups: dict[tuple[str, str, str], dict[str, list[Result]]] = defaultdict(dict)
    for r in results:
        groups[r.family, r.split, r.solver].setdefault(r.puzzle, []).append(r)
    out = []
    for (family, split, solver), by_puzzle in groups.items():
        seconds, decided = [], []
        cpu = wall = 0.0
        for runs in by_puzzle.values():
            ok = [r for r in runs if r.decided]
            decided.append(len(ok) == len(runs))
            times = [r.seconds if r.decided else max(r.seconds, time_limit) for r in runs]
            seconds.append(max(statistics.median(times), MIN_SECONDS))
            measured = [r for r in ok if r.cpu_seconds is not None]
            cpu += sum(r.cpu_seconds or 0.0 for r in measured)
            wall += sum(r.seconds for r in measured)
        out.append(
            Line(solver, family, split, list(by_puzzle), seconds, decided, time_limit, cpu, wall)
        )
    return out


def ratio(line: Line, baseline: Line) -> float:
    """Geometric mean over the puzzles of ``baseline`` seconds over ``line`` seconds."""
    pairs = dict(zip(baseline.puzzles, baseline.seconds, strict=True))
    logs = [math.log(pairs[p] / s) for p, s in zip(line.puzzles, line.seconds, strict=True)]
    return math.exp(statistics.fmean(logs))


def ratio_bound(line: Line, baseline: Line) -> str:
    """How far a ratio of ``baseline`` over ``line`` times can be trusted, as a prefix.

    ``""``: every puzzle was decided by both. ``">="``: only the baseline hit the cap on
    some puzzles; its true times there are longer, so the ratio is a lower bound. ``"<="``:
    only ``line`` hit the cap, an upper bound. ``"~"``: both did (on one puzzle or on
    different ones), so the figure bounds nothing.
    """
    base = dict(zip(baseline.puzzles, baseline.decided, strict=True))
    lower = any(ok and not base[p] for p, ok in zip(line.puzzles, line.decided, strict=True))
    upper = any(not ok for ok in line.decided)
    upper_only = upper and all(
        base[p] for p, ok in zip(line.puzzles, line.decided, strict=True) if not ok
    )
    if lower and not upper:
        return ">="
    if upper_only and not lower:
        return "<="
    return "~" if upper or lower else ""


def ratio_text(value: float, bound: str) -> str:
    """A speed-up as the report prints it: ``>=12.3x``, ``0.8x``..."""
    return f"{bound}{value:.1f}x" if value < 100 else f"{bound}{value:.0f}x"


def _figure(value: float, bound: bool) -> str:
    text = f"{value:.3f}" if value < 10 else f"{value:.1f}"
    return (">=" if bound else "") + text


def _table(header: list[str], rows: list[list[str]]) -> str:
    """A text table: the solver column left-aligned, the figures right-aligned."""
    align = ["left"] + ["right"] * (len(header) - 1)
    return tabulate(rows, header, tablefmt="simple", colalign=align, disable_numparse=True)


def format_report(
    results: Sequence[Result],
    time_limit: float = DEFAULT_TIME_LIMIT,
    baselines: Mapping[str, str | Sequence[str]] | None = None,
) -> str:
    """One table per family and split: solved, median, 90th percentile, worst and total
    seconds per solver, the cores it kept busy, and its speed-up over each of the family's
    baseline solvers that ran (geometric mean of the per-puzzle ratios; ``baselines`` maps a
    family to one solver or several)."""
    baselines = baselines or {}
    by_group: dict[tuple[str, str], list[Line]] = defaultdict(list)
    for line in lines(results, time_limit):
        by_group[line.family, line.split].append(line)
    parts = [
        wrap(
            f"Seconds per solve (cap {time_limit:g} s). A puzzle a solver did not decide counts "
            "at the cap, and figures that include one are lower bounds, marked >=. 'cores': "
            "processor time over time on the clock while the solver answered (this machine "
            f"lets a process use {usable_cores()}). 'x vs B': how many times faster than B "
            "(geometric mean); >= a lower bound (B hit the cap), <= an upper bound, ~ both hit "
            "it.",
            indent="",
        ),
        wrap(cold_note(results), indent=""),
    ]
    for (family, split), group in by_group.items():
        wanted = baselines.get(family, ())
        wanted = [wanted] if isinstance(wanted, str) else list(wanted)
        bases = [g for name in wanted for g in group if g.solver == name]
        header = ["solver", "solved", "median", "p90", "worst", "total", "cores"]
        header += [f"x vs {base.solver}" for base in bases]
        rows = []
        for g in group:
            bound = g.capped
            row = [
                g.solver,
                f"{g.solved}/{g.count}",
                _figure(g.percentile(0.5), bound),
                _figure(g.percentile(0.9), bound),
                _figure(g.worst, bound),
                _figure(g.total, bound),
                "-" if g.cores is None else f"{g.cores:.1f}",
            ]
            row += [
                "1x" if g is base else ratio_text(ratio(g, base), ratio_bound(g, base))
                for base in bases
            ]
            rows.append(row)
        title = f"{family}" + (f", {split}" if split else "") + f" ({group[0].count} puzzles)"
        table = _table(header, rows)
        if max(map(len, table.splitlines())) > LINE_WIDTH and bases:
            # Too wide for the book's code box: the baselines get letters, named above.
            letters = [chr(ord("A") + i) for i in range(len(bases))]
            header[-len(bases) :] = [f"x vs {letter}" for letter in letters]
            named = ", ".join(f"{x} = {b.solver}" for x, b in zip(letters, bases, strict=True))
            title = f"{title}; baselines: {named}"
            table = _table(header, rows)
        parts += ["", wrap(title), table]
    return "\n".join(parts)


def cold_note(results: Sequence[Result]) -> str:
    """One sentence on whether every solve of ``results`` ran cold (see the module's notes)."""
    warm = [r for r in results if r.warm_entries]
    checked = sum(r.warm_entries is not None for r in results)
    if warm:
        names = ", ".join(sorted({f"{r.solver} on {r.puzzle}" for r in warm})[:3])
        return (
            f"WARNING: {len(warm)} of {checked} solves began with a warm line cache "
            f"({names}...): their times and counts are flattered."
        )
    unchecked = len(results) - checked
    return (
        f"Every solve ran cold: in its own process ({start_method()}), with its own line memo, "
        f"and the process-wide line caches empty when it began (checked in {checked} of "
        f"{len(results)} solves" + ("; the others sent no answer)." if unchecked else ").")
    )


def write_csv(results: Sequence[Result], path: str | Path) -> None:
    """Every measurement, one row per solve (statistics as ``stat_<name>`` columns)."""
    stat_keys = sorted({key for r in results for key in r.stats})
    with Path(path).open("w", newline="", encoding="utf-8") as f:
        names = [n for n in Result.__dataclass_fields__ if n != "stats"]
        writer = csv.DictWriter(f, fieldnames=names + [f"stat_{k}" for k in stat_keys])
        writer.writeheader()
        for r in results:
            row = {k: v for k, v in asdict(r).items() if k != "stats"}
            row.update({f"stat_{k}": r.stats.get(k, "") for k in stat_keys})
            writer.writerow(row)


def puzzle_times(
    results: Sequence[Result], time_limit: float = DEFAULT_TIME_LIMIT
) -> dict[str, dict[str, list[tuple[float, bool]]]]:
    """For each family and each solver, ``(seconds, decided)`` per puzzle, in the order they
    were run: the data of :func:`helper.plot.plot_times_by_family` (a dot per puzzle).

    Seconds are the median of the repeats; a puzzle not decided in every repeat counts at the
    cap ``time_limit`` and is marked as not decided.
    """
    out: dict[str, dict[str, list[tuple[float, bool]]]] = {}
    for line in lines(results, time_limit):
        times = out.setdefault(line.family, {}).setdefault(line.solver, [])
        times += list(zip(line.seconds, line.decided, strict=True))
    return out


def cactus(results: Sequence[Result], time_limit: float = DEFAULT_TIME_LIMIT):
    """For each solver, the sorted seconds of the puzzles it decided (for a cactus plot)."""
    out: dict[str, list[float]] = {}
    for line in lines(results, time_limit):
        times = out.setdefault(line.solver, [])
        times += [s for s, ok in zip(line.seconds, line.decided, strict=True) if ok]
    return {solver: sorted(times) for solver, times in out.items()}
