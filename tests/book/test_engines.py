"""The table of programs: every program the solver map's tools name is in it, with its name."""

import re
from pathlib import Path

import ortools
import pytest

from helper.backends.pysat import NAMES
from helper.book import engines, solver_map


def test_every_tool_of_the_main_path_names_a_listed_program() -> None:
    listed = [e.name.split(" (")[0] for e in engines.ENGINES]  # "CP-SAT (OR-Tools ...)"
    for row in solver_map.map_rows():
        if row["chapter"] in solver_map.APPENDIX_CHAPTERS:
            continue
        named = [name for name in listed if name in row["tool"]]
        assert named or row["tool"] == "Python", (row["name"], row["tool"])


def test_the_names_and_versions_come_from_the_installed_packages() -> None:
    quoted = [(re.findall(r'`"(\w+)"`', e.code), e.name) for e in engines.ENGINES]
    by_code = {codes[0]: name for codes, name in quoted if codes}
    assert by_code == {code: NAMES[code] for code in by_code}
    assert ortools.__version__ in engines.ENGINES[0].name


def test_the_table_has_a_row_per_program_and_links_each_chapter() -> None:
    lines = engines.engines_table().splitlines()
    assert len(lines) == 2 + len(engines.ENGINES)
    for engine, line in zip(engines.ENGINES, lines[2:], strict=True):
        assert line.startswith(f"| **{engine.name}** |")
        assert line.count("{doc}`") == len(engine.chapters)


def test_a_chapter_without_a_link_text_is_an_error(monkeypatch) -> None:
    bad = engines.Engine("X", "x", "`x`", ("nowhere",))
    monkeypatch.setattr(engines, "ENGINES", (*engines.ENGINES, bad))
    with pytest.raises(KeyError, match="nowhere"):
        engines.engines_table()


def test_every_linked_chapter_is_a_page_of_the_book() -> None:
    book = Path(__file__).resolve().parents[2] / "book"
    assert all((book / f"{chapter}.md").is_file() for chapter in engines.CHAPTER_LINKS)
