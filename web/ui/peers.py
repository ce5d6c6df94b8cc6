"""Play across devices with no server: the protocol between the host's page and its guests.

Plain Python, tested on CPython (tests/test_peers.py); the browser glue is `peerplay.py`
(the lazy way in), `peerhost.py` and `peerguest.py` (the two ends) and `peerlink.py`
(WebRTC). The host's device runs the game; each guest device holds one seat. Everything a device receives from another is
untrusted input: codes arrive in links anyone can send, and messages come from a browser the
other side controls. So every parser here is strict and bounded, rejects with a reason
(`PeerError`, a ValueError) and never lets bad input reach the game.

* **Connection codes.** The host's offer for a seat and the guest's answer are WebRTC session
  descriptions (SDP, non-trickle: the candidates are inside). A code is the JSON of a
  `Signal`, compressed with zlib against a dictionary of the SDP every browser writes, in
  base64url: a data-channel offer of ~590 characters becomes a code of ~330, small enough for
  a QR code a phone scans at a glance. Codes travel in a link's fragment (`#join=`,
  `#answer=`), which browsers never send to any server.
* **The referee's messages.** A guest is sent only what its seat may know: the game's
  `view(seat)` (with its legal actions when it is to act), the log in words (what the table
  shows everyone), the names, whose turn it is, the scores and who is at the table.
  `seat_update` builds that message from those and nothing else; the tests check it is the
  same whatever the other seats hold (tests/test_peers.py) and, in Chromium, against every
  message each guest received in whole games (e2e/test_peers.py). A spectator is sent the
  same with the game's view for no seat (`view(None)`): what every seat sees.
* **The guest's messages** are a choice (an action's notation at a position of the log, and
  the moment's `ask` when the table is asked at once) and keep-alive replies. The host hands
  every choice to its master (master.py), which checks it with the rules as it checks a
  choice made at the host's own device: a late, out-of-turn or illegal one is refused with
  the reason and changes nothing; an answer before its seat's turn is held until then.
  A spectator's choices are refused before that (`parse_watcher_message`).
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any, Sequence, TypeGuard

from pygame_core import CHANCE, Match
from pygame_core.names import clean_name, default_name
from pygame_core.saves import too_deep

import presenter
from master import Together, together

PROTOCOL = 1
MAX_CODE_CHARS = 3000  # a code in a link or a QR code; real ones are ~300-500
MAX_SDP_CHARS = 6000
MAX_SDP_LINES = 80
MAX_SDP_LINE = 400
MAX_TABLE_ID = 16
MAX_SEATS = 12  # the most seats of any game
MAX_WATCHERS = 8  # spectators at one table
MAX_GUEST_MESSAGE = 2000  # a choice's notation is a few dozen characters
MAX_HOST_MESSAGE = 250_000  # a view with its log (real ones are a few KB); channels take 256 KiB
MAX_DEPTH = 12
MAX_LOG_TURNS = 80
MAX_LOG_LINES = 200  # in one turn
MAX_TEXT = 600  # one line of the log, the status, a reason
MAX_ACTION = 200
MAX_NUMBER = 2 ** 53
MAX_CANDIDATES = 8  # addresses taken from one code (a phone has a few; the rest are dropped)
MIN_PORT = 1024  # a browser never listens below it; the well-known services do
# A device's own (host) address is on a port its system handed out for the moment: Linux and
# Android from 32768, Windows, macOS and iOS from 49152. Below that sit services (databases,
# caches) a crafted code could aim the browser's checks at.
MIN_HOST_PORT = 32768
MAX_STUN = 280

SEAT_STATES = ("here", "guest", "away", "computer")
"""Who sits at each seat, as guests are told: a person at the host's device, a person on a
guest device, a guest device that dropped (its seat waits for it), a computer."""

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
_SDP_LINE = re.compile(r"[a-z]=[\x20-\x7e]*")
_CODE = re.compile(r"[A-Za-z0-9_-]+")

PRIVATE_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "fc00::/7", "fe80::/10"))
"""Addresses of one local network (RFC 1918, unique local, link-local): a device's own
addresses in a code, where the browser shows them rather than a `.local` name."""
CANDIDATE_KINDS = ("host", "srflx")
"""What our pages put in a code: the device's own addresses (`host`) and, with a STUN server,
its public one (`srflx`). Never `relay` (we use no TURN server) nor `prflx`."""
CANDIDATE_EXTRAS = frozenset({"raddr", "rport", "generation", "ufrag", "network-id", "network-cost"})
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
_FOUNDATION_CHARS = _NAME_CHARS - {"-"} | {"+", "/"}

# Text a browser's data-channel SDP is made of, so zlib only has to store what differs.
# Order matters little; the most common pieces last (zlib prefers near matches).
SDP_DICTIONARY = (
    "a=candidate:1 1 tcp 1518280447 192.168.1.2 9 typ host tcptype active generation 0 network-id 1"
    " network-cost 10\r\na=candidate:1 1 UDP 2122252543 192.168.1.2 50000 typ srflx raddr 0.0.0.0"
    " rport 0\r\na=sendrecv\r\na=ice-options:trickle\r\na=end-of-candidates\r\n"
    "a=fingerprint:sha-256 \r\na=group:BUNDLE 0\r\na=setup:passive\r\na=setup:active\r\n"
    "o=mozilla...THIS_IS_SDPARTA-99.0 0 0 IN IP4 0.0.0.0\r\n"
    "v=0\r\no=- 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\n"
    "a=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate: 1 udp 2113937151 .local typ host generation 0 network-cost 999\r\n"
    "a=ice-ufrag:\r\na=ice-pwd:\r\na=ice-options:trickle\r\na=fingerprint:sha-256 \r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
    '{"v":1,"k":"offer","t":"","s":0,"n":0,"sdp":"v=0\\r\\no=- '
).encode()


class PeerError(ValueError):
    """A code or message that cannot be used, with the reason."""


# -- connection codes ------------------------------------------------------------------------

@dataclass(frozen=True)
class Signal:
    """One side's session description: the host's `offer` for a seat or a guest's `answer`.

    `table` names the game on the host's device (a guest's answer must come back to it),
    `seat` the seat it is for, `link` which of that seat's offers it is (a seat gets a new
    one whenever its guest drops), so a stale answer is recognised and refused.
    A spectator's codes say `watch`: their `seat` then numbers the spectator, not a seat."""

    kind: str  # "offer" or "answer"
    table: str
    seat: int
    link: int
    sdp: str
    watch: bool = False


