"""The colour Nonogram player (helper.play.colour_player) in Chromium, as a reader uses it.

Two players are put on the colour chapter's built page (its theme, its stylesheet, its width),
as a notebook output is: a 10 × 10 in three colours that single-line steps solve, and one where
they stall (``generate_colour_puzzle(10, 10, 3, "rough", seed=261)``: 8 cells left open). Each
test opens the page in a new browser context (an empty profile) and checks what a reader meets:
the picker (one button per palette colour, the background included, the chosen one pressed,
number keys choose), painting with the mouse (click, right click, drag) and with the keyboard
alone to the solved picture, the cells' ARIA labels ("row 3, column 4: red" / "empty"), Check
(the wrong cells counted and marked), Hint (the next step's reason, its cells ringed; where the
steps stall, the explanation's own words), Undo and Reset, the clue numbers readable on their
colours in light and dark, and a 375 px phone (no sideways scrolling, cells of 24 px at least, a
tap paints). Every colour player the book itself shows (``data-lp-kind="colour"``) is played
too.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from booksite import DESKTOP, SMALL_PHONE, built_pages, visit

from booktools.toc import site_dir
from helper.explain.colour import explain_colour
from helper.nonogram.colour.generate import generate_colour_puzzle
from helper.play import colour_player

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SOLVED = ("smooth", 4)
"""A 10 × 10 in three colours whose explanation (29 single-line steps) reaches the solution."""
STALLED = ("rough", 261)
"""One whose steps (four of two lines first) stall after 63 steps, 8 cells open (it has one
solution)."""

KIND = re.compile(r'class="lp-play" id="[^"]*" data-lp-kind="colour"')

# A notebook output put on the page after the first heading, its scripts run as JupyterLab and
# the book's pages run them (a fresh <script> for each).
INJECT_JS = """(outputs) => {
  const heading = document.querySelector('article h1') || document.querySelector('h1');
  let after = heading;
  for (const html of outputs) {
    const cell = document.createElement('div');
    cell.className = 'cell_output docutils container';
    cell.innerHTML = '<div class="output text_html"></div>';
    cell.firstChild.innerHTML = html;
    after.after(cell);
    after = cell;
    for (const old of cell.querySelectorAll('script:not([type])')) {
      const fresh = document.createElement('script');
      fresh.textContent = old.textContent;
      old.replaceWith(fresh);
    }
  }
  return document.querySelectorAll('.lp-play[data-lp-mounted="true"]').length;
}"""


@cache
def _output(style: str, seed: int) -> str:
    puzzle = generate_colour_puzzle(10, 10, 3, style, seed=seed)
    title = f"generate_colour_puzzle(10, 10, 3, {style!r}, seed={seed})"
    return colour_player(puzzle, explain_colour(puzzle), title=title).html


def _host(site: Path) -> str:
    """The colour chapter's page, where the test players are put."""
    pages = [p for p in built_pages(site) if p.endswith("colour.html")]
    if not pages:
        pytest.fail("no built page of the colour chapter (book/colour.md)", pytrace=False)
    return pages[0]


def _open(opened, *which: tuple[str, int]) -> list:
    """The players ``which`` put on the opened page, each mounted, as locators."""
    page = opened.page
    before = page.locator(".lp-play").count()
    page.evaluate(INJECT_JS, [_output(*w) for w in which])
    roots = [page.locator(".lp-play").nth(i) for i in range(len(which))]
    assert page.locator(".lp-play").count() == before + len(which)
    for root in roots:
        assert root.get_attribute("data-lp-mounted") == "true", "the colour player did not start"
        assert "lp-colour" in root.get_attribute("class")
    roots[0].scroll_into_view_if_needed()
    return roots


def _data(root) -> dict:
    return json.loads(root.locator("script.lp-data").text_content())


def _status(root) -> str:
    return root.locator("[aria-live=polite]").text_content()


