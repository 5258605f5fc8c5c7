"""Colour Nonogram boards: each cell shows its colour's RGB, each clue number sits in a box of
its block's colour in a readable ink, the lines are those of the black-and-white board, and a
board that is not the puzzle's size is refused."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.colors import to_hex, to_rgb

from helper.figure import new_figure
from helper.nonogram import Nonogram, load_puzzle
from helper.nonogram import solve as solve_black_and_white
from helper.nonogram.colour import Colour, ColourNonogram, Palette, colour_clues_from_grid, solve
from helper.nonogram.colour.generate import generate_colour_puzzle
from helper.palette import GRID_LINE_BOLD, UNKNOWN_GREY
from helper.plot import plot_colour_board, plot_colour_picture, readable_colour_cells
from helper.plot.boards import CLUE_PX
from helper.results import SolveResult

COLOUR = generate_colour_puzzle(12, 15, 3, seed=2)
BIG = generate_colour_puzzle(60, 80, 4, seed=1)
HEART = load_puzzle("nonogram01")

# Fills that test both inks, among them a mid grey near the worst case for black or white text.
WIDE = Palette(
    [
        ("yellow", "ffe800"),
        ("navy", "0b1f5c"),
        ("grey", "777777"),
        ("pink", "ff9fd0"),
        ("red", "d62728"),
        ("teal", "00a0a0"),
    ],
    background=Colour("cream", "fff3d0"),
)
WIDE_GRID = [
    [1, 2, 0, 3, 4, 5, 6],
    [2, 2, 3, 0, 6, 6, 1],
    [0, 4, 4, 5, 0, 1, 3],
]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def luminance(colour) -> float:
    """WCAG relative luminance, written here independently of helper.palette."""
    channels = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in to_rgb(colour)]
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def wide_puzzle() -> ColourNonogram:
    rows, cols = colour_clues_from_grid(WIDE_GRID)
    return ColourNonogram(rows, cols, WIDE, goal=WIDE_GRID)


def rendered(fig) -> np.ndarray:
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3]


def cell_pixel(ax, pixels: np.ndarray, r: int, c: int) -> tuple[int, ...]:
    """The colour shown at the centre of cell ``(r, c)`` of the board on ``ax``."""
    x, y = ax.transData.transform((c + 0.5, r + 0.5))
    height = pixels.shape[0]
    return tuple(int(v) for v in pixels[round(float(height - y)), round(float(x))])


def clue_boxes(ax) -> list[tuple[float, float, str, str, str]]:
    """Every clue box: its centre, its fill, and the number and the ink of the text in it."""
    texts = {(round(t.get_position()[0], 6), round(t.get_position()[1], 6)): t for t in ax.texts}
    boxes = []
    for patch in ax.patches:
        if patch.get_gid() != "clue box":
            continue
        x = round(patch.get_x() + patch.get_width() / 2, 6)
        y = round(patch.get_y() + patch.get_height() / 2, 6)
        text = texts[(x, y)]  # a box without its number would fail here
        boxes.append(
            (x, y, to_hex(patch.get_facecolor()), text.get_text(), to_hex(text.get_color()))
        )
    return boxes


# --- the cells --------------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", [COLOUR, wide_puzzle()], ids=["generated", "wide palette"])
def test_each_cell_shows_its_colours_rgb(puzzle):
    fig = plot_colour_board(puzzle, puzzle.goal)
    board = fig.axes[0]
    palette = puzzle.colour_palette
    image = np.asarray(board.get_images()[0].get_array())
    expected = np.array([[palette[v].rgb for v in row] for row in puzzle.goal], dtype=np.uint8)
    assert (image == expected).all()
    pixels = rendered(fig)  # and the image lies on the grid, row 0 on top
    for r, row in enumerate(puzzle.goal):
        for c, value in enumerate(row):
            assert cell_pixel(board, pixels, r, c) == palette[value].rgb, (r, c)


def test_the_background_is_the_palettes_and_open_cells_are_grey():
    puzzle = wide_puzzle()
    grid = [row[:] for row in WIDE_GRID]
    grid[0][2] = -1
    fig = plot_colour_board(puzzle, grid)
    board = fig.axes[0]
    pixels = rendered(fig)
    assert cell_pixel(board, pixels, 1, 3) == (255, 243, 208)  # cream, the background
    assert to_hex(np.array(cell_pixel(board, pixels, 0, 2)) / 255) == UNKNOWN_GREY
    labels = [t.get_text() for t in board.get_legend().get_texts()]
    assert labels == [*WIDE.names[1:], "cream (background)", "open"]


def test_a_board_takes_a_solve_result_or_a_grid_and_leaves_pyplot_alone():
    result = solve(COLOUR)
    before = plt.get_fignums()
    from_result = plot_colour_board(COLOUR, result).axes[0]
    from_grid = plot_colour_board(COLOUR, result.grid).axes[0]
    assert plt.get_fignums() == before
    assert (from_result.get_images()[0].get_array() == from_grid.get_images()[0].get_array()).all()
    empty = plot_colour_board(COLOUR).axes[0]
    assert not empty.get_images()  # no solution: the empty grid
    assert len(clue_boxes(empty)) == len(clue_boxes(from_grid))


def test_the_figure_is_the_same_every_time():
    first = plot_colour_board(COLOUR, COLOUR.goal, title="same")._repr_png_()
    assert plot_colour_board(COLOUR, COLOUR.goal, title="same")._repr_png_() == first


# --- the clues --------------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", [COLOUR, wide_puzzle()], ids=["generated", "wide palette"])
def test_each_clue_number_is_in_a_box_of_its_blocks_colour(puzzle):
    board = plot_colour_board(puzzle).axes[0]
    boxes = clue_boxes(board)
    palette = puzzle.colour_palette
    for r, clue in enumerate(puzzle.rows):  # left of row r, read left to right
        shown = sorted(
            (x, fill, number) for x, y, fill, number, _ in boxes if x < 0 and y == r + 0.5
        )
        assert [(fill, int(n)) for _, fill, n in shown] == [
            ("#" + palette[colour].hex, length) for length, colour in clue
        ]
    for c, clue in enumerate(puzzle.cols):  # above column c, read top to bottom
        shown = sorted(
            (y, fill, number) for x, y, fill, number, _ in boxes if y < 0 and x == c + 0.5
        )
        assert [(fill, int(n)) for _, fill, n in shown] == [
            ("#" + palette[colour].hex, length) for length, colour in clue
        ]
    assert len(boxes) == sum(map(len, puzzle.rows)) + sum(map(len, puzzle.cols))


@pytest.mark.parametrize("puzzle", [COLOUR, wide_puzzle(), HEART], ids=["generated", "wide", "b/w"])
def test_clue_numbers_are_readable_on_their_box(puzzle):
    boxes = clue_boxes(plot_colour_board(puzzle).axes[0])
    assert boxes
    for _, _, fill, number, ink in boxes:
        assert ink in ("#000000", "#ffffff")
        assert contrast(ink, fill) >= 4.5, (number, fill, ink)
    inks = {ink for *_, ink in clue_boxes(plot_colour_board(wide_puzzle()).axes[0])}
    assert inks == {"#000000", "#ffffff"}  # light fills get black, dark ones white


def test_every_fifth_line_is_thick_as_on_the_black_and_white_board():
    board = plot_colour_board(COLOUR).axes[0]
    thin, thick = [c for c in board.collections if isinstance(c, LineCollection)]
    assert to_hex(thick.get_colors()[0]) == GRID_LINE_BOLD
    assert thick.get_linewidths()[0] > thin.get_linewidths()[0]
    vertical = {seg[0][0] for seg in thick.get_segments() if seg[0][0] == seg[1][0]}
    horizontal = {seg[0][1] for seg in thick.get_segments() if seg[0][1] == seg[1][1]}
    assert vertical == {0, 5, 10, 15} and horizontal == {0, 5, 10, 12}
    thin_vertical = {seg[0][0] for seg in thin.get_segments() if seg[0][0] == seg[1][0]}
    assert thin_vertical == set(range(16)) - vertical


def test_indices_number_the_rows_and_columns_from_0():
    board = plot_colour_board(COLOUR, indices=True).axes[0]
    right = [t.get_text() for t in board.texts if t.get_position()[0] > COLOUR.width]
    below = [t.get_text() for t in board.texts if t.get_position()[1] > COLOUR.height]
    assert right == [str(r) for r in range(COLOUR.height)]
    assert below == [str(c) for c in range(COLOUR.width)]


# --- black and white, large boards, panels ------------------------------------------------------


def test_a_black_and_white_nonogram_is_the_one_colour_case():
    result = solve_black_and_white(HEART)
    fig = plot_colour_board(HEART, result)
    board = fig.axes[0]
    image = np.asarray(board.get_images()[0].get_array())
    assert (image[np.array(result.grid) == 1] == 0).all()  # filled: black
    assert (image[np.array(result.grid) == 0] == 255).all()  # empty: white
    assert {fill for _, _, fill, _, _ in clue_boxes(board)} == {"#000000"}
    assert not board.get_legend() and not fig.legends  # one colour: nothing to name
    empty_line = Nonogram([[1], []], [[1], []])
    texts = [t.get_text() for t in plot_colour_board(empty_line).axes[0].texts]
    assert sorted(texts) == ["0", "0", "1", "1"]  # an empty clue reads 0, as in black and white


def test_a_board_too_wide_for_readable_clues_is_the_picture_with_a_zoomed_corner():
    assert readable_colour_cells(COLOUR) and not readable_colour_cells(BIG)
    fig = plot_colour_board(BIG, BIG.goal)
    whole, part = fig.axes
    assert not whole.texts and whole.get_images()[0].get_array().shape == (60, 80, 3)
    numbers = [t for t in part.texts if t.get_text().isdigit()]
    assert numbers and min(t.get_fontsize() for t in numbers) * 100 / 72 >= CLUE_PX
    rows, cols = part.get_images()[0].get_array().shape[:2]
    row_clues = sorted(int(n) for x, _, _, n, _ in clue_boxes(part) if x < 0)
    assert row_clues == sorted(length for clue in BIG.rows[:rows] for length, _ in clue)
    assert cols < BIG.width and rows < BIG.height
    assert len(plot_colour_board(BIG, zoom=False).axes) == 1
    assert len(plot_colour_board(COLOUR, zoom=True).axes) == 2


def test_the_picture_alone_has_no_clues():
    fig = plot_colour_picture(COLOUR, COLOUR.goal, title="the picture")
    (ax,) = fig.axes
    assert [t.get_text() for t in ax.texts] == [] and ax.get_title() == "the picture"
    assert ax.get_xlim()[0] > -1 and ax.get_ylim()[1] > -1  # no room for clues


def test_boards_on_panels_of_one_figure_share_one_legend():
    fig = new_figure(figsize=(8, 4))
    left, right = fig.subplots(1, 2)
    assert plot_colour_board(COLOUR, COLOUR.goal, ax=left) is fig
    plot_colour_board(wide_puzzle(), ax=right, title="wide")
    assert not left.get_legend() and not right.get_legend()
    (legend,) = fig.legends
    labels = [t.get_text() for t in legend.get_texts()]
    assert labels[:3] == list(COLOUR.colour_palette.names[1:])
    assert "navy" in labels and right.get_title() == "wide"


# --- bad input --------------------------------------------------------------------------------


def test_a_solution_of_the_wrong_shape_or_colours_is_refused():
    with pytest.raises(ValueError, match=r"the solution has 11 rows but the puzzle has 12"):
        plot_colour_board(COLOUR, COLOUR.goal[:-1])
    short = [row[:] for row in COLOUR.goal]
    short[3] = short[3][:-1]
    with pytest.raises(ValueError, match=r"row 3 of the solution has 14 cells .* 15"):
        plot_colour_board(COLOUR, short)
    wrong = [row[:] for row in COLOUR.goal]
    wrong[2][4] = 4  # the palette has 3 clue colours
    with pytest.raises(ValueError, match=r"cell \(2, 4\) of the solution is 4; .* 0 to 3"):
        plot_colour_board(COLOUR, wrong)
    with pytest.raises(ValueError, match=r"the solution has 12 rows but the puzzle has 3"):
        plot_colour_picture(wide_puzzle(), COLOUR.goal)
    with pytest.raises(ValueError, match="no picture"):
        plot_colour_picture(COLOUR, SolveResult("no solution", None, "made up", "none", 0.0))
    with pytest.raises(TypeError, match="expected a ColourNonogram"):
        plot_colour_board("not a puzzle")
