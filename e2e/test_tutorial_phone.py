"""The HEX PLEASE! tutorial on a phone (390x844, touch): the step's answer to a move (its
feedback) does not push the hand out of view, and the step reads whole without a box to scroll."""

from __future__ import annotations

from typing import Any

from conftest import wait_ready
from playwright.sync_api import Page, expect

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# Against computers with no pause, and every move played at the first tap (no confirm bar,
# which would lie over the hand on purpose).
SETTINGS = "{speed: 0, confirm: 'never'}"


def hand_bottom(page: Page) -> float:
    """The bottom of the hand's first tile, in the viewport, with the page scrolled to its top."""
    page.evaluate("scrollTo(0, 0)")
    return float(page.evaluate("document.querySelector('#board .hp-hand-tile').getBoundingClientRect().bottom"))


def scrolled_inside(page: Page) -> int:
    """How much of the step's box is hidden, to be scrolled inside it (0: it reads whole)."""
    return int(page.evaluate("(p => p.scrollHeight - p.clientHeight)(document.getElementById('tutorial-panel'))"))


def test_the_hand_stays_in_view_when_the_tutorial_answers(browser: Any, browser_context_args: dict, site) -> None:
    context = browser.new_context(**{**browser_context_args, **PHONE})
    page = context.new_page()
    page.add_init_script(f"try {{ localStorage.setItem('hex-table:settings', JSON.stringify({SETTINGS})) }} catch (e) {{}}")
    page.goto(site.url)
    wait_ready(page)
    page.click(".tutorial-start[data-game='hex-please']")
    page.click("#tutorial-next")
    expect(page.locator("#tutorial-title")).to_contain_text("Deployment Cell")
    height = page.viewport_size["height"] if page.viewport_size else 844
    assert hand_bottom(page) <= height, "the hand is below the fold before any feedback"
    page.locator("#board [data-action]:not([data-action='B1@2,0'])").first.click()
    expect(page.locator("#tutorial-feedback")).to_contain_text("highlighted")
    assert hand_bottom(page) <= height, "a refused move's feedback pushed the hand out of view"
    assert scrolled_inside(page) <= 1, "the step's text scrolls inside its box once feedback shows"
    page.click("#board [data-action='B1@2,0']")
    expect(page.locator("#tutorial-feedback")).to_contain_text("One point")
    assert hand_bottom(page) <= height, "the next step's feedback pushed the hand out of view"
    assert scrolled_inside(page) <= 1, "the step's text scrolls inside its box"
    expect(page.locator("#tutorial-leave")).to_be_in_viewport()  # the box keeps its buttons shown
    context.close()
