"""HEX PLEASE!'s log in words (pygame_core/hex_please/table.py): a laid tile named with where
it went and how its points add up, the final round, the breakdown and tie-break at the end,
no tile code or coordinate in any line of many random games, and the deal as one line."""

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
from pygame_core.hex_please import components as comp
from pygame_core.hex_please import table
from pygame_core.hex_please.rules import END, GAME, PASS, Draw, HexPleaseState, parse_action

_UI = Path(__file__).resolve().parent.parent / "web" / "ui"
_spec = importlib.util.spec_from_file_location("hp_words_presenter", _UI / "presenter.py")
presenter = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = presenter
_spec.loader.exec_module(presenter)  # type: ignore[union-attr]

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
FORBIDDEN = [
    re.compile(r"-?\d+,-?\d+"),                       # coordinates
    re.compile(r"\b[A-Z]{1,2}\d*/\d\b"),              # tile codes with a turn
    re.compile(r"\b[RGBY][12]\b|\b(RG|RB|RY|GB|GY|BY)\b|\b[XU]\b"),  # tile codes
    re.compile(r"@|\bdraw [A-Z]"),                    # notation
    re.compile(r"\bturned \d\b|\brotation \d\b"),
    re.compile(r"\b1 points\b|\b1 tiles\b"),
    re.compile(r"\bNone\b|\{|\}|\[|\]|="),
]


def check(text: str) -> None:
    for pattern in FORBIDDEN:
        assert not pattern.search(text), f"{pattern.pattern!r} found in {text!r}"


def position(players: int = 2, board: dict[str, tuple[str, int]] | None = None,
             hands: list[list[str]] | None = None, turn: int = 0, round: int = 2,
             scores: list[int] | None = None, placed: int = 0) -> HexPleaseState:
    """A hand-made position; the bag holds every tile not on the board or in a hand."""
    board = board or {}
    hands = hands if hands is not None else [["R1"] for _ in range(players)]
    bag = {t.code: t.count for t in comp.TILES}
    for code, _ in board.values():
        bag[code] -= 1
    for hand in hands:
        for code in hand:
            bag[code] -= 1
    data = {
        "players": players, "rounds": 6, "open_hands": False,
        "board": [[*map(int, cell.split(",")), code, rot] for cell, (code, rot) in board.items()],
        "hands": hands, "bag": bag, "scores": scores or [0] * players, "turn": turn, "round": round,
        "placed_this_turn": placed, "pending": [], "waiting": False, "last": None, "finished": False,
    }
    return GAME.from_dict(data)  # type: ignore[return-value]


def said(state: HexPleaseState, action) -> list[str]:
    """The action's line, then what it caused."""
    line = state.describe(action, NAMES)
    return [line, *(t for e in state.apply_recording(action) if (t := table.event_words(e, NAMES)))]


def played(players: int, seed: str, decisions: int = 10 ** 6) -> Match:
    match = Match.start(GAME, players, seed=seed, names=NAMES[:players])
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match


# -- one test per rule ---------------------------------------------------------------------------

def test_a_tile_on_a_brown_cell_says_its_own_points_are_doubled() -> None:
    state = position(board={"2,0": ("R1", 0)}, hands=[["R2", "Y1"], ["G1"]])
    assert said(state, parse_action("R2@3,0")) == [
        "Ada lays a red 2-point Solid on a Brown ×2 cell, next to a red 1-point Solid",
        "Ada scores 5 points: 4 for the tile (2, doubled on the Brown cell) + 1 from the tiles "
        "around it (5 in all)."]


def test_a_tile_on_a_pink_cell_adds_five_and_its_neighbours_points() -> None:
    state = position(board={"2,1": ("X", 0)}, hands=[["U", "Y1"], ["G1"]], scores=[10, 0])
    assert said(state, parse_action("U@2,2")) == [
        "Ada lays a Universal on a Pink +5 cell, next to a Blocker",
        "Ada scores 14 points: 5 for the tile + 4 from the tiles around it + 5 for the Pink cell "
        "(24 in all)."]


def test_the_first_tile_scores_alone_on_a_deployment_cell() -> None:
    state = GAME.new(2)
    for code in ["R1", "G2", "B1", "Y1", "RG", "X", "R1", "G1", "B1", "Y1", "U", "X"]:
        state.apply(Draw(code))
    assert said(state, parse_action("RG@2,0/0")) == [
        "Ada lays a red/green Bridge on a Deployment Cell", "Ada scores 3 points for the tile (3 in all)."]
    assert said(state, Draw("B2"))[0] == "Ada draws a tile"
    assert state.describe(END, NAMES) == "Ada stops after one tile"


