"""Players on their own devices: games played to their end (whole, or from a save near it)
across browser contexts over real WebRTC data channels, inside a private network namespace
(e2e/netns.py), with no STUN or TURN server.

Each context is a device: the host's runs the game, each guest's holds one seat. A device is
a returning player's (the start-up snapshot planted, as in the other tests), except one guest
who joins on a first visit. The tests record every message each guest receives (an init
script listens on the page's data channels) and check them against the game replayed on
CPython from the host's save: every message is exactly what the referee (web/ui/peers.py)
makes from that seat's view and the public log, and the same whatever the other seats hold
(their hidden cards or tiles resampled). Figures (tap-to-redraw latency, code and message
sizes) are printed with -s.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from typing import Any, Callable

import pytest
from conftest import BLANK_PAGE, BLANK_PATH, SITE, fast_settings, launch_args, wait_ready
from helpers import hack_and_slash_close, near_the_end
from netns import NetNS
from playwright.sync_api import Browser, Locator, Page, expect
from test_hex_please import take_turn as hex_please_turn
from test_replays import IN_VIEW

sys.path.insert(0, os.path.join(os.path.dirname(SITE), "web", "ui"))
from check_chromium import find_chromium  # noqa: E402
from pygame_core import Match, get_game, saves  # noqa: E402
import peers  # noqa: E402

WHY_NOT = NetNS.why_not()
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=f"no private network here: {WHY_NOT}")

RECORD = """(() => {
  window.__received = []; window.__channels = [];
  const keep = ch => { window.__channels.push(ch);
    ch.addEventListener('message', e => window.__received.push(e.data)); };
  const Original = window.RTCPeerConnection;
  const create = Original.prototype.createDataChannel;
  Original.prototype.createDataChannel = function (...args) { const ch = create.apply(this, args); keep(ch); return ch; };
  function Recorded(...args) { const pc = new Original(...args); pc.addEventListener('datachannel', e => keep(e.channel)); return pc; }
  Recorded.prototype = Original.prototype;
  window.RTCPeerConnection = Recorded;
})()"""
# One round trip per page and look: "over", "turn" (its player is asked to act) or "wait".
TABLE_STATE = """() => {
  const turn = document.getElementById('turn').textContent;
  if (/Game over/.test(turn)) return 'over';
  const asked = /your turn/.test(turn) && document.getElementById('handoff').hidden
    && !document.getElementById('board').classList.contains('thinking');
  return asked ? 'turn' : 'wait';
}"""


LAN: list[NetNS] = []  # the namespace the module's tests run in, for ready()'s report


@pytest.fixture(scope="module")
def lan(tmp_path_factory: Any) -> Any:
    """The namespace, and its server serving the site with, as a file, the test server's own
    blank page."""
    folder = tmp_path_factory.mktemp("lan-site")
    for name in os.listdir(SITE):
        (folder / name).symlink_to(os.path.join(SITE, name))
    (folder / "e2e").mkdir()
    (folder / BLANK_PATH.lstrip("/")).write_bytes(BLANK_PAGE)
    ns = NetNS()
    try:
        ns.url = ns.serve(str(folder))  # type: ignore[attr-defined]
        LAN.append(ns)
        yield ns
    finally:
        LAN.clear()
        ns.close()


def ready(page: Page) -> None:
    """wait_ready, with what the namespace's server saw when the page never became ready."""
    try:
        wait_ready(page)
    except AssertionError as error:
        log = LAN[0].server_log() if LAN else "(no server)"
        raise AssertionError(f"{error}\nthe namespace's server, last lines:\n{log}") from None


@pytest.fixture(scope="module")
def lan_browser(lan: NetNS, playwright: Any) -> Any:
    browser = playwright.chromium.launch(executable_path=lan.wrap_browser(find_chromium()), **launch_args())
    yield browser
    browser.close()


Device = Callable[..., Page]


@pytest.fixture(scope="module")
def device(lan: NetNS, lan_browser: Browser) -> Device:
    """Makes a device: a browser of its own, on its first visit to the site."""
    def make(phone: bool = False) -> Page:
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        context = lan_browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
        page = context.new_page()
        page.add_init_script(RECORD)
        fast_settings(page)
        return page
    return make


