"""booktools.downloads: the zip and the plain notebook of a page, and their first cell."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

from booktools.downloads import install_time, publish
from booktools.downloads.install_cell import (
    Install,
    check_source,
    install_cell,
    site_install,
    zip_install,
)
from booktools.downloads.package import sha256, version, wheel_name

BASE = "https://example.org/book/"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A site that serves a (stand-in) wheel and the pins."""
    folder = tmp_path / "site"
    stand_in = tmp_path / wheel_name()
    stand_in.write_bytes(b"not really a wheel")
    publish.serve_package(folder, stand_in)
    return folder


def _converted() -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("# T\n\nSee [the glossary](site:book/glossary.html#g)."),
            nbformat.v4.new_code_cell("print(1)"),
        ]
    )  # fmt: skip
    notebook.metadata[publish.METADATA_KEY] = {"docname": "book/chap", "title": "A chapter"}
    return notebook


@pytest.mark.parametrize(
    ("base", "expected"),
    [
        (BASE, "See [the glossary](https://example.org/book/book/glossary.html#term-x)."),
        (None, "See the glossary."),
    ],
)
def test_site_links_point_at_the_site_or_become_text(base, expected) -> None:
    assert (
        publish.resolve_links("See [the glossary](site:book/glossary.html#term-x).", base)
        == expected
    )


@pytest.mark.parametrize(
    ("given", "expected"),
    [("", None), ("  ", None), ("https://me.io/b", "https://me.io/b/"), ("http://127.0.0.1:8000/", "http://127.0.0.1:8000/")],
)  # fmt: skip
def test_the_base_url_ends_in_one_slash(given, expected) -> None:
    assert publish.base_url(given) == expected


@pytest.mark.parametrize("bad", ["ftp://x.org/", "example.org", 'https://x.org/"; rm'])
def test_a_base_url_that_is_not_http_is_refused(bad) -> None:
    with pytest.raises(ValueError, match="not an http"):
        publish.base_url(bad)


def test_the_zip_holds_the_notebook_wheel_requirements_and_readme(site: Path) -> None:
    written = publish.write_downloads(site, _converted(), BASE)
    with zipfile.ZipFile(written.zip) as archive:
        names = sorted(archive.namelist())
        files = {name: archive.read(name) for name in names}
    wheel = wheel_name()
    assert names == sorted(
        f"chap/{f}"
        for f in ("chap.ipynb", wheel, "requirements.txt", "constraints.txt", "README.txt")
    )
    assert files[f"chap/{wheel}"] == (site / "dist" / wheel).read_bytes()
    requirements = files["chap/requirements.txt"].decode()
    assert [line for line in requirements.splitlines() if not line.startswith("#")] == [
        "-c constraints.txt", f"./{wheel}[book]", "jupyterlab"
    ]  # fmt: skip
    readme = files["chap/README.txt"].decode()
    assert ".venv/bin/python -m pip install -r requirements.txt" in readme
    assert ".venv\\Scripts\\python -m pip install -r requirements.txt" in readme
    assert f"{BASE}book/chap.html" in readme
    notebook = nbformat.reads(files["chap/chap.ipynb"].decode(), as_version=4)
    assert notebook.cells[0].source == install_cell(
        version(), zip_install(wheel), f"{BASE}book/chap.zip"
    )
    assert "https://example.org/book/book/glossary.html#g" in notebook.cells[1].source
    assert publish.METADATA_KEY not in notebook.metadata


def test_the_same_page_gives_the_same_bytes(site: Path) -> None:
    converted = _converted()
    first = publish.write_downloads(site, converted, BASE)
    before = (first.zip.read_bytes(), first.notebook.read_bytes())
    again = publish.write_downloads(site, converted, BASE)
    assert (again.zip.read_bytes(), again.notebook.read_bytes()) == before


def test_the_plain_notebook_installs_the_served_wheel_with_its_hash(site: Path) -> None:
    written = publish.write_downloads(site, _converted(), BASE)
    first = nbformat.read(written.notebook, as_version=4).cells[0]
    digest = sha256(site / "dist" / wheel_name())
    assert first.metadata["tags"] == ["install"]
    assert f"logic-puzzles-helper[book] @ {BASE}dist/{wheel_name()}#sha256={digest}" in first.source
    assert f"'--constraint', '{BASE}dist/constraints.txt'" in first.source
    compile(first.source, "first cell", "exec")


