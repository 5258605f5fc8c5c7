"""The solver back ends: CP-SAT and PySAT made, run within a deadline, read and interrupted.

Nothing here knows a puzzle: a back end takes a model (a ``CpModel`` or a list of clauses)
and a :class:`~helper.deadline.Run`, and gives back the solver's answer and its counts.
"""


def load_libraries() -> None:
    """Import the solver libraries' C extensions (OR-Tools' CP-SAT, PySAT's solvers and
    encoders) now, where they would otherwise load at a first search. The command line calls
    it while it starts, where it holds Ctrl-C back (``helper.sigint.ctrl_c_deferred``):
    a Ctrl-C that comes during a C extension's import is reported as an ``ImportError``, which
    a library may take for a missing optional dependency and go on."""
    import ortools.sat.python.cp_model
    import pysat.card
    import pysat.solvers

    del ortools, pysat  # imported for the loading alone


__all__ = ["load_libraries"]
