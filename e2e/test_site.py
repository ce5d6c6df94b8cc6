"""The site as a player meets it: menu, a whole game against the computer, saves, offline."""

from __future__ import annotations

import json
import re
from urllib.parse import urlparse

import pytest
from conftest import BOOT_TIMEOUT_MS, POLL_MS, SERVICE_WORKER_ACTIVE, fast_settings, wait_ready, wait_until
from helpers import open_setup, start_normally, take_first_choice
from playwright.sync_api import Page, expect

HS_URL = "?game=hack-and-slash&seats=3&bots=2&level=normal&seed=e2e-7&names=Ada,Bo,Cy"


def human_turn_or_over(page: Page) -> str:
    """Wait until the human may act or the game is over; returns which."""
    page.wait_for_function(
        "() => /your turn|Game over/.test(document.getElementById('turn').textContent)"
        " && !document.getElementById('board').classList.contains('thinking')",
        timeout=60_000, polling=POLL_MS)
    return "over" if "Game over" in page.inner_text("#turn") else "turn"


def play_hack_and_slash_to_the_end(page: Page, max_moves: int = 400) -> dict:
    """Click through a whole game as seat 1: rescue once when possible, else the first choice."""
    rescued = False
    for _ in range(max_moves):
        if human_turn_or_over(page) == "over":
            return {"rescued": rescued}
        rescue = page.locator("#board [data-action^='rescue']")
        if not rescued and rescue.count():
            rescue.first.click()
            rescued = True
            continue
        buttons = page.locator("#board [data-action]")
        before = page.locator("#log li").count()
        buttons.first.click()
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}", polling=POLL_MS)
    raise AssertionError("the game did not end")


@pytest.mark.first_visit
def test_menu_shows_at_once_then_progress_then_games(page: Page, site):
    # Record what the progress bar shows at every loading stage, from the first moment.
    page.add_init_script("""
        window.__stages = [];
        const note = (what) => { const bar = document.getElementById('boot-progress');
            window.__stages.push([what, bar ? Number(bar.value) : null, bar ? !bar.hidden : false]); };
        addEventListener('DOMContentLoaded', () => note('html'));
        addEventListener('py:progress', (e) => setTimeout(() => note(e.detail)));
        addEventListener('hex:progress', (e) => setTimeout(() => note(e.detail)));  // our files
        addEventListener('hex:ready', () => note('ready'));
    """)
    page.goto(site.url, wait_until="commit")
    # The menu is plain HTML: it is there before Python starts.
    expect(page.locator(".game-card")).to_have_count(4, timeout=5_000)
    wait_ready(page)
    stages = page.evaluate("window.__stages")
    names = [s[0] for s in stages]
    assert names[0] == "html" and stages[0][2], stages  # bar visible with the first paint
    assert {"Loading Pyodide", "Loaded Pyodide", "Loading files", "Loaded files", "ready"} <= set(names), names
    values = [s[1] for s in stages if s[1] is not None]
    assert values == sorted(values) and values[-1] > values[0], stages
    expect(page.locator("#loader")).to_be_hidden()
    expect(page.locator(".new-game[data-game='hack-and-slash']")).to_be_enabled()


def test_new_game_dialog_starts_a_game_with_the_chosen_seats(page: Page, site):
    rows = open_setup(page, site.url, "hack-and-slash", 2)
    rows.nth(0).locator(".seat-name").fill("Ada")
    rows.nth(1).locator(".seat-kind input[value='easy']").check()
    page.click(".more-options summary")
    page.fill("#setup-seed", "dialog-1")
    page.click("#setup-start")
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#scores .score-chip")).to_have_count(2)
    assert "#play=" in page.url


