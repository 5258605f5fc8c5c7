"""The book's figures: opaque, one panel per frame, and the colours say what they claim."""

import subprocess
import sys

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from helper.book.stages import Frame, line_logic_frames
from helper.nonogram import load_puzzle
from helper.plot import (
    AMBIGUOUS,
    STAGE_COLOURS,
    UNKNOWN_GREY,
    animate_frames,
    animation_player,
    offline_jshtml,
    plot_frame_strip,
    plot_stages,
    plot_state,
)


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def pixel_colours(ax) -> np.ndarray:
    """The cell colours ``ax`` shows, read back from its image."""
    return np.asarray(ax.get_images()[0].get_array())[..., :3]


def test_stage_colours_follow_stage_and_picture():
    ax = plot_stages([[0, 1], [2, 0]], [[1, 0], [1, 0]])
    shown = pixel_colours(ax)
    assert np.allclose(shown[0, 0], to_rgb(STAGE_COLOURS[0][0]))  # propagation, filled
    assert np.allclose(shown[0, 1], to_rgb(STAGE_COLOURS[1][1]))  # presolve, empty
    assert np.allclose(shown[1, 0], to_rgb(STAGE_COLOURS[2][0]))  # search, filled
    assert ax.figure.get_facecolor()[3] == 1  # opaque


def test_new_cells_and_unknown_cells_are_marked():
    ax = plot_state([[1, -1, 0]], before=[[-1, -1, 0]], line=("row", 0))
    shown = pixel_colours(ax)
    assert not np.allclose(shown[0, 0], to_rgb("#222222"))  # decided now: highlighted
    assert np.allclose(shown[0, 1], to_rgb(UNKNOWN_GREY))
    assert np.allclose(shown[0, 2], to_rgb("white"))  # decided before: plain
    assert ax.patches  # the line just solved is outlined


def test_strip_and_animation_show_every_frame():
    frames = line_logic_frames(load_puzzle("nonogram01"))
    fig = plot_frame_strip(frames, columns=4)
    titled = [ax.get_title() for ax in fig.axes if ax.get_title()]
    assert titled == [frame.title for frame in frames]
    assert fig.get_facecolor()[3] == 1
    animation = animate_frames([Frame("start", [[-1, -1]]), Frame("end", [[1, 0]])])
    html = offline_jshtml(animation)
    assert html.count("data:image/png;base64") == 2
    assert "http://" not in html and "https://" not in html  # nothing fetched from elsewhere
    player = animation_player([Frame("start", [[-1, -1]]), Frame("end", [[1, 0]])])
    assert player._repr_html_().count("data:image/png;base64") == 2
    assert repr(player) == "<animation player, 2 frames>"


def test_ambiguous_cells_are_grey_whatever_their_stage():
    ax = plot_stages([[0, 2]], [[1, 0]], ambiguous=[(0, 1)])
    shown = pixel_colours(ax)
    assert np.allclose(shown[0, 1], to_rgb(AMBIGUOUS))
    assert np.allclose(shown[0, 0], to_rgb(STAGE_COLOURS[0][0]))


def test_a_board_takes_a_solve_result_or_a_grid_and_leaves_pyplot_alone():
    from helper.nonogram import solve
    from helper.plot import BookFigure, plot_nonogram_board

    puzzle = load_puzzle("nonogram01")
    result = solve(puzzle)
    before = plt.get_fignums()
    from_result = plot_nonogram_board(puzzle, result)
    from_grid = plot_nonogram_board(puzzle, result.grid)
    assert plt.get_fignums() == before  # no figure left open in pyplot's global list
    assert isinstance(from_result.figure, BookFigure)
    assert len(from_result.patches) == len(from_grid.patches) == sum(map(sum, result.grid))
    png = from_result.figure._repr_png_()
    assert png.startswith(b"\x89PNG")


def test_a_futoshiki_board_takes_the_puzzle_value_and_a_solve_result():
    from helper.futoshiki import load_puzzle as load_futoshiki_puzzle
    from helper.futoshiki import solve
    from helper.plot import plot_futoshiki_board

    puzzle = load_futoshiki_puzzle("sample12")
    result = solve(puzzle)
    ax = plot_futoshiki_board(puzzle, solution=result)
    grid, constraints = puzzle
    same = plot_futoshiki_board(grid, constraints, result.grid)
    assert [t.get_text() for t in ax.texts] == [t.get_text() for t in same.texts]
    assert len(ax.texts) == puzzle.size**2 + len(constraints)  # every cell and every sign
    with pytest.raises(TypeError, match="constraints"):
        plot_futoshiki_board(grid)


def test_importing_the_figures_loads_no_solver():
    code = (
        "import sys, helper.plot; "
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('ortools', 'pysat')]; "
        "print(loaded); assert not loaded and 'matplotlib.pyplot' not in sys.modules"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