def host_game(page: Page, url: str, game_id: str, kinds: list[str], seed: str, options: dict[str, Any] | None = None) -> None:
    """Start a game from the new-game dialog with the given seat kinds ("human", "remote", a level)."""
    page.goto(url)
    ready(page)
    page.click(f".new-game[data-game='{game_id}']")
    page.select_option("#setup-players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        row = page.locator(f".seat-row[data-seat='{seat}']")
        row.locator(".seat-name").fill(f"P{seat + 1}")
        row.locator(f"input[value='{kind}']").check(force=True)
    page.locator("details.more-options summary").click()
    page.fill("#setup-seed", seed)
    for name, value in (options or {}).items():
        page.locator(f"[data-option='{name}'] input[value='{json.dumps(value)}']").check(force=True)
    page.click("#setup-start")
    expect(page.locator("#game")).to_be_visible()


def open_seat_link(host: Page, guest: Page, seat: int, url: str) -> Locator:
    """The guest opens its seat's link from the host's panel: its answer, once shown."""
    link = host.locator(f"#peers-panel [data-join='{seat}']")
    expect(link).to_be_visible(timeout=30_000)
    href = link.get_attribute("href")
    assert href and href.startswith(url)
    guest.goto(href)
    ready(guest)
    answer = guest.locator("#peers-panel [data-answer]")
    expect(answer).to_be_visible(timeout=30_000)
    return answer


def join(host: Page, guest: Page, seat: int, url: str, by_link: bool = False) -> None:
    """The guest opens its seat's link; its answer reaches the host (pasted, or as a link
    opened on the host's device, which passes it to the game's tab)."""
    answer = open_seat_link(host, guest, seat, url)
    if by_link:
        tab = host.context.new_page()
        tab.goto(answer.get_attribute("href"))
        ready(tab)
        expect(tab.locator("#turn")).to_contain_text("You can close this tab")
        tab.close()
    else:
        host.fill("#peer-answer", answer.get_attribute("href"))
        host.click("#peers-panel [data-connect]")
    expect(host.locator(f".peer-seat[data-seat='{seat}']")).to_have_attribute("data-status", "connected",
                                                                              timeout=30_000)
    expect(guest.locator("#turn")).not_to_be_empty(timeout=30_000)


GAME_SECONDS = 300  # a whole peer game takes 10-40 s here


def play_across(pages: list[Page], take: Callable[[Page], Any], limit: int = 3000,
                between: Callable[[int], None] | None = None, moves: int | None = None,
                early_first: bool = False) -> int:
    """Whoever's turn it is acts, on their own device, until every page says the game is over
    (or `moves` moves were made). `early_first`: a device asked before its seat's turn (a
    moment the table answers at once) acts before the seat the rules ask now."""
    if moves is not None:
        limit = moves
    deadline = time.monotonic() + GAME_SECONDS  # the whole game, so a move that leads nowhere ends it too
    for made in range(limit):
        while True:
            assert time.monotonic() < deadline, f"the game was not over after {GAME_SECONDS} s ({made} moves)"
            states = [p.evaluate(TABLE_STATE) for p in pages]
            if all(state == "over" for state in states):
                return made
            ready = [p for p, state in zip(pages, states) if state == "turn"]
            if early_first:
                ready.sort(key=lambda p: "asked at once" not in p.inner_text("#turn"))
            if ready:
                break
            time.sleep(0.05)
        if between is not None:
            between(made)
        take(ready[0])
    if moves is not None:
        return moves
    raise AssertionError(f"the game did not end within {limit} moves")


def first_choice(page: Page) -> None:
    board = page.locator("#board")
    actions = board.locator("[data-action]:not([data-race])")
    race = board.locator("[data-race]")
    other = board.locator("[data-ui]:not([data-read])")  # a card only to read leads nowhere
    offered = next((choices for choices in (race, actions, other) if choices.count()), None)
    if offered is None:  # the turn moved on (another device acted out of turn): look again
        return
    target = offered.first
    try:
        target.click(timeout=5_000)
    except Exception:  # noqa: BLE001 - gone before the click (the table moved on): look again
        pass


# -- checks on what the guests received ----------------------------------------------------------

def replayed(page: Page) -> Match:
    text = page.evaluate("localStorage.getItem('hex-table:save:' + location.hash.slice(6))")
    match, _ = saves.load(text)
    return match


def check_messages(match: Match, seat: int, received: list[str], rng: random.Random) -> dict[str, Any]:
    """Every state message the guest at `seat` got is what the referee makes from its view
    and the public log at that point, and stays the same with the others' hidden contents
    resampled. Returns figures about them."""
    game = match.game
    states = [m for m in (json.loads(t) for t in received) if m["t"] == "state"]
    assert states, "the guest was sent no state"
    at_wanted = {m["at"] for m in states}
    prefix = Match.replay(game, match.players, match.options, match.seed, [], match.names)
    snapshots: dict[int, Any] = {}
    if 0 in at_wanted:
        snapshots[0] = prefix.state.clone()
    for entry in match.log:
        prefix._record(prefix.state.current_player, entry.action)  # type: ignore[arg-type]
        if len(prefix.log) in at_wanted:
            snapshots[len(prefix.log)] = prefix.state.clone()
    for message in states:
        at = message["at"]
        assert at in snapshots, f"a state at log length {at} the game never had"
        probe = Match.replay(game, match.players, match.options, match.seed, [], match.names)
        probe.log = list(match.log[:at])
        sent = {k: v for k, v in message.items() if k != "sent"}
        for trial in range(3):
            probe.state = snapshots[at] if trial == 0 else game.determinize(snapshots[at], seat, rng)
            made = peers.seat_update(probe, seat, message["seats"], message["log"]["start"])
            assert json.loads(peers.encode(made)) == sent, f"message at {at} is not the seat's view"
        view = message["view"]
        for other in range(match.players):
            if other != seat and not snapshots[at].is_over:
                hidden = snapshots[at].view(other).get("hand")
                assert view.get("hand") != hidden or hidden in ([], None) or \
                    view.get("hand") == snapshots[at].view(seat).get("hand")
    return {"messages": len(received), "largest": max(len(t) for t in received)}


def latency(host: Page, guests: list[Page]) -> list[float]:
    """Milliseconds from a guest's tap to the host's board drawn with that move (answers
    given before their seat's turn, held at the host, are not timed)."""
    drawn = {(int(seat), int(before)): t for seat, before, _, t in host.evaluate("window.hexPeerDrawn || []")}
    out = []
    for guest in guests:
        for at, tapped, seat in guest.evaluate("window.hexPeerTaps || []"):
            if (int(seat), int(at)) in drawn:
                out.append(drawn[int(seat), int(at)] - tapped)
    return out


def prompts_open(page: Page) -> dict[str, tuple[float, float]]:
    """Each moment this page was asked at once and answered: (shown, answered), epoch ms."""
    opened: dict[str, float] = {}
    out = {}
    for ask, what, t in page.evaluate("window.hexPeerPrompt || []"):
        if what == "open":
            opened[ask] = t
        elif ask in opened:
            out[ask] = (opened[ask], t)
    return out


def asked_together(guests: list[Page]) -> int:
    """How many moments had their prompt open on two or more guests' pages at the same time."""
    spans = [prompts_open(g) for g in guests]
    shared = 0
    for ask in {a for s in spans for a in s}:
        times = [s[ask] for s in spans if ask in s]
        if len(times) > 1 and max(t[0] for t in times) < min(t[1] for t in times):
            shared += 1
    return shared


def report(name: str, figures: dict[str, Any]) -> None:
    print(f"\n[peers] {name}: " + ", ".join(f"{k} {v}" for k, v in figures.items()), file=sys.stderr)


def summarise(times: list[float]) -> dict[str, Any]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"moves": len(times), "median_ms": round(statistics.median(ordered), 1), "p95_ms": round(p95, 1)}


