"""Facts the book's prose states about the repository itself, checked against their source."""

from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]


def test_intro_clones_the_repository_named_in_the_config() -> None:
    url = yaml.safe_load((REPO / "_config.yml").read_text("utf8"))["repository"]["url"]
    intro = (REPO / "book" / "intro.md").read_text("utf8")
    name = url.rstrip("/").rsplit("/", 1)[-1]
    assert f"git clone {url} && cd {name}" in intro
