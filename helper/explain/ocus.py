"""The cheapest step: a cheapest set of premises that forces some open cell, found as an
optimal constrained unsatisfiable subset (OCUS) with assumptions.

Every premise (a clue, a rule) has a *switch*, a literal that turns it on, as in the chapter
"Which clues conflict?". Every open cell has a *candidate*, the value it has in the solution
("cell (3, 4) is black"). A set of premises forces a cell when the premises, the cells known
so far and the candidate's negation cannot all hold: an unsatisfiable subset. Of all such
subsets, with exactly one negated candidate in each, we want one of least cost.

This is the implicit hitting-set loop of Gamba, Bogaerts and Guns (IJCAI 2021):

1. a *hitting-set* solver (RC2, a MaxSAT solver of PySAT) proposes the cheapest choice of
   premises and of one candidate that meets every *correction set* collected so far;
2. a SAT solver (PySAT, incremental, under assumptions) checks it. Unsatisfiable: this is the
   cheapest step (every cheaper choice was ruled out). Satisfiable: its model is grown into
   a larger satisfiable set; what the grown model leaves out is a correction set: every
   unsatisfiable choice must take one of its members. Back to 1.

Grids the SAT solver found stay valid for later steps as long as they agree with the cells
known then, so each step starts with the correction sets of the grids that still fit.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Self

import numpy as np
from pysat.card import CardEnc, EncType
from pysat.formula import WCNF, IDPool

from helper.backends.maxsat import MaxSat
from helper.backends.pysat import DEFAULT_BACKEND, SatSolver
from helper.cores import Answer, deletion_mus
from helper.deadline import NO_DEADLINE, Deadline, Run
from helper.sigint import pysat_sigint

GROW_CONFLICTS = 300
"""Conflicts a SAT call of :meth:`Oracle.grow` may take before the line it tries is left out.

With many lines on and many cells open, a call of the grow is close to solving the whole
puzzle with one cell wrong: hard. Leaving the line out when the call gives up keeps the
correction set sound (it is still what a satisfiable set leaves out), only larger. Set on the
tuning split, where it took the slowest 30 x 30 from 195 s to 32 s of CPU."""

Candidate = tuple[int, bool]
"""An open cell's position in the grid array and its value in the solution."""
Satisfied = Callable[[np.ndarray], frozenset[int]]
"""Which premises (positions) a grid array satisfies."""


@dataclass
class Memory:
    """What outlives one step: the grids found (as full grid arrays) and the counts."""

    grids: list[np.ndarray] = field(default_factory=list)
    sat_calls: int = 0
    hitting_sets: int = 0

    def keep_fitting(self, positions: np.ndarray, values: np.ndarray) -> None:
        """Forget the grids that contradict a decided cell."""
        self.grids = [g for g in self.grids if (g[positions] == values).all()]


@dataclass(frozen=True)
class Choice:
    """A set of premises and the candidate whose negation they refute (positions)."""

    premises: tuple[int, ...]
    candidate: int
    cost: int
    optimal: bool  # proven the cheapest; False when the loop ran out of budget (then greedy)
    grids: tuple[np.ndarray, ...] = ()  # when optimal: the grids whose correction sets prove it


