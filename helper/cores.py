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

A MUS answers "why is there no solution?". The question "which constraint should I change?" has
another answer: the fewest switches to turn off so that the rest holds, a *minimum correction
set*. :func:`minimum_correction` finds one with MaxSAT (RC2, Ignatiev et al. 2019): the
clauses are hard, each switch is a soft unit clause, and the optimum keeps the most switches on;
:func:`cpsat_minimum_correction` does the same with CP-SAT, maximising the switches that stay
on. :func:`other_corrections` then asks a SAT solver for the other sets of the same size. The
two notions are dual (Liffiton and Sakallah 2008): every MUS meets every correction set; the MUSes
are exactly the minimal hitting sets of the *minimal* correction sets (MCSs, what the maximal
satisfiable sets leave out), so the smallest MUS is a minimum hitting set of the MCSs.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ortools.sat.python import cp_model
from pysat.card import CardEnc, EncType
from pysat.formula import WCNF

from helper.backends.cpsat import found_solution, solve_model, solve_to_optimum
from helper.backends.maxsat import MaxSat
from helper.backends.pysat import SatSolver
from helper.deadline import Deadline, Run
from helper.errors import NoSolutionError, SolverTimeoutError
from helper.sigint import pysat_sigint

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
    rank = {k: i for i, k in enumerate(order)}  # where each switch comes in the order
    answer, core = check(order)  # the first solve: every switch, assumed in this order
    if answer == "feasible":
        return None
    if answer == "unknown":
        raise SolverTimeoutError("no answer within the time limit")
    first, solves = len(core), 1
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
        else:  # time is up: the core is infeasible, maybe not minimal
            return Core(tuple(core), False, first, solves)
    return Core(tuple(core), True, first, solves)


def cpsat_check(
    model: cp_model.CpModel, switches: Sequence[cp_model.IntVar], time_limit: float | None = None
) -> Check:
    """A ``Check`` (see :func:`deletion_mus`) that solves ``model`` with CP-SAT under
    ``add_assumptions`` (one worker, fixed seed), all solves within ``time_limit`` seconds."""
    position = {switch.index: k for k, switch in enumerate(switches)}
    deadline = Deadline(time_limit)

    def check(members: Sequence[int]) -> tuple[Answer, list[int]]:
        if deadline.passed():
            return "unknown", []
        model.clear_assumptions()
        model.add_assumptions([switches[k] for k in members])
        run = Run(deadline, "cpsat_check")
        try:  # presolve costs more than it saves
            solver, status = solve_model(model, run, {"cp_model_presolve": False})
        except (SolverTimeoutError, ValueError) as error:  # out of time; an invalid model
            model.clear_assumptions()
            if isinstance(error, ValueError):
                raise
            return "unknown", []
        # (after Ctrl-C, the stopped search may still read the model: it is left as it is)
        model.clear_assumptions()
        try:
            feasible = found_solution(solver, status, run)  # an invalid model is a ValueError
        except SolverTimeoutError:
            return "unknown", []
        if feasible:
            return "feasible", []
        named = {position[i] for i in solver.sufficient_assumptions_for_infeasibility()}
        return "infeasible", [k for k in members if k in named] or list(members)

    return check


def sat_check(solver: SatSolver, switches: Sequence[int], time_limit: float | None = None) -> Check:
    """A ``Check`` (see :func:`deletion_mus`) that asks an incremental SAT ``solver`` under
    assumptions; it keeps what it learns from one question to the next. All solves within
    ``time_limit`` seconds (and within the solver's own deadline)."""
    position = {switch: k for k, switch in enumerate(switches)}
    deadline = Deadline(time_limit)

    def check(members: Sequence[int]) -> tuple[Answer, list[int]]:
        if deadline.passed():
            return "unknown", []
        try:
            answer = solver.solve([switches[k] for k in members], seconds=deadline.left())
        except SolverTimeoutError:
            return "unknown", []
        if answer is None:
            return "unknown", []
        if answer:
            return "feasible", []
        named = {position[literal] for literal in solver.core() if literal in position}
        return "infeasible", [k for k in members if k in named] or list(members)

    return check


