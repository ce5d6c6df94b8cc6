"""HEX-HEX XL in the browser: a 4-seat game (one person, three computer players) to the
final Voice, with an out-of-turn response and a HEX-HEX reflex race answered by the person.

The person's strategy, all by clicking what the page offers:
  * a HEX-HEX race prompt (`data-race`): react at once (by a tap, then by a key);
  * a response window: play Null or Detonate when the window offers one, else pass;
  * otherwise the first offered action that is not HEX-HEX (the person leaves calling
    HEX-HEX to the computer players, so that the person is one who races), else the
    first card to choose a target for.
Seeds were picked offline (CPython, same bots and seeds as the page: normal bots ignore
the time budget, so the game is deterministic apart from the person's measured reaction
times) so that the first seed alone has both events for any reaction time from 0 to
2000 ms; the others are a bounded fallback in case a game still goes another way.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from conftest import POLL_MS, fast_settings, wait_ready
from helpers import act_and_wait_redraw, click_and_wait_redraw, final_scores, wait_turn
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

NAMES = ("Ada", "Bo", "Cy", "Di")
SEEDS = ("hh-17", "hh-26", "hh-6")  # each: a Null or Detonate by Ada and at least one race
WHO = "(Ada|Bo|Cy|Di)"


def start(page: Page, site, seed: str) -> None:
    page.goto(site.url + f"?game=hex-hex&seats=4&bots=3&level=normal&seed={quote(seed)}"
              f"&names={','.join(NAMES)}")
    wait_ready(page)
    expect(page.locator("#board .hx-table")).to_be_visible()


def click_action(page: Page, action: str) -> None:
    """Click the control that plays `action` (a button where there is one, else a seat)."""
    button = page.locator(f"#board button[data-action='{action}']")
    target = button.first if button.count() else page.locator(f"#board [data-action='{action}']").first
    click_and_wait_redraw(page, target)


LINES = "#log .log-turn ol > li"  # one per line of the log (turns group them)


def mark_log(page: Page) -> None:
    page.evaluate("lines => document.querySelectorAll(lines).forEach(li => li.dataset.e2eOld = '1')", LINES)


def log_lines(page: Page) -> tuple[list[str], list[str]]:
    """The log's lines from before the last `mark_log`, and those added since."""
    return page.evaluate("""lines => { const all = [...document.querySelectorAll(lines)];
        return [all.filter(li => li.dataset.e2eOld).map(li => li.textContent),
                all.filter(li => !li.dataset.e2eOld).map(li => li.textContent)]; }""", LINES)


