"""PySAT as a back end: load a named SAT solver, solve it within a deadline, read its counts.

PySAT has no time limit of its own. :func:`solve_for` starts a timer that interrupts the
search; ``solve_limited(expect_interrupt=True)`` then returns ``None``. Only some back ends can
be interrupted, and only their ``solve_limited(expect_interrupt=True)`` lets other Python
threads run while they search (:data:`INTERRUPTIBLE`, measured on the pinned python-sat):

- Glucose 3, 4.1 and 4.2.1, Gluecard 3 and 4, MapleChrono, MapleCM, Maplesat, MergeSat 3,
  Minicard, MiniSat 2.2, MiniSat-EP and Ergo stop within a fraction of a second of
  ``interrupt()``, and the calling thread keeps running while they search;
- CaDiCaL (1.0.3, 1.5.3, 1.9.5, 3.0.0) raises ``NotImplementedError`` from ``interrupt()`` and
  holds the interpreter for the whole search; Lingeling has no ``solve_limited``; Kissat
  cannot be interrupted. Such a back end gets no time limit here: :func:`solve_for` refuses
  one (:func:`require_interruptible`), and the portfolio can race one only in a child process
  that is killed (:func:`helper.backends.race.race`, an explicit option).

A plain ``solve()`` holds the interpreter even on Glucose, so every timed or raced search of
the package goes through ``solve_limited(expect_interrupt=True)``.

Names are PySAT's own (:class:`pysat.solvers.SolverNames`): ``"g3"``, ``"glucose4"``,
``"cd195"``, ...; :func:`canonical` maps each alias to one name, :data:`NAMES` gives the
readable name of every alias.
"""

import threading
from collections.abc import Iterator, Mapping, Sequence

from pysat.solvers import Solver, SolverNames

from helper.deadline import Run
from helper.errors import SolverTimeoutError
from helper.memory import without_cyclic_gc

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


DEFAULT_BACKEND = "glucose3"
"""The back end the package uses where nothing else is chosen: Glucose 3, which can be
interrupted (so a time limit holds) and needed the fewest conflicts on the book's CNFs."""


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
"""Readable names of PySAT's back ends, by any of their aliases: ``NAMES["g4"]`` is
``"Glucose 4.1"``."""


def load_solver(backend: str, clauses: Sequence[Sequence[int]]) -> Solver:
    """A PySAT solver ``backend`` holding ``clauses`` (loaded without the cycle collector).

    Raises ``ValueError`` naming PySAT's solvers when ``backend`` is not one of them.
    """
    name = constructor_name(backend)
    with without_cyclic_gc():
        return Solver(name=name, bootstrap_with=clauses)


def search_stats(solver: Solver) -> dict[str, int]:
    """The solver's counts of decisions and conflicts (those it reports)."""
    stats = solver.accum_stats() or {}
    return {key: stats[key] for key in ("decisions", "conflicts") if key in stats}


def backend_of(solver: Solver) -> str:
    """The canonical name of the back end a PySAT solver runs (from its back-end class): a
    ``Solver(name=...)`` or one of PySAT's own classes (``Glucose4(...)``, ``Cadical195()``)."""
    engine = getattr(solver, "solver", solver)  # Solver(name=...) wraps one of those classes
    kind = type(engine).__name__.lower()
    return _ALIASES.get(kind, "cryptosat" if kind == "cryptominisat" else kind)


def solve_for(
    solver: Solver, seconds: float | None, assumptions: Sequence[int] = ()
) -> bool | None:
    """Run ``solver`` until it answers or ``seconds`` pass (``None`` then; no limit when
    ``seconds`` is ``None``), with ``assumptions`` taken as true for this call only.

    With a limit, a timer thread interrupts the search, and the timer is cancelled and joined
    before this returns. Raises ``ValueError`` when ``seconds`` is given and the back end
    cannot be interrupted (CaDiCaL): a limit it would ignore is not a limit. An interruptible
    back end searches with ``solve_limited(expect_interrupt=True)`` even without a limit, so
    that other threads (a notebook's, a race's) keep running meanwhile.
    """
    backend = backend_of(solver)
    if seconds is None:
        if backend in INTERRUPTIBLE:
            return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        return solver.solve(assumptions=assumptions)
    require_interruptible(backend, "a time limit")
    timer = threading.Timer(max(seconds, 0.0), solver.interrupt)
    timer.start()
    try:
        return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    finally:
        timer.cancel()
        timer.join()  # a timer that fired late must not interrupt the next search
        solver.clear_interrupt()


def solve_within(solver: Solver, run: Run) -> bool:
    """Run ``solver`` once within ``run.deadline`` and add its counts to ``run.stats``.

    Raises :class:`SolverTimeoutError` when the deadline passes first.
    """
    left = run.deadline.left()
    if left is not None:
        run.deadline.check(run.method)
    answer = solve_for(solver, left)
    run.count(**search_stats(solver))
    if answer is None:
        raise SolverTimeoutError(f"{run.method}: interrupted after {run.deadline.seconds} s")
    return answer
