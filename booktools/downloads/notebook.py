"""An executed MyST notebook as a notebook that reads like its page in JupyterLab and VS Code.

:func:`convert_notebook` keeps every code cell with its outputs and converts every markdown cell
(:mod:`.myst`). Cells the page hides stay, since later cells may need them, but folded: input
hidden (``hide-input``, ``remove-input``, ``remove-cell``) or output hidden (``hide-output``,
``remove-output``, ``remove-cell``), as JupyterLab and VS Code read ``metadata.jupyter``. So
are the cells of an exercise's solution, under a visible "Solution to Exercise N" heading.
Outputs that only feed a ``{glue}`` (glued with ``display=False``) are dropped: the page does
not show them, and a notebook front end would show "no renderer" in their place. Footnotes
go to a last markdown cell. Cell ids are numbered, so the same page gives the same file.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import nbformat

from booktools.downloads.directives import DIRECTIVES
from booktools.downloads.myst import SOLUTION_END, SOLUTION_START, Converter, Page
from booktools.downloads.roles import ROLES
from booktools.downloads.site_index import SiteIndex

GLUE_PREFIX = "application/papermill.record/"  # myst-nb's prefix of values glued, not shown
HIDES_INPUT = {"hide-input", "remove-input", "hide-cell", "remove-cell"}
HIDES_OUTPUT = {"hide-output", "remove-output", "hide-cell", "remove-cell"}
SENTINEL = re.compile(f"({re.escape(SOLUTION_START)}|{re.escape(SOLUTION_END)})")
KEPT_METADATA = ("kernelspec", "language_info")


def glue_data(
    notebook: nbformat.NotebookNode, glue_file: Path | None = None
) -> dict[str, dict[str, Any]]:
    """Every glued value of the page: key -> mime bundle (as myst-nb reads them).

    myst-nb takes the glued outputs out of a notebook it has just executed before it writes it
    to ``jupyter_execute/``, and writes them beside it as ``<page>.glue.json`` (``glue_file``);
    a notebook merged from the execution cache still holds them as outputs. Both are read.
    """
    found: dict[str, dict[str, Any]] = {}
    if glue_file is not None and glue_file.is_file():
        for key, output in json.loads(glue_file.read_text("utf8")).items():
            found[key] = dict(output.get("data", {}))
    for cell in notebook.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            scrapbook = output.get("metadata", {}).get("scrapbook")
            if scrapbook:
                prefix = len(scrapbook.get("mime_prefix", ""))
                found[scrapbook["name"]] = {k[prefix:]: v for k, v in output["data"].items()}
    return found


def _only_glued(output: dict[str, Any]) -> bool:
    data = output.get("data", {})
    return bool(data) and all(mime.startswith(GLUE_PREFIX) for mime in data)


def _fold(cell: nbformat.NotebookNode, *, source: bool, outputs: bool) -> None:
    jupyter = cell.metadata.setdefault("jupyter", {})
    if source:
        jupyter["source_hidden"] = True
    if outputs and cell.cell_type == "code":
        jupyter["outputs_hidden"] = True
    if not jupyter:
        del cell.metadata["jupyter"]


def make_converter(
    site: SiteIndex, page: Page, extensions: Iterable[str], config: Any = None
) -> Converter:
    """A converter with every role and directive handler of this package."""
    return Converter(
        site, page, extensions=extensions, roles=ROLES, directives=DIRECTIVES, config=config
    )


def convert_notebook(
    executed: nbformat.NotebookNode,
    site: SiteIndex,
    *,
    docname: str,
    source: Path,
    srcdir: Path,
    extensions: Iterable[str],
    config: Any = None,
    glue_file: Path | None = None,
) -> nbformat.NotebookNode:
    """The downloadable form of one executed page (links as ``site:`` placeholders);
    ``glue_file`` is myst-nb's ``<page>.glue.json`` (see :func:`glue_data`)."""
    page = Page(docname, source, srcdir, glue_data(executed, glue_file))
    converter = make_converter(site, page, extensions, config)
    metadata = {
        k: copy.deepcopy(executed.metadata[k]) for k in KEPT_METADATA if k in executed.metadata
    }
    result = nbformat.v4.new_notebook(metadata=metadata)
    in_solution = False
    for cell in executed.cells:
        if cell.cell_type == "markdown":
            converter.learn_footnotes(cell.source)

    def add(cell: nbformat.NotebookNode) -> None:
        cell["id"] = f"cell-{len(result.cells) + 1}"
        result.cells.append(cell)

    for index, cell in enumerate(executed.cells, start=1):
        if cell.cell_type == "markdown":
            text = converter.cell(cell.source, f"markdown cell {index}")
            for piece in SENTINEL.split(text):
                if piece in (SOLUTION_START, SOLUTION_END):
                    in_solution = piece == SOLUTION_START
                    continue
                piece = piece.strip("\n")
                if not piece.strip():
                    continue
                new = nbformat.v4.new_markdown_cell(piece)
                attached = {n: d for n, d in converter.attachments.items() if n in piece}
                if attached:
                    new["attachments"] = attached
                if in_solution:
                    _fold(new, source=True, outputs=False)
                add(new)
        elif cell.cell_type == "code":
            new = nbformat.v4.new_code_cell(
                cell.source,
                metadata=copy.deepcopy(cell.metadata),
                outputs=[o for o in copy.deepcopy(cell.get("outputs", [])) if not _only_glued(o)],
                execution_count=cell.get("execution_count"),
            )
            tags = set(new.metadata.get("tags", []))
            _fold(
                new,
                source=in_solution or bool(tags & HIDES_INPUT),
                outputs=in_solution or bool(tags & HIDES_OUTPUT),
            )
            add(new)
        else:
            add(nbformat.v4.new_raw_cell(cell.source, metadata=copy.deepcopy(cell.metadata)))
    notes = converter.footnote_cell()
    if notes:
        add(nbformat.v4.new_markdown_cell(notes))
    return result
