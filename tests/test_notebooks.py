"""Each chapter run as a reader runs it locally: as an .ipynb, in a fresh kernel, top to bottom.

This is separate from the book build (which executes through myst-nb): it proves that a chapter
opened as a notebook from its own folder works. Slow: run with `pytest -m notebooks`.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from booktools.toc import toc_files

REPO = Path(__file__).resolve().parents[1]
CELL_TIMEOUT = 600  # seconds, the same bound as the book build's `execute.timeout`
ANSI_COLOURS = re.compile(r"\x1b\[[0-9;]*m")


def chapter_notebooks() -> list[Path]:
    """The chapters in `_toc.yml` order whose source is a notebook (has a kernelspec)."""
    chapters = []
    for name in toc_files():
        matches = sorted(REPO.glob(f"{name}.*")) if not Path(name).suffix else [REPO / name]
        for source in matches:
            if source.suffix not in (".md", ".ipynb"):
                continue
            notebook = jupytext.read(source)
            if notebook.metadata.get("kernelspec"):
                chapters.append(source)
    return chapters


def test_toc_has_notebook_chapters() -> None:
    assert chapter_notebooks(), "no notebook chapter found through _toc.yml"


@pytest.mark.notebooks
@pytest.mark.timeout(2 * CELL_TIMEOUT)  # a whole chapter; nbclient stops a stuck cell first
@pytest.mark.parametrize("source", chapter_notebooks(), ids=lambda path: path.stem)
def test_chapter_runs_as_a_notebook(source: Path, tmp_path: Path) -> None:
    # Convert as a reader would (`jupytext --to ipynb`), then read the file back.
    converted = tmp_path / f"{source.stem}.ipynb"
    jupytext.write(jupytext.read(source), converted, fmt="ipynb")
    notebook = nbformat.read(converted, as_version=4)
    nbformat.validate(notebook)
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code_cells, f"{source.name}: no code cells"

    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name=notebook.metadata.kernelspec.name,
        allow_errors=False,
        resources={"metadata": {"path": str(source.parent)}},  # the chapter's own folder
    )
    try:
        client.execute()
    except CellExecutionError as error:  # names the cell and shows its traceback
        message = ANSI_COLOURS.sub("", str(error))
        pytest.fail(f"{source.name} fails when run as a notebook:\n{message}", pytrace=False)

    unexpected = [
        output
        for cell in code_cells
        if "raises-exception" not in cell.metadata.get("tags", [])
        for output in cell.get("outputs", [])
        if output.output_type == "error"
    ]
    assert not unexpected, f"{source.name}: error outputs {unexpected}"
