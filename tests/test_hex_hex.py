"""HEX-HEX XL: one test per rule and per card, with forced deals (chance actions applied directly)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from pygame_core import CHANCE, IllegalActionError, Match, SaveError, saves
from pygame_core.hex_hex.components import CARDS, DECK_SIZE
from pygame_core.hex_hex.records import Answering, DrawCard, Taken
from pygame_core.hex_hex.rules import (
    GAME, Cast, Challenge, Dealer, Detonate, Draw, Eradicate, HexHex, Law, Lose, Null, Pass, Pick,
    Play, React, Sign, Spite, Steal, Strike, Suffer, Take, parse_action,
)

# -- helpers -------------------------------------------------------------------------------
FILLER = ["left"] * 5


def deal(state, hands):
    """Apply the deal's chance actions so that each seat gets `hands[seat]` (in order)."""
    queues = [list(h) for h in hands]
    need: dict[str, int] = {}
    for h in hands:
        for c in h:
            need[c] = need.get(c, 0) + 1
    for c, k in need.items():   # a stacked deck: enough copies for the forced deal
        state.deck[c] = max(state.deck[c], k)
    while state.current_player == CHANCE and state.phase == "draw":
        seat = state.jobs[0].seat
        state.apply(Draw(queues[seat].pop(0)))
    assert not any(queues), f"cards left undealt: {queues}"


def start(hands, dealer=0, players=None, **options):
    """A round ready for the cast: seat `dealer` deals, so dealer+1 casts."""
    players = players or len(hands)
    state = GAME.new(players, **options)
    state.apply(Dealer(dealer))
    deal(state, hands)
    return state


def close_window(state):
    while state.phase == "window":
        state.apply(Pass())


def play(state, text):
    state.apply(parse_action(text))
    close_window(state)


def hand(*cards):
    cards = list(cards)
    return cards + ["left"] * (5 - len(cards))


# -- components ---------------------------------------------------------------------------
def test_deck_has_94_cards_and_every_named_card():
    assert DECK_SIZE == 94
    names = {c.name for c in CARDS}
    for name in ["Turn Aside Left", "Turn Aside Right", "Deflect Across", "Boost Left", "Boost Right",
                 "Twain", "Cut to the Chase", "Null", "Dismiss", "Detonate", "Spite",
                 "What the Hex Up With That?", "Curse", "Marked Man", "Deception", "HEX-HEX",
                 "Hex Sign", "Maddening Compulsion (Left)", "Maddening Compulsion (Right)",
                 "Double Back", "Escalating Obsession", "Choke", "Duck", "Called Shot", "Fate",
                 "Theft of Thought", "Level", "Ward", "Blind Hex", "Charm",
                 "Make a Friend Make an Enemy", "Laying Down Tricks", "Eradicate"]:
        assert name in names
    basic = sum(c.count for c in CARDS if c.category == "basic")
    assert basic * 2 > DECK_SIZE  # most of the deck


# -- set-up and rounds ----------------------------------------------------------------------
def test_voice_starts_at_five_and_rounds_are_players_plus_one():
    for n in range(3, 7):
        state = GAME.new(n)
        assert state.voice == [5] * n and state.rounds == n + 1


def test_player_count_is_three_to_six():
    with pytest.raises(ValueError):
        GAME.new(2)
    with pytest.raises(ValueError):
        GAME.new(7)


def test_first_dealer_is_chance_and_caster_sits_left_of_dealer():
    state = GAME.new(4)
    assert state.current_player == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [Dealer(s) for s in range(4)]
    state.apply(Dealer(2))
    assert state.dealer == 2 and state.caster == 3


def test_hands_of_five_dealt_one_at_a_time_from_the_dealers_left():
    state = GAME.new(3)
    state.apply(Dealer(0))
    order = []
    while state.phase == "draw":
        order.append(state.jobs[0].seat)
        state.apply(Draw("left"))
    assert order == [1, 2, 0] * 5
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert state.current_player == 1 and state.phase == "cast"


def test_draws_are_chance_with_any_remaining_card_equally_likely():
    state = GAME.new(3)
    state.apply(Dealer(0))
    outcomes = dict(state.chance_outcomes())
    assert outcomes[Draw("left")] == pytest.approx(18 / 94)
    assert outcomes[Draw("fate")] == pytest.approx(1 / 94)


def test_caster_names_the_intended_but_not_themselves():
    state = start([hand(), hand(), hand(), hand()])
    assert state.current_player == 1
    with pytest.raises(IllegalActionError, match="yourself"):
        state.apply(Cast(1))
    state.apply(Cast(3))
    assert state.hexes[0].at == 3 and state.hexes[0].by == 1
    assert state.current_player == 3


def test_hexed_target_loses_one_and_targeter_gains_one():
    state = start([hand(), hand(), hand(), ["dismiss"] * 5])
    state.apply(Cast(3))
    assert state.legal_actions() == [Take(0)]
    state.apply(Take(0))
    assert state.voice == [5, 6, 5, 4]


def test_must_pass_the_hex_when_a_card_allows_it():
    state = start([hand(), hand(), hand(), hand("left", "curse")])
    state.apply(Cast(3))
    with pytest.raises(IllegalActionError, match="must play it"):
        state.apply(Take(0))


def test_turn_aside_left_and_right_move_the_hex():
    state = start([hand(), hand(), hand(), hand("left", "right")])
    state.apply(Cast(3))
    play(state, "play left h0 >0")
    assert state.hexes[0].at == 0 and state.hexes[0].by == 3
    state2 = start([hand(), hand(), hand(), hand("right")])
    state2.apply(Cast(3))
    play(state2, "play right h0 >2")
    assert state2.hexes[0].at == 2


def test_response_window_asks_every_other_seat_in_order_and_pass_is_an_action():
    state = start([hand(), hand(), hand(), hand()])
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,)))
    asked = []
    while state.phase == "window":
        asked.append(state.current_player)
        assert Pass() in state.legal_actions()
        state.apply(Pass())
    assert asked == [0, 1, 2]
    assert state.current_player == 0


def test_round_ends_when_every_hex_is_gone_and_the_last_caster_deals_next():
    state = start([hand(), hand(), hand(), ["dismiss"] * 5], dealer=0)
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.round == 2 and state.dealer == 1 and state.caster == 2
    assert state.current_player == CHANCE and sum(len(h) for h in state.hands) == 0
    assert len(state.discard) == 20


def test_last_round_player_with_least_voice_picks_dealer_and_casts():
    state = GAME.new(3)
    state.apply(Dealer(0))
    for _ in range(3):
        deal(state, [["dismiss"] * 5] * 3)
        target = state.left(state.caster)
        state.apply(Cast(target))
        state.apply(Take(0))
    assert state.round == 4 and state.phase == "pick"
    assert state.voice == [5, 5, 5]
    low = 1          # all tied: the first from the last caster's (seat 0's) left
    assert state.current_player == low
    state.apply(Dealer(0))
    assert state.caster == low and state.dealer == 0


def test_most_voice_wins_and_a_tie_plays_a_tie_breaker_with_doubled_voice():
    state = GAME.new(3)
    state.apply(Dealer(0))
    # Round 1: caster 1 hexes 2; round 2: caster 2 hexes 0; round 3: caster 0 hexes 1.
    for _ in range(3):
        deal(state, [["dismiss"] * 5] * 3)
        state.apply(Cast(state.left(state.caster)))
        state.apply(Take(0))
    assert state.voice == [5, 5, 5]
    state.apply(Dealer(1))
    deal(state, [["dismiss"] * 5] * 3)
    caster = state.caster
    state.apply(Cast(state.left(caster)))
    state.apply(Take(0))
    assert state.tiebreaks == 0 and state.is_over
    assert state.winners == [caster]

    tied = GAME.new(3)
    tied.apply(Dealer(0))
    for _ in range(4):
        if tied.phase == "pick":
            tied.apply(Dealer(0))
        deal(tied, [["dismiss"] * 5] * 3)
        caster = tied.caster
        target = tied.left(caster)
        tied.apply(Cast(target))
        if tied.round == 4:     # arrange a three-way tie after this last Hex
            tied.voice = [5, 5, 5]
            tied.voice[caster] -= 1
            tied.voice[target] += 1
        tied.apply(Take(0))
    assert tied.tiebreaks == 1 and not tied.is_over
    assert tied.phase == "pick"
    before = list(tied.voice)
    tied.apply(Dealer(0))
    deal(tied, [["dismiss"] * 5] * 3)
    caster = tied.caster
    target = tied.left(caster)
    tied.apply(Cast(target))
    tied.apply(Take(0))
    assert tied.voice[target] == before[target] - 2 and tied.voice[caster] == before[caster] + 2
    assert tied.is_over and tied.winners == [caster]


def test_deck_reshuffles_its_discards_only_when_empty():
    state = start([hand(), hand(), hand()])
    state.deck = {c.id: 0 for c in CARDS}
    state.deck["right"] = 1
    state.discard = ["across", "across"]
    state.jobs.insert(0, DrawCard(0))
    state.jobs.insert(0, DrawCard(0))
    assert [a for a, _ in state.chance_outcomes()] == [Draw("right")]
    state.apply(Draw("right"))
    assert state.discard == [] and state.deck["across"] == 2
    assert [a for a, _ in state.chance_outcomes()] == [Draw("across")]


