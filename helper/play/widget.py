"""The players as notebook outputs: HTML that carries its data, its stylesheet and its script.

:func:`nonogram_player`, :func:`futoshiki_player` and :func:`line_editor` return a
:class:`PlayWidget`, which a notebook or a page of the book shows as HTML (``_repr_html_``).
The HTML holds everything it needs, so it works the same on the book's site and in a
downloaded chapter run in JupyterLab, offline, with nothing fetched:

- the puzzle and its steps as JSON (:mod:`helper.play.export`), in a
  ``<script type="application/json">``;
- the stylesheet ``static/play.css``, after the book's colours as CSS variables
  (:mod:`helper.palette`);
- the script ``static/play.js``, small and without dependencies. It defines
  ``window.LogicPuzzlePlay`` once, however many players a page holds, and turns every player
  it finds into a board. It is not in the site's ``_static/`` folder, which Jupyter Book would
  load on every page: only the pages that show a player run it.

Where scripts do not run (a notebook that is not trusted, a viewer that strips them), the
output shows one paragraph that says so and where to play instead.
"""

import functools
import html
import json
from collections.abc import Iterable, Sequence
from importlib import resources
from itertools import count
from typing import Any

from helper import palette
from helper.futoshiki.puzzle import Futoshiki
from helper.nonogram.puzzle import Nonogram
from helper.proofs.certificate import Certificate

from .export import StepLike, futoshiki_data, nonogram_data

MODES = ("play", "steps")
"""What a player shows first: the reader's own board, or the explanation step by step."""

_LIGHT = {
    "paper": palette.PAPER,
    "ink": palette.INK,
    "clue": palette.CLUE_INK,
    "grid": palette.GRID_LINE,
    "grid-bold": palette.GRID_LINE_BOLD,
    "decided": palette.DECIDED,
    "decided-pale": palette.DECIDED_PALE,
    "line": palette.LINE_OUTLINE,
    "wrong": palette.CONFLICT,
    "solved": palette.SOLUTION,
    "sign": palette.SIGN_INK,
    "digit": palette.SOLVED_INK,
    "unknown": palette.UNKNOWN_GREY,
}
"""The book's colours (helper.palette) under the names the stylesheet uses (``--lp-NAME``)."""

_ids = count(1)


@functools.cache
def _static(name: str) -> str:
    return (resources.files("helper.play") / "static" / name).read_text("utf8")


def stylesheet() -> str:
    """The player's CSS: the book's colours as variables, then ``static/play.css``."""
    variables = ";".join(f"--lp-{key}:{value}" for key, value in _LIGHT.items())
    return f".lp-play{{{variables}}}\n{_static('play.css')}"


def script() -> str:
    """The player's JavaScript, ``static/play.js``."""
    return _static("play.js")


def _json_for_html(data: Any) -> str:
    """JSON that cannot end the ``<script>`` element it sits in."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


FALLBACK = (
    "This puzzle is played in the browser, and its script has not run here. In JupyterLab or "
    "Jupyter Notebook, run this cell again (or trust the notebook) to play it below; or play "
    "it on this chapter's page of the book's site, which needs nothing installed."
)
"""What a reader sees where the script does not run (an untrusted notebook, a plain viewer)."""


class PlayWidget:
    """A player a notebook shows as HTML; ``str(widget)`` is the HTML, ``widget.data`` its data.

    Made by :func:`nonogram_player`, :func:`futoshiki_player`, :func:`colour_player` or
    :func:`line_editor`.
    """

    def __init__(self, data: dict[str, Any], summary: str) -> None:
        self.data = data
        self.summary = summary
        self.id = f"lp-play-{next(_ids)}"

    @property
    def html(self) -> str:
        """The HTML output, which holds the stylesheet, the player's element with its data, and
        the script."""
        kind = self.data.get("puzzle", self.data.get("widget", ""))
        return (
            f'<div class="lp-output">'
            f"<style>{stylesheet()}</style>"
            f'<div class="lp-play" id="{self.id}" data-lp-kind="{html.escape(kind)}" '
            f'aria-label="{html.escape(self.summary)}" role="group">'
            f'<script type="application/json" class="lp-data">{_json_for_html(self.data)}'
            f"</script>"
            f'<p class="lp-fallback">{html.escape(FALLBACK)}</p>'
            f"</div>"
            f"<script>{script()}</script>"
            f"</div>"
        )

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<{self.summary}: plays in a browser (notebook output or the book's site)>"


def _mode(start: str) -> str:
    if start not in MODES:
        raise ValueError(f"start must be one of {', '.join(map(repr, MODES))}, got {start!r}")
    return start


def nonogram_player(
    puzzle: Nonogram,
    steps: Iterable[StepLike],
    *,
    start: str = "play",
    title: str | None = None,
    certificate: Certificate | None = None,
) -> PlayWidget:
    """A Nonogram to solve on the page, with Check, Hint, Undo, Reset and the explanation.

    ``steps`` are the steps of an explanation (``helper.explain.nonogram.explain(puzzle)``);
    they are checked and embedded (:func:`~helper.play.export.nonogram_data`).
    ``start="steps"`` opens the player on the explanation (Previous / Next) instead of the
    reader's board. ``certificate`` (``count_solutions(puzzle, certify=True).certificate``)
    puts under the title whether the puzzle's uniqueness is proved, and how.
    """
    data = nonogram_data(puzzle, steps, title=title, certificate=certificate)
    data["start"] = _mode(start)
    summary = f"Nonogram player: {data['title']}, {puzzle.height} × {puzzle.width}"
    return PlayWidget(data, summary)


def futoshiki_player(
    puzzle: Futoshiki,
    steps: Iterable[StepLike],
    *,
    start: str = "play",
    title: str | None = None,
    certificate: Certificate | None = None,
) -> PlayWidget:
    """A Futoshiki to solve on the page (digits), with Check, Hint, Undo, Reset and the
    explanation; ``steps`` and ``certificate`` as for :func:`nonogram_player`
    (``helper.explain.futoshiki.explain``)."""
    data = futoshiki_data(puzzle, steps, title=title, certificate=certificate)
    data["start"] = _mode(start)
    summary = f"Futoshiki player: {data['title']}, {puzzle.height} × {puzzle.width}"
    return PlayWidget(data, summary)


MAX_LINE = 40
"""The longest line the line editor offers."""


def line_editor(clue: Sequence[int] = (3, 2, 2), cells: Sequence[int] | int = 10) -> PlayWidget:
    """One line whose clue and known cells the reader edits; the line solver's result updates
    at once (a JavaScript port of ``helper.nonogram.line.reference.solve_line``).

    ``cells`` is the line's length, or its known cells (-1 unknown, 0 empty, 1 filled).
    """
    known = [-1] * cells if isinstance(cells, int) else list(cells)
    if not 1 <= len(known) <= MAX_LINE:
        raise ValueError(f"a line has 1 to {MAX_LINE} cells, got {len(known)}")
    if any(v not in (-1, 0, 1) for v in known):
        raise ValueError(f"cells are -1 (unknown), 0 (empty) or 1 (filled), got {known}")
    clean = [int(x) for x in clue if x != 0]
    if any(x < 0 for x in clean) or len(clean) != len([x for x in clue if x != 0]):
        raise ValueError(f"a clue is a list of positive block lengths, got {list(clue)}")
    data = {"widget": "line", "clue": clean, "cells": known, "max": MAX_LINE}
    return PlayWidget(data, f"Line editor: clue {' '.join(map(str, clean)) or '0'}")
