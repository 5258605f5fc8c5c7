"""The book's figures: opaque, readable at the column's width, one legend per meaning, the
palette's colours and names, and the colours say what they claim."""

import inspect
import subprocess
import sys
from dataclasses import replace

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex, to_rgb
from matplotlib.patches import Rectangle

import helper.plot
from helper.book.stages import CNF_STAGE_NAMES, LINE_STAGE_NAMES, line_logic_frames
from helper.figure import COLUMN_PX, MIN_TEXT_PX, BookFigure, smallest_text_px, text_sizes_px
from helper.nonogram import Nonogram, load_puzzle
from helper.nonogram.colour.generate import generate_colour_puzzle
from helper.nonogram.frames import STAGE_NAMES, Frame, Stages
from helper.palette import (
    DIFFERS,
    LINE_OUTLINE,
    REPAIRED,
    SOLVER_COLOURS,
    SOLVER_MARKERS,
    SOLVER_NAMES,
    STAGE_COLOURS,
    UNKNOWN_GREY,
)
from helper.plot import (
    AMBIGUOUS,
    animate_frames,
    animation_player,
    offline_jshtml,
    plot_cactus,
    plot_colour_board,
    plot_colour_picture,
    plot_frame_strip,
    plot_futoshiki_board,
    plot_nonogram_board,
    plot_nonogram_overview,
    plot_stages,
    plot_state,
    plot_times,
    plot_times_by_family,
    plot_work,
    readable_cells,
    stage_names,
    stage_title,
)
from helper.plot.boards import CLUE_PX

SAILBOAT = load_puzzle("nonogram02")
HOUSE = load_puzzle("nonogram03")  # 45 x 60: too wide for readable clues at the column width
HEART = load_puzzle("nonogram01")
COLOUR = generate_colour_puzzle(12, 15, 3, seed=2)
BIG_COLOUR = generate_colour_puzzle(60, 80, 4, seed=1)  # too wide for readable clues


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def pixel_colours(ax) -> np.ndarray:
    """The cell colours ``ax`` shows, read back from its image."""
    return np.asarray(ax.get_images()[0].get_array())[..., :3]


def some_stages(key: str | None = "cpsat-start", size: int = 6) -> Stages:
    """Stages of a made-up ``size`` x ``size`` puzzle: the first row by propagation, the
    second by presolve, the rest by search."""
    unknown = [[-1] * size for _ in range(size)]
    solution = [[(r + c) % 2 for c in range(size)] for r in range(size)]
    after_propagation = [solution[0], *unknown[1:]]
    after_presolve = [solution[0], solution[1], *unknown[2:]]
    return Stages("made up", (after_propagation, after_presolve), solution, {}, key)


def futoshiki():
    from helper.futoshiki import load_puzzle as load_futoshiki_puzzle

    return load_futoshiki_puzzle("sample12")


TIMES = {
    "pictures": {
        "cpsat-start": [0.2, 0.5, 1.3],
        "portfolio": [0.01, 0.02, (10.0, False)],
        "sat-automaton": [0.05, 0.04, 0.3],
    },
    "random": {"cpsat-automaton-default": [1.0, 2.0], "portfolio": [0.5, 0.7]},
}

