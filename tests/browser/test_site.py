"""The built site, read in Chromium the way a reader reads it: offline, every page, both themes.

Needs a built site (`make book`) and Chromium; run with `pytest -m browser` (see conftest.py for
the environment variables that point to another build or browser).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from booksite import (
    DESKTOP,
    PHONE,
    Page,
    background_luminance,
    built_pages,
    check_everything,
    discover_pages,
    page_problems,
    sampled,
    visit,
)

from booktools.toc import REPO, toc_files

# Chromium starts in the first test's set-up and a page waits for its figures and math:
# minutes, not pytest's default 60 s per test, before a stuck page counts as a hang.
pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def _report(what: str, problems: list[str]) -> str:
    return f"{what}:\n  " + "\n  ".join(problems)


def test_every_built_page_is_in_the_table_of_contents(site: Path) -> None:
    linked = {page.path for page in discover_pages(site)}
    orphans = [path for path in built_pages(site) if path not in linked]
    assert not orphans, _report("pages a reader cannot reach from the sidebar", orphans)


def test_every_toc_entry_is_built(site: Path) -> None:
    files = toc_files()
    assert files, "no files in _toc.yml"
    missing = [f for f in files if not (site / f"{Path(f).with_suffix('')}.html").is_file()]
    assert not missing, _report("_toc.yml entries without a built page", missing)


def test_no_page_links_to_a_repository_the_config_does_not_name(site: Path) -> None:
    """With no `repository: url` in _config.yml, no page has a repository or issues button."""
    url = yaml.safe_load((REPO / "_config.yml").read_text("utf8"))["repository"]["url"]
    buttons = ("btn-source-repository-button", "btn-source-issues-button", "/issues/new")
    found = [
        f"{path}: {button}"
        for path in built_pages(site)
        for button in buttons
        if button in (site / path).read_text("utf8")
    ]
    assert url or not found, _report("buttons that lead to no repository", found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_first_visit_renders_cleanly(browser, base_url: str, page: Page, scheme: str) -> None:
    """A new reader (empty profile, light or dark system colours) sees a page that works.

    No console error, nothing fetched from outside, every image/diagram/formula drawn, and the
    page follows the system's colour scheme.
    """
    if scheme == "dark" and not sampled(page.name, SMALL_SAMPLE):
        pytest.skip("dark first visits of SMALL_SAMPLE's pages only (BOOK_SCREENSHOTS_ALL=1)")
    with visit(browser, base_url + page.path, mode=scheme) as opened:
        problems = opened.problems() + page_problems(opened.page)
        mode, theme = opened.page.evaluate(
            "() => [document.documentElement.dataset.mode, document.documentElement.dataset.theme]"
        )
    if (mode, theme) != ("auto", scheme):
        problems.append(f"theme mode {mode!r} showing {theme!r}, not 'auto' showing {scheme!r}")
    assert not problems, _report(f"{page.path} on a first visit ({scheme} system)", problems)


FULL_PAGE = {"book/intro", "book/futoshiki", "book/explain", "book/glossary"}
"""Pages shot whole with ``BOOK_SCREENSHOTS_ALL=1``: the landing page, a chapter with players, a
long one with figures, the glossary's long lists (by default every shot is the viewport)."""

SHOT_PAGES = FULL_PAGE | {"book/nonogram_cpsat", "book/line_logic"}
"""The pages shot at desktop width by default: those above and the other chapters with players
(:data:`SMALL_SAMPLE`'s are also shot at phone width and first visited in the dark). Every
page is first visited with a light scheme; the theme's script that follows the scheme or the
stored choice is the same on every page, so the other pages repeat the same check.
``BOOK_SCREENSHOTS_ALL=1`` shoots and checks every page in both (for a review)."""


SMALL_SAMPLE = {"book/intro", "book/futoshiki", "book/explain"}
"""The pages first visited with a dark system scheme, and shot at phone width, by default: the
landing page and two chapters with players and figures (the theme's script and layout are the
same on every page)."""