# -- the tests --------------------------------------------------------------------------------------

def test_hex_please_host_and_one_guest_play_a_whole_game(lan: Any, device: Device) -> None:
    host, guest = device(), device()  # a guest who has never been here
    host_game(host, lan.url, "hex-please", ["human", "remote"], seed="peers-hp")
    expect(host.locator("#peers-panel [data-join='1']")).to_be_visible(timeout=30_000)
    expect(host.locator("#peers-panel svg[data-qr]")).to_be_visible(timeout=30_000)  # the seat's QR code
    join(host, guest, 1, lan.url, by_link=True)
    expect(guest.locator("#game-title")).to_have_text("HEX PLEASE!")
    expect(guest.locator("#board .hp-board")).to_be_visible()

    moves = play_across([host, guest], hex_please_turn)
    assert moves >= 12  # six rounds of two players
    expect(guest.locator("#turn")).to_contain_text("Game over")
    match = replayed(host)
    assert match.state.is_over
    figures = check_messages(match, 1, guest.evaluate("window.__received"), random.Random(1))
    codes = host.evaluate("window.hexPeerCodes") + guest.evaluate("window.hexPeerCodes")
    figures.update(summarise(latency(host, [guest])))
    figures["offer_chars"] = max(n for kind, n in codes if kind == "offer")
    figures["answer_chars"] = max(n for kind, n in codes if kind == "answer")
    report("HEX PLEASE! host + 1 guest", figures)
    assert figures["offer_chars"] < 600 and figures["answer_chars"] < 600
    host.context.close()
    guest.context.close()


