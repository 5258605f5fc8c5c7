"""The reference reads like one (issue 30 item 9): every public function and class of the four
public packages has the numpydoc sections that apply to it, with examples that run.

A function lists its Parameters (when it takes any), Returns (when it returns something),
Raises (when its code raises) and Examples; a class its Parameters (when it is made with any)
and Examples. The examples run as doctests (tests/test_doctests.py).
"""

import importlib
import inspect
import re

import pytest

PACKAGES = [
    "helper.nonogram",
    "helper.futoshiki",
    "helper.formats",
    "helper.plot",
    "helper.nonogram.colour",
    "helper.colour_formats",
]
ELSEWHERE: set[str] = set()
"""Modules left out while another branch rewrites them (none now)."""


def public_objects() -> dict[str, object]:
    found: dict[str, object] = {}
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            value = getattr(module, name)
            if not (inspect.isfunction(value) or inspect.isclass(value)):
                continue
            home = getattr(value, "__module__", "")
            if home.startswith("helper") and home not in ELSEWHERE:
                found.setdefault(f"{home}.{value.__qualname__}", value)
    return found


def sections(doc: str) -> set[str]:
    return set(re.findall(r"^(\w[\w ]*)\n-{3,}$", doc, flags=re.MULTILINE))


def takes_parameters(value: object) -> bool:
    try:
        signature = inspect.signature(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return any(name not in ("self", "cls") for name in signature.parameters)


def raises(value: object) -> bool:
    try:
        source = inspect.getsource(value)  # type: ignore[arg-type]
    except (OSError, TypeError):
        return False
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("#"))
    body = code.split('"""', 2)[-1]  # after the docstring
    return re.search(r"^\s+raise \w", body, flags=re.MULTILINE) is not None


def test_the_four_packages_say_what_is_public():
    for package in PACKAGES:
        assert importlib.import_module(package).__all__


@pytest.mark.parametrize(("name", "value"), list(public_objects().items()))
def test_every_public_function_and_class_has_its_numpydoc_sections(name, value):
    doc = inspect.getdoc(value) or ""
    found = sections(doc)
    needed = {"Examples"}
    if inspect.isclass(value):
        if not issubclass(value, BaseException) and takes_parameters(value):
            needed.add("Parameters")
    else:
        if takes_parameters(value):
            needed.add("Parameters")
        returned = inspect.signature(value).return_annotation
        if returned not in (None, "None", inspect.Signature.empty):
            needed.add("Returns")
        if raises(value):
            needed.add("Raises")
    assert needed <= found, f"{name} lacks {sorted(needed - found)}"
    assert ">>> " in doc.split("Examples\n--------", 1)[-1], f"{name}: no example to run"


def test_every_module_with_public_examples_runs_them():
    from test_doctests import MODULES

    homes = {getattr(value, "__module__", "") for value in public_objects().values()}
    assert homes <= set(MODULES), f"not run as doctests: {sorted(homes - set(MODULES))}"
