"""Hack & Slash: one test per rule, with forced dice and reveals."""

from __future__ import annotations

import itertools
import re

import pytest

from pygame_core import CHANCE, IllegalActionError, Match, get_game
from pygame_core.hack_and_slash.components import BRAG, QUESTS, QUESTS_BY_ID
from pygame_core.hack_and_slash.odds import success_chance
from pygame_core.hack_and_slash.rules import Go, Pass, Quit, Rescue, Reroll, Reveal, Roll

GAME = get_game("hack-and-slash")


def setup(players: int = 3, face_up=("rats", "warrens", "dragon")):
    """A game after set-up with chosen face-up quests."""
    state = GAME.new(players)
    for q in face_up:
        state.apply(Reveal(q))
    return state


def test_each_player_starts_with_eight_adventurers_at_home():
    state = setup(4)
    assert state.home == [8, 8, 8, 8]
    assert state.tavern == 0


def test_two_players_is_an_option_and_three_to_six_as_published():
    for n in range(2, 7):
        assert GAME.new(n).players == n
    for n in (1, 7):
        with pytest.raises(ValueError):
            GAME.new(n)


def test_deck_is_brag_plus_twenty_quests_with_one_to_three_dice():
    assert len(QUESTS) == 20 and BRAG.id not in {q.id for q in QUESTS}
    assert all(1 <= q.challenge <= 3 for q in (BRAG, *QUESTS))
    assert all(q.flavour.endswith(".") and q.name for q in (BRAG, *QUESTS))
    assert any(q.exact for q in QUESTS) and any(q.recruit for q in QUESTS)


def test_rewards_follow_risk_and_no_card_dominates_another():
    def value(q):
        return q.points + q.recruit

    cards = list(QUESTS)
    for a, b in itertools.permutations(cards, 2):
        at_least = (a.challenge <= b.challenge and success_chance(a) >= success_chance(b)
                    and success_chance(a, True) >= success_chance(b, True) and value(a) >= value(b))
        strictly = (a.challenge < b.challenge or success_chance(a) > success_chance(b)
                    or value(a) > value(b))
        assert not (at_least and strictly), f"{a.name} dominates {b.name}"
    # The riskier a card (adventurers expected to be lost), the more it is worth, on the whole.
    risk = [q.challenge * (1 - success_chance(q)) for q in cards]
    worth = [value(q) for q in cards]
    n = len(cards)
    mr, mw = sum(risk) / n, sum(worth) / n
    cov = sum((r - mr) * (w - mw) for r, w in zip(risk, worth))
    sr = sum((r - mr) ** 2 for r in risk) ** 0.5
    sw = sum((w - mw) ** 2 for w in worth) ** 0.5
    assert cov / (sr * sw) > 0.6


def test_setup_turns_brag_and_three_quests_face_up_by_chance():
    state = GAME.new(3)
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 20 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    for q in ("rats", "toll", "wisp"):
        state.apply(Reveal(q))
    assert state.available() == ["brag", "rats", "toll", "wisp"]
    assert state.current_player == 0
    assert len(state.pile) == 17


def test_a_turn_sends_the_challenge_and_rolls_that_many_dice():
    state = setup()
    state.apply(Go("warrens"))
    assert state.home[0] == 6
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert all(len(a.dice) == 2 for a, _ in outcomes)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12


def test_you_can_only_choose_a_quest_you_can_staff():
    state = setup(face_up=("rats", "warrens", "dragon"))
    state.home[0] = 2
    assert Go("dragon") not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="needs 3 adventurers and only 2"):
        state.apply(Go("dragon"))
    with pytest.raises(IllegalActionError, match="not a face-up quest"):
        state.apply(Go("kraken"))


def test_success_returns_the_party_scores_the_card_and_reveals_a_replacement():
    state = setup()
    state.apply(Go("warrens"))          # 2 dice, 7+, 2 points and a recruit
    state.apply(Roll((4, 3)))
    assert state.home[0] == 8 + 1
    assert state.scored[0] == ["warrens"] and state.scores[0] == 2
    assert "warrens" not in state.face_up
    assert state.current_player == CHANCE  # the replacement is turned over
    state.apply(Reveal("kraken"))
    assert state.face_up == ["rats", "dragon", "kraken"]
    assert state.current_player == 1