def play_one_game(page: Page, max_clicks: int = 400) -> dict:
    """Play Ada's decisions until the game is over; returns what she did and saw."""
    seen = {"responses": [], "races": [], "clicks": 0, "intended": 0}
    for _ in range(max_clicks):
        if not wait_turn(page):
            return seen
        seen["clicks"] += 1
        board = page.locator("#board")
        race = board.locator("[data-race]")
        if race.count():
            expect(race).to_be_visible()
            expect(race).to_be_focused()  # the page focuses it, so any key answers at once
            caller = board.locator(".hx-race-overlay p").first.inner_text()
            mark_log(page)
            # The first race is answered with a tap on the prompt, later ones with any key.
            if not seen["races"]:
                click_and_wait_redraw(page, race)
            else:
                act_and_wait_redraw(page, lambda: page.keyboard.press("h"))
            old, new = log_lines(page)
            assert new[0] == "Ada reacts", new
            assert any(re.fullmatch(rf"{WHO} plays HEX-HEX! Everyone race!", t) for t in old[-6:]), old[-6:]
            seen["races"].append(caller)
            continue
        window = board.locator(".hx-response")
        if window.count():
            answer = window.locator("[data-action^='null '], [data-action^='detonate ']")
            if answer.count() and page.locator("#board .auto-pass").count():
                # The table passes for Ada unless she responds: Respond keeps the window open.
                try:
                    click_and_wait_redraw(page, page.locator("#board .auto-pass button"))
                except PlaywrightError:
                    continue  # passed for her before the click landed (a busy machine): look again
            if answer.count():
                expect(window).to_contain_text("Respond out of turn, or pass.")
                # Alone against the computer there is no clock on the answer.
                expect(window.locator(".hx-countdown")).to_have_text("")
                action = answer.first.get_attribute("data-action")
                mark_log(page)
                click_action(page, action)
                seen["responses"].append((action, log_lines(page)[1][0]))
            else:
                # Passing is Ada's only choice: against computers the table passes for her.
                page.wait_for_function("() => !document.querySelector('#board .hx-response [data-action=\"pass\"]')"
                                       " || document.querySelector('#board .hx-response [data-action^=\"null \"],"
                                       " #board .hx-response [data-action^=\"detonate \"]')",
                                       timeout=30_000, polling=POLL_MS)
                seen["auto_passes"] = seen.get("auto_passes", 0) + 1
            continue
        intended = board.locator(".hx-prompt", has_text="You are The Intended")
        if intended.count():
            # The Hex on Ada names who sent it, and the table draws the arrow from them.
            sender = re.search(rf"sent by {WHO}", intended.inner_text())
            assert sender, intended.inner_text()
            if sender.group(1) != "Ada":
                assert board.locator(".hx-target-line").count() >= 1
            seen["intended"] += 1
        actions = [a for a in board.locator("[data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)") if a != "hexhex"]
        if actions == ["pass"]:
            page.wait_for_timeout(150)  # Ada's only move: the table passes for her
            continue
        if actions:
            click_action(page, actions[0])
            continue
        cards = board.locator("[data-ui]:not([data-ui='card=']):not([data-read])")
        if cards.count():
            click_and_wait_redraw(page, cards.first)  # its targets show as buttons next
            continue
        if board.locator("[data-action='hexhex']").count():
            click_action(page, "hexhex")
            continue
        page.wait_for_timeout(150)  # the position moved on while we looked: look again
    raise AssertionError(f"the game did not end within {max_clicks} clicks")


def test_four_seats_to_the_final_voice_with_a_response_and_a_race(page: Page, site):
    fast_settings(page)
    responses, races, games = [], [], []
    for seed in SEEDS:
        start(page, site, seed)
        seen = play_one_game(page)
        games.append((seed, seen))
        responses += seen["responses"]
        races += seen["races"]

        # The game reached its final Voice: a winner named, four scores, the winner's highest.
        expect(page.locator("#summary-title")).to_contain_text(re.compile(rf"Game over: {WHO}( and {WHO})* wins?\."))
        expect(page.locator("#board .hx-over")).to_contain_text("Game over.")
        chips = page.locator("#scores .score-chip")
        expect(chips).to_have_count(4)
        voice = final_scores(page)
        assert set(voice) == set(NAMES), voice
        winners = [c.split(":")[0] for c in page.locator("#scores .score-chip.winner").all_inner_texts()]
        assert winners and all(voice[w] == max(voice.values()) for w in winners), (voice, winners)

        # The log says in words who targeted whom.
        log = page.inner_text("#log")
        assert re.search(rf"^{WHO} says HEX-HEX, {WHO}! \2 is The Intended$", log, re.M), log
        assert re.search(rf"^{WHO} plays [\w ']+ sending the Hex to {WHO}", log, re.M), log
        if seen["races"]:
            # Ada's reaction time was measured and is shown with the others'.
            note = page.locator("#board p.hx-note", has_text="Last HEX-HEX race").inner_text()
            ms = re.search(r"Ada (\d+) ms", note)
            assert ms and int(ms.group(1)) % 50 == 0 and 0 <= int(ms.group(1)) <= 2000, note
        if responses and races:
            break
    assert responses, f"no out-of-turn response was offered to Ada in {games}"
    assert races, f"Ada never raced in {games}"

    # The response was Ada's card, played out of turn, and said in the log.
    for action, line in responses:
        if action.startswith("null"):
            assert re.fullmatch(rf"Ada plays Null on {WHO}'s [\w ?'-]+", line), line
        else:
            target = NAMES[int(action.split()[1])]
            assert line == f"Ada Detonates the Hex arriving at {target}", line
    # Each race Ada ran was called by a computer player.
    assert all(re.fullmatch(rf"{WHO} shouted HEX-HEX!", c) and not c.startswith("Ada") for c in races), races


