"""Nothing let in: player names, imported saves and URL parameters never become markup,
and the Content-Security-Policy holds for a whole session."""

from __future__ import annotations

from conftest import fast_settings, wait_ready
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
    page.wait_for_function("() => /your turn|Game over/.test(document.getElementById('turn').textContent)")
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
    expect(page.locator("#scores")).to_contain_text(MARKUP)
    page.click("#menu-button")
    expect(page.locator("#save-list")).to_contain_text(MARKUP)
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


def test_no_content_security_policy_violation_during_a_whole_game(page: Page, site):
    from helpers import play_to_the_end
    fast_settings(page)
    page.add_init_script(CSP_WATCH)
    page.goto(site.url + "?game=hack-and-slash&seats=2&bots=1&level=easy&seed=csp-whole")
    wait_ready(page)
    play_to_the_end(page)
    expect(page.locator("#turn")).to_contain_text("Game over")
    assert page.evaluate("window.__csp") == []
