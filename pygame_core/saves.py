"""Versioned JSON saves: what is needed to replay a match exactly, and a check that it did.

A save holds the format version, the game id, player count, options, seed, seat
set-up and the action log (in notation), plus a digest of the final state. Loading
replays the log through the rules, so a hand-edited or corrupted save cannot smuggle
in an illegal position: every problem becomes a `SaveError` that says what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from itertools import accumulate
from typing import Any

from . import get_game
from .engine import CHANCE, MAX_SEED, IllegalActionError, Match, SaveError

FORMAT = 2
"""Current format. 1: no seat set-up or digest (still loads, see `_migrate`)."""

MAX_BYTES = 2_000_000
"""Far above any real game's log (a few KB to a few dozen); bigger input is refused at once."""

MAX_DEPTH = 20
MAX_ACTIONS = 20_000
"""Far above any real game's log (the longest random games have a few thousand actions)."""

_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON text nests deeper than `limit`, found without parsing it.

    Parsing first is not safe: in Pyodide a few thousand nested brackets overflow the
    JavaScript stack and kill the interpreter. Every step is one linear pass: escaped
    backslashes and quotes go first, then whole strings, then all but brackets; the depth
    is the highest running sum of the brackets left. Malformed JSON can only be misread
    past its first error, where the parser stops anyway.
    """
    text = text.replace("\\\\", "").replace('\\"', "")
    outside_strings = "".join(text.split('"')[::2])  # with escapes gone, quotes pair up
    brackets = _NOT_BRACKET.sub("", outside_strings)
    return bool(brackets) and max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) > limit


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


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older format up to date, one version at a time."""
    if data["format"] == 1:
        data = {**data, "format": 2, "names": data.get("names") or [], "digest": None,
                "meta": data.get("meta") or {}}
    return data


def finite(value: Any, default: float = 0.0) -> float:
    """A number from untrusted data, or `default` for anything else (text, NaN, infinity)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    try:
        number = float(value)
    except OverflowError:
        return default
    return number if math.isfinite(number) else default


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
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SaveError(f"the save is not UTF-8 text (bad byte at {exc.start})") from None
    if len(text) > MAX_BYTES:
        raise SaveError(f"the save is {len(text):,} characters; saves are at most {MAX_BYTES:,}")
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise SaveError("the save is empty")
    if too_deep(text):
        raise SaveError("the save is nested too deeply to be a save")
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError("the save is nested too deeply to be a save") from None
    except ValueError as exc:
        raise SaveError(f"the save is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise SaveError("the save must be a JSON object")
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
    except ImportError as exc:
        raise SaveError(f"the rules of {game_id[:40]!r} could not be loaded ({exc})") from None
    players = _expect(data, "players", int, "player count")
    options = game.saved_options(_expect(data, "options", dict, "options"))
    seed = str(_expect(data, "seed", (str, int), "seed"))
    log = _expect(data, "log", list, "action log")
    if len(seed) > MAX_SEED:
        raise SaveError(f"the save's seed is {len(seed):,} characters; seeds are at most {MAX_SEED}")
    if len(log) > MAX_ACTIONS:
        raise SaveError(f"the save's log has {len(log):,} actions; games have at most {MAX_ACTIONS:,}")
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
        match = Match.replay(game, players, options, seed, log, names)
    except IllegalActionError as exc:
        raise SaveError(f"the save's log does not replay: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - whatever a rule trips on, a save fails with a reason
        raise SaveError(f"the save's log does not replay ({type(exc).__name__}: {exc})") from None
    # The log must stop where a player decides (chance that follows a move is part of it).
    if match.state.current_player == CHANCE:
        raise SaveError("the save's log stops in the middle of a chance event")
    digest = data.get("digest")
    if digest is not None and not isinstance(digest, str):
        raise SaveError("the save's digest must be text")
    if digest is not None and digest != state_digest(match):
        raise SaveError("the save's log replays to a different position than the one saved")
    return match, meta

