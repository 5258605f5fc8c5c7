"""One registry shape for both puzzle families: a table of named solvers and counters.

A :class:`Registry` is one table of :class:`Entry` rows, one per name, in the order registered.
``registry.solvers`` and ``registry.counters`` are read-only views of it (the names that can
solve, the names that can count), never dicts of their own kept in step by hand.

A solver function knows only how to turn a valid puzzle into a grid. :meth:`Registry.register`
adds a function ``model(puzzle, run) -> grid | None``; ``run`` carries the
:class:`~helper.deadline.Deadline` the model must respect, the name of the method that is
answering and the statistics of this one solve. A solver with settings is registered with a
frozen dataclass of them, ``register(name, config=...)``, and its model takes it as a third
argument, ``model(puzzle, run, config)``; a caller may pass another one,
``solvers[name](puzzle, config=replace(solvers[name].config, ...))``.

The registered solver ``solvers[name](puzzle, time_limit=..., config=...)`` wraps every model
the same way (:func:`run_model`): it times the solve, turns ``None`` (or a
:class:`~helper.errors.NoSolutionError`) into the status "no solution" and a time-out into
"timeout", and refuses to return a grid that breaks a rule. :meth:`Registry.register_counter`
does the same for counting (:func:`run_counter`): a generator ``count(puzzle, run, limit)``
yields different solutions one by one, and the result keeps every one yielded before the time
ran out, even when it ran out while the model was being built.
"""

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import Any, Literal, Protocol, overload

from helper.deadline import Deadline, Run
from helper.errors import ModelTooLargeError, NoSolutionError, SolverTimeoutError
from helper.results import CountResult, Grid, SolveResult, Status, check_limit
from helper.sigint import ctrl_c_deferred

Capability = Literal["solve", "count"]
"""What a registered name can do: ``"solve"`` (a :class:`Solver`) or ``"count"`` (a
:class:`Counter`)."""

ROLES: dict[str, str] = {"solve": "solver", "count": "counter"}
"""What a name with each capability is called in messages."""

Config = Any  # a frozen dataclass of one solver's settings, or None
Puzzle = Any  # a Nonogram or a Futoshiki: a validated value with .check(grid)

Model = Callable[..., Grid | None]
"""``model(puzzle, run)``, or ``model(puzzle, run, config)`` for a solver with settings."""

CountingModel = Callable[..., Iterator[Grid]]
"""``count(puzzle, run, limit)``, or ``count(puzzle, run, limit, config)`` with settings."""


class Solver(Protocol):
    """A registered solver: ``solver(puzzle, *, time_limit=None, config=None) -> SolveResult``."""

    config: Config

    def __call__(
        self, puzzle: Any, *, time_limit: float | None = None, config: Config = None
    ) -> SolveResult: ...


class Counter(Protocol):
    """A registered counter: ``counter(puzzle, limit=2, *, time_limit=None, config=None)``."""

    config: Config

    def __call__(
        self,
        puzzle: Any,
        limit: int | None = 2,
        *,
        time_limit: float | None = None,
        config: Config = None,
    ) -> CountResult: ...


@dataclass
class Entry:
    """One registered name: the solver and/or the counter behind it."""

    name: str
    solve: Solver | None = None
    count: Counter | None = None

    @property
    def capabilities(self) -> set[str]:
        """``{"solve"}``, ``{"count"}`` or both."""
        return {k for k, v in (("solve", self.solve), ("count", self.count)) if v is not None}

    def can(self, capability: str) -> bool:
        """``"solve"`` or ``"count"``: whether this entry offers it."""
        return capability in self.capabilities


@dataclass(frozen=True)
class Family:
    """What a registry needs to know of its puzzles: how to accept one, and what "no
    solution" means for them."""

    noun: str
    accept: Callable[[object], Any]
    no_solution: str


def run_model(
    model: Model,
    name: str,
    puzzle: Any,
    time_limit: float | None,
    config: Config = None,
    family: Family | None = None,
) -> SolveResult:
    """Run ``model`` on ``puzzle`` within ``time_limit`` seconds and check its answer."""
    if family is not None:
        puzzle = family.accept(puzzle)
    run = Run(Deadline(time_limit), name)
    start = time.perf_counter()
    status: Status
    grid, message = None, ""
    try:
        grid = model(puzzle, run) if config is None else model(puzzle, run, config)
    except ModelTooLargeError as error:
        status, message = "too large", str(error)
    except SolverTimeoutError as error:
        status, message = "timeout", str(error)
    except NoSolutionError as error:
        status, message = "no solution", str(error)
    else:
        if grid is None:
            status = "no solution"
            message = family.no_solution if family else "no solution: nothing satisfies every rule"
        else:
            grid = [[int(cell) for cell in row] for row in grid]
            if not puzzle.check(grid):
                raise RuntimeError(f"solver {name!r} returned a grid that breaks the clues")
            status = "solved"
    seconds = time.perf_counter() - start
    return SolveResult(status, grid, name, run.method, seconds, dict(run.stats), message)