# -- the fewest switches to turn off: a minimum correction set ----------------------------------


def maxsat_correction(
    clauses: list[list[int]], switches: Sequence[int], run: Run | None = None
) -> list[int]:
    """The fewest ``switches`` to turn off so that ``clauses`` hold, by MaxSAT.

    The clauses are hard (they must hold), each switch is a soft clause of weight 1 (on if it
    can be), and the optimum keeps the most switches on. RC2 finds it
    (:class:`~helper.backends.maxsat.MaxSat`), within ``run``'s deadline.

    Parameters
    ----------
    clauses
        The switched clauses (shared with the WCNF, not copied).
    switches
        One literal per constraint that may be at fault; true turns it on.
    run
        The deadline (none by default) and the statistics of the search.

    Returns
    -------
    list[int]
        The positions of the switches the optimum turns off (empty when all can stay on).

    Raises
    ------
    ValueError
        When the clauses cannot hold even with every switch off.
    SolverTimeoutError
        When the deadline passes before the optimum is proven.
    """
    wcnf = WCNF()
    wcnf.hard = clauses  # hard: they must hold (shared with the caller, not copied)
    wcnf.nv = max((abs(x) for clause in [*clauses, switches] for x in clause), default=0)  # top
    for switch in switches:
        wcnf.append([switch], weight=1)  # soft: keep it on, if that can be
    with MaxSat(wcnf, run=run) as rc2:
        model = rc2.compute()
    if model is None:
        raise ValueError("the clauses cannot hold even with every switch off")
    true = set(model)
    return [k for k, switch in enumerate(switches) if switch not in true]


def minimum_correction(
    clauses: list[list[int]], switches: Sequence[int], time_limit: float | None = None
) -> list[int]:
    """The fewest ``switches`` to turn off so that ``clauses`` hold: a minimum correction set.

    :func:`maxsat_correction`, which stops after ``time_limit`` seconds (``None``: no limit)
    with a :class:`~helper.errors.SolverTimeoutError`. Returns the positions of the switches it
    turns off (empty when all can stay on).
    """
    run = Run(Deadline(time_limit), "minimum_correction")
    return maxsat_correction(clauses, switches, run)


def cpsat_minimum_correction(
    model: cp_model.CpModel, switches: Sequence[cp_model.IntVar], time_limit: float | None = None
) -> list[int]:
    """The fewest ``switches`` to turn off so that ``model`` holds, by CP-SAT: maximise the
    switches that stay on. Positions, as :func:`minimum_correction`. The objective is
    removed again afterwards (not after Ctrl-C, while the stopped search may still read the
    model). Raises :class:`~helper.errors.SolverTimeoutError` when
    ``time_limit`` seconds pass before the optimum is proven, ``ValueError`` when the model
    cannot hold even with every switch off."""
    run = Run(Deadline(time_limit), "cpsat_minimum_correction")
    model.maximize(sum(switches))  # keep as many switches on as can be
    try:  # proven: no fewer switches off will do
        solver = solve_to_optimum(model, run)
    except (NoSolutionError, SolverTimeoutError, ValueError) as error:
        model.clear_objective()  # not after Ctrl-C: a stopped search may still read the model
        if isinstance(error, NoSolutionError):
            raise ValueError("the model cannot hold even with every switch off") from None
        raise
    model.clear_objective()
    return [k for k, switch in enumerate(switches) if not solver.boolean_value(switch)]


@dataclass(frozen=True)
class Corrections:
    """Minimum correction sets, all of one size, as positions in the list of switches, in the
    order they were found. ``complete`` is false when the search for more stopped at its
    ``limit`` or its time limit, so that other sets of the same size may exist."""

    sets: tuple[tuple[int, ...], ...]
    complete: bool


