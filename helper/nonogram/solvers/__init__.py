"""The registered Nonogram solvers: models, line logic and back ends put together.

Importing this package registers every solver in :data:`.registry.SOLVERS` and every counter
in :data:`.registry.COUNTERS`, in the order the book meets them (:data:`BOOK_ORDER`).
"""

from . import cpsat, hybrid, line, portfolio, pysat, table  # noqa: F401  (each registers its solvers)
from .registry import COUNTERS, REGISTRY, SOLVERS

BOOK_ORDER = (
    "cpsat-start",
    "pysat-cnf",
    "pysat-compact",
    "cpsat-automaton",
    "cpsat-automaton-default",
    "line-search",
    "line-cpsat",
    "bitline-hybrid",
    "sat-automaton",
    "portfolio",
    "bitline-probing",
    "cpsat-table",
)
"""The solvers in the order the chapters introduce them (the order of ``SOLVERS``)."""


def _in_book_order(registry: dict) -> None:
    ranked = sorted(registry, key=lambda name: (*BOOK_ORDER, name).index(name))
    items = [(name, registry.pop(name)) for name in ranked]
    registry.update(items)


for _registry in (REGISTRY, SOLVERS):
    _in_book_order(_registry)
COUNTERS.update([(name, COUNTERS.pop(name)) for name in ("sat-automaton", "cpsat-automaton")])
