"""The peer-to-peer protocol (`web/ui/peers.py`) on CPython: connection codes, the strict
parsers of what arrives from another device, and the referee's messages, which must give a
guest nothing beyond its seat's view and the public log."""

from __future__ import annotations

import json
import random
import string
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from tests.fuzzing import hostile
from tests.playing import played

from pygame_core import CHANCE, get_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "ui"))
import peers  # noqa: E402
import presenter  # noqa: E402
from peers import PeerError, Signal  # noqa: E402

FUZZ = hostile(150, 3000)


def guest_status(names: list[str], seat: int, update: dict) -> str:
    """The status line a guest shows, from the host's message alone (presenter.status_line)."""
    return presenter.status_line(names, update["seats"], update["current"], update["scores"],
                                 update["winners"], update["over"], seat if update["view"].get("legal") else None)

OFFER = "\r\n".join([
    "v=0", "o=- 7105551412039096770 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=extmap-allow-mixed", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    "a=candidate:2559788416 1 udp 2113937151 cd6906b4-f869-4681-9aae-6c987ef6fcd1.local 49403 typ host "
    "generation 0 network-cost 999",
    "a=ice-ufrag:lTs+", "a=ice-pwd:XO4TeP5DT7/ONe+4xZWv3m4+", "a=ice-options:trickle",
    "a=fingerprint:sha-256 0E:5E:80:A7:3E:E0:02:C5:DE:6B:17:B8:7A:73:B8:C7:4E:B2:64:5E:5E:73:BC:D4:AE:35:AB:63:"
    "69:DC:06:9B",
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"]) + "\r\n"
"""A data-channel offer as headless Chromium wrote it in the test network (587 characters)."""


def random_offer(rng: random.Random, candidates: int = 1) -> str:
    hexes = ":".join(f"{rng.randrange(256):02X}" for _ in range(32))
    lines = OFFER.split("\r\n")
    out = []
    for line in lines:
        if line.startswith("a=candidate"):
            for i in range(candidates):
                uuid = "-".join("".join(rng.choice("0123456789abcdef") for _ in range(n)) for n in (8, 4, 4, 4, 12))
                out.append(f"a=candidate:{rng.randrange(10 ** 10)} 1 udp {rng.randrange(2 ** 31)} {uuid}.local "
                           f"{rng.randrange(32768, 65535)} typ host generation 0 network-cost 999")
        elif line.startswith("a=fingerprint"):
            out.append(f"a=fingerprint:sha-256 {hexes}")
        elif line.startswith("a=ice-pwd"):
            out.append("a=ice-pwd:" + "".join(rng.choice(string.ascii_letters + "+/") for _ in range(24)))
        elif line:
            out.append(line)
    return "\r\n".join(out) + "\r\n"


# -- codes ------------------------------------------------------------------------------------

def test_a_code_round_trips_and_is_small_enough_for_an_easy_qr_code() -> None:
    rng = random.Random(3)
    for candidates in (1, 2, 3):
        sdp = random_offer(rng, candidates)
        code = peers.pack_signal(Signal("offer", "ab12cd34", 3, 7, sdp))
        assert peers.unpack_signal(code, "offer") == Signal("offer", "ab12cd34", 3, 7, sdp)
        assert len(code) < 600 - 60, (candidates, len(code))  # room for the site's address
    assert len(peers.pack_signal(Signal("offer", "ab12cd34", 3, 7, OFFER))) < 360


def test_the_wrong_kind_of_code_is_refused_with_a_reason() -> None:
    code = peers.pack_signal(Signal("answer", "t1", 0, 0, OFFER))
    with pytest.raises(PeerError, match="other side's code"):
        peers.unpack_signal(code, "offer")


@pytest.mark.parametrize("code, reason", [
    ("", "empty"), ("x" * 4000, "too long"), ("ab$cd", "characters"), ("abc", "cut short|mistyped"),
    ("A" * 40, "mistyped|cut short"),
])
def test_bad_codes_are_refused_with_a_reason(code: str, reason: str) -> None:
    with pytest.raises(PeerError, match=reason):
        peers.unpack_signal(code)


def test_a_truncated_code_is_refused_at_every_length() -> None:
    code = peers.pack_signal(Signal("offer", "t1", 0, 0, OFFER))
    for n in range(len(code) - 1):
        with pytest.raises(PeerError):
            peers.unpack_signal(code[:n])


def test_a_decompression_bomb_is_refused_without_inflating_it() -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, peers.SDP_DICTIONARY)
    raw = packer.compress(b'{"v":1,"k":"offer","sdp":"' + b"a" * 50_000_000) + packer.flush()
    code = __import__("base64").urlsafe_b64encode(raw).decode().rstrip("=")
    assert len(code) < peers.MAX_CODE_CHARS * 40
    with pytest.raises(PeerError):
        peers.unpack_signal(code[:peers.MAX_CODE_CHARS])
    with pytest.raises(PeerError, match="too long"):
        peers.unpack_signal(code)


def _code_of(data: object) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, peers.SDP_DICTIONARY)
    raw = packer.compress(json.dumps(data).encode()) + packer.flush()
    return __import__("base64").urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize("change, reason", [
    ({"v": 2}, "another version"), ({"k": "hello"}, "not a connection"), ({"t": "<b>"}, "names no game"),
    ({"s": 12}, "no seat"), ({"s": True}, "no seat"), ({"n": -1}, "number"),
    ({"sdp": "v=0\r\nx"}, "lines|session"), ({"sdp": OFFER.replace("a=ice-pwd", "a=ice-pw")}, "ice-pwd"),
    ({"sdp": OFFER + "a=x\x00\r\n"}, "not a session"), ({"sdp": OFFER.replace("v=0", "v=1")}, "not a session"),
    ({"extra": 1}, "fields"),
])
def test_a_forged_code_is_refused_with_a_reason(change: dict, reason: str) -> None:
    data = {"v": 1, "k": "offer", "t": "t1", "s": 0, "n": 0, "sdp": OFFER, **change}
    with pytest.raises(PeerError, match=reason):
        peers.unpack_signal(_code_of(data))


