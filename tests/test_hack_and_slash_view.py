"""Hack & Slash's view shows words, not codes: no quest id or action notation, and counts
with the right number ('1 point'), in the text, labels and tooltips (`data-*` keep codes)."""

from __future__ import annotations

import random
import re

from pygame_core.engine import sample_chance
from pygame_core.hack_and_slash import view as hsview
from pygame_core.hack_and_slash.components import QUESTS_BY_ID
from pygame_core.hack_and_slash.rules import GAME
from pygame_core.markup import Markup

from tests.words_check import readable

IDS = "|".join(QUESTS_BY_ID)
CODES = {
    "action notation": re.compile(rf"\b(?:go (?:{IDS})|rescue \d)\b"),
    "coordinates": re.compile(r"-?\d+,-?\d+"),
    "count with the wrong number": re.compile(
        r"\b1 (?:points|adventurers|quests)\b|\b(?:0|[2-9]|\d\d+|\d+\.\d+) (?:point|adventurer|quest)\b|\(s\)"),
}


def codes_in(markup: str) -> list[tuple[str, str]]:
    return [(what, text) for text in readable(markup) for what, pattern in CODES.items() if pattern.search(text)]


def test_every_position_is_shown_in_words() -> None:
    rng = random.Random("hs-words")
    checked = 0
    for players in range(2, 7):
        for _ in range(3):
            state = GAME.new(players)
            while True:
                if not state.is_chance_node and (state.is_over or rng.random() < 0.3):
                    for seat in [None, *range(players)]:
                        view = state.view(seat)
                        for ui in ({}, {"odds": "1"}):
                            markup = hsview.render(view, ui, [f"Player {i + 1}" for i in range(players)])
                            assert isinstance(markup, Markup)
                            found = codes_in(markup)
                            assert not found, (players, seat, ui, found[:3])
                            checked += 1
                if state.is_over:
                    break
                state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_actions()))
    assert checked > 300


def test_scores_and_counts_agree_in_number() -> None:
    state = GAME.new(3)
    state.scored[0] = ["rats"]           # 1 point
    state.home[1] = 1
    markup = hsview.render(state.view(0), {}, ["Ada", "Bo", "Cy"])
    assert 'aria-label="Ada (you): 1 point, 8 at home"' in markup
    assert "<b>1</b> point</p>" in markup and "<b>0</b> points</p>" in markup
    assert hsview.plural(1, "point") == "1 point" and hsview.plural(0, "quest") == "0 quests"
    assert hsview.quest_label(QUESTS_BY_ID["rats"]) == \
        "Rats in the Cellar: send 1 adventurer, roll 3 or more; reward 1 point"


def test_constant_markup_is_markup() -> None:
    assert all(isinstance(m, Markup) for m in (hsview.RULES_HTML, hsview.MEEPLE, hsview.STAR, hsview.die_svg(3)))
    assert "Everyone starts with 8 at home" in hsview.RULES_HTML


def _failed_brag(state):
    """Seat 0 sends one adventurer to Brag at the Tavern and rolls a 2: the rescue choice."""
    from pygame_core.hack_and_slash.rules import Go, Roll
    state.apply(Go("brag"))
    state.apply(Roll((2,)))
    assert state.phase == "failed"
    return state


def _revealed(players: int = 3):
    state = GAME.new(players)
    rng = random.Random("hs-view")
    while state.is_chance_node:
        state.apply(sample_chance(state, rng))
    return state


def test_the_rescue_odds_are_those_of_each_die() -> None:
    state = _failed_brag(_revealed())
    names = ["Ada", "Bo", "Cy"]
    plain = hsview.render(state.view(0), {}, names)
    assert "What are my chances with a reroll?" in plain and "reroll: " not in plain
    odds = hsview.render(state.view(0), {"odds": "1"}, names)
    # Brag needs 5 or more from one die: a reroll makes it 2 times in 6
    assert "reroll: 33%" in odds and "(33% to succeed)" in odds
    assert 'class="hs-odds"' not in odds          # not the quest odds of the cards
    assert 'data-ui="odds=1"' not in odds           # and no second toggle on the cards
    assert not codes_in(odds)
    # the party stands on its quest card, named like the meeples it left at home
    assert 'data-piece="hs-m0-7"' in odds and 'data-piece="hs-die-0"' in odds


