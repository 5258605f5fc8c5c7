"""The certificate benchmark: ``python -m helper.bench.certify --help``.

What does proving an answer cost? For each puzzle, a plain count (``count_solutions``, limit 2)
and a certified one (``certify=True``: the same count, then a DRAT proof of its "no", made by
Glucose 3 unless unit propagation alone refutes it, and checked by
:func:`helper.proofs.drat.check_drat`) run in this process, side by side, with a control: the
count by the family's SAT counter (:data:`SAT_COUNTERS`: blocking clauses on a CNF of the kind
the proof is made on, no proof), which separates what the proof and its check cost from what
SAT costs where the plain count needs none (the default counter is CP-SAT, whose presolve
decides a line-solvable puzzle in C++). ``--repeat`` rounds, the order turning (plain,
certified, SAT; then certified, SAT, plain; ...) so that none always runs first, the median of
each kept. It prints, per puzzle, the claim, the proof's lemmas, the check's propagations, the
medians and the ratios, then per set and split the median and the largest ratio, and the goal
of the chapter "Trusting a no": a certified uniqueness costs at most :data:`UNIQUENESS_RATIO`
times the plain count (the ratio to the SAT count is printed beside it for information; it is
not the goal).
``--explain`` measures explanations the same way (``explain`` against ``explain(...,
certify=True)``, a proof per step), with the goal :data:`EXPLANATION_RATIO`. The puzzles are
the book's and seeded ones of two splits (:mod:`helper.bench.explain_sets`), reported apart;
nothing was tuned on the held-out split.
"""

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from helper.bench import explain_sets as sets
from helper.futoshiki import Futoshiki
from helper.futoshiki import count_solutions as count_futoshiki
from helper.nonogram import Nonogram
from helper.nonogram import count_solutions as count_nonogram
from helper.results import CountResult
from helper.text import align_columns

UNIQUENESS_RATIO = 3.0
"""The goal: a certified uniqueness costs at most this many times the plain count."""
EXPLANATION_RATIO = 5.0
"""The goal: a certified explanation costs at most this many times the plain one."""

Puzzle = Nonogram | Futoshiki

SAT_COUNTERS = {"Nonogram": "sat-automaton", "Futoshiki": "sat-onehot"}
"""The control's counter per family: blocking clauses on a CNF, solved by PySAT, no proof."""


@dataclass
class Row:
    """One puzzle measured."""

    set: str
    split: str
    puzzle: str
    claim: str
    proved: bool
    lemmas: int
    clauses: int
    propagations: int
    plain: float
    certified: float
    sat: float | None = None
    """The SAT counter's median time (the control; ``None`` where there is none)."""

    @property
    def ratio(self) -> float:
        """The certified count's median time over the plain count's."""
        return self.certified / self.plain

    @property
    def sat_ratio(self) -> float | None:
        """The certified count's median time over the SAT count's."""
        return None if self.sat is None else self.certified / self.sat


def _count(puzzle: Puzzle) -> Callable[..., CountResult]:
    return count_nonogram if isinstance(puzzle, Nonogram) else count_futoshiki


def measure_explanation(set_name: str, split: str, puzzle: Puzzle, repeat: int) -> Row:
    """Explain ``puzzle`` plainly and certified, ``repeat`` times each in alternating order;
    the row's claim is "every step", proved when every step's certificate is. The certified
    run also certifies each step the cheapest (:mod:`helper.explain.cheapest`); the claim says
    how many of those are proved, and the counts add both kinds."""
    from helper.explain.futoshiki import explain as explain_futoshiki
    from helper.explain.nonogram import explain as explain_nonogram

    explain = explain_nonogram if isinstance(puzzle, Nonogram) else explain_futoshiki
    seconds: dict[bool, list[float]] = {False: [], True: []}
    proofs: tuple = ()
    cheapest: tuple = ()
    for round_ in range(repeat):
        for certify in (False, True) if round_ % 2 == 0 else (True, False):
            start = time.perf_counter()
            found = explain(puzzle, certify=certify)  # type: ignore[arg-type]
            seconds[certify].append(time.perf_counter() - start)
            if certify:
                proofs, cheapest = found.certificates, found.cheapest
    cheapest_proved = sum(p.proved for p in cheapest)
    both = proofs + cheapest
    return Row(
        set_name,
        split,
        getattr(puzzle, "name", "") or "?",
        f"every step ({len(proofs)}), cheapest {cheapest_proved}/{len(cheapest)}",
        bool(proofs) and all(p.proved for p in proofs),
        sum(p.lemmas for p in both),
        sum(len(p.formula) for p in both),
        sum(p.check.propagations for p in both if p.check is not None),
        statistics.median(seconds[False]),
        statistics.median(seconds[True]),
    )


