"""A small Sphinx extension for this book.

- ``BOOK_EXECUTE=force`` in the environment re-executes every notebook (myst-nb's
  ``nb_execution_mode``), whatever ``_config.yml`` says; ``make book-force`` and ``make test``
  set it. One config file serves both the cached and the forced build.
- Every notebook page gets the download button for its *executed* ``.ipynb``.
  sphinx-book-theme offers it only when launch buttons are configured; this book has none
  (its chapters are Markdown files that Binder or Colab cannot open from a plain link; see the
  README). The downloaded notebook starts with one extra cell (:func:`install_cell`) that
  checks for the book's package at exactly the version the page was built with. Where the
  publisher has named a source in ``_config.yml`` (``book_install_source``, the one place it is
  set), the cell installs that version from there; with no source named it only prints how to
  install it, so that no address the publisher does not control can serve code to a reader.
  With the execution cache (``make book``), myst-nb 1.x writes the notebook of a page it took
  from the cache *without* its outputs (it saves the notebook it read, not the merged one), so
  :func:`executed_notebook` merges the cached outputs back in before the page offers it.
"""

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import nbformat
from sphinx.application import Sphinx
from sphinx.config import Config

EXECUTION_MODES = {"off", "auto", "force", "cache", "inline"}
DISTRIBUTION = "logic-puzzles-helper"  # the `name` in pyproject.toml
EXTRA = "book"  # the extra that brings what the chapters import beyond `helper` itself
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
_URL = re.compile(
    r"(git\+)?https://[A-Za-z0-9.\-]+(:\d+)?/[A-Za-z0-9._~%/@+=-]*(\{version\})?[A-Za-z0-9._~%/@+=-]*"
)

CHECK = """\
# This chapter needs the book's package, {distribution} {version} (the version this page was
# built with), with its "{extra}" extra: everything the chapters import.
from importlib.metadata import PackageNotFoundError, version

try:
    installed = version("{distribution}")
except PackageNotFoundError:
    installed = None
if installed != "{version}":
"""
INSTALL = """\
    %pip install --quiet "{requirement}"
"""
EXPLAIN = """\
    print(
        "This notebook was made with {distribution} {version}; "
        + ("it is missing here." if installed is None else f"here it is {{installed}}.")
        + " The publisher of this copy of the book named no place to install it from. Install "
        "that version into this notebook's Python, for example from a copy of the book's "
        'repository: pip install ".[{extra}]"'
    )
"""


def book_version() -> str:
    """The package version the book is built with: ``version`` in ``pyproject.toml``."""
    with PYPROJECT.open("rb") as f:
        return tomllib.load(f)["project"]["version"]


def install_requirement(version: str, source: str) -> str | None:
    """What ``pip install`` is given for ``source`` (``None``: no source named).

    ``source`` is ``""`` (none), ``"pypi"`` (``logic-puzzles-helper[book]==VERSION`` from
    PyPI, for a publisher who owns that name there), or an ``https://`` or ``git+https://``
    URL of a wheel or of a tagged commit in which ``{version}`` stands for the version (a git
    URL may instead pin a ref with ``@``). Anything else is a ``ValueError``: an install that
    is not pinned to one version from one named place is refused.
    """
    source = source.strip()
    if not source:
        return None
    if source == "pypi":
        return f"{DISTRIBUTION}[{EXTRA}]=={version}"
    if not _URL.fullmatch(source):
        raise ValueError(
            f"book_install_source {source!r}: expected '', 'pypi', or an https:// or "
            "git+https:// URL without spaces or quotes"
        )
    pinned = "{version}" in source or (
        source.startswith("git+") and "@" in source.split("://", 1)[1].split("/", 1)[-1]
    )
    if not pinned:
        raise ValueError(
            f"book_install_source {source!r} names no version: put {{version}} in the URL "
            "(or, for git, a tag or commit after @)"
        )
    return f"{DISTRIBUTION}[{EXTRA}] @ {source.replace('{version}', version)}"


def install_cell(version: str, source: str) -> str:
    """The code of the first cell of a downloaded notebook (see the module's docstring)."""
    requirement = install_requirement(version, source)
    text = CHECK + (INSTALL if requirement else EXPLAIN)
    return text.format(
        distribution=DISTRIBUTION, version=version, extra=EXTRA, requirement=requirement
    ).rstrip("\n")


def _execution_from_environment(app: Sphinx, config: Config) -> None:
    mode = os.environ.get("BOOK_EXECUTE")
    if not mode:
        return
    if mode not in EXECUTION_MODES:
        raise ValueError(f"BOOK_EXECUTE={mode!r}: expected one of {sorted(EXECUTION_MODES)}")
    config.nb_execution_mode = mode


def _has_outputs(notebook: nbformat.NotebookNode) -> bool:
    return any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")


def executed_notebook(path: Path, cache_path: Path | None) -> nbformat.NotebookNode:
    """The notebook myst-nb wrote to ``path``, with the outputs the execution cache holds for it.

    A notebook that already has outputs (executed in this build) is returned as it is; so is
    one that the cache does not know (a page whose cells print nothing).
    """
    notebook = nbformat.read(path, as_version=4)
    if cache_path is None or _has_outputs(notebook) or not Path(cache_path).is_dir():
        return notebook
    from jupyter_cache import get_cache  # myst-nb's dependency; only the cached build needs it

    try:
        _, merged = get_cache(str(cache_path)).merge_match_into_notebook(notebook)
    except KeyError:  # no cached execution of exactly these cells
        return notebook
    return merged


def _cache_path(app: Sphinx) -> Path | None:
    config = getattr(app.env, "mystnb_config", None)
    if config is None or config.execution_mode != "cache":
        return None
    return Path(config.execution_cache_path or Path(app.outdir).parent / ".jupyter_cache")


def _offer_executed_notebook(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree
) -> None:
    if doctree is None or not context.get("sourcename", "").endswith((".md", ".md.txt")):
        return
    out_dir = Path(app.outdir)
    executed = out_dir.parent / "jupyter_execute" / f"{pagename}.ipynb"
    if not executed.exists():  # a plain Markdown page, not a notebook
        return
    notebook = executed_notebook(executed, _cache_path(app))
    code = install_cell(book_version(), app.config.book_install_source)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(code, metadata={"tags": ["install"]}))
    target = out_dir / "_sources" / f"{pagename}.ipynb"
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, target)
    context["ipynb_source"] = f"{pagename}.ipynb"


def _check_install_source(app: Sphinx, config: Config) -> None:
    install_requirement(book_version(), config.book_install_source)  # fail the build early


def setup(app: Sphinx) -> dict[str, Any]:
    # Where a downloaded notebook installs the book's package from (see install_requirement).
    app.add_config_value("book_install_source", "", "html", types=[str])
    app.connect("config-inited", _check_install_source)
    # After myst-nb has registered nb_execution_mode, before it reads it (builder-inited).
    app.connect("config-inited", _execution_from_environment, priority=900)
    # Before sphinx-book-theme builds the header buttons (its handlers run at priority 501).
    app.connect("html-page-context", _offer_executed_notebook, priority=500)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
