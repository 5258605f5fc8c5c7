"""The teaching figures: the data behind each one is checked against the code it explains,
and every figure is opaque, has its own Figure, a legend where colours mean something, and
text no smaller than half the book's body text."""

import itertools
import random

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex, to_rgb
from pysat.formula import IDPool
from strategies import all_grids, solutions

from helper.diagrams import (
    automaton_figure,
    automaton_states,
    block_overlap,
    draw_colour_automaton,
    example_puzzle,
    forward_table,
    forward_table_figure,
    futoshiki_pair_figure,
    ladder_figure,
    ladder_values,
    one_hot,
    one_hot_figure,
    overlap_figure,
    painters,
    palette_figure,
    run_automaton,
    search_tree,
    search_tree_figure,
    selector_figure,
    selector_grid,
    sign_marks,
    smallest_text_px,
    start_windows,
    trellis,
    trellis_figure,
    windows_figure,
)
from helper.figure import BODY_PX
from helper.futoshiki import (
    check_futoshiki,
    futoshiki_cnf,
    generate_futoshiki,
    parse_futoshiki,
    solve_futoshiki,
)
from helper.nonogram import SOLVERS, Contradiction, Nonogram, count_solutions, runs
from helper.nonogram.colour.generate import ink_palette
from helper.nonogram.line.contract import UNKNOWN
from helper.nonogram.line.reference import propagate, solve_line
from helper.nonogram.models.cnf_compact import line_compact_clauses
from helper.nonogram.models.cnf_placements import line_placement_clauses
from helper.nonogram.placements import placement_starts, placements
from helper.palette import (
    BLOCK_COLOURS,
    DECIDED,
    DECIDED_PALE,
    INK,
    PAPER,
    SOLVER_COLOURS,
    SOLVER_MARKERS,
    SOLVER_NAMES,
    UNKNOWN_GREY,
    solver_style,
)

SMALL_FUTOSHIKI = "0 0 0 0\n  v ^ ^\n0 0 0 0\n0 0<0 2\n    ^\n0 0 0 0\n"
STALLED_4X4 = Nonogram([[1, 1], [2], [1], [2]], [[2], [1, 1], [1, 1], [1]])


def clues_up_to(length: int) -> list[tuple[int, ...]]:
    """Every distinct clue of a line of ``length`` cells (the runs of every 0/1 line)."""
    return sorted({tuple(runs(line)) for line in itertools.product((0, 1), repeat=length)})


# --- the palette ------------------------------------------------------------------------------


def test_palette_has_exactly_the_registered_solvers():
    assert set(SOLVER_NAMES) == set(SOLVER_COLOURS) == set(SOLVER_MARKERS) == set(SOLVERS)


def test_palette_gives_each_solver_its_own_name_colour_and_marker():
    for table in (SOLVER_NAMES, SOLVER_COLOURS, SOLVER_MARKERS):
        assert len(set(table.values())) == len(table)


def luminance(colour: str) -> float:
    """WCAG relative luminance."""
    channels = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in to_rgb(colour)]
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]


def test_solver_colours_show_on_the_white_background():
    for key, colour in SOLVER_COLOURS.items():
        contrast = 1.05 / (luminance(colour) + 0.05)
        assert contrast >= 2.0, (key, colour, contrast)


def test_solver_style_and_its_error():
    assert solver_style("portfolio") == {
        "color": SOLVER_COLOURS["portfolio"],
        "marker": SOLVER_MARKERS["portfolio"],
        "label": SOLVER_NAMES["portfolio"],
    }
    with pytest.raises(KeyError, match=r"no colour for solver 'nope'.*cpsat-start"):
        solver_style("nope")


# --- the automaton ----------------------------------------------------------------------------


