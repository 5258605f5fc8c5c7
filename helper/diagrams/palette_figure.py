"""The solver palette as a figure: one line per registered solver, its colour, marker, name."""

from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from helper.figure import FONT, sized_figure
from helper.palette import SOLVER_NAMES, solver_style

ROW = 0.6
"""Height of one solver's row, in data units."""


def palette_figure() -> Figure:
    """A key to :data:`helper.palette.SOLVER_COLOURS`: the colour, marker, registry key and
    display name of every solver, in palette order."""
    keys = list(SOLVER_NAMES)
    fig, ax = sized_figure((0, 15), (ROW * len(keys) + 0.2, -0.7), 0.5)
    for x, title in ((0.2, "colour"), (2.4, "registry key"), (7.4, "display name")):
        ax.text(x, -0.35, title, fontsize=FONT, va="center", fontweight="bold")
    for i, key in enumerate(keys):
        style = solver_style(key)
        y = ROW * i + ROW / 2
        ax.add_line(Line2D([0.2, 1.9], [y, y], color=style["color"], linewidth=3))
        ax.add_line(
            Line2D(
                [1.05],
                [y],
                color=style["color"],
                marker=style["marker"],
                markersize=10,
                linestyle="none",
            )
        )
        ax.text(2.4, y, key, fontsize=FONT, va="center", family="monospace")
        ax.text(7.4, y, style["label"], fontsize=FONT, va="center")
    return fig
