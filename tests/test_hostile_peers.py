"""Hostile input around peer play (issue 46, third round): addresses in connection codes, the
STUN setting, answers flooding in from other tabs, stored values that could stop start-up,
and caches a guest's refused choices could fill. On CPython; the page modules with a
stand-in `js`."""

from __future__ import annotations

import contextlib
import importlib
import ipaddress
import json
import sys
import tracemalloc
import types
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.fuzzing import hostile
from tests.playing import played
from tests.test_peers import OFFER, _code_of

from pygame_core import saves
from pygame_core.hex_please import notation as hex_please_notation
from pygame_core.hex_please.components import TILE_BY_CODE
from pygame_core.horrible_hex import notation as horrible_hex_notation

UI = Path(__file__).resolve().parent.parent / "web" / "ui"
sys.path.insert(0, str(UI))
import peers  # noqa: E402
import presenter  # noqa: E402
from master import Master  # noqa: E402
from peers import PeerError  # noqa: E402

FUZZ = hostile(300, 5000)
LOCAL = "cd6906b4-f869-4681-9aae-6c987ef6fcd1.local"


def candidate(address: str, port: int | str = 49403, kind: str = "host", transport: str = "udp",
              extra: str = "generation 0 network-cost 999") -> str:
    return f"a=candidate:2559788416 1 {transport} 2113937151 {address} {port} typ {kind} {extra}".rstrip()


def offer_with(lines: list[str]) -> str:
    """Our sample offer with its candidate lines replaced by `lines`."""
    out: list[str] = []
    for line in OFFER.split("\r\n"):
        if line.startswith("a=candidate"):
            out += lines
        elif line:
            out.append(line)
    return "\r\n".join(out) + "\r\n"


def unpacked(lines: list[str], stun: bool = False) -> list[str]:
    """The candidate lines a device keeps from a code holding `lines`."""
    code = _code_of({"v": 1, "k": "offer", "t": "t1", "s": 0, "n": 0, "sdp": offer_with(lines)})
    sdp = peers.unpack_signal(code, "offer", stun).sdp
    return [line for line in sdp.split("\r\n") if "candidate" in line.partition(":")[0]]


# -- addresses in codes -------------------------------------------------------------------------

HOSTILE_CANDIDATES = [
    candidate("1.1.1.1", 443),                                   # a public address
    candidate("8.8.8.8", 443, transport="tcp", extra="tcptype active generation 0"),
    candidate("192.168.1.20", 9, transport="tcp", extra="tcptype active"),   # TCP, even private
    candidate("203.0.113.7", 3478, kind="relay", extra="raddr 0.0.0.0 rport 0"),
    candidate("198.51.100.9", 50000, kind="srflx", extra="raddr 0.0.0.0 rport 0"),
    candidate("10.0.0.5", 53),                                   # a port no browser holds
    candidate("127.0.0.1", 6379),                                # this device's own services
    candidate("172.16.0.1", 6379), candidate("10.1.2.3", 1024),  # a service on the network
    candidate(LOCAL, 8080),                                      # a device's name, a service's port
    candidate("::1", 50000), candidate("0.0.0.0", 50000), candidate("224.0.0.251", 50000),
    candidate("::ffff:192.168.1.2", 50000),                      # IPv4 dressed as IPv6
    candidate("fe80::1%eth0", 50000), candidate("evil.example.org", 50000),
    candidate("a.b.local", 50000), candidate(LOCAL, 50000, kind="prflx"),
    candidate(LOCAL, "065000"), candidate(LOCAL, 70000), candidate(LOCAL, "+5000"),
    candidate(LOCAL, 50000, extra="generation"),                 # an extension without its value
    candidate(LOCAL, 50000, extra="sneaky 1"),
    candidate(LOCAL, 50000).replace(" 1 udp", " 9 udp"),         # no such component
    candidate(LOCAL, 50000).replace("a=candidate", "a=Candidate"),
    candidate(LOCAL, 50000).replace(" typ", "  typ"),
    candidate("192.168.1.9", 50000, kind="srflx", extra="raddr 0.0.0.0 rport 0"),  # needs STUN
]


