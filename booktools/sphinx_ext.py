"""A small Sphinx extension for this book.

- ``BOOK_EXECUTE=force`` in the environment re-executes every notebook (myst-nb's
  ``nb_execution_mode``), whatever ``_config.yml`` says; ``make book-force`` and ``make test``
  set it. One config file serves both the cached and the forced build.
- Every notebook page gets the download button for its *executed* ``.ipynb``.
  sphinx-book-theme offers it only when launch buttons are configured; this book has none
  (its chapters are Markdown files that Binder or Colab cannot open from a plain link; see the
  README). The downloaded notebook starts with one extra cell that installs the book's package
  from the repository when it is missing, with its ``book`` extra (what the chapters use
  beyond ``helper`` itself), so it runs in Colab or any fresh Jupyter.
"""

import os
from pathlib import Path
from typing import Any

import nbformat
from sphinx.application import Sphinx
from sphinx.config import Config

EXECUTION_MODES = {"off", "auto", "force", "cache", "inline"}
DISTRIBUTION = "logic-puzzles-helper"  # the `name` in pyproject.toml
INSTALL_CELL = """\
# This chapter needs the book's `helper` package (and what the chapters import). Opened outside
# the book's repository (Colab, a fresh Jupyter), this cell installs it when it is missing.
from importlib.metadata import PackageNotFoundError, version

try:
    version("{distribution}")
except PackageNotFoundError:
    %pip install --quiet "{distribution}[book] @ git+{repository}"
"""


def _execution_from_environment(app: Sphinx, config: Config) -> None:
    mode = os.environ.get("BOOK_EXECUTE")
    if not mode:
        return
    if mode not in EXECUTION_MODES:
        raise ValueError(f"BOOK_EXECUTE={mode!r}: expected one of {sorted(EXECUTION_MODES)}")
    config.nb_execution_mode = mode


def _offer_executed_notebook(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree
) -> None:
    if doctree is None or not context.get("sourcename", "").endswith((".md", ".md.txt")):
        return
    out_dir = Path(app.outdir)
    executed = out_dir.parent / "jupyter_execute" / f"{pagename}.ipynb"
    if not executed.exists():  # a plain Markdown page, not a notebook
        return
    notebook = nbformat.read(executed, as_version=4)
    repository = app.config.html_theme_options.get("repository_url", "")
    if repository:
        code = INSTALL_CELL.format(distribution=DISTRIBUTION, repository=repository)
        cell = nbformat.v4.new_code_cell(code.rstrip("\n"), metadata={"tags": ["install"]})
        notebook.cells.insert(0, cell)
    target = out_dir / "_sources" / f"{pagename}.ipynb"
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, target)
    context["ipynb_source"] = f"{pagename}.ipynb"


def setup(app: Sphinx) -> dict[str, Any]:
    # After myst-nb has registered nb_execution_mode, before it reads it (builder-inited).
    app.connect("config-inited", _execution_from_environment, priority=900)
    # Before sphinx-book-theme builds the header buttons (its handlers run at priority 501).
    app.connect("html-page-context", _offer_executed_notebook, priority=500)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
