"""Proofs of "no": a DRAT checker that shares nothing with the solvers (:mod:`.drat`), the
standard files (:mod:`.dimacs`) and the certificate that carries a claim and its proof
(:mod:`.certificate`)."""

from .certificate import Certificate, proved_by_witnesses, unproved
from .dimacs import FormulaError, format_dimacs, format_drat, read_dimacs
from .drat import Checker, ProofCheck, ProofError, Step, check_drat, parse_drat

__all__ = [
    "Certificate",
    "Checker",
    "FormulaError",
    "ProofCheck",
    "ProofError",
    "Step",
    "check_drat",
    "format_dimacs",
    "format_drat",
    "parse_drat",
    "proved_by_witnesses",
    "read_dimacs",
    "unproved",
]
