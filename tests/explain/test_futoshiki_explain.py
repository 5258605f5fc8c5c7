"""Futoshiki explanations: every step sound and minimal by an independent CP-SAT check, the
replay reaches the solution, and the kinds say what a person's rules need."""

import functools
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from step_checks import check_explanation, futoshiki_can_differ

from helper.errors import NoSolutionError, NotUniqueError
from helper.explain.futoshiki import explain
from helper.futoshiki import Futoshiki, generate_futoshiki, load_puzzle, load_solution


def singles(puzzle, known, premises, signs: bool) -> dict:
    """Candidates after naked and hidden singles (and sign bounds when ``signs``) with the
    premises alone: written here again, apart from ``helper.explain.futoshiki_reasons``."""
    n = puzzle.height
    named = {p[1] for p in premises if p[0] == "given"}
    cand = {
        (r, c): {known[r][c]} if known[r][c] else
        {puzzle.grid[r][c]} if (r, c) in named else set(range(1, n + 1))
        for r in range(n) for c in range(n)
    }  # fmt: skip
    groups = [[(p[1], j) for j in range(n)] for p in premises if p[0] == "row"]
    groups += [[(j, p[1]) for j in range(n)] for p in premises if p[0] == "column"]
    before = None
    while before != cand:
        before = {cell: set(v) for cell, v in cand.items()}
        for group in groups:
            for cell in group:
                if len(cand[cell]) == 1:
                    for other in group:
                        if other != cell:
                            cand[other] -= cand[cell]
            for digit in range(1, n + 1):
                spots = [cell for cell in group if digit in cand[cell]]
                if len(spots) == 1:
                    cand[spots[0]] &= {digit}
        for p in premises:
            if signs and p[0] == "sign" and cand[p[1]] and cand[p[2]]:
                small, large = p[1], p[2]
                cand[small] = {d for d in cand[small] if d < max(cand[large])}
                if cand[small]:  # (empty only for a digit tried and failed)
                    cand[large] = {d for d in cand[large] if d > min(cand[small])}
    return cand


def connected(signs) -> bool:
    cells = [set(s[1:]) for s in signs]
    reached = cells.pop()
    while cells:
        near = [c for c in cells if c & reached]
        if not near:
            return False
        for c in near:
            reached |= c
            cells.remove(c)
    return True


def check(puzzle: Futoshiki, explanation) -> None:
    grid = check_explanation(puzzle, explanation, futoshiki_can_differ, 0)
    assert puzzle.check(grid)
    known = [[0] * puzzle.height for _ in range(puzzle.height)]
    for step in explanation:
        signs = [p for p in step.lines if p[0] == "sign"]
        reached = singles(puzzle, known, step.lines, signs=True)
        by_singles = all(reached[cell] == {d} for cell, d in step.cells.items())
        if step.kind == "single":
            assert not signs and by_singles
        elif step.kind == "sign":
            assert signs and by_singles and (len(signs) == 1 or not connected(signs))
        elif step.kind == "chain":
            assert len(signs) >= 2 and connected(signs) and by_singles
        elif step.kind == "hall":
            assert not by_singles and "Hall set" in step.reason
        else:
            assert step.kind == "case split" and not by_singles
        for (r, c), d in step.cells.items():
            known[r][c] = d


@pytest.mark.parametrize("name", ["sample04", "sample05", "sample07"])
def test_book_puzzles(name):
    puzzle = load_puzzle(name)
    found = explain(puzzle)
    check(puzzle, found)
    assert [list(row) for row in found.solution] == load_solution(name)


def test_the_book_shows_every_kind():
    kinds = {}
    for name in ("sample07", "sample09"):
        for step in explain(load_puzzle(name)):
            kinds.setdefault(step.kind, step)
    assert {"single", "sign", "chain", "hall"} <= set(kinds)
    assert "a Hall set" in kinds["hall"].reason
    assert " < " in kinds["chain"].reason


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(4, 5), st.integers(0, 10**6))
def test_generated_puzzles(size, seed):
    grid, signs = generate_futoshiki(size, seed=seed)
    puzzle = Futoshiki(grid, signs)
    check(puzzle, explain(puzzle))


def test_greedy_steps_are_still_minimal():
    puzzle = load_puzzle("sample05")
    found = explain(puzzle, budget=1)
    check(puzzle, found)
    assert found.greedy > 0


def test_not_unique_and_no_solution():
    with pytest.raises(NotUniqueError, match="more than one solution"):
        explain(load_puzzle("sample06"))
    with pytest.raises(NoSolutionError):
        explain(Futoshiki([[1, 0], [0, 0]], [((0, 1), (0, 0))]))
    with pytest.raises(TypeError):
        explain([[1]])  # type: ignore[arg-type]