@pytest.mark.parametrize("line", HOSTILE_CANDIDATES)
def test_a_code_holding_only_an_address_our_pages_never_write_is_refused(line: str) -> None:
    with pytest.raises(PeerError, match="no address of a device on this network"):
        unpacked([line])
    assert unpacked([line, candidate(LOCAL)]) == [candidate(LOCAL)]  # beside a usable one: dropped


@pytest.mark.parametrize("line", [candidate(LOCAL), candidate("192.168.1.20", 50000),
                                  candidate("10.1.2.3", 32768), candidate("172.16.0.1", 61000),
                                  candidate("169.254.3.4", 65535), candidate("fe80::1c2:3", 50000),
                                  candidate("fd12:3456::1", 50000), candidate(LOCAL, 50000, transport="UDP")])
def test_the_addresses_our_pages_write_are_kept(line: str) -> None:
    assert unpacked([line]) == [line]


def test_public_addresses_are_taken_only_with_a_stun_server() -> None:
    srflx = candidate("81.2.69.160", 50000, kind="srflx", extra="raddr 0.0.0.0 rport 0")
    public_v6 = candidate("2a00:1450:4001:80b::200e", 50000)
    for line in (srflx, public_v6, candidate("1.1.1.1", 50000)):
        with pytest.raises(PeerError, match="STUN server"):
            unpacked([line])
        assert unpacked([line], stun=True) == [line]
    relay = candidate("198.51.100.9", 50000, kind="relay", extra="raddr 0.0.0.0 rport 0")
    with pytest.raises(PeerError, match="no address"):
        unpacked([relay], stun=True)


def test_at_most_a_few_addresses_are_taken_from_one_code() -> None:
    many_public = [candidate(f"1.1.{i // 200}.{i % 200 + 1}", 50000 + i, extra="") for i in range(62)]
    with pytest.raises(PeerError, match="no address"):
        unpacked(many_public)
    many = [candidate(f"{i:08x}-f869-4681-9aae-6c987ef6fcd1.local", 50000 + i, extra="") for i in range(40)]
    assert unpacked(many) == many[:peers.MAX_CANDIDATES]
    assert len(unpacked(many_public, stun=True)) == peers.MAX_CANDIDATES


def allowed(line: str, stun: bool) -> bool:
    """The rule, said again another way: UDP, host or srflx, a port a browser holds, and a
    `.local` name, a private or link-local address, or (with STUN) a public one."""
    words = line.split(" ")
    if len(words) < 8:
        return False
    address, port, kind = words[4], words[5], words[7]
    if words[2].lower() != "udp" or kind not in ("host", "srflx") or not port.isdigit() or port[0] == "0":
        return False
    if not (32768 if kind == "host" else 1024) <= int(port) <= 65535:
        return False
    if address.endswith(".local"):
        return kind == "host" and "." not in address[:-6]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    private = ip.version == 4 and (ip in ipaddress.ip_network("10.0.0.0/8") or ip in ipaddress.ip_network(
        "172.16.0.0/12") or ip in ipaddress.ip_network("192.168.0.0/16") or ip in ipaddress.ip_network(
        "169.254.0.0/16")) or ip.version == 6 and (ip.exploded[:2] in ("fc", "fd") or ip.exploded[:3] in (
            "fe8", "fe9", "fea", "feb"))
    return (private and kind == "host") or (stun and (private or ip.is_global))


ADDRESSES = st.one_of(
    st.ip_addresses().map(str),
    st.sampled_from(["10.0.0.1", "172.31.255.254", "172.32.0.1", "192.168.0.7", "169.254.9.9", "100.64.0.1",
                     "127.0.0.1", "0.0.0.0", "255.255.255.255", "fe80::1", "fc00::2", "::", "::1",
                     "::ffff:10.0.0.1", "64:ff9b::1.1.1.1", LOCAL, "x.local", ".local", "a.b.local",
                     "localhost", "example.org", "1.1.1.1", "192.168.1.1.local"]),
    st.text(alphabet="0123456789abcdef.:-%", min_size=1, max_size=45),
)
PORTS = st.one_of(st.integers(-5, 70_000).map(str), st.sampled_from(["0", "00000", "065535", "1024", "+9", "9 "]),
                  st.text(alphabet="0123456789x", min_size=1, max_size=7))


