"""Replays and the history view in the browser: a finished game of each game opened from its
replay link in a context of its own (nothing of the game stored there) shows its final
scores and steps back to an earlier board; a damaged link says why; an imported finished game
opens in the history, which the table's More menu and end summary open too, and whose
share button makes a link that opens the same game again.

The games are played on CPython (random moves from a fixed seed) and packed as the page
packs them (pygame_core.replaylink), so no test waits for a whole game in the browser.
"""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from pathlib import Path

import pytest
from conftest import POLL_MS, wait_ready
from helpers import score_chips
from playwright.sync_api import Page, expect

from pygame_core import Match, get_game, replaylink, saves
from pygame_core.history import History

GAMES = {"hack-and-slash": 3, "horrible-hex": 2, "hex-hex": 4, "hex-please": 3}


def finished(game_id: str, players: int, seed: str = "e2e-replay") -> Match:
    match = Match.start(get_game(game_id), players, seed=seed, names=[f"Ann{i + 1}" for i in range(players)])
    rng = random.Random(seed)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match


def chips(page: Page) -> dict[str, float]:
    return score_chips(page, "#history-scores")


def board(page: Page) -> str:
    return page.locator("#history-board").inner_html()


def check_replay(page: Page, match: Match) -> None:
    """The history is open at the end of `match`, with its scores; stepping back changes the
    board and the highlighted move, the slider reaches the set-up."""
    dialog = page.locator("#history")
    expect(dialog).to_be_visible()
    # Its content is hidden until the game's stylesheet has come (styles-pending, app.css):
    # the chips' text is read as a player sees it, empty until then.
    expect(dialog).not_to_have_class(re.compile(r"\bstyles-pending\b"))
    expect(page.locator("#history-title")).to_have_text(f"Replay: {match.game.name}")
    # Opened over another replay, the dialog is redrawn: wait for this game's scores.
    expect(page.locator("#history-scores .score-chip")).to_have_text(
        [f"{name}: {score:g}" for name, score in zip(match.names, match.state.scores)])
    expect(page.locator("#history-step")).to_contain_text("(the end)")
    assert chips(page) == dict(zip(match.names, match.state.scores))
    last = int(page.locator("#history-slider").get_attribute("max") or 0)
    assert page.locator("#history-log li.current").get_attribute("data-entry") == str(last)
    end_board = board(page)
    assert page.locator("#history-board [data-action]").count() == 0  # a past board offers no move
    page.locator("[data-history='back']").click()
    expect(page.locator("#history-step")).to_contain_text(f"Step {last - 1} of {last}")
    assert page.locator("#history-log li.current").get_attribute("data-entry") == str(last - 1)
    page.keyboard.press("Home")  # the slider has the focus: its own keys move it
    expect(page.locator("#history-step")).to_contain_text(f"Step 0 of {last}: the set-up")
    assert board(page) != end_board
    page.locator("[data-history='last']").click()
    expect(page.locator("#history-step")).to_contain_text("(the end)")
    assert board(page) == end_board


@pytest.mark.own_context  # a browser that has seen none of these games
def test_a_finished_game_of_each_game_opens_from_its_replay_link(page: Page, site):
    matches = [finished(game_id, players) for game_id, players in GAMES.items()]
    page.goto(f"{site.url}#{replaylink.fragment(matches[0])}")
    wait_ready(page)
    check_replay(page, matches[0])
    for match in matches[1:]:  # a link opened over another: the address changes, the page stays
        page.evaluate("fragment => { location.hash = fragment }", replaylink.fragment(match))
        expect(page.locator("#history-title")).to_have_text(f"Replay: {match.game.name}")
        check_replay(page, match)
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.includes('save')).length") == 0
    page.locator("[data-history='close']").click()
    expect(page.locator("#history")).to_be_hidden()
    expect(page.locator("#menu")).to_be_visible()
    assert "replay=" not in page.url


