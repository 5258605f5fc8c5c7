"""Write a copy of _config.yml whose notebooks are all re-executed (``execute_notebooks: force``).

Usage: ``python -m tools.force_config _config.yml _build/force/_config.yml``
"""

import re
import sys
from pathlib import Path

PATTERN = re.compile(r"^(\s*execute_notebooks:\s*)\S+", re.MULTILINE)


def force_config(text: str) -> str:
    """Return the config text with ``execute_notebooks`` set to ``force``."""
    forced, count = PATTERN.subn(r"\g<1>force", text)
    if count != 1:
        raise ValueError(f"expected one 'execute_notebooks:' line in the config, found {count}")
    return forced


def main(argv: list[str]) -> None:
    source, target = map(Path, argv)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(force_config(source.read_text()))


if __name__ == "__main__":
    main(sys.argv[1:])
