"""HEX-HEX XL bots: reflexes, card statistics, and a hard bot blind to hidden hands."""

from __future__ import annotations

import random
import statistics

from pygame_core import CHANCE, Match
from pygame_core.ai import make_bot
from pygame_core.hex_hex.bots import REFLEXES, HardBot, forget_hidden, no_bluffs
from workshop.games.hex_hex import usage
from pygame_core.hex_hex.rules import GAME, RACE_STEP, Cast, Dealer, Draw, HexHex, Play, React, Take


def start(hands: list[list[str]], dealer: int = 0):
    """A round ready for the cast, with a forced deal: seat `dealer` deals, dealer+1 casts."""
    state = GAME.new(len(hands))
    state.apply(Dealer(dealer))
    queues = [list(h) for h in hands]
    everyone = [c for h in hands for c in h]
    for c in set(everyone):
        state.deck[c] = max(state.deck[c], everyone.count(c))   # a stacked deck
    while state.current_player == CHANCE and state.phase == "draw":
        state.apply(Draw(queues[state.jobs[0].seat].pop(0)))
    return state


def hand(*cards: str) -> list[str]:
    return list(cards) + ["left"] * (5 - len(cards))


def race_state():
    state = start([hand("hexhex"), hand(), hand(), hand()])
    state.apply(Cast(0))
    state.apply(HexHex())          # seat 0 calls HEX-HEX instead of answering: the others race
    assert state.phase == "race"
    return state


def test_race_reactions_follow_each_level_s_reflexes():
    state = race_state()
    seat = state.current_player
    means = {}
    for level in ("easy", "normal", "hard"):
        bot = make_bot("hex-hex", level, seed=1)
        times = []
        for _ in range(200):
            action = bot.choose(state, seat)
            assert isinstance(action, React) and action in state.legal_actions()
            times.append(action.ms)
        lo, hi = REFLEXES[level]
        assert all(t % RACE_STEP == 0 and lo - RACE_STEP <= t <= hi + RACE_STEP for t in times)
        means[level] = statistics.mean(times)
    assert means["hard"] < means["normal"] < means["easy"]


def test_hard_bot_answers_races_and_forced_moves_without_searching():
    state = race_state()
    steps = list(HardBot(seed=2).think(state, state.current_player))
    assert len(steps) == 1 and isinstance(steps[0], React)
    # One legal action: played at once.
    forced = start([hand(), ["left"] * 5, hand(), hand()], dealer=1)
    forced.apply(Cast(1))
    assert forced.legal_actions() == [Play("left", 0, (2,))]
    assert list(HardBot(seed=2).think(forced, 1)) == [Play("left", 0, (2,))]


def test_usage_counts_cards_drawn_and_played():
    match = Match.start(GAME, 3, seed="use")
    bots = [make_bot("hex-hex", "normal", f"use/{i}") for i in range(3)]
    while not match.state.is_over:
        seat = match.state.current_player
        match.play(bots[seat].choose(match.state, seat), seat)
    counts = usage(match)
    draws = sum(1 for entry in match.log if isinstance(entry.action, Draw))
    assert sum(counts["drawn"].values()) == draws
    assert 0 < sum(counts["played"].values()) < draws


def test_hard_bot_sends_the_hex_to_an_empty_hand():
    state = start([hand("left", "right"), hand(), hand(), hand()], dealer=2)
    state.apply(Cast(0))
    state.hands[0] = ["left", "right"]
    state.hands[1] = []                  # left of seat 0: cannot pass it on
    state.hands[3] = ["left"] * 5
    assert HardBot(seed=3, iterations=24).choose(state, 0) == Play("left", 0, (1,))


def test_hard_bot_choice_depends_only_on_what_its_seat_may_know():
    checked = 0
    for g in range(3):
        match = Match.start(GAME, 4, seed=f"blind-{g}")
        bots = [make_bot("hex-hex", "normal", f"blind-{g}/{i}") for i in range(4)]
        while not match.state.is_over and checked < 6 * (g + 1):
            state = match.state
            seat = state.current_player
            assert seat is not None and seat >= 0
            if state.phase in ("play", "cast") and len(state.legal_actions()) > 1:
                # Another deal of the hidden cards, the same in everything the seat sees.
                other = GAME.determinize(state, seat, random.Random(g))
                assert other.view(seat) == state.view(seat) and other.to_json() != state.to_json()
                assert forget_hidden(other, seat).to_json() == forget_hidden(state, seat).to_json()
                picks = {HardBot(seed=5, iterations=8).choose(s, seat) for s in (state, other)}
                assert len(picks) == 1
                checked += 1
            match.play(bots[seat].choose(state, seat), seat)
    assert checked >= 12


def deceiving(cards: list[str]):
    """Seat 1 under Deception (dealt with `cards`), the Intended of the first Hex, one card played."""
    state = start([hand(), ["deception"] + cards, hand(), hand()], dealer=3)
    state.apply(Cast(1))
    state.played[1] = 1                  # Dismiss may be claimed
    assert state.deceive[1] and state.current_player == 1
    return state


def test_hard_bot_under_deception_claims_only_cards_it_holds():
    # Unchecked, the search liked claiming Dismiss with a Curse: its rivals never challenge.
    state = deceiving(["left", "spite", "curse", "curse"])
    for seed in range(5):
        action = HardBot(seed=seed, iterations=36).choose(state, 1)
        assert isinstance(action, Play) and action.real == action.card


def test_hard_bot_under_deception_bluffs_only_when_the_hex_costs_more_than_being_caught():
    state = deceiving(["spite", "curse", "curse", "curse"])
    acts = state.legal_actions()
    assert no_bluffs(state, acts) == [Take(0)]
    state.hexes[0].esc = 5            # a Hex worth 6: a bluff risks no more
    assert no_bluffs(state, acts) == acts
