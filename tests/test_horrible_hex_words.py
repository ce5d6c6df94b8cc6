"""Horrible Hex's log in words (pygame_core/horrible_hex/table.py): tiles by colour and symbol,
goals by their pattern, who completed whose goal, the board cleared, reshuffles and the end;
no tile or card number, coordinate or notation in any line of many random games; the deal as
one line."""

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
from pygame_core.hexgrid import Hex
from pygame_core.horrible_hex import table
from pygame_core.horrible_hex.components import GOAL_IDS, GOAL_NAMES, TILE_IDS, TILES_BY_ID
from pygame_core.horrible_hex.rules import (
    GAME, Deal, Draw, DrawGoal, HorribleHexState, Keep, Move, Pass, Place, Trade,
)

_UI = Path(__file__).resolve().parent.parent / "web" / "ui"
_spec = importlib.util.spec_from_file_location("hh_words_presenter", _UI / "presenter.py")
presenter = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = presenter
_spec.loader.exec_module(presenter)  # type: ignore[union-attr]

E, SE, SW, W, NW, NE = range(6)
H = Hex
NAMES = ["Ada", "Bo", "Cy"]
FORBIDDEN = [
    re.compile(r"-?\d+,-?\d+"),                            # coordinates
    re.compile(r"\b[PGRW]\d\d\b"),                         # card and tile numbers
    re.compile(r"\br\d\b|\b(slide|jump|push|swap|keep|place) -?\d"),  # notation
    re.compile(r"\b(NE|NW|SE|SW|E|W)\b"),
    re.compile(r"\b1 (points|tiles|goals)\b"),
    re.compile(r"\bNone\b|\{|\}|\[|\]|\bgoal [A-Z]"),
]


def check(text: str) -> None:
    for pattern in FORBIDDEN:
        assert not pattern.search(text), f"{pattern.pattern!r} found in {text!r}"


def rot_for(tile: str, icon: str, direction: int) -> int:
    """The turn that makes `tile`'s first `icon` edge face `direction`."""
    return (direction - TILES_BY_ID[tile].edges.index(icon)) % 6


def make(board: dict[tuple[int, int], tuple[str, int]], hands=None, players: int = 2, turn: int = 0,
         common: str | None = None, **options) -> HorribleHexState:
    """A state at the start of `turn`'s move with exactly this board and these goals."""
    state = GAME.new(players, **options)
    assert isinstance(state, HorribleHexState)
    state.board = {H(*c): v for c, v in board.items()}
    used = [t for t, _ in board.values()]
    state.pile = sorted(set(TILE_IDS) - set(used))
    hands = hands if hands is not None else [[] for _ in range(players)]
    state.hands = [list(h) for h in hands]
    state.common = common
    held = set(sum(hands, [])) | ({common} if common else set())
    state.deck = sorted(set(GOAL_IDS) - held)
    state.queue = []
    state.turn = turn
    state.forget_derived()
    return state


# P01 is a straight line along SE: star, star, circle, circle; the red slider at 1,2 completes
# it by sliding south-west.
P01_LINE = {(0, 0): ("G01", 0), (0, 1): ("G03", 0), (0, 2): ("R01", 0)}
SLIDER = {(1, 2): ("R02", rot_for("R02", "S", SW))}
P01_WORDS = "a straight line of star, star, circle and circle"


def said(state: HorribleHexState, action) -> list[str]:
    """The action's line, then what it caused."""
    line = state.describe(action, NAMES)
    return [line, *(t for e in state.apply_recording(action) if (t := table.event_words(e, NAMES)))]


def played(players: int, seed: str, decisions: int = 10 ** 6, **options) -> Match:
    match = Match.start(GAME, players, seed=seed, names=NAMES[:players], **options)
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match


# -- goals in words ------------------------------------------------------------------------------

def test_every_goal_card_reads_differently() -> None:
    assert len(set(GOAL_NAMES.values())) == len(GOAL_IDS) == 26
    assert GOAL_NAMES["P01"] == P01_WORDS
    assert GOAL_NAMES["P14"] == "a diamond: stars at the tips, circles across the middle"
    assert GOAL_NAMES["P20"] == "a Y: a star in the middle of star, circle and circle"
    for name in GOAL_NAMES.values():
        check(name)


def test_mirror_images_are_told_apart_by_left_and_right() -> None:
    # P11 and P17 are the same zigzag of colours, one the mirror image of the other.
    assert GOAL_NAMES["P11"].replace("right", "left") == GOAL_NAMES["P17"]


# -- one test per rule ---------------------------------------------------------------------------

