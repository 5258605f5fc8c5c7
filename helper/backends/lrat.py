"""CP-SAT as a second, independent judge of a "no": it refutes a CNF formula itself and checks
its own LRAT proof.

LRAT is DRAT with hints: each lemma names the clauses whose unit propagation derives it, so a
checker replays the propagation instead of searching for it (Cruz-Filipe et al. 2017). With
``check_lrat_proof`` on, CP-SAT keeps such a proof of every clause it learns while it solves,
in memory, and checks it; its log then says ``LRAT_status: VALID`` (for a formula with a
solution too: every clause learned checked). CP-SAT's documentation names the conditions for a
full check: presolve off, ``symmetry_level`` and ``linearization_level`` at most 1. Otherwise
some steps enter the proof as clauses taken on trust ("VALID_WITH_ASSUMED_CLAUSES", not a full
check). The formula is given to CP-SAT as it is: one Boolean variable per CNF variable, one
``add_bool_or`` per clause, nothing else.

This shares nothing with :mod:`helper.proofs.drat` (the book's DRAT checker) nor with the PySAT back
end that made the DRAT proof: a claim that both accept has been proved twice, by different code.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from helper.deadline import Run

from .cpsat import Verdict, read_status, solve_model

LRAT_PARAMETERS = {
    "check_lrat_proof": True,
    "cp_model_presolve": False,
    "symmetry_level": 0,
    "linearization_level": 1,
    "num_workers": 1,
}
"""The settings CP-SAT gets for the check (its LRAT proof checked, with no presolve, no
symmetry and at most the default linearization, which a full check needs; one worker)."""


@dataclass(frozen=True)
class LratCheck:
    """What CP-SAT said about a formula.

    Attributes
    ----------
    verdict
        Its answer: ``"infeasible"`` (no solution), ``"optimal"`` (a solution), or
        ``"unknown"`` (the time ran out).
    lrat
        Its log's ``LRAT_status`` (``"VALID"`` when every learned clause checked), or ``""``
        when it logged none: a formula that its propagation refuted while reading it (the
        empty clause, opposite unit clauses, a chain of units) needs no learned clause, hence
        no proof.
    """

    verdict: Verdict
    lrat: str

    @property
    def refuted(self) -> bool:
        """Whether CP-SAT found no solution, by a search whose LRAT proof checked in full
        (``"VALID"``) or by propagation while reading the formula (no proof needed)."""
        return self.verdict == "infeasible" and self.lrat in ("VALID", "")


def refute_with_lrat(formula: Iterable[Sequence[int]], run: Run | None = None) -> LratCheck:
    """Solve ``formula`` (clauses of non-zero integers) with CP-SAT, its LRAT proof checked.

    Parameters
    ----------
    formula
        The CNF formula.
    run
        Its deadline and statistics (CP-SAT's branches and conflicts are added).

    Returns
    -------
    LratCheck
        CP-SAT's verdict and its proof's status; ``refuted`` when both say "no solution".

    Examples
    --------
    >>> refute_with_lrat([[1, 2], [-1], [-2]])
    LratCheck(verdict='infeasible', lrat='VALID')
    >>> refute_with_lrat([[1, 2], [-1]]).refuted
    False
    """
    model = cp_model.CpModel()
    variables: dict[int, cp_model.IntVar] = {}

    def literal(number: int) -> cp_model.LiteralT:
        variable = variables.get(abs(number))
        if variable is None:
            variable = variables[abs(number)] = model.new_bool_var(f"x{abs(number)}")
        return variable if number > 0 else ~variable

    for clause in formula:
        model.add_bool_or([literal(number) for number in clause])
    log: list[str] = []
    _, status = solve_model(model, run, LRAT_PARAMETERS, log=log.append)
    found = re.findall(r"LRAT_status:\s*(\w+)", "\n".join(log))
    return LratCheck(read_status(status), found[-1] if found else "")


__all__ = ["LRAT_PARAMETERS", "LratCheck", "refute_with_lrat"]