@pytest.mark.parametrize("length", range(0, 9))
def test_automaton_accepts_exactly_the_lines_of_its_clue(length):
    for clue in clues_up_to(length):
        states, transitions = automaton_states(clue)
        accepting = {s.number for s in states if s.accepting}
        accepted = set()
        for line in itertools.product((0, 1), repeat=length):
            path = run_automaton(transitions, line)
            if path is not None and path[-1] in accepting:
                accepted.add(line)
        assert accepted == set(placements(clue, length)), clue


@pytest.mark.parametrize("clue", [(), (1,), (2, 1), (3, 2, 2), (1, 1, 1)])
def test_automaton_states_have_the_roles_of_the_clue(clue):
    states, transitions = automaton_states(clue)
    assert [s.number for s in states] == list(range(len(states)))
    assert sum(s.role == "block" for s in states) == sum(clue)
    assert sum(s.role == "gap" for s in states) == max(len(clue) - 1, 0)
    assert states[0].role == "before" and states[-1].role in ("after", "before")
    loops = {source for source, value, target in transitions if source == target}
    assert loops == {s.number for s in states if s.role != "block"}  # empty cells repeat
    blocks_entered = {target for _, value, target in transitions if value == 1}
    assert blocks_entered == {s.number for s in states if s.role == "block"}


def test_run_automaton_visits_the_states_of_a_line():
    _, transitions = automaton_states([2, 1])
    assert run_automaton(transitions, [0, 1, 1, 0, 1]) == [0, 0, 1, 2, 3, 4]
    assert run_automaton(transitions, [1, 0]) is None  # a block of 2 cannot stop after 1


# --- the overlap rule -------------------------------------------------------------------------


@pytest.mark.parametrize("length", range(1, 11))
def test_overlap_cells_are_the_line_solvers_forced_cells(length):
    for clue in clues_up_to(length):
        data = block_overlap(clue, length)
        solved = solve_line(clue, [UNKNOWN] * length)
        assert data.filled == tuple(x for x, v in enumerate(solved) if v == 1), clue
        assert data.empty == tuple(x for x, v in enumerate(solved) if v == 0), clue


def test_overlap_on_the_books_example():
    data = block_overlap([3, 2, 2], 10)
    assert (data.leftmost, data.rightmost) == ((0, 4, 7), (1, 5, 8))
    assert data.filled == (1, 2, 5, 8) and data.empty == ()


def test_overlap_figure_calls_the_grey_cells_open():
    legend = _legend_texts(overlap_figure([3, 2, 2], 10))
    assert "open" in legend and "undecided" not in legend  # the prose's word


def test_overlap_refuses_a_clue_that_does_not_fit():
    with pytest.raises(ValueError, match=r"clue \[3, 2, 2\] needs 9 cells but the line has 8"):
        block_overlap([3, 2, 2], 8)


# --- the line solver's table ------------------------------------------------------------------


def fits(blocks, cells) -> bool:
    """Brute force: some placement of ``blocks`` in ``len(cells)`` cells agrees with them."""
    return any(
        all(known in (UNKNOWN, value) for known, value in zip(cells, line, strict=True))
        for line in placements(blocks, len(cells))
    )


@pytest.mark.parametrize("length", range(1, 7))
def test_forward_table_means_what_it_says(length):
    for clue in clues_up_to(length):
        for cells in itertools.product((UNKNOWN, 0, 1), repeat=length):
            table = forward_table(clue, cells)
            expected = [
                [fits(clue[:j], cells[:i]) for i in range(length + 1)] for j in range(len(clue) + 1)
            ]
            assert table == expected, (clue, cells)
            assert table[-1][-1] == (solve_line(clue, cells) is not None)


def test_forward_table_on_the_books_example():
    table = forward_table([3, 2, 2], [UNKNOWN] * 10)
    assert [row.index(True) for row in table] == [0, 3, 6, 9]  # where each prefix first fits
    assert not forward_table([3, 2, 2], [UNKNOWN, 0] + [UNKNOWN] * 8)[-1][-1]


def _legend_texts(fig) -> list[str]:
    (legend,) = fig.legends
    return [text.get_text() for text in legend.get_texts()]