def test_a_guests_phone_has_touch_sized_targets_from_the_join_link_to_its_turn(lan: Any, device: Device) -> None:
    """The guest's join screen (its answer's link, copy button and code as text, the More
    list) and its table once connected, measured as test_phone_targets measures the tables."""
    from test_phone_targets import MEASURE, TARGET_PX, TEXT_PX
    host, guest = device(), device(phone=True)
    host_game(host, lan.url, "hex-please", ["human", "remote"], seed="peers-phone")
    answer = open_seat_link(host, guest, 1, lan.url)
    found = {f"join screen: {p}" for p in guest.evaluate(MEASURE, [TARGET_PX, TEXT_PX])}
    guest.locator("#peers-panel summary").first.tap()
    found |= {f"join screen, code as text: {p}" for p in guest.evaluate(MEASURE, [TARGET_PX, TEXT_PX])}
    guest.locator("#more-button").tap()
    found |= {f"join screen, More: {p}" for p in guest.evaluate(MEASURE, [TARGET_PX, TEXT_PX])}
    guest.keyboard.press("Escape")
    host.fill("#peer-answer", answer.get_attribute("href") or "")
    host.click("#peers-panel [data-connect]")
    expect(host.locator(".peer-seat[data-seat='1']")).to_have_attribute("data-status", "connected", timeout=30_000)
    deadline = time.monotonic() + 120
    while guest.evaluate(TABLE_STATE) != "turn":   # the host plays its first turn
        assert time.monotonic() < deadline, "the guest's turn never came"
        if host.evaluate(TABLE_STATE) == "turn":
            hex_please_turn(host)
        time.sleep(0.05)
    found |= {f"guest's turn: {p}" for p in guest.evaluate(MEASURE, [TARGET_PX, TEXT_PX])}
    assert not found, "under 44 px (controls) or 11 px (board text) on the guest's phone:\n" + "\n".join(sorted(found))
    host.context.close()
    guest.context.close()


OUT_OF_TURN = ("hexhex", "null", "detonate", "eradicate", "challenge")


def eager_choice(page: Page) -> None:
    """Race when asked; play an out-of-turn card whenever one is offered (opening it first: a
    card is read whole before it is played); else the first choice."""
    board = page.locator("#board")
    for prefix in OUT_OF_TURN:
        offered = board.locator(f"[data-action^='{prefix}'], [data-ui^='card={prefix};']:not([data-read])")
        if offered.count():
            try:
                offered.first.click(timeout=5_000)
            except Exception:  # noqa: BLE001 - gone before the click: look again
                pass
            return
    first_choice(page)


def hex_hex_last_rounds(match: Match) -> bool:
    """The last three of a game's rounds are still to play."""
    view = match.state.view(None)
    return view["round"] >= view["rounds"] - 2


