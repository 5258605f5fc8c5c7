"""What each part of the portfolio adds, in counts that are the same on every run.

The ``"portfolio"`` solver behind :func:`helper.nonogram.solve` is ``"sat-automaton"`` (line
logic, then Glucose 3 on the automaton CNF of the open cells) with two parts added: the
block-start CNF (:mod:`helper.nonogram.models.cnf_starts`) and a race of two Glucose versions
(:mod:`helper.nonogram.solvers.portfolio`). A race's winner depends on the clock, so its
seconds belong to ``python -m helper.bench``; what a page can count is each member searching
alone. :data:`PARTS` are those solves, each one SAT solver on one CNF of the cells line logic
left open, with a budget of conflicts so that a page stays bounded:

- ``"automaton CNF, Glucose 3"``: the search of ``"sat-automaton"``, the portfolio's control;
- ``"block-start CNF, Glucose 3"``: the portfolio without a race (what it runs on one core);
- ``"block-start CNF, Glucose 4.1"``: the other member of its race.

A race that stops at the first answer can do no better, on each puzzle, than the member that
needs the least work: :func:`race_at_best` (the members share no clauses). So the race's
counts are bounded from below by that member's, and the comparison of the race with the
portfolio without it is a bound on what the race can save.

A CDCL solver's counts depend on how its CNF is written down, not only on the formula: its
variable order breaks ties by variable number at the start, and its clauses are watched in
the order they came. So one numbering of each CNF is one sample. :func:`renumbered` writes the
same formula with its variables renamed and its clauses, and the literals in each, shuffled
(a *spread*, seeded); :func:`part_counts` with ``seed=k`` counts a part's search on that
copy, and ``seed=None`` on the CNF as built, the one the portfolio runs.
"""

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from helper.backends.pysat import SatSolver
from helper.nonogram import Nonogram
from helper.nonogram.models.cnf_automaton import LineClauses
from helper.nonogram.models.cnf_starts import start_line_clauses
from helper.nonogram.solvers.pysat import line_logic_then_cnf


@dataclass(frozen=True)
class Part:
    """One SAT solver alone on one CNF of the open cells: ``line_clauses`` as in
    :func:`~helper.nonogram.solvers.pysat.line_logic_then_cnf` (``None``: the automaton CNF)
    and a PySAT ``backend``."""

    line_clauses: LineClauses | None
    backend: str


PARTS: dict[str, Part] = {
    "automaton CNF, Glucose 3": Part(None, "glucose3"),
    "block-start CNF, Glucose 3": Part(start_line_clauses, "glucose3"),
    "block-start CNF, Glucose 4.1": Part(start_line_clauses, "glucose4"),
}
"""The solves :func:`part_counts` runs, by the name a table gives them."""


@dataclass(frozen=True)
class Renaming:
    """A renaming of variables ``1..n``: ``new[v]`` is the new number of variable ``v``
    (``new[0]`` is unused)."""

    new: tuple[int, ...]

    def back(self, model: Sequence[int]) -> list[int]:
        """A model of the renamed CNF (signed literals) as a model of the original one, in the
        order of the original variables."""
        value = {abs(literal): literal > 0 for literal in model}
        return [v if value.get(self.new[v], False) else -v for v in range(1, len(self.new))]