def check_sdp(sdp: Any) -> str:
    """A session description as the browser will be given it, or PeerError: printable
    ASCII lines of the `x=...` form, bounded, with what a data channel needs."""
    if not isinstance(sdp, str):
        raise PeerError("the connection details are not text")
    if len(sdp) > MAX_SDP_CHARS:
        raise PeerError(f"the connection details are too long ({len(sdp):,} characters)")
    lines = [line for line in sdp.replace("\r\n", "\n").split("\n") if line]
    if not 3 <= len(lines) <= MAX_SDP_LINES:
        raise PeerError("the connection details have too few or too many lines")
    for line in lines:
        if len(line) > MAX_SDP_LINE or not _SDP_LINE.fullmatch(line):
            raise PeerError("the connection details hold a line that is not a session description's")
    if lines[0] != "v=0":
        raise PeerError("the connection details are not a session description")
    for needed in ("m=application", "a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:"):
        if not any(line.startswith(needed) for line in lines):
            raise PeerError(f"the connection details lack {needed.rstrip(':')}")
    return "\r\n".join(lines) + "\r\n"


def usable_candidates(sdp: str, stun: bool = False) -> str:
    """A checked session description with only the candidates (addresses to try) that our own
    pages make, or PeerError when none is left.

    A code comes in a link anyone can send, and the browser sends connectivity checks to
    every candidate in it: so only UDP ones at a `.local` name (the browser's private name for
    a device) or a private or link-local address, on a port a browser may hold, and public
    addresses only where the player has set a STUN server (then they are how devices on
    different networks meet). TCP, relay and anything unreadable are dropped; at most
    MAX_CANDIDATES are kept."""
    kept: list[str] = []
    usable = 0
    for line in sdp.split("\r\n"):
        if not line.startswith("a=") or "candidate" not in line.partition(":")[0].lower() \
                or line == "a=end-of-candidates":
            kept.append(line)
        elif usable < MAX_CANDIDATES and _usable_candidate(line, stun):
            kept.append(line)
            usable += 1
    if not usable:
        raise PeerError("the code holds no address of a device on this network"
                        + ("" if stun else " (a device elsewhere needs a STUN server set in Settings, "
                                           "on both devices)"))
    return "\r\n".join(kept)


