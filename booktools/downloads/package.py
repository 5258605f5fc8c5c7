"""The book's package as files: the wheel the site serves, and the sdist of a release.

Both are built from a copy of the sources (so no ``build/`` or ``*.egg-info`` is left in the
checkout) by setuptools' own build hooks, in the running Python, without build isolation: the
pinned setuptools of ``requirements.txt``, no download. ``SOURCE_DATE_EPOCH`` (the last
commit's time, from git) fixes the files' dates, so the same sources give the same bytes: the
wheel a release publishes is the wheel ``make test`` installed from the site and ran.

``python -m booktools.downloads.package DIST`` (``make dist``) writes the release's files to
``DIST``: the wheel that the built site serves (the one the notebook tests installed), and an
sdist of the same sources, after checking that a wheel built from that sdist is the same file.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]  # (not booktools.toc: `--tag` runs before the venv)
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "setup.py", "setup.cfg")
PACKAGE_FOLDERS = ("helper", "data")
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", ".DS_Store")
EPOCH_FALLBACK = "315532800"  # 1980-01-01, the earliest date a zip file can hold


def version(repo: Path = REPO) -> str:
    """The package's version: ``version`` in ``pyproject.toml``."""
    with (repo / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)["project"]["version"]


def wheel_name(repo: Path = REPO) -> str:
    """The file name of the wheel of this version (a pure-Python wheel)."""
    with (repo / "pyproject.toml").open("rb") as f:
        name = tomllib.load(f)["project"]["name"]
    return f"{name.replace('-', '_')}-{version(repo)}-py3-none-any.whl"


def source_date_epoch(repo: Path = REPO) -> str:
    """``SOURCE_DATE_EPOCH`` if set, else the time of the last commit of the package's sources
    (so a commit elsewhere leaves the wheel's bytes as they were), else 1980-01-01."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    sources = [name for name in (*SOURCES, *PACKAGE_FOLDERS) if (repo / name).exists()]
    try:  # the last commit that changed what goes into the package, so that others keep it
        result = subprocess.run(
            ["git", "log", "-1", "--format=%ct", "--", *sources],
            cwd=repo,
            capture_output=True,
            text=True,
        )
    except OSError:
        return EPOCH_FALLBACK
    return (
        result.stdout.strip()
        if result.returncode == 0 and result.stdout.strip()
        else EPOCH_FALLBACK
    )


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _copy_sources(repo: Path, target: Path) -> None:
    target.mkdir(parents=True)
    for name in SOURCES:
        if (repo / name).is_file():
            shutil.copy2(repo / name, target / name)
    for name in PACKAGE_FOLDERS:
        shutil.copytree(repo / name, target / name, ignore=JUNK)


def _build(sources: Path, out: Path, hook: str, epoch: str) -> Path:
    """Run setuptools' ``build_wheel`` or ``build_sdist`` hook in ``sources``."""
    out.mkdir(parents=True, exist_ok=True)
    code = f"from setuptools import build_meta; print(build_meta.{hook}({str(out)!r}))"
    env = {**os.environ, "SOURCE_DATE_EPOCH": epoch}
    env.pop("PYTHONPATH", None)
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=sources, env=env, capture_output=True, text=True
    )
    if result.returncode:
        raise RuntimeError(
            f"setuptools' {hook} failed in {sources}:\n"
            f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        )
    return out / result.stdout.strip().splitlines()[-1]


def build_wheel(out: Path, repo: Path = REPO) -> Path:
    """Build the wheel of ``repo``'s sources into ``out``; return its path."""
    with tempfile.TemporaryDirectory(prefix="book-wheel-") as work:
        sources = Path(work) / "sources"
        _copy_sources(repo, sources)
        return _build(sources, out, "build_wheel", source_date_epoch(repo))


def build_sdist(out: Path, repo: Path = REPO) -> Path:
    """Build the sdist of ``repo``'s sources into ``out``; return its path."""
    with tempfile.TemporaryDirectory(prefix="book-sdist-") as work:
        sources = Path(work) / "sources"
        _copy_sources(repo, sources)
        return _build(sources, out, "build_sdist", source_date_epoch(repo))


def wheel_from_sdist(sdist: Path, out: Path, epoch: str) -> Path:
    """Build a wheel from an sdist, as pip does for a reader who installs the sdist."""
    with tempfile.TemporaryDirectory(prefix="book-from-sdist-") as work:
        with tarfile.open(sdist) as archive:
            archive.extractall(work, filter="data")
        (top,) = Path(work).iterdir()
        return _build(top, out, "build_wheel", epoch)


def release_files(dist: Path, site: Path, repo: Path = REPO) -> list[Path]:
    """The files a release publishes, in ``dist``: the site's wheel and a matching sdist."""
    served = site / "dist" / wheel_name(repo)
    if not served.is_file():
        raise SystemExit(f"the site at {site} serves no {served.name}: build it (`make book`)")
    dist.mkdir(parents=True, exist_ok=True)
    for old in dist.iterdir():
        old.unlink()
    wheel = Path(shutil.copy2(served, dist / served.name))
    sdist = build_sdist(dist, repo)
    with tempfile.TemporaryDirectory(prefix="book-check-") as check:
        rebuilt = wheel_from_sdist(sdist, Path(check), source_date_epoch(repo))
        if sha256(rebuilt) != sha256(wheel):
            raise SystemExit(
                f"the wheel built from {sdist.name} differs from the wheel the site serves "
                f"({served}): the site was built from other sources; rebuild it"
            )
    return [wheel, sdist]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dist", type=Path, nargs="?", help="where the release's files go")
    parser.add_argument("--site", type=Path, default=None, help="the built site (_build/html)")
    parser.add_argument("--tag", help="only check that this git tag is v<version>")
    args = parser.parse_args(argv)
    if args.tag is not None:
        if args.tag != f"v{version()}":
            raise SystemExit(f"tag {args.tag!r} is not v{version()}, the version in pyproject.toml")
        print(f"tag {args.tag} names version {version()}")
        return
    if args.dist is None:
        parser.error("give the folder for the release's files (or --tag)")
    from booktools.toc import site_dir

    for path in release_files(args.dist, args.site or site_dir()):
        print(f"{path}  sha256={sha256(path)}")


if __name__ == "__main__":
    main()