@st.composite
def candidate_lines(draw: st.DrawFn) -> str:
    line = candidate(draw(ADDRESSES), draw(PORTS),
                     draw(st.sampled_from(["host", "srflx", "relay", "prflx", "HOST", ""])),
                     draw(st.sampled_from(["udp", "UDP", "tcp", "TCP", "sctp", "udp6"])),
                     draw(st.sampled_from(["", "generation 0", "generation 0 network-cost 999",
                                           "raddr 0.0.0.0 rport 0", "tcptype active", "generation",
                                           "ufrag abc network-id 1", "x 1"])))
    return draw(st.sampled_from([line, line, line.upper(), line.replace(" ", "  ", 1), line + " "]))


@FUZZ
@given(st.lists(candidate_lines(), min_size=1, max_size=70), st.booleans())
def test_a_generated_code_keeps_only_allowed_addresses_or_is_refused(lines: list[str], stun: bool) -> None:
    sdp = offer_with(lines)
    if len(sdp) > peers.MAX_SDP_CHARS or len(lines) + 17 > peers.MAX_SDP_LINES:
        lines = lines[:40]
    good = [line for line in lines if line.startswith("a=candidate:") and allowed(line, stun)
            and line.split(" ")[8:][::2] in ([], ["generation"], ["generation", "network-cost"], ["raddr", "rport"],
                                             ["ufrag", "network-id"]) and len(line.split(" ")) % 2 == 0]
    try:
        kept = unpacked(lines, stun)
    except PeerError as exc:
        assert "no address" in str(exc) or "connection details" in str(exc) or "code" in str(exc)
        assert not good or len("\r\n".join(lines)) > peers.MAX_SDP_CHARS - 600
        return
    assert kept and len(kept) <= peers.MAX_CANDIDATES
    assert all(allowed(line, stun) for line in kept), kept
    wanted = good[:peers.MAX_CANDIDATES]
    assert kept == wanted


# -- the STUN setting ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["stun:a:0", "stun:a:00000", "stun:a:65536", "stun:a:99999", "stun:a:", "stun:a:+80",
                                  "stun:a:80:1", "stun:[2001:db8::1]:0", "stun:[zz::1]", "stun:[1::2::3]",
                                  "stun:-a", "stun:a..b", "stun:.a", "stun:a.", "stun:999.1.1.1", "stun:1.2.3",
                                  "stun:12345", "stun:a_b", "stun:" + "a" * 64 + ".org", "stun:[::1%eth0]",
                                  "stuns:", "stun:", "stun:a:0080", "STUN:a"])
def test_a_stun_server_the_browser_would_refuse_is_refused_as_typed(text: str) -> None:
    with pytest.raises(PeerError, match="STUN"):
        peers.check_stun(text)


@pytest.mark.parametrize("text", ["stun:a:1", "stun:a:65535", "stun:stun.example.org:3478", "stun:192.0.2.1",
                                  "stuns:[2001:db8::1]", "stun:xn--bcher-kva.example", "stun:my-stun"])
def test_every_form_of_a_good_stun_server_is_taken(text: str) -> None:
    assert peers.check_stun(text) == text


LABELS = st.text(alphabet="abcXYZ019-_.", min_size=0, max_size=12)


@FUZZ
@given(st.sampled_from(["stun:", "stuns:", "turn:", "STUN:", "stun::"]), LABELS,
       st.one_of(st.none(), st.integers(-10, 200_000).map(str), st.text(alphabet="0123456789+-: ", max_size=7)))
def test_a_generated_stun_server_is_taken_only_when_the_browser_can_use_it(scheme: str, host: str,
                                                                           port: str | None) -> None:
    text = scheme + host + ("" if port is None else ":" + port)
    try:
        taken = peers.check_stun(text)
    except PeerError as exc:
        assert "STUN" in str(exc)
        assert (scheme not in ("stun:", "stuns:") or not host or host != host.strip() or port is not None
                and not (port.isdigit() and port[0] != "0" and 1 <= int(port) <= 65535)
                or any(not label or label[0] == "-" or label[-1] == "-" or "_" in label for label in host.split("."))
                or host.split(".")[-1].isdigit())
        return
    assert taken == text.strip()
    if port is not None:
        assert port.isdigit() and port[0] != "0" and 1 <= int(port) <= 65535


