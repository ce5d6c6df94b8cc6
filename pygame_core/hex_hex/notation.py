"""HEX-HEX XL's actions: small frozen values whose `str()` is the notation of logs and saves.

Seats are numbers from 0, Hexes are `h<id>` and targets `>1,2`:
`play boostl h0 >2`, `play dismiss h1 real=left` (a face-down card under Deception),
`hexed h0`, `cast 2`, `null 0` (the first card waiting in the window), `react 450`.
Chance's actions are `dealer 1`, `draw left`, `lose left`, `pick left` and `steal left`.
`parse_action(str(a)) == a` for every action the rules offer.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import IllegalActionError
from .components import CARDS_BY_ID, SIGNS

RACE_STEP = 50
RACE_MAX = 2000
RACE_TIMES = tuple(range(0, RACE_MAX + 1, RACE_STEP))
"""Reaction times a seat may submit, in ms (the page rounds and caps what it measures)."""

EFFECTS = ("ward", "deception", "charm")
"""Standing effects Eradicate ends, by the word the notation uses."""


def _seats(to: tuple[int, ...]) -> str:
    return (" >" + ",".join(str(t) for t in to)) if to else ""


@dataclass(frozen=True, slots=True)
class Play:
    """Answer Hex `hex` with `card` (aimed at `to`); `real` is the face-down card under Deception."""
    card: str
    hex: int
    to: tuple[int, ...] = ()
    real: str = ""

    def __str__(self) -> str:
        return f"play {self.card} h{self.hex}{_seats(self.to)}" + (f" real={self.real}" if self.real else "")


@dataclass(frozen=True, slots=True)
class Take:
    """No card can answer Hex `hex`: it goes off on you."""
    hex: int

    def __str__(self) -> str:
        return f"hexed h{self.hex}"


@dataclass(frozen=True, slots=True)
class Cast:
    """The round's caster names The Intended."""
    target: int

    def __str__(self) -> str:
        return f"cast {self.target}"


@dataclass(frozen=True, slots=True)
class Dealer:
    """Chance picks the first dealer; in a last or tie-break round the player with least Voice does."""
    seat: int

    def __str__(self) -> str:
        return f"dealer {self.seat}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the cards in a response window take effect."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Null:
    """Cancel pending play number `item` of the current window."""
    item: int

    def __str__(self) -> str:
        return f"null {self.item}"


@dataclass(frozen=True, slots=True)
class Detonate:
    """Blow up the Hex a card is sending to `target` as it arrives."""
    target: int

    def __str__(self) -> str:
        return f"detonate {self.target}"


@dataclass(frozen=True, slots=True)
class Eradicate:
    """End a standing effect (one of `EFFECTS`) on `target`."""
    effect: str
    target: int

    def __str__(self) -> str:
        return f"eradicate {self.effect} {self.target}"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Call a face-down claim under Deception a lie."""

    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True, slots=True)
class HexHex:
    """Play HEX-HEX: everyone else races, every Hex is dropped and the round ends."""

    def __str__(self) -> str:
        return "hexhex"


@dataclass(frozen=True, slots=True)
class React:
    """A reaction time in the HEX-HEX race."""
    ms: int

    def __str__(self) -> str:
        return f"react {self.ms}"


@dataclass(frozen=True, slots=True)
class Sign:
    """Rock, paper or scissors for a Hex Sign."""
    sign: str

    def __str__(self) -> str:
        return f"sign {self.sign}"


@dataclass(frozen=True, slots=True)
class Suffer:
    """Which play-only-when-HEXED card to play for this Hex."""
    card: str

    def __str__(self) -> str:
        return f"suffer {self.card}"


@dataclass(frozen=True, slots=True)
class Spite:
    """Give up `amount` Voice so that `target` loses twice that (0: give up nothing)."""
    amount: int
    target: int = -1

    def __str__(self) -> str:
        return f"spite {self.amount}" + (f" >{self.target}" if self.amount else "")


@dataclass(frozen=True, slots=True)
class Strike:
    """The law of striking back: `target` loses 1 Voice."""
    target: int

    def __str__(self) -> str:
        return f"strike {self.target}"


@dataclass(frozen=True, slots=True)
class Law:
    """A game's winner adds a law (see laws.py) for the rest of the series."""
    code: str

    def __str__(self) -> str:
        return f"law {self.code}"


