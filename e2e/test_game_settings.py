"""The settings from a game's More list: the menu's own panel in a dialog over the table, its
changes applied to the table at once and kept for the menu (web/ui/gamesettings.py)."""

from __future__ import annotations

import json
from typing import Any

from conftest import wait_ready
from helpers import wait_turn
from playwright.sync_api import Page, expect

GAME = "?game=hex-please&seats=2&bots=1&level=easy&seed=settings&names=Ann,Bot"


def test_settings_from_the_more_list_apply_to_the_table_at_once(page: Page, site: Any) -> None:
    page.add_init_script("try { localStorage.setItem('hex-table:settings', '{\"speed\": 0}') } catch (e) {}")
    page.goto(site.url + GAME)
    wait_ready(page)
    assert wait_turn(page)
    page.locator("#settings-button").click()  # on a desktop the More list is laid out in the bar
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#setting-confirm")).to_be_visible()
    # With a mouse a click plays at once; "Always" asks for a confirm from this move on.
    dialog.locator("#setting-confirm").select_option("always")
    dialog.locator("#setting-speed").select_option("2")
    dialog.get_by_role("button", name="Done").click()
    expect(dialog).to_be_hidden()
    stored = json.loads(page.evaluate("localStorage.getItem('hex-table:settings')"))
    assert stored["confirm"] == "always" and stored["speed"] == 2, stored
    expect(page.locator("#settings-button")).to_be_focused()  # the close handler runs after the dialog hides
    before = page.locator("#log li li").count()
    page.locator("#board .hp-hand-tile:not(.hp-unplayable)").first.click()
    page.locator("#board .hp-target").first.click()
    expect(page.locator("#confirm-bar")).to_be_visible()
    assert page.locator("#log li li").count() == before  # shown, not played
    page.locator("#confirm-yes").click()
    expect(page.locator("#confirm-bar")).to_be_hidden()
    expect(page.locator("#log li li")).not_to_have_count(before)
    # On a phone, from the folded More list; Escape closes it, the panel is back in the menu.
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#more-button").click()
    page.locator("#settings-button").click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#more-button")).to_be_focused()
    assert page.evaluate("!!document.querySelector('#menu .panel.settings #setting-confirm')")
    assert page.evaluate("document.getElementById('setting-confirm').value") == "always"
