"""The reader's machine for the downloaded-notebook tests: a fresh venv with the project's wheel.

Environment variables:
  BOOK_SITE   the built HTML folder (default: _build/html of the repository)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from booktools.toc import REPO, toc_files

KERNEL = "logic-puzzles-reader"
# What a copy of the sources leaves out: build outputs, environments and caches (as .gitignore).
NOT_SOURCES = shutil.ignore_patterns(
    ".git",
    ".venv*",
    "_build",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".*cache*",
    ".hypothesis",
    ".ipynb_checkpoints",
    "*.ipynb",
)

timings: dict[str, float] = {}
"""Seconds per chapter run outside the checkout (for the summary at the end of the session)."""
setup_seconds: list[float] = []


@dataclass(frozen=True)
class Reader:
    """The reader's environment: its Python, its Jupyter data folder and the kernel's name."""

    python: Path
    jupyter_path: Path
    kernel: str
    workdir: Path  # the empty folder the notebooks are copied into and run from

    def kernel_env(self) -> dict[str, str]:
        """The kernel's environment: ours, without anything that could point into the checkout."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["JUPYTER_PATH"] = str(self.jupyter_path)
        return env


def _run(*command: str | Path, cwd: Path) -> str:
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
            f"{result.stdout}\n{result.stderr}",
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


def make_reader(root: Path) -> Reader:
    """Build the wheel, install it in a new venv (pins as constraints), register its kernel."""
    start = time.perf_counter()
    assert not root.resolve().is_relative_to(REPO), f"{root} is inside the checkout"
    sources, dist, venv = root / "sources", root / "dist", root / "venv"
    shutil.copytree(REPO, sources, ignore=NOT_SOURCES)  # so no build/ is left in the checkout
    pip = ("-m", "pip", "--disable-pip-version-check", "--quiet")
    _run(sys.executable, *pip, "wheel", "--no-deps", "--wheel-dir", dist, sources, cwd=root)
    (wheel,) = dist.glob("*.whl")

    _run(sys.executable, "-m", "venv", venv, cwd=root)
    python = venv / "bin" / "python"
    # Only the wheel with its `book` extra is asked for, as the downloaded notebook's install
    # cell does: its declared dependencies decide what else is installed; requirements.txt only
    # fixes the versions (constraints), so they match the book's build.
    wanted = f"{wheel.name.split('-')[0].replace('_', '-')}[book] @ {wheel.resolve().as_uri()}"
    _run(python, *pip, "install", "--constraint", REPO / "requirements.txt", wanted, cwd=root)
    jupyter = root / "jupyter"
    _run(python, "-m", "ipykernel", "install", "--prefix", jupyter, "--name", KERNEL, cwd=root)

    workdir = root / "reader-folder"
    workdir.mkdir()
    setup_seconds.append(time.perf_counter() - start)
    return Reader(python, jupyter / "share" / "jupyter", KERNEL, workdir)
