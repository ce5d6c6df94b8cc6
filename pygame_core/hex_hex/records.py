"""The pieces of a HEX-HEX XL position: Hexes, cards waiting in a window, steps of the turn
flow, and the results the table remembers.

Each knows its JSON, which is the shape the state has always had: a save's digest is taken
from the state's JSON, so these shapes are part of every save (`to_json` writes them,
`from_json` reads them back and raises ValueError/KeyError/TypeError on bad data).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .components import CARDS_BY_ID


def _int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{what} should be a whole number, not {value!r}")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} should be text, not {value!r}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} should be true or false, not {value!r}")
    return value


def _card(value: Any, what: str) -> str:
    if value not in CARDS_BY_ID:
        raise ValueError(f"{what} names no card: {value!r}")
    return str(value)


def _seats(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{what} should be a list of seats")
    return tuple(_int(v, what) for v in value)


# -- Hexes ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Snapshot:
    """A Hex as it was before the card that moved it: an in-turn Null puts it back so."""
    at: int
    by: int
    boost: int
    obs: int
    esc: int
    mad: str

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "by": self.by, "boost": self.boost, "obs": self.obs,
                "esc": self.esc, "mad": self.mad}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Snapshot:
        return cls(_int(data["at"], "at"), _int(data["by"], "by"), _int(data["boost"], "boost"),
                   _int(data["obs"], "obs"), _int(data["esc"], "esc"), _str(data["mad"], "mad"))


@dataclass(slots=True)
class Hex:
    """One Hex in play: on whom it is (`at`), who sent it (`by`, -1 for nobody) and its markers.

    `mad` is "L" or "R" under a Maddening Compulsion; `force` a card that must answer it (Fate,
    Blind Hex); `back` what it was before the card that sent it, while that card may be Nulled.
    """
    id: int
    at: int
    by: int
    boost: int = 0
    obs: int = 0
    esc: int = 0
    mad: str = ""
    force: str = ""
    back: Snapshot | None = None

    @property
    def loss(self) -> int:
        """The Voice it takes when it goes off: 1, plus its boosts and escalations."""
        return 1 + self.boost + self.esc

    @property
    def markers(self) -> int:
        """Enhanced tokens on it."""
        return self.boost + self.obs + (1 if self.mad else 0)

    def snapshot(self) -> Snapshot:
        return Snapshot(self.at, self.by, self.boost, self.obs, self.esc, self.mad)

    def restore(self, was: Snapshot) -> None:
        self.at, self.by, self.boost, self.obs, self.esc, self.mad = (
            was.at, was.by, was.boost, was.obs, was.esc, was.mad)

    def copy(self) -> Hex:
        return Hex(self.id, self.at, self.by, self.boost, self.obs, self.esc, self.mad, self.force, self.back)

    def public(self) -> dict[str, Any]:
        """What every seat sees of it."""
        return {"id": self.id, "at": self.at, "by": self.by, "boost": self.boost, "obs": self.obs,
                "esc": self.esc, "mad": self.mad, "force": self.force}

    def to_json(self) -> dict[str, Any]:
        return self.public() | {"back": None if self.back is None else self.back.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hex:
        back = data["back"]
        mad = _str(data["mad"], "a Hex's direction")
        force = _str(data["force"], "a Hex's forced card")
        if mad not in ("", "L", "R") or (force and force not in CARDS_BY_ID):
            raise ValueError(f"bad Hex {data!r}")
        return cls(_int(data["id"], "id"), _int(data["at"], "at"), _int(data["by"], "by"),
                   _int(data["boost"], "boost"), _int(data["obs"], "obs"), _int(data["esc"], "esc"),
                   mad, force, None if back is None else Snapshot.from_json(back))


# -- cards waiting in a window (and face-down answers of a volley) ---------------------------
@dataclass(slots=True)
class Answer:
    """A card played to answer Hex `hex`: `card` is what it does, `real` the card that left the
    hand (another one under Deception: `deceit`). A challenge turns it up (`challenged`) and
    may catch the lie (`caught`)."""
    seat: int
    hex: int
    card: str
    to: tuple[int, ...]
    real: str
    deceit: bool = False
    challenged: bool = False
    caught: bool = False

    def copy(self) -> Answer:
        return Answer(self.seat, self.hex, self.card, self.to, self.real, self.deceit, self.challenged,
                      self.caught)

    def to_json(self) -> dict[str, Any]:
        data = {"kind": "play", "seat": self.seat, "hex": self.hex, "card": self.card,
                "to": list(self.to), "real": self.real, "deceit": self.deceit,
                "challenged": self.challenged}
        return data | {"caught": True} if self.caught else data


@dataclass(frozen=True, slots=True)
class Taken:
    """No answer: Hex `hex` goes off on `seat`."""
    seat: int
    hex: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "take", "seat": self.seat, "hex": self.hex}


@dataclass(frozen=True, slots=True)
class NullCard:
    """Null played in a window on the card waiting at index `target`."""
    card: ClassVar[str] = "null"
    seat: int
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "null", "seat": self.seat, "target": self.target}


@dataclass(frozen=True, slots=True)
class DetonateCard:
    """Detonate played on the Hex arriving at `target`."""
    card: ClassVar[str] = "detonate"
    seat: int
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "detonate", "seat": self.seat, "target": self.target}


@dataclass(frozen=True, slots=True)
class EradicateCard:
    """Eradicate played on `target`'s standing `effect`."""
    card: ClassVar[str] = "eradicate"
    seat: int
    effect: str
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "eradicate", "seat": self.seat, "effect": self.effect, "target": self.target}


