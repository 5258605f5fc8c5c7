"""Facts the book's prose states about the repository itself, checked against their source."""

from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]


def test_intro_names_the_repository_only_when_the_config_has_one() -> None:
    url = yaml.safe_load((REPO / "_config.yml").read_text("utf8"))["repository"]["url"]
    intro = (REPO / "book" / "intro.md").read_text("utf8")
    if url:
        assert url in intro
    else:  # no address that the publisher does not control
        assert "github.com" not in intro and "git clone" not in intro
    assert 'pip install ".[book]"' in intro  # how to install from a copy of the repository