def run_counter(
    model: CountingModel,
    name: str,
    puzzle: Any,
    limit: int | None,
    time_limit: float | None,
    config: Config = None,
    family: Family | None = None,
) -> CountResult:
    """Run a counting ``model`` for up to ``limit`` different solutions and check them.

    The solutions found before a time-out are kept: the result says it is incomplete. The time
    limit bounds the search; each solution found within it is then checked against the puzzle
    (tens of microseconds each: a count that found thousands runs that much past its limit).
    """
    if family is not None:
        puzzle = family.accept(puzzle)
    check_limit(limit)
    run = Run(Deadline(time_limit), name)
    start = time.perf_counter()
    grids: list[Grid] = []
    seen: set[str] = set()
    status: Status = "solved"
    complete, message = True, ""
    found_grids: Iterator[Grid] | None = None
    try:
        found_grids = (
            model(puzzle, run, limit) if config is None else model(puzzle, run, limit, config)
        )
        for found in found_grids:
            grid = [[int(cell) for cell in row] for row in found]
            if str(grid) in seen:
                raise RuntimeError(f"counter {name!r} returned the same grid twice")
            if not puzzle.check(grid):
                raise RuntimeError(f"counter {name!r} returned a grid that breaks the clues")
            seen.add(str(grid))
            grids.append(grid)
            if limit is not None and len(grids) >= limit:
                break
    except ModelTooLargeError as error:
        status, complete, message = "too large", False, str(error)
    except SolverTimeoutError as error:
        status, complete, message = "timeout", False, str(error)
    except NoSolutionError as error:
        if grids:
            raise RuntimeError(f"counter {name!r} found solutions, then none") from error
        message = str(error)
    finally:  # close the counting model now (its solver with it), not at some later collection
        close = getattr(found_grids, "close", None)
        if close is not None:
            with ctrl_c_deferred():  # a Ctrl-C meanwhile comes after it
                close()
    if complete and not grids:
        status = "no solution"
        message = message or (family.no_solution if family else "no solution")
    seconds = time.perf_counter() - start
    stats = {**run.stats, "solutions": len(grids)}
    return CountResult(
        grids,
        limit=limit,
        complete=complete,
        status=status,
        solver=name,
        method=run.method,
        seconds=seconds,
        stats=stats,
        message=message,
    )


