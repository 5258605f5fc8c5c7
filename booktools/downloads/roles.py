"""MyST roles as plain Markdown: one handler per role the book uses (or may well use).

A handler takes the converter, the role's name and its content, and returns Markdown. Links
into the site are ``site:`` placeholders (:mod:`.site_index`). ``name:*`` handles every role of
a domain (``cite:p``, ``glue:text``, ``py:func``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from booktools.downloads.myst import Converter, link, split_explicit
from booktools.downloads.site_index import Reference, Target

Role = Callable[[Converter, str, str], str]


def term(conv: Converter, name: str, content: str) -> str:
    text, target = split_explicit(content)
    entry = conv.site.terms.get(target.lower())
    if entry is None:
        raise conv.error(f"{{term}}`{content}`: no glossary entry {target!r}")
    return link(text or target, entry)


def doc(conv: Converter, name: str, content: str) -> str:
    text, target = split_explicit(content)
    docname = conv.site.doc(conv.page.docname, target)
    if docname not in conv.site.titles:
        raise conv.error(f"{{doc}}`{content}`: no page {docname!r}")
    return link(text or conv.site.titles[docname], Target(docname))


def _exercise_text(conv: Converter, label: str) -> str | None:
    docname = conv.site.exercises.get(label)
    numbered = conv.site.number(docname, label) if docname else None
    if numbered is None:
        return None
    figure_type, number = numbered
    text = conv.site.number_formats.get(figure_type, "Exercise %s")
    return text % ".".join(map(str, number))


def ref(conv: Converter, name: str, content: str) -> str:
    text, target = split_explicit(content)
    label = conv.site.labels.get(target.lower())
    if label is None:
        raise conv.error(f"{{ref}}`{content}`: no label {target!r}")
    shown = text or _exercise_text(conv, target.lower()) or label.text
    if not shown:
        raise conv.error(f"{{ref}}`{content}` needs a text: the label names no section")
    return link(shown, label.target)


def numref(conv: Converter, name: str, content: str) -> str:
    text, target = split_explicit(content)
    label = conv.site.labels.get(target.lower())
    numbered = conv.site.number(label.target.docname, label.target.anchor) if label else None
    if label is None or numbered is None:
        raise conv.error(f"{{numref}}`{content}`: no numbered figure, table or listing {target!r}")
    figure_type, number = numbered
    number_text = ".".join(map(str, number))
    template = text or conv.site.number_formats.get(figure_type, "%s")
    shown = template.replace("{number}", number_text).replace("{name}", label.text or "")
    return link(shown.replace("%s", number_text), label.target)


def eq(conv: Converter, name: str, content: str) -> str:
    if content not in conv.site.equations:
        raise conv.error(f"{{eq}}`{content}`: no numbered equation")
    docname, number = conv.site.equations[content]
    return link(f"({number})", Target(docname, f"equation-{content}"))


def _references(conv: Converter, name: str, content: str) -> list[Reference]:
    keys = [key.strip() for key in content.split(",") if key.strip()]
    if not keys or any(re.search(r"[{}\s]", key) for key in keys):
        raise conv.error(f"{{{name}}}`{content}`: expected bibliography keys separated by commas")
    missing = [key for key in keys if key not in conv.site.citations]
    if missing:
        raise conv.error(f"{{{name}}}`{content}`: not in the bibliography: {missing}")
    return [conv.site.citations[key] for key in keys]


def cite(conv: Converter, name: str, content: str) -> str:
    """A citation as "(Author Year)" (``cite:p``) or "Author (Year)" (``cite:t``), each work
    linked to its entry on the references page."""
    style = name.partition(":")[2] or "p"
    works = _references(conv, name, content)

    def who(work: Reference) -> str:
        return work.all_authors if style.endswith("s") else work.authors

    if style in ("p", "ps"):
        return "(" + "; ".join(link(f"{who(w)} {w.year}", w.target) for w in works) + ")"
    if style in ("t", "ts", "ct", "cts"):
        return ", ".join(link(f"{who(w)} ({w.year})", w.target) for w in works)
    if style in ("author", "authors", "cauthor", "cauthors"):
        return ", ".join(link(who(w), w.target) for w in works)
    if style in ("authorpar", "authorpars"):
        return "(" + ", ".join(link(who(w), w.target) for w in works) + ")"
    if style == "year":
        return ", ".join(link(w.year, w.target) for w in works)
    if style == "yearpar":
        return "(" + ", ".join(link(w.year, w.target) for w in works) + ")"
    if style == "empty":
        return ""
    raise conv.error(f"{{{name}}}: this citation style has no plain Markdown form here")


def glue(conv: Converter, name: str, content: str) -> str:
    """A glued value: ``glue:text`` (text/plain, with an optional format spec), ``glue:md``
    (its Markdown), ``glue`` / ``glue:any`` (the richest form a notebook shows inline)."""
    from myst_nb.core.variables import format_plain_text

    kind = name.partition(":")[2] or "any"
    key, fmt = content, ""
    if kind in ("text", "md") and ":" in content:
        key, fmt = content.rsplit(":", 1)
    if "::" in key:
        raise conv.error(f"{{{name}}}`{content}`: glue from another page is not supported")
    data = conv.page.glue.get(key)
    if data is None:
        raise conv.error(f"{{{name}}}`{content}`: nothing was glued as {key!r} on this page")
    if kind == "text" or (kind == "any" and set(data) <= {"text/plain"}):
        if "text/plain" not in data:
            raise conv.error(f"{{{name}}}`{content}`: the glued value has no text/plain")
        return format_plain_text(data["text/plain"], fmt or "s")
    if kind in ("md", "any") and "text/markdown" in data:
        return conv.inline(data["text/markdown"].strip())
    if kind == "any" and "text/html" in data:
        return " ".join(data["text/html"].split())
    if kind == "any" and "text/latex" in data:
        return data["text/latex"].strip()
    raise conv.error(f"{{{name}}}`{content}`: the glued value has no form a notebook shows inline")


def python_object(conv: Converter, name: str, content: str) -> str:
    """``{py:func}`helper.solve``` and friends: the name as code, linked to the API page."""
    text, target = split_explicit(content)
    short = target.lstrip("~.")
    shown = text or (short.rsplit(".", 1)[-1] if target.startswith("~") else short)
    kind = name.partition(":")[2] if name.startswith("py:") else name
    if not text and kind in ("func", "meth"):
        shown += "()"
    found = conv.site.python_objects.get(short) or next(
        (t for full, t in conv.site.python_objects.items() if full.endswith("." + short)), None
    )
    code = f"`{shown}`"
    return link(code, found) if found else code


def math(conv: Converter, name: str, content: str) -> str:
    return f"${content}$"


def _wrapped(before: str, after: str) -> Role:
    return lambda conv, name, content: f"{before}{content}{after}"


def abbr(conv: Converter, name: str, content: str) -> str:
    return re.sub(r"\s*\([^)]*\)\s*$", "", content)


def menuselection(conv: Converter, name: str, content: str) -> str:
    return "**" + content.replace("-->", "→") + "**"


ROLES: dict[str, Role] = {
    "term": term,
    "doc": doc,
    "ref": ref,
    "numref": numref,
    "eq": eq,
    "cite": cite,
    "cite:*": cite,
    "glue": glue,
    "glue:*": glue,
    "py:*": python_object,
    **{
        kind: python_object
        for kind in ("func", "meth", "class", "mod", "attr", "obj", "data", "exc", "const")
    },
    "math": math,
    "sub": _wrapped("<sub>", "</sub>"),
    "subscript": _wrapped("<sub>", "</sub>"),
    "sup": _wrapped("<sup>", "</sup>"),
    "superscript": _wrapped("<sup>", "</sup>"),
    "kbd": _wrapped("<kbd>", "</kbd>"),
    "abbr": abbr,
    "code": _wrapped("`", "`"),
    "literal": _wrapped("`", "`"),
    "samp": _wrapped("`", "`"),
    "file": _wrapped("`", "`"),
    "command": _wrapped("**", "**"),
    "program": _wrapped("**", "**"),
    "guilabel": _wrapped("**", "**"),
    "menuselection": menuselection,
    "dfn": _wrapped("*", "*"),
    "emphasis": _wrapped("*", "*"),
    "strong": _wrapped("**", "**"),
}
