"""A reader's machine, far from the checkout: fresh virtual environments, the site on loopback.

Two readers, as a new reader of the site is one of them:

- the **zip reader** downloaded a chapter's zip, unzipped it and ran
  ``python -m pip install -r requirements.txt`` in the folder, in a new venv. The zips of all
  chapters install the same things (a test checks that their requirements, pins and wheel are
  the same files), so one such venv serves every chapter's notebook;
- the **plain reader** has a new venv with only JupyterLab in it (at the book's pins) and
  downloads a chapter's ``.ipynb`` from the site: its first cell installs the book's package
  from the site, which is served on 127.0.0.1 with its downloads pointed at that address
  (``booktools.downloads.publish``, the same code the build runs for ``html_baseurl``).

The package index (and pip's download cache, as on a reader's machine) is the only network.

Environment variables:
  BOOK_SITE       the built HTML folder (default: _build/html of the repository)
  BOOK_NOTEBOOKS  the build's converted notebooks (default: notebooks beside BOOK_SITE)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from booktools.toc import REPO, site_dir, toc_files

timings: dict[str, float] = {}
"""Seconds of each step (a venv's install, a chapter's run) for the summary at the end."""


@dataclass(frozen=True)
class Reader:
    """A reader's environment: its Python, its Jupyter data folder and its kernel's name."""

    python: Path
    jupyter_path: Path
    kernel: str
    home: Path  # where the reader's folders are (the unzipped chapters, the downloads)

    def env(self) -> dict[str, str]:
        """The kernel's environment: ours, without anything that could point into the checkout."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["JUPYTER_PATH"] = str(self.jupyter_path)
        return env


def run(*command: str | Path, cwd: Path) -> str:
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")},
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode:
        pytest.fail(
            f"`{' '.join(map(str, command))}` failed ({result.returncode}):\n"
            f"{result.stdout[-5000:]}\n{result.stderr[-5000:]}",
            pytrace=False,
        )
    return result.stdout


def notebook_chapters() -> list[str]:
    """The `_toc.yml` entries whose source is a notebook (MyST Markdown with a kernelspec)."""
    chapters = []
    for name in toc_files():
        source = REPO / f"{name}.md"
        front = re.match(r"---\n(.*?)\n---\n", source.read_text("utf8"), flags=re.DOTALL)
        if front and "kernelspec:" in front.group(1):
            chapters.append(name)
    return chapters


def notebooks_dir(site: Path) -> Path:
    """The build's converted notebooks, which the downloads are written from."""
    return Path(os.environ.get("BOOK_NOTEBOOKS", site.parent / "notebooks")).resolve()


def built_site() -> Path:
    site = site_dir()
    if not (site / "dist").is_dir():
        pytest.fail(f"no built site with dist/ at {site}: run `make book` first", pytrace=False)
    return site


def new_venv(root: Path) -> Path:
    """A new virtual environment outside the checkout; its Python."""
    assert not root.resolve().is_relative_to(REPO), f"{root} is inside the checkout"
    run(sys.executable, "-m", "venv", root, cwd=root.parent)
    return root / ("Scripts" if os.name == "nt" else "bin") / "python"


def register_kernel(python: Path, root: Path, name: str) -> Path:
    """Register a kernel that runs ``python``; the Jupyter data folder that holds it."""
    jupyter = root / "jupyter"
    run(python, "-m", "ipykernel", "install", "--prefix", jupyter, "--name", name, cwd=root)
    return jupyter / "share" / "jupyter"


def unzip(zip_path: Path, into: Path) -> Path:
    """Unzip a chapter's zip as a reader does; the chapter's folder (the zip's one top folder)."""
    into.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(zip_path) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
        assert len(tops) == 1, f"{zip_path.name} has {sorted(tops)} at its top, not one folder"
        archive.extractall(into)
    return into / tops.pop()


def zip_reader(root: Path, first_zip: Path) -> Reader:
    """A new venv with what a chapter's requirements.txt installs, and its kernel."""
    start = time.perf_counter()
    folder = unzip(first_zip, root / "downloads")
    python = new_venv(root / "venv")
    pip = ("-m", "pip", "--disable-pip-version-check", "--quiet")
    run(python, *pip, "install", "-r", "requirements.txt", cwd=folder)
    jupyter = register_kernel(python, root, "book-zip-reader")
    timings["zip reader: venv + pip install -r requirements.txt"] = time.perf_counter() - start
    return Reader(python, jupyter, "book-zip-reader", root)


def plain_reader(root: Path, constraints_url: str) -> Reader:
    """A new venv with only JupyterLab (at the book's pins, read from the site), and its kernel."""
    start = time.perf_counter()
    python = new_venv(root / "venv")
    pip = ("-m", "pip", "--disable-pip-version-check", "--quiet")
    run(python, *pip, "install", "--constraint", constraints_url, "jupyterlab", cwd=root)
    jupyter = register_kernel(python, root, "book-plain-reader")
    timings["plain reader: venv + jupyterlab"] = time.perf_counter() - start
    return Reader(python, jupyter, "book-plain-reader", root)


def copy_site(site: Path, target: Path) -> Path:
    shutil.copytree(site, target)
    return target
