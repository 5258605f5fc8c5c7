"""What the command line prints about a puzzle without solution, after its first line.

``python -m helper solve`` and ``python -m helper futoshiki`` look for the clues to blame for
:data:`CONFLICT_SECONDS` (their ``--time-limit`` when given) and print
:func:`conflict_report` of what they found (a :class:`~helper.cores.Diagnosis`, from
:func:`~helper.nonogram.conflicts.diagnose_lines` or
:func:`~helper.futoshiki.conflicts.clues_to_retype`). The benchmark ``python -m
helper.bench.mistyped`` times that report within the same limit.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from helper.cores import Diagnosis, Fix

CONFLICT_SECONDS = 10.0
"""How long ``solve`` and ``futoshiki`` look for the clues to blame when there is no solution
and no ``--time-limit`` is given."""
SHOWN_FIXES = 4
"""At most this many sets of clues to retype are printed: the nearest fit and 3 others."""


def conflict_report(found: "Diagnosis", noun: str) -> str:
    """The report on a puzzle without solution, after its first line: the fewest clues to
    retype, other sets as likely (or less), the nearest clues that fit (``nearest found`` when
    nearer ones may exist: a sample, or a search cut short), then a set of clues
    that cannot all hold. Every line that names a clue starts with its kind (``row``,
    ``column``, ``given``, ``sign``) and no other line does."""
    best, *others = found.fixes
    lines = [f"fewest {noun} to retype ({len(best.typed)}):", *map(str, best.typed)]

    def tie(fix: "Fix") -> bool:
        return (fix.unique, fix.apart, fix.blocks) == (best.unique, best.apart, best.blocks)

    shown = others[: SHOWN_FIXES - 1]
    size = len(best.typed)
    for heading, group in (
        ("or, as likely,", [fix for fix in shown if tie(fix)]),
        ("or, less likely,", [fix for fix in shown if not tie(fix)]),
    ):
        for k, fix in enumerate(group):
            if size == 1 and k == 0:
                lines.append(f"{heading} one of these instead:")
            elif size > 1:
                lines.append(f"{heading} these {size} instead:" if k == 0 else "or these:")
            lines += map(str, fix.typed)
    if not found.complete:
        lines.append(f"(more sets of {size} may exist: the search for them stopped early)")
    elif len(others) > len(shown):
        lines.append(f"({len(others) - len(shown)} more sets of {size} not shown)")

    def measures(fix: "Fix") -> str:
        words = [f"{fix.apart} apart"]
        if fix.blocks:  # a Nonogram's fits with more or fewer blocks than typed
            gained = sum(
                len(f.clue) - len(t.clue) for t, f in zip(fix.typed, fix.fits, strict=True)
            )
            n = fix.blocks
            many = "a block" if n == 1 else f"{n} blocks"
            words.append(f"{many} {'more' if gained > 0 else 'fewer' if gained < 0 else 'changed'}")
        if fix.unique:
            words.append("one solution")
        return ", ".join(words)

    fitted = [fix for fix in [best, *shown] if fix.apart is not None]
    fits = [f"{fit} ({measures(fix)})" for fix in fitted for fit in fix.fits]
    if fits:  # "nearest" only when no nearer clues fit, proved for every fix shown
        nearest = "nearest" if all(fix.nearest for fix in fitted) else "nearest found"
        lines.append(f"{nearest} that fit: " + "; ".join(fits))
    conflict = found.conflict
    if conflict is None:
        lines.append(f"(no set of {noun} that cannot all hold was proven in time)")
    else:
        heading = f"these {len(conflict)} {noun} cannot all hold"
        if not conflict.minimal:
            heading += " (time ran out before the set was made minimal)"
        lines += [heading + ":", *map(str, conflict)]
    return "\n" + "\n".join(lines)
