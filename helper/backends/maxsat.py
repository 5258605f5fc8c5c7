"""RC2, PySAT's MaxSAT solver, behind the one door: within a deadline, stopped by Ctrl-C,
its SAT calls counted.

A weighted MaxSAT problem has *hard* clauses, which must hold, and *soft* clauses, each with a
weight; an optimum satisfies every hard clause and leaves unsatisfied the least weight of soft
ones. RC2 (Ignatiev, Morgado and Marques-Silva 2019) finds one by calling a SAT solver on
the hard clauses with the soft ones assumed, relaxing each core it meets. :class:`MaxSat`
runs it the way :class:`~helper.backends.pysat.SatSolver` runs a SAT search: the watchdog
(:mod:`helper.backends.watchdog`) interrupts it at the deadline and on Ctrl-C.

RC2 reads an interrupted SAT call as a core that is empty, that is as "the hard clauses cannot
hold": :meth:`MaxSat.compute` therefore treats every ``None`` of a search that was interrupted
as the time limit (or Ctrl-C), never as a proof.
"""

import threading
from collections.abc import Iterable
from typing import Any, Self

from pysat.examples.rc2 import RC2
from pysat.formula import WCNF

from helper.deadline import Run
from helper.errors import SolverTimeoutError

from .pysat import COUNTED, DEFAULT_BACKEND, canonical, constructor_name, require_interruptible
from .watchdog import REPEAT, join_through_ctrl_c, raise_if_interrupted, watching


class MaxSat:
    """RC2 on ``formula``, its SAT calls run by ``backend``, within ``run``'s deadline.

    Parameters
    ----------
    formula
        The weighted CNF: ``formula.hard`` must hold, each of ``formula.soft`` has a weight.
    backend
        RC2's SAT solver; it must be one that can be interrupted (Glucose 3 by default).
    run
        The deadline, and the statistics that the SAT calls' decisions and conflicts are added
        to.
    adapt, exhaust, minz
        RC2's own options (at-most-one detection, core exhaustion, core minimisation).

    Examples
    --------
    >>> formula = WCNF()
    >>> formula.append([-1, -2])  # hard: not both
    >>> formula.append([1], weight=1)
    >>> formula.append([2], weight=2)
    >>> with MaxSat(formula) as maxsat:
    ...     maxsat.compute(), maxsat.cost
    ([-1, 2], 1)
    """

    def __init__(
        self,
        formula: WCNF,
        backend: str = DEFAULT_BACKEND,
        *,
        run: Run | None = None,
        adapt: bool = False,
        exhaust: bool = False,
        minz: bool = False,
    ) -> None:
        self.backend = require_interruptible(canonical(backend), "RC2 with a time limit")
        self.run = run if run is not None else Run()
        self.calls = 0
        """How many times :meth:`compute` searched."""
        self._rc2 = RC2(
            formula, solver=constructor_name(backend), adapt=adapt, exhaust=exhaust, minz=minz
        )
        self._totals: dict[str, int] = {}

    def add_clause(self, clause: Iterable[int], weight: int | None = None) -> None:
        """Add a hard clause (``weight=None``) or a soft one; RC2 keeps what it has learned."""
        self._rc2.add_clause(list(clause), weight=weight)

    def compute(self) -> list[int] | None:
        """An optimum (a model, signed literals), or ``None`` when the hard clauses cannot
        hold.

        Raises
        ------
        SolverTimeoutError
            When the run's deadline passes first: an interrupted RC2 proves nothing.
        KeyboardInterrupt
            When Ctrl-C stops it.
        """
        what = self.run.method or "RC2"
        self.run.deadline.check(what)
        self.calls += 1
        outcome: dict[str, Any] = {}
        done = threading.Event()

        def work() -> None:
            try:
                outcome["model"] = self._rc2.compute(expect_interrupt=True)
            except BaseException as error:  # handed over to the caller's thread below
                outcome["error"] = error
            finally:
                done.set()

        # RC2 runs in a thread of its own: some of its SAT calls (core exhaustion) are PySAT's
        # plain solve(), which in the main thread answers Ctrl-C by a jump out of the search
        # that leaves the solver broken and PySAT's handler in place. Here Ctrl-C reaches this
        # thread, which waits in Python, and RC2 is stopped the way the deadline stops it.
        worker = threading.Thread(target=work, name="helper-rc2", daemon=True)
        try:
            with watching(self._rc2.interrupt, self.run.deadline) as watch:
                worker.start()
                while not done.wait(REPEAT):
                    pass
        except BaseException:  # Ctrl-C while RC2 searched: stop it before going on
            self._rc2.interrupt()
            join_through_ctrl_c(worker)  # RC2 must be done before anyone frees it
            raise
        finally:
            self._rc2.clear_interrupt()
            self._count()
        if "error" in outcome:
            raise outcome["error"]
        raise_if_interrupted(watch)
        model = outcome.get("model")
        if model is None and (watch.reason is not None or self._rc2.interrupted):
            raise SolverTimeoutError(f"{what}: no optimum within {self.run.deadline.seconds:g} s")
        return None if model is None else list(model)

    @property
    def cost(self) -> int:
        """The weight of the soft clauses the last optimum leaves unsatisfied."""
        return int(self._rc2.cost)

    def _count(self) -> None:
        oracle = self._rc2.oracle
        stats = (oracle.accum_stats() if oracle is not None else None) or {}
        totals = {key: int(stats[key]) for key in COUNTED if key in stats}
        self.run.count(**{key: totals[key] - self._totals.get(key, 0) for key in totals})
        self._totals = totals

    def close(self) -> None:
        """Free RC2 and its SAT solver."""
        self._rc2.delete()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["MaxSat"]