def test_forward_table_figure_names_j_and_i_and_puts_the_cells_between_the_columns():
    fig = forward_table_figure([3, 2, 2], [UNKNOWN] * 10)
    legend = _legend_texts(fig)
    assert "fwd[j][i] at j = 3, i = 10: the answer" in legend
    assert not any("[k]" in text or "[n]" in text for text in legend)
    assert "open" in legend and "unknown" not in legend  # the prose's word for the grey cells
    (ax,) = fig.axes
    assert "i: boundary after i cells" in [t.get_text() for t in ax.texts]
    ticks = sorted(line.get_xdata()[0] for line in ax.get_lines())  # one per boundary
    assert ticks == [i + 0.5 for i in range(11)]
    cells = sorted(p.get_x() for p in ax.patches if p.get_y() == -1.9)  # the line's cells
    assert cells == [x + 0.5 for x in range(10)]  # each between two boundaries


def test_forward_table_refuses_a_bad_cell():
    with pytest.raises(ValueError, match="cell 2 is 5"):
        forward_table([1], [UNKNOWN, 0, 5])


# --- the placements and their selectors -------------------------------------------------------


@pytest.mark.parametrize("clue, length", [((2, 1), 5), ((3, 2, 2), 10), ((1, 1, 1), 7), ((), 3)])
def test_selector_grid_is_the_list_of_placements(clue, length):
    grid = selector_grid(clue, length)
    assert [starts for starts, _ in grid] == list(placement_starts(clue, length))
    assert [line for _, line in grid] == list(placements(clue, length))


@pytest.mark.parametrize("clue, length", [((2, 1), 5), ((3, 2, 2), 10), ((1, 2), 6), ((4,), 4)])
def test_painters_are_the_cnfs_clauses_for_a_filled_cell(clue, length):
    cells = list(range(1, length + 1))
    first = length + 1
    clauses = line_placement_clauses(clue, cells, IDPool(start_from=first))
    names = painters(clue, length, first)
    expected = [[-cell, *painted_by] for cell, painted_by in zip(cells, names, strict=True)]
    assert clauses[-length:] == expected


# --- the search tree --------------------------------------------------------------------------


def all_nodes_are_real(puzzle: Nonogram, root) -> None:
    """Each node's grid is what propagation makes of its parent's grid plus the guess."""
    parents = {id(child): node for node in root.walk() for child in node.children}
    for node in root.walk():
        if node.outcome != "conflict":
            again = propagate(puzzle.rows, puzzle.cols, [list(row) for row in node.state])
            assert again == node.state  # a fixpoint of line logic
        parent = parents.get(id(node))
        if parent is None:
            continue
        (r, c), value = node.guess
        assert parent.state[r][c] == UNKNOWN and node.state[r][c] == value
        trial = [list(row) for row in parent.state]
        trial[r][c] = value
        if node.outcome == "conflict":
            with pytest.raises(Contradiction):
                propagate(puzzle.rows, puzzle.cols, trial, {r}, {c})
        else:
            assert propagate(puzzle.rows, puzzle.cols, trial, {r}, {c}) == node.state


@pytest.mark.parametrize("seed", range(12))
def test_search_tree_leaves_are_every_solution(seed):
    rng = random.Random(seed)
    side = rng.choice([3, 4])
    picture = [[int(rng.random() < 0.5) for _ in range(side)] for _ in range(side)]
    puzzle = Nonogram.from_grid(picture)
    root = search_tree(puzzle, max_nodes=10_000)
    found = sorted(node.state for node in root.walk() if node.outcome == "solution")
    assert found == solutions(puzzle)
    all_nodes_are_real(puzzle, root)
    open_nodes = [node for node in root.walk() if node.outcome == "open"]
    assert root.branches == 2 * len(open_nodes)  # each open node guesses one cell both ways


