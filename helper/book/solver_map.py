"""The solver map of the closing chapter: one row per registered solver, plus Futoshiki's two.

Every key of :data:`helper.nonogram.solvers.registry.REGISTRY` must have a row in
:data:`NONOGRAM_ROWS` (:func:`missing_rows` lists the ones without, and the tests fail on
them), so a new solver cannot be left off the map. The display name of a Nonogram solver is
:data:`helper.palette.SOLVER_NAMES`; what it can do (solve, count) and the back ends of the
configured solvers are read from the registry itself, so the map follows the code.

:func:`solver_map` renders the map as MyST Markdown tables, with ``{doc}`` links to the
chapter that teaches each solver (a cell shows it with ``mystnb: markdown_format: myst``).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from helper.backends.pysat import DEFAULT_BACKEND
from helper.backends.pysat import NAMES as SAT_NAMES
from helper.book.engines import CHAPTER_LINKS
from helper.futoshiki import REGISTRY as FUTOSHIKI_REGISTRY
from helper.nonogram.solvers.registry import REGISTRY
from helper.palette import SOLVER_NAMES


@dataclass(frozen=True)
class MapRow:
    """What the map says about one method: its idea (variables and constraints), the chapter
    that teaches it (a ``{doc}`` target), where it wins, what it costs, and its gist (the idea
    in a few words, for the "solvers so far" box at the top of each Nonogram chapter)."""

    idea: str
    chapter: str
    wins: str
    costs: str
    gist: str = ""


NONOGRAM_ROWS: dict[str, MapRow] = {
    "cpsat-start": MapRow(
        "an integer per block for its start; a reified Boolean per (block, start); a cell is "
        "filled when a block covering it starts in reach",
        "nonogram_cpsat",
        "teaching: the model follows the rules word by word; pictures are solved in presolve",
        "blocks × width² literals per line; its time goes to building and presolve",
        gist="an integer start per block, tied to the cells by reified Booleans",
    ),
    "cpsat-automaton": MapRow(
        "a Boolean per cell; one `add_automaton` per line, accepting exactly its placements",
        "nonogram_cpsat",
        "the plain CP model: its propagation is line logic; counts solutions",
        "CP-SAT's search on grids that line logic leaves open",
        gist="a Boolean per cell and one `add_automaton` per line",
    ),
    "cpsat-automaton-default": MapRow(
        "the automaton model with CP-SAT's own defaults (a worker per CPU core)",
        "engineering",
        "the baseline a CP-SAT user gets without tuning",
        "every CPU core; answers and counts vary from run to run",
        gist="the automaton model with CP-SAT's defaults",
    ),
    "pysat-cnf": MapRow(
        "a selector per placement of a line; exactly one per line; a selector fills its cells",
        "nonogram_pysat",
        "short lines; shows why an encoding matters",
        "one selector per placement: refuses lines with too many (the 45 × 60 picture)",
        gist="a selector per placement of a line, exactly one true",
    ),
    "pysat-compact": MapRow(
        "a selector per (block, start); exactly one start per block; order; coverage",
        "nonogram_pysat",
        "polynomial size: solves the 45 × 60 picture that the all-placements CNF refuses",
        "unit propagation is weaker than line logic: search does the rest",
        gist="a selector per (block, start), exactly one per block",
    ),
    "sat-automaton": MapRow(
        "line logic; then a Boolean per live automaton state of the open cells "
        "(unit propagation = line logic)",
        "line_logic",
        "noisy pictures and random grids: CDCL learns from its conflicts; counts solutions",
        "CNF size on large open grids",
        gist="line logic, then the automaton CNF of the open cells, for a SAT solver",
    ),
    "line-search": MapRow(
        "line logic to a fixpoint, line probing, then depth-first search in Python",
        "line_logic",
        "teaching; pictures (line logic decides them)",
        "learns nothing from a conflict: exponential on hard grids",
        gist="line logic, line probing, then guesses, in plain Python",
    ),
    "line-cpsat": MapRow(
        "line logic, then the automaton model of the open cells (CP-SAT takes over)",
        "engineering",
        "pictures: CP-SAT has nothing left to do",
        "on hard grids the same search as the automaton model",
        gist="line logic, then the automaton model of the open cells",
    ),
    "bitline-hybrid": MapRow(
        "line logic on bit masks, a short search (a budget of guesses), then CP-SAT takes over",
        "engineering",
        "pictures that need a few guesses",
        "CP-SAT's search on the open cells of noisy and random grids",
        gist="bit-mask line logic, a few guesses, then CP-SAT",
    ),
    "bitline-probing": MapRow(
        "line logic on bit masks; probe every open cell both ways at every node; branch on "
        "the best probe",
        "engineering",
        "decides more than line logic before it guesses",
        "two propagations per open cell per node, in Python",
        gist="bit-mask line logic, probing every open cell at every node",
    ),
    "incremental-probing": MapRow(
        "the same search, probing only the cells of lines that changed; a cache of line results",
        "engineering",
        "the design that won Nonogram tournaments: each step a whole line, "
        "a repeated line a look-up",
        "each probe pays the Python interpreter: CDCL wins on large open grids here",
        gist="probing only the lines that changed, with a cache",
    ),
    "portfolio": MapRow(
        "line logic on bit masks; a CNF of the open cells with one variable per block start; "
        "a second SAT solver joins when the first is slow",
        "choosing",
        "behind `solve`: pictures by line logic, noisy and random grids by SAT",
        "a second CPU core (a thread) on the slow solves",
        gist="bit-mask line logic, then the block-start CNF for a SAT solver",
    ),
    "portfolio-full-cnf": MapRow(
        "the portfolio on the full automaton CNF, as it was before the block-start CNF",
        "engineering",
        "side-by-side runs against the portfolio",
        "more variables and clauses on long loose lines",
        gist="the portfolio on the full automaton CNF",
    ),
    "cpsat-table": MapRow(
        "a Boolean per cell; one `add_allowed_assignments` per line listing its placements",
        "engineering",
        "small puzzles; lines whose allowed drawings are a short list with no pattern",
        "one row per placement: refuses lines with too many",
        gist="a Boolean per cell and a table of placements per line",
    ),
}
"""The map's row of each registered Nonogram solver, by registry key."""

