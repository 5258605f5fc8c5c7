"""The downloads of the built site: every chapter's zip and .ipynb, and what is in them.

A notebook page offers its zip in one sentence above the text and, with the plain .ipynb, in
its download menu; both are fetched from the site served on 127.0.0.1, as a reader's browser
does. Every notebook the site serves, plain and zipped, is read for MyST syntax
(booktools.downloads.leftovers: the MyST parser and a plain CommonMark reading). Needs a built
site (`make book`) and Chromium; `make browser` runs it.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from pathlib import Path

import nbformat
import pytest
from booksite import Page, notebook_pages, visit

from booktools.downloads import publish
from booktools.downloads.leftovers import notebook_leftovers
from booktools.downloads.package import sha256, wheel_name
from booktools.toc import REPO

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def _served_notebooks(site: Path) -> dict[str, nbformat.NotebookNode]:
    """Every notebook the site serves: the plain ones, and the one inside each zip."""
    found = {}
    for path in sorted(site.rglob("*.ipynb")):
        found[str(path.relative_to(site))] = nbformat.read(path, as_version=4)
    for path in sorted(site.rglob("*.zip")):
        with zipfile.ZipFile(path) as archive:
            for name in archive.namelist():
                if name.endswith(".ipynb"):
                    text = archive.read(name).decode("utf8")
                    found[f"{path.relative_to(site)}!{name}"] = nbformat.reads(text, as_version=4)
    return found


def test_no_served_notebook_holds_myst_syntax(site: Path) -> None:
    notebooks = _served_notebooks(site)
    pages = notebook_pages(site)
    assert len(notebooks) >= 2 * len(pages) > 0, sorted(notebooks)
    problems = [
        f"{where}: {problem}"
        for where, notebook in notebooks.items()
        for problem in notebook_leftovers(notebook)
    ]
    assert not problems, "MyST syntax in downloaded notebooks:\n  " + "\n  ".join(problems)


def test_the_site_serves_the_package_and_the_pins(site: Path) -> None:
    wheel = site / "dist" / wheel_name()
    assert (site / "dist" / "constraints.txt").read_bytes() == (
        REPO / "requirements.txt"
    ).read_bytes()
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {"helper/__init__.py", "helper/puzzles/nonogram01.json"} <= names, sorted(names)[:20]


def test_every_plain_notebook_starts_with_what_publish_writes(site: Path) -> None:
    """The first cell names the wheel the site serves, with its hash (or, for a build with no
    address, the zip): exactly what booktools.downloads.publish writes for this site now."""
    digest = sha256(site / "dist" / wheel_name())
    notebooks = site.parent / "notebooks"
    for converted in publish.converted_notebooks(notebooks):
        docname = converted.metadata[publish.METADATA_KEY]["docname"]
        served = nbformat.read(site / "_sources" / f"{docname}.ipynb", as_version=4)
        first = served.cells[0].source
        if "names no place to install it from" in first:
            base = None
        else:
            assert f"#sha256={digest}" in first, f"{docname}: not the served wheel's hash"
            base = first.split("logic-puzzles-helper[book] @ ")[1].split("dist/")[0]
        expected = publish.plain_notebook(site, converted, base)
        assert served == expected, f"{docname}: the served notebook is not publish's"


def test_every_notebook_page_offers_its_zip_and_notebook(
    browser, base_url: str, notebook_page: Page
) -> None:
    name = posixpath.basename(notebook_page.name)
    with visit(browser, base_url + notebook_page.path) as opened:
        page = opened.page
        sentence = page.locator("aside.book-run-chapter")
        assert sentence.count() == 1, f"{notebook_page.path}: no sentence that offers the zip"
        assert sentence.is_visible()
        text = " ".join(sentence.inner_text().split())
        assert f"{name}.zip" in text and "pip install -r requirements.txt" in text, text
        assert page.locator("article.bd-article aside.book-run-chapter").count() == 0
        links = page.eval_on_selector_all(
            ".dropdown-download-buttons a", "links => links.map(a => a.href)"
        )
        zips = [link for link in links if link.endswith(f"/{name}.zip")]
        notebooks = [link for link in links if link.endswith(f"/{name}.ipynb")]
        assert zips and notebooks, f"{notebook_page.path}: the download menu offers {links}"
        assert sentence.locator("a").first.evaluate("a => a.href") == zips[0]
        zipped = page.request.get(zips[0])
        plain = page.request.get(notebooks[0])
        assert zipped.ok and plain.ok, (zipped.status, plain.status)
        zip_bytes, notebook_text = zipped.body(), plain.text()
        problems = opened.problems()
    assert not problems, problems
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as archive:
        assert f"{name}/{name}.ipynb" in archive.namelist()
        readme = archive.read(f"{name}/README.txt").decode("utf8")
    assert "python -m pip install -r requirements.txt" in readme
    notebook = nbformat.reads(notebook_text, as_version=4)
    nbformat.validate(notebook)
    assert notebook.cells[0].metadata.get("tags") == ["install"]
    assert any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), (
        f"{notebooks[0]}: not the executed notebook"
    )
