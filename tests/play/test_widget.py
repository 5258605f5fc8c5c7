"""The players' HTML output: everything it needs inside, nothing that can break the page."""

import json
import re
from html import escape as html_escape

import pytest

from helper import palette
from helper.explain.futoshiki import explain as explain_futoshiki
from helper.explain.nonogram import explain as explain_nonogram
from helper.futoshiki import Futoshiki, generate_futoshiki
from helper.nonogram import Nonogram, load_puzzle
from helper.play import futoshiki_player, line_editor, nonogram_player
from helper.play.widget import FALLBACK, script, stylesheet

DATA = re.compile(r'<script type="application/json" class="lp-data">(.*?)</script>', re.S)


def embedded(html: str) -> dict:
    (text,) = DATA.findall(html)
    return json.loads(text)


def test_the_output_carries_data_style_script_and_a_fallback() -> None:
    heart = load_puzzle("nonogram01")
    widget = nonogram_player(heart, explain_nonogram(heart))
    html = widget._repr_html_()
    assert embedded(html) == widget.data and widget.data["start"] == "play"
    assert f"<style>{stylesheet()}</style>" in html
    assert f"<script>{script()}</script>" in html
    assert html_escape(FALLBACK) in html
    assert "http://" not in html and "https://" not in html  # nothing fetched from elsewhere
    assert "plays in a browser" in repr(widget) and "Heart" in repr(widget)
    assert str(widget) == html


def test_text_in_the_data_cannot_close_the_script_element() -> None:
    grid = [[1, 1], [0, 1]]
    puzzle = Nonogram.from_grid(grid)
    steps = explain_nonogram(puzzle)
    widget = nonogram_player(puzzle, steps, title="</script><b>bold & bad</b>")
    html = widget.html
    assert html.count("</script>") == 2  # the data's and the player's, nothing in between
    assert embedded(html)["title"] == "</script><b>bold & bad</b>"


def test_the_book_palette_colours_the_player() -> None:
    css = stylesheet()
    for colour in (palette.DECIDED, palette.DECIDED_PALE, palette.LINE_OUTLINE, palette.CONFLICT):
        assert colour in css
    assert 'html[data-theme="dark"] .lp-play' in css  # the book's theme switch
    assert "prefers-color-scheme: dark" in css  # and the system's, where nothing else says


def test_futoshiki_player_and_start_mode() -> None:
    puzzle = Futoshiki(*generate_futoshiki(5, seed=2))
    widget = futoshiki_player(puzzle, explain_futoshiki(puzzle), start="steps")
    assert widget.data["start"] == "steps" and widget.data["puzzle"] == "futoshiki"
    assert 'data-lp-kind="futoshiki"' in widget.html
    with pytest.raises(ValueError, match="start must be one of 'play', 'steps'"):
        futoshiki_player(puzzle, explain_futoshiki(puzzle), start="solve")


def test_line_editor_data_and_bad_lines() -> None:
    editor = line_editor([3, 2, 2], 10)
    assert editor.data == {"widget": "line", "clue": [3, 2, 2], "cells": [-1] * 10, "max": 40}
    assert line_editor([0], [1, -1, 0]).data["clue"] == []
    with pytest.raises(ValueError, match="a line has 1 to 40 cells, got 0"):
        line_editor([1], 0)
    with pytest.raises(ValueError, match="cells are -1"):
        line_editor([1], [2, 0])
    with pytest.raises(ValueError, match="positive block lengths"):
        line_editor([-1], 3)


def test_the_script_is_one_copy_per_page_however_many_outputs() -> None:
    """Each output carries the script; only its first run defines the player (the rest mount)."""
    js = script()
    assert "if (window.LogicPuzzlePlay)" in js and "mountAll(scope)" in js
    assert "</script" not in js.lower() and "<!--" not in js  # safe inside <script>
    assert "fetch(" not in js and "import(" not in js and "XMLHttpRequest" not in js
