"""The fewest givens that keep a Futoshiki's answer unique, proven minimal: implicit hitting sets.

Keep a puzzle's signs and its answer ``X``; which cells of ``X`` must be shown as givens so that
``X`` is the only solution? Every *other* Latin square ``Y`` that obeys the signs must be ruled
out, and a given rules ``Y`` out exactly when it sits in a cell where ``Y`` differs from ``X``.
So a set of givens keeps ``X`` unique when it **hits** (shares a cell with) the set of differing
cells of every such ``Y``: the fewest givens are a *minimum hitting set*.

There are far too many ``Y`` to list, so the loop of :func:`fewest_givens` lists only those it
needs (an *implicit hitting set* loop, Davies and Bacchus 2011):

1. the **master**, a CP-SAT model with one Boolean per cell, picks the fewest givens that hit
   every differing set found so far (:func:`hitting_set_model`);
2. a second solver, incremental SAT (PySAT), checks uniqueness under those givens; a second
   solution ``Y`` is shrunk to a smallest-by-inclusion set of differing cells
   (:func:`shrink`) and added to the master;
3. repeat until the master's choice is unique.

The master sees only some of the conditions, so its optimum is a **lower bound** on the true
minimum; a set that passes the uniqueness check is an **upper bound**. When they meet, the
minimum is proven. A cheap greedy hitting set between two master solves keeps an upper bound
(and finds many differing sets without a CP-SAT solve), and each master is told the last lower
bound (``sum(given) >= lower``), which stays valid because the master only ever gains
constraints. :func:`implicit_hitting_sets` is the loop as the book shows it;
:func:`fewest_givens` runs the same steps with budgets, bounds per round and timings.
"""

import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from helper.backends.cpsat import read_status, solve_model, solve_to_optimum
from helper.deadline import Deadline, Run
from helper.errors import SolverError, SolverTimeoutError

from .generate import UniquenessOracle
from .model import solve_futoshiki
from .parts import puzzle_parts
from .puzzle import Futoshiki
from .validate import Cell, Constraint, Grid

DiffSet = frozenset[Cell]

MASTER = {"linearization_level": 2, "cp_model_presolve": False}
"""CP-SAT's settings for the master: the LP relaxation bounds a covering well; presolve finds
little and costs time."""


@dataclass(frozen=True)
class Round:
    """The bounds after one master solve: the master's optimum and the best unique set."""

    lower: int  # no set of givens smaller than this keeps the answer unique
    upper: int  # a unique set of this size is known
    differing_sets: int  # how many differing sets the master holds


@dataclass(frozen=True)
class FewestGivens:
    """What :func:`fewest_givens` found.

    ``givens`` is the smallest set of cells found that keeps ``answer`` unique under
    ``signs``; ``proven`` says that ``lower == len(givens)``: the lower bound, a master
    optimum (status OPTIMAL) or the bound CP-SAT proved before its time ran out, meets the
    best unique set. When a budget (``max_rounds`` or ``time_limit``) ran out first,
    ``proven`` is false and the minimum lies between ``lower`` and ``len(givens)``.
    """

    answer: Grid
    signs: tuple[Constraint, ...]
    givens: tuple[Cell, ...]
    lower: int
    proven: bool
    rounds: tuple[Round, ...]
    differing_sets: tuple[DiffSet, ...]
    checks: int  # uniqueness checks made by the SAT solver
    seconds: float
    master_seconds: float
    master_stats: dict[str, int] = field(default_factory=dict)

    @property
    def upper(self) -> int:
        return len(self.givens)

    @property
    def grid(self) -> Grid:
        """The puzzle, with the answer's number in each chosen cell and 0 elsewhere."""
        chosen = set(self.givens)
        return [
            [v if (r, c) in chosen else 0 for c, v in enumerate(row)]
            for r, row in enumerate(self.answer)
        ]


