"""The players on the built site (helper/play), read in Chromium as a reader uses them.

Every player the build put on a page is found in the built HTML (``class="lp-play"``) and
tested: Hint until the end reaches "solved", a wrong cell is marked by Check, Reset clears,
keyboard-only play solves the puzzle, Previous / Next show each step's clues, the grid is an
ARIA grid with labelled cells and a polite live region, the colours follow the theme, and no
console error appears. Rows and columns are numbered from 0 at every board's edges and in every
message: Check names a wrong cell as the first hint names it, with the clue or rule it breaks,
and the line editor numbers its cells as the prose does. On a phone (390 px), no player is wider
than the page, every cell is 24 px at least (the 20 × 20 scrolls sideways in its frame, its row
clues kept in view), a tap or a key reaches the last row of the 20 × 20, and the theme's "Back
to top" button covers no player. Screenshots of each player, light and dark, desktop and phone,
go to the screenshot folder as ``play-*.png``.

The line editor's JavaScript line solver is compared with helper's on every line of the book's
puzzles (``helper.play.lines``) and with brute force on random short lines. The output a
downloaded notebook holds is checked the way JupyterLab shows it: on an empty page, its scripts
run (trusted) or not (untrusted, where it must say where to play).
"""

from __future__ import annotations

import itertools
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from booksite import DESKTOP, PHONE, built_pages, check_everything, visit
from strategies import brute_force

from booktools.toc import site_dir
from helper.nonogram.line.reference import solve_line
from helper.play.lines import line_cases

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

KIND = re.compile(r'class="lp-play" id="[^"]*" data-lp-kind="([a-z]+)"')


@dataclass(frozen=True)
class Player:
    """The ``index``-th player (of any kind) on the page ``path`` of the site."""

    path: str
    index: int
    kind: str

    @property
    def name(self) -> str:
        return f"{self.path.removesuffix('.html').replace('/', '__')}-{self.index}-{self.kind}"


def find_players(site: Path) -> list[Player]:
    found = []
    for path in built_pages(site):
        kinds = KIND.findall((site / path).read_text("utf8"))
        found += [Player(path, i, kind) for i, kind in enumerate(kinds)]
    return found


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    for name, kinds in (("puzzle", {"nonogram", "futoshiki"}), ("editor", {"line"})):
        if name in metafunc.fixturenames:
            try:
                players = [p for p in find_players(site_dir()) if p.kind in kinds]
            except FileNotFoundError:
                players = []
            metafunc.parametrize(
                name, players or [None], ids=[p.name if p else "none" for p in players] or ["none"]
            )


def _need(player: Player | None) -> Player:
    if player is None:
        pytest.fail("no player on any built page: run `make book` first", pytrace=False)
    return player


def test_the_book_has_its_players(site: Path) -> None:
    """Two Nonograms (10 × 10, 20 × 20), two Futoshikis, a colour Nonogram and the line editor,
    at least."""
    kinds = [p.kind for p in find_players(site)]
    assert kinds.count("nonogram") >= 2 and kinds.count("futoshiki") >= 2, kinds
    assert "line" in kinds and "colour" in kinds, kinds


def test_the_book_shows_certificates_on_its_players(site: Path) -> None:
    """The players of the 10 × 10, the 20 × 20 and the Futoshikis say their puzzle is proved
    unique (built with a certificate, helper.proofs), and each of their steps proved."""
    proved = steps_proved = 0
    for path in built_pages(site):
        for data in re.findall(r'<script type="application/json" class="lp-data">(.*?)</script>',
                               (site / path).read_text("utf8"), flags=re.S):  # fmt: skip
            player = json.loads(data)
            if "steps" not in player:
                continue  # the line editor
            proof = player.get("proof")
            proved += bool(proof and proof["proved"] and proof["claim"] == "unique")
            steps_proved += all(step.get("proved") is True for step in player["steps"])
    assert proved >= 4 and steps_proved >= 4, (proved, steps_proved)


def test_the_proof_line_is_shown_and_describes_the_board(
    browser, base_url: str, puzzle: Player
) -> None:
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        data = _data(root)
        shown = root.locator(".lp-proof")
        if "proof" not in data:
            assert shown.count() == 0
            return
        assert shown.text_content() == data["proof"]["text"]
        described = root.locator("[role=grid]").get_attribute("aria-describedby").split()
        assert shown.get_attribute("id") in described
        proved_mark = "lp-proved" in (shown.get_attribute("class") or "")
        assert proved_mark == data["proof"]["proved"]


def _root(opened, player: Player):
    root = opened.page.locator(".lp-play").nth(player.index)
    root.scroll_into_view_if_needed()
    assert root.get_attribute("data-lp-mounted") == "true", f"{player.name} did not start"
    return root


def _data(root) -> dict:
    return json.loads(root.locator("script.lp-data").text_content())


def _states(root) -> list[str]:
    return root.evaluate(
        "r => [...r.querySelectorAll('[role=gridcell]')].map(c => c.dataset.state)"
    )


def _expected_states(data: dict) -> list[str]:
    if data["puzzle"] == "nonogram":
        return ["filled" if v else "crossed" for row in data["solution"] for v in row]
    return [str(v) for row in data["solution"] for v in row]


def _start_states(data: dict) -> list[str]:
    if data["puzzle"] == "nonogram":
        return ["unknown"] * (len(data["rows"]) * len(data["cols"]))
    return [str(v) if v else "empty" for row in data["givens"] for v in row]


def _filled(states: list[str]) -> list[str]:
    """The states that decide whether a board is solved (a Nonogram's crosses do not)."""
    return [state if state != "crossed" else "unknown" for state in states]


def _status(root) -> str:
    return root.locator("[aria-live=polite]").text_content()


def _to_board(root) -> None:
    back = root.get_by_role("button", name="Back to my board")
    if back.is_visible():
        back.click()


