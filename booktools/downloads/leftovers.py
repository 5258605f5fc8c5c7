"""MyST syntax left in Markdown that JupyterLab or VS Code would show as raw text.

Two independent readings of each markdown cell:

1. the MyST parser (myst-parser's markdown-it, with every MyST extension that adds syntax)
   reports each role, directive, target, comment, block break, substitution, equation label,
   footnote and definition list;
2. a plain CommonMark parser (what a notebook front end sees) reports each ``{name}`` right
   before inline code, and each fenced block whose info string starts with ``{`` or that is
   fenced with colons.

Code (fenced, indented, inline) is not prose, so what it holds is never reported.
"""

from __future__ import annotations

import functools
import itertools
import re

import nbformat

# Extensions that add syntax a plain notebook front end does not know (the book enables a few
# of them; the check looks for all, so a construct enabled later is still caught).
MYST_SYNTAX = ("colon_fence", "deflist", "dollarmath", "amsmath", "substitution", "fieldlist")
MYST_TOKENS = {
    "myst_role": "role",
    "myst_target": "target (label)=",
    "myst_line_comment": "% comment",
    "myst_block_break": "+++ block break",
    "substitution_inline": "{{ substitution }}",
    "substitution_block": "{{ substitution }}",
    "math_block_label": "equation label",
    "footnote_ref": "footnote reference",
    "footnote_reference_open": "footnote definition",
    "dl_open": "definition list",
    "field_list_open": "field list",
}
ROLE_BEFORE_CODE = re.compile(r"\{[a-zA-Z0-9_\-+:]{1,36}\}$")


@functools.cache
def _myst_parser():
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    return create_md_parser(MdParserConfig(enable_extensions=set(MYST_SYNTAX)), RendererHTML)


@functools.cache
def _commonmark():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


def _walk(tokens):
    for token in tokens:
        yield token
        yield from _walk(token.children or [])


def myst_leftovers(markdown: str) -> list[str]:
    """Each piece of MyST syntax in ``markdown``, described in a few words (empty: none)."""
    found = []
    for token in _walk(_myst_parser().parse(markdown)):
        line = f"line {token.map[0] + 1}: " if token.map else ""
        if token.type in MYST_TOKENS:
            what = MYST_TOKENS[token.type]
            if token.type == "myst_role":
                what = f"role {{{token.meta['name']}}}`{token.content}`"
            found.append(f"{line}{what}")
        elif token.type == "colon_fence" or (
            token.type == "fence" and token.info.strip().startswith("{")
        ):
            found.append(f"{line}directive {token.markup}{token.info.strip()}")
    for token in _walk(_commonmark().parse(markdown)):
        if token.type == "fence" and token.info.strip().startswith("{"):
            found.append(f"directive {token.markup}{token.info.strip()} (as CommonMark reads it)")
        children = token.children or []
        for before, after in itertools.pairwise(children):
            role = ROLE_BEFORE_CODE.search(before.content) if before.type == "text" else None
            if role and after.type == "code_inline":
                found.append(f"role {role.group(0)}`{after.content}` (as CommonMark reads it)")
    return list(dict.fromkeys(found))


def notebook_leftovers(notebook: nbformat.NotebookNode) -> list[str]:
    """MyST syntax in the markdown cells of a notebook: "cell N: ..." for each piece."""
    return [
        f"markdown cell {index}: {problem}"
        for index, cell in enumerate(notebook.cells, start=1)
        if cell.cell_type == "markdown"
        for problem in myst_leftovers(cell.source)
    ]
