"""HEX-HEX XL's structured events: what the view carries, how the table words them, and the
old sentences the state's JSON keeps (every save's digest depends on them)."""

from __future__ import annotations

import json
import random
import re

import pytest

from pygame_core import SaveError
from pygame_core.engine import sample_chance
from pygame_core.hex_hex import events as ev
from pygame_core.hex_hex import table
from pygame_core.hex_hex.rules import GAME, Cast, Challenge, Pass, Play, parse_action
from test_hex_hex import close_window, hand, start
from test_hex_hex_words import NAMES, leaks

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


def test_the_view_carries_events_as_data_and_the_table_words_them_with_names():
    state = start([hand("null"), hand(), hand(), hand("boostl", "curse")])
    state.apply(Cast(3))
    state.apply(parse_action("play boostl h0 >0"))
    close_window(state)
    events = state.view(1)["events"]
    assert events[-2:] == [{"kind": "cast", "seat": 1, "target": 3},
                           {"kind": "plays", "seat": 3, "card": "boostl", "hex": 0, "to": [0]}]
    assert [table.recent_words(e, NAMES) for e in events[-2:]] == [
        "Bo casts the Hex on Di", "Di plays Boost Left sending the Hex to Ada"]


def test_round_ends_and_challenges_are_worded_with_names():
    assert table.recent_words(ev.RoundEnded(5, (3, 2, 5, 1)).to_json(), NAMES) == \
        "Round 5 ends. Voice: Ada 3, Bo 2, Cy 5, Di 1"
    assert table.recent_words(ev.ChallengeFailed(0, 2, "dismiss", 3).to_json(), NAMES) == \
        "Ada challenges Cy, but the card really is Dismiss: Ada loses 3 Voice"
    assert table.recent_words(ev.WentOff(1, 2, by=0, gained=1).to_json(), NAMES) == \
        "The Hex goes off on Bo: Bo loses 2 Voice; Ada gains 1 Voice"
    assert table.recent_words(ev.RaceLost(((1, 650), (3, 700))).to_json(), NAMES) == \
        "HEX-HEX race: slowest Bo (650 ms) and Di (700 ms)"


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: e.kind)
def test_no_event_is_worded_with_a_code(event):
    text = table.recent_words(event.to_json(), NAMES)
    assert text and not leaks(text) and not re.search(r"\bS\d|\bh\d", text), text


def test_every_happening_of_random_games_reads_in_words():
    rng = random.Random("recent")
    seen: set[str] = set()
    for players, options in ((3, {}), (5, {"series": 2}), (6, {})):
        state = GAME.new(players, **options)
        while not state.is_over:
            state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_actions()))
            for e in state.view(None)["events"][-1:]:
                text = table.recent_words(e, NAMES)
                assert text != "Something happened" and not leaks(text), (e, text)
                seen.add(e["kind"])
    assert {"plays", "cast", "hexed", "round_end", "game_won"} <= seen


def test_a_face_down_card_is_in_the_log_but_never_in_its_words():
    """The log's "played" entries name the real card (the bot report counts them); the
    table says nothing of them, so a bluff's card stays hidden."""
    state = start([hand(), hand(), hand(), ["deception", "dismiss", "left", "right", "left"]])
    state.apply(Cast(3))
    events = state.apply_recording(Play("dismiss", 0, (), "left"))   # claims Dismiss with a Turn Aside Left
    played = [e for e in events if e.kind == "played"]
    assert [(e.seat, e.subject, e.amount) for e in played] == [(3, "left", 1)]
    assert all(table.event_words(e, NAMES) is None for e in played)
    assert "Turn Aside Left" not in " ".join(table.recent_words(e, NAMES) for e in state.view(0)["events"])
    state.apply(Pass())
    state.apply(Challenge())
    assert "Turn Aside Left" in table.recent_words(state.view(0)["events"][-1], NAMES)

