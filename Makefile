# Two commands do everything on a fresh machine that has python3:
#   make book   build the site (creates .venv and installs the pins first)
#   make test   ruff, pytest, a forced full rebuild with warnings as errors, the downloaded
#               chapters (zips and notebooks) run outside the checkout, the site read in Chromium
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
JB_FLAGS := -W -n --keep-going

.PHONY: help venv book book-force lint unit mutation notebooks browser linkcheck test dist clean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

$(STAMP): requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $@

venv: $(STAMP)  ## create .venv with the pinned packages and helper (editable)

book: $(STAMP)  ## build the site, re-running only notebooks that changed (execution cache)
	rm -rf _build/html/reports  # so that only this build's execution reports are shown
	$(BIN)/jupyter-book build . $(JB_FLAGS) || { $(BIN)/python -m booktools.build_report; exit 1; }

book-force: $(STAMP)  ## rebuild every page and re-execute every cell (what CI does)
	rm -rf _build/html _build/jupyter_execute  # no page of a renamed or deleted chapter survives
	BOOK_EXECUTE=force $(BIN)/jupyter-book build . --all $(JB_FLAGS) \
		|| { $(BIN)/python -m booktools.build_report; exit 1; }

lint: $(STAMP)  ## ruff check and format, mypy (helper/ and the scripts in data/), lint-imports (the layers)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	PYTHONPATH=. $(BIN)/lint-imports --no-logo --no-cache  # this checkout's helper/, whichever the venv installed

unit: $(STAMP)  ## pytest for helper (everything but the browser and notebook tests)
	$(BIN)/python -m pytest -m "not browser and not notebooks"

mutation: $(STAMP)  ## mutation testing of the checks, validators and parsers (~3 min; not in `test`)
	$(BIN)/python tests/mutation/run.py $(MODULES)

notebooks: $(STAMP)  ## every chapter's zip, and a plain .ipynb from the site on 127.0.0.1, in fresh venvs (after `make book`)
	$(BIN)/python -m pytest -m notebooks tests/outside  # its tests live there: collect no others

browser: $(STAMP)  ## test the built site in Chromium, offline (after `make book`; BOOK_CHROMIUM=...)
	$(BIN)/python -m pytest -m browser -n 2 tests/browser  # two processes (pytest-xdist); its tests live there

linkcheck: $(STAMP)  ## check the external links (needs internet; not part of `make test`)
	$(BIN)/jupyter-book build . --builder linkcheck

test: lint unit book-force notebooks browser  ## everything CI runs (.ci/run times each stage)

dist: $(STAMP)  ## a release's files in dist/: the wheel the built site serves and an sdist of the same sources
	$(BIN)/python -m booktools.downloads.package dist

clean:  ## remove the build folder and mutation testing's work folder (keeps .venv)
	rm -rf _build .mutation
