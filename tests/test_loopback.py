"""The one server the browser tests and the reader's machine share (tests/loopback.py)."""

import urllib.error
import urllib.request

import pytest
from loopback import serve


def test_a_folder_is_served_on_loopback_and_the_server_stops(tmp_path):
    (tmp_path / "figure.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / "notes.ipynb").write_text("{}", encoding="utf-8")
    with serve(tmp_path) as url:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        with urllib.request.urlopen(url + "figure.svg", timeout=10) as response:
            assert response.read() == b"<svg/>"
            assert response.headers["Content-Type"] == "image/svg+xml"
        with urllib.request.urlopen(url + "notes.ipynb", timeout=10) as response:
            assert response.headers["Content-Type"] == "application/x-ipynb+json"
        with pytest.raises(urllib.error.HTTPError, match="404"):
            urllib.request.urlopen(url + "missing.html", timeout=10)
    with pytest.raises(urllib.error.URLError):  # shut down: nothing listens there any more
        urllib.request.urlopen(url + "figure.svg", timeout=10)
