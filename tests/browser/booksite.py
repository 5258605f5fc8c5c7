"""The built site as the browser tests see it: its pages, and a page opened like a reader does.

Pages are found from the built HTML (the landing page's table of contents), never from a
hard-coded list, so a new chapter is tested as soon as it is in `_toc.yml`.
"""

from __future__ import annotations

import contextlib
import os
import posixpath
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 375, "height": 812}
"""A narrower phone (the colour player's 10 x 10 must fit it without scrolling sideways)."""
PHONES = (PHONE, SMALL_PHONE)
# Pages Sphinx writes that are not chapters: they are tested on their own (search) or not at all.
NOT_CHAPTERS = {"genindex.html", "search.html", "py-modindex.html"}


@dataclass(frozen=True)
class Page:
    """One page of the site: `path` is its URL path relative to the site root."""

    path: str
    title: str
    source: Path | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        return self.path.removesuffix(".html")


def root_page(site: Path) -> str:
    """The landing page: index.html, or the page it redirects to (as Jupyter Book writes it)."""
    index = site / "index.html"
    if not index.is_file():
        raise FileNotFoundError(f"no built site at {site} (no index.html)")
    match = re.search(r'http-equiv="Refresh" content="0; url=([^"]+)"', index.read_text("utf8"))
    return match.group(1) if match else "index.html"


def _title(html: Path) -> str:
    soup = BeautifulSoup(html.read_text("utf8"), "html.parser")
    heading = soup.select_one("article h1") or soup.select_one("h1") or soup.title
    return heading.get_text(" ", strip=True).rstrip("#¶ ").strip() if heading else html.stem


def _source(site: Path, path: str) -> Path | None:
    stem = path.removesuffix(".html")
    found = sorted((site / "_sources").glob(f"{stem}.*"))
    return found[0] if found else None


def discover_pages(site: Path) -> list[Page]:
    """Every page the reader reaches from the table of contents, landing page first."""
    root = root_page(site)
    soup = BeautifulSoup((site / root).read_text("utf8"), "html.parser")
    nav = soup.select_one("nav.bd-docs-nav")
    paths = [root]
    for link in nav.select("a.reference.internal") if nav else []:
        href = link["href"].split("#")[0]
        if href and "://" not in href:
            paths.append(posixpath.normpath(posixpath.join(posixpath.dirname(root), href)))
    unique = list(dict.fromkeys(paths))
    return [Page(p, _title(site / p), _source(site, p)) for p in unique]


def built_pages(site: Path) -> list[str]:
    """Every HTML page in the build, whether the table of contents links it or not."""
    redirect = root_page(site) != "index.html"
    pages = []
    for html in sorted(site.rglob("*.html")):
        relative = html.relative_to(site).as_posix()
        if relative.split("/")[0].startswith("_") or relative in NOT_CHAPTERS:
            continue
        if redirect and relative == "index.html":
            continue
        pages.append(relative)
    return pages


def is_notebook(source: Path | None) -> bool:
    """Whether a page's source is a notebook (.ipynb, or MyST Markdown with a kernelspec)."""
    if source is None:
        return False
    if source.suffix == ".ipynb":
        return True
    text = source.read_text("utf8")
    front = re.match(r"---\n(.*?)\n---\n", text, flags=re.DOTALL)
    return bool(front and "kernelspec:" in front.group(1))


def notebook_pages(site: Path) -> list[Page]:
    """The chapters that are notebooks: each should offer an .ipynb download."""
    return [page for page in discover_pages(site) if is_notebook(page.source)]


@dataclass
class Visit:
    """A page opened in a fresh browser context, with everything that went wrong on the way."""

    page: object  # playwright.sync_api.Page
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return (
            [f"request leaving loopback (blocked): {url}" for url in self.blocked]
            + [f"failed request: {entry}" for entry in self.failed]
            + [f"console error: {entry}" for entry in self.console_errors]
            + [f"page error: {entry}" for entry in self.page_errors]
        )


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname in LOOPBACK


@contextmanager
def visit(
    browser, url: str, *, viewport=DESKTOP, mode: str = "light", stored_choice: bool = False
) -> Iterator[Visit]:
    """Open `url` in a new context and wait until it has settled.

    The context is a first visit with an empty profile whose system colour scheme is `mode`
    (light or dark). With `stored_choice`, the reader has also picked `mode` with the theme
    button on an earlier visit (stored in localStorage, which pydata-sphinx-theme reads before
    it paints); only the screenshots need that.
    """
    context = browser.new_context(
        viewport=viewport,
        color_scheme=mode,
        device_scale_factor=1,
        is_mobile=any(viewport is phone for phone in PHONES),
        has_touch=any(viewport is phone for phone in PHONES),
    )
    if stored_choice:
        context.add_init_script(
            f"try {{ localStorage.setItem('mode', '{mode}');"
            f" localStorage.setItem('theme', '{mode}'); }} catch (e) {{}}"
        )
    page = context.new_page()
    record = Visit(page)

    def route(route_) -> None:
        request_url = route_.request.url
        if _is_local(request_url):
            route_.continue_()
        else:
            record.blocked.append(request_url)
            route_.abort("blockedbyclient")

    def on_console(message) -> None:
        if message.type == "error":
            where = message.location or {}
            text = message.text
            if "ERR_BLOCKED_BY_CLIENT" in text:
                return  # already listed by URL as a blocked request
            record.console_errors.append(
                f"{text} (at {where.get('url', '?')}:{where.get('lineNumber', '?')})"
            )

    def on_response(response) -> None:
        if response.status >= 400 and _is_local(response.url):
            record.failed.append(f"HTTP {response.status} {response.url}")

    context.route("**/*", route)
    page.on("console", on_console)
    page.on("pageerror", lambda error: record.page_errors.append(str(error)))
    page.on("response", on_response)
    try:
        page.goto(url, wait_until="load")
        settle(page)
        yield record
    finally:
        context.close()


