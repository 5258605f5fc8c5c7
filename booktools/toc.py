"""The chapters of the book as `_toc.yml` lists them, and where the built site is (for the
tests of the built site)."""

import os
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]


def _files(entry: object) -> list[str]:
    if isinstance(entry, dict):
        found = [entry[key] for key in ("root", "file") if key in entry]
        return found + [f for value in entry.values() for f in _files(value)]
    if isinstance(entry, list):
        return [f for item in entry for f in _files(item)]
    return []


def toc_files(toc: Path = REPO / "_toc.yml") -> list[str]:
    """Every ``root`` and ``file`` entry of the table of contents, in reading order."""
    return _files(yaml.safe_load(toc.read_text("utf8")))


def site_dir() -> Path:
    """The built HTML folder: $BOOK_SITE, else the repository's _build/html."""
    return Path(os.environ.get("BOOK_SITE", REPO / "_build" / "html")).resolve()
