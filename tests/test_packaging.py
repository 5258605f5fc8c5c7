"""The wheel holds what a reader needs: every package, every puzzle, every import of a chapter.

Fast checks of pyproject.toml against the sources; `make notebooks` (tests/outside/) proves the
same end to end by running the downloaded chapters from a fresh venv with the built wheel.
"""

import ast
import functools
import re
import sys
import tomllib
import zipfile
from importlib.metadata import packages_distributions
from pathlib import Path

import jupytext
import pytest
import yaml

from booktools import sphinx_ext
from booktools.downloads import package
from booktools.downloads.install_cell import check_source
from helper import data
from helper.extras import MODULES

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def normalized(requirement: str) -> str:
    """A distribution name as pip compares them (PEP 503), without any version or marker."""
    name = re.match(r"[A-Za-z0-9._-]+", requirement).group(0)
    return re.sub(r"[-_.]+", "-", name).lower()


def imported_modules(code: str) -> set[str]:
    """The top-level modules that `code` imports (IPython magics and shell lines skipped)."""
    python = "\n".join(line for line in code.splitlines() if line.lstrip()[:1] not in ("%", "!"))
    found = set()
    for node in ast.walk(ast.parse(python)):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def chapter_imports() -> dict[str, set[str]]:
    """For each notebook chapter, the modules its code cells import."""
    found = {}
    for source in sorted((REPO / "book").glob("*.md")):
        notebook = jupytext.read(source)
        if not notebook.metadata.get("kernelspec"):  # a plain Markdown page, no code cells
            continue
        code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
        found[source.name] = set().union(*map(imported_modules, code))
    return found


def package_imports() -> dict[str, set[str]]:
    """For each module of `helper`, the modules it imports."""
    return {
        str(path.relative_to(REPO)): imported_modules(path.read_text("utf8"))
        for path in sorted((REPO / "helper").rglob("*.py"))
    }


def needed_extra(where: str) -> str | None:
    """The extra a module of `helper` (a path) needs, by `helper.extras.MODULES`, or None."""
    name = ".".join(Path(where).with_suffix("").parts).removesuffix(".__init__")
    for module, extra in MODULES.items():
        if name == module or name.startswith(f"{module}."):
            return extra
    return None


def extra_requirements(extra: str) -> list[str]:
    return list(PYPROJECT["project"]["optional-dependencies"][extra])


OPTIONAL_AT_RUN_TIME = {"helper/book/glue.py": {"myst_nb"}}
"""Imports a module makes only when the package is there: glue uses myst-nb's at the book's
build (requirements.txt installs it) and works without it in a reader's notebook."""


@functools.cache
def installed_distributions() -> dict[str, list[str]]:
    """Which installed distributions provide each top-level module."""
    return packages_distributions()


def test_every_package_folder_is_in_the_wheel() -> None:
    code = {
        ".".join(init.parent.relative_to(REPO).parts)
        for init in (REPO / "helper").rglob("__init__.py")
    }
    puzzles = {
        ".".join(("helper.puzzles", *folder.relative_to(REPO / "data").parts))
        for folder in (REPO / "data").rglob("*")
        if folder.is_dir() and folder.name != "__pycache__"
    }
    assert set(SETUPTOOLS["packages"]) == code | {"helper.puzzles"} | puzzles


def test_the_puzzles_package_is_the_data_folder() -> None:
    folder = REPO / SETUPTOOLS["package-dir"]["helper.puzzles"]
    assert folder == REPO / "data"
    assert (folder / "__init__.py").is_file()
    assert data.DATA_DIR.resolve() == folder  # this checkout's install finds it there


def test_every_puzzle_file_is_package_data() -> None:
    folder = REPO / "data"
    shipped = {
        path
        for package, patterns in SETUPTOOLS["package-data"].items()
        for pattern in patterns
        for path in folder.joinpath(*package.split(".")[2:]).glob(pattern)
    }
    puzzles = {p for p in folder.rglob("*") if p.suffix in (".json", ".txt")}
    assert puzzles, "no puzzle files in data/"
    assert not puzzles - shipped, f"not in the wheel: {sorted(puzzles - shipped)}"


@pytest.mark.parametrize(
    ("where", "modules"),
    [
        pytest.param(where, modules, id=where)
        for where, modules in [*chapter_imports().items(), *package_imports().items()]
    ],
)
def test_every_import_is_a_declared_dependency(where: str, modules: set[str]) -> None:
    """The package imports only its required dependencies, but for the modules that need an
    extra (`helper.extras.MODULES`), which may use it; a chapter, and `helper.book` (what the
    chapters import to show their tables), may use the `book` extra: what a chapter's notebook
    needs, which is not the book-building stack (no myst-nb)."""
    requirements = list(PYPROJECT["project"]["dependencies"])
    if where.endswith(".md") or where.startswith("helper/book/"):
        requirements += extra_requirements("book")
    if not where.endswith(".md") and needed_extra(where):
        requirements += extra_requirements(needed_extra(where))
    declared = {normalized(requirement) for requirement in requirements}
    distributions = installed_distributions()
    third_party = sorted(
        modules
        - set(sys.stdlib_module_names)
        - {"helper", "__future__"}
        - OPTIONAL_AT_RUN_TIME.get(where, set())
    )
    undeclared = [
        module
        for module in third_party
        if not {normalized(d) for d in distributions.get(module, [module])} & declared
    ]
    assert not undeclared, f"{where} imports {undeclared}, not in pyproject's dependencies"