def test_exact_goals_need_exactly_that_total():
    state = setup(face_up=("balance", "rats", "toll"))  # exactly 7
    state.apply(Go("balance"))
    state.apply(Roll((6, 2)))
    assert state.phase == "failed"


def test_brag_at_the_tavern_stays_scores_nothing_and_recruits():
    state = setup()
    state.apply(Go("brag"))
    state.apply(Roll((5,)))
    assert state.home[0] == 9 and state.scores[0] == 0 and state.scored[0] == []
    assert "brag" in state.available()
    assert state.current_player == 1  # no replacement needed


def test_failure_then_quit_sends_the_party_to_the_tavern():
    state = setup()
    state.apply(Go("dragon"))
    state.apply(Roll((2, 2, 1)))
    assert state.current_player == 0 and set(state.legal_actions()) == {Quit(), Rescue(2), Rescue(1)}
    state.apply(Quit())
    assert state.home[0] == 5 and state.tavern == 3 and "dragon" in state.face_up
    assert state.current_player == 1


def test_rescue_adds_one_adventurer_and_rerolls_exactly_the_chosen_die():
    state = setup()
    state.apply(Go("warrens"))
    state.apply(Roll((5, 1)))
    state.apply(Rescue(1))
    assert state.home[0] == 5 and state.dice == (5,)
    assert state.current_player == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [Reroll(f) for f in range(1, 7)]
    state.apply(Reroll(2))              # 5 + 2 = 7: success
    assert state.home[0] == 8 + 1       # all three home, plus the recruit
    assert state.scored[0] == ["warrens"]


def test_a_failed_rescue_sends_everyone_rescuer_too_to_the_tavern():
    state = setup()
    state.apply(Go("warrens"))
    state.apply(Roll((3, 1)))
    state.apply(Rescue(3))
    state.apply(Reroll(2))              # 2 + 1 = 3: still short of 7
    assert state.home[0] == 5 and state.tavern == 3
    assert state.current_player == 1


def test_a_rescue_needs_someone_at_home_and_a_die_that_exists():
    state = setup()
    state.apply(Go("warrens"))
    state.apply(Roll((3, 1)))
    with pytest.raises(IllegalActionError, match="no die shows 6"):
        state.apply(Rescue(6))
    state = setup()
    state.home[0] = 2
    state.apply(Go("warrens"))
    state.apply(Roll((3, 1)))
    assert state.home[0] == 0
    assert state.legal_actions() == [Quit()]
    with pytest.raises(IllegalActionError, match="nobody is left"):
        state.apply(Rescue(3))


def test_a_player_with_nobody_at_home_passes_and_the_round_is_finished():
    state = setup(3)
    state.home[1] = 0
    state.apply(Go("brag"))
    state.apply(Roll((1,)))
    state.apply(Quit())
    assert state.current_player == 1 and state.legal_actions() == [Pass()]
    with pytest.raises(IllegalActionError, match="only move is to pass"):
        state.apply(Go("brag"))
    state.apply(Pass())
    assert state.ending and not state.is_over
    assert state.current_player == 2      # the last seat still plays this round
    state.apply(Go("brag"))
    state.apply(Roll((6,)))
    assert state.is_over                  # the first player does not start again


def test_an_empty_pile_when_a_replacement_is_needed_ends_the_game_after_the_round():
    state = setup(3)
    state.pile = []                       # every other quest is gone
    state.apply(Go("rats"))
    state.apply(Roll((6,)))
    assert state.ending and state.current_player == 1 and not state.is_over
    for _ in range(2):
        state.apply(Go("brag"))
        state.apply(Roll((6,)))
    assert state.is_over
    assert state.round == 1