def test_the_dialog_offers_switches_and_named_choices_and_remembers_them(page: Page, site):
    rows = open_setup(page, site.url, "horrible-hex", 2)
    # Yes/no variants are switches, each saying what it changes; other variants are named choices.
    destiny = page.locator(".setup-option[data-option='destiny']")
    expect(destiny).to_have_attribute("role", "switch")
    expect(page.locator("label.option", has=destiny)).to_contain_text("Only the tiles of a completed pattern")
    expect(page.locator("#setup-fields")).not_to_contain_text("False")
    target = page.locator(".setup-option[data-option='target']")
    expect(target.locator("input:checked")).to_have_value("3")
    expect(page.locator("#setup-seed")).to_be_hidden()  # under "More options"
    # The stepper sets the number of players and shows as many seats.
    page.click(".stepper [data-step='1']")
    expect(page.locator("#setup-players")).to_have_value("3")
    expect(page.locator(".seat-row:not([hidden])")).to_have_count(3)
    expect(page.locator(".stepper [data-step='1']")).to_be_disabled()  # 3 is the most
    rows.nth(0).locator(".seat-name").fill("Ada")
    rows.nth(2).locator(".seat-kind input[value='hard']").check()
    destiny.check()
    target.locator("input[value='2']").check()
    page.click("#setup-start")
    expect(page.locator("#scores .score-chip")).to_have_count(3)
    page.click("#menu-button")
    page.click(".new-game[data-game='horrible-hex']")
    # The same game's dialog comes back as it was left; another game's keeps its own defaults.
    expect(page.locator("#setup-players")).to_have_value("3")
    expect(rows.nth(0).locator(".seat-name")).to_have_value("Ada")
    expect(rows.nth(2).locator(".seat-kind input[value='hard']")).to_be_checked()
    expect(destiny).to_be_checked()
    expect(target.locator("input:checked")).to_have_value("2")
    page.click("#setup-cancel")
    page.click(".new-game[data-game='hex-hex']")
    expect(page.locator("#setup-players")).to_have_value("4")
    expect(rows.nth(0).locator(".seat-name")).to_have_value("Player 1")


