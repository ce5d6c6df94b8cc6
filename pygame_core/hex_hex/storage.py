"""A HEX-HEX XL state as JSON, and back.

The JSON keeps the shape the state has always had, to the byte: a save's digest is the hash
of its final state's JSON, so every save ever written checks against this shape. A state
under the original rulings leaves out what those games never had (`rulings`, `history`).
Reading refuses bad data with ValueError, KeyError or TypeError, which `Game.from_json`
turns into a `SaveError`.
"""

from __future__ import annotations

from typing import Any

from .components import CARDS_BY_ID
from .events import from_legacy_text, legacy_text
from .position import Position
from .records import (
    Answer, Hex, RaceResult, RoundRecord, SignResult, Taken, item_from_json, job_from_json, job_to_json,
)

NEWER_FIELDS = ("rulings", "history")
"""Fields a state under the original rulings leaves out of its JSON."""
PER_SEAT = ("wins", "voice", "played", "ward", "deceive", "charm", "hexed", "buried", "hands")
"""Lists with one entry per seat."""


def state_to_json(pos: Position) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": pos.players, "series": pos.series, "rulings": pos.rulings, "game_no": pos.game_no,
        "wins": list(pos.wins), "laws": list(pos.laws), "voice": list(pos.voice), "round": pos.round,
        "rounds": pos.rounds, "tiebreaks": pos.tiebreaks, "first_dealer": pos.first_dealer,
        "dealer": pos.dealer, "caster": pos.caster, "deck": dict(pos.deck), "discard": list(pos.discard),
        "buried": [list(b) for b in pos.buried], "hands": [list(h) for h in pos.hands],
        "table": list(pos.table), "played": list(pos.played), "ward": list(pos.ward),
        "deceive": list(pos.deceive), "charm": list(pos.charm),
        "hexes": [h.to_json() for h in pos.hexes], "next_hex": pos.next_hex,
        "commits": {str(k): it.to_json() for k, it in pos.commits.items()},
        "pending": [it.to_json() for it in pos.pending], "signs": list(pos.signs),
        "hexed": list(pos.hexed), "events": [legacy_text(e) for e in pos.events],
        "last_race": pos.last_race.to_json() if pos.last_race else {},
        "last_sign": pos.last_sign.to_json() if pos.last_sign else {},
        "history": [r.to_json() for r in pos.history], "finished": pos.finished,
        "jobs": [job_to_json(j) for j in pos.jobs],
    }
    if pos.original:
        # States from before the rulings had no such keys: their JSON and digests stay.
        for key in NEWER_FIELDS:
            del data[key]
    return data


def _check_types(data: dict[str, Any], blank: dict[str, Any]) -> None:
    """Every field is there, with the JSON type a fresh state has."""
    for key, default in blank.items():
        if key == "history" and key not in data:
            continue
        if type(data[key]) is not type(default):
            raise ValueError(f"{key} should be {type(default).__name__}")


def _cards(values: Any, what: str) -> list[str]:
    if not isinstance(values, list) or not all(c in CARDS_BY_ID for c in values):
        raise ValueError(f"{what} names unknown cards")
    return list(values)


def _results(pos: Position, data: dict[str, Any]) -> None:
    pos.last_race = RaceResult.from_json(data["last_race"]) if data["last_race"] else None
    pos.last_sign = SignResult.from_json(data["last_sign"]) if data["last_sign"] else None
    pos.history = [RoundRecord.from_json(e, pos.players) for e in data.get("history", [])]


def _table(pos: Position, data: dict[str, Any]) -> None:
    """The cards, the Hexes and what waits for a window."""
    pos.laws = [str(code) for code in data["laws"]]
    if sorted(data["deck"]) != sorted(CARDS_BY_ID) or not all(type(k) is int for k in data["deck"].values()):
        raise ValueError("the deck names unknown cards")
    pos.deck = dict(data["deck"])
    pos.discard = _cards(data["discard"], "the discard pile")
    pos.table = _cards(data["table"], "the table")
    pos.buried = [_cards(b, "a face-down pile") for b in data["buried"]]
    pos.hands = [_cards(h, "a hand") for h in data["hands"]]
    pos.hexes = [Hex.from_json(h) for h in data["hexes"]]
    pos.pending = [item_from_json(it) for it in data["pending"]]
    commits = {int(k): item_from_json(it) for k, it in data["commits"].items()}
    pos.commits = {k: it for k, it in commits.items() if isinstance(it, (Answer, Taken))}
    if len(pos.commits) != len(commits):
        raise ValueError("a readied answer is not an answer")


def load_state(pos: Position, data: dict[str, Any]) -> None:
    """Fill a fresh `pos` (made for the same players, series and rulings) from `data`."""
    blank = state_to_json(pos)
    _check_types(data, blank)
    players = pos.players
    for key in PER_SEAT:
        if len(data[key]) != players:
            raise ValueError(f"{key} does not have one entry per seat")
    for key in ("game_no", "round", "rounds", "tiebreaks", "first_dealer", "dealer", "caster",
                "next_hex", "finished"):
        setattr(pos, key, data[key])
    for key in ("wins", "voice", "played", "ward", "deceive", "charm", "hexed", "signs"):
        setattr(pos, key, list(data[key]))
    _table(pos, data)
    _results(pos, data)
    pos.events = [from_legacy_text(text) for text in data["events"]]
    pos.jobs = [job_from_json(j) for j in data["jobs"]]
    if not pos.jobs:
        raise ValueError("hands or jobs do not fit the state")
