"""The three variables of chapter 1, "CP-SAT in a nutshell": a model small enough to follow
each kind of work by hand (propagation, presolve, probing, search), and the values CP-SAT
reports left of each variable when it stops early. The CP-SAT appendix reuses both.

``three_variables`` builds x, y, z from 1 to 3, pairwise different, with y != 2, z != 2 and
x + y >= 4 (its one solution is x = 2, y = 3, z = 1). ``domains`` needs a solver run with
``fill_tightened_domains_in_response=True``; CP-SAT then reports each variable's bounds and the
gaps its domain had when the model was loaded (such as 2 for ``y != 2``), not every gap that
propagation made inside the bounds, which for these three variables is all there is.
"""

from collections.abc import Sequence

from ortools.sat.python import cp_model


def three_variables(one_rule: bool = False) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The model of x, y and z, and the list [x, y, z]."""
    model = cp_model.CpModel()
    x, y, z = (model.new_int_var(1, 3, name) for name in "xyz")
    if one_rule:  # all different, as one global constraint
        model.add_all_different([x, y, z])
    else:  # all different, as three constraints
        model.add(x != y)
        model.add(x != z)
        model.add(y != z)
    model.add(y != 2)
    model.add(z != 2)
    model.add(x + y >= 4)
    return model, [x, y, z]


def domains(
    solver: cp_model.CpSolver, variables: Sequence[cp_model.IntVar]
) -> dict[str, list[int]]:
    """The values CP-SAT reports left of each variable when it stopped early."""
    found = solver.response_proto.tightened_variables
    left = {}
    for v in variables:
        bounds = list(found[v.index].domain)  # intervals: [low, high, low, high, ...]
        pairs = zip(bounds[::2], bounds[1::2], strict=True)
        left[v.name] = [value for low, high in pairs for value in range(low, high + 1)]
    return left
