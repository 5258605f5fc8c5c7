"""Every chapter's zip runs on a reader's machine, far from the checkout.

The zips install the same things (the first test checks that they hold the same wheel, pins
and requirements.txt, byte for byte), so one new venv, made with the first zip's
``python -m pip install -r requirements.txt`` run in its unzipped folder, serves them all. Each
chapter's zip is then unzipped into a folder of its own and its notebook runs there, top to
bottom, in a kernel of that venv, with the venv's own ``jupyter nbconvert --execute`` (what a
reader's JupyterLab has). Two chapters run at a time, one per core, as two readers would.
Needs a built site (`make book`); `make notebooks` runs it.
"""

from __future__ import annotations

import posixpath
import subprocess
import time
import zipfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest
from notebook_runner import CELL_TIMEOUT
from reader_machine import REPO, Reader, notebook_chapters, run, timings, unzip

from booktools.downloads.package import wheel_name

# Each test may take a whole notebook's cells (and the first one the reader's fresh venv).
pytestmark = [pytest.mark.notebooks, pytest.mark.timeout(2 * CELL_TIMEOUT)]
SHARED = ("requirements.txt", "constraints.txt", wheel_name())


def test_the_book_has_notebook_chapters() -> None:
    assert len(notebook_chapters()) >= 1, "no notebook chapter found through _toc.yml"


def test_every_zip_holds_the_same_package_and_pins(site: Path, zipped: dict[str, Path]) -> None:
    first: dict[str, bytes] = {}
    for chapter, path in zipped.items():
        name = posixpath.basename(chapter)
        with zipfile.ZipFile(path) as archive:
            expected = {f"{name}/{file}" for file in (f"{name}.ipynb", "README.txt", *SHARED)}
            assert set(archive.namelist()) == expected, path.name
            shared = {file: archive.read(f"{name}/{file}") for file in SHARED}
        assert shared[wheel_name()] == (site / "dist" / wheel_name()).read_bytes(), path.name
        assert shared["constraints.txt"] == (REPO / "requirements.txt").read_bytes(), path.name
        first = first or shared
        assert shared == first, f"{path.name} installs other things than the first zip"
    requirements = first["requirements.txt"].decode().splitlines()
    wanted = [line for line in requirements if line and not line.startswith("#")]
    assert wanted == ["-c constraints.txt", f"./{wheel_name()}[book]", "jupyterlab"]


def test_the_zip_reader_has_the_package_of_the_zip_and_jupyterlab(zip_machine: Reader) -> None:
    """The reader's `helper`, its puzzles and JupyterLab are the new venv's, not the checkout's."""
    code = (
        "import helper, helper.data, jupyterlab, importlib.metadata as m;"
        "print(helper.__file__); print(helper.data.DATA_DIR); print(jupyterlab.__file__);"
        "print(m.version('logic-puzzles-helper'))"
    )
    *paths, version = run(zip_machine.python, "-c", code, cwd=zip_machine.home).split()
    venv = zip_machine.python.parent.parent
    for path in map(Path, paths):
        assert path.is_relative_to(venv) and not path.is_relative_to(REPO), paths
    assert Path(paths[1]).name == "puzzles", paths
    assert wheel_name().split("-")[1] == version


def run_chapter(reader: Reader, zip_path: Path, name: str) -> tuple[Path, str]:
    """Unzip a chapter and run its notebook in the reader's kernel; the executed notebook and,
    if the run failed, what nbconvert said."""
    folder = unzip(zip_path, reader.home / "chapters")
    notebook = nbformat.read(folder / f"{name}.ipynb", as_version=4)
    nbformat.validate(notebook)
    assert "install" in notebook.cells[0].metadata.get("tags", []), "no install cell first"
    assert any(cell.cell_type == "code" for cell in notebook.cells[1:]), f"{name}: no code"
    start = time.perf_counter()
    done = subprocess.run(
        [str(reader.python), "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
         f"--ExecutePreprocessor.timeout={CELL_TIMEOUT}",
         f"--ExecutePreprocessor.kernel_name={reader.kernel}",
         "--output", f"{name}.executed.ipynb", f"{name}.ipynb"],
        cwd=folder, env=reader.env(), capture_output=True, text=True, check=False,
    )  # fmt: skip
    timings[f"zip {name}"] = time.perf_counter() - start
    return folder / f"{name}.executed.ipynb", "" if done.returncode == 0 else done.stderr[-6000:]


LONG_FIRST = (
    "book/engineering",
    "book/table_hints_strategies",
    "book/fewest_givens",
    "book/cpsat_up_close",
    "book/explain",
)
"""The chapters whose runs take longest (the stage's timings line), started first: two at a
time, the long runs then overlap instead of one of them running alone at the end."""


def run_order(chapters: list[str]) -> list[str]:
    """``chapters`` with those of :data:`LONG_FIRST` first, in its order, then the rest in the
    order of the book."""
    first = [chapter for chapter in LONG_FIRST if chapter in chapters]
    return first + [chapter for chapter in chapters if chapter not in first]


def test_the_long_runs_start_first() -> None:
    order = run_order(notebook_chapters())
    assert sorted(order) == sorted(notebook_chapters())
    assert order[: len(LONG_FIRST)] == list(LONG_FIRST)  # a renamed chapter fails here


@pytest.fixture(scope="session")
def chapter_runs(zip_machine: Reader, zipped: dict[str, Path]) -> dict[str, Future]:
    """Every chapter's run, two at a time, the longest first (:func:`run_order`)."""
    pool = ThreadPoolExecutor(max_workers=2)
    runs = {
        chapter: pool.submit(run_chapter, zip_machine, zipped[chapter], posixpath.basename(chapter))
        for chapter in run_order(list(zipped))
    }
    pool.shutdown(wait=False)
    return runs


@pytest.mark.parametrize("chapter", notebook_chapters(), ids=lambda name: Path(name).name)
def test_zipped_chapter_runs(chapter_runs: dict[str, Future], chapter: str) -> None:
    executed, failure = chapter_runs[chapter].result()
    name = posixpath.basename(chapter)
    assert not failure, f"zip {name} fails on the reader's machine:\n{failure}"
    unexpected = [
        output
        for cell in nbformat.read(executed, as_version=4).cells
        if cell.cell_type == "code" and "raises-exception" not in cell.metadata.get("tags", [])
        for output in cell.get("outputs", [])
        if output.output_type == "error"
    ]
    assert not unexpected, f"zip {name}: error outputs {unexpected}"
