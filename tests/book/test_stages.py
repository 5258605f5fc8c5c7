"""Where the work happens: the cells each stage decides are right, nested, and measured honestly."""

import itertools
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from helper.book.stages import (
    INSPECTORS,
    ROOT_PROPAGATION,
    Stages,
    cnf_probed,
    cpsat_presolved,
    cpsat_propagated,
    inspect_solvers,
    line_logic_frames,
    tightened_cells,
    unit_propagation,
)
from helper.nonogram import Contradiction, Nonogram, check_nonogram, load_puzzle
from helper.nonogram.frames import STAGE_NAMES
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.line.reference import UNKNOWN, propagate, sweep_steps, sweeps, unknown_state
from helper.nonogram.models.cnf_automaton import build_sat_model
from helper.nonogram.models.cnf_compact import compact_cnf
from helper.nonogram.models.cpsat_automaton import build_automaton_model
from helper.nonogram.models.cpsat_start import build_nonogram_model
from helper.ortools import make_solver
from helper.pictures import draw
from helper.plot import solver_label


@pytest.fixture(scope="module")
def sailboat() -> Nonogram:
    return load_puzzle("nonogram02")


@pytest.fixture(scope="module")
def sailboat_stages(sailboat) -> list[Stages]:
    return [inspect(sailboat) for inspect in INSPECTORS]


def decided(state):
    return {(r, c) for r, row in enumerate(state) for c, v in enumerate(row) if v != UNKNOWN}


def test_every_stage_agrees_with_the_solution_and_grows(sailboat, sailboat_stages):
    assert len({s.solver for s in sailboat_stages}) == len(INSPECTORS)
    for stages in sailboat_stages:
        assert check_nonogram(sailboat.rows, sailboat.cols, stages.solution), stages.solver
        first, second = stages.known
        for state in stages.known:
            for r, c in decided(state):
                assert state[r][c] == stages.solution[r][c], (stages.solver, r, c)
        assert decided(first) <= decided(second), stages.solver  # a later stage knows more
        counts = stages.counts()
        assert list(counts) == list(STAGE_NAMES)
        assert sum(counts.values()) == sailboat.cells
        assert counts["propagation"] == len(decided(first))


def test_stage_of_cells_picks_the_first_stage_that_decided_a_cell():
    stages = Stages("made up", ([[1, -1, -1]], [[1, 0, -1]]), [[1, 0, 1]])
    assert stages.stage_of_cells() == [[0, 1, 2]]
    assert stages.counts() == dict(zip(STAGE_NAMES, [1, 1, 1], strict=True))


def test_start_model_is_solved_by_presolve_with_no_search(sailboat, sailboat_stages):
    start = next(s for s in sailboat_stages if s.solver == "CP-SAT start positions")
    assert start.stats == {"branches": 0, "conflicts": 0}
    assert start.counts()["search"] == 0
    assert 0 < start.counts()["propagation"] < sailboat.cells / 2  # its propagation is weak


def random_picture(height: int, width: int, density: float, seed: int) -> Nonogram:
    rng = np.random.default_rng(seed)
    return Nonogram.from_grid((rng.random((height, width)) < density).astype(int).tolist())


RANDOM_GRIDS = [(20, 20, 0.55, seed) for seed in range(10)] + [
    (h, w, density, seed)
    for h, w in ((12, 17), (25, 25))
    for density in (0.4, 0.5, 0.6, 0.7)
    for seed in range(3)
]


def test_automaton_propagation_is_line_logic(sailboat):
    """CP-SAT's propagation of add_automaton decides exactly the cells line logic decides:
    on the sailboat, a heart, and random grids (most stall with cells open)."""
    puzzles = [sailboat, Nonogram.from_grid(draw("heart", 10, 10))]
    puzzles += [random_picture(*grid) for grid in RANDOM_GRIDS]
    stalled = 0
    for puzzle in puzzles:
        model, cells = build_automaton_model(puzzle.rows, puzzle.cols)
        logic = propagate(puzzle.rows, puzzle.cols, unknown_state(puzzle.height, puzzle.width))
        assert cpsat_propagated(model, cells) == logic, puzzle
        stalled += len(decided(logic)) < puzzle.cells
    assert stalled > len(puzzles) / 3  # many puzzles where the two could differ on open cells


