"""Play on the page: the players the chapters show, and the data they are made of.

:func:`nonogram_player`, :func:`futoshiki_player` and :func:`colour_player` turn a puzzle and
the steps of its explanation into a board the reader solves in the browser (click, tap or
keyboard), with Check, Hint (the next step of the explanation, its clues outlined and its
reason in words), Undo, Reset, and Previous / Next through the whole explanation; the colour
player adds a colour picker. :func:`line_editor` is one line whose clue and known cells the
reader edits, solved at once by a JavaScript port of the line solver. Everything is computed
when the book is built and embedded in the page as JSON (:mod:`helper.play.export`,
:mod:`helper.play.colour`); the script and stylesheet travel with the output
(:mod:`helper.play.widget`), so a downloaded chapter plays in JupyterLab too.
"""

from .colour import colour_data, colour_player
from .export import FORMAT_VERSION, StepLike, futoshiki_data, nonogram_data
from .widget import PlayWidget, futoshiki_player, line_editor, nonogram_player

__all__ = [
    "FORMAT_VERSION",
    "PlayWidget",
    "StepLike",
    "colour_data",
    "colour_player",
    "futoshiki_data",
    "futoshiki_player",
    "line_editor",
    "nonogram_data",
    "nonogram_player",
]