def test_the_install_cell_names_this_project_its_version_and_extra() -> None:
    assert PYPROJECT["project"]["name"] == sphinx_ext.DISTRIBUTION
    assert sphinx_ext.book_version() == PYPROJECT["project"]["version"]
    assert sphinx_ext.EXTRA in PYPROJECT["project"]["optional-dependencies"]


def test_the_config_names_no_address_it_does_not_control() -> None:
    config = yaml.safe_load((REPO / "_config.yml").read_text("utf8"))
    source = config["sphinx"]["config"]["book_install_source"]
    check_source(source)  # valid (tests/test_downloads_publish.py tests the choices)
    url = config["repository"]["url"]
    buttons = [config["html"][b] for b in ("use_repository_button", "use_issues_button")]
    assert url or not any(buttons)  # a button needs an address
    texts = [REPO / "README.md", REPO / "book" / "intro.md", REPO / "helper" / "data.py"]
    for path in texts:
        assert "github.com" not in path.read_text("utf8") or url, path


def test_puzzle_files_are_found_by_name() -> None:
    assert data.load_json("nonogram01") == data.load_json("nonogram01.json")
    assert data.data_path("futoshiki/sample01.txt").is_file()


def test_a_missing_puzzle_file_names_the_choices() -> None:
    with pytest.raises(FileNotFoundError, match=r"'futoshiki/nope\.txt'.*sample01\.txt") as error:
        data.data_path("futoshiki/nope.txt")
    assert "__init__" not in str(error.value)
    with pytest.raises(FileNotFoundError, match=r"nonogram01\.json"):
        data.load_json("nonogram99")


def test_the_build_tools_stay_out_of_the_wheel() -> None:
    assert not any(package.startswith("booktools") for package in SETUPTOOLS["packages"])
    assert all(package.startswith("helper") for package in SETUPTOOLS["packages"])


def test_every_runtime_dependency_has_a_lower_bound_and_is_used() -> None:
    """Each dependency says the oldest version with what `helper` uses, and the modules that
    solve import it; they import nothing of an extra (so that `pip install` of the package
    brings what solving needs: no figures, no tables, no Sphinx or Jupyter)."""
    distributions = installed_distributions()

    def used(modules: dict[str, set[str]]) -> set[str]:
        imported = set().union(*modules.values())
        return {normalized(d) for module in imported for d in distributions.get(module, [])}

    modules = package_imports()
    solving = used(
        {
            where: imported
            for where, imported in modules.items()
            if not where.startswith("helper/book/") and needed_extra(where) is None
        }
    )
    for requirement in PYPROJECT["project"]["dependencies"]:
        assert ">=" in requirement, f"{requirement}: no lower bound"
        assert normalized(requirement) in solving, f"{requirement}: helper does not import it"
    assert {normalized(r) for r in PYPROJECT["project"]["dependencies"]} == {
        "ortools", "python-sat", "numpy"
    }  # fmt: skip
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert set(extras) == {"plot", "bench", "book"}
    bounds: dict[str, str] = {}
    for extra, requirements in extras.items():
        for requirement in requirements:
            assert ">=" in requirement, f"{extra}: {requirement}: no lower bound"
            # the same package has the same bound in every extra
            assert bounds.setdefault(normalized(requirement), requirement) == requirement
            assert normalized(requirement) not in solving, f"{requirement} is needed to solve"
    book = {normalized(r) for r in extras["book"]}
    assert book == {"matplotlib", "ipython", "pandas", "jinja2", "tabulate"}
    assert {normalized(r) for r in extras["plot"]} <= book  # a chapter draws
    assert "pandas" in used({k: v for k, v in modules.items() if k.startswith("helper/book/")})


def test_the_wheel_ships_its_type_hints_and_requires_only_what_solving_needs(
    tmp_path: Path,
) -> None:
    wheel = package.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        fields = archive.read(metadata).decode("utf8").split("\n\n")[0].splitlines()
    assert "helper/py.typed" in names  # PEP 561: mypy reads helper's hints where it is installed
    assert "helper/extras.py" in names and "helper/book/glue.py" in names
    requires = [f.removeprefix("Requires-Dist: ") for f in fields if f.startswith("Requires-Dist:")]
    assert [r for r in requires if ";" not in r] == PYPROJECT["project"]["dependencies"]
    extras = [f.removeprefix("Provides-Extra: ") for f in fields if f.startswith("Provides-Extra:")]
    assert extras == list(PYPROJECT["project"]["optional-dependencies"])
