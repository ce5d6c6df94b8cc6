"""The confirm step: on a touch screen a tap on a move only shows it (marked on the board, a
bar with Confirm and Cancel under the thumb) and nothing is played, so nothing is revealed,
until a second tap or Confirm; with a mouse a click plays at once unless the player chose
otherwise. A guest's phone goes through the same table client (e2e/test_peers.py plays its
phones' moves with two taps)."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
from conftest import wait_ready
from helpers import wait_turn
from playwright.sync_api import Page, expect

GAME = "?game=hex-please&seats=2&bots=1&level=easy&seed=confirm&names=Ann,Bot"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def open_game(page: Page, site: Any, query: str = GAME, **settings: Any) -> None:
    stored = json.dumps({"speed": 0, **settings})
    page.add_init_script(f"try {{ localStorage.setItem('hex-table:settings', {json.dumps(stored)}) }} catch (e) {{}}")
    page.goto(site.url + query)
    wait_ready(page)
    assert wait_turn(page)


def pick_a_tile(page: Page) -> Any:
    """Pick the first tile that fits; the first cell it may go on."""
    board = page.locator("#board")
    board.locator(".hp-hand-tile:not(.hp-unplayable)").first.click()
    cell = board.locator(".hp-target").first
    expect(cell).to_be_visible()
    return cell


def log_length(page: Page) -> int:
    return page.locator("#log li li").count()


@pytest.fixture
def phone(browser: Any, browser_context_args: dict) -> Iterator[Page]:
    """A phone: 390x844, touch."""
    context = browser.new_context(**{**browser_context_args, **PHONE})
    yield context.new_page()
    context.close()


def test_on_a_phone_a_tap_shows_the_move_and_confirm_plays_it(phone: Page, site: Any) -> None:
    open_game(phone, site)
    before = log_length(phone)
    cell = pick_a_tile(phone)
    label = cell.get_attribute("aria-label")
    cell.tap()
    bar = phone.locator("#confirm-bar")
    expect(bar).to_be_visible()
    expect(phone.locator("#confirm-text")).to_contain_text(label or "")
    expect(phone.locator("#board .pending")).to_have_count(1)
    phone.wait_for_timeout(300)
    assert log_length(phone) == before, "a tap alone plays nothing"
    # The bar is under the thumb, and its buttons are big enough for one.
    box, screen = phone.locator("#confirm-yes").bounding_box(), phone.viewport_size
    assert box and screen and box["y"] + box["height"] > screen["height"] * 0.8
    assert box["height"] >= 44 and box["width"] >= 44
    phone.locator("#confirm-yes").tap()
    expect(bar).to_be_hidden()
    expect(phone.locator("#log")).to_contain_text("Ann scores")
    assert log_length(phone) > before


def test_the_bar_says_the_move_in_words_not_what_its_card_shows(phone: Page, site: Any) -> None:
    """A Hack & Slash quest read "Your move: Wake the Sleeping Giant: send 2 adventurers, roll
    11 or more; reward 8 points.11+8Ask politely for the key he is lying on.": the card's words
    for a screen reader, then its icons' digits and its flavour text."""
    open_game(phone, site, "?game=hack-and-slash&seats=2&bots=1&level=easy&seed=confirm")
    brag = phone.locator("#board .hs-card[data-action]").first
    brag.tap()
    expect(phone.locator("#confirm-bar")).to_be_visible()
    expect(phone.locator("#confirm-text")).to_have_text(
        "Your move: Brag at the Tavern: send 1 adventurer, roll 5 or more; reward a new adventurer")


def test_on_a_phone_cancel_takes_the_move_back_and_a_second_tap_plays_it(phone: Page, site: Any) -> None:
    open_game(phone, site)
    before = log_length(phone)
    cell = pick_a_tile(phone)
    cell.tap()
    expect(phone.locator("#confirm-bar")).to_be_visible()
    phone.locator("#confirm-no").tap()
    expect(phone.locator("#confirm-bar")).to_be_hidden()
    expect(phone.locator("#board .pending")).to_have_count(0)
    assert log_length(phone) == before
    cell = phone.locator("#board .hp-target").first
    cell.tap()
    expect(phone.locator("#confirm-bar")).to_be_visible()
    phone.locator("#board .pending").tap()
    expect(phone.locator("#log")).to_contain_text("Ann scores")


def test_on_a_phone_the_confirm_step_can_be_turned_off(phone: Page, site: Any) -> None:
    open_game(phone, site, confirm="never")
    pick_a_tile(phone).tap()
    expect(phone.locator("#log")).to_contain_text("Ann scores")
    expect(phone.locator("#confirm-bar")).to_be_hidden()


def test_with_a_mouse_a_click_plays_at_once(page: Page, site: Any) -> None:
    open_game(page, site)
    pick_a_tile(page).click()
    expect(page.locator("#log")).to_contain_text("Ann scores")
    expect(page.locator("#confirm-bar")).to_be_hidden()


def test_with_a_mouse_the_confirm_step_can_be_chosen_and_escape_takes_the_move_back(page: Page, site: Any) -> None:
    open_game(page, site, confirm="always")
    before = log_length(page)
    pick_a_tile(page).click()
    expect(page.locator("#confirm-bar")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#confirm-bar")).to_be_hidden()
    assert log_length(page) == before
    pick_a_tile(page).click()
    page.locator("#confirm-yes").click()
    expect(page.locator("#log")).to_contain_text("Ann scores")
