"""MyST directives as plain Markdown: one handler per directive the book uses (or may well use).

A handler takes the converter and the :class:`~booktools.downloads.myst.Directive` and returns
Markdown. What the page shows as a box (a note, a tip, a warning) becomes a block quote; code
the page includes from a file becomes a fenced block; an exercise becomes a heading, and the
cells of its solution are marked folded (``SOLUTION_START`` ... ``SOLUTION_END``, which
:mod:`.notebook` turns into collapsed cells).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

from booktools.downloads.myst import (
    SOLUTION_END,
    SOLUTION_START,
    Converter,
    Directive,
    fence,
    link,
)
from booktools.downloads.site_index import Target

Handler = Callable[[Converter, Directive], str]

ADMONITION_TITLES = {
    "note": "Note",
    "tip": "Tip",
    "hint": "Hint",
    "important": "Important",
    "warning": "Warning",
    "caution": "Caution",
    "attention": "Attention",
    "danger": "Danger",
    "error": "Error",
    "seealso": "See also",
    "admonition": "",  # the title is the argument
    "margin": "",
    "sidebar": "",
    "epigraph": "",
    "pull-quote": "",
    "highlights": "",
}
LANGUAGES = {".py": "python", ".json": "json", ".toml": "toml", ".yml": "yaml", ".txt": "text"}
# Directives whose content only the site's build can make (a table of every notebook's run,
# the bibliography, a table of contents, reStructuredText such as autodoc): the notebook says
# so and links to the page.
SITE_ONLY = {"nb-exec-table", "bibliography", "toctree", "tableofcontents", "eval-rst", "glossary"}


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.split("\n"))


def admonition(conv: Converter, d: Directive) -> str:
    title = conv.inline(d.argument) if d.argument else ADMONITION_TITLES[d.name]
    body = conv.markdown(d.body, d.line + 1)
    return _quote(f"**{title}**\n\n{body}" if title else body)


def dropdown(conv: Converter, d: Directive) -> str:
    title = conv.inline(d.argument) if d.argument else "Details"
    body = conv.markdown(d.body, d.line + 1)
    return f"<details>\n<summary>{title}</summary>\n\n{body}\n\n</details>"


def _numbered_exercise(conv: Converter, label: str) -> str:
    numbered = conv.site.number(conv.page.docname, label) if label else None
    if numbered is None:
        return "Exercise"
    figure_type, number = numbered
    template = conv.site.number_formats.get(figure_type, "Exercise %s")
    return template % ".".join(map(str, number))


def _exercise_heading(conv: Converter, d: Directive) -> str:
    label = d.options.get("label", "").lower()
    title = "Exercise" if "nonumber" in d.options else _numbered_exercise(conv, label)
    if d.argument:
        title += f" ({conv.inline(d.argument)})"
    if label:
        conv.exercises[label] = title
    return f"{'#' * min(conv.heading_level + 1, 6)} {title}"


def exercise(conv: Converter, d: Directive) -> str:
    heading = _exercise_heading(conv, d)
    return f"{heading}\n\n{conv.markdown(d.body, d.line + 1)}".rstrip()


def exercise_start(conv: Converter, d: Directive) -> str:
    return _exercise_heading(conv, d)


def _solution_heading(conv: Converter, d: Directive) -> str:
    label = d.argument.strip().lower()
    exercise_title = conv.exercises.get(label)
    if exercise_title is None:
        raise conv.error(f"{{{d.name}}} {d.argument}: no exercise {label!r} before it on this page")
    return f"{'#' * min(conv.heading_level + 2, 6)} Solution to {exercise_title}"


def solution_start(conv: Converter, d: Directive) -> str:
    return f"{_solution_heading(conv, d)}\n{SOLUTION_START}"


def solution(conv: Converter, d: Directive) -> str:
    body = conv.markdown(d.body, d.line + 1)
    return f"{_solution_heading(conv, d)}\n{SOLUTION_START}\n{body}\n{SOLUTION_END}"


def solution_end(conv: Converter, d: Directive) -> str:
    return SOLUTION_END


def exercise_end(conv: Converter, d: Directive) -> str:
    return ""


def read_included(path: Path, raw: dict[str, str], config: object = None) -> str:
    """The lines a ``literalinclude`` of ``path`` with the options ``raw`` (their text, as
    MyST gives them) shows, read by Sphinx's own reader (so :pyobject:, :lines:,
    :start-after: and the rest select exactly the same lines). ``KeyError`` names unknown
    options; ``ValueError`` comes from the reader (a pattern not found)."""
    from sphinx.directives.code import LiteralInclude, LiteralIncludeReader

    spec = LiteralInclude.option_spec
    unknown = sorted(set(raw) - set(spec))
    if unknown:
        raise KeyError(f"unknown options {unknown}")
    options = {key: spec[key](value or None) for key, value in raw.items()}
    config = config or SimpleNamespace(source_encoding="utf-8-sig")
    text, _ = LiteralIncludeReader(str(path), options, config).read()
    return text


def literalinclude(conv: Converter, d: Directive) -> str:
    """The code the page shows, read as the build reads it (:func:`read_included`)."""
    if d.argument.startswith("/"):
        path = conv.page.srcdir / d.argument.lstrip("/")
    else:
        path = conv.page.source.parent / d.argument
    if not path.is_file():
        raise conv.error(f"{{literalinclude}} {d.argument}: no file {path}")
    try:
        text = read_included(path, d.options, conv.config)
    except KeyError as error:
        raise conv.error(f"{{literalinclude}} {d.argument}: {error.args[0]}") from None
    except ValueError as error:
        raise conv.error(f"{{literalinclude}} {d.argument}: {error}") from None
    language = d.options.get("language") or LANGUAGES.get(Path(path).suffix, "")
    block = fence(text, language)
    caption = d.options.get("caption")
    return f"*{conv.inline(caption)}*\n\n{block}" if caption else block


def code_block(conv: Converter, d: Directive) -> str:
    block = fence(d.body, d.argument.split()[0] if d.argument else "")
    caption = d.options.get("caption")
    return f"*{conv.inline(caption)}*\n\n{block}" if caption else block


def mermaid(conv: Converter, d: Directive) -> str:
    """A Mermaid diagram as a ```mermaid fence (JupyterLab 4.1+ draws it)."""
    if d.argument:  # a file name: the diagram's source is that file
        path = conv.page.source.parent / d.argument
        if not path.is_file():
            raise conv.error(f"{{mermaid}} {d.argument}: no file {path}")
        body = path.read_text("utf8")
    else:
        body = d.body
    block = fence(body, "mermaid")
    caption = d.options.get("caption")
    return f"{block}\n\n*{conv.inline(caption)}*" if caption else block


def math(conv: Converter, d: Directive) -> str:
    body = "\n".join(part for part in (d.argument, d.body) if part)
    return f"$$\n{body.strip()}\n$$"


def raw(conv: Converter, d: Directive) -> str:
    if d.argument.strip() != "html":
        raise conv.error(f"{{raw}} {d.argument}: only raw HTML can go into a notebook")
    return d.body


def container(conv: Converter, d: Directive) -> str:
    return conv.markdown(d.body, d.line + 1)


def table(conv: Converter, d: Directive) -> str:
    body = conv.markdown(d.body, d.line + 1)
    return f"**{conv.inline(d.argument)}**\n\n{body}" if d.argument else body


def site_only(conv: Converter, d: Directive) -> str:
    title = conv.site.titles.get(conv.page.docname, "this page")
    where = link(f"the page “{title}” of the book's site", Target(conv.page.docname))
    return f"*The build of the site makes this part of the page ({d.name}); read it on {where}.*"


def _glued(conv: Converter, d: Directive):
    key = d.argument.strip()
    if "::" in key:
        raise conv.error(f"{{{d.name}}} {key}: glue from another page is not supported")
    data = conv.page.glue.get(key)
    if data is None:
        raise conv.error(f"{{{d.name}}} {key}: nothing was glued as {key!r} on this page")
    return key, data


def glue_figure(conv: Converter, d: Directive) -> str:
    """A glued figure as an image attached to the markdown cell, with its caption."""
    key, data = _glued(conv, d)
    for mime, suffix in (("image/png", "png"), ("image/jpeg", "jpg"), ("image/svg+xml", "svg")):
        if mime in data:
            name = f"{key}.{suffix}"
            value = data[mime]
            if mime == "image/svg+xml":
                value = base64.b64encode(value.encode("utf8")).decode("ascii")
            conv.attachments[name] = {mime: value}
            alt = d.options.get("alt", key)
            caption = conv.markdown(d.body, d.line + 1) if d.body else ""
            image = f"![{alt}](attachment:{name})"
            return f"{image}\n\n*{caption}*" if caption else image
    if d.name == "glue:figure":
        raise conv.error(f"{{glue:figure}} {key}: the glued value is not an image")
    return glue_any(conv, d)


def glue_any(conv: Converter, d: Directive) -> str:
    key, data = _glued(conv, d)
    if "text/markdown" in data:
        return conv.markdown(data["text/markdown"], d.line)
    if "text/html" in data:
        return data["text/html"]
    if "text/latex" in data:
        return data["text/latex"]
    if "text/plain" in data:
        return fence(data["text/plain"], "text")
    raise conv.error(f"{{{d.name}}} {key}: the glued value has no form a notebook shows")


def glue_math(conv: Converter, d: Directive) -> str:
    key, data = _glued(conv, d)
    if "text/latex" not in data:
        raise conv.error(f"{{glue:math}} {key}: the glued value has no text/latex")
    return f"$$\n{data['text/latex'].strip().strip('$')}\n$$"


def glue_md(conv: Converter, d: Directive) -> str:
    key, data = _glued(conv, d)
    if "text/markdown" not in data:
        raise conv.error(f"{{glue:md}} {key}: the glued value has no text/markdown")
    return conv.markdown(data["text/markdown"], d.line)


DIRECTIVES: dict[str, Handler] = {
    **{name: admonition for name in ADMONITION_TITLES},
    "dropdown": dropdown,
    "exercise": exercise,
    "exercise-start": exercise_start,
    "exercise-end": exercise_end,
    "solution": solution,
    "solution-start": solution_start,
    "solution-end": solution_end,
    "literalinclude": literalinclude,
    "code-block": code_block,
    "code": code_block,
    "sourcecode": code_block,
    "mermaid": mermaid,
    "math": math,
    "raw": raw,
    "div": container,
    "container": container,
    "table": table,
    "glue": glue_figure,
    "glue:": glue_figure,
    "glue:any": glue_figure,
    "glue:figure": glue_figure,
    "glue:math": glue_math,
    "glue:md": glue_md,
    **{name: site_only for name in SITE_ONLY},
}