def test_the_pages_shot_by_default_are_built(site: Path) -> None:
    """A renamed page must not leave the screenshots with nothing to shoot."""
    built = {path.removesuffix(".html") for path in built_pages(site)}
    assert SMALL_SAMPLE <= SHOT_PAGES <= built, sorted((SHOT_PAGES | SMALL_SAMPLE) - built)


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_screenshots_light_and_dark(
    browser, base_url: str, page: Page, screenshot_dir: Path, width: str
) -> None:
    """Screenshots in both themes; the dark theme must really be dark. Every page is checked
    and shot as the reader first sees it (the viewport); with BOOK_SCREENSHOTS_ALL=1 the pages
    of FULL_PAGE are shot whole (a whole long page at phone width takes a screenshot of many
    screens)."""
    if not sampled(page.name, SHOT_PAGES):
        pytest.skip("not shot by default: BOOK_SCREENSHOTS_ALL=1 shoots every page")
    if width == "phone" and not sampled(page.name, SMALL_SAMPLE):
        pytest.skip("shot at phone width: SMALL_SAMPLE's pages (BOOK_SCREENSHOTS_ALL=1: all)")
    viewport = DESKTOP if width == "desktop" else PHONE
    for mode in ("light", "dark"):
        with visit(
            browser, base_url + page.path, viewport=viewport, mode=mode, stored_choice=True
        ) as opened:
            theme = opened.page.evaluate("() => document.documentElement.dataset.theme")
            luminance = background_luminance(opened.page)
            target = screenshot_dir / f"{page.name.replace('/', '__')}--{width}-{mode}.png"
            whole = page.name in FULL_PAGE and check_everything()
            opened.page.screenshot(path=str(target), full_page=whole)
        assert theme == mode, f"{page.path}: asked for the {mode} theme, page shows {theme!r}"
        if mode == "dark":
            assert luminance < 0.25, f"{page.path}: dark theme background is light ({luminance})"
        else:
            assert luminance > 0.75, f"{page.path}: light theme background is dark ({luminance})"
        assert target.stat().st_size > 0


def test_theme_button_switches_theme(browser, base_url: str, site: Path) -> None:
    """The reader's theme button changes the colours (not only a data attribute).

    A first visit on a light system is in mode auto; pydata-sphinx-theme cycles auto -> dark
    -> light from there: click until dark.
    """
    root = discover_pages(site)[0]
    with visit(browser, base_url + root.path, mode="light") as opened:
        before = background_luminance(opened.page)
        themes = []
        for _ in range(3):
            opened.page.locator("button.theme-switch-button").first.click()
            themes.append(opened.page.evaluate("() => document.documentElement.dataset.theme"))
            if themes[-1] == "dark":
                break
        after = background_luminance(opened.page)
    assert themes[-1] == "dark", f"clicks on the theme button from light gave {themes}"
    assert before > 0.75 > 0.25 > after, f"background luminance {before} -> {after}"


@pytest.mark.parametrize("term", ["nonogram", "futoshiki"])
def test_search_finds_the_chapters(browser, base_url: str, site: Path, term: str) -> None:
    expected = {page.path for page in discover_pages(site) if term in page.title.lower()}
    assert expected, f"no chapter title mentions {term!r}: nothing for the search to find"
    with visit(browser, f"{base_url}search.html?q={term}") as opened:
        opened.page.wait_for_function(
            "() => /Search finished|did not match/.test("
            "document.querySelector('#search-results')?.textContent || '')",
            timeout=20_000,
        )
        hrefs = opened.page.eval_on_selector_all(
            "#search-results ul.search li a", "links => links.map(a => a.getAttribute('href'))"
        )
        problems = opened.problems()
    found = {href.split("?")[0].split("#")[0] for href in hrefs}
    assert expected <= found, f"search for {term!r} found {sorted(found)}, not {sorted(expected)}"
    assert not problems, _report(f"search page for {term!r}", problems)
