"""The Examples sections of the public API run as doctests, in `make unit` (issue 30 item 9).

Each module listed here keeps its examples fast and deterministic (fixed seeds, one worker,
small puzzles); a wrong example fails like any other test.
"""

import doctest
import importlib

import pytest

MODULES = [
    "helper.results",
    "helper.shape",
    "helper.errors",
    "helper.deadline",
    "helper.backends.pysat",
    "helper.backends.maxsat",
    "helper.backends.cpsat",
    "helper.backends.watchdog",
    "helper.backends.race_child",
    "helper.sigint",
    "helper.proofs.drat",
    "helper.proofs.dimacs",
    "helper.proofs.certificate",
    "helper.certify",
    "helper.nonogram.certify",
    "helper.futoshiki.certify",
    "helper.play.export",
    "helper.play.colour",
    "helper.explain.certify",
    "helper.formats",
    "helper.colour_formats",
    "helper.nonogram.colour.palette",
    "helper.nonogram.colour.check",
    "helper.nonogram.colour.puzzle",
    "helper.nonogram.colour.automaton",
    "helper.nonogram.colour.line",
    "helper.nonogram.colour.solvers",
    "helper.nonogram.colour.generate",
    "helper.nonogram.models.colour_automaton",
    "helper.nonogram.models.colour_cnf",
    "helper.figure",
    "helper.nonogram",
    "helper.nonogram.clues",
    "helper.nonogram.conflicts",
    "helper.nonogram.hints",
    "helper.nonogram.puzzle",
    "helper.nonogram.unique",
    "helper.nonogram.line.contract",
    "helper.nonogram.solvers.registry",
    "helper.futoshiki.check",
    "helper.futoshiki.cnf",
    "helper.futoshiki.generate",
    "helper.futoshiki.strategies",
    "helper.futoshiki.model",
    "helper.futoshiki.puzzle",
    "helper.futoshiki.samples",
    "helper.futoshiki.solvers",
    "helper.futoshiki.text",
    "helper.futoshiki.validate",
    "helper.plot.boards",
    "helper.plot.timing",
    "helper.plot.work",
    "helper.plot.colour",
    "helper.diagrams.colour_automaton",
    "helper.palette",
    "helper.bench.progress",
    "helper.bench.interrupt",
    "helper.text",
    "helper.explain.nonogram",
    "helper.explain.rectangles",
    "helper.explain.futoshiki",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name):
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert tried > 0, f"{name} has no examples"
    assert failed == 0
