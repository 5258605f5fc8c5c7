"""PySAT behind the one door: the names of its back ends, and :class:`SatSolver`, through
which every SAT search of the package runs.

PySAT has no time limit of its own, and Python's Ctrl-C cannot reach a search running in C++.
:class:`SatSolver` gives both: the watchdog (:mod:`helper.backends.watchdog`) calls the back
end's ``interrupt()`` at the deadline or on Ctrl-C while ``solve_limited(expect_interrupt=True)``
searches. Only some back ends can be interrupted, and only their
``solve_limited(expect_interrupt=True)`` lets other Python threads run while they search
(:data:`INTERRUPTIBLE`, measured on the pinned python-sat):

- Glucose 3, 4.1 and 4.2.1, Gluecard 3 and 4, MapleChrono, MapleCM, Maplesat, MergeSat 3,
  Minicard, MiniSat 2.2, MiniSat-EP and Ergo stop within a fraction of a second of
  ``interrupt()``, and the calling thread keeps running while they search;
- CaDiCaL (1.0.3, 1.5.3, 1.9.5, 3.0.0) raises ``NotImplementedError`` from ``interrupt()`` and
  holds the interpreter for the whole search; Lingeling has no ``solve_limited``; Kissat
  cannot be interrupted. Such a back end gets no time limit here (:func:`require_interruptible`
  says so), Ctrl-C is seen when its call returns (it searches in a thread of its own, so that
  PySAT's own Ctrl-C handler, which jumps out of the search and leaves the solver broken, is
  never installed), and the portfolio can race one only in a child process that is killed
  (:func:`helper.backends.race.race`, an explicit option).

Names are PySAT's own (:class:`pysat.solvers.SolverNames`): ``"g3"``, ``"glucose4"``,
``"cd195"``, ...; :func:`canonical` maps each alias to one name, :data:`NAMES` gives the
readable name of every alias.
"""

import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Self

from pysat.solvers import Solver, SolverNames

from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError
from helper.memory import without_cyclic_gc
from helper.results import check_limit

from .watchdog import join_through_ctrl_c, raise_if_interrupted, watching

Clauses = list[list[int]]

_ALIASES: dict[str, str] = {
    alias.lower(): canonical
    for canonical, aliases in vars(SolverNames).items()
    if not canonical.startswith("_") and isinstance(aliases, tuple)
    for alias in (canonical, *aliases)
}

_FIRST_ALIAS: dict[str, str] = {
    canonical: aliases[0]
    for canonical, aliases in vars(SolverNames).items()
    if not canonical.startswith("_") and isinstance(aliases, tuple)
}  # what PySAT's Solver(name=...) accepts: "minisatgh" itself is not one of its aliases

READABLE = {
    "cadical103": "CaDiCaL 1.0.3",
    "cadical153": "CaDiCaL 1.5.3",
    "cadical195": "CaDiCaL 1.9.5",
    "cadical300": "CaDiCaL 3.0.0",
    "cryptosat": "CryptoMiniSat 5",
    "ergo": "Ergo",
    "gluecard3": "Gluecard 3",
    "gluecard4": "Gluecard 4.1",
    "glucose3": "Glucose 3",
    "glucose4": "Glucose 4.1",
    "glucose42": "Glucose 4.2.1",
    "kissat404": "Kissat 4.0.4",
    "lingeling": "Lingeling",
    "maplechrono": "MapleLCMDistChronoBT",
    "maplecm": "MapleCM",
    "maplesat": "Maplesat",
    "mergesat3": "MergeSat 3",
    "minicard": "Minicard",
    "minisat22": "MiniSat 2.2",
    "minisatgh": "MiniSat (GitHub)",
    "minisatep": "MiniSat-EP",
}
"""The readable name of each of PySAT's back ends, by its canonical name (the tests check that
every name of :class:`pysat.solvers.SolverNames` has one)."""

INTERRUPTIBLE = frozenset(
    {
        "ergo",
        "gluecard3",
        "gluecard4",
        "glucose3",
        "glucose4",
        "glucose42",
        "maplechrono",
        "maplecm",
        "maplesat",
        "mergesat3",
        "minicard",
        "minisat22",
        "minisatgh",
        "minisatep",
    }
)
"""The canonical names of the back ends whose search ``interrupt()`` stops and that release the
interpreter in ``solve_limited(expect_interrupt=True)`` (tests/backends/test_backends.py
interrupts each one from another thread)."""


