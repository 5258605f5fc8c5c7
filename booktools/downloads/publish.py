"""Write a site's downloads for one address: the plain notebooks, the chapters' zips.

From the converted notebooks of the build (``_build/notebooks/<page>.ipynb``, whose links are
``site:`` placeholders) and the wheel the site serves, :func:`write_downloads` writes, for the
site's base URL (or none):

- ``_sources/<page>.ipynb``: links to the site, and a first cell that installs the wheel from
  ``<base>dist/`` with its sha256 (:mod:`.install_cell`);
- ``<page>.zip``: a folder ``<name>/`` with ``<name>.ipynb`` (first cell: the wheel beside it),
  the wheel, ``requirements.txt``, ``constraints.txt`` and ``README.txt``.

The Sphinx extension calls it for every page at the end of each build, with ``html_baseurl``.
``python -m booktools.downloads.publish --base-url URL`` writes them again into a built site
for another address, with the same code: the notebook tests serve a copy of the site on
127.0.0.1 and point its downloads at it; a publisher can do the same for the address the
site ends up at.
"""

from __future__ import annotations

import argparse
import copy
import io
import posixpath
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

import nbformat

from booktools.downloads import install_time
from booktools.downloads.install_cell import (
    DISTRIBUTION,
    EXTRA,
    install_cell,
    site_install,
    zip_install,
)
from booktools.downloads.leftovers import notebook_leftovers
from booktools.downloads.package import sha256, version, wheel_name
from booktools.downloads.site_index import SITE
from booktools.toc import REPO, site_dir

PLACEHOLDER = re.compile(r"\[((?:[^\]\\]|\\.)*)\]\(" + re.escape(SITE) + r"([^)\s]*)\)")
METADATA_KEY = "book_download"  # the converted notebook's page: {"docname": ..., "title": ...}
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # every file of a zip: the same bytes for the same content


def base_url(url: str | None) -> str | None:
    """The site's address with one trailing slash ("" and None: no address)."""
    if not url or not url.strip():
        return None
    url = url.strip()
    if not re.fullmatch(r"https?://[^\s\"'<>]+", url):
        raise ValueError(f"the site's address {url!r} is not an http(s):// URL")
    return url.rstrip("/") + "/"


def resolve_links(markdown: str, base: str | None) -> str:
    """``[text](site:path)`` -> a link to the site (or the plain text, with no address)."""
    if base:
        return PLACEHOLDER.sub(lambda m: f"[{m.group(1)}]({base}{m.group(2)})", markdown)
    return PLACEHOLDER.sub(lambda m: m.group(1), markdown)


@dataclass(frozen=True)
class Downloads:
    """What one page offers, as files of the site."""

    notebook: Path  # _sources/<docname>.ipynb
    zip: Path  # <docname>.zip


def zip_name(docname: str) -> str:
    return f"{posixpath.basename(docname)}.zip"


def zip_reference(docname: str, base: str | None) -> str:
    """How the install cell's error names the chapter's zip."""
    if base:
        return f"{base}{docname}.zip"
    return f"{zip_name(docname)} (on this chapter's page of the book's site: the download menu)"


def served_files(site: Path) -> tuple[Path, Path]:
    """The wheel and the constraints file the site serves (``dist/``)."""
    return site / "dist" / wheel_name(), site / "dist" / "constraints.txt"


def serve_package(site: Path, wheel: Path, constraints: Path = REPO / "requirements.txt") -> None:
    """Put the wheel and the pins (as ``dist/constraints.txt``) into the site."""
    target_wheel, target_constraints = served_files(site)
    target_wheel.parent.mkdir(parents=True, exist_ok=True)
    if wheel.resolve() != target_wheel.resolve():
        shutil.copyfile(wheel, target_wheel)
    shutil.copyfile(constraints, target_constraints)


def finished(converted: nbformat.NotebookNode, base: str | None, first_cell: str):
    """The converted notebook with its links resolved and ``first_cell`` on top."""
    notebook = copy.deepcopy(converted)
    notebook.metadata.pop(METADATA_KEY, None)
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = resolve_links(cell.source, base)
    cell = nbformat.v4.new_code_cell(first_cell, metadata={"tags": ["install"]})
    cell["id"] = "install"
    notebook.cells.insert(0, cell)
    nbformat.validate(notebook)
    problems = notebook_leftovers(notebook)
    if problems:
        raise ValueError("MyST syntax left in a downloaded notebook:\n  " + "\n  ".join(problems))
    return notebook


def requirements_txt(wheel: str) -> str:
    return (
        "# Everything this chapter needs, at the versions the book was built and tested with.\n"
        "# In this folder, in a new virtual environment:\n"
        "#     python -m pip install -r requirements.txt\n"
        "-c constraints.txt\n"
        f"./{wheel}[{EXTRA}]\n"
        "jupyterlab\n"
    )