def test_default_symmetry_hides_fixed_cells_from_the_report():
    """Why ``cpsat_propagated`` sets ``symmetry_level=0``: with CP-SAT's default level the
    tightened domains miss cells that root propagation fixed (assuming the other value of
    such a cell fails with no conflict). When this test fails, OR-Tools reports them with
    symmetry on as well, and the parameter can go."""
    missed_anywhere = 0
    for grid in RANDOM_GRIDS[:10]:
        puzzle = random_picture(*grid)
        model, cells = build_automaton_model(puzzle.rows, puzzle.cols)
        exact = cpsat_propagated(model, cells)
        reported = cpsat_propagated(model, cells, symmetry_level=2)
        missed = decided(exact) - decided(reported)
        assert decided(reported) <= decided(exact)
        missed_anywhere += bool(missed)
        for r, c in missed:
            model.clear_assumptions()
            cell = cells[r][c]
            model.add_assumptions([cell.Not() if exact[r][c] else cell])
            solver = make_solver()
            for key, value in ROOT_PROPAGATION.items():
                if key != "stop_after_root_propagation":
                    setattr(solver.parameters, key, value)
            solver.parameters.max_number_of_conflicts = 0
            assert solver.solve(model) == cp_model.INFEASIBLE and solver.num_conflicts == 0
    assert missed_anywhere >= 3


def test_unit_propagation_on_the_automaton_cnf_is_line_logic(sailboat, sailboat_stages):
    cnf = next(s for s in sailboat_stages if s.key == "automaton-cnf")
    logic = propagate(sailboat.rows, sailboat.cols, unknown_state(sailboat.height, sailboat.width))
    assert cnf.known[0] == logic
    assert cnf.counts()["search"] == sailboat.cells - len(decided(logic)) > 0


def test_bit_mask_line_logic_reaches_the_same_fixpoint(sailboat):
    grid = MaskGrid(sailboat.rows, sailboat.cols)
    grid.propagate()
    logic = propagate(sailboat.rows, sailboat.cols, unknown_state(sailboat.height, sailboat.width))
    assert grid.to_state() == logic


def test_presolve_decides_at_least_what_propagation_decides(sailboat):
    model, cells = build_nonogram_model(sailboat.rows, sailboat.cols)
    assert decided(cpsat_propagated(model, cells)) <= decided(cpsat_presolved(model, cells))


def test_tightened_domains_are_only_read_from_a_solve_that_stops_early(sailboat):
    model, cells = build_automaton_model(sailboat.rows, sailboat.cols)
    with pytest.raises(ValueError, match="stops early"):
        tightened_cells(model, cells)


def test_unsolvable_clues_are_a_contradiction():
    puzzle = Nonogram([[1, 1]], [[1], [1], [0]])  # well-formed clues, no picture
    for inspect in INSPECTORS:
        with pytest.raises(Contradiction):
            inspect(puzzle)


small_cnfs = st.lists(
    st.lists(st.integers(1, 4).flatmap(lambda v: st.sampled_from([v, -v])), min_size=1, max_size=3),
    max_size=8,
)


@settings(max_examples=200, deadline=None)
@given(small_cnfs)
def test_unit_propagation_is_sound_and_a_fixpoint(clauses):
    models = [
        {v if bit else -v for v, bit in zip(range(1, 5), bits, strict=True)}
        for bits in itertools.product((0, 1), repeat=4)
    ]
    models = [m for m in models if all(any(lit in m for lit in clause) for clause in clauses)]
    try:
        true = unit_propagation(clauses)
    except Contradiction:
        assert not models  # a falsified clause means no model
        return
    assert all(true <= m for m in models)  # what it sets holds in every model
    for clause in clauses:  # and no clause is left unit
        if not any(lit in true for lit in clause):
            assert len([lit for lit in clause if -lit not in true]) >= 2