def test_markdown_left_with_myst_syntax_is_refused(site: Path) -> None:
    converted = _converted()
    converted.cells[0].source = "A {term}`left over`."
    with pytest.raises(ValueError, match=r"markdown cell 2: role \{term\}"):
        publish.write_downloads(site, converted, BASE)


def _run_cell(code: str, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=50
    )


def test_without_an_address_the_cell_raises_naming_the_zip(tmp_path: Path) -> None:
    """Version 0.0.0 is not installed here, so the cell must stop, and say where to go."""
    install = site_install("0.0.0", "site", None, wheel_name(), "0" * 64)
    result = _run_cell(install_cell("0.0.0", install, "chap.zip (on the page)"), tmp_path)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("BookPackageMissing: This chapter needs logic-puzzles-helper 0.0.0")
    assert "names no place to install it from" in last and "chap.zip (on the page)" in last
    assert "pip install -r requirements.txt" in last


def test_the_installed_version_needs_nothing(tmp_path: Path) -> None:
    install = site_install(version(), "site", None, wheel_name(), "0" * 64)
    result = _run_cell(install_cell(version(), install, "chap.zip"), Path.cwd())
    assert result.returncode == 0, result.stderr  # this checkout's helper is that version


def test_a_failing_pip_stops_the_cell_naming_the_zip(tmp_path: Path) -> None:
    missing = tmp_path / "logic_puzzles_helper-0.0.0-py3-none-any.whl"
    install = Install(f"logic-puzzles-helper[book] @ {missing.as_uri()}", None, "nowhere")
    result = _run_cell(install_cell("0.0.0", install, "https://x.org/chap.zip"), tmp_path)
    assert result.returncode == 1
    assert (
        "Installing logic-puzzles-helper 0.0.0 and what the chapter needs, from nowhere"
        in result.stdout
    )
    last = result.stderr.strip().splitlines()[-1]
    assert "from nowhere failed (pip says why, above)" in last and "https://x.org/chap.zip" in last


def test_the_zip_cell_needs_its_folder(tmp_path: Path) -> None:
    result = _run_cell(install_cell("0.0.0", zip_install(wheel_name()), "chap.zip"), tmp_path)
    last = result.stderr.strip().splitlines()[-1]
    assert "constraints.txt is not in this notebook's folder" in last


@pytest.mark.parametrize(
    ("source", "requirement"),
    [
        ("pypi", "logic-puzzles-helper[book]==1.2.3"),
        (
            "https://example.org/dist/logic_puzzles_helper-{version}-py3-none-any.whl",
            "logic-puzzles-helper[book] @ "
            "https://example.org/dist/logic_puzzles_helper-1.2.3-py3-none-any.whl",
        ),
        ("git+https://example.org/me/book@v{version}",
         "logic-puzzles-helper[book] @ git+https://example.org/me/book@v1.2.3"),
        ("site", f"logic-puzzles-helper[book] @ {BASE}dist/w.whl#sha256=abc"),
    ],
)  # fmt: skip
def test_the_install_source_gives_one_pinned_requirement(source, requirement) -> None:
    install = site_install("1.2.3", source, BASE, "w.whl", "abc")
    assert install.requirement == requirement
    assert install.constraints == f"{BASE}dist/constraints.txt"
    assert f"'{requirement}'" in install_cell("1.2.3", install, "chap.zip")


@pytest.mark.parametrize(
    "source",
    [
        "",
        "http://example.org/dist/logic_puzzles_helper-{version}.whl",  # not https
        "https://example.org/dist/latest.whl",  # no version
        "git+https://example.org/me/book",  # no ref
        'https://example.org/"; import os; "{version}',  # breaks out of the quotes
        "https://example.org/a b-{version}.whl",
        "pip",
    ],
)
def test_an_unpinned_or_odd_install_source_fails_the_build(source) -> None:
    with pytest.raises(ValueError, match="book_install_source"):
        check_source(source)