def _colours(root) -> list[int]:
    """Each cell's colour number on the board (-1: not painted)."""
    return root.evaluate(
        "r => [...r.querySelectorAll('[role=gridcell]')]"
        ".map(c => c.dataset.colour === undefined ? -1 : Number(c.dataset.colour))"
    )


def _pressed(root) -> list[str]:
    return root.evaluate(
        "r => [...r.querySelectorAll('.lp-picker button')]"
        ".filter(b => b.getAttribute('aria-pressed') === 'true')"
        ".map(b => b.querySelector('.lp-swatch-name').textContent)"
    )


def _no_problems(opened, what: str) -> None:
    problems = opened.problems()
    assert not problems, f"{what}:\n  " + "\n  ".join(problems)


def _solution(data: dict) -> list[int]:
    return [v for row in data["solution"] for v in row]


def test_the_board_the_picker_and_the_clues_speak(browser, base_url: str, site: Path) -> None:
    """One ARIA grid of labelled cells with one tab stop; one picker button per palette colour,
    named by the colour, red pressed; each clue number in a box of its block's colour, written
    in the readable ink; each clue's header names its blocks."""
    with visit(browser, base_url + _host(site)) as opened:
        (root,) = _open(opened, SOLVED)
        data = _data(root)
        found = root.evaluate(
            """r => ({
              grids: r.querySelectorAll('[role=grid]').length,
              labels: [...r.querySelectorAll('[role=gridcell]')].map(c => c.getAttribute('aria-label')),
              tabStops: r.querySelectorAll('[role=gridcell][tabindex="0"]').length,
              live: [...r.querySelectorAll('[aria-live]')].map(e => e.getAttribute('aria-live')),
              picker: [...r.querySelectorAll('[role=group][aria-label="Colour to paint with"] button')]
                .map(b => [b.querySelector('.lp-swatch-name').textContent,
                           b.getAttribute('aria-keyshortcuts'),
                           getComputedStyle(b.querySelector('.lp-chip')).backgroundColor]),
              rowHeads: [...r.querySelectorAll('[role=rowheader]')].map(h => h.getAttribute('aria-label')),
              colHeads: [...r.querySelectorAll('[role=columnheader][aria-label]')]
                .map(h => h.getAttribute('aria-label')),
              firstRowBlocks: [...r.querySelectorAll('[role=rowheader]')[1].querySelectorAll('.lp-block')]
                .map(b => [b.textContent, getComputedStyle(b).backgroundColor, getComputedStyle(b).color]),
            })"""  # noqa: E501
        )
        assert found["grids"] == 1 and found["tabStops"] == 1 and found["live"] == ["polite"]
        assert found["labels"] == [
            f"row {r}, column {c}: empty" for r in range(10) for c in range(10)
        ]
        names = [colour["name"] for colour in data["palette"]]
        assert names == ["white", "red", "blue", "green"]
        # (the key each button shows is aria-hidden: the button is named by its colour alone)
        assert [(name, key) for name, key, _ in found["picker"]] == [
            (name, str(v)) for v, name in enumerate(names)
        ]
        assert [chip for *_, chip in found["picker"]] == [_css(c["rgb"]) for c in data["palette"]]
        for name in names:  # the accessible name is the colour's name alone
            assert root.get_by_role("button", name=name, exact=True).count() == 1
        assert _pressed(root) == ["red"]

        def words(clue: list) -> str:
            return ", ".join(f"{n} {names[v]}" for n, v in clue) or "empty, every cell white"

        assert found["rowHeads"] == [
            f"row {r}, clue {words(clue)}" for r, clue in enumerate(data["rows"])
        ]
        assert found["colHeads"] == [
            f"column {c}, clue {words(clue)}" for c, clue in enumerate(data["cols"])
        ]
        assert [n for n, *_ in found["firstRowBlocks"]] == [str(n) for n, _ in data["rows"][1]]
        for (_, background, ink), (_, v) in zip(
            found["firstRowBlocks"], data["rows"][1], strict=True
        ):
            assert (background, ink) == (
                _css(data["palette"][v]["rgb"]),
                _css(data["palette"][v]["ink"]),
            )
        _no_problems(opened, "colour player")


