"""The built site (or any folder) served on 127.0.0.1, for the tests that read it as a reader
would: the browser tests (tests/browser) and the reader's machine (tests/outside)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without a log line per request, with the types a browser insists on."""

    extensions_map = {  # noqa: RUF012 (the base class's own attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".svg": "image/svg+xml",
        ".ipynb": "application/x-ipynb+json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (an ephemeral port) from a thread; its address, ending
    in ``/``. The server is shut down and its thread joined on the way out."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