def test_play_when_dealt_resolves_before_the_round_and_is_not_a_first_card():
    state = GAME.new(3)
    state.apply(Dealer(0))
    deal(state, [hand(), hand("marked", "dismiss") + ["right", "right", "right"], hand()])
    assert state.hands[1].count("right") == 3 + 0 and len(state.hands[1]) == 7
    assert state.played[1] == 0
    assert "marked" in state.table
    state.apply(Cast(2))
    play(state, "play left h0 >0")
    play(state, "play left h0 >1")
    # Seat 1 has played nothing yet this round, so Dismiss is not allowed.
    assert not any(str(a).startswith("play dismiss") for a in state.legal_actions())


# -- out-of-turn cards -------------------------------------------------------------------------
def test_null_cancels_a_card_as_it_is_played_and_its_player_tries_again():
    state = start([hand(), hand(), hand("null"), hand("left", "right")])
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,)))
    state.apply(Pass())      # seat 0
    state.apply(Pass())      # seat 1
    state.apply(Null(0))     # seat 2
    close_window(state)
    assert state.hexes[0].at == 3 and state.current_player == 3
    assert "left" not in state.hands[3] or state.hands[3].count("left") == 3


def test_null_can_cancel_a_null():
    state = start([hand("null"), hand(), hand("null"), hand("left")])
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,)))
    state.apply(Pass())
    state.apply(Pass())
    state.apply(Null(0))           # seat 2 cancels the Turn Aside
    assert state.current_player == 3
    state.apply(Pass())
    state.apply(Null(1))           # seat 0 cancels the Null
    close_window(state)
    assert state.hexes[0].at == 0


def test_null_on_your_turn_sends_the_hex_back_to_its_sender():
    state = start([hand(), hand(), hand(), hand("boostl", "null")])
    state.apply(Cast(3))
    play(state, "play boostl h0 >0")
    assert state.hexes[0].boost == 1
    state2 = start([hand("null"), hand(), hand(), hand("boostl")])
    state2.apply(Cast(3))
    play(state2, "play boostl h0 >0")
    play(state2, "play null h0")
    h = state2.hexes[0]
    assert h.at == 3 and h.by == 1 and h.boost == 0


def test_null_cancels_only_the_last_card_played():
    # Seat 1 turns the Hex aside to seat 2; seat 0 Detonates it on arrival. Seat 3's Null may
    # cancel the Detonate (the last card played), not the Turn Aside before it.
    filler = ["dismiss"] * 5
    state = start([["left", "detonate"] + filler[:3], ["left"] + filler[:4], filler,
                   ["null"] + filler[:4]], dealer=0)
    state.apply(Cast(0))
    play(state, "play left h0 >1")
    state.apply(parse_action("play left h0 >2"))
    while state.current_player != 0:
        state.apply(Pass())
    state.apply(parse_action("detonate 2"))
    while state.current_player != 3:
        state.apply(Pass())
    assert state.legal_actions() == [Pass(), Null(1)]
    with pytest.raises(IllegalActionError, match="last card played"):
        state.apply(Null(0))
    state.apply(Null(1))
    close_window(state)
    assert state.hexes[0].at == 2 and state.voice == [5, 5, 5, 5]


def test_null_cancels_only_the_last_card_of_a_volley_or_the_null_after_it():
    # Twain's two copies are answered together: both readied answers came into play at once,
    # so either may be Nulled; once one is, the Null is the last card played.
    state = start([hand("right"), hand("null"), hand("left"), hand("twain", "null")], dealer=1)
    state.apply(Cast(3))
    play(state, "play twain h0 >0,2")
    state.apply(Play("right", 0, (3,)))    # seat 0
    state.apply(Play("left", 1, (3,)))     # seat 2
    assert state.current_player == 3       # the window after the reveal
    assert [a for a in state.legal_actions() if isinstance(a, Null)] == [Null(0), Null(1)]
    state.apply(Null(1))                   # seat 3 cancels seat 2's answer
    assert state.current_player == 0
    state.apply(Pass())
    assert [a for a in state.legal_actions() if isinstance(a, Null)] == [Null(2)]   # seat 1


def test_null_on_your_turn_cancels_only_the_card_played_last():
    # Seat 0 turns the Hex to seat 1, seat 1 turns it right, seat 3 Nulls that: the Hex stays
    # with seat 1, and the last card played is seat 3's Null, not seat 0's Turn Aside.
    state = start([hand("left"), hand("null", "right"), hand(), hand("null")], dealer=0)
    state.apply(Cast(0))
    play(state, "play left h0 >1")
    assert Play("null", 0) in state.legal_actions()        # the card that sent it: the last one
    state.apply(Play("right", 0, (0,)))
    while state.current_player != 3:
        state.apply(Pass())
    state.apply(Null(0))
    state.apply(Pass())                                    # seat 0
    assert state.current_player == 1 and Null(1) in state.legal_actions()   # the Null is last
    close_window(state)
    assert state.hexes[0].at == 1 and state.current_player == 1
    assert Play("null", 0) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="last card played"):
        state.apply(Play("null", 0))
    assert state.view(1)["hexes"][0]["nullable"] is False


def test_null_cannot_be_played_on_the_initial_cast():
    state = start([hand(), hand(), hand(), hand("null")])
    state.apply(Cast(3))
    assert Play("null", 0) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="nothing to cancel"):
        state.apply(Play("null", 0))


def test_hex_hex_cannot_be_nulled():
    state = start([hand("null"), hand(), hand("hexhex"), hand("left")])
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,)))
    state.apply(Pass())
    state.apply(Pass())
    state.apply(HexHex())
    assert state.phase == "race"
    assert all(not isinstance(a, Null) for a in state.legal_actions())


def test_dismiss_not_first_card_then_dispels_and_gains_two():
    state = start([hand(), hand(), hand(), hand("dismiss", "left", "right")])
    state.apply(Cast(3))
    with pytest.raises(IllegalActionError, match="first card"):
        state.apply(Play("dismiss", 0))
    play(state, "play left h0 >0")
    play(state, "play left h0 >1")
    play(state, "play left h0 >2")
    play(state, "play left h0 >3")
    play(state, "play dismiss h0")
    assert state.voice[3] == 7 and state.round == 2


def test_detonate_not_first_card_blows_up_on_arrival():
    state = start([hand("detonate", "right"), hand(), hand(), hand("left")])
    state.apply(Cast(0))
    play(state, "play right h0 >3")          # seat 0 has now played a card
    state.apply(Play("left", 0, (0,)))       # seat 3 sends it back to 0...
    assert Detonate(0) not in state.legal_actions()   # ...not on yourself
    with pytest.raises(IllegalActionError, match="yourself"):
        state.apply(Detonate(0))
    state4 = start([hand("right", "detonate"), hand(), ["dismiss"] * 5, hand("right")])
    state4.apply(Cast(0))
    play(state4, "play right h0 >3")        # 0 -> 3
    state4.apply(Play("right", 0, (2,)))    # 3 -> 2; window asks 0 first
    assert state4.current_player == 0
    with pytest.raises(IllegalActionError):
        state4.apply(Detonate(0))
    state4.apply(Detonate(2))
    close_window(state4)
    assert state4.voice[2] == 4 and state4.voice[3] == 6 and state4.voice[0] == 6


def test_detonate_may_not_be_your_first_card():
    state = start([hand("detonate"), hand(), hand(), hand("left")])
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,)))
    assert state.current_player == 0
    with pytest.raises(IllegalActionError, match="first card"):
        state.apply(Detonate(1))


# -- enhanced deflections ------------------------------------------------------------------------
def test_deflect_across_goes_to_a_non_neighbour():
    state = start([hand(), hand(), hand(), hand(), hand(), hand("across")])
    state.apply(Cast(5))
    targets = [a.to for a in state.legal_actions() if isinstance(a, Play) and a.card == "across"]
    assert targets == [(1,), (2,), (3,)]
    three2 = start([hand(), hand(), hand("across")])
    three2.apply(Cast(2))
    assert [a.to for a in three2.legal_actions() if isinstance(a, Play) and a.card == "across"] == [(0,), (1,)]


def test_boost_adds_one_loss_and_the_targeter_still_gains_one():
    state = start([["dismiss"] * 5, hand(), hand(), hand("boostl")])
    state.apply(Cast(3))
    play(state, "play boostl h0 >0")
    state.apply(Take(0))
    assert state.voice[0] == 3 and state.voice[3] == 6


def test_boost_right_and_boosts_stack():
    state = start([hand(), ["dismiss"] * 5, ["boostr"] + ["dismiss"] * 4, hand("boostr")], dealer=1)
    state.apply(Cast(3))
    play(state, "play boostr h0 >2")
    play(state, "play boostr h0 >1")
    assert state.hexes[0].boost == 2
    state.apply(Take(0))
    assert state.voice[1] == 2 and state.voice[2] == 6


def test_twain_duplicates_the_hex_with_its_markers():
    state = start([hand(), hand(), hand("boostl"), hand("twain")])
    state.apply(Cast(2))
    play(state, "play boostl h0 >3")
    play(state, "play twain h0 >0,2")
    assert [(h.at, h.boost) for h in state.hexes] == [(0, 1), (2, 1)]