def other_corrections(
    solver: SatSolver,
    switches: Sequence[int],
    first: Sequence[int],
    *,
    candidates: Sequence[int] | None = None,
    limit: int = 8,
    time_limit: float | None = None,
) -> Corrections:
    """``first`` and every other correction set of its size (at most ``limit`` in all).

    ``solver`` holds the switched clauses. Each question is "turn off at most ``len(first)``
    switches, none of the sets found so far": a cardinality constraint and one blocking clause
    per set found (:meth:`~helper.backends.pysat.SatSolver.models`), all guarded by a fresh
    literal that only these questions assume, so the solver can go on answering others.
    ``candidates`` (positions) may hold every switch of such a set (for sets of one, any core
    does, since a set of one must lie in every core); the switches outside it stay on, which
    makes the questions easier.
    """
    size = len(first)
    chosen = set(range(len(switches)) if candidates is None else candidates) | set(first)
    top = max(solver.nof_vars(), max(map(abs, switches), default=0))
    with pysat_sigint():  # PySAT's encoder catches Ctrl-C itself
        card = CardEnc.atmost(
            [-switches[k] for k in sorted(chosen)],
            bound=size,
            top_id=top,
            encoding=EncType.seqcounter,
        )
    guard = max(card.nv, top) + 1
    for clause in card.clauses:
        solver.add_clause([-guard, *clause])
    assumed = [guard] + [s for k, s in enumerate(switches) if k not in chosen]

    def switched_off(model: Sequence[int]) -> tuple[int, ...]:
        true = {literal for literal in model if literal > 0}
        return tuple(k for k in sorted(chosen) if switches[k] not in true)

    def block(model: Sequence[int]) -> list[int]:
        return [-guard, *(switches[k] for k in switched_off(model))]  # not this set again

    found = [tuple(sorted(first))]
    solver.add_clause([-guard, *(switches[k] for k in found[0])])
    complete = False
    try:
        if limit > 1:
            with solver.within(time_limit):
                for model in solver.models(block, limit - 1, assumed):
                    found.append(switched_off(model))
            complete = len(found) < limit  # the loop ended: no other set of this size
    except SolverTimeoutError:  # time is up: other sets may exist
        pass
    finally:
        solver.add_clause([-guard])  # retire the guard: these clauses never bind again
    return Corrections(tuple(found), complete)


# -- a report for a person: which clues to retype, and why there is no solution ----------------


@dataclass(frozen=True)
class Fix:
    """One way to make a puzzle solvable: retype the clues ``typed`` (as given), for example
    as ``fits`` (clues that fit, one for each), ``apart`` being how far the two are (``None``
    when no fitting clue was found in time).

    ``nearest`` is ``True`` only when no nearer clues fit (proved); ``False`` when ``fits``
    are the nearest *found* (among a sample of pictures, or by a search that ran out of time).
    ``unique`` says whether the puzzle with ``fits`` has exactly one solution: ``True`` or
    ``False`` when a count proved it, ``None`` when it was not asked or the count was cut
    short. ``blocks`` is how many blocks a Nonogram's fits gain or lose in all (a cell moved
    between blocks keeps their number)."""

    typed: tuple[Any, ...]  # the puzzle's clues (ClueLine, FutoshikiClue)
    fits: tuple[Any, ...]
    apart: int | None
    unique: bool | None = None
    blocks: int = 0
    nearest: bool = False


@dataclass(frozen=True)
class Diagnosis:
    """What is wrong with a puzzle that has no solution.

    ``fixes`` are the minimum correction sets, nearest fit first (``fixes[0]`` is the answer
    to "which clues should I retype?"); ``complete`` is false when other sets of that size may
    exist that the search did not reach. ``conflict`` is a set of clues that cannot all hold
    (why there is no solution), ``None`` when time ran out before one was proven.
    """

    fixes: tuple[Fix, ...]
    complete: bool
    conflict: Any  # LineConflict, ClueConflict or None
