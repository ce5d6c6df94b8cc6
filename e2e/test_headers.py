"""The test server sends netlify.toml's headers, so every e2e test runs under the deployed
CSP. Expected values are read from netlify.toml here, with the blocks that apply to each
path written out by hand (not by serve.py's matcher, which this checks)."""

from __future__ import annotations

import glob
import os
import tomllib

import pytest
from playwright.sync_api import Page

from conftest import ROOT, SITE, wait_ready

with open(os.path.join(ROOT, "netlify.toml"), "rb") as f:
    BLOCKS = {block["for"]: block["values"] for block in tomllib.load(f)["headers"]}

CASES = {
    "": ["/*", "/"],
    "index.html": ["/*", "/*.html"],
    "embed.html?game=hex-please": ["/*", "/*.html"],
    "pyodide/pyodide.asm.wasm": ["/*", "/*.wasm", "/pyodide/*"],
    "sw.js": ["/*", "/sw.js"],
    "manifest.webmanifest": ["/*"],
    "pyscript/core.js": ["/*", "/pyscript/*"],
    "wheels/*/pygame_core-*.whl": ["/*", "/wheels/*"],  # the folder is the wheel's hash
    "snapshot/*/start.snapshot.gz": ["/*", "/snapshot/*"],  # the folder is the snapshot's hash
}


def expected(blocks: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for name in blocks:
        found.update({k.lower(): v for k, v in BLOCKS[name].items()})
    return found


def test_every_block_of_netlify_toml_is_covered_here():
    assert {name for blocks in CASES.values() for name in blocks} == set(BLOCKS)


@pytest.mark.parametrize("path", list(CASES))
def test_the_server_sends_the_headers_of_netlify_toml(page: Page, site, path):
    url = path
    if "*" in path:
        (found,) = glob.glob(os.path.join(SITE, path))
        url = os.path.relpath(found, SITE)
    response = page.request.get(site.url + url)
    assert response.ok
    sent: dict[str, list[str]] = {}
    for header in response.headers_array:
        sent.setdefault(header["name"].lower(), []).append(header["value"])
    for name, value in expected(CASES[path]).items():
        assert sent.get(name) == [value], f"{path}: {name}"
    assert "content-security-policy" in sent


def test_a_page_loads_under_the_header_policy(page: Page, site):
    response = page.goto(site.url)
    assert response is not None
    csp = response.headers["content-security-policy"]
    assert csp == BLOCKS["/*"]["Content-Security-Policy"]
    assert "'unsafe-eval'" not in csp
    wait_ready(page)
