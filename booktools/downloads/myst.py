"""MyST Markdown to plain Markdown, one markdown cell at a time.

Plain Markdown here is what JupyterLab and VS Code render: CommonMark with tables, ``$`` math,
HTML, and ```` ```mermaid ```` fences. The MyST parser (myst-parser's markdown-it set-up, with
the book's extensions) finds the constructs; this module rewrites them from the source text:

- every ``{role}`content``` (:mod:`.roles`) and every ```` ```{directive} ```` or
  ``:::{directive}`` block (:mod:`.directives`), each by a handler of its own name; a role or
  directive without a handler is a :class:`ConversionError` that names the page, the cell, the
  line and the construct, so a new construct in a chapter fails the build until it has one;
- ``(label)=`` targets and ``%`` comments are dropped, ``$$ ... $$ (label)`` loses its label,
  footnotes become superscript numbers with their text at the end of the notebook, definition
  lists become bold terms, ``{{ substitutions }}`` their values, and links to ``.md`` pages
  links to the site.

Code (fenced, indented, inline) is never rewritten. As a check, the roles, footnotes and
substitutions that this module finds in each stretch of prose are compared with those the MyST
parser finds there: a mismatch is an error too, never a silent miss.
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from booktools.downloads.site_index import SiteIndex, Target

# The MyST role syntax (myst-parser's markdown-it plugin): {name} right before the backticks.
ROLE_NAME = re.compile(r"\{([a-zA-Z0-9_\-+:]{1,36})\}$")
DIRECTIVE_INFO = re.compile(r"^\{([a-zA-Z0-9_\-+:]+)\}\s*(.*)$", re.DOTALL)
FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\]")
SUBSTITUTION = re.compile(r"\{\{\s*(.*?)\s*\}\}")
# A link's destination: a page of the book (.md/.ipynb, maybe with an anchor) or an anchor.
LOCAL_LINK = re.compile(r"\]\(\s*<?([^)\s>]+?\.(?:md|ipynb)(?:#[^)\s>]*)?|#[^)\s>]+)>?\s*\)")
SOLUTION_START = "\x00solution-start\x00"
SOLUTION_END = "\x00solution-end\x00"


class ConversionError(ValueError):
    """A construct the conversion does not know (or cannot resolve), with where it is."""


@dataclass(frozen=True)
class Directive:
    """One directive block: ``{name} argument``, its ``:option: value`` lines, its body."""

    name: str
    argument: str
    options: dict[str, str]
    body: str
    line: int  # where it starts in its cell (1-based)


@dataclass
class Page:
    """The page being converted: its docname, its source file, its glued outputs."""

    docname: str
    source: Path  # the chapter's .md (literalinclude paths are relative to its folder)
    srcdir: Path  # the book's root (absolute literalinclude paths start here)
    glue: dict[str, dict[str, Any]] = field(default_factory=dict)  # key -> mime bundle


class _AnyDirective:
    """How a directive that is not registered here (in a test, or a new extension's) is read:
    an optional argument on the first line, options, a body."""

    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict] = {
        "": None
    }  # any option; myst-parser reads the block only when this is truthy


def directive_class(name: str) -> type:
    """The directive class that the build registered for ``name`` (docutils' registry, where
    Sphinx and its extensions register theirs), else :class:`_AnyDirective`."""
    import importlib

    from docutils.parsers.rst import directives

    found = directives._directives.get(name)
    if found is None and name in directives._directive_registry:
        module, class_name = directives._directive_registry[name]
        found = getattr(
            importlib.import_module(f"docutils.parsers.rst.directives.{module}"), class_name
        )
    return found or _AnyDirective


def parse_directive(name: str, first_line: str, content: str) -> tuple[str, dict[str, str], str]:
    """(argument, options, body) of a directive, read as myst-parser reads it: the class of
    ``name`` says whether the first line is an argument or the start of the body; option
    values are read as YAML (quotes removed), whatever the directive would check."""
    from myst_parser.parsers.directives import parse_directive_text

    result = parse_directive_text(
        directive_class(name), first_line, content, validate_options=False
    )
    for warning in result.warnings:
        if "bad YAML" in warning.msg or "not a dict" in warning.msg:
            raise ValueError(warning.msg)
    options = {str(k): "" if v is None else str(v) for k, v in result.options.items()}
    return " ".join(result.arguments), options, "\n".join(result.body).rstrip()


def split_explicit(content: str) -> tuple[str | None, str]:
    """``text <target>`` -> ("text", "target"); ``target`` -> (None, "target")."""
    match = re.fullmatch(r"(.*?)\s*<([^<>]+)>", content.strip(), flags=re.DOTALL)
    if match and match.group(1):
        return " ".join(match.group(1).split()), match.group(2).strip()
    return None, " ".join(content.split())


def link(text: str, target: Target | str) -> str:
    """A Markdown link; ``target`` is a :class:`Target` on the site or a URL."""
    url = target.link() if isinstance(target, Target) else target
    escaped = text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    return f"[{escaped}]({url})"


def fence(code: str, language: str = "") -> str:
    """A fenced code block whose fence is longer than any run of backticks in ``code``."""
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{language}\n{code.rstrip()}\n{ticks}"


def _parser(extensions: Iterable[str]):
    return _cached_parser(frozenset(extensions))


@functools.cache
def _cached_parser(extensions: frozenset[str]):
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    return create_md_parser(MdParserConfig(enable_extensions=set(extensions)), RendererHTML)


def _inline_constructs(tokens) -> list[tuple[str, str]]:
    """The roles and substitutions the MyST parser found in tokens."""
    found = []
    for token in tokens:
        if token.type == "substitution_block":
            found.append(("substitution", token.content.strip()))
        for child in token.children or []:
            if child.type == "myst_role":
                found.append((f"role {child.meta['name']}", " ".join(child.content.split())))
            elif child.type == "substitution_inline":
                found.append(("substitution", child.content.strip()))
    return found


def _backtick_run(text: str, start: int) -> int:
    end = start
    while end < len(text) and text[end] == "`":
        end += 1
    return end - start


def _closing_run(text: str, start: int, length: int) -> int:
    """Where the run of exactly ``length`` backticks that closes a code span starts, or -1."""
    position = start
    while (position := text.find("`" * length, position)) != -1:
        run = _backtick_run(text, position)
        if run == length and (position == 0 or text[position - 1] != "`"):
            return position
        position += run
    return -1


class Converter:
    """Converts the markdown cells of one page, in order (footnotes, exercises and headings
    carry over from cell to cell)."""

    def __init__(
        self,
        site: SiteIndex,
        page: Page,
        *,
        extensions: Iterable[str],
        roles: dict[str, Callable[[Converter, str, str], str]],
        directives: dict[str, Callable[[Converter, Directive], str]],
        config: Any = None,
    ) -> None:
        self.site = site
        self.page = page
        self.config = config  # Sphinx's config (literalinclude reads its source encoding)
        self.md = _parser(extensions)
        self.roles = roles
        self.directives = directives
        self.where = ""  # "markdown cell 3" while a cell is converted
        self.line = 0
        self.footnote_labels: set[str] = set()  # defined on the page (see learn_footnotes)
        self.footnotes: dict[str, int] = {}  # label -> number, in order of first reference
        self.footnote_texts: dict[str, str] = {}  # label -> converted text
        self.exercises: dict[str, str] = {}  # label -> "Exercise 2 (Title ★)"
        self.heading_level = 1  # of the last heading met
        self.attachments: dict[str, dict[str, Any]] = {}  # name -> mime bundle (this cell's)

    # -- errors -----------------------------------------------------------------------------
    def error(self, message: str) -> ConversionError:
        where = f"{self.page.docname}: {self.where}" + (f", line {self.line}" if self.line else "")
        return ConversionError(f"{where}: {message}")

    # -- entry points -----------------------------------------------------------------------
    def learn_footnotes(self, text: str) -> None:
        """Note the footnotes that ``text`` defines: a reference in one cell may be defined in
        another (MyST reads the cells as one document; a per-cell parse cannot tell)."""
        for token in self.md.parse(text):
            if token.type == "footnote_reference_open":
                self.footnote_labels.add(token.meta["label"])

    def cell(self, text: str, where: str) -> str:
        """One markdown cell of the page, converted."""
        self.where, self.line = where, 0
        self.attachments = {}
        self.learn_footnotes(text)
        return self.markdown(text)

    def markdown(self, text: str, first_line: int = 1) -> str:
        """MyST block text (a cell, or a directive's body) as plain Markdown."""
        lines = text.split("\n")
        out: list[str] = []
        position = 0
        for start, end, replacement in self._blocks(text, first_line):
            if start > position:
                out.append(self._prose("\n".join(lines[position:start]), first_line + position))
            if replacement is not None:
                out.append(replacement)
            position = end
        if position < len(lines):
            out.append(self._prose("\n".join(lines[position:]), first_line + position))
        return "\n".join(part for part in out)

    def inline(self, text: str) -> str:
        """Inline MyST (a title, a directive's argument) as plain Markdown."""
        return self._prose(text, self.line)

    # -- blocks -----------------------------------------------------------------------------
    def _blocks(self, text: str, first_line: int):
        """(first line, end line, replacement or None to drop) for each block to rewrite."""
        lines = text.split("\n")
        claimed = 0
        for token in self.md.parse(text):
            if token.map is None or token.map[0] < claimed:
                continue
            start, end = token.map
            self.line = first_line + start
            replacement: str | None
            if token.type == "heading_open":
                self.heading_level = int(token.tag[1:])  # exercises go one level below
                continue
            if token.type in ("fence", "colon_fence"):
                match = DIRECTIVE_INFO.match(token.info.strip())
                if match is None:
                    claimed = end
                    yield start, end, "\n".join(lines[start:end])  # a code block: as it is
                    continue
                prefix = self._prefix(lines[start], token.markup)
                body = token.content
                directive = self._directive(match.group(1), match.group(2), body)
                replacement = self._indent(self._run_directive(directive), prefix)
            elif token.type in ("code_block", "html_block", "math_block", "amsmath"):
                replacement = "\n".join(lines[start:end])
            elif token.type == "math_block_label":
                replacement = f"$$\n{token.content.strip()}\n$$"
            elif token.type in ("myst_target", "myst_line_comment", "myst_block_break"):
                replacement = None
            elif token.type == "footnote_reference_open":
                self._footnote_definition(token.meta["label"], lines[start:end], first_line + start)
                replacement = None
            elif token.type == "dl_open":
                replacement = self._definition_list(lines[start:end], first_line + start)
            elif token.type == "front_matter":
                raise self.error("front matter inside a cell")
            else:
                continue
            claimed = end
            yield start, end, replacement

    @staticmethod
    def _prefix(line: str, markup: str) -> str:
        return line[: line.index(markup)] if markup in line else ""

    @staticmethod
    def _indent(text: str, prefix: str) -> str:
        if not prefix:
            return text
        quote = prefix.rstrip()
        return "\n".join(prefix + line if line.strip() else quote for line in text.split("\n"))

    def _directive(self, name: str, argument: str, content: str) -> Directive:
        try:
            argument, options, body = parse_directive(name, argument, content)
        except ValueError as error:
            raise self.error(f"directive {{{name}}}: {error}") from None
        return Directive(name, argument.strip(), options, body, self.line)

    def _run_directive(self, directive: Directive) -> str:
        handler = self.directives.get(directive.name)
        if handler is None:
            raise self.error(
                f"MyST directive {{{directive.name}}} is not known to the notebook conversion "
                "(booktools/downloads/directives.py): add a handler that writes it as plain "
                "Markdown"
            )
        line = self.line
        result = handler(self, directive)
        self.line = line
        return result

    def _footnote_definition(self, label: str, lines: list[str], line: int) -> None:
        first = re.sub(r"^\s*\[\^[^\]]+\]:\s?", "", lines[0])
        rest = textwrap.dedent("\n".join(lines[1:]))
        self.footnote_texts[label] = self.markdown(f"{first}\n{rest}".strip(), line)

    def _definition_list(self, lines: list[str], line: int) -> str:
        out = []
        for number, text in enumerate(lines):
            if text.startswith((": ", ":\t")):
                out.append(self.inline(text[2:].strip()))
            elif text.startswith(("  ", "\t")) and out:
                out[-1] += " " + self.inline(text.strip())
            elif text.strip():
                self.line = line + number
                out.append("")
                out.append(f"**{self.inline(text.strip())}**  ")
        return "\n".join(out).strip("\n")

    # -- prose ------------------------------------------------------------------------------
    def _prose(self, text: str, first_line: int) -> str:
        """Prose (no code blocks, no directives): roles, footnotes, substitutions, links."""
        expected = _inline_constructs(self.md.parse(text)) if text.strip() else []
        found: list[tuple[str, str]] = []
        out: list[str] = []
        segment = 0  # where the current stretch of plain text started
        i = 0
        while i < len(text):
            if text[i] == "\\":
                i += 2
                continue
            if text[i] != "`":
                i += 1
                continue
            run = _backtick_run(text, i)
            close = _closing_run(text, i + run, run)
            if close == -1:
                i += run
                continue
            plain = text[segment:i]
            role = ROLE_NAME.search(plain)
            self.line = first_line + text.count("\n", 0, i)
            if role:
                content = text[i + run : close]
                found.append((f"role {role.group(1)}", " ".join(content.split())))
                out.append(self._plain(plain[: role.start()], found))
                out.append(self._role(role.group(1), content))
            else:
                out.append(self._plain(plain, found))
                out.append(text[i : close + run])  # inline code, as it is
            i = segment = close + run
        out.append(self._plain(text[segment:], found))
        if sorted(found) != sorted(expected):  # roles and substitutions
            missing = [item for item in expected if item not in found]
            extra = [item for item in found if item not in expected]
            self.line = first_line
            raise self.error(
                "the MyST parser and the notebook conversion disagree about this text's "
                f"roles or substitutions (parser only: {missing}; conversion only: "
                f"{extra})"
            )
        return "".join(out)

    def _plain(self, text: str, found: list[tuple[str, str]]) -> str:
        def footnote(match: re.Match[str]) -> str:
            label = match.group(1)
            if label not in self.footnote_labels:
                return match.group(0)  # not a footnote: MyST shows it as it is
            number = self.footnotes.setdefault(label, len(self.footnotes) + 1)
            return f"<sup>{number}</sup>"

        def substitution(match: re.Match[str]) -> str:
            name = match.group(1)
            found.append(("substitution", name))
            if name not in self.site.substitutions:
                raise self.error(f"substitution {{{{ {name} }}}} has no value (myst_substitutions)")
            return self.inline(self.site.substitutions[name])

        def local_link(match: re.Match[str]) -> str:
            destination = match.group(1)
            page, _, anchor = destination.partition("#")
            if page:
                docname = self.site.doc(self.page.docname, page)
                return f"]({Target(docname, anchor).link()})"
            label = self.site.labels.get(anchor.lower())
            return f"]({label.target.link()})" if label else match.group(0)

        text = FOOTNOTE_REF.sub(footnote, text)
        text = SUBSTITUTION.sub(substitution, text)
        return LOCAL_LINK.sub(local_link, text)

    def _role(self, name: str, content: str) -> str:
        handler = self.roles.get(name)
        if handler is None and ":" in name:
            handler = self.roles.get(name.split(":", 1)[0] + ":*")
        if handler is None:
            raise self.error(
                f"MyST role {{{name}}}`{content}` is not known to the notebook conversion "
                "(booktools/downloads/roles.py): add a handler that writes it as plain Markdown"
            )
        return handler(self, name, content)

    # -- what handlers share ----------------------------------------------------------------
    def footnote_cell(self) -> str | None:
        """The footnotes' texts, numbered as referenced, for a cell at the end (or None)."""
        if not self.footnotes:
            return None
        missing = [label for label in self.footnotes if label not in self.footnote_texts]
        if missing:
            raise self.error(f"footnotes without a definition: {missing}")
        notes = [
            f"<sup>{number}</sup> {self.footnote_texts[label]}"
            for label, number in sorted(self.footnotes.items(), key=lambda item: item[1])
        ]
        return "---\n\n" + "\n\n".join(notes)
