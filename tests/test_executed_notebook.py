"""The download button's notebook keeps its outputs when the page came from the execution cache."""

from pathlib import Path

import nbformat
from jupyter_cache import get_cache
from jupyter_cache.base import CacheBundleIn

from booktools.sphinx_ext import executed_notebook


def _notebook(with_output: bool) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell("print(6 * 7)")
    if with_output:
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="42\n")]
        cell.execution_count = 1
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A page"), cell])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    return notebook


def _written(tmp_path: Path, notebook: nbformat.NotebookNode) -> Path:
    path = tmp_path / "page.ipynb"
    nbformat.write(notebook, path)
    return path


def _outputs(notebook: nbformat.NotebookNode) -> list:
    return [cell.outputs for cell in notebook.cells if cell.cell_type == "code"]


def test_outputs_come_back_from_the_cache(tmp_path: Path) -> None:
    cache = get_cache(str(tmp_path / "cache"))
    cache.cache_notebook_bundle(CacheBundleIn(_notebook(True), "page.ipynb"), check_validity=False)
    # What myst-nb 1.x writes for a page taken from the cache: the cells without outputs.
    path = _written(tmp_path, _notebook(False))
    merged = executed_notebook(path, tmp_path / "cache")
    assert _outputs(merged) == [[nbformat.v4.new_output("stream", name="stdout", text="42\n")]]


def test_without_a_cache_the_written_notebook_is_offered(tmp_path: Path) -> None:
    path = _written(tmp_path, _notebook(False))
    assert _outputs(executed_notebook(path, None)) == [[]]
    assert _outputs(executed_notebook(path, tmp_path / "no-such-cache")) == [[]]


def test_a_notebook_the_cache_does_not_know_is_offered_as_written(tmp_path: Path) -> None:
    cache = get_cache(str(tmp_path / "cache"))
    cache.cache_notebook_bundle(CacheBundleIn(_notebook(True), "page.ipynb"), check_validity=False)
    other = _notebook(False)
    other.cells[1].source = "print(6 * 9)"
    assert _outputs(executed_notebook(_written(tmp_path, other), tmp_path / "cache")) == [[]]


def test_an_executed_notebook_is_not_touched(tmp_path: Path) -> None:
    path = _written(tmp_path, _notebook(True))
    assert executed_notebook(path, tmp_path / "no-such-cache") == nbformat.read(path, as_version=4)
