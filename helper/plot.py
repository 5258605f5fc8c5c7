"""Figures for the book: Nonogram boards with their clues, Futoshiki boards.

Every figure has an opaque white background so it stays readable in the site's dark mode.
"""

from collections.abc import Iterable, Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.patches import Rectangle

BACKGROUND = "white"
INK = "#222222"
CLUE_INK = "#1f3b73"
HIGHLIGHT = "#e4572e"


def _clue_text(clue: Sequence[int]) -> list[str]:
    numbers = [str(n) for n in clue if n]
    return numbers or ["0"]


def plot_nonogram_board(
    puzzle: Mapping[str, Sequence[Sequence[int]]],
    result: Sequence[Sequence[int]] | None = None,
    *,
    font_size: float | None = None,
    cell_size: float | None = None,
    highlight: Iterable[tuple[int, int]] = (),
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Draw a Nonogram: the grid, row clues on the left, column clues on top.

    ``result`` (rows of 0/1) fills the cells; ``highlight`` outlines cells ``(row, col)`` in
    red (for example where two solutions differ). ``font_size`` sets the clue size in
    points and ``cell_size`` the side of a cell in inches; both scale with the board when
    not given. Returns the matplotlib ``Axes``.
    """
    rows, cols = puzzle["rows"], puzzle["cols"]
    height, width = len(rows), len(cols)
    row_texts = [_clue_text(c) for c in rows]
    col_texts = [_clue_text(c) for c in cols]
    left = max(len(t) for t in row_texts)  # clue columns needed on the left
    top = max(len(t) for t in col_texts)  # clue rows needed on top
    if cell_size is None:
        cell_size = min(0.3, 14.0 / (width + left), 14.0 / (height + top))
    if font_size is None:
        font_size = max(4.0, min(11.0, cell_size * 40))

    if ax is None:
        fig = plt.figure(
            figsize=((width + left + 0.5) * cell_size, (height + top + 0.5) * cell_size),
            facecolor=BACKGROUND,
        )
        ax = fig.add_axes((0, 0, 1, 1))
    ax.figure.set_facecolor(BACKGROUND)
    ax.set_facecolor(BACKGROUND)

    if result is not None:
        for r, row in enumerate(result):
            for c, cell in enumerate(row):
                if cell:
                    ax.add_patch(Rectangle((c, r), 1, 1, facecolor=INK, edgecolor="none"))
    thin, thick = [], []
    for x in range(width + 1):
        (thick if x % 5 == 0 or x == width else thin).append([(x, -top), (x, height)])
    for y in range(height + 1):
        (thick if y % 5 == 0 or y == height else thin).append([(-left, y), (width, y)])
    ax.add_collection(LineCollection(thin, colors="#b0b0b0", linewidths=0.5))
    ax.add_collection(LineCollection(thick, colors="#555555", linewidths=1.0))

    for r, texts in enumerate(row_texts):
        for k, text in enumerate(reversed(texts)):
            ax.text(
                -k - 0.5,
                r + 0.5,
                text,
                ha="center",
                va="center",
                fontsize=font_size,
                color=CLUE_INK,
            )
    for c, texts in enumerate(col_texts):
        for k, text in enumerate(reversed(texts)):
            ax.text(
                c + 0.5,
                -k - 0.5,
                text,
                ha="center",
                va="center",
                fontsize=font_size,
                color=CLUE_INK,
            )
    for r, c in highlight:
        ax.add_patch(
            Rectangle(
                (c + 0.08, r + 0.08), 0.84, 0.84, facecolor="none", edgecolor=HIGHLIGHT, linewidth=2
            )
        )

    ax.set_xlim(-left - 0.25, width + 0.25)
    ax.set_ylim(height + 0.25, -top - 0.25)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=font_size * 1.3)
    return ax
