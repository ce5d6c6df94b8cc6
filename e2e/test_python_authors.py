"""The example page for Python authors installs our wheel with micropip (`packages`) and draws
a game's view without our UI, fetching nothing from another host."""

from urllib.parse import urlparse

from conftest import wait_ready
from playwright.sync_api import Page, expect


def test_the_python_authors_example_installs_the_wheel_with_micropip_and_draws_a_board(page: Page, site):
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(site.url + "python-authors.html")
    wait_ready(page)
    expect(page.locator("#example-board .hs-card").first).to_be_visible()
    expect(page.locator("#example-status")).not_to_contain_text("Starting")
    paths = [urlparse(u).path for u in requested]
    assert any(p.endswith("/pyodide/micropip-0.11.1-py3-none-any.whl") for p in paths), paths
    assert any(p.endswith(".whl") and "/wheels/" in p for p in paths), paths
    here = urlparse(site.url).netloc
    assert [u for u in requested if urlparse(u).netloc not in (here, "")] == []
