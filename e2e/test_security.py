"""Nothing let in: player names, imported saves and URL parameters never become markup,
and the Content-Security-Policy holds for a whole session."""

from __future__ import annotations

import pytest
from conftest import POLL_MS, fast_settings, wait_ready
from helpers import take_first_choice
from playwright.sync_api import Page, expect

MARKUP = "<img src=x onerror=alert(1)>"
CSP_WATCH = """
window.__csp = [];
addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""


def test_a_player_named_with_markup_shows_literally_and_runs_nothing(page: Page, site):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    fast_settings(page)
    page.add_init_script(CSP_WATCH)
    page.goto(site.url)
    wait_ready(page)
    page.click(".new-game[data-game='hack-and-slash']")
    page.locator(".seat-row:not([hidden]) .seat-name").nth(0).fill(MARKUP[:24])
    page.locator(".seat-row:not([hidden]) .seat-name").nth(1).fill("<script>alert(2)</script>"[:24])
    page.click("#setup-start")
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#scores")).to_contain_text(MARKUP[:24])
    assert page.locator("#board img, #scores img, #log img").count() == 0
    page.wait_for_function("() => /your turn|Game over/.test(document.getElementById('turn').textContent)",
                           polling=POLL_MS)
    page.locator("#board [data-action]").first.click()
    page.wait_for_timeout(500)
    assert dialogs == []
    assert page.evaluate("window.__csp") == []


def test_an_imported_save_with_markup_in_every_string_shows_it_as_text(page: Page, site, tmp_path):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.add_init_script(CSP_WATCH)
    page.goto(site.url)
    wait_ready(page)
    save = {"format": 2, "game": "hack-and-slash", "players": 2, "options": {}, "seed": MARKUP,
            "names": [MARKUP, "<b onmouseover=alert(3)>Bo</b>"], "log": [],
            "meta": {"title": MARKUP, "seats": ["human", "human"], "turn": 0}}
    from pygame_core import Match, get_game, saves
    match = Match.start(get_game("hack-and-slash"), 2, seed=MARKUP, names=save["names"])
    path = tmp_path / "markup.json"
    path.write_text(saves.dump(match, save["meta"]))
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#scores")).to_contain_text(MARKUP[:24])  # names are cut to 24 characters
    page.click("#menu-button")
    expect(page.locator("#save-list")).to_contain_text(MARKUP[:24])
    assert page.locator("img").count() == 0 and page.locator("#save-list b").count() == 0
    assert dialogs == [] and page.evaluate("window.__csp") == []


def test_url_parameters_with_markup_are_not_rendered(page: Page, site):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(site.url + "?game=hack-and-slash&names=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&bogus=%3Cb%3E")
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("bogus")
    assert page.locator("#board img, #scores img, #notice b").count() == 0
    assert dialogs == []


@pytest.mark.first_visit
def test_no_content_security_policy_violation_during_a_whole_game(page: Page, site):
    from helpers import play_to_the_end
    fast_settings(page)
    page.add_init_script(CSP_WATCH)
    page.goto(site.url + "?game=hack-and-slash&seats=2&bots=1&level=easy&seed=csp-whole")
    wait_ready(page)
    play_to_the_end(page)
    expect(page.locator("#turn")).to_contain_text("Game over")
    assert page.evaluate("window.__csp") == []


HOSTILE_NAMES = ["Tom & Jerry", "<style>*{color:red}</style>", "<a href=//elsewhere.example>x</a>",
                 '<meta http-equiv="refresh" content="0;url=//elsewhere.example">']
FOREIGN = "#board style, #board a, #board meta, #board img, #board script, #scores a, #log a, #log style"


@pytest.mark.parametrize("game_id,seats", [("hex-hex", 4), ("hex-please", 4), ("horrible-hex", 3),
                                           ("hack-and-slash", 4)])
def test_hostile_names_in_the_address_are_text_in_every_game(page: Page, site, game_id: str, seats: int):
    from urllib.parse import quote
    fast_settings(page)
    page.add_init_script(CSP_WATCH)
    names = ",".join(quote(n.replace(",", " ")) for n in HOSTILE_NAMES[:seats])
    page.goto(f"{site.url}embed.html?game={game_id}&seats={seats}&bots={seats - 1}&level=easy&names={names}")
    wait_ready(page)
    for _ in range(6):  # a few moves, so names appear in the log and on the table
        if page.locator("#board [data-action]").count():
            take_first_choice(page)
        page.wait_for_timeout(300)
    assert page.locator(FOREIGN).count() == 0
    expect(page.locator("#scores")).to_contain_text("Tom & Jerry")
    assert "&amp;" not in page.inner_text("#scores") + page.inner_text("#board")
    assert page.evaluate("location.host") == site.url.split("/")[2]
    assert page.evaluate("window.__csp") == []


def store(page: Page, entries: dict) -> None:
    """Put `entries` into LocalStorage before the page's first load (not again on reloads)."""
    import json as _json
    page.add_init_script(f"(entries => {{ if (!sessionStorage.getItem('e2e-stored')) {{"
                         " for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);"
                         f" sessionStorage.setItem('e2e-stored', '1'); }} }})({_json.dumps(entries)})")


