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
    "portfolio-full-cnf",
    "bitline-probing",
    "incremental-probing",
    "cpsat-table",
)
"""The solvers in the order the chapters introduce them (the order of ``SOLVERS``)."""


REGISTRY.order(BOOK_ORDER)

__all__ = ["BOOK_ORDER", "COUNTERS", "REGISTRY", "SOLVERS"]
