"""Shared moves for the e2e tests: open the new-game dialog, wait for a human turn, take the
first offered choice; and saves of games a few turns before their end, made on CPython."""

from __future__ import annotations

import html
import os
import random
import re
import sys
from typing import Any, Callable

from conftest import POLL_MS, ROOT, fast_settings, wait_ready
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from pygame_core import Match, get_game, saves

sys.path.insert(0, os.path.join(ROOT, "web", "ui"))
import presenter  # noqa: E402

# The facts (pygame_core.markup.facts) under `selector` drawn over more than one line though
# they would fit on one: what each says. One wider than its line may wrap, as any text does.
BROKEN_FACTS = """(selector) => {
  const measure = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll(selector + ' .fact')].filter(el => {
    const s = getComputedStyle(el), line = parseFloat(s.lineHeight) || 1.25 * parseFloat(s.fontSize);
    const box = el.getBoundingClientRect();
    if (!box.height || box.height <= 1.5 * line) return false;
    measure.font = s.font;
    const room = el.parentElement.getBoundingClientRect().width;
    return measure.measureText(el.textContent).width <= room;
  }).map(el => el.textContent);
}"""
TURN_OR_OVER = ("() => /your turn|Game over/.test(document.getElementById('turn').textContent)"
                " && !document.getElementById('board').classList.contains('thinking')"
                " && document.getElementById('handoff').hidden")


def open_setup(page: Page, url: str, game_id: str, players: int) -> Locator:
    """From the menu at `url`, the new-game dialog of `game_id` set to `players` seats; returns
    the seat rows it shows."""
    fast_settings(page)
    page.goto(url)
    wait_ready(page)
    page.click(f".new-game[data-game='{game_id}']")
    expect(page.locator("#setup")).to_be_visible()
    page.select_option("#setup-players", str(players))
    rows = page.locator(".seat-row:not([hidden])")
    expect(rows).to_have_count(players)
    return rows


def wait_turn(page: Page) -> bool:
    """Wait until a human may act; False once the game is over."""
    page.wait_for_function(TURN_OR_OVER, timeout=90_000, polling=POLL_MS)
    return "Game over" not in page.inner_text("#turn")


def take_first_choice(page: Page) -> None:
    """Click the first action offered, or else the first selection that leads to one. A choice
    that is gone before the click (against computers the table passes for a person whose only
    move is to pass) is not waited for: the caller looks again."""
    actions = page.locator("#board [data-action]")
    target = actions.first if actions.count() else page.locator("#board [data-ui]:not([data-read])").first
    try:
        target.click(timeout=5_000)
    except PlaywrightTimeoutError:
        pass


def play_to_the_end(page: Page, max_clicks: int = 1500) -> int:
    """Play every human turn with first choices until the game ends; returns clicks made."""
    for clicks in range(max_clicks):
        if not wait_turn(page):
            return clicks
        take_first_choice(page)
    raise AssertionError(f"the game did not end within {max_clicks} clicks")


MARK_BOARD = ("() => { for (const c of document.getElementById('board').children)"
              " c.dataset.e2eOld = '1'; }")
BOARD_REDRAWN = ("() => { const first = document.getElementById('board').firstElementChild;"
                 " return !first || !first.dataset.e2eOld; }")


def act_and_wait_redraw(page: Page, act) -> None:
    """Do `act()` (a click or a key) and wait until the page has drawn the board again.

    The controller redraws the board after every accepted click, so this proves the click
    was taken (a refused one leaves the old board and times out here)."""
    page.evaluate(MARK_BOARD)
    act()
    page.wait_for_function(BOARD_REDRAWN, timeout=30_000, polling=POLL_MS)


def click_and_wait_redraw(page: Page, locator) -> None:
    act_and_wait_redraw(page, locator.click)


def score_chips(page: Page, box: str = "#scores") -> dict[str, float]:
    """The score chips in `box` (the game's, under the title, by default), as name -> points."""
    scores = {}
    texts = page.locator(f"{box} .score-chip").all_inner_texts()
    for text in texts:
        name, _, value = text.partition(": ")
        assert value, f"a score chip that is not 'name: points' in {box}: {texts}"
        scores[name] = float(value)
    return scores


def final_scores(page: Page) -> dict[str, int]:
    """The score chips under the title, as name -> whole points."""
    return {name: int(value) for name, value in score_chips(page).items()}


def hack_and_slash_close(match: Match) -> bool:
    """A few turns before the end (the round after a player has nobody at home is the
    last): someone is down to two at home, the first seat to move."""
    view = match.state.view(None)
    return match.state.current_player == 0 and min(view["home"]) <= 2


def clicked(match: Match, rng: random.Random, ui: dict[str, str]) -> None:
    """One click as test_peers' `any_choice` makes it, on CPython: a random offered move of the seat to
    act, or else a random selection (kept in `ui`)."""
    seat = match.state.current_player
    markup = str(presenter.view_module(match.game.id).render(match.state.view(seat), ui, match.names))
    moves = [re.search(r'data-action="([^"]*)"', t).group(1)  # type: ignore[union-attr]
             for t in re.findall(r'<[^>]*data-action="[^"]*"[^>]*>', markup) if " disabled" not in t]
    if moves:
        match.play_text(html.unescape(rng.choice(moves)), seat)
        ui.clear()
        return
    for pair in html.unescape(rng.choice(re.findall(r'data-ui="([^"]*)"', markup))).split(";"):
        key, _, value = pair.partition("=")
        if value:
            ui[key] = value
        else:
            ui.pop(key, None)


def near_the_end(game_id: str, seats: list[str], seed: str, close: Callable[[Match], bool], **options: Any) -> str:
    """A save of `game_id`, played on CPython with clicks as the test makes them until
    `close(match)` says the end is near, with the given seat kinds: a game to finish in a
    short test."""
    game = get_game(game_id)
    match = Match.start(game, len(seats), seed=seed, names=[f"P{i + 1}" for i in range(len(seats))], **options)
    rng, ui = random.Random(seed), {}
    while ui or not close(match):
        assert not match.state.is_over, "the game ended before it came close to its end"
        clicked(match, rng, ui)
    return saves.dump(match, {"seats": seats, "title": game.name, "turn": match.turn_number()})


# Data saving on, as navigator.connection says it: the page starts Python normally rather than
# from the shipped snapshot (web/start.mjs), as on a slow link; for tests of what only a normal
# start does (download a game's files when it is first needed, its computer's bytecode).
SAVE_DATA = ("Object.defineProperty(Navigator.prototype, 'connection', "
             "{get: () => ({saveData: true, effectiveType: '4g', downlink: 10, rtt: 50})})")


def start_normally(page: Page) -> None:
    """Make `page`'s loads start Python normally (data saving on); add before its first load."""
    page.add_init_script(SAVE_DATA)
