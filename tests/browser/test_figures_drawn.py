"""Every cell that draws a figure shows it: a plot that never reaches the page is a silent loss.

The book's plots draw on their own ``Figure`` (no pyplot state), so ending a cell with
``plt.show()`` after such a plot shows nothing, and the build does not notice. Read from the
built HTML: a code cell whose input calls a plotting function must have an image in its output.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from booksite import Page
from bs4 import BeautifulSoup

pytestmark = [pytest.mark.browser]

DRAWS = re.compile(r"\bplot_\w+\(|_figure\(|plt\.show\(\)")


def undrawn_cells(html: str) -> list[str]:
    """The last input line of each cell that calls a plotting function but shows no image."""
    missing = []
    for cell in BeautifulSoup(html, "html.parser").select("div.cell"):
        source = cell.select_one(".cell_input")
        if source is None or not DRAWS.search(source.get_text()):
            continue
        output = cell.select_one(".cell_output")
        if output is None or not (output.select_one("img") or output.select_one("svg")):
            missing.append(source.get_text().strip().splitlines()[-1])
    return missing


def test_a_cell_that_draws_shows_its_figure(site: Path, page: Page) -> None:
    missing = undrawn_cells((site / page.path).read_text("utf8"))
    assert not missing, f"{page.path}: cells that draw but show no figure: {missing}"


def test_the_check_sees_a_lost_figure() -> None:
    lost = (
        '<div class="cell"><div class="cell_input"><pre>ax = plot_nonogram_board(p)\n'
        "plt.show()</pre></div></div>"
    )
    shown = lost.replace(
        "</div></div>", '</div><div class="cell_output"><img src="a.png"></div></div>'
    )
    assert undrawn_cells(lost) == ["plt.show()"]
    assert undrawn_cells(shown) == []