FUTOSHIKI_KEYS = {
    "CP-SAT Futoshiki (`GameBoard`)": "cpsat",
    "PySAT one-hot Futoshiki": "sat-onehot",
}
"""The key of each Futoshiki method in :data:`helper.futoshiki.REGISTRY`."""

FUTOSHIKI_ROWS: dict[str, tuple[str, MapRow]] = {
    "CP-SAT Futoshiki (`GameBoard`)": (
        "CP-SAT, 1 worker",
        MapRow(
            "an integer per cell; `add_all_different` per row and column; `add(a < b)` per sign",
            "futoshiki",
            "a textbook constraint problem: the model is the rules",
            "nothing to speak of at these sizes",
        ),
    ),
    "PySAT one-hot Futoshiki": (
        f"PySAT, {SAT_NAMES[DEFAULT_BACKEND]} ({SAT_NAMES['cadical195']} in the generator)",
        MapRow(
            "a Boolean per (cell, value); pairwise exactly one per cell, and per value in each "
            "row and column; two clauses per sign and value",
            "nonogram_pysat",
            "shows the one-hot encoding of integers; the generator's fast uniqueness check",
            "n³ Booleans and a quadratic number of clauses per exactly-one",
        ),
    ),
}
"""Futoshiki's two methods (no registry): display name -> (tool, row)."""


def _backend(name: str) -> str:
    return SAT_NAMES.get(name, name)