def test_the_install_time_is_quoted_as_measured() -> None:
    record = {"seconds": 112.4, "downloaded_mb": 196.3, "cores": 2, "system": "Linux",
              "date": "2026-12-01", "installed": {}}  # fmt: skip
    assert install_time.duration(112.4) == "1 min 52 s"
    assert install_time.duration(42) == "42 s"
    assert install_time.sentence(record) == (
        "Installing took 1 min 52 s with an empty pip cache on a 2-core Linux machine (196 MB "
        "downloaded; measured on 2026-12-01 with `python -m booktools.downloads.install_time`)."
    )


def test_a_busy_machine_is_said_to_be_busy() -> None:
    record = {"seconds": 685, "downloaded_mb": 146.2, "cores": 2, "system": "Linux",
              "date": "2026-12-01", "load_average": 13.4}  # fmt: skip
    assert install_time.page_clause(record) == (
        "; that took 11 min 25 s with an empty pip cache on a busy 2-core Linux machine (146 MB "
        "downloaded, load average 13; measured on 2026-12-01 with "
        "<code>python -m booktools.downloads.install_time</code>)"
    )


def test_the_environment_s_size_is_quoted_when_measured() -> None:
    record = {"seconds": 61, "downloaded_mb": 136.2, "venv_mb": 627.6, "cores": 2,
              "system": "Linux", "date": "2026-12-06", "load_average": 1.0}  # fmt: skip
    assert install_time.sentence(record) == (
        "Installing took 1 min 1 s with an empty pip cache on a 2-core Linux machine (136 MB "
        "downloaded, 628 MB installed; measured on 2026-12-06 with "
        "`python -m booktools.downloads.install_time`)."
    )


@pytest.mark.skipif(sys.platform == "win32", reason="no blocks; symbolic links need rights")
def test_the_environment_s_size_is_what_du_counts(tmp_path: Path) -> None:
    """Blocks on disk, a file with two links once, a symbolic link not followed."""
    (tmp_path / "a").write_bytes(b"x" * 10_000)
    (tmp_path / "b").hardlink_to(tmp_path / "a")
    (tmp_path / "c").symlink_to("/usr")
    expected = sum(
        path.lstat().st_blocks * 512 for path in (tmp_path, tmp_path / "a", tmp_path / "c")
    )
    assert install_time.disk_bytes(tmp_path) == expected >= 10_000


def test_pip_says_what_it_downloaded() -> None:
    output = "Collecting a\n  Downloading a-1.whl (17.3 MB)\n  Downloading b-2.whl (26 kB)\n"
    assert install_time.downloaded_bytes(output) == 17_326_000


def test_a_stale_install_time_record_names_the_pins_that_changed(tmp_path: Path) -> None:
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("# pins\nortools==9.15\nnumpy==2.4.6\n")
    record = {"installed": {"ortools": "9.14", "numpy": "2.4.6", "gone": "1.0"}}
    assert install_time.stale_pins(record, requirements) == [
        "gone 1.0 -> not pinned", "ortools 9.14 -> 9.15"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("environment", "config", "expected"),
    [
        (None, "", ""),
        (None, "https://me.io/book", "https://me.io/book/"),
        ("http://127.0.0.1:8000", "https://me.io/book/", "http://127.0.0.1:8000/"),
        ("", "https://me.io/book/", ""),  # set but empty: this build has no address
    ],
)
def test_the_build_takes_the_site_address_from_the_environment_or_the_config(
    monkeypatch, environment, config, expected
) -> None:
    from types import SimpleNamespace

    from booktools import sphinx_ext

    if environment is None:
        monkeypatch.delenv("BOOK_BASE_URL", raising=False)
    else:
        monkeypatch.setenv("BOOK_BASE_URL", environment)
    settings = SimpleNamespace(
        html_baseurl=config, book_install_source="site", templates_path=[], html_static_path=[]
    )
    sphinx_ext._site_address(None, settings)
    assert settings.html_baseurl == expected
    assert settings.templates_path[-1].endswith("templates")
