"""CP-SAT's log captured as data: nothing printed, and the numbers read from it are right."""

import pytest

from helper.book.solverlog import solve_with_log
from helper.nonogram import load_puzzle
from helper.nonogram.models.cpsat_start import build_nonogram_model


@pytest.fixture(scope="module")
def sailboat_log():
    puzzle = load_puzzle("nonogram02")
    model, _ = build_nonogram_model(puzzle.rows, puzzle.cols)
    return solve_with_log(model)


def test_the_log_is_captured_not_printed(capfd):
    puzzle = load_puzzle("nonogram01")
    model, _ = build_nonogram_model(puzzle.rows, puzzle.cols)
    log = solve_with_log(model)
    printed = capfd.readouterr()
    assert "CP-SAT" not in printed.out + printed.err
    assert any("Presolve summary" in line for line in log.lines)
    assert all("\n" not in line for line in log.lines)


def test_the_log_reads_the_presolve_summary_and_the_search(sailboat_log):
    log = sailboat_log
    assert log.status == "OPTIMAL"
    rules = log.presolve_rules()
    assert rules and all(isinstance(n, int) and n > 0 for n in rules.values())
    assert list(rules.values()) == sorted(rules.values(), reverse=True)
    assert log.presolved_variables() == 0  # presolve decided every cell of the sailboat
    summary = log.response_summary()
    assert int(summary["branches"]) == log.solver.num_branches == 0
    assert int(summary["conflicts"]) == log.solver.num_conflicts == 0
    assert log.found_by() == "main"  # the one worker of a single-threaded solve
    assert 0 < log.search_started() <= float(summary["walltime"]) + 0.01  # printed to 0.01 s
    assert any("1 full problem subsolver" in line for line in log.subsolvers())


def test_two_workers_run_a_portfolio(sailboat_log):
    puzzle = load_puzzle("nonogram02")
    model, _ = build_nonogram_model(puzzle.rows, puzzle.cols)
    log = solve_with_log(model, workers=2)
    assert log.status == "OPTIMAL"
    assert len(log.subsolvers()) > len(sailboat_log.subsolvers())
    assert log.found_by() != "main"


def test_parameters_reach_the_solver_and_missing_blocks_are_named():
    puzzle = load_puzzle("nonogram01")
    model, _ = build_nonogram_model(puzzle.rows, puzzle.cols)
    log = solve_with_log(model, stop_after_presolve=True)
    assert log.status == "UNKNOWN"
    with pytest.raises(KeyError, match="Starting search"):
        log.block("Starting search")
    with pytest.raises(KeyError, match="no solution"):
        log.found_by()


def test_the_excerpt_keeps_what_the_book_reads(sailboat_log):
    text = sailboat_log.excerpt(rules=3)
    assert "#Variables: 3'824" in text  # the model before presolve
    assert "[Probe]" in text and "Presolve summary:" in text
    assert text.count("- rule '") == 3 and "more rules" in text
    assert "#Variables: 0" in text and "#1 " in text and "branches: 0" in text
    assert len(text.splitlines()) < len(sailboat_log.lines) / 2  # trimmed
    assert sailboat_log.probing_fixed() > 0


def test_probing_rounds_and_task_runs_are_read_from_the_log(sailboat_log):
    rounds = sailboat_log.probed()
    probe_lines = [line for line in sailboat_log.lines if "[Probe] #probed=" in line]
    assert len(rounds) == len(probe_lines) > 0 and all(n > 0 for n in rounds)
    assert str(rounds[0]) == probe_lines[0].split("#probed=")[1].split()[0].replace("'", "")
    runs = sailboat_log.task_runs()
    assert runs == {"main": 1}  # one worker, one task


def test_workers_and_lns_calls_are_read_from_the_log(sailboat_log):
    assert sailboat_log.workers() == 1
    assert sailboat_log.lns_calls() == {}  # one worker: no large neighbourhood search
    puzzle = load_puzzle("nonogram02")
    model, _ = build_nonogram_model(puzzle.rows, puzzle.cols)
    two = solve_with_log(model, workers=2)
    assert two.workers() == 2
    table = "\n".join(two.block("LNS stats"))
    calls = two.lns_calls()
    assert "rins/rens" in calls and set(calls) <= set(two.task_runs()) | set(calls)
    for name, (improved, called) in calls.items():
        assert f"'{name}':" in table and 0 <= improved <= called
    with pytest.raises(KeyError, match="workers"):
        type(two)(two.status, two.solver, []).workers()


def test_the_loaded_model_counts_its_literals():
    """Loaded with presolve off, a model of one Boolean-or over three literals and an
    exactly-one over four counts seven literals, as the log's ``#literals`` say."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(4)]
    model.add_bool_or(x[:3])
    model.add_exactly_one(x)
    log = solve_with_log(model, cp_model_presolve=False, stop_after_root_propagation=True)
    assert log.presolved_variables() == 4
    assert log.presolved_literals() == 7
