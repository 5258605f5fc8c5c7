"""The portfolio's parts counted alone: the same counts on every run, budgets as lower bounds."""

import itertools

import pytest

from helper.backends.pysat import SatSolver
from helper.bench.families import FAMILIES
from helper.bench.parts import PARTS, Counts, part_counts, race_at_best, renumbered
from helper.nonogram import Nonogram, solve
from helper.nonogram.models.cnf_automaton import build_sat_model
from helper.nonogram.models.cnf_starts import build_start_model


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


def test_a_renumbered_cnf_is_the_same_formula_up_to_renaming():
    clauses = [[1, -2], [2, 3], [-1, -3], [-3, 4]]
    copy, renaming = renumbered(clauses, 4, seed=7)
    assert renumbered(clauses, 4, seed=7) == (copy, renaming)  # seeded: the same copy
    assert sorted(renaming.new[1:]) == [1, 2, 3, 4]
    assert sorted(sorted(c) for c in copy) == sorted(
        sorted(renaming.new[x] if x > 0 else -renaming.new[-x] for x in c) for c in clauses
    )

    def models(cnf):
        found = set()
        for values in itertools.product([False, True], repeat=4):
            literals = [v if values[v - 1] else -v for v in range(1, 5)]
            if all(any(x in literals for x in c) for c in cnf):
                found.add(tuple(literals))
        return found

    # its models are those of the original, renamed: each maps back to one of them
    assert {tuple(renaming.back(m)) for m in models(copy)} == models(clauses)
    with SatSolver("glucose3", copy) as solver:
        assert solver.solve() and tuple(renaming.back(solver.model())) in models(clauses)


def test_a_renumbered_unsatisfiable_cnf_stays_unsatisfiable():
    clauses = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    for seed in range(3):
        with SatSolver("glucose3", renumbered(clauses, 2, seed)[0]) as solver:
            assert solver.solve() is False


def test_a_renumbering_rejects_a_variable_out_of_range():
    with pytest.raises(ValueError, match=r"outside 1\.\.2"):
        renumbered([[1, -3]], 2, seed=0)


def test_each_part_solves_a_renumbered_cnf_and_finds_the_grid():
    puzzle = FAMILIES["random"].puzzle("held-out", 40)  # line logic leaves it open
    for name, part in PARTS.items():
        built = part_counts(puzzle, part)
        spread = [part_counts(puzzle, part, seed=k) for k in (1, 2)]
        assert all(not c.capped and c.open_cells == built.open_cells for c in spread), name
        assert part_counts(puzzle, part, seed=1) == spread[0]  # the same seed, the same counts
        # a found grid is checked against the clues inside part_counts


def test_a_renumbered_cnf_of_a_line_solvable_puzzle_solves_to_the_same_grid():
    grid = [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
    heart = Nonogram.from_grid(grid)  # unique, and line logic alone solves it
    for build in (build_sat_model, build_start_model):
        model = build(heart.rows, heart.cols)  # the whole CNF, no cell decided
        for seed in range(3):
            copy, renaming = renumbered(model.clauses, model.variables, seed)
            with SatSolver("glucose3", copy) as solver:
                assert solver.solve()
                assert model.decode(renaming.back(solver.model())) == grid
    part = PARTS["automaton CNF, Glucose 3"]  # line logic decides it: nothing to count
    assert part_counts(heart, part, seed=3) == part_counts(heart, part) == Counts(0, 0, 0, 0)