# chance
@dataclass(frozen=True, slots=True)
class Draw:
    """A card from the deck (any remaining card, equally likely)."""
    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class Lose:
    """A random discard (Cut to the Chase, Choke)."""
    card: str

    def __str__(self) -> str:
        return f"lose {self.card}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Blind Hex pulls a card from the Intended's hand."""
    card: str

    def __str__(self) -> str:
        return f"pick {self.card}"


@dataclass(frozen=True, slots=True)
class Steal:
    """Theft of Thought takes a card from the targeter's hand."""
    card: str

    def __str__(self) -> str:
        return f"steal {self.card}"


HexAction = (Play | Take | Cast | Dealer | Pass | Null | Detonate | Eradicate | Challenge | HexHex
             | React | Sign | Suffer | Spite | Strike | Law | Draw | Lose | Pick | Steal)

_SEAT_ACTIONS: dict[str, type[Cast | Dealer | Null | Detonate | React | Strike]] = {
    "cast": Cast, "dealer": Dealer, "null": Null, "detonate": Detonate, "react": React, "strike": Strike}
_CARD_ACTIONS: dict[str, type[Suffer | Draw | Lose | Pick | Steal]] = {
    "suffer": Suffer, "draw": Draw, "lose": Lose, "pick": Pick, "steal": Steal}


def _card(text: str) -> str:
    if text not in CARDS_BY_ID:
        raise ValueError(text)
    return text


def _seat_list(text: str) -> tuple[int, ...]:
    if not text.startswith(">"):
        raise ValueError(text)
    return tuple(int(t) for t in text[1:].split(","))


def _hex_number(text: str) -> int:
    if not text.startswith("h"):
        raise ValueError(text)
    return int(text[1:])


def _play(card: str, hexword: str, extras: list[str]) -> Play:
    to: tuple[int, ...] = ()
    real = ""
    for extra in extras:
        if extra.startswith(">"):
            to = _seat_list(extra)
        elif extra.startswith("real="):
            real = _card(extra[5:])
        else:
            raise ValueError(extra)
    return Play(_card(card), _hex_number(hexword), to, real)


def _read(words: list[str]) -> HexAction | None:
    match words:
        case ["play", card, hexword, *extras]:
            return _play(card, hexword, extras)
        case ["pass"]:
            return Pass()
        case ["challenge"]:
            return Challenge()
        case ["hexhex"]:
            return HexHex()
        case ["hexed", hexword] if hexword.startswith("h"):
            return Take(_hex_number(hexword))
        case [head, number] if head in _SEAT_ACTIONS:
            return _SEAT_ACTIONS[head](int(number))
        case ["eradicate", effect, target] if effect in EFFECTS:
            return Eradicate(effect, int(target))
        case ["sign", sign] if sign in SIGNS:
            return Sign(sign)
        case [head, card] if head in _CARD_ACTIONS:
            return _CARD_ACTIONS[head](_card(card))
        case ["spite", amount]:
            return Spite(int(amount))
        case ["spite", amount, target]:
            return Spite(int(amount), _seat_list(target)[0])
        case ["law", code]:
            return Law(code)
    return None


def parse_action(text: str) -> HexAction:
    """The action a notation names; IllegalActionError for text that names none."""
    try:
        action = _read(text.strip().split())
    except (ValueError, IndexError):
        action = None
    if action is None:
        raise IllegalActionError(f"{text!r} is not a HEX-HEX XL action")
    return action