def test_cnf_probing_decides_at_least_unit_propagation(sailboat, sailboat_stages):
    cnf = next(s for s in sailboat_stages if s.solver == "PySAT compact CNF")
    assert cnf.known[0] == cnf.known[1]  # the SAT solver has no presolve: UP, then search
    assert cnf.stats["decisions"] > 0
    encoding = compact_cnf(sailboat.rows, sailboat.cols)
    probed = cnf_probed(encoding.cnf.clauses, encoding.cells)
    assert decided(cnf.known[0]) < decided(probed)
    assert all(probed[r][c] == cnf.solution[r][c] for r, c in decided(probed))


def test_probing_the_automaton_cnf_decides_what_its_search_had_to(sailboat, sailboat_stages):
    """Unit propagation of the automaton CNF is line logic; probing its clauses decides the
    waves too, which the SAT solver's search decides otherwise."""
    automaton = next(s for s in sailboat_stages if s.key == "automaton-cnf")
    assert solver_label(automaton) == "PySAT automaton CNF, whole grid"  # not the line logic solver
    model = build_sat_model(sailboat.rows, sailboat.cols)
    assert model.clauses is not None
    probed = cnf_probed(model.clauses, model.cells)
    assert len(decided(automaton.known[0])) < len(decided(probed)) == sailboat.cells
    assert probed == automaton.solution


def test_inspect_solvers_runs_only_the_solvers_asked_for(sailboat, sailboat_stages):
    chosen = inspect_solvers(sailboat, ["line-search", "cpsat-automaton"])
    assert list(chosen) == ["line-search", "cpsat-automaton"]
    by_key = {stages.key: stages for stages in sailboat_stages}
    assert len(by_key) == len(INSPECTORS)  # every inspector has a key of its own
    for key, stages in chosen.items():
        assert stages.key == key and stages.known == by_key[key].known
    with pytest.raises(ValueError, match="no inspector"):
        inspect_solvers(sailboat, ["cpsat-table"])


def test_sweep_steps_alternate_and_match_sweeps(sailboat):
    steps = list(sweep_steps(sailboat.rows, sailboat.cols))
    assert [state for _, state in steps] == list(sweeps(sailboat.rows, sailboat.cols))
    axes = [axis for axis, _ in steps]
    assert all(a != b for a, b in itertools.pairwise(axes))


@pytest.mark.parametrize("per_line", [False, True])
def test_line_logic_frames_end_at_the_solution(sailboat, per_line):
    frames = line_logic_frames(sailboat, per_line=per_line)
    assert check_nonogram(sailboat.rows, sailboat.cols, frames[-1].state)
    counts = [len(decided(f.state)) for f in frames]
    assert counts == sorted(counts) and len(set(counts)) == len(counts)  # every step decides
    if per_line:  # a line's frame changes only that line
        before = unknown_state(sailboat.height, sailboat.width)
        for frame in frames:
            if frame.line is not None:
                kind, index = frame.line
                clue = (sailboat.rows if kind == "row" else sailboat.cols)[index]
                named = f"{kind} {index} (clue {' '.join(map(str, clue)) or '0'}):"
                assert named in frame.title  # the outlined line and its clue
                for r, c in decided(frame.state) - decided(before):
                    assert (r if kind == "row" else c) == index
            before = frame.state
    else:
        assert frames[-1].title.startswith("line probing")  # the waves need probing


def test_a_complete_solve_with_tightened_domains_still_aborts():
    """Why ``tightened_cells`` refuses complete solves: in OR-Tools 9.15 the option makes a
    complete solve of the start-position model abort the whole process. When this test
    fails, CP-SAT has fixed it and the guard can go."""
    program = (
        "from helper.nonogram import load_puzzle\\n"
        "from helper.nonogram.cpsat_start import build_nonogram_model\\n"
        "from helper.ortools import make_solver\\n"
        "p = load_puzzle('nonogram02')\\n"
        "model, _ = build_nonogram_model(p.rows, p.cols)\\n"
        "solver = make_solver()\\n"
        "solver.parameters.fill_tightened_domains_in_response = True\\n"
        "print(solver.status_name(solver.solve(model)))\\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode != 0 and "OPTIMAL" not in done.stdout
