"""Find the book's puzzle files, wherever a notebook or a test is started from.

The puzzles live in the repository's top-level ``data/`` folder, which is installed as the
package :mod:`helper.puzzles` (``pyproject.toml`` maps that package onto ``data/``). They are
found through :mod:`importlib.resources`, so the same code works from a wheel (``pip install``
of the repository), from an editable install, and from a checkout that is not installed at all.
"""

import json
from importlib import resources
from pathlib import Path
from typing import Any

PUZZLES_PACKAGE = "helper.puzzles"
"""The package that holds the puzzle files (the repository's ``data/`` folder)."""

INSTALL_HINT = "install the package logic-puzzles-helper (pip install -e . in the book's folder)"


def _puzzle_folder() -> Path:
    """The folder of :data:`PUZZLES_PACKAGE`, as a real directory on disk."""
    try:
        folder = resources.files(PUZZLES_PACKAGE)
    except ModuleNotFoundError:
        # A source checkout used without installing it (``helper`` imported from the current
        # folder): the package's files are the repository's data/ folder, beside helper/.
        folder = Path(__file__).resolve().parent.parent / "data"
        if not (folder / "__init__.py").is_file():
            raise ModuleNotFoundError(
                f"the book's puzzles ({PUZZLES_PACKAGE}) are not installed: {INSTALL_HINT}"
            ) from None
    if not isinstance(folder, Path):  # for example a zip import: no folder to list or glob
        raise RuntimeError(
            f"{PUZZLES_PACKAGE} is not a folder on disk ({folder!r}): install the package "
            f"normally ({INSTALL_HINT})"
        )
    return folder


DATA_DIR = _puzzle_folder()
"""The folder of the puzzle files: ``data/`` in a checkout, ``helper/puzzles/`` when installed."""


def data_path(name: str) -> Path:
    """Return the path of a puzzle file, raising ``FileNotFoundError`` with the choices.

    ``name`` is relative to the puzzle folder, for example ``"futoshiki/sample01.txt"``.
    """
    path = DATA_DIR / name
    if not path.exists():
        folder = path.parent
        known = ", ".join(sorted(_puzzle_names(folder))) if folder.is_dir() else ""
        raise FileNotFoundError(f"no file {name!r} in {folder} (there are: {known})")
    return path


def _puzzle_names(folder: Path) -> list[str]:
    """The files and folders a reader may ask for (not the package's own modules)."""
    return [p.name for p in folder.iterdir() if p.suffix != ".py" and p.name[0] not in "_."]


def load_json(name: str) -> Any:
    """Load the puzzle file ``name`` as JSON (``.json`` is added when the name has no suffix)."""
    if not Path(name).suffix:
        name += ".json"
    with data_path(name).open(encoding="utf-8") as f:
        return json.load(f)
