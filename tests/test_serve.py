"""tools/serve.py sends text gzipped to a client that accepts it, as Netlify does, and
everything else (and everything to a client that does not) as it is on disk."""

from __future__ import annotations

import gzip
import os
import sys
import threading
import urllib.error
import urllib.request
from email.utils import formatdate

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))

from serve import make_server  # noqa: E402

FILES = {"index.html": b"<!doctype html><p>" + b"hex " * 500, "app.css": b"p { color: red }\n" * 200,
         "x.wasm": bytes(range(256)) * 40, "ui/main.py": b"print('hi')\n" * 100}


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    for name, body in FILES.items():
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_bytes(body)
    server = make_server(str(root), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def get(url: str, **headers: str):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as reply:
        return reply.code, dict(reply.headers), b""


@pytest.mark.parametrize("path, name", [("", "index.html"), ("app.css", "app.css"), ("ui/main.py", "ui/main.py")])
def test_text_is_sent_gzipped_to_a_client_that_accepts_it(url, path, name):
    status, headers, body = get(url + path, **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert int(headers["Content-Length"]) == len(body) < len(FILES[name])
    assert gzip.decompress(body) == FILES[name]
    assert "Content-Security-Policy" in headers  # netlify.toml's headers as before


def test_binary_files_and_clients_without_gzip_get_the_bytes_on_disk(url):
    for path, headers in (("x.wasm", {"Accept-Encoding": "gzip"}), ("app.css", {})):
        status, got, body = get(url + path, **headers)
        assert status == 200 and "Content-Encoding" not in got and body == FILES[path]


def test_an_unchanged_text_file_is_not_sent_again(url):
    later = formatdate(2_000_000_000, usegmt=True)
    status, _, body = get(url + "app.css", **{"Accept-Encoding": "gzip", "If-Modified-Since": later})
    assert status == 304 and body == b""
    status, _, _ = get(url + "app.css", **{"Accept-Encoding": "gzip", "If-Modified-Since": "not a date"})
    assert status == 200


def test_a_folder_without_its_slash_is_still_redirected(url):
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as reply:
        opener.open(urllib.request.Request(url + "ui", headers={"Accept-Encoding": "gzip"}))
    assert reply.value.code == 301


def test_a_client_that_hangs_up_mid_response_leaves_no_traceback(capsys) -> None:
    from serve import Server
    server = Server.__new__(Server)
    try:
        raise ConnectionResetError(104, "Connection reset by peer")
    except ConnectionResetError:
        server.handle_error(None, ("127.0.0.1", 1))
    assert capsys.readouterr().err == ""
    try:
        raise ValueError("a real fault")
    except ValueError:
        server.handle_error(None, ("127.0.0.1", 1))
    assert "ValueError: a real fault" in capsys.readouterr().err
