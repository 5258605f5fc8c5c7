"""Why a Futoshiki step holds, in the words of a person: its kind and its reason.

The explainer finds a step's premises with a SAT solver; this module re-derives the step from
those premises alone with four rules a person uses, each on candidate digits per cell:

- ``naked``: a digit placed in a row (column) is no candidate elsewhere in it;
- ``hidden``: a digit with one possible cell left in a row (column) goes there;
- ``sign``: for ``a < b``, ``a`` is below the largest candidate of ``b`` and ``b`` above the
  smallest of ``a``;
- ``hall``: ``k`` open cells of a row (column) whose candidates are ``k`` digits between them
  (a *Hall set*) take those digits, so no other cell of the line can.

The kind names what the re-derivation needs: ``"single"`` (naked and hidden singles alone),
``"sign"`` (one sign as well), ``"chain"`` (two or more signs in a chain), ``"hall"`` (a Hall
set of two cells or more), and ``"case split"`` when these rules do not reach the step (the
SAT solver's reasoning is stronger: it may try a digit and see it fail, a case split). A case
split's reason names each digit tried in the cell and the premise that then breaks under the
same rules (:func:`refute`), or says that the rules alone do not show it.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from helper.futoshiki.puzzle import Futoshiki

from .steps import Cell, Premise, and_join, numbers_text, premise_text

Candidates = dict[Cell, set[int]]


@dataclass
class Derivation:
    """Candidates after the rules, and how the first Hall set and each fixed cell came."""

    candidates: Candidates
    hall: tuple[Premise, tuple[Cell, ...], tuple[int, ...]] | None = None
    fixed_by: dict[Cell, tuple[str, Premise | None]] = field(default_factory=dict)
    broken: str | None = None
    """The first premise the rules found broken, in words (``None``: none): a cell left no
    digit, or a row or column left no place for a digit. Only a tried digit can break one."""


def line_cells(premise: Premise, n: int) -> list[Cell]:
    """The cells of a row or column premise."""
    i = premise[1]
    return [(i, j) for j in range(n)] if premise[0] == "row" else [(j, i) for j in range(n)]


def start_candidates(
    puzzle: Futoshiki, state: Sequence[Sequence[int]], premises: Sequence[Premise]
) -> Candidates:
    """Every cell's candidates before the rules: a decided cell (a fact) or a given among the
    ``premises`` has its digit; every other cell, a given not named included, has ``1..n``."""
    n = puzzle.height
    named = {p[1] for p in premises if p[0] == "given"}
    candidates: Candidates = {}
    for r in range(n):
        for c in range(n):
            given = puzzle.grid[r][c]
            if state[r][c] and (not given or (r, c) in named):
                candidates[(r, c)] = {state[r][c]}
            else:
                candidates[(r, c)] = set(range(1, n + 1))
    return candidates


def derive(
    puzzle: Futoshiki,
    state: Sequence[Sequence[int]],
    premises: Sequence[Premise],
    rules: Sequence[str],
) -> Derivation:
    """Apply the ``rules`` with the ``premises`` until nothing changes."""
    n = puzzle.height
    found = Derivation(start_candidates(puzzle, state, premises))
    cand = found.candidates
    lines = [p for p in premises if p[0] in ("row", "column")]
    signs = [p for p in premises if p[0] == "sign"]

    def remove(cell: Cell, digits: set[int], rule: str, premise: Premise | None) -> bool:
        if not cand[cell] & digits:
            return False
        cand[cell] -= digits
        if len(cand[cell]) == 1:
            found.fixed_by.setdefault(cell, (rule, premise))
        if not cand[cell] and found.broken is None and premise is not None:
            found.broken = f"{_premise_words(premise)} leaves {cell} no digit"
        return True

    changed = True
    while changed and found.broken is None:
        changed = False
        for line in lines:
            cells = line_cells(line, n)
            if "naked" in rules:
                for cell in cells:
                    if len(cand[cell]) == 1:
                        for other in cells:
                            if other != cell:
                                changed |= remove(other, cand[cell], "naked", line)
            if "hidden" in rules:
                for digit in range(1, n + 1):
                    spots = [cell for cell in cells if digit in cand[cell]]
                    if not spots and found.broken is None:
                        found.broken = f"{premise_text(line)} has no place left for a {digit}"
                    if len(spots) == 1 and len(cand[spots[0]]) > 1:
                        changed |= remove(spots[0], cand[spots[0]] - {digit}, "hidden", line)
            if "hall" in rules:
                changed |= _hall(found, line, cells, remove)
        if "sign" in rules:
            for sign in signs:
                small, large = sign[1], sign[2]
                if cand[large]:
                    top = max(cand[large])
                    changed |= remove(small, {d for d in cand[small] if d >= top}, "sign", sign)
                if cand[small]:
                    low = min(cand[small])
                    changed |= remove(large, {d for d in cand[large] if d <= low}, "sign", sign)
    return found


def _premise_words(premise: Premise) -> str:
    """A premise in a sentence: ``row 2``, ``the sign (0, 1) < (0, 2)``, ``the given (1, 1)``."""
    text = premise_text(premise)
    return f"the sign {text}" if premise[0] == "sign" else text


def refute(
    puzzle: Futoshiki,
    state: Sequence[Sequence[int]],
    premises: Sequence[Premise],
    cell: Cell,
    digit: int,
) -> str | None:
    """What breaks when ``digit`` is tried in ``cell``: the first premise the rules find
    broken with ``premises`` alone, in words: singles and signs first, then with Hall sets
    too (said); ``None`` when they find none (the digit then fails only deeper, in a case
    split of its own)."""
    trial = [list(row) for row in state]
    trial[cell[0]][cell[1]] = digit
    rules = ["naked", "hidden", "sign"]
    broken = derive(puzzle, trial, premises, rules).broken
    if broken is None:
        broken = derive(puzzle, trial, premises, [*rules, "hall"]).broken
        if broken is not None:
            broken += " (after a Hall set)"
    return broken


def _hall(found: Derivation, line: Premise, cells: list[Cell], remove) -> bool:
    """Apply the first Hall set of two or more open cells that removes a candidate."""
    cand = found.candidates
    open_ = [cell for cell in cells if len(cand[cell]) > 1]
    for size in range(2, len(open_)):
        for group in combinations(open_, size):
            digits = set().union(*(cand[cell] for cell in group))
            if len(digits) != size:
                continue
            changed = False
            for other in cells:
                if other not in group:
                    changed |= remove(other, digits, "hall", line)
            if changed:
                if found.hall is None:
                    found.hall = (line, group, tuple(sorted(digits)))
                return True
    return False


def _reaches(found: Derivation, cells: dict[Cell, int]) -> bool:
    return all(found.candidates[cell] == {digit} for cell, digit in cells.items())


def is_chain(signs: Sequence[Premise]) -> bool:
    """Two or more signs that share cells one after another (a connected chain)."""
    if len(signs) < 2:
        return False
    groups = [set(sign[1:]) for sign in signs]
    reached = groups[0]
    left = groups[1:]
    while left:
        touching = [g for g in left if g & reached]
        if not touching:
            return False
        for g in touching:
            reached |= g
            left.remove(g)
    return True


def chain_text(signs: Sequence[Premise]) -> str:
    """Signs that form a path ``a < b < c`` written as one; others listed."""
    order = {sign[1]: sign[2] for sign in signs}
    starts = [a for a in order if a not in order.values()]
    if len(order) == len(signs) and len(starts) == 1:
        path = [starts[0]]
        while path[-1] in order:
            path.append(order[path[-1]])
        if len(path) == len(signs) + 1:
            return " < ".join(map(str, path))
    return and_join([premise_text(s) for s in signs])


def kind_of(
    puzzle: Futoshiki,
    state: Sequence[Sequence[int]],
    premises: Sequence[Premise],
    cells: dict[Cell, int],
) -> tuple[str, Derivation]:
    """The kind of a step (see the module's docstring) and the derivation that shows it."""
    signs = [p for p in premises if p[0] == "sign"]
    rules = ["naked", "hidden"] + (["sign"] if signs else [])
    found = derive(puzzle, state, premises, rules)
    if _reaches(found, cells):
        if not signs:
            return "single", found
        return ("chain" if is_chain(signs) else "sign"), found
    found = derive(puzzle, state, premises, [*rules, "hall"])
    if _reaches(found, cells) and found.hall is not None:
        return "hall", found
    return "case split", found


def _case_split_text(
    puzzle: Futoshiki,
    state: Sequence[Sequence[int]],
    premises: Sequence[Premise],
    target: Cell,
    digit: int,
) -> str:
    """Each other digit tried in ``target`` and the premise that then breaks (:func:`refute`)."""
    n = puzzle.height
    named = and_join([premise_text(p) for p in premises])
    parts, deeper = [], []
    for other in range(1, n + 1):
        if other != digit:
            broken = refute(puzzle, state, premises, target, other)
            if broken is None:
                deeper.append(other)
            else:
                itself = f"leaves {target} no digit"  # the tried digit is ruled out at once
                if itself in broken:
                    broken = broken.replace(itself, f"rules {other} out there")
                parts.append(f"with {other} there, {broken}")
    if deeper:
        many = len(deeper) > 1
        parts.append(
            f"with {numbers_text(deeper).replace(' and ', ' or ')} there, "
            f"{'they break' if many else 'it breaks'} only after a further case split"
        )
    return f"a case split on it with {named}: " + "; ".join(parts)


def describe(
    puzzle: Futoshiki,
    state: Sequence[Sequence[int]],
    premises: Sequence[Premise],
    target: Cell,
    cells: dict[Cell, int],
) -> tuple[str, str]:
    """The kind of a step and its reason: one sentence about its first cell ``target``."""
    kind, found = kind_of(puzzle, state, premises, cells)
    digit = cells[target]
    lines = [p for p in premises if p[0] in ("row", "column")]
    signs = [p for p in premises if p[0] == "sign"]
    givens = [p[1] for p in premises if p[0] == "given"]
    head = f"{target} is {digit}"
    if kind == "single":
        rule, line = found.fixed_by.get(target, ("naked", None))
        if rule == "hidden" and line is not None:
            others = and_join([premise_text(p) for p in lines if p != line])
            reason = f"{head}: {premise_text(line)} needs a {digit}, and no other cell of it can"
            verb = "rules" if len(lines) == 2 else "rule"
            reason += f" hold one ({others} {verb} them out)" if others else ""
        else:
            verb = "hold" if len(lines) > 1 else "holds"
            named = and_join([premise_text(p) for p in lines])
            reason = f"{head}: {named} already {verb} every other digit"
    elif kind in ("sign", "chain"):
        rule, line = found.fixed_by.get(target, ("sign", None))
        chain = chain_text(signs)
        if rule == "hidden" and line is not None:  # the digit has no other place in the line
            reason = (
                f"{head}: {premise_text(line)} needs a {digit}, and with {chain} no other cell "
                "of it can hold one"
            )
            rest = and_join([premise_text(p) for p in lines if p != line])
        elif rule == "naked" and line is not None:  # the line holds every other digit
            reason = f"{head}: with {chain}, {premise_text(line)} holds every other digit"
            rest = and_join([premise_text(p) for p in lines if p != line])
        else:  # the signs bound the cell itself
            reason = f"{head}: {chain} leaves it no other digit"
            rest = and_join([premise_text(p) for p in lines])
        reason += f" (with {rest})" if rest else ""
    elif kind == "hall":
        assert found.hall is not None
        line, group, digits = found.hall
        cells_text = and_join([str(c) for c in group])
        digits_text = and_join([str(d) for d in digits])
        helpers = [premise_text(p) for p in premises if p != line and p[0] != "given"]
        then = (
            f"{and_join(helpers)} then leave{'s' if len(helpers) == 1 else ''}"
            if helpers
            else "which leaves"
        )
        reason = (
            f"{head}: in {premise_text(line)}, {cells_text} can only hold {digits_text} between "
            f"them (a Hall set), so no other cell of it can; {then} {target} only {digit}"
        )
    else:
        reason = f"{head}: " + _case_split_text(puzzle, state, premises, target, digit)
    if givens and kind != "case split":
        reason += f", given {and_join([f'{g} = {puzzle.grid[g[0]][g[1]]}' for g in givens])}"
    placed = [f"{cell} = {d}" for cell, d in cells.items() if cell != target]
    if placed:
        reason += f"; the same premises place {and_join(placed)}"
    return kind, reason
