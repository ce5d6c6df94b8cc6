"""Serve the built site on loopback only, with the MIME types Pyodide needs.

    python tools/serve.py [--dir site] [--port 8000]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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

    def end_headers(self) -> None:
        # Like netlify.toml: HTML and the service worker are always revalidated.
        if self.path.split("?")[0].endswith((".html", "/", "sw.js")):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("SERVE_QUIET") != "1":
            super().log_message(format, *args)


def make_server(directory: str, port: int, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=directory)
    return http.server.ThreadingHTTPServer((host, port), handler)


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
