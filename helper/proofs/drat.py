"""A DRAT proof checker, short enough to read: the book's own check of a solver's "no".

A proof that a CNF formula has no solution is a list of steps. An *addition* ``l1 l2 ... 0``
claims a clause (a *lemma*) that the formula implies; a *deletion* ``d l1 l2 ... 0`` drops a
clause the solver no longer needs. The proof ends with the empty clause: the formula implies
"false", so no assignment satisfies it.

Each lemma is checked forward, in the order given:

- **RUP** (reverse unit propagation): assume every literal of the lemma false and propagate
  the unit clauses of the formula and the lemmas so far; when that reaches a conflict, the
  lemma follows by resolution (Goldberg and Novikov 2003; Van Gelder 2008).
- **RAT** (resolution asymmetric tautology), when RUP fails: with ``p`` the lemma's first
  literal, every clause holding ``-p``, resolved with the lemma on ``p``, must be RUP. Adding a
  RAT clause keeps a formula satisfiable when it was (Järvisalo, Heule and Biere 2012; the DRAT
  format: Wetzler, Heule and Hunt 2014).

Deletions are applied, except of a clause already satisfied at the top level (a literal of it
fixed there). That covers the clause that fixed the literal, its *reason*, whose deletion
drat-trim also ignores by default (keeping a clause never makes a false lemma pass); every
other such clause could never act again, so keeping it changes no verdict.

The checker shares nothing with the solvers: plain Python over lists of integers, with two
watched literals per clause (a clause of two literals is listed under each of its literals
instead), for the lemmas; the formula's own unit propagation, which reads every clause, is
array code (numpy), and when it reaches a conflict no lemma is needed and the Python database
is never built.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from helper.deadline import NO_DEADLINE, Deadline
from helper.memory import without_cyclic_gc

Clause = tuple[int, ...]


class Step(NamedTuple):
    """One step of a proof: a lemma added, or a clause deleted."""

    clause: tuple[int, ...]
    delete: bool = False


@dataclass
class ProofCheck:
    """What the check found.

    Attributes
    ----------
    valid
        Whether every lemma was RUP or RAT and the empty clause was derived.
    lemmas
        How many lemmas were checked (additions before the empty clause); ``rat`` of them
        needed RAT.
    propagations
        Literals set by unit propagation during the check, unit clauses included: its effort.
    failed
        The position (from 0) of the first step that did not follow, or ``None``.
    reason
        Why the proof was rejected, in words (empty when valid).
    finished
        ``False`` when the check's deadline passed first: then ``valid`` is ``False`` and
        the proof was neither accepted nor rejected.
    """

    valid: bool
    lemmas: int = 0
    rat: int = 0
    deletions: int = 0
    propagations: int = 0
    failed: int | None = None
    reason: str = ""
    finished: bool = True


class ProofError(ValueError):
    """A proof line that is not a DRAT step (the line and what is wrong are named)."""


def parse_drat(lines: Iterable[str]) -> list[Step]:
    """The steps of a proof in DRAT text (one step a line, ``d`` for a deletion, each ending
    in ``0``; blank lines and lines starting with ``c`` are skipped).

    Examples
    --------
    >>> for step in parse_drat(["1 -2 0", "d 3 0", "0"]):
    ...     print(step)
    Step(clause=(1, -2), delete=False)
    Step(clause=(3,), delete=True)
    Step(clause=(), delete=False)
    """
    steps = []
    for number, line in enumerate(lines, start=1):
        words = line.split()
        if not words or words[0] == "c":
            continue
        delete = words[0] == "d"
        if delete:
            words = words[1:]
        try:
            literals = list(map(int, words))
        except ValueError:
            raise ProofError(
                f"proof line {number}: not a list of literals: {line.strip()!r}"
            ) from None
        if not literals or literals[-1] != 0 or literals.count(0) > 1:
            raise ProofError(f"proof line {number}: a step must end with one 0: {line.strip()!r}")
        steps.append(Step(tuple(literals[:-1]), delete))
    return steps


class _Database:
    """The clauses so far, and the literals fixed at the top level. A clause of two literals
    is listed under each (``binary[a]`` holds ``(b, index)`` for the clause ``a or b``); a
    longer one has two watched literals.

    ``value[literal]`` is 1 when the literal is true, -1 when false, 0 when open, for a literal
    of either sign: with ``2 * top + 1`` places, Python's negative indices put literal ``-v`` at
    place ``2 * top + 1 - v``, past every positive one (place 0 is never used)."""

    def __init__(self, inconsistent: bool, top: int) -> None:
        self.clauses: list[list[int]] = []
        self.alive: list[bool] = []
        self.watches: dict[int, list[int]] = defaultdict(list)
        self.binary: dict[int, list[tuple[int, int]]] = defaultdict(list)
        self._by_key: dict[frozenset[int], list[int]] | None = None  # made at the 1st deletion
        self.value: list[int] = [0] * (2 * top + 1)  # literal -> 1, -1 or 0, at the top level
        self.trail: list[int] = []
        self.inconsistent = inconsistent  # the top level itself reached a conflict
        self.propagations = 0

    def cover(self, clause: Sequence[int]) -> None:
        """Make room in ``value`` for the variables of ``clause`` (a lemma may bring new ones)."""
        top = max(map(abs, clause), default=0)
        old = self.value
        known = len(old) // 2
        if top > known:
            value = [0] * (2 * top + 1)
            value[1 : known + 1] = old[1 : known + 1]  # the positive literals
            value[len(value) - known :] = old[len(old) - known :]  # the negative ones
            self.value = value

    def add(self, clause: Sequence[int]) -> None:
        literals = list(dict.fromkeys(clause))  # duplicates dropped, order kept
        self.cover(literals)
        index = len(self.clauses)
        self.clauses.append(literals)
        self.alive.append(True)
        if self._by_key is not None:
            self._by_key[frozenset(literals)].append(index)
        present = set(literals)
        if any(-literal in present for literal in literals):
            return  # a tautology constrains nothing
        # watched: two literals not false at the top level, where there are two
        value = self.value
        satisfied: list[int] = []
        open_literals = literals
        if self.trail:
            falsified: list[int] = []
            open_literals = []
            for literal in literals:
                v = value[literal]
                (open_literals if v == 0 else satisfied if v > 0 else falsified).append(literal)
            literals[:] = satisfied + open_literals + falsified
        self._watch(literals, index)
        if self.inconsistent or satisfied:
            return
        if not open_literals:
            self.inconsistent = True  # every literal false at the top level (or no literal)
        elif len(open_literals) == 1:
            self._fix(open_literals[0])
            if self.propagate(self.trail, len(self.trail) - 1) is not None:
                self.inconsistent = True

    def load(self, formula: Iterable[Sequence[int]]) -> None:
        """Add the formula's clauses to the empty database at once: watch each, then propagate
        its unit clauses (the same database as :meth:`add` one by one, built faster). Only for
        a formula that unit propagation does not refute (:func:`unit_refutes` says which): it
        has no empty clause, and its propagation reaches no conflict; ``value`` must already
        have room for its variables."""
        clauses, binary = self.clauses, self.binary
        units = []
        for clause in formula:
            literals = list(clause)
            index = len(clauses)
            clauses.append(literals)
            if len(literals) == 2:  # most clauses: the short way
                a, b = literals
                if a == -b:
                    continue  # a tautology constrains nothing
                if a == b:
                    del literals[1]
                    units.append(index)
                    continue
                binary[a].append((b, index))
                binary[b].append((a, index))
                continue
            present = set(literals)
            literals[:] = dict.fromkeys(literals)  # duplicates dropped, order kept
            if any(-literal in present for literal in literals):
                continue  # a tautology constrains nothing
            if len(literals) >= 2:
                self._watch(literals, index)
            else:
                units.append(index)
        self.alive.extend([True] * len(clauses))
        for index in units:
            literal = clauses[index][0]
            if not self.value[literal]:  # else the same unit again: no conflict here
                self._fix(literal)
        self.propagate(self.trail, 0)  # reaches no conflict here

    def _watch(self, literals: list[int], index: int) -> None:
        """List clause ``index`` under its two literals, or watch two of its literals (the first
        two: :meth:`add` puts them in order)."""
        if len(literals) == 2:
            a, b = literals
            self.binary[a].append((b, index))
            self.binary[b].append((a, index))
        elif len(literals) >= 3:
            self.watches[literals[0]].append(index)
            self.watches[literals[1]].append(index)

    @property
    def by_key(self) -> dict[frozenset[int], list[int]]:
        """The clauses' indices by their set of literals, made when first asked for (only a
        deletion needs it)."""
        if self._by_key is None:
            self._by_key = defaultdict(list)
            for index, literals in enumerate(self.clauses):
                self._by_key[frozenset(literals)].append(index)
        return self._by_key

    def satisfied(self, clause: Sequence[int]) -> bool:
        """Whether a literal fixed at the top level satisfies ``clause``: then a proof's
        deletion of it is ignored.

        The reason of a fixed literal is such a clause: keeping it keeps the literal fixed,
        as drat-trim does. Any other can never propagate nor conflict again (top-level values
        are never undone). In a RAT check on a pivot ``p``, its resolvent holds at once,
        unless its true literal is ``-p``; then ``p`` is false at the top level, and the
        reason of ``-p`` (kept) fails the check already, as the lemma's own RUP did. So
        keeping it changes no verdict (only the effort of a failing RAT check), and saves
        looking it up. Most deletions in a solver's proof are of such clauses (the formula
        simplified at the top level), so the table of clauses by key (:attr:`by_key`) is
        often never made.
        """
        value, known = self.value, len(self.value) // 2
        return any(abs(literal) <= known and value[literal] > 0 for literal in clause)

    def delete(self, clause: Sequence[int]) -> None:
        """Delete one copy of ``clause``, if one is there; not for a clause that is
        :meth:`satisfied` (those are kept)."""
        for index in self.by_key.get(frozenset(clause), ()):
            if self.alive[index]:
                self.alive[index] = False
                literals = self.clauses[index]
                if len(literals) == 2 and literals[0] != -literals[1]:  # listed: unlisted
                    a, b = literals
                    self.binary[a].remove((b, index))
                    self.binary[b].remove((a, index))
                return

    def _fix(self, literal: int) -> None:
        """Set ``literal`` at the top level, by a unit clause (a propagation)."""
        self.value[literal], self.value[-literal] = 1, -1
        self.trail.append(literal)
        self.propagations += 1

    def propagate(self, trail: list[int], start: int) -> int | None:
        """Unit propagation from ``trail[start:]``; the index of a falsified clause, or
        ``None`` at a fixpoint. ``value`` and ``trail`` are extended in place."""
        head = start
        watches, value, alive, clauses = self.watches, self.value, self.alive, self.clauses
        binary = self.binary
        while head < len(trail):
            false_literal = -trail[head]
            head += 1
            for other, index in binary[false_literal]:  # the clauses "false_literal or other"
                v = value[other]
                if v < 0:
                    return index
                if v == 0:
                    value[other], value[-other] = 1, -1
                    trail.append(other)
                    self.propagations += 1
            watching = watches[false_literal]
            keep = []
            conflict = None
            for position, index in enumerate(watching):
                if not alive[index]:
                    continue  # a deleted clause stops being watched here
                clause = clauses[index]
                if clause[0] == false_literal:
                    clause[0], clause[1] = clause[1], clause[0]
                other = clause[0]
                if value[other] > 0:
                    keep.append(index)
                    continue
                for k in range(2, len(clause)):
                    candidate = clause[k]
                    if value[candidate] >= 0:  # not false: watch it instead
                        clause[1], clause[k] = candidate, clause[1]
                        watches[candidate].append(index)
                        break
                else:
                    keep.append(index)
                    if value[other]:  # false: every literal is
                        conflict = index
                        keep.extend(watching[position + 1 :])
                        break
                    value[other], value[-other] = 1, -1
                    trail.append(other)
                    self.propagations += 1
            watches[false_literal] = keep
            if conflict is not None:
                return conflict
        return None

    def rup(self, clause: Sequence[int]) -> bool:
        """Whether assuming every literal of ``clause`` false propagates to a conflict."""
        if self.inconsistent:
            return True
        self.cover(clause)
        value = self.value
        if any(value[literal] > 0 for literal in clause):
            return True  # a literal already true at the top level: the clause holds
        trail: list[int] = []  # assumed and propagated on top of the top level, then undone
        for literal in clause:
            if value[literal] == 0:
                value[literal], value[-literal] = -1, 1
                trail.append(-literal)
        try:
            return self.propagate(trail, 0) is not None
        finally:
            for literal in trail:
                value[literal] = value[-literal] = 0

    def rat(self, clause: Sequence[int]) -> bool:
        """Whether ``clause`` is a RAT on its first literal."""
        if not clause:
            return False
        pivot = clause[0]
        for index, other in enumerate(self.clauses):
            if self.alive[index] and -pivot in other:
                resolvent = list(clause) + [lit for lit in other if lit != -pivot]
                if any(-lit in resolvent for lit in resolvent):
                    continue  # a tautology
                if not self.rup(resolvent):
                    return False
        return True


def _spans(starts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """The positions ``starts[i]``, ..., ``starts[i] + sizes[i] - 1`` for every ``i``, in order."""
    return np.repeat(starts - np.cumsum(sizes) + sizes, sizes) + np.arange(int(sizes.sum()))


def _firsts(values: np.ndarray) -> np.ndarray:
    """Whether each of the (sorted) values differs from the one before it."""
    first = np.ones(len(values), dtype=bool)
    np.not_equal(values[1:], values[:-1], out=first[1:])
    return first


def _distinct(values: np.ndarray) -> np.ndarray:
    """The values, sorted, each once."""
    values = np.sort(values)
    return values[_firsts(values)]


def unit_refutes(formula: Sequence[Sequence[int]]) -> tuple[bool, int]:
    """Whether unit propagation alone refutes ``formula``, and how many literals it set.

    The propagation of the whole formula, in array code: round by round, every clause that
    holds a literal made false in the last round is read again; a clause with no literal true
    and one distinct literal open makes that literal true, a clause with none open is a
    conflict. A literal made true and false in the same round is a conflict too. A clause of
    two distinct literals is not read but listed under both: within a round, each literal made
    false makes its partners true at once (a partner already false is a conflict), until
    none is left; only then are the longer clauses read again. It reaches
    a conflict exactly when propagation literal by literal does (the tests compare the two),
    and at a fixpoint it has set the same literals; before a conflict, it sets the literals of
    a round all at once, so its count can be larger.

    Examples
    --------
    >>> unit_refutes([[1], [-1, 2], [-2, 3]])  # 1, then 2, then 3: no conflict
    (False, 3)
    >>> unit_refutes([[1], [-1, 2], [-2]])  # 1 and not 2, then "not 1 or 2" is false
    (True, 2)
    """
    refuted, propagations, _ = _unit_propagation(formula)
    return refuted, propagations


def _unit_propagation(formula: Sequence[Sequence[int]]) -> tuple[bool, int, int]:
    """:func:`unit_refutes`, and the largest variable of ``formula`` (0 when it has an empty
    clause, which refutes it at once)."""
    lengths = np.fromiter(map(len, formula), dtype=np.intp, count=len(formula))
    if not lengths.all():
        return True, 0, 0  # the empty clause
    literals = np.fromiter(itertools.chain.from_iterable(formula), dtype=np.int64)
    top = int(np.abs(literals).max(initial=0))
    starts = np.cumsum(lengths) - lengths
    # a clause "a or b": when a is made false, b is made true, and the other way round
    pairs = np.flatnonzero(lengths == 2)
    a, b = literals[starts[pairs]], literals[starts[pairs] + 1]
    proper = (a != b) & (a != -b)  # a repeated literal or a tautology: read as the others are
    a, b = a[proper], b[proper]
    implied, implied_first = _listed_by(np.concatenate([a, b]), np.concatenate([b, a]), top)
    # every other clause is read whole, when it holds a literal just made false
    others = np.ones(len(formula), dtype=bool)
    others[pairs[proper]] = False
    others = np.flatnonzero(others)
    sizes = lengths[others]
    holding = literals[_spans(starts[others], sizes)]
    occurs, first = _listed_by(holding, np.repeat(others, sizes), top)
    value = np.zeros(2 * top + 1, dtype=np.int8)  # value[l]: 1 true, -1 false (l may be < 0)
    propagations = 0
    chosen = others  # the clauses to read: all of them, at first
    while True:
        new = literals[:0]
        if len(chosen):
            sizes = lengths[chosen]
            read = literals[_spans(starts[chosen], sizes)]
            values = value[read]
            clause = np.repeat(np.arange(len(chosen)), sizes)  # of each literal read
            satisfied = np.zeros(len(chosen), dtype=bool)
            satisfied[clause[values > 0]] = True
            open_clause, open_literal = clause[values == 0], read[values == 0]
            if (np.bincount(open_clause, minlength=len(chosen))[~satisfied] == 0).any():
                return True, propagations, top  # a clause with every literal false
            heads = np.flatnonzero(_firsts(open_clause))  # where each one's open literals start
            lowest = np.minimum.reduceat(open_literal, heads)
            unit = lowest == np.maximum.reduceat(open_literal, heads)  # one distinct one open
            new = _distinct(lowest[unit & ~satisfied[open_clause[heads]]])
        made = []
        while len(new):  # the new literals, then what the clauses of two literals make true
            value[new] = 1
            clash = value[-new] == 1  # a literal and its negation, both forced: a conflict
            propagations += len(new) - int(clash.sum()) // 2  # a variable of a clash is set once
            if clash.any():
                return True, propagations, top
            value[-new] = -1
            made.append(new)
            forced = _negations_listed(implied, implied_first, new, top)
            values = value[forced]
            if (values < 0).any():
                return True, propagations, top  # "a or b" with a and b false
            new = _distinct(forced[values == 0])
        if not made:
            return False, propagations, top
        chosen = _distinct(_negations_listed(occurs, first, np.concatenate(made), top))


def _listed_by(keys: np.ndarray, items: np.ndarray, top: int) -> tuple[np.ndarray, np.ndarray]:
    """``items`` listed by their key, a literal: those of literal ``l`` are
    ``listed[first[l + top] : first[l + top + 1]]``; ``(listed, first)``."""
    first = np.zeros(2 * top + 2, dtype=np.intp)
    np.cumsum(np.bincount(keys + top, minlength=2 * top + 1), out=first[1:])
    return items[np.argsort(keys)], first


def _negations_listed(
    listed: np.ndarray, first: np.ndarray, literals: np.ndarray, top: int
) -> np.ndarray:
    """What :func:`_listed_by` lists under the negation of each of ``literals``."""
    false = top - literals  # the index of -l in first, for each literal l
    return listed[_spans(first[false], first[false + 1] - first[false])]


class Checker:
    """A formula loaded once, then one proof about it checked: :func:`check_drat` in two
    steps, so that a caller can first ask whether unit propagation alone refutes the formula
    (then the proof ``0``, with no lemma, is all it needs, and no solver has to run).

    Examples
    --------
    >>> checker = Checker([[1, 2], [-1], [-2]])
    >>> checker.refuted_by_propagation
    True
    >>> checker.check(["0"]).valid
    True
    """

    def __init__(self, formula: Iterable[Sequence[int]]) -> None:
        clauses = formula if isinstance(formula, Sequence) else list(formula)
        refuted, propagations, top = _unit_propagation(clauses)
        database = _Database(refuted, top)
        if refuted:  # every lemma holds at once: no clause needs watching
            database.propagations = propagations
        else:
            with without_cyclic_gc():  # millions of small lists: the cycle collector slows it
                database.load(clauses)
        self._database: _Database | None = database  # None once a proof was checked
        self.refuted_by_propagation = database.inconsistent
        """Whether the formula's unit clauses, propagated, already reach a conflict."""

    def check(self, proof: Iterable[Step | str], *, deadline: Deadline = NO_DEADLINE) -> ProofCheck:
        """Check ``proof`` against the formula, as :func:`check_drat` does.

        Raises
        ------
        RuntimeError
            On a second call: checking a proof adds its lemmas to the formula.
        """
        database, self._database = self._database, None
        if database is None:
            raise RuntimeError("a Checker checks one proof; make another for the next")
        with without_cyclic_gc():
            return _check(database, _steps(proof), deadline)


