"""Hack & Slash: a push-your-luck dice game for 2-6 players (3-6 as published).

Perfect information with chance. Each turn a player sends adventurers on a face-up
quest and rolls one die per adventurer; a failure may be followed by one rescue (one
more adventurer, one die rerolled). Chance nodes: revealing a quest card from the
pile (every remaining card equally likely, which is the same as a shuffled pile) and
rolling dice (a roll is the sorted multiset of faces, with its probability).

The position and the turn's phases are in state.py, the actions and their notation in
notation.py; this module is the game itself: set-up, loading and parsing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..engine import Game, Option
from .components import BRAG, DIE_SIDES, QUESTS_BY_ID
from .notation import Action, Go, Pass, Quit, Rescue, Reroll, Reveal, Roll, parse_action
from .state import HackAndSlashState, Party, Phase, ShownRoll

__all__ = ["CHOOSE", "FAILED", "GAME", "Go", "HackAndSlashGame", "HackAndSlashState", "Pass", "Phase",
           "Quit", "REROLL", "REVEAL", "ROLL", "Rescue", "Reroll", "Reveal", "Roll", "parse_action"]

REVEAL, CHOOSE, ROLL, FAILED, REROLL = Phase   # the phases by their short names


class HackAndSlashGame(Game):
    id = "hack-and-slash"
    name = "Hack & Slash"
    pitch = "Send your guild on quests, roll the dice, and push your luck with a rescue."
    min_players = 2
    max_players = 6
    default_players = 3
    options: ClassVar[dict[str, Option]] = {}

    def _new(self, players: int, options: dict[str, Any]) -> HackAndSlashState:
        return HackAndSlashState(players)

    def from_dict(self, data: dict[str, Any]) -> HackAndSlashState:
        players = _whole(data, "players")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"bad player count {players!r}")
        state = HackAndSlashState(players)
        state.home = _whole_list(data, "home", players)
        state.scored = [_quests(pile, "a score pile") for pile in _list(data, "scored", players)]
        state.pile, state.face_up = _quests(data["pile"], "pile"), _quests(data["face_up"], "face_up")
        state.tavern, state.turn, state.round = (_whole(data, k) for k in ("tavern", "turn", "round"))
        if not 0 <= state.turn < players:
            raise ValueError(f"turn {state.turn} is not a seat")
        state.phase = Phase(data["phase"])
        state.setting_up, state.ending, state.finished = (_flag(data, k) for k in ("setting_up", "ending", "finished"))
        state.ending_reason = _text(data, "ending_reason")
        state.party = _party(data)
        state.last_roll = _shown_roll(data["last_roll"])
        return state

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


# -- reading a state's JSON: each helper says what is wrong -----------------------------------
def _whole(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{key} should be a whole number, not {value!r}")
    return value


def _flag(data: dict[str, Any], key: str) -> bool:
    if not isinstance(data[key], bool):
        raise TypeError(f"{key} should be true or false")
    return bool(data[key])


def _text(data: dict[str, Any], key: str) -> str:
    if not isinstance(data[key], str):
        raise TypeError(f"{key} should be text")
    return str(data[key])


def _list(data: dict[str, Any], key: str, length: int) -> list[Any]:
    value = data[key]
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"{key} should be a list of {length}")
    return value


def _whole_list(data: dict[str, Any], key: str, length: int) -> list[int]:
    values = _list(data, key, length)
    return [_whole({key: v}, key) for v in values]


def _quests(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or any(q not in QUESTS_BY_ID or q == BRAG.id for q in value):
        raise ValueError(f"{what} should list quest cards")
    return list(value)


def _dice(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > 3 or any(
            not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= DIE_SIDES for d in value):
        raise ValueError(f"bad dice {value!r}")
    return tuple(value)


def _party(data: dict[str, Any]) -> Party | None:
    quest, dice, rescued = data["quest"], _dice(data["dice"]), _flag(data, "rescued")
    if quest is None:
        if dice or rescued:
            raise ValueError("dice or a rescue without a quest")
        return None
    if quest not in QUESTS_BY_ID:
        raise ValueError(f"unknown quest {quest!r}")
    return Party(quest, dice, rescued)


def _shown_roll(value: Any) -> ShownRoll | None:
    if value is None:
        return None
    if not isinstance(value, dict) or value["quest"] not in QUESTS_BY_ID:
        raise ValueError("bad last roll")
    rerolled = value["rerolled"]
    if rerolled is not None and rerolled not in range(1, DIE_SIDES + 1):
        raise ValueError("bad rerolled die in the last roll")
    return ShownRoll(_whole(value, "seat"), value["quest"], _dice(value["dice"]), rerolled,
                     _flag(value, "success"))


GAME = HackAndSlashGame()
HackAndSlashState.game = GAME
