"""Proofs of "no": a DRAT checker that shares nothing with the solvers (:mod:`.drat`)."""

from .drat import ProofCheck, ProofError, Step, check_drat, parse_drat

__all__ = ["ProofCheck", "ProofError", "Step", "check_drat", "parse_drat"]