def test_a_one_point_tile_says_one_point() -> None:
    state = position(hands=[["R1"], ["G1"]], round=1, placed=0)
    assert said(state, parse_action("R1@2,0"))[1] == "Ada scores 1 point for the tile (1 in all)."


def test_passing_says_the_hand_goes_back_to_the_bag() -> None:
    state = position(board={"2,0": ("R1", 0)}, hands=[["G1", "Y1", "B2"], ["G1"]])
    assert state.describe(PASS, NAMES) == "Ada passes: 3 tiles back into the bag, and as many drawn"


def test_the_final_round_is_announced_when_it_begins() -> None:
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["R2"]], turn=1, round=5)
    assert said(state, parse_action("R2@3,0"))[0].startswith("Bo lays a red 2-point Solid")
    assert said(state, Draw("Y1")) == [
        "Bo draws a tile",
        "The final round begins: everyone lays one last tile, draws nothing and may end the turn "
        "instead; no passing."]
    assert state.final_round


def test_the_end_of_the_last_round_is_told() -> None:
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["R2"]], turn=1, round=6)
    assert said(state, END) == ["Bo ends the turn without laying a last tile",
                                "That was round 6 of 6: the game is over."]
    assert state.is_over


def test_a_tie_on_points_and_hands_is_a_shared_win() -> None:
    state = position(players=3, hands=[["U"], ["X", "R1"], ["R1"]], scores=[20, 20, 12], round=7)
    state.finished = True
    assert state.view(None)["winners"] == [0, 1]
    assert table.tie_break(state.view(None), NAMES) == (
        "Ada and Bo tied on 20 points and on the value of the tiles left in hand (5 each): they share the win.")
    state.hands[1] = ["R1"]
    assert table.tie_break(state.view(None), NAMES) == (
        "Ada and Bo tied on 20 points; Ada wins with the tiles left in hand worth more: 5 (against Bo 1).")
    state.scores_ = [21, 20, 12]
    assert table.tie_break(state.view(None), NAMES) == ""


def test_the_summary_parts_add_up_to_the_score_and_the_hand_is_left_to_the_tie_break() -> None:
    match = played(3, "breakdown")
    view = match.state.view(None)
    rows = table.score_breakdown(view, match.names)
    for seat in range(3):
        made = sum(int(cells[seat].split()[0]) for _, cells in rows)
        assert made == view["scores"][seat], "every row of the summary is a part of the score"
    assert not any("hand" in label for label, _ in rows), "the tiles left in hand only break a tie"
    laid = dict(rows)["Points of the tiles laid"]
    assert laid == [f"{t['tile']} ({t['tiles']} tile{'' if t['tiles'] == 1 else 's'})" for t in view["tally"]]


def test_a_position_loaded_without_its_history_shows_no_breakdown() -> None:
    state = position(board={"2,0": ("R1", 0)}, scores=[7, 3])
    assert state.view(None)["tally"] is None
    assert table.score_breakdown(state.view(None), NAMES) == []


def test_a_suggested_move_picks_the_tile_turns_it_and_rings_the_cell() -> None:
    assert table.suggest_ui({}, "RG@2,-1/3") == {"tile": "RG", "rot": "3", "hint": "2,-1"}
    assert table.suggest_ui({}, "R1@0,0") == {"tile": "R1", "rot": "0", "hint": "0,0"}
    assert table.suggest_ui({}, "pass") == {}


def test_the_table_plays_the_only_move_when_no_tile_fits() -> None:
    assert table.forced({}, ["pass"]) == "pass"
    assert table.forced({}, ["end"]) == "end"
    assert table.forced({}, ["R1@0,0", "pass"]) is None
    assert table.forced({}, ["R1@0,0"]) is None


def test_unknown_events_say_nothing() -> None:
    assert table.event_words(Event("something new"), NAMES) is None


def test_the_tally_is_not_saved() -> None:
    match = played(2, "saved", decisions=8)
    assert "tally" not in match.state.to_dict()
    assert GAME.from_json(match.state.to_json()) == match.state


# -- every line of many random games -------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 7, 12])
def test_no_line_of_a_random_game_shows_a_code(players: int) -> None:
    for n in range(2 if players < 7 else 1):
        match = played(players, f"words{players}-{n}")
        check_game_words(match, table, presenter, check)


def test_the_deal_is_one_line_and_no_draw_follows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presenter, "view_module", lambda game_id: table)
    match = played(3, "deal", decisions=3)
    groups = presenter.turns(match)
    assert groups[0].seat is None and groups[0].lines == (table.SETUP_TEXT,)
    assert all(entry.seat == CHANCE for entry in match.log[:18])
    assert groups[1].seat == 0 and groups[1].lines[0].startswith("Ada lays")