def test_everyone_has_the_same_number_of_turns_in_every_game():
    import random
    for seed in range(30):
        rng = random.Random(seed)
        players = 2 + seed % 5
        match = Match.start(GAME, players, seed=seed)
        while not match.state.is_over:
            match.play(rng.choice(match.state.legal_actions()))
        starts = [0] * players
        for entry in match.log:
            if entry.seat >= 0 and isinstance(entry.action, (Go, Pass)):
                starts[entry.seat] += 1
        assert len(set(starts)) == 1, (seed, starts)


def test_highest_score_wins_then_most_adventurers_then_shared():
    state = setup(3)
    state.finished = True
    state.scored = [["rats", "toll"], ["wisp"], ["bandits", "rats"]]  # 3, 3, 3 points
    state.home = [4, 6, 6]
    assert state.winners == [1, 2]
    state.home = [4, 7, 6]
    assert state.winners == [1]
    state.scored = [["dragon"], ["wisp"], ["rats"]]
    assert state.winners == [0]


def test_acting_out_of_turn_is_refused_by_the_match():
    match = Match.start(GAME, 3, seed="x")
    with pytest.raises(IllegalActionError, match="not seat 2's turn"):
        match.play(Go("brag"), seat=1)
    before = match.state.to_json()
    with pytest.raises(IllegalActionError):
        match.state.apply(Roll((1,)))     # a player cannot roll for chance
    assert match.state.to_json() == before


def test_the_log_says_what_happened_in_words():
    state = setup()
    names = ["Ada", "Bo", "Cy"]
    assert state.describe(Go("warrens"), names) == "Ada sends 2 to The Goblin Warrens (needs 7+)"
    state.apply(Go("warrens"))
    assert state.describe(Roll((4, 2)), names) == "Ada rolls 4+2=6, needs 7+: fails"
    assert "succeeds: 2 points and a new adventurer" in state.describe(Roll((4, 3)), names)


def test_views_show_the_table_and_only_the_pile_size():
    state = setup()
    view = state.view(1)
    assert view["pile"] == 17 and "rats" in view["face_up"]
    assert view["legal"] == []            # not seat 1's turn
    assert state.view(0)["legal"][0] == "go brag"


def test_rules_text_covers_each_rule():
    from pygame_core.hack_and_slash.view import RULES_HTML
    for phrase in ("Brag at the Tavern", "rescue", "Tavern", "same number of turns", "share"):
        assert phrase.lower() in RULES_HTML.lower()


def test_render_offers_only_legal_actions():
    from pygame_core.hack_and_slash.view import render
    import re
    state = setup()
    state.home[0] = 2
    html = render(state.view(0), {}, ["<b>Ada</b>", "Bo", "Cy"])
    offered = set(re.findall(r'data-action="([^"]+)"', html))
    assert offered == {str(a) for a in state.legal_actions()}
    assert "<b>Ada</b>" not in html and "&lt;b&gt;Ada&lt;/b&gt;" in html


def test_quest_ids_parse_back():
    for q in QUESTS_BY_ID:
        assert GAME.parse_action(f"go {q}") == Go(q)
    with pytest.raises(IllegalActionError):
        GAME.parse_action("go nowhere")


def test_what_are_my_chances_shows_odds_with_and_without_a_rescue():
    from pygame_core.hack_and_slash.view import render
    state = setup(face_up=("rats", "warrens", "dragon"))
    def text(html: str) -> str:
        return re.sub(r"<[^>]*>", "", html).replace("\u00a0", " ")
    html = render(state.view(0), {"odds": "1"}, ["Ada", "Bo", "Cy"])
    assert "67% · 89% with a rescue" in text(html)          # Rats in the Cellar, 3+ on one die
    state.home[0] = 3
    html = render(state.view(0), {"odds": "1"}, ["Ada", "Bo", "Cy"])
    assert "16% · no one left for a rescue" in text(html)   # the Red Dragon takes all three
    assert "hs-odds" not in render(state.view(0), {}, ["Ada", "Bo", "Cy"])
