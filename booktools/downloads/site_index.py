"""What the notebook conversion needs to know about the whole site: titles, labels, terms,
citations, numbers.

A :class:`SiteIndex` is a plain value, made from Sphinx's environment by :func:`from_sphinx`
once every page has been read (or by hand in the tests). Every link it gives is a
``site:<path>`` placeholder, ``<path>`` relative to the site's root; :mod:`.publish` turns the
placeholders into links for the site's address, or into plain text when there is none.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from typing import Any

SITE = "site:"  # the scheme of a link into the site, before the site's address is known


@dataclass(frozen=True)
class Target:
    """A place on the site: a page and an anchor on it ("" for the page's top)."""

    docname: str
    anchor: str = ""

    def link(self) -> str:
        """The ``site:`` placeholder of this place."""
        return f"{SITE}{self.docname}.html" + (f"#{self.anchor}" if self.anchor else "")


@dataclass(frozen=True)
class Reference:
    """A work of the bibliography: how a citation names it, and its entry on the site."""

    authors: str  # "Simonis", "Ueda and Nagao", "Wu et al."
    all_authors: str  # every last name: "Wu, Sun, Chen, ..."
    year: str  # "2005", or "n.d." when the entry has none
    target: Target


@dataclass(frozen=True)
class Label:
    """A label of the std domain: where it points and the text a {ref} without text shows."""

    target: Target
    text: str | None  # the section's title; None for a label that names no section


@dataclass
class SiteIndex:
    """Titles, labels, terms, citations and numbers of every page of the site."""

    titles: dict[str, str] = field(default_factory=dict)  # docname -> title
    labels: dict[str, Label] = field(default_factory=dict)  # normalised label -> Label
    terms: dict[str, Target] = field(default_factory=dict)  # lower-case term -> glossary entry
    citations: dict[str, Reference] = field(default_factory=dict)  # bibtex key -> Reference
    # docname -> figure type ("figure", "table", "code-block", "exercise") -> anchor -> number
    numbers: dict[str, dict[str, dict[str, tuple[int, ...]]]] = field(default_factory=dict)
    number_formats: dict[str, str] = field(default_factory=dict)  # figure type -> "Fig. %s"
    equations: dict[str, tuple[str, int]] = field(default_factory=dict)  # label -> doc, number
    python_objects: dict[str, Target] = field(default_factory=dict)  # "helper.solve" -> target
    exercises: dict[str, str] = field(default_factory=dict)  # exercise label -> docname
    substitutions: dict[str, str] = field(default_factory=dict)  # myst_substitutions

    def doc(self, docname: str, target: str) -> str:
        """The docname that ``target`` (as written in a {doc} role on ``docname``) names."""
        target = target.removesuffix(".md").removesuffix(".ipynb")
        if target.startswith("/"):
            return posixpath.normpath(target.lstrip("/"))
        return posixpath.normpath(posixpath.join(posixpath.dirname(docname), target))

    def number(self, docname: str, anchor: str) -> tuple[str, tuple[int, ...]] | None:
        """The figure type and number of an enumerated anchor on ``docname``, if it has one."""
        for figure_type, numbers in self.numbers.get(docname, {}).items():
            if anchor in numbers:
                return figure_type, numbers[anchor]
        return None


def _text(latex: str) -> str:
    """A BibTeX field as plain text (braces and LaTeX accents resolved)."""
    from pybtex.richtext import Text

    return str(Text.from_latex(latex)).strip()


def reference_from_entry(entry: Any, target: Target) -> Reference:
    """How a citation names a pybtex ``entry``: its authors' (or editors') last names, year."""
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    last = [_text(" ".join(person.prelast_names + person.last_names)) for person in people]
    if not last:
        fallback = entry.fields.get("organization") or entry.fields.get("institution")
        last = [_text(fallback)] if fallback else [_text(entry.fields.get("title", entry.key))]
    if len(last) == 1:
        short = last[0]
    elif len(last) == 2:
        short = f"{last[0]} and {last[1]}"
    else:
        short = f"{last[0]} et al."
    year = _text(entry.fields["year"]) if "year" in entry.fields else "n.d."
    return Reference(short, ", ".join(last), year, target)


def from_sphinx(app: Any) -> SiteIndex:
    """The index of the site Sphinx is building (call it once every page has been read)."""
    env = app.env
    std = env.get_domain("std")
    index = SiteIndex()
    index.titles = {name: title.astext() for name, title in env.titles.items()}
    for label, (docname, anchor, text) in std.labels.items():
        index.labels[label] = Label(Target(docname, anchor), text or None)
    for label, (docname, anchor) in std.anonlabels.items():
        index.labels.setdefault(label, Label(Target(docname, anchor), None))
    index.terms = {term: Target(doc, anchor) for term, (doc, anchor) in std._terms.items()}
    if "cite" in env.domains:
        for citation in env.get_domain("cite").citations:
            target = Target(citation.bibliography_key.docname, citation.citation_id)
            index.citations.setdefault(citation.key, reference_from_entry(citation.entry, target))
    index.numbers = {
        docname: {kind: dict(numbers) for kind, numbers in kinds.items()}
        for docname, kinds in getattr(env, "toc_fignumbers", {}).items()
    }
    index.number_formats = dict(app.config.numfig_format or {})
    if "math" in env.domains:
        for label, (docname, number) in env.get_domain("math").equations.items():
            index.equations[label] = (docname, number)
    if "py" in env.domains:
        for name, entry in env.get_domain("py").objects.items():
            index.python_objects[name] = Target(entry.docname, entry.node_id)
    for label, exercise in getattr(env, "sphinx_exercise_registry", {}).items():
        if exercise.get("type") in ("exercise", "exercise-start"):
            index.exercises[label] = exercise["docname"]
    index.substitutions = {
        key: str(value) for key, value in (app.config.myst_substitutions or {}).items()
    }
    return index