def test_several_hexes_answer_face_down_and_resolve_together():
    state = start([hand("right"), hand(), hand("left"), hand("twain")])
    state.apply(Cast(3))
    play(state, "play twain h0 >0,2")
    assert state.multi()
    assert state.current_player == 2          # seat order from the caster's left
    state.apply(Play("left", 1, (3,)))
    v_other = state.view(1)
    assert all("mine" not in c for c in v_other["commits"])
    assert state.view(2)["commits"][0]["mine"] == "left"
    assert any(c["done"] for c in v_other["commits"])
    assert state.current_player == 0
    state.apply(Play("right", 0, (3,)))
    assert state.phase == "window"     # revealed together, one window
    close_window(state)
    assert sorted(h.at for h in state.hexes) == [3, 3]


def test_a_player_targeted_twice_needs_two_cards():
    state = start([hand(), ["left", "right", "curse", "curse", "curse"], hand("doubleback"), hand()])
    state.apply(Cast(2))
    play(state, "play doubleback h0 >1,1")
    assert [h.at for h in state.hexes] == [1, 1]
    state.apply(Play("left", 0, (2,)))
    assert state.current_player == 1
    legal = state.legal_actions()
    assert Play("left", 1, (2,)) not in legal and Play("right", 1, (0,)) in legal
    state.apply(Play("right", 1, (0,)))
    close_window(state)
    assert sorted(h.at for h in state.hexes) == [0, 2]


def _two_hexes_on_seat_0(hand0, second="boostr"):
    """Seat 2 Twains the cast; seat 3 turns h0 to seat 0 and seat 1 sends h1 there with `second`."""
    state = start([hand0, hand(second), hand("twain"), hand("left")], dealer=0)
    state.apply(Cast(2))
    play(state, "play twain h0 >3,1")
    state.apply(Play("left", 0, (0,)))      # seat 3
    state.apply(Play(second, 1, (0,)))      # seat 1
    close_window(state)
    assert [(h.id, h.at) for h in state.hexes] == [(0, 0), (1, 0)]
    assert state.current_player == 0 and state.answering().id == 0
    return state


def test_a_player_with_one_answer_for_two_hexes_chooses_which_to_answer():
    state = _two_hexes_on_seat_0(["left"] + ["dismiss"] * 4)
    assert state.hexes[1].boost == 1 and state.hexes[0].boost == 0
    assert state.legal_actions() == [Play("left", 0, (1,)), Take(0)]
    # Let the plain Hex go off and keep the card for the Boosted one...
    state.apply(parse_action("hexed h0"))
    assert state.legal_actions() == [Play("left", 1, (1,))]   # ...which must then be answered
    with pytest.raises(IllegalActionError, match="must"):
        state.apply(Take(1))
    state.apply(parse_action("play left h1 >1"))
    close_window(state)
    assert state.voice[0] == 4 and state.voice[3] == 6          # 1 lost, not 2
    assert [(h.id, h.at) for h in state.hexes] == [(1, 1)]
    # The other way round is still open: answer the plain Hex, take the Boosted one.
    other = _two_hexes_on_seat_0(["left"] + ["dismiss"] * 4)
    other.apply(Play("left", 0, (1,)))
    assert other.legal_actions() == [Take(1)]
    assert str(Take(0)) == "hexed h0" and parse_action("hexed h0") == Take(0)


def test_bots_with_one_answer_for_two_hexes_let_the_cheaper_one_go_off():
    from pygame_core.hex_hex.bots import make_bot
    state = _two_hexes_on_seat_0(["left"] + ["dismiss"] * 4)
    assert make_bot("normal", seed=1).choose(state, 0) == Take(0)   # keeps Left for the Boosted h1
    for level in ("easy", "hard"):            # the others answer both Hexes legally
        bot = make_bot(level, seed=3)
        state = _two_hexes_on_seat_0(["left"] + ["dismiss"] * 4)
        state.apply(bot.choose(state, 0))
        state.apply(bot.choose(state, 0))
        assert not state.commits and state.phase == "window"    # both readied and revealed


def test_a_player_answering_several_hexes_may_not_spend_a_card_another_hex_needs():
    # h1 is Maddened to the right: only Turn Aside Right answers it. Right on h0 would leave h1
    # unanswered although both Hexes can be passed on, so it is not allowed; nor is being HEXED.
    state = _two_hexes_on_seat_0(["left", "right"] + ["dismiss"] * 3, second="madr")
    assert state.hexes[1].mad == "R"
    assert state.legal_actions() == [Play("left", 0, (1,))]
    with pytest.raises(IllegalActionError, match="another Hex"):
        state.apply(Play("right", 0, (3,)))
    with pytest.raises(IllegalActionError, match="must"):
        state.apply(Take(0))


# -- the original rulings (games saved before 2026-12 replay as they were played) -----------
FIXTURES = Path(__file__).parent / "fixtures" / "saves"
OLD_SAVES = sorted(FIXTURES.glob("hex-hex-*p-format2.json"))


def test_the_rulings_option_is_hidden_and_old_saves_get_the_original_rulings():
    opt = GAME.options["rulings"]
    assert opt.hidden and opt.default == "2026-12" and opt.legacy == "original"
    assert GAME.saved_options({"series": 1}) == {"series": 1, "rulings": "original"}
    assert GAME.new(4).rulings == "2026-12"


def test_an_original_state_writes_no_rulings_key_so_old_digests_match():
    old, new = GAME.new(4, rulings="original"), GAME.new(4)
    assert "rulings" not in old.to_dict() and new.to_dict()["rulings"] == "2026-12"
    assert GAME.from_json(old.to_json()).rulings == "original"
    assert GAME.from_json(new.to_json()).rulings == "2026-12"
    assert GAME.from_json(old.to_json()) == old and GAME.from_json(new.to_json()) == new


def test_the_engine_bookkeeping_of_events_stays_out_of_the_json():
    match = Match.start(GAME, 4, seed="events")
    assert not [k for k in match.state.to_dict() if k.startswith("_")]
    assert not [k for k in match.state.clone().__dict__ if k.startswith("_")]


def test_original_rulings_null_reaches_a_card_past_a_detonate():
    # The test of our first version: seat 1's Null cancels the Turn Aside although a Detonate
    # came after it, so nothing arrives and the Detonate fizzles.
    state = start([hand("right", "detonate"), hand("null"), ["dismiss"] * 5, hand("right")],
                  rulings="original")
    state.apply(Cast(0))
    play(state, "play right h0 >3")          # 0 -> 3
    state.apply(Play("right", 0, (2,)))     # 3 -> 2; window: 0, 1, 2
    state.apply(Detonate(2))                # seat 0; window restarts after seat 0: 1, 2, 3
    assert [a for a in state.legal_actions() if isinstance(a, Null)] == [Null(0), Null(1)]
    state.apply(Null(0))
    close_window(state)
    assert state.voice == [5, 5, 5, 5] and state.hexes[0].at == 3


def test_original_rulings_null_on_your_turn_reaches_the_card_that_sent_the_hex():
    # As test_null_on_your_turn_cancels_only_the_card_played_last, with the original rulings:
    # seat 0's Turn Aside stays Nullable on seat 1's turn after seat 3 Nulled seat 1's answer.
    state = start([hand("left"), hand("null", "right"), hand(), hand("null")], dealer=0,
                  rulings="original")
    state.apply(Cast(0))
    play(state, "play left h0 >1")
    state.apply(Play("right", 0, (0,)))
    while state.current_player != 3:
        state.apply(Pass())
    state.apply(Null(0))
    close_window(state)
    assert state.hexes[0].at == 1 and state.hexes[0].back is not None
    state.apply(Play("null", 0))
    close_window(state)
    assert state.hexes[0].at == 0 and state.current_player == 0


def test_original_rulings_hexed_only_by_a_hex_no_card_answers():
    state = _two_hexes_on_seat_0(["left"] + ["dismiss"] * 4)
    original = GAME.from_dict({k: v for k, v in state.to_dict().items() if k != "rulings"})
    assert original.rulings == "original"
    assert original.legal_actions() == [Play("left", 0, (1,))]     # no choosing to be HEXED
    with pytest.raises(IllegalActionError, match="must play it"):
        original.apply(Take(0))
    madr = _two_hexes_on_seat_0(["left", "right"] + ["dismiss"] * 3, second="madr")
    madr = GAME.from_dict({k: v for k, v in madr.to_dict().items() if k != "rulings"})
    assert madr.legal_actions() == [Play("left", 0, (1,)), Play("right", 0, (3,))]


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.name)
def test_saves_from_before_the_rulings_replay_only_under_the_original_rulings(path):
    # Bot games saved by the engine just before the rulings (commit 2d37922); each passes
    # through a move the new rulings forbid (see its title).
    text = path.read_text(encoding="utf-8")
    match, _ = saves.load(text)                         # digest checked
    assert match.options["rulings"] == "original" and "rulings" not in match.state.to_dict()
    data = json.loads(text)
    data["options"]["rulings"] = "2026-12"
    with pytest.raises(SaveError, match="does not replay"):
        saves.load(json.dumps(data))


