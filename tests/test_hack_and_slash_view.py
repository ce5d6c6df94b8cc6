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

from test_horrible_hex_view import shown

IDS = "|".join(QUESTS_BY_ID)
CODES = {
    "action notation": re.compile(rf"\b(?:go (?:{IDS})|rescue \d)\b"),
    "coordinates": re.compile(r"-?\d+,-?\d+"),
    "count with the wrong number": re.compile(
        r"\b1 (?:points|adventurers|quests)\b|\b(?:0|[2-9]|\d\d+|\d+\.\d+) (?:point|adventurer|quest)\b|\(s\)"),
}


def codes_in(markup: str) -> list[tuple[str, str]]:
    return [(what, text) for text in shown(markup) for what, pattern in CODES.items() if pattern.search(text)]


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