Response = NullCard | DetonateCard | EradicateCard
"""Cards played out of turn, one at a time, after the answers."""
Item = Answer | Taken | Response
"""Anything waiting in a response window."""


def item_from_json(data: dict[str, Any]) -> Item:
    seat = _int(data["seat"], "a card's player")
    match data["kind"]:
        case "play":
            caught = data.get("caught", False)
            return Answer(seat, _int(data["hex"], "hex"), _card(data["card"], "an answer"),
                          _seats(data["to"], "targets"), _card(data["real"], "an answer"),
                          _bool(data["deceit"], "deceit"), _bool(data["challenged"], "challenged"),
                          _bool(caught, "caught"))
        case "take":
            return Taken(seat, _int(data["hex"], "hex"))
        case "null":
            return NullCard(seat, _int(data["target"], "target"))
        case "detonate":
            return DetonateCard(seat, _int(data["target"], "target"))
        case "eradicate":
            return EradicateCard(seat, _str(data["effect"], "effect"), _int(data["target"], "target"))
    raise ValueError(f"unknown card in a window: {data!r}")


def copy_item(item: Item) -> Item:
    """An independent copy (only answers change once played)."""
    return item.copy() if isinstance(item, Answer) else item


# -- the turn flow ------------------------------------------------------------------------------
# Steps of the queue (`State.jobs`): the head is always a decision or a chance event; steps
# that need no choice run as soon as they reach the head. Each step is a value: progress
# replaces it with an updated one.
@dataclass(frozen=True, slots=True)
class FirstDealer:
    """Chance draws the first dealer."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer deals a round's hands."""


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Chance draws a card for `seat`: for Fate (`why` "fate") or for Theft of Thought with an
    empty-handed victim, `hex` is the Hex being answered; a deal or Marked Man has -1."""
    seat: int
    why: str = ""
    hex: int = -1


@dataclass(frozen=True, slots=True)
class WhenDealt:
    """Cards that act when dealt take effect, one at a time."""


@dataclass(frozen=True, slots=True)
class Trim:
    """Random discards from `seat`'s hand until `keep` cards are left."""
    seat: int
    keep: int


@dataclass(frozen=True, slots=True)
class BlindPull:
    """Blind Hex pulls cards from `seat`'s hand until one answers Hex `hex`."""
    seat: int
    hex: int


@dataclass(frozen=True, slots=True)
class StealCard:
    """Theft of Thought: `seat` takes a random card from `victim`'s hand."""
    seat: int
    victim: int
    hex: int


@dataclass(frozen=True, slots=True)
class PickDealer:
    """The player with least Voice picks the dealer of the last (or a tie-break) round."""
    seat: int