def test_hex_hex_host_and_three_guests_finish_a_game_with_responses_and_races(
        lan: Any, device: Device, tmp_path: Any) -> None:
    """Four devices play the last three of HEX-HEX XL's five rounds, from a save (the whole
    game took 48 s alone here, these rounds 30 s): out-of-turn cards and races from the
    guests, prompts open on several devices at once, answers held until their seat's turn."""
    host = device()
    guests = [device() for _ in range(3)]
    save = near_the_end("hex-hex", ["human", "remote", "remote", "remote"], "peers-hh", hex_hex_last_rounds)
    import_save(host, lan.url, save, tmp_path)
    for seat, guest in enumerate(guests, 1):
        join(host, guest, seat, lan.url)
    expect(guests[0].locator("#game-title")).to_have_text("HEX-HEX XL")

    before = len(json.loads(save)["log"])
    play_across([host, *guests], eager_choice, early_first=True)
    match = replayed(host)
    assert match.state.is_over
    by_guests = [e for e in match.log[before:] if e.seat in (1, 2, 3)]
    kinds = {str(e.action).split()[0] for e in by_guests}
    assert kinds & set(OUT_OF_TURN), f"no out-of-turn card from a guest: {sorted(kinds)}"
    assert "react" in kinds, "no race reached the guests"
    together = asked_together(guests)
    assert together, "no response window or race was open on two guests' devices at once"
    held = host.evaluate("(window.hexPeerHeld || []).length")
    assert held, "no guest answered before the rules reached its seat"
    figures: dict[str, Any] = {}
    largest = 0
    for seat, guest in enumerate(guests, 1):
        got = check_messages(match, seat, guest.evaluate("window.__received"), random.Random(seat))
        largest = max(largest, got["largest"])
        expect(guest.locator("#turn")).to_contain_text("Game over")
    figures.update(summarise(latency(host, guests)))
    figures["largest_message_chars"] = largest
    figures["reacts"] = [str(e.action) for e in by_guests if str(e.action).startswith("react")][:6]
    figures["asked_at_once"] = together
    figures["answers_held"] = held
    report("HEX-HEX XL host + 3 guests", figures)
    for page in (host, *guests):
        page.context.close()


def log_length(host: Page) -> int:
    return len(replayed(host).log)


def test_a_guest_that_drops_rejoins_its_seat_and_a_reloaded_host_resumes(lan: Any, device: Device) -> None:
    host, guest = device(), device()
    host_game(host, lan.url, "hex-please", ["human", "remote"], seed="peers-drop")
    join(host, guest, 1, lan.url)
    play_across([host, guest], hex_please_turn, moves=3)
    seat = host.locator(".peer-seat[data-seat='1']")

    # The guest's page reloads on its old link: the seat waits, with a new code, and the
    # page says plainly that the old code is spent and what to do.
    guest.reload()
    ready(guest)
    expect(guest.locator("#peers-panel")).to_contain_text("Ask the host for a new code for your seat")
    expect(guest.locator("#peers-panel [data-answer]")).to_have_count(0)
    expect(seat).to_have_attribute("data-status", "waiting", timeout=30_000)
    before = log_length(host)
    join(host, guest, 1, lan.url)  # the new code, on the same page
    expect(guest.locator("#board .hp-board")).to_be_visible()
    play_across([host, guest], hex_please_turn, moves=3)
    assert log_length(host) > before

    # The host's page reloads: the game comes back from its autosave, guests are asked to rejoin.
    kept = log_length(host)
    host.reload()
    ready(host)
    expect(guest.locator("#peers-panel")).to_contain_text("scan its code", timeout=30_000)
    assert log_length(host) == kept
    expect(seat).to_have_attribute("data-status", "waiting", timeout=30_000)
    guest.context.close()
    guest = device()
    join(host, guest, 1, lan.url)
    play_across([host, guest], hex_please_turn)  # to the end
    assert replayed(host).state.is_over
    expect(guest.locator("#turn")).to_contain_text("Game over")

    # A computer may stand in for a guest who is away.
    host_game(host, lan.url, "hex-please", ["human", "remote"], seed="peers-cover")
    host.locator("[data-cover='1']").check()
    guest.context.close()
    play_across([host], hex_please_turn)
    assert replayed(host).state.is_over
    host.context.close()


