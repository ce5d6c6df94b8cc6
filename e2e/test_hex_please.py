"""HEX PLEASE! in the browser: a whole game against the computer by clicking, and the
hot-seat "pass the device" screen (and its absence with open hands)."""

from __future__ import annotations

import re
from collections import Counter

from conftest import fast_settings, wait_ready
from helpers import click_and_wait_redraw, final_scores, open_setup, wait_turn
from playwright.sync_api import Page, expect

PLACED = re.compile(r"^(\w+) scores (\d+) points?\b", re.M)  # the log: "Ann scores 6 points: 3 for the tile ..."


def take_turn(page: Page) -> str:
    """One decision: pick the first tile that fits somewhere, then the first highlighted cell
    (turning a Bridge first when it only fits turned); pass or end only when nothing fits."""
    board = page.locator("#board")
    tiles = board.locator(".hp-hand-tile:not(.hp-unplayable)")
    if tiles.count():
        click_and_wait_redraw(page, tiles.first)
        expect(board.locator(".hp-hand-tile.hp-picked")).to_have_count(1)
        cells = board.locator(".hp-target")
        if not cells.count():
            click_and_wait_redraw(page, board.locator(".hp-turnable").first)
        cell = cells.first
        # The score of the move is shown on the cell before it is played: a pill with points
        # (never "+5", which a bonus cell reads), and how they add up in its label.
        expect(cell.locator(".hp-preview")).to_have_text(re.compile(r"^\d+ pts?$"))
        assert re.search(r": scores (\d+) \(.+ = \1\)$", cell.get_attribute("aria-label"))
        click_and_wait_redraw(page, cell)
        return "place"
    for control in ("pass", "end"):
        button = board.locator(f"[data-action='{control}']")
        if button.count():
            click_and_wait_redraw(page, button)
            return control
    raise AssertionError("nothing to do on this turn: " + board.inner_text())


def test_two_player_game_against_the_computer_to_the_end(page: Page, site):
    fast_settings(page)
    page.goto(site.url + "?game=hex-please&seats=2&bots=1&level=normal&seed=hp-e2e&names=Ann,Bot")
    wait_ready(page)
    expect(page.locator("#board .hp-board")).to_be_visible()
    expect(page.locator("#handoff")).to_be_hidden()  # one person: nothing to hide from
    moves = Counter()
    for _ in range(200):
        if not wait_turn(page):
            break
        moves[take_turn(page)] += 1
    else:
        raise AssertionError(f"the game did not end: {moves}")
    assert moves["place"] >= 6, moves

    # The final scores are shown: in the end summary, the score chips and the board's table.
    expect(page.locator("#summary-title")).to_contain_text(re.compile(r"Game over: (Ann|Bot)( and (Ann|Bot))? wins?\."))
    expect(page.locator("#board .hp-status")).to_contain_text("Game over.")
    chips = page.locator("#scores .score-chip")
    expect(chips).to_have_count(2)
    final = final_scores(page)
    assert set(final) == {"Ann", "Bot"}, final
    points = page.locator("#board .hp-scores .hp-points").all_inner_texts()
    assert points == [f"{final['Ann']} pts", f"{final['Bot']} pts"], points
    expect(page.locator("#board .hp-scores .hp-winner")).not_to_have_count(0)
    # Every point comes from a move the log describes.
    scored = Counter()
    for name, pts in PLACED.findall(page.inner_text("#log")):
        scored[name] += int(pts)
    assert dict(scored) == {n: p for n, p in final.items() if p}, (scored, final)
    assert final["Ann"] > 0 and final["Bot"] > 0


def board_is_empty(page: Page) -> bool:
    return page.evaluate("document.getElementById('board').innerHTML") == ""


def test_hot_seat_hides_the_board_between_people(page: Page, site):
    fast_settings(page)
    page.goto(site.url + "?game=hex-please&seats=2&bots=0&seed=hp-hot&names=Ann,Ben")
    wait_ready(page)
    for name in ("Ann", "Ben", "Ann"):
        # Before each person's turn: the pass-the-device screen, and nothing of the hand.
        expect(page.locator("#handoff")).to_be_visible()
        expect(page.locator("#handoff-text")).to_have_text(f"Pass the device to {name}. Everyone else, look away.")
        assert board_is_empty(page)
        click_and_wait_redraw(page, page.locator("#handoff-ready"))
        expect(page.locator("#handoff")).to_be_hidden()
        expect(page.locator("#turn")).to_have_text(f"{name}, your turn.")
        expect(page.locator("#board .hp-scores .hp-current")).to_contain_text(f"{name} (you)")
        expect(page.locator("#board .hp-hand-tile")).to_have_count(6)
        expect(page.locator("#board .hp-open")).to_have_count(0)  # the other hand stays hidden
        take_turn(page)
        if page.locator("#turn").inner_text() == f"{name}, your turn.":  # First Play: a second tile is optional
            click_and_wait_redraw(page, page.locator("#board [data-action='end']"))
    expect(page.locator("#handoff")).to_be_visible()
    assert board_is_empty(page)


def test_open_hands_needs_no_pass_the_device_screen(page: Page, site):
    rows = open_setup(page, site.url, "hex-please", 2)
    rows.nth(0).locator(".seat-name").fill("Ann")
    rows.nth(1).locator(".seat-name").fill("Ben")
    rows.nth(1).locator(".seat-kind input[value='human']").check()
    page.check(".setup-option[data-option='open_hands']")
    page.click(".more-options summary")
    page.fill("#setup-seed", "hp-open")
    page.click("#setup-start")
    expect(page.locator("#game")).to_be_visible()
    for name, other in (("Ann", "Ben"), ("Ben", "Ann"), ("Ann", "Ben")):
        expect(page.locator("#turn")).to_have_text(f"{name}, your turn.")
        expect(page.locator("#handoff")).to_be_hidden()
        expect(page.locator("#board .hp-hand-tile")).not_to_have_count(0)
        # Everyone's hand is on show: the other seat's tiles are drawn in the score table.
        expect(page.locator("#board .hp-scores .hp-seat", has_text=other).locator(".hp-open .hp-mini")).to_have_count(6)
        take_turn(page)
        if page.locator("#turn").inner_text() == f"{name}, your turn.":
            click_and_wait_redraw(page, page.locator("#board [data-action='end']"))
    expect(page.locator("#handoff")).to_be_hidden()
    assert not board_is_empty(page)


def test_three_players_play_on_the_balanced_board_unless_the_original_is_chosen(page: Page, site):
    fast_settings(page)
    page.goto(site.url + "?game=hex-please&seats=3&bots=2&level=easy&seed=hp-boards")
    wait_ready(page)
    expect(page.locator("#board .hp-board")).to_have_attribute("aria-label", "Board of 91 cells")
    expect(page.locator("#board .hp-cell.hp-bonus-pink")).to_have_count(6)   # between the Deployment Cells

    open_setup(page, site.url, "hex-please", 3)
    option = page.locator(".setup-option[data-option='boards']")
    expect(option.locator("input:checked")).to_have_value('"balanced"')
    option.locator("""input[value='"original"']""").check()
    page.click(".more-options summary")
    page.fill("#setup-seed", "hp-boards")
    page.click("#setup-start")
    expect(page.locator("#board .hp-board")).to_have_attribute("aria-label", "Board of 61 cells")
    expect(page.locator("#board .hp-cell.hp-bonus-sky")).to_have_count(6)
