"""The wheel alone, in a fresh venv far from the checkout: it solves, and says what else it needs.

``pip install logic-puzzles-helper`` (no extra) installs what solving needs: ortools,
python-sat, numpy (and what they require). This installs the wheel built from the checkout
that way, at the book's pins, into a new venv, and checks there that solving, counting,
explaining and the command line work, that none of the extras' packages came along, that a
module which needs an extra names it, and that the type hints' marker ``py.typed`` is
installed. tests/test_extras.py checks the same quickly, in the checkout's venv with the
extras' packages hidden.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from reader_machine import REPO, new_venv, run, timings

from booktools.downloads import package

pytestmark = [pytest.mark.notebooks, pytest.mark.timeout(600)]

NOT_INSTALLED = ("matplotlib", "rich", "tabulate", "IPython", "jinja2", "myst_nb", "sphinx")
CHECKS = f"""
import importlib.util
from pathlib import Path

import helper
from helper import futoshiki, nonogram
from helper.explain import futoshiki as explain_futoshiki, nonogram as explain_nonogram

for name in {NOT_INSTALLED!r}:
    assert importlib.util.find_spec(name) is None, f"{{name}} came with the wheel alone"
picture = nonogram.load_puzzle("nonogram01")
assert nonogram.solve(picture).status == "solved"
assert nonogram.count_solutions(picture).unique
assert explain_nonogram.explain(picture).steps
board = futoshiki.load_puzzle("sample01")
assert futoshiki.solve(board).status == "solved"
assert futoshiki.count_solutions(board).unique
assert explain_futoshiki.explain(board).steps
assert Path(helper.__file__).with_name("py.typed").is_file()
try:
    import helper.plot
except ModuleNotFoundError as error:
    print(error)
else:
    raise AssertionError("helper.plot imported without matplotlib")
"""


@pytest.fixture(scope="module")
def lean_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new venv with the wheel and no extra, at the book's pins; its Python."""
    root = tmp_path_factory.mktemp("lean-reader")
    start = time.perf_counter()
    wheel = package.build_wheel(root / "dist")
    python = new_venv(root / "venv")
    pip = ("-m", "pip", "--disable-pip-version-check", "--quiet", "install")
    run(python, *pip, "--constraint", REPO / "requirements.txt", wheel, cwd=root)
    timings["lean wheel: venv + pip install of the wheel alone"] = time.perf_counter() - start
    return python


def test_the_wheel_alone_solves_counts_and_explains(lean_python: Path) -> None:
    said = run(lean_python, "-c", CHECKS, cwd=lean_python.parent)
    assert said.strip() == (
        "helper.plot needs matplotlib, which is not installed: "
        "pip install 'logic-puzzles-helper[plot]'"
    )


def test_the_command_line_runs_with_the_wheel_alone(lean_python: Path) -> None:
    home = lean_python.parent
    assert "solve" in run(lean_python, "-m", "helper", "--help", cwd=home)
    puzzles = run(
        lean_python,
        "-c",
        "from helper.data import data_path; print(data_path('nonogram01.json'));"
        "print(data_path('futoshiki/sample01.txt'))",
        cwd=home,
    ).split()
    assert all(Path(path).is_relative_to(home.parent) for path in puzzles), puzzles
    picture = run(lean_python, "-m", "helper", "solve", puzzles[0], cwd=home)
    assert "#" in picture
    assert run(lean_python, "-m", "helper", "solve", puzzles[1], cwd=home).strip()
    # the installed command, and an explanation by the explainers' own door
    assert "#" in run(lean_python.parent / "logic-puzzles", "solve", puzzles[0], cwd=home)
    assert run(lean_python, "-m", "helper", "explain", puzzles[1], cwd=home).strip()
