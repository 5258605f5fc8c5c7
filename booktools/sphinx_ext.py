"""A small Sphinx extension for this book.

- ``BOOK_EXECUTE=force`` in the environment re-executes every notebook (myst-nb's
  ``nb_execution_mode``), whatever ``_config.yml`` says; ``make book-force`` and ``make test``
  set it. One config file serves both the cached and the forced build.
- ``BOOK_BASE_URL`` sets the site's address (``html_baseurl``) for this build; the book's
  workflow sets it to the address GitHub Pages gives the site.
- The site serves the book's package: each build makes the wheel of ``pyproject.toml``'s
  version and puts it into ``dist/`` beside ``dist/constraints.txt`` (``requirements.txt``,
  the exact pins) (:mod:`booktools.downloads.package`).
- Every notebook page offers its chapter twice in the download menu: the executed ``.ipynb``
  (sphinx-book-theme offers it only when launch buttons are configured; this book has none),
  and ``<chapter>.zip``, which the page also names in one sentence above its text (outside the
  article, so that booktools.count_pages does not count it as the chapter's prose). Both are
  converted to plain Markdown (:mod:`booktools.downloads.notebook`) and written by
  :mod:`booktools.downloads.publish`; see :mod:`booktools.downloads` for the whole story. A
  construct the conversion does not know is a warning naming the page, the cell and the
  construct, and so (``-W``) a failed build.
- With the execution cache (``make book``), myst-nb 1.x writes the notebook of a page it took
  from the cache *without* its outputs (it saves the notebook it read, not the merged one), so
  :func:`executed_notebook` merges the cached outputs back in before the page offers it.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

import nbformat
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

from booktools.downloads import install_time, package, publish
from booktools.downloads.install_cell import DISTRIBUTION, EXTRA, check_source
from booktools.downloads.myst import ConversionError
from booktools.downloads.notebook import convert_notebook
from booktools.downloads.site_index import SiteIndex, from_sphinx

EXECUTION_MODES = {"off", "auto", "force", "cache", "inline"}
HERE = Path(__file__).resolve().parent
logger = logging.getLogger(__name__)

__all__ = ["DISTRIBUTION", "EXTRA", "book_version", "executed_notebook", "setup"]


def book_version() -> str:
    """The package version the book is built with: ``version`` in ``pyproject.toml``."""
    return package.version()


def _execution_from_environment(app: Sphinx, config: Config) -> None:
    mode = os.environ.get("BOOK_EXECUTE")
    if not mode:
        return
    if mode not in EXECUTION_MODES:
        raise ValueError(f"BOOK_EXECUTE={mode!r}: expected one of {sorted(EXECUTION_MODES)}")
    config.nb_execution_mode = mode


def _site_address(app: Sphinx, config: Config) -> None:
    """``BOOK_BASE_URL`` over ``html_baseurl``; both checked, and one trailing slash."""
    wanted = os.environ.get("BOOK_BASE_URL", config.html_baseurl)
    config.html_baseurl = publish.base_url(wanted) or ""
    check_source(config.book_install_source)  # fail the build early on a bad source
    config.templates_path = [*config.templates_path, str(HERE / "templates")]
    config.html_static_path = [*config.html_static_path, str(HERE / "static")]


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


def _is_html(app: Sphinx) -> bool:
    return app.builder.format == "html"


def notebooks_dir(app: Sphinx) -> Path:
    """Where the converted notebooks go: ``_build/notebooks`` beside the site."""
    return Path(app.outdir).parent / "notebooks"


def _serve_package(app: Sphinx) -> None:
    if not _is_html(app):
        return
    out = Path(app.outdir)
    wheel = package.build_wheel(out / "dist")
    publish.serve_package(out, wheel)
    logger.info(f"the site serves {wheel.name} (sha256 {package.sha256(wheel)[:12]}...)")


def _site_index(app: Sphinx) -> SiteIndex:
    """The index of the whole site, made once every page has been read (env-updated)."""
    index = getattr(app, "_book_site_index", None)
    if index is None:
        index = from_sphinx(app)
        app._book_site_index = index  # type: ignore[attr-defined]
    return index


def _downloads_stamp() -> str:
    """What every notebook page's download sentence depends on beyond its own source."""
    return install_time.page_clause()


def _pages_to_rewrite(app: Sphinx, env: Any, added, changed, removed) -> list[str]:
    """Every notebook page again when the sentence above it changed (a new measurement):
    Sphinx would rewrite only the pages whose source changed."""
    stamp = _downloads_stamp()
    before = getattr(env, "book_downloads_stamp", None)
    env.book_downloads_stamp = stamp
    if before == stamp:
        return []
    return sorted(name for name in env.found_docs if name not in added | changed | removed)


