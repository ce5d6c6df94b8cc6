"""The HEX PLEASE! tutorial: reached from the menu, one rule a step, only the asked move, resumable."""

from __future__ import annotations

from conftest import fast_settings, wait_ready
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
    expect(page.locator("#log")).to_contain_text("You lay a blue 1-point Solid")
    page.click("#tutorial-leave")
    expect(page.locator("#menu")).to_be_visible()


def test_each_tutorial_step_stays_until_the_learner_continues(page: Page, site):
    """A computer's scripted move waits for Next, so its explanation can be read; a wrong move
    is answered in the panel, with no toast over the hand."""
    from pygame_core.hex_please.tutorial import TUTORIAL
    fast_settings(page)
    page.goto(site.url)
    wait_ready(page)
    page.click(".tutorial-start[data-game='hex-please']")
    human = TUTORIAL["human"]
    computer_steps = 0
    for number, step in enumerate(TUTORIAL["steps"][:6]):
        expect(page.locator("#tutorial-title")).to_contain_text(f"{number + 1}.")
        seat = step.get("seat")
        if seat is None:
            page.click("#tutorial-next")
        elif seat == human:
            page.locator(f"#board [data-action='{step['expect'][0]}']").click()
        else:
            computer_steps += 1
            title = page.inner_text("#tutorial-title")
            page.wait_for_timeout(2500)
            assert page.inner_text("#tutorial-title") == title, "a computer step must wait for Next"
            expect(page.locator("#tutorial-next")).to_contain_text("moves")
            page.click("#tutorial-next")
    assert computer_steps, "the first steps include a computer's move"
    assert page.locator("#notice").is_hidden()
