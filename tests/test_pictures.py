"""helper.pictures: every picture renders to a 0/1 grid of the asked size, the same each time."""

import pytest

from helper.pictures import PICTURES, Canvas, as_text, draw, picture

SIZES = [(5, 5), (10, 10), (20, 20), (25, 30), (45, 60)]


@pytest.mark.parametrize("name", sorted(PICTURES))
@pytest.mark.parametrize(("height", "width"), SIZES)
def test_pictures_render_at_any_size(name, height, width):
    grid = draw(name, height, width)
    assert len(grid) == height and all(len(row) == width for row in grid)
    assert {cell for row in grid for cell in row} <= {0, 1}
    assert draw(name, height, width) == grid  # nothing random
    if height >= 10:
        black = sum(map(sum, grid))
        assert 0.1 * height * width < black < 0.9 * height * width  # a picture, not a blot


def test_heart_by_eye():
    assert as_text(draw("heart", 7, 7)).splitlines() == [
        ".##.##.",
        "#######",
        "#######",
        ".#####.",
        "..###..",
        "..###..",
        "...#...",
    ]


def test_shapes_in_unit_and_sheet_coordinates():
    unit = Canvas(4, 6)
    sheet = Canvas(4, 6, units=(6, 4))
    assert (unit.rect(0, 0.5, 0.5, 1) == sheet.rect(0, 2, 3, 4)).all()
    assert sheet.rect(0, 2, 3, 4).sum() == 6  # rows 2-3, columns 0-2
    assert sheet.line((0.5, 0.5), (5.5, 0.5)).sum() == 6  # the whole top row
    assert sheet.polygon([(0, 0), (6, 0), (6, 4)]).sum() in range(9, 16)
    c = Canvas(3, 3).paint(Canvas(3, 3).ellipse(0.5, 0.5, 0.4, 0.4))
    assert c.grid() == [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
    assert c.erase(c.rect(0, 0, 1, 0.34)).grid() == [[0, 0, 0], [1, 1, 1], [0, 1, 0]]


def test_bad_names_and_sizes():
    with pytest.raises(ValueError, match="no picture named 'unicorn'"):
        draw("unicorn", 5, 5)
    with pytest.raises(ValueError, match="at least one cell"):
        Canvas(0, 5)
    with pytest.raises(ValueError, match="already registered"):
        picture("heart")(lambda h, w: [[0] * w for _ in range(h)])
