"""A whole game in a link: game, options, names, seed and moves, packed for a URL's fragment.

The fragment never reaches a server (browsers keep it to themselves), so a replay link is
shared with nothing stored anywhere. The game is packed as a small JSON object, compressed
with raw deflate against a dictionary of the words every such object has (as the join codes
of web/ui/peers.py are), in base64url.

Opening a link is reading hostile input: `unpack` either returns the replayed match or raises
`SaveError` with a reason. Its size is bounded before and while it is decompressed, the data is
checked as a save is (it is loaded by `saves.load`), and a short digest of the final position
tells a link made by another version of the rules, or whose dice were edited, from a good one.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from typing import Any

from . import saves
from .engine import Match, SaveError

VERSION = 1
FRAGMENT = "replay="
"""The fragment's prefix: `#replay=<code>`."""

MAX_CODE_CHARS = 200_000
"""Far above a long game's link (a few thousand characters); longer text is refused unread."""

MAX_JSON_BYTES = 400_000
"""What a code may unpack to at most: decompression stops there (no decompression bomb)."""

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_FIELDS = {"v", "g", "p", "o", "s", "n", "a", "d"}
_DIGEST_CHARS = 10

# Text every packed game has, so deflate stores only what differs (most common last).
_DICTIONARY = (b'"rounds":"target":"boards":"balanced","original""open_hands":false,"covert":false,'
               b'"destiny":false,"holdem":false,"end_stuck":false,"series":1,"rulings":"current"'
               b'"hack-and-slash""horrible-hex"'
               b'"hex-please""hex-hex","Player 1","Player 2","Player 3","Player 4",'
               b'"Computer","pass","roll","end",'
               b'{"v":1,"g":"","p":2,"o":{},"s":"","n":["",""],"a":["",""],"d":""}')


def _digest(match: Match) -> str:
    return hashlib.sha256(match.state.to_json().encode()).hexdigest()[:_DIGEST_CHARS]


def pack(match: Match) -> str:
    """The code for `match` as played so far (see the module's docstring)."""
    data = {"v": VERSION, "g": match.game.id, "p": match.players, "o": match.options,
            "s": match.seed, "n": match.names, "a": [str(e.action) for e in match.log],
            "d": _digest(match)}
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _DICTIONARY)
    raw = packer.compress(json.dumps(data, separators=(",", ":")).encode()) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def fragment(match: Match) -> str:
    """The link's fragment, without its `#`."""
    return FRAGMENT + pack(match)


def _unpacked(code: Any) -> dict[str, Any]:
    """The object in a code, checked for shape only."""
    if not isinstance(code, str):
        raise SaveError("the replay link holds no text")
    code = code.strip()
    if code.startswith("#"):
        code = code[1:]
    if code.startswith(FRAGMENT):
        code = code[len(FRAGMENT):]
    if not code:
        raise SaveError("the replay link is empty")
    if len(code) > MAX_CODE_CHARS:
        raise SaveError(f"the replay link is too long to be one ({len(code):,} characters)")
    if not _ALPHABET.issuperset(code):
        raise SaveError("the replay link holds characters a replay link does not have "
                        "(it may have been cut short or changed when it was copied)")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise SaveError("the replay link is cut short or mistyped") from None
    unpacker = zlib.decompressobj(-15, _DICTIONARY)
    try:
        text = unpacker.decompress(raw, MAX_JSON_BYTES)
    except zlib.error:
        raise SaveError("the replay link is cut short or mistyped") from None
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise SaveError("the replay link is cut short, mistyped or too large")
    if saves.too_deep(text.decode("utf-8", "replace")):
        raise SaveError("the replay link is nested too deeply to be one")
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError("the replay link is cut short or mistyped") from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise SaveError("the replay link was made by another version of this site")
    if set(data) != _FIELDS:
        raise SaveError("the replay link's fields are not a replay's")
    return data


def unpack(code: Any) -> Match:
    """The match in a replay link's code (or fragment), replayed; SaveError with the reason
    when it is damaged, from another version of the rules, or has edited dice or draws."""
    data = _unpacked(code)
    save = {"format": saves.FORMAT, "game": data["g"], "players": data["p"], "options": data["o"],
            "seed": data["s"], "names": data["n"], "log": data["a"], "digest": None, "meta": {}}
    match, _ = saves.load(json.dumps(save))
    digest = data["d"]
    if not isinstance(digest, str):
        raise SaveError("the replay link's check is not text")
    if match.edited:
        raise SaveError(f"the replay link's dice or draws were changed ({match.edited})")
    if digest != _digest(match):
        raise SaveError("the replay link replays to another position than the one it was made "
                        "from (made by another version of the rules, or changed)")
    return match


def game_of(code: Any) -> str | None:
    """The id of the game a code is of (to fetch its rules before `unpack`), or None where
    it is no code (`unpack` says why)."""
    try:
        game = _unpacked(code).get("g")
    except SaveError:
        return None
    return game if isinstance(game, str) else None