@dataclass
class Oracle:
    """A SAT solver over switched premises, answering in grid arrays.

    A grid array holds one Boolean per *position* (a Nonogram cell, or a Futoshiki cell and
    digit). ``variables[i]`` is the SAT variable of position ``i``, or 0 for a position
    decided before the CNF was made, whose value is ``fixed[i]``. ``satisfied`` reads the
    premises a grid array satisfies.
    """

    solver: SatSolver
    switches: Sequence[int]
    costs: Sequence[int]
    variables: np.ndarray
    fixed: np.ndarray
    satisfied: Satisfied
    memory: Memory
    deadline: Deadline = NO_DEADLINE

    def literal(self, candidate: Candidate) -> int:
        """The SAT literal that says the candidate holds."""
        position, value = candidate
        variable = int(self.variables[position])
        return variable if value else -variable

    def solve(self, assumptions: Sequence[int], conflicts: int = 0) -> np.ndarray | None:
        """A grid array satisfying the ``assumptions`` (literals), or ``None`` when there is
        none, or when ``conflicts`` (0: no limit) ran out first. The solver's deadline raises
        :class:`~helper.errors.SolverTimeoutError`."""
        self.memory.sat_calls += 1
        answer = self.solver.solve(assumptions, conflicts=conflicts or None)
        if not answer:
            return None
        model = np.array(self.solver.model(), dtype=np.int64)
        grid = self.fixed.copy()
        open_ = self.variables > 0
        grid[open_] = model[self.variables[open_] - 1] > 0
        return grid

    def forces(self, premises: Sequence[int], candidate: Candidate) -> bool:
        """True when the ``premises`` (positions) leave the candidate no way out."""
        on = [self.switches[p] for p in premises]
        return self.solve([*on, -self.literal(candidate)]) is None

    def grow(self, chosen: Sequence[int], negated: Candidate, grid: np.ndarray) -> np.ndarray:
        """Grow the premises ``chosen`` (satisfied by ``grid``, where ``negated`` is false) to
        a large set that still holds with ``negated`` false: try each other premise, the
        cheapest first (what is left out is then expensive, so the hitting sets' cost
        rises fast), each within :data:`~helper.explain.ocus.GROW_CONFLICTS` conflicts.
        Keeps the last grid found and returns it."""
        kept = set(self.satisfied(grid)) | set(chosen)
        for p in sorted(range(len(self.switches)), key=lambda p: (self.costs[p], p)):
            if p in kept:
                continue
            on = [self.switches[q] for q in sorted(kept | {p})]
            found = self.solve([*on, -self.literal(negated)], GROW_CONFLICTS)
            if found is not None:
                grid = found
                kept |= {p} | self.satisfied(grid)
        self.memory.grids.append(grid)
        return grid


class HittingSets:
    """The hitting-set problem of one step, as a weighted MaxSAT problem kept by RC2.

    Hard clauses: exactly one of the ``candidates`` is picked; a picked candidate needs a
    premise that touches its cell; the lower bounds of ``at_least``; every correction set is
    hit. Soft clauses: leave each premise out, at its cost (``oracle.costs``). RC2 keeps what it
    learned when a new correction set is added, so each solve starts where the last one
    stopped. Each :meth:`cheapest` is counted in ``oracle.memory`` and first checks
    ``oracle.deadline``. A context manager: leaving it frees RC2.
    """

    def __init__(
        self,
        oracle: Oracle,
        candidates: Sequence[Candidate],
        touching: Sequence[Sequence[int]],
        at_least: Sequence[tuple[Sequence[int], int]],
    ) -> None:
        self.oracle = oracle
        self.positions = np.array([position for position, _ in candidates], dtype=np.int64)
        self.values = np.array([value for _, value in candidates], dtype=bool)
        premises = len(oracle.costs)
        self.use = list(range(1, premises + 1))
        self.pick = list(range(premises + 1, premises + len(candidates) + 1))
        pool = IDPool(start_from=premises + len(candidates) + 1)
        formula = WCNF()
        with pysat_sigint():  # PySAT's encoder catches Ctrl-C itself
            one = CardEnc.equals(self.pick, 1, vpool=pool, encoding=EncType.seqcounter)
        formula.extend(one.clauses)
        for k, near in enumerate(touching):
            formula.append([-self.pick[k], *(self.use[p] for p in near)])
        for group, count in at_least:
            lits = [self.use[p] for p in group]
            with pysat_sigint():
                at = CardEnc.atleast(lits, count, vpool=pool, encoding=EncType.seqcounter)
            formula.extend(at)
        for p, cost in enumerate(oracle.costs):
            formula.append([-self.use[p]], weight=cost)
        run = Run(oracle.deadline, "explain")
        self.rc2 = MaxSat(formula, DEFAULT_BACKEND, run=run, adapt=True, exhaust=True)

    def hit(self, grid: np.ndarray) -> None:
        """Every choice from now on takes a premise that ``grid`` breaks or a candidate that
        it keeps: what the grid leaves out is a correction set."""
        satisfied = self.oracle.satisfied(grid)
        missed = [p for p in range(len(self.oracle.costs)) if p not in satisfied]
        kept = np.flatnonzero(grid[self.positions] == self.values).tolist()
        self.rc2.add_clause([*(self.use[p] for p in missed), *(self.pick[k] for k in kept)])

    def cheapest(self) -> tuple[list[int], int]:
        """The cheapest choice that hits every set: premises (positions) and a candidate."""
        self.oracle.memory.hitting_sets += 1
        model = self.rc2.compute()  # the deadline raises
        if model is None:  # the premises force nothing: a bug, not bad input
            raise RuntimeError("no set of premises forces any open cell")
        true = {literal for literal in model if literal > 0}
        chosen = [p for p, x in enumerate(self.use) if x in true]
        return chosen, next(k for k, y in enumerate(self.pick) if y in true)

    def close(self) -> None:
        """Free RC2 (and its SAT solver)."""
        self.rc2.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def cheapest_step(
    oracle: Oracle,
    candidates: Sequence[Candidate],
    touching: Sequence[Sequence[int]],
    *,
    at_least: Sequence[tuple[Sequence[int], int]] = (),
    budget: int,
) -> Choice:
    """The cheapest premises that, with the cells known, force one of the ``candidates``.

    ``touching[k]`` lists the premises that mention candidate ``k``'s cell (a step must use
    one of them: no other premise constrains it). ``at_least`` adds known lower bounds, pairs
    of (premises, how many of them a step needs at least). After ``budget`` hitting sets the
    search stops and falls back on :func:`greedy_step` for the last candidate proposed (with
    ``budget=0``, for the first candidate: deletion alone, the control that shows what the
    optimisation buys).
    """
    with HittingSets(oracle, candidates, touching, at_least) as hitting:
        for grid in oracle.memory.grids:  # grids of earlier steps that fit the cells known
            hitting.hit(grid)
        oracle.solver.set_phases([-oracle.literal(c) for c in candidates])  # differ from the answer
        k = 0
        for _ in range(budget):
            chosen, k = hitting.cheapest()
            on = [oracle.switches[p] for p in chosen]
            found = oracle.solve([*on, -oracle.literal(candidates[k])])
            if found is None:  # unsatisfiable: no cheaper choice is left
                cost = sum(oracle.costs[p] for p in chosen)
                grids = tuple(oracle.memory.grids)  # every set hit came from one of these
                return Choice(tuple(chosen), k, cost, optimal=True, grids=grids)
            hitting.hit(oracle.grow(chosen, candidates[k], found))  # a new correction set
    return greedy_step(oracle, candidates, k)  # out of budget: minimal, maybe not cheapest


