"""A search tree, recorded from a real solve: guess a cell, propagate line logic, back up on a
conflict.

:func:`search_tree` explores every branch of a small puzzle with the line solver's
propagation (:func:`helper.nonogram.line.propagate`) at each node, and keeps each node's grid;
:func:`search_tree_figure` draws the tree with a small board per node. The branching rule is
the simplest one, the first open cell in reading order, with "empty" tried before "filled".
"""

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from helper.figure import FONT, add_legend, sized_figure
from helper.nonogram import Contradiction, Nonogram
from helper.nonogram.line.contract import UNKNOWN, State
from helper.nonogram.line.reference import propagate, unknown_state
from helper.palette import (
    CONFLICT,
    DECIDED,
    DECIDED_PALE,
    INK,
    PAPER,
    SOLUTION,
    STAGE_COLOURS,
    UNKNOWN_GREY,
)

Cell = tuple[int, int]

GUESS, GUESS_PALE = STAGE_COLOURS[0]
"""The guessed cell, filled or empty, and the guess written on its edge: blue, so that red
keeps meaning a conflict and orange what propagation decided after the guess."""


@dataclass
class SearchNode:
    """One node of the search tree: a grid after propagation, and how it was reached."""

    state: State
    """Rows of -1 / 0 / 1 after propagation; for a conflict, as far as propagation got."""
    guess: tuple[Cell, int] | None = None
    """The cell guessed to reach this node and its value; ``None`` at the root."""
    outcome: str = "open"
    """``"open"`` (the search branches here), ``"solution"`` or ``"conflict"``."""
    failed_line: tuple[str, int] | None = None
    """For a conflict: the line left without a placement, ``("row", 1)`` or ``("column", 2)``."""
    children: list["SearchNode"] = field(default_factory=list)

    def walk(self) -> Iterator["SearchNode"]:
        """This node and every node below it, depth first, left to right."""
        yield self
        for child in self.children:
            yield from child.walk()

    @property
    def branches(self) -> int:
        """Guesses made in this subtree (one per child node)."""
        return sum(len(node.children) for node in self.walk())

    @property
    def conflicts(self) -> int:
        """Dead ends in this subtree."""
        return sum(node.outcome == "conflict" for node in self.walk())


def _failed_line(error: Contradiction) -> tuple[str, int] | None:
    found = re.search(r"\b(row|column) (\d+)", str(error))
    return (found.group(1), int(found.group(2))) if found else None


def _first_open(state: State) -> Cell | None:
    for r, row in enumerate(state):
        for c, value in enumerate(row):
            if value == UNKNOWN:
                return r, c
    return None


def search_tree(puzzle: Nonogram, *, max_nodes: int = 64) -> SearchNode:
    """Every branch of a depth-first search with line logic at each node.

    The root is line logic from an empty grid. At an open node the first open cell (reading
    order) is guessed empty, then filled, and each guess is propagated: a line with no
    placement left makes the child a conflict, a grid with no open cell a solution. Unlike a
    solver, the search does not stop at the first solution, so the tree shows every one.
    Raises ``ValueError`` when the tree would have more than ``max_nodes`` nodes.
    """
    made = 0

    def node(state: State, guess: tuple[Cell, int] | None, dirty: Cell | None) -> SearchNode:
        nonlocal made
        made += 1
        if made > max_nodes:
            raise ValueError(
                f"the search tree of this puzzle has more than {max_nodes} nodes; "
                "draw a smaller puzzle or raise max_nodes"
            )
        rows = None if dirty is None else {dirty[0]}
        cols = None if dirty is None else {dirty[1]}
        try:
            propagate(puzzle.rows, puzzle.cols, state, rows, cols)
        except Contradiction as error:
            return SearchNode(state, guess, "conflict", _failed_line(error))
        cell = _first_open(state)
        if cell is None:
            return SearchNode(state, guess, "solution")
        here = SearchNode([list(row) for row in state], guess)
        for value in (0, 1):
            child = [list(row) for row in state]
            child[cell[0]][cell[1]] = value
            here.children.append(node(child, (cell, value), cell))
        return here

    return node(unknown_state(puzzle.height, puzzle.width), None, None)


def example_puzzle(
    size: int = 5, *, seed: int = 18, min_guesses: int = 5, min_conflicts: int = 3
) -> Nonogram:
    """A small unique puzzle whose search tree is worth drawing, made by seeded code.

    Draws random ``size`` x ``size`` pictures (half the cells black) from ``random.Random(seed)``
    until one's clues have exactly one solution and its :func:`search_tree` makes at least
    ``min_guesses`` guesses and meets ``min_conflicts`` conflicts. The tree itself proves the
    uniqueness: the search visits every branch, so its solution leaves are all the solutions.
    """
    rng = random.Random(seed)
    for _ in range(100_000):
        picture = [[int(rng.random() < 0.5) for _ in range(size)] for _ in range(size)]
        puzzle = Nonogram.from_grid(picture)
        try:
            tree = search_tree(puzzle, max_nodes=4 * (min_guesses + min_conflicts) + 8)
        except ValueError:  # too big a tree to draw
            continue
        solutions = sum(node.outcome == "solution" for node in tree.walk())
        if solutions == 1 and tree.branches >= min_guesses and tree.conflicts >= min_conflicts:
            return puzzle
    raise ValueError(f"no {size} x {size} picture of seed {seed} gives such a search tree")


