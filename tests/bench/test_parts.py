"""The portfolio's parts counted alone: the same counts on every run, budgets as lower bounds."""

import pytest

from helper.bench.families import FAMILIES
from helper.bench.parts import PARTS, Counts, part_counts, race_at_best
from helper.nonogram import Nonogram, solve


def test_each_part_solves_and_its_counts_repeat():
    puzzle = FAMILIES["random"].puzzle("held-out", 40)  # line logic leaves it open
    for name, part in PARTS.items():
        counts = part_counts(puzzle, part)
        assert not counts.capped and counts.conflicts > 0, name
        assert counts.open_cells > 0.9 * puzzle.cells
        assert part_counts(puzzle, part) == counts  # deterministic: a page may assert it


def test_the_control_is_the_search_of_sat_automaton():
    puzzle = FAMILIES["random"].puzzle("held-out", 40)
    result = solve(puzzle, solver="sat-automaton")
    counts = part_counts(puzzle, PARTS["automaton CNF, Glucose 3"])
    assert (result.stats["decisions"], result.stats["conflicts"]) == (
        counts.decisions,
        counts.conflicts,
    )


def test_a_budget_cuts_the_search_and_marks_a_lower_bound():
    puzzle = FAMILIES["random"].puzzle("held-out", 40)
    part = PARTS["block-start CNF, Glucose 3"]
    full = part_counts(puzzle, part)
    cut = part_counts(puzzle, part, budget=full.conflicts // 4)
    assert cut.capped and cut.conflicts < full.conflicts
    assert cut.propagations < full.propagations


def test_line_logic_alone_counts_nothing():
    heart = Nonogram.from_grid([[0, 1, 0], [1, 1, 1], [0, 1, 0]])
    assert part_counts(heart, PARTS["block-start CNF, Glucose 3"]) == Counts(0, 0, 0, 0)


def test_no_solution_is_an_error():
    with pytest.raises(ValueError, match="no solution"):
        part_counts(Nonogram([[2], []], [[], [2]]), PARTS["automaton CNF, Glucose 3"])


def test_the_race_at_best_is_the_member_with_the_least_work():
    quick, slow = Counts(5, 10, 100, 9), Counts(3, 4, 200, 9)
    assert race_at_best({"a": slow, "b": quick}) == ("b", quick)
    capped = Counts(1, 2, 50, 9, capped=True)
    assert race_at_best({"a": capped, "b": slow}) == ("b", slow)  # an answer beats a budget
    both = Counts(1, 2, 60, 9, capped=True)
    assert race_at_best({"a": both, "b": capped}) == ("b", capped)  # no answer: still capped