HOSTILE = [
    "not json", "[" * 100_000, '{"t":"state"}', '{"t":"ping","id":1e400}', "x" * 255_000,
    '{"t":"seat","seat":0,"game":"hack-and-slash","table":"t","names":["a","b"]}',
    json.dumps({"t": "state", "at": 9, "view": {"game": "hex-please", "legal": ["<script>"]}, "current": 0,
                "scores": [0, 0], "winners": [], "over": False, "seats": ["here", "guest"],
                "log": {"start": 0, "turns": [[0, ['<img src=x onerror="window.__pwned=1">']]]}}),
    json.dumps({"t": "refused", "at": 1, "action": "x", "reason": '<img src=x onerror="window.__pwned=1">'}),
    json.dumps({"t": "bye", "reason": 5}), json.dumps({"t": "eval", "code": "alert(1)"}),
]


def test_a_guest_shows_an_error_for_a_hostile_message_and_keeps_the_game(lan: Any, device: Device) -> None:
    host, guest = device(), device()
    host_game(host, lan.url, "hex-please", ["human", "remote"], seed="peers-hostile")
    join(host, guest, 1, lan.url)
    expect(guest.locator("#board .hp-board")).to_be_visible()
    board = guest.inner_html("#board")
    for text in HOSTILE:
        guest.evaluate("() => { document.getElementById('notice').hidden = true; "
                       "document.getElementById('board').removeAttribute('data-peer-error'); }")
        host.evaluate("t => window.__channels[0].send(t)", text)
        shown = guest.locator("#board[data-peer-error], #notice:not([hidden])")
        expect(shown.first).to_be_visible(timeout=10_000)
        assert guest.evaluate("window.__pwned") is None
        assert guest.inner_html("#board") == board or "Not allowed" in guest.inner_text("#notice")
    host.evaluate("() => window.__channels[0].send(new Uint8Array([1, 2, 3]))")
    expect(guest.locator("#board[data-peer-error]")).to_be_attached(timeout=10_000)
    # The game goes on: both sides play a whole game to its end.
    play_across([host, guest], hex_please_turn)
    assert replayed(host).state.is_over
    assert guest.evaluate("window.__pwned") is None
    host.context.close()
    guest.context.close()


def any_choice(rng: random.Random) -> Callable[[Page], None]:
    """Click one of the offered moves at random (the first choices can go round in circles:
    a tile moved back and forth), or else a selection that leads to some."""
    def take(page: Page) -> None:
        board = page.locator("#board")
        for offered in (board.locator("[data-action]:not([disabled])"), board.locator("[data-ui]:not([disabled]):not([data-read])")):
            count = offered.count()
            if count:
                try:
                    offered.nth(rng.randrange(count)).click(timeout=5_000)
                except Exception:  # noqa: BLE001 - gone before the click: look again
                    pass
                return
    return take


def import_save(host: Page, url: str, text: str, tmp: Any) -> None:
    path = tmp / "game.json"
    path.write_text(text)
    host.goto(url)
    ready(host)
    host.set_input_files("#import-file", str(path))
    expect(host.locator("#game")).to_be_visible()


def horrible_hex_close(match: Match) -> bool:
    """The tile pile ran out once with no goal completed and is nearly empty again (the
    "end a stuck game" option ends it when it runs out a second time), the host to move."""
    view = match.state.view(None)
    return match.state.current_player == 0 and view["stall"] == 1 and view["pile"] <= 3