def _usable_candidate(line: str, stun: bool) -> bool:
    """Whether one `a=candidate:` line is of a kind our own pages make (see usable_candidates)."""
    head, _, rest = line.partition(":")
    fields = rest.split(" ")
    if head != "a=candidate" or not 8 <= len(fields) <= 24 or len(fields) % 2:
        return False
    foundation, component, transport, priority, address, port, typ, kind = fields[:8]
    extras = dict(zip(fields[8::2], fields[9::2]))
    return (0 < len(foundation) <= 32 and set(foundation) <= _FOUNDATION_CHARS
            and component in ("1", "2") and transport in ("udp", "UDP")
            and 0 < len(priority) <= 10 and priority.isdigit() and priority.isascii()
            and _port(port) >= (MIN_HOST_PORT if kind == "host" else MIN_PORT)
            and typ == "typ" and kind in CANDIDATE_KINDS
            and len(extras) == len(fields[8:]) // 2 and set(extras) <= CANDIDATE_EXTRAS
            and _usable_address(address, kind, stun))


def _usable_address(address: str, kind: str, stun: bool) -> bool:
    if address.endswith(".local"):
        name = address[:-len(".local")]
        return kind == "host" and 0 < len(name) <= 63 and set(name) <= _NAME_CHARS
    if not 0 < len(address) <= 39 or not set(address) <= set("0123456789abcdefABCDEF.:"):
        return False  # an address written as a name, or with a zone: the browser would look it up
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return False  # an IPv4 address in IPv6 clothes: our pages never write one
    if any(ip in network for network in PRIVATE_NETWORKS):
        return kind == "host" or stun
    return stun and ip.is_global and not ip.is_multicast


def _port(text: str) -> int:
    """A port written as a browser writes it (no sign, no leading zero), else 0."""
    if not 0 < len(text) <= 5 or not text.isdigit() or not text.isascii() or text[0] == "0":
        return 0
    return int(text) if int(text) <= 65535 else 0


