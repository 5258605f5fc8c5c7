"""What a reader downloads from a chapter's page, and how the build makes it.

A notebook page of the site offers two downloads:

- ``_sources/<page>.ipynb``: the executed chapter as a plain notebook. Its first cell installs
  the book's package from the site that served it (or raises one clear error that names the
  chapter's zip).
- ``<page>.zip``: the same notebook, the package's wheel, a ``requirements.txt`` that installs
  everything the chapter needs (``pip install -r requirements.txt``), the exact pins as
  ``constraints.txt``, and a ``README.txt`` with the commands.

The site also serves ``dist/<wheel>`` and ``dist/constraints.txt`` (the repository's
``requirements.txt``).

The build works in two steps, so that the address of the site can be set without a second
execution of the book:

1. :mod:`~booktools.downloads.notebook` turns the executed MyST notebook into plain Markdown
   cells (:mod:`~booktools.downloads.myst`, which knows every role and directive the book uses
   and fails on any other) and links to the site's pages as ``site:<path>`` placeholders.
   These notebooks go to ``_build/notebooks/`` with a manifest.
2. :mod:`~booktools.downloads.publish` writes the downloads from them for one base URL (or
   none): placeholders become links (or plain text), the first cell names the wheel's address
   and hash. The Sphinx extension calls it for each page with ``html_baseurl``; the command
   ``python -m booktools.downloads.publish`` calls it again on a built site for another
   address (the notebook tests use it with the address of a local server).
"""
