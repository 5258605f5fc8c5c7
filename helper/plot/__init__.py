"""Figures for the book: Nonogram boards with their clues (black-and-white and colour),
Futoshiki boards, solver stages, frames of line logic, and solve times.

Every function draws on the ``ax`` it is given, or on a new
:class:`~helper.figure.BookFigure` of its own (:mod:`helper.figure`): nothing goes through
pyplot's global state, so no figure is left open behind the caller's back. A notebook
shows a ``BookFigure`` when it is a cell's last value (``plot_...(...).figure``). Boards
take a solution as a grid or as a :class:`~helper.results.SolveResult`. Colours, markers
and solver names come from :mod:`helper.palette`, and every multi-colour figure has a
legend. Importing this module loads matplotlib (the ``plot`` extra) and no solver.

Every figure has an opaque white background so it stays readable in the site's dark mode.
"""

from helper.extras import missing_extra

try:
    import matplotlib  # noqa: F401  (first, so that its absence is named here)
except ModuleNotFoundError as error:
    raise missing_extra(error, __name__, "plot") from None

from helper.figure import BookFigure, new_figure, smallest_text_px, text_sizes_px
from helper.palette import (
    CLUE_INK,
    DECIDED,
    DECIDED_PALE,
    GIVEN_INK,
    INK,
    PAPER,
    SIGN_INK,
    SOLVED_INK,
    STAGE_COLOURS,
    UNKNOWN_GREY,
)

from .boards import (
    board_legend,
    mark_handles,
    plot_futoshiki_board,
    plot_nonogram_board,
    plot_nonogram_overview,
    readable_cells,
    sign_marks,
)
from .colour import colour_handles, plot_colour_board, plot_colour_picture, readable_colour_cells
from .timing import plot_cactus, plot_times, plot_times_by_family
from .work import (
    AMBIGUOUS,
    HtmlPlayer,
    animate_frames,
    animation_player,
    fit_title,
    offline_jshtml,
    plot_frame_strip,
    plot_stages,
    plot_state,
    plot_work,
    solver_label,
    stage_legend,
    stage_names,
    stage_title,
    state_handles,
    state_legend,
)

_OLD_NAMES = {
    "BACKGROUND": ("PAPER", PAPER),
    "HIGHLIGHT": ("DECIDED", DECIDED),
    "NEW_FILLED": ("DECIDED", DECIDED),
    "NEW_EMPTY": ("DECIDED_PALE", DECIDED_PALE),
}
"""Inks kept under their old names, deprecated: the palette's names replace them."""


def __getattr__(name: str) -> str:
    """An old name of an ink (:data:`_OLD_NAMES`): its value, with a ``DeprecationWarning``."""
    if name in _OLD_NAMES:
        import warnings

        from helper.errors import HelperDeprecationWarning

        new, value = _OLD_NAMES[name]
        warnings.warn(
            f"helper.plot.{name} is deprecated; use helper.palette.{new} instead",
            HelperDeprecationWarning,
            stacklevel=2,
        )
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "AMBIGUOUS",
    "CLUE_INK",
    "GIVEN_INK",
    "INK",
    "SIGN_INK",
    "SOLVED_INK",
    "STAGE_COLOURS",
    "UNKNOWN_GREY",
    "BookFigure",
    "HtmlPlayer",
    "animate_frames",
    "animation_player",
    "board_legend",
    "colour_handles",
    "fit_title",
    "mark_handles",
    "new_figure",
    "offline_jshtml",
    "plot_cactus",
    "plot_colour_board",
    "plot_colour_picture",
    "plot_frame_strip",
    "plot_futoshiki_board",
    "plot_nonogram_board",
    "plot_nonogram_overview",
    "plot_stages",
    "plot_state",
    "plot_times",
    "plot_times_by_family",
    "plot_work",
    "readable_cells",
    "readable_colour_cells",
    "sign_marks",
    "smallest_text_px",
    "solver_label",
    "stage_legend",
    "stage_names",
    "stage_title",
    "state_handles",
    "state_legend",
    "text_sizes_px",
]