def test_search_tree_of_the_stalled_4x4():
    root = search_tree(STALLED_4X4)
    assert all(v == UNKNOWN for row in root.state for v in row)  # line logic decides nothing
    assert [child.outcome for child in root.children] == ["conflict", "solution"]
    assert root.children[0].failed_line == ("row", 1)
    assert (root.branches, root.conflicts) == (2, 1)
    all_nodes_are_real(STALLED_4X4, root)


def test_search_tree_legend_names_the_cells_decided_before_the_guess():
    fig = search_tree_figure(example_puzzle())
    assert _legend_texts(fig) == [
        "the guess: filled",
        "the guess: empty",
        "filled by propagation after the guess",
        "emptied by propagation after the guess",
        "open",
        "filled before the guess",
        "empty before the guess",
        "conflict: a line has no placement left",
        "solution",
    ]
    (ax,) = fig.axes
    colours = {to_hex(patch.get_facecolor()) for patch in ax.patches if patch.get_fill()}
    assert {INK, PAPER, DECIDED, DECIDED_PALE, UNKNOWN_GREY} <= colours  # each one drawn


def test_search_tree_draws_the_guessed_cell_in_its_own_colours():
    root = search_tree(example_puzzle())
    fig = search_tree_figure(example_puzzle())
    (ax,) = fig.axes
    (legend,) = fig.legends
    swatch = {t.get_text(): to_hex(h.get_facecolor()) for t, h in zip(
        legend.get_texts(), legend.legend_handles, strict=True)}  # fmt: skip
    guess = {swatch["the guess: empty"], swatch["the guess: filled"]}
    others = {swatch[label] for label in swatch if not label.startswith("the guess")}
    assert len(guess) == 2 and not guess & (others | {INK, PAPER, DECIDED, DECIDED_PALE})
    fills = [p for p in ax.patches if p.get_facecolor()[3] and p.get_width() == 1 == p.get_height()]
    assert len(fills) == sum(len(node.state) * len(node.state[0]) for node in root.walk())
    painted = [to_hex(p.get_facecolor()) for p in fills]
    guesses = [node.guess for node in root.walk() if node.guess is not None]
    assert sum(colour in guess for colour in painted) == len(guesses)  # one cell per guess
    assert painted.count(swatch["the guess: filled"]) == sum(v for _, v in guesses)


def test_example_puzzle_is_unique_and_searches():
    puzzle = example_puzzle()
    root = search_tree(puzzle)
    assert count_solutions(puzzle, limit=5).unique
    assert sum(node.outcome == "solution" for node in root.walk()) == 1
    assert root.branches >= 5 and root.conflicts >= 3
    assert max(len(path) for path in _paths(root)) >= 3  # a conflict below a guess
    all_nodes_are_real(puzzle, root)


def _paths(node, path=()):
    if not node.children:
        yield (*path, node)
    for child in node.children:
        yield from _paths(child, (*path, node))


def test_search_tree_refuses_a_tree_too_large_to_draw():
    grid = next(
        g for g in all_grids(4, 4) if count_solutions(Nonogram.from_grid(g), limit=30).count > 20
    )
    with pytest.raises(ValueError, match="more than 5 nodes"):
        search_tree(Nonogram.from_grid(grid), max_nodes=5)


# --- Futoshiki --------------------------------------------------------------------------------


def test_one_hot_has_one_true_value_per_cell_and_it_is_the_solution():
    grid, constraints = parse_futoshiki(SMALL_FUTOSHIKI)
    x, numbers = one_hot(grid, constraints)
    solution = [[row.index(True) + 1 for row in cells] for cells in x]
    assert all(sum(values) == 1 for cells in x for values in cells)
    assert check_futoshiki(grid, constraints, solution)
    assert solution == solve_futoshiki(grid, constraints)  # the puzzle is unique
    _, var = futoshiki_cnf(grid, constraints)
    assert all(numbers[key] == var(*key) for key in numbers)
    assert sorted(numbers.values()) == list(range(1, 4**3 + 1))


