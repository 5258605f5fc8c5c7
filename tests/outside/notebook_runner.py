"""Run a downloaded notebook, or only its first cell, in a reader's kernel."""

from __future__ import annotations

import copy
import os
import re
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from reader_machine import Reader, timings

CELL_TIMEOUT = 600  # seconds, the same bound as the book build's `execute.timeout`
ANSI_COLOURS = re.compile(r"\x1b\[[0-9;]*m")


def run_notebook(notebook: nbformat.NotebookNode, reader: Reader, folder: Path, name: str):
    """Run every cell in ``folder`` (the kernel's working directory); fail with the cell's
    traceback. Records the seconds under ``name``."""
    os.environ["JUPYTER_PATH"] = str(reader.jupyter_path)  # where the reader's kernel is
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name=reader.kernel,
        allow_errors=False,
        resources={"metadata": {"path": str(folder)}},
    )
    start = time.perf_counter()
    try:
        client.execute(env=reader.env())
    except CellExecutionError as error:  # names the cell and shows its traceback
        message = ANSI_COLOURS.sub("", str(error))
        pytest.fail(f"{name} fails on the reader's machine:\n{message}", pytrace=False)
    timings[name] = time.perf_counter() - start
    unexpected = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code" and "raises-exception" not in cell.metadata.get("tags", [])
        for output in cell.get("outputs", [])
        if output.output_type == "error"
    ]
    assert not unexpected, f"{name}: error outputs {unexpected}"
    return notebook


def first_cell_errors(
    notebooks: list[nbformat.NotebookNode], reader: Reader, folder: Path
) -> list[tuple[str, str] | None]:
    """Run the first cell of each notebook, in order, in one kernel (each cell stands alone);
    for each, (exception name, message) if it raised."""
    cells = [copy.deepcopy(notebook.cells[0]) for notebook in notebooks]
    together = nbformat.v4.new_notebook(metadata=notebooks[0].metadata, cells=cells)
    os.environ["JUPYTER_PATH"] = str(reader.jupyter_path)
    client = NotebookClient(
        together,
        timeout=CELL_TIMEOUT,
        kernel_name=reader.kernel,
        allow_errors=True,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute(env=reader.env())
    errors: list[tuple[str, str] | None] = []
    for cell in together.cells:
        raised = [output for output in cell.get("outputs", []) if output.output_type == "error"]
        errors.append((raised[0].ename, ANSI_COLOURS.sub("", raised[0].evalue)) if raised else None)
    return errors