def _no_problems(opened, what: str) -> None:
    problems = opened.problems()
    assert not problems, f"{what}:\n  " + "\n  ".join(problems)


def test_hint_until_the_end_reaches_solved(browser, base_url: str, puzzle: Player) -> None:
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        data = _data(root)
        _to_board(root)
        hint = root.get_by_role("button", name="Hint")
        reasons = []
        for _ in range(len(data["steps"]) + 1):
            if root.get_attribute("data-lp-solved") == "true":
                break
            hint.click()
            reasons.append(root.locator(".lp-reason").text_content())
        assert root.get_attribute("data-lp-solved") == "true", (
            f"not solved after {len(reasons)} hints"
        )
        assert "Solved!" in _status(root)
        assert _filled(_states(root)) == _filled(_expected_states(data))
        # Each hint showed the next step's reason, in order. (A Nonogram is solved once its
        # filled cells are right, which may be before the last steps cross the empty ones.)
        assert 0 < len(reasons) <= len(data["steps"])
        for number, (reason, step) in enumerate(zip(reasons, data["steps"], strict=False), 1):
            assert f"step {number} of {len(data['steps'])}" in reason and step["reason"] in reason
            # a step proved when the page was built says so (explain(..., certify=True))
            said = "(Proved: a checked proof says its premises force it.)" in reason
            assert said == (step.get("proved") is True)
        _no_problems(opened, player.name)


