"""Search strategies for CP-SAT on Futoshiki: which cell to decide next, and which value first.

``model.add_decision_strategy(variables, variable_choice, value_choice)`` tells CP-SAT how to
branch: for example ``CHOOSE_FIRST`` (the variables in the order given) or
``CHOOSE_MIN_DOMAIN_SIZE`` (the cell with the fewest numbers left, "first fail"), then
``SELECT_MIN_VALUE`` (try the smallest number) or ``SELECT_MAX_VALUE``. With
``search_branching = FIXED_SEARCH`` CP-SAT follows it exactly; otherwise it is free to use its
own heuristics. :func:`strategy_counts` measures one strategy on one puzzle.
"""

from typing import Any

from ortools.sat.python import cp_model

from helper.errors import NoSolutionError
from helper.ortools import make_solver

from .model import GameBoard
from .puzzle import Futoshiki, as_futoshiki

Strategy = tuple[Any, Any]  # (variable selection, domain reduction): cp_model's constants

STRATEGIES: dict[str, Strategy | None] = {
    "default": None,
    "in order, smallest": (cp_model.CHOOSE_FIRST, cp_model.SELECT_MIN_VALUE),
    "fewest left, smallest": (cp_model.CHOOSE_MIN_DOMAIN_SIZE, cp_model.SELECT_MIN_VALUE),
    "fewest left, largest": (cp_model.CHOOSE_MIN_DOMAIN_SIZE, cp_model.SELECT_MAX_VALUE),
}
"""The strategies the book compares, by name; ``"default"`` is CP-SAT's own search."""


def strategy_counts(
    puzzle: Futoshiki,
    strategy: Strategy | None,
    *,
    presolve: bool = False,
) -> tuple[int, int]:
    """``(branches, conflicts)`` of one solve with ``strategy`` (``None``: CP-SAT's default).

    One worker, fixed seed, and by default no presolve, as in
    :func:`~helper.futoshiki.difficulty`: presolve alone solves many small puzzles and would
    hide the search. A strategy is followed exactly (``FIXED_SEARCH``). ``ValueError`` when
    the puzzle has no solution.
    """
    board = GameBoard(as_futoshiki(puzzle))
    if strategy is not None:
        cells = [cell for row in board.cells for cell in row]
        board.model.add_decision_strategy(cells, *strategy)
    solver = make_solver(cp_model_presolve=presolve)
    if strategy is not None:
        solver.parameters.search_branching = cp_model.FIXED_SEARCH
    status = solver.solve(board.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise NoSolutionError("no solution: no grid obeys all the givens and signs")
    return solver.num_branches, solver.num_conflicts