def measure(set_name: str, split: str, puzzle: Puzzle, repeat: int) -> Row:
    """Count ``puzzle`` plainly, certified and by the SAT counter (the control), ``repeat``
    times each, the order turning each round; the three counts must agree."""
    count = _count(puzzle)
    sat_counter = SAT_COUNTERS[type(puzzle).__name__]
    runs: dict[str, Callable[[], CountResult]] = {
        "plain": lambda: count(puzzle),
        "certified": lambda: count(puzzle, certify=True),
        "sat": lambda: count(puzzle, solver=sat_counter),
    }
    kinds = list(runs)
    seconds: dict[str, list[float]] = {kind: [] for kind in kinds}
    results: dict[str, CountResult] = {}
    for round_ in range(repeat):
        turn = round_ % len(kinds)
        for kind in kinds[turn:] + kinds[:turn]:
            start = time.perf_counter()
            results[kind] = runs[kind]()
            seconds[kind].append(time.perf_counter() - start)
    if len({(r.count, r.complete) for r in results.values()}) != 1:
        raise RuntimeError(f"{getattr(puzzle, 'name', '?')}: the counts disagree: {results}")
    certified = results["certified"]
    assert certified.certificate is not None
    proof = certified.certificate
    return Row(
        set_name,
        split,
        getattr(puzzle, "name", "") or "?",
        proof.claim,
        proof.proved,
        proof.lemmas,
        len(proof.formula),
        proof.check.propagations if proof.check is not None else 0,
        statistics.median(seconds["plain"]),
        statistics.median(seconds["certified"]),
        statistics.median(seconds["sat"]),
    )


HEADER = ("puzzle", "claim", "proved", "lemmas", "clauses", "propagations", "plain s",
          "certified s", "ratio", "SAT count s", "vs SAT")  # fmt: skip


def format_rows(rows: Sequence[Row]) -> str:
    """The rows as an aligned text table."""
    cells: list[tuple[str, ...]] = [HEADER]
    for r in rows:
        cells.append((r.puzzle, r.claim, "yes" if r.proved else "NO", f"{r.lemmas:,}",
                      f"{r.clauses:,}", f"{r.propagations:,}", f"{r.plain:.3f}",
                      f"{r.certified:.3f}", f"{r.ratio:.1f}",
                      "-" if r.sat is None else f"{r.sat:.3f}",
                      "-" if r.sat_ratio is None else f"{r.sat_ratio:.1f}"))  # fmt: skip
    return align_columns(cells, left=2)


def summary(rows: Sequence[Row]) -> list[str]:
    """Per set and split: the median and the largest ratio; then the goal, met or not, per
    split (every unique puzzle's ratio at most :data:`UNIQUENESS_RATIO`)."""
    lines = []
    groups: dict[tuple[str, str], list[Row]] = {}
    for r in rows:
        groups.setdefault((r.set, r.split), []).append(r)
    for (name, split), part in groups.items():
        ratios = [r.ratio for r in part]
        lines.append(f"{name}, {split}: {len(part)} puzzles, ratio median "
                     f"{statistics.median(ratios):.1f}, largest {max(ratios):.1f}")  # fmt: skip
    goals = (
        ("uniqueness", "the plain count", UNIQUENESS_RATIO, lambda r: r.claim == "unique"),
        ("explanation", "the plain one", EXPLANATION_RATIO, lambda r: r.claim.startswith("every")),
    )
    for split in dict.fromkeys(r.split for r in rows):
        for what, plain, ratio, chosen in goals:
            part = [r for r in rows if r.split == split and chosen(r)]
            if not part:
                continue
            worst = max(part, key=lambda r: r.ratio)
            met = all(r.proved and r.ratio <= ratio for r in part)
            verdict = "met" if met else "NOT met"
            controlled = [r for r in part if r.sat_ratio is not None]
            if controlled:
                most = max(controlled, key=lambda r: r.sat_ratio or 0.0)
                lines.append(f"control ({split}): certified {what} against the SAT count of "
                             f"the same puzzles: the largest ratio {most.sat_ratio:.1f} "
                             f"({most.puzzle}), for information (not the goal)")  # fmt: skip
            lines.append(f"goal ({split}): certified {what} within x {ratio:g} of {plain}: "
                         f"{len(part)} puzzles, the largest ratio {worst.ratio:.1f} "
                         f"({worst.puzzle}), {verdict}")  # fmt: skip
    return lines