@dataclass(frozen=True, slots=True)
class CastHex:
    """The caster names The Intended."""


@dataclass(frozen=True, slots=True)
class Answering:
    """Every Hex in play waits for its Intended's answer (face down when there are several)."""


@dataclass(frozen=True, slots=True)
class Window:
    """A response window after a play: each other seat in turn from `anchor`'s left (the anchor
    too when `with_anchor`), `at` of them asked so far."""
    anchor: int
    with_anchor: bool = False
    at: int = 0


@dataclass(frozen=True, slots=True)
class Resolve:
    """The cards of a window take effect."""


@dataclass(frozen=True, slots=True)
class GoOff:
    """Hex `hex` goes off on `seat` (for `fixed` Voice after a caught bluff, else its loss)."""
    seat: int
    hex: int
    fixed: int = 0


@dataclass(frozen=True, slots=True)
class SpiteChoice:
    """`seat` played Spite: how much to give up, and against whom."""
    seat: int


@dataclass(frozen=True, slots=True)
class StrikeChoice:
    """The law of striking back: `seat` names who loses 1."""
    seat: int


@dataclass(frozen=True, slots=True)
class Race:
    """The HEX-HEX race `caller` started: reaction times so far, by seat."""
    caller: int
    times: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SignChoice:
    """A Hex Sign of `player`: everyone's sign so far, by seat."""
    player: int
    signs: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class LawChoice:
    """A game of a series is won: `seat` lays down a law."""
    seat: int


@dataclass(frozen=True, slots=True)
class EndRound:
    """No Hex is left: the round ends."""


@dataclass(frozen=True, slots=True)
class NewRound:
    """The next round starts."""


@dataclass(frozen=True, slots=True)
class EndGame:
    """The last round is over: the game (or a game of the series) is won."""


@dataclass(frozen=True, slots=True)
class Over:
    """Nothing is left to do."""


Job = (FirstDealer | Deal | DrawCard | WhenDealt | Trim | BlindPull | StealCard | PickDealer
       | CastHex | Answering | Window | Resolve | GoOff | SpiteChoice | StrikeChoice | Race
       | SignChoice | LawChoice | EndRound | NewRound | EndGame | Over)

CHANCE_JOBS = (FirstDealer, DrawCard, Trim, BlindPull, StealCard)
DECISION_JOBS = (PickDealer, CastHex, Answering, Window, GoOff, SpiteChoice, StrikeChoice, Race,
                 SignChoice, LawChoice)
WAITING_JOBS = CHANCE_JOBS + DECISION_JOBS
"""Steps that wait for someone (chance included); the others run as soon as they are reached."""

_NAMES: dict[type, str] = {
    FirstDealer: "first", Deal: "deal", DrawCard: "draw", WhenDealt: "pwd", Trim: "trim",
    BlindPull: "blind", StealCard: "steal", PickDealer: "pick", CastHex: "cast", Answering: "play",
    Window: "window", Resolve: "resolve", GoOff: "boom", SpiteChoice: "spite",
    StrikeChoice: "strike", Race: "race", SignChoice: "sign", LawChoice: "law",
    EndRound: "endround", NewRound: "newround", EndGame: "endgame", Over: "over",
}
_PLAIN: dict[str, Job] = {"first": FirstDealer(), "deal": Deal(), "pwd": WhenDealt(),
                          "cast": CastHex(), "play": Answering(), "resolve": Resolve(),
                          "endround": EndRound(), "newround": NewRound(), "endgame": EndGame(),
                          "over": Over()}


_SEAT_STEPS: dict[str, type[PickDealer | SpiteChoice | StrikeChoice | LawChoice]] = {
    "pick": PickDealer, "spite": SpiteChoice, "strike": StrikeChoice, "law": LawChoice}


def job_name(job: Job) -> str:
    """The step's name: the view's `phase`, and the head of its JSON."""
    return _NAMES[type(job)]


