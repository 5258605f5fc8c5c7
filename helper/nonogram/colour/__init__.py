"""Colour Nonograms: the puzzle value, its palette, the answer check, solving and counting.

A puzzle is a :class:`ColourNonogram` (a :class:`Palette` and clues of ``(length, colour)``
blocks, validated when made). :func:`solve` solves it with the recommended solver and
returns a :class:`~helper.results.SolveResult` whose grid holds colour numbers (0 the
background); :func:`count_solutions` counts its solutions up to a limit. Every other solver is
in ``SOLVERS``, every counter in ``COUNTERS``, both described by ``REGISTRY``
(``helper.nonogram.colour.solvers``). A black-and-white :class:`~helper.nonogram.Nonogram` is
accepted everywhere as the one-colour case.

The solvers (and with them OR-Tools and PySAT) are loaded on first use, as in
:mod:`helper.nonogram`.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .check import Block, check_colour_nonogram, colour_clues_from_grid, colour_runs
from .palette import BLACK, BLACK_AND_WHITE, WHITE, Colour, Palette, parse_rgb
from .puzzle import (
    ColourClue,
    ColourNonogram,
    as_colour_nonogram,
    clue_text,
    needed_cells,
    validate_colour,
)

if TYPE_CHECKING:
    from .solvers import COUNTERS, REGISTRY, SOLVERS, count_solutions, solve

_LAZY = {name: "helper.nonogram.colour.solvers" for name in (
    "COUNTERS", "REGISTRY", "SOLVERS", "count_solutions", "solve",
)}  # fmt: skip


def __getattr__(name: str) -> Any:
    """The names that need the solvers, imported on first use."""
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "BLACK",
    "BLACK_AND_WHITE",
    "COUNTERS",
    "REGISTRY",
    "SOLVERS",
    "WHITE",
    "Block",
    "Colour",
    "ColourClue",
    "ColourNonogram",
    "Palette",
    "as_colour_nonogram",
    "check_colour_nonogram",
    "clue_text",
    "colour_clues_from_grid",
    "colour_runs",
    "count_solutions",
    "needed_cells",
    "parse_rgb",
    "solve",
    "validate_colour",
]