def test_a_save_stopped_where_the_rulings_differ_replays_elsewhere_under_the_new_ones():
    # The six-player save up to the Intended's Null on their turn: every move is legal under
    # both rulings, but the Hex's record of its sending card is kept only by the original ones.
    data = json.loads((FIXTURES / "hex-hex-6p-format2.json").read_text(encoding="utf-8"))
    at = data["log"].index("play null h0")
    old = Match.replay(GAME, 6, {"series": 1, "rulings": "original"}, data["seed"], data["log"][:at])
    new = Match.replay(GAME, 6, {"series": 1}, data["seed"], data["log"][:at])
    assert Play("null", 0) in old.state.legal_actions()
    assert Play("null", 0) not in new.state.legal_actions()
    assert old.state.hexes[0].back is not None and new.state.hexes[0].back is None


def test_cut_to_the_chase_makes_everyone_discard_at_random_down_to_two():
    state = start([hand(), hand(), hand(), hand("chase")])
    state.apply(Cast(3))
    play(state, "play chase h0 >1")
    seen = []
    while state.current_player == CHANCE:
        seat = state.jobs[0].seat
        seen.append(seat)
        state.apply(state.chance_outcomes()[0][0])
    assert [len(h) for h in state.hands] == [2, 2, 2, 2]
    assert set(seen) == {0, 1, 2, 3}
    assert state.hexes[0].at == 1


def test_choke_makes_the_new_intended_discard_one_at_random_before_it_arrives():
    state = start([hand(), hand("across", "curse"), hand(), hand("choke")])
    state.apply(Cast(3))
    play(state, "play choke h0 >1")
    assert state.current_player == CHANCE
    state.apply(Lose("across"))
    assert len(state.hands[1]) == 4 and state.buried[1] == ["across"] and "across" not in state.discard
    assert state.current_player == 1


# -- random discards go face down ------------------------------------------------------------
def _chased():
    """Seat 3 plays Cut to the Chase on seat 1; seat 1 loses Twain, Fate and Curse at random."""
    state = start([hand(), ["twain", "fate", "curse", "left", "right"], hand(), hand("chase")])
    state.apply(Cast(3))
    play(state, "play chase h0 >1")
    forced = {1: ["twain", "fate", "curse"]}
    while state.current_player == CHANCE:
        seat = state.jobs[0].seat
        pick = forced[seat].pop(0) if forced.get(seat) else state.chance_outcomes()[0][0].card
        state.apply(Lose(pick))
    return state


def test_random_discards_go_face_down_in_front_of_their_player():
    state = _chased()
    assert state.buried[1] == ["twain", "fate", "curse"] and state.hands[1] == ["left", "right"]
    assert state.discard == [] and [len(h) for h in state.hands] == [2, 2, 2, 2]
    assert state.view(1)["buried"] == ["twain", "fate", "curse"]      # the discarder knows
    assert state.view(0)["facedown"][1] == 3                           # the others see a count


def test_random_discards_face_down_are_hidden_from_the_other_seats_views():
    state = _chased()
    for seat in (0, 2, 3, None):
        text = json.dumps(state.view(seat))
        for secret in ("twain", "fate", "curse", "Twain", "Fate", "Curse"):
            assert secret not in text, (seat, secret)
    assert state.view(0)["discard_top"] == []
    from pygame_core.hex_hex.view import render
    assert "3 face down" in render(state.view(0), {}, list("ABCD"))   # how many, never which


def test_random_discards_face_down_are_not_named_in_the_log():
    state = start([hand(), ["twain", "fate", "curse", "left", "right"], hand(), hand("chase")])
    state.apply(Cast(3))
    play(state, "play chase h0 >1")
    lines = []
    while state.current_player == CHANCE:
        seat = state.jobs[0].seat
        card = ["twain", "fate", "curse"][len(state.buried[1])] if seat == 1 else state.chance_outcomes()[0][0].card
        lines.append(state.describe(Lose(card), list("ABCD")))   # the log's words, said before it happens
        state.apply(Lose(card))
    assert lines.count("B throws away a card at random, face down") == 3 and len(lines) == 3 + 3 + 3 + 2
    told = lines + state.to_dict()["events"] + [json.dumps(e.to_json()) for e in state.events]
    assert not any(name in text.lower() for text in told for name in ("twain", "fate", "curse"))


def test_random_discards_face_down_are_resampled_by_determinize():
    from pygame_core.hex_hex.rules import invariants
    state = _chased()
    worlds = [GAME.determinize(state, 0, random.Random(k)) for k in range(12)]
    for world in worlds:
        invariants(world)                                   # every card still accounted for
        assert _card_total(world) == DECK_SIZE
        assert world.view(0) == state.view(0)
        assert len(world.buried[1]) == 3 and world.hands[0] == state.hands[0]
    assert any(sorted(w.buried[1]) != ["curse", "fate", "twain"] for w in worlds)
    # Face-down cards came from hands, so never a card that takes effect when dealt.
    dealt = {c.id for c in CARDS if c.timing == "dealt"}
    assert not any(c in dealt for w in worlds for b in w.buried for c in b)
    # The discarder's own search keeps what it knows.
    mine = GAME.determinize(state, 1, random.Random(3))
    assert mine.buried[1] == ["twain", "fate", "curse"] and mine.hands[1] == state.hands[1]


def test_maddening_compulsion_compels_the_direction():
    state = start([["right", "dismiss", "across", "dismiss", "dismiss"], hand(), hand(), hand("madl")])
    state.apply(Cast(3))
    play(state, "play madl h0 >0")
    legal = state.legal_actions()
    assert legal == [Take(0)]         # only Turn Aside Right, which goes the wrong way
    state.apply(Take(0))
    assert state.voice[0] == 4


def test_maddening_compulsion_accepts_any_card_going_the_named_way():
    state = start([hand("left", "duck", "called", "twain", "boostl"), hand(), hand(), hand("madl")])
    state.apply(Cast(3))
    play(state, "play madl h0 >0")
    legal = {str(a) for a in state.legal_actions()}
    assert {"play left h0 >1", "play duck h0 >1", "play called h0 >1", "play twain h0 >1,3",
            "play boostl h0 >1"} <= legal
    assert "play called h0 >2" not in legal


def test_deflect_across_is_legal_on_a_maddened_hex_with_three_players():
    state = start([hand("across"), hand(), hand("madr")])
    state.apply(Cast(2))
    play(state, "play madr h0 >1")
    state = start([hand(), hand("across"), hand("madl")])
    state.apply(Cast(2))
    play(state, "play madl h0 >0")
    state = start([hand("across"), hand(), hand("madl")])
    state.apply(Cast(2))
    play(state, "play madl h0 >0")
    assert state.legal_actions()[0] == Play("across", 0, (1,))


def test_a_second_compulsion_overrides_the_first():
    state = start([hand("madr"), hand(), hand(), hand("madl")])
    state.apply(Cast(3))
    play(state, "play madl h0 >0")
    play(state, "play madr h0 >3")
    assert state.hexes[0].mad == "R"


def test_when_intended_on_a_maddened_hex_hex_hex_and_detonate_are_illegal():
    state = start([hand("hexhex"), hand(), hand(), hand("madl")])
    state.apply(Cast(3))
    play(state, "play madl h0 >0")
    assert HexHex() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Maddened"):
        state.apply(HexHex())


def test_double_back_duplicates_and_sends_both_to_the_targeter():
    state = start([hand(), hand(), hand(), hand("doubleback")])
    state.apply(Cast(3))
    play(state, "play doubleback h0 >1,1")
    assert [(h.at, h.by) for h in state.hexes] == [(1, 3), (1, 3)]


def test_escalating_obsession_grows_with_every_pass():
    state = start([hand("left"), hand("left"), ["dismiss"] * 5, hand("obsession")])
    state.apply(Cast(3))
    play(state, "play obsession h0 >0")
    play(state, "play left h0 >1")
    play(state, "play left h0 >2")
    assert state.hexes[0].esc == 2
    state.apply(Take(0))
    assert state.voice[2] == 2


def test_duck_keeps_the_original_sender_as_the_targeter():
    state = start([hand(), hand(), ["dismiss"] * 5, hand("duck")])
    state.apply(Cast(3))
    legal = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert legal == [Play("duck", 0, (0,)), Play("duck", 0, (2,))] or Play("duck", 0, (2,)) in legal
    play(state, "play duck h0 >2")
    assert state.hexes[0].by == 1
    state.apply(Take(0))
    assert state.voice[1] == 6 and state.voice[3] == 5


def test_duck_cannot_send_the_hex_to_its_sender():
    state = start([hand("duck"), hand(), hand(), hand()])
    state.apply(Cast(0))
    assert Play("duck", 0, (1,)) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Duck"):
        state.apply(Play("duck", 0, (1,)))


def test_called_shot_names_any_player():
    state = start([hand(), hand(), hand(), hand(), hand(), hand("called")])
    state.apply(Cast(5))
    assert [a.to[0] for a in state.legal_actions() if isinstance(a, Play) and a.card == "called"] == [0, 1, 2, 3, 4]


def test_charm_stops_the_charmed_player_targeting_the_charmer():
    state = start([hand("right", "left"), hand(), hand(), hand("charm")])
    state.apply(Cast(3))
    play(state, "play charm h0 >0")
    assert state.charm[0] == 3
    with pytest.raises(IllegalActionError, match="charmed"):
        state.apply(Play("right", 0, (3,)))
    assert state.legal_actions() == [Play("left", 0, (1,))]


