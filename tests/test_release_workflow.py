"""The release workflow publishes what `make test` tested (it cannot run here, so it is read).

.github/workflows/release.yml runs on a version tag: the tag must name pyproject's version,
`.ci/run` (every stage of `make test`) runs, `make dist` copies the wheel that the built site
serves (the one the notebook tests installed and ran every chapter with) and adds an sdist that
builds the same wheel; only then does a second job publish those files with PyPI's trusted
publishing (an OIDC token, no password).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from booktools.downloads import package

REPO = Path(__file__).resolve().parents[1]
WORKFLOW = yaml.safe_load((REPO / ".github" / "workflows" / "release.yml").read_text("utf8"))
TRIGGER = WORKFLOW.get("on", WORKFLOW.get(True))  # YAML 1.1 reads the key `on` as True


def _runs(job: str) -> list[str]:
    return [step["run"].strip() for step in WORKFLOW["jobs"][job]["steps"] if "run" in step]


def _uses(job: str) -> list[str]:
    return [step["uses"] for step in WORKFLOW["jobs"][job]["steps"] if "uses" in step]


def _make_prerequisites(target: str) -> list[str]:
    makefile = (REPO / "Makefile").read_text("utf8")
    match = re.search(rf"^{target}:([^#\n]*)", makefile, flags=re.MULTILINE)
    assert match, f"no target {target} in the Makefile"
    return match.group(1).split()


def _make_recipe(target: str) -> str:
    makefile = (REPO / "Makefile").read_text("utf8")
    match = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE)
    assert match, f"no recipe for {target}"
    return match.group(1)


def test_it_runs_on_version_tags_only() -> None:
    assert TRIGGER == {"push": {"tags": ["v*"]}}


def test_the_test_job_checks_the_tag_then_runs_make_test_then_makes_the_files() -> None:
    runs = _runs("test")
    assert runs == [
        'python3 -m booktools.downloads.package --tag "$GITHUB_REF_NAME"',
        "bash .ci/run",
        "make dist",
    ]
    upload = next(
        s for s in WORKFLOW["jobs"]["test"]["steps"] if "upload-artifact" in s.get("uses", "")
    )
    assert upload["with"]["path"] == "dist/"


def test_ci_runs_every_stage_of_make_test_in_order() -> None:
    script = (REPO / ".ci" / "run").read_text("utf8")
    stages = re.search(r"^stages=\(([^)]*)\)", script, flags=re.MULTILINE).group(1).split()
    assert stages == ["venv", *_make_prerequisites("test")]
    assert "notebooks" in stages and "book-force" in stages
    assert 'make "$stage"' in script


def test_make_dist_publishes_the_wheel_the_site_serves() -> None:
    assert "booktools.downloads.package dist" in _make_recipe("dist")
    # and the notebook tests install exactly that file (tests/outside/test_zipped_chapters.py
    # compares every zip's wheel with the site's dist/ wheel, byte for byte).
    outside = (REPO / "tests" / "outside" / "test_zipped_chapters.py").read_text("utf8")
    assert 'site / "dist" / wheel_name()' in outside


def test_the_publish_job_uses_trusted_publishing_on_the_tested_files() -> None:
    job = WORKFLOW["jobs"]["publish"]
    assert job["needs"] == "test"
    assert job["permissions"] == {"id-token": "write"}
    assert job["environment"]["name"] == "pypi"
    assert _runs("publish") == []  # nothing is built here: only the test job's files go out
    assert _uses("publish") == [
        "actions/download-artifact@v4",
        "pypa/gh-action-pypi-publish@release/v1",
    ]
    download, publish = job["steps"]
    upload = next(
        s for s in WORKFLOW["jobs"]["test"]["steps"] if "upload-artifact" in s.get("uses", "")
    )
    assert download["with"]["name"] == upload["with"]["name"]
    assert "with" not in publish or not {"password", "user"} & set(publish["with"])
    assert WORKFLOW["permissions"] == {"contents": "read"}


def test_the_tag_must_name_the_version() -> None:
    version = package.version()
    command = [sys.executable, "-m", "booktools.downloads.package", "--tag"]
    ok = subprocess.run([*command, f"v{version}"], cwd=REPO, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    wrong = subprocess.run([*command, "v0.0.0-other"], cwd=REPO, capture_output=True, text=True)
    assert wrong.returncode == 1 and "is not v" in wrong.stderr


@pytest.mark.timeout(120)
def test_the_release_files_are_the_served_wheel_and_an_sdist_that_builds_it(tmp_path) -> None:
    """Builds the wheel as the book does, then `make dist`'s function: same wheel, same bytes."""
    site = tmp_path / "site"
    served = package.build_wheel(site / "dist")
    wheel, sdist = package.release_files(tmp_path / "dist", site)
    assert wheel.read_bytes() == served.read_bytes()
    assert sdist.name == f"logic_puzzles_helper-{package.version()}.tar.gz"
    again = package.build_wheel(tmp_path / "again")
    assert package.sha256(again) == package.sha256(served)  # the same sources, the same wheel


@pytest.mark.parametrize(("marker", "folder"), [("browser", "browser"), ("notebooks", "outside")])
def test_a_marked_stage_collects_only_its_folder_and_every_test_of_its_mark_is_there(
    marker: str, folder: str
) -> None:
    """`make browser` and `make notebooks` collect one folder each (collecting every test
    module costs CI about a minute a stage); a test of their mark anywhere else would be
    silently skipped, so none may be."""
    recipe = (REPO / "Makefile").read_text("utf8").split(f"\n{marker}:", 1)[1].split("\n\n")[0]
    command = recipe.split("\n\t", 1)[1].split("  #")[0].split()
    assert command[command.index("-m", 3) + 1] == marker and command[-1] == f"tests/{folder}"
    mark = re.compile(rf"pytest\.mark\.{marker}\b")
    elsewhere = [
        path.relative_to(REPO).as_posix()
        for path in (REPO / "tests").rglob("*.py")
        if mark.search(path.read_text("utf8")) and folder not in path.relative_to(REPO).parts
    ]
    assert elsewhere == [], f"tests marked {marker} outside tests/{folder}: {elsewhere}"
