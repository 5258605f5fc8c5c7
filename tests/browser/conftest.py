"""Fixtures for the browser tests: the built site served on loopback, and Chromium driving it.

Environment variables:
  BOOK_SITE         the built HTML folder (default: _build/html of the repository)
  BOOK_CHROMIUM     the Chromium or Chrome executable (default: /usr/bin/chromium, then PATH)
  BOOK_SCREENSHOTS  where screenshots go (default: a `screenshots` folder beside BOOK_SITE)
"""

from __future__ import annotations

import html
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from booksite import discover_pages, notebook_pages
from loopback import serve

from booktools.toc import site_dir

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize over the pages of the built site (found from its table of contents)."""
    for name, finder in (("page", discover_pages), ("notebook_page", notebook_pages)):
        if name in metafunc.fixturenames:
            try:
                pages = finder(site_dir())
            except FileNotFoundError:
                # No built site: keep one test, whose `site` fixture then fails with the cause
                # (collection itself must not fail: `make unit` deselects these tests).
                pages = [None]
            metafunc.parametrize(name, pages, ids=[p.name if p else "no-site" for p in pages])


@pytest.fixture(scope="session")
def site() -> Path:
    root = site_dir()
    if not (root / "index.html").is_file():
        pytest.fail(f"no built site at {root}: run `make book` first", pytrace=False)
    return root


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    """The site served from a thread on 127.0.0.1 with an ephemeral port."""
    with serve(site) as url:
        yield url


def chromium_executable() -> str:
    """The browser to drive: $BOOK_CHROMIUM, else Debian's chromium, else one on PATH."""
    wanted = os.environ.get("BOOK_CHROMIUM")
    candidates = [wanted] if wanted else ["/usr/bin/chromium", "chromium", "google-chrome"]
    for candidate in candidates:
        found = shutil.which(candidate)
        if found:
            return found
    pytest.fail(
        f"no Chromium found (tried {', '.join(candidates)}): `apt-get install chromium` "
        "or point BOOK_CHROMIUM to a Chromium or Chrome executable",
        pytrace=False,
    )
    raise AssertionError  # unreachable: pytest.fail raises


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    executable = chromium_executable()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def screenshot_dir(site: Path) -> Iterator[Path]:
    """Where screenshots go; at the end an index.html shows them all on one page."""
    folder = Path(os.environ.get("BOOK_SCREENSHOTS", site.parent / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    shots = sorted(folder.glob("*.png"))
    figures = "\n".join(
        f'<figure><a href="{shot.name}"><img src="{shot.name}" loading="lazy"></a>'
        f"<figcaption>{html.escape(shot.stem)}</figcaption></figure>"
        for shot in shots
    )
    (folder / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><title>Screenshots of the book</title>"
        "<style>body{font-family:sans-serif;display:flex;flex-wrap:wrap;gap:1em}"
        "figure{margin:0;width:220px}img{width:100%;max-height:360px;object-fit:cover;"
        "object-position:top;border:1px solid #999}figcaption{font-size:12px}</style>\n"
        f"{figures}\n",
        encoding="utf8",
    )
