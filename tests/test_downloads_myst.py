"""booktools.downloads: MyST Markdown becomes plain Markdown, and what it does not know fails."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from booktools.downloads.leftovers import myst_leftovers
from booktools.downloads.myst import ConversionError, Page
from booktools.downloads.notebook import convert_notebook, make_converter
from booktools.downloads.site_index import Label, Reference, SiteIndex, Target

EXTENSIONS = ["colon_fence", "dollarmath", "amsmath", "deflist", "substitution"]
SIMONIS = Reference("Simonis", "Simonis", "2005", Target("book/references", "id3"))
WU = Reference("Wu et al.", "Wu, Sun, Chen", "2013", Target("book/references", "id7"))


@pytest.fixture
def site() -> SiteIndex:
    return SiteIndex(
        titles={"book/a": "Chapter A", "book/b": "Chapter B", "book/glossary": "Glossary"},
        labels={
            "sec-x": Label(Target("book/b", "sec-x"), "A section"),
            "ex-1": Label(Target("book/a", "ex-1"), None),
        },
        terms={"latin square": Target("book/glossary", "term-Latin-square")},
        citations={"simonis2005": SIMONIS, "wu2013": WU},
        numbers={"book/a": {"exercise": {"ex-1": (2,)}}},
        number_formats={"exercise": "Exercise %s"},
        exercises={"ex-1": "book/a"},
        substitutions={"puzzle": "a *Nonogram*"},
    )


@pytest.fixture
def page(tmp_path: Path) -> Page:
    (tmp_path / "book").mkdir()
    (tmp_path / "code.py").write_text(
        'import os\n\n\ndef shown(x):\n    """Doc."""\n    return x + 1\n\n\nOTHER = 2\n'
    )
    glue = {"count": {"text/plain": "1234"}, "table": {"text/markdown": "see {term}`Latin square`"}}
    return Page("book/a", tmp_path / "book" / "a.md", tmp_path, glue)


def convert(site: SiteIndex, page: Page, text: str) -> str:
    return make_converter(site, page, EXTENSIONS).cell(text, "markdown cell 1")


@pytest.mark.parametrize(
    ("myst", "plain"),
    [
        ("a {term}`Latin square`.", "a [Latin square](site:book/glossary.html#term-Latin-square)."),
        ("{term}`squares <Latin square>`", "[squares](site:book/glossary.html#term-Latin-square)"),
        ("see {doc}`b`", "see [Chapter B](site:book/b.html)"),
        ("see {doc}`the B chapter </book/b>`", "see [the B chapter](site:book/b.html)"),
        ("{ref}`sec-x`", "[A section](site:book/b.html#sec-x)"),
        ("{ref}`ex-1`", "[Exercise 2](site:book/a.html#ex-1)"),
        ("{ref}`this one <ex-1>`", "[this one](site:book/a.html#ex-1)"),
        ("as {cite:p}`simonis2005`", "as ([Simonis 2005](site:book/references.html#id3))"),
        (
            "{cite:p}`simonis2005,wu2013`",
            "([Simonis 2005](site:book/references.html#id3); "
            "[Wu et al. 2013](site:book/references.html#id7))",
        ),
        ("{cite:t}`wu2013` did", "[Wu et al. (2013)](site:book/references.html#id7) did"),
        ("{cite}`simonis2005`", "([Simonis 2005](site:book/references.html#id3))"),
        ("{glue:text}`count:,` cells", "1,234 cells"),
        ("{glue:text}`count` cells", "1234 cells"),
        ("{glue:md}`table`", "see [Latin square](site:book/glossary.html#term-Latin-square)"),
        ("{math}`x^2`", "$x^2$"),
        ("{{ puzzle }}", "a *Nonogram*"),
        ("a {term}`Latin\nsquare` across lines", "a [Latin square](site:book/glossary.html#term-Latin-square) across lines"),  # noqa: E501
        ("[the B page](b.md#sec-x)", "[the B page](site:book/b.html#sec-x)"),
    ],
)  # fmt: skip
def test_roles_become_text_or_links_to_the_site(site, page, myst: str, plain: str) -> None:
    assert convert(site, page, myst) == plain


def test_code_is_never_rewritten(site, page) -> None:
    text = (
        "Write ``{term}`x` `` or ``{doc}`y` `` in MyST.\n\n"
        "```python\nprint('{term}`z`')\n```\n\n"
        "    {ref}`indented code`\n"
    )
    assert convert(site, page, text) == text


def test_targets_and_comments_go_and_equation_labels_too(site, page) -> None:
    text = "(sec-x)=\n## Heading\n\n% a comment\nText.\n\n$$ x + 1 $$ (eq-one)\n"
    assert convert(site, page, text) == "## Heading\n\nText.\n\n$$\nx + 1\n$$\n"


@pytest.mark.parametrize("fence", ["```", ":::"])
def test_admonitions_become_block_quotes(site, page, fence: str) -> None:
    text = f"{fence}{{note}}\nA {{term}}`Latin square`.\n\nTwo.\n{fence}\n"
    assert convert(site, page, text) == (
        "> **Note**\n>\n> A [Latin square](site:book/glossary.html#term-Latin-square).\n>\n> Two.\n"
    )
    titled = "```{admonition} Mind the gap\n:class: tip\nBody.\n```"
    assert convert(site, page, titled) == "> **Mind the gap**\n>\n> Body."


def test_literalinclude_shows_the_code_the_page_shows(site, page) -> None:
    text = "```{literalinclude} ../code.py\n:pyobject: shown\n:language: python\n```"
    assert convert(site, page, text) == (
        '```python\ndef shown(x):\n    """Doc."""\n    return x + 1\n```'
    )
    lines = '```{literalinclude} ../code.py\n:start-at: "OTHER"\n```'
    assert convert(site, page, lines) == "```python\nOTHER = 2\n```"


def test_mermaid_becomes_a_mermaid_fence(site, page) -> None:
    text = "```{mermaid}\n:caption: Flow\nflowchart LR\n  A --> B\n```"
    assert convert(site, page, text) == "```mermaid\nflowchart LR\n  A --> B\n```\n\n*Flow*"


def test_footnotes_are_numbered_and_go_to_the_end(site, page) -> None:
    converter = make_converter(site, page, EXTENSIONS)
    definitions = "[^a]: The {doc}`b` note.\n\n[^b]: First."
    converter.learn_footnotes(definitions)  # convert_notebook does this for every cell first
    assert converter.cell("Two[^b] and one[^a], not [^c].", "cell 1") == (
        "Two<sup>1</sup> and one<sup>2</sup>, not [^c]."
    )
    assert converter.cell(definitions, "cell 2") == ""
    assert converter.footnote_cell() == (
        "---\n\n<sup>1</sup> First.\n\n<sup>2</sup> The [Chapter B](site:book/b.html) note."
    )


def _notebook(*cells: tuple[str, str, list[str]]) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    for kind, source, tags in cells:
        maker = nbformat.v4.new_markdown_cell if kind == "md" else nbformat.v4.new_code_cell
        notebook.cells.append(maker(source, metadata={"tags": tags} if tags else {}))
    return notebook


def test_exercises_become_headings_and_solutions_fold(site, page) -> None:
    executed = _notebook(
        ("md", "## Exercises\n\n```{exercise} Count ★\n:label: ex-1\n\nHow many?\n```", []),
        ("md", "```{solution-start} ex-1\n:class: dropdown\n```\n\nCount them.", []),
        ("code", "print(576)", []),
        ("md", "All of them.\n```{solution-end}\n```\n\nAfter the solution.", []),
        ("code", "glue('n', 1, display=False)", ["remove-cell"]),
    )
    result = convert_notebook(
        executed, site, docname="book/a", source=page.source, srcdir=page.srcdir,
        extensions=EXTENSIONS,
    )  # fmt: skip
    shown = [
        (cell.cell_type, cell.source, cell.metadata.get("jupyter", {})) for cell in result.cells
    ]
    folded = {"source_hidden": True}
    assert shown == [
        ("markdown", "## Exercises\n\n### Exercise 2 (Count ★)\n\nHow many?", {}),
        ("markdown", "#### Solution to Exercise 2 (Count ★)", {}),
        ("markdown", "Count them.", folded),
        ("code", "print(576)", {**folded, "outputs_hidden": True}),
        ("markdown", "All of them.", folded),
        ("markdown", "After the solution.", {}),
        ("code", "glue('n', 1, display=False)", {**folded, "outputs_hidden": True}),
    ]
    assert [cell.id for cell in result.cells] == [f"cell-{n}" for n in range(1, 8)]


def test_outputs_only_for_glue_are_dropped(site, page) -> None:
    cell = nbformat.v4.new_code_cell("glue('n', 5, display=False); print(5)")
    hidden = {"application/papermill.record/text/plain": "5"}
    scrapbook = {"scrapbook": {"name": "n", "mime_prefix": "application/papermill.record/"}}
    cell.outputs = [
        nbformat.v4.new_output("display_data", data=hidden, metadata=scrapbook),
        nbformat.v4.new_output("stream", name="stdout", text="5\n"),
    ]
    executed = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell("{glue:text}`n`"), cell]
    )
    result = convert_notebook(
        executed, site, docname="book/a", source=page.source, srcdir=page.srcdir,
        extensions=EXTENSIONS,
    )  # fmt: skip
    assert result.cells[0].source == "5"
    assert [output.output_type for output in result.cells[1].outputs] == ["stream"]


def test_glue_of_a_freshly_executed_page_is_read_from_mysts_glue_file(
    site, page, tmp_path: Path
) -> None:
    """myst-nb takes glued outputs out of a notebook it has just executed and writes them to
    ``<page>.glue.json``: the converter reads them there (a forced build has no other copy)."""
    import json

    executed = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("{glue:text}`n` cells"),
            nbformat.v4.new_code_cell("glue('n', 7, display=False)"),  # its output taken out
        ]
    )
    glue_file = tmp_path / "a.glue.json"
    glue_file.write_text(
        json.dumps(
            {"n": {"output_type": "display_data", "data": {"text/plain": "7"}, "metadata": {}}}
        )
    )
    result = convert_notebook(
        executed, site, docname="book/a", source=page.source, srcdir=page.srcdir,
        extensions=EXTENSIONS, glue_file=glue_file,
    )  # fmt: skip
    assert result.cells[0].source == "7 cells"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("A {unknownrole}`x`.", "MyST role {unknownrole}`x` is not known"),
        ("```{unknown-directive}\nbody\n```", "MyST directive {unknown-directive} is not known"),
        ("A {term}`Sudoku`.", "no glossary entry 'Sudoku'"),
        ("See {doc}`missing`.", "no page 'book/missing'"),
        ("{ref}`nowhere`", "no label 'nowhere'"),
        ("{cite:p}`nobody2000`", "not in the bibliography: ['nobody2000']"),
        ("{glue:text}`absent`", "nothing was glued as 'absent'"),
        ("{{ unset }}", "substitution {{ unset }} has no value"),
        ("```{solution-start} ex-9\n```", "no exercise 'ex-9' before it"),
        ("```{literalinclude} ../nope.py\n```", "no file"),
    ],
)
def test_what_the_conversion_does_not_know_fails_naming_page_and_construct(
    site, page, text: str, named: str
) -> None:
    with pytest.raises(ConversionError) as error:
        convert(site, page, "Some text.\n\n" + text)
    assert str(error.value).startswith("book/a: markdown cell 1, line 3: ")
    assert named in str(error.value)


@pytest.mark.parametrize(
    "text",
    [
        "{term}`x`",
        "a {doc}`y` b",
        "```{note}\nx\n```",
        ":::{tip}\nx\n:::",
        "(label)=\n# T",
        "% comment",
        "{{ sub }}",
        "$$ x $$ (eq)",
        "a[^1]\n\n[^1]: note",
        "Term\n: definition",
    ],
)
def test_leftovers_finds_every_kind_of_myst_syntax(text: str) -> None:
    assert myst_leftovers(text), text


def test_leftovers_ignores_code_and_plain_markdown() -> None:
    text = (
        "# T\n\nA `{term}`x`` [link](https://x.org) $x$.\n\n```python\n{doc}`y`\n```\n\n> quote\n"
    )
    assert myst_leftovers(text) == []


def test_converted_text_has_no_leftovers(site, page) -> None:
    text = (
        "(sec-a)=\n## A {term}`Latin square`\n\nAs {cite:t}`wu2013` show[^n], {glue:text}`count:,`"
        " cells; see {ref}`sec-x` and {doc}`b`.\n\n```{warning}\nA {math}`x` box.\n```\n\n"
        "[^n]: A note.\n"
    )
    converter = make_converter(site, page, EXTENSIONS)
    converted = converter.cell(text, "markdown cell 1") + "\n\n" + converter.footnote_cell()
    assert myst_leftovers(converted) == []
