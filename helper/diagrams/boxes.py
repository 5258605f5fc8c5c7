"""What the flow diagrams share: a rounded box on paper, its bold title, and notes in it.

:mod:`helper.diagrams.loop`, :mod:`helper.diagrams.timeline` and
:mod:`helper.diagrams.domains` draw their boxes and texts with these, so the three figures
keep one look.
"""

from typing import Any

from matplotlib.axes import Axes
from matplotlib.patches import FancyBboxPatch

from helper.figure import FONT
from helper.palette import INK, PAPER


def rounded_box(
    ax: Axes, corner: tuple[float, float], width: float, height: float, edge: str
) -> None:
    """A box with rounded corners, paper inside and a frame of colour ``edge``."""
    ax.add_patch(
        FancyBboxPatch(
            corner,
            width,
            height,
            boxstyle="round,pad=0,rounding_size=0.2",
            facecolor=PAPER,
            edgecolor=edge,
            linewidth=2.0,
        )
    )


def title_text(ax: Axes, x: float, y: float, text: str, *, size: float = FONT) -> None:
    """A box's title: bold, centred on ``(x, y)``."""
    ax.text(x, y, text, ha="center", va="center", fontsize=size, fontweight="bold", color=INK)


def note_text(ax: Axes, x: float, y: float, text: str, **style: Any) -> None:
    """Smaller text centred under ``(x, y)``; ``style`` overrides or adds matplotlib's text
    settings (``linespacing`` 1.25 unless given)."""
    settings: dict[str, Any] = {
        "ha": "center",
        "va": "top",
        "fontsize": FONT - 1,
        "color": INK,
        "linespacing": 1.25,
    }
    ax.text(x, y, text, **(settings | style))


__all__ = ["note_text", "rounded_box", "title_text"]
