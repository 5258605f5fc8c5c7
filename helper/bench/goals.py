"""The goals the chapter "Faster Nonogram models" sets, and the baselines they are measured on.

:func:`targets` reads one run's results (the full benchmark, or the chapter's bounded subset)
and says for each goal what was measured and whether it was met. A goal whose puzzles or
solvers did not run in those results is left out. :func:`colour_targets` does the same for
the goal of the colour family (issue 42): the colour ``solve`` in total at least as fast as
the plain CP-SAT automaton over colours, no puzzle over a second.
"""

from collections.abc import Sequence
from dataclasses import replace

from helper.bench.families import COLOUR_FAMILIES, SPLITS
from helper.nonogram import RECOMMENDED_SOLVER
from helper.text import wrap

from . import Line, Result, lines, ratio, ratio_bound, ratio_text

CPSAT_ONE_WORKER = "cpsat-automaton"
"""The automaton model on CP-SAT with one worker and a fixed seed: one core."""
CPSAT_DEFAULTS = "cpsat-automaton-default"
"""The automaton model with CP-SAT's default parameters: one worker per usable core."""

BASELINES: dict[str, tuple[str, ...]] = {
    "pictures": ("cpsat-start", CPSAT_ONE_WORKER, CPSAT_DEFAULTS),
    "noisy": ("cpsat-start", CPSAT_ONE_WORKER, CPSAT_DEFAULTS),
    "open": ("sat-automaton", CPSAT_ONE_WORKER),
    "random": (CPSAT_ONE_WORKER, CPSAT_DEFAULTS),
    "colour": (CPSAT_ONE_WORKER, CPSAT_DEFAULTS),
}
"""The solvers each family's speed-ups are measured against: the start-position model of
the CP-SAT chapter where it can run, and the automaton model in both CP-SAT configurations
(one worker; CP-SAT's defaults, which use every core). On ``open`` pictures, the plain
automaton CNF on SAT and the automaton model on CP-SAT with one worker (issue 40's goal is
set against the first). On the ``colour`` family, the colour solvers of those names: the
plain CP-SAT automaton over colour values, with one worker and with CP-SAT's defaults."""

BEFORE = "portfolio-full-cnf"
"""The portfolio as it was before the block-start CNF (the same solver, other settings): when
it runs beside the portfolio, the report gives the ratio of each puzzle's two times."""

COMPARED: dict[str, tuple[str, ...]] = {
    **{family: (*bases, BEFORE) for family, bases in BASELINES.items()},
    "other": (BEFORE,),
}
"""The report's ratio columns: each family's baselines, and :data:`BEFORE` when it ran."""

NOISY_SPEEDUP = 5.0
"""The goal on noisy 30 x 40 and 45 x 60 pictures: ``solve`` at least this many times faster
(geometric mean) than the strongest of the family's baselines, which is the automaton model
on CP-SAT (the start-position model is many times slower there)."""

RANDOM_SPEEDUP = 2.0
"""The goal on random 25 x 25 grids: ``solve`` at least this many times faster in total than the
strongest baseline, the automaton model on CP-SAT with one worker or with its defaults."""

LARGE_SIZES = ("60x80", "80x80")
"""The sizes of the large noisy pictures with a goal of their own (issue 21)."""
LARGE_SECONDS = 1.0
"""Their goal: every one solved in less than this (the median of the repeats)."""


def _subset(line: Line, keep: list[int]) -> Line:
    return replace(
        line,
        puzzles=[line.puzzles[i] for i in keep],
        seconds=[line.seconds[i] for i in keep],
        decided=[line.decided[i] for i in keep],
    )


def _total_ratio(mine: Line, base: Line) -> tuple[float, str]:
    """Total seconds of ``base`` over those of ``mine``, with its bound (see ratio_bound)."""
    return base.total / mine.total, ratio_bound(mine, base)


def _reached(value: float, goal: float, bound: str) -> bool | None:
    """Whether a speed-up ``value`` (with its ``bound``, see ratio_bound) reaches ``goal``:
    ``None`` when the cap hides the answer (a lower bound below the goal, say)."""
    if value >= goal and bound in ("", ">="):
        return True
    if value < goal and bound in ("", "<="):
        return False
    return None


def strongest(
    mine: Line, bases: Sequence[Line | None], *, total: bool = False
) -> tuple[str, float, str] | None:
    """The baseline ``mine`` beats by the least, on ``mine``'s puzzles: ``(solver, speed-up,
    bound)``, or ``None`` when no baseline ran on all of them. The speed-up is the geometric
    mean of the per-puzzle ratios, or with ``total`` the ratio of the total seconds.

    A goal stated against the strongest baseline holds against every other one too.
    """
    found = []
    for base in bases:
        if base is None or not set(mine.puzzles) <= set(base.puzzles):
            continue
        part = _subset(base, [base.puzzles.index(p) for p in mine.puzzles])
        speedup = part.total / mine.total if total else ratio(mine, part)
        found.append((speedup, base.solver, ratio_bound(mine, part)))
    if not found:
        return None
    speedup, solver, bound = min(found)
    return solver, speedup, bound