def test_a_stored_save_that_does_not_replay_leaves_start_up_working(page: Page, site):
    broken = ('{"format":2,"game":"hex-hex","players":4,"options":{},"seed":"x","log":["cast 2"],'
              '"digest":null,"meta":{"title":"HEX-HEX XL","rev":1}}')
    store(page, {"hex-table:save:broken": broken})
    page.goto(site.url + "#play=broken")
    wait_ready(page)
    expect(page.locator("#menu")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("cannot be opened")
    expect(page.locator("#save-list")).to_contain_text("HEX-HEX XL")
    assert page.evaluate("localStorage.getItem('hex-table:save:broken')") == broken


@pytest.mark.parametrize("rev", ['"x"', "1e400", "-3", "[1]"])
def test_a_stored_save_with_a_bad_revision_opens_and_saves(page: Page, site, rev: str):
    from pygame_core import Match, get_game, saves
    match = Match.start(get_game("hack-and-slash"), 2, seed="rev")
    text = saves.dump(match, {"title": "Hack & Slash", "seats": ["human", "easy"]}).replace(
        '"meta":{', f'"meta":{{"rev":{rev},')
    store(page, {"hex-table:save:rev": text})
    fast_settings(page)
    page.goto(site.url + "#play=rev")
    wait_ready(page)
    expect(page.locator("#game")).to_be_visible()
    page.wait_for_function("() => /your turn/.test(document.getElementById('turn').textContent)", polling=POLL_MS)
    page.locator("#board [data-action]").first.click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('hex-table:save:rev')).meta.rev >= 1",
                           polling=POLL_MS)


def test_a_full_storage_still_lists_saves_and_saves_once_space_is_freed(page: Page, site):
    from pygame_core import Match, get_game, saves
    match = Match.start(get_game("hex-please"), 2, seed="full")
    old = saves.dump(match, {"title": "HEX PLEASE!", "rev": 1, "updated": 1})
    store(page, {"hex-table:save:old": old})
    page.add_init_script("""(() => {
      if (sessionStorage.getItem('e2e-filled')) return;
      sessionStorage.setItem('e2e-filled', '1');
      let n = 0;
      for (const size of [262144, 16384, 1024, 64, 8, 1]) {
        const chunk = 'x'.repeat(size);
        for (let i = 0; i < 400; i++) { try { localStorage.setItem('filler' + n++, chunk); } catch (e) { break; } }
      }
    })()""")
    fast_settings(page)
    page.goto(site.url)
    wait_ready(page)
    expect(page.locator("#save-list")).to_contain_text("HEX PLEASE!")
    assert "private mode" not in (page.inner_text("#notice") if page.locator("#notice").is_visible() else "")
    page.click(".new-game[data-game='hack-and-slash']")
    page.click("#setup-start")
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("Could not save")
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler')) localStorage.removeItem(k); }")
    page.wait_for_function("() => /your turn/.test(document.getElementById('turn').textContent)", polling=POLL_MS)
    page.locator("#board [data-action]").first.click()
    page.wait_for_function("() => Object.keys(localStorage).filter(k => k.startsWith('hex-table:save:hack')).length == 1",
                           polling=POLL_MS)


def test_an_edited_save_is_marked_in_the_menu(page: Page, site, tmp_path):
    import json as _json
    from pygame_core import CHANCE, Match, get_game, saves
    match = Match.start(get_game("hack-and-slash"), 2, seed="edit")
    match.play(match.state.legal_actions()[0])
    record = _json.loads(saves.dump(match, {"seats": ["human", "human"]}))
    step = max(i for i, e in enumerate(match.log) if e.seat == CHANCE)
    state = Match.replay(get_game("hack-and-slash"), 2, {}, "edit", record["log"][:step]).state
    other = next(str(a) for a, _ in state.chance_outcomes() if str(a) != record["log"][step])
    record.update(log=record["log"][:step] + [other], digest=None)
    path = tmp_path / "edited.json"
    path.write_text(_json.dumps(record))
    fast_settings(page)
    page.goto(site.url)
    wait_ready(page)
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#notice")).to_contain_text("edited by hand")
    page.click("#menu-button")
    expect(page.locator("#save-list")).to_contain_text("edited by hand")