def test_one_hot_of_an_impossible_puzzle():
    circle = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (0, 0))]
    with pytest.raises(ValueError, match="no solution"):
        one_hot([[0, 0], [0, 0]], circle)


@pytest.mark.parametrize("seed", range(4))
def test_each_sign_points_at_the_smaller_cell(seed):
    grid, constraints = generate_futoshiki(5, seed=seed)
    solution = solve_futoshiki(grid, constraints)
    direction = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
    for mark, ((r1, c1), (r2, c2)) in zip(sign_marks(constraints), constraints, strict=True):
        assert solution[r1][c1] < solution[r2][c2]
        small = np.array([c1 * 1.5 + 0.5, r1 * 1.5 + 0.5])  # centre of the smaller cell
        large = np.array([c2 * 1.5 + 0.5, r2 * 1.5 + 0.5])
        centre = np.array([mark.x, mark.y])
        assert np.allclose(centre, (small + large) / 2)  # in the gap between the two
        assert np.dot(direction[mark.points], small - centre) > 0


# --- the encodings: ladder, compact windows, trellis -------------------------------------------


@pytest.mark.parametrize("m", [3, 6, 10])
def test_the_ladder_rungs_say_the_chosen_one_comes_after_them(m):
    for chosen in range(1, m + 1):
        data = ladder_values(m, chosen)
        assert data.selectors == [i == chosen for i in range(1, m + 1)]
        assert data.rung_values == [i < chosen for i in range(1, m + 1)]
        assert len(data.clauses) == 4 * m + 1 and len(set(data.rungs)) == m
    with pytest.raises(ValueError, match="from 1 to 3"):
        ladder_values(3, 4)
    with pytest.raises(ValueError, match="pairwise"):
        ladder_values(2, 1)


@pytest.mark.parametrize("clue", [(1,), (3,), (2, 1), (3, 2, 2), (1, 1, 1)])
@pytest.mark.parametrize("length", [5, 7, 10])
def test_start_windows_hold_every_placements_starts_and_are_the_compact_selectors(clue, length):
    if sum(clue) + len(clue) - 1 > length:
        with pytest.raises(ValueError, match="needs"):
            start_windows(clue, length)
        return
    windows = start_windows(clue, length)
    starts = list(placement_starts(clue, length))
    for j, window in enumerate(windows):
        assert sorted({s[j] for s in starts}) == window  # every start is used by a placement
    pool = IDPool(start_from=length + 1)
    clauses = line_compact_clauses(clue, list(range(1, length + 1)), pool)
    selectors = {-c[0] for c in clauses if len(c) == 2 and 0 < c[1] <= length and c[0] < -length}
    assert len(selectors) == sum(map(len, windows))  # a selector per block and start


def test_windows_figure_legend_has_an_entry_in_each_blocks_colour():
    fig = windows_figure([3, 2, 2], 10, first_selector=11)
    (ax,) = fig.axes
    (legend,) = fig.legends
    entries = [(t.get_text(), to_hex(h.get_facecolor()))
               for t, h in zip(legend.get_texts(), legend.legend_handles, strict=True)]  # fmt: skip
    assert entries == [
        ("block 1 may start here (its selector)", BLOCK_COLOURS[0]),
        ("block 2 may start here (its selector)", BLOCK_COLOURS[1]),
        ("block 3 may start here (its selector)", BLOCK_COLOURS[2]),
        ("the block may cover this cell", UNKNOWN_GREY),
        ("it never reaches it", PAPER),
    ]
    for j, window in enumerate(start_windows([3, 2, 2], 10)):  # each block in its own colour
        row = {int(p.get_x()): to_hex(p.get_facecolor()) for p in ax.patches if p.get_y() == j}
        assert {row[x] for x in window} == {BLOCK_COLOURS[j]}