# Every figure function of helper.plot, with inputs like the chapters' (the test below checks
# that none is missing). Each returns the figure it drew.
FIGURES = {
    "plot_nonogram_board": lambda: plot_nonogram_board(SAILBOAT).figure,
    "plot_nonogram_board, marks": lambda: (
        plot_nonogram_board(
            HEART, [[-1] * 10] + [[0] * 10] * 9, differs=[(1, 1)], repaired=[(2, 2)], title="marks"
        ).figure
    ),
    "plot_nonogram_board, 45 x 60": lambda: plot_nonogram_board(HOUSE, font_size=6.5).figure,
    "plot_nonogram_overview": lambda: plot_nonogram_overview(HOUSE),
    "plot_futoshiki_board": lambda: plot_futoshiki_board(futoshiki()).figure,
    "plot_futoshiki_board, 9 x 9": lambda: (
        plot_futoshiki_board(
            *__import__("helper.futoshiki", fromlist=["x"]).generate_futoshiki(9, seed=0)
        ).figure
    ),
    "plot_state": lambda: plot_state([[1, -1, 0]] * 3, before=[[-1] * 3] * 3).figure,
    "plot_stages": lambda: plot_stages([[0, 1], [2, 0]], [[1, 0], [1, 0]]).figure,
    "plot_work": lambda: plot_work([some_stages()]),
    "plot_work, five panels": lambda: plot_work(
        [some_stages(key) for key in ("cpsat-start", "cpsat-automaton", "pysat-compact", None)]
        + [some_stages("line-search")],
        ambiguous=[(5, 5)],
        size=3.0,
    ),
    "plot_work, each solver's own names": lambda: plot_work(
        [
            some_stages("cpsat-start"),
            some_stages("cpsat-automaton"),
            replace(some_stages("line-search"), names=LINE_STAGE_NAMES),
            replace(some_stages("sat-automaton"), names=CNF_STAGE_NAMES),
        ],
        ambiguous=[(5, 5)],
        size=3.0,
        columns=2,
    ),
    "plot_frame_strip": lambda: plot_frame_strip(line_logic_frames(SAILBOAT)),
    "plot_frame_strip, two steps": lambda: plot_frame_strip(
        [Frame("line logic: 2 of 4 cells", [[1, -1], [0, -1]]), Frame("probing", [[1, 0], [0, 1]])],
        columns=2,
    ),
    "animate_frames": lambda: animate_frames(line_logic_frames(HEART))._fig,
    "plot_times": lambda: plot_times(TIMES["pictures"], 10.0).figure,
    "plot_times_by_family": lambda: plot_times_by_family(TIMES, 10.0),
    "plot_cactus": lambda: plot_cactus({"cpsat-start": [0.2, 0.5], "portfolio": [0.01]}).figure,
    "plot_colour_board": lambda: plot_colour_board(COLOUR, COLOUR.goal, indices=True),
    "plot_colour_board, black and white": lambda: plot_colour_board(HEART),
    "plot_colour_board, 60 x 80": lambda: plot_colour_board(BIG_COLOUR, BIG_COLOUR.goal),
    "plot_colour_picture": lambda: plot_colour_picture(BIG_COLOUR, BIG_COLOUR.goal),
}


INK_ONLY = {
    "plot_nonogram_board",
    "plot_nonogram_board, 45 x 60",
    "plot_nonogram_overview",
    "plot_colour_board, black and white",
    "plot_colour_picture",
}
"""Boards with nothing marked: ink on paper (the zoom's frame is named in its title), and a
picture alone (its colours are the picture's; the board beside it names them)."""


def test_every_figure_function_of_helper_plot_is_measured():
    drawing = {
        name
        for name, value in vars(helper.plot).items()
        if inspect.isfunction(value) and (name.startswith("plot_") or name == "animate_frames")
    }
    measured = {name.split(",")[0] for name in FIGURES}
    assert drawing == measured


@pytest.mark.parametrize("name", FIGURES)
def test_figure_is_opaque_readable_and_its_own(name):
    before = plt.get_fignums()
    fig = FIGURES[name]()
    assert plt.get_fignums() == before  # no pyplot figure made or left open
    assert isinstance(fig, BookFigure)  # the one convention, shared with helper.diagrams
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())
    assert (pixels[..., 3] == 255).all()  # opaque: readable on the dark theme
    smallest = smallest_text_px(fig)
    assert smallest >= MIN_TEXT_PX, f"{name}: {text_sizes_px(fig)[:3]}"
    if name not in INK_ONLY:
        legends = fig.legends + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
        assert legends, f"{name}: colours carry meaning, so the figure needs a legend"


