"""The chapters' glue: myst-nb's at the book's build, the value shown in a reader's notebook."""

import builtins
import sys
from collections.abc import Iterator
from typing import Any

import myst_nb
import pytest

from helper.book import glue as glue_module
from helper.book.glue import glue


@pytest.fixture
def fresh_lookup() -> Iterator[None]:
    """Look for myst-nb again in this test, and again after it."""
    glue_module._myst_nb_glue.cache_clear()
    yield
    glue_module._myst_nb_glue.cache_clear()


def test_at_the_build_it_is_myst_nb_glue(fresh_lookup: None) -> None:
    """Where myst-nb is installed, the chapters' glue is its own, so that the pages' {glue}
    roles find what it recorded."""
    assert glue_module._myst_nb_glue() is myst_nb.glue


def test_it_passes_everything_to_myst_nb(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    monkeypatch.setattr(glue_module, "_myst_nb_glue", lambda: lambda *a, **k: calls.append((a, k)))
    glue("answer", 42, display=False)
    glue("shown", 43)
    assert calls == [(("answer", 42), {"display": False}), (("shown", 43), {"display": True})]


def test_without_myst_nb_it_shows_what_it_would_display(
    fresh_lookup: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "myst_nb", None)  # as in a reader's venv
    glue("shown", 42)
    glue("kept", 43, display=False)
    assert capsys.readouterr().out.split() == ["42"]  # IPython's display, outside a kernel, prints


def test_without_myst_nb_or_ipython_it_names_the_extra(
    fresh_lookup: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("myst_nb", "IPython", "IPython.display"):
        monkeypatch.setitem(sys.modules, name, None)
    glue("kept", 43, display=False)  # needs nothing
    with pytest.raises(ModuleNotFoundError) as error:
        glue("shown", 42)
    assert str(error.value) == (
        "helper.book.glue needs IPython, which is not installed: "
        "pip install 'logic-puzzles-helper[book]'"
    )


def test_a_broken_myst_nb_is_not_taken_for_a_missing_one(
    fresh_lookup: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the build, a myst-nb that cannot import what it needs must fail the page, not leave
    its {glue} roles without values."""
    real_import = builtins.__import__

    def broken(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "myst_nb":
            raise ModuleNotFoundError("No module named 'sphinx'", name="sphinx")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "myst_nb")
    monkeypatch.setattr(builtins, "__import__", broken)
    with pytest.raises(ModuleNotFoundError, match="sphinx"):
        glue("n", 1, display=False)
