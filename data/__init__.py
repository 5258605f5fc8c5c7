"""The book's puzzles, installed as the package ``helper.puzzles``.

``pyproject.toml`` maps ``helper.puzzles`` onto this folder, so the JSON and text puzzles ship
inside the ``helper`` wheel and :mod:`helper.data` finds them with :mod:`importlib.resources`.
The seeded scripts here (``make_*.py``, ``futoshiki/*.py``) made the puzzles and remake them byte
for byte; run them from any folder, for example ``.venv/bin/python data/make_nonograms.py``
(the README's "The puzzle files" lists them; ``tests/data/test_generators.py`` runs each).
"""
