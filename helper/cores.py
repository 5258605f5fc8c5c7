"""Which constraints cannot all hold? A minimal set of them, found with assumptions.

Give each constraint that may be at fault a *switch*, a Boolean that turns it on (in CP-SAT,
``constraint.only_enforce_if(switch)``; in CNF, the literal ``-switch`` added to each of its
clauses), and solve with every switch *assumed* true. An assumption is a value fixed for one
solve only. When the answer is "infeasible", the solver names some of the assumed switches that
already cannot all be true: a *core* (CP-SAT: ``sufficient_assumptions_for_infeasibility()``;
PySAT: ``get_core()``). A core need not be minimal, so :func:`deletion_mus` then tries each of its
members in turn: if the core without it is still infeasible, it goes (and the core the solver
names for that solve replaces the current one); if the rest becomes satisfiable, it stays.
What is left is a *minimal unsatisfiable subset* (MUS): infeasible, and removing any one member
makes the rest satisfiable. This is deletion-based MUS extraction (Marques-Silva 2010).
"""

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ortools.sat.python import cp_model
from pysat.solvers import Solver

from helper.errors import SolverTimeoutError
from helper.ortools import make_solver

Answer = Literal["infeasible", "feasible", "unknown"]
Check = Callable[[Sequence[int]], tuple[Answer, list[int]]]
"""Solve with the switches at these positions assumed true: ``("infeasible", core)`` with the
core as positions among them, ``("feasible", [])``, or ``("unknown", [])`` when time ran out."""


@dataclass(frozen=True)
class Core:
    """A set of switches that cannot all be true, as positions in the list of switches.

    ``minimal`` is false when the time ran out before every member was tried; the set is then
    still infeasible (that was proven) but maybe not minimal. ``first`` is the size of the core
    the solver named before any reduction; ``solves`` counts the solves.
    """

    members: tuple[int, ...]
    minimal: bool
    first: int
    solves: int


def deletion_mus(check: Check, count: int, order: Sequence[int] | None = None) -> Core | None:
    """A minimal set of the ``count`` switches that cannot all be true; ``None`` if all can.

    Members are tried for removal in ``order`` (positions; ``0 .. count - 1`` by default). The
    order decides *which* minimal set comes out: there are often several, of different sizes.
    Raises :class:`~helper.errors.SolverTimeoutError` when ``check`` runs out of time before
    infeasibility is proven;
    when it runs out during the reduction, the core found so far comes back with
    ``minimal=False``.
    """
    order = list(range(count) if order is None else order)
    rank = {k: i for i, k in enumerate(order)}
    solves = 1
    answer, core = check(order)  # the solver sees the assumptions in this order too
    if answer == "feasible":
        return None
    if answer == "unknown":
        raise SolverTimeoutError("no answer within the time limit")
    first = len(core)
    needed: set[int] = set()  # members whose removal made the rest satisfiable
    core = sorted(core, key=rank.__getitem__)
    while candidates := [k for k in core if k not in needed]:
        solves += 1
        answer, smaller = check([m for m in core if m != candidates[0]])
        if answer == "infeasible":
            # still holds every needed member: without one, no subset is infeasible
            core = sorted(smaller, key=rank.__getitem__)
        elif answer == "feasible":
            needed.add(candidates[0])
        else:
            return Core(tuple(core), False, first, solves)
    return Core(tuple(core), True, first, solves)


def _seconds_left(end: float | None) -> float | None:
    return None if end is None else end - time.perf_counter()


def cpsat_check(
    model: cp_model.CpModel, switches: Sequence[cp_model.IntVar], time_limit: float | None = None
) -> Check:
    """A ``Check`` (see :func:`deletion_mus`) that solves ``model`` with CP-SAT under
    ``add_assumptions`` (one worker, fixed seed), all solves within ``time_limit`` seconds."""
    position = {switch.index: k for k, switch in enumerate(switches)}
    end = None if time_limit is None else time.perf_counter() + time_limit

    def check(members: Sequence[int]) -> tuple[Answer, list[int]]:
        left = _seconds_left(end)
        if left is not None and left <= 0:
            return "unknown", []
        model.clear_assumptions()
        model.add_assumptions([switches[k] for k in members])
        solver = make_solver(left, cp_model_presolve=False)  # presolve costs more than it saves
        status = solver.solve(model)
        model.clear_assumptions()
        if status == cp_model.INFEASIBLE:
            named = {position[i] for i in solver.sufficient_assumptions_for_infeasibility()}
            return "infeasible", [k for k in members if k in named] or list(members)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "feasible", []
        return "unknown", []

    return check


def sat_check(solver: Solver, switches: Sequence[int], time_limit: float | None = None) -> Check:
    """A ``Check`` (see :func:`deletion_mus`) that asks an incremental PySAT ``solver`` under
    assumptions; it keeps what it learns from one question to the next. All solves within
    ``time_limit`` seconds."""
    from helper.backends.pysat import solve_for

    position = {switch: k for k, switch in enumerate(switches)}
    end = None if time_limit is None else time.perf_counter() + time_limit

    def check(members: Sequence[int]) -> tuple[Answer, list[int]]:
        left = _seconds_left(end)
        if left is not None and left <= 0:
            return "unknown", []
        answer = solve_for(solver, left, [switches[k] for k in members])
        if answer is None:
            return "unknown", []
        if answer:
            return "feasible", []
        named = {position[literal] for literal in solver.get_core() or [] if literal in position}
        return "infeasible", [k for k in members if k in named] or list(members)

    return check