def test_text_size_is_measured_at_the_column_width():
    wide = plot_work([some_stages()] * 6, columns=6, size=4.0)  # 24 inches: scaled down
    scale = COLUMN_PX / wide.get_figwidth() / 72
    title = next(t for t in wide.findobj(matplotlib.text.Text) if "propagation" in t.get_text())
    assert smallest_text_px(wide) <= title.get_fontsize() * scale + 1e-9
    assert smallest_text_px(wide, column_px=COLUMN_PX * 4) > smallest_text_px(wide)


# --- stage maps -------------------------------------------------------------------------------


def test_stage_colours_follow_stage_and_picture():
    ax = plot_stages([[0, 1], [2, 0]], [[1, 0], [1, 0]])
    shown = pixel_colours(ax)
    assert np.allclose(shown[0, 0], to_rgb(STAGE_COLOURS[0][0]))  # propagation, filled
    assert np.allclose(shown[0, 1], to_rgb(STAGE_COLOURS[1][1]))  # presolve, empty
    assert np.allclose(shown[1, 0], to_rgb(STAGE_COLOURS[2][0]))  # search, filled
    assert ax.figure.get_facecolor()[3] == 1  # opaque


def test_ambiguous_cells_are_the_second_grey_whatever_their_stage():
    ax = plot_stages([[0, 2]], [[1, 0]], ambiguous=[(0, 1)])
    shown = pixel_colours(ax)
    assert AMBIGUOUS == DIFFERS != UNKNOWN_GREY
    assert np.allclose(shown[0, 1], to_rgb(DIFFERS))
    assert np.allclose(shown[0, 0], to_rgb(STAGE_COLOURS[0][0]))


def test_stage_map_titles_name_the_solver_and_label_each_count():
    stages = some_stages("pysat-compact")
    counts = stages.counts()
    assert counts == {"propagation": 6, "presolve / probing": 6, "search": 24}
    title = stage_title(stages)
    assert title == (
        f"{SOLVER_NAMES['pysat-compact']}\npropagation 6 · presolve/probing 6 · search 24 cells"
    )
    assert stage_title(some_stages(None)).startswith("made up\n")  # no key: its own name
    fig = plot_work([stages, some_stages("cpsat-start")])
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
    assert [t.split("\n")[0] for t in titles] == [
        SOLVER_NAMES["pysat-compact"],
        SOLVER_NAMES["cpsat-start"],
    ]
    assert all("propagation 6" in t and "presolve/probing 6" in t for t in titles)
    assert all("search 24 cells" in t for t in titles)
    legend = [text.get_text() for text in fig.legends[0].get_texts()]
    assert legend == [*(f"decided by {name}" for name in STAGE_NAMES[:-1]), "left to search"]


def test_stage_legend_explains_both_shades_of_every_colour():
    fig = plot_work([some_stages()])
    (legend,) = fig.legends
    assert "dark" in legend.get_title().get_text() and "pale" in legend.get_title().get_text()
    drawn = [h for h in legend.legend_handles]  # each entry: the dark and the pale square
    shown = {to_hex(patch.get_facecolor()) for patch in fig.findobj(Rectangle)}
    for filled, empty in STAGE_COLOURS:
        assert {filled, empty} <= shown, (filled, empty)
    assert len(drawn) == len(STAGE_NAMES)


def test_titles_use_each_solvers_own_names_for_its_steps():
    line = replace(some_stages("line-search"), names=("line logic", "line probing", "search"))
    cnf = replace(some_stages("sat-automaton"), names=("unit propagation", None, "search"))
    assert stage_title(line).endswith("line logic 6 · line probing 6 · search 24 cells")
    assert "presolve" not in stage_title(line)
    assert stage_title(cnf).endswith("unit propagation 6 · search 24 cells")
    legend = [t.get_text() for t in plot_work([line]).legends[0].get_texts()]
    assert legend == ["decided by line logic", "decided by line probing", "left to search"]
    legend = [t.get_text() for t in plot_work([cnf]).legends[0].get_texts()]
    assert legend == ["decided by unit propagation", "left to search"]
    mixed = [t.get_text() for t in plot_work([line, cnf]).legends[0].get_texts()]
    assert mixed == [
        "decided by propagation (line logic, unit propagation)",
        "decided by line probing",  # the only solver of the two with a middle stage
        "left to search",
    ]