Goal = tuple[str, str, bool | None]
"""``(goal, measured, met)``; ``met`` is ``None`` when a time cap hides the answer."""


def large_open_targets(
    results: Sequence[Result], time_limit: float, solve: str = RECOMMENDED_SOLVER
) -> list[Goal]:
    """Noisy pictures of :data:`LARGE_SIZES`, each split: every one under
    :data:`LARGE_SECONDS`, with the speed-up over :data:`BEFORE` when it ran beside."""
    out: list[Goal] = []
    by = {(g.family, g.split, g.solver): g for g in lines(results, time_limit)}
    for split in SPLITS:
        mine, before = by.get(("noisy", split, solve)), by.get(("noisy", split, BEFORE))
        keep = [] if mine is None else [
            i for i, p in enumerate(mine.puzzles) if any(f"-{s}-" in p for s in LARGE_SIZES)
        ]  # fmt: skip
        if mine is None or not keep:
            continue
        part = _subset(mine, keep)
        seconds, name = max(zip(part.seconds, part.puzzles, strict=True))
        measured = f"worst {seconds:.2f} s ({name}), median {part.percentile(0.5):.2f} s"
        if before is not None and set(part.puzzles) <= set(before.puzzles):
            base = _subset(before, [before.puzzles.index(p) for p in part.puzzles])
            speedup, bound = ratio(part, base), ratio_bound(part, base)
            measured += (
                f"; {ratio_text(speedup, bound)} faster than {BEFORE} (geometric mean), "
                f"medians {base.percentile(0.5):.2f} s -> {part.percentile(0.5):.2f} s"
            )
        out.append((
            f"noisy {' and '.join(LARGE_SIZES)} ({split}, {len(keep)}): {solve} "
            f"< {LARGE_SECONDS:g} s on every one",
            measured,
            seconds < LARGE_SECONDS and not part.capped,
        ))  # fmt: skip
    return out


def one_core_targets(
    results: Sequence[Result], time_limit: float, solve: str = RECOMMENDED_SOLVER
) -> list[Goal]:
    """On one core (``--one-core``): ``solve`` no slower in total than ``sat-automaton`` on
    the random family, each split (there a race would only take the primary's core)."""
    out: list[Goal] = []
    by = {(g.family, g.split, g.solver): g for g in lines(results, time_limit)}
    for split in SPLITS:
        mine, alone = by.get(("random", split, solve)), by.get(("random", split, "sat-automaton"))
        if mine and alone:
            factor, bound = _total_ratio(mine, alone)
            out.append((
                f"one core, random ({split}, {mine.count}): {solve} in total no slower than "
                "sat-automaton",
                f"{mine.total:.1f} s vs {alone.total:.1f} s ({ratio_text(factor, bound)})",
                False if mine.capped else _reached(factor, 1, bound),
            ))  # fmt: skip
    return out