UNSUPPORTED = {
    "cryptosat": "this build of PySAT does not include it",
    "kissat404": "it ignores assumptions, and a clause added after a call ends the process",
}
"""The back ends a :class:`SatSolver` refuses, each with the reason (it asks again, with
assumptions, after adding clauses; tests/backends/test_pysat.py shows each reason still holds)."""


def require_supported(name: str) -> str:
    """``name``'s canonical name; a ``ValueError`` naming the reason when :class:`SatSolver`
    cannot use that back end (:data:`UNSUPPORTED`).

    Examples
    --------
    >>> require_supported("g4")
    'glucose4'
    >>> require_supported("kissat")
    Traceback (most recent call last):
    ...
    ValueError: Kissat 4.0.4 ('kissat') cannot serve here: it ignores assumptions, and a clause ...
    """
    chosen = canonical(name)
    if chosen in UNSUPPORTED:
        choices = ", ".join(sorted(set(READABLE) - set(UNSUPPORTED)))
        raise ValueError(
            f"{READABLE[chosen]} ({name!r}) cannot serve here: {UNSUPPORTED[chosen]}; "
            f"choose one of: {choices}"
        )
    return chosen


PROOF_BACKENDS = frozenset(
    {
        "cadical103",
        "cadical153",
        "cadical195",
        "cadical300",
        "ergo",
        "gluecard3",
        "gluecard4",
        "glucose3",
        "glucose4",
        "glucose42",
        "lingeling",
        "maplechrono",
        "maplecm",
    }
)
"""The canonical names of the back ends whose proofs of "no" (DRAT, ``with_proof=True``) the
book's checker accepts (tests/backends/test_pysat.py checks each one's proof of a pigeonhole
formula with :func:`helper.proofs.drat.check_drat`)."""

NO_PROOF = {
    "maplesat": "its proofs do not check: a lemma of its proof of PHP(4) is no RUP or RAT",
    "mergesat3": "PySAT does not trace its proofs",
    "minicard": "PySAT does not log its proofs",
    "minisat22": "PySAT does not log its proofs",
    "minisatep": "PySAT does not log its proofs",
    "minisatgh": "PySAT does not log its proofs",
}
"""The back ends a :class:`SatSolver` refuses with ``proof=True``, each with the reason."""


def require_proof(name: str) -> str:
    """``name``'s canonical name; a ``ValueError`` naming the reason when that back end cannot
    give a proof the book's checker accepts.

    Examples
    --------
    >>> require_proof("g3")
    'glucose3'
    >>> require_proof("minisat22")
    Traceback (most recent call last):
    ...
    ValueError: MiniSat 2.2 ('minisat22') cannot prove a "no": PySAT does not log its proofs; ...
    """
    chosen = require_supported(name)
    if chosen not in PROOF_BACKENDS:
        choices = ", ".join(sorted(PROOF_BACKENDS))
        why = NO_PROOF.get(chosen, "it gives no proof")
        raise ValueError(
            f'{READABLE[chosen]} ({name!r}) cannot prove a "no": {why}; choose one of: {choices}'
        )
    return chosen


DEFAULT_BACKEND = "glucose3"
"""Glucose 3, the book's one SAT back end. Every SAT solve of the package, and RC2's, runs it
unless a caller names another. Glucose 3 can be interrupted (so a time limit holds), and it
needed the fewest conflicts on the book's CNFs. The named exceptions say why they differ:
``helper.futoshiki.generate.ORACLE_BACKEND`` (CaDiCaL 1.9.5, fast on the generator's many
small questions) and the back ends of ``PortfolioConfig`` (a race of two solvers)."""


def canonical(name: str) -> str:
    """PySAT's canonical name of the back end ``name`` (any of its aliases, any case).

    Raises
    ------
    ValueError
        When PySAT has no back end of that name; the message lists the names it has.

    Examples
    --------
    >>> canonical("g3"), canonical("CD195")
    ('glucose3', 'cadical195')
    """
    if not isinstance(name, str) or name.lower() not in _ALIASES:
        known = ", ".join(sorted(READABLE))
        raise ValueError(f"PySAT has no SAT solver named {name!r}; its solvers are: {known}")
    return _ALIASES[name.lower()]


def constructor_name(name: str) -> str:
    """The name of back end ``name`` that ``pysat.solvers.Solver(name=...)`` accepts.

    Examples
    --------
    >>> constructor_name("glucose41"), constructor_name("minisatgh")
    ('g4', 'mgh')
    """
    return _FIRST_ALIAS[canonical(name)]


