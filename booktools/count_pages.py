"""Words of prose and lines of code per page, read off the built site (what a reader sees).

``python -m booktools.count_pages`` (after ``make book``) prints one row per page of
``_toc.yml``: the words of prose (headings, paragraphs, lists, admonitions, exercises and their
solutions, captions and tables written in the source; not code, not cell outputs, not diagrams
or formulas), the code lines shown (non-blank lines of code cells and of listings such as a
``literalinclude``, open on the page), the lines folded (inside an exercise's solution or a
dropdown, shown after a click) and the lines of code cells whose input is hidden. The main path
(every page before the first appendix part of ``_toc.yml``) is totalled. ``--json`` prints the
same as JSON. The issues' reading budgets (words, code lines per chapter) use these numbers.
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml
from bs4 import BeautifulSoup, Tag

from booktools.toc import REPO, site_dir

WORD = re.compile(r"[^\W_][\w'’.\-]*")
PROSE_REMOVED = (
    "div.cell_output",
    "div.output",
    "div.cell_input",
    "div[class^='highlight']",
    "pre",
    "script",
    "style",
    ".mermaid",
    "pre.mermaid",
    ".math",
    "mjx-container",
    "a.headerlink",
    "nav",
    ".prev-next-area",
    "div.docutils.container.cell",  # whatever is left of a code cell
)


@dataclass(frozen=True)
class PageCount:
    """What one page shows: words of prose, code lines shown (open on the page), folded (in a
    solution or a dropdown) and hidden (a code cell's hidden input)."""

    page: str
    words: int
    code_lines: int
    hidden_lines: int
    main_path: bool
    folded_lines: int = 0


OFF_MAIN_PATH = ("Going further", "Appendix")
"""How the caption of the first part after the main path starts: the main path is the
introduction and every part before it."""


def main_path_pages(toc: Path = REPO / "_toc.yml") -> list[tuple[str, bool]]:
    """Every page of ``_toc.yml`` in order, with whether it is on the main path (before the
    first part whose caption starts with one of :data:`OFF_MAIN_PATH`)."""
    data = yaml.safe_load(toc.read_text("utf8"))
    pages = [(data["root"], True)]
    off = False
    for part in data.get("parts", []):
        off = off or str(part.get("caption", "")).startswith(OFF_MAIN_PATH)
        pages += [(chapter["file"], not off) for chapter in part.get("chapters", [])]
    return pages


FOLDS = ("div.solution.dropdown", "details.sd-dropdown", "div.toggle", "div.dropdown")
"""Blocks a reader opens with a click: exercise solutions and dropdowns."""


def _lines(block: Tag) -> int:
    return sum(1 for line in block.get_text().splitlines() if line.strip())


def _folded(block: Tag) -> bool:
    """Whether ``block`` sits inside a block of :data:`FOLDS`."""
    return any(parent.css.match(selector) for parent in block.parents for selector in FOLDS)


def count_page(html: str, page: str, main_path: bool) -> PageCount:
    """Count one built page (its HTML text)."""
    soup = BeautifulSoup(html, "html.parser")
    article = soup.select_one("article.bd-article") or soup.select_one("main") or soup
    shown = hidden = folded = 0
    for cell in article.select("div.cell"):
        classes = cell.get("class") or []
        for pre in cell.select("div.cell_input pre"):
            if "tag_hide-input" in classes:
                hidden += _lines(pre)
            elif _folded(pre):
                folded += _lines(pre)
            else:
                shown += _lines(pre)
    for pre in article.select("div[class^='highlight'] pre"):
        if pre.find_parent("div", class_="cell") is None:  # a listing, not a code cell
            if _folded(pre):
                folded += _lines(pre)
            else:
                shown += _lines(pre)
    for selector in PROSE_REMOVED:
        for node in article.select(selector):
            node.decompose()
    words = len(WORD.findall(article.get_text(" ")))
    return PageCount(page, words, shown, hidden, main_path, folded)


def count_site(site: Path | None = None) -> list[PageCount]:
    """Count every page of ``_toc.yml`` in the built site."""
    site = site or site_dir()
    counts = []
    for page, main in main_path_pages():
        path = site / f"{page}.html"
        if not path.is_file():
            raise SystemExit(f"no built page {path}: run `make book` first")
        counts.append(count_page(path.read_text("utf8"), page, main))
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    counts = count_site()
    if args.json:
        print(json.dumps([asdict(c) for c in counts], indent=1))
        return
    print(f"{'page':36} {'words':>7} {'code shown':>11} {'folded':>7} {'hidden':>7}")
    for c in counts:
        mark = "" if c.main_path else "  (off the main path)"
        print(
            f"{c.page:36} {c.words:7,} {c.code_lines:11,} {c.folded_lines:7,} "
            f"{c.hidden_lines:7,}{mark}"
        )
    main = [c for c in counts if c.main_path]
    print(
        f"{'main path (' + str(len(main)) + ' pages)':36} "
        f"{sum(c.words for c in main):7,} {sum(c.code_lines for c in main):11,} "
        f"{sum(c.folded_lines for c in main):7,} {sum(c.hidden_lines for c in main):7,}"
    )


if __name__ == "__main__":
    main()
