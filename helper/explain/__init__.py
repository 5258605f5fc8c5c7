"""Step-wise explanations: a solution as a sequence of small steps a person can check.

:func:`helper.explain.nonogram.explain`, :func:`helper.explain.futoshiki.explain` and
:func:`helper.explain.colour.explain_colour` (a colour Nonogram: single lines, then a row and
a column together) return an :class:`Explanation`, a sequence of :class:`Step`. The cheapest
step at each turn is found by line logic (a Nonogram's single lines) or by an optimal
constrained unsatisfiable subset (:mod:`helper.explain.ocus`), after Bogaerts, Gamba and
Guns (AIJ 2021) and Gamba, Bogaerts and Guns (IJCAI 2021).
"""

from .steps import Explanation, Premise, Step, replay

__all__ = ["Explanation", "Premise", "Step", "replay"]