@pytest.mark.parametrize("game_id, close, options, board", [
    ("hack-and-slash", hack_and_slash_close, {}, "#board svg"),
    ("horrible-hex", horrible_hex_close, {"covert": True, "end_stuck": True}, "#board svg"),
])
def test_a_game_near_its_end_is_finished_by_a_host_and_a_guest(
        lan: Any, device: Device, tmp_path: Any, game_id: str, close: Callable[[Match], bool],
        options: dict[str, Any], board: str) -> None:
    """Hack & Slash and Horrible Hex (Covert Hex: goals hidden) across two devices, from a save
    a few turns before the end: both seats play, the game ends on both, and every message
    the guest got is its seat's view and the public log."""
    host, guest = device(), device(phone=game_id == "horrible-hex")
    started = time.monotonic()
    save = near_the_end(game_id, ["human", "remote"], f"peers-{game_id}", close, **options)
    import_save(host, lan.url, save, tmp_path)
    join(host, guest, 1, lan.url)
    expect(guest.locator("#game-title")).to_have_text(get_game(game_id).name)
    expect(guest.locator(board).first).to_be_visible()
    before = len(json.loads(save)["log"])
    moves = play_across([host, guest], any_choice(random.Random(game_id)), limit=400)
    match = replayed(host)
    assert match.state.is_over
    seats = {e.seat for e in match.log[before:]}
    assert {0, 1} <= seats, f"both seats should have played: {sorted(s for s in seats if s is not None)}"
    expect(guest.locator("#turn")).to_contain_text("Game over")
    figures = check_messages(match, 1, guest.evaluate("window.__received"), random.Random(2))
    figures.update(summarise(latency(host, [guest])))
    figures["clicks"] = moves
    figures["seconds"] = round(time.monotonic() - started, 1)
    report(f"{get_game(game_id).name} host + 1 guest, from near the end", figures)
    if game_id == "horrible-hex":  # on a phone, the guest has the rules and the menu under More
        guest.click("#more-button")
        expect(guest.locator("#export-button")).to_be_hidden()
        guest.click("#rules-button")
        expect(guest.locator("#rules-panel")).to_contain_text("Covert Hex")
        guest.click("#rules-panel .rules-close")
        guest.click("#more-button")
        guest.click("#menu-button")
        expect(guest.locator("#menu")).to_be_visible()
        expect(host.locator(".peer-seat[data-seat='1']")).to_have_attribute("data-status", "waiting", timeout=30_000)
    host.context.close()
    guest.context.close()


# -- spectators -----------------------------------------------------------------------------------

def watch(host: Page, watcher: Page, number: int) -> None:
    """The host adds a spectator; its page opens the spectator's link; its answer is pasted."""
    host.click("#peers-panel [data-watch-add]")
    link = host.locator(f"#peers-panel [data-watch-join='{number}']")
    expect(link).to_be_visible(timeout=30_000)
    watcher.goto(link.get_attribute("href"))
    ready(watcher)
    answer = watcher.locator("#peers-panel [data-answer]")
    expect(answer).to_be_visible(timeout=30_000)
    host.fill("#peer-answer", answer.get_attribute("href"))
    host.click("#peers-panel [data-connect]")
    row = host.locator(f".peer-watcher[data-watcher='{number}']")
    expect(row).to_have_attribute("data-status", "connected", timeout=30_000)
    expect(watcher.locator("#peers-title")).to_have_text("Watching", timeout=30_000)


def check_watched(match: Match, received: list[str], rng: random.Random) -> int:
    """Every state a spectator got is the referee's message for no seat at that point, the same
    with what any one seat cannot see resampled (for each seat), and shows no seat's hand,
    face-down cards or readied answers. Returns how many states it got."""
    game = match.game
    states = [m for m in (json.loads(t) for t in received) if m["t"] == "state"]
    assert states, "the spectator was sent no state"
    wanted = {m["at"] for m in states}
    prefix = Match.replay(game, match.players, match.options, match.seed, [], match.names)
    snapshots = {0: prefix.state.clone()}
    for entry in match.log:
        prefix._record(prefix.state.current_player, entry.action)  # type: ignore[arg-type]
        if len(prefix.log) in wanted:
            snapshots[len(prefix.log)] = prefix.state.clone()
    probe = Match.replay(game, match.players, match.options, match.seed, [], match.names)
    for message in states:
        at = message["at"]
        view = message["view"]
        assert (view["seat"], view["legal"], "ask" in message) == (None, [], False)
        assert view["hand"] == view["buried"] == view["readied"] == [], f"a hidden card at {at}"
        probe.log = list(match.log[:at])
        sent = {k: v for k, v in message.items() if k != "sent"}
        worlds = [snapshots[at], *(game.determinize(snapshots[at], s, rng) for s in range(match.players))]
        for world in worlds:
            probe.state = world
            made = peers.seat_update(probe, None, message["seats"], message["log"]["start"])
            assert json.loads(peers.encode(made)) == sent, f"the spectator's message at {at} is not the public view"
    return len(states)


