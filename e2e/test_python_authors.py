"""The example page for Python authors runs our wheel and a game's view without our UI."""

from conftest import wait_ready
from playwright.sync_api import Page, expect


def test_the_python_authors_example_draws_a_board(page: Page, site):
    page.goto(site.url + "python-authors.html")
    wait_ready(page)
    expect(page.locator("#example-board .hs-card").first).to_be_visible()
    expect(page.locator("#example-status")).not_to_contain_text("Starting")