def test_make_a_friend_make_an_enemy():
    state = start([hand(), hand(), hand(), hand("friend")])
    state.apply(Cast(3))
    with pytest.raises(IllegalActionError, match="yourself"):
        state.apply(Play("friend", 0, (3, 0)))
    play(state, "play friend h0 >2,0")
    assert state.voice[2] == 6 and state.hexes[0].at == 0


def test_blind_hex_forces_a_random_card_from_the_new_intended():
    state = start([hand("right", "across", "curse", "right", "right"), hand(), hand(), hand("blind")])
    state.apply(Cast(3))
    play(state, "play blind h0 >0")
    assert state.current_player == CHANCE
    state.apply(Pick("across"))
    assert state.hexes[0].force == "across"
    assert {a.card for a in state.legal_actions() if isinstance(a, Play)} == {"across"}


def test_fate_turns_over_a_card_that_must_answer():
    state = start([hand(), hand(), hand(), hand("fate", "right")])
    state.apply(Cast(3))
    play(state, "play fate h0")
    assert state.current_player == CHANCE
    state.apply(Draw("boostl"))
    assert state.hexes[0].force == "boostl"
    assert state.legal_actions() == [Play("boostl", 0, (0,))]


def test_theft_of_thought_takes_a_card_from_the_targeter():
    state = start([hand(), hand("chase") , hand(), hand("theft")])
    state.apply(Cast(3))
    play(state, "play theft h0")
    assert state.current_player == CHANCE
    assert dict(state.chance_outcomes())[Steal("chase")] == pytest.approx(1 / 5)
    state.apply(Steal("chase"))
    assert "chase" in state.hands[3] and len(state.hands[1]) == 4
    assert state.current_player == 3


def test_hex_sign_rock_paper_scissors_after_the_other_hexes():
    state = start([hand(), hand(), hand(), hand("sign")])
    state.apply(Cast(3))
    play(state, "play sign h0")
    assert state.phase == "sign" and state.current_player == 3
    for x in ["scissors", "scissors", "paper", "rock"]:
        state.apply(Sign(x))
    # Hex Sign scissors: seat 0 matches (+1), seat 1 paper (beaten: -2), seat 2 rock (-1)
    assert state.voice == [6, 3, 4, 5]
    assert state.last_sign.signs[3] == "scissors"


def test_hex_sign_waits_for_every_other_hex_to_go_off():
    state = start([["dismiss"] * 5, hand(), hand("sign"), hand("twain")])
    state.apply(Cast(3))
    play(state, "play twain h0 >0,2")
    while state.phase == "play":
        h = state.answering()
        state.apply(Take(h.id) if h.at == 0 else Play("sign", h.id))
    close_window(state)
    assert state.voice[0] == 4          # seat 0's Hex went off first
    assert state.phase == "sign"


def test_hex_hex_timing_own_answer_and_response_windows_not_hidden_choices():
    # Our edition's choice (written in the card reference): HEX-HEX on your own answer and in
    # every response window, not while Hex Signs or face-down answers are being chosen.
    from pygame_core.hex_hex.view import CARD_REFERENCE_HTML
    state = start([hand("hexhex"), hand(), hand(), hand("sign")])
    state.apply(Cast(3))
    state.apply(Play("sign", 0))
    assert state.phase == "window" and state.current_player == 0
    assert HexHex() in state.legal_actions()            # a response window after the play
    close_window(state)
    assert state.phase == "sign"
    state.apply(Sign("rock"))
    assert state.current_player == 0 and state.legal_actions() == [Sign(x) for x in ("rock", "paper", "scissors")]
    assert "When HEX-HEX can be played" in CARD_REFERENCE_HTML


def test_hex_hex_race_slowest_loses_three_and_the_round_ends():
    state = start([hand(), hand(), hand(), hand("hexhex")])
    state.apply(Cast(3))
    state.apply(HexHex())
    assert state.current_player == 0
    for ms in (300, 450, 350):
        state.apply(React(ms))
    assert state.voice == [5, 2, 5, 5]
    assert state.last_race.losers == (1,)
    assert state.round == 2


def test_hex_hex_race_times_are_hidden_until_everyone_reacted():
    state = start([hand(), hand(), hand(), hand("hexhex")])
    state.apply(Cast(3))
    state.apply(HexHex())
    state.apply(React(250))
    assert state.view(1)["race"]["done"] == [0] and state.view(1)["race"]["mine"] is None
    assert "250" not in json.dumps(state.view(1)["race"])


def test_hex_hex_out_of_turn_dismisses_every_hex_and_nobody_gains():
    state = start([hand("hexhex"), hand(), hand(), hand("twain")])
    state.apply(Cast(3))
    state.apply(Play("twain", 0, (0, 2)))
    state.apply(HexHex())
    assert state.hexes == [] and state.phase == "race"
    for ms in (500, 500, 100):
        state.apply(React(ms))
    assert state.voice == [5, 2, 2, 5]


def test_hex_hex_cannot_be_played_before_the_cast():
    state = GAME.new(3)
    state.apply(Dealer(0))
    deal(state, [hand("hexhex"), hand(), hand()])
    assert HexHex() not in state.legal_actions()


def test_deception_plays_face_down_and_a_challenge_of_the_truth_costs_three():
    state = start([hand("left"), hand(), hand(), ["deception", "right", "right", "right", "right"]])
    assert state.deceive[3]
    state.apply(Cast(3))
    assert Play("left", 0, (0,), "right") in state.legal_actions()
    state.apply(Play("right", 0, (2,), "right"))
    assert state.view(0)["pending"][0].get("real") is None
    assert state.view(3)["pending"][0]["real"] == "right"
    state.apply(Pass())       # seat 0
    state.apply(Challenge())  # seat 1
    close_window(state)
    assert state.voice[1] == 2 and state.hexes[0].at == 2


def test_deception_caught_lying_is_hexed_for_six():
    state = start([hand(), hand(), hand(), ["deception", "dismiss", "dismiss", "right", "right"]])
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,), "right"))
    state.apply(Challenge())  # seat 0
    close_window(state)
    assert state.voice[3] == -1 and state.voice[1] == 6


def test_deception_unchallenged_bluff_takes_the_named_effect():
    state = start([hand(), hand(), hand(), ["deception", "curse", "curse", "right", "right"]])
    state.apply(Cast(3))
    state.apply(Play("boostl", 0, (0,), "curse"))
    close_window(state)
    assert state.hexes[0].boost == 1 and state.buried[3] == ["curse"]
    assert "curse" not in state.view(0)["table"]


def test_ward_stops_hex_losses_for_the_round():
    state = start([hand(), hand(), hand(), ["ward"] + ["dismiss"] * 4])
    assert state.ward[3]
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.voice[3] == 5 and state.voice[1] == 6


def test_laying_down_tricks_takes_the_two_latest_discards():
    state = GAME.new(3)
    state.apply(Dealer(0))
    state.discard = ["right", "called", "twain"]
    deal(state, [hand(), hand("tricks"), hand()])
    assert "called" in state.hands[1] and "twain" in state.hands[1]
    assert state.discard == ["right"]


def test_marked_man_draws_three_but_never_above_seven():
    state = GAME.new(3)
    state.apply(Dealer(0))
    deal(state, [hand(), hand("marked") + ["right"] * 3, hand()])
    assert len(state.hands[1]) == 7


def test_eradicate_ends_a_standing_effect():
    state = start([hand("eradicate"), hand(), hand(), ["ward", "left", "left", "left", "left"]])
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,)))
    assert Eradicate("ward", 3) in state.legal_actions()
    state.apply(Eradicate("ward", 3))
    close_window(state)
    assert not state.ward[3]


# -- play only when HEXED ------------------------------------------------------------------------
def test_curse_costs_two_more():
    state = start([hand(), hand(), hand(), ["curse"] * 5])
    state.apply(Cast(3))
    assert state.legal_actions() == [Take(0)]
    state.apply(Take(0))
    assert state.voice[3] == 2 and "curse" in state.discard


def test_what_the_hex_takes_one_from_everyone_else():
    state = start([hand(), hand(), hand(), ["whatthehex"] + ["dismiss"] * 4])
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.voice == [4, 4, 4, 8]


def test_spite_sacrifices_to_make_a_target_lose_double():
    state = start([hand(), hand(), hand(), ["spite"] + ["dismiss"] * 4])
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.phase == "spite" and state.voice[3] == 4
    state.apply(Spite(2, 0))
    assert state.voice[3] == 2 and state.voice[0] == 1


def test_level_cancels_the_hex_and_trims_the_leader():
    state = start([hand(), hand(), hand(), ["level"] + ["dismiss"] * 4])
    state.voice = [5, 7, 5, 5]
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.voice == [5, 6, 5, 6]


def test_one_when_hexed_card_per_hex_chosen_by_the_player():
    state = start([hand(), hand(), hand(), ["curse", "level", "dismiss", "dismiss", "dismiss"]])
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.legal_actions() == [Suffer("curse"), Suffer("level")]
    state.apply(Suffer("level"))
    assert state.voice == [4, 4, 4, 6]


def test_when_hexed_cards_cannot_be_played_as_an_answer():
    state = start([hand(), hand(), hand(), hand("curse")])
    state.apply(Cast(3))
    with pytest.raises(IllegalActionError, match="only when a Hex goes off"):
        state.apply(Play("curse", 0))


