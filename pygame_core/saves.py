"""Versioned JSON saves: what is needed to replay a match exactly, and a check that it did.

A save holds the format version, the game id, player count, options, seed, seat
set-up and the action log (in notation), plus a digest of the final state. Loading
replays the log through the rules, so a hand-edited or corrupted save cannot smuggle
in an illegal position: every problem becomes a `SaveError` that says what is wrong.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from . import get_game
from .engine import CHANCE, IllegalActionError, Match, SaveError

FORMAT = 2
"""Current format. 1: no seat set-up or digest (still loads, see `_migrate`)."""

MAX_BYTES = 5_000_000
"""Far above any real game's log; refusing bigger input keeps loading fast."""

MAX_DEPTH = 20


def state_digest(match: Match) -> str:
    return hashlib.sha256(match.state.to_json().encode()).hexdigest()[:16]


def dump(match: Match, meta: dict[str, Any] | None = None) -> str:
    """The save as JSON text. `meta` is free data for the UI (seats, dates, titles)."""
    data = {
        "format": FORMAT,
        "game": match.game.id,
        "players": match.players,
        "options": match.options,
        "seed": match.seed,
        "names": match.names,
        "log": [str(e.action) for e in match.log],
        "digest": state_digest(match),
        "meta": meta or {},
    }
    return json.dumps(data, separators=(",", ":"))


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of JSON data, stopping once past `limit`."""
    stack, deepest = [(value, 1)], 0
    while stack:
        item, d = stack.pop()
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, d + 1) for v in item)
    return deepest


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older format up to date, one version at a time."""
    if data["format"] == 1:
        data = {**data, "format": 2, "names": data.get("names") or [], "digest": None,
                "meta": data.get("meta") or {}}
    return data


def _expect(data: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise SaveError(f"the save has no {what} ({key!r})")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise SaveError(f"the save's {what} ({key!r}) has the wrong type: {type(value).__name__}")
    return value


def parse(text: str | bytes) -> dict[str, Any]:
    """Read and check a save's JSON without replaying it."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise SaveError(f"the save is {len(text):,} bytes; saves are at most {MAX_BYTES:,}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"the save is not UTF-8 text (bad byte at {exc.start})") from None
    if len(text) > MAX_BYTES:
        raise SaveError(f"the save is {len(text):,} characters; saves are at most {MAX_BYTES:,}")
    if not text.strip():
        raise SaveError("the save is empty")
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError("the save is nested too deeply to be a save") from None
    except ValueError as exc:
        raise SaveError(f"the save is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise SaveError("the save must be a JSON object")
    if _depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise SaveError("the save is nested too deeply to be a save")
    version = _expect(data, "format", int, "format version")
    if version > FORMAT:
        raise SaveError(f"the save has format {version}, newer than this app knows ({FORMAT}); "
                        "update the app to open it")
    if version < 1:
        raise SaveError(f"the save has an unknown format version {version}")
    return _migrate(data)


def load(text: str | bytes) -> tuple[Match, dict[str, Any]]:
    """Replay a save; returns the match and the save's meta data."""
    data = parse(text)
    game_id = _expect(data, "game", str, "game id")
    try:
        game = get_game(game_id)
    except KeyError:
        raise SaveError(f"the save is for an unknown game {game_id[:40]!r}") from None
    players = _expect(data, "players", int, "player count")
    options = _expect(data, "options", dict, "options")
    seed = _expect(data, "seed", (str, int), "seed")
    log = _expect(data, "log", list, "action log")
    names = data.get("names") or []
    meta = data.get("meta") or {}
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveError("the save's player names must be a list of text")
    if not isinstance(meta, dict):
        raise SaveError("the save's meta data must be an object")
    if not all(isinstance(a, str) for a in log):
        raise SaveError("every entry of the save's action log must be text")
    try:
        game.check_players(players)
        game.resolve_options(options)
    except ValueError as exc:
        raise SaveError(f"the save's set-up is not valid: {exc}") from None
    if names and len(names) != players:
        raise SaveError(f"the save names {len(names)} players but has {players} seats")
    try:
        match = Match.replay(game, players, options, str(seed), log, names)
    except IllegalActionError as exc:
        raise SaveError(f"the save's log does not replay: {exc}") from None
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise SaveError(f"the save's log does not replay: {exc}") from None
    # The log must stop where a player decides (chance that follows a move is part of it).
    if match.state.current_player == CHANCE:
        raise SaveError("the save's log stops in the middle of a chance event")
    digest = data.get("digest")
    if digest is not None and digest != state_digest(match):
        raise SaveError("the save's log replays to a different position than the one saved")
    return match, meta
