"""The solver back ends: CP-SAT and PySAT made, run within a deadline, read and interrupted.

Nothing here knows a puzzle: a back end takes a model (a ``CpModel`` or a list of clauses)
and a :class:`~helper.deadline.Run`, and gives back the solver's answer and its counts.
"""