def _layout(root: SearchNode) -> dict[int, tuple[float, int]]:
    """``id(node) -> (x, depth)``: leaves one apart, a parent centred over its children."""
    where: dict[int, tuple[float, int]] = {}
    next_leaf = 0.0

    def place(node: SearchNode, depth: int) -> float:
        nonlocal next_leaf
        if not node.children:
            x = next_leaf
            next_leaf += 1.0
        else:
            xs = [place(child, depth + 1) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        where[id(node)] = (x, depth)
        return x

    place(root, 0)
    return where


def search_tree_figure(puzzle: Nonogram, *, max_nodes: int = 64) -> Figure:
    """The tree of :func:`search_tree`: one small board per node, the guesses on the edges.

    In each board the guessed cell is blue (dark filled, pale empty) and outlined, cells that
    propagation decided after the guess are orange, cells decided before it (at the root: by
    line logic) black or white, open cells grey; the legend names each. A conflict node
    is framed red with the line that has no placement left; a solution is framed green.
    """
    root = search_tree(puzzle, max_nodes=max_nodes)
    where = _layout(root)
    height, width = puzzle.height, puzzle.width
    board = max(height, width)
    step_x, step_y = board + 3.0, board + 3.6
    leaves = 1 + max(x for x, _ in where.values())
    depth = 1 + max(d for _, d in where.values())
    span_x, span_y = leaves * step_x, (depth - 1) * step_y + board + 2.6
    scale = min(0.3, 9.0 / span_x)
    fig, ax = sized_figure(
        (-1.5, span_x - 1.5), (span_y - 1.0, -1.6), scale, top=0.35, bottom=1.25, min_width=6.4
    )

    parents = {id(child): node for node in root.walk() for child in node.children}
    for node in root.walk():
        x0, d = where[id(node)]
        left, top = x0 * step_x, d * step_y
        parent = parents.get(id(node))
        before = parent.state if parent is not None else unknown_state(height, width)
        for r in range(height):
            for c in range(width):
                value, old = node.state[r][c], before[r][c]
                if value == UNKNOWN:
                    colour = UNKNOWN_GREY
                elif node.guess is not None and node.guess[0] == (r, c):
                    colour = GUESS if value else GUESS_PALE
                elif old == UNKNOWN and node.guess is not None:
                    colour = DECIDED if value else DECIDED_PALE
                else:
                    colour = INK if value else PAPER
                ax.add_patch(
                    Rectangle(
                        (left + c, top + r),
                        1,
                        1,
                        facecolor=colour,
                        edgecolor="#9a9a9a",
                        linewidth=0.6,
                    )
                )
        if node.guess is not None:
            assert node.guess is not None  # every node below the root is a guess
            (r, c), value = node.guess
            ax.add_patch(
                Rectangle(
                    (left + c, top + r), 1, 1, facecolor="none", edgecolor=GUESS, linewidth=2.6
                )
            )
        frame = {"conflict": CONFLICT, "solution": SOLUTION}.get(node.outcome, INK)
        ax.add_patch(
            Rectangle(
                (left, top),
                width,
                height,
                facecolor="none",
                edgecolor=frame,
                linewidth=3.0 if node.outcome != "open" else 1.2,
            )
        )
        if node.outcome == "conflict" and node.failed_line is not None:
            kind, index = node.failed_line
            box = (left, top + index, width, 1) if kind == "row" else (left + index, top, 1, height)
            ax.add_patch(
                Rectangle(
                    box[:2],
                    box[2],
                    box[3],
                    facecolor="none",
                    edgecolor=CONFLICT,
                    linewidth=2.0,
                    linestyle=(0, (3, 2)),
                )
            )
        caption = {
            "open": "root: line logic" if node.guess is None else "",
            "conflict": "conflict"
            + (f": {node.failed_line[0]} {node.failed_line[1]}" if node.failed_line else ""),
            "solution": "solution",
        }[node.outcome]
        if caption:
            ax.text(
                left + width / 2,
                top + height + 0.4,
                caption,
                ha="center",
                va="top",
                fontsize=FONT,
                color=frame if node.outcome != "open" else INK,
            )
        if parent is not None:
            px, pd = where[id(parent)]
            start = (px * step_x + width / 2, pd * step_y + height + (1.5 if pd == 0 else 0.2))
            end = (left + width / 2, top - 0.2)
            ax.annotate(
                "",
                xy=end,
                xytext=start,
                arrowprops={"arrowstyle": "-|>", "color": INK, "linewidth": 1.3},
            )
            assert node.guess is not None  # every node below the root is a guess
            (r, c), value = node.guess
            ax.text(
                (start[0] + end[0]) / 2 + (0.3 if end[0] >= start[0] else -0.3),
                (start[1] + end[1]) / 2,
                f"guess ({r}, {c}) {'filled' if value else 'empty'}",
                ha="left" if end[0] >= start[0] else "right",
                va="center",
                fontsize=FONT,
                color=GUESS,
            )
    branches = f"{root.branches} branch{'es' if root.branches != 1 else ''}"
    conflicts = f"{root.conflicts} conflict{'s' if root.conflicts != 1 else ''}"
    fig.text(
        0.01, 0.995, f"search tree: {branches}, {conflicts}", ha="left", va="top", fontsize=FONT + 1
    )
    add_legend(
        fig,
        [
            (GUESS, "the guess: filled"),
            (GUESS_PALE, "the guess: empty"),
            (DECIDED, "filled by propagation after the guess"),
            (DECIDED_PALE, "emptied by propagation after the guess"),
            (UNKNOWN_GREY, "open"),
            (INK, "filled before the guess"),
            (PAPER, "empty before the guess"),
            (PAPER, "conflict: a line has no placement left"),
            (PAPER, "solution"),
        ],
        edges=[GUESS, GUESS, INK, INK, INK, INK, INK, CONFLICT, SOLUTION],
        columns=2,
        font=FONT - 1,
    )
    return fig