def test_a_completed_goal_is_told_with_who_completed_it() -> None:
    state = make({**P01_LINE, **SLIDER}, [["P05"], ["P01", "P10"]])
    assert said(state, Move("S", H(1, 2), SW)) == [
        "Ada slides a red tile with a gray circle south-west",
        f"Ada's move completes Bo's goal: {P01_WORDS} (Bo now has 1 of 3).",
        "Every tile goes back to the pile, and a new triangle is dealt."]


def test_completing_your_own_goal_counts_toward_the_target() -> None:
    state = make({**P01_LINE, **SLIDER}, [["P01", "P05"], ["P10", "P12"]], target=2)
    state.done[0] = ["P20"]
    lines = said(state, Move("S", H(1, 2), SW))
    assert lines[1:] == [f"Ada completes a goal: {P01_WORDS} (2 of 2).",
                         "The game is over: first to 2 goals."]


def test_the_common_goal_is_scored_by_the_mover() -> None:
    state = make({**P01_LINE, **SLIDER}, [["P05"], ["P10"]], common="P01", holdem=True)
    assert said(state, Move("S", H(1, 2), SW))[1] == f"Ada completes the common goal: {P01_WORDS} (1 of 3)."


def test_playing_alone_counts_goals_without_a_target() -> None:
    state = make({**P01_LINE, **SLIDER}, [["P01", "P05", "P10", "P12"]], players=1)
    assert said(state, Move("S", H(1, 2), SW))[1] == f"Ada completes a goal: {P01_WORDS} (1 goal so far)."


def test_the_next_goal_is_named_by_its_pattern() -> None:
    state = make({**P01_LINE, **SLIDER}, [["P01", "P05"], ["P10", "P12"]])
    state.apply(Move("S", H(1, 2), SW))
    assert state.describe(DrawGoal("P14"), NAMES) == (
        "Ada draws a new goal: a diamond: stars at the tips, circles across the middle")
    state.apply(DrawGoal("P14"))
    assert state.describe(Deal("G05", 0), NAMES) == (
        "The first tile of the triangle is dealt: a gray tile with a red star; it can jump east, "
        "jump south-west and jump north-west")


def test_moves_say_what_moved_and_which_way() -> None:
    state = make({(0, 0): ("G07", rot_for("G07", "P", E)), (1, 0): ("R01", 0), (2, 0): ("G01", 0)})
    assert state.describe(Move("P", H(0, 0), E), NAMES) == (
        "Ada pushes a gray tile with a red star east, moving 2 tiles along with it")
    state = make({(0, 0): ("G05", rot_for("G05", "J", E)), (1, 0): ("R01", 0), (2, 0): ("W01", 0)})
    assert state.describe(Move("J", H(0, 0), E), NAMES) == (
        "Ada jumps a gray tile with a red star east over 2 tiles")
    state = make({(0, 0): ("R08", rot_for("R08", "X", E)), (1, 0): ("W01", 0)})
    assert state.describe(Move("X", H(0, 0), E), NAMES) == (
        "Ada swaps a red tile with a gray circle with its east neighbour, a wild tile with a star and a circle")


def test_a_placed_tile_says_what_it_touches_and_can_do() -> None:
    state = make(P01_LINE, [["P05"], ["P10"]])
    state.apply(Pass())
    assert state.describe(Draw("R02"), NAMES) == "Ada draws a red tile with a gray circle to place"
    state.apply(Draw("R02"))
    assert state.describe(Place(H(1, 0), 0), NAMES) == (
        "Ada places a red tile with a gray circle next to 2 tiles; it can slide east and push west")
    assert state.describe(Place(H(0, 3), 1), NAMES) == (
        "Ada places a red tile with a gray circle next to 1 tile; it can slide south-east and push north-west")


def test_covert_hex_names_no_hidden_tile_and_tells_when_it_is_turned_up() -> None:
    state = make(P01_LINE, [["P05"], ["P10"]], covert=True)
    state.apply(Pass())
    assert state.describe(Draw("G13"), NAMES) == "Ada draws a tile and keeps it hidden"
    state.apply(Draw("G13"))
    assert state.describe(Place(H(1, 0), 2), NAMES) == "Ada places a tile face down next to 2 tiles"
    state.apply(Place(H(1, 0), 2))
    assert said(state, Pass()) == ["Bo does not move",
                                   "The tile Ada placed face down is turned up: a gray tile with a red star."]


def test_hex_destiny_tells_the_pattern_leaving_and_who_chooses_the_group() -> None:
    # The pattern's tiles leave; a tile at each end of the line is left on its own.
    board = {**P01_LINE, **SLIDER, (-1, 0): ("G02", 0), (0, 4): ("G04", 0)}
    state = make(board, [["P01"], ["P10"]], destiny=True)
    lines = said(state, Move("S", H(1, 2), SW))
    assert lines[2] == "The 4 tiles of the pattern leave the board; the rest fall apart, and Ada chooses which group stays."
    state.apply(DrawGoal("P14"))
    keep = state.legal_actions()[0]
    assert isinstance(keep, Keep)
    assert state.describe(keep, NAMES) == "Ada keeps the group of 1 tile; the other (1 tile) leaves the board"


