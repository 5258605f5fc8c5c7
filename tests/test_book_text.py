"""Facts the book's prose states about the repository itself, checked against their source."""

import re
from pathlib import Path

import yaml

from booktools.downloads.directives import read_included
from helper.text import LINE_WIDTH

REPO = Path(__file__).resolve().parents[1]


def test_intro_names_the_repository_only_when_the_config_has_one() -> None:
    url = yaml.safe_load((REPO / "_config.yml").read_text("utf8"))["repository"]["url"]
    intro = (REPO / "book" / "intro.md").read_text("utf8")
    if url:
        assert url in intro
    else:  # no address that the publisher does not control
        assert "github.com" not in intro and "git clone" not in intro
    assert 'pip install ".[book]"' in intro  # how to install from a copy of the repository


# --- Nothing clipped: every code line the book shows fits its box ----------------------------

FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\s*(?P<info>\S*)\s*(?P<arg>.*)$")
SHOWN_LANGUAGES = {"python", "bash", "text", "console", "ipython3", "shell", "sh"}


def _options(body: list[str]) -> tuple[dict[str, str], list[str]]:
    """A directive's ``:key: value`` options (or its YAML header), and the lines after them."""
    options: dict[str, str] = {}
    if body[:1] == ["---"]:
        end = body.index("---", 1)
        header = yaml.safe_load("\n".join(body[1:end])) or {}
        options = {str(k): str(v) for k, v in header.items()}
        return options, body[end + 1 :]
    i = 0
    while i < len(body) and body[i].startswith(":"):
        key, _, value = body[i][1:].partition(":")
        options[key.strip()] = value.strip()
        i += 1
    if options and i < len(body) and not body[i].strip():
        i += 1  # the blank line that ends the options is not shown
    return options, body[i:]


def _blocks(text: str) -> list[tuple[int, str, str, list[str]]]:
    """Every fenced block of a MyST page: (first line number, directive or language, its
    argument, its lines). Nested fences (an exercise holding a code cell) are found too."""
    lines = text.splitlines()
    found = []
    stack: list[tuple[str, int, str, str]] = []
    for number, line in enumerate(lines, start=1):
        match = FENCE.match(line.strip())
        if not match:
            continue
        fence, info = match["fence"], match["info"]
        if stack and fence == stack[-1][0] and not info:
            _, start, kind, arg = stack.pop()
            found.append((start, kind, arg, lines[start : number - 1]))
        elif info:
            stack.append((fence, number, info, match["arg"]))
    return found


def _included_lines(page: Path, arg: str, options: dict[str, str]) -> list[str]:
    """The lines a ``literalinclude`` shows, read as the build and the downloads read them."""
    unquoted = {  # MyST reads an option's value as YAML: quotes are not part of it
        key: str(yaml.safe_load(value)) if value[:1] in ("'", '"') else value
        for key, value in options.items()
    }
    return read_included((page.parent / arg).resolve(), unquoted).splitlines()


def shown_code(page: Path) -> dict[str, list[tuple[str, str]]]:
    """The code lines ``page`` shows, as ``(where, line)``: ``"cells"`` (code cells not
    removed, fenced code) and ``"included"`` (the helper code of every ``literalinclude``)."""
    shown: dict[str, list[tuple[str, str]]] = {"cells": [], "included": []}
    for start, kind, arg, body in _blocks(page.read_text("utf8")):
        options, code = _options(body)
        first = start + 1 + len(body) - len(code)  # the line number of the first code line
        where = [(f"{page.name}:{first + i}", line) for i, line in enumerate(code)]
        if kind == "{code-cell}":
            tags = re.findall(r"[\w-]+", options.get("tags", ""))
            if not any(tag.startswith("remove") for tag in tags):
                shown["cells"] += where
        elif kind in SHOWN_LANGUAGES:
            shown["cells"] += where
        elif kind == "{literalinclude}":
            shown["included"] += [
                (f"{arg} ({options.get('pyobject', 'lines')}, shown on {page.name})", line)
                for line in _included_lines(page, arg, options)
            ]
    return shown


PAGES = sorted((REPO / "book").glob("*.md"))


def _too_long(where: str) -> list[str]:
    return [
        f"{place}: {len(line.expandtabs(4))} characters: {line.strip()[:60]}"
        for page in PAGES
        for place, line in shown_code(page)[where]
        if len(line.expandtabs(4)) > LINE_WIDTH
    ]


