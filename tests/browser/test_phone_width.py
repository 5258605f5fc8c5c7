"""No page scrolls sideways on a phone: at 390 px every page is as wide as the screen.

A long caption, inline code or an unbreakable string must wrap, and a wide block (a code box,
a table, a figure) must scroll inside itself, never the page as a whole. The rules are in
``_static/book.css`` (narrow screens only); the desktop code boxes are checked in
``test_code_boxes.py``.
"""

from __future__ import annotations

import pytest
from booksite import OPEN_DROPDOWNS_JS, PHONE, Page, visit

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# The page's widths, and the innermost elements whose right edge passes the screen's (those
# inside a box that scrolls or clips, and fits, do not widen the page and are left out).
WIDTH_JS = """() => {
  const root = document.documentElement;
  const limit = root.clientWidth + 1;
  // Fixed boxes (the theme's skip link, drawers) follow the page's width; hidden ones show
  // nothing; a box that scrolls or clips its content, and fits, keeps it from the page.
  const harmless = e => {
    if (getComputedStyle(e).visibility === 'hidden') return true;
    for (let a = e; a && a !== root; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.position === 'fixed') return true;
      if (a !== e && s.overflowX !== 'visible' && a.getBoundingClientRect().right <= limit) {
        return true;
      }
    }
    return false;
  };
  const wide = [...document.body.querySelectorAll('*')].filter(e => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.right > limit && !harmless(e);
  });
  const innermost = wide.filter(e => !wide.some(o => o !== e && e.contains(o)));
  const right = e => Math.round(e.getBoundingClientRect().right);
  innermost.sort((a, b) => right(b) - right(a));
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + [...e.classList].slice(0, 3).map(c => '.' + c).join('');
  const path = e => [e.parentElement?.parentElement, e.parentElement, e]
    .filter(Boolean).map(name).join(' > ');
  return {
    scroll: root.scrollWidth,
    client: root.clientWidth,
    wide: innermost.slice(0, 8).map(e => `${path(e)} (right edge ${right(e)} px): ${
      (e.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 60)}`),
  };
}"""


def test_no_page_scrolls_sideways_on_a_phone(browser, base_url: str, page: Page) -> None:
    """At 390 x 844, as loaded and with every dropdown opened, the page is no wider than the
    screen: scrollWidth <= clientWidth + 1 (a rounding pixel)."""
    problems = []
    with visit(browser, base_url + page.path, viewport=PHONE) as opened:
        loaded = opened.page.evaluate(WIDTH_JS)
        opened.page.evaluate(OPEN_DROPDOWNS_JS)
        opened.page.wait_for_timeout(300)
        unfolded = opened.page.evaluate(WIDTH_JS)
    for state, found in (("as loaded", loaded), ("dropdowns opened", unfolded)):
        if found["scroll"] > found["client"] + 1 and not (problems and found == loaded):
            problems.append(
                f"{state}: {found['scroll']} px wide for a {found['client']} px screen, "
                "because of\n    " + "\n    ".join(found["wide"] or ["(no element found)"])
            )
    assert not problems, f"{page.path} scrolls sideways on a phone:\n  " + "\n  ".join(problems)