def check_drat(
    formula: Iterable[Sequence[int]],
    proof: Iterable[Step | str],
    *,
    deadline: Deadline = NO_DEADLINE,
) -> ProofCheck:
    """Check a DRAT ``proof`` that ``formula`` (clauses as lists of non-zero integers) has no
    solution.

    Parameters
    ----------
    formula
        The CNF formula the proof is about.
    proof
        Its steps: :class:`Step` values, or DRAT text lines (see :func:`parse_drat`).
    deadline
        When it passes (looked at every 64 steps), the check stops unfinished
        (``finished=False``, never ``valid``).

    Returns
    -------
    ProofCheck
        ``valid`` only when every lemma follows (RUP or RAT) and the empty clause is derived
        (or the formula is refuted by unit propagation alone, which needs no lemma).

    Raises
    ------
    ProofError
        When a line of the proof is not a DRAT step.

    Examples
    --------
    "x or y", "x or not y", "not x or y", "not x or not y": no solution. The lemma "x"
    follows by RUP (assume not x: then y and not y), then the empty clause.

    >>> formula = [[1, 2], [1, -2], [-1, 2], [-1, -2]]
    >>> check_drat(formula, ["1 0", "0"]).valid
    True
    >>> check_drat(formula[:3], ["1 0", "0"]).reason  # one clause fewer: a solution exists
    'step 2: the empty clause does not follow (RUP fails)'
    """
    steps = _steps(proof)  # a bad line fails before the load
    return Checker(formula).check(steps, deadline=deadline)


