"""How long a reader's ``pip install -r requirements.txt`` of a chapter's zip takes: measured.

``python -m booktools.downloads.install_time`` unzips a chapter's zip from the built site into
an empty folder, makes a new virtual environment, and times ``python -m pip install -r
requirements.txt`` there as a reader runs it: with an empty pip cache and without this
machine's pip configuration (no local mirrors or wheel folders), so every file comes from the
package index. It writes what it measured to ``install_time.json`` beside this module: the
seconds, the megabytes pip downloaded, the megabytes the new environment takes on disk (as
``du -s`` counts them), the distributions installed with their versions, the machine (cores,
system, Python) and the date. The pages and the zips' README.txt quote that
record as what it is (:func:`sentence`); ``--check`` says whether the record still matches
today's pins (run the command again when it does not).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from booktools.toc import REPO, site_dir

RECORD = Path(__file__).with_name("install_time.json")
COMMAND = "python -m booktools.downloads.install_time"


def load(path: Path = RECORD) -> dict | None:
    """The last measurement, or None when there is none."""
    return json.loads(path.read_text("utf8")) if path.is_file() else None


def duration(seconds: float) -> str:
    """75.2 -> "1 min 15 s"; 42.0 -> "42 s"."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"


def _machine(record: dict) -> str:
    """ "2-core Linux machine (196 MB downloaded, 310 MB installed; measured on DATE", busy
    when it was (a record without the environment's size says only what was downloaded)."""
    busy = record.get("load_average", 0) > record["cores"]
    load = f", load average {record['load_average']:.0f}" if busy else ""
    installed = f", {record['venv_mb']:.0f} MB installed" if "venv_mb" in record else ""
    return (
        f"{'busy ' if busy else ''}{record['cores']}-core {record['system']} machine "
        f"({record['downloaded_mb']:.0f} MB downloaded{installed}{load}; measured on "
        f"{record['date']}"
    )


def sentence(record: dict | None = None) -> str:
    """What the pages and the README say about the install time (empty without a record)."""
    record = record if record is not None else load()
    if not record:
        return ""
    return (
        f"Installing took {duration(record['seconds'])} with an empty pip cache on a "
        f"{_machine(record)} with `{COMMAND}`)."
    )


def page_clause(record: dict | None = None) -> str:
    """The same, as the end of the pages' sentence ("" without a record)."""
    record = record if record is not None else load()
    if not record:
        return ""
    return (
        f"; that took {duration(record['seconds'])} with an empty pip cache on a "
        f"{_machine(record)} with <code>{COMMAND}</code>)"
    )


def pins(text: str) -> dict[str, str]:
    """``name==version`` lines of a requirements file, names normalised (PEP 503)."""
    found = {}
    for line in text.splitlines():
        match = re.match(r"^([A-Za-z0-9._-]+)==([^\s;#]+)", line.strip())
        if match:
            found[re.sub(r"[-_.]+", "-", match.group(1)).lower()] = match.group(2)
    return found


def stale_pins(record: dict, requirements: Path = REPO / "requirements.txt") -> list[str]:
    """The installed distributions of the record whose pin has changed since (or gone)."""
    now = pins(requirements.read_text("utf8"))
    return [
        f"{name} {old} -> {now.get(name, 'not pinned')}"
        for name, old in sorted(record["installed"].items())
        if now.get(name) != old
    ]


def _reader_environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "PYTHON"))}
    env.pop("VIRTUAL_ENV", None)
    env["PIP_CONFIG_FILE"] = os.devnull  # no mirror, wheel folder or constraint of this machine
    env["PIP_CACHE_DIR"] = str(cache)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


SIZE = re.compile(r"^\s*Downloading \S+ \(([\d.]+) (kB|MB|GB)\)", flags=re.MULTILINE)
UNITS = {"kB": 1e3, "MB": 1e6, "GB": 1e9}


def downloaded_bytes(pip_output: str) -> int:
    """What pip says it downloaded: the sum of its "Downloading NAME (12.3 MB)" lines."""
    return round(sum(float(size) * UNITS[unit] for size, unit in SIZE.findall(pip_output)))


def disk_bytes(folder: Path) -> int:
    """What ``folder`` takes on disk, as ``du -s`` counts it: the blocks of every file and
    folder under it, a file with several links once, symbolic links not followed (the file
    sizes on a system that does not report blocks)."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for path in (folder, *folder.rglob("*")):
        stat = path.lstat()
        if (stat.st_dev, stat.st_ino) in seen:
            continue
        seen.add((stat.st_dev, stat.st_ino))
        blocks = getattr(stat, "st_blocks", None)
        total += blocks * 512 if blocks is not None else stat.st_size
    return total


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0


def measure(zip_path: Path) -> dict:
    """Unzip ``zip_path``, make a venv, time the reader's install; return the record."""
    with tempfile.TemporaryDirectory(prefix="book-install-time-") as work:
        root = Path(work)
        with zipfile.ZipFile(zip_path) as archive:
            archive.extractall(root / "unzipped")
        (folder,) = (root / "unzipped").iterdir()
        env = _reader_environment(root / "pip-cache")
        loads = [_load()]
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True, env=env)
        python = root / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
        install = ["install", "--progress-bar", "off", "-r", "requirements.txt"]
        pip = subprocess.run(
            [str(python), "-m", "pip", *install],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        loads.append(_load())
        print(pip.stdout[-2000:], pip.stderr[-2000:], sep="\n")
        pip.check_returncode()
        frozen = subprocess.run(
            [str(python), "-m", "pip", "freeze"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        venv_bytes = disk_bytes(root / "venv")
    return {
        "seconds": round(seconds, 1),
        "downloaded_mb": round(downloaded_bytes(pip.stdout) / 1e6, 1),
        "venv_mb": round(venv_bytes / 1e6, 1),  # the new environment on disk, after the install
        "load_average": round(max(loads), 1),  # the machine's 1-minute load, before and after
        "distributions": len(pins(frozen)) + frozen.count(" @ "),
        "installed": pins(frozen),
        "zip": zip_path.name,
        "date": datetime.date.today().isoformat(),
        "cores": os.cpu_count(),
        "system": platform.system(),
        "python": platform.python_version(),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=None, help="the built site (_build/html)")
    parser.add_argument("--chapter", default="book/futoshiki", help="whose zip to install")
    parser.add_argument(
        "--zip", type=Path, default=None, help="a chapter's zip to install (default: the site's)"
    )
    parser.add_argument(
        "--check", action="store_true", help="only compare the record with the pins"
    )
    args = parser.parse_args(argv)
    if args.check:
        record = load()
        if record is None:
            raise SystemExit(f"no measurement yet: run `{COMMAND}`")
        stale = stale_pins(record)
        print(sentence(record))
        if stale:
            raise SystemExit("pins changed since the measurement: " + ", ".join(stale))
        print("the record matches today's pins")
        return
    zip_path = args.zip or (args.site or site_dir()) / f"{args.chapter}.zip"
    if not zip_path.is_file():
        raise SystemExit(f"no {zip_path}: build the site first (`make book`)")
    record = measure(zip_path)
    RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf8")
    print(sentence(record))


if __name__ == "__main__":
    main()