def can_interrupt(name: str) -> bool:
    """Whether the back end ``name`` can be stopped at a deadline from another thread.

    Examples
    --------
    >>> can_interrupt("g4"), can_interrupt("cd103")
    (True, False)
    """
    return canonical(name) in INTERRUPTIBLE


def require_interruptible(name: str, why: str) -> str:
    """``name``'s canonical name; a ``ValueError`` saying ``why`` when it cannot be interrupted.

    Examples
    --------
    >>> require_interruptible("glucose3", "a time limit")
    'glucose3'
    >>> require_interruptible("cd195", "a time limit")
    Traceback (most recent call last):
    ...
    ValueError: CaDiCaL 1.9.5 ('cd195') cannot be interrupted, so it cannot serve a time limit; ...
    """
    chosen = canonical(name)
    if chosen not in INTERRUPTIBLE:
        choices = ", ".join(sorted(INTERRUPTIBLE))
        raise ValueError(
            f"{READABLE[chosen]} ({name!r}) cannot be interrupted, so it cannot serve {why}; "
            f"choose one of: {choices}"
        )
    return chosen


class _Names(Mapping[str, str]):
    """Every alias of every PySAT back end -> its readable name (``NAMES["g3"]``)."""

    def __getitem__(self, name: str) -> str:
        try:
            return READABLE[canonical(name)]
        except ValueError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(_ALIASES)

    def __len__(self) -> int:
        return len(_ALIASES)


NAMES: Mapping[str, str] = _Names()
"""Readable names of PySAT's back ends, by any of their aliases. ``NAMES["g4"]`` is
``"Glucose 4.1"``."""


COUNTED = ("decisions", "conflicts")
"""The back ends' counts that a :class:`SatSolver` adds to its run's statistics, per call."""


def _off_the_main_thread(call: Callable[..., Any], assumptions: list[int]) -> Any:
    """``call(assumptions=...)`` in a thread of its own, this one waiting for it.

    In the main thread, PySAT's plain ``solve()`` and ``propagate()`` catch Ctrl-C with a
    handler of their own that jumps out of the C code: it leaves the solver broken and its
    handler installed, and a Ctrl-C in the instant before the call has set its jump point jumps
    into an ended call (seen: a Ctrl-C lost while a generator made its many small calls). In
    another thread PySAT installs no handler. These back ends hold the interpreter while they
    work, so Ctrl-C is seen when the call returns: the search stays whole, and the solver can
    be asked again.
    """
    outcome: dict[str, Any] = {}

    def work() -> None:
        try:
            outcome["answer"] = call(assumptions=assumptions)
        except BaseException as error:  # handed over to the waiting thread
            outcome["error"] = error

    worker = threading.Thread(target=work, name="helper-sat", daemon=True)
    worker.start()
    if join_through_ctrl_c(worker):  # the call has ended: the solver is whole
        raise KeyboardInterrupt
    if "error" in outcome:
        raise outcome["error"]
    return outcome["answer"]