def hitting_set_model(
    cells: Sequence[Cell], sets: Iterable[DiffSet], lower: int = 0
) -> tuple[cp_model.CpModel, dict[Cell, cp_model.IntVar]]:
    """The master: the fewest cells that hit every set, and at least ``lower`` of them.

    One Boolean ``given[cell]`` per cell, one ``add_bool_or`` per differing set ("some given
    lies in it"), and the objective ``minimize(sum(given))``. ``lower`` is a bound proven by
    an earlier round: it removes no solution, and spares CP-SAT proving it again.
    """
    model = cp_model.CpModel()
    given = {cell: model.new_bool_var(f"given{cell}") for cell in cells}
    for differing in sets:
        model.add_bool_or([given[cell] for cell in sorted(differing)])
    model.add(sum(given.values()) >= lower)
    model.minimize(sum(given.values()))
    return model, given


def master_conflicts(
    cells: Sequence[Cell],
    sets: Iterable[DiffSet],
    lower: int = 0,
    *,
    hint: Mapping[Cell, bool] | None = None,
    seeds: Iterable[int] = range(8),
    linearization_level: int = 2,
) -> list[tuple[int, int]]:
    """Solve the master of :func:`hitting_set_model` once per seed: ``(objective, conflicts)``.

    One worker, presolve off, the cells of ``hint`` hinted (``add_hint``), CP-SAT's
    ``linearization_level`` as given (the loop's is 2): how the book measures what makes a
    master solve fast, each setting beside its control, over several seeds. Raises
    :class:`~helper.errors.SolverError` if a solve does not end OPTIMAL.
    """
    sets = list(sets)
    runs = []
    for seed in seeds:
        model, given = hitting_set_model(cells, sets, lower)
        for cell, value in (hint or {}).items():
            model.add_hint(given[cell], value)
        options = {"random_seed": seed, "linearization_level": linearization_level}
        solver, status = solve_model(model, parameters={**MASTER, **options})
        if read_status(status) != "optimal":
            raise SolverError(f"the master ended {solver.status_name(status)}, not OPTIMAL")
        runs.append((round(solver.objective_value), solver.num_conflicts))
    return runs


def shrink(answer: Grid, other: Grid, check: "UniquenessCheck") -> DiffSet:
    """A set of differing cells, smallest by inclusion, inside the cells where ``other``
    differs from ``answer``.

    For each cell ``c`` of the set in turn, ask for a solution that keeps the answer at ``c``
    and everywhere outside the set; if there is one, its differing set lies inside the current
    set without ``c`` and replaces it. A smaller set is a stronger condition for the master
    (Sudoku makers call these sets *unavoidable*: every puzzle must show a given in each).
    """
    size = len(answer)
    cells = [(r, c) for r in range(size) for c in range(size)]
    differing = _differing(answer, other)
    for cell in sorted(differing):
        if cell not in differing:
            continue
        smaller = check([x for x in cells if x not in differing or x == cell])
        if smaller is not None:
            differing = _differing(answer, smaller)
    return differing


def _sign(sign: Sequence[Sequence[int]]) -> Constraint:
    (r1, c1), (r2, c2) = sign
    return ((r1, c1), (r2, c2))


def _differing(answer: Grid, other: Grid) -> DiffSet:
    return frozenset(
        (r, c)
        for r, row in enumerate(answer)
        for c, value in enumerate(row)
        if other[r][c] != value
    )


def greedy_hitting_set(sets: Sequence[DiffSet]) -> set[Cell]:
    """A small hitting set, not always the smallest: take the cell in most unhit sets, repeat
    (ties to the first cell row by row)."""
    chosen: set[Cell] = set()
    left = list(sets)
    while left:
        counts = Counter(cell for differing in left for cell in differing)
        best = max(counts, key=lambda cell: (counts[cell], -cell[0], -cell[1]))
        chosen.add(best)
        left = [differing for differing in left if best not in differing]
    return chosen


