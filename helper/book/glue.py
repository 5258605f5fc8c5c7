"""``glue`` for the chapters: myst-nb's when it is installed, else the value shown or kept quiet.

The book's build glues values into the text with myst-nb: a ``{glue}`` role reads what
:func:`myst_nb.glue` recorded in a cell's output. A chapter's notebook downloaded from the site
runs in plain JupyterLab, where myst-nb is not installed (the chapter's zip installs what its
notebook imports, not the book-building stack), and its text already holds the values glued when
the site was built. There :func:`glue` does what myst-nb's does in a notebook, as the reader
sees it: it shows the value (IPython's ``display``) when ``display`` is true, and nothing when
it is false.
"""

import functools
from collections.abc import Callable
from typing import Any

from helper.extras import missing_extra


@functools.cache
def _myst_nb_glue() -> Callable[..., None] | None:
    """myst-nb's ``glue``, or None where myst-nb is not installed (a reader's notebook)."""
    try:
        from myst_nb import glue
    except ModuleNotFoundError as error:
        if error.name != "myst_nb":  # myst-nb is there but broken: the build must say so
            raise
        return None
    return glue


def glue(name: str, variable: Any, display: bool = True) -> None:
    """Glue ``variable`` under ``name`` for the page's ``{glue}`` roles and directives (with
    myst-nb, at the book's build); show it in the notebook when ``display`` is true."""
    myst_nb_glue = _myst_nb_glue()
    if myst_nb_glue is not None:
        myst_nb_glue(name, variable, display=display)
        return
    if display:
        try:
            from IPython.display import display as show
        except ModuleNotFoundError as error:
            raise missing_extra(error, __name__, "book") from None
        show(variable)
