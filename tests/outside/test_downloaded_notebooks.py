"""Every chapter's downloaded notebook runs on a reader's machine, far from the checkout.

For each notebook chapter of `_toc.yml`, the test takes the executed `.ipynb` that the built page
links to (its download button), copies it into an empty folder outside the repository and runs
it top to bottom in a kernel of a fresh virtual environment that has only the project's wheel
and its declared dependencies (conftest.py). Needs a built site (`make book`); run with
`pytest -m notebooks` (`make notebooks`).
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
import subprocess
import time
from pathlib import Path

import nbformat
import pytest
from bs4 import BeautifulSoup
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from reader_machine import REPO, Reader, notebook_chapters, timings

from booktools.toc import site_dir

CELL_TIMEOUT = 600  # seconds, the same bound as the book build's `execute.timeout`
# Each test may take a whole notebook's cells (and the first one the reader's fresh venv).
pytestmark = [pytest.mark.notebooks, pytest.mark.timeout(2 * CELL_TIMEOUT)]
ANSI_COLOURS = re.compile(r"\x1b\[[0-9;]*m")


def downloaded_notebook(site: Path, chapter: str) -> Path:
    """The `.ipynb` file that the chapter's built page offers in its download menu."""
    page = site / f"{chapter}.html"
    if not page.is_file():
        pytest.fail(f"no built page {page}: run `make book` first", pytrace=False)
    soup = BeautifulSoup(page.read_text("utf8"), "html.parser")
    links = [a["href"] for a in soup.select(".dropdown-download-buttons a[href$='.ipynb']")]
    assert links, f"{page.name}: the download menu offers no .ipynb"
    target = site / posixpath.normpath(posixpath.join(posixpath.dirname(chapter), links[0]))
    assert target.is_file(), f"{page.name} links to {links[0]}, which is not in the site"
    return target


def test_the_book_has_notebook_chapters() -> None:
    assert len(notebook_chapters()) >= 1, "no notebook chapter found through _toc.yml"


def test_helper_comes_from_the_wheel(reader: Reader) -> None:
    """The reader's `helper`, its puzzles and its kernel are the new venv's, not the checkout's."""
    where = subprocess.run(
        [
            str(reader.python),
            "-c",
            "import helper, helper.data; print(helper.__file__); print(helper.data.DATA_DIR)",
        ],
        cwd=reader.workdir,
        env=reader.kernel_env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    venv = reader.python.parent.parent
    for path in map(Path, where):
        assert path.is_relative_to(venv) and not path.is_relative_to(REPO), where
    assert Path(where[1]).name == "puzzles", where
    # The notebooks' kernel runs this environment's Python, not the one running the tests.
    spec = json.loads((reader.jupyter_path / "kernels" / reader.kernel / "kernel.json").read_text())
    assert Path(spec["argv"][0]) == reader.python, spec["argv"]


@pytest.mark.parametrize("chapter", notebook_chapters(), ids=lambda name: Path(name).name)
def test_downloaded_notebook_runs_outside_the_checkout(
    reader: Reader, chapter: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    notebook_file = shutil.copy(downloaded_notebook(site_dir(), chapter), reader.workdir)
    notebook = nbformat.read(notebook_file, as_version=4)
    nbformat.validate(notebook)
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code_cells, f"{chapter}: no code cells"

    monkeypatch.setenv("JUPYTER_PATH", str(reader.jupyter_path))  # where the reader's kernel is
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name=reader.kernel,
        allow_errors=False,
        resources={"metadata": {"path": str(reader.workdir)}},
    )
    start = time.perf_counter()
    try:
        client.execute(env=reader.kernel_env())
    except CellExecutionError as error:  # names the cell and shows its traceback
        message = ANSI_COLOURS.sub("", str(error))
        pytest.fail(f"{chapter} fails outside the checkout:\n{message}", pytrace=False)
    seconds = time.perf_counter() - start

    unexpected = [
        output
        for cell in code_cells
        if "raises-exception" not in cell.metadata.get("tags", [])
        for output in cell.get("outputs", [])
        if output.output_type == "error"
    ]
    assert not unexpected, f"{chapter}: error outputs {unexpected}"
    timings[Path(chapter).name] = seconds