def test_givens_are_named_when_used_and_never_decided():
    puzzle = load_puzzle("sample05")
    found = explain(puzzle)
    n = puzzle.height
    givens = {(r, c) for r in range(n) for c in range(n) if puzzle.grid[r][c]}
    assert all(cell not in givens for step in found for cell in step.cells)
    assert any(p[0] == "given" for step in found for p in step.lines)
    assert [list(row) for row in found.start] == puzzle.to_lists()


SIGN_PUZZLES = [(5, 1), (5, 2), (7, 1), (7, 2)]


@functools.cache
def _sign_reasons(size: int, seed: int) -> list[tuple[tuple[int, ...], str, set]]:
    """Each sign or chain step's first cell, its reason, and the cells of its signs, in a
    generated puzzle."""
    grid, signs = generate_futoshiki(size, seed=seed)
    out = []
    for step in explain(Futoshiki(grid, signs)):
        if step.kind in ("sign", "chain"):
            head = step.reason.split(":", 1)[0]  # "(r, c) is d"
            target = tuple(int(x) for x in head.split(" is ")[0].strip("()").split(", "))
            signed = {cell for p in step.lines if p[0] == "sign" for cell in p[1:]}
            out.append((target, step.reason, signed))
    return out


def _reading(reason: str) -> str:
    if "leaves it no other digit" in reason:
        return "sign"
    return "hidden" if " needs a " in reason else "naked"


@pytest.mark.timeout(300)  # a 7 x 7 explanation: seconds alone, a minute on a loaded machine
@pytest.mark.parametrize(("size", "seed"), SIGN_PUZZLES)
def test_a_sign_step_gives_the_true_reason_of_its_cell(size, seed):
    """ "Leaves it no other digit" only for a cell the signs bound; a cell whose digit has no
    other place in its line is a hidden single, and a cell whose line holds every other digit
    a naked one, each said so."""
    found = _sign_reasons(size, seed)
    assert found  # some sign steps were there to read
    for target, reason, signed in found:
        if _reading(reason) == "sign":
            assert target in signed, reason
        elif _reading(reason) == "hidden":
            assert "no other cell of it can hold one" in reason, reason
        else:
            assert "holds every other digit" in reason, reason


@pytest.mark.timeout(600)  # four explanations when run alone (cached when run after the above)
def test_the_three_readings_of_a_sign_step_all_occur():
    seen = {_reading(reason) for key in SIGN_PUZZLES for _, reason, _ in _sign_reasons(*key)}
    assert seen == {"sign", "hidden", "naked"}


TRIED = re.compile(r"with (\d) there, (.+?)(?=; with |; the same premises|$)")
BROKEN = re.compile(
    r"^(?:(row|column) (\d)|the sign \((\d), (\d)\) < \((\d), (\d)\)) "
    r"(?:leaves \((\d), (\d)\) no digit|rules (\d) out there|has no place left for a (\d))"
    r"( \(after a Hall set\))?$"
)


def test_a_case_split_names_each_digit_tried_and_the_premise_that_broke():
    """A case-split step's reason tries every other digit in its cell and names, for each,
    a premise of the step that then breaks; checked with this file's own candidate rules
    (singles and signs, with the step's premises alone), which find the same cell left with
    no digit or the same line with no place for the digit (or a Hall set is needed)."""
    puzzle = Futoshiki(*generate_futoshiki(6, seed=1))
    found = explain(puzzle)
    n = puzzle.height
    known = [list(row) for row in found.start]
    splits = hall_sets = 0
    for step in found:
        if step.kind == "case split":
            splits += 1
            target = tuple(int(x) for x in re.match(r"\((\d), (\d)\)", step.reason).groups())
            tries = TRIED.findall(step.reason)
            digits = [int(d) for d, _ in tries]
            assert sorted(digits) == sorted(set(range(1, n + 1)) - {step.cells[target]})
            for digit, broken in tries:
                match = BROKEN.match(broken)
                if match is None:
                    assert "only after a further case split" in broken, broken
                    continue
                axis, index, r1, c1, r2, c2, er, ec, out, missing, hall = match.groups()
                premise = (
                    (axis, int(index)) if axis else
                    ("sign", (int(r1), int(c1)), (int(r2), int(c2)))
                )  # fmt: skip
                assert premise in step.lines, (premise, step.reason)
                hall_sets += bool(hall)
                if hall:  # this file's rules have no Hall sets: the soundness check above
                    continue
                trial = [list(row) for row in known]
                trial[target[0]][target[1]] = int(digit)
                cand = singles(puzzle, trial, step.lines, signs=True)
                if er is not None:
                    assert not cand[(int(er), int(ec))], broken
                elif out is not None:
                    assert not cand[target] or out != digit, broken
                else:
                    group = [(int(index), j) if axis == "row" else (j, int(index))
                             for j in range(n)]  # fmt: skip
                    assert all(int(missing) not in cand[cell] for cell in group), broken
        for (r, c), d in step.cells.items():
            known[r][c] = d
    assert splits > 0 and hall_sets < splits