class UniquenessCheck:
    """The second solver: ``check(givens)`` is another solution that keeps the answer at
    ``givens`` and obeys the signs, or ``None`` when the answer is the only one (incremental
    SAT under assumptions, the check of :func:`~helper.futoshiki.generate_futoshiki`).

    ``check(givens, signs)`` keeps only the signs in ``signs`` (each one of the signs the
    check was made with), for a loop that chooses signs as well as givens.
    """

    def __init__(self, answer: Grid, signs: Sequence[Constraint]) -> None:
        self._oracle = UniquenessOracle(answer, signs)
        self._signs = [_sign(sign) for sign in signs]
        self.calls = 0

    def __call__(
        self, givens: Iterable[Cell], signs: Iterable[Constraint] | None = None
    ) -> Grid | None:
        kept = self._signs if signs is None else [_sign(sign) for sign in signs]
        unknown = set(kept) - set(self._signs)
        if unknown:
            raise ValueError(f"sign {sorted(unknown)[0]} is not one of the check's signs")
        self.calls += 1
        clues: set[tuple[str, object]] = {("sign", sign) for sign in kept}
        clues |= {("given", (r, c)) for r, c in givens}
        return self._oracle.other_solution(clues)

    def close(self) -> None:
        self._oracle.close()


def implicit_hitting_sets(answer: Grid, check: UniquenessCheck) -> tuple[set[Cell], list[DiffSet]]:
    """The fewest givens that keep ``answer`` unique, and the differing sets that prove it.

    The loop as the book shows it, without budgets: greedy choices until one is unique (each
    failure adds a set), then the master's optimum (a lower bound), checked in turn.
    :func:`fewest_givens` runs the same steps with budgets and keeps the bounds of each round.
    """
    size = len(answer)
    cells = [(r, c) for r in range(size) for c in range(size)]
    sets: list[DiffSet] = []
    best, lower = set(cells), 0  # every cell given is unique; no set is smaller than 0
    while lower < len(best):
        greedy = greedy_hitting_set(sets)
        if (other := check(greedy)) is not None:  # another solution fits the greedy choice:
            sets.append(shrink(answer, other, check))  # its differing cells are a new set
            continue
        best = min(best, greedy, key=len)  # the greedy choice is unique: an upper bound
        if lower == len(best):
            break
        model, given = hitting_set_model(cells, sets, lower)
        solver = solve_to_optimum(model, parameters=MASTER)
        chosen = {cell for cell in cells if solver.value(given[cell])}
        lower = len(chosen)  # no smaller set hits every set found: a lower bound
        if lower < len(best):
            if (other := check(chosen)) is None:
                best = chosen  # the master's optimum is unique: the bounds meet
            else:
                sets.append(shrink(answer, other, check))
    return best, sets


def fewest_givens(
    puzzle: Futoshiki | Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]] | None = None,
    *,
    max_rounds: int | None = None,
    time_limit: float | None = None,
) -> FewestGivens:
    """The fewest givens that keep the answer of a unique Futoshiki unique, with its signs.

    ``puzzle`` is a :class:`~helper.futoshiki.puzzle.Futoshiki` with exactly one solution (a
    full Latin square with no signs will do); ``fewest_givens(grid, constraints)`` is a
    shorthand for ``fewest_givens(Futoshiki(grid, constraints))``. Returns a
    :class:`FewestGivens`; its ``proven`` is true when the loop ended with matching bounds.
    ``max_rounds`` (master solves) and ``time_limit`` (seconds, checked between solves and
    passed to each CP-SAT solve) bound the work; when one runs out, the result holds the
    bounds reached. Raises ``ValueError`` when the puzzle is malformed, has no solution or has
    more than one (:class:`~helper.errors.NoSolutionError` is a ``ValueError``).
    """
    grid, signs = puzzle_parts(puzzle, constraints)
    start, deadline = time.perf_counter(), Deadline(time_limit)
    answer = solve_futoshiki(grid, signs)  # ValueError "no solution ..." when there is none
    size = len(answer)
    cells = [(r, c) for r in range(size) for c in range(size)]
    check = UniquenessCheck(answer, signs)
    try:
        shown = [(r, c) for r, c in cells if grid[r][c]]
        if (other := check(shown)) is not None:
            where = sorted(_differing(answer, other))[:3]
            raise ValueError(f"the puzzle has more than one solution (they differ at {where})")
        return _loop(answer, signs, cells, check, start, max_rounds, deadline)
    finally:
        check.close()


