"""The flow of domains (helper.diagrams.domains): each box draws exactly the values left in its
domains, the figure is opaque and readable, and bad input is refused with a clear message."""

import ast
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from helper.diagrams.domains import DomainBox, domains_flow_figure, kept_cells
from helper.figure import BODY_PX, smallest_text_px

VALUES = [1, 2, 3]
FULL = {v: VALUES for v in "xyz"}
PROPAGATED = {"x": [1, 2, 3], "y": [1, 3], "z": [1, 3]}


def boxes() -> list[DomainBox]:
    return [
        DomainBox("the model", FULL, 0, 0.5),
        DomainBox("propagation", PROPAGATED, 1, 0.5, 0, "a note\non two lines"),
        DomainBox("probing", {"x": [2], "y": [3], "z": [1]}, 2, 0, 1),
        DomainBox("search", {"x": [2], "y": [3], "z": [1]}, 2, 1, 2),
    ]


@given(st.dictionaries(st.sampled_from("xyz"), st.sets(st.sampled_from(VALUES)), min_size=1))
def test_kept_cells_are_the_values_left(domains):
    box = DomainBox("a box", {name: sorted(left) for name, left in domains.items()}, 0)
    cells = kept_cells(box, VALUES)
    assert set(cells) == {(name, v) for name, left in domains.items() for v in left}
    assert len(cells) == sum(len(left) for left in domains.values())


def test_each_box_draws_its_values_bold_and_the_others_struck():
    fig = domains_flow_figure(boxes(), [(0, 1), (1, 2, "by default"), (1, 3)], VALUES)
    digits = [t for t in fig.findobj(Text) if t.get_text() in {"1", "2", "3"}]
    bold = [t for t in digits if t.get_fontweight() == "bold"]
    assert len(digits) == 4 * 3 * 3  # every value of every variable in every box
    assert len(bold) == sum(len(kept_cells(box, VALUES)) for box in boxes())
    struck = [line for line in fig.axes[0].lines]
    assert len(struck) == len(digits) - len(bold)
    texts = {t.get_text() for t in fig.findobj(Text)}
    assert {"the model", "propagation", "probing", "search", "a note\non two lines"} <= texts
    assert "by default" in texts  # the arrow's label


def test_flow_figure_is_opaque_readable_and_has_a_legend():
    before = plt.get_fignums()
    fig = domains_flow_figure(boxes(), [(0, 1), (1, 2), (1, 3)], VALUES, title="a title")
    assert plt.get_fignums() == before  # no pyplot figure made or left open
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())
    assert (pixels[..., 3] == 255).all()
    assert (pixels[..., :3] < 128).any()
    assert smallest_text_px(fig) >= BODY_PX / 2
    labels = [t.get_text() for legend in fig.legends for t in legend.get_texts()]
    assert labels == ["value still possible", "value ruled out"]


def test_bad_input_is_refused_with_what_is_wrong():
    with pytest.raises(ValueError, match="only 4 boxes"):
        domains_flow_figure(boxes(), [(0, 4)], VALUES)
    with pytest.raises(ValueError, match=r"'odd': x has values \[7\]"):
        domains_flow_figure([DomainBox("odd", {"x": [1, 7]}, 0)], [], VALUES)
    with pytest.raises(ValueError, match="at least one box"):
        domains_flow_figure([], [], VALUES)


def test_every_arrow_of_chapter_1s_flow_figure_is_labelled():
    page = Path(__file__).resolve().parents[2] / "book" / "cpsat_nutshell.md"
    text = page.read_text("utf8")
    start = text.index("domains_flow_figure(\n")
    call = text[start : text.index("\n)\n", start) + 2]
    (figure,) = ast.parse(call).body
    assert isinstance(figure, ast.Expr) and isinstance(figure.value, ast.Call)
    arrows = ast.literal_eval(figure.value.args[1])  # (from, to, label) tuples
    assert all(len(arrow) == 3 and arrow[2] for arrow in arrows), arrows
    assert (2, 3, "probing\non") in arrows  # propagation -> probing at the root


# --- The time line of a solve (helper.diagrams.timeline) and the hitting-set loop ---------------


def test_the_time_line_shows_each_phases_counts_and_their_sums():
    from helper.diagrams.timeline import Phase, added, timeline_figure, totals

    phases = [
        Phase("presolve", 1, "simplifies", "log only"),
        Phase("probing at the root", 1, "tries", "a trial: +1 branch", 120, 0),
        Phase("search", 2, "guesses", "a guess: +1 branch", 365, 6),
    ]
    assert totals(phases) == (485, 6)
    assert added(phases[0]) == "not counted"
    fig = timeline_figure(phases)
    texts = {t.get_text() for t in fig.findobj(Text)}
    assert "+120 branches\n+0 conflicts" in texts and "+365 branches\n+6 conflicts" in texts
    assert "num_branches\n= 485\n\nnum_conflicts\n= 6" in texts
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    assert (np.asarray(canvas.buffer_rgba())[..., 3] == 255).all()
    assert smallest_text_px(fig) >= BODY_PX / 2
    with pytest.raises(ValueError, match="below zero"):
        timeline_figure([Phase("odd", 0, "", "", -1, 0)])
    with pytest.raises(ValueError, match="no stage 7"):
        timeline_figure([Phase("odd", 7, "", "")])
    with pytest.raises(ValueError, match="at least one phase"):
        timeline_figure([])


def test_chapter_1s_time_line_is_drawn_from_the_solves_it_reports():
    page = Path(__file__).resolve().parents[2] / "book" / "cpsat_nutshell.md"
    text = page.read_text("utf8")
    assert "assert totals(phases) == (queens.num_branches, queens.num_conflicts)" in text
    assert "at_root.num_branches, at_root.num_conflicts" in text


def test_the_hitting_set_loop_writes_its_counts_and_refuses_impossible_ones():
    from helper.diagrams.loop import hitting_set_loop_figure

    fig = hitting_set_loop_figure(107, 482, "a puzzle:")
    texts = {t.get_text() for t in fig.findobj(Text)}
    assert "a puzzle:\n107 proposals, 482 SAT calls" in texts
    assert {"propose: RC2", "check: the SAT solver", "the step"} <= texts
    assert smallest_text_px(fig) >= BODY_PX / 2
    with pytest.raises(ValueError, match="at least as many SAT calls"):
        hitting_set_loop_figure(5, 4)
    with pytest.raises(ValueError, match="below zero"):
        hitting_set_loop_figure(-1, 0)