def test_a_legend_shared_by_solvers_names_each_ones_stages():
    cpsat, line = some_stages("cpsat-automaton"), some_stages("line-search")
    line = replace(line, names=LINE_STAGE_NAMES)
    cnf = replace(some_stages("sat-automaton"), names=CNF_STAGE_NAMES)
    names = stage_names([cpsat, line, cnf])
    assert names == (
        "propagation (line logic, unit propagation)",
        "presolve / probing (line probing)",
        "search",
    )
    fig = plot_work([cpsat, line, cnf], ambiguous=[(0, 0)])
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    decided = [f"decided by {name}" for name in names[:-1]]
    assert legend == [*decided, "left to search", "differs between solutions"]
    for work in (cpsat, line, cnf):  # every stage a title counts is named in the legend
        assert all(name is None or name in " ".join(legend) for name in work.names)
    assert stage_names([line, line]) == LINE_STAGE_NAMES
    assert stage_names([cnf]) == CNF_STAGE_NAMES
    assert stage_names([cpsat, cnf]) == (
        "propagation (unit propagation)",
        "presolve / probing",
        "search",
    )


def test_five_panels_go_on_two_rows_with_the_grey_in_the_legend():
    fig = plot_work([some_stages()] * 5, ambiguous=[(0, 0)])
    shown = [ax for ax in fig.axes if ax.get_images()]
    assert len(shown) == 5 and len({round(ax.get_position().y0, 3) for ax in shown}) == 2
    assert "differs between solutions" in [t.get_text() for t in fig.legends[0].get_texts()]


# --- frames of line logic ---------------------------------------------------------------------


def test_new_cells_and_unknown_cells_are_marked():
    ax = plot_state([[1, -1, 0]], before=[[-1, -1, 0]], line=("row", 0))
    shown = pixel_colours(ax)
    assert not np.allclose(shown[0, 0], to_rgb("#222222"))  # decided now: highlighted
    assert np.allclose(shown[0, 1], to_rgb(UNKNOWN_GREY))
    assert np.allclose(shown[0, 2], to_rgb("white"))  # decided before: plain
    (outline,) = ax.patches  # the line just solved, in propagation's blue (not red)
    assert to_hex(outline.get_edgecolor()) == LINE_OUTLINE


def test_strip_and_animation_show_every_frame_with_a_legend():
    frames = line_logic_frames(HEART)
    fig = plot_frame_strip(frames, columns=4)
    titled = [" ".join(ax.get_title().split()) for ax in fig.axes if ax.get_title()]
    assert titled == [frame.title for frame in frames]
    assert all(" of 100 cells decided" in frame.title for frame in frames)
    assert fig.get_facecolor()[3] == 1
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend[:3] == ["filled by this step", "emptied by this step", "open"]
    animation = animate_frames([Frame("start", [[-1, -1]]), Frame("end", [[1, 0]])])
    assert [t.get_text() for t in animation._fig.legends[0].get_texts()] == legend
    html = offline_jshtml(animation)
    assert html.count("data:image/png;base64") == 2
    assert "http://" not in html and "https://" not in html  # nothing fetched from elsewhere
    player = animation_player([Frame("start", [[-1, -1]]), Frame("end", [[1, 0]])])
    assert player._repr_html_().count("data:image/png;base64") == 2
    assert repr(player) == "<animation player, 2 frames>"
    # The player's one image has alt text, for a screen reader: by default what it shows.
    assert '<img alt="An animation of line logic on a 1 × 2 grid in 2 frames' in str(player)
    named = offline_jshtml(animation, alt='Two "frames" <of> a line')
    assert '<img alt="Two &quot;frames&quot; &lt;of&gt; a line" id="_anim_img' in named