def job_to_json(job: Job) -> list[Any]:
    match job:
        case DrawCard(seat, why, hexid):
            return ["draw", seat, why, hexid]
        case Trim(seat, keep):
            return ["trim", seat, keep]
        case BlindPull(seat, hexid):
            return ["blind", seat, hexid]
        case StealCard(seat, victim, hexid):
            return ["steal", seat, victim, hexid]
        case PickDealer(seat) | SpiteChoice(seat) | StrikeChoice(seat) | LawChoice(seat):
            return [job_name(job), seat]
        case Window(anchor, with_anchor, at):
            return ["window", anchor, int(with_anchor), at]
        case GoOff(seat, hexid, fixed):
            return ["boom", seat, hexid, fixed]
        case Race(caller, times):
            return ["race", caller, {str(s): ms for s, ms in times.items()}]
        case SignChoice(player, signs):
            return ["sign", player, {str(s): x for s, x in signs.items()}]
    return [job_name(job)]


def job_from_json(data: Any) -> Job:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError(f"unknown step {data!r}")
    name, args = data[0], data[1:]
    if name in _PLAIN and not args:
        return _PLAIN[name]
    match name, args:
        case "draw", [seat, why, hexid] if why in ("", "fate"):
            return DrawCard(_int(seat, "seat"), why, _int(hexid, "hex"))
        case "trim", [seat, keep]:
            return Trim(_int(seat, "seat"), _int(keep, "cards kept"))
        case "blind", [seat, hexid]:
            return BlindPull(_int(seat, "seat"), _int(hexid, "hex"))
        case "steal", [seat, victim, hexid]:
            return StealCard(_int(seat, "seat"), _int(victim, "seat"), _int(hexid, "hex"))
        case "pick" | "spite" | "strike" | "law", [seat]:
            return _SEAT_STEPS[name](_int(seat, "seat"))
        case "window", [anchor, with_anchor, at] if with_anchor in (0, 1):
            return Window(_int(anchor, "seat"), bool(with_anchor), _int(at, "seats asked"))
        case "boom", [seat, hexid, fixed]:
            return GoOff(_int(seat, "seat"), _int(hexid, "hex"), _int(fixed, "loss"))
        case "race", [caller, dict() as times]:
            return Race(_int(caller, "seat"), {int(s): _int(ms, "time") for s, ms in times.items()})
        case "sign", [player, dict() as signs]:
            return SignChoice(_int(player, "seat"), {int(s): _str(x, "sign") for s, x in signs.items()})
    raise ValueError(f"unknown step {data!r}")


# -- what the table remembers ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RaceResult:
    """The last HEX-HEX race: who called it, everyone's time, the slowest and what they lost."""
    caller: int
    times: dict[int, int]
    losers: tuple[int, ...]
    lost: dict[int, int]

    def to_json(self) -> dict[str, Any]:
        return {"caller": self.caller, "times": {str(s): ms for s, ms in sorted(self.times.items())},
                "losers": list(self.losers), "lost": {str(s): n for s, n in self.lost.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RaceResult:
        return cls(_int(data["caller"], "caller"),
                   {int(s): _int(ms, "time") for s, ms in data["times"].items()},
                   _seats(data["losers"], "losers"),
                   {int(s): _int(n, "loss") for s, n in data["lost"].items()})


@dataclass(frozen=True, slots=True)
class SignResult:
    """The last Hex Sign: whose it was, everyone's sign and each other seat's change of Voice."""
    player: int
    signs: dict[int, str]
    change: dict[int, int]

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "signs": {str(s): x for s, x in sorted(self.signs.items())},
                "change": {str(s): n for s, n in self.change.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SignResult:
        return cls(_int(data["player"], "player"),
                   {int(s): _str(x, "sign") for s, x in data["signs"].items()},
                   {int(s): _int(n, "change") for s, n in data["change"].items()})


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """Everyone's Voice at the end of a round (for the summary)."""
    round: int
    tiebreak: int
    voice: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tiebreak": self.tiebreak, "voice": list(self.voice)}

    @classmethod
    def from_json(cls, data: Any, players: int) -> RoundRecord:
        if not isinstance(data, dict):
            raise ValueError(f"bad round record {data!r}")
        voice = _seats(data.get("voice"), "a round's Voice")
        if len(voice) != players:
            raise ValueError(f"bad round record {data!r}")
        return cls(_int(data.get("round"), "round"), _int(data.get("tiebreak"), "tie-break"), voice)
