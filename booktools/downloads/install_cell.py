"""The first cell of a downloaded notebook: the book's package at the page's version, or one
clear error.

The cell checks for ``logic-puzzles-helper`` at exactly the version the page was built with
(``version`` in ``pyproject.toml``). When it is missing, it runs ``pip install`` in the
notebook's own Python (never ``%pip``, whose failure does not stop "Run All") with the pins as
constraints, from one place:

- a plain ``.ipynb`` from the site: the wheel the site serves (``dist/<wheel>#sha256=<hash>``)
  when the build knows the site's address, PyPI (``book_install_source: pypi``) or a URL the
  publisher names; with no address it installs nothing;
- the notebook of a chapter's zip: the wheel beside it in the unzipped folder.

If nothing can be installed, or pip fails, it raises ``BookPackageMissing``, whose message names
the chapter's zip, so that "Run All" stops at the first cell and never reaches a
``ModuleNotFoundError``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DISTRIBUTION = "logic-puzzles-helper"  # the `name` in pyproject.toml
EXTRA = "book"  # the extra that brings what the chapters import beyond `helper` itself
SOURCES = ("site", "pypi")  # or a URL template with {version}
_URL = re.compile(
    r"(git\+)?https://[A-Za-z0-9.\-]+(:\d+)?/[A-Za-z0-9._~%/@+=-]*(\{version\})?[A-Za-z0-9._~%/@+=-]*"
)


@dataclass(frozen=True)
class Install:
    """What ``pip install`` is given (``requirement`` and ``constraints``), or None for none."""

    requirement: str | None
    constraints: str | None
    where: str  # for the reader: "the book's site", "PyPI", "this folder"


def check_source(source: str) -> str:
    """``book_install_source`` as the build accepts it: "site", "pypi", or a pinned URL.

    Anything else is a ``ValueError``: an install that is not pinned to one version from one
    named place is refused (an ``https://`` or ``git+https://`` URL of a wheel or of a tagged
    commit, with ``{version}`` standing for the version, or a git ref after ``@``).
    """
    source = source.strip()
    if source in SOURCES:
        return source
    if not _URL.fullmatch(source):
        raise ValueError(
            f"book_install_source {source!r}: expected 'site', 'pypi', or an https:// or "
            "git+https:// URL without spaces or quotes"
        )
    pinned = "{version}" in source or (
        source.startswith("git+") and "@" in source.split("://", 1)[1].split("/", 1)[-1]
    )
    if not pinned:
        raise ValueError(
            f"book_install_source {source!r} names no version: put {{version}} in the URL "
            "(or, for git, a tag or commit after @)"
        )
    return source


def site_install(
    version: str, source: str, base_url: str | None, wheel: str, wheel_sha256: str
) -> Install:
    """Where the plain notebook of a site at ``base_url`` (None: unknown) installs from."""
    source = check_source(source)
    constraints = f"{base_url}dist/constraints.txt" if base_url else None
    if source == "pypi":
        return Install(f"{DISTRIBUTION}[{EXTRA}]=={version}", constraints, "PyPI")
    if source != "site":
        url = source.replace("{version}", version)
        return Install(f"{DISTRIBUTION}[{EXTRA}] @ {url}", constraints, url.split("/")[2])
    if not base_url:
        return Install(None, None, "")
    url = f"{base_url}dist/{wheel}#sha256={wheel_sha256}"
    return Install(f"{DISTRIBUTION}[{EXTRA}] @ {url}", constraints, "the book's site")


def zip_install(wheel: str) -> Install:
    """Where the notebook of a chapter's zip installs from: the files beside it."""
    return Install(f"./{wheel}[{EXTRA}]", "constraints.txt", "this folder")


HEAD = '''\
# Run this cell first. This chapter needs the book's package, {distribution} {version} (the
# version the page was built with), with its "{extra}" extra: everything the chapter imports.
# If this notebook's Python lacks it, the cell installs it{from_where}; if it cannot, it stops
# with one error that says what to do.
class BookPackageMissing(RuntimeError):
    """The book's package is not installed here, and this cell could not install it."""


def _book_package(wanted={version!r}):
    import importlib
    import subprocess
    import sys
    from importlib.metadata import PackageNotFoundError, version
    from pathlib import Path

    def installed():
        try:
            return version({distribution!r})
        except PackageNotFoundError:
            return None

    if installed() == wanted:
        return
    found = "it is missing here" if installed() is None else f"here it is {{installed()}}"
    advice = (
        "Download this chapter's zip, {zip_name}, unzip it, and follow its README.txt: in "
        "that folder, `python -m pip install -r requirements.txt` installs everything the "
        "chapter needs."
    )
'''
NO_SOURCE = """\
    raise BookPackageMissing(
        f"This chapter needs {distribution} {{wanted}} ({{found}}), and this copy of the "
        f"notebook names no place to install it from. {{advice}}"
    )
"""
LOCAL_FILES = """\
    for name in {files!r}:
        if not Path(name).is_file():
            raise BookPackageMissing(
                f"This chapter needs {distribution} {{wanted}} ({{found}}), and {{name}} is not "
                "in this notebook's folder: open the notebook from the folder its zip unzipped "
                f"to. {{advice}}"
            )
"""
PIP = """\
    print(f"Installing {distribution} {{wanted}} and what the chapter needs, from {where}:")
    command = [sys.executable, "-m", "pip", "install", "--progress-bar", "off"]
    command += {arguments!r}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as pip:
        for line in pip.stdout:
            print(line, end="", flush=True)
    importlib.invalidate_caches()
    if installed() != wanted:
        raise BookPackageMissing(
            f"Installing {distribution} {{wanted}} from {where} failed (pip says why, above), "
            f"so this chapter cannot run here. {{advice}}"
        )
"""


def install_cell(version: str, install: Install, zip_name: str) -> str:
    """The code of the first cell (see the module's docstring).

    ``zip_name`` is what the error names: the zip's URL when the site's address is known,
    else its file name and where to find it.
    """
    local = install.where == "this folder"
    if install.requirement is None:
        from_where, body = "", NO_SOURCE
    else:
        from_where = (
            " from the wheel in this notebook's folder" if local else f" from {install.where}"
        )
        body = (LOCAL_FILES if local else "") + PIP
    arguments = ["--constraint", install.constraints] if install.constraints else []
    arguments.append(install.requirement)
    files = (
        [install.constraints, install.requirement.removeprefix("./").split("[")[0]] if local else []
    )
    code = (HEAD + body).format(
        distribution=DISTRIBUTION,
        version=version,
        extra=EXTRA,
        from_where=from_where,
        zip_name=zip_name.replace("\\", "\\\\").replace('"', '\\"'),
        arguments=arguments,
        files=files,
        where=install.where,
    )
    return code + "\n\n_book_package()"