def _css(hex_colour: str) -> str:
    """``#rrggbb`` as getComputedStyle writes it."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_painting_with_the_mouse(browser, base_url: str, site: Path) -> None:
    """A picker button chosen is the one pressed; a click paints a cell its colour (its label
    says so), a second click empties it, a right click paints the background, a drag paints a
    run of cells; Undo takes back the whole drag, Reset empties the board and Undo brings it
    back."""
    with visit(browser, base_url + _host(site)) as opened:
        (root,) = _open(opened, SOLVED)
        page = opened.page
        cells = root.locator("[role=gridcell]")
        root.get_by_role("button", name="blue", exact=True).click()
        assert _pressed(root) == ["blue"]
        assert "Blue: a click, tap, Space or Enter paints a cell blue." in _status(root)
        cells.nth(12).click()
        assert cells.nth(12).get_attribute("aria-label") == "row 1, column 2: blue"
        assert cells.nth(12).get_attribute("data-colour") == "2"
        assert _status(root) == "Row 1, column 2: blue."
        cells.nth(12).click()
        assert cells.nth(12).get_attribute("aria-label") == "row 1, column 2: empty"
        cells.nth(13).click(button="right")
        assert cells.nth(13).get_attribute("aria-label") == "row 1, column 3: white"
        assert cells.nth(13).get_attribute("data-state") == "background"
        root.get_by_role("button", name="green", exact=True).click()
        boxes = [cells.nth(40 + c).bounding_box() for c in range(4)]
        page.mouse.move(boxes[0]["x"] + 5, boxes[0]["y"] + 5)
        page.mouse.down()
        for box in boxes[1:]:
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
        page.mouse.up()
        assert _colours(root)[40:45] == [3, 3, 3, 3, -1]
        assert "4 cells painted green." in _status(root)
        root.get_by_role("button", name="Undo").click()
        assert _colours(root)[40:44] == [-1] * 4 and "4 cells changed back" in _status(root)
        root.get_by_role("button", name="Reset").click()
        assert _colours(root) == [-1] * 100 and "Reset:" in _status(root)
        root.get_by_role("button", name="Undo").click()
        assert _colours(root)[13] == 0, "Undo brings back what Reset emptied"
        _no_problems(opened, "colour player")


def test_keyboard_only_play_solves_the_picture(browser, base_url: str, site: Path) -> None:
    """Tab reaches the board; arrows move; a number key chooses the colour (its picker button
    pressed), Space or Enter paints, X the background; at the end the board is the solution,
    solved, and Check says so; U undoes."""
    with visit(browser, base_url + _host(site)) as opened:
        (root,) = _open(opened, SOLVED)
        page = opened.page
        data = _data(root)
        root.locator(".lp-picker button").first.focus()
        for _ in range(20):  # Tab until the board has the focus (one tab stop for the grid)
            if page.evaluate("() => document.activeElement.getAttribute('role')") == "gridcell":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.dataset.index") == "0"
        page.keyboard.press("0")
        assert _pressed(root) == ["white"]
        chosen = 0
        solution = _solution(data)
        for index, colour in enumerate(solution):
            if index and index % 10 == 0:
                page.keyboard.press("ArrowDown")
                page.keyboard.press("Home")
            elif index:
                page.keyboard.press("ArrowRight")
            if colour == 0 and index % 2:
                page.keyboard.press("x")
                continue
            if colour != chosen:
                page.keyboard.press(str(colour))
                chosen = colour
                assert _pressed(root) == [data["palette"][colour]["name"]]
            page.keyboard.press("Enter" if index % 3 else "Space")
        assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == (
            f"row 9, column 9: {data['palette'][solution[-1]]['name']}"
        )
        assert _colours(root) == solution
        assert root.get_attribute("data-lp-solved") == "true" and "Solved!" in _status(root)
        page.keyboard.press("c")
        assert "Check: no mistakes. Solved!" in _status(root)
        page.keyboard.press("u")
        assert _colours(root)[99] == -1 and "Undo: 1 cell changed back" in _status(root)
        page.keyboard.press("Enter" if solution[99] else "x")
        assert root.get_attribute("data-lp-solved") == "true"
        _no_problems(opened, "colour player")


def test_check_counts_the_wrong_cells_and_hint_points_at_them(
    browser, base_url: str, site: Path
) -> None:
    with visit(browser, base_url + _host(site)) as opened:
        (root,) = _open(opened, SOLVED)
        data = _data(root)
        solution = _solution(data)
        cells = root.locator("[role=gridcell]")
        wrong = [i for i, v in enumerate(solution) if v == 0][:2]  # red where white belongs
        right = next(i for i, v in enumerate(solution) if v == 1)
        for index in [right, *wrong]:
            cells.nth(index).click()
        root.get_by_role("button", name="Check").click()
        status = _status(root)
        assert "Check: 2 cells are wrong, marked in red" in status, status
        marked = root.evaluate(
            "r => [...r.querySelectorAll('[role=gridcell]')]"
            ".map((c, i) => c.getAttribute('aria-invalid') === 'true' ? i : -1).filter(i => i >= 0)"
        )
        assert marked == wrong
        assert cells.nth(wrong[0]).get_attribute("aria-label").endswith(": red, wrong")
        r, c = divmod(wrong[0], 10)
        assert f"row {r}, column {c} (" in status
        root.get_by_role("button", name="Hint").click()
        assert "Hint: first fix 2 wrong cells" in _status(root)
        root.get_by_role("button", name="Undo").click()
        root.get_by_role("button", name="Check").click()
        assert "Check: 1 cell is wrong" in _status(root)
        _no_problems(opened, "colour player")


def test_hint_paints_the_next_step_and_says_why(browser, base_url: str, site: Path) -> None:
    """Each Hint paints the next step's cells in their colours, rings them, outlines its line's
    clue and shows its reason (explain_colour's words); Hints end at the solved picture."""
    with visit(browser, base_url + _host(site)) as opened:
        (root,) = _open(opened, SOLVED)
        data = _data(root)
        steps = data["steps"]
        hint = root.get_by_role("button", name="Hint")
        for number, step in enumerate(steps, 1):
            if root.get_attribute("data-lp-solved") == "true":
                break
            hint.click()
            reason = root.locator(".lp-reason").text_content()
            assert f"Hint, step {number} of {len(steps)} ({step['kind']}):" in reason
            assert step["reason"] in reason
            shown = root.evaluate(
                """r => ({
                  fresh: [...r.querySelectorAll('td.lp-new')].map(c => [Number(c.dataset.index),
                    Number(c.dataset.colour)]),
                  heads: [...r.querySelectorAll('th.lp-premise')]
                    .map(h => h.getAttribute('aria-label').split(',')[0]),
                })"""
            )
            assert sorted(shown["fresh"]) == sorted([r * 10 + c, v] for r, c, v in step["cells"])
            assert shown["heads"] == [f"{axis} {i}" for axis, i in step["lines"]]
        assert root.get_attribute("data-lp-solved") == "true"
        assert "Solved!" in _status(root)
        cells = [v for v in _colours(root)]
        assert [v if v > 0 else 0 for v in cells] == _solution(data)
        _no_problems(opened, "colour player")


def test_where_the_steps_stall_hint_says_so(browser, base_url: str, site: Path) -> None:
    """A puzzle whose steps stop with cells open: after its last step, Hint says
    where and why they stop (the explanation's own words) and paints nothing; so does the last
    step of Previous / Next; Check still knows every cell."""
    with visit(browser, base_url + _host(site)) as opened:
        (root,) = _open(opened, STALLED)
        data = _data(root)
        assert data["complete"] is False and len(data["steps"]) == 63
        hint = root.get_by_role("button", name="Hint")
        for _ in data["steps"]:
            hint.click()
        assert "Hint, step 63 of 63" in root.locator(".lp-reason").text_content()
        before = _colours(root)
        assert before.count(-1) == 8
        hint.click()
        reason = root.locator(".lp-reason").text_content()
        assert reason == f"Hint: {data['stalled']}"
        assert "The steps stop here, after step 63: the explainer stalls" in reason
        assert "(8 of 100 cells open)" in reason and "one solution all the same" in reason
        assert _colours(root) == before and root.get_attribute("data-lp-solved") is None
        root.get_by_role("button", name="Check").click()
        assert "Check: no mistakes so far; 92 of 100 cells decided." in _status(root)
        nxt = root.get_by_role("button", name="Next")
        for _ in range(63):
            nxt.click()
        assert root.locator(".lp-position").text_content() == "Step 63 of 63"
        assert f"The explanation ends here: {data['stalled']}" in _status(root)
        assert nxt.is_disabled()
        _no_problems(opened, "colour player")


# Contrast ratios (WCAG 2) of the player's text on what is behind it.
CONTRAST_JS = """root => {
  const rgb = s => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const channel = c => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = s => { const [r, g, b] = rgb(s).map(channel); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const behind = e => {
    for (let n = e; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (!/^rgba\\(.*,\\s*0\\)$/.test(c) && c !== 'transparent') return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const on = e => [e.className, e.textContent.trim(), ratio(getComputedStyle(e).color, behind(e))];
  return {
    paper: getComputedStyle(root).backgroundColor,
    blocks: [...root.querySelectorAll('.lp-block')].map(b => [getComputedStyle(b).backgroundColor, on(b)]),
    text: [...root.querySelectorAll('.lp-title, .lp-coords, .lp-label, .lp-reason, .lp-button:not(:disabled)')].map(on),
  };
}"""  # noqa: E501


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_colours_are_readable_in_light_and_dark(
    browser, base_url: str, site: Path, scheme: str
) -> None:
    """In the system's light or dark scheme, and after the theme button turns it the other
    way: the player's paper follows the theme, the clue boxes keep the puzzle's colours, and
    every clue number, button (the pressed one too), label and reason has a contrast of 4.5 at
    least with what is behind it."""
    with visit(browser, base_url + _host(site), mode=scheme) as opened:
        (root,) = _open(opened, SOLVED)
        data = _data(root)
        root.get_by_role("button", name="Hint").click()  # a reason, an outlined clue
        seen = {}
        for turn in ("system", "button"):
            if turn == "button":
                for _ in range(3):  # the theme button cycles auto -> the other -> ...
                    opened.page.locator("button.theme-switch-button").first.click()
                    theme = opened.page.evaluate("() => document.documentElement.dataset.theme")
                    if theme != scheme:
                        break
            found = root.evaluate(CONTRAST_JS)
            seen[turn] = _luminance(found["paper"])
            colours = {_css(c["rgb"]) for c in data["palette"][1:]}
            boxes = {background for background, _ in found["blocks"]} - {"rgba(0, 0, 0, 0)"}
            assert boxes <= colours
            low = [what for _, what in found["blocks"] if what[2] < 4.5]
            low += [what for what in found["text"] if what[2] < 4.5]
            assert not low, f"{scheme}, {turn}: text below 4.5:1: {low}"
        _no_problems(opened, "colour player")
    light, dark = (
        seen[t] for t in (("system", "button") if scheme == "light" else ("button", "system"))
    )
    assert light > 0.75 > 0.25 > dark, (light, dark)


def _luminance(css: str) -> float:
    red, green, blue = (int(float(x)) / 255 for x in re.findall(r"[\d.]+", css)[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


PHONE_JS = """root => {
  const page = document.documentElement;
  const box = root.getBoundingClientRect();
  const frame = root.querySelector('.lp-board-wrap');
  const cells = [...root.querySelectorAll('[role=gridcell]')].map(c => c.getBoundingClientRect());
  const clues = [...root.querySelectorAll('.lp-rowclue, .lp-colclue')];
  return {
    page: [page.scrollWidth, page.clientWidth],
    player: [box.left, box.right],
    frame: [frame.scrollWidth, frame.clientWidth],
    smallest: Math.min(...cells.map(c => Math.min(c.width, c.height))),
    clueFont: Math.min(...clues.map(c => parseFloat(getComputedStyle(c).fontSize))),
    note: !root.querySelector('.lp-scroll-note').hidden,
  };
}"""


def test_a_10_by_10_fits_a_375_px_phone(browser, base_url: str, site: Path) -> None:
    """At 375 px: the page does not scroll sideways, nor does the board in its frame; cells of
    24 px at least and clue numbers of 12 px; a tap paints a cell the chosen colour."""
    with visit(browser, base_url + _host(site), viewport=SMALL_PHONE) as opened:
        roots = _open(opened, SOLVED, STALLED)
        for root in roots:
            found = root.evaluate(PHONE_JS)
            width, client = found["page"]
            assert width <= client + 1, f"the page is {width} px wide on a {client} px phone"
            left, right = found["player"]
            assert left >= 0 and right <= client, found
            assert found["frame"][0] <= found["frame"][1] + 1, f"the board scrolls: {found}"
            assert not found["note"], "the swipe note shows for a board that fits"
            assert found["smallest"] >= 24 and found["clueFont"] >= 12, found
        root = roots[0]
        cells = root.locator("[role=gridcell]")
        cells.nth(99).tap()
        assert cells.nth(99).get_attribute("aria-label") == "row 9, column 9: red"
        root.get_by_role("button", name="white", exact=True).tap()
        cells.nth(98).tap()
        assert cells.nth(98).get_attribute("aria-label") == "row 9, column 8: white"
        _no_problems(opened, "colour player on a 375 px phone")


# ---------------------------------------------------------------- the book's own players --


def _book_players(site: Path) -> list[tuple[str, int]]:
    found = []
    for path in built_pages(site):
        html = (site / path).read_text("utf8")
        kinds = re.findall(r'class="lp-play" id="[^"]*" data-lp-kind="([a-z]+)"', html)
        found += [(path, i) for i, kind in enumerate(kinds) if kind == "colour"]
    return found


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "book_player" in metafunc.fixturenames:
        try:
            players = _book_players(site_dir())
        except FileNotFoundError:
            players = []
        metafunc.parametrize(
            "book_player",
            players or [None],
            ids=[f"{p}-{i}" for p, i in players] or ["none"],
        )


def test_the_books_colour_players_play(browser, base_url: str, book_player) -> None:
    """Every colour player the book shows: labelled cells, a picker, and Hint to the end (the
    solved picture, or the words of an explanation that stalls)."""
    if book_player is None:
        pytest.skip("no colour player on a built page (book/colour.md shows none yet)")
    path, index = book_player
    with visit(browser, base_url + path, viewport=DESKTOP) as opened:
        root = opened.page.locator(".lp-play").nth(index)
        root.scroll_into_view_if_needed()
        assert root.get_attribute("data-lp-mounted") == "true"
        data = _data(root)
        back = root.get_by_role("button", name="Back to my board")
        if back.is_visible():
            back.click()
        names = [c["name"] for c in data["palette"]]
        assert root.locator(".lp-swatch-name").all_text_contents() == names
        labels = root.locator("[role=gridcell]").evaluate_all(
            "cells => cells.map(c => c.getAttribute('aria-label'))"
        )
        width = len(data["cols"])
        assert labels == [
            f"row {i // width}, column {i % width}: empty" for i in range(len(labels))
        ]
        for _ in range(len(data["steps"]) + 1):
            if root.get_attribute("data-lp-solved") == "true":
                break
            root.get_by_role("button", name="Hint").click()
        if data["complete"]:
            assert root.get_attribute("data-lp-solved") == "true"
        else:
            assert data["stalled"] in root.locator(".lp-reason").text_content()
        _no_problems(opened, f"{path}, colour player {index}")