class SatSolver:
    """A PySAT back end behind the package's one door: every SAT search of ``helper`` runs here.

    A ``SatSolver`` holds one of PySAT's solvers and adds what a plain one lacks:

    - **a time limit**: :meth:`solve` stops at ``run.deadline`` (and at a shorter budget of
      seconds or conflicts, when one is given), through the watchdog
      (:mod:`helper.backends.watchdog`), and raises :class:`~helper.errors.SolverTimeoutError`
      when the deadline passes;
    - **Ctrl-C**: a search that Ctrl-C stops raises ``KeyboardInterrupt``, and the solver can be
      asked again (a back end that cannot be interrupted, such as CaDiCaL, finishes the call it
      is in first, see :meth:`solve`);
    - **statistics per call**: each call adds the decisions and conflicts *of that call* to
      ``run.stats`` (PySAT's ``accum_stats()`` are the solver's totals since it was made).

    Parameters
    ----------
    backend
        A PySAT back end, by any of its names (:data:`NAMES`).
    clauses
        The clauses to start with (loaded with Python's cycle collector paused).
    run
        The deadline and the statistics of the solve this solver serves (a run with no
        deadline by default).
    proof
        Log a DRAT proof of every "no" (:meth:`proof`); only the back ends of
        :data:`PROOF_BACKENDS` can.

    Raises
    ------
    ValueError
        When PySAT has no back end of that name, or it cannot serve (:data:`UNSUPPORTED`), or
        cannot give the proof asked for (:data:`NO_PROOF`).

    Examples
    --------
    >>> with SatSolver("glucose3", [[1, 2], [-1]]) as solver:
    ...     solver.solve(), solver.model()
    (True, [-1, 2])
    >>> with SatSolver("glucose3", [[1, 2], [-1], [-2]]) as solver:
    ...     solver.solve([1])
    False
    """

    def __init__(
        self,
        backend: str = DEFAULT_BACKEND,
        clauses: Iterable[Sequence[int]] = (),
        *,
        run: Run | None = None,
        proof: bool = False,
    ) -> None:
        self.backend = require_proof(backend) if proof else require_supported(backend)
        self.logs_proof = proof
        """Whether the back end logs a proof (:meth:`proof`)."""
        self.run = run if run is not None else Run()
        self.calls = 0
        """How many times :meth:`solve` searched."""
        self._totals: dict[str, int] = {}
        with without_cyclic_gc():
            self._solver = Solver(
                name=constructor_name(self.backend), bootstrap_with=clauses, with_proof=proof
            )

    @property
    def interruptible(self) -> bool:
        """Whether a time limit can stop this back end (:data:`INTERRUPTIBLE`)."""
        return self.backend in INTERRUPTIBLE

    # -- the search --------------------------------------------------------------------------

    def solve(
        self,
        assumptions: Sequence[int] = (),
        *,
        conflicts: int | None = None,
        seconds: float | None = None,
    ) -> bool | None:
        """Search, with ``assumptions`` (literals) true for this call only.

        Parameters
        ----------
        assumptions
            Literals assumed true for this call.
        conflicts
            A budget of conflicts for this call (``None``: no budget).
        seconds
            A budget of seconds for this call, within the run's deadline (``None``: the
            deadline alone).

        Returns
        -------
        bool or None
            ``True`` (a model: :meth:`model`), ``False`` (none under these assumptions: a core
            is :meth:`core`), or ``None`` when a budget of this call ran out first.

        Raises
        ------
        SolverTimeoutError
            When ``run.deadline`` passes first (checked before the search too).
        KeyboardInterrupt
            When Ctrl-C stops the search; the solver can be asked again. A back end that
            cannot be interrupted (CaDiCaL) holds the interpreter until its call returns: Ctrl-C
            is seen then.
        ValueError
            When a time limit or a budget of seconds is asked of a back end that cannot be
            interrupted.
        """
        deadline = self.run.deadline
        deadline.check(self.run.method or NAMES[self.backend])
        if not self.interruptible and (seconds is not None or deadline.seconds is not None):
            require_interruptible(self.backend, "a time limit")
        self.calls += 1
        if conflicts is not None:
            self._solver.conf_budget(conflicts)
        try:
            if self.interruptible:
                answer = self._interruptible_search(assumptions, seconds)
            else:
                answer = self._uninterruptible_search(assumptions, conflicts is not None)
        finally:
            if conflicts is not None:
                self._solver.conf_budget(-1)  # no budget for the next call
            self._count()
        if answer is None and deadline.passed():
            raise SolverTimeoutError(
                f"{self.run.method or NAMES[self.backend]}: no answer within {deadline.seconds:g} s"
            )
        return answer

    def _interruptible_search(self, assumptions: Sequence[int], seconds: float | None) -> Any:
        limit = self.run.deadline
        if seconds is not None:
            left = limit.left()
            limit = Deadline(max(seconds if left is None else min(seconds, left), 1e-3))
        try:
            with watching(self._solver.interrupt, limit) as watch:
                answer = self._solver.solve_limited(
                    assumptions=list(assumptions), expect_interrupt=True
                )
        finally:  # also when Python raised KeyboardInterrupt as the search returned
            self._solver.clear_interrupt()
        raise_if_interrupted(watch)
        return answer

    def _uninterruptible_search(self, assumptions: Sequence[int], budget: bool) -> Any:
        search = self._solver.solve_limited if budget else self._solver.solve
        return _off_the_main_thread(search, list(assumptions))

    def _count(self) -> None:
        totals = {key: value for key, value in self.totals().items() if key in COUNTED}
        self.run.count(**{key: totals[key] - self._totals.get(key, 0) for key in totals})
        self._totals = totals

    def totals(self) -> dict[str, int]:
        """The back end's own counts since it was made (PySAT's ``accum_stats``: decisions,
        conflicts, propagations, restarts, as the back end reports them). The run's statistics
        add its decisions and conflicts call by call."""
        try:
            stats = self._solver.accum_stats() or {}
        except NotImplementedError:  # Kissat keeps its counts to itself
            return {}
        return {key: int(value) for key, value in stats.items()}

    def models(
        self,
        block: Callable[[list[int]], Sequence[int]],
        limit: int | None = None,
        assumptions: Sequence[int] = (),
    ) -> Iterator[list[int]]:
        """The models, one after another: after each, the clause ``block(model)`` rules it out
        and the solver is asked again (a *blocking clause*). The package's one enumeration
        loop on a SAT solver.

        Stops after ``limit`` models (``None``: when none is left), each found with
        ``assumptions`` assumed. When the run's deadline passes (or the one of
        :meth:`within`), :class:`~helper.errors.SolverTimeoutError` ends it; the models yielded
        before stand. The blocking clauses stay (guard them with a literal among
        ``assumptions`` to retire them afterwards, or enumerate with a solver made for it).

        Examples
        --------
        >>> with SatSolver("glucose3", [[1, 2]]) as solver:
        ...     sorted(solver.models(lambda model: [-x for x in model]))
        [[-1, 2], [1, -2], [1, 2]]
        """
        check_limit(limit)
        found = 0
        while (limit is None or found < limit) and self.solve(assumptions):
            model = self.model()
            found += 1
            yield model
            self.add_clause(block(model))

    @contextmanager
    def within(self, seconds: float | None) -> Iterator[Self]:
        """Within this block, the solver's deadline is at most ``seconds`` from now (the run's
        deadline still holds; its statistics are still counted).

        Examples
        --------
        >>> from pysat.examples.genhard import PHP
        >>> with SatSolver("glucose3", PHP(9).clauses) as solver, solver.within(0.1):
        ...     solver.solve()
        Traceback (most recent call last):
        ...
        helper.errors.SolverTimeoutError: Glucose 3: no answer within 0.1 s
        """
        if seconds is None:
            yield self
            return
        kept = self.run
        left = kept.deadline.left()
        narrower = Deadline(max(seconds if left is None else min(seconds, left), 1e-3))
        self.run = Run(narrower, kept.method, kept.stats)
        try:
            yield self
        finally:
            self.run = kept

    # -- what a search leaves, and the clauses ----------------------------------------------

    def model(self) -> list[int]:
        """The model of the last call that answered ``True`` (signed literals)."""
        return list(self._solver.get_model())

    def proof(self) -> list[str]:
        """The DRAT proof the back end logged, one step a line (``"1 -2 0"``, ``"d 3 0"``).

        After a call without assumptions that answered ``False``, it ends with (or implies by
        unit propagation) the empty clause: a proof that the clauses have no solution, which
        :func:`helper.proofs.drat.check_drat` checks without trusting the solver. Lemmas learnt
        under assumptions are steps too, but they prove nothing about the assumptions.

        Raises
        ------
        ValueError
            When the solver was made without ``proof=True``.
        """
        if not self.logs_proof:
            raise ValueError("this SatSolver logs no proof: make it with proof=True")
        return [str(line) for line in self._solver.get_proof() or []]

    def core(self) -> list[int]:
        """The assumptions that the last call answering ``False`` found cannot all hold."""
        return list(self._solver.get_core() or [])

    def add_clause(self, clause: Iterable[int]) -> None:
        """Add one clause (it holds for every later call)."""
        self._solver.add_clause(list(clause))

    def add_clauses(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add many clauses (with Python's cycle collector paused)."""
        with without_cyclic_gc():
            self._solver.append_formula(clauses)

    def propagate(self, assumptions: Sequence[int] = ()) -> tuple[bool, list[int]]:
        """Unit propagation alone, from ``assumptions``: whether it met no conflict, and the
        literals it set (PySAT's ``propagate``; no search, so no time limit)."""
        found = _off_the_main_thread(self._solver.propagate, list(assumptions))
        consistent, implied = found
        return bool(consistent), list(implied)

    def set_phases(self, literals: Sequence[int]) -> None:
        """The value each variable of ``literals`` gets first when the search chooses it."""
        self._solver.set_phases(list(literals))

    def nof_vars(self) -> int:
        """The largest variable the solver has seen."""
        return int(self._solver.nof_vars())

    def interrupt(self) -> None:
        """Stop a search of this solver running in another thread (a race's loser)."""
        self._solver.interrupt()

    def clear_interrupt(self) -> None:
        """Forget an :meth:`interrupt` that came after the search had ended."""
        self._solver.clear_interrupt()

    def close(self) -> None:
        """Free the back end."""
        self._solver.delete()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SatSolver {NAMES[self.backend]}, {self.calls} calls>"