# -- FAQ rulings ------------------------------------------------------------------------------
def test_faq_null_cancels_maddening_compulsion_as_it_is_played():
    state = start([hand("null"), hand(), hand(), hand("madl")])
    state.apply(Cast(3))
    state.apply(Play("madl", 0, (0,)))
    state.apply(Null(0))
    close_window(state)
    assert state.hexes[0].at == 3 and state.hexes[0].mad == ""


def test_faq_null_cannot_be_played_on_your_turn_against_a_maddened_hex():
    state = start([hand("null", "right"), hand(), hand(), hand("madl")])
    state.apply(Cast(3))
    play(state, "play madl h0 >0")
    assert Play("null", 0) not in state.legal_actions()


def test_faq_blind_hex_discards_an_illegal_card_and_pulls_another():
    state = start([["curse", "dismiss", "right", "right", "right"], hand(), hand(), hand("blind")])
    state.apply(Cast(3))
    play(state, "play blind h0 >0")
    state.apply(Pick("curse"))           # could pass, so Curse is thrown away
    assert "curse" in state.discard and state.current_player == CHANCE
    state.apply(Pick("dismiss"))         # Dismiss cannot be a first card: thrown away
    state.apply(Pick("right"))
    assert state.hexes[0].force == "right"


def test_faq_blind_hex_with_no_legal_card_leaves_the_player_hexed():
    state = start([["curse"] * 5, hand(), hand(), hand("blind")])
    state.apply(Cast(3))
    play(state, "play blind h0 >0")
    assert state.current_player == 0 and state.legal_actions() == [Take(0)]


def test_faq_blind_hex_illegal_pass_to_a_charmer_is_discarded():
    state = start([["right", "left", "curse", "curse", "curse"], hand(), hand("blind"), hand()])
    state.charm[0] = 3                   # seat 0 may not target seat 3, its right neighbour
    state.apply(Cast(2))
    play(state, "play blind h0 >0")
    state.apply(Pick("right"))
    assert "right" in state.discard and state.current_player == CHANCE
    state.apply(Pick("left"))
    assert state.hexes[0].force == "left"


def test_faq_fate_drawing_a_pass_card_plays_it():
    state = start([hand(), hand(), hand(), ["fate"] + ["curse"] * 4])
    state.apply(Cast(3))
    play(state, "play fate h0")
    state.apply(Draw("right"))
    assert state.legal_actions() == [Play("right", 0, (2,))]


def test_faq_fate_drawing_a_when_hexed_card_leaves_you_hexed():
    state = start([hand(), hand(), hand(), ["fate"] + ["dismiss"] * 4])
    state.apply(Cast(3))
    play(state, "play fate h0")
    state.apply(Draw("curse"))
    assert state.legal_actions() == [Take(0)]
    state.apply(Take(0))
    assert state.voice[3] == 2


def test_faq_fate_drawing_make_a_friend_with_no_allowed_enemy_is_hexed():
    state = start([hand(), hand(), hand(), ["fate"] + ["dismiss"] * 4])
    state.apply(Cast(3))
    state.hexes[0].mad = "L"
    state.charm[3] = 0            # the only enemy a left Compulsion allows is the charmer
    play(state, "play fate h0")
    state.apply(Draw("friend"))
    assert state.legal_actions() == [Take(0)]


def test_faq_fate_drawing_null_cancels_the_card_that_sent_the_hex():
    state = start([hand(), hand(), hand("left"), ["fate"] + ["curse"] * 4])
    state.apply(Cast(2))
    play(state, "play left h0 >3")
    play(state, "play fate h0")
    state.apply(Draw("null"))
    play(state, "play null h0")
    assert state.hexes[0].at == 2


def test_faq_fate_drawing_ward_protects_you():
    state = start([hand(), hand(), hand(), ["fate"] + ["curse"] * 4])
    state.apply(Cast(3))
    play(state, "play fate h0")
    state.apply(Draw("ward"))
    assert state.ward[3] and state.legal_actions() == [Take(0)]
    state.apply(Take(0))
    assert state.voice[3] == 5


def test_faq_fate_drawing_deception_leaves_no_card_to_pass():
    state = start([hand(), hand(), hand(), ["fate"] + ["curse"] * 4])
    state.apply(Cast(3))
    play(state, "play fate h0")
    state.apply(Draw("deception"))
    assert state.deceive[3]
    # Only Curses are left: the bluff is possible but Take is too.
    assert Take(0) in state.legal_actions()


def test_faq_fate_drawing_marked_man_gives_cards_to_use_at_once():
    state = start([hand(), hand(), hand(), ["fate"] + ["curse"] * 4])
    state.apply(Cast(3))
    play(state, "play fate h0")
    state.apply(Draw("marked"))
    for card in ("left", "right", "right"):
        state.apply(Draw(card))
    assert Play("left", 0, (0,)) in state.legal_actions()


def test_faq_fate_drawing_laying_down_tricks_gives_cards_to_use_at_once():
    state = start([hand(), hand(), hand(), ["fate"] + ["curse"] * 4])
    state.discard = ["right", "across"]
    state.apply(Cast(3))
    play(state, "play fate h0")
    state.apply(Draw("tricks"))
    assert {"right", "across"} <= set(state.hands[3])
    assert Play("right", 0, (2,)) in state.legal_actions()


def test_faq_charm_forced_last_card_at_the_charmer_is_hexed():
    state = start([["fate", "curse", "curse", "curse", "curse"], hand(), hand(), hand("charm")])
    state.apply(Cast(3))
    play(state, "play charm h0 >0")
    play(state, "play fate h0")
    state.apply(Draw("right"))     # Turn Aside Right from seat 0 goes to seat 3, the charmer
    assert state.legal_actions() == [Take(0)]


def test_faq_duck_attribution_with_double_back():
    # Alice (0) passes to Bob (1), who Ducks on to Carol (2): Alice is still the sender.
    state = start([hand("left"), hand("duck"), ["dismiss"] * 5, hand()], dealer=2)
    state.apply(Cast(0))
    play(state, "play left h0 >1")
    play(state, "play duck h0 >2")
    assert state.hexes[0].by == 0
    goes_off = state.clone()
    goes_off.apply(Take(0))
    assert goes_off.voice[0] == 6 and goes_off.voice[1] == 5
    # If Carol Doubles Back, both copies go to Alice.
    state.hands[2] = ["doubleback"]
    play(state, "play doubleback h0 >0,0")
    assert [(h.at, h.by) for h in state.hexes] == [(0, 2), (0, 2)]


def test_faq_ward_against_each_kind_of_loss():
    # a Hex, HEX-HEX, What the Hex, Hex Sign and Spite cannot hurt a Warded player
    state = start([hand(), hand(), hand(), ["ward"] + ["hexhex"] + ["dismiss"] * 3])
    state.apply(Cast(0))
    state.hands[0] = ["hexhex"]
    state.jobs[0] = Answering()
    state.apply(HexHex())
    for ms in (100, 100, 900):
        state.apply(React(ms))
    assert state.voice[3] == 5

    # What the Hex Up With That?: the Warded player loses nothing, so gives nothing.
    state = start([hand(), hand(), hand(), ["whatthehex"] + ["dismiss"] * 4])
    state.ward[0] = True
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.voice == [5, 4, 4, 7]
    # Hex Sign: a Warded loser keeps its Voice.
    state = start([hand(), hand(), hand(), hand("sign")])
    state.ward[1] = True
    state.apply(Cast(3))
    play(state, "play sign h0")
    for x in ["rock", "paper", "paper", "rock"]:
        state.apply(Sign(x))
    assert state.voice == [4, 5, 6, 5]
    # Spite cannot target a Warded player, but a Warded player's own sacrifice is not covered.
    state = start([hand(), hand(), hand(), ["spite"] + ["dismiss"] * 4])
    state.ward[0] = True
    state.ward[3] = True
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.voice[3] == 5
    assert all(a.target != 0 for a in state.legal_actions())
    state.apply(Spite(1, 2))
    assert state.voice[3] == 4 and state.voice[2] == 3


# -- Laying Down the Law -------------------------------------------------------------------------
def _play_to_law(seed=1):
    rng = random.Random(seed)
    state = GAME.new(3, series=2)
    while state.phase != "law":
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def test_laying_down_the_law_winner_picks_a_law_and_a_new_game_starts():
    state = _play_to_law()
    winner = state.current_player
    assert state.wins[winner] == 1
    first = state.first_dealer
    assert Law("ban-curse") in state.legal_actions() and Law("strike") in state.legal_actions()
    state.apply(Law("ban-curse"))
    assert state.game_no == 2 and state.voice == [5, 5, 5] and state.round == 1
    assert state.dealer == (first + 1) % 3 and state.first_dealer == (first + 1) % 3
    assert state.deck["curse"] == 0 and sum(state.deck.values()) + sum(map(len, state.hands)) == 92
    assert state.view(0)["laws"][0]["code"] == "ban-curse"


def test_law_series_winner_is_who_won_most_games():
    rng = random.Random(5)
    state = GAME.new(3, series=2)
    while not state.is_over:
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert sum(state.wins) >= 2
    assert state.winners == [s for s in range(3) if state.wins[s] == max(state.wins)]


def _play_until(state, rng, stop):
    while not stop(state):
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice([a for a in state.legal_actions() if not isinstance(a, Law)]))