def test_the_dialogs_start_button_is_on_screen_on_a_phone(page: Page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    open_setup(page, site.url, "horrible-hex", 3)
    page.click(".more-options summary")
    start = page.locator("#setup-start")
    expect(start).to_be_in_viewport(ratio=1)
    box = start.bounding_box()
    assert box and box["y"] + box["height"] <= 844, box
    # However long the form, it scrolls inside the dialog and the buttons stay put.
    page.locator("#setup-seed").scroll_into_view_if_needed()
    expect(start).to_be_in_viewport(ratio=1)
    start.click()
    expect(page.locator("#game")).to_be_visible()


def test_the_rules_of_one_game_do_not_stay_for_the_next(page: Page, site):
    fast_settings(page)
    page.goto(site.url + "?game=horrible-hex&seats=2&bots=1&level=easy&seed=rules-1")
    wait_ready(page)
    page.click("#rules-button")
    expect(page.locator("#rules-panel")).to_be_visible()
    first = page.inner_text("#rules-panel")
    page.click("#menu-button")
    page.click(".new-game[data-game='hack-and-slash']")
    page.click("#setup-start")
    expect(page.locator("#rules-panel")).to_be_hidden()
    page.click("#rules-button")
    expect(page.locator("#rules-panel")).to_be_visible()
    second = page.inner_text("#rules-panel")
    assert len(second) > 200 and second != first
    expect(page.locator("#rules-panel")).to_contain_text("adventurer")


def test_saved_games_lead_the_menu_as_cards_of_their_game(page: Page, site):
    fast_settings(page)
    page.goto(site.url)
    wait_ready(page)
    # No saves: the games come first.
    assert page.evaluate("""() => document.getElementById('saves').compareDocumentPosition(
        document.querySelector('.game-list')) & Node.DOCUMENT_POSITION_PRECEDING""")
    expect(page.locator(".game-card svg.game-art")).to_have_count(4)
    page.goto(site.url + HS_URL.replace("e2e-7", "cards-1"))
    human_turn_or_over(page)
    page.click("#menu-button")
    card = page.locator("#save-list .save-item").first
    expect(card).to_have_attribute("data-game", "hack-and-slash")
    expect(card.locator("svg.save-art")).to_have_count(1)
    expect(card.locator("button", has_text="Continue")).to_be_visible()
    assert page.evaluate("""() => document.getElementById('saves').compareDocumentPosition(
        document.querySelector('.game-list')) & Node.DOCUMENT_POSITION_FOLLOWING""")
    # The import button is a button to look at, with the file input inside it.
    expect(page.locator(".file-button")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.getElementById('import-file')).opacity") == "0"


def test_whole_game_against_the_computer_by_clicking(page: Page, site):
    fast_settings(page)
    page.goto(site.url + HS_URL)
    wait_ready(page)
    result = play_hack_and_slash_to_the_end(page)
    assert result["rescued"], "the game should include a rescue"
    expect(page.locator("#turn")).to_contain_text("Game over")
    log = page.inner_text("#log")
    assert "rescuer" in log and re.search(r"Ada (sends|has nobody)", log)
    # Everyone had the same number of turns (the end condition of Hack & Slash).
    turns = {n: len(re.findall(rf"^{n} (sends \d|has nobody)", log, re.M)) for n in ("Ada", "Bo", "Cy")}
    assert len(set(turns.values())) == 1, turns


def test_reload_mid_game_returns_to_the_same_position(page: Page, site):
    fast_settings(page)
    page.goto(site.url + HS_URL.replace("e2e-7", "reload-1"))
    wait_ready(page)
    for _ in range(3):
        human_turn_or_over(page)
        take_first_choice(page)
    human_turn_or_over(page)
    log_before = page.inner_text("#log")
    board_before = page.inner_html("#board")
    url = page.url
    page.reload()
    wait_ready(page)
    assert page.url == url
    expect(page.locator("#game")).to_be_visible()
    human_turn_or_over(page)
    assert page.inner_text("#log") == log_before
    assert page.inner_html("#board") == board_before


def test_export_then_import_a_save(page: Page, site, tmp_path):
    fast_settings(page)
    page.goto(site.url + HS_URL.replace("e2e-7", "export-1"))
    wait_ready(page)
    human_turn_or_over(page)
    page.locator("#board [data-action]").first.click()
    human_turn_or_over(page)
    with page.expect_download() as info:
        page.click("#export-button")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["game"] == "hack-and-slash" and data["names"] == ["Ada", "Bo", "Cy"]
    log_before = page.inner_text("#log")
    page.click("#menu-button")
    expect(page.locator("#menu")).to_be_visible()
    page.evaluate("localStorage.clear()")
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#game")).to_be_visible()
    human_turn_or_over(page)
    assert page.inner_text("#log") == log_before
    page.click("#menu-button")
    expect(page.locator("#save-list .save-item")).to_have_count(1)


def test_importing_a_broken_file_names_the_problem(page: Page, site, tmp_path):
    page.goto(site.url)
    wait_ready(page)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 99, "game": "hack-and-slash"}')
    page.set_input_files("#import-file", str(bad))
    expect(page.locator("#notice")).to_contain_text("newer than this app")
    expect(page.locator("#menu")).to_be_visible()


def test_a_corrupted_save_is_reported_and_the_others_stay(page: Page, site):
    fast_settings(page)
    page.goto(site.url + HS_URL.replace("e2e-7", "corrupt-1"))
    wait_ready(page)
    human_turn_or_over(page)
    page.click("#menu-button")
    page.evaluate("""() => {
        localStorage.setItem('hex-table:save:broken-1', '{"format": 2, "game": "hack-and-slash", "log": [');
        localStorage.setItem('hex-table:save:broken-2', JSON.stringify({format: 2, game: "hack-and-slash",
            players: 3, options: {}, seed: "x", log: ["go nowhere"], meta: {}}));
    }""")
    page.reload()
    wait_ready(page)
    items = page.locator("#save-list .save-item")
    expect(items).to_have_count(3)
    expect(page.locator("#save-list .damaged")).to_have_count(1)  # broken JSON is seen in the list
    expect(page.locator("#save-list .damaged")).to_contain_text("not valid JSON")
    # The second only fails when replayed: opening it names the problem and keeps it.
    page.evaluate("location.hash = 'play=broken-2'")
    expect(page.locator("#notice")).to_contain_text("does not replay")
    expect(page.locator("#menu")).to_be_visible()
    expect(items).to_have_count(3)
    page.locator("#save-list .save-item:not(.damaged) button", has_text="Continue").first.click()
    expect(page.locator("#game")).to_be_visible()


