"""A certificate: a claim about a puzzle and what proves it, ready to be checked again.

A "yes" is proved by a witness (a solution, checked against the clues); a "no" by a formula
and a DRAT proof that it has no solution, checked by :func:`~helper.proofs.drat.check_drat`.
:meth:`Certificate.write` puts the pair in the standard files, for any DRAT checker.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .dimacs import format_dimacs, format_drat
from .drat import ProofCheck

Grid = list[list[int]]


@dataclass(frozen=True)
class Certificate:
    """A claim and its proof.

    Attributes
    ----------
    claim
        What is claimed, in words: ``"unique"``, ``"no solution"``, ``"not unique"``, ...
    proved
        Whether the claim is proved: by ``witnesses`` alone, or by a ``proof`` of
        ``formula``'s unsatisfiability that the book's checker accepted (``check``). ``False``
        when the proof could not be made or checked (in time), or was rejected: then the
        claim rests on the solver's word only, and ``reason`` says why.
    reason
        How the claim is proved, or why it is not, in one sentence.
    formula
        The clauses whose unsatisfiability is the "no" part of the claim (empty when
        there is none).
    proof
        The DRAT proof of it, one step a line, as the back end logged it.
    check
        What :func:`~helper.proofs.drat.check_drat` found (``None`` when nothing was checked).
    witnesses
        The solutions behind the "yes" part (each checked against the clues).
    backend
        The SAT back end that made the proof.
    comments
        Lines that say what the formula's variables mean (written into its DIMACS file).
    name
        A short name for files: ``unique`` gives ``unique.cnf`` and ``unique.drat``.
    parts
        The certificates this one rests on besides its own proof (a correction set's lower
        bound: one refuted conflict per part); it is proved only if they all are.
    """

    claim: str
    proved: bool
    reason: str
    formula: tuple[tuple[int, ...], ...] = ()
    proof: tuple[str, ...] = ()
    check: ProofCheck | None = None
    witnesses: tuple[Grid, ...] = ()
    backend: str = ""
    comments: tuple[str, ...] = field(default=(), repr=False)
    name: str = ""
    parts: tuple[Certificate, ...] = ()

    def __repr__(self) -> str:
        return f"<Certificate {self.summary()}>"

    @property
    def lemmas(self) -> int:
        """How many lemmas the proof adds before the empty clause (0 when unit propagation
        alone refutes the formula)."""
        return sum(1 for line in self.proof if line.split() not in ([], ["0"]) and line[:1] != "d")

    def summary(self) -> str:
        """The claim, whether it is proved, and how, in one line.

        Examples
        --------
        >>> Certificate("not unique", True, "two different solutions").summary()
        'not unique: proved (two different solutions)'
        """
        return f"{self.claim}: {'proved' if self.proved else 'not proved'} ({self.reason})"

    def write(self, directory: str | Path, name: str | None = None) -> tuple[Path, Path] | None:
        """Write ``NAME.cnf`` (the formula, DIMACS) and ``NAME.drat`` (the proof, DRAT text)
        into ``directory`` (made when missing); their paths, or ``None`` when the claim has no
        "no" part (nothing to write).

        ``drat-trim NAME.cnf NAME.drat`` checks them without this package, and so does
        ``python -m helper check-proof NAME.cnf NAME.drat``.
        """
        if not self.formula:
            return None
        stem = _file_name(name or self.name or self.claim)
        folder = Path(directory)
        folder.mkdir(parents=True, exist_ok=True)
        cnf, drat = folder / f"{stem}.cnf", folder / f"{stem}.drat"
        comments = [f"claim: {self.claim}", *self.comments]
        _write_ascii(cnf, format_dimacs(self.formula, comments))
        _write_ascii(drat, format_drat(self.proof))
        return cnf, drat


def _write_ascii(path: Path, text: str) -> None:
    """Write ``text`` in ASCII, as DIMACS and DRAT checkers expect: a character beyond it (in
    a comment) becomes ``?``."""
    path.write_text(text, encoding="ascii", errors="replace")


def _file_name(text: str) -> str:
    """``text`` as a file stem: letters, digits, ``-`` and ``_`` only.

    >>> _file_name("no solution / rows 1, 2")
    'no-solution-rows-1-2'
    """
    return re.sub(r"[^A-Za-z0-9_]+", "-", text).strip("-") or "claim"


def proved_by_witnesses(claim: str, witnesses: Sequence[Grid], reason: str) -> Certificate:
    """A claim whose proof is its witnesses alone (a solution, two different solutions)."""
    return Certificate(claim, True, reason, witnesses=tuple(witnesses), name=_file_name(claim))


def unproved(claim: str, reason: str) -> Certificate:
    """A claim that rests on the solver's word only, with the reason."""
    return Certificate(claim, False, reason, name=_file_name(claim))


__all__ = ["Certificate", "proved_by_witnesses", "unproved"]
