"""Nothing clipped: every code box of the built site shows its lines whole at 1280 px.

A reader on a 1280 px window (Chromium, empty profile) should never have to scroll a code box
sideways. The book's CSS (``_static/book.css``) makes the text column as wide as the figures
assume (``helper.figure.COLUMN_PX``) and every code box wide enough for ``LINE_WIDTH``
characters (``helper.text``); the chapters' lines are checked against ``LINE_WIDTH`` in
``tests/test_book_text.py``, and here the rendered boxes themselves.
"""

from __future__ import annotations

import pytest
from booksite import DESKTOP, OPEN_DROPDOWNS_JS, Page, visit

from helper.figure import COLUMN_PX
from helper.text import LINE_WIDTH

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# For each `pre` (Mermaid sources aside): the width it offers a line, how many characters of
# its font fit there, and whether its content is wider than the box (a clipped line).
BOXES_JS = """() => {
  const canvas = document.createElement('canvas').getContext('2d');
  const found = [];
  for (const pre of document.querySelectorAll('pre')) {
    if (pre.closest('.mermaid') || pre.classList.contains('mermaid')) continue;
    if (!pre.offsetParent) continue;  // hidden (a closed dropdown): measured when opened
    const style = getComputedStyle(pre);
    canvas.font = style.fontSize + ' ' + style.fontFamily;
    const room = pre.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const perChar = canvas.measureText('0'.repeat(100)).width / 100;
    const lines = pre.textContent.split('\\n');
    const widest = lines.reduce((a, b) => (b.length > a.length ? b : a), '');
    found.push({
      fits: Math.floor(room / perChar),
      clipped: pre.scrollWidth > pre.clientWidth + 1,
      output: !!pre.closest('.cell_output, .output'),
      widest: widest.length,
      text: widest.trim().slice(0, 80),
    });
  }
  return found;
}"""


def boxes(opened) -> list[dict]:
    """Every code box of the opened page, with hidden inputs and solutions opened first."""
    opened.page.evaluate(OPEN_DROPDOWNS_JS)
    opened.page.wait_for_timeout(300)
    return opened.page.evaluate(BOXES_JS)


def test_the_text_column_is_as_wide_as_the_figures_assume(browser, base_url: str) -> None:
    """At 1280 px the text column is COLUMN_PX wide (the figures size their text for it), and
    the "on this page" contents, no longer beside it, open from the article's header."""
    with visit(browser, base_url + "book/intro.html", viewport=DESKTOP) as opened:
        width = opened.page.evaluate(
            """() => { const a = document.querySelector('article.bd-article');
              const s = getComputedStyle(a);
              return a.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); }"""
        )
        in_flow = opened.page.locator("#pst-secondary-sidebar").is_visible()
        opened.page.locator("button.secondary-toggle:visible").first.click()
        opened.page.wait_for_timeout(500)
        drawer = opened.page.evaluate(
            """() => { const d = document.querySelector('#pst-secondary-sidebar-modal');
              const box = d.getBoundingClientRect();
              return {open: d.open, left: box.left, links: d.querySelectorAll('a').length}; }"""
        )
        problems = opened.problems()
    assert abs(width - COLUMN_PX) <= 2, f"the text column is {width} px, not {COLUMN_PX}"
    assert not in_flow, "the 'on this page' sidebar still takes the column's room"
    assert drawer["open"] and drawer["links"] > 0, f"the contents button opens nothing: {drawer}"
    assert drawer["left"] > DESKTOP["width"] / 2, "the contents open as a drawer on the right"
    assert not problems, problems


def test_every_code_box_holds_a_full_line_and_none_is_clipped(
    browser, base_url: str, page: Page
) -> None:
    """At 1280 px each code box has room for LINE_WIDTH characters of its font, and no `pre`
    on the page is wider inside than its box (scrollWidth > clientWidth). One visit checks
    both: loading the page is most of the cost."""
    with visit(browser, base_url + page.path, viewport=DESKTOP) as opened:
        found = boxes(opened)
    narrow = [
        f"room for {b['fits']} characters: {b['text']}" for b in found if b["fits"] < LINE_WIDTH
    ]
    clipped = [
        f"{'output' if b['output'] else 'code'}, {b['widest']} characters: {b['text']}"
        for b in found
        if b["clipped"]
    ]
    print(f"{page.path}: {len(clipped)} clipped code boxes", *clipped, sep="\n  ")
    assert not narrow, f"{page.path}: code boxes narrower than {LINE_WIDTH} characters:\n" + (
        "\n".join(narrow)
    )
    assert not clipped, f"{page.path}: clipped code boxes:\n  " + "\n  ".join(clipped)
