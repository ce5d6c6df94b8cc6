"""HEX-HEX XL in words: the events the rules emit, how the table says them (hex_hex/table.py),
and that no notation, seat number or Hex number reaches a player in the log or the summary."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest

from pygame_core import CHANCE, Match
from pygame_core.hex_hex import table
from pygame_core.hex_hex.rules import (
    GAME, Cast, Challenge, Detonate, Null, Pass, Play, React, Sign, Take, parse_action,
)
from test_hex_hex import close_window, hand, start

_UI = Path(__file__).resolve().parent.parent / "web" / "ui"
_spec = importlib.util.spec_from_file_location("hex_hex_words_presenter", _UI / "presenter.py")
presenter = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = presenter
_spec.loader.exec_module(presenter)  # type: ignore[union-attr]

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]

LEAKS = {
    "coordinates": re.compile(r"-?\d+,-?\d+"),
    "goal or tile codes": re.compile(r"\b[PG]\d\d\b|\b[A-Z]{1,2}\d*/\d\b"),
    "Hex numbers": re.compile(r"\bh\d+\b|\bHex h?\d"),
    "window items": re.compile(r"\bitem \d"),
    "seat numbers": re.compile(r"\b[Ss]eat \d|\bS\d\b|>\d"),
    "notation": re.compile(r"\b(null|cast|detonate|strike|dealer|react|spite) \d|\bplay [a-z]+ h\d|"
                           r"\bhexed h\d|\b(draw|lose|pick|steal|suffer) [a-z]+\b|"
                           r"\bsign (rock|paper|scissors)\b|\blaw [a-z]|\beradicate [a-z]+ \d|\breal="),
    "card ids": re.compile(r"\b(boostl|boostr|madl|madr|doubleback|whatthehex|hexhex)\b"),
    "bad plurals": re.compile(r"\b1 (points|Voices|games)\b|\bVoices\b"),
}


def leaks(text: str) -> list[str]:
    return [what for what, pattern in LEAKS.items() if pattern.search(text)]


def told(state, action, names=NAMES):
    """Play `action` as Match does (checked, described, events recorded): its log lines."""
    state.check(action)
    text = state.describe(action, names)
    events = state.apply_recording(action)
    return [text] * bool(text) + [w for w in (table.event_words(e, names) for e in events) if w]


def told_until(state, seat, names=NAMES):
    """Everyone passes until `seat` is to act; the lines those passes caused (not the passes)."""
    lines = []
    while state.current_player != seat:
        lines += told(state, Pass(), names)[1:]
    return lines


def kinds(state, action):
    return [e.kind for e in state.apply_recording(action)]


# -- (1) events and their words, rule by rule ----------------------------------------------------
def test_a_hex_that_goes_off_is_told_with_the_voice_lost_and_the_senders_gain():
    state = start([hand(), ["dismiss"] * 5, hand(), hand()], dealer=3)
    lines = told(state, Cast(1))
    assert lines == ["Ada says HEX-HEX, Bo! Bo is The Intended"]
    lines = told(state, Take(0))
    assert lines == ["Bo cannot pass the Hex from Ada and is HEXED",
                     "The Hex goes off on Bo: Bo loses 1 Voice",
                     "Ada gains 1 Voice: the Hex Ada sent went off on Bo",
                     "Round 1 ends. Voice: Ada 6, Bo 4, Cy 5, Di 5"]


def test_a_curse_is_told_with_its_extra_loss():
    state = start([hand(), ["dismiss"] * 4 + ["curse"], hand(), hand()], dealer=3)
    state.apply(Cast(1))
    lines = told(state, Take(0))
    assert "The Hex goes off on Bo: Bo loses 3 Voice (Curse adds 2)" in lines


def test_a_ward_is_told_when_it_keeps_the_voice():
    state = start([hand(), ["dismiss"] * 4 + ["ward"], hand(), hand()], dealer=3)
    assert state.ward[1]
    state.apply(Cast(1))
    lines = told(state, Take(0))
    assert "The Hex goes off on Bo, but Bo's Ward keeps every Voice" in lines
    assert state.voice[1] == 5


def test_a_card_turned_up_when_dealt_is_told():
    state = GAME.new(4)
    state.apply(parse_action("dealer 3"))
    lines = []
    for seat_cards in zip(hand(), ["ward"] + ["left"] * 4, hand(), hand()):
        for card in seat_cards:
            state.deck[card] = max(state.deck[card], 4)
            lines += told(state, parse_action(f"draw {card}"))
    assert lines[0] == "Di deals 5 cards to each player" and lines.count("Di deals 5 cards to each player") == 1
    assert "Bo turns up Ward: Bo loses no Voice this round except by choice" in lines
    assert not [line for line in lines if "draws" in line]


def test_a_detonate_is_told_with_who_set_it_off_and_what_they_gain():
    state = start([hand("right", "detonate"), hand(), ["dismiss"] * 5, hand("right")])
    state.apply(Cast(0))
    state.apply(parse_action("play right h0 >3"))
    close_window(state)
    state.apply(Play("right", 0, (2,)))
    told_until(state, 0)
    lines = told(state, Detonate(2))
    assert lines == ["Ada Detonates the Hex arriving at Cy"]
    lines = []
    while state.phase == "window":
        lines += told(state, Pass())[1:]
    assert lines[:3] == ["Ada's Detonate sets the Hex off as it reaches Cy; Ada gains 1 Voice",
                     "The Hex goes off on Cy: Cy loses 1 Voice",
                     "Di gains 1 Voice: the Hex Di sent went off on Cy"]


def test_a_null_is_told_with_the_card_it_cancels():
    state = start([hand("left"), hand("null", "right"), hand(), hand("null")], dealer=0)
    state.apply(Cast(0))
    state.apply(parse_action("play left h0 >1"))
    close_window(state)
    state.apply(Play("right", 0, (0,)))
    told_until(state, 3)
    assert told(state, Null(0)) == ["Di plays Null on Bo's Turn Aside Right"]
    lines = []
    while state.phase == "window":
        lines += told(state, Pass())[1:]
    assert lines == ["Bo's Turn Aside Right is cancelled"]


def test_a_failed_challenge_costs_the_challenger_and_says_the_card_was_real():
    state = start([hand(), ["deception", "dismiss", "dismiss", "left", "left"], hand(), hand()], dealer=3)
    state.apply(Cast(1))
    state.apply(Play("left", 0, (2,), "left"))     # Bo, under Deception; now Dismiss is legal
    close_window(state)
    for text in ("play left h0 >3", "play left h0 >0", "play left h0 >1"):   # round to Bo
        state.apply(parse_action(text))
        close_window(state)
    assert told(state, Play("dismiss", 0, (), "dismiss")) == ["Bo plays face down, naming Dismiss"]
    lines = told(state, Challenge())
    assert lines[1] == "Cy challenges Bo's face-down card, but it really is Dismiss: Cy loses 3 Voice"


def test_a_caught_bluff_is_told_and_its_hex_goes_off_for_six():
    state = start([hand(), ["deception", "dismiss", "left", "left", "left"], hand(), hand()], dealer=3)
    state.apply(Cast(1))
    state.apply(Play("left", 0, (2,), "left"))
    close_window(state)
    for text in ("play left h0 >3", "play left h0 >0", "play left h0 >1"):
        state.apply(parse_action(text))
        close_window(state)
    told(state, Play("dismiss", 0, (), "left"))
    lines = told(state, Challenge())
    assert lines[1] == ("Cy catches Bo bluffing: the face-down card is Turn Aside Left. "
                        "The Hex will go off on Bo for 6 Voice")
    rest = []
    while state.phase == "window":
        rest += told(state, Pass())[1:]
    assert "The Hex goes off on Bo for the bluff: Bo loses 6 Voice" in rest


def test_a_dismiss_is_told_with_its_gain():
    state = start([hand("left"), hand("dismiss", "right"), hand("left"), hand()], dealer=3)
    state.apply(Cast(1))
    state.apply(Play("right", 0, (0,)))
    close_window(state)
    state.apply(parse_action("play left h0 >1"))
    close_window(state)
    told(state, Play("dismiss", 0))
    lines = []
    while state.phase == "window":
        lines += told(state, Pass())[1:]
    assert lines[0] == "Bo Dismisses the Hex and gains 2 Voice"


def test_the_hex_hex_race_names_the_slowest_and_the_round_end_tells_everyones_voice():
    state = start([hand("hexhex"), hand(), hand(), hand()], dealer=3)
    state.apply(Cast(1))
    state.apply(Play("left", 0, (2,)))
    told_until(state, 0)
    assert told(state, parse_action("hexhex")) == ["Ada plays HEX-HEX! Everyone race!"]
    told(state, React(300))
    told(state, React(900))
    lines = told(state, React(400))
    assert lines[0] == "Di reacts"
    assert lines[1] == "Cy is the slowest to react (900 ms) and loses 3 Voice"
    assert lines[2] == "Round 1 ends. Voice: Ada 5, Bo 5, Cy 2, Di 5"


def test_hex_sign_tells_the_sign_and_what_each_player_gains_or_loses():
    state = start([hand("sign"), hand(), hand(), hand()], dealer=2)
    state.apply(Cast(0))
    state.apply(Play("sign", 0))
    close_window(state)
    lines = []
    for sign in ("rock", "rock", "scissors", "paper"):
        lines += told(state, Sign(sign))[1:]
    assert lines[:4] == ["Ada's Hex Sign is rock", "Bo shows rock too and gains 1 Voice",
                         "Cy shows scissors and loses 2 Voice", "Di shows paper and loses 1 Voice"]


def test_the_winner_is_told_and_the_summary_shows_voice_by_round():
    match = Match.start(GAME, 3, seed="winner", names=NAMES[:3])
    rng = random.Random(4)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    lines = [line for e in match.log for line in presenter.entry_lines(e, table, match.names)]
    winner = NAMES[match.state.winners[0]]
    assert lines[-1].startswith(f"{winner} wins the game with ") and lines[-1].endswith(" Voice")
    rows = table.score_breakdown(match.state.view(None), match.names)
    assert rows[0][0] == "Voice after round 1" and len(rows) >= 4
    assert rows[-1][1] == [str(v) for v in match.state.voice]


def test_a_tie_after_the_last_round_names_the_tied_players_and_the_tie_break_rounds():
    view = {"players": 3, "series": 1, "winners": [2], "tiebreak": 1, "voice": [3, 4, 7],
            "history": [{"round": 4, "tiebreak": 0, "voice": [5, 6, 6]},
                        {"round": 5, "tiebreak": 1, "voice": [3, 4, 7]}]}
    assert table.tie_break(view, NAMES) == ("Bo and Cy were tied on 6 Voice after the last round; "
                                            "1 tie-break round (every gain and loss doubled) decided it.")
    assert table.score_breakdown(view, NAMES)[-1] == ("Voice after tie-break round 1", ["3", "4", "7"])
    assert table.tie_break({**view, "tiebreak": 0, "history": view["history"][:1]}, NAMES) == ""


def test_a_series_shows_games_won_and_a_shared_series():
    view = {"players": 3, "series": 2, "game_no": 2, "winners": [0, 2], "wins": [1, 0, 1],
            "voice": [6, 2, 5], "history": []}
    assert table.score_breakdown(view, NAMES) == [("Games won", ["1", "0", "1"]), ("Voice", ["6", "2", "5"])]
    assert table.tie_break(view, NAMES) == "Ada and Cy each won 1 game and share the series."


def test_the_table_passes_for_a_person_only_when_passing_is_all_they_may_do():
    assert table.forced({}, ["pass"]) == "pass"
    assert table.forced({}, ["pass", "null 0"]) is None
    assert table.forced({}, ["play left h0 >1"]) is None, "a single card to play is still shown, not played"


def test_the_table_takes_a_hex_for_a_person_with_no_card_to_answer_it():
    state = start([hand(), hand(), hand(), ["dismiss"] * 5])
    state.apply(Cast(3))
    view = state.view(3)
    assert view["legal"] == ["hexed h0"]
    assert table.forced(view, view["legal"]) == "hexed h0", "'Take it: I am HEXED' is all they may do"
    assert table.forced({}, ["spite 0"]) == "spite 0", "sacrificing nothing is all they may do"
    assert table.forced({}, ["hexed h0", "play left h0 >1"]) is None
    assert table.forced({}, ["spite 0", "spite 1 >2"]) is None


def test_a_suggested_answer_picks_its_card_in_the_hand():
    from pygame_core.hex_hex import view
    assert view.suggest_ui({}, "play left h0 >1") == {"card": "left"}
    assert view.suggest_ui({}, "play dismiss h0 real=left") == {"card": "left", "claim": "dismiss"}
    assert view.suggest_ui({}, "pass") == {}


def test_choices_are_offered_in_words():
    state = start([hand("left"), hand("null", "right"), hand(), hand("null")], dealer=0)
    state.apply(Cast(0))
    state.apply(parse_action("play left h0 >1"))
    close_window(state)
    state.apply(Play("right", 0, (0,)))
    told_until(state, 3)
    view = state.view(3)
    assert [table.action_words(view, a, NAMES) for a in view["legal"]] == [
        "Pass: let it happen", "Null Bo's Turn Aside Right"]
    assert table.hex_words(view, 0, NAMES) == "the Hex on Bo"
    assert table.action_words(view, "play twain h0 >0,2", NAMES) == \
        "Twain: the Hex is copied, one to Ada and one to Cy"
    assert table.action_words(view, "play dismiss h0 real=left", NAMES) == \
        "Put Turn Aside Left face down as Dismiss"
    assert table.action_words(view, "spite 2 >1", NAMES) == "Sacrifice 2 Voice: Bo loses 4 Voice"


def test_events_do_not_change_the_state():
    state = start([hand(), ["dismiss"] * 5, hand(), hand()], dealer=3)
    state.apply(Cast(1))
    twin = state.clone()
    assert kinds(state, Take(0)) == ["hexed", "gain", "round_end"]
    twin.apply(Take(0))
    assert twin == state


# -- (2) no notation in any text of many random games ------------------------------------------------
GAMES = [(players, seed, options) for players in range(3, 7) for seed in ("a", "b")
         for options in ({}, {"rulings": "original"})] + [(3, "s", {"series": 2}), (5, "t", {"series": 3})]


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_no_text_of_a_random_game_names_notation_seats_or_hex_numbers(players, seed, options):
    names = NAMES[:players] if seed != "b" else []          # also the default names
    match = Match.start(GAME, players, seed=f"words-{seed}", names=names, **options)
    rng = random.Random(seed)
    choices: set[str] = set()    # every choice offered, in words (prompts and buttons)
    while not match.state.is_over:
        seat = match.state.current_player
        view = match.state.view(seat)
        choices.update(table.action_words(view, a, match.names) for a in view["legal"])
        choices.update(table.hex_words(view, h["id"], match.names) for h in view["hexes"])
        match.play(rng.choice(match.state.legal_actions()))
    texts = sorted(choices) + [line for e in match.log
                               for line in presenter.entry_lines(e, table, match.names)]
    view = match.state.view(None)
    texts += [f"{label}: {' '.join(cells)}" for label, cells in table.score_breakdown(view, match.names)]
    texts.append(table.tie_break(view, match.names))
    texts.append(table.SETUP_TEXT)
    bad = [(text, leaks(text)) for text in texts if leaks(text)]
    assert not bad, bad[:5]
    assert any("wins" in text or "shares" in text for text in texts)


# -- (3) the deal is one line --------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(3, 7))
def test_the_deal_is_one_line_and_every_later_deal_one_line_too(players, monkeypatch):
    monkeypatch.setattr(presenter, "view_module", lambda game_id: table)
    match = Match.start(GAME, players, seed=f"deal-{players}", names=NAMES[:players])
    rng = random.Random(players)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    groups = presenter.turns(match)
    assert groups[0].seat is None and groups[0].lines == (table.SETUP_TEXT,)
    lines = [line for g in groups[1:] for line in g.lines]
    assert not any("draws a card" in line for line in groups[1].lines)
    deals = [line for line in lines if " deals 5 cards to each player" in line]
    ends = [line for line in lines if re.match(r"Round \d+ ends", line)]
    assert len(deals) == len(ends) - 1       # every round but the first is dealt in the log
    assert sum(1 for e in match.log if e.seat == CHANCE and str(e.action).startswith("draw")) > len(deals) * 5
