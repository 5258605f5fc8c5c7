"""Fixtures of the reader's machine (reader_machine.py): the site on loopback, two readers.

The readers' venvs are made once per session; pip's download cache is reused, as on a reader's
machine. The summary at the end prints the seconds of each step.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from loopback import serve
from reader_machine import (
    Reader,
    built_site,
    copy_site,
    notebook_chapters,
    notebooks_dir,
    plain_reader,
    timings,
    zip_reader,
)

from booktools.downloads import publish


@dataclass(frozen=True)
class ServedSite:
    """A copy of the built site, served on 127.0.0.1, its downloads written for that address."""

    folder: Path
    url: str
    notebooks: Path  # the build's converted notebooks


@pytest.fixture(scope="session")
def site() -> Path:
    return built_site()


@pytest.fixture(scope="session")
def served_site(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedSite]:
    folder = copy_site(site, tmp_path_factory.mktemp("served") / "site")
    notebooks = notebooks_dir(site)
    with serve(folder) as url:
        written = publish.publish(folder, notebooks, publish.base_url(url))
        assert len(written) == len(notebook_chapters()), "a notebook chapter has no downloads"
        yield ServedSite(folder, url, notebooks)


@pytest.fixture(scope="session")
def zipped(site: Path) -> dict[str, Path]:
    """Each notebook chapter's zip, as the built site offers it."""
    zips = {chapter: site / f"{chapter}.zip" for chapter in notebook_chapters()}
    missing = [str(path) for path in zips.values() if not path.is_file()]
    assert not missing, f"chapters without a zip: {missing}"
    return zips


@pytest.fixture(scope="session")
def readers(
    served_site: ServedSite, zipped: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Future[Reader]]]:
    """Both readers' venvs, made side by side (pip waits on the network more than on the CPU):
    the zip reader's from the first zip, the plain reader's with JupyterLab only."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        yield {
            "zip": pool.submit(
                zip_reader, tmp_path_factory.mktemp("zip-reader"), next(iter(zipped.values()))
            ),
            "plain": pool.submit(
                plain_reader,
                tmp_path_factory.mktemp("plain-reader"),
                f"{served_site.url}dist/constraints.txt",
            ),
        }


@pytest.fixture(scope="session")
def zip_machine(readers: dict[str, Future[Reader]]) -> Reader:
    return readers["zip"].result()


@pytest.fixture(scope="session")
def plain_machine(readers: dict[str, Future[Reader]]) -> Reader:
    return readers["plain"].result()


def pytest_terminal_summary(terminalreporter) -> None:
    if not timings:  # the notebook tests did not run
        return
    steps = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in timings.items())
    terminalreporter.write_line(f"downloads run outside the checkout: {steps}")
    terminalreporter.write_line(
        f"downloads, the steps summed: {sum(timings.values()):.1f} s (the venvs were made side "
        "by side and the chapters ran two at a time, so the wall clock is shorter)"
    )