def targets(
    results: Sequence[Result],
    time_limit: float,
    solve: str = RECOMMENDED_SOLVER,
    *,
    one_core: bool = False,
) -> list[Goal]:
    """The chapter's goals for the solver ``solve``, as measured in ``results``:
    ``(goal, measured, met)``. ``met`` is ``None`` when a time cap hides the answer: a ratio
    over a baseline that hit the cap is only a lower bound (``>=``), which decides the goal
    only when it reaches it. ``one_core``: the run was pinned to one core, and the goal for
    one core is checked too."""
    out: list[Goal] = []
    by = {(g.family, g.split, g.solver): g for g in lines(results, time_limit)}
    for split in SPLITS:
        mine = by.get(("noisy", split, solve))
        keep = [] if mine is None else [
            i for i, p in enumerate(mine.puzzles) if "-30x40-" in p or "-45x60-" in p
        ]  # fmt: skip
        if mine is None or not keep:
            continue
        mine_part = _subset(mine, keep)
        found = strongest(mine_part, [by.get(("noisy", split, b)) for b in BASELINES["noisy"]])
        if found is None:
            continue
        base, speedup, bound = found
        out.append((
            f"noisy 30x40 and 45x60 ({split}, {len(keep)}): {solve} >= {NOISY_SPEEDUP:g}x "
            "faster than the strongest baseline (geometric mean)",
            f"{ratio_text(speedup, bound)} vs {base}",
            _reached(speedup, NOISY_SPEEDUP, bound),
        ))  # fmt: skip
    big = [
        g
        for g in lines(results, time_limit)
        if g.solver == solve and g.family not in COLOUR_FAMILIES
    ]
    worst = [
        (s, p, ok)
        for g in big
        for p, s, ok in zip(g.puzzles, g.seconds, g.decided, strict=True)
        if "60x80" in p
    ]
    if worst:
        seconds, name, ok = max(worst)
        out.append((f"every 60x80 picture < 2 s ({len(worst)})",
                    f"{'' if ok else '>='}{seconds:.2f} s ({name})",
                    ok and seconds < 2))  # fmt: skip
    for split in SPLITS:
        mine = by.get(("random", split, solve))
        bases = {b: by.get(("random", split, b)) for b in BASELINES["random"]}
        found = None if mine is None else strongest(mine, list(bases.values()), total=True)
        if mine and found:
            name, factor, bound = found
            base_total = next(g.total for g in bases.values() if g and g.solver == name)
            measured = (
                f"{ratio_text(factor, bound)} vs {name} ({mine.total:.1f} s vs "
                f"{base_total:.1f} s), {mine.count - mine.solved} unsolved"
            )
            for other, line in bases.items():  # the others, for the record: not the goal
                if line is not None and other != name:
                    other_factor, other_bound = _total_ratio(mine, line)
                    measured += f"; vs {other} {ratio_text(other_factor, other_bound)}"
            out.append((
                f"random 25x25 ({split}, {mine.count}): {solve} >= {RANDOM_SPEEDUP:g}x faster "
                "in total than the strongest baseline, none unsolved",
                measured,
                False if mine.capped else _reached(factor, RANDOM_SPEEDUP, bound),
            ))  # fmt: skip
    for g in lines(results, time_limit):
        if g.solver == solve and not g.split:
            out.append((
                f"puzzle files {g.family} ({g.count}): all solved, total < 20 s per hundred, "
                "none > 3 s",
                f"{g.solved}/{g.count}, total {g.total:.1f} s, worst {g.worst:.2f} s",
                not g.capped and g.total < 20 * g.count / 100 and g.worst < 3,
            ))  # fmt: skip
    out += large_open_targets(results, time_limit, solve)
    if one_core:
        out += one_core_targets(results, time_limit, solve)
    return out


COLOUR_SOLVER = "portfolio"
"""The colour solver behind ``helper.nonogram.colour.solve`` (its ``RECOMMENDED_SOLVER``)."""
COLOUR_SECONDS = 1.0
"""The colour goal's bound on each puzzle: no solve over this many seconds."""


def colour_targets(
    results: Sequence[Result], time_limit: float, solve: str = COLOUR_SOLVER
) -> list[Goal]:
    """The colour family's goal, each split that ran (the goal is set on the held-out one):
    ``solve`` in total at least as fast as the plain CP-SAT automaton over colours (the
    stronger of its two configurations, :data:`BASELINES`), no puzzle over
    :data:`COLOUR_SECONDS`, none unsolved (a wrong answer or a crash counts as unsolved)."""
    out: list[Goal] = []
    by = {(g.family, g.split, g.solver): g for g in lines(results, time_limit)}
    for family in COLOUR_FAMILIES:
        for split in SPLITS:
            mine = by.get((family, split, solve))
            bases = {b: by.get((family, split, b)) for b in BASELINES[family]}
            found = None if mine is None else strongest(mine, list(bases.values()), total=True)
            if mine is None or found is None:
                continue
            name, factor, bound = found
            base_total = next(g.total for g in bases.values() if g and g.solver == name)
            seconds, worst = max(zip(mine.seconds, mine.puzzles, strict=True))
            measured = (
                f"{mine.total:.2f} s vs {base_total:.2f} s for {name} "
                f"({ratio_text(factor, bound)}), worst {seconds:.2f} s ({worst}), "
                f"{mine.count - mine.solved} unsolved"
            )
            for other, line in bases.items():  # the other configuration, for the record
                if line is not None and other != name:
                    other_factor, other_bound = _total_ratio(mine, line)
                    measured += f"; vs {other} {ratio_text(other_factor, other_bound)}"
            fast = _reached(factor, 1, bound)
            met = False if mine.capped or seconds > COLOUR_SECONDS else fast
            out.append((
                f"{family} ({split}, {mine.count}): {solve} in total at least as fast as the "
                f"plain automaton, no puzzle over {COLOUR_SECONDS:g} s, none unsolved",
                measured,
                met,
            ))  # fmt: skip
    return out


VERDICTS = {True: "met", False: "NOT met", None: "cannot tell: a time hit the cap"}


def format_targets(found: Sequence[Goal]) -> str:
    """One line per goal: ``[met]``, ``[NOT met]`` or ``[cannot tell ...]``, the goal, and
    what was measured."""
    return "\n".join(
        wrap(f"  [{VERDICTS[met]}] {goal}: {measured}", indent="    ")
        for goal, measured, met in found
    )
