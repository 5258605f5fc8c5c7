"""The plain `.ipynb` download: its first cell installs the package the site serves, or stops.

The built site is copied and served on 127.0.0.1, its downloads written for that address
(conftest.py). The reader has a new venv with only JupyterLab. In that order:

1. every chapter's notebook, as a build with no address writes it, stops at its first cell
   with ``BookPackageMissing``, whose message names the chapter's zip;
2. one chapter whose install fails (the site answers 404) stops the same way;
3. every served notebook's first cell names the served wheel with its sha256, and is the same
   code for every chapter (but for the chapter's zip);
4. one chapter (BOOK_PLAIN_CHAPTER, default book/futoshiki), downloaded from the server,
   installs the package from it and runs to the end.
"""

from __future__ import annotations

import os
import posixpath
import urllib.request
from pathlib import Path

import nbformat
import pytest
from notebook_runner import CELL_TIMEOUT, first_cell_errors, run_notebook
from reader_machine import Reader, notebook_chapters, timings

from booktools.downloads import publish
from booktools.downloads.package import sha256, wheel_name

pytestmark = [pytest.mark.notebooks, pytest.mark.timeout(2 * CELL_TIMEOUT)]
PLAIN_CHAPTER = os.environ.get("BOOK_PLAIN_CHAPTER", "book/futoshiki")
NOT_INSTALLED = "import importlib.metadata as m; m.version('logic-puzzles-helper')"


def _converted(served_site) -> dict[str, nbformat.NotebookNode]:
    return {
        notebook.metadata[publish.METADATA_KEY]["docname"]: notebook
        for notebook in publish.converted_notebooks(served_site.notebooks)
    }


def _download(url: str, target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    with urllib.request.urlopen(url, timeout=30) as response:  # the server on 127.0.0.1
        target.write_bytes(response.read())
    return target


def _has_package(reader: Reader) -> bool:
    import subprocess

    command = [str(reader.python), "-c", NOT_INSTALLED]
    done = subprocess.run(command, cwd=reader.home, env=reader.env(), capture_output=True)
    return done.returncode == 0


def test_without_an_address_every_first_cell_stops_with_the_zip(
    served_site, plain_machine: Reader, tmp_path: Path
) -> None:
    assert not _has_package(plain_machine), "the plain reader's venv must have only Jupyter"
    converted = _converted(served_site)
    assert set(converted) == set(notebook_chapters())
    chapters = list(converted)
    plain = [publish.plain_notebook(served_site.folder, converted[c], None) for c in chapters]
    errors = first_cell_errors(plain, plain_machine, tmp_path)
    for chapter, error in zip(chapters, errors, strict=True):
        assert error is not None, f"{chapter}: the first cell did not stop Run All"
        name, message = error
        assert name == "BookPackageMissing", f"{chapter}: {name}: {message}"
        assert publish.zip_name(chapter) in message and "names no place" in message, message


def test_a_failed_install_stops_with_the_zip(
    served_site, plain_machine: Reader, tmp_path: Path
) -> None:
    nowhere = f"{served_site.url}nowhere/"  # the server answers 404 for everything here
    converted = _converted(served_site)[PLAIN_CHAPTER]
    plain = publish.plain_notebook(served_site.folder, converted, nowhere)
    (error,) = first_cell_errors([plain], plain_machine, tmp_path)
    assert error is not None and error[0] == "BookPackageMissing", error
    assert "failed" in error[1] and f"{nowhere}{PLAIN_CHAPTER}.zip" in error[1], error[1]
    assert not _has_package(plain_machine)


def test_every_served_first_cell_installs_the_served_wheel(served_site) -> None:
    wheel = served_site.folder / "dist" / wheel_name()
    url, digest = served_site.url, sha256(wheel)
    cells = {}
    for chapter in notebook_chapters():
        text = urllib.request.urlopen(f"{url}_sources/{chapter}.ipynb", timeout=30).read()
        cells[chapter] = nbformat.reads(text.decode("utf8"), as_version=4).cells[0].source
    model = cells[PLAIN_CHAPTER]
    assert f"{url}dist/{wheel.name}#sha256={digest}" in model
    assert f"{url}dist/constraints.txt" in model
    for chapter, cell in cells.items():
        same = cell.replace(f"{url}{chapter}.zip", f"{url}{PLAIN_CHAPTER}.zip")
        assert same == model, f"{chapter}'s first cell is not the one that runs below"


def test_a_plain_notebook_installs_from_the_site_and_runs(
    served_site, plain_machine: Reader, tmp_path: Path
) -> None:
    name = posixpath.basename(PLAIN_CHAPTER)
    downloaded = _download(
        f"{served_site.url}_sources/{PLAIN_CHAPTER}.ipynb", tmp_path / "Downloads" / f"{name}.ipynb"
    )
    notebook = nbformat.read(downloaded, as_version=4)
    run_notebook(notebook, plain_machine, downloaded.parent, f"plain {name} (install + run)")
    source = (
        "import importlib.metadata as m, json;"
        "print(json.loads(m.distribution('logic-puzzles-helper').read_text('direct_url.json'))['url'])"
    )
    import subprocess

    where = subprocess.run(
        [str(plain_machine.python), "-c", source],
        cwd=plain_machine.home,
        env=plain_machine.env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert where == f"{served_site.url}dist/{wheel_name()}", where
    assert timings
