"""Checks shared by the tests of the CNF models: every picture a CNF allows, and what unit
propagation alone fixes on it."""

from pysat.solvers import Solver

from helper.nonogram import Grid
from helper.nonogram.models.cnf_automaton import SatModel


def cnf_pictures(model: SatModel) -> list[Grid]:
    """Every picture the CNF allows, sorted (brute force through blocking clauses)."""
    if model.clauses is None:
        return []
    if not model.clauses:
        return [model.known]
    found = []
    with Solver(name="g3", bootstrap_with=model.clauses) as solver:
        while solver.solve():
            found.append(model.decode(solver.get_model()))
            solver.add_clause(model.blocking_clause(found[-1]))
    return sorted(found)


def unit_propagation(model: SatModel) -> list[list[int]] | None:
    """The cells unit propagation alone fixes (rows of -1 / 0 / 1, the known cells included),
    or ``None`` on a conflict.

    PySAT's ``propagate()`` reports only what follows at level 1, so every clause is switched
    on by an assumption: otherwise unit clauses would be settled at level 0 and not reported.
    """
    if model.clauses is None:
        return None
    selector = model.variables + 1
    with Solver(name="g3", bootstrap_with=[[*c, -selector] for c in model.clauses]) as solver:
        consistent, implied = solver.propagate(assumptions=[selector])
    if not consistent:
        return None
    true = set(implied)
    return [
        [
            model.known[r][c] if var is None else 1 if var in true else 0 if -var in true else -1
            for c, var in enumerate(row)
        ]
        for r, row in enumerate(model.cells)
    ]
