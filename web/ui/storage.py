"""Saved games in LocalStorage, kept apart from the browser so it can be tested in CPython.

Every save is one key, `hex-table:save:<id>`, holding the JSON of `pygame_core.saves`.
A save that fails to load is listed with the reason and kept (never silently deleted);
a write that fails (quota, private mode, a blocked iframe) leaves the last good save in
place and is reported to the caller. Each save carries a revision number so a second
tab notices a newer save instead of overwriting it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Protocol

from pygame_core import SaveError, saves
from pygame_core.names import clean_name, default_name

PREFIX = "hex-table:save:"
SETTINGS_KEY = "hex-table:settings"
MAX_LISTED_NAMES = 12  # the most seats of any game


class Backend(Protocol):
    """The part of the Web Storage API we use (window.localStorage has it)."""

    length: int

    def key(self, index: int) -> str | None: ...
    def getItem(self, key: str) -> str | None: ...  # noqa: N802 - the Web Storage names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class StorageUnavailable(Exception):
    """LocalStorage cannot be used here (refused, partitioned away or full)."""


class StaleSave(Exception):
    """Another tab saved this game more recently than this tab knows."""


class DeletedSave(Exception):
    """The game was deleted (in another tab) after this tab last saved it."""


MAX_REVISION = 2 ** 53  # a revision past what JavaScript counts exactly is not a revision


def revision_of(meta: Any) -> int:
    """A save's revision from its (untrusted) meta data: 0 unless a sane whole number."""
    if not isinstance(meta, dict):
        return 0
    rev = saves.finite(meta.get("rev"))
    return int(rev) if 0 <= rev < MAX_REVISION else 0


def seat_kinds(meta: Any, players: int, kinds: Any) -> list[str]:
    """Who plays each seat ("human" or a computer level) from a save's untrusted meta data;
    every seat human when the record does not fit the game."""
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if (isinstance(seats, list) and len(seats) == players
            and all(isinstance(s, str) and s in kinds for s in seats)):
        return list(seats)
    return ["human"] * players


@dataclass
class SaveEntry:
    id: str
    game: str = ""
    title: str = ""
    names: tuple[str, ...] = ()
    turn: int = 0
    updated: float = 0.0
    over: bool = False
    edited: bool = False  # its chance results were found changed by hand when it was opened
    problem: str = ""  # non-empty: the save cannot be loaded, and why