def test_a_damaged_or_changed_replay_link_says_why_and_leaves_the_menu(page: Page, site):
    code = replaylink.pack(finished("hex-please", 2))
    page.goto(f"{site.url}#replay={code[:-30]}")
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("That replay link cannot be opened: the replay link is cut short")
    expect(page.locator("#menu")).to_be_visible()
    expect(page.locator("#history")).to_be_hidden()
    page.evaluate("fragment => { location.hash = fragment }", "replay=%%%")
    expect(page.locator("#notice")).to_contain_text("characters a replay link does not have")
    data = json.loads(zlib.decompressobj(-15, replaylink._DICTIONARY).decompress(
        base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, replaylink._DICTIONARY)
    changed = packer.compress(json.dumps({**data, "d": "0000000000"}).encode()) + packer.flush()
    page.evaluate("fragment => { location.hash = fragment }",
                  "replay=" + base64.urlsafe_b64encode(changed).decode().rstrip("="))
    expect(page.locator("#notice")).to_contain_text("another version of the rules")
    expect(page.locator("#history")).to_be_hidden()


def test_an_imported_finished_game_opens_in_its_history_and_shares_a_link(page: Page, site, tmp_path: Path):
    match = finished("hack-and-slash", 3, seed="e2e-import")
    path = tmp_path / "finished.json"
    path.write_text(saves.dump(match, {"seats": ["human", "human", "human"], "title": "Hack"}), encoding="utf-8")
    page.goto(site.url)
    wait_ready(page)
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#history")).to_be_visible()
    expect(page.locator("#history-title")).to_have_text("History")
    expect(page.locator("#history-seat option")).to_have_count(4)  # the game is over: every seat
    scores = page.locator("#scores").inner_text()
    page.locator("[data-history='share']").click()
    link = page.locator("#history-link").input_value()
    assert link.startswith(site.url) and "#replay=" in link
    page.keyboard.press("Escape")
    expect(page.locator("#history")).to_be_hidden()
    expect(page.locator("#summary")).to_be_visible()
    assert page.locator("#scores").inner_text() == scores
    page.locator("#summary [data-summary='history']").click()
    expect(page.locator("#history-step")).to_contain_text("(the end)")
    page.locator("[data-history='close']").click()
    page.evaluate("fragment => { location.hash = fragment }", link.split("#", 1)[1])
    expect(page.locator("#history-title")).to_have_text("Replay: Hack & Slash")
    assert chips(page) == dict(zip(match.names, match.state.scores))


def test_the_more_menu_opens_the_history_of_a_game_in_progress_with_only_one_s_own_seat(page: Page, site):
    page.goto(f"{site.url}?game=horrible-hex&seats=2&bots=1&level=easy&seed=hist")
    wait_ready(page)
    expect(page.locator("#board [data-action]").first).to_be_visible(timeout=30_000)
    page.locator("#history-button").click()  # beside Rules on a wide screen (under More on a phone)
    expect(page.locator("#history")).to_be_visible()
    options = page.locator("#history-seat option").all_inner_texts()
    assert options[0] == "Everyone's view" and len(options) <= 2
    page.locator("[data-history='close']").click()
    expect(page.locator("#history")).to_be_hidden()
    expect(page.locator("#board [data-action]").first).to_be_visible()
    assert json.loads(page.evaluate("() => JSON.stringify(location.hash)")).startswith("#play=")


IN_VIEW = """() => {
  const w = window.innerWidth, h = window.innerHeight, out = [];
  const boxes = [...document.querySelectorAll('#history-step, #history-slider, #history [data-history], #history-board svg')];
  for (const el of boxes) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const below = el.dataset.history === 'share';  // under the board and the moves on a phone, as the log is
    if (!below && (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1)) out.push(`${el.id || el.dataset.history || el.tagName} off screen`);
    if (el.matches('button, input') && (r.height < 43.5 || r.width < 43.5)) out.push(`${el.id || el.dataset.history} is ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_history_fits_one_screen_with_touch_sized_controls(page: Page, site, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    match = finished("hex-hex", 6)
    page.goto(f"{site.url}#{replaylink.fragment(match)}")
    wait_ready(page)
    expect(page.locator("#history-board svg").first).to_be_visible()
    page.wait_for_timeout(300)  # the stylesheets
    assert page.evaluate(IN_VIEW) == []
    page.locator("[data-history='share']").click()
    expect(page.locator("#history-link")).to_be_visible()
    page.locator("#history-link").evaluate("box => box.scrollIntoView()")
    assert page.locator("#history-link").bounding_box()["height"] >= 43.5


SAVED_LOG = "() => JSON.parse(localStorage.getItem('hex-table:save:' + location.hash.slice(6)) || '{\"log\": []}').log.length"


def test_a_shared_link_holds_the_game_as_the_history_opened_while_computers_play_on(page: Page, site):
    """Computers play on behind the history: its link packs the position it was opened on."""
    page.goto(f"{site.url}?game=hex-please&seats=3&bots=3&level=easy&seed=behind")
    wait_ready(page)
    page.wait_for_function("() => /^#play=/.test(location.hash)", polling=POLL_MS)
    page.locator("#history-button").click()
    last = int(page.locator("#history-slider").get_attribute("max") or 0)
    opened = page.evaluate(SAVED_LOG)
    page.on("dialog", lambda dialog: dialog.accept())  # "this game is not over: share it so far?"
    page.locator("[data-history='share']").click()
    link = page.locator("#history-link").input_value()
    for _ in range(200):  # the computers' moves go on behind the dialog (at their usual pace)
        if page.evaluate(SAVED_LOG) > opened + 2:
            break
        page.wait_for_timeout(100)
    assert page.evaluate(SAVED_LOG) > opened + 2, "the computers did not play on behind the history"
    page.locator("[data-history='share']").click()
    assert page.locator("#history-link").input_value() == link
    match = replaylink.unpack(link.split("#", 1)[1])
    assert len(match.log) == opened and len(History(match)) == last + 1
