"""Prove a "no": a SAT back end refutes a formula with a DRAT proof, the book's checker checks it.

:func:`refute` is what every certificate of both families goes through. The proof comes from a
back end behind the one door (:class:`~helper.backends.pysat.SatSolver` with ``proof=True``),
and it counts only once :func:`~helper.proofs.drat.check_drat`, which shares nothing with the
solver, has accepted it. A proof that cannot be made or checked within the time limit, or that
the checker rejects, leaves the claim unproved, with the reason: never proved.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from helper.backends.lrat import LratCheck, refute_with_lrat
from helper.backends.pysat import DEFAULT_BACKEND, NAMES, SatSolver, require_proof
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError
from helper.memory import without_cyclic_gc
from helper.proofs import (
    Certificate,
    Checker,
    ProofCheck,
    proved_by_witnesses,
    unproved,
)
from helper.proofs.certificate import Grid, _file_name
from helper.results import CountResult, SolveResult

Formula = list[list[int]]

DEFAULT_PROOF_BACKEND = DEFAULT_BACKEND
"""The back end that proves a "no" unless another is chosen. Glucose 3 gives proofs the
checker accepts, and a time limit can stop it."""


def refute(
    formula: Iterable[Sequence[int]],
    claim: str,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
    witnesses: Sequence[Grid] = (),
    comments: Sequence[str] = (),
    name: str | None = None,
) -> Certificate:
    """Prove ``claim`` by showing that ``formula`` has no solution.

    Parameters
    ----------
    formula
        Clauses (lists of non-zero integers) that are unsatisfiable exactly when the claim's
        "no" part holds: for "unique", the clues and "some cell differs from the solution".
    claim
        The claim, in words (``"unique"``, ``"no solution"``, ...).
    backend
        A PySAT back end that logs proofs (:data:`~helper.backends.pysat.PROOF_BACKENDS`).
    time_limit
        Seconds for making the proof and checking it, together (``None``: no limit). A back
        end that cannot be interrupted (CaDiCaL) cannot serve one.
    witnesses
        The solutions behind the claim's "yes" part, already checked against the clues.
    comments
        What the formula's variables mean, for its DIMACS file.
    name
        The file stem of :meth:`~helper.proofs.certificate.Certificate.write` (default: from
        ``claim``).

    Returns
    -------
    Certificate
        ``proved`` when the back end answered "no" and the checker accepted its proof.

    Raises
    ------
    ValueError
        When ``backend`` gives no proof the checker accepts, or cannot serve a time limit.
    KeyboardInterrupt
        On Ctrl-C (the search stops, see :class:`~helper.backends.pysat.SatSolver`).

    Examples
    --------
    "x or y", "not x", "not y": no solution, and the proof is checked.

    >>> certificate = refute([[1, 2], [-1], [-2]], "no solution")
    >>> certificate.proved, certificate.check.valid
    (True, True)
    >>> refute([[1, 2], [-1]], "no solution").summary()
    'no solution: not proved (the formula has a solution: Glucose 3 found one)'
    """
    chosen = require_proof(backend)
    clauses = tuple(map(tuple, formula))
    deadline = Deadline(time_limit)
    readable = NAMES[chosen]

    def made(
        proved: bool, reason: str, proof: tuple[str, ...], check: ProofCheck | None, by: str
    ) -> Certificate:
        return Certificate(
            claim,
            proved,
            reason,
            formula=clauses,
            proof=proof,
            check=check,
            witnesses=tuple(witnesses),
            backend=by,
            comments=tuple(comments),
            name=_file_name(name or claim),
        )

    checker = Checker(clauses)  # loaded before the solver runs: it may not need to
    if checker.refuted_by_propagation:
        check = checker.check(["0"])
        reason = (
            "unit propagation refutes it: the proof is the empty clause alone (no lemma, no "
            f"solver), checked by helper.proofs ({_plural(check.propagations, 'propagation')})"
        )
        return made(True, reason, ("0",), check, "")
    try:
        with SatSolver(chosen, clauses, run=Run(deadline), proof=True) as solver:
            answer = solver.solve()
            proof = tuple(solver.proof())
    except SolverTimeoutError:
        return made(False, f"no proof within {time_limit:g} s", (), None, chosen)
    if answer:
        return made(False, f"the formula has a solution: {readable} found one", (), None, chosen)
    if not any(line.split() == ["0"] for line in proof):
        proof += ("0",)  # the back end stopped at a conflict at the top level: say it
    check = checker.check(proof, deadline=deadline)
    if not check.finished:
        why = f"the proof was not checked within {time_limit:g} s"
    elif not check.valid:
        why = f"the checker rejected {readable}'s proof: {check.reason}"
    else:
        why = (
            f"{readable}'s DRAT proof ({_plural(check.lemmas, 'lemma')}), checked by helper.proofs "
            f"({_plural(check.propagations, 'propagation')})"
        )
    return made(check.finished and check.valid, why, proof, check, chosen)


def _left(time_limit: float | None, spent: float) -> float | None:
    """What is left of ``time_limit`` after ``spent`` seconds (a thousandth at least)."""
    return None if time_limit is None else max(time_limit - spent, 1e-3)


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def _bad_witness(found: Sequence[Grid], check: Callable[[Grid], bool]) -> str:
    """Why ``found`` cannot serve as witnesses: one breaks the clues, or two are the same
    (empty when they can serve)."""
    for k, grid in enumerate(found, start=1):
        if not check(grid):
            return f"solution {k} breaks the clues"
    distinct = {tuple(tuple(row) for row in grid) for grid in found}
    if len(distinct) < len(found):
        return "two of the solutions are the same grid"
    return ""


def certify_count(
    count: CountResult,
    formula: Callable[[], Formula],
    block: Callable[[Grid], list[int]],
    *,
    check: Callable[[Grid], bool],
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
    comments: Sequence[str] = (),
) -> Certificate:
    """The certificate of what ``count`` claims, for either family.

    - A count that stopped at its limit, or ran out of time after finding some, claims "at
      least N solutions": its witnesses (the solutions, checked against the clues) prove it.
    - An exact count of N claims "no solution" (N = 0), "unique" (N = 1) or "exactly N
      solutions": the witnesses prove the "at least", and a checked DRAT proof that
      ``formula()`` plus ``block(solution)`` for every solution has no model proves "no more".
    - A count that found nothing before its time ran out claims nothing: unproved.

    Parameters
    ----------
    count
        The count to certify.
    formula
        Makes the puzzle's CNF (clauses over the cell variables ``block`` uses).
    block
        The clause "some cell differs from this solution".
    check
        Whether a grid satisfies the puzzle: code that shares nothing with the solvers. Every
        solution of the count is checked again here, and they must differ, before any is a
        witness.
    backend, time_limit, comments
        As for :func:`refute` (``time_limit`` is what is left of the count's own).
    """
    found = list(count.solutions)
    claim = {0: "no solution", 1: "unique"}.get(len(found), f"exactly {len(found)} solutions")
    if not count.exact:
        claim = f"at least {_plural(len(found), 'solution')}"  # none found: see below
    if bad := _bad_witness(found, check):
        return unproved(claim, f"a witness fails: {bad}")
    if not count.exact:
        if not found:
            why = count.message or "the count did not finish"
            return unproved("no solution", f"the count claims nothing: {why}")
        return proved_by_witnesses(
            claim,
            found,
            f"{_plural(len(found), 'different solution')}, each checked against the clues",
        )
    with without_cyclic_gc():  # the clause lists are gone before the collector would walk them
        clauses = (*map(tuple, formula()), *(tuple(block(grid)) for grid in found))
    return refute(
        clauses,
        claim,
        backend=backend,
        time_limit=_left(time_limit, count.seconds),
        witnesses=found,
        comments=comments,
    )


def certify_solve(
    result: SolveResult,
    formula: Callable[[], Formula],
    *,
    check: Callable[[Grid], bool],
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
    comments: Sequence[str] = (),
) -> Certificate:
    """The certificate of what a solve claims: "has a solution" (its grid, checked here
    against the clues by ``check``), or "no solution" (a checked DRAT proof that
    ``formula()`` has no model); a solve that did not finish claims nothing."""
    if result.grid is not None:
        if not check(result.grid):
            return unproved("has a solution", "a witness fails: the solution breaks the clues")
        return proved_by_witnesses(
            "has a solution", [result.grid], "the solution, checked against the clues"
        )
    if result.status != "no solution":
        return unproved("no solution", f"the solve claims nothing: {result.message}")
    return refute(
        formula(),
        "no solution",
        backend=backend,
        time_limit=_left(time_limit, result.seconds),
        comments=comments,
    )


def certify_conflict(
    parts: Sequence[Sequence[Sequence[int]]],
    names: Sequence[str],
    *,
    base: Sequence[Sequence[int]] = (),
    decode: Callable[[list[int]], Grid],
    holds: Callable[[Grid, int], bool],
    minimal: bool,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
    comments: Sequence[str] = (),
) -> Certificate:
    """The certificate of a set of clues that cannot all hold (a conflict), for either family.

    The "no" part, "these cannot all hold", is refuted: ``base`` and every part together have
    no model. When the set is claimed ``minimal``, the "yes" part, "each one is needed", is
    proved by witnesses: for each member, a grid that satisfies ``base`` and every other
    member, found by the SAT back end and checked by ``holds`` (code that shares nothing
    with the solver), in the order of ``parts``.

    Parameters
    ----------
    parts
        The clauses of each member, over one numbering of the variables.
    names
        Each member as the reader reads it (``"row 1: 2"``, ``"sign (0, 0) < (0, 1)"``).
    base
        Clauses that hold always (a Futoshiki's Latin square rules; nothing for a Nonogram).
    decode
        The grid of a model (PySAT's list of signed literals).
    holds
        ``holds(grid, k)``: whether the grid satisfies member ``k`` and the rules ``base``
        stands for.
    minimal
        Whether the set is claimed minimal (each member needed).
    backend, time_limit, comments
        As for :func:`refute`; the witnesses share ``time_limit`` with the proof.
    """
    claim = "; ".join(names) + (
        ": cannot all hold, and each is needed" if minimal else ": cannot all hold"
    )
    deadline = Deadline(time_limit)
    formula = [list(clause) for clause in base]
    for part in parts:
        formula += [list(clause) for clause in part]
    proved = refute(formula, claim, backend=backend, time_limit=time_limit, comments=comments,
                    name="conflict")  # fmt: skip
    if not proved.proved or not minimal:
        return proved
    witnesses: list[Grid] = []
    for k in range(len(parts)):
        rest = [list(clause) for clause in base]
        for j, part in enumerate(parts):
            if j != k:
                rest += [list(clause) for clause in part]
        try:
            with SatSolver(backend, rest, run=Run(Deadline(deadline.left()))) as solver:
                found = solver.solve()
                grid = decode(solver.model()) if found else None
        except SolverTimeoutError:
            return replace(proved, proved=False, reason=f"no witness within {time_limit:g} s")
        if grid is None:
            return replace(
                proved, proved=False, reason=f"{names[k]} is not needed: the rest cannot hold"
            )
        if not all(holds(grid, j) for j in range(len(parts)) if j != k):
            return replace(
                proved,
                proved=False,
                reason=f"the grid found without {names[k]} breaks another member",
            )
        witnesses.append(grid)
    return replace(
        proved,
        witnesses=tuple(witnesses),
        reason=f"{proved.reason}; for each member, a grid that keeps the others",
    )


def at_most(literals: Sequence[int], bound: int, top: int) -> Formula:
    """Clauses that allow at most ``bound`` of ``literals`` to be true: Sinz's sequential
    counter (2005), with new variables from ``top + 1``: register ``j`` of position ``i`` is
    forced true when at least ``j`` of the literals up to position ``i`` are (only that
    direction is encoded, which is all the bound needs).

    Examples
    --------
    >>> at_most([1, 2, 3], 1, 3)  # registers 4 and 5: "one of the first 1, 2 is true"
    [[-1, 4], [-2, 5], [-4, 5], [-2, -4], [-3, -5]]
    >>> at_most([1, 2], 0, 2)
    [[-1], [-2]]
    """
    if bound < 0:
        raise ValueError(f"at most {bound} true literals: the bound must be 0 or more")
    if bound == 0:
        return [[-literal] for literal in literals]
    count = len(literals)
    if bound >= count:
        return []

    def register(i: int, j: int) -> int:  # i from 0 to count - 2, j from 1 to bound
        return top + i * bound + j

    clauses: Formula = [[-literals[0], register(0, 1)]]
    for i in range(1, count - 1):
        clauses.append([-literals[i], register(i, 1)])
        clauses.append([-register(i - 1, 1), register(i, 1)])
        for j in range(2, bound + 1):
            clauses.append([-literals[i], -register(i - 1, j - 1), register(i, j)])
            clauses.append([-register(i - 1, j), register(i, j)])
        clauses.append([-literals[i], -register(i - 1, bound)])
    clauses.append([-literals[count - 1], -register(count - 2, bound)])
    return clauses


def at_most_weighted(
    literals: Sequence[int], weights: Sequence[int], bound: int, top: int
) -> Formula:
    """Clauses that allow the true ``literals`` a total weight of at most ``bound``: the
    sequential weight counter of Hölldobler, Manthey and Steinke (2012), with new variables
    from ``top + 1``. Register ``(i, j)`` is forced true when the literals up to position
    ``i`` weigh ``j`` or more; with weights 1 it is :func:`at_most`'s counter.

    Examples
    --------
    >>> at_most_weighted([1, 2], [2, 1], 2, 2)  # registers 3, 4 (position 0), 5, 6 (position 1)
    [[-1, 3], [-1, 4], [-3, 5], [-2, 5], [-4, 6], [-3, -2, 6], [-4, -2]]
    >>> at_most_weighted([1, 2], [3, 1], 2, 2)  # 1 alone weighs too much; 2 gets position 0
    [[-1], [-2, 3]]
    """
    if bound < 0:
        raise ValueError(f"at most {bound} in weight: the bound must be 0 or more")
    if any(w < 1 for w in weights) or len(weights) != len(literals):
        raise ValueError("one positive weight per literal")

    def register(i: int, j: int) -> int:  # i from 0, j from 1 to bound
        return top + i * bound + j

    pairs = list(zip(literals, weights, strict=True))
    clauses: Formula = [[-x] for x, w in pairs if w > bound]
    light = [(x, w) for x, w in pairs if w <= bound]
    for i, (x, w) in enumerate(light):
        for j in range(1, bound + 1):
            if i > 0:
                clauses.append([-register(i - 1, j), register(i, j)])
            if j <= w:
                clauses.append([-x, register(i, j)])
            elif i > 0:
                clauses.append([-register(i - 1, j - w), -x, register(i, j)])
        if i > 0:
            clauses.append([-register(i - 1, bound + 1 - w), -x])
    return clauses


def certify_no_fewer(
    switched: Sequence[Sequence[int]],
    switches: Sequence[int],
    fewest: int,
    what: str,
    *,
    backend: str = DEFAULT_PROOF_BACKEND,
    time_limit: float | None = None,
    comments: Sequence[str] = (),
) -> Certificate:
    """Prove that no fewer than ``fewest`` clues can be switched off to leave a solution: the
    lower bound of a minimum correction set, in one refutation.

    ``switched`` holds each clue's clauses with ``-switch`` added (the switch false, the clue's
    clauses all hold), and the rules that always hold. With :func:`at_most` saying "at most
    ``fewest - 1`` switches false", a checked proof that it has no model is the bound.
    ``what`` names a clue (``"line"``, ``"clue"``) in the claim.

    Examples
    --------
    "x", "not x" behind switches 2 and 3: one of the two must go, and one is enough.

    >>> certify_no_fewer([[-2, 1], [-3, -1]], [2, 3], 1, "clue").summary()[:37]
    'no fewer than 1 clue: proved (unit pr'
    >>> certify_no_fewer([[-2, 1], [-3, -1]], [2, 3], 2, "clue").proved
    False
    """
    if fewest < 1:
        raise ValueError(f"no fewer than {fewest}: a correction holds 1 clue or more")
    top = max([abs(literal) for clause in switched for literal in clause] + list(switches))
    bound = at_most([-switch for switch in switches], fewest - 1, top)
    return refute(
        [*map(list, switched), *bound],
        f"no fewer than {_plural(fewest, what)}",
        backend=backend,
        time_limit=time_limit,
        comments=[
            *comments,
            "the switches, one per clue, in order (the clue holds when its switch is true): "
            + " ".join(map(str, switches)),
            f"the last {len(bound)} clauses: at most {fewest - 1:,} "
            f"switch{'' if fewest == 2 else 'es'} false (a sequential counter)",
        ],
        name="no-fewer",
    )


def check_with_cpsat(certificate: Certificate, *, time_limit: float | None = None) -> LratCheck:
    """A second judge of a certificate's "no": CP-SAT refutes its formula itself and checks
    its own LRAT proof (:func:`helper.backends.lrat.refute_with_lrat`), sharing nothing with
    the back end that made the DRAT proof nor with the book's checker.

    Raises
    ------
    ValueError
        When the certificate has no "no" part (a claim proved by witnesses alone).

    Examples
    --------
    >>> check_with_cpsat(refute([[1, 2], [-1], [-2]], "no solution")).refuted
    True
    """
    if not certificate.formula:
        raise ValueError(f"{certificate.claim!r} has no formula to refute: its witnesses prove it")
    return refute_with_lrat(certificate.formula, Run(Deadline(time_limit), "CP-SAT's LRAT check"))


__all__ = [
    "DEFAULT_PROOF_BACKEND",
    "at_most",
    "certify_conflict",
    "certify_count",
    "certify_no_fewer",
    "certify_solve",
    "check_with_cpsat",
    "refute",
]
