"""The programs behind the book's methods: one constraint solver, three SAT solvers (one of
them the book's SAT back end, ``DEFAULT_BACKEND``), a MaxSAT solver.

A method (a row of the solver map, :mod:`helper.book.solver_map`) is a model plus the program
that solves it. The main path meets five such programs; :data:`ENGINES` lists them with the
name the code gives each, and :func:`engines_table` renders the list as a MyST Markdown table
for the choosing chapter, so a reader finds every name in one place. The
readable names and versions come from the installed packages, so the table follows them.
"""

from dataclasses import dataclass
from importlib.metadata import version

from helper.backends.pysat import DEFAULT_BACKEND
from helper.backends.pysat import NAMES as SAT_NAMES
from helper.futoshiki.generate import ORACLE_BACKEND
from helper.nonogram.solvers.portfolio import PortfolioConfig

PORTFOLIO_SECOND = PortfolioConfig().second
"""The portfolio's second SAT solver (Glucose 4.1)."""

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
        SAT_NAMES[DEFAULT_BACKEND],
        "SAT: clauses over Booleans; propagation and search with clause learning. The book's "
        "one SAT back end: every SAT solve, and RC2's, unless a page names another for a reason",
        f'`"{DEFAULT_BACKEND}"` (`DEFAULT_BACKEND`)',
        (
            "nonogram_pysat",
            "line_logic",
            "solver_at_work",
            "conflicts",
            "explain",
            "choosing",
            "trusting_a_no",
        ),
    ),
    Engine(
        "RC2",
        "MaxSAT: keep as many of the optional (soft) clauses as the others allow, by calling a "
        f"SAT solver ({SAT_NAMES[DEFAULT_BACKEND]}) in a loop: the fewest clues to retype, the "
        "explanations' cheapest steps",
        "`pysat.examples.rc2.RC2` (`MaxSat`)",
        ("conflicts", "explain"),
    ),
    Engine(
        SAT_NAMES[PORTFOLIO_SECOND],
        f"SAT, as above: the portfolio's second solver, which joins {SAT_NAMES[DEFAULT_BACKEND]} "
        "when a solve is slow (a race: the first answer wins)",
        f'`"{PORTFOLIO_SECOND}"` (`PortfolioConfig.second`)',
        ("choosing", "engineering"),
    ),
    Engine(
        SAT_NAMES[ORACLE_BACKEND],
        "SAT, as above: a newer solver, fast on many small questions; it checks that a new "
        "Futoshiki has one solution (it cannot be interrupted, so it has no time limit)",
        f'`"{ORACLE_BACKEND}"` (`ORACLE_BACKEND`)',
        ("puzzles", "fewest_givens"),
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
