"""The end of a game says who won once where a player looks: in the end summary. The status
line and the board say something else (or nothing), at a desktop's size and a phone's; the
log, the game's record, still tells the end as it happened. Each game is loaded from a save
of a finished game (played at random on CPython, shown first in the history view), so no
game is played here."""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest
from conftest import wait_ready
from playwright.sync_api import Page, expect
from test_phone_targets import PHONE

from pygame_core import Match, get_game, saves

# game -> players, options: a short random game to its end
GAMES = {"horrible-hex": (2, {"target": 1}), "hex-please": (2, {}), "hack-and-slash": (2, {}),
         "hex-hex": (3, {})}
NAMES = ["Ann", "Bea", "Cy"]

# Each drawn text that says who won ("Bea wins", "Winner: Bea"), with where it is: the page's
# words a player sees, that is, not the log (the game's record, which tells the end as it
# happened) nor what only a screen reader says.
WINS = r"""(name) => {
  const said = new RegExp(`\\b${name} wins\\b|Winner: ${name}\\b`);
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!said.test(n.textContent) || !el.checkVisibility() || el.closest('#log, .visually-hidden')) continue;
    out.push(`${n.textContent.trim().slice(0, 60)} (in ${el.closest('[id]').id})`);
  }
  return out;
}"""


def finished_save(game_id: str) -> tuple[str, str]:
    """A save of a finished game, a person at the first seat, and its winner's name."""
    players, options = GAMES[game_id]
    match = Match.start(get_game(game_id), players, seed=f"end-{game_id}", names=NAMES[:players], **options)
    rng = random.Random(game_id)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    assert len(match.state.winners) == 1, "a game with one winner"
    seats = ["human"] + ["easy"] * (players - 1)
    return saves.dump(match, {"seats": seats, "title": get_game(game_id).name,
                              "turn": match.turn_number()}), match.names[match.state.winners[0]]


@pytest.fixture
def phone(browser: Any, browser_context_args: dict) -> Iterator[Page]:
    context = browser.new_context(**{**browser_context_args, **PHONE})
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_winner_is_said_once_at_the_end(phone: Page, site: Any, tmp_path: Any, game_id: str) -> None:
    text, winner = finished_save(game_id)
    save = tmp_path / "over.json"
    save.write_text(text)
    phone.add_init_script("try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0})) } catch (e) {}")
    phone.goto(site.url)
    wait_ready(phone)
    phone.set_input_files("#import-file", str(save))
    expect(phone.locator("#history")).to_be_visible()  # a finished game opens in the history view
    phone.keyboard.press("Escape")  # back to the table, as the game ended
    expect(phone.locator("#summary")).to_be_visible()
    for width, height in ((390, 844), (1280, 800)):
        phone.set_viewport_size({"width": width, "height": height})
        phone.wait_for_timeout(100)
        said = phone.evaluate(WINS, winner)
        assert len(said) == 1, f"{game_id} at {width}x{height}: the winner is said {len(said)} times: {said}"
        assert said[0].endswith("(in summary-title)"), said