def renumbered(
    clauses: Sequence[Sequence[int]], variables: int, seed: int
) -> tuple[list[list[int]], Renaming]:
    """The same CNF up to renaming, written down another way: variables ``1..variables``
    renamed by a permutation, the clauses in a shuffled order, and the literals in each
    clause shuffled, all drawn from ``numpy.random.default_rng(seed)``
    (the same seed, the same copy).

    Returns the renamed clauses and the :class:`Renaming`, whose ``back`` maps a model of
    them to a model of ``clauses``: the copy is satisfiable exactly when ``clauses`` is.

    Raises
    ------
    ValueError
        When a clause holds a variable outside ``1..variables``.

    Examples
    --------
    >>> copy, renaming = renumbered([[1, -2], [2, 3]], 3, seed=3)
    >>> copy, renaming.new[1:]  # 1 -> 3, 2 -> 2, 3 -> 1
    ([[-2, 3], [2, 1]], (3, 2, 1))
    >>> renaming.back([3, -2, 1])
    [1, -2, 3]
    """
    rng = np.random.default_rng(seed)
    new = np.concatenate(([0], rng.permutation(np.arange(1, variables + 1))))
    if not clauses:
        return [], Renaming(tuple(new.tolist()))
    sizes = np.fromiter((len(clause) for clause in clauses), dtype=np.int64, count=len(clauses))
    literals = np.fromiter(
        (literal for clause in clauses for literal in clause), dtype=np.int64, count=sizes.sum()
    )
    if literals.size and not 0 < np.abs(literals).min() <= np.abs(literals).max() <= variables:
        raise ValueError(f"a clause has a variable outside 1..{variables}")
    renamed = np.sign(literals) * new[np.abs(literals)]
    owner = np.repeat(rng.permutation(len(clauses)), sizes)  # each clause's new place
    order = np.lexsort((rng.random(literals.size), owner))  # by place, shuffled within
    bounds = np.concatenate(([0], np.cumsum(np.bincount(owner, minlength=len(clauses)))))
    flat = renamed[order].tolist()
    copy = [flat[start:end] for start, end in itertools.pairwise(bounds.tolist())]
    return copy, Renaming(tuple(new.tolist()))


@dataclass(frozen=True)
class Counts:
    """What one search counted: ``decisions`` (branches), ``conflicts`` and
    ``propagations`` (PySAT's ``accum_stats``), ``open_cells`` of the CNF, and whether the
    budget of conflicts ran out first (``capped``: every count is then a lower bound)."""

    decisions: int
    conflicts: int
    propagations: int
    open_cells: int
    capped: bool = False


def part_counts(
    puzzle: Nonogram, part: Part, budget: int | None = None, seed: int | None = None
) -> Counts:
    """Line logic, then ``part``'s solver alone on ``part``'s CNF of the open cells, with at
    most ``budget`` conflicts (``None``: no budget). With ``seed=None`` the CNF is searched as
    built (as the portfolio runs it); with a seed, :func:`renumbered` with that seed (the same
    formula, another numbering). A puzzle that line logic decides counts nothing. A found grid
    is checked against the clues.

    Raises
    ------
    ValueError
        When the puzzle has no solution, or a found grid breaks a clue (a bug).
    """
    model = line_logic_then_cnf(puzzle, line_clauses=part.line_clauses)
    if model is None or model.clauses is None:
        raise ValueError(f"{puzzle.name or 'the puzzle'}: no solution")
    if not model.clauses:
        return Counts(0, 0, 0, 0)
    open_cells = sum(var is not None for row in model.cells for var in row)
    clauses, renaming = model.clauses, None
    if seed is not None:
        clauses, renaming = renumbered(model.clauses, model.variables, seed)
    with SatSolver(part.backend, clauses) as solver:
        answer = solver.solve(conflicts=budget)
        if answer is False:
            raise ValueError(f"{puzzle.name or 'the puzzle'}: no solution")
        if answer:
            found = solver.model() if renaming is None else renaming.back(solver.model())
            if not puzzle.check(model.decode(found)):
                raise ValueError(f"{part}: a grid that breaks a clue")
        stats = solver.totals()
    return Counts(
        stats["decisions"], stats["conflicts"], stats["propagations"], open_cells, answer is None
    )


def race_at_best(members: Mapping[str, Counts]) -> tuple[str, Counts]:
    """The member of a race that needs the fewest propagations (the work of a SAT search),
    and its counts: the most a race of these members could save on this puzzle. A member that
    ran out of budget comes last; when all did, the race has no answer within it either
    (its counts are ``capped``)."""
    return min(members.items(), key=lambda item: (item[1].capped, item[1].propagations))