def _sets(limit: int) -> dict[str, Callable[[str], Sequence[Puzzle]]]:
    return {
        "book-nonogram": lambda split: sets.book_nonograms(),
        "book-futoshiki": lambda split: sets.book_futoshikis(),
        "pictures": lambda split: sets.pictures(split, limit),
        "noisy": lambda split: sets.pictures(split, limit, flips=sets.FLIPS),
        "futoshiki": lambda split: sets.futoshikis(split, limit, 9),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the status is 1 when a goal is not met or a claim is not proved."""
    names = list(_sets(1))
    parser = argparse.ArgumentParser(
        prog="python -m helper.bench.certify",
        description="Count puzzles plainly and with certify=True, side by side in this "
        "process, and print what the proofs cost. Tuning and held-out splits are reported "
        "apart.",
    )
    parser.add_argument("--set", action="append", choices=names,
                        help="a set (repeat; default: all)")  # fmt: skip
    parser.add_argument("--split", choices=["tuning", "held-out", "both"], default="both")
    parser.add_argument("--limit", type=int, default=4, help="seeded puzzles per set and split")
    parser.add_argument("--repeat", type=int, default=3, help="rounds per puzzle (median kept)")
    parser.add_argument(
        "--explain",
        action="store_true",
        help="measure explanations (a proof per step) instead of counts, on the book's "
        "Nonograms and small Futoshikis",
    )
    args = parser.parse_args(argv)
    if args.explain:
        return _explanations(args)
    splits = ["tuning", "held-out"] if args.split == "both" else [args.split]
    makers = _sets(args.limit)
    chosen = [
        (name, split, makers[name](split))
        for name in args.set or names
        for split in (["book"] if name.startswith("book") else splits)
    ]
    return _report(chosen, measure, args.repeat)


def _report(
    chosen: Sequence[tuple[str, str, Sequence[Puzzle]]],
    measure_one: Callable[[str, str, Puzzle, int], Row],
    repeat: int,
) -> int:
    """Measure each set and split, print its table, then the summary and the goals; the
    status is 1 when a goal is not met or a claim is not proved."""
    rows: list[Row] = []
    for name, split, puzzles in chosen:
        part = [measure_one(name, split, p, repeat) for p in puzzles]
        print(f"\n{name}, {split}:\n{format_rows(part)}", flush=True)
        rows += part
    report = summary(rows)
    print("", *report, sep="\n")
    failed = any(line.endswith("NOT met") for line in report) or not all(r.proved for r in rows)
    return 1 if failed else 0


def _explanations(args: argparse.Namespace) -> int:
    """``--explain``: the book's 10 x 10 and 20 x 20, its Futoshikis up to 6 x 6, and seeded
    6 x 6 Futoshikis of each split (a 9 x 9 takes seconds to explain even uncertified)."""
    splits = ["tuning", "held-out"] if args.split == "both" else [args.split]
    chosen: list[tuple[str, str, Sequence[Puzzle]]] = [
        ("book-nonogram", "book", sets.book_nonograms()[:2]),
        ("book-futoshiki", "book", [p for p in sets.book_futoshikis() if p.height <= 6]),
    ]
    chosen += [("futoshiki", split, sets.futoshikis(split, args.limit, 6)) for split in splits]
    return _report(chosen, measure_explanation, args.repeat)


if __name__ == "__main__":
    sys.exit(main())