def test_every_guild_keeps_its_latest_roll() -> None:
    from pygame_core.hack_and_slash.rules import Go, Quit, Roll
    state = _failed_brag(_revealed())
    state.apply(Quit())
    state.apply(Go("brag"))
    state.apply(Roll((6,)))
    view = state.view(2)
    assert view["rolls"][0]["dice"] == [2] and view["rolls"][1]["dice"] == [6] and view["rolls"][2] is None
    markup = hsview.render(view, {}, ["Ada", "Bo", "Cy"])
    assert "Last roll: Brag at the Tavern, 2 against 5+, failure" in markup
    assert "Last roll: Brag at the Tavern, 6 against 5+, success" in markup
    assert markup.count('class="hs-last ') == 2 and not codes_in(markup)
    # saves keep the position only: the memory of rolls is rebuilt by replaying the log
    assert not {"rolls", "shown_rolls"} & set(state.to_dict())
    assert GAME.from_dict(state.to_dict()).view(0)["rolls"] == [None, None, None]


def test_quest_cards_are_pieces_with_tooltips() -> None:
    markup = hsview.render(_revealed().view(0), {}, ["Ada", "Bo", "Cy"])
    assert 'data-piece="hs-q-brag"' in markup and 'title="Brag at the Tavern: send 1 adventurer' in markup


def test_the_quest_choice_is_asked_in_words_above_the_cards() -> None:
    state = _revealed()
    names = ["Ada", "Bo", "Cy"]
    markup = hsview.render(state.view(0), {}, names)
    prompt = "Pick a quest: send the adventurers it asks for (8 at home) and roll a die for each."
    assert prompt in markup, "the player to choose is told what to choose"
    assert markup.index(prompt) < markup.index('class="hs-row"'), "the prompt stands above the cards"
    assert "Dashed cards" not in markup, "with eight at home every quest can be staffed"
    assert prompt not in hsview.render(state.view(1), {}, names), "only the chooser is asked"
    assert "Pick a quest" not in hsview.render(_failed_brag(_revealed()).view(0), {}, names), "not during a rescue"
    state.home[0] = 1
    short = hsview.render(state.view(0), {}, names)
    assert "(1 at home)" in short and "Dashed cards need more than you have." in short
    assert not codes_in(short)


def test_the_dice_panel_says_where_the_roll_lands_before_the_first_one() -> None:
    state = _revealed()
    names = ["Ada", "Bo", "Cy"]
    first = hsview.render(state.view(0), {}, names)
    assert "No roll yet" in first and first.count("hs-blank") == 3, "the room for the roll is not left empty"
    failed = _failed_brag(_revealed())
    assert "No roll yet" not in hsview.render(failed.view(0), {}, names), "a roll is shown once made"


def test_the_round_pile_and_tavern_line_keeps_each_count_with_its_noun() -> None:
    """On a phone the line under the quests wrapped as "Tavern: 0" / "adventurers"."""
    view = GAME.new(3).view(0)
    markup = hsview.render(view, {}, ["Ann", "Bo", "Cy"])
    line = re.search(r'<p class="hs-pile-count">(.*?)</p>', markup)
    assert line, "the round's line is drawn"
    assert re.findall(r'<span class="fact">(.*?)</span>', line.group(1)) == [
        "Round 1", f"{view['pile']} quests left in the pile", "Tavern: 0 adventurers"]


def test_a_cards_odds_keep_each_chance_with_its_words() -> None:
    """On a phone's narrow card the odds read "33% · 56% with a" / "rescue"."""
    state = GAME.new(3)
    while state.is_chance_node:
        state.apply(sample_chance(state, random.Random(5)))
    markup = hsview.render(state.view(0), {"odds": "1"}, ["Ann", "Bo", "Cy"])
    odds = re.findall(r'<span class="hs-odds"><span class="fact">(\d+%)</span>\u00a0· <span class="fact">([^<]*)</span>',
                      markup)
    assert len(odds) == 4 and all(then.endswith(" with a rescue") for _, then in odds)
