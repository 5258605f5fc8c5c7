"""The solver map of the closing chapter lists every registered solver, by its one name."""

import re

import pytest

from helper.book import solver_map
from helper.nonogram import REGISTRY
from helper.palette import SOLVER_NAMES
from helper.plot import solver_label


def test_every_registered_solver_has_a_row_and_no_row_is_stale() -> None:
    assert solver_map.missing_rows() == []
    assert solver_map.stale_rows() == []
    assert set(solver_map.NONOGRAM_ROWS) == set(REGISTRY)


def test_a_solver_registered_without_a_row_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    # the registry is read-only: the map reads a table with one more entry in its place
    more = {**REGISTRY, "new-solver": REGISTRY["portfolio"]}
    monkeypatch.setattr(solver_map, "REGISTRY", more)
    assert solver_map.missing_rows() == ["new-solver"]
    with pytest.raises(KeyError, match="new-solver"):
        solver_map.map_rows()


def test_the_map_names_each_solver_once_by_its_display_name_in_registry_order() -> None:
    rows = solver_map.map_rows()
    names = [row["name"] for row in rows]
    assert len(names) == len(set(names))
    assert names[: len(REGISTRY)] == [SOLVER_NAMES[key] for key in REGISTRY]
    assert names[len(REGISTRY) :] == list(solver_map.FUTOSHIKI_ROWS)


def test_the_capabilities_come_from_the_registry() -> None:
    keys = {row["key"] for row in solver_map.map_rows()}
    for key, entry in REGISTRY.items():
        assert (f"`{key}` (solve and count)" in keys) == entry.can("count")


def test_the_tools_follow_the_registered_settings() -> None:
    assert solver_map.tool("sat-automaton") == "PySAT, Glucose 3"
    # the portfolio races only back ends that can be interrupted (issue 30): no CaDiCaL
    portfolio = solver_map.tool("portfolio")
    assert (
        portfolio
        == "Python + PySAT: Glucose 3 (Glucose 4.1 joins) or Glucose 4.1 (Glucose 3 joins)"
    )
    assert solver_map.tool("cpsat-automaton").startswith("CP-SAT")


@pytest.mark.parametrize("part", ["idea", "trade-off"])
def test_the_markdown_tables_have_one_line_per_row_and_the_same_columns(part: str) -> None:
    lines = solver_map.solver_map(part).splitlines()
    assert len(lines) == 2 + len(REGISTRY) + len(solver_map.FUTOSHIKI_ROWS)
    bars = {len(re.findall(r"(?<!\\)\|", line)) for line in lines}
    assert len(bars) == 1


@pytest.mark.parametrize("part", ["idea", "trade-off"])
def test_the_main_path_and_the_appendix_maps_split_the_rows(part: str) -> None:
    def names(where: str) -> list[str]:
        return [
            line.split("|")[1].strip()
            for line in solver_map.solver_map(part, where=where).splitlines()[2:]
        ]

    main, appendix = names("main path"), names("appendix")
    assert sorted(main + appendix) == sorted(names("all")) and not set(main) & set(appendix)
    rows = {row["name"]: row["chapter"] for row in solver_map.map_rows()}
    assert all(rows[name] in solver_map.APPENDIX_CHAPTERS for name in appendix)
    assert "CP-SAT Futoshiki (`GameBoard`)" in main and SOLVER_NAMES["cpsat-table"] in appendix
    with pytest.raises(ValueError, match="main path"):
        solver_map.solver_map(part, where="main")


def test_every_chapter_linked_is_a_page_of_the_book() -> None:
    from pathlib import Path

    book = Path(__file__).resolve().parents[2] / "book"
    for row in solver_map.map_rows():
        assert (book / f"{row['chapter']}.md").exists(), row["chapter"]


def test_an_unknown_part_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="idea"):
        solver_map.solver_map("all")