def test_states_on_panels_of_a_figure_get_one_legend():
    from helper.figure import new_figure

    fig = new_figure(figsize=(6, 3))
    left, right = fig.subplots(1, 2)
    plot_state([[1, -1]], title="line logic", ax=left)  # nothing new: no colours to explain
    assert not fig.legends
    plot_state([[1, 0]], before=[[1, -1]], title="then probing", ax=right)
    plot_state([[1, 0]], before=[[1, -1]], ax=right)  # drawn again: still one legend
    (legend,) = fig.legends
    assert [t.get_text() for t in legend.get_texts()][:2] == [
        "filled by this step",
        "emptied by this step",
    ]


def test_a_frame_with_a_line_adds_its_outline_to_the_legend():
    fig = plot_frame_strip([Frame("row 0", [[1, 0]], ("row", 0))], columns=1)
    assert "the line just solved" in [t.get_text() for t in fig.legends[0].get_texts()]


# --- boards -----------------------------------------------------------------------------------


def test_a_board_takes_a_solve_result_or_a_grid_and_leaves_pyplot_alone():
    from helper.nonogram import solve

    result = solve(HEART)
    before = plt.get_fignums()
    from_result = plot_nonogram_board(HEART, result)
    from_grid = plot_nonogram_board(HEART, result.grid)
    assert plt.get_fignums() == before  # no figure left open in pyplot's global list
    assert isinstance(from_result.figure, BookFigure)
    assert len(from_result.patches) == len(from_grid.patches) == sum(map(sum, result.grid))
    assert not from_result.get_legend()  # nothing marked, nothing to explain
    assert from_result.figure._repr_png_().startswith(b"\x89PNG")


def test_each_mark_has_its_own_look_and_legend_entry():
    grid = [[1, 0, -1, 0]]
    puzzle = Nonogram([[1]], [[1], [], [], []])
    ax = plot_nonogram_board(puzzle, grid, differs=[(0, 1)], repaired=[(0, 0)])
    colours = {to_hex(p.get_facecolor()) for p in ax.patches}
    assert UNKNOWN_GREY in colours  # the -1 cell
    outlines = [p for p in ax.patches if p.get_facecolor()[3] == 0]
    assert [to_hex(p.get_edgecolor()) for p in outlines] == [DIFFERS]
    (dot,) = ax.lines
    assert dot.get_marker() == "o" and to_hex(dot.get_color()) == REPAIRED
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["open", "differs between solutions", "filled by the repair"]
    renamed = plot_nonogram_board(puzzle, grid, labels={"unknown": "open after line logic"})
    assert [t.get_text() for t in renamed.get_legend().get_texts()] == ["open after line logic"]


def test_boards_on_panels_of_one_figure_share_one_legend_of_their_marks():
    from helper.figure import new_figure

    fig = new_figure(figsize=(8, 3))
    left, middle, right = fig.subplots(1, 3)
    puzzle = Nonogram([[1]], [[1], [], []])
    plot_nonogram_board(puzzle, [[1, 0, 0]], differs=[(0, 1)], ax=left)
    plot_nonogram_board(puzzle, [[1, 0, 0]], differs=[(0, 2)], ax=middle)
    plot_nonogram_board(puzzle, [[1, -1, 0]], repaired=[(0, 0)], ax=right)
    assert not any(ax.get_legend() for ax in (left, middle, right))
    (legend,) = fig.legends
    assert [t.get_text() for t in legend.get_texts()] == [
        "open",
        "differs between solutions",
        "filled by the repair",
    ]


