"""Serve the built site on loopback only, with the MIME types Pyodide needs and the headers
of netlify.toml (CSP, nosniff, caching), so what is tested runs under the deployed policy;
text is sent gzipped to a browser that accepts it, as Netlify sends it.

    python tools/serve.py [--dir site] [--port 8000]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import re
import sys
import tomllib
import urllib.parse
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NETLIFY_TOML = os.path.join(ROOT, "netlify.toml")


def _for_pattern(path: str) -> re.Pattern[str]:
    """A `for` path of netlify.toml as Netlify matches it: a part that is `*` matches the rest
    (or nothing), `*` inside a part matches anything (slashes too), `:name` one part; a
    trailing slash is optional; case-insensitive."""
    parts = []
    for part in filter(None, (p.rstrip() for p in path.split("/"))):
        if part.startswith(":"):
            parts.append("[^/]+")
        elif part == "*":
            parts.append("?.*")
        else:
            parts.append(".*".join(re.escape(piece) for piece in part.split("*")))
    return re.compile("^/" + "/".join(parts) + "/?$", re.IGNORECASE)


def load_header_rules(toml_path: str = NETLIFY_TOML) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    with open(toml_path, "rb") as f:
        config = tomllib.load(f)
    return [(_for_pattern(block["for"]), dict(block.get("values", {}))) for block in config.get("headers", [])]


def headers_for(rules: list[tuple[re.Pattern[str], dict[str, str]]], path: str) -> dict[str, str]:
    """Every matching block's headers; a later block's value for the same name wins, as on Netlify."""
    found: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.match(path):
            for name, value in values.items():
                for old in [k for k in found if k.lower() == name.lower()]:
                    del found[old]
                found[name] = value
    return found


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".py": "text/plain",
        ".svg": "image/svg+xml",
    }
    header_rules = load_header_rules()
    compressed_types = ("text/", "application/javascript", "application/json",
                        "application/manifest+json", "image/svg+xml")
    gzipped: dict[tuple[str, int], bytes] = {}  # compressed once per file version, not per request

    def _rule_headers(self) -> dict[str, str]:
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        return headers_for(self.header_rules, path)

    def send_header(self, keyword: str, value: str) -> None:
        # netlify.toml's value replaces the server's own (Content-Type for .wasm, say).
        if keyword.lower() not in {k.lower() for k in self._rule_headers()}:
            super().send_header(keyword, value)

    def end_headers(self) -> None:
        for name, value in self._rule_headers().items():
            super().send_header(name, value)
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        # A conditional request (the browser revalidating) is the standard handler's: it
        # answers 304 when nothing changed, and a changed file may come uncompressed.
        kind = self.guess_type(path)
        if ("gzip" not in self.headers.get("Accept-Encoding", "") or "Range" in self.headers
                or "If-Modified-Since" in self.headers or not os.path.isfile(path)
                or not kind.startswith(self.compressed_types)):
            return super().send_head()
        mtime = int(os.stat(path).st_mtime)
        body = self.gzipped.get((path, mtime))
        if body is None:
            with open(path, "rb") as f:
                body = self.gzipped[(path, mtime)] = gzip.compress(f.read(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        return io.BytesIO(body)

    def list_directory(self, path: str) -> None:
        self.send_error(404, "No index here")  # Netlify lists no folders either
        return None

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("SERVE_QUIET") != "1":
            super().log_message(format, *args)


class PlainHandler(Handler):
    """For a page that stands for someone else's site (a test's host page): no netlify.toml headers."""
    header_rules = []


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a connection mid-response (a page closed, a test over) is no
        error worth a traceback; anything else is reported as usual."""
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: str, port: int, host: str = "127.0.0.1",
                netlify_headers: bool = True) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler if netlify_headers else PlainHandler, directory=directory)
    return Server((host, port), handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", default=os.path.join(ROOT, "site"))
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        raise SystemExit(f"{args.dir} has no index.html: build the site first (make site)")
    server = make_server(args.dir, args.port)
    print(f"Serving the games at http://localhost:{args.port}/ (loopback only; Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