class _View(Mapping[str, Any]):
    """The names of a :class:`Registry` that have one capability, read-only, in its order."""

    def __init__(self, entries: dict[str, Entry], capability: str) -> None:
        self._entries, self._capability = entries, capability

    def __getitem__(self, name: str) -> Any:
        entry = self._entries.get(name)
        value = None if entry is None else getattr(entry, self._capability)
        if value is None:
            raise KeyError(name)
        return value

    def __iter__(self) -> Iterator[str]:
        return (n for n, e in self._entries.items() if getattr(e, self._capability) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<{self._capability} view of {list(self)}>"


class Registry(Mapping[str, Entry]):
    """One table of named solvers and counters for one puzzle family (read-only from outside:
    names are added with :meth:`register` and :meth:`register_counter`)."""

    def __init__(self, family: Family) -> None:
        self.family = family
        self._entries: dict[str, Entry] = {}
        self.solvers: Mapping[str, Solver] = _View(self._entries, "solve")
        """Every registered solver by name (``solvers[name](puzzle) -> SolveResult``)."""
        self.counters: Mapping[str, Counter] = _View(self._entries, "count")
        """Every registered counter by name (``counters[name](puzzle, limit) -> CountResult``)."""

    def __getitem__(self, name: str) -> Entry:
        return self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def order(self, names: list[str] | tuple[str, ...]) -> None:
        """Put the entries in the order of ``names`` (the others after them, as they were)."""
        ranked = sorted(self._entries, key=lambda n: (*names, n).index(n))
        items = [(n, self._entries.pop(n)) for n in ranked]
        self._entries.update(items)

    def names(self, capability: str) -> list[str]:
        """The registered names that can ``"solve"`` or ``"count"``, in order."""
        if capability not in ("solve", "count"):
            raise ValueError(f"a capability is 'solve' or 'count', not {capability!r}")
        return list(self.solvers if capability == "solve" else self.counters)

    @overload
    def lookup(self, name: str, capability: Literal["solve"]) -> Solver: ...
    @overload
    def lookup(self, name: str, capability: Literal["count"]) -> Counter: ...
    def lookup(self, name: str, capability: Capability) -> Solver | Counter:
        """The solver (``"solve"``) or the counter (``"count"``) registered as ``name``.

        Every dispatch from a name to a solver goes through here (``solve(puzzle,
        solver=name)``, ``count_solutions(puzzle, solver=name)`` of both families, the command
        line's ``--solver``), so a wrong name gets one message everywhere.

        Parameters
        ----------
        name
            A registered name, such as ``"cpsat-automaton"``.
        capability
            ``"solve"`` or ``"count"``.

        Returns
        -------
        Solver or Counter
            ``solvers[name]`` or ``counters[name]``.

        Raises
        ------
        ValueError
            When no name of that capability is registered as ``name``: the message names the
            family, says what the name can do when it is registered for the other capability,
            and lists the names that have this one.

        Examples
        --------
        >>> from helper.futoshiki import REGISTRY
        >>> REGISTRY.lookup("cpsat", "count").__name__
        'count_gameboard'
        >>> REGISTRY.lookup("gameboard", "solve")
        Traceback (most recent call last):
        ...
        ValueError: unknown Futoshiki solver 'gameboard'; the Futoshiki solvers are: cpsat, ...
        """
        views: dict[str, Mapping[str, Any]] = {"solve": self.solvers, "count": self.counters}
        if capability not in views:
            raise ValueError(f"a capability is 'solve' or 'count', not {capability!r}")
        found = views[capability].get(name)
        if found is None:
            raise ValueError(self.unknown(name, capability))
        return found

    def unknown(self, name: str, capability: Capability) -> str:
        """The one message for a name that cannot do ``capability`` (see :meth:`lookup`)."""
        noun, role = self.family.noun, ROLES[capability]
        known = f"the {noun} {role}s are: {', '.join(self.names(capability))}"
        entry = self._entries.get(name)
        if entry is None or not entry.capabilities:
            return f"unknown {noun} {role} {name!r}; {known}"
        other = " and ".join(sorted(entry.capabilities))
        return f"{name!r} can {other} but not {capability}; {known}"

    def register(self, name: str, config: Config = None) -> Callable[[Model], Solver]:
        """Add a model under ``name`` (with its default ``config``); return the checked solver.

        The raw model stays reachable as ``solver.__wrapped__``.
        """
        family = self.family

        def decorate(model: Model) -> Solver:
            entry = self._entries.setdefault(name, Entry(name))
            if entry.solve is not None:
                raise ValueError(f"a solver named {name!r} is already registered")

            @wraps(model)
            def solve(
                puzzle: Any, *, time_limit: float | None = None, config: Config = None
            ) -> SolveResult:
                chosen = solve.config if config is None else config  # type: ignore[attr-defined]
                return run_model(model, name, puzzle, time_limit, chosen, family)

            solve.config = config  # type: ignore[attr-defined]
            entry.solve = solve  # type: ignore[assignment]
            return solve  # type: ignore[return-value]

        return decorate

    def register_counter(
        self, name: str, config: Config = None
    ) -> Callable[[CountingModel], Counter]:
        """Add a counting model under ``name`` (with its default ``config``)."""
        family = self.family

        def decorate(model: CountingModel) -> Counter:
            entry = self._entries.setdefault(name, Entry(name))
            if entry.count is not None:
                raise ValueError(f"a counter named {name!r} is already registered")

            @wraps(model)
            def count(
                puzzle: Any,
                limit: int | None = 2,
                *,
                time_limit: float | None = None,
                config: Config = None,
            ) -> CountResult:
                chosen = count.config if config is None else config  # type: ignore[attr-defined]
                return run_counter(model, name, puzzle, limit, time_limit, chosen, family)

            count.config = config  # type: ignore[attr-defined]
            entry.count = count  # type: ignore[assignment]
            return count  # type: ignore[return-value]

        return decorate

    def __repr__(self) -> str:
        return f"<{self.family.noun} registry: {list(self._entries)}>"


__all__ = [
    "Capability",
    "Counter",
    "Entry",
    "Family",
    "Registry",
    "Solver",
    "run_counter",
    "run_model",
]