# -- hot-seat: one table-wide prompt for a response window ------------------------------------
TABLE = "#board .table-window"


def act_as_whoever_is_shown(page: Page) -> None:
    """One step of a hot-seat game: take the device, or make the first sensible choice shown."""
    if page.locator("#handoff").is_visible():
        click_and_wait_redraw(page, page.locator("#handoff-ready"))
        return
    board = page.locator("#board")
    actions = [a for a in board.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
               if a != "hexhex"]
    plays = [a for a in actions if a.startswith("play ")]
    if plays or actions:
        click_action(page, (plays or actions)[0])
    else:
        click_and_wait_redraw(page, board.locator("[data-ui]:not([data-ui='card=']):not([data-read])").first)


def reach_table_prompt(page: Page, people: int) -> list[str]:
    """Play on until the table-wide response prompt names at least `people` people; their names."""
    for _ in range(60):
        table = page.locator(TABLE)
        if table.count() and table.locator("[data-respond]:not([data-respond=''])").count() >= people:
            return table.locator("[data-respond]:not([data-respond=''])").all_inner_texts()
        if table.count():   # too few people listed: no one responds here
            click_and_wait_redraw(page, table.locator("[data-respond='']"))
            continue
        act_as_whoever_is_shown(page)
    raise AssertionError("no response window asked the table")


def test_hot_seat_asks_the_whole_table_once_per_response_window(page: Page, site):
    fast_settings(page)
    page.goto(site.url + "?game=hex-hex&seats=3&bots=0&seed=hh-hot&names=Ann,Ben,Col")
    wait_ready(page)
    # Before the first decision: the usual pass-the-device screen, nothing of any hand.
    expect(page.locator("#handoff")).to_be_visible()

    names = reach_table_prompt(page, 2)
    table = page.locator(TABLE)
    # One prompt for everybody: no hand on show, no pass-the-device screen, a clock running.
    expect(page.locator("#handoff")).to_be_hidden()
    expect(table).to_contain_text("Anyone responding?")
    expect(table.locator("[data-respond='']")).to_have_text("No one — go on")
    expect(page.locator("#board .hx-hand")).to_have_count(0)
    expect(page.locator("#turn")).to_have_text("Response window: anyone responding?")
    expect(page.locator("#suggest-button")).to_be_disabled()  # a hint would show someone's cards
    expect(table.locator("[data-countdown-text]")).to_contain_text("automatically")
    assert set(names) <= {"Ann", "Ben", "Col"}, names

    # "No one": every person asked passes at once and the game moves on.
    mark_log(page)
    click_and_wait_redraw(page, table.locator("[data-respond='']"))
    passed = f"{' and '.join(names)} pass." if len(names) <= 2 else \
        f"{', '.join(names[:-1])} and {names[-1]} pass."
    page.wait_for_function("text => [...document.querySelectorAll('#log .log-turn ol > li')]"
                           ".some(li => li.textContent === text)", arg=passed, polling=POLL_MS)
    new = log_lines(page)[1]
    assert passed in new, new  # a run of passes reads as one line

    # Tapping a name: those asked before pass, and the device goes to that person, hand and all.
    names = reach_table_prompt(page, 2)
    mark_log(page)
    click_and_wait_redraw(page, page.locator(f"{TABLE} [data-respond]", has_text=names[1]))
    expect(page.locator("#turn")).to_have_text(f"{names[1]}, your turn.")
    expect(page.locator("#handoff")).to_be_hidden()
    expect(page.locator("#board .hx-response")).to_contain_text("Respond out of turn, or pass.")
    expect(page.locator("#board .hx-hand")).to_be_visible()
    expect(page.locator(TABLE)).to_have_count(0)
    assert log_lines(page)[1] == [f"{names[0]} passes."], log_lines(page)
    click_action(page, "pass")
    assert f"{names[0]} and {names[1]} pass." in log_lines(page)[1]