def smallest_deletion_step(oracle: Oracle, candidates: Sequence[Candidate]) -> Choice:
    """The usual baseline of the literature (Bogaerts et al.): a minimal set of premises by
    deletion (:func:`greedy_step`) for every candidate, and the smallest kept (the first of
    the cheapest). Minimal for its cell, not proven cheapest: no hitting sets."""
    best = greedy_step(oracle, candidates, 0)
    for k in range(1, len(candidates)):
        choice = greedy_step(oracle, candidates, k)
        if choice.cost < best.cost:
            best = choice
    return best


def greedy_step(oracle: Oracle, candidates: Sequence[Candidate], k: int) -> Choice:
    """A minimal (not necessarily cheapest) set of premises forcing candidate ``k``: every
    premise assumed, then :func:`helper.cores.deletion_mus` (the deletion of "Which clues
    conflict?", jumping to the core the SAT solver names) drops each premise the rest can do
    without, the most expensive first."""
    negated = -oracle.literal(candidates[k])
    where = {switch: p for p, switch in enumerate(oracle.switches)}

    def check(members: Sequence[int]) -> tuple[Answer, list[int]]:
        if oracle.solve([*(oracle.switches[p] for p in members), negated]) is not None:
            return "feasible", []
        named = {where[literal] for literal in oracle.solver.core() if literal in where}
        return "infeasible", [p for p in members if p in named] or list(members)

    order = sorted(range(len(oracle.switches)), key=lambda p: (-oracle.costs[p], p))
    core = deletion_mus(check, len(oracle.switches), order)
    assert core is not None and core.minimal  # every premise together forces every cell
    kept = tuple(sorted(core.members))
    return Choice(kept, k, sum(oracle.costs[p] for p in kept), optimal=False)


def forced_candidates(
    oracle: Oracle,
    choice: Choice,
    candidates: Sequence[Candidate],
    touching: Sequence[Sequence[int]],
) -> list[int]:
    """Every candidate the choice's premises force, the chosen one first."""
    used = set(choice.premises)
    forced = [choice.candidate]
    for k, candidate in enumerate(candidates):
        near = k != choice.candidate and used & set(touching[k])
        if near and oracle.forces(choice.premises, candidate):
            forced.append(k)
    return forced