def _wrong_value(data: dict, index: int) -> str:
    """A Futoshiki digit that is not the answer of cell ``index``."""
    n = data["size"]
    answer = data["solution"][index // n][index % n]
    return str(answer % n + 1)


def test_check_marks_a_wrong_cell_and_reset_clears(browser, base_url: str, puzzle: Player) -> None:
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        data = _data(root)
        _to_board(root)
        solution = [v for row in data["solution"] for v in row]
        start = _start_states(data)
        editable = [i for i, state in enumerate(start) if state in ("unknown", "empty")]
        if data["puzzle"] == "nonogram":
            wrong = next(i for i in editable if solution[i] == 0)
            right = next(i for i in editable if solution[i] == 1)
        else:
            wrong, right = editable[0], editable[1]
        cells = root.locator("[role=gridcell]")
        cells.nth(wrong).click()  # a Nonogram's cell is filled by the click itself
        if data["puzzle"] == "futoshiki":
            opened.page.keyboard.press(_wrong_value(data, wrong))
        cells.nth(right).click()
        if data["puzzle"] == "futoshiki":
            opened.page.keyboard.press(str(solution[right]))
        root.get_by_role("button", name="Check").click()
        marked = root.evaluate(
            "r => [...r.querySelectorAll('[role=gridcell]')]"
            ".map((c, i) => c.getAttribute('aria-invalid') === 'true' ? i : -1).filter(i => i >= 0)"
        )
        assert marked == [wrong], f"Check marked {marked}, not the one wrong cell {wrong}"
        assert "1 cell is wrong" in _status(root)
        assert "wrong" in cells.nth(wrong).get_attribute("aria-label")
        # Hint will not build on a wrong cell: it points at it instead.
        root.get_by_role("button", name="Hint").click()
        assert "first fix 1 wrong cell" in _status(root)
        root.get_by_role("button", name="Reset").click()
        assert _states(root) == start, "Reset left cells behind"
        assert "Reset" in _status(root)
        assert cells.nth(wrong).get_attribute("aria-invalid") is None
        root.get_by_role("button", name="Undo").click()  # Reset can be undone
        assert _states(root) != start
        _no_problems(opened, player.name)


def _keys_for(data: dict) -> list[str | None]:
    """The key that writes each cell's answer (None for a given)."""
    if data["puzzle"] == "nonogram":
        return ["Space" if v else "x" for row in data["solution"] for v in row]
    return [
        None if g else str(v)
        for grow, srow in zip(data["givens"], data["solution"], strict=True)
        for g, v in zip(grow, srow, strict=True)
    ]


KEYBOARD_CELLS = 150
"""Boards up to this many cells are played to the end from the keyboard; on a larger one the
test checks that Tab reaches it and stops there (every player runs the same script, and a
key press each costs a round trip), unless ``BOOK_SCREENSHOTS_ALL=1``."""


def test_keyboard_only_play_solves_the_puzzle(browser, base_url: str, puzzle: Player) -> None:
    """Tab into the board, arrows and keys only; the live region says each outcome (boards of
    more than :data:`KEYBOARD_CELLS` cells: Tab reaches the board)."""
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        page = opened.page
        root = _root(opened, player)
        data = _data(root)
        if root.get_by_role("button", name="Back to my board").is_visible():
            root.get_by_role("button", name="Back to my board").focus()
            page.keyboard.press("Enter")
        root.locator("button").first.focus()
        for _ in range(20):  # Tab until the board has the focus (one tab stop for the grid)
            if page.evaluate("() => document.activeElement.getAttribute('role')") == "gridcell":
                break
            page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.dataset.index")
        assert focused is not None, "Tab never reached the board"
        assert root.evaluate("r => r.contains(document.activeElement)")
        width = len(data["solution"][0])
        page.keyboard.press("Control+Home")
        keys = _keys_for(data)
        if len(keys) > KEYBOARD_CELLS and not check_everything():
            _no_problems(opened, player.name)
            return
        for index, key in enumerate(keys):
            if index and index % width == 0:
                page.keyboard.press("ArrowDown")
                page.keyboard.press("Home")
            elif index:
                page.keyboard.press("ArrowRight")
            if key:
                page.keyboard.press(key)
        assert page.evaluate("() => document.activeElement.dataset.index") == str(len(keys) - 1)
        assert root.get_attribute("data-lp-solved") == "true"
        assert "Solved!" in _status(root)
        for _ in range(width):  # undo from the keyboard (a cross taken back is still solved)
            page.keyboard.press("u")
            if root.get_attribute("data-lp-solved") is None:
                break
        assert root.get_attribute("data-lp-solved") is None
        assert "Undo" in _status(root)
        _no_problems(opened, player.name)


def test_previous_and_next_show_each_step_and_its_clues(
    browser, base_url: str, puzzle: Player
) -> None:
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        data = _data(root)
        steps = data["steps"]
        nxt = root.get_by_role("button", name="Next")
        previous = root.get_by_role("button", name="Previous")
        nxt.click()  # from the reader's board, Next opens the explanation at step 1
        if root.locator(".lp-position").text_content() == f"Step 0 of {len(steps)}":
            nxt.click()  # a player that opens on the explanation starts at step 0
        for number, step in enumerate(steps, 1):
            if number > 1:
                nxt.click()
            assert root.locator(".lp-position").text_content() == f"Step {number} of {len(steps)}"
            assert step["reason"] in root.locator(".lp-reason").text_content()
            shown = root.evaluate(
                """r => ({
                  heads: [...r.querySelectorAll('th.lp-premise')]
                    .map(h => h.getAttribute('aria-label')),
                  lineCells: r.querySelectorAll('td.lp-premise').length,
                  signs: r.querySelectorAll('.lp-sign.lp-premise').length,
                  givens: r.querySelectorAll('td.lp-premise-given').length,
                  fresh: [...r.querySelectorAll('td.lp-new')].map(c => Number(c.dataset.index)),
                })"""
            )
            width = len(data["solution"][0])
            assert sorted(shown["fresh"]) == sorted(r * width + c for r, c, _ in step["cells"])
            lines = [p for p in step["lines"] if p[0] in ("row", "column")]
            if data["puzzle"] == "nonogram":  # the clues of the step's lines are outlined
                expected = sorted(f"{axis} {i}" for axis, i in lines)
                assert sorted(head.split(",")[0] for head in shown["heads"]) == expected
            else:
                cells = {(i, x) if a == "row" else (x, i) for a, i in lines for x in range(width)}
                assert shown["lineCells"] == len(cells)
                assert shown["signs"] == sum(p[0] == "sign" for p in step["lines"])
                assert shown["givens"] == sum(p[0] == "given" for p in step["lines"])
        assert nxt.is_disabled()
        assert "solved" in _status(root)
        assert _states(root) == _expected_states(data)
        previous.click()
        last = steps[-1]
        width = len(data["solution"][0])
        states = _states(root)
        empty = "unknown" if data["puzzle"] == "nonogram" else "empty"
        assert all(states[r * width + c] == empty for r, c, _ in last["cells"])
        root.get_by_role("button", name="Back to my board").click()
        assert root.get_attribute("data-lp-mode") is None
        _no_problems(opened, player.name)


def test_the_board_is_an_aria_grid(browser, base_url: str, puzzle: Player) -> None:
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        data = _data(root)
        found = root.evaluate(
            """r => ({
              grids: r.querySelectorAll('[role=grid]').length,
              labels: [...r.querySelectorAll('[role=gridcell]')]
                .map(c => c.getAttribute('aria-label')),
              tabStops: r.querySelectorAll('[role=gridcell][tabindex="0"]').length,
              live: [...r.querySelectorAll('[aria-live]')].map(e => e.getAttribute('aria-live')),
              buttons: [...r.querySelectorAll('button')].filter(b => !b.hidden)
                .map(b => [b.textContent.trim(), b.getBoundingClientRect().width > 0]),
            })"""
        )
        height, width = len(data["solution"]), len(data["solution"][0])
        assert found["grids"] == 1 and found["tabStops"] == 1 and found["live"] == ["polite"]
        assert len(found["labels"]) == height * width
        for (r, c), label in zip(
            itertools.product(range(height), range(width)), found["labels"], strict=True
        ):
            assert label.startswith(f"row {r}, column {c}: "), label
        texts = {text for text, visible in found["buttons"] if visible}
        assert {"Check", "Hint", "Undo", "Reset", "Previous", "Next"} <= texts
        assert all(text for text, _ in found["buttons"]), "a button without a text label"
        root.locator("[role=gridcell]").nth(0).click()
        opened.page.keyboard.press("ArrowRight")
        opened.page.keyboard.press("ArrowDown")
        assert opened.page.evaluate(
            "() => document.activeElement.getAttribute('aria-label')"
        ).startswith("row 1, column 1: ")
        _no_problems(opened, player.name)


NUMBERS_JS = """r => ({
  columns: [...r.querySelectorAll('[role=columnheader][aria-label]')]
    .map(h => [h.querySelector('.lp-index, span[aria-hidden]:last-child').textContent,
               h.getAttribute('aria-label')]),
  rows: [...r.querySelectorAll('[role=rowheader]')]
    .map(h => [h.querySelector('.lp-index, span[aria-hidden]:last-child').textContent,
               h.getAttribute('aria-label')]),
  note: r.querySelector('.lp-coords').textContent,
})"""


def test_the_board_shows_row_and_column_numbers_from_0(
    browser, base_url: str, puzzle: Player
) -> None:
    """Every row and column header shows its number, counted from 0, and its ARIA label says
    the same number; a line under the title says what (2, 1) means."""
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        data = _data(root)
        height, width = len(data["solution"]), len(data["solution"][0])
        found = root.evaluate(NUMBERS_JS)
        assert [text for text, _ in found["columns"]] == [str(c) for c in range(width)]
        assert [text for text, _ in found["rows"]] == [str(r) for r in range(height)]
        for axis in ("columns", "rows"):
            for text, label in found[axis]:
                assert label.split(",")[0] == f"{axis[:-1]} {text}", label
        assert "(2, 1) is row 2, column 1" in found["note"]
        assert "numbered from 0" in found["note"]
        _no_problems(opened, player.name)


def _first_step_cell(data: dict) -> tuple[int, int, int]:
    """The cell the first step's reason names first: for a Futoshiki "(r, c) is d", for a
    Nonogram a cell of the line it names ("row 3 (...): ...")."""
    step = data["steps"][0]
    if data["puzzle"] == "futoshiki":
        r, c, d = map(int, re.match(r"\((\d+), (\d+)\) is (\d+)", step["reason"]).groups())
        return r, c, d
    axis, index = step["lines"][0]
    assert step["reason"].startswith(f"{axis} {index} (")
    r, c, value = step["cells"][0]
    assert (r if axis == "row" else c) == index
    return r, c, value


def test_check_and_hint_name_a_cell_as_the_explanation_does(
    browser, base_url: str, puzzle: Player
) -> None:
    """The same cell, wrong on the board: Check names it "row r, column c" with the numbers
    that the first hint (helper.explain's reason) gives it, and says which clue or rule the
    wrong value breaks."""
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        data = _data(root)
        _to_board(root)
        r, c, value = _first_step_cell(data)
        width = len(data["solution"][0])
        cell = root.locator("[role=gridcell]").nth(r * width + c)
        if data["puzzle"] == "nonogram":  # the other value: cross a black cell, fill a white
            cell.click(button="right" if value == 1 else "left")
        else:
            cell.click()
            opened.page.keyboard.press(_wrong_value(data, r * width + c))
        root.get_by_role("button", name="Check").click()
        message = _status(root)
        assert f"row {r}, column {c} (" in message, message
        if data["puzzle"] == "nonogram":
            assert re.search(r"(row|column) \d+'s clue [\d ]+ (cannot hold|no placement)",
                             message) or "no clue rules it out" in message, message  # fmt: skip
        root.get_by_role("button", name="Undo").click()
        root.get_by_role("button", name="Hint").click()
        hint = root.locator(".lp-reason").text_content()
        assert data["steps"][0]["reason"] in hint
        if data["puzzle"] == "futoshiki":
            assert f"({r}, {c}) is {value}" in hint
        _no_problems(opened, player.name)


def test_check_names_the_clue_or_rule_a_wrong_cell_breaks(
    browser, base_url: str, puzzle: Player
) -> None:
    """A Nonogram cell crossed where its row's clue alone needs it black (the overlap): Check
    says that row's clue cannot hold with it. A Futoshiki cell given the digit of a given in
    its row: Check says it repeats that digit in the row; without givens, the largest digit at
    a sign's smaller end: Check says it breaks that sign."""
    player = _need(puzzle)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        data = _data(root)
        _to_board(root)
        width = len(data["solution"][0])
        cells = root.locator("[role=gridcell]")
        if data["puzzle"] == "nonogram":
            r, c = next(
                (r, c)
                for r, clue in enumerate(data["rows"])
                for c in range(width)
                if solve_line(clue, [0 if x == c else -1 for x in range(width)]) is None
            )
            cells.nth(r * width + c).click(button="right")
            clue = " ".join(map(str, data["rows"][r])) or "0"
            expected = f"row {r}, column {c} (row {r}'s clue {clue} cannot hold with it)"
        else:
            givens = data["givens"]
            given = [(r, g) for r, row in enumerate(givens) for g, v in enumerate(row) if v]
            if given:  # the digit of a given in its row, at an open cell of the row
                r, g = given[0]
                c = next(x for x, v in enumerate(givens[r]) if not v)
                digit = givens[r][g]
                expected = f"row {r}, column {c} (it repeats {digit} in row {r})"
            else:  # the largest digit at the smaller end of a sign: less than no digit
                (r, c), (r2, c2) = data["signs"][0]
                digit = width
                expected = f"row {r}, column {c} (it breaks the sign ({r}, {c}) < ({r2}, {c2}))"
            cells.nth(r * width + c).click()
            opened.page.keyboard.press(str(digit))
        root.get_by_role("button", name="Check").click()
        assert expected in _status(root), _status(root)
        _no_problems(opened, player.name)


def _luminance(root) -> float:
    rgb = root.evaluate("r => getComputedStyle(r).backgroundColor.match(/[\\d.]+/g).map(Number)")
    red, green, blue = (channel / 255 for channel in rgb[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_colours_follow_the_system_and_the_theme_button(
    browser, base_url: str, puzzle: Player, scheme: str
) -> None:
    player = _need(puzzle)
    with visit(browser, base_url + player.path, mode=scheme) as opened:
        root = _root(opened, player)
        first = _luminance(root)
        # The theme button cycles auto -> (the other) -> ...: click until the theme flips.
        for _ in range(3):
            opened.page.locator("button.theme-switch-button").first.click()
            theme = opened.page.evaluate("() => document.documentElement.dataset.theme")
            if theme != scheme:
                break
        second = _luminance(root)
        _no_problems(opened, player.name)
    light, dark = (first, second) if scheme == "light" else (second, first)
    assert light > 0.75 > 0.25 > dark, f"{player.name}: light {light}, dark {dark}"


# ------------------------------------------------------------------------------ on a phone --

PHONE_CELL = 24
"""The smallest cell on a phone, in CSS pixels (WCAG 2.5.8's smallest target): a board that
does not fit the width with such cells scrolls sideways in its frame."""

PHONE_LAYOUT_JS = """() => {
  const width = document.documentElement.clientWidth;  // (innerWidth grows with a wide page)
  return [...document.querySelectorAll('.lp-play')].map(root => {
    const box = root.getBoundingClientRect();
    const cells = [...root.querySelectorAll('[role=gridcell]')].map(c => c.getBoundingClientRect());
    const clues = [...root.querySelectorAll('.lp-rowclue, .lp-colclue')];
    const note = root.querySelector('.lp-scroll-note');
    return {
      inside: [box.left, box.right, width],
      overflow: [root.scrollWidth, root.clientWidth],
      cells: cells.length,
      narrowest: Math.min(...cells.map(c => c.width)),
      lowest: Math.min(...cells.map(c => c.height)),
      clueFont: clues.length
        ? Math.min(...clues.map(c => parseFloat(getComputedStyle(c).fontSize))) : null,
      scrolls: [...root.querySelectorAll('.lp-board-wrap')]
        .some(f => f.scrollWidth > f.clientWidth + 1),
      note: note ? !note.hidden && note.getBoundingClientRect().height > 0 : null,
    };
  });
}"""

# A board scrolled to its last column: the row clues stay at the frame's edge, opaque, on top.
SCROLLED_TO_THE_END_JS = """async root => {
  const frame = root.querySelector('.lp-board-wrap');
  const head = root.querySelector('.lp-rowclue');
  head.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  frame.scrollLeft = frame.scrollWidth;
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const f = frame.getBoundingClientRect();
  const h = head.getBoundingClientRect();
  const cells = root.querySelectorAll('[role=gridcell]');
  const last = cells[cells.length - 1].getBoundingClientRect();
  const hit = document.elementFromPoint(h.left + h.width / 2, h.top + h.height / 2);
  return {
    scrolled: frame.scrollLeft,
    clueFromEdge: h.left - f.left,
    lastColumnInside: last.right <= f.right,
    clueOnTop: head.contains(hit),
    clueBackground: getComputedStyle(head).backgroundColor,
    playerBackground: getComputedStyle(root).backgroundColor,
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_player_fits_a_phone(browser, base_url: str, site: Path, scheme: str) -> None:
    """At 390 px: no player is wider than the page, every cell is 24 px at least (the 20 × 20
    too: its board scrolls sideways in its frame, says so, and keeps its row clues in view,
    opaque in either theme), and the clues are 12 px at least."""
    players = [
        p for p in find_players(site) if p.kind in ("nonogram", "colour", "futoshiki", "line")
    ]
    scrolling = []
    for path in sorted({p.path for p in players}):
        with visit(browser, base_url + path, viewport=PHONE, mode=scheme) as opened:
            found = opened.page.evaluate(PHONE_LAYOUT_JS)
            here = [p for p in players if p.path == path]
            assert len(found) == len(here), (path, len(found), [p.name for p in here])
            for player, layout in zip(here, found, strict=True):
                name = player.name
                left, right, width = layout["inside"]
                assert left >= 0 and right <= width, f"{name}: reaches {left}..{right} of {width}"
                scroll, client = layout["overflow"]
                assert scroll <= client, f"{name}: sticks out of the player ({scroll} > {client})"
                assert layout["cells"] > 0, f"{name}: no cells"
                smallest = min(layout["narrowest"], layout["lowest"])
                assert smallest >= PHONE_CELL, f"{name}: cells of {smallest} px on a phone"
                if layout["clueFont"] is not None:
                    assert layout["clueFont"] >= 12, f"{name}: clues of {layout['clueFont']} px"
                if layout["note"] is not None:  # the Nonogram and the Futoshiki say it
                    assert layout["note"] == layout["scrolls"], f"{name}: {layout}"
                if layout["scrolls"] and player.kind in ("nonogram", "colour"):
                    end = _root(opened, player).evaluate(SCROLLED_TO_THE_END_JS)
                    assert end["scrolled"] > 0 and end["lastColumnInside"], f"{name}: {end}"
                    assert abs(end["clueFromEdge"]) < 1 and end["clueOnTop"], f"{name}: {end}"
                    assert end["clueBackground"] == end["playerBackground"], f"{name}: {end}"
                    assert end["clueBackground"].startswith("rgb("), f"{name}: {end}"  # opaque
                    scrolling.append(name)
            _no_problems(opened, f"{path} on a phone ({scheme})")
    assert scrolling, "no board scrolls sideways on a phone: is the 20 × 20 still in the book?"


def _largest_nonogram(site: Path) -> Player:
    """The Nonogram player with the most cells (the first of them): the 20 × 20."""
    sizes = {}
    for player in find_players(site):
        if player.kind == "nonogram":
            data = re.findall(
                r'<script type="application/json" class="lp-data">(.*?)</script>',
                (site / player.path).read_text("utf8"),
                flags=re.S,
            )[player.index]
            nonogram = json.loads(data)
            sizes[player] = len(nonogram["rows"]) * len(nonogram["cols"])
    assert sizes, "no Nonogram player in the book"
    return max(sizes, key=lambda player: sizes[player])


# The page scrolled up to `y` (the theme shows its "Back to top" button when the reader scrolls
# up), and what the button then covers of the player `index`.
SCROLL_UP_TO_JS = """async ([y, index]) => {
  const frames = n => new Promise(r => {
    const step = k => (k ? requestAnimationFrame(() => step(k - 1)) : r());
    step(n);
  });
  window.scrollTo({ top: y + 150, behavior: 'instant' });
  await frames(3);
  window.scrollTo({ top: y, behavior: 'instant' });
  await frames(3);
  const button = document.getElementById('pst-back-to-top');
  const style = getComputedStyle(button);
  const b = button.getBoundingClientRect();
  const over = r => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
  const root = document.querySelectorAll('.lp-play')[index];
  return {
    scrollY,
    shown: style.display !== 'none' && style.visibility === 'visible' && b.width > 0,
    button: [b.left, b.top, b.right, b.bottom],
    overPlayer: over(root.getBoundingClientRect()),
    cellsUnder: [...root.querySelectorAll('[role=gridcell]')]
      .filter(c => over(c.getBoundingClientRect())).map(c => c.getAttribute('aria-label')),
  };
}"""

CELL_IN_VIEW_JS = """cell => {
  const c = cell.getBoundingClientRect();
  const frame = cell.closest('.lp-board-wrap').getBoundingClientRect();
  const head = cell.closest('tr').querySelector('.lp-rowclue').getBoundingClientRect();
  const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
  return {
    focused: document.activeElement === cell,
    inFrame: c.left >= head.right && c.right <= frame.right,
    inWindow: c.top >= 0 && c.bottom <= innerHeight,
    onTop: cell.contains(hit),
    hit: hit ? hit.tagName + '#' + hit.id + '.' + hit.className : null,
  };
}"""


SIDEWAYS_TO_JS = """c => {
  const frame = c.closest('.lp-board-wrap');
  const over = c.getBoundingClientRect().right - frame.getBoundingClientRect().right;
  if (over > 0) frame.scrollBy({ left: Math.ceil(over) + 3, behavior: 'instant' });
}"""
"""A cell's column scrolled to in its frame (a swipe), if it is not in view."""

MIDDLE_COLUMN_JS = """cells => {
  const x = cell => { const r = cell.getBoundingClientRect(); return (r.left + r.right) / 2; };
  const distance = cell => Math.abs(x(cell) - document.documentElement.clientWidth / 2);
  return cells.reduce((best, cell, i) => (distance(cell) < distance(cells[best]) ? i : best), 0);
}"""
"""The column of the row ``cells`` in the middle of the window, where the theme's "Back to top"
button shows."""


def test_a_tap_or_a_key_changes_the_last_row_of_the_largest_board_on_a_phone(
    browser, base_url: str, site: Path
) -> None:
    """The 20 × 20 at 390 px, its last row where the theme's "Back to top" button shows (near
    the bottom of the window, the page scrolled up to it): a tap on its first cell, on the one
    in the middle of the window and on its last (scrolled to sideways) fills it, with nothing
    over it; from the keyboard, End and Home show the row's last and first cell whole, clear of
    the row clues."""
    player = _largest_nonogram(site)
    with visit(browser, base_url + player.path, viewport=PHONE) as opened:
        page = opened.page
        root = _root(opened, player)
        data = _data(root)
        height, width = len(data["rows"]), len(data["cols"])
        assert height * width >= 400, f"{player.name}: {height} × {width}"
        back = root.get_by_role("button", name="Back to my board")
        if back.is_visible():
            back.tap()
        cells = root.locator("[role=gridcell]")
        last_row = (height - 1) * width
        row = root.locator(f"[role=gridcell][data-row='{height - 1}']")
        for column in (0, None, width - 1):  # the first, the one mid-window, the last
            if column is None:
                column = row.evaluate_all(MIDDLE_COLUMN_JS)
            cell = cells.nth(last_row + column)
            cell.evaluate(SIDEWAYS_TO_JS)
            # the row where the theme's "Back to top" button shows, the page scrolled up to it
            y = cell.evaluate("c => c.getBoundingClientRect().top + scrollY - 0.9 * innerHeight")
            page.evaluate(SCROLL_UP_TO_JS, [y, player.index])
            seen = cell.evaluate(CELL_IN_VIEW_JS)
            assert seen["onTop"] and seen["inFrame"], f"row {height - 1}, column {column}: {seen}"
            assert cell.get_attribute("data-state") == "unknown"
            cell.tap()
            assert cell.get_attribute("data-state") == "filled"
            label = cell.get_attribute("aria-label")
            assert label.startswith(f"row {height - 1}, column {column}: "), label
        cells.nth(last_row).focus()
        for key, column in (("End", width - 1), ("Home", 0), ("End", width - 1)):
            page.keyboard.press(key)
            cell = cells.nth(last_row + column)
            seen = cell.evaluate(CELL_IN_VIEW_JS)
            assert seen["focused"] and seen["inFrame"] and seen["inWindow"], f"{key}: {seen}"
        page.keyboard.press("x")  # the last cell, filled by the tap, crossed from the keyboard
        assert cells.nth(last_row + width - 1).get_attribute("data-state") == "crossed"
        _no_problems(opened, player.name)


# Page offsets (scrollY) that put each part of the player `index` under the button's place,
# from its top to its bottom, the last row of its board among them; and one that puts no
# player there (None when every offset does).
PLACES_JS = """([index, buttonTop, buttonBottom]) => {
  const top = e => e.getBoundingClientRect().top + scrollY;
  const bottom = e => e.getBoundingClientRect().bottom + scrollY;
  const middle = (buttonTop + buttonBottom) / 2;
  const root = document.querySelectorAll('.lp-play')[index];
  const cells = root.querySelectorAll('[role=gridcell]');
  const lastRow = (top(cells[cells.length - 1]) + bottom(cells[cells.length - 1])) / 2;
  const places = [lastRow - middle];
  for (let y = top(root); y <= bottom(root); y += 60) places.push(y - middle);
  const header = document.querySelector('.bd-header').getBoundingClientRect().bottom;
  const highest = document.documentElement.scrollHeight - innerHeight;
  const players = [...document.querySelectorAll('.lp-play')].map(p => [top(p), bottom(p)]);
  let free = null;
  for (let y = header + 100; y <= highest; y += 50) {
    if (players.every(([t, b]) => b < y + buttonTop || t > y + buttonBottom)) { free = y; break; }
  }
  return { places: places.map(Math.round).filter(y => y > header + 10), free };
}"""


def test_back_to_top_does_not_cover_a_player_on_a_phone(browser, base_url: str, site: Path) -> None:
    """The theme's "Back to top" button shows when the reader scrolls up, near the bottom of
    the window; at 390 px it covers no player (none of its cells), wherever the page is
    scrolled to put it over one; over the text it still shows."""
    players = [
        p for p in find_players(site) if p.kind in ("nonogram", "colour", "futoshiki", "line")
    ]
    for path in sorted({p.path for p in players}):
        with visit(browser, base_url + path, viewport=PHONE) as opened:
            page = opened.page
            first = next(p for p in players if p.path == path)
            guess = page.evaluate("() => [0.9 * innerHeight - 5, 0.9 * innerHeight + 40]")
            free = page.evaluate(PLACES_JS, [first.index, *guess])["free"]
            assert free is not None, f"{path}: no place where the button is over text alone"
            shown = page.evaluate(SCROLL_UP_TO_JS, [free, first.index])
            assert shown["shown"] and not shown["overPlayer"], f"{path}, over text: {shown}"
            _, button_top, _, button_bottom = shown["button"]
            for player in [p for p in players if p.path == path]:
                places = page.evaluate(PLACES_JS, [player.index, button_top, button_bottom])
                assert places["places"], f"{player.name}: never under the button"
                for y in places["places"]:
                    found = page.evaluate(SCROLL_UP_TO_JS, [y, player.index])
                    if found["shown"]:
                        assert not found["cellsUnder"], f"{player.name} at {y}: {found}"
                        assert not found["overPlayer"], f"{player.name} at {y}: {found}"
            _no_problems(opened, f"{path} on a phone")


# The theme's sticky header would cover the top of a player in its screenshot.
UNSTICK_CSS = ".bd-header, .bd-header-article, .skip-link { visibility: hidden !important; }"


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_screenshots_of_the_players(
    browser, base_url: str, site: Path, screenshot_dir: Path, width: str
) -> None:
    """Each player, a few hints in (so the outlines and reasons show), in the dark theme; in
    both themes and at phone width too with ``BOOK_SCREENSHOTS_ALL=1``
    (test_colours_follow_the_system_and_the_theme_button checks both themes' colours and
    test_every_player_fits_a_phone the fit)."""
    if width == "phone" and not check_everything():
        pytest.skip("phone-width screenshots of the players: BOOK_SCREENSHOTS_ALL=1")
    modes = ("light", "dark") if check_everything() else ("dark",)  # the colour tests: both
    viewport = DESKTOP if width == "desktop" else PHONE
    players = find_players(site)
    for path in sorted({p.path for p in players}):
        for mode in modes:
            with visit(
                browser, base_url + path, viewport=viewport, mode=mode, stored_choice=True
            ) as opened:
                for player in [p for p in players if p.path == path]:
                    root = _root(opened, player)
                    if player.kind == "line":
                        root.locator("[role=gridcell]").nth(1).click()  # a filled cell
                    elif root.get_attribute("data-lp-mode") == "steps":
                        for _ in range(12):
                            root.get_by_role("button", name="Next").click()
                    else:
                        for _ in range(4):
                            root.get_by_role("button", name="Hint").click()
                    opened.page.add_style_tag(content=UNSTICK_CSS)
                    target = screenshot_dir / f"play-{player.name}--{width}-{mode}.png"
                    root.screenshot(path=str(target))
                    assert target.stat().st_size > 0
                _no_problems(opened, f"{path} ({width}, {mode})")


def test_pages_without_players_do_not_run_the_script(browser, base_url: str, site: Path) -> None:
    with_players = {p.path for p in find_players(site)}
    path = next(p for p in built_pages(site) if p not in with_players)
    with visit(browser, base_url + path) as opened:
        assert opened.page.evaluate("() => window.LogicPuzzlePlay === undefined")
        _no_problems(opened, path)


# ------------------------------------------------------------------------- the line editor --


def test_line_editor_answers_at_once(browser, base_url: str, editor: Player) -> None:
    player = _need(editor)
    with visit(browser, base_url + player.path) as opened:
        root = _root(opened, player)
        assert root.get_attribute("data-lp-result") == "-1 1 1 -1 -1 1 -1 -1 1 -1"
        assert "decides 4 cells" in _status(root)
        # the cells are numbered from 0, as solve_line indexes them and as the prose says
        numbers = root.evaluate(
            "r => [...r.querySelectorAll('table:not(.lp-line-result) th')]"
            ".map(h => [h.textContent, h.getAttribute('aria-label')])"
        )
        assert numbers == [[str(x), f"cell {x}"] for x in range(10)]
        decided = [x for x, v in enumerate(solve_line([3, 2, 2], [-1] * 10)) if v != -1]
        assert decided == [1, 2, 5, 8]  # the overlap's cells, as book/line_logic.md asserts
        assert "cells 1, 2, 5 and 8 filled" in _status(root)
        clue = root.get_by_label("Clue", exact=True)
        clue.fill("3 2 2")
        cells = root.locator("table:not(.lp-line-result) [role=gridcell]")
        cells.nth(1).click()  # unknown -> filled
        cells.nth(1).click()  # filled -> empty: the second cell empty is a conflict
        assert root.get_attribute("data-lp-result") == "conflict"
        assert "Conflict" in _status(root)
        cells.nth(1).focus()
        opened.page.keyboard.press("Backspace")  # unknown again, by keyboard
        opened.page.keyboard.press("Home")
        opened.page.keyboard.press("x")  # the first cell empty: one placement is left
        assert root.get_attribute("data-lp-result") == "0 1 1 1 0 1 1 0 1 1"
        clue.fill("3 x")
        assert clue.get_attribute("aria-invalid") == "true"
        assert '"x" is not one' in _status(root)
        clue.fill("9 2")
        assert "needs 12 cells, and the line has 10" in _status(root)
        root.get_by_label("Cells", exact=True).fill("12")
        assert "Conflict: no placement of 9 2 fits" in _status(root)  # the first cell is empty
        root.get_by_role("button", name="Clear the known cells").click()
        assert root.get_attribute("data-lp-result") == "1 1 1 1 1 1 1 1 1 0 1 1"
        clue.fill("4")
        assert root.get_attribute("data-lp-result") == " ".join(["-1"] * 12)
        assert "Nothing new" in _status(root)
        clue.fill("9 2")
        root.get_by_role("button", name="Use the result").click()  # the result becomes known
        known = root.evaluate(
            "r => [...r.querySelectorAll('td[tabindex]')].map(c => c.dataset.state)"
        )
        assert known == ["filled"] * 9 + ["empty"] + ["filled"] * 2
        assert "Every cell is known, and the clue fits" in _status(root)
        _no_problems(opened, player.name)


def _pack(cells) -> str:
    return "".join({-1: ".", 0: "0", 1: "1"}[v] for v in cells)


SOLVE_ALL_JS = """cases => {
  const unpack = s => [...s].map(ch => ch === '.' ? -1 : Number(ch));
  const pack = cells => cells === null ? null : cells.map(v => v < 0 ? '.' : String(v)).join('');
  return cases.map(([clue, cells]) => pack(window.LogicPuzzlePlay.solveLine(clue, unpack(cells))));
}"""


def test_js_line_solver_equals_helpers_on_every_line_of_the_book(
    browser, base_url: str, editor: Player
) -> None:
    """The port in the page against helper.nonogram.line.reference.solve_line, on every line
    line logic meets in the book's puzzles (and their conflicts), and against brute force on
    random short lines."""
    player = _need(editor)
    book = line_cases(variants=1)
    rng = random.Random(27)
    short = []
    for _ in range(3000):
        n = rng.randint(1, 11)  # (a line of no cells is no line: brute force says None)
        line = [rng.randint(0, 1) for _ in range(n)]
        clue = [len(run) for run in "".join(map(str, line)).split("0") if run]
        if rng.random() < 0.2:  # another line's clue: often no placement fits
            clue = [rng.randint(1, 4) for _ in range(rng.randint(0, 3))]
        cells = [rng.choice([-1, -1, 0, 1]) for _ in range(n)]
        short.append({"clue": clue, "cells": cells, "result": brute_force(clue, cells)})
    cases = book + short
    with visit(browser, base_url + player.path) as opened:
        got = opened.page.evaluate(SOLVE_ALL_JS, [[c["clue"], _pack(c["cells"])] for c in cases])
        _no_problems(opened, player.name)
    wrong = [
        f"clue {c['clue']} cells {_pack(c['cells'])}: JS {g}, Python "
        f"{None if c['result'] is None else _pack(c['result'])}"
        for c, g in zip(cases, got, strict=True)
        if g != (None if c["result"] is None else _pack(c["result"]))
    ]
    conflicts = sum(c["result"] is None for c in book)
    assert len(book) > 10_000 and conflicts > 100, (len(book), conflicts)
    assert not wrong, f"{len(wrong)} of {len(cases)} lines differ:\n  " + "\n  ".join(wrong[:10])


# ------------------------------------------------------------------------- in a notebook ---

JUPYTERLAB_JS = """([outputs, trusted]) => {
  // What JupyterLab does with a text/html output: innerHTML, then (trusted output only) each
  // <script> replaced by a fresh copy, which runs it. Untrusted output has its scripts removed.
  for (const html of outputs) {
    const area = document.createElement('div');
    area.className = 'jp-OutputArea-output';
    area.innerHTML = html;
    document.body.append(area);
    for (const old of area.querySelectorAll('script:not([type])')) {
      if (trusted) {
        const fresh = document.createElement('script');
        fresh.textContent = old.textContent;
        old.replaceWith(fresh);
      } else old.remove();
    }
  }
}"""


def _notebook_outputs(site: Path, page: str) -> list[str]:
    source = site / "_sources" / Path(page).with_suffix(".ipynb")
    notebook = nbformat.read(source, as_version=4)
    return [
        output["data"]["text/html"]
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "lp-play" in output.get("data", {}).get("text/html", "")
    ]


@pytest.mark.parametrize("jupyter_theme", ["light", "dark"])
def test_the_downloaded_notebooks_output_plays_in_jupyterlab(
    browser, site: Path, jupyter_theme: str
) -> None:
    """The .ipynb behind the download button: its outputs carry their own script and play on
    an empty page, offline, several on one page; JupyterLab's dark theme turns them dark."""
    players = [p for p in find_players(site) if p.kind == "nonogram"]
    outputs = _notebook_outputs(site, players[0].path)
    assert outputs, f"{players[0].path}: no player in the downloaded notebook"
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    context.route("**/*", lambda route: route.abort())  # nothing to fetch: all is inline
    try:
        theme = "true" if jupyter_theme == "light" else "false"
        page.set_content(f'<!doctype html><html><body data-jp-theme-light="{theme}"></body></html>')
        page.evaluate(JUPYTERLAB_JS, [outputs + outputs, True])  # twice: two copies of the script
        roots = page.locator(".lp-play")
        assert roots.count() == 2 * len(outputs)
        assert all(
            roots.nth(i).get_attribute("data-lp-mounted") == "true" for i in range(roots.count())
        )
        root = roots.last
        hint = root.get_by_role("button", name="Hint")
        _to_board(root)
        for _ in range(len(_data(root)["steps"])):
            hint.click()
        assert root.get_attribute("data-lp-solved") == "true"
        luminance = _luminance(root)
        assert luminance > 0.75 if jupyter_theme == "light" else luminance < 0.25
    finally:
        context.close()
    assert not errors, errors


def test_an_untrusted_notebook_says_where_to_play(browser, site: Path) -> None:
    players = [p for p in find_players(site) if p.kind == "futoshiki"]
    outputs = _notebook_outputs(site, players[0].path)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        page.set_content("<!doctype html><html><body></body></html>")
        page.evaluate(JUPYTERLAB_JS, [outputs, False])
        text = page.locator(".lp-play").first.text_content()
    finally:
        context.close()
    assert "run this cell again" in text and "book's site" in text