@pytest.mark.first_visit
def test_nothing_is_requested_from_another_host(page: Page, site):
    fast_settings(page)
    hosts = set()
    page.on("request", lambda r: hosts.add(urlparse(r.url).netloc))
    page.goto(site.url + HS_URL.replace("e2e-7", "hosts-1"))
    wait_ready(page)
    for _ in range(4):
        if human_turn_or_over(page) == "over":
            break
        take_first_choice(page)
    assert hosts == {f"127.0.0.1:{site.port}"}, hosts


def test_after_one_visit_the_site_plays_with_the_server_stopped(page: Page, fresh_site):
    fast_settings(page)
    page.goto(fresh_site.url)
    wait_ready(page)
    page.wait_for_function(SERVICE_WORKER_ACTIVE, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    wait_until(page, "async () => (await caches.keys()).some(k => k.startsWith('hex-table-'))")
    fresh_site.stop()
    page.goto(fresh_site.url + HS_URL.replace("e2e-7", "offline-1"))
    wait_ready(page)
    human_turn_or_over(page)
    page.locator("#board [data-action]").first.click()
    expect(page.locator("#log li").first).to_be_visible()
    expect(page.locator("#offline-status")).to_be_visible()
    for _ in range(2):  # and on every later offline load, not just the first
        page.reload()
        wait_ready(page)
        expect(page.locator("#offline-status")).to_be_visible()


def test_the_offline_copy_waits_until_the_computers_stop_playing(page: Page, site):
    """The page is "idle", and the service worker registered to copy the site, only once no
    computer has been choosing for 2 s: here, after the last move of a game computers play on
    their own (under the 30 s the page waits at most), at half their usual pace."""
    page.add_init_script("localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0.5}))")
    page.goto(site.url + "?game=hex-please&seats=2&bots=2&level=hard&seed=e2e-idle")
    wait_ready(page)
    expect(page.locator("#turn")).to_contain_text("Game over", timeout=60_000)
    page.wait_for_function("() => performance.getEntriesByName('hex:idle').length > 0",
                           timeout=30_000, polling=POLL_MS)
    idle = page.evaluate("performance.getEntriesByName('hex:idle')[0].startTime")
    started = page.evaluate("performance.getEntriesByName('computer thinking').map(e => e.startTime)")
    ended = page.evaluate("performance.getEntriesByName('computer thinking').map(e => e.startTime + e.duration)")
    assert len(started) > 4 and started[-1] - started[0] > 3000, started  # longer than the quiet wait
    assert idle > max(ended) + 2000, (idle, ended)


def test_the_end_summary_is_drawn_in_a_task_after_the_last_move(page: Page, site):
    """The last move's drawing and the end summary in one task blocked a slow phone for over
    100 ms: the summary comes in a task of its own. Changes made in one task reach a
    MutationObserver together, at that task's end."""
    fast_settings(page)
    page.add_init_script("""addEventListener('DOMContentLoaded', () => {
      window.__batches = [];
      new MutationObserver((records) => window.__batches.push(records.map((r) =>
          r.target.closest?.('#summary') ? r.type : r.target.closest?.('#board') ? 'board' : 'other')))
        .observe(document.getElementById('game'), {subtree: true, childList: true, attributes: true});
    });""")
    page.goto(site.url + "?game=hex-please&seats=2&bots=2&level=easy&seed=e2e-summary")
    wait_ready(page)
    expect(page.locator("#summary")).to_be_visible(timeout=60_000)
    batches = page.evaluate("window.__batches")
    opened = [b for b in batches if "childList" in b]  # the summary written
    assert opened and all("board" not in b for b in opened), opened


def test_a_computer_choosing_for_longer_than_the_quiet_wait_keeps_the_copy_waiting(page: Page, site):
    """A computer's search may outlast the page's 2 s quiet wait (a first search on a slow
    phone): the page counts as busy until it ends ("hex:busy" from web/ui/computers.py)."""
    page.add_init_script("addEventListener('hex:ready', () => setTimeout(() =>"
                         " dispatchEvent(new CustomEvent('hex:busy', {detail: 1}))), {once: true})")
    page.goto(site.url)
    wait_ready(page)
    page.wait_for_timeout(3500)
    assert page.evaluate("performance.getEntriesByName('hex:idle').length") == 0
    ended = page.evaluate("(dispatchEvent(new CustomEvent('hex:busy', {detail: -1})), performance.now())")
    page.wait_for_function("() => performance.getEntriesByName('hex:idle').length > 0",
                           timeout=10_000, polling=POLL_MS)
    assert page.evaluate("performance.getEntriesByName('hex:idle')[0].startTime") >= ended + 2000


def test_an_error_in_a_handler_shows_a_banner_and_keeps_the_game(page: Page, site):
    fast_settings(page)
    page.goto(site.url + HS_URL.replace("e2e-7", "fault-1"))
    wait_ready(page)
    human_turn_or_over(page)
    log_before = page.locator("#log li").count()
    # A button whose action the rules cannot read: the controller reports it, nothing is lost.
    page.evaluate("""() => { const b = document.createElement('button');
        b.dataset.action = 'go'; b.id = 'bogus'; b.textContent = 'bogus';
        document.getElementById('board').appendChild(b); }""")
    page.click("#bogus")
    expect(page.locator("#notice")).to_contain_text("not a Hack & Slash action")
    assert page.locator("#log li").count() == log_before
    expect(page.locator("#board [data-action^='go']").first).to_be_visible()


def archives_requested(page: Page) -> list[str]:
    """The names of our Python archives the page asks for, in order, from now on."""
    names: list[str] = []
    page.on("request", lambda r: names.append(r.url.rsplit("/", 1)[-1]) if r.url.endswith(".tar.gz") else None)
    return names


@pytest.mark.first_visit
def test_a_menu_visit_downloads_no_game_and_a_game_only_its_own_when_chosen(page: Page, site):
    start_normally(page)  # a start from the snapshot has every game in memory
    archives = archives_requested(page)
    page.goto(site.url)
    wait_ready(page)
    assert sorted(archives) == ["pygame_core.tar.gz", "ui.tar.gz"]
    # Choosing a game fetches its files, then opens its dialog as usual.
    page.click(".new-game[data-game='hex-please']")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#setup-title")).to_have_text("New game of HEX PLEASE!")
    assert archives[2:] == ["hex_please.tar.gz"]


@pytest.mark.first_visit
def test_a_game_whose_files_cannot_come_says_so_and_starts_once_they_can(page: Page, site):
    start_normally(page)  # a start from the snapshot has every game in memory
    page.route("**/hex_hex.tar.gz", lambda route: route.abort())
    page.goto(site.url)
    wait_ready(page)
    page.click(".new-game[data-game='hex-hex']")
    expect(page.locator("#notice")).to_contain_text("This game cannot start")
    expect(page.locator("#setup")).to_be_hidden()
    expect(page.locator("#menu")).to_be_visible()
    page.unroute("**/hex_hex.tar.gz")
    page.click(".new-game[data-game='hex-hex']")
    expect(page.locator("#setup-title")).to_have_text("New game of HEX-HEX XL")


@pytest.mark.first_visit
def test_a_game_named_in_the_address_downloads_beside_pyodide(page: Page, site):
    start_normally(page)  # a start from the snapshot has every game in memory
    archives = archives_requested(page)
    page.goto(site.url + HS_URL.replace("e2e-7", "early-1"))
    wait_ready(page)
    expect(page.locator("#board [data-action]").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert sorted(archives) == ["hack_and_slash.tar.gz", "pygame_core.tar.gz", "ui.tar.gz"], archives
    # Asked for before Pyodide was up (web/start.mjs marks that moment hex:start).
    asked, up = page.evaluate("""() => [
        performance.getEntriesByType('resource').find(e => e.name.endsWith('/hack_and_slash.tar.gz')).startTime,
        performance.getEntriesByName('hex:start')[0].startTime]""")
    assert asked < up, (asked, up)


def test_a_game_named_in_the_address_has_its_stylesheet_asked_for_beside_pyodide(page: Page, site):
    page.goto(site.url + HS_URL.replace("e2e-7", "styles-1"))
    wait_ready(page)
    expect(page.locator("#board [data-action]").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    asked, up, links = page.evaluate("""() => [
        performance.getEntriesByType('resource').find(e => e.name.endsWith('/styles/hack-and-slash.css')).startTime,
        performance.getEntriesByName('hex:start')[0].startTime,
        document.querySelectorAll("link[href='./styles/hack-and-slash.css']").length]""")
    assert asked < up and links == 1, (asked, up, links)


@pytest.mark.own_context  # the route sees the stylesheet's request only with no service worker
@pytest.mark.parametrize("answer", ["late", "never"])
def test_a_board_stays_hidden_until_its_stylesheet_has_come_or_failed(page: Page, site, answer):
    held = []
    page.route("**/styles/horrible-hex.css", lambda route: held.append(route))
    page.goto(site.url + "?game=horrible-hex&seats=2&bots=1&seed=styles-2", wait_until="commit")
    wait_ready(page)
    page.wait_for_function("() => document.querySelector('#board [data-action]')",
                           timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    expect(page.locator("#game")).to_have_class(re.compile(r"\bstyles-pending\b"))
    expect(page.locator("#board")).to_be_hidden()
    assert len(held) == 1
    held[0].continue_() if answer == "late" else held[0].abort()
    expect(page.locator("#board [data-action]").first).to_be_visible()
    expect(page.locator("#game")).not_to_have_class(re.compile(r"\bstyles-pending\b"))


@pytest.mark.first_visit
def test_a_game_slow_to_download_says_so_and_opens_only_what_was_asked_for_last(page: Page, site):
    start_normally(page)  # a start from the snapshot has every game in memory
    held = []
    page.route("**/hex_please.tar.gz", lambda route: held.append(route))  # answered when the test says
    page.goto(site.url)
    wait_ready(page)
    page.click(".new-game[data-game='hex-please']")
    expect(page.locator("#notice")).to_have_text("Downloading this game…")
    page.click(".new-game[data-game='hex-please']")  # impatient: still one dialog to come
    assert len(held) == 1, "the archive was not asked for, or asked for twice"
    held[0].continue_()
    expect(page.locator("#setup-title")).to_have_text("New game of HEX PLEASE!")
    expect(page.locator("#notice")).to_be_hidden()
    page.click("#setup-cancel")
    # Another game picked while one downloads is the one that opens.
    page.route("**/hex_hex.tar.gz", lambda route: held.append(route))
    page.click(".new-game[data-game='hex-hex']")
    page.click(".new-game[data-game='horrible-hex']")
    expect(page.locator("#setup-title")).to_have_text("New game of Horrible Hex")
    held[1].continue_()
    page.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/hex_hex.tar.gz'))",
                           polling=POLL_MS)
    page.wait_for_timeout(300)
    expect(page.locator("#setup-title")).to_have_text("New game of Horrible Hex")
    expect(page.locator("#banner")).to_be_hidden()


@pytest.mark.first_visit
def test_a_computer_player_fetches_the_bytecode_of_its_own_game_only(page: Page, site):
    start_normally(page)  # a start from the snapshot has every game in memory
    fast_settings(page)
    bundles: list[str] = []
    page.on("request", lambda r: bundles.append(r.url.rsplit("/", 1)[-1]) if "/bytecode-" in r.url else None)
    page.goto(site.url + "?game=hex-please&seats=2&bots=2&level=easy&seed=e2e-bytecode")
    wait_ready(page)
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 2",
                           timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    assert bundles == ["bytecode-hex_please-cpython-314.zip"], bundles
    # Unpacked without the cp437 codec, which the page would compile from source first
    # (web/ui/bytecode.py reads the names as UTF-8).
    assert page.evaluate("""async () => (await (await import('./start.mjs')).loadPyodide())
        .runPython("import sys; 'encodings.cp437' in sys.modules")""") is False
