"""A guest's or spectator's history (web/ui/seenhistory.py), on CPython: the positions its page
was sent, fed as the guest page takes them, stepped through as the history view does."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from pygame_core import Match, get_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "ui"))
import historyparts as parts  # noqa: E402
import peers  # noqa: E402
from presenter import Turn, view_module  # noqa: E402
from seenhistory import SeenLog  # noqa: E402


def watched(game_id: str, players: int, seat: int | None, seed: str, limit: int = 400,
            decisions: int = 40) -> tuple[Match, SeenLog, list[dict]]:
    """A game played at random while a guest at `seat` (None: a spectator) takes every state
    the host sends, as peerguest.GuestTable.take_state does; the messages it was sent."""
    match = Match.start(get_game(game_id), players, seed=seed, names=[f"N{i}" for i in range(players)])
    rng = random.Random(seed)
    log, turns, sent = SeenLog(limit), [], []
    while True:
        start = max(0, len(turns) - 1)
        data = peers.parse_host_message(peers.encode(peers.seat_update(match, seat, ["guest"] * players, start)))
        turns = turns[:data["log"]["start"]] + [Turn(s, tuple(lines)) for s, lines in data["log"]["turns"]]
        log.take(data, turns)
        sent.append(data)
        if match.state.is_over or match.turn_number() >= decisions:
            return match, log, sent
        match.play(rng.choice(match.state.legal_actions()))


def lines_of(sent: list[dict]) -> list[str]:
    turns: list = []
    for data in sent:
        turns = turns[:data["log"]["start"]] + data["log"]["turns"]
    return [line for _, lines in turns for line in lines]


@pytest.mark.parametrize("game_id, players, seat", [("hex-hex", 3, None), ("hex-hex", 3, 1),
                                                    ("hex-please", 4, None), ("horrible-hex", 2, 0)])
def test_a_guest_history_steps_through_the_positions_it_was_sent_and_no_others(game_id, players, seat):
    match, log, sent = watched(game_id, players, seat, f"seen-{game_id}")
    history = log.history(match.names)
    by_at = {data["at"]: data for data in sent}  # a position sent again (someone came or went) is one step
    assert [history.state(step).view(None) for step in range(len(history))] == [by_at[at]["view"] for at in sorted(by_at)]
    for step in range(len(history)):
        position = history.state(step)
        for other in (None, *range(players)):  # whatever is chosen, only the view the page had
            assert position.view(other) is position.view(None)
        if seat is None:
            assert position.view(None)["legal"] == [] and position.view(None)["seat"] is None
    told = [e.text for step in range(len(history)) for e in history.entries(step)]
    assert set(lines_of(sent)) <= set(told)  # each line of the log came with some step, as it ended up
    assert set(told) <= {line for i in range(len(sent)) for line in lines_of(sent[:i + 1])}  # and no other
    module = view_module(game_id)
    parts.board(module, history.state(history.last).view(None), history.names)  # drawn as it was
    assert parts.step_line(history, 0, "the first position shown here").endswith("the first position shown here")


def test_a_guest_history_keeps_the_last_positions_and_their_log_lines():
    match, log, sent = watched("hex-please", 3, 2, "seen-bounded", limit=10, decisions=30)
    history = log.history(match.names)
    assert len(history) == 10
    kept = [data for data in sent if data["at"] in {s.at for s in log.kept}]
    assert [history.state(s).view(None) for s in range(10)] == [d["view"] for d in kept][-10:]
    lines = [e.text for step in range(len(history)) for e in history.entries(step)]
    assert lines and set(lines_of(sent)[-3:]) <= set(lines)  # the latest lines are there
    assert log.kept[0].at == sorted({d["at"] for d in sent})[-10]  # the oldest went first


def test_a_guest_history_is_a_copy_that_later_states_leave_as_it_was():
    match, log, sent = watched("hex-please", 2, 0, "seen-copy", decisions=6)
    history = log.history(match.names)
    last = history.last
    before = json.dumps(history.state(last).view(None), sort_keys=True)
    rng = random.Random(3)
    for _ in range(3):
        match.play(rng.choice(match.state.legal_actions()))
        data = peers.parse_host_message(peers.encode(peers.seat_update(match, 0, ["guest"] * 2)))
        log.take(data, [Turn(s, tuple(lines)) for s, lines in data["log"]["turns"]])
    assert history.last == last and json.dumps(history.state(last).view(None), sort_keys=True) == before