@FUZZ
@given(st.one_of(st.text(max_size=3000), st.text(alphabet=string.ascii_letters + string.digits + "-_", max_size=800),
                 st.binary(max_size=600).map(lambda b: __import__("base64").urlsafe_b64encode(b).decode())))
def test_any_text_is_a_code_or_refused_with_a_reason(text: str) -> None:
    try:
        peers.unpack_signal(text)
    except PeerError as exc:
        assert str(exc)


@FUZZ
@given(st.binary(min_size=1, max_size=40), st.integers(0, 10 ** 6))
def test_a_valid_code_with_bytes_changed_is_refused_or_still_checked(noise: bytes, where: int) -> None:
    code = peers.pack_signal(Signal("offer", "t1", 0, 0, OFFER))
    raw = bytearray(__import__("base64").urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    at = where % len(raw)
    raw[at:at + len(noise)] = noise
    changed = __import__("base64").urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    try:
        signal = peers.unpack_signal(changed)
    except PeerError:
        return
    assert peers.check_sdp(signal.sdp) == signal.sdp


# -- messages ---------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 60, 2 ** 60) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30)
MESSAGE_TYPES = ["act", "pong", "seat", "watch", "state", "refused", "ping", "bye", "hello", ""]


@st.composite
def hostile_messages(draw: st.DrawFn) -> str:
    """Messages shaped like ours with any field missing, extra, or of any type; or not JSON."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.text(max_size=200))
    if kind == 1:
        depth = draw(st.integers(1, 5000))
        return "[" * depth + "]" * draw(st.integers(0, depth))
    fields = {"t": draw(st.sampled_from(MESSAGE_TYPES))}
    for name in draw(st.lists(st.sampled_from(["at", "action", "id", "seat", "game", "table", "names", "view",
                                               "current", "scores", "winners", "over", "seats", "log", "reason",
                                               "sent", "extra"]), max_size=12)):
        fields[name] = draw(JSON_VALUES)
    return json.dumps(fields)


@FUZZ
@given(hostile_messages())
def test_any_message_is_parsed_or_refused_with_a_reason(text: str) -> None:
    for parse in (peers.parse_guest_message, peers.parse_host_message):
        try:
            data = parse(text)
        except PeerError as exc:
            assert str(exc)
            continue
        assert isinstance(data, dict) and data["t"] in MESSAGE_TYPES


@FUZZ
@given(hostile_messages() | st.builds(lambda at, action, ask: json.dumps(
    {"t": "act", "at": at, "action": action, **({"ask": ask} if ask else {})}),
    st.integers(-1, 10_000), st.text(min_size=1, max_size=40), st.text(max_size=20)))
def test_a_spectator_s_choice_is_refused_whatever_it_holds(text: str) -> None:
    """The host reads a spectator's messages with `parse_watcher_message`: nothing but a
    keep-alive reply gets through, so no choice, well formed or not, reaches the master."""
    try:
        data = peers.parse_watcher_message(text)
    except PeerError as exc:
        assert str(exc)
        return
    assert data["t"] == "pong"


def test_a_spectator_s_well_formed_choice_is_refused_with_the_reason() -> None:
    choice = json.dumps({"t": "act", "at": 3, "action": "pass"})
    assert peers.parse_guest_message(choice)["action"] == "pass"  # a seat's would be played
    with pytest.raises(PeerError, match="spectator .* cannot play"):
        peers.parse_watcher_message(choice)
    assert peers.parse_watcher_message('{"t":"pong","id":4}') == {"t": "pong", "id": 4}


def test_a_spectator_s_code_says_so_and_numbers_the_spectator() -> None:
    code = peers.pack_signal(Signal("offer", "ab12cd34", 2, 0, OFFER, watch=True))
    assert peers.unpack_signal(code, "offer") == Signal("offer", "ab12cd34", 2, 0, OFFER, watch=True)
    plain = peers.pack_signal(Signal("offer", "ab12cd34", 2, 0, OFFER))
    assert not peers.unpack_signal(plain).watch and len(code) <= len(plain) + 8
    data = {"v": 1, "k": "offer", "t": "t1", "s": 0, "n": 0, "sdp": OFFER}
    for change, reason in (({"w": 2}, "fields"), ({"w": True}, "fields"), ({"w": 1, "s": peers.MAX_WATCHERS}, "spectator")):
        with pytest.raises(PeerError, match=reason):
            peers.unpack_signal(_code_of({**data, **change}))
    welcome = peers.parse_host_message(peers.encode(peers.welcome(played("hex-please", 2, 0, "w"), None, "t1")))
    assert welcome["t"] == "watch" and "seat" not in welcome


def test_messages_beyond_the_limits_are_refused() -> None:
    with pytest.raises(PeerError, match="too long"):
        peers.parse_guest_message(json.dumps({"t": "act", "at": 1, "action": "x" * 5000}))
    with pytest.raises(PeerError, match="nests"):
        peers.parse_host_message('{"t":"ping","id":' + "[" * 100 + "]" * 100 + "}")
    with pytest.raises(PeerError, match="not a number"):
        peers.parse_guest_message('{"t":"pong","id":NaN}')
    with pytest.raises(PeerError, match="may not send"):
        peers.parse_guest_message('{"t":"state"}')


# -- the referee ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id, players", [("hex-hex", 5), ("hex-please", 8), ("horrible-hex", 3),
                                              ("hack-and-slash", 4)])
def test_a_guest_is_sent_the_same_whatever_the_others_hold(game_id: str, players: int) -> None:
    """The referee's message for a seat does not change when what the seat cannot see is
    resampled: nothing in it comes from another seat's hidden cards, tiles or hand."""
    rng = random.Random(game_id)
    game = get_game(game_id)
    for decisions in (0, 3, 11, 30, 80):
        match = played(game_id, players, decisions, f"ref-{decisions}")
        for seat in range(players):
            message = peers.encode(peers.seat_update(match, seat, ["guest"] * players))
            parsed = peers.parse_host_message(message)
            own = json.loads(json.dumps(match.state.view(seat)))
            if "ask" in parsed:  # asked at once with the others: its choices when its turn comes
                own["legal"] = parsed["view"]["legal"]
            assert parsed["view"] == own
            state = match.state
            for _ in range(3):
                match.state = game.determinize(state, seat, rng)
                assert peers.encode(peers.seat_update(match, seat, ["guest"] * players)) == message
            match.state = state


@pytest.mark.parametrize("game_id, players", [("hex-hex", 5), ("hex-please", 8), ("horrible-hex", 3),
                                              ("hack-and-slash", 4)])
def test_a_spectator_is_sent_the_same_whatever_any_seat_holds(game_id: str, players: int) -> None:
    """A spectator is sent the view for no seat: its message does not change when what any
    one seat cannot see is resampled (every other seat's hidden cards, and the deck), for
    each seat in turn, so nothing in it comes from any seat's hidden cards, tiles or hand."""
    rng = random.Random(game_id + "/spectator")
    game = get_game(game_id)
    for decisions in (0, 3, 11, 30, 80):
        match = played(game_id, players, decisions, f"ref-{decisions}")
        message = peers.encode(peers.seat_update(match, None, ["guest"] * players))
        parsed = peers.parse_host_message(message)
        assert parsed["view"] == json.loads(json.dumps(match.state.view(None)))
        assert parsed["view"].get("legal", []) == [] and "ask" not in parsed
        state = match.state
        for seat in range(players):
            for _ in range(2):
                match.state = game.determinize(state, seat, rng)
                assert peers.encode(peers.seat_update(match, None, ["guest"] * players)) == message
        match.state = state


def test_the_log_is_sent_from_the_last_turn_the_guest_has() -> None:
    match = played("hex-please", 3, 20, "log")
    whole = peers.seat_update(match, 0, ["guest"] * 3)
    assert whole["log"]["start"] == 0
    turns = len(whole["log"]["turns"])
    later = peers.seat_update(match, 0, ["guest"] * 3, log_start=turns - 1)
    assert later["log"]["start"] == turns - 1 and later["log"]["turns"] == whole["log"]["turns"][-1:]


def test_the_guest_status_says_whose_turn_from_the_message_alone() -> None:
    match = played("hex-please", 2, 0, "status")
    seat = match.state.current_player
    names = match.names
    mine = peers.parse_host_message(peers.encode(peers.seat_update(match, seat, ["here", "guest"])))
    theirs = peers.parse_host_message(peers.encode(peers.seat_update(match, 1 - seat, ["guest", "away"])))
    assert guest_status(names, seat, mine) == f"{names[seat]}, your turn."
    assert names[seat] in guest_status(names, 1 - seat, theirs)
    assert CHANCE == -1


# -- QR codes ------------------------------------------------------------------------------------

def test_a_qr_code_is_drawn_as_escaped_svg_from_its_modules() -> None:
    import qr  # its segno is pinned in requirements-dev.txt and shipped to the page: not optional
    text = "http://127.0.0.1:8000/#join=" + "A" * 330
    matrix = qr.make_matrix(text)
    assert len(matrix) >= 21 and all(len(row) == len(matrix) for row in matrix)
    svg = qr.svg_from_matrix(matrix, 'Code for <b>"Ann"</b>')
    assert "<b>" not in svg and "&lt;b&gt;" in svg and svg.startswith("<svg")


@pytest.mark.parametrize("text", ["", "stun:stun.example.org", "stun:192.0.2.1:3478", "stuns:[2001:db8::1]:5349"])
def test_a_stun_server_is_taken_as_typed(text: str) -> None:
    assert peers.check_stun(text) == text


@pytest.mark.parametrize("text", ["turn:relay.example.org", "http://x", "stun:a b", "stun:" + "a" * 300, "stun:x:123456"])
def test_anything_else_is_not_a_stun_server(text: str) -> None:
    with pytest.raises(PeerError, match="STUN"):
        peers.check_stun(text)


# -- a guest draws only views its game could have made ----------------------------------------------

@pytest.mark.parametrize("game_id, players, options", [
    ("hex-please", 2, {}), ("hex-please", 3, {}), ("hex-please", 7, {"boards": "original"}), ("hex-please", 12, {}),
    ("hex-hex", 6, {}), ("horrible-hex", 1, {}), ("hack-and-slash", 6, {})])
def test_every_view_a_host_sends_passes_the_guests_check(game_id: str, players: int, options: dict) -> None:
    match = played(game_id, players, 5, "views", **options)
    module = presenter.view_module(game_id)
    for seat in range(players):
        update = peers.parse_host_message(peers.encode(peers.seat_update(match, seat, ["guest"] * players)))
        peers.check_view(module, update["view"], players)


@given(st.integers(min_value=-10 ** 12, max_value=10 ** 12), st.sampled_from([2, 5, 12]))
def test_a_hex_please_board_of_any_other_size_is_refused_before_it_is_drawn(radius: int, players: int) -> None:
    match = played("hex-please", players, 0, "radius")
    view = match.state.view(0)
    module = presenter.view_module("hex-please")
    assume(radius != view["radius"])
    view["radius"] = radius
    with pytest.raises(PeerError, match="size"):
        peers.check_view(module, view, players)


@given(st.one_of(st.integers(), st.none(), st.text(max_size=5), st.floats(allow_nan=False)),
       st.sampled_from(["hex-please", "hex-hex", "horrible-hex", "hack-and-slash"]))
def test_a_view_for_another_number_of_players_is_refused(players: object, game_id: str) -> None:
    game = get_game(game_id)
    match = played(game_id, game.default_players, 0, "players")
    view = match.state.view(0)
    assume(players != game.default_players)
    view["players"] = players
    with pytest.raises(PeerError, match="another size"):
        peers.check_view(presenter.view_module(game_id), view, game.default_players)