class SaveStore:
    def __init__(self, backend: Backend | None) -> None:
        self.backend = backend
        self.seen: set[str] = set()  # saves this tab has read or written: gone means deleted
        self.written: dict[str, str] = {}  # the last save this tab wrote, as it wrote it

    @property
    def available(self) -> bool:
        return self.backend is not None

    def _require(self) -> Backend:
        if self.backend is None:
            raise StorageUnavailable("this browser does not let the page keep saves here")
        return self.backend

    def ids(self) -> list[str]:
        backend = self.backend
        if backend is None:
            return []
        found = []
        for i in range(backend.length):
            key = backend.key(i)
            if key and key.startswith(PREFIX):
                found.append(key[len(PREFIX):])
        return sorted(found)

    def read(self, save_id: str) -> str | None:
        text = self._require().getItem(PREFIX + save_id)
        if text:
            self.seen.add(save_id)
        return text

    def entries(self) -> list[SaveEntry]:
        """Every save, newest first; damaged ones carry a `problem` and are listed too."""
        out = []
        for save_id in self.ids():
            text = self._require().getItem(PREFIX + save_id) or ""
            try:
                data = saves.parse(text)
                meta = data.get("meta") or {}
                if not isinstance(meta, dict):  # saves.load refuses it: so must the list
                    raise SaveError("the save's meta data must be an object")
                names = data.get("names")
                names = names[:MAX_LISTED_NAMES] if isinstance(names, list) else []
                out.append(SaveEntry(
                    id=save_id, game=clean_name(data.get("game"), "?"),
                    title=clean_name(meta.get("title"), "A saved game"),
                    names=tuple(clean_name(n, default_name(i)) for i, n in enumerate(names)),
                    turn=int(min(max(saves.finite(meta.get("turn")), 0), 10 ** 9)),
                    updated=saves.finite(meta.get("updated")),
                    over=meta.get("over") is True, edited=meta.get("edited") is True))
            except Exception as exc:  # noqa: BLE001 - one bad save must not hide the others
                out.append(SaveEntry(id=save_id, problem=str(exc)[:300]))
        return sorted(out, key=lambda e: -e.updated)

    def revision(self, save_id: str) -> int:
        """The stored save's revision; 0 when there is none or it cannot be read."""
        text = self.read(save_id)
        if not text:
            return 0
        try:
            return revision_of(saves.parse(text).get("meta"))
        except Exception:  # noqa: BLE001 - a damaged entry has no revision worth keeping
            return 0

    def write(self, save_id: str, text: str, rev: int, force: bool = False) -> None:
        """Store `text` as revision `rev`; refuse if the stored one is newer (another tab)."""
        backend = self._require()
        if not force:
            stored = backend.getItem(PREFIX + save_id)
            if save_id in self.seen and not stored:
                raise DeletedSave(save_id)
            # Unchanged since this page wrote it: no other tab moved it on (parsing a long
            # game's save on every move would cost a phone a frame).
            if stored and stored != self.written.get(save_id) and self.revision(save_id) >= rev:
                raise StaleSave(save_id)
        try:
            backend.setItem(PREFIX + save_id, text)
            self.seen.add(save_id)
            self.written = {save_id: text}
        except Exception as exc:  # QuotaExceededError or SecurityError from the browser
            raise StorageUnavailable(f"the save could not be written ({exc})") from None

    def delete(self, save_id: str) -> None:
        self._require().removeItem(PREFIX + save_id)
        self.seen.discard(save_id)

    def settings(self) -> dict[str, Any]:
        """The player's settings, each checked: a stored value of the wrong kind is dropped."""
        if self.backend is None:
            return {}
        try:
            text = str(self.backend.getItem(SETTINGS_KEY) or "{}")
            if len(text) > 100_000 or saves.too_deep(text):
                return {}
            return clean_settings(json.loads(text))
        except Exception:  # noqa: BLE001 - unreadable settings fall back to the defaults
            return {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        if self.backend is not None:
            try:
                self.backend.setItem(SETTINGS_KEY, json.dumps(settings))
            except Exception:
                pass  # settings are a convenience; losing them is not worth a message


SPEEDS = (0.0, 0.4, 1.0, 2.0)  # the choices the settings panel offers
MAX_BESTS = 500
SEAT_KINDS = ("human", "remote", "easy", "normal", "hard")  # as presenter.SEAT_KINDS
MAX_SEATS, MAX_GAMES, MAX_OPTIONS, MAX_KEY = 12, 20, 20, 40
CONFIRM_SETTINGS = ("touch", "always", "never")  # when a move waits for a confirm (presenter.confirm_step)


def clean_setup(raw: Any) -> dict[str, Any]:
    """One game's last new-game settings: {players, seats, names, options}, each part kept
    only if of the right kind. The dialog checks option values against the game itself."""
    if not isinstance(raw, dict):
        return {}
    out: dict[str, Any] = {}
    players = raw.get("players")
    if isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= MAX_SEATS:
        out["players"] = players
    seats = raw.get("seats")
    if isinstance(seats, list) and all(s in SEAT_KINDS for s in seats):
        out["seats"] = [str(s) for s in seats[:MAX_SEATS]]
    names = raw.get("names")
    if isinstance(names, list):
        out["names"] = [clean_name(n, "") for n in names[:MAX_SEATS]]
    options = raw.get("options")
    if isinstance(options, dict):
        out["options"] = {str(k)[:MAX_KEY]: v for k, v in list(options.items())[:MAX_OPTIONS]
                          if isinstance(v, (bool, int, str)) and not (isinstance(v, str) and len(v) > MAX_KEY)}
    return out


def clean_settings(raw: Any) -> dict[str, Any]:
    """Settings from storage with every value of the kind the page expects, or left out."""
    if not isinstance(raw, dict):
        return {}
    out: dict[str, Any] = {}
    speed = saves.finite(raw.get("speed"), 1.0)
    out["speed"] = speed if speed in SPEEDS else 1.0
    for flag in ("reduced_motion", "high_contrast", "countdown", "ask_to_pass", "auto_pass"):
        if isinstance(raw.get(flag), bool):
            out[flag] = raw[flag]
    for table, kind in (("best", float), ("tutorials", int)):
        given = raw.get(table)
        if isinstance(given, dict):
            out[table] = {str(k)[:200]: kind(saves.finite(v)) for k, v in list(given.items())[:MAX_BESTS]
                          if isinstance(v, (int, float)) and not isinstance(v, bool)}
    if raw.get("confirm") in CONFIRM_SETTINGS:
        out["confirm"] = raw["confirm"]
    if isinstance(raw.get("stun"), str) and len(raw["stun"]) <= 300:
        out["stun"] = raw["stun"]  # checked again where it is used (peers.check_stun)
    setup = raw.get("setup")
    if isinstance(setup, dict):
        out["setup"] = {str(k)[:MAX_KEY]: clean_setup(v) for k, v in list(setup.items())[:MAX_GAMES]
                        if isinstance(v, dict)}
    return out


def stored_names(text: str | None, max_chars: int) -> list[str]:
    """A short JSON list of names kept in the browser's storage, or [] for anything else.
    Whatever is stored must not stop the page: a value too long, or nested deeper than a
    list, is not parsed (parsing one nested thousands deep overflows Pyodide's stack and
    kills the interpreter)."""
    text = "[]" if text is None else text
    if len(text) > max_chars or saves.too_deep(text, 1):
        return []
    try:
        value = json.loads(text)
    except ValueError:
        return []
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def new_id(game_id: str, now: float | None = None) -> str:
    now = time.time() if now is None else now
    return f"{game_id}-{int(now * 1000):x}"


class MemoryBackend:
    """A dict with the Web Storage API, for tests (and a stand-in nowhere else)."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, index: int) -> str | None:
        keys = list(self.data)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)
