"""HEX-HEX XL's structured events: what the view carries, how the log words them, and the
old sentences the state's JSON keeps (every save's digest depends on them)."""

from __future__ import annotations

import json

import pytest

from pygame_core import SaveError
from pygame_core.hex_hex import events as ev
from pygame_core.hex_hex import table
from pygame_core.hex_hex.rules import GAME, Cast, Challenge, Pass, Play, parse_action
from test_hex_hex import close_window, hand, start
from test_hex_hex_words import NAMES

EXAMPLES = [
    ev.DealerPicked(1, 2), ev.FateTurned(0, "whatthehex"), ev.ThrownAway(3), ev.BlindForced(1, "boostl"),
    ev.BlindWasted(1, "curse"), ev.CastAt(0, 2), ev.Spited(2, 4, 0, 8), ev.StruckBack(1, 0, 1),
    ev.AnswersRevealed(), ev.ChallengeFailed(0, 2, "dismiss", 3), ev.BluffCaught(0, 2, "left"),
    ev.Eradicated(1, "deception", 3), ev.Cancelled(2, "friend"), ev.Detonated(0, 3),
    ev.NullReturned(1, 4, 0), ev.Played(0, "twain", 1, (1, 3)), ev.Played(2, "dismiss", 0),
    ev.WhatTheHex(3, 5), ev.Levelled(2), ev.WentOff(1, 0), ev.WentOff(1, 4, "curse"),
    ev.WentOff(1, 2, by=0, gained=2), ev.WentOff(1, 3, "spite", 0, 1), ev.Shouted(4),
    ev.RaceLost(((1, 650), (3, 650))), ev.SignShown(2, "paper"), ev.RoundEnded(5, (3, -2, 5, 1)),
    ev.GameWon(2, (0, 3)), ev.LawLaid("cancel-ban-chase"), ev.LawLaid("gag"), ev.Reshuffled(),
    ev.TieBreak(2), ev.DealtRevealed(0, "ward"),
]


def test_every_kind_of_event_has_an_example_here():
    assert {type(e) for e in EXAMPLES} == set(ev.EVENT_TYPES)


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: e.kind)
def test_an_event_reads_back_from_the_sentence_the_state_json_keeps(event):
    text = ev.legacy_text(event)
    assert not text.startswith("{") and ev.from_legacy_text(text) == event
    data = event.to_json()
    assert data["kind"] == event.kind and json.loads(json.dumps(data)) == data


def test_the_sentences_are_the_ones_saves_were_written_with():
    assert ev.legacy_text(ev.Played(0, "twain", 1, (1, 3))) == "S0 plays Twain on h1 to S1, S3"
    assert ev.legacy_text(ev.WentOff(1, 3, "curse", 0, 1)) == "HEXED: S1 loses 3 with Curse, S0 gains 1"
    assert ev.legacy_text(ev.RoundEnded(5, (3, 2, 5, 1))) == "Round 5 ends: Voice 3 2 5 1"
    assert ev.legacy_text(ev.RaceLost(((1, 650),))) == "HEX-HEX: slowest S1 (650 ms)"


@pytest.mark.parametrize("text", ["", "S1 plays Nothing on h0", "HEXED: S1 loses lots", "Round 1 ends: Voice",
                                  "S1 challenges S1: it really is Null; S2 loses 3", "New law: be nice"])
def test_a_sentence_no_event_writes_is_refused(text):
    with pytest.raises(ValueError):
        ev.from_legacy_text(text)


def test_a_state_with_an_unknown_event_sentence_is_refused_with_a_reason():
    state = start([hand(), hand(), hand(), hand("left")])
    state.apply(Cast(3))
    data = json.loads(state.to_json())
    data["state"]["events"] = ["S1 summons a dragon"]
    with pytest.raises(SaveError, match="unknown event"):
        GAME.from_json(json.dumps(data))


def test_the_view_carries_events_as_data():
    state = start([hand("null"), hand(), hand(), hand("boostl", "curse")])
    state.apply(Cast(3))
    state.apply(parse_action("play boostl h0 >0"))
    close_window(state)
    events = state.view(1)["events"]
    assert events[-2:] == [{"kind": "cast", "seat": 1, "target": 3},
                           {"kind": "plays", "seat": 3, "card": "boostl", "hex": 0, "to": [0]}]


def test_a_face_down_card_is_in_the_log_but_never_in_its_words():
    """The log's "played" entries name the real card (the bot report counts them); neither the
    table's words nor the view's events show it until the bluff is caught."""
    state = start([hand(), hand(), hand(), ["deception", "dismiss", "left", "right", "left"]])
    state.apply(Cast(3))
    events = state.apply_recording(Play("dismiss", 0, (), "left"))   # claims Dismiss with a Turn Aside Left
    played = [e for e in events if e.kind == "played"]
    assert [(e.seat, e.subject, e.amount) for e in played] == [(3, "left", 1)]
    assert all(table.event_words(e, NAMES) is None for e in played)
    assert '"left"' not in json.dumps(state.view(0)["events"])
    state.apply(Pass())
    state.apply(Challenge())
    assert state.view(0)["events"][-1]["card"] == "left"   # a caught bluff turns the card up