@FUZZ
@given(st.text(max_size=300))
def test_any_text_is_a_stun_server_or_refused_with_a_reason(text: str) -> None:
    try:
        taken = peers.check_stun(text)
    except PeerError as exc:
        assert "STUN" in str(exc)
        return
    assert not taken or (taken.startswith(("stun:", "stuns:")) and taken.isascii() and " " not in taken)


# -- the page's modules with a stand-in `js` ----------------------------------------------------

class Storage:
    def __init__(self, items: dict[str, Any]) -> None:
        self.items = items

    def getItem(self, key: str) -> Any:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value


class Clock:
    def __init__(self) -> None:
        self.ms = 0.0

    def now(self) -> float:
        return self.ms


PAGE_MODULES = ("browser", "peerpage", "peerplay", "peerguest", "peerhost", "peerlink", "shell", "storage",
                "screen", "gamefiles", "qr")


@contextlib.contextmanager
def page_modules(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    """Fresh page modules over a stand-in `js` whose storage and clock the test sets."""
    local, session, clock = Storage({}), Storage({}), Clock()
    js = types.ModuleType("js")
    js.localStorage, js.sessionStorage = local, session  # type: ignore[attr-defined]
    js.performance = types.SimpleNamespace(now=clock.now)  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    for name in ("create_proxy", "create_once_callable", "to_js"):
        setattr(ffi, name, lambda value, *_, **__: value)
    ffi.jsnull = None  # type: ignore[attr-defined]
    ffi.JsProxy = type("JsProxy", (), {})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    for name in PAGE_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    try:
        yield types.SimpleNamespace(local=local, session=session, clock=clock,
                                    shell=importlib.import_module("shell"),
                                    peerguest=importlib.import_module("peerguest"),
                                    peerplay=importlib.import_module("peerplay"))
    finally:
        for name in PAGE_MODULES:
            sys.modules.pop(name, None)


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    with page_modules(monkeypatch) as modules:
        yield modules


@pytest.fixture(scope="module")
def shared_page() -> Iterator[types.SimpleNamespace]:
    """One page for every example of a generated test (importing the modules takes a while)."""
    with pytest.MonkeyPatch.context() as monkeypatch, page_modules(monkeypatch) as modules:
        yield modules


def nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return open_ * depth + close * depth


def dying_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """JSON parsing as in Pyodide, where a few thousand nested brackets overflow the
    JavaScript stack and kill the interpreter (no exception to catch): here, the test fails."""
    loads = json.loads

    def dies(text: str, **kwargs: Any) -> Any:
        if isinstance(text, str) and text.count("[") + text.count("{") > 1000:
            pytest.fail("deeply nested JSON was parsed: in Pyodide this kills the page")
        if isinstance(text, str) and len(text) > 10_000:
            pytest.fail(f"{len(text):,} characters were parsed where a few hundred are expected")
        return loads(text, **kwargs)
    monkeypatch.setattr(json, "loads", dies)


@pytest.fixture
def parser_that_dies(monkeypatch: pytest.MonkeyPatch) -> None:
    dying_parser(monkeypatch)


STORED = [nested(5000), nested(30_000), nested(5000, "{", "}"), '{"a":' * 6000 + "1" + "}" * 6000,
          "[" * 30_000, '["bot",' + nested(20_000) + "]", "x" * 5_000_000, '"' + "[" * 10_000 + '"',
          "[" + ",".join(['"render"'] * 100_000) + "]", "not json", "null", "{}", "[1,2,3]", "\ud800"]


@pytest.mark.parametrize("stored", STORED, ids=range(len(STORED)))
def test_any_stored_faults_value_is_survived(page: Any, parser_that_dies: None, stored: str) -> None:
    page.local.items["hex-table:faults"] = stored
    assert isinstance(page.shell.injected_faults(), list)
    page.session.items[page.peerguest.USED_CODES] = stored
    assert isinstance(page.peerguest.used_codes(), list)


def test_stored_values_still_work_when_sound(page: Any, parser_that_dies: None) -> None:
    page.local.items["hex-table:faults"] = '["bot", "render"]'
    assert page.shell.injected_faults() == ["bot", "render"]
    page.local.items["hex-table:faults"] = '[["bot"]]'  # deeper than a list of names: not read
    assert page.shell.injected_faults() == []
    keys = [f"t{i:07d}:{i % 12}:{2 ** 53 - 1 - i}" for i in range(30)]
    for key in keys:
        page.peerguest.remember_used(key)
    assert page.peerguest.used_codes() == keys[::-1][:page.peerguest.MAX_USED]


@FUZZ
@given(st.one_of(
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                 max_leaves=20).map(json.dumps),
    st.integers(1, 40_000).flatmap(lambda d: st.sampled_from([nested(d), nested(d, "{", "}"), "[" * d,
                                                              '["sw",' * d + "]" * d])),
    st.text(max_size=400)))
