"""Nonogram models: a puzzle (and the cells already known) in, a CP-SAT model or a CNF out."""