def pack_signal(signal: Signal) -> str:
    """A signal as a short code for a link or a QR code (see the module's docstring)."""
    data = {"v": PROTOCOL, "k": signal.kind, "t": signal.table, "s": signal.seat, "n": signal.link,
            "sdp": check_sdp(signal.sdp)}
    if signal.watch:
        data["w"] = 1
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, SDP_DICTIONARY)
    raw = packer.compress(json.dumps(data, separators=(",", ":")).encode()) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def unpack_signal(code: Any, kind: str | None = None, stun: bool = False) -> Signal:
    """The signal in a code, or PeerError saying why it is not one (of `kind`, if given).
    Its description keeps only usable candidates (`stun`: this device has a STUN server)."""
    if not isinstance(code, str):
        raise PeerError("the code is not text")
    code = code.strip()
    if not code:
        raise PeerError("the code is empty")
    if len(code) > MAX_CODE_CHARS:
        raise PeerError(f"the code is too long to be a connection code ({len(code):,} characters)")
    if not _CODE.fullmatch(code):
        raise PeerError("the code holds characters a connection code does not have")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError) as exc:
        raise PeerError("the code is cut short or mistyped") from exc
    unpacker = zlib.decompressobj(-15, SDP_DICTIONARY)
    try:
        text = unpacker.decompress(raw, MAX_SDP_CHARS + 500)  # bounded: no decompression bomb
    except zlib.error as exc:
        raise PeerError("the code is cut short or mistyped") from exc
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise PeerError("the code is cut short, mistyped or too large")
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise PeerError("the code is cut short or mistyped") from exc
    if not isinstance(data, dict) or data.get("v") != PROTOCOL:
        raise PeerError("the code was made by another version of this site")
    if set(data) - {"w"} != {"v", "k", "t", "s", "n", "sdp"} or ("w" in data and not (
            _whole(data["w"]) and data["w"] == 1)):
        raise PeerError("the code's fields are not a connection code's")
    watch = "w" in data
    if data["k"] not in ("offer", "answer") or (kind is not None and data["k"] != kind):
        raise PeerError(f"this is not {'an' if kind == 'offer' else 'a'} {kind or 'connection'} code"
                        + (" (it is the other side's code)" if kind else ""))
    table = data["t"]
    if not isinstance(table, str) or not _TABLE_ID.fullmatch(table):
        raise PeerError("the code names no game")
    seat, link = data["s"], data["n"]
    if not _whole(seat) or not 0 <= seat < (MAX_WATCHERS if watch else MAX_SEATS):
        raise PeerError("the code names no seat" + (" for a spectator" if watch else ""))
    if not _whole(link) or not 0 <= link < MAX_NUMBER:
        raise PeerError("the code's number is not one")
    return Signal(data["k"], table, seat, link, usable_candidates(check_sdp(data["sdp"]), stun), watch)


def check_view(view_module: Any, view: Any, players: int) -> None:
    """PeerError unless `view` may be drawn for a seat at a table of `players`: it is an
    object for that many players, and the game's own `view_problem` hook, where it has one,
    finds nothing wrong (a board far larger than the game's, say). Drawing takes time that
    grows with such numbers, so they are checked first."""
    if not isinstance(view, dict) or view.get("players") != players:
        raise PeerError("the view is for a table of another size")
    hook = getattr(view_module, "view_problem", None)
    problem = hook(view, players) if hook is not None else None
    if problem:
        raise PeerError(str(problem))


def check_stun(text: Any) -> str:
    """A STUN server's address as the player typed it ("" for none), or PeerError: only
    `stun:` or `stuns:` addresses (no TURN: it would need credentials and relays all play),
    with a host the browser can look up and a port it takes (a bad one stops the browser
    from making any connection at all)."""
    address = str(text or "").strip()
    if not address:
        return ""
    scheme, _, rest = address.partition(":")
    if scheme not in ("stun", "stuns") or len(address) > MAX_STUN:
        raise PeerError("a STUN server is written stun:host or stun:host:port")
    if rest.startswith("["):
        host, bracket, port = rest[1:].partition("]")
        if not bracket or not _ipv6(host):
            raise PeerError("a STUN server's address in [brackets] is an IPv6 address")
    else:
        host, colon, port = rest.partition(":")
        port = colon + port
        if not _host_name(host):
            raise PeerError("a STUN server's host is a name like stun.example.org or an address "
                            "like 192.0.2.1")
    if port and (port[0] != ":" or not _port(port[1:])):
        raise PeerError("a STUN server's port is a number from 1 to 65535, after a colon")
    return address


def _ipv6(text: str) -> bool:
    if not 1 < len(text) <= 39 or not set(text) <= set("0123456789abcdefABCDEF:"):
        return False
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return True


def _host_name(text: str) -> bool:
    """A DNS name of letters, digits and hyphens in labels of 1-63, or a dotted IPv4 address."""
    labels = text.split(".")
    if not 0 < len(text) <= 253 or not all(0 < len(label) <= 63 and set(label) <= _NAME_CHARS
                                           and label[0] != "-" and label[-1] != "-" for label in labels):
        return False
    if labels[-1].isdigit():  # numbers only at the end: an IPv4 address or nothing
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            return False
    return True


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# -- messages ---------------------------------------------------------------------------------

