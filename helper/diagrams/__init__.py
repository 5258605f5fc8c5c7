"""Teaching figures drawn from the book's own code: each function returns a new ``Figure``.

Every picture comes with the function that computes its data, and the tests check that data
against the code it explains (the automaton accepts exactly the lines of its clue, the
overlap cells are the line solver's forced cells, the selector grid is the list of
placements, the search tree's leaves are the puzzle's solutions...). The colours come from
:mod:`helper.palette`, the text is never smaller than half the book's body text, and every
figure has an opaque background. They need matplotlib (the ``plot`` extra).
"""

from helper.extras import missing_extra

try:
    import matplotlib  # noqa: F401  (first, so that its absence is named here)
except ModuleNotFoundError as error:
    raise missing_extra(error, __name__, "plot") from None

from helper.figure import smallest_text_px, text_sizes_px

from .colour_automaton import (
    ColourMove,
    ColourState,
    colour_automaton_moves,
    draw_colour_automaton,
)
from .encodings import (
    ladder_figure,
    ladder_values,
    start_windows,
    trellis,
    trellis_figure,
    windows_figure,
)
from .futoshiki import futoshiki_pair_figure, one_hot, one_hot_figure, sign_marks
from .lines import (
    automaton_figure,
    automaton_states,
    block_overlap,
    forward_table,
    forward_table_figure,
    overlap_figure,
    painters,
    run_automaton,
    selector_figure,
    selector_grid,
)
from .palette_figure import palette_figure
from .search import SearchNode, example_puzzle, search_tree, search_tree_figure

__all__ = [
    "ColourMove",
    "ColourState",
    "SearchNode",
    "automaton_figure",
    "automaton_states",
    "block_overlap",
    "colour_automaton_moves",
    "draw_colour_automaton",
    "example_puzzle",
    "forward_table",
    "forward_table_figure",
    "futoshiki_pair_figure",
    "ladder_figure",
    "ladder_values",
    "one_hot",
    "one_hot_figure",
    "overlap_figure",
    "painters",
    "palette_figure",
    "run_automaton",
    "search_tree",
    "search_tree_figure",
    "selector_figure",
    "selector_grid",
    "sign_marks",
    "smallest_text_px",
    "start_windows",
    "text_sizes_px",
    "trellis",
    "trellis_figure",
    "windows_figure",
]