def test_the_chapters_table_counts_every_registered_solver_once() -> None:
    chapters = solver_map.solvers_by_chapter()
    names = [name for group in chapters.values() for name in group]
    assert sorted(names) == sorted(SOLVER_NAMES[key] for key in REGISTRY)
    lines = solver_map.solver_map("chapters").splitlines()
    assert len(lines) == 2 + len(chapters) + 1
    counts = [int(line.split("|")[2]) for line in lines[2:-1]]
    assert sum(counts) == len(REGISTRY) == int(lines[-1].split("|")[2])
    assert "{doc}`engineering appendix <engineering>`" in solver_map.solver_map("chapters")


def test_the_chapters_table_follows_the_table_of_contents() -> None:
    from pathlib import Path

    toc = (Path(__file__).resolve().parents[2] / "_toc.yml").read_text()
    files = [line.split("book/")[1].strip() for line in toc.splitlines() if "file: book/" in line]
    assert list(solver_map.READING_ORDER) == sorted(solver_map.READING_ORDER, key=files.index)
    chapters = list(solver_map.solvers_by_chapter())
    assert chapters == sorted(chapters, key=files.index)


def test_every_nonogram_row_has_a_short_gist() -> None:
    for key, row in solver_map.NONOGRAM_ROWS.items():
        assert row.gist and len(row.gist.split()) <= 14, key


def test_solvers_so_far_grows_chapter_by_chapter_in_reading_order() -> None:
    seen: list[str] = []
    for chapter in solver_map.READING_ORDER:
        box = solver_map.solvers_so_far(chapter)
        assert box.startswith(":::{admonition} Nonogram solvers so far") and box.endswith(":::")
        keys = [
            line.split("(`")[1].split("`")[0]
            for line in box.splitlines()
            if "(`" in line and not line.startswith("- also on this page")
        ]
        new = [key for key in REGISTRY if solver_map.NONOGRAM_ROWS[key].chapter == chapter]
        assert keys[: len(seen)] == seen and sorted(keys[len(seen) :]) == sorted(new)
        assert box.count("*(new here)*") == len(new)
        for key in keys:
            row = solver_map.NONOGRAM_ROWS[key]
            on = solver_map.program(key)
            assert f"**{SOLVER_NAMES[key]}** (`{key}`, on {on})" in box and row.gist in box
        seen = keys
    assert sorted(seen) == sorted(REGISTRY)


def test_a_page_baseline_is_listed_apart_on_its_own_page_only() -> None:
    for key, (chapter, name, gist) in solver_map.PAGE_BASELINES.items():
        assert key not in REGISTRY  # a control of one page, not a solver of the book
        line = f"- also on this page, as a control: **{name}** (`{key}`): {gist}"
        for other in solver_map.READING_ORDER:
            box = solver_map.solvers_so_far(other).splitlines()
            assert (line in box) == (other == chapter), (key, other)
            if other == chapter:
                assert box[-2] == line  # after every registered solver


def test_the_solver_at_work_baseline_is_the_one_its_stages_name() -> None:
    from helper.book.stages import automaton_cnf_stages
    from helper.nonogram import Nonogram

    stages = automaton_cnf_stages(Nonogram([[1], [1]], [[1], [1]]))
    chapter, name, _ = solver_map.PAGE_BASELINES[stages.key]
    assert (chapter, name) == ("solver_at_work", solver_label(stages))


def test_the_main_path_meets_only_the_solvers_it_needs() -> None:
    main = solver_map.solvers_so_far("choosing")
    keys = {line.split("(`")[1].split("`")[0] for line in main.splitlines() if "(`" in line}
    programs = {
        line.split("`, on ")[1].split(")")[0] for line in main.splitlines() if "`, on " in line
    }
    assert {"CP-SAT", "Glucose 3", "Python"} <= programs  # each names its program
    assert keys == {
        "cpsat-start",
        "cpsat-automaton",
        "pysat-cnf",
        "pysat-compact",
        "sat-automaton",
        "line-search",
        "portfolio",
    }
    with pytest.raises(ValueError, match="nonogram_cpsat"):
        solver_map.solvers_so_far("intro")
