"""Pictures drawn in code, rendered to 0/1 grids: the source of the book's own puzzles.

Every picture is a function ``draw_<name>(height, width) -> list[list[int]]``. Shapes are
given in *unit coordinates* (``x`` from 0 at the left edge to 1 at the right, ``y`` from 0
at the top to 1 at the bottom), so the same drawing can be rendered at any size; a cell is
black when its centre lies inside the shape. Nothing is random, so a picture is the same
on every machine.

>>> from helper.pictures import PICTURES, as_text
>>> print(as_text(PICTURES["heart"](7, 7)))
.##.##.
#######
#######
.#####.
..###..
..###..
...#...

Add a picture with the :func:`picture` decorator; :data:`PICTURES` lists them all.
"""

from collections.abc import Callable, Sequence

import numpy as np

from helper.extras import missing_extra

try:
    from matplotlib.path import Path
except ModuleNotFoundError as error:
    raise missing_extra(error, __name__, "plot") from None

Grid = list[list[int]]
Point = tuple[float, float]
Drawing = Callable[[int, int], Grid]

PICTURES: dict[str, Drawing] = {}
"""Every picture by name: ``PICTURES[name](height, width) -> grid``."""


def picture(name: str) -> Callable[[Drawing], Drawing]:
    """Register a drawing in :data:`PICTURES` under ``name``."""

    def decorate(draw: Drawing) -> Drawing:
        if name in PICTURES:
            raise ValueError(f"a picture named {name!r} is already registered")
        PICTURES[name] = draw
        return draw

    return decorate


def draw(name: str, height: int, width: int) -> Grid:
    """Render the picture ``name`` at ``height`` x ``width`` cells."""
    try:
        drawing = PICTURES[name]
    except KeyError:
        known = ", ".join(sorted(PICTURES))
        raise ValueError(f"no picture named {name!r} (there are: {known})") from None
    return drawing(height, width)


def as_text(grid: Sequence[Sequence[int]], black: str = "#", white: str = ".") -> str:
    """The grid as lines of text, one character per cell."""
    return "\n".join("".join(black if cell else white for cell in row) for row in grid)


