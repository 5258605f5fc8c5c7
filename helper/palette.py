"""The book's colours, and one colour, one marker and one display name per registered solver.

Every figure, table and paragraph that names a solver uses :data:`SOLVER_NAMES` for its name
and :data:`SOLVER_COLOURS` / :data:`SOLVER_MARKERS` for its line or dot, so a solver looks and
reads the same on every page. The keys are the registry keys of
``helper.nonogram.SOLVERS``; the tests fail when a solver is registered without an entry.

The colours are grouped by the tool that does the search: blues for CP-SAT models, greens for
PySAT encodings, warm colours for the book's own line logic in Python, and purple for the
portfolio behind :func:`helper.nonogram.solve`. This module imports nothing heavy (no
matplotlib, no solver), so any figure, page or table may take its colours from here (the
puzzle families and explanations do not: presentation is a layer above them).
"""

from typing import TypedDict

PAPER = "#ffffff"
"""The background of every figure, opaque, so figures stay readable in the site's dark mode."""
INK = "#222222"
"""Filled cells, text and lines."""
CLUE_INK = "#1f3b73"
"""Clue numbers beside a Nonogram."""
UNKNOWN_GREY = "#c8c8c8"
"""A cell nothing has decided yet (unknown, open). The only other grey is :data:`DIFFERS`."""
DIFFERS = "#8c8c8c"
"""A cell that differs between a puzzle's solutions, which no reasoning can decide. Always
named in a legend ("differs between solutions"), never used for anything else."""
GRID_LINE = "#9a9a9a"
"""Thin lines between cells."""
GRID_LINE_BOLD = "#555555"
"""Thick lines every five cells, and the frame of a board."""
DECIDED = "#e8770e"
"""A cell the step being shown has just decided (filled); its pale shade for an empty cell.
The orange family of :data:`STAGE_COLOURS`' presolve / probing: "decided by this step"."""
DECIDED_PALE = "#fad3ac"
CONFLICT = "#c0262d"
"""A dead end of the search (a line with no placement left). Red means search or conflict,
nothing else."""
SOLUTION = "#1a7f45"
"""A complete grid that satisfies every clue."""
STAGE_COLOURS = (
    ("#2b5fa8", "#c9dcf2"),
    ("#d9820f", "#fbe0b8"),
    ("#b8312f", "#f3c3c0"),
)
"""``(filled, empty)`` shades of the three kinds of work, in the order of
:data:`helper.nonogram.frames.STAGE_NAMES`: blue propagation, orange presolve / probing, red
search. Each colour means its stage in every figure."""
LINE_OUTLINE = STAGE_COLOURS[0][0]
"""The outline of the line a step of line logic just solved (propagation's blue)."""
REPAIRED = DECIDED
"""The dot in a cell that a repair filled (decided by this step, the repair)."""
GIVEN_INK = INK
"""A Futoshiki given (printed in the puzzle)."""
SOLVED_INK = "#2f63b0"
"""A number the solver filled in."""
SIGN_INK = "#6a3d9a"
"""A Futoshiki inequality sign, purple (red is kept for search and conflicts)."""
BLOCK_COLOURS = ("#2b5fa8", "#d9820f", "#7b4fa0", "#3b8f6e", "#8c6d1f", "#5a6b7d")
"""One colour per block of a clue, in clue order (repeats after six blocks)."""
BLACK_TEXT = "#000000"
"""Text on a light fill (a clue's box of a light colour)."""
WHITE_TEXT = "#ffffff"
"""Text on a dark fill. Black or white, whichever contrasts more, is readable on any fill:
the better of the two has a contrast ratio of at least 4.58 (their product is 21; WCAG asks
4.5)."""