def full_board(**options) -> HorribleHexState:
    """Every tile in play, so the next draw finds the pile empty."""
    rest = sorted(set(TILE_IDS) - {t for t, _ in P01_LINE.values()})
    state = make({**P01_LINE, **{(i, 3): (t, 0) for i, t in enumerate(rest)}}, [["P05"], ["P10"]], **options)
    assert state.pile == []
    return state


def test_an_empty_pile_is_reshuffled_and_told() -> None:
    state = full_board(end_stuck=True)
    assert said(state, Pass()) == [
        "Ada does not move",
        "The tile pile is empty: every tile goes back, and a new triangle is dealt. If the pile runs out "
        "again before a goal is completed, the game ends."]


def test_a_stuck_game_ends_and_says_why() -> None:
    state = full_board(end_stuck=True)
    state.dry = 1
    assert said(state, Pass())[1] == "The game is over: the tile pile ran out twice with no goal completed."


def test_playing_alone_a_turn_without_a_goal_discards_the_rightmost_goal() -> None:
    state = make(P01_LINE, [["P01", "P05", "P10", "P14"]], players=1)
    state.turns = 3
    state.apply(Pass())
    state.apply(Draw("R02"))
    assert said(state, Place(H(1, 0), 0))[1] == (
        "No goal this turn: the rightmost goal of the row is discarded (a diamond: stars at the tips, "
        "circles across the middle).")


def test_three_players_trading_a_goal_name_it() -> None:
    state = make({**P01_LINE, **SLIDER}, [["P01"], ["P10"], ["P14"]], players=3)
    state.apply(Move("S", H(1, 2), SW))
    state.apply(DrawGoal("P05"))
    assert state.phase == "swap"
    assert state.describe(Trade(True), NAMES) == (
        f"Bo trades away their goal ({GOAL_NAMES['P10']}) for a new one")
    assert state.describe(Trade(False), NAMES) == f"Bo keeps their goal ({GOAL_NAMES['P10']})"


def test_the_breakdown_lists_the_goals_by_pattern_and_a_level_end_is_shared() -> None:
    state = make(P01_LINE, [["P05"], ["P10"]])
    state.done = [["P01"], ["P14"]]
    state._finish("no goal cards are left to score")
    view = state.view(None)
    assert table.score_breakdown(view, NAMES) == [
        ("Goals completed", ["1", "1"]), ("Their patterns", [P01_WORDS, GOAL_NAMES["P14"]])]
    assert table.tie_break(view, NAMES) == (
        "Ada and Bo completed 1 goal each and the game ended when no goal cards are left to score: "
        "they share the win.")


def test_a_suggested_move_selects_the_tile_or_previews_the_placement() -> None:
    assert table.suggest_ui({}, "slide 1,2 SW") == {"sel": "1,2"}
    assert table.suggest_ui({}, "place -1,0 r4") == {"cell": "-1,0", "rot": "4"}
    assert table.suggest_ui({}, "pass") == {}
    assert table.suggest_ui({}, "trade goal") == {}


def test_the_table_skips_the_move_when_no_tile_can_move() -> None:
    assert table.forced({}, ["pass"]) == "pass"
    assert table.forced({}, ["pass", "slide 0,0 E"]) is None
    assert table.forced({}, ["trade goal", "keep goal"]) is None


def test_unknown_events_say_nothing() -> None:
    assert table.event_words(Event("something new"), NAMES) is None


# -- every line of many random games -------------------------------------------------------------

VARIANTS = [{}, {"destiny": True}, {"covert": True}, {"holdem": True}, {"end_stuck": True},
            {"destiny": True, "covert": True, "holdem": True, "target": 2}]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_no_line_of_a_random_game_shows_a_code(players: int) -> None:
    for n, options in enumerate(VARIANTS if players > 1 else [{}, {}]):
        match = played(players, f"words{players}-{n}", decisions=600, **options)
        check_game_words(match, table, presenter, check)


def test_the_deal_is_one_line_and_no_draw_follows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presenter, "view_module", lambda game_id: table)
    match = played(2, "deal", decisions=3)
    groups = presenter.turns(match)
    assert groups[0].seat is None and groups[0].lines == (table.SETUP_TEXT,)
    assert all(entry.seat == CHANCE for entry in match.log[:7])
    assert not any("draws a new goal" in line or "triangle is dealt" in line for line in groups[1].lines[:1])