def test_a_generated_stored_value_is_survived(shared_page: Any, stored: str) -> None:
    modules = shared_page
    with pytest.MonkeyPatch.context() as monkeypatch:
        dying_parser(monkeypatch)
        modules.local.items["hex-table:faults"] = stored
        faults = modules.shell.injected_faults()
        modules.session.items[modules.peerguest.USED_CODES] = stored
        used = modules.peerguest.used_codes()
    assert all(isinstance(f, str) for f in faults) and all(isinstance(k, str) for k in used)
    assert len(used) <= 20


class Event:
    """A BroadcastChannel message whose reading is counted."""

    reads = 0

    def __init__(self, data: Any) -> None:
        self._data = data

    @property
    def data(self) -> Any:
        Event.reads += 1
        return self._data


def a_host_page(page: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[str]]:
    taken: list[str] = []

    class Host:
        async def take_answer(self, text: str) -> None:
            taken.append(text)

    def run_now(coro: Any) -> None:  # take_answer awaits nothing here: it runs to its end at once
        with contextlib.suppress(StopIteration):
            coro.send(None)

    monkeypatch.setattr(page.peerplay.asyncio, "ensure_future", run_now)
    peers_ = page.peerplay.Peers.__new__(page.peerplay.Peers)
    peers_.host, peers_.broadcast_second, peers_.broadcasts = Host(), 0.0, 0
    return peers_, taken