def _steps(proof: Iterable[Step | str]) -> list[Step]:
    """The proof's steps: as given when they are all :class:`Step` values, else parsed from
    their text (:func:`parse_drat`)."""
    given = list(proof)
    if all(isinstance(step, Step) for step in given):
        return given  # type: ignore[return-value]  # checked just above
    return parse_drat(str(step) for step in given)


def _check(database: _Database, steps: Sequence[Step], deadline: Deadline) -> ProofCheck:
    result = ProofCheck(valid=False)
    for position, step in enumerate(steps):
        if position % 64 == 0 and deadline.passed():
            result.finished = False
            result.reason = f"the check ran out of time at step {position + 1} of {len(steps)}"
            result.propagations = database.propagations
            return result
        if step.delete:
            if not database.satisfied(step.clause):  # kept: see there
                database.delete(step.clause)
            result.deletions += 1
            continue
        result.lemmas += bool(step.clause)
        if database.rup(step.clause):
            pass
        elif step.clause and database.rat(step.clause):
            result.rat += 1
        else:
            result.failed = position
            what = "the empty clause" if not step.clause else f"lemma {list(step.clause)}"
            result.reason = f"step {position + 1}: {what} does not follow (RUP fails)" + (
                "" if not step.clause else " and it is no RAT on its first literal"
            )
            result.propagations = database.propagations
            return result
        if not step.clause:
            result.valid = True
            break
        database.add(step.clause)
    else:
        if database.inconsistent:
            result.valid = True  # unit propagation alone refutes it: no lemma needed
        else:
            result.reason = "the proof never derives the empty clause"
    result.propagations = database.propagations
    return result


__all__ = [
    "Checker",
    "ProofCheck",
    "ProofError",
    "Step",
    "check_drat",
    "parse_drat",
    "unit_refutes",
]
