"""The figures of "Which clue is wrong?" and "Hints and search strategies": opaque, readable at
the column's width, with a legend, and showing what their data says."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

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

FIGURES = {
    "plot_deletion": lambda: plot_deletion(STEPS, NAMES),
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


def test_a_set_grid_says_which_rows_the_outlined_set_meets():
    fig = plot_set_grids({"sets": [[0], [1], [0, 1]]}, ["a", "b"], {"sets": [0]})
    assert [t for t in _texts(fig) if t in ("met", "missed")] == ["met", "missed", "met"]


def test_bars_keep_the_order_given_and_grey_the_controls():
    fig = plot_count_bars({"p": {"first": 3, "control": 2}}, controls=["control"])
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["first", "control"]
    colours = [bar.get_facecolor() for bar in ax.patches]
    assert colours[0] != colours[1]