def _env_updated(app: Sphinx, env: Any) -> None:
    app._book_site_index = None  # type: ignore[attr-defined]


def _download_sentence(docname: str, size: int) -> str:
    name = publish.zip_name(docname)
    kilobytes = f"{size / 1000:,.0f} kB" if size < 1e6 else f"{size / 1e6:.1f} MB"
    return (
        "<strong>Run this chapter on your own machine:</strong> "
        f'<a class="reference download" href="{html.escape(name)}" download>{html.escape(name)}</a>'
        f" ({kilobytes}) holds it as a notebook, with the book's package and a "
        "<code>requirements.txt</code>: in the unzipped folder, <code>python -m pip install -r "
        "requirements.txt</code> installs everything it needs (its <code>README.txt</code> has "
        "the commands)" + install_time.page_clause() + "."
    )


def _offer_downloads(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree
) -> None:
    if doctree is None or not context.get("sourcename", "").endswith((".md", ".md.txt")):
        return
    out_dir = Path(app.outdir)
    executed = out_dir.parent / "jupyter_execute" / f"{pagename}.ipynb"
    if not executed.exists():  # a plain Markdown page, not a notebook
        return
    try:
        converted = convert_notebook(
            executed_notebook(executed, _cache_path(app)),
            _site_index(app),
            docname=pagename,
            source=Path(app.env.doc2path(pagename)),
            srcdir=Path(app.srcdir),
            extensions=app.config.myst_enable_extensions,
            config=app.config,
            glue_file=executed.with_name(f"{Path(pagename).name}.glue.json"),
        )
    except ConversionError as error:
        logger.warning(f"no download for this page: {error}", location=pagename)
        return
    title = _site_index(app).titles.get(pagename, pagename)
    converted.metadata[publish.METADATA_KEY] = {"docname": pagename, "title": title}
    intermediate = notebooks_dir(app) / f"{pagename}.ipynb"
    intermediate.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(converted, intermediate)
    base = app.config.html_baseurl or None
    try:
        written = publish.write_downloads(out_dir, converted, base, app.config.book_install_source)
    except ValueError as error:
        logger.warning(f"no download for this page: {error}", location=pagename)
        return
    context["ipynb_source"] = f"{pagename}.ipynb"
    context["book_run_chapter"] = _download_sentence(pagename, written.zip.stat().st_size)
    context["book_zip"] = publish.zip_name(pagename)


def _add_zip_button(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree
) -> None:
    """The zip at the top of the page's download menu (built by sphinx-book-theme)."""
    if not context.get("book_zip"):
        return
    for group in context.get("header_buttons", []):
        if group.get("label") == "download-buttons":
            group["buttons"].insert(
                0,
                {
                    "type": "link",
                    "url": context["book_zip"],
                    "text": ".zip",
                    "tooltip": "Run this chapter: the notebook, the book's package and "
                    "requirements.txt",
                    "icon": "fas fa-file-zipper",
                    "label": "download-zip-button",
                },
            )


def _publish_all(app: Sphinx, exception: Exception | None) -> None:
    """Write every page's downloads again: a page this build did not rewrite (make book
    rewrites only what changed) gets the new wheel's hash too."""
    if exception is not None or not _is_html(app):
        return
    written = publish.publish(
        Path(app.outdir),
        notebooks_dir(app),
        app.config.html_baseurl or None,
        app.config.book_install_source,
    )
    where = app.config.html_baseurl or "no address (the install cells raise; set html_baseurl)"
    logger.info(f"downloads of {len(written)} pages written for {where}")


def setup(app: Sphinx) -> dict[str, Any]:
    # Where a downloaded notebook installs the book's package from (install_cell.check_source).
    app.add_config_value("book_install_source", "site", "html", types=[str])
    app.connect("config-inited", _site_address)
    # After myst-nb has registered nb_execution_mode, before it reads it (builder-inited).
    app.connect("config-inited", _execution_from_environment, priority=900)
    app.connect("builder-inited", _serve_package)
    app.connect("env-updated", _env_updated)
    app.connect("env-get-outdated", _pages_to_rewrite)
    # Before sphinx-book-theme builds the header buttons (its handlers run at priority 501),
    # then after it, to add the zip to the menu it made.
    app.connect("html-page-context", _offer_downloads, priority=500)
    app.connect("html-page-context", _add_zip_button, priority=600)
    app.connect("build-finished", _publish_all)
    app.add_css_file("book-downloads.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
