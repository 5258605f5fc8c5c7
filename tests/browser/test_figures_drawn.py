"""Every cell that draws a figure shows it: a plot that never reaches the page is a silent loss.

The book's plots draw on their own ``Figure`` (no pyplot state), so ending a cell with
``plt.show()`` after such a plot shows nothing, and the build does not notice. Read from the
built HTML: a code cell whose input calls a plotting function must have an image in its output.

And every image a cell outputs says what it shows: myst-nb's alt text is otherwise the image's
own file name (``../_images/<hash>.png``), which is all a screen reader would read out. A cell
gives it real alt text in its metadata (``mystnb: image: alt: ...``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from booksite import Page
from bs4 import BeautifulSoup

pytestmark = [pytest.mark.browser]

DRAWS = re.compile(r"\bplot_\w+\(|_figure\(|plt\.show\(\)")
# Alt text that is a file name or a path, not a description: myst-nb's default.
FILE_NAME = re.compile(r"/|\.(png|svg|jpe?g|gif|webp)$|[0-9a-f]{16,}", re.IGNORECASE)
SHORTEST_ALT = 20  # characters: fewer cannot say what a figure shows


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


def images_without_alt_text(html: str) -> list[str]:
    """Each image of a cell output whose alt text is missing, a file name or too short."""
    found = []
    for image in BeautifulSoup(html, "html.parser").select(".cell_output img"):
        alt = " ".join(image.get("alt", "").split())
        if len(alt) < SHORTEST_ALT or FILE_NAME.search(alt):
            found.append(f"{image.get('src', image.get('id', '?'))}: alt={alt!r}")
    return found


def test_every_output_image_has_alt_text(site: Path, page: Page) -> None:
    missing = images_without_alt_text((site / page.path).read_text("utf8"))
    assert not missing, (
        f"{page.path}: cell output images without real alt text (give the cell "
        f"`mystnb: image: alt: ...` in its metadata): {missing}"
    )


def test_the_check_sees_an_alt_text_that_is_a_file_name() -> None:
    def output(image: str) -> str:
        return f'<div class="cell"><div class="cell_output">{image}</div></div>'

    hashed = "../_images/1dca0ecb3fa60e6aef26f2930a324e218561010927546375521e4825587a1cda.png"
    real = "The 10 × 10 heart solved, black cells on a white grid, clues beside each line"
    assert images_without_alt_text(output(f'<img alt="{hashed}" src="{hashed}">')) == [
        f"{hashed}: alt={hashed!r}"
    ]
    assert images_without_alt_text(output(f'<img alt="{real}" src="{hashed}">')) == []
    for bad in ["", "figure", "1dca0ecb3fa60e6aef26f2930a324e21", "the sailboat figure.png"]:
        assert images_without_alt_text(output(f'<img alt="{bad}" src="a.png">')), bad
    assert images_without_alt_text(output('<img id="_anim_img1">')) == ["_anim_img1: alt=''"]
    outside = f'<div class="cell_input"><img alt="{hashed}" src="{hashed}"></div>'
    assert images_without_alt_text(outside) == []  # only what a cell outputs