def hex_hex_last_round(match: Match) -> bool:
    """The last round of the game has just begun."""
    view = match.state.view(None)
    return view["round"] == view["rounds"]


def test_a_spectator_follows_a_hex_hex_round_and_is_sent_no_hidden_card(
        lan: Any, device: Device, tmp_path: Any) -> None:
    """Host, one guest and a computer play HEX-HEX XL's last round; a spectator watches it
    from its own device: it is never asked to act, a choice it sends is refused and changes
    nothing, and every message it got holds what every seat sees and nothing more."""
    host, guest, watcher = device(), device(), device(phone=True)
    save = near_the_end("hex-hex", ["human", "remote", "easy"], "peers-watch", hex_hex_last_round)
    import_save(host, lan.url, save, tmp_path)
    join(host, guest, 1, lan.url)
    watch(host, watcher, 0)
    expect(watcher.locator("#game-title")).to_have_text("HEX-HEX XL")
    expect(watcher.locator("#board [data-action]")).to_have_count(0)

    before = log_length(host)
    watcher.evaluate("t => window.__channels[0].send(t)",
                     json.dumps({"t": "act", "at": before, "action": "pass"}))
    refused = "() => window.__received.map(t => JSON.parse(t)).filter(m => m.t === 'refused').map(m => m.reason)"
    deadline = time.monotonic() + 10
    while not watcher.evaluate(refused) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "cannot play" in watcher.evaluate(refused)[0]
    assert log_length(host) == before

    play_across([host, guest, watcher], eager_choice)
    match = replayed(host)
    assert match.state.is_over
    expect(watcher.locator("#turn")).to_contain_text("Game over")
    received = watcher.evaluate("window.__received")
    first = next(m for m in map(json.loads, received) if m["t"] == "state")
    assert first["at"] == len(json.loads(save)["log"]), "the spectator did not see the round from its start"
    states = check_watched(match, received, random.Random(5))
    check_messages(match, 1, guest.evaluate("window.__received"), random.Random(6))
    assert watcher.evaluate("(window.hexPeerTaps || []).length") == 0
    report("HEX-HEX XL host + 1 guest + 1 spectator, last round",
           {"log_entries": len(match.log) - before, "spectator_states": states})

    # The guest and the spectator step through what their pages were sent.
    guest.click("#history-button")
    expect(guest.locator("#history-seat option")).to_have_text(["P2's view"])
    expect(guest.locator("#history-step")).to_contain_text("(the end)")
    last = int(guest.locator("#history-slider").get_attribute("max") or 0)
    assert last > 3
    end_board = guest.inner_html("#history-board")
    guest.keyboard.press("ArrowLeft")
    expect(guest.locator("#history-step")).to_contain_text(f"Step {last - 1} of {last}")
    guest.locator("[data-history='first']").click()
    expect(guest.locator("#history-step")).to_contain_text("the first position shown here")
    assert guest.inner_html("#history-board") != end_board
    expect(guest.locator("[data-history='share']")).to_have_count(0)  # a guest has no game to pack
    guest.locator("[data-history='close']").click()
    expect(guest.locator("#history")).to_be_hidden()
    watcher.click("#more-button")
    watcher.click("#history-button")
    expect(watcher.locator("#history-seat option")).to_have_text(["Everyone's view"])
    expect(watcher.locator("#history-board svg").first).to_be_visible()
    watcher.wait_for_timeout(300)  # the stylesheets
    assert watcher.evaluate(IN_VIEW) == []  # on a phone: one screen, controls of touch size
    watcher.locator("[data-history='back']").click()
    expect(watcher.locator("#history-step")).not_to_contain_text("(the end)")
    watcher.locator("[data-history='close']").click()

    host.click("#peers-panel [data-remove='0']")
    expect(host.locator(".peer-watcher")).to_have_count(0)
    expect(watcher.locator("#peers-panel")).to_contain_text("stopped you watching", timeout=10_000)
    for page in (host, guest, watcher):
        page.context.close()