def test_laying_down_the_law_series_of_one_two_three_or_five_games():
    assert GAME.options["series"].choices == (1, 2, 3, 5) and GAME.options["series"].default == 1
    for n in (1, 2, 3, 5):
        state = GAME.new(4, series=n)
        assert state.view(0)["series"] == n and state.view(0)["game_no"] == 1
    with pytest.raises(ValueError):
        GAME.new(4, series=4)


def test_laying_down_the_law_laws_add_up_and_the_first_dealer_moves_left_each_game():
    rng = random.Random(11)
    state = GAME.new(3, series=5)
    chosen = ["ban-curse", "gag", "hoarder", "cancel-gag"]
    firsts = []
    for game_no in range(1, 6):
        _play_until(state, rng, lambda s: s.phase in ("law", "cast", "over"))
        if state.phase == "cast":       # a new game has just been dealt: who dealt first?
            firsts.append(state.first_dealer)
            assert state.dealer == state.first_dealer and state.caster == (state.first_dealer + 1) % 3
            _play_until(state, rng, lambda s: s.phase in ("law", "over"))
        if game_no == 5:
            break
        assert state.game_no == game_no and sum(state.wins) >= game_no
        state.apply(Law(chosen[game_no - 1]))
        assert state.game_no == game_no + 1 and state.voice == [5, 5, 5] and state.round == 1
    assert state.is_over and state.game_no == 5 and sum(state.wins) >= 5
    # Laws add up; a cancel takes back an earlier one.
    assert state.laws == ["ban-curse", "hoarder"]
    assert firsts == [(firsts[0] + k) % 3 for k in range(5)]
    assert state.winners == [s for s in range(3) if state.wins[s] == max(state.wins)]


def test_laying_down_the_law_the_table_shows_game_n_of_m_and_the_laws_in_force():
    from pygame_core.hex_hex.view import render
    rng = random.Random(4)
    state = GAME.new(3, series=3)
    _play_until(state, rng, lambda s: s.phase == "law")
    winner = state.current_player
    waiting = render(state.view((winner + 1) % 3), {}, list("ABC"))
    assert "laying down a law" in waiting
    state.apply(Law("ban-curse"))
    _play_until(state, rng, lambda s: s.phase == "law")
    state.apply(Law("strike"))
    out = render(state.view(0), {}, list("ABC"))
    assert "Game 3 of 3" in out and 'aria-label="Laws in force"' in out
    assert "Banned: Curse" in out and "Strike back" in out and state.deck["curse"] == 0
    _play_until(state, rng, lambda s: s.is_over)
    assert "Games won: A " in render(state.view(0), {}, list("ABC"))


def test_law_strike_back_lets_the_hexed_name_a_victim():
    state = start([hand(), hand(), hand(), ["dismiss"] * 5])
    state.laws = ["strike"]
    state.apply(Cast(3))
    state.apply(Take(0))
    assert state.phase == "strike" and state.current_player == 3
    state.apply(Strike(0))
    assert state.voice[0] == 4


def test_law_no_pointing_taxes_cards_that_name_a_target():
    state = start([hand(), hand(), hand(), hand("across", "called")])
    state.laws = ["pointing"]
    state.apply(Cast(3))
    play(state, "play called h0 >2")
    assert state.voice[3] == 4


def test_law_gag_rule_silences_players_at_zero_voice():
    state = start([hand("null"), hand(), hand(), hand("left")])
    state.laws = ["gag"]
    state.voice[0] = 0
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,)))
    assert state.current_player == 0 and state.legal_actions() == [Pass()]


def test_law_no_hoarding_costs_a_voice_at_round_end():
    state = start([hand(), hand(), hand(), ["dismiss"] * 5])
    state.laws = ["hoarder"]
    state.apply(Cast(3))
    state.apply(Take(0))
    # everyone still held 5 (seat 3: 5) cards
    assert state.voice == [4, 5, 4, 3]


def test_law_cancel_removes_an_earlier_law():
    state = _play_to_law()
    state.laws = ["gag"]
    assert Law("cancel-gag") in state.legal_actions()
    state.apply(Law("cancel-gag"))
    assert state.laws == []


# -- bad input -------------------------------------------------------------------------------
def test_bad_input_raises_illegal_action_error_with_a_reason():
    state = start([hand("detonate"), hand(), hand(), hand("curse", "detonate")])
    state.apply(Cast(3))
    with pytest.raises(IllegalActionError, match="response window"):
        state.apply(Play("detonate", 0))
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply(Play("twain", 0, (0, 2)))
    with pytest.raises(IllegalActionError, match="must play it"):
        state.apply(Take(0))
    with pytest.raises(IllegalActionError, match="response window"):
        state.apply(Pass())
    with pytest.raises(IllegalActionError, match="not a HEX-HEX XL action"):
        GAME.parse_action("play banana h0")
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(Cast(0))
    assert state.to_json() == before


def test_acting_out_of_turn_is_refused():
    match = Match.start(GAME, 4, seed="x")
    while match.state.phase != "cast":
        match.play(match.state.legal_actions()[0])
    caster = match.state.current_player
    with pytest.raises(IllegalActionError, match="not seat"):
        match.play(Cast(caster), seat=(caster + 1) % 4)


def test_notation_reads_back():
    for text in ["play left h0 >1", "play twain h3 >0,2", "play friend h0 >2,0 real=curse", "hexed h2",
                 "cast 1", "dealer 0", "pass", "null 2", "detonate 1", "eradicate ward 3", "challenge",
                 "hexhex", "react 350", "sign rock", "suffer curse", "spite 2 >1", "spite 0", "strike 2",
                 "law ban-curse", "draw null", "lose left", "pick right", "steal fate"]:
        assert str(GAME.parse_action(text)) == text


# -- hidden information, saves and invariants -----------------------------------------------------
def _card_total(state):
    # face-down answers of a volley stay in their hands until the reveal
    return (sum(state.deck.values()) + len(state.discard) + sum(map(len, state.buried))
            + sum(map(len, state.hands)) + len(state.table))


def test_no_card_is_ever_lost_or_made_up():
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new(3 + seed % 4)
        while not state.is_over:
            assert _card_total(state) == DECK_SIZE
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply(rng.choice(state.legal_actions()))


def test_a_view_shows_only_that_seats_hand_and_never_the_deck_order():
    state = start([hand("null"), hand("twain"), hand("fate"), hand("chase")])
    v = state.view(0)
    assert "null" in v["hand"] and v["hand_sizes"] == [5, 5, 5, 5]
    text = json.dumps(v)
    for secret in ("twain", "fate", "chase"):
        assert secret not in text
    assert isinstance(v["deck"], int)
    assert state.view(None)["hand"] == []


def test_determinize_keeps_the_seats_view_and_the_card_count():
    state = start([hand("null"), hand("twain"), hand("fate"), hand("chase")])
    state.apply(Cast(3))
    for k in range(5):
        world = GAME.determinize(state, 0, random.Random(k))
        assert world.view(0) == state.view(0)
        assert _card_total(world) == DECK_SIZE
        assert world.hands[0] == state.hands[0]


def test_save_round_trip():
    state = start([hand("null"), hand("twain"), hand("fate"), hand("chase")])
    state.apply(Cast(3))
    again = GAME.from_json(state.to_json())
    assert again == state and again.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError):
        GAME.from_json('{"game": "hex-hex", "state": {"players": 9}}')


def test_describe_never_names_a_drawn_or_face_down_card():
    state = GAME.new(3)
    state.apply(Dealer(0))
    assert "Null" not in state.describe(Draw("null"), ["A", "B", "C"])
    state = start([hand(), hand(), hand(), ["deception", "curse", "right", "right", "right"]])
    state.apply(Cast(3))
    text = state.describe(Play("left", 0, (0,), "curse"), list("ABCD"))
    assert "Curse" not in text and "face down" in text


# -- view and bots --------------------------------------------------------------------------------
def test_render_shows_the_table_the_hand_with_timing_and_the_prompts():
    from pygame_core.hex_hex.view import CARD_REFERENCE_HTML, RULES_HTML, render
    state = start([hand("null"), hand(), hand(), hand("boostl", "curse")])
    state.apply(Cast(3))
    names = ["<b>Ann</b>", "Bo", "Cy", "Di"]
    out = render(state.view(3), {}, names)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in out and "<b>Ann</b>" not in out
    assert 'data-ui="card=boostl;claim="' in out and "Only when HEXED" in out
    assert 'data-action="play boostl h0 &gt;0"' in render(state.view(3), {"card": "boostl"}, names)
    assert "hx-hex" in out and "Voice 5" in out
    state.apply(Play("boostl", 0, (0,)))
    window = render(state.view(0), {}, names)
    assert 'data-action="pass"' in window and 'data-action="null 0"' in window and "data-countdown" in window
    for card in CARDS:
        assert card.name in CARD_REFERENCE_HTML
    assert "HEX-HEX" in RULES_HTML