def relative_luminance(rgb: tuple[int, int, int]) -> float:
    """The relative luminance of an sRGB colour, as WCAG 2 defines it (0 black, 1 white).

    Parameters
    ----------
    rgb
        Red, green and blue, each 0 to 255.

    Returns
    -------
    float
        ``0.2126 R + 0.7152 G + 0.0722 B`` of the linearised channels.

    Examples
    --------
    >>> relative_luminance((0, 0, 0)), relative_luminance((255, 255, 255))
    (0.0, 1.0)
    """
    linear = [
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (x / 255 for x in rgb)
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    """WCAG 2's contrast ratio of two sRGB colours: 1 (the same) to 21 (black on white).

    Parameters
    ----------
    first, second
        The two colours, each as red, green and blue 0 to 255 (the order does not matter).

    Returns
    -------
    float
        ``(L1 + 0.05) / (L2 + 0.05)`` with ``L1`` the lighter colour's relative luminance;
        text needs at least 4.5 to be readable (WCAG AA).

    Examples
    --------
    >>> contrast_ratio((0, 0, 0), (255, 255, 255))
    21.0
    >>> round(contrast_ratio((255, 255, 255), (214, 39, 40)), 2)  # white on red
    5.02
    """
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable_ink(rgb: tuple[int, int, int]) -> str:
    """:data:`BLACK_TEXT` or :data:`WHITE_TEXT`, whichever contrasts more with the fill ``rgb``.

    Parameters
    ----------
    rgb
        The fill behind the text, red, green and blue 0 to 255.

    Returns
    -------
    str
        ``"#000000"`` or ``"#ffffff"``; its contrast ratio with ``rgb`` is at least 4.58.

    Examples
    --------
    >>> readable_ink((214, 39, 40)), readable_ink((255, 127, 14))  # on red, on orange
    ('#ffffff', '#000000')
    """
    black = contrast_ratio(rgb, (0, 0, 0))
    white = contrast_ratio(rgb, (255, 255, 255))
    return BLACK_TEXT if black >= white else WHITE_TEXT


SOLVER_NAMES: dict[str, str] = {
    "cpsat-start": "CP-SAT start positions",
    "cpsat-automaton": "CP-SAT automaton",
    "cpsat-automaton-default": "CP-SAT automaton, default parameters",
    "pysat-cnf": "PySAT all-placements CNF",
    "pysat-compact": "PySAT compact CNF",
    "sat-automaton": "line logic → PySAT automaton CNF",
    "line-search": "line logic + search (Python)",
    "line-cpsat": "line logic → CP-SAT",
    "bitline-hybrid": "bit-mask line logic → short search → CP-SAT",
    "bitline-probing": "bit-mask line logic + full probing",
    "incremental-probing": "bit-mask line logic + probing of the changed lines",
    "portfolio": "portfolio: line logic → SAT race",
    "portfolio-full-cnf": "portfolio on the full automaton CNF (before)",
    "cpsat-table": "CP-SAT table of placements",
}
"""The one display name of each registered solver, for prose, legends and table headers."""

SOLVER_COLOURS: dict[str, str] = {
    "cpsat-start": "#0b3c7a",  # CP-SAT: blues
    "cpsat-automaton": "#2f7fd0",
    "cpsat-automaton-default": "#7fb8e6",
    "pysat-cnf": "#8aa52b",  # PySAT: greens
    "pysat-compact": "#2e9a5b",
    "sat-automaton": "#0e5e3a",
    "line-search": "#e0a100",  # the book's line logic in Python: warm colours
    "line-cpsat": "#d5620b",
    "bitline-hybrid": "#a3401c",
    "bitline-probing": "#c4477f",
    "incremental-probing": "#8c2d5a",
    "portfolio": "#5b2a86",  # the solver behind solve(): purple
    "portfolio-full-cnf": "#9b7fc0",
    "cpsat-table": "#4b4fb0",  # CP-SAT again: an indigo blue
}
"""The one colour of each registered solver, in every figure of the book."""

SOLVER_MARKERS: dict[str, str] = {
    "cpsat-start": "s",
    "cpsat-automaton": "o",
    "cpsat-automaton-default": "D",
    "pysat-cnf": "v",
    "pysat-compact": "^",
    "sat-automaton": "P",
    "line-search": "<",
    "line-cpsat": ">",
    "bitline-hybrid": "h",
    "bitline-probing": "X",
    "incremental-probing": "x",
    "portfolio": "*",
    "portfolio-full-cnf": "8",
    "cpsat-table": "p",
}
"""The one matplotlib marker of each registered solver, for dot plots (readable in grey)."""


class SolverStyle(TypedDict):
    """Keyword arguments for a matplotlib line or scatter of one solver."""

    color: str
    marker: str
    label: str


def solver_style(key: str) -> SolverStyle:
    """``color``, ``marker`` and ``label`` of the solver registered as ``key``.

    Pass them straight to ``ax.plot(..., **solver_style(key))``. An unknown key is a
    ``KeyError`` that lists the known ones.
    """
    if key not in SOLVER_NAMES:
        known = ", ".join(SOLVER_NAMES)
        raise KeyError(f"no colour for solver {key!r}; the palette knows: {known}")
    return {
        "color": SOLVER_COLOURS[key],
        "marker": SOLVER_MARKERS[key],
        "label": SOLVER_NAMES[key],
    }