class Canvas:
    """A ``height`` x ``width`` grid of cells to paint shapes on.

    ``paint(mask)`` blackens the cells of a shape, ``erase(mask)`` whitens them; the shape
    methods (``ellipse``, ``polygon``, ``rect``, ``line``) return boolean masks, so a drawing
    reads ``canvas.paint(canvas.ellipse(0.5, 0.5, 0.3, 0.2))``. Coordinates run over a sheet
    ``units = (sheet width, sheet height)`` stretched over the grid: ``(1, 1)`` by default
    (unit coordinates); a drawing designed on a 60 x 45 grid can pass ``units=(60, 45)`` and
    use cell numbers, and still render at any other size.
    """

    def __init__(self, height: int, width: int, units: tuple[float, float] = (1.0, 1.0)) -> None:
        if height < 1 or width < 1:
            raise ValueError(f"a picture needs at least one cell, got {height} x {width}")
        self.height, self.width = height, width
        self.units = units
        self.cells = np.zeros((height, width), dtype=bool)
        rows, cols = np.mgrid[0:height, 0:width]
        self.x = (cols + 0.5) / width * units[0]  # sheet coordinates of the cell centres
        self.y = (rows + 0.5) / height * units[1]

    # -- shapes (boolean masks) ------------------------------------------------------------
    def ellipse(self, cx: float, cy: float, rx: float, ry: float) -> np.ndarray:
        """Cells inside the ellipse with centre ``(cx, cy)`` and radii ``rx``, ``ry``."""
        return ((self.x - cx) / rx) ** 2 + ((self.y - cy) / ry) ** 2 <= 1.0

    def rect(self, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        """Cells inside the axis-parallel rectangle from ``(x0, y0)`` to ``(x1, y1)``."""
        return (self.x >= x0) & (self.x <= x1) & (self.y >= y0) & (self.y <= y1)

    def polygon(self, points: Sequence[Point]) -> np.ndarray:
        """Cells inside the polygon through ``points`` (unit coordinates, any orientation)."""
        path = Path(np.asarray(points, dtype=float))
        centres = np.column_stack([self.x.ravel(), self.y.ravel()])
        return path.contains_points(centres).reshape(self.height, self.width)

    def line(self, start: Point, end: Point, thickness: float = 1.0) -> np.ndarray:
        """Cells whose centre is within ``thickness / 2`` cells of the segment ``start-end``."""
        # Work in cells so that the thickness means the same across and along the grid.
        sx, sy = self.width / self.units[0], self.height / self.units[1]
        px, py = self.x * sx, self.y * sy
        ax, ay = start[0] * sx, start[1] * sy
        bx, by = end[0] * sx, end[1] * sy
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else np.clip(((px - ax) * dx + (py - ay) * dy) / length2, 0, 1)
        return np.hypot(px - (ax + t * dx), py - (ay + t * dy)) <= thickness / 2

    # -- painting --------------------------------------------------------------------------
    def paint(self, mask: np.ndarray) -> "Canvas":
        self.cells |= mask
        return self

    def erase(self, mask: np.ndarray) -> "Canvas":
        self.cells &= ~mask
        return self

    def grid(self) -> Grid:
        """The painted cells as rows of 0/1."""
        return self.cells.astype(int).tolist()


# -- the pictures ----------------------------------------------------------------------------


@picture("heart")
def draw_heart(height: int, width: int) -> Grid:
    """Two round lobes on a point: small enough to check by eye."""
    c = Canvas(height, width)
    c.paint(c.ellipse(0.28, 0.28, 0.24, 0.25))
    c.paint(c.ellipse(0.72, 0.28, 0.24, 0.25))
    c.paint(c.polygon([(0.04, 0.36), (0.96, 0.36), (0.5, 1.06)]))
    return c.grid()


@picture("sailboat")
def draw_sailboat(height: int, width: int) -> Grid:
    """A boat with a flag and two sails on a wavy sea, and the sun."""
    c = Canvas(height, width)
    c.paint(c.polygon([(0.5, 0.1), (0.5, 0.68), (0.1, 0.68)]))  # main sail
    c.paint(c.polygon([(0.55, 0.18), (0.55, 0.68), (0.86, 0.68)]))  # jib
    c.paint(c.rect(0.5, 0.04, 0.55, 0.74))  # mast
    c.paint(c.polygon([(0.55, 0.04), (0.7, 0.04), (0.55, 0.12)]))  # flag
    c.paint(c.polygon([(0.04, 0.74), (0.96, 0.74), (0.8, 0.86), (0.2, 0.86)]))  # hull
    c.erase(c.ellipse(0.32, 0.8, 0.03, 0.03))  # portholes
    c.erase(c.ellipse(0.68, 0.8, 0.03, 0.03))
    c.paint(c.ellipse(0.14, 0.15, 0.09, 0.09))  # sun
    for k in range(5):  # waves
        x0 = 0.2 * k
        c.paint(c.line((x0 + 0.02, 0.97), (x0 + 0.1, 0.92), 0.9))
        c.paint(c.line((x0 + 0.1, 0.92), (x0 + 0.18, 0.97), 0.9))
    return c.grid()


@picture("cat")
def draw_cat(height: int, width: int) -> Grid:
    """A sitting cat seen from the front, with a curled tail."""
    c = Canvas(height, width)
    c.paint(c.ellipse(0.45, 0.3, 0.22, 0.2))  # head
    c.paint(c.polygon([(0.25, 0.25), (0.27, 0.03), (0.4, 0.14)]))  # ears
    c.paint(c.polygon([(0.65, 0.25), (0.63, 0.03), (0.5, 0.14)]))
    c.paint(c.ellipse(0.45, 0.72, 0.27, 0.26))  # body
    c.paint(c.line((0.7, 0.92), (0.88, 0.88), 2.0))  # tail
    c.paint(c.line((0.88, 0.88), (0.92, 0.66), 2.0))
    c.erase(c.ellipse(0.36, 0.28, 0.045, 0.05))  # eyes
    c.erase(c.ellipse(0.54, 0.28, 0.045, 0.05))
    c.erase(c.polygon([(0.42, 0.38), (0.48, 0.38), (0.45, 0.42)]))  # nose
    c.erase(c.line((0.45, 0.6), (0.45, 0.98), 1.0))  # between the front legs
    return c.grid()


@picture("house")
def draw_house(height: int, width: int) -> Grid:
    """A house with a chimney, windows and a door, a tree, the sun, a cloud and a fence.

    Designed cell by cell on a 60 x 45 sheet (the book's large puzzle); other sizes stretch it.
    """
    c = Canvas(height, width, units=(60, 45))
    # Ground, and a path to the door.
    c.paint(c.rect(0, 40, 60, 45))
    c.erase(c.polygon([(18, 40), (23, 40), (25, 45.1), (16, 45.1)]))
    # Walls, roof, chimney.
    c.paint(c.rect(7, 24, 34, 40))
    c.paint(c.polygon([(3, 24.6), (20.5, 9.5), (38, 24.6)]))
    c.paint(c.rect(27, 10, 31, 20))
    # A door with a knob, two windows with cross bars, a round attic window.
    c.erase(c.rect(18, 29, 23, 40))
    c.paint(c.rect(21, 34, 22, 35))
    for x0 in (9, 25):
        c.erase(c.rect(x0, 27, x0 + 7, 34))
        c.paint(c.rect(x0 + 3, 27, x0 + 4, 34))
        c.paint(c.rect(x0, 30, x0 + 7, 31))
    c.erase(c.ellipse(20.5, 19.5, 2.3, 2.3))
    # A tree: trunk with a root flare and a branch, a crown of four lobes with two gaps.
    c.paint(c.polygon([(45, 40), (47, 37), (47, 26), (51, 26), (51, 37), (53, 40)]))
    c.paint(c.line((48, 31), (43, 26), 1.5))
    c.paint(c.ellipse(49, 15, 8.5, 8))
    c.paint(c.ellipse(42.5, 21.5, 4.5, 4))
    c.paint(c.ellipse(55.5, 21, 4, 4.5))
    c.paint(c.ellipse(49, 22.5, 5, 4))
    c.erase(c.ellipse(46, 13, 1.4, 1.4))
    c.erase(c.ellipse(53, 18, 1.4, 1.4))
    # The sun: a disc, four straight rays and four square ones (thin diagonal rays would
    # let two cells swap places, and the puzzle would have two solutions).
    c.paint(c.ellipse(7, 7, 3.4, 3.4))
    for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
        c.paint(c.line((7 + 5 * dx, 7 + 5 * dy), (7 + 6.5 * dx, 7 + 6.5 * dy)))
    for dx, dy in [(1, 1), (-1, 1), (1, -1), (-1, -1)]:
        c.paint(c.rect(6 + 4 * dx, 6 + 4 * dy, 8 + 4 * dx, 8 + 4 * dy))
    # A cloud.
    c.paint(c.ellipse(27, 6, 3.5, 2.5))
    c.paint(c.ellipse(31.5, 4.5, 4, 3.5))
    c.paint(c.ellipse(36, 6, 3, 2.5))
    c.paint(c.rect(25, 6, 38, 8))
    # A fence with pointed posts.
    for x in (55, 58):
        c.paint(c.polygon([(x, 40), (x, 32), (x + 0.5, 31), (x + 1, 32), (x + 1, 40)]))
    c.paint(c.rect(53, 34, 60, 35))
    c.paint(c.rect(53, 37, 60, 38))
    return c.grid()