def readme_txt(title: str, name: str, wheel: str, page_url: str | None) -> str:
    where = f"\nRead it on the book's site: {page_url}\n" if page_url else ""
    measured = install_time.sentence()
    return f"""\
{title}: a chapter of the book "Logic puzzles with constraint programming".
{where}
This folder holds the chapter as a notebook ({name}.ipynb), the book's package
{DISTRIBUTION} as a wheel ({wheel}), and requirements.txt, which installs
that package with everything the chapter imports and JupyterLab, at the versions the
book was built and tested with (constraints.txt). You need Python 3.11 or newer.
{measured}

Linux and macOS, in a terminal, in this folder:

    python3 -m venv .venv
    .venv/bin/python -m pip install -r requirements.txt
    .venv/bin/jupyter lab {name}.ipynb

Windows, in PowerShell or the command prompt, in this folder:

    py -m venv .venv
    .venv\\Scripts\\python -m pip install -r requirements.txt
    .venv\\Scripts\\jupyter lab {name}.ipynb

In JupyterLab, run the cells from the top (Run > Run All Cells). The first cell checks
that the book's package is installed, and installs it from this folder if it is not.
"""


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name])
    return buffer.getvalue()


def plain_notebook(
    site: Path, converted: nbformat.NotebookNode, base: str | None, source: str = "site"
) -> nbformat.NotebookNode:
    """The ``.ipynb`` the site offers: links to the site, a first cell that installs the wheel
    ``site`` serves from ``base`` (or names the zip, with no address)."""
    docname = converted.metadata[METADATA_KEY]["docname"]
    wheel, _ = served_files(site)
    if not wheel.is_file():
        raise FileNotFoundError(f"the site serves no wheel {wheel}")
    install = site_install(version(), source, base, wheel.name, sha256(wheel))
    cell = install_cell(version(), install, zip_reference(docname, base))
    return finished(converted, base, cell)


def zipped_notebook(
    site: Path, converted: nbformat.NotebookNode, base: str | None
) -> nbformat.NotebookNode:
    """The notebook of the chapter's zip: its first cell installs the wheel beside it."""
    docname = converted.metadata[METADATA_KEY]["docname"]
    wheel, _ = served_files(site)
    cell = install_cell(version(), zip_install(wheel.name), zip_reference(docname, base))
    return finished(converted, base, cell)


def write_downloads(
    site: Path,
    converted: nbformat.NotebookNode,
    base: str | None,
    source: str = "site",
) -> Downloads:
    """Write the plain notebook and the zip of one converted page into ``site``."""
    meta = converted.metadata[METADATA_KEY]
    docname, title = meta["docname"], meta["title"]
    plain = plain_notebook(site, converted, base, source)
    notebook_path = site / "_sources" / f"{docname}.ipynb"
    notebook_path.parent.mkdir(parents=True, exist_ok=True)
    notebook_path.write_text(nbformat.writes(plain) + "\n", encoding="utf8")

    wheel, constraints = served_files(site)
    name = posixpath.basename(docname)
    zipped = zipped_notebook(site, converted, base)
    page_url = f"{base}{docname}.html" if base else None
    files = {
        f"{name}/{name}.ipynb": (nbformat.writes(zipped) + "\n").encode("utf8"),
        f"{name}/{wheel.name}": wheel.read_bytes(),
        f"{name}/requirements.txt": requirements_txt(wheel.name).encode("utf8"),
        f"{name}/constraints.txt": constraints.read_bytes(),
        f"{name}/README.txt": readme_txt(title, name, wheel.name, page_url).encode("utf8"),
    }
    zip_path = site / f"{docname}.zip"
    zip_path.parent.mkdir(parents=True, exist_ok=True)
    zip_path.write_bytes(_zip(files))
    return Downloads(notebook_path, zip_path)


def converted_notebooks(folder: Path) -> list[nbformat.NotebookNode]:
    """The converted notebooks of a build (``_build/notebooks``), in name order."""
    found = []
    for path in sorted(folder.rglob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        if METADATA_KEY in notebook.metadata:
            found.append(notebook)
    return found


def publish(site: Path, notebooks: Path, base: str | None, source: str = "site") -> list[Downloads]:
    """Write the downloads of every page of ``site`` that has a converted notebook."""
    written = []
    for converted in converted_notebooks(notebooks):
        docname = converted.metadata[METADATA_KEY]["docname"]
        if (site / f"{docname}.html").is_file():  # a page of this site (not of a removed one)
            written.append(write_downloads(site, converted, base, source))
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=None, help="the built site (_build/html)")
    parser.add_argument("--notebooks", type=Path, default=None, help="default: SITE/../notebooks")
    parser.add_argument("--base-url", default="", help="the site's address ('': none)")
    parser.add_argument("--source", default="site", help="book_install_source (default: site)")
    args = parser.parse_args(argv)
    site = args.site or site_dir()
    written = publish(
        site, args.notebooks or site.parent / "notebooks", base_url(args.base_url), args.source
    )
    where = args.base_url or "no address"
    print(f"wrote the downloads of {len(written)} pages into {site} for {where}")


if __name__ == "__main__":
    main()