def test_a_board_too_wide_for_readable_clues_is_zoomed():
    assert readable_cells(SAILBOAT) and not readable_cells(HOUSE)
    ax = plot_nonogram_board(HOUSE)
    whole, part = ax.figure.axes
    assert ax is whole and not whole.texts  # the whole picture, no clue digits
    clues = [t for t in part.texts if t.get_text().isdigit()]
    assert clues and min(t.get_fontsize() for t in clues) * 100 / 72 >= CLUE_PX
    frame = [p for p in whole.patches if p.get_facecolor()[3] == 0]
    (x, y), w, h = frame[0].get_xy(), frame[0].get_width(), frame[0].get_height()
    shown_rows, shown_cols = int(h), int(w)
    assert (x, y) == (0, 0) and part.get_xlim()[1] == pytest.approx(shown_cols + 0.25)
    row_clues = [t.get_text() for t in part.texts if t.get_position()[0] < 0]
    expected = [str(n) for clue in HOUSE.rows[:shown_rows] for n in clue]
    assert sorted(row_clues) == sorted(expected)  # every clue of the rows shown, no other
    unzoomed = plot_nonogram_board(HOUSE, zoom=False)
    assert len(unzoomed.figure.axes) == 1
    with pytest.raises(ValueError, match="holds no cell"):
        plot_nonogram_overview(HOUSE, crop=(slice(3, 3), slice(0, 5)))


def test_a_futoshiki_board_draws_its_signs_as_the_pair_figure_does():
    from helper.diagrams import futoshiki as pair
    from helper.futoshiki import solve
    from helper.plot import boards

    puzzle = futoshiki()
    result = solve(puzzle)
    ax = plot_futoshiki_board(puzzle, solution=result)
    grid, constraints = puzzle
    same = plot_futoshiki_board(grid, constraints, result.grid)
    assert [t.get_text() for t in ax.texts] == [t.get_text() for t in same.texts]
    assert len(ax.texts) == puzzle.cells  # every cell
    assert len(ax.lines) == len(constraints)  # a chevron per sign
    assert pair.draw_futoshiki is boards.draw_futoshiki  # one drawing of the signs
    with pytest.raises(TypeError, match="constraints"):
        plot_futoshiki_board(grid)


# --- solve times ------------------------------------------------------------------------------


def test_a_dot_per_puzzle_in_the_solvers_colour_named_as_in_the_palette():
    ax = plot_times(TIMES["pictures"], 10.0)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == [SOLVER_NAMES[k] for k in reversed(TIMES["pictures"])]
    by_colour: dict[str, int] = {}
    for line in ax.lines:
        if line.get_linestyle() == "None":
            key = to_hex(line.get_markeredgecolor() if line.get_markerfacecolor() == "#ffffff"
                         else line.get_color())  # fmt: skip
            by_colour[key] = by_colour.get(key, 0) + len(line.get_xdata())
    expected = {SOLVER_COLOURS[k]: len(v) for k, v in TIMES["pictures"].items()}
    assert by_colour == expected  # one dot per puzzle, the undecided one included
    markers = {line.get_marker() for line in ax.lines if line.get_linestyle() == "None"}
    assert markers == {SOLVER_MARKERS[k] for k in TIMES["pictures"]}
    assert ax.get_xscale() == "log"
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["cap 10 s", "open marker: not decided within the cap"]


def test_families_share_one_time_axis():
    fig = plot_times_by_family(TIMES, 10.0)
    first, second = fig.axes[:2]
    assert first.get_xlim() == second.get_xlim()
    assert [first.get_title(loc="left"), second.get_title(loc="left")] == list(TIMES)


def test_the_cactus_plot_keeps_each_solvers_colour_and_name():
    ax = plot_cactus({"portfolio": [0.1, 0.2], "cpsat-start": [1.0]}, 5, total=2)
    lines = {line.get_label(): to_hex(line.get_color()) for line in ax.lines[:2]}
    assert lines == {SOLVER_NAMES[k]: SOLVER_COLOURS[k] for k in ("portfolio", "cpsat-start")}


def test_importing_the_figures_loads_no_solver():
    code = (
        "import sys, helper.plot; "
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('ortools', 'pysat')]; "
        "print(loaded); assert not loaded and 'matplotlib.pyplot' not in sys.modules"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
