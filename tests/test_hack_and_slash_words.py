"""Hack & Slash's log in words (pygame_core/hack_and_slash/table.py): what each rule's
outcome says, no notation or id in any line of many random games, and the deal as one line."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest

from tests.words_check import check_game_words

from pygame_core import CHANCE, Match
from pygame_core.engine import Event
from pygame_core.hack_and_slash import table
from pygame_core.hack_and_slash.rules import GAME, Go, Pass, Quit, Rescue, Reroll, Reveal, Roll

_UI = Path(__file__).resolve().parent.parent / "web" / "ui"
_spec = importlib.util.spec_from_file_location("hs_words_presenter", _UI / "presenter.py")
presenter = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = presenter
_spec.loader.exec_module(presenter)  # type: ignore[union-attr]

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
QUEST_IDS = ["brag", "rats", "toll", "wisp", "duel", "riddle", "caravan", "bandits", "warrens", "crypt",
             "wyvern", "tower", "balance", "giant", "mine", "siege", "hydra", "lich", "kraken", "dragon",
             "vault"]
FORBIDDEN = [
    re.compile(r"-?\d+,-?\d+"),                       # coordinates
    re.compile(r"\b(reroll|rescue) \d\b"),          # notation
    re.compile(r"\broll \d(-\d)*\b"),
    re.compile(r"\b1 (points|adventurers)\b"),
    re.compile(r"\b(" + "|".join(QUEST_IDS) + r")\b"),   # quest ids (lower case: names are capitalised)
    re.compile(r"\bNone\b|\{|\}|\[|\]"),
]


def check(text: str) -> None:
    for pattern in FORBIDDEN:
        assert not pattern.search(text), f"{pattern.pattern!r} found in {text!r}"


def played(players: int, seed: str, decisions: int = 10 ** 6) -> Match:
    match = Match.start(GAME, players, seed=seed, names=NAMES[:players])
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match


def start(players: int = 3, face_up: tuple[str, ...] = ("warrens", "rats", "dragon")):
    state = GAME.new(players)
    for quest in face_up:
        state.apply(Reveal(quest))
    return state


def events(state, action) -> list[str]:
    return [text for e in state.apply_recording(action) if (text := table.event_words(e, NAMES))]


# -- one test per rule ---------------------------------------------------------------------------

def test_a_success_tells_who_came_home_and_the_points_for_the_quest() -> None:
    state = start()
    state.apply(Go("warrens"))
    said = events(state, Roll((4, 3)))
    assert said == ["Ada's party comes home, with a new recruit: 9 adventurers at home.",
                    "The Goblin Warrens goes to Ada's score pile for 2 points: Ada has 2 points in all."]


def test_bragging_tells_the_new_adventurer() -> None:
    state = start()
    state.apply(Go("brag"))
    assert events(state, Roll((5,))) == ["A new adventurer joins Ada's guild: 9 adventurers at home."]


def test_a_failed_rescue_tells_how_many_went_to_the_tavern() -> None:
    state = start()
    state.apply(Go("warrens"))
    state.apply(Roll((2, 1)))
    assert state.describe(Rescue(1), NAMES) == "Ada sends a rescuer and rerolls a 1"
    state.apply(Rescue(1))
    assert state.describe(Reroll(2), NAMES) == "Ada rerolls to 2+2=4, needs 7+: fails, and all go to the Tavern"
    assert events(state, Reroll(2)) == ["Ada has 5 adventurers left at home (3 lost to the Tavern)."]


def test_quitting_tells_who_is_left_at_home() -> None:
    state = start()
    state.apply(Go("rats"))
    state.apply(Roll((1,)))
    assert state.describe(Quit(), NAMES) == "Ada's adventurer quits and heads to the Tavern"
    assert events(state, Quit()) == ["Ada has 7 adventurers left at home (1 lost to the Tavern)."]


def test_an_exact_goal_is_said_as_exactly() -> None:
    state = start(face_up=("balance", "rats", "dragon"))
    assert state.describe(Go("balance"), NAMES) == "Ada sends 2 to The Scales of Balance (needs exactly 7)"


def test_a_revealed_quest_is_named_with_what_it_asks_and_gives() -> None:
    state = GAME.new(3)
    assert state.describe(Reveal("warrens"), NAMES) == (
        "A new quest is turned face up: The Goblin Warrens (2 adventurers, 7 or more, 2 points "
        "and a new adventurer)")


def test_the_last_round_is_announced_once_with_its_reason() -> None:
    state = start(players=4)
    state.home = [8, 0, 0, 8]
    state.turn = 1
    said = events(state, Pass())
    assert said == ["Last round: Bo has nobody at home. The game ends when it is Ada's turn again."]
    assert events(state, Pass()) == [], "already the last round: Cy's pass says nothing more"
    assert not state.is_over


def test_the_end_of_the_game_is_told() -> None:
    state = start()
    state.home = [8, 8, 0]
    state.turn = 2
    said = events(state, Pass())
    assert said[-1] == "Everyone has had the same number of turns: the game is over."
    assert state.is_over


def test_an_empty_pile_starts_the_last_round() -> None:
    state = start()
    state.pile = []
    state.apply(Go("warrens"))
    assert events(state, Roll((4, 3)))[-1] == (
        "Last round: the quest pile is empty. The game ends when it is Ada's turn again.")


def test_a_0_0_0_game_decided_by_adventurers_says_so() -> None:
    state = start()
    state.home = [5, 8, 3]
    state.finished = True
    view = state.view(None)
    assert view["winners"] == [1]
    assert table.tie_break(view, NAMES) == (
        "Ada, Bo and Cy tied on 0 points; Bo wins with more adventurers at home: 8 (against Ada 5, Cy 3).")
    state.home = [8, 8, 3]
    assert table.tie_break(state.view(None), NAMES) == (
        "Ada, Bo and Cy tied on 0 points; Ada and Bo had the most adventurers at home (8 each) "
        "and share the win.")
    state.home = [8, 8, 8]
    assert table.tie_break(state.view(None), NAMES).endswith("(8 each): they share the win.")
    state.scored[2] = ["rats"]
    assert table.tie_break(state.view(None), NAMES) == "", "no tie: no tie-break"


def test_the_breakdown_names_each_score_pile_and_the_guilds() -> None:
    state = start()
    state.scored = [["warrens", "rats"], [], ["dragon"]]
    state.finished = True
    rows = dict(table.score_breakdown(state.view(None), NAMES))
    assert rows["Quests completed"] == ["The Goblin Warrens (2 points), Rats in the Cellar (1 point)",
                                        "none", "Slay the Red Dragon (8 points)"]
    assert rows["Adventurers at home"] == ["8", "8", "8"]


def test_the_table_plays_a_pass_for_a_guild_with_nobody_home() -> None:
    assert table.forced({}, ["pass"]) == "pass"
    assert table.forced({}, ["go brag", "go rats"]) is None
    assert table.suggest_ui({}, "go rats") == {}


def test_unknown_events_say_nothing() -> None:
    assert table.event_words(Event("something new"), NAMES) is None


# -- every line of many random games -------------------------------------------------------------

@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
def test_no_line_of_a_random_game_shows_a_code(players: int) -> None:
    for n in range(4):
        match = played(players, f"words{players}-{n}")
        check_game_words(match, table, presenter, check)


def test_the_deal_is_one_line_and_no_draw_follows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presenter, "view_module", lambda game_id: table)
    match = played(3, "deal", decisions=6)
    groups = presenter.turns(match)
    assert groups[0].seat is None and groups[0].lines == (table.SETUP_TEXT,)
    assert all(entry.seat == CHANCE for entry in match.log[:3])
    assert groups[1].lines[0].startswith("Ada sends")
    assert not any("face up" in line for line in groups[1].lines[:1])
