"""The package's structure is checked, not reviewed (issue 38): its layers are import-linter's
contracts (``[tool.importlinter]`` in pyproject.toml, run by ``make lint`` too), and the module
map of helper/README.md lists every module of helper/ and nothing that is not there."""

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "helper"

_ENTRY = re.compile(r"^(?P<indent> *)(?P<name>\w+(?:\.py|/))(?:\s|$)")
"""A line of the map that names a module or folder: its indent (two spaces a level), its name."""


def mapped_paths(readme: str) -> list[str]:
    """The paths the map in ``readme`` names, relative to helper/: ``"plot/boards.py"``,
    ``"plot/"``. A line indented deeper than one level below the folder it is in continues the
    line above; folders are given with their ``/``."""
    block = re.search(r"^```\nhelper/\n(.*?)^```", readme, flags=re.MULTILINE | re.DOTALL)
    assert block is not None, "no map: a code block that starts with helper/"
    folders: list[str] = []
    found = []
    for line in block[1].splitlines():
        match = _ENTRY.match(line)
        if match is None:
            continue
        indent = len(match["indent"])
        level, odd = divmod(indent, 2)
        if odd or not 1 <= level <= len(folders) + 1:
            continue  # the rest of the line above
        del folders[level - 1 :]
        name = match["name"]
        found.append("".join(folders) + name)
        if name.endswith("/"):
            folders.append(name)
    return found


def test_the_map_is_read_as_written() -> None:
    readme = """```
helper/
  errors.py            the exceptions
                       | a continuation
  plot/                figures
    boards.py          boards
                        cores.py is named in the line above
  deadline.py          Deadline
```"""
    assert mapped_paths(readme) == ["errors.py", "plot/", "plot/boards.py", "deadline.py"]


def modules() -> set[str]:
    """Every module and package of helper/, as the map names it (a package by its folder)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE)
        if path.name == "__init__.py" and relative.parent != Path():
            found.add(f"{relative.parent.as_posix()}/")  # a package: its folder's line
        else:
            found.add(relative.as_posix())
    return found


def test_the_readme_maps_every_module_of_helper() -> None:
    mapped = mapped_paths((PACKAGE / "README.md").read_text(encoding="utf-8"))
    assert len(mapped) == len(set(mapped)), "a module is listed twice"
    missing = sorted(modules() - set(mapped))
    assert not missing, f"helper/README.md does not list {missing}"
    gone = sorted(path for path in mapped if not (PACKAGE / path).exists())
    assert not gone, f"helper/README.md lists {gone}, which are not in helper/"


def test_the_import_contracts_hold() -> None:
    """``lint-imports`` on this checkout's helper/ (first on the path), as ``make lint`` runs it."""
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command; lint_imports_command()",
            "--no-logo",
            "--no-cache",
        ],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


_SEARCHES = {
    "CpSolver": "a CpSolver is made",
    "make_solver": "a CpSolver is made",
    "solve_limited": "a PySAT search is started",
    "RC2": "RC2 is made",
}
"""Names whose use outside helper/backends means a search goes around the one door (attribute
or plain name); import-linter sees imports only, so a ``cp_model.CpSolver()`` needs this."""


def searches_outside_the_door(source: str) -> list[tuple[int, str]]:
    """The lines of ``source`` that make or start a solver themselves, and what they do."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        name = None
        if isinstance(node, ast.Call):  # a call; a type hint such as cp_model.CpSolver is none
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        elif isinstance(node, ast.ImportFrom):
            names = {alias.name for alias in node.names}
            name = next((n for n in _SEARCHES if n in names), None)
        if name in _SEARCHES:
            found.append((node.lineno, _SEARCHES[name]))
    return found


def test_the_door_check_sees_a_solver_made_outside() -> None:
    source = "from ortools.sat.python import cp_model\nsolver = cp_model.CpSolver()\n"
    assert searches_outside_the_door(source) == [(2, "a CpSolver is made")]
    assert searches_outside_the_door("from helper.ortools import make_solver\n")
    assert searches_outside_the_door("model = cp_model.CpModel()\n") == []
    assert searches_outside_the_door("solver: cp_model.CpSolver | None = None\n") == []
    assert searches_outside_the_door("found = sat.solve_limited([1])\n") == [
        (1, "a PySAT search is started")
    ]


def test_only_the_door_makes_or_runs_a_solver() -> None:
    """Every CpSolver, PySAT search and RC2 of helper/ is made in helper/backends (the door owns
    the time limit, Ctrl-C, the statistics and the reading of a status); ``helper.ortools``
    re-exports ``make_solver`` for the chapters' own cells and uses it nowhere."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("backends/") or relative == "ortools.py":
            continue
        for line, what in searches_outside_the_door(path.read_text(encoding="utf-8")):
            offenders.append(f"helper/{relative}:{line}: {what}")
    assert not offenders, "\n".join(offenders)
