"""Horrible Hex in the browser: a two-player game against the computer and a solo game."""

from __future__ import annotations

from conftest import fast_settings, wait_ready
from helpers import play_to_the_end
from playwright.sync_api import Page, expect


def test_two_player_game_against_the_computer_to_the_end(page: Page, site):
    fast_settings(page)
    page.goto(site.url + "?game=horrible-hex&seats=2&bots=1&level=normal&seed=hh-e2e")
    wait_ready(page)
    expect(page.locator("#board svg").first).to_be_visible()
    play_to_the_end(page)
    expect(page.locator("#turn")).to_contain_text("Game over")
    assert "completes" in page.inner_text("#log")


def test_solo_game_to_the_end(page: Page, site):
    fast_settings(page)
    page.goto(site.url + "?game=horrible-hex&seats=1&bots=0&seed=hh-solo")
    wait_ready(page)
    play_to_the_end(page)
    expect(page.locator("#turn")).to_contain_text("Game over")