@pytest.mark.parametrize("clue", [(), (1,), (2, 1), (3, 2), (1, 1, 1)])
@pytest.mark.parametrize("length", [3, 5, 7])
def test_the_trellis_paths_are_exactly_the_lines_of_the_clue(clue, length):
    if sum(clue) + len(clue) - 1 > length:
        return
    data = trellis(clue, length)
    automaton, _ = automaton_states(clue), None
    lines = set()
    for line in itertools.product((0, 1), repeat=length):
        path = run_automaton(automaton[1], line)
        if runs(line) == list(clue):
            assert path is not None
            assert all(path[i] in data.live[i] for i in range(length + 1))
            assert all((i, path[i], path[i + 1]) in data.edges for i in range(length))
            lines.add(line)
    # every live pair and every edge lies on the run of some line of the clue
    used = {
        (i, p[i])
        for line in lines
        for i, p in [(i, run_automaton(automaton[1], line)) for i in range(length + 1)]
    }
    assert used == {(i, q) for i, layer in enumerate(data.live) for q in layer}


def test_the_trellis_drops_the_states_a_known_cell_rules_out():
    free, known = trellis((2, 1), 6), trellis((2, 1), 6, [-1, 0, -1, -1, -1, -1])
    assert 1 in free.live[1] and 1 not in known.live[1]  # cell 1 empty: the 2 cannot start at 0
    with pytest.raises(ValueError, match="no line"):
        trellis((2, 1), 4, [0, 0, -1, -1])


# --- every figure -----------------------------------------------------------------------------

FIGURES = {
    "automaton": lambda: automaton_figure([2, 1], line=[0, 1, 1, 0, 1]),
    "automaton, long clue": lambda: automaton_figure([3, 2, 2]),
    "overlap": lambda: overlap_figure([3, 2, 2], 10),
    "forward table": lambda: forward_table_figure([3, 2, 2], [UNKNOWN] * 10),
    "forward table, a cell known": lambda: forward_table_figure(
        [3, 2, 2], [UNKNOWN, 0] + [UNKNOWN] * 8
    ),
    "selectors": lambda: selector_figure([2, 1], 5, first_selector=6, first_cell=1),
    "search tree": lambda: search_tree_figure(STALLED_4X4),
    "search tree, example": lambda: search_tree_figure(example_puzzle()),
    "one-hot": lambda: one_hot_figure(*parse_futoshiki(SMALL_FUTOSHIKI)),
    "Futoshiki pair": lambda: futoshiki_pair_figure(*parse_futoshiki(SMALL_FUTOSHIKI)),
    "Futoshiki pair, 9 x 9": lambda: futoshiki_pair_figure(*generate_futoshiki(9, seed=0)),
    "palette": palette_figure,
    "ladder": lambda: ladder_figure(6, 3),
    "compact windows": lambda: windows_figure([3, 2, 2], 10, first_selector=11),
    "trellis": lambda: trellis_figure([2, 1], 7, line=[0, 1, 1, 0, 0, 1, 0]),
    "trellis, a cell known": lambda: trellis_figure([2, 1], 6, known=[-1, 0, -1, -1, -1, -1]),
    "colour automaton": lambda: draw_colour_automaton(
        [(2, "red"), (1, "blue"), (1, "blue")], ink_palette(2), line=[0, 1, 1, 2, 0, 2, 0]
    ),
    "colour automaton, long clue": lambda: draw_colour_automaton(
        [(3, "orange"), (2, "green"), (1, "red"), (2, "blue")], ink_palette(4)
    ),
}


@pytest.mark.parametrize("name", FIGURES)
def test_figure_is_opaque_readable_and_its_own(name):
    before = plt.get_fignums()
    fig = FIGURES[name]()
    assert plt.get_fignums() == before  # no pyplot figure made or left open
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())
    assert (pixels[..., 3] == 255).all()  # opaque: readable on the dark theme
    assert (pixels[..., :3] < 128).any()  # something is drawn
    assert smallest_text_px(fig) >= BODY_PX / 2, name
    if name != "palette":  # the palette figure is itself a key
        assert fig.legends, f"{name}: colours carry meaning, so the figure needs a legend"