SETTLE_JS = """async () => {
  const upTo = (promise, ms) => Promise.race([promise, new Promise(r => setTimeout(r, ms))]);
  document.querySelectorAll('img[loading="lazy"]').forEach(i => { i.loading = 'eager'; });
  await upTo(Promise.all([...document.images].map(i => i.complete ? null :
    new Promise(r => { i.addEventListener('load', r); i.addEventListener('error', r); }))), 10000);
  if (window.MathJax && window.MathJax.startup && window.MathJax.startup.promise) {
    await upTo(window.MathJax.startup.promise, 15000);
  }
  await upTo(document.fonts.ready, 5000);
}"""

DIAGRAMS_DRAWN_JS = """() => [...document.querySelectorAll('pre.mermaid, div.mermaid')]
  .every(d => d.querySelector('svg'))"""


def settle(page) -> None:
    """Wait for images, MathJax, fonts and Mermaid diagrams (bounded; checks come after)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.wait_for_load_state("networkidle")
    page.evaluate(SETTLE_JS)
    with contextlib.suppress(PlaywrightTimeout):  # an undrawn diagram is reported by the checks
        page.wait_for_function(DIAGRAMS_DRAWN_JS, timeout=15_000)


# Hidden inputs, solutions and dropdowns opened, as a reader who opens them all sees the page.
OPEN_DROPDOWNS_JS = """() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  document.querySelectorAll('.toggle-hidden, .toggle-details')
    .forEach(e => e.classList.remove('toggle-hidden'));
  document.querySelectorAll('button.toggle-button').forEach(b => {
    if (b.getAttribute('aria-expanded') === 'false') b.click();
  });
}"""


# What a reader would see as broken, collected in one pass over the page.
CHECKS_JS = """() => {
  const short = s => (s || '').replace(/\\s+/g, ' ').trim().slice(0, 200);
  const text = e => short(e.textContent);
  const meant = e => e.closest('.tag_raises-exception');  // a cell that shows an error on purpose
  const diagrams = [...document.querySelectorAll('pre.mermaid, div.mermaid')];
  const math = [...document.querySelectorAll('.math')];
  return {
    brokenImages: [...document.images].filter(i => !(i.complete && i.naturalWidth > 0))
      .map(i => i.getAttribute('src')),
    diagrams: diagrams.length,
    undrawnDiagrams: diagrams.filter(d => {
      const svg = d.querySelector('svg');
      const empty = !svg || svg.getBoundingClientRect().width === 0;
      return empty || /syntax error/i.test(svg.textContent);
    }).map(text),
    math: math.length,
    unrenderedMath: math.filter(m => !m.querySelector('mjx-container')).map(text),
    mathErrors: [...document.querySelectorAll('mjx-merror')]
      .map(e => short(e.getAttribute('data-mjx-error') || e.textContent)),
    errorOutputs: [...document.querySelectorAll('.output.traceback, .output.error')]
      .filter(e => !meant(e)).map(text),
    stderrErrors: [...document.querySelectorAll('.output.stderr')].filter(e => !meant(e))
      .map(text).filter(t => /Traceback|\\w*(Error|Exception|Warning)\\b/.test(t)),
  };
}"""

# Cell-output figures must be opaque, or they turn unreadable on the dark theme's background.
TRANSPARENT_FIGURES_JS = """() => {
  const found = [];
  for (const img of document.querySelectorAll('.cell_output img, .output img')) {
    if (!img.complete || !img.naturalWidth) continue;  // reported as a broken image
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let clear = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] < 255) clear++;
    if (clear) {
      const share = (100 * clear / (data.length / 4)).toFixed(1);
      found.push(`${img.getAttribute('src')}: ${share}% of pixels not opaque`);
    }
  }
  return found;
}"""


def page_problems(page) -> list[str]:
    """Everything on an opened page that a reader would see as broken."""
    found = page.evaluate(CHECKS_JS)
    problems = [f"image not loaded: {src}" for src in found["brokenImages"]]
    problems += [f"diagram not drawn as SVG: {src}" for src in found["undrawnDiagrams"]]
    problems += [f"math not rendered by MathJax: {tex}" for tex in found["unrenderedMath"]]
    problems += [f"math error: {message}" for message in found["mathErrors"]]
    problems += [f"cell output shows an error: {out}" for out in found["errorOutputs"]]
    problems += [f"stderr output shows an error: {out}" for out in found["stderrErrors"]]
    problems += [f"figure with a transparent background: {f}" for f in found_transparent(page)]
    return problems


def found_transparent(page) -> list[str]:
    return page.evaluate(TRANSPARENT_FIGURES_JS)


def background_luminance(page) -> float:
    """Relative luminance (0 black .. 1 white) of the page body's background colour."""
    rgb = page.evaluate(
        "() => getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number)"
    )
    red, green, blue = (channel / 255 for channel in rgb[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def sampled(name: str, sample: set[str]) -> bool:
    """Whether a check that runs on ``sample``'s pages by default runs on the page ``name``:
    it is one of them, or :func:`check_everything`."""
    return name in sample or check_everything()


def check_everything() -> bool:
    """``BOOK_SCREENSHOTS_ALL=1``: shoot and check every page and width, not only the sample."""
    return bool(os.environ.get("BOOK_SCREENSHOTS_ALL"))
