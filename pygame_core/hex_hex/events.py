"""What just happened at a HEX-HEX XL table, as typed values.

The state keeps the latest few events (`HexHexState.events`); each seat's view carries them
as JSON (`{"kind": "plays", "seat": 1, "card": "left", "hex": 0, "to": [2]}`) and the view
module puts them into words. An event also writes its entries for the match's log
(`HexEvent.log`, through `State.emit`); the few log entries that need more than the event
holds (who sent a Hex that went off, the race's losses) are emitted by the rules beside it.

The state's JSON keeps each event as the sentence the first version of the game wrote
("S1 plays Turn Aside Left on h0 to S2"): every save's digest is taken from that JSON, so
the sentences cannot change. `legacy_text` writes an event so and `from_legacy_text` reads
it back; both follow the one template per event (`TEXTS`), and nothing else reads them.
"""

from __future__ import annotations

import functools
import string
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..engine import Event
from .components import CARDS, CARDS_BY_ID, SIGNS
from .laws import CODES_BY_TEXT, law_text
from .notation import EFFECTS


@dataclass(frozen=True, slots=True)
class HexEvent:
    """Base of the events; `kind` names it in JSON, `TEXTS` are its sentences in the state's
    JSON (the first whose fields are all set is used: optional parts are left out)."""

    kind: ClassVar[str] = ""
    TEXTS: ClassVar[tuple[str, ...]] = ()

    def log(self) -> tuple[Event, ...]:
        """Its entries for the match's log (none: the action's own words say it)."""
        return ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = [list(v) if isinstance(v, tuple) else v for v in value] \
                if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True, slots=True)
class DealerPicked(HexEvent):
    kind = "picks"
    TEXTS = ("{seat} picks {dealer} to deal and will cast",)
    seat: int
    dealer: int


@dataclass(frozen=True, slots=True)
class FateTurned(HexEvent):
    kind = "fate"
    TEXTS = ("Fate turns over {card} for {seat}",)
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class ThrownAway(HexEvent):
    """A random discard, face down: nobody else learns the card."""
    kind = "thrown"
    TEXTS = ("{seat} throws away a card at random, face down",)
    seat: int


@dataclass(frozen=True, slots=True)
class BlindForced(HexEvent):
    kind = "blind_forced"
    TEXTS = ("Blind Hex pulls {card} from {seat}: it must be played",)
    seat: int
    card: str

    def log(self) -> tuple[Event, ...]:
        return (Event("blind", seat=self.seat, amount=1, subject=self.card),)


@dataclass(frozen=True, slots=True)
class BlindWasted(HexEvent):
    kind = "blind_wasted"
    TEXTS = ("Blind Hex pulls {card} from {seat}: no good, thrown away",)
    seat: int
    card: str

    def log(self) -> tuple[Event, ...]:
        return (Event("blind", seat=self.seat, amount=0, subject=self.card),)


@dataclass(frozen=True, slots=True)
class CastAt(HexEvent):
    kind = "cast"
    TEXTS = ("{seat} casts the Hex on {target}",)
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Spited(HexEvent):
    """`seat` gave up `given` Voice out of Spite; `target` lost `lost`."""
    kind = "spite"
    TEXTS = ("{seat} gives up {given}: {target} loses {lost}",)
    seat: int
    given: int
    target: int
    lost: int

    def log(self) -> tuple[Event, ...]:
        return (Event("lose", seat=self.seat, amount=self.given, subject="sacrifice", other=self.target),
                Event("lose", seat=self.target, amount=self.lost, subject="spite", other=self.seat))


@dataclass(frozen=True, slots=True)
class StruckBack(HexEvent):
    kind = "strike"
    TEXTS = ("{seat} strikes back: {target} loses {lost}",)
    seat: int
    target: int
    lost: int

    def log(self) -> tuple[Event, ...]:
        return (Event("lose", seat=self.target, amount=self.lost, subject="strike", other=self.seat),)


@dataclass(frozen=True, slots=True)
class AnswersRevealed(HexEvent):
    """A volley's face-down answers are turned up (the window's cards say which)."""
    kind = "revealed_answers"
    TEXTS = ("The readied answers are revealed together",)


@dataclass(frozen=True, slots=True)
class ChallengeFailed(HexEvent):
    """`seat` challenged `liar`'s face-down card, which really was `card`."""
    kind = "challenge_failed"
    TEXTS = ("{seat} challenges {liar}: it really is {card}; {seat} loses {lost}",)
    seat: int
    liar: int
    card: str
    lost: int

    def log(self) -> tuple[Event, ...]:
        return (Event("challenge", seat=self.seat, amount=self.lost, subject=self.card, other=self.liar),)


@dataclass(frozen=True, slots=True)
class BluffCaught(HexEvent):
    """`seat` challenged `liar`, whose face-down card was `card`, not the card named."""
    kind = "bluff_caught"
    TEXTS = ("{seat} challenges {liar}: caught bluffing with {card}",)
    seat: int
    liar: int
    card: str

    def log(self) -> tuple[Event, ...]:
        return (Event("caught", seat=self.liar, subject=self.card, other=self.seat),)