def test_a_broadcast_flood_from_another_tab_is_mostly_not_even_read(page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    peers_, taken = a_host_page(page, monkeypatch)
    Event.reads = 0
    for i in range(10_000):
        peers_.on_broadcast(Event(f"code{i}"))
    budget = page.peerplay.MAX_BROADCASTS_A_SECOND
    assert taken == [f"code{i}" for i in range(budget)] and Event.reads == budget
    page.clock.ms = 1000.0  # a second later the budget is back
    peers_.on_broadcast(Event("later"))
    assert taken[-1] == "later"
    big = "A" * 16_000_000
    page.clock.ms = 5000.0
    for data in (big, b"\x00" * 1000, None, 12, "B" * (peers.MAX_CODE_CHARS + 1)):
        peers_.on_broadcast(Event(data))
    assert taken[-1] == "later"
    assert page.peerplay.MAX_BROADCAST_CHARS == peers.MAX_CODE_CHARS


@FUZZ
@given(st.lists(st.tuples(st.floats(0, 3000), st.one_of(st.text(max_size=50), st.binary(max_size=50),
                                                         st.integers())), max_size=200))
def test_generated_broadcasts_stay_within_the_budget(shared_page: Any, messages: list[tuple[float, Any]]) -> None:
    modules = shared_page
    with pytest.MonkeyPatch.context() as monkeypatch:
        peers_, taken = a_host_page(modules, monkeypatch)
        now = 0.0
        for step, data in messages:
            now += step
            modules.clock.ms = now
            peers_.on_broadcast(Event(data))
    assert all(isinstance(t, str) and len(t) <= peers.MAX_CODE_CHARS for t in taken)
    assert len(taken) <= modules.peerplay.MAX_BROADCASTS_A_SECOND * (1 + int(now // 1000))


# -- caches a guest's refused choices could fill --------------------------------------------------

def illegal_placements(count: int, start: int = 0) -> Iterator[str]:
    """Distinct placements that read as HEX PLEASE! moves but are never legal (far off the board),
    with some on the board, where they are refused too (not the player's tile, or no room)."""
    codes = [code for code in TILE_BY_CODE if TILE_BY_CODE[code].kind != hex_please_notation.BRIDGE_KIND]
    for i in range(start, start + count):
        q, r = (100 + i, -3) if i % 10 else (i % 7 - 3, (i // 10) % 7 - 3)
        yield f"{codes[i % len(codes)]}@{q},{r}"


def refused_after(boss: Master, seat: int, texts: Iterator[str]) -> int:
    refused = 0
    for text in texts:
        outcome = boss.submit(seat, boss.at, text)
        refused += bool(outcome.reason)
    return refused


def a_hex_please_master() -> tuple[Master, int]:
    match = played("hex-please", 2, 4, "caches")
    seat = match.state.current_player
    assert seat is not None and seat >= 0
    return Master(presenter.Session(match, ["human", "remote"], "caches"), lambda *_: None), seat


def test_twenty_thousand_refused_placements_leave_the_caches_bounded() -> None:
    boss, seat = a_hex_please_master()
    at = boss.at
    tracemalloc.start()
    try:
        assert refused_after(boss, seat, illegal_placements(20_000)) == 20_000
        first = tracemalloc.get_traced_memory()[0]
        assert refused_after(boss, seat, illegal_placements(20_000, start=20_000)) == 20_000
        grown = tracemalloc.get_traced_memory()[0] - first
    finally:
        tracemalloc.stop()
    assert boss.at == at  # nothing was played
    parsed = hex_please_notation._parse_kept.cache_info().currsize
    places = hex_please_notation.place.cache_info().currsize
    assert parsed <= hex_please_notation.MAX_PARSED and places <= hex_please_notation.MAX_PLACES
    assert first < 5_000_000, f"{first:,} bytes kept for 20,000 refused placements"
    assert grown < 200_000, f"{grown:,} bytes more kept for 20,000 more"


def test_a_real_game_fits_in_the_caches() -> None:
    """The bounds are well above what a whole game needs, so nothing a game uses is dropped."""
    hex_please_notation._parse_kept.cache_clear()
    hex_please_notation.place.cache_clear()
    played("hex-please", 12, 10_000, "whole")
    assert hex_please_notation.place.cache_info().currsize * 4 < hex_please_notation.MAX_PLACES
    horrible_hex_notation._parse_kept.cache_clear()
    saves.load(saves.dump(played("horrible-hex", 3, 10_000, "whole")))  # reads every move of the log
    assert horrible_hex_notation._parse_kept.cache_info().currsize * 10 < horrible_hex_notation.MAX_PARSED


def test_twenty_thousand_readable_texts_leave_horrible_hex_bounded() -> None:
    for i in range(20_000):
        horrible_hex_notation.parse_action(f"keep {1000 + i},-5")
    assert horrible_hex_notation._parse_kept.cache_info().currsize <= horrible_hex_notation.MAX_PARSED


PLACEMENT_TEXTS = st.builds(
    lambda code, q, r, rot, pad: f"{pad}{code}@{q},{r}" + ("" if rot is None else f"/{rot}"),
    st.sampled_from(sorted(TILE_BY_CODE)), st.integers(-10 ** 6, 10 ** 6), st.integers(-10 ** 6, 10 ** 6),
    st.one_of(st.none(), st.integers(-2, 8)), st.sampled_from(["", " ", "\t"]))


@FUZZ
@given(st.lists(st.one_of(PLACEMENT_TEXTS, st.text(max_size=40)), max_size=40))
def test_generated_choices_are_refused_with_a_reason_and_change_nothing(texts: list[str]) -> None:
    boss, seat = a_hex_please_master()
    state = boss.match.state.to_json()
    legal = {str(a) for a in boss.match.state.legal_actions()}
    for text in texts:
        if text.strip() in legal:
            continue
        outcome = boss.submit(seat, boss.at, text)
        assert outcome.reason and not outcome.played
    assert boss.match.state.to_json() == state
    assert hex_please_notation._parse_kept.cache_info().currsize <= hex_please_notation.MAX_PARSED
    assert hex_please_notation.place.cache_info().currsize <= hex_please_notation.MAX_PLACES