STATE_PREFIX = '{"t":"state"'  # how a state message begins (seat_update puts "t" first)


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _load(text: Any, limit: int) -> dict[str, Any]:
    if not isinstance(text, str):
        raise PeerError("the message is not text")
    if len(text) > limit:
        raise PeerError(f"the message is too long ({len(text):,} characters, at most {limit:,})")
    if too_deep(text, MAX_DEPTH):
        raise PeerError("the message nests too deeply")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        raise PeerError(f"the message is not JSON ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise PeerError("the message has no type")
    return data


def _no_constant(name: str) -> Any:
    raise PeerError(f"the message holds {name}, which is not a number")


def _fields(data: dict[str, Any], needed: dict[str, Any], optional: dict[str, Any] | None = None) -> None:
    """Exactly the fields `needed` (and any of `optional`) with values of the given types."""
    optional = optional or {}
    extra = set(data) - set(needed) - set(optional) - {"t"}
    if extra:
        raise PeerError(f"a {data['t']!r} message has unknown fields: {', '.join(sorted(extra))[:80]}")
    for name, kind in {**needed, **optional}.items():
        if name not in data:
            if name in needed:
                raise PeerError(f"a {data['t']!r} message lacks {name!r}")
            continue
        value = data[name]
        if kind is int:
            if not _whole(value) or not -1 <= value < MAX_NUMBER:
                raise PeerError(f"{name!r} is not a whole number")
        elif kind is str:
            if not isinstance(value, str) or len(value) > MAX_TEXT:
                raise PeerError(f"{name!r} is not a short text")
        elif not isinstance(value, kind):
            raise PeerError(f"{name!r} is not a {kind.__name__}")


def parse_guest_message(text: Any) -> dict[str, Any]:
    """A message from a guest, checked: `act` (a choice at a log position) or `pong`."""
    data = _load(text, MAX_GUEST_MESSAGE)
    kind = data["t"]
    if kind == "act":
        _fields(data, {"at": int, "action": str}, {"ask": str})
        if not data["action"] or len(data["action"]) > MAX_ACTION:
            raise PeerError("the choice is empty or too long")
    elif kind == "pong":
        _fields(data, {"id": int})
    else:
        raise PeerError(f"a guest may not send {kind[:40]!r} messages")
    return data


def parse_watcher_message(text: Any) -> dict[str, Any]:
    """A message from a spectator, checked: only `pong`. A spectator cannot play, so a
    choice (`act`), well formed or not, is refused with the reason before it reaches the game."""
    data = parse_guest_message(text)
    if data["t"] != "pong":
        raise PeerError("a spectator watches the game and cannot play in it")
    return data


def parse_host_message(text: Any) -> dict[str, Any]:
    """A message from the host, checked: `seat` (welcome), `watch` (a spectator's welcome),
    `state`, `refused`, `ping`, `bye`."""
    data = _load(text, MAX_HOST_MESSAGE)
    kind = data["t"]
    if kind == "seat":
        _fields(data, {"seat": int, "game": str, "table": str, "names": list})
        if not 0 <= data["seat"] < MAX_SEATS:
            raise PeerError("the seat is not one of the table's")
        data["names"] = _names(data["names"])
        if data["seat"] >= len(data["names"]):
            raise PeerError("the seat is not one of the table's")
    elif kind == "watch":
        _fields(data, {"game": str, "table": str, "names": list})
        data["names"] = _names(data["names"])
    elif kind == "state":
        _fields(data, {"at": int, "view": dict, "current": int, "scores": list, "winners": list,
                       "over": bool, "seats": list, "log": dict}, {"sent": int, "ask": str})
        seats = data["seats"]
        if len(seats) > MAX_SEATS or any(s not in SEAT_STATES for s in seats):
            raise PeerError("the table's seats are not described as they should be")
        if len(data["scores"]) != len(seats) or not all(_number(x) for x in data["scores"]):
            raise PeerError("the scores are not one number per seat")
        if not all(_whole(w) and 0 <= w < len(seats) for w in data["winners"]):
            raise PeerError("the winners are not seats of the table")
        if not -1 <= data["current"] < len(seats) and data["current"] != CHANCE:
            raise PeerError("the player to act is not a seat of the table")
        legal = data["view"].get("legal", [])
        if not isinstance(legal, list) or not all(isinstance(a, str) and 0 < len(a) <= MAX_ACTION
                                                  for a in legal):
            raise PeerError("the choices offered are not a list of moves")
        data["log"] = _log(data["log"])
    elif kind == "refused":
        _fields(data, {"at": int, "action": str, "reason": str})
    elif kind == "ping":
        _fields(data, {"id": int})
    elif kind == "bye":
        _fields(data, {"reason": str})
    else:
        raise PeerError(f"the host may not send {kind[:40]!r} messages")
    return data


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < MAX_NUMBER


def _names(names: list[Any]) -> list[str]:
    if not 1 <= len(names) <= MAX_SEATS:
        raise PeerError("the table's names are not one per seat")
    return [clean_name(n, default_name(i)) for i, n in enumerate(names)]


def _log(log: dict[str, Any]) -> dict[str, Any]:
    """The log part of a state message: turns from `start` on, each [seat or None, lines]."""
    start, turns = log.get("start"), log.get("turns")
    if set(log) != {"start", "turns"} or not _whole(start) or not 0 <= start < MAX_NUMBER:
        raise PeerError("the log is not described as it should be")
    if not isinstance(turns, list) or len(turns) > MAX_LOG_TURNS:
        raise PeerError("the log has too many turns at once")
    out = []
    for turn in turns:
        if (not isinstance(turn, list) or len(turn) != 2
                or not (turn[0] is None or (_whole(turn[0]) and 0 <= turn[0] < MAX_SEATS))
                or not isinstance(turn[1], list) or len(turn[1]) > MAX_LOG_LINES
                or not all(isinstance(line, str) and len(line) <= MAX_TEXT for line in turn[1])):
            raise PeerError("a turn of the log is not described as it should be")
        out.append((turn[0], [str(line) for line in turn[1]]))
    return {"start": start, "turns": out}


# -- the referee --------------------------------------------------------------------------------

def welcome(match: Match, seat: int | None, table: str) -> dict[str, Any]:
    """The first message on a link: the seat it plays, or (None) that it watches."""
    if seat is None:
        return {"t": "watch", "game": match.game.id, "table": table, "names": list(match.names)}
    return {"t": "seat", "seat": seat, "game": match.game.id, "table": table, "names": list(match.names)}


def seat_update(match: Match, seat: int | None, seats: Sequence[str], log_start: int = 0,
                now: "Together | None | bool" = True) -> dict[str, Any]:
    """What the guest at `seat` is sent after a change: its view, the public log in words
    from turn `log_start` on (the last turn it was sent may have grown, so it is sent
    again), whose turn, the scores, who sits where. Only these: never the state itself.
    A spectator (`seat` None) is sent what every seat sees: the game's view for no seat.

    When the seat is asked in a moment the table answers at once (`now`, worked out here
    unless given), its view's `legal` holds what it may answer when the rules reach it and
    `ask` names the moment, even before its turn."""
    state = match.state
    groups = presenter.turns(match)
    start = max(0, min(log_start, len(groups) - 1), len(groups) - MAX_LOG_TURNS)
    current = state.current_player
    view = state.view(seat)
    message = {"t": "state", "at": len(match.log), "view": view,
               "current": -1 if current is None else current,
               "scores": [float(x) for x in state.scores],
               "winners": list(state.winners) if state.is_over else [],
               "over": state.is_over, "seats": list(seats),
               "log": {"start": start, "turns": [[t.seat, list(t.lines)] for t in groups[start:]]}}
    if now is True:
        now = together(match)
    if isinstance(now, Together) and seat in now.legal:
        view["legal"] = list(now.legal[seat])
        message["ask"] = now.ask
    return message