@dataclass(frozen=True, slots=True)
class Eradicated(HexEvent):
    kind = "eradicated"
    TEXTS = ("{seat} eradicates the {effect} on {target}",)
    seat: int
    effect: str
    target: int

    def log(self) -> tuple[Event, ...]:
        return (Event("eradicated", seat=self.seat, subject=self.effect, other=self.target),)


@dataclass(frozen=True, slots=True)
class Cancelled(HexEvent):
    kind = "cancelled"
    TEXTS = ("{seat}'s {card} is cancelled",)
    seat: int
    card: str

    def log(self) -> tuple[Event, ...]:
        return (Event("cancelled", seat=self.seat, subject=self.card),)


@dataclass(frozen=True, slots=True)
class Detonated(HexEvent):
    kind = "detonate"
    TEXTS = ("{seat} detonates the Hex on {target}",)
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class NullReturned(HexEvent):
    """`seat` Nulled the card that sent them Hex `hex`: it went back to `back_to`."""
    kind = "returned"
    TEXTS = ("{seat} Nulls the card that sent them {hex}: it returns to {back_to}",)
    seat: int
    hex: int
    back_to: int

    def log(self) -> tuple[Event, ...]:
        return (Event("returned", seat=self.seat, other=self.back_to),)


@dataclass(frozen=True, slots=True)
class Played(HexEvent):
    """`seat`'s answer `card` took effect on Hex `hex`, sending it to `to` (if anywhere)."""
    kind = "plays"
    TEXTS = ("{seat} plays {card} on {hex} to {to}", "{seat} plays {card} on {hex}")
    seat: int
    card: str
    hex: int
    to: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class WhatTheHex(HexEvent):
    kind = "whatthehex"
    TEXTS = ("The Hex goes off on {seat}, who plays What the Hex: +{gained}",)
    seat: int
    gained: int


@dataclass(frozen=True, slots=True)
class Levelled(HexEvent):
    kind = "level"
    TEXTS = ("The Hex goes off on {seat}, who plays Level",)
    seat: int


@dataclass(frozen=True, slots=True)
class WentOff(HexEvent):
    """A Hex went off on `seat`, who lost `lost` (and played `card` when HEXED); its sender
    `by` gained `gained`."""
    kind = "hexed"
    TEXTS = ("HEXED: {seat} loses {lost} with {card}, {by} gains {gained}",
             "HEXED: {seat} loses {lost} with {card}",
             "HEXED: {seat} loses {lost}, {by} gains {gained}",
             "HEXED: {seat} loses {lost}")
    seat: int
    lost: int
    card: str = ""
    by: int | None = None
    gained: int | None = None


@dataclass(frozen=True, slots=True)
class Shouted(HexEvent):
    kind = "shout"
    TEXTS = ("{seat} shouts HEX-HEX!",)
    seat: int


@dataclass(frozen=True, slots=True)
class RaceLost(HexEvent):
    """The slowest in a HEX-HEX race: (seat, reaction time in ms) each."""
    kind = "race"
    TEXTS = ("HEX-HEX: slowest {slowest}",)
    slowest: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class SignShown(HexEvent):
    kind = "hexsign"
    TEXTS = ("Hex Sign of {seat}: {sign}",)
    seat: int
    sign: str


@dataclass(frozen=True, slots=True)
class RoundEnded(HexEvent):
    kind = "round_end"
    TEXTS = ("Round {round} ends: Voice {voice}",)
    round: int
    voice: tuple[int, ...]

    def log(self) -> tuple[Event, ...]:
        return (Event("round_end", amount=self.round, subject=" ".join(str(v) for v in self.voice)),)


@dataclass(frozen=True, slots=True)
class GameWon(HexEvent):
    kind = "game_won"
    TEXTS = ("Game {game} won by {winners}",)
    game: int
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LawLaid(HexEvent):
    kind = "law"
    TEXTS = ("New law: {law}",)
    law: str


@dataclass(frozen=True, slots=True)
class Reshuffled(HexEvent):
    kind = "reshuffle"
    TEXTS = ("The deck is empty: the discards are shuffled into a new deck",)

    def log(self) -> tuple[Event, ...]:
        return (Event("reshuffle"),)


@dataclass(frozen=True, slots=True)
class TieBreak(HexEvent):
    kind = "tiebreak"
    TEXTS = ("Tie-break round {number}: every gain and loss counts double",)
    number: int

    def log(self) -> tuple[Event, ...]:
        return (Event("tiebreak", amount=self.number),)


@dataclass(frozen=True, slots=True)
class DealtRevealed(HexEvent):
    """A card that acts when dealt is turned up."""
    kind = "revealed"
    TEXTS = ("{seat} reveals {card}",)
    seat: int
    card: str

    def log(self) -> tuple[Event, ...]:
        return (Event("revealed", seat=self.seat, subject=self.card),)