def test_response_window_hook_gives_the_same_public_facts_to_every_seat():
    from pygame_core.hex_hex.view import response_window
    state = start([hand("null"), hand(), hand(), hand("boostl", "curse")])
    names = list("ABCD")
    assert response_window(state.view(None), names) is None          # casting: no window
    state.apply(Cast(3))
    assert response_window(state.view(None), names) is None          # answering: no window
    state.apply(Play("boostl", 0, (0,)))
    window = response_window(state.view(None), names)
    assert window is not None and window["waiting"] == [0, 1, 2] and window["pass"] == "pass"
    assert window["played"] == ["D: Boost Left → A"]
    assert all(response_window(state.view(s), names) == window for s in range(4))
    state.apply(Pass())                                               # a pass: same window
    after = response_window(state.view(None), names)
    assert after is not None and after["key"] == window["key"] and after["waiting"] == [1, 2]
    responded = start([hand("null"), hand("null"), hand(), hand("boostl")])
    responded.apply(Cast(3))
    responded.apply(Play("boostl", 0, (0,)))
    first = response_window(responded.view(None), names)
    responded.apply(Null(0))                                          # a response: a new lap
    again = response_window(responded.view(None), names)
    assert again is not None and first is not None and again["key"] != first["key"]
    assert again["waiting"] == [1, 2, 3]


def test_render_race_prompt_and_face_down_commitments():
    from pygame_core.hex_hex.view import render
    state = start([hand("right"), hand(), hand("left"), hand("twain")])
    state.apply(Cast(3))
    play(state, "play twain h0 >0,2")
    state.apply(Play("left", 1, (3,)))
    out = render(state.view(0), {}, list("ABCD"))
    assert "hx-facedown" in out
    race = start([hand(), hand(), hand(), hand("hexhex")])
    race.apply(Cast(3))
    race.apply(HexHex())
    assert "data-race" in render(race.view(0), {}, list("ABCD"))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_choose_legal_actions(level):
    from pygame_core.hex_hex.bots import make_bot
    bot = make_bot(level, seed=3, iterations=6) if level == "hard" else make_bot(level, seed=3)
    match = Match.start(GAME, 4, seed="bots")
    for _ in range(60):
        if match.state.is_over:
            break
        seat = match.state.current_player
        action = bot.choose(match.state, seat)
        assert action in match.state.legal_actions()
        match.play(action, seat)


def test_hard_bot_is_deterministic_and_thinks_in_slices():
    from pygame_core.hex_hex.bots import make_bot
    state = start([hand(), hand(), hand(), hand("boostl", "twain", "called", "chase")])
    state.apply(Cast(3))
    picks = [make_bot("hard", seed=7, iterations=12).choose(state.clone(), 3) for _ in range(2)]
    assert picks[0] == picks[1]
    steps = list(make_bot("hard", seed=7, iterations=12).think(state.clone(), 3))
    assert steps.count(None) >= 6 and steps[-1] == picks[0]


def test_the_intended_of_a_maddened_hex_cannot_detonate_or_hex_hex_out_of_turn():
    state = start([hand("hexhex", "left", "detonate"), hand(), hand("left"), hand("madl", "twain")])
    state.apply(Cast(3))
    play(state, "play twain h0 >0,2")
    # seat 2 answers first (seat order from the caster's left), then seat 0
    state.apply(Play("left", 1, (3,)))
    state.hexes[0].mad = "L"          # seat 0 is now the Intended of a Maddened Hex
    state.apply(Play("left", 0, (1,)))
    while state.current_player != 0:
        state.apply(Pass())
    assert state.legal_actions() == [Pass()]


def test_a_player_without_cards_may_still_challenge_a_deception():
    state = start([hand(), hand(), hand(), ["deception", "right", "right", "right", "right"]])
    state.hands[0] = []
    state.apply(Cast(3))
    state.apply(Play("left", 0, (0,), "right"))
    assert state.current_player == 0 and Challenge() in state.legal_actions()


def test_six_hex_tokens_and_eight_markers_limit_the_cards():
    state = start([hand(), hand(), hand(), hand("twain", "boostl")])
    state.apply(Cast(3))
    hx = state.hexes[0]
    state.hexes = [replace(hx, id=i, at=(3 if i == 0 else 1)) for i in range(6)]
    state.next_hex = 6
    state.jobs[0] = Answering()
    # six Hexes out: Twain is refused, Boost is fine
    state.hexes = [replace(hx, id=0)]
    for i in range(1, 6):
        state.hexes.append(replace(hx, id=i, at=1))
    state.commits = {i: Taken(1, i) for i in range(1, 6)}
    assert state.answering().id == 0
    assert not any(isinstance(a, Play) and a.card == "twain" for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="six Hex tokens"):
        state.apply(Play("twain", 0, (0, 2)))
    state.hexes[1].boost = 8
    assert not any(isinstance(a, Play) and a.card == "boostl" for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="Enhanced tokens"):
        state.apply(Play("boostl", 0, (0,)))


def test_theft_from_an_empty_hand_draws_from_the_deck_instead():
    state = start([hand(), hand(), hand(), hand("theft")])
    state.apply(Cast(3))
    state.hands[1] = []
    play(state, "play theft h0")
    assert state.phase == "draw" and state.current_player == CHANCE


def test_hex_hex_tie_for_slowest_costs_each_of_them():
    state = start([hand(), hand(), hand(), hand("hexhex")])
    state.apply(Cast(3))
    state.apply(HexHex())
    for ms in (600, 600, 200):
        state.apply(React(ms))
    assert state.voice == [2, 2, 5, 5] and state.last_race.losers == (0, 1)


def test_twain_cannot_send_a_copy_to_the_player_who_charmed_you():
    state = start([hand("twain", "right"), hand(), hand(), hand("charm")])
    state.apply(Cast(3))
    play(state, "play charm h0 >0")
    assert not any(isinstance(a, Play) and a.card == "twain" for a in state.legal_actions())


def test_bad_saves_are_refused():
    state = start([hand(), hand(), hand()])
    data = json.loads(state.to_json())
    data["state"]["jobs"] = [["explode"]]
    with pytest.raises(ValueError, match="unknown step"):
        GAME.from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["state"]["hands"][0] = ["banana"]
    with pytest.raises(ValueError):
        GAME.from_json(json.dumps(data))


def test_keyboard_digits_pick_a_playable_card_and_escape_clears():
    from pygame_core.hex_hex.view import handle_key, render
    state = start([hand(), hand(), hand(), ["curse", "boostl", "right", "twain", "dismiss"]])
    state.apply(Cast(3))
    view = state.view(3)
    ui = handle_key("2", view, {})
    assert ui == {"card": "right"}          # boostl, right, twain are playable (hand order)
    assert 'data-action="play right h0 &gt;2"' in render(view, ui, list("ABCD"))
    assert handle_key("Escape", view, ui) == {}
    assert handle_key("9", view, {}) is None


def test_once_a_detonate_is_played_only_the_detonate_can_be_nulled():
    state = start([hand("right", "detonate"), hand("null"), ["dismiss"] * 5, hand("right")])
    state.apply(Cast(0))
    play(state, "play right h0 >3")          # 0 -> 3
    state.apply(Play("right", 0, (2,)))     # 3 -> 2; window: 0, 1, 2
    state.apply(Detonate(2))                # seat 0; window restarts after seat 0: 1, 2, 3
    with pytest.raises(IllegalActionError, match="last card played"):
        state.apply(Null(0))                # the Turn Aside is no longer the last card
    state.apply(Null(1))                    # seat 1 cancels the Detonate: the Hex arrives
    close_window(state)
    assert state.voice == [5, 5, 5, 5] and state.hexes[0].at == 2


def test_determinize_rechooses_other_seats_face_down_answers():
    state = start([hand("right"), hand(), ["left", "across", "called", "boostl", "duck"], hand("twain")])
    state.apply(Cast(3))
    play(state, "play twain h0 >0,2")
    state.apply(Play("called", 1, (1,)))          # seat 2 commits face down
    seen = set()
    for k in range(12):
        world = GAME.determinize(state, 0, random.Random(k))
        assert world.view(0) == state.view(0)
        assert _card_total(world) == DECK_SIZE
        seen.add(world.commits[1].card)
    assert len(seen) > 1                           # seat 0 cannot know what seat 2 readied


def test_a_face_down_answer_changes_nothing_others_can_see_until_the_reveal():
    state = start([hand("right"), hand(), hand("left"), hand("twain")])
    state.apply(Cast(3))
    play(state, "play twain h0 >0,2")
    before = state.view(1)
    state.apply(Play("left", 1, (3,)))            # seat 2 readies a card
    after = state.view(1)
    assert after["hand_sizes"] == before["hand_sizes"] and after["played"] == before["played"]
    assert after["voice"] == before["voice"] and after["table"] == before["table"]


def test_a_card_readied_face_down_cannot_be_used_again_in_the_same_volley():
    state = start([hand(), hand(), hand(), ["deception", "hexhex", "dismiss", "dismiss", "dismiss"]])
    state.apply(Cast(3))
    state.hexes.append(replace(state.hexes[0], id=1))      # two Hexes on seat 3
    state.next_hex = 2
    state.apply(Play("twain", 0, (0, 2), "hexhex"))     # bluffs with HEX-HEX face down
    assert HexHex() not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(HexHex())


def test_view_marks_a_card_readied_face_down():
    from pygame_core.hex_hex.view import render
    state = start([hand(), ["left", "right", "curse", "curse", "curse"], hand("doubleback"), hand()])
    state.apply(Cast(2))
    play(state, "play doubleback h0 >1,1")
    state.apply(Play("left", 0, (2,)))
    assert state.view(1)["readied"] == ["left"] and state.view(0)["readied"] == []
    assert "Readied face down" in render(state.view(1), {}, list("ABCD"))
