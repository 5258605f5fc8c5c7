"""Search strategies for CP-SAT on Futoshiki: which cell to decide next, and which value first.

``model.add_decision_strategy(variables, variable_choice, value_choice)`` tells CP-SAT how to
branch: for example ``CHOOSE_FIRST`` (the variables in the order given) or
``CHOOSE_MIN_DOMAIN_SIZE`` (the cell with the fewest numbers left, "first fail"), then
``SELECT_MIN_VALUE`` (try the smallest number) or ``SELECT_MAX_VALUE``. With
``search_branching = FIXED_SEARCH`` CP-SAT follows it exactly; otherwise it is free to use its
own heuristics. :func:`strategy_counts` measures one strategy on one puzzle.

To measure the strategy and nothing else, more must be off than presolve: CP-SAT also probes
the model when it loads it (``cp_model_probing_level``) and simplifies its clauses as it
searches (``use_sat_inprocessing``), and on many 9 x 9 puzzles that alone decides the grid, so
that every strategy shows the same counts. :data:`SEARCH_ALONE` turns both off.
"""

import random
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from helper.backends.cpsat import found_solution, solve_model
from helper.errors import NoSolutionError

from .model import GameBoard
from .puzzle import Futoshiki, as_futoshiki


@dataclass(frozen=True)
class Strategy:
    """A fixed search: ``variable`` and ``value`` are cp_model's ``CHOOSE_...`` and
    ``SELECT_...`` constants; the cells are given in reading order, or shuffled with the seed
    ``shuffle`` (a control: an order that knows nothing of the puzzle)."""

    variable: Any  # cp_model.VariableSelectionStrategy
    value: Any  # cp_model.DomainReductionStrategy
    shuffle: int | None = None


STRATEGIES: dict[str, Strategy | None] = {
    "default": None,
    "in order, smallest": Strategy(cp_model.CHOOSE_FIRST, cp_model.SELECT_MIN_VALUE),
    "fewest left, smallest": Strategy(cp_model.CHOOSE_MIN_DOMAIN_SIZE, cp_model.SELECT_MIN_VALUE),
    "fewest left, largest": Strategy(cp_model.CHOOSE_MIN_DOMAIN_SIZE, cp_model.SELECT_MAX_VALUE),
}
"""The strategies the book compares, by name; ``"default"`` is CP-SAT's own search. The
control of each fixed one is :func:`~helper.futoshiki.strategies.control_of` it: the cells
shuffled, the same value rule, over several seeds."""


def shuffled(seed: int, value: Any = cp_model.SELECT_MIN_VALUE) -> Strategy:
    """The control of a strategy: the cells in an order shuffled with ``seed`` (an order that
    knows nothing of the puzzle), with the strategy's own value rule. One shuffle can be lucky
    or unlucky: compare with several seeds.

    Parameters
    ----------
    seed
        The seed of the shuffle (``random.Random(seed)``): the same seed, the same order.
    value
        The value rule, as in the strategy this controls (``cp_model.SELECT_MIN_VALUE``, the
        default, or ``cp_model.SELECT_MAX_VALUE``), so that the control differs from it in the
        order of the cells alone.

    Returns
    -------
    Strategy
        ``CHOOSE_FIRST`` over the shuffled cells, then ``value``, for :func:`strategy_counts`.

    Examples
    --------
    >>> control = shuffled(3)
    >>> control.shuffle, control == shuffled(3), control == shuffled(4)
    (3, True, False)
    >>> control.variable == cp_model.CHOOSE_FIRST and control.value == cp_model.SELECT_MIN_VALUE
    True
    >>> shuffled(3, cp_model.SELECT_MAX_VALUE).value == cp_model.SELECT_MAX_VALUE
    True
    """
    return Strategy(cp_model.CHOOSE_FIRST, value, shuffle=seed)


def control_of(strategy: Strategy, seed: int) -> Strategy:
    """The shuffled control of ``strategy``: the same value rule, the cells shuffled with
    ``seed`` (:func:`shuffled`)."""
    return shuffled(seed, strategy.value)


SEARCH_ALONE: dict[str, int | bool] = {"cp_model_probing_level": 0, "use_sat_inprocessing": False}
"""The CP-SAT parameters that leave the grid to search and propagation alone. No probing when
the model is loaded, and no inprocessing of the clauses."""


def strategy_counts(
    puzzle: Futoshiki,
    strategy: Strategy | None,
    *,
    presolve: bool = False,
    **parameters: Any,
) -> tuple[int, int]:
    """``(branches, conflicts)`` of one solve with ``strategy`` (``None``: CP-SAT's default).

    One worker, fixed seed, and by default no presolve: presolve alone solves many small
    puzzles and would hide the search (:func:`~helper.futoshiki.difficulty` also passes
    :data:`SEARCH_ALONE`). ``parameters`` are further CP-SAT parameters (for example
    :data:`SEARCH_ALONE`; with ``stop_after_root_propagation=True`` the counts are those of
    the work done before the first decision). A strategy is followed exactly (``FIXED_SEARCH``).
    :class:`~helper.errors.NoSolutionError` when the puzzle has no solution.
    """
    board = GameBoard(as_futoshiki(puzzle))
    if strategy is not None:
        cells = [cell for row in board.cells for cell in row]
        if strategy.shuffle is not None:
            random.Random(strategy.shuffle).shuffle(cells)
        board.model.add_decision_strategy(cells, strategy.variable, strategy.value)
    options = {"cp_model_presolve": presolve, **parameters}
    if strategy is not None:
        options["search_branching"] = cp_model.FIXED_SEARCH
    solver, status = solve_model(board.model, parameters=options)
    stopped = status == cp_model.UNKNOWN and parameters.get("stop_after_root_propagation")
    if not stopped and not found_solution(solver, status):  # a time-out raises
        raise NoSolutionError("no solution: no grid obeys all the givens and signs")
    return solver.num_branches, solver.num_conflicts