# -- auto-pass: response windows passed for Ada, unless she presses Respond --------------------
ANSWERABLE = "#board .hx-response [data-action^='null '], #board .hx-response [data-action^='detonate ']"
ADA_PASSED = re.compile(r"(^|, | and )Ada( and [A-Z]\w+)* pass(es)?\.$")


def to_a_window_ada_could_answer(page: Page) -> None:
    """Play Ada's first choices until a response window offers her a Null or Detonate; she
    passes the others (or the table does for her)."""
    reached = f"() => !!document.querySelector(\"{ANSWERABLE}\")"
    for _ in range(400):
        if page.evaluate(reached):
            return
        assert wait_turn(page), "the game ended before Ada could answer a window"
        board = page.locator("#board")
        if page.evaluate(reached):
            return
        if board.locator("[data-race]").count():
            act_and_wait_redraw(page, lambda: page.keyboard.press("h"))
            continue
        actions = [a for a in board.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
                   if a not in ("hexhex", "pass")]
        cards = board.locator("[data-ui]:not([data-ui='card=']):not([data-read])")
        try:
            if board.locator(".hx-response").count() and not board.locator(".auto-pass").count() and \
                    board.locator(".hx-response [data-action='pass']").count():
                # a window the table does not pass for her (auto-pass off, or a card picked as it
                # opened, which keeps it open): she passes
                click_action(page, "pass")
            elif board.locator(".hx-response").count():
                page.wait_for_timeout(100)  # a window: passed for her
            elif actions:
                click_action(page, actions[0])
            elif cards.count():
                click_and_wait_redraw(page, cards.first)
            else:
                page.wait_for_timeout(100)
        except (AssertionError, PlaywrightError):
            pass  # the position moved on under the click (a pass made for her): look again
    raise AssertionError("no window Ada could answer")


def change_settings(page: Page, **settings: str | bool) -> None:
    """From the game's own Settings (More list), as a player would."""
    page.locator("#settings-button").click()
    for name, value in settings.items():
        control = page.locator(f"#setting-{name}")
        if isinstance(value, bool):
            control.set_checked(value)
        else:
            control.select_option(value)
    page.locator("#settings-dialog").get_by_role("button", name="Done").click()


def test_auto_pass_passes_windows_ada_could_answer_and_respond_keeps_one_open(page: Page, site):
    """Auto-pass off, a window with a Null to play waits for Ada; turned on, a Respond control
    shows while the table counts, and Respond keeps the window open for her answer (that a
    window is passed after the same pause whatever she holds: tests/test_table.py)."""
    page.add_init_script("localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0, auto_pass: false}))")
    start(page, site, SEEDS[0])
    to_a_window_ada_could_answer(page)
    expect(page.locator("#board .auto-pass")).to_have_count(0)
    mark_log(page)
    change_settings(page, **{"auto-pass": True, "speed": "1"})
    strip = page.locator("#board .auto-pass")
    expect(strip).to_contain_text("Passing for you in")
    click_and_wait_redraw(page, strip.get_by_role("button", name="Respond"))
    expect(strip).to_have_count(0)
    page.wait_for_timeout(3_500)  # longer than the window's 2.5 s at normal speed
    expect(page.locator(ANSWERABLE).first).to_be_visible()
    assert not [t for t in log_lines(page)[1] if ADA_PASSED.search(t)], log_lines(page)[1]
    click_action(page, page.locator(ANSWERABLE).first.get_attribute("data-action"))
    assert log_lines(page)[1][0].startswith("Ada "), log_lines(page)[1]
