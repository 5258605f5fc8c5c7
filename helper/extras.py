"""What the parts of ``helper`` beyond solving need, and the one error that says so.

Solving, counting, explaining and the command line ``python -m helper`` need only the
distribution's required dependencies (ortools, python-sat, numpy). The other parts need an
extra of ``logic-puzzles-helper`` (``pip install 'logic-puzzles-helper[plot]'``):

- ``plot``: matplotlib, for the figures (:mod:`helper.figure`, :mod:`helper.plot`,
  :mod:`helper.diagrams`, :mod:`helper.pictures`);
- ``bench``: tabulate for the benchmark (:mod:`helper.bench`), rich for its progress bar
  (``python -m helper.bench``) and matplotlib for its ``--plot``;
- ``book``: what a chapter's notebook runs, without the book-building stack: the figures,
  the chapters' tables (:mod:`helper.book.tables`: pandas, Jinja2, tabulate) and IPython's
  display (:mod:`helper.book.glue`).

:data:`MODULES` lists them. A module that needs an extra imports its packages in a ``try``
whose ``except`` raises :func:`missing_extra`, so that importing it without the extra fails
with one line that names the module, the missing package and the command that installs it.
"""

DISTRIBUTION = "logic-puzzles-helper"
"""The distribution whose extras these are (``name`` in pyproject.toml)."""

EXTRAS: dict[str, frozenset[str]] = {
    "plot": frozenset({"matplotlib"}),
    "bench": frozenset({"matplotlib", "rich", "tabulate"}),
    "book": frozenset({"IPython", "jinja2", "matplotlib", "pandas", "tabulate"}),
}
"""The top-level modules each extra installs (tests/test_extras.py holds them to
pyproject.toml's ``optional-dependencies``)."""

MODULES: dict[str, str] = {
    "helper.figure": "plot",
    "helper.plot": "plot",
    "helper.diagrams": "plot",
    "helper.pictures": "plot",
    "helper.puzzles.make_benchmark": "plot",  # the seeded scripts that drew the puzzles
    "helper.puzzles.make_nonograms": "plot",
    "helper.bench": "bench",
    "helper.book.tables": "book",
}
"""The modules, and the packages with every module in them, that need an extra, and which.
Every other module of ``helper`` imports with the required dependencies alone (tests/test_extras.py
imports each one with the extras' packages hidden)."""


def missing_extra(error: ModuleNotFoundError, module: str, extra: str) -> ModuleNotFoundError:
    """The error to raise when ``module`` could not import a package of ``extra``.

    ``error`` is what the import raised. When the missing module is one of the extra's
    packages, the result says so in one line::

        helper.plot needs matplotlib, which is not installed: pip install
        'logic-puzzles-helper[plot]'

    Any other missing module (a package of the extra installed without its own dependency, a
    bug) is ``error`` itself, unchanged.
    """
    package = (error.name or "").split(".")[0]
    if package not in EXTRAS[extra]:
        return error
    return ModuleNotFoundError(
        f"{module} needs {package}, which is not installed: pip install '{DISTRIBUTION}[{extra}]'",
        name=package,
    )
