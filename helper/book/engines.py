"""The programs behind the book's methods: one constraint solver, three SAT solvers, a MaxSAT
solver.

A method (a row of the solver map, :mod:`helper.book.solver_map`) is a model plus the program
that solves it. The main path meets five such programs; :data:`ENGINES` lists them with the
name the code gives each, and :func:`engines_table` renders the list as a MyST Markdown table
for the choosing chapter, so a reader finds every name in one place. The
readable names and versions come from the installed packages, so the table follows them.
"""

from dataclasses import dataclass
from importlib.metadata import version

from helper.backends.pysat import NAMES as SAT_NAMES

CHAPTER_LINKS = {
    "cpsat_nutshell": "chapter 1",
    "futoshiki": "Futoshiki",
    "nonogram_cpsat": "CP-SAT Nonogram",
    "nonogram_pysat": "CNF",
    "line_logic": "line logic",
    "solver_at_work": "what the solver did",
    "table_hints_strategies": "hints",
    "conflicts": "wrong clue",
    "explain": "explanations",
    "puzzles": "making puzzles",
    "fewest_givens": "fewest givens",
    "trusting_a_no": "trusting a no",
    "choosing": "choosing",
    "engineering": "engineering appendix",
    "cpsat_up_close": "CP-SAT appendix",
}
"""Short link text of each chapter a program is used in (its ``{doc}`` target -> text)."""


@dataclass(frozen=True)
class Engine:
    """One program the book runs: its readable name, what it solves, how the code names it,
    and the chapters that use it (the first one teaches it)."""

    name: str
    solves: str
    code: str
    chapters: tuple[str, ...]


ENGINES: tuple[Engine, ...] = (
    Engine(
        f"CP-SAT (OR-Tools {version('ortools')})",
        "constraint models: integer and Boolean variables, global constraints; presolve, "
        "propagation, probing, search with clause learning",
        "`cp_model.CpSolver` (`make_solver`)",
        (
            "cpsat_nutshell",
            "futoshiki",
            "nonogram_cpsat",
            "solver_at_work",
            "conflicts",
            "table_hints_strategies",
        ),
    ),
    Engine(
        SAT_NAMES["glucose4"],
        "SAT: clauses over Booleans; propagation and search with clause learning",
        '`"glucose4"` (`Glucose4`)',
        ("cpsat_nutshell", "nonogram_pysat", "explain", "choosing"),
    ),
    Engine(
        SAT_NAMES["cadical195"],
        "SAT, as above: a newer solver; it checks that a new Futoshiki has one solution",
        '`"cadical195"`',
        ("puzzles", "fewest_givens"),
    ),
    Engine(
        SAT_NAMES["glucose3"],
        "SAT, as above: the older Glucose, the helper package's default (it needed the fewest "
        "conflicts on the book's CNFs); it finishes the grids line logic leaves open",
        '`"glucose3"`',
        ("line_logic", "solver_at_work", "conflicts", "choosing", "trusting_a_no"),
    ),
    Engine(
        "RC2",
        "MaxSAT: keep as many of the optional (soft) clauses as the others allow, by calling a "
        "SAT solver in a loop (Glucose 3 for the lines to retype, Glucose 4.1 for explanations)",
        "`pysat.examples.rc2.RC2`",
        ("conflicts", "explain"),
    ),
)
"""The five programs the book runs, in the order the book first uses them."""


def engines_table() -> str:
    """:data:`ENGINES` as a MyST Markdown table: program, what it solves, its name in the
    code, and ``{doc}`` links to the chapters that use it (a cell shows it with
    ``mystnb: markdown_format: myst``)."""
    unknown = sorted({c for e in ENGINES for c in e.chapters} - set(CHAPTER_LINKS))
    if unknown:
        raise KeyError(f"chapters without a link text: {unknown}")
    lines = ["| program | what it solves | in the code | used in |", "|---|---|---|---|"]
    for e in ENGINES:
        used = ", ".join(f"{{doc}}`{CHAPTER_LINKS[c]} <{c}>`" for c in e.chapters)
        lines.append(f"| **{e.name}** | {e.solves} | {e.code} | {used} |")
    return "\n".join(lines)
