"""The figures of "Which clue is wrong?" and "Hints and search strategies": opaque, readable at
the column's width, with a legend, and showing what their data says."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from helper.figure import MIN_TEXT_PX, BookFigure, smallest_text_px, text_sizes_px
from helper.plot.cores import plot_count_bars, plot_deletion, plot_set_grids

STEPS = [
    ([0, 1, 2, 3, 4], "infeasible", [0, 1, 3]),
    ([1, 3], "feasible", []),
    ([0, 3], "infeasible", [0, 3]),
    ([3], "feasible", []),
    ([0], "feasible", []),
]
NAMES = ["row 0", "row 1", "row 2", "column 0", "column 1"]

# the second "no" names [0, 3]: row 1 is left out, column 0 goes without ever being left out
UNTESTED = [
    ([0, 1, 2, 3, 4], "infeasible", [0, 1, 2, 3]),
    ([1, 2, 3], "feasible", []),
    ([0, 2, 3], "infeasible", [0, 3]),
    ([3], "feasible", []),
    ([0], "feasible", []),
]

FIGURES = {
    "plot_deletion": lambda: plot_deletion(STEPS, NAMES),
    "plot_deletion, a clue dropped untested": lambda: plot_deletion(UNTESTED, NAMES),
    "plot_set_grids": lambda: plot_set_grids(
        {"every MUS": [[2, 3], [0, 2, 4]], "every correction set": [[2], [3, 4], [0, 3]]},
        NAMES,
        {"every MUS": [2], "every correction set": [2, 3]},
    ),
    "plot_count_bars": lambda: plot_count_bars(
        {
            "a: conflicts": {"no hint": 5, "hint": 0, "control": 17},
            "b": {"no hint": 3, "hint": 2, "control": 3},
            "c": {"no hint": 1, "hint": 1, "control": 1},
        },
        controls=["control"],
        log=True,
    ),
}


@pytest.mark.parametrize("name", FIGURES)
def test_figure_is_opaque_readable_with_a_legend(name):
    before = plt.get_fignums()
    fig = FIGURES[name]()
    assert plt.get_fignums() == before and isinstance(fig, BookFigure)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    assert (np.asarray(canvas.buffer_rgba())[..., 3] == 255).all()
    assert smallest_text_px(fig) >= MIN_TEXT_PX, text_sizes_px(fig)[:3]
    assert fig.legends


def _texts(fig):
    return [t.get_text() for ax in fig.axes for t in ax.texts]


def test_the_deletion_figure_reads_each_answer_and_ends_with_the_minimal_set():
    fig = plot_deletion(STEPS, NAMES)
    texts = _texts(fig)
    assert texts[:5] == [
        "all 5: no picture",
        "a picture: keep it",
        "no picture: drop it",
        "a picture: keep it",
        "a picture: keep it",
    ]
    assert "minimal" in texts
    columns = [t for t in texts if t in NAMES]
    assert columns == ["row 0", "row 1", "column 0"]  # the first core's clues


def _legends(fig):
    return [[t.get_text() for t in legend.get_texts()] for legend in fig.legends]


def test_the_deletion_legend_keeps_its_entries():
    assert _legends(plot_deletion(STEPS, NAMES)) == [
        ["assumed on", "left out", "the minimal set"]  # no clue went untested
    ]


def test_a_clue_the_solver_drops_untested_is_hatched_and_named_in_the_legend():
    fig = plot_deletion(UNTESTED, NAMES)
    assert _legends(fig) == [
        [
            "assumed on",
            "left out",
            "the minimal set",
            "dropped: not in the smaller core the solver named",
        ]
    ]
    (ax,) = fig.axes
    hatched = [(p.get_x(), p.get_y()) for p in ax.patches if p.get_hatch()]
    assert hatched == [(2, 3)]  # row 2 (the third column), in the row after the "no"
    outlined = [(p.get_x(), p.get_y()) for p in ax.patches if not p.get_fill()]
    assert [(round(x), round(y)) for x, y in outlined] == [(0, 1), (1, 2), (0, 3), (3, 4)]


def test_a_set_grid_says_which_rows_the_outlined_set_meets():
    fig = plot_set_grids({"sets": [[0], [1], [0, 1]]}, ["a", "b"], {"sets": [0]})
    assert [t for t in _texts(fig) if t in ("met", "missed")] == ["met", "missed", "met"]
    assert _legends(fig) == [
        ["the set holds this clue", "outlined: a set of the other panel"],
        ["the row's set holds an outlined clue", "the row's set holds none of them"],
    ]
    keys = [t.get_text() for t in fig.legends[1].findobj(Text) if t.get_text() in ("met", "missed")]
    assert keys == ["met", "missed"]  # each meaning beside its word, in the figure's colours
    only_met = plot_set_grids({"sets": [[0], [0, 1]]}, ["a", "b"], {"sets": [0]})
    assert _legends(only_met)[1] == ["the row's set holds an outlined clue"]
    unmarked = plot_set_grids({"sets": [[0], [1]]}, ["a", "b"], {})
    assert len(unmarked.legends) == 1  # no word written, none to explain


def test_bars_keep_the_order_given_and_grey_the_controls():
    fig = plot_count_bars({"p": {"first": 3, "control": 2}}, controls=["control"])
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["first", "control"]
    colours = [bar.get_facecolor() for bar in ax.patches]
    assert colours[0] != colours[1]


def test_bars_draw_each_spread_from_its_smallest_to_its_largest_value():
    fig = plot_count_bars(
        {"p": {"first": 3, "control": 20}},
        controls=["control"],
        spreads={"p": {"first": (1, 5), "control": (10, 40)}},
    )
    ax = fig.axes[0]
    (whiskers,) = ax.collections  # one LineCollection: a whisker per row
    ends = sorted((seg[0][0], seg[1][0], seg[0][1]) for seg in whiskers.get_segments())
    assert ends == [(1, 5, 0), (10, 40, 1)]
    assert ax.get_xlim()[1] >= 40  # the longest whisker fits
    assert sorted(text.get_position()[0] for text in ax.texts) == [5, 40]  # written after it
