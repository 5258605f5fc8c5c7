"""Print the execution reports that myst-nb left for notebooks whose cells failed."""

from pathlib import Path

REPORTS = Path("_build/html/reports")


def main() -> None:
    logs = sorted(REPORTS.glob("**/*.err.log")) if REPORTS.exists() else []
    if not logs:
        print("build failed; no notebook execution report was written (see the log above)")
    for log in logs:
        print(f"\n===== execution report: {log} =====")
        print(log.read_text())


if __name__ == "__main__":
    main()
