"""Find the book's puzzle files, wherever a notebook or a test is started from."""

import json
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
"""The repository's ``data/`` folder (``helper`` is installed editable, so it sits beside it)."""


def data_path(name: str) -> Path:
    """Return the path of a file in ``data/``, raising ``FileNotFoundError`` with the choices."""
    path = DATA_DIR / name
    if not path.exists():
        known = ", ".join(sorted(p.name for p in DATA_DIR.iterdir())) if DATA_DIR.exists() else ""
        raise FileNotFoundError(f"no file {name!r} in {DATA_DIR} (there are: {known})")
    return path


def load_json(name: str) -> Any:
    """Load ``data/<name>`` (``.json`` is added when the name has no suffix)."""
    if not Path(name).suffix:
        name += ".json"
    with data_path(name).open(encoding="utf-8") as f:
        return json.load(f)
