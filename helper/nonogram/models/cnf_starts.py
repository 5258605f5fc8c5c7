"""The automaton CNF with one variable per block start: as strong, and smaller on long lines.

In the automaton CNF of :mod:`.cnf_automaton` every cell of every block has a state variable
in every layer where it can be. A block's cell states are chained: the state "cell ``t`` of
block ``j`` after ``i`` cells read" holds exactly when block ``j`` starts at cell ``i - t``.
So one variable ``S[j][p]`` ("block ``j`` starts at cell ``p``") can stand for the whole chain,
and only the gap states keep a variable of their own, ``G[j][i]`` ("after ``i`` cells, ``j``
blocks are complete and the last cell read was empty"). A line of ``k`` blocks with ``s`` cells
of slack then has about ``(2k + 1)(s + 1)`` variables instead of about
``(sum(blocks) + k + 1)(s + 1)``: on the loose lines of a large noisy picture, three times fewer.

The clauses are those of the automaton with each chain replaced by its start:

- ``S[j][p] -> cell`` for each of its ``L_j`` cells, ``G[j][i] -> not cell i - 1``;
- ``S[j][p] -> G[j][p]`` (a block starts after a gap) and ``S[j][p] -> G[j + 1][p + L_j + 1]``
  (and is followed by one, unless it ends the line);
- ``G[j][i] -> G[j][i - 1] or S[j - 1][i - 1 - L_{j-1}]`` (it continues a gap or ends a block)
  and ``G[j][i] -> G[j][i + 1] or S[j][i]`` (it goes on as a gap or starts the next block);
- a filled cell needs a block that covers it, an empty cell a gap state.

Unit propagation on them removes the same states and decides the same cells as on the full
automaton: a chain dies with its start, and its start dies with any of its cells. Only the
states on an accepting path that agrees with the known cells get a variable (the same forward
and backward sweep, :func:`~.cnf_automaton.live_states`).

This is not the compact CNF of :mod:`.cnf_compact`, which also has one selector per block
start but no gap states: unit propagation on that one decides far fewer cells than line
logic, here it decides the same.
"""

from collections.abc import Sequence

from helper.deadline import NO_DEADLINE, Deadline

from ..clues import Clue
from .cnf_automaton import Clauses, SatModel, State, build_sat_model, live_states


def start_line_clauses(
    clue: Sequence[int],
    known: Sequence[int],
    cells: Sequence[int | None],
    top: int,
    out: Clauses,
) -> int | None:
    """Append the clauses of one line to ``out``; return the new top variable, or ``None``
    when the known cells leave the line no run.

    ``known`` holds -1 (open), 0 or 1 per cell and ``cells`` the variable of each open cell
    (``None`` for a known one).
    """
    live = live_states(clue, known)
    if live is None:
        return None
    n, k = len(known), len(clue)
    gap_at = [sum(clue[:j]) + j for j in range(k + 1)]  # template position of gap j
    # G[j][i]: gap j live after i cells; S[j][p]: block j may start at cell p
    gap: list[dict[int, int]] = [{} for _ in range(k + 1)]
    start: list[dict[int, int]] = [{} for _ in range(k)]
    for i, mask in enumerate(live):
        for j in range(k + 1):
            if mask >> gap_at[j] & 1:
                top += 1
                gap[j][i] = top
            if j < k and i < n and live[i + 1] >> (gap_at[j] + 1) & 1:
                top += 1
                start[j][i] = top
    out.append([gap[0][0]])  # the start state
    covering: list[list[int]] = [[] for _ in range(n)]  # the starts whose block covers a cell
    for j, starts in enumerate(start):
        length = clue[j]
        following = gap[j + 1] if j + 1 <= k else {}
        for p, s in starts.items():
            for i in range(p, p + length):
                covering[i].append(s)
                if (x := cells[i]) is not None:
                    out.append([-s, x])
            out.append([-s, gap[j][p]])
            if p + length < n:
                out.append([-s, following[p + length + 1]])
    for j, gaps in enumerate(gap):
        ended = start[j - 1] if j > 0 else {}
        before_length = clue[j - 1] if j > 0 else 0
        starting = start[j] if j < k else {}
        for i, g in gaps.items():
            if i == 0:
                continue
            x = cells[i - 1]
            if x is not None:
                out.append([-g, -x])
            before = [-g]
            if i - 1 in gaps:
                before.append(gaps[i - 1])
            if (e := ended.get(i - 1 - before_length)) is not None:
                before.append(e)
            out.append(before)
            if i < n:
                after = [-g]
                if i + 1 in gaps:
                    after.append(gaps[i + 1])
                if (b := starting.get(i)) is not None:
                    after.append(b)
                out.append(after)
    for i, x in enumerate(cells):
        empty = [gaps[i + 1] for gaps in gap if i + 1 in gaps]
        if x is None:
            out.append(covering[i] if known[i] == 1 else empty)
        else:
            out.append([-x, *covering[i]])
            out.append([x, *empty])
    return top


def build_start_model(
    rows: Sequence[Clue],
    cols: Sequence[Clue],
    known: State | None = None,
    *,
    deadline: Deadline = NO_DEADLINE,
) -> SatModel:
    """The block-start CNF of a puzzle with valid clues, as
    :func:`~.cnf_automaton.build_sat_model` builds the full automaton CNF (same cell
    variables, same meaning of ``known``, ``deadline`` checked once per line)."""
    return build_sat_model(rows, cols, known, deadline=deadline, line_clauses=start_line_clauses)
