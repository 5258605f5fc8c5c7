"""The standard files of a proof: the formula as DIMACS CNF, the proof as DRAT text.

Any DRAT checker reads the pair (``drat-trim formula.cnf proof.drat``); so does
:func:`helper.proofs.drat.check_drat`, through :func:`read_dimacs` and
:func:`~helper.proofs.drat.parse_drat`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .drat import ProofError, Step


class FormulaError(ValueError):
    """A DIMACS file that is not one (the line and what is wrong are named)."""


def format_dimacs(clauses: Iterable[Sequence[int]], comments: Iterable[str] = ()) -> str:
    """The clauses as DIMACS CNF text: comment lines, ``p cnf VARIABLES CLAUSES``, one clause
    a line ending in ``0``.

    Examples
    --------
    >>> print(format_dimacs([[1, -2], [2]], ["two clauses"]), end="")
    c two clauses
    p cnf 2 2
    1 -2 0
    2 0
    """
    listed = [list(clause) for clause in clauses]
    variables = max((abs(lit) for clause in listed for lit in clause), default=0)
    lines = [f"c {comment}" if comment else "c" for comment in comments]
    lines.append(f"p cnf {variables} {len(listed)}")
    lines += [" ".join(map(str, [*clause, 0])) for clause in listed]
    return "\n".join(lines) + "\n"


def read_dimacs(lines: Iterable[str]) -> list[list[int]]:
    """The clauses of DIMACS CNF text (its header checked against what follows).

    Raises
    ------
    FormulaError
        A missing or malformed header, a word that is not a literal, a literal beyond the
        header's variables, a clause not ended by ``0``, or a count of clauses that differs.
        (A line ``%`` ends the formula, as in SATLIB's files: what follows is not read.)

    Examples
    --------
    >>> read_dimacs(["c a comment", "p cnf 2 2", "1 -2 0", "2 0"])
    [[1, -2], [2]]
    >>> read_dimacs(["p cnf 1 1", "1 2 0"])
    Traceback (most recent call last):
    ...
    helper.proofs.dimacs.FormulaError: formula line 2: literal 2 beyond the header's 1 variables
    """
    variables = expected = None
    clauses: list[list[int]] = []
    clause: list[int] = []
    for number, line in enumerate(lines, start=1):
        words = line.split()
        if words[:1] == ["%"]:
            break  # the end of the formula in SATLIB's files, which put "%" and "0" after it
        if not words or words[0] == "c":
            continue
        if words[0] == "p":
            if variables is not None:
                raise FormulaError(f"formula line {number}: a second header")
            if len(words) != 4 or words[1] != "cnf" or not all(w.isdigit() for w in words[2:]):
                raise FormulaError(
                    f"formula line {number}: the header must be 'p cnf VARIABLES CLAUSES', "
                    f"not {line.strip()!r}"
                )
            variables, expected = int(words[2]), int(words[3])
            continue
        if variables is None:
            raise FormulaError(f"formula line {number}: a clause before the 'p cnf' header")
        for word in words:
            try:
                literal = int(word)
            except ValueError:
                raise FormulaError(f"formula line {number}: {word!r} is not a literal") from None
            if abs(literal) > variables:
                raise FormulaError(
                    f"formula line {number}: literal {literal} beyond the header's "
                    f"{variables} variables"
                )
            if literal:
                clause.append(literal)
            else:
                clauses.append(clause)
                clause = []
    if variables is None:
        raise FormulaError("the formula has no 'p cnf VARIABLES CLAUSES' header")
    if clause:
        raise FormulaError(f"the formula's last clause does not end with 0: {clause}")
    if len(clauses) != expected:
        raise FormulaError(f"the header says {expected} clauses, the file has {len(clauses)}")
    return clauses


def format_drat(steps: Iterable[Step | str]) -> str:
    """A proof as DRAT text, one step a line.

    Examples
    --------
    >>> print(format_drat([Step((1,)), Step((1, 2), delete=True), "0"]), end="")
    1 0
    d 1 2 0
    0
    """
    lines = []
    for step in steps:
        if isinstance(step, str):
            lines.append(step.strip())
        else:
            lines.append(("d " if step.delete else "") + " ".join(map(str, [*step.clause, 0])))
    return "\n".join(lines) + ("\n" if lines else "")


__all__ = ["FormulaError", "ProofError", "format_dimacs", "format_drat", "read_dimacs"]