EVENT_TYPES: tuple[type[HexEvent], ...] = (
    DealerPicked, FateTurned, ThrownAway, BlindForced, BlindWasted, CastAt, Spited, StruckBack,
    AnswersRevealed, ChallengeFailed, BluffCaught, Eradicated, Cancelled, Detonated, NullReturned,
    Played, WhatTheHex, Levelled, WentOff, Shouted, RaceLost, SignShown, RoundEnded, GameWon,
    LawLaid, Reshuffled, TieBreak, DealtRevealed)
EVENTS_BY_KIND = {t.kind: t for t in EVENT_TYPES}
assert len(EVENTS_BY_KIND) == len(EVENT_TYPES)


# -- the sentences of the state's JSON ------------------------------------------------------------
_SEAT_SLOTS = frozenset({"seat", "dealer", "target", "liar", "by", "back_to"})
_CARD_IDS = {c.name: c.id for c in CARDS}
_WORDS = {"effect": EFFECTS, "sign": SIGNS}


def _write_slot(name: str, value: Any) -> str:
    if name in _SEAT_SLOTS:
        return f"S{value}"
    if name == "hex":
        return f"h{value}"
    if name == "card":
        return CARDS_BY_ID[value].name
    if name in ("to", "winners"):
        return ", ".join(f"S{s}" for s in value)
    if name == "slowest":
        return ", ".join(f"S{s} ({ms} ms)" for s, ms in value)
    if name == "voice":
        return " ".join(str(v) for v in value)
    if name == "law":
        return law_text(value)
    return str(value)


def _seat(text: str) -> int:
    if not text.startswith("S"):
        raise ValueError(text)
    return int(text[1:])


def _timed(text: str) -> tuple[int, int]:
    seat, _, ms = text.partition(" (")
    if not ms.endswith(" ms)"):
        raise ValueError(text)
    return _seat(seat), int(ms[:-4])


def _read_slot(name: str, text: str) -> Any:
    """The value a slot's text stands for; ValueError/KeyError when it stands for none."""
    if name in _SEAT_SLOTS:
        return _seat(text)
    if name == "hex":
        if not text.startswith("h"):
            raise ValueError(text)
        return int(text[1:])
    if name == "card":
        return _CARD_IDS[text]
    if name in ("to", "winners"):
        return tuple(_seat(t) for t in text.split(", "))
    if name == "slowest":
        return tuple(_timed(t) for t in text.split(", "))
    if name == "voice":
        return tuple(int(v) for v in text.split(" "))
    if name == "law":
        return CODES_BY_TEXT[text]
    if name in _WORDS:
        if text not in _WORDS[name]:
            raise ValueError(text)
        return text
    return int(text)


def _set(value: Any) -> bool:
    return value is not None and value != "" and value != ()


@functools.lru_cache(maxsize=None)
def _slots(template: str) -> list[tuple[str, str | None]]:
    """A template as (literal text, slot name or None) pieces (made once per template)."""
    return [(literal, name) for literal, name, _, _ in string.Formatter().parse(template)]


@functools.lru_cache(maxsize=4096)
def legacy_text(event: HexEvent) -> str:
    """The event as the sentence the state's JSON keeps."""
    present = {f.name for f in fields(event) if _set(getattr(event, f.name))}
    for template in event.TEXTS:
        pieces = _slots(template)
        if {name for _, name in pieces if name} == present:
            return "".join(literal + (_write_slot(name, getattr(event, name)) if name else "")
                           for literal, name in pieces)
    raise ValueError(f"no sentence for {event!r}")


def _match(pieces: list[tuple[str, str | None]], text: str, pos: int,
           found: dict[str, Any]) -> dict[str, Any] | None:
    """Slot values that make `pieces` read `text[pos:]`, trying every split (templates are short)."""
    if not pieces:
        return found if pos == len(text) else None
    (literal, name), rest = pieces[0], pieces[1:]
    if not text.startswith(literal, pos):
        return None
    pos += len(literal)
    if name is None:
        return _match(rest, text, pos, found)
    follow = rest[0][0] if rest else ""
    ends = [len(text)] if not follow else \
        [i for i in range(pos, len(text)) if text.startswith(follow, i)]
    for end in ends:
        try:
            value = _read_slot(name, text[pos:end])
        except (ValueError, KeyError):
            continue
        if name in found and found[name] != value:
            continue
        result = _match(rest, text, end, {**found, name: value})
        if result is not None:
            return result
    return None


def from_legacy_text(text: str) -> HexEvent:
    """The event a sentence of the state's JSON stands for; ValueError for any other text."""
    if not isinstance(text, str):
        raise ValueError(f"an event should be text, not {text!r}")
    return _read_legacy(text)


@functools.lru_cache(maxsize=4096)   # events are values, and a game's states share most of theirs
def _read_legacy(text: str) -> HexEvent:
    for kind in EVENT_TYPES:
        for template in kind.TEXTS:
            pieces = _slots(template)
            if not text.startswith(pieces[0][0]):
                continue
            values = _match(pieces, text, 0, {})
            if values is not None:
                event = kind(**values)
                if legacy_text(event) == text:
                    return event
    raise ValueError(f"unknown event {text!r}")
