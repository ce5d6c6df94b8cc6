"""How much a peer may send (web/ui/peerflow.py), with generated floods (issue 46, class 1):
whatever arrives, what is kept stays within the direction's rate, size and queue; a slice of
the page's time handles messages for at most SLICE_MS plus one message; a flood is cut; the
traffic of a real game, guest's or host's, is never dropped."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.fuzzing import hostile

from pygame_core import Match, get_game

UI = Path(__file__).resolve().parent.parent / "web" / "ui"
sys.path.insert(0, str(UI))
import peers  # noqa: E402
from peerflow import CUT, CUT_WINDOW_MS, DROPPED, FROM_GUEST, FROM_HOST, QUEUED, SLICE_MS, Flow, Limits  # noqa: E402

FUZZ = hostile(200, 2000)
BOTH = st.sampled_from([FROM_GUEST, FROM_HOST])


@st.composite
def floods(draw: st.DrawFn) -> tuple[Limits, list[tuple[float, object]]]:
    """A direction's limits and what arrives: gaps in ms (often none) and messages of any size,
    some not text at all."""
    limits = draw(BOTH)
    size = st.one_of(st.integers(0, 64), st.integers(0, limits.max_chars + 10),
                     st.sampled_from([limits.max_chars, limits.max_chars + 1, 262_144]))
    message = st.one_of(size.map(lambda n: "x" * n), st.sampled_from([None, b"\x00" * 10, 12]))
    gap = st.one_of(st.just(0.0), st.floats(0, 50), st.floats(0, 5000))
    return limits, draw(st.lists(st.tuples(gap, message), max_size=600))


@FUZZ
@given(floods())
def test_what_is_kept_stays_within_the_rate_size_and_queue(flood: tuple[Limits, list[tuple[float, object]]]) -> None:
    limits, arrivals = flood
    flow, now, chars, verdicts = Flow(limits), 0.0, 0, []
    for gap, text in arrivals:
        now += gap
        verdict = flow.offer(text, now)
        verdicts.append(verdict)
        assert len(flow.queue) <= limits.burst
        if verdict == QUEUED:
            assert isinstance(text, str) and len(text) <= limits.max_chars
            chars += len(text)
        elif not isinstance(text, str) or len(text) > limits.max_chars:
            assert verdict in (DROPPED, CUT)
    seconds = now / 1000
    assert flow.queued <= limits.burst + limits.per_second * seconds + 1e-6
    assert chars <= max(limits.chars_per_second, limits.max_chars) + limits.chars_per_second * seconds + 1e-6
    assert verdicts.count(CUT) <= 1
    if CUT in verdicts:  # once cut, nothing more is kept
        assert QUEUED not in verdicts[verdicts.index(CUT):] and not flow.queue


@FUZZ
@given(BOTH, st.integers(0, 3000), st.floats(0, 0.5))
def test_a_flood_is_cut_within_its_limits(limits: Limits, size: int, gap: float) -> None:
    """Messages faster than the rate keep coming: the peer is cut before a window's worth of
    drops more than `cut_after`."""
    flow, now = Flow(limits), 0.0
    for sent in range(1, 50_000):
        now += gap
        if flow.offer("x" * size, now) == CUT:
            break
    assert flow.cut
    assert flow.dropped <= limits.cut_after * (1 + now / CUT_WINDOW_MS)
    assert sent <= limits.burst + limits.per_second * now / 1000 + limits.cut_after * (1 + now / CUT_WINDOW_MS) + 1


@FUZZ
@given(st.lists(st.floats(0, 40), min_size=1, max_size=300), st.floats(1, 20))
def test_a_slice_takes_at_most_its_share_plus_one_message(costs: list[float], slice_ms: float) -> None:
    """Each message takes the generated time to handle: a slice never goes on after its share
    is spent, handles at least one message, and keeps their order."""
    flow = Flow(FROM_HOST)
    for i in range(len(costs)):
        assert flow.offer(str(i), 0.0) == QUEUED
    clock = [0.0]
    handled: list[int] = []
    began: list[float] = []  # when each message's handling began, in its slice

    def handle(text: str) -> None:
        began.append(clock[0] - start)
        clock[0] += costs[int(text)]
        handled.append(int(text))

    while True:
        start, began = clock[0], []
        more = flow.drain(handle, lambda: clock[0], slice_ms)
        assert began, "a slice handled nothing"
        assert all(t < slice_ms for t in began[1:]), "a message was begun after the slice's share was spent"
        if not more:
            break
    assert handled == list(range(len(costs)))


def guest_traffic(seconds: int, taps_a_second: float) -> list[tuple[float, str]]:
    """A pong every 3 s and choices as fast as `taps_a_second`, as a guest sends them."""
    out = [(t * 3000.0, peers.encode({"t": "pong", "id": t})) for t in range(seconds // 3)]
    taps = int(seconds * taps_a_second)
    out += [(i * 1000 / taps_a_second, peers.encode({"t": "act", "at": i, "action": "x" * 60, "ask": "a" * 40}))
            for i in range(taps)]
    return sorted(out)


@pytest.mark.parametrize("taps_a_second", [1, 5, 15])
def test_a_guest_playing_fast_is_never_dropped(taps_a_second: float) -> None:
    flow = Flow(FROM_GUEST)
    for at, text in guest_traffic(120, taps_a_second):
        assert flow.offer(text, at) == QUEUED
        flow.drain(lambda _: None, lambda: 0.0)


@pytest.mark.parametrize("game_id,players", [("hex-please", 6), ("horrible-hex", 3), ("hack-and-slash", 4),
                                             ("hex-hex", 4)])
def test_a_host_sending_a_whole_game_at_full_speed_is_never_dropped(game_id: str, players: int) -> None:
    """Every state a real game's guest is sent, 100 a second (computers at full speed), in
    runs of up to 40 arriving at once while the guest is busy drawing."""
    match = Match.start(get_game(game_id), players, seed="flow")
    rng = random.Random(game_id)
    seats = ["guest"] + ["computer"] * (players - 1)
    flow, now, sent = Flow(FROM_HOST), 0.0, 0
    while not match.state.is_over and sent < 3000:
        match.play(rng.choice(match.state.legal_actions()))
        text = peers.encode(peers.seat_update(match, 0, seats, max(0, match.turn_number() - 2), now=None))
        assert text.startswith(peers.STATE_PREFIX)  # the guest draws only the last of a queued run
        now, sent = now + 10, sent + 1
        assert flow.offer(text, now) == QUEUED, f"dropped the state after move {sent}"
        if sent % 40 == 0:
            flow.drain(lambda _: None, lambda: 0.0, slice_ms=1e9)
    assert flow.dropped == 0 and sent > 20


def test_junk_of_the_channels_largest_size_is_dropped_unread() -> None:
    class Huge(str):
        def __getitem__(self, key: object) -> str:
            raise AssertionError("the text was read")

    for limits in (FROM_GUEST, FROM_HOST):
        flow = Flow(limits)
        assert flow.offer(Huge("x" * 262_144), 0.0) == DROPPED