def test_the_line_scanner_sees_what_a_reader_sees(tmp_path: Path) -> None:
    """Shown cells (hidden input too) and fenced code count, removed cells do not, and a
    literalinclude is resolved to the lines of its object (a method too) or its marks."""
    (tmp_path / "shown.py").write_text(
        "X = 1\n\n\nclass Box:\n    @property\n    def size(self):\n        return 2\n\n\n"
        "def free():\n    return 3\n",
        encoding="utf8",
    )
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n\n```{code-cell} ipython3\nshown = 1\n```\n\n"
        "```{code-cell} ipython3\n:tags: [hide-input]\n\nhidden_input = 2\n```\n\n"
        "```{code-cell} ipython3\n:tags: [remove-cell]\n\nremoved = 3\n```\n\n"
        "::::{exercise}\n```python\nfenced = 4\n```\n::::\n\n"
        "```{literalinclude} shown.py\n:pyobject: Box.size\n:language: python\n```\n\n"
        "```{literalinclude} shown.py\n:start-at: def free\n:end-before: return 3\n```\n\n"
        "```{literalinclude} shown.py\n:pyobject: Box\n:start-at: def size\n:dedent: 4\n```\n",
        encoding="utf8",
    )
    shown = shown_code(page)
    cells = [line for _, line in shown["cells"]]
    assert cells == ["shown = 1", "hidden_input = 2", "fenced = 4"]
    assert shown["cells"][0][0] == "page.md:4" and shown["cells"][1][0] == "page.md:10"
    assert [line for _, line in shown["included"]] == [
        "    @property",
        "    def size(self):",
        "        return 2",
        "def free():",
        "def size(self):",
        "    return 2",
    ]


def test_the_helper_code_the_chapters_show_fits_the_code_box() -> None:
    """Every line of every helper object a chapter shows (literalinclude) has at most
    LINE_WIDTH characters: the box shows that many at 1280 px (tests/browser checks it)."""
    assert not (found := _too_long("included")), "\n".join(found)


def test_the_chapters_code_cells_fit_the_code_box() -> None:
    """Every code line of a chapter (cells not removed, fenced code) has at most LINE_WIDTH
    characters."""
    assert not (found := _too_long("cells")), "\n".join(found)


# --- The introduction's map names what the code names ------------------------------------------


def _intro_map() -> str:
    intro = (REPO / "book" / "intro.md").read_text("utf8")
    start = intro.index("(book-map)=")
    return intro[start : intro.index("\n## ", intro.index("## ", start) + 3)]


def test_the_intros_map_lists_the_five_programs_with_their_names_in_the_code() -> None:
    """Every program of helper.book.engines.ENGINES, in its order, with the name the code gives
    it; the one default SAT back end and the named exceptions are the code's."""
    from helper.backends.pysat import DEFAULT_BACKEND, NAMES
    from helper.book.engines import ENGINES
    from helper.futoshiki.generate import ORACLE_BACKEND
    from helper.nonogram.solvers.portfolio import PortfolioConfig

    rows = [line for line in _intro_map().splitlines() if line.startswith("| ")][1:]
    programs = [row.split("|")[1].strip() for row in rows]
    assert len(programs) == len(ENGINES) == 5
    for program, engine in zip(programs, ENGINES, strict=True):
        assert engine.name.split(" (")[0] == program.split(" (")[0], (program, engine.name)
    code = {row.split("|")[1].strip(): row.split("|")[3] for row in rows}
    assert f'`"{DEFAULT_BACKEND}"`, `DEFAULT_BACKEND`' in code[NAMES[DEFAULT_BACKEND]]
    assert f'`"{ORACLE_BACKEND}"`, `ORACLE_BACKEND`' in code[NAMES[ORACLE_BACKEND]]
    second = PortfolioConfig().second
    assert f'`"{second}"`, `PortfolioConfig.second`' in code[NAMES[second]]


def test_the_intros_map_gives_every_main_path_method_one_line() -> None:
    from helper.book.solver_map import FUTOSHIKI_KEYS, solvers_so_far

    main = solvers_so_far("choosing")
    keys = {line.split("(`")[1].split("`")[0] for line in main.splitlines() if "(`" in line}
    lines = [line for line in _intro_map().splitlines() if line.startswith("- `")]
    lines += [line for line in _intro_map().splitlines() if line.startswith("- Futoshiki's `")]
    named = {line.split("`")[1] for line in lines}
    assert named == keys | set(FUTOSHIKI_KEYS.values())
