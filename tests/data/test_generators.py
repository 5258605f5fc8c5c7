"""The seeded scripts in ``data/`` still run, and still make the committed puzzle files.

The book's puzzles are made by code: a script that no longer reproduces its files is a defect,
since the chapters assert facts about those very puzzles. Each script is run as a reader runs
it, ``python data/<script>.py [NAME...] --out DIR``, in a new process started in another folder
(so its paths must be its own, not the working directory's), and every file it writes is
compared byte for byte with the committed one. The run refuses to start a process (fork,
spawn, ``subprocess``, ``multiprocessing``): a script that needs one would run its top level
again in the child on macOS and Windows. A script whose whole run takes more than a few
seconds makes a named part of its files here (``make_nine.py``: one of its three puzzles);
``python data/<script>.py`` then ``git status data/`` checks the rest.

A new script in ``data/`` fails :func:`test_every_script_in_data_is_run_here` until it has an
entry in :data:`RUNS`.
"""

import difflib
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"


@dataclass(frozen=True)
class Run:
    """How to run one generator and which committed files it must reproduce."""

    args: tuple[str, ...]  # the names to make (none: all), before --out
    folder: str  # where its committed files are, relative to data/
    files: str  # a glob in folder: exactly the files the run writes


RUNS = {
    "make_nonograms.py": Run((), ".", "nonogram*.json"),
    "make_benchmark.py": Run((), "bench", "*.json"),
    "futoshiki/reconstruct.py": Run((), "futoshiki", "sample*.txt"),
    "futoshiki/make_nine.py": Run(("nine01",), "futoshiki", "nine01.*"),  # 7 s of the 20 s
}
"""Each script in data/ (its path relative to data/) and its bounded run."""

# Runs the script as ``python SCRIPT ARGS...`` does (``__main__``, the script's folder first on
# the path), with every way of starting a process refused.
RUN_AS_SCRIPT = """
import os, runpy, sys
import multiprocessing.process

STARTS = {"os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.exec", "os.system",
          "subprocess.Popen"}

def refuse(event, args):
    if event in STARTS:
        raise RuntimeError(f"the generator started a process ({event})")

def refuse_start(self):
    raise RuntimeError("the generator started a multiprocessing process")

multiprocessing.process.BaseProcess.start = refuse_start
sys.addaudithook(refuse)
script = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path[0] = os.path.dirname(script)
runpy.run_path(script, run_name="__main__")
"""


def scripts_in_data() -> list[str]:
    """Every Python file in data/ but the package's ``__init__.py``, relative to data/."""
    scripts = (p for p in DATA.rglob("*.py") if p.name != "__init__.py")
    return sorted(p.relative_to(DATA).as_posix() for p in scripts)


def run_generator(script: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``data/<script>`` with ``args`` as a script, in ``cwd``, on this checkout's helper."""
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-c", RUN_AS_SCRIPT, str(DATA / script), *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=55,
    )


def first_difference(name: str, made: bytes, committed: bytes) -> str:
    """A short unified diff of a file as made and as committed."""
    diff = difflib.unified_diff(
        committed.decode("utf-8", "replace").splitlines(),
        made.decode("utf-8", "replace").splitlines(),
        f"committed {name}",
        f"made {name}",
        lineterm="",
    )
    return "\n".join(list(diff)[:30])


@pytest.mark.parametrize("script", sorted(RUNS))
def test_the_generator_remakes_its_committed_files_byte_for_byte(script, tmp_path):
    run = RUNS[script]
    committed = sorted((DATA / run.folder).glob(run.files))
    assert committed, f"no committed file matches {run.folder}/{run.files}"
    out, cwd = tmp_path / "out", tmp_path / "elsewhere"
    cwd.mkdir()
    done = run_generator(script, [*run.args, "--out", str(out)], cwd)
    assert done.returncode == 0, f"{script} failed:\n{done.stdout}\n{done.stderr}"
    assert sorted(p.name for p in out.iterdir()) == [p.name for p in committed]
    for path in committed:
        made = (out / path.name).read_bytes()
        assert made == path.read_bytes(), first_difference(path.name, made, path.read_bytes())


def test_a_generator_refuses_an_unknown_name(tmp_path):
    done = run_generator("make_nonograms.py", ["nonogram99", "--out", str(tmp_path)], tmp_path)
    assert done.returncode == 2
    assert "no puzzle named nonogram99" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_every_script_in_data_is_run_here():
    missing = sorted(set(scripts_in_data()) - set(RUNS))
    assert not missing, (
        f"data/ has scripts that no test runs: {missing}; add each to RUNS in {__file__} with "
        "a run of a few seconds whose files are compared with the committed ones"
    )
    assert sorted(RUNS) == scripts_in_data(), "RUNS names a script that is no longer in data/"


@pytest.mark.parametrize("script", scripts_in_data())
def test_a_script_in_data_runs_only_as_a_script(script):
    """Its work is behind ``if __name__ == "__main__":`` (the files ship in the wheel as the
    modules of helper.puzzles, and tests read their tables with runpy)."""
    text = (DATA / script).read_text(encoding="utf-8")
    assert '\nif __name__ == "__main__":\n    main()\n' in text
