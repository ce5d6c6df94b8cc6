"""The HEX PLEASE! tutorial: reached from the menu, one rule a step, only the asked move, resumable."""

from __future__ import annotations

from conftest import wait_ready
from playwright.sync_api import Page, expect


def test_tutorial_first_steps_refuse_other_moves_and_resume_after_reload(page: Page, site):
    page.goto(site.url)
    wait_ready(page)
    page.click(".tutorial-start[data-game='hex-please']")
    expect(page.locator("#tutorial-title")).to_contain_text("Welcome")
    expect(page.locator("#undo-button")).to_be_disabled()
    page.click("#tutorial-next")
    expect(page.locator("#tutorial-title")).to_contain_text("Deployment Cell")
    expect(page.locator("#board .hp-hint")).not_to_have_count(0)   # where to act is shown
    # A legal move that is not the one asked for is refused, with the reason.
    other = page.locator("#board [data-action]:not([data-action='B1@2,0'])").first
    other.click()
    expect(page.locator("#tutorial-feedback")).to_contain_text("highlighted")
    assert page.locator("#log li", has_text="You lay").count() == 0
    page.click("#board [data-action='B1@2,0']")
    expect(page.locator("#tutorial-title")).to_contain_text("First Play")
    expect(page.locator("#tutorial-feedback")).to_contain_text("One point")
    # Leave and come back: the tutorial resumes at the same step.
    assert "#tutorial=hex-please" in page.url
    page.reload()
    wait_ready(page)
    expect(page.locator("#tutorial-title")).to_contain_text("First Play")
    expect(page.locator("#log")).to_contain_text("You lay a blue Solid")
    page.click("#tutorial-leave")
    expect(page.locator("#menu")).to_be_visible()