def _loop(
    answer: Grid,
    signs: list[Constraint],
    cells: list[Cell],
    check: UniquenessCheck,
    start: float,
    max_rounds: int | None,
    deadline: Deadline,
) -> FewestGivens:
    sets: list[DiffSet] = []
    best = set(cells)  # every cell given: surely unique
    lower = 0
    rounds: list[Round] = []
    master_seconds, master_stats = 0.0, Counter[str]()

    def rules_out_all(givens: set[Cell]) -> bool:
        """True when ``givens`` keep the answer unique; otherwise add a new differing set."""
        other = check(givens)
        if other is None:
            return True
        sets.append(shrink(answer, other, check))
        return False

    def out_of_budget() -> bool:
        if max_rounds is not None and len(rounds) >= max_rounds:
            return True
        return deadline.passed()

    while lower < len(best) and not out_of_budget():
        while not rules_out_all(greedy := greedy_hitting_set(sets)):
            if out_of_budget():  # each failure added a set that this greedy choice missed
                break
        else:
            best = min(best, greedy, key=len)
        if lower == len(best) or out_of_budget():
            break
        model, given = hitting_set_model(cells, sets, lower)  # no hint: it does not help
        try:
            solver, status = solve_model(model, Run(deadline, "fewest_givens"), MASTER)
        except SolverTimeoutError:  # the deadline passed as the master was to start
            break
        master_seconds += solver.wall_time
        master_stats.update(branches=solver.num_branches, conflicts=solver.num_conflicts)
        if read_status(status) != "optimal":  # out of time: keep the bound CP-SAT did prove
            lower = max(lower, int(solver.best_objective_bound + 0.999))
            break
        chosen = {cell for cell in cells if solver.value(given[cell])}
        lower = len(chosen)
        if lower < len(best) and rules_out_all(chosen):
            best = chosen
        rounds.append(Round(lower, len(best), len(sets)))
    return FewestGivens(
        answer=answer,
        signs=tuple(signs),
        givens=tuple(sorted(best)),
        lower=lower,
        proven=lower == len(best),
        rounds=tuple(rounds),
        differing_sets=tuple(sets),
        checks=check.calls,
        seconds=time.perf_counter() - start,
        master_seconds=master_seconds,
        master_stats=dict(master_stats),
    )


def sweep(
    sizes: Iterable[int], seed: int = 0, *, time_limit: float | None = None
) -> list[FewestGivens]:
    """:func:`fewest_givens` for a random Latin square of each size (no signs), made by
    :func:`~helper.futoshiki.generate.latin_square` from ``Random(f"fewest-{size}-{seed}")``."""
    import random

    from .generate import latin_square

    return [
        fewest_givens(
            Futoshiki(latin_square(size, random.Random(f"fewest-{size}-{seed}"))),
            time_limit=time_limit,
        )
        for size in sizes
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m helper.futoshiki.fewest_givens 4 5 6 7 --time-limit 600``: the long sweep."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m helper.futoshiki.fewest_givens",
        description="The fewest givens that keep a random Latin square of each size unique "
        "(no signs), proven by the implicit hitting-set loop; one line per size.",
    )
    parser.add_argument("sizes", type=int, nargs="+", metavar="N", help="sides of the squares")
    parser.add_argument("--seed", type=int, default=0, help="default: %(default)s")
    parser.add_argument("--time-limit", type=float, metavar="SECONDS", help="per size")
    args = parser.parse_args(argv)
    if any(not 2 <= n <= 9 for n in args.sizes):
        parser.error("sizes must be from 2 to 9")
    print("size  givens  proven  lower  rounds  sets  checks  seconds  master_s", flush=True)
    for n in args.sizes:
        (result,) = sweep([n], args.seed, time_limit=args.time_limit)
        print(
            f"{n:4d}  {result.upper:6d}  {result.proven!s:6}  {result.lower:5d}  "
            f"{len(result.rounds):6d}  {len(result.differing_sets):4d}  {result.checks:6d}  "
            f"{result.seconds:7.1f}  {result.master_seconds:8.1f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
