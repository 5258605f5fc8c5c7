"""A reader's machine, far from the checkout: a fresh virtual environment with the wheel installed.

The `reader` fixture builds the project's wheel from a copy of the sources, installs it with its
declared dependencies (and nothing else) into a new virtual environment, and registers a Jupyter
kernel that runs that environment's Python (reader_machine.py). The chapters' downloaded
notebooks then run in an empty folder outside the repository. pip's download cache is reused,
as on a reader's machine.
"""

from __future__ import annotations

import pytest
from reader_machine import Reader, make_reader, notebook_chapters, setup_seconds, timings


@pytest.fixture(scope="session")
def reader(tmp_path_factory: pytest.TempPathFactory) -> Reader:
    return make_reader(tmp_path_factory.mktemp("reader"))


def pytest_terminal_summary(terminalreporter) -> None:
    if not setup_seconds:  # the notebook tests did not run
        return
    chapters = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in timings.items())
    terminalreporter.write_line(
        f"downloaded notebooks run outside the checkout: {len(timings)} of "
        f"{len(notebook_chapters())} chapters ({chapters}); wheel + fresh venv "
        f"{sum(setup_seconds):.1f} s, chapters {sum(timings.values()):.1f} s"
    )