def tool(key: str) -> str:
    """The tool behind a registered solver, read from its registered settings."""
    solver = REGISTRY[key].solve
    config: Any = solver.config if solver is not None else None
    if key == "cpsat-automaton-default":
        return "CP-SAT, a worker per CPU core"
    if key.startswith("cpsat"):
        return "CP-SAT, 1 worker"
    if key in ("pysat-cnf", "pysat-compact"):
        return f"PySAT, {_backend(DEFAULT_BACKEND)}"
    if key == "sat-automaton":
        return f"PySAT, {_backend(config.backend)}"
    if key.startswith("portfolio"):
        pairs = dict.fromkeys(  # each branch of the plan: (primary, second), in plan order
            [
                (config.primary, config.second),
                (config.hard_primary, config.hard_second),
                (config.large_primary, config.large_second),
            ]
        )
        branches = [
            _backend(first) + (f" ({_backend(second)} joins)" if second else "")
            for first, second in pairs
            if first  # no large_primary: the plan has no branch of its own for large CNFs
        ]
        return "Python + PySAT: " + " or ".join(branches)
    if key in ("line-cpsat", "bitline-hybrid"):
        return "Python, then CP-SAT"
    return "Python"


def missing_rows() -> list[str]:
    """Registered keys without a row on the map (must be empty)."""
    return [key for key in REGISTRY if key not in NONOGRAM_ROWS]


