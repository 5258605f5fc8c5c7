"""The colour automaton's diagram draws exactly the moves of ``colour_line_automaton``: one
arrow per transition, in the colour it reads, the jumps (a block straight into a block of
another colour) drawn apart from every other move, and the accepting states double-circled."""

import itertools

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_hex
from matplotlib.patches import Circle, FancyArrowPatch

from helper.diagrams import colour_automaton_moves, draw_colour_automaton, run_automaton
from helper.diagrams.lines import EMPTY_ARROW
from helper.nonogram.colour import BLACK_AND_WHITE, Palette, colour_runs
from helper.nonogram.colour.generate import ink_palette
from helper.nonogram.models.colour_automaton import colour_line_automaton
from helper.nonogram.models.cpsat_automaton import line_automaton
from helper.palette import SOLVED_INK

RGB = ink_palette(3)  # white; red, blue, green
SMALL = [(2, "red"), (1, "blue"), (1, "blue")]  # red may touch blue; blue and blue need a gap


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def arrows(fig) -> list[FancyArrowPatch]:
    return [p for p in fig.axes[0].patches if isinstance(p, FancyArrowPatch)]


def drawn_moves(fig) -> list[tuple[str, int, int, int]]:
    """``(kind, source, colour, target)`` of every arrow, read back from the figure."""
    moves = []
    for arrow in arrows(fig):
        kind, *numbers = arrow.get_gid().split()
        source, colour, target = map(int, numbers)
        moves.append((kind, source, colour, target))
    return moves


def numbered(clue, palette: Palette) -> list[tuple[int, int]]:
    return [(n, c if isinstance(c, int) else palette.index(c)) for n, c in clue]


CLUES = [
    SMALL,
    [(1, "red")],
    [],
    [(1, "red"), (1, "red")],
    [(1, "red"), (2, "blue"), (1, "red"), (1, "green")],
    [(3, "green"), (1, "green"), (2, "blue")],
]


@pytest.mark.parametrize("clue", CLUES, ids=str)
def test_one_arrow_per_transition_of_the_colour_automaton(clue):
    transitions, _ = colour_line_automaton(numbered(clue, RGB), len(RGB))
    fig = draw_colour_automaton(clue, RGB)
    drawn = drawn_moves(fig)
    assert sorted((s, c, t) for _, s, c, t in drawn) == sorted(transitions)  # counted, no extra
    for arrow, (kind, source, colour, target) in zip(arrows(fig), drawn, strict=True):
        expected = EMPTY_ARROW if colour == 0 else "#" + RGB[colour].hex
        assert to_hex(arrow.get_edgecolor()) == expected  # the colour it reads
        assert kind == {0: "loop", 1: "step", 2: "jump"}[target - source]


def test_the_small_clue_shows_a_jump_and_a_gap():
    fig = draw_colour_automaton(SMALL, RGB)
    jumps = [(s, c, t) for kind, s, c, t in drawn_moves(fig) if kind == "jump"]
    assert jumps == [(2, 2, 4)]  # from red's last cell straight into blue
    blue_to_blue = [(s, c, t) for _, s, c, t in drawn_moves(fig) if s == 4]
    assert blue_to_blue == [(4, 0, 5)]  # the first blue block can only go on to its gap
    loops = {s for kind, s, c, t in drawn_moves(fig) if kind == "loop"}
    assert loops == {0, 3, 5, 7}  # the gaps repeat on background, and only they


def test_jumps_are_drawn_apart_from_every_other_move():
    fig = draw_colour_automaton([(1, "red"), (2, "blue"), (1, "red"), (1, "green")], RGB)
    styles: dict[str, set] = {"loop": set(), "step": set(), "jump": set()}
    for arrow, (kind, _, colour, _) in zip(arrows(fig), drawn_moves(fig), strict=True):
        dashes = arrow.get_linestyle()
        styles[kind].add((str(dashes), arrow.get_linewidth(), colour == 0))
    assert len(styles["jump"]) == 1 and styles["jump"].isdisjoint(styles["step"] | styles["loop"])
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert any(text.startswith("jump") for text in legend)
    assert len([kind for kind, *_ in drawn_moves(fig) if kind == "jump"]) == 3


def test_one_colour_has_no_jump_and_is_the_black_and_white_automaton():
    fig = draw_colour_automaton([(2, 1), (1, 1)], BLACK_AND_WHITE)
    drawn = drawn_moves(fig)
    assert "jump" not in {kind for kind, *_ in drawn}
    assert sorted((s, c, t) for _, s, c, t in drawn) == sorted(line_automaton([2, 1])[0])
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert not any(text.startswith("jump") for text in legend)


def test_the_accepting_states_are_double_circled():
    states, _ = colour_automaton_moves(SMALL, RGB)
    _, finals = colour_line_automaton(numbered(SMALL, RGB), len(RGB))
    assert [s.number for s in states if s.accepting] == finals == [6, 7]
    fig = draw_colour_automaton(SMALL, RGB)
    circles: dict[float, int] = {}
    for patch in fig.axes[0].patches:
        if isinstance(patch, Circle):
            circles[patch.center[0]] = circles.get(patch.center[0], 0) + 1
    step = sorted(circles)[1] - sorted(circles)[0]
    doubled = sorted(round(x / step) for x, count in circles.items() if count == 2)
    assert doubled == finals and len(circles) == len(states)


@pytest.mark.parametrize("clue", CLUES, ids=str)
def test_the_states_read_exactly_the_lines_of_the_clue(clue):
    states, moves = colour_automaton_moves(clue, RGB)
    accepting = {s.number for s in states if s.accepting}
    transitions = [(m.source, m.colour, m.target) for m in moves]
    blocks = numbered(clue, RGB)
    for length in range(6):
        for line in itertools.product(range(len(RGB) + 1), repeat=length):
            path = run_automaton(transitions, line)
            accepted = path is not None and path[-1] in accepting
            assert accepted == (colour_runs(line) == blocks), line


def test_a_line_is_run_and_its_states_written():
    fig = draw_colour_automaton(SMALL, RGB, line=[0, 1, 1, 2, 0, 2, 0])
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "ends in state 7, an accepting state: the line fits the clue" in texts
    written = [t.get_text() for t in fig.axes[0].texts if to_hex(t.get_color()) == SOLVED_INK]
    assert written == ["0", "1", "2", "4", "5", "6", "7"]  # 2 to 4: the jump
    stuck = draw_colour_automaton(SMALL, RGB, line=[1, 1, 2, 2])  # the blues jump
    assert any("does not fit" in t.get_text() for t in stuck.axes[0].texts)


def test_a_clue_or_line_outside_the_palette_is_refused():
    with pytest.raises(ValueError, match="unknown colour 'purple'"):
        draw_colour_automaton([(1, "purple")], RGB)
    with pytest.raises(ValueError, match="unknown colour number 4; the clue colours are 1 to 3"):
        draw_colour_automaton([(1, 4)], RGB)
    with pytest.raises(ValueError, match="length 0 is not a positive integer"):
        draw_colour_automaton([(0, 1)], RGB)
    with pytest.raises(ValueError, match="not a block"):
        draw_colour_automaton([3], RGB)
    with pytest.raises(ValueError, match="cell 1 of the line is 5"):
        draw_colour_automaton(SMALL, RGB, line=[0, 5])
