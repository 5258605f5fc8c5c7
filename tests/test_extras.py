"""Solving needs only the required dependencies; the rest says which extra it needs.

Each test runs Python in a subprocess in which the extras' packages (and myst-nb, the book
build's) cannot be imported, as in an environment with only ``pip install
logic-puzzles-helper``: ``sys.modules[name] = None`` makes every import of them fail, as a
missing package does. No network, no new venv: tests/outside/test_lean_wheel.py installs the
wheel alone into a fresh venv (``make notebooks``).
"""

import json
import os
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from helper.extras import DISTRIBUTION, EXTRAS, MODULES, missing_extra

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
HIDDEN = sorted(set().union(*EXTRAS.values()) - {"pandas"} | {"myst_nb"})
"""What the subprocesses cannot import: every extra's packages and myst-nb. Not pandas, which
ortools itself requires (its CP-SAT module imports it), so it is there wherever ortools is."""
LEAN = f"""
import sys
for name in {HIDDEN!r}:
    sys.modules[name] = None
"""


def run_lean(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` with the extras hidden, this checkout's ``helper`` first on the path."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [sys.executable, "-c", LEAN + code, *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=50,
    )


def normalized(name: str) -> str:
    return name.replace("_", "-").replace(".", "-").lower()


def test_the_extras_are_those_of_pyproject() -> None:
    declared = {
        extra: {normalized(r.split(">")[0].split("=")[0].strip()) for r in requirements}
        for extra, requirements in PYPROJECT["project"]["optional-dependencies"].items()
    }
    distributions = packages_distributions()
    modules = {
        extra: {normalized(d) for module in found for d in distributions[module]}
        for extra, found in EXTRAS.items()
    }
    assert modules == declared
    assert PYPROJECT["project"]["name"] == DISTRIBUTION
    assert set(MODULES.values()) <= set(EXTRAS)


def test_a_missing_package_of_an_extra_is_named_with_the_extra() -> None:
    error = missing_extra(ModuleNotFoundError("no", name="matplotlib.axes"), "helper.plot", "plot")
    assert str(error) == (
        "helper.plot needs matplotlib, which is not installed: "
        "pip install 'logic-puzzles-helper[plot]'"
    )
    assert error.name == "matplotlib"
    other = ModuleNotFoundError("no", name="kiwisolver")  # matplotlib's, not the extra's
    assert missing_extra(other, "helper.plot", "plot") is other


def module_names() -> list[str]:
    """Every module the wheel holds, by the name it is imported as."""
    names = []
    for root, prefix in ((REPO / "helper", "helper"), (REPO / "data", "helper.puzzles")):
        for path in sorted(root.rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join((prefix, *parts)))
    return names


def needed_extra(module: str) -> str | None:
    for name, extra in MODULES.items():
        if module == name or module.startswith(f"{name}."):
            return extra
    return None


IMPORT_EACH = """
import importlib, importlib.util, json, pathlib
found = {}
for name, path in json.loads(sys.argv[1]):
    try:
        if name.startswith("helper.puzzles."):  # data/ is helper.puzzles only once installed
            spec = importlib.util.spec_from_file_location(name, path)
            spec.loader.exec_module(importlib.util.module_from_spec(spec))
        else:
            importlib.import_module(name)
        found[name] = None
    except ImportError as error:
        found[name] = [type(error).__name__, str(error)]
print(json.dumps(found))
"""


def test_every_module_imports_without_the_extras_or_names_the_one_it_needs() -> None:
    names = module_names()
    paths = [
        str(REPO / "data" / Path(*n.split(".")[2:]).with_suffix(".py"))
        if n.startswith("helper.puzzles.")
        else ""
        for n in names
    ]
    done = run_lean(IMPORT_EACH, json.dumps(list(zip(names, paths, strict=True))))
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert set(found) == set(names)
    for name, error in found.items():
        extra = needed_extra(name)
        if extra is None:
            assert error is None, f"{name} needs no extra, yet: {error}"
            continue
        assert error is not None, (
            f"{name} imports without the {extra} extra: leave it out of MODULES"
        )
        kind, message = error
        guard, _, rest = message.partition(" needs ")
        package, _, command = rest.partition(", which is not installed: ")
        assert kind == "ModuleNotFoundError", message
        assert needed_extra(guard) == extra and package in EXTRAS[extra], message
        assert command == f"pip install '{DISTRIBUTION}[{extra}]'", message
        if name in MODULES and not name.startswith("helper.puzzles."):
            assert guard == name, f"{name} should name itself: {message}"


SOLVE = """
from helper import futoshiki, nonogram
from helper.explain import futoshiki as explain_futoshiki
from helper.explain import nonogram as explain_nonogram
picture = nonogram.load_puzzle("nonogram01")
assert nonogram.solve(picture).status == "solved"
assert nonogram.count_solutions(picture).unique
assert explain_nonogram.explain(picture).steps
board = futoshiki.load_puzzle("sample01")
assert futoshiki.solve(board).status == "solved"
assert futoshiki.count_solutions(board).unique
assert explain_futoshiki.explain(board).steps
print("solved")
"""


def test_solving_counting_and_explaining_need_no_extra() -> None:
    done = run_lean(SOLVE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["solved"]


CLI = """
import runpy
sys.argv = ["helper", *sys.argv[1:]]
runpy.run_module("helper", run_name="__main__")
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["solve", "data/nonogram01.json"],
        ["count", "data/nonogram01.json"],
        ["solve", "data/futoshiki/sample01.txt"],
        ["explain", "data/nonogram01.json", "--stats"],
        ["explain", "data/futoshiki/sample01.txt", "--stats"],
        ["generate", "futoshiki", "4", "--seed", "1"],
    ],
    ids=" ".join,
)
def test_the_command_line_needs_no_extra(args: list[str]) -> None:
    done = run_lean(CLI, *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_the_benchmark_command_names_its_extra() -> None:
    done = run_lean("import runpy; runpy.run_module('helper.bench', run_name='__main__')")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "ModuleNotFoundError: helper.bench needs tabulate, which is not installed: "
        "pip install 'logic-puzzles-helper[bench]'"
    )