def stale_rows() -> list[str]:
    """Rows of the map whose key is no longer registered (must be empty)."""
    return [key for key in NONOGRAM_ROWS if key not in REGISTRY]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _markdown(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def map_rows() -> list[dict[str, str]]:
    """Every row of the map, Nonogram solvers in registry (book) order, then Futoshiki's."""
    if missing_rows():
        raise KeyError(f"registered solvers without a row on the solver map: {missing_rows()}")
    rows = []
    for key, entry in REGISTRY.items():
        row = NONOGRAM_ROWS[key]
        does = " and ".join(c for c in ("solve", "count") if entry.can(c))
        rows.append(
            {
                "name": SOLVER_NAMES[key],
                "key": f"`{key}` ({does})",
                "tool": tool(key),
                **vars(row),
            }
        )
    for name, (tool_name, row) in FUTOSHIKI_ROWS.items():
        key = FUTOSHIKI_KEYS[name]
        does = " and ".join(c for c in ("solve", "count") if FUTOSHIKI_REGISTRY[key].can(c))
        rows.append({"name": name, "key": f"`{key}` ({does})", "tool": tool_name, **vars(row)})
    return rows


READING_ORDER = (
    "nonogram_cpsat",
    "nonogram_pysat",
    "line_logic",
    "solver_at_work",
    "choosing",
    "table_hints_strategies",
    "engineering",
)
"""The chapters that teach a Nonogram solver, in the book's reading order (``_toc.yml``)."""


def solvers_by_chapter() -> dict[str, list[str]]:
    """The display names of the registered Nonogram solvers, by the chapter that teaches them,
    chapters in reading order (:data:`READING_ORDER`)."""
    if missing_rows():
        raise KeyError(f"registered solvers without a row on the solver map: {missing_rows()}")
    chapters: dict[str, list[str]] = {}
    for key in REGISTRY:
        chapters.setdefault(NONOGRAM_ROWS[key].chapter, []).append(SOLVER_NAMES[key])
    unknown = [chapter for chapter in chapters if chapter not in READING_ORDER]
    if unknown:
        raise KeyError(f"chapters missing from READING_ORDER: {unknown}")
    return {chapter: chapters[chapter] for chapter in READING_ORDER if chapter in chapters}


PAGE_BASELINES: dict[str, tuple[str, str, str]] = {
    "automaton-cnf": (
        "solver_at_work",
        "PySAT automaton CNF, whole grid",
        "the automaton CNF of every line, for a SAT solver, with no line logic first",
    ),
}
"""Methods a single chapter runs beside the registered solvers, as a control, and that are
not solvers of the book: key -> (chapter, display name, gist). The chapter's "solvers so far"
box lists them apart."""


def program(key: str) -> str:
    """The program a registered solver runs on, in a few words: :func:`tool` without the
    PySAT prefix and CP-SAT's worker count (the "solvers so far" boxes print it)."""
    return tool(key).removeprefix("PySAT, ").removesuffix(", 1 worker")


def solvers_so_far(chapter: str) -> str:
    """The "solvers so far" box at the top of a Nonogram chapter, as MyST Markdown.

    A tip box with one line per registered Nonogram solver that the book has taught up to and
    including ``chapter`` (one of :data:`READING_ORDER`), in reading order: its display name,
    its registry key, the program it runs on and its gist; the solvers that ``chapter`` itself
    teaches are marked new,
    and a method that only ``chapter`` runs as a control (:data:`PAGE_BASELINES`) comes last.
    A cell shows it with ``mystnb: markdown_format: myst``.
    """
    if chapter not in READING_ORDER:
        raise ValueError(f"chapter is one of {', '.join(READING_ORDER)}, not {chapter!r}")
    if missing_rows():
        raise KeyError(f"registered solvers without a row on the solver map: {missing_rows()}")
    met = READING_ORDER[: READING_ORDER.index(chapter) + 1]
    keys = [key for key in REGISTRY if NONOGRAM_ROWS[key].chapter in met]
    keys.sort(key=lambda key: met.index(NONOGRAM_ROWS[key].chapter))
    lines = []
    for key in keys:
        row = NONOGRAM_ROWS[key]
        new = " *(new here)*" if row.chapter == chapter else ""
        lines.append(f"- **{SOLVER_NAMES[key]}** (`{key}`, on {program(key)}){new}: {row.gist}")
    for key, (page, name, gist) in PAGE_BASELINES.items():
        if page == chapter:
            lines.append(f"- also on this page, as a control: **{name}** (`{key}`): {gist}")
    return "\n".join([":::{admonition} Nonogram solvers so far", ":class: tip", "", *lines, ":::"])


APPENDIX_CHAPTERS = ("engineering",)
"""The chapters of :data:`READING_ORDER` that are appendices, off the main path."""

WHERE = ("all", "main path", "appendix")
"""Which rows :func:`solver_map` shows: every one, those the main path teaches, or the rest."""


def _chapter_link(chapter: str) -> str:
    """A ``{doc}`` link to ``chapter`` with its short name, not its full title."""
    return f"{{doc}}`{CHAPTER_LINKS.get(chapter, chapter)} <{chapter}>`"


def solver_map(part: str = "idea", *, where: str = "all") -> str:
    """The map as a MyST Markdown table: ``"idea"`` (name, key, idea, tool, chapter),
    ``"trade-off"`` (name, where it wins, what it costs) or ``"chapters"`` (chapter, how many
    Nonogram solvers it teaches, their names; a last row with the total).

    ``where`` keeps every row (``"all"``), only the methods taught on the main path
    (``"main path"``: Futoshiki's too) or only those of the appendices (``"appendix"``,
    :data:`APPENDIX_CHAPTERS`), so the main path names only what it needs.
    """
    if where not in WHERE:
        raise ValueError(f"where is one of {', '.join(map(repr, WHERE))}, not {where!r}")

    def shown(chapter: str) -> bool:
        return where == "all" or (chapter in APPENDIX_CHAPTERS) == (where == "appendix")

    if part == "chapters":
        header = ["chapter", "Nonogram solvers", "which"]
        chapters = {c: names for c, names in solvers_by_chapter().items() if shown(c)}
        body = [
            [_chapter_link(chapter), str(len(names)), ", ".join(names)]
            for chapter, names in chapters.items()
        ]
        body.append(["all chapters", str(sum(map(len, chapters.values()))), ""])
        return _markdown(header, body)
    rows = [r for r in map_rows() if shown(r["chapter"])]
    if part == "idea":
        header = ["solver", "key (can)", "idea: variables and constraints", "tool", "chapter"]
        body = [
            [r["name"], r["key"], r["idea"], r["tool"], _chapter_link(r["chapter"])] for r in rows
        ]
    elif part == "trade-off":
        header = ["solver", "where it wins", "what it costs"]
        body = [[r["name"], r["wins"], r["costs"]] for r in rows]
    else:
        raise ValueError(f"part is 'idea', 'trade-off' or 'chapters', not {part!r}")
    return _markdown(header, body)
