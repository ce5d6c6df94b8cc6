"""HEX-HEX XL: a card game of passing a curse around the table, for 3-6 players.

Imperfect information with chance. Each player holds a hidden hand; the deck is an
unordered multiset, so every draw is a chance node where any remaining card is equally
likely (the same as a shuffled deck, and a bot cannot peek at the next card).

How real-time play is made sequential (see ../shared/DESIGN.md):

* One Hex in play: its Intended answers it (a card, or HEXED when nothing passes it).
* Several Hexes in play: every Intended commits one face-down answer per Hex aimed at
  them, in a fixed order (by seat after the caster, then by Hex number); when all have
  committed, the answers are revealed and resolved together, discards and other
  "before it moves" effects first.
* After every play (or every reveal) a response window asks each other seat holding
  cards, in seat order, to pass or to play an out-of-turn card (Null, Detonate,
  Eradicate, HEX-HEX) or to challenge a Deception. Passing is an action. A response
  restarts the window after the responder; the window closes after a full lap of passes.
* HEX-HEX starts a reflex race: every other seat, in seat order, submits a reaction time
  in milliseconds (`react 420`; the page times humans, bots have their own reflexes).
  Times stay hidden until all are in; the slowest (all of them, if tied) loses 3.
* Hex Sign: everyone commits rock, paper or scissors face down; revealed together.

Everything that happens without a choice runs through a queue of jobs (`State.jobs`);
the head of the queue is always a decision or a chance event.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence, cast

from ..engine import CHANCE, Event, Game, IllegalActionError, Option, State
from ..names import default_name
from .components import (
    BEATS, CARDS, CARDS_BY_ID, CHASE_LIMIT, DECEPTION_CAUGHT_LOSS, DECEPTION_CHALLENGE_LOSS,
    DISMISS_GAIN, ENHANCED_TOKENS, HAND_SIZE, HEXHEX_LOSS, MARKED_MAN_DRAW, MARKED_MAN_LIMIT,
    SIGNS, SPITE_MAX, STANDARD_TOKENS, T_DEALT, T_HEXED, TRICKS_TAKE, VOICE_AT_START,
)

RACE_STEP = 50
RACE_MAX = 2000
RACE_TIMES = tuple(range(0, RACE_MAX + 1, RACE_STEP))
"""Reaction times a seat may submit, in ms (the page rounds and caps what it measures)."""
SERIES_LENGTHS = (1, 2, 3, 5)
"""Games in a Laying Down the Law series (all are played; most games won takes the series)."""
MAX_TIEBREAKS = 10
"""After this many tie-break rounds without a sole leader the tied players share the win."""
RULINGS = ("2026-12", "original")
CURRENT_RULINGS, ORIGINAL_RULINGS = RULINGS
"""Which rulings a game follows. "2026-12": Null cancels only the last card played, and a
player with more Hexes on them than answers chooses which go off (rulebook). "original": our
first reading (Null reaches any card still in a window, or on your turn the card that sent you
the Hex however long ago; HEXED only by a Hex no card in hand answers), kept so that games
saved before the correction replay as they were played (a hidden option, see HexHexGame)."""

# Cards whose answer names a player of your choice (the "pointing" law taxes them).
CHOSEN_TARGET = frozenset({"across", "chase", "choke", "called", "blind", "charm", "friend"})
PASSING_FIXED = {"left": "L", "right": "R", "boostl": "L", "boostr": "R", "madl": "L", "madr": "R"}

BASE_LAWS = ("strike", "pointing", "gag", "hoarder")
LAW_TEXT = {
    "strike": "Strike back: whenever a Hex goes off on you, name a player; they lose 1 Voice.",
    "pointing": "No pointing: answering with a card that names its target costs 1 Voice.",
    "gag": "Gag rule: a player at 0 Voice or less may not play out of turn or challenge.",
    "hoarder": "No hoarding: ending a round with 3 or more cards in hand costs 1 Voice.",
}
BANNABLE = tuple(c.id for c in CARDS if c.category != "basic")


def law_text(code: str) -> str:
    if code.startswith("ban-"):
        return f"Banned: {CARDS_BY_ID[code[4:]].name} is taken out of the deck."
    if code.startswith("cancel-"):
        return f"Cancel an earlier law ({law_text(code[7:])})"
    return LAW_TEXT[code]


EFFECT_NAMES = {"ward": "Ward", "deception": "Deception", "charm": "Charm"}
"""Standing effects Eradicate ends, by the word the notation uses."""


def sending(card: str, to: list[int], by: int, nm: Any) -> str:
    """Where an answer sends the Hex, in words ("" for an answer that sends it nowhere)."""
    if not to:
        return ""
    if card == "friend":
        return f": {nm(to[0])} is the friend, {nm(to[1])} the enemy"
    if card == "duck":
        return f", so {nm(by)}'s Hex flies on to {nm(to[0])}" if by >= 0 else f" to {nm(to[0])}"
    if card == "twain":
        return f": the Hex is copied, one to {nm(to[0])} and one to {nm(to[1])}"
    if card == "doubleback":
        return f": the Hex is copied and both go to {nm(to[0])}"
    return " sending the Hex to " + " and ".join(nm(t) for t in to)


# -- actions -------------------------------------------------------------------------------
def _seats(to: tuple[int, ...]) -> str:
    return (" >" + ",".join(str(t) for t in to)) if to else ""


@dataclass(frozen=True)
class Play:
    """Answer Hex `hex` with `card` (aimed at `to`); `real` is the face-down card under Deception."""
    card: str
    hex: int
    to: tuple[int, ...] = ()
    real: str = ""

    def __str__(self) -> str:
        return f"play {self.card} h{self.hex}{_seats(self.to)}" + (f" real={self.real}" if self.real else "")


@dataclass(frozen=True)
class Take:
    """No card can answer Hex `hex`: it goes off on you."""
    hex: int

    def __str__(self) -> str:
        return f"hexed h{self.hex}"


@dataclass(frozen=True)
class Cast:
    target: int

    def __str__(self) -> str:
        return f"cast {self.target}"


@dataclass(frozen=True)
class Dealer:
    """Chance picks the first dealer; in a last or tie-break round the player with least Voice does."""
    seat: int

    def __str__(self) -> str:
        return f"dealer {self.seat}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Null:
    """Cancel pending play number `item` of the current window."""
    item: int

    def __str__(self) -> str:
        return f"null {self.item}"


@dataclass(frozen=True)
class Detonate:
    target: int

    def __str__(self) -> str:
        return f"detonate {self.target}"


@dataclass(frozen=True)
class Eradicate:
    effect: str  # ward, deception, charm
    target: int

    def __str__(self) -> str:
        return f"eradicate {self.effect} {self.target}"


@dataclass(frozen=True)
class Challenge:
    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True)
class HexHex:
    def __str__(self) -> str:
        return "hexhex"


@dataclass(frozen=True)
class React:
    ms: int

    def __str__(self) -> str:
        return f"react {self.ms}"


@dataclass(frozen=True)
class Sign:
    sign: str

    def __str__(self) -> str:
        return f"sign {self.sign}"


@dataclass(frozen=True)
class Suffer:
    """Which play-only-when-HEXED card to play for this Hex."""
    card: str

    def __str__(self) -> str:
        return f"suffer {self.card}"


@dataclass(frozen=True)
class Spite:
    amount: int
    target: int = -1

    def __str__(self) -> str:
        return f"spite {self.amount}" + (f" >{self.target}" if self.amount else "")


@dataclass(frozen=True)
class Strike:
    target: int

    def __str__(self) -> str:
        return f"strike {self.target}"


@dataclass(frozen=True)
class Law:
    code: str

    def __str__(self) -> str:
        return f"law {self.code}"


# chance
@dataclass(frozen=True)
class Draw:
    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True)
class Lose:
    """A random discard (Cut to the Chase, Choke)."""
    card: str

    def __str__(self) -> str:
        return f"lose {self.card}"


@dataclass(frozen=True)
class Pick:
    """Blind Hex pulls a card from the Intended's hand."""
    card: str

    def __str__(self) -> str:
        return f"pick {self.card}"


@dataclass(frozen=True)
class Steal:
    """Theft of Thought takes a card from the targeter's hand."""
    card: str

    def __str__(self) -> str:
        return f"steal {self.card}"


def _card(text: str) -> str:
    if text not in CARDS_BY_ID:
        raise ValueError(text)
    return text


def _seat_list(text: str) -> tuple[int, ...]:
    if not text.startswith(">"):
        raise ValueError(text)
    return tuple(int(t) for t in text[1:].split(","))


def parse_action(text: str) -> Any:
    words = text.strip().split()
    try:
        head, args = words[0], words[1:]
        if head == "play":
            card = _card(args[0])
            if not args[1].startswith("h"):
                raise ValueError(text)
            hexid = int(args[1][1:])
            to: tuple[int, ...] = ()
            real = ""
            for extra in args[2:]:
                if extra.startswith(">"):
                    to = _seat_list(extra)
                elif extra.startswith("real="):
                    real = _card(extra[5:])
                else:
                    raise ValueError(text)
            return Play(card, hexid, to, real)
        simple: dict[str, Any] = {"pass": Pass(), "challenge": Challenge(), "hexhex": HexHex()}
        if head in simple and not args:
            return simple[head]
        if head == "hexed" and len(args) == 1 and args[0].startswith("h"):
            return Take(int(args[0][1:]))
        one_int = {"cast": Cast, "dealer": Dealer, "null": Null, "detonate": Detonate,
                   "react": React, "strike": Strike}
        if head in one_int and len(args) == 1:
            return one_int[head](int(args[0]))
        if head == "eradicate" and len(args) == 2 and args[0] in ("ward", "deception", "charm"):
            return Eradicate(args[0], int(args[1]))
        if head == "sign" and len(args) == 1 and args[0] in SIGNS:
            return Sign(args[0])
        one_card = {"suffer": Suffer, "draw": Draw, "lose": Lose, "pick": Pick, "steal": Steal}
        if head in one_card and len(args) == 1:
            return one_card[head](_card(args[0]))
        if head == "spite" and len(args) in (1, 2):
            amount = int(args[0])
            if len(args) == 2:
                return Spite(amount, _seat_list(args[1])[0])
            return Spite(amount)
        if head == "law" and len(args) == 1:
            return Law(args[0])
    except (ValueError, IndexError):
        pass
    raise IllegalActionError(f"{text!r} is not a HEX-HEX XL action")


_ORDERS = {n: [tuple((s + i) % n for i in range(n)) for s in range(n)] for n in range(1, 7)}
"""_ORDERS[players][s]: the seats starting with s, going left."""
_RACE_ACTIONS = tuple(React(ms) for ms in RACE_TIMES)
_SIGN_ACTIONS = tuple(Sign(x) for x in SIGNS)

# -- jobs ----------------------------------------------------------------------------------
_DEALT_IDS = frozenset(c.id for c in CARDS if c.timing == T_DEALT)
CHANCE_JOBS = frozenset({"first", "draw", "trim", "blind", "steal"})
RESPONSES = ("null", "detonate", "eradicate")
"""Cards played in a response window, one at a time, after the answers."""
DECISION_JOBS = frozenset({"pick", "cast", "play", "window", "boom", "spite", "strike", "race",
                           "sign", "law"})


def hex_loss(h: dict[str, Any]) -> int:
    """The Voice a Hex takes when it goes off: 1, plus its boosts and escalations."""
    return 1 + h["boost"] + h["esc"]


def _markers(h: dict[str, Any]) -> int:
    return h["boost"] + h["obs"] + (1 if h["mad"] else 0)


class HexHexState(State):
    def __init__(self, players: int, series: int = 1, rulings: str = CURRENT_RULINGS) -> None:
        n = players
        self.players = n
        self.series = series
        self.rulings = rulings                 # not in the JSON when original (see to_dict)
        self.game_no = 1
        self.wins = [0] * n
        self.laws: list[str] = []
        self.voice = [VOICE_AT_START] * n
        self.round = 1
        self.rounds = n + 1
        self.tiebreaks = 0
        self.first_dealer = -1
        self.dealer = -1
        self.caster = -1
        self.deck: dict[str, int] = {c.id: c.count for c in CARDS}
        self.discard: list[str] = []           # face up, oldest first
        self.buried: list[list[str]] = [[] for _ in range(n)]  # face-down cards (Deception, random discards)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.table: list[str] = []             # face-up cards played this round
        self.played = [0] * n                  # cards played this round (for "not first")
        self.ward = [False] * n
        self.deceive = [False] * n
        self.charm = [-1] * n                  # charm[s] = who charmed s
        self.hexes: list[dict[str, Any]] = []
        self.next_hex = 0
        self.commits: dict[str, dict[str, Any]] = {}   # hex id -> committed play (hidden)
        self.pending: list[dict[str, Any]] = []        # plays waiting for their window
        self.signs: list[int] = []             # Hex Sign players waiting for the other Hexes
        self.hexed = [0] * n                   # times HEXED this round
        self.events: list[str] = []            # recent public happenings, for the table
        self.last_race: dict[str, Any] = {}
        self.last_sign: dict[str, Any] = {}
        # Voice at the end of each round of this game: {"round", "tiebreak", "voice"}. Kept
        # only under the current rulings: original states keep the JSON they always had.
        self.history: list[dict[str, Any]] = []
        self.finished = False
        self.jobs: list[list[Any]] = [["first"]]

    # -- helpers ---------------------------------------------------------------------------
    @property
    def original(self) -> bool:
        """Whether this game follows the original rulings (a save from before 2026-12)."""
        return self.rulings == ORIGINAL_RULINGS

    @property
    def mult(self) -> int:
        return 2 if self.tiebreaks else 1

    def left(self, s: int) -> int:
        return (s + 1) % self.players

    def right(self, s: int) -> int:
        return (s - 1) % self.players

    def across(self, s: int) -> list[int]:
        if self.players == 3:
            return sorted([self.left(s), self.right(s)])
        return [t for t in range(self.players) if t not in (s, self.left(s), self.right(s))]

    def order_from(self, s: int) -> list[int]:
        """Seats starting with `s`, going left."""
        return list(_ORDERS[self.players][s])   # asked for very often: the rotations are made once

    def hex_by_id(self, hid: int) -> dict[str, Any] | None:
        for h in self.hexes:
            if h["id"] == hid:
                return h
        return None

    def markers_free(self) -> int:
        return ENHANCED_TOKENS - sum(_markers(h) for h in self.hexes)

    def _event(self, text: str) -> None:
        self.events.append(text)
        del self.events[:-12]

    def _lose(self, s: int, amount: int, shield: bool = True) -> int:
        a = amount * self.mult
        if shield and self.ward[s]:
            return 0
        self.voice[s] -= a
        return a

    def _gain(self, s: int, amount: int) -> None:
        self.voice[s] += amount * self.mult

    def gagged(self, s: int) -> bool:
        return "gag" in self.laws and self.voice[s] <= 0

    # -- contract -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        job = self.jobs[0]
        kind = job[0]
        if kind in CHANCE_JOBS:
            return CHANCE
        if kind == "pick":
            return job[1]
        if kind == "cast":
            return self.caster
        if kind == "play":
            return self._play_seat()
        if kind == "window":
            return self._window_order(job)[job[3]]
        if kind in ("boom", "spite", "strike"):
            return job[1]
        if kind == "race":
            return self._race_order(job)[len(job[2])]
        if kind == "sign":
            return self.order_from(job[1])[len(job[2])]
        if kind == "law":
            return job[1]
        raise AssertionError(kind)

    @property
    def scores(self) -> list[float]:
        if self.series > 1:
            return [1000.0 * w + v for w, v in zip(self.wins, self.voice)]
        return [float(v) for v in self.voice]

    @property
    def winners(self) -> list[int]:
        if not self.finished:
            return []
        if self.series > 1:
            best = max(self.wins)
            return [s for s, w in enumerate(self.wins) if w == best]
        best = max(self.voice)
        return [s for s, v in enumerate(self.voice) if v == best]

    # -- whose turn in the hex loop ----------------------------------------------------------
    def volley_order(self) -> list[dict[str, Any]]:
        pos = {s: i for i, s in enumerate(self.order_from(self.left(self.caster)))}
        return sorted(self.hexes, key=lambda h: (pos[h["at"]], h["id"]))

    def multi(self) -> bool:
        return len(self.hexes) > 1

    def answering(self) -> dict[str, Any]:
        """The Hex that needs an answer now."""
        if not self.multi():
            return self.hexes[0]
        for h in self.volley_order():
            if str(h["id"]) not in self.commits:
                return h
        raise AssertionError("every Hex has its answer")

    def _play_seat(self) -> int:
        return int(self.answering()["at"])

    def _window_order(self, job: list[Any]) -> list[int]:
        """Seats asked in a window: those holding cards (anyone, if a claim can be challenged)."""
        anchor = job[1]
        seats = list(_ORDERS[self.players][anchor][1:])
        if job[2]:
            seats.append(anchor)
        for it in self.pending:
            if it.get("deceit") and not it.get("challenged"):
                return seats
        hands = self.hands
        return [s for s in seats if hands[s]]

    def _race_order(self, job: list[Any]) -> list[int]:
        return self.order_from(job[1])[1:]

    # -- legal actions -----------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        job = self.jobs[0]
        kind = job[0]
        if kind == "first":
            return [(Dealer(s), 1.0 / self.players) for s in range(self.players)]
        if kind == "draw":
            total = sum(self.deck.values())
            return [(Draw(c), n / total) for c, n in sorted(self.deck.items()) if n]
        hand = self.hands[job[1]] if kind != "steal" else self.hands[job[2]]
        counts = Counter(hand)
        cls = {"trim": Lose, "blind": Pick, "steal": Steal}[kind]
        return [(cls(c), n / len(hand)) for c, n in sorted(counts.items())]

    def _allowed(self, s: int, t: int, h: dict[str, Any], compel: bool = True) -> bool:
        if t == s or not 0 <= t < self.players or self.charm[s] == t:
            return False
        if h["mad"] and compel:
            return t == (self.left(s) if h["mad"] == "L" else self.right(s))
        return True

    def _plays_of(self, s: int, card: str, h: dict[str, Any]) -> list[Play]:
        """Every way `s` could answer Hex `h` with `card` if they held it (no Deception)."""
        hid = h["id"]
        mad = h["mad"]
        others = [t for t in self.order_from(s)[1:]]
        late = self.played[s] >= 1
        free = self.markers_free()
        room = len(self.hexes) < STANDARD_TOKENS
        out: list[Play] = []
        if card in PASSING_FIXED:
            t = self.left(s) if PASSING_FIXED[card] == "L" else self.right(s)
            need = 1 if card in ("boostl", "boostr") or (card in ("madl", "madr") and not mad) else 0
            # A new Compulsion overrides the old one, whichever way it goes.
            if self._allowed(s, t, h, compel=card not in ("madl", "madr")) and free >= need:
                out.append(Play(card, hid, (t,)))
        elif card == "across":
            out += [Play(card, hid, (t,)) for t in self.across(s) if self._allowed(s, t, h)]
        elif card in ("obsession", "duck"):
            for t in sorted({self.left(s), self.right(s)}):
                if not self._allowed(s, t, h):
                    continue
                if card == "duck" and t == h["by"]:
                    continue
                if card == "obsession" and free < 1:
                    continue
                out.append(Play(card, hid, (t,)))
        elif card == "twain":
            lt, rt = self.left(s), self.right(s)
            # Legal on a Maddened Hex too: one copy goes the named way (rulebook).
            if room and free >= _markers(h) and self.charm[s] not in (lt, rt):
                out.append(Play(card, hid, (lt, rt)))
        elif card == "doubleback":
            t = h["by"]
            if t >= 0 and self._allowed(s, t, h) and room and free >= _markers(h):
                out.append(Play(card, hid, (t, t)))
        elif card in ("chase", "choke", "called", "blind", "charm"):
            out += [Play(card, hid, (t,)) for t in others if self._allowed(s, t, h)]
        elif card == "friend":
            for e in others:
                if self._allowed(s, e, h):
                    out += [Play(card, hid, (f, e)) for f in others if f != e]
        elif card == "null":
            if h["back"] and not mad:
                out.append(Play(card, hid))
        elif card == "dismiss":
            if late and not mad:
                out.append(Play(card, hid))
        elif card == "sign":
            if not mad:
                out.append(Play(card, hid))
        elif card in ("fate", "theft"):
            out.append(Play(card, hid))
        return out

    def available(self, s: int) -> list[str]:
        """`s`'s hand minus the cards already readied face down for other Hexes this volley."""
        hand = self.hands[s]
        if not self.commits:
            return hand
        hand = list(hand)
        for it in self.commits.values():
            if it["seat"] == s and it["kind"] == "play":
                hand.remove(it["real"])
        return hand

    def answers(self, s: int, h: dict[str, Any]) -> list[Play]:
        """Truthful answers to Hex `h` from `s`'s hand (only the forced card, if there is one)."""
        hand = self.available(s)
        if h["force"]:
            cards = [h["force"]] if h["force"] in hand else []
        else:
            cards = sorted(set(hand))
        out: list[Play] = []
        for c in cards:
            out += self._plays_of(s, c, h)
        return out

    def _can_answer(self, s: int, card: str, h: dict[str, Any]) -> bool:
        if h["force"] and card != h["force"]:
            return False
        return bool(self._plays_of(s, card, h))

    def most_answered(self, s: int, hexes: list[dict[str, Any]], hand: list[str]) -> int:
        """How many of `hexes` (all aimed at `s`) the cards `hand` can answer, one card each.

        A small exhaustive search (at most six Hexes, a handful of cards).
        """
        if not hexes:
            return 0
        h, rest = hexes[0], hexes[1:]
        best = self.most_answered(s, rest, hand)
        for card in sorted(set(hand)):
            if best == len(hexes):
                break
            if self._can_answer(s, card, h):
                left = list(hand)
                left.remove(card)
                best = max(best, 1 + self.most_answered(s, rest, left))
        return best

    def volley_choices(self, s: int, h: dict[str, Any]) -> tuple[list[Play], bool]:
        """The truthful answers `s` may give Hex `h`, and whether `s` may be HEXED by it.

        One card per Hex, and nobody may choose to be HEXED while their cards could pass the
        Hex on. With several Hexes on one player that means: answer as many of them as the
        hand allows, and choose which. A play is allowed if the rest of the hand can still
        answer as many of the other Hexes as possible; being HEXED by `h` is allowed if the
        hand answers as many of the others without it (always, when no card answers `h`).
        """
        plays = self.answers(s, h)
        if self.original or not self.multi():
            return plays, not plays     # original rulings: HEXED only if no card answers `h`
        todo = [x for x in self.volley_order()
                if x["at"] == s and str(x["id"]) not in self.commits and x["id"] != h["id"]]
        if not todo:
            return plays, not plays
        hand = self.available(s)
        best = self.most_answered(s, [h, *todo], hand)
        take = self.most_answered(s, todo, hand) == best
        spare: dict[str, bool] = {}
        for p in plays:
            if p.card not in spare:
                left = list(hand)
                left.remove(p.card)
                spare[p.card] = 1 + self.most_answered(s, todo, left) == best
        return [p for p in plays if spare[p.card]], take

    def _hexhex_ok(self, s: int, h: dict[str, Any] | None) -> bool:
        if "hexhex" not in self.available(s) or self.gagged(s):
            return False
        return not (h and (h["mad"] or h["force"]))

    def _legal_actions(self) -> list[Any]:
        job = self.jobs[0]
        kind = job[0]
        s = self.current_player
        assert s is not None and s >= 0
        if kind == "pick":
            return [Dealer(t) for t in range(self.players)]
        if kind == "cast":
            return [Cast(t) for t in range(self.players) if t != s]
        if kind == "play":
            h = self.answering()
            truthful, take = self.volley_choices(s, h)
            plays: list[Any] = list(truthful)
            if self.deceive[s] and not h["force"] and self.available(s):
                claims: list[Any] = []
                named: list[Play] = []
                for c in CARDS:
                    named += self._plays_of(s, c.id, h)
                for p in named:
                    for r in sorted(set(self.available(s))):
                        claims.append(Play(p.card, p.hex, p.to, r))
                plays = claims
            actions: list[Any] = list(plays)
            if take:
                actions.append(Take(h["id"]))
            if self._hexhex_ok(s, h):
                actions.append(HexHex())
            return actions
        if kind == "window":
            return self._window_actions(s)
        if kind == "boom":
            return [Suffer(c) for c in self._when_hexed(s)]
        if kind == "spite":
            top = max(0, min(SPITE_MAX, self.voice[s]))
            acts: list[Any] = [Spite(0)]
            for k in range(1, top + 1):
                acts += [Spite(k, t) for t in range(self.players) if t != s and not self.ward[t]]
            return acts
        if kind == "strike":
            return [Strike(t) for t in range(self.players) if t != s]
        if kind == "race":
            return list(_RACE_ACTIONS)
        if kind == "sign":
            return list(_SIGN_ACTIONS)
        if kind == "law":
            return [Law(code) for code in self.law_choices()]
        raise AssertionError(kind)

    def law_choices(self) -> list[str]:
        codes = [c for c in BASE_LAWS if c not in self.laws]
        codes += [f"ban-{c}" for c in BANNABLE if f"ban-{c}" not in self.laws]
        codes += [f"cancel-{c}" for c in self.laws]
        return codes

    def _when_hexed(self, s: int) -> list[str]:
        return sorted({c for c in self.hands[s] if CARDS_BY_ID[c].timing == T_HEXED})

    def _effective(self) -> set[int]:
        """Pending items still standing (not cancelled by a standing Null or a caught lie)."""
        cancelled: set[int] = set()
        for k in range(len(self.pending) - 1, -1, -1):
            it = self.pending[k]
            if it["kind"] == "null" and k not in cancelled:
                cancelled.add(it["target"])
        return {k for k, it in enumerate(self.pending) if k not in cancelled and not it.get("caught")}

    def last_played(self) -> list[int]:
        """Pending items that are the last card played: the one Null may cancel.

        Responses (Null, Detonate, Eradicate) come one at a time after the answers, so the
        newest response is the last card; before any response, the answers that came into
        play together (one answer, or a volley's readied answers) all are.
        """
        if self.original:    # any card still in the window, however old
            return [k for k, it in enumerate(self.pending) if it["kind"] in ("play", *RESPONSES)]
        if not self.pending:
            return []
        k = len(self.pending) - 1
        if self.pending[k]["kind"] in RESPONSES:
            return [k]
        return [i for i, it in enumerate(self.pending) if it["kind"] == "play"]

    def _arrivals(self) -> list[tuple[int, int]]:
        """(seat, pending index) for every Hex a standing pending card is sending to a seat."""
        out = []
        eff = self._effective()
        for k, it in enumerate(self.pending):
            if k in eff and it["kind"] == "play":
                card = it["card"]
                if card == "friend":
                    out.append((it["to"][1], k))
                elif card in ("twain", "doubleback"):
                    out += [(t, k) for t in it["to"]]
                elif it["to"]:
                    out.append((it["to"][0], k))
        return out

    def _window_actions(self, s: int) -> list[Any]:
        acts: list[Any] = [Pass()]
        if self.gagged(s):
            return acts
        hand = self.hands[s]
        eff = self._effective()
        if "null" in hand:
            acts += [Null(k) for k in self.last_played()
                     if k in eff and self.pending[k]["seat"] != s]
        # The Intended of a Maddened Hex may not play Detonate or HEX-HEX (rulebook note).
        maddened = any(h["mad"] and h["at"] == s for h in self.hexes)
        if "detonate" in hand and self.played[s] >= 1 and not maddened:
            targets = sorted({t for t, _ in self._arrivals() if t != s})
            acts += [Detonate(t) for t in targets]
        if "eradicate" in hand:
            for t in range(self.players):
                if self.ward[t]:
                    acts.append(Eradicate("ward", t))
                if self.deceive[t]:
                    acts.append(Eradicate("deception", t))
                if self.charm[t] >= 0:
                    acts.append(Eradicate("charm", t))
        if any(it.get("deceit") and not it.get("challenged") and it["seat"] != s and k in eff
               for k, it in enumerate(self.pending)):
            acts.append(Challenge())
        if "hexhex" in hand and not maddened:
            acts.append(HexHex())
        return acts

    def why_illegal(self, action: Any) -> str:
        s = self.current_player
        if s == CHANCE:
            return "chance acts here, not a player"
        kind = self.jobs[0][0]
        hand = self.hands[s] if s is not None and s >= 0 else []
        if isinstance(action, Play):
            if kind != "play":
                return "no Hex is waiting for your answer now"
            assert s is not None  # a Hex waits for an answer: the game is not over
            card = CARDS_BY_ID.get(action.card)
            h = self.answering()
            if action.hex != h["id"]:
                return "another Hex is waiting for your answer first"
            if card is None:
                return "there is no such card"
            held = action.real or action.card
            if held not in hand:
                return f"{CARDS_BY_ID[held].name} is not in your hand"
            if held not in self.available(s):
                return f"{CARDS_BY_ID[held].name} is already readied for another Hex"
            if action.real and not self.deceive[s]:
                return "only a player under Deception plays face down"
            if card.timing == T_HEXED:
                return f"{card.name} is played only when a Hex goes off on you"
            if card.timing == T_DEALT:
                return f"{card.name} takes effect when dealt, not as an answer"
            if action.card in ("detonate", "eradicate"):
                return f"{card.name} is played in a response window, not as an answer"
            if h["force"] and held != h["force"]:
                return f"this Hex must be answered with {CARDS_BY_ID[h['force']].name}"
            if action.card in ("dismiss",) and self.played[s] == 0:
                return "Dismiss may not be your first card of the round"
            if h["mad"] and action.card in ("dismiss", "sign", "null"):
                return "a Maddened Hex may only be passed on in its direction"
            if action.card == "null" and not h["back"]:
                if self.original or not any(self.played):
                    return "no card sent this Hex to you, so there is nothing to cancel"
                return "Null cancels only the last card played, and that is not a card that sent this Hex to you"
            if action.to:
                if s in action.to and action.card != "twain":
                    return "you cannot aim a card at yourself"
                if self.charm[s] in action.to:
                    return "you are charmed and may not send a Hex to the player who charmed you"
                if h["mad"]:
                    return "a Maddened Hex must go to your neighbour in its direction"
                if action.card == "duck" and h["by"] in action.to:
                    return "a Duck cannot send the Hex back to the one who targeted you"
            if action.card in ("twain", "doubleback") and len(self.hexes) >= STANDARD_TOKENS:
                return "all six Hex tokens are in play"
            if card.marker and self.markers_free() < 1:
                return "all eight Enhanced tokens are in use"
            if action in self.answers(s, h):
                return (f"{card.name} is needed for another Hex aimed at you: answer this one with "
                        "another card, or let it go off")
            return f"{card.name} cannot send the Hex that way"
        if isinstance(action, Take):
            if kind != "play":
                return "no Hex is waiting for your answer now"
            if action.hex != self.answering()["id"]:
                return "another Hex is waiting for your answer first"
            if self.multi() and not self.original:
                return ("your cards can pass on this Hex as well as every other one they can, so "
                        "you must play one")
            return "you hold a card that can answer this Hex, so you must play it"
        if isinstance(action, (Null, Detonate, Eradicate, Challenge)):
            if kind != "window":
                return "out-of-turn cards are played in a response window"
            assert s is not None  # a response window is open: the game is not over
            if self.gagged(s):
                return "the gag rule: at 0 Voice or less you may not play out of turn"
            if isinstance(action, Null):
                if "null" not in hand:
                    return "Null is not in your hand"
                if 0 <= action.item < len(self.pending) and action.item not in self.last_played():
                    return "Null cancels only the last card played"
                if 0 <= action.item < len(self.pending) and self.pending[action.item]["seat"] == s:
                    return "you cannot Null your own card"
                return "there is no such card to cancel"
            if isinstance(action, Detonate):
                if "detonate" not in hand:
                    return "Detonate is not in your hand"
                if self.played[s] == 0:
                    return "Detonate may not be your first card of the round"
                if action.target == s:
                    return "you cannot Detonate a Hex on yourself"
                return "no card is sending a Hex to that player"
            if isinstance(action, Eradicate):
                return "Eradicate is not in your hand" if "eradicate" not in hand else "that effect is not in play"
            return "there is no face-down claim of another player to challenge"
        if isinstance(action, HexHex):
            if "hexhex" not in hand:
                return "HEX-HEX is not in your hand"
            assert s is not None  # HEX-HEX is in `hand`, so `s` is a seat
            if self.gagged(s):
                return "the gag rule: at 0 Voice or less you may not play out of turn"
            if kind == "play":
                return "a Maddened or forced Hex leaves no room for HEX-HEX"
            return "HEX-HEX may be played after the first cast, on your turn or in a response window"
        if isinstance(action, Pass):
            return "passing is only possible in a response window"
        if isinstance(action, Cast):
            return "you cannot cast the Hex on yourself" if kind == "cast" else "the Hex has already been cast"
        if isinstance(action, Spite) and kind == "spite":
            return "Spite gives up 0 to your Voice (at most 5) and cannot target you or a Warded player"
        if isinstance(action, Suffer) and kind == "boom":
            return "choose one of your play-only-when-HEXED cards"
        return "it is not one of the legal actions here"

    # -- applying --------------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        job = self.jobs[0]
        kind = job[0]
        if kind == "first":
            self.first_dealer = self.dealer = action.seat
            self.caster = self.left(self.dealer)
            self.jobs[0] = ["deal"]
        elif kind == "pick":
            self.dealer = action.seat
            self.caster = job[1]
            self._event(f"S{job[1]} picks S{action.seat} to deal and will cast")
            self.jobs[0] = ["deal"]
        elif kind == "draw":
            self.jobs.pop(0)
            self._take_from_deck(action.card)
            self._receive(job[1], action.card)
            if job[2] == "fate":
                h = self.hex_by_id(job[3])
                self._event(f"Fate turns over {CARDS_BY_ID[action.card].name} for S{job[1]}")
                if h is not None and h["at"] == job[1] and CARDS_BY_ID[action.card].timing != T_DEALT:
                    h["force"] = action.card
                    self.emit(Event("fate", seat=job[1], subject=action.card))
        elif kind == "trim":
            # A random discard goes face down in front of its player (rulebook): only they know it.
            self.hands[job[1]].remove(action.card)
            self.buried[job[1]].append(action.card)
            self._event(f"S{job[1]} throws away a card at random, face down")
            if len(self.hands[job[1]]) <= job[2]:
                self.jobs.pop(0)
        elif kind == "blind":
            s, h = job[1], self.hex_by_id(job[2])
            assert h is not None
            if self._plays_of(s, action.card, h):
                h["force"] = action.card
                self._event(f"Blind Hex pulls {CARDS_BY_ID[action.card].name} from S{s}: it must be played")
                self.emit(Event("blind", seat=s, amount=1, subject=action.card))
                self.jobs.pop(0)
            else:
                self.hands[s].remove(action.card)
                self.discard.append(action.card)
                self._event(f"Blind Hex pulls {CARDS_BY_ID[action.card].name} from S{s}: no good, thrown away")
                self.emit(Event("blind", seat=s, amount=0, subject=action.card))
        elif kind == "steal":
            self.jobs.pop(0)
            self.hands[job[2]].remove(action.card)
            self._receive(job[1], action.card)
        elif kind == "cast":
            self.hexes = [self._new_hex(action.target, self.caster)]
            self._event(f"S{self.caster} casts the Hex on S{action.target}")
            self.jobs[0] = ["play"]
        elif kind == "play":
            self._apply_answer(action)
        elif kind == "window":
            self._apply_window(job, action)
        elif kind == "boom":
            self.jobs.pop(0)
            self._go_off(job, action.card)
        elif kind == "spite":
            self.jobs.pop(0)
            if action.amount:
                given = self._lose(job[1], action.amount, shield=False)
                lost = self._lose(action.target, 2 * action.amount)
                self._event(f"S{job[1]} gives up {action.amount * self.mult}: S{action.target} loses {lost}")
                self.emit(Event("lose", seat=job[1], amount=given, subject="sacrifice", other=action.target))
                self.emit(Event("lose", seat=action.target, amount=lost, subject="spite", other=job[1]))
        elif kind == "strike":
            self.jobs.pop(0)
            lost = self._lose(action.target, 1)
            self._event(f"S{job[1]} strikes back: S{action.target} loses {lost}")
            self.emit(Event("lose", seat=action.target, amount=lost, subject="strike", other=job[1]))
        elif kind == "race":
            job[2][str(self.current_player)] = action.ms
            if len(job[2]) == len(self._race_order(job)):
                self.jobs.pop(0)
                self._finish_race(job)
        elif kind == "sign":
            job[2][str(self.current_player)] = action.sign
            if len(job[2]) == self.players:
                self.jobs.pop(0)
                self._finish_sign(job)
        elif kind == "law":
            self.jobs.pop(0)
            self._lay_down(action.code)
        self._advance()

    def _new_hex(self, at: int, by: int) -> dict[str, Any]:
        h = {"id": self.next_hex, "at": at, "by": by, "boost": 0, "obs": 0, "esc": 0,
             "mad": "", "force": "", "back": None}
        self.next_hex += 1
        return h

    def _take_from_deck(self, card: str) -> None:
        self.deck[card] -= 1

    def _receive(self, s: int, card: str) -> None:
        self.hands[s].append(card)
        self.hands[s].sort()
        if CARDS_BY_ID[card].timing == T_DEALT and not any(j[0] == "pwd" for j in self.jobs):
            # It was just dealt to you, so it takes effect now (FAQ on Fate).
            self.jobs.insert(0, ["pwd"])

    def _play_card(self, s: int, card: str, face_up: bool = True) -> None:
        self.hands[s].remove(card)
        self.played[s] += 1
        if face_up:
            self.table.append(card)
        else:
            self.buried[s].append(card)

    def _apply_answer(self, action: Any) -> None:
        h = self.answering()
        s = int(h["at"])
        if isinstance(action, HexHex):
            self._start_race(s)
            return
        if isinstance(action, Take):
            item: dict[str, Any] = {"kind": "take", "seat": s, "hex": h["id"]}
        else:
            held = action.real or action.card
            item = {"kind": "play", "seat": s, "hex": action.hex, "card": action.card,
                    "to": list(action.to), "real": held,
                    "deceit": bool(action.real), "challenged": False}
        if self.multi():
            # Face down: the card stays in hand (hand sizes are public) until the reveal.
            self.commits[str(h["id"])] = item
            if len(self.commits) == len(self.hexes):
                self._reveal()
            return
        if item["kind"] == "take":
            self.jobs.insert(0, ["boom", s, h["id"], 0])
            return
        self._show(item)
        self.pending = [item]
        self.jobs[0:0] = [["window", s, 0, 0], ["resolve"]]

    def _show(self, item: dict[str, Any]) -> None:
        """A play comes into view (at once, or when a volley is revealed)."""
        self.hands[item["seat"]].remove(item["real"])
        self.played[item["seat"]] += 1
        if "pointing" in self.laws and item["card"] in CHOSEN_TARGET:
            lost = self._lose(item["seat"], 1, shield=False)
            self.emit(Event("lose", seat=item["seat"], amount=lost, subject="pointing"))
        if item["deceit"]:
            self.buried[item["seat"]].append(item["real"])
        else:
            self.table.append(item["real"])

    def _reveal(self) -> None:
        items = [self.commits[str(h["id"])] for h in self.volley_order()]
        self.commits = {}
        for it in items:
            if it["kind"] == "play":
                self._show(it)
        self.pending = items
        self._event("The readied answers are revealed together")
        for it in items:
            if it["kind"] == "play":
                to = it["to"]
                self.emit(Event("answer", seat=it["seat"], amount=1 if it["deceit"] else 0,
                                subject=it["card"], other=to[-1] if to else None))
            else:
                self.emit(Event("answer", seat=it["seat"]))
        if any(it["kind"] == "play" for it in items):
            self.jobs[0:0] = [["window", self.caster, 1, 0], ["resolve"]]
        else:
            self.jobs.insert(0, ["resolve"])

    def _apply_window(self, job: list[Any], action: Any) -> None:
        s = self.current_player
        assert s is not None
        if isinstance(action, Pass):
            job[3] += 1
            return
        if isinstance(action, HexHex):
            self._start_race(s)
            return
        if isinstance(action, Challenge):
            for k, it in enumerate(self.pending):
                if it.get("deceit") and not it.get("challenged") and it["seat"] != s and k in self._effective():
                    it["challenged"] = True
                    liar = it["seat"]
                    self.buried[liar].remove(it["real"])
                    self.table.append(it["real"])
                    if it["real"] == it["card"]:
                        lost = self._lose(s, DECEPTION_CHALLENGE_LOSS, shield=False)
                        self._event(f"S{s} challenges S{liar}: it really is {CARDS_BY_ID[it['card']].name}; S{s} loses {lost}")
                        self.emit(Event("challenge", seat=s, amount=lost, subject=it["card"], other=liar))
                    else:
                        it["caught"] = True
                        self._event(f"S{s} challenges S{liar}: caught bluffing with "
                                    f"{CARDS_BY_ID[it['real']].name}")
                        self.emit(Event("caught", seat=liar, subject=it["real"], other=s))
                    break
            self.jobs[0] = ["window", s, 0, 0]
            return
        card = {Null: "null", Detonate: "detonate", Eradicate: "eradicate"}[type(action)]
        self._play_card(s, card)
        if isinstance(action, Null):
            item = {"kind": "null", "seat": s, "target": action.item}
        elif isinstance(action, Detonate):
            item = {"kind": "detonate", "seat": s, "target": action.target}
        else:
            item = {"kind": "eradicate", "seat": s, "effect": action.effect, "target": action.target}
        self.pending.append(item)
        self.jobs[0] = ["window", s, 0, 0]

    # -- resolving a window's plays -----------------------------------------------------------
    def _resolve(self) -> None:
        eff = self._effective()
        pend, self.pending = self.pending, []
        before: list[list[Any]] = []
        booms: list[list[Any]] = []
        after: list[list[Any]] = []
        arrived: list[tuple[int, int]] = []   # (seat, hex id)
        for k, it in enumerate(pend):
            if it["kind"] == "eradicate" and k in eff:
                t = it["target"]
                if it["effect"] == "ward":
                    self.ward[t] = False
                elif it["effect"] == "deception":
                    self.deceive[t] = False
                else:
                    self.charm[t] = -1
                self._event(f"S{it['seat']} eradicates the {it['effect']} on S{t}")
                self.emit(Event("eradicated", seat=it["seat"], subject=it["effect"], other=t))
        for k, it in enumerate(pend):
            if it["kind"] == "take":
                booms.append(["boom", it["seat"], it["hex"], 0])
            elif it["kind"] == "play":
                if it.get("caught"):
                    booms.append(["boom", it["seat"], it["hex"], DECEPTION_CAUGHT_LOSS])
                elif k in eff:
                    self._effect(it, before, after, arrived)
                else:
                    self._event(f"S{it['seat']}'s {CARDS_BY_ID[it['card']].name} is cancelled")
                    self.emit(Event("cancelled", seat=it["seat"], subject=it["card"]))
        if not self.original:
            self._forget_older_cards(pend, {hid for _, hid in arrived})
        for k, it in enumerate(pend):
            if it["kind"] == "detonate" and k in eff:
                for i, (t, hid) in enumerate(arrived):
                    if t == it["target"]:
                        arrived.pop(i)
                        booms.append(["boom", t, hid, 0])
                        self._gain(it["seat"], 1)
                        self._event(f"S{it['seat']} detonates the Hex on S{t}")
                        self.emit(Event("detonate", seat=it["seat"], amount=self.mult, other=t))
                        break
        self.jobs[0:0] = before + booms + after

    def _forget_older_cards(self, pend: list[dict[str, Any]], moved: set[int]) -> None:
        """After a window: a Hex's sending card stays Nullable on its Intended's turn only while
        it is the last card played.

        It is not once a response came after it, or once its Intended's answer was cancelled
        (the Hex stayed put). Fate and Theft of Thought keep it: they draw a card and then
        answer the same Hex (the rulebook's FAQ on Fate lets that card be a Null).
        """
        responded = any(it["kind"] in RESPONSES for it in pend)
        drawing = {it["hex"] for it in pend if it["kind"] == "play" and it["card"] in ("fate", "theft")}
        for h in self.hexes:
            if responded or (h["id"] not in moved and h["id"] not in drawing):
                h["back"] = None

    def _effect(self, it: dict[str, Any], before: list[list[Any]], after: list[list[Any]],
                arrived: list[tuple[int, int]]) -> None:
        s, card, to = it["seat"], it["card"], it["to"]
        h = self.hex_by_id(it["hex"])
        if h is None or h["at"] != s:
            return
        name = CARDS_BY_ID[card].name
        before_card = {k: h[k] for k in ("at", "by", "boost", "obs", "esc", "mad")}

        def move(hx: dict[str, Any], t: int, by: int) -> None:
            hx["back"] = dict(before_card)
            hx["at"], hx["by"], hx["force"] = t, by, ""
            hx["esc"] += hx["obs"]
            arrived.append((t, hx["id"]))

        if card in ("left", "right", "across", "called", "chase", "choke", "blind", "charm"):
            move(h, to[0], s)
            if card == "chase":
                before += [["trim", t, CHASE_LIMIT] for t in self.order_from(s)
                           if len(self.hands[t]) > CHASE_LIMIT]
            elif card == "choke" and self.hands[to[0]]:
                before.append(["trim", to[0], len(self.hands[to[0]]) - 1])
            elif card == "blind":
                after.append(["blind", to[0], h["id"]])
            elif card == "charm":
                self.charm[to[0]] = s
        elif card in ("boostl", "boostr"):
            h["boost"] += 1
            move(h, to[0], s)
        elif card in ("madl", "madr"):
            move(h, to[0], s)
            h["mad"] = "L" if card == "madl" else "R"
        elif card == "obsession":
            move(h, to[0], s)
            h["obs"] += 1
        elif card == "duck":
            move(h, to[0], h["by"])
        elif card in ("twain", "doubleback"):
            twin = dict(h)
            twin["id"] = self.next_hex
            self.next_hex += 1
            self.hexes.append(twin)
            move(h, to[0], s)
            move(twin, to[1], s)
        elif card == "friend":
            self._gain(to[0], 1)
            self.emit(Event("gain", seat=to[0], amount=self.mult, subject="friend", other=s))
            move(h, to[1], s)
        elif card == "null":
            back = h["back"]
            h.update(back)
            h["back"], h["force"] = None, ""
            self._event(f"S{s} Nulls the card that sent them h{h['id']}: it returns to S{h['at']}")
            self.emit(Event("returned", seat=s, other=h["at"]))
            return
        elif card == "dismiss":
            self.hexes.remove(h)
            self._gain(s, DISMISS_GAIN)
            self.emit(Event("gain", seat=s, amount=DISMISS_GAIN * self.mult, subject="dismiss"))
        elif card == "sign":
            self.hexes.remove(h)
            self.signs.append(s)
        elif card == "fate":
            after.append(["draw", s, "fate", h["id"]])
        elif card == "theft":
            victim = h["by"]
            if victim >= 0 and self.hands[victim]:
                after.append(["steal", s, victim, h["id"]])
            else:
                after.append(["draw", s, "", h["id"]])
        where = f" to S{', S'.join(str(t) for t in to)}" if to else ""
        self._event(f"S{s} plays {name} on h{it['hex']}{where}")

    def _go_off(self, job: list[Any], card: str | None) -> None:
        """Hex `job[2]` goes off on `job[1]`, with the chosen play-only-when-HEXED card."""
        s, hid, fixed = job[1], job[2], job[3]
        h = self.hex_by_id(hid)
        if h is None:
            return
        self.hexes.remove(h)
        self.hexed[s] += 1
        loss = fixed or hex_loss(h)
        by = h["by"]
        if card:
            self._play_card(s, card)
        sender = by if by >= 0 else None
        if card == "whatthehex":
            total = sum(self._lose(o, 1) for o in range(self.players) if o != s)
            self.voice[s] += total
            self._event(f"The Hex goes off on S{s}, who plays What the Hex: +{total}")
            self.emit(Event("hexed", seat=s, amount=total, subject=card, other=sender))
        elif card == "level":
            others = [o for o in range(self.players) if o != s]
            top = max(self.voice[o] for o in others)
            self.emit(Event("hexed", seat=s, amount=self.mult, subject=card, other=sender))
            for o in others:
                if self.voice[o] == top:
                    self.emit(Event("lose", seat=o, amount=self._lose(o, 1), subject="level", other=s))
            self._gain(s, 1)
            self._event(f"The Hex goes off on S{s}, who plays Level")
        else:
            if card == "curse":
                loss += 2
            lost = self._lose(s, loss)
            # A caught bluff's Hex goes off for a fixed loss (the bluff's price, not the Hex's).
            self.emit(Event("bluff" if fixed else "hexed", seat=s, amount=lost, subject=card or "",
                            other=sender))
            if by >= 0:
                self._gain(by, 1)
                self.emit(Event("gain", seat=by, amount=self.mult, subject="sent", other=s))
            extra = f" with {CARDS_BY_ID[card].name}" if card else ""
            self._event(f"HEXED: S{s} loses {lost}{extra}" + (f", S{by} gains {self.mult}" if by >= 0 else ""))
        if "strike" in self.laws:
            self.jobs.insert(0, ["strike", s])
        if card == "spite":
            self.jobs.insert(0, ["spite", s])

    # -- races, signs, rounds -------------------------------------------------------------
    def _start_race(self, s: int) -> None:
        self._play_card(s, "hexhex")
        self._event(f"S{s} shouts HEX-HEX!")
        for it in self.commits.values():
            if it["kind"] == "play":
                self._show(it)
        self.hexes, self.pending, self.commits, self.signs = [], [], {}, []
        self.jobs = [["race", s, {}], ["endround"]]

    def _finish_race(self, job: list[Any]) -> None:
        times = {int(k): v for k, v in job[2].items()}
        slowest = max(times.values())
        losers = sorted(s for s, v in times.items() if v == slowest)
        lost = {str(s): self._lose(s, HEXHEX_LOSS) for s in losers}
        self.last_race = {"caller": job[1], "times": {str(k): v for k, v in sorted(times.items())},
                          "losers": losers, "lost": lost}
        self._event("HEX-HEX: slowest " + ", ".join(f"S{s} ({times[s]} ms)" for s in losers))
        for s in losers:
            self.emit(Event("race", seat=s, amount=lost[str(s)], subject=str(times[s]), other=job[1]))

    def _finish_sign(self, job: list[Any]) -> None:
        player = job[1]
        signs = {int(k): v for k, v in job[2].items()}
        hex_sign = signs[player]
        self.emit(Event("hexsign", seat=player, subject=hex_sign))
        change: dict[str, int] = {}
        for s, x in sorted(signs.items()):
            if s == player:
                continue
            if x == hex_sign:
                self._gain(s, 1)
                change[str(s)] = self.mult
            else:
                lose = 2 if BEATS[hex_sign] == x else 1
                change[str(s)] = -self._lose(s, lose)
            self.emit(Event("sign", seat=s, amount=change[str(s)], subject=x, other=player))
        self.last_sign = {"player": player, "signs": {str(k): v for k, v in sorted(signs.items())},
                          "change": change}
        self._event(f"Hex Sign of S{player}: {hex_sign}")

    def _end_round(self) -> None:
        if "hoarder" in self.laws:
            for s in range(self.players):
                if len(self.hands[s]) >= 3:
                    self.emit(Event("lose", seat=s, amount=self._lose(s, 1, shield=False), subject="hoarder"))
        for s in range(self.players):
            self.discard += self.hands[s]
            self.hands[s] = []
        self.discard += self.table
        self.table = []
        n = self.players
        self.played, self.ward, self.deceive = [0] * n, [False] * n, [False] * n
        self.charm, self.hexed = [-1] * n, [0] * n
        self.hexes, self.pending, self.commits, self.signs = [], [], {}, []
        self.next_hex = 0
        self._event(f"Round {self.round} ends: Voice " + " ".join(str(v) for v in self.voice))
        self.emit(Event("round_end", amount=self.round, subject=" ".join(str(v) for v in self.voice)))
        if not self.original:
            self.history.append({"round": self.round, "tiebreak": self.tiebreaks,
                                 "voice": list(self.voice)})
        if self.tiebreaks or self.round >= self.rounds:
            top = max(self.voice)
            leaders = [s for s in range(n) if self.voice[s] == top]
            if len(leaders) == 1 or self.tiebreaks >= MAX_TIEBREAKS:
                self.jobs.insert(0, ["endgame"])
                return
            self.tiebreaks += 1
        self.round += 1
        self.jobs.insert(0, ["newround"])

    def _least_voice(self) -> int:
        order = self.order_from(self.left(self.caster))
        return min(order, key=lambda s: (self.voice[s], order.index(s)))

    def _end_game(self) -> None:
        top = max(self.voice)
        leaders = [s for s in self.order_from(self.left(self.caster)) if self.voice[s] == top]
        for s in leaders:
            self.wins[s] += 1
        self._event(f"Game {self.game_no} won by " + ", ".join(f"S{s}" for s in leaders))
        shared = "shared" if len(leaders) > 1 else ""
        for s in leaders:
            self.emit(Event("won" if self.series == 1 else "won_game", seat=s, amount=top,
                            subject=shared if self.series == 1 else str(self.game_no)))
        if self.game_no < self.series:
            self.jobs.insert(0, ["law", leaders[0]])
        else:
            self.finished = True
            self.jobs = [["over"]]
            if self.series > 1:
                best = max(self.wins)
                champions = [s for s in range(self.players) if self.wins[s] == best]
                for s in champions:
                    self.emit(Event("won_series", seat=s, amount=best,
                                    subject="shared" if len(champions) > 1 else ""))

    def _lay_down(self, code: str) -> None:
        if code.startswith("cancel-"):
            self.laws.remove(code[7:])
        else:
            self.laws.append(code)
        self._event("New law: " + law_text(code))
        n = self.players
        self.game_no += 1
        self.history = []
        self.voice = [VOICE_AT_START] * n
        self.round, self.tiebreaks = 1, 0
        banned = {c[4:] for c in self.laws if c.startswith("ban-")}
        self.deck = {c.id: (0 if c.id in banned else c.count) for c in CARDS}
        self.discard, self.buried = [], [[] for _ in range(n)]
        self.first_dealer = self.dealer = self.left(self.first_dealer)
        self.caster = self.left(self.dealer)
        self.jobs.insert(0, ["deal"])

    # -- the job loop ----------------------------------------------------------------------
    def _advance(self) -> None:
        while not self.finished:
            job = self.jobs[0]
            kind = job[0]
            if kind == "draw":
                if sum(self.deck.values()) == 0:
                    self._reshuffle()
                if sum(self.deck.values()) == 0:
                    self.jobs.pop(0)
                    continue
                return
            if kind == "trim":
                if len(self.hands[job[1]]) <= job[2]:
                    self.jobs.pop(0)
                    continue
                return
            if kind == "blind":
                h = self.hex_by_id(job[2])
                if h is None or h["at"] != job[1] or h["force"] or not self.answers(job[1], h):
                    self.jobs.pop(0)
                    continue
                return
            if kind == "steal":
                if not self.hands[job[2]]:
                    self.jobs[0] = ["draw", job[1], "", job[3]]
                    continue
                return
            if kind == "play":
                if not self.hexes:
                    self.jobs.pop(0)
                    self.jobs[0:0] = [["sign", p, {}] for p in self.signs]
                    self.signs = []
                    continue
                return
            if kind == "window":
                if job[3] >= len(self._window_order(job)):
                    self.jobs.pop(0)
                    continue
                return
            if kind == "boom":
                h = self.hex_by_id(job[2])
                if h is None:
                    self.jobs.pop(0)
                    continue
                options = self._when_hexed(job[1])
                if len(options) > 1:
                    return
                self.jobs.pop(0)
                self._go_off(job, options[0] if options else None)
                continue
            if kind in DECISION_JOBS or kind in CHANCE_JOBS:
                return
            self.jobs.pop(0)
            if kind == "deal":
                self._deal()
            elif kind == "pwd":
                self._when_dealt()
            elif kind == "resolve":
                self._resolve()
            elif kind == "endround":
                self._end_round()
            elif kind == "newround":
                self._new_round()
            elif kind == "endgame":
                self._end_game()
            else:
                raise AssertionError(kind)

    def _reshuffle(self) -> None:
        pool = self.discard + [c for b in self.buried for c in b]
        self.discard, self.buried = [], [[] for _ in range(self.players)]
        for c in pool:
            self.deck[c] += 1
        if pool:
            self._event("The deck is empty: the discards are shuffled into a new deck")
            self.emit(Event("reshuffle"))

    def _new_round(self) -> None:
        if self.tiebreaks or self.round == self.rounds:
            self.jobs.insert(0, ["pick", self._least_voice()])
        else:
            self.dealer = self.caster
            self.caster = self.left(self.dealer)
            self.jobs.insert(0, ["deal"])

    def _deal(self) -> None:
        draws = [["draw", s, "", -1] for _ in range(HAND_SIZE) for s in self.order_from(self.left(self.dealer))]
        self.jobs[0:0] = draws + [["pwd"], ["cast"], ["endround"]]
        if self.tiebreaks:
            self._event(f"Tie-break round {self.tiebreaks}: every gain and loss counts double")
            self.emit(Event("tiebreak", amount=self.tiebreaks))

    def _when_dealt(self) -> None:
        """Resolve one play-when-dealt card (seat order from the dealer's left), then look again."""
        for s in self.order_from(self.left(self.dealer)):
            dealt = [c for c in self.hands[s] if CARDS_BY_ID[c].timing == T_DEALT]
            if not dealt:
                continue
            card = dealt[0]
            self.hands[s].remove(card)
            self.table.append(card)
            more: list[list[Any]] = []
            if card == "marked":
                k = max(0, min(MARKED_MAN_DRAW, MARKED_MAN_LIMIT - len(self.hands[s])))
                more = [["draw", s, "", -1]] * k
            elif card == "deception":
                self.deceive[s] = True
            elif card == "ward":
                self.ward[s] = True
            elif card == "tricks":
                taken = 0
                while taken < TRICKS_TAKE and self.discard:
                    c = self.discard.pop()
                    self.hands[s].append(c)
                    taken += 1
                self.hands[s].sort()
                more = [["draw", s, "", -1]] * (TRICKS_TAKE - taken)
            self._event(f"S{s} reveals {CARDS_BY_ID[card].name}")
            self.emit(Event("revealed", seat=s, subject=card))
            self.jobs[0:0] = [list(j) for j in more] + [["pwd"]]
            return

    # -- text ------------------------------------------------------------------------------
    def describe(self, action: Any, names: Sequence[str]) -> str:
        def nm(s: int) -> str:
            return names[s] if 0 <= s < len(names) else default_name(s)

        job = self.jobs[0]
        kind = job[0]
        s = self.current_player
        who = nm(s) if s is not None and s >= 0 else "Chance"
        if kind == "first":
            return f"{nm(action.seat)} is chosen at random to deal first"
        if kind == "draw":
            if job[2] == "fate":
                return f"{nm(job[1])} turns over {CARDS_BY_ID[action.card].name} with Fate"
            if self.dealing():
                # The deal is one line: the first card of it says so, the others say nothing.
                if any(self.hands):
                    return ""
                return f"{nm(self.dealer)} deals {HAND_SIZE} cards to each player"
            return f"{nm(job[1])} draws a card"
        if kind == "trim":
            return f"{nm(job[1])} throws away a card at random, face down"
        if kind == "blind":
            return f"Blind Hex pulls {CARDS_BY_ID[action.card].name} from {nm(job[1])}'s hand"
        if kind == "steal":
            return f"{nm(job[1])} takes a card from {nm(job[2])}'s hand"
        if isinstance(action, Play):
            h = self.answering()
            card = CARDS_BY_ID[action.card]
            if self.multi():
                return f"{who} readies a face-down answer for one of the Hexes on them"
            down = " face down, naming" if action.real else ""
            return f"{who} plays{down} {card.name}{sending(action.card, list(action.to), h['by'], nm)}"
        if isinstance(action, Take):
            if self.multi():
                return f"{who} readies a face-down answer for one of the Hexes on them"
            h = self.answering()
            return f"{who} cannot pass the Hex from {nm(h['by'])} and is HEXED"
        if isinstance(action, Cast):
            return f"{who} says HEX-HEX, {nm(action.target)}! {nm(action.target)} is The Intended"
        if isinstance(action, Dealer):
            if action.seat == s:
                return f"{who} has the least Voice, deals and will cast the Hex"
            return f"{who} has the least Voice, picks {nm(action.seat)} to deal and will cast the Hex"
        if isinstance(action, Pass):
            return f"{who} lets it happen"
        if isinstance(action, Null):
            it = self.pending[action.item]
            what = CARDS_BY_ID[it["card"] if it["kind"] == "play" else it["kind"]].name
            return f"{who} plays Null on {nm(it['seat'])}'s {what}"
        if isinstance(action, Detonate):
            return f"{who} Detonates the Hex arriving at {nm(action.target)}"
        if isinstance(action, Eradicate):
            return f"{who} plays Eradicate on {nm(action.target)}'s {EFFECT_NAMES[action.effect]}"
        if isinstance(action, Challenge):
            return f"{who} challenges the face-down claim"
        if isinstance(action, HexHex):
            return f"{who} plays HEX-HEX! Everyone race!"
        if isinstance(action, React):
            return f"{who} reacts"
        if isinstance(action, Sign):
            return f"{who} readies a hand sign"
        if isinstance(action, Suffer):
            return f"{who} is HEXED and plays {CARDS_BY_ID[action.card].name}"
        if isinstance(action, Spite):
            if not action.amount:
                return f"{who} sacrifices nothing"
            return f"{who} sacrifices {action.amount} Voice out of Spite against {nm(action.target)}"
        if isinstance(action, Strike):
            return f"{who} strikes back at {nm(action.target)}"
        if isinstance(action, Law):
            return f"{who} lays down the law: {law_text(action.code)}"
        return f"{who} acts"

    def dealing(self) -> bool:
        """Whether the next draw is part of a round's deal (not Marked Man, Tricks or Theft)."""
        job = self.jobs[0]
        return (job[0] == "draw" and job[2] == "" and job[3] == -1 and not self.table
                and not self.hexes and any(j[0] == "cast" for j in self.jobs))

    # -- saving and views --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data = _copy_fields(vars(self))
        if self.original:
            # States from before the rulings had no such keys: their JSON and digests stay.
            for key in _NEWER_FIELDS:
                del data[key]
        return data

    def clone(self) -> "HexHexState":
        new = HexHexState.__new__(HexHexState)
        new.__dict__.update(_copy_fields(vars(self)))
        return new

    def public_item(self, it: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = {k: v for k, v in it.items() if k != "real"}
        if it["kind"] == "play" and (seat == it["seat"] or not it.get("deceit") or it.get("caught")):
            out["real"] = it["real"]
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        job = self.jobs[0]
        kind = job[0]
        cur = self.current_player
        mine = seat is not None and 0 <= seat < self.players
        window = None
        if kind == "window":
            # Who is asked in this lap, in order, and how far it got: public (hand sizes are).
            window = {"anchor": job[1], "asking": cur, "order": self._window_order(job), "at": job[3]}
        race = None
        if kind == "race":
            race = {"caller": job[1], "done": sorted(int(k) for k in job[2]),
                    "mine": job[2].get(str(seat)) if mine else None}
        sign = None
        if kind == "sign":
            sign = {"player": job[1], "done": sorted(int(k) for k in job[2]),
                    "mine": job[2].get(str(seat)) if mine else None}
        answering = None
        if kind == "play" and self.hexes:
            answering = self.answering()["id"]
        commits = []
        for h in (self.volley_order() if self.multi() else []):
            c = self.commits.get(str(h["id"]))
            entry: dict[str, Any] = {"hex": h["id"], "seat": h["at"], "done": c is not None}
            if c is not None and mine and c["seat"] == seat:
                entry["mine"] = c.get("card", "hexed")
            commits.append(entry)
        return {
            "game": "hex-hex",
            "seat": seat,
            "players": self.players,
            "series": self.series, "game_no": self.game_no, "wins": list(self.wins),
            "laws": [{"code": c, "text": law_text(c)} for c in self.laws],
            "round": self.round, "rounds": self.rounds, "tiebreak": self.tiebreaks,
            "dealer": self.dealer, "caster": self.caster,
            "voice": list(self.voice),
            "hand": list(self.hands[cast(int, seat)]) if mine else [],   # `mine`: seat is not None
            "hand_sizes": [len(h) for h in self.hands],
            "buried": list(self.buried[cast(int, seat)]) if mine else [],
            "readied": sorted(it["real"] for it in self.commits.values()
                              if mine and it["seat"] == seat and it["kind"] == "play"),
            "facedown": [len(b) for b in self.buried],
            "played": list(self.played),
            "ward": list(self.ward), "deceive": list(self.deceive), "charm": list(self.charm),
            "hexes": [{k: v for k, v in h.items() if k != "back"} | {"loss": hex_loss(h),
                                                                      "nullable": h["back"] is not None}
                      for h in self.hexes],
            "markers_free": self.markers_free(),
            "deck": sum(self.deck.values()), "discard": len(self.discard),
            "discard_top": self.discard[-TRICKS_TAKE:],
            "table": list(self.table),
            "pending": [self.public_item(it, seat) for it in self.pending],
            "commits": commits,
            "answering": answering,
            "window": window, "race": race, "sign": sign,
            "signs_waiting": list(self.signs),
            "last_race": self.last_race, "last_sign": self.last_sign,
            "history": list(self.history),
            "events": list(self.events),
            "phase": kind,
            "current": cur,
            "over": self.finished,
            "winners": self.winners,
            "scores": self.scores,
            "legal": [str(a) for a in self.legal_actions()] if (mine and seat == cur) else [],
        }


def _copy_item(it: Any) -> Any:
    """A copy of a one-level-nested record (a Hex, a pending play, a job)."""
    if isinstance(it, dict):
        return {k: (v.copy() if isinstance(v, (list, dict)) else v) for k, v in it.items()}
    return [(v.copy() if isinstance(v, (list, dict)) else v) for v in it]


_NEWER_FIELDS = ("rulings", "history")
"""Fields a state under the original rulings leaves out of its JSON (see HexHexState.to_dict)."""
_FLAT = ("wins", "laws", "voice", "discard", "table", "played", "ward", "deceive", "charm",
         "signs", "hexed", "events")


def _copy_fields(d: dict[str, Any]) -> dict[str, Any]:
    """The state's fields, copied just deep enough (no field nests more than two levels).

    Underscored attributes are the engine's bookkeeping (`State.apply_recording` leaves
    `_events` and `_recording` on a state Match applied an action to), not the position: they
    stay out of the JSON, so saves keep their digests.
    """
    out = {k: v for k, v in d.items() if not k.startswith("_")}
    for k in _FLAT:
        out[k] = list(d[k])
    out["deck"] = dict(d["deck"])
    out["buried"] = [list(b) for b in d["buried"]]
    out["hands"] = [list(h) for h in d["hands"]]
    out["hexes"] = [_copy_item(h) for h in d["hexes"]]
    out["commits"] = {k: _copy_item(v) for k, v in d["commits"].items()}
    out["pending"] = [_copy_item(it) for it in d["pending"]]
    out["jobs"] = [_copy_item(j) for j in d["jobs"]]
    if "history" in d:
        out["history"] = list(d["history"])   # its entries are never changed once written
    # last_race / last_sign are replaced, never changed in place, so they may be shared.
    return out


def _deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


class HexHexGame(Game):
    id = "hex-hex"
    name = "HEX-HEX XL"
    pitch = "Pass the Hex before it goes off on you: deflect, boost, duplicate and deceive."
    min_players = 3
    max_players = 6
    default_players = 4
    hidden_information = True
    options: ClassVar[dict[str, Option]] = {
        "series": Option("series", SERIES_LENGTHS, 1, "Laying Down the Law",
                         "Games in the series; each game's winner adds a law for the rest of it."),
        "rulings": Option("rulings", RULINGS, CURRENT_RULINGS, "Rulings",
                          "Original: Null cancels any card still in play and you are HEXED only by "
                          "a Hex none of your cards answers, as our first version ruled; kept so "
                          "that games saved before the correction replay as they were played.",
                          legacy=ORIGINAL_RULINGS, hidden=True),
    }

    def _new(self, players: int, options: dict[str, Any]) -> HexHexState:
        state = HexHexState(players, options["series"], options["rulings"])
        state._advance()
        return state

    def from_dict(self, data: dict[str, Any]) -> HexHexState:
        players = data["players"]
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"bad player count {players!r}")
        rulings = data.get("rulings", ORIGINAL_RULINGS)   # not named: original (see to_dict)
        if rulings not in RULINGS:
            raise ValueError(f"bad rulings {rulings!r}")
        state = HexHexState(players, int(data["series"]), rulings)
        fields = [k for k in vars(state) if k != "rulings" and (k in data or k not in _NEWER_FIELDS)]
        for key in fields:
            default = getattr(state, key)
            if type(data[key]) is not type(default):
                raise ValueError(f"{key} should be {type(default).__name__}")
        state.__dict__.update(_copy_fields({k: data[k] for k in fields}))
        for entry in state.history:
            if (not isinstance(entry, dict) or not isinstance(entry.get("round"), int)
                    or not isinstance(entry.get("tiebreak"), int) or not isinstance(entry.get("voice"), list)
                    or len(entry["voice"]) != players or not all(isinstance(v, int) for v in entry["voice"])):
                raise ValueError(f"bad round record {entry!r}")
        if sorted(state.deck) != sorted(CARDS_BY_ID):
            raise ValueError("the deck names unknown cards")
        for hand in state.hands:
            for c in hand:
                if c not in CARDS_BY_ID:
                    raise ValueError(f"unknown card {c!r}")
        if len(state.hands) != players or not state.jobs:
            raise ValueError("hands or jobs do not fit the state")
        known = CHANCE_JOBS | DECISION_JOBS | {"deal", "pwd", "resolve", "endround", "newround",
                                               "endgame", "over"}
        for job in state.jobs:
            if not isinstance(job, list) or not job or job[0] not in known:
                raise ValueError(f"unknown step {job!r}")
        return state

    def parse_action(self, text: str) -> Any:
        return parse_action(text)


    def determinize(self, state: State, seat: int, rng: Any) -> State:
        """Resample what `seat` cannot see: other hands, others' face-down discards, the deck.

        Cards pinned by a public effect (a Blind Hex or Fate card that must be played) stay
        where they are; play-when-dealt cards are never put in a hand (they would have taken
        effect). Other seats' face-down answers in a volley are chosen again from their new
        hands, and a face-down Deception card waiting in a window becomes one of its owner's
        resampled face-down cards.
        """
        assert isinstance(state, HexHexState)
        new = state.clone()
        h: dict[str, Any] | None   # a Hex; hex_by_id below may find none
        # Others' face-down answers (their cards are still in hand) are chosen again afterwards.
        redo: list[tuple[int, int, str]] = []      # (hex id, seat, "play" or "take")
        for h in new.volley_order() if new.commits else []:
            it = new.commits.get(str(h["id"]))
            if it is not None and it["seat"] != seat:
                redo.append((h["id"], it["seat"], it["kind"]))
                del new.commits[str(h["id"])]
        pinned: dict[int, list[str]] = {}
        for h in new.hexes:
            if h["force"] and h["at"] != seat and h["force"] in new.hands[h["at"]]:
                pinned.setdefault(h["at"], []).append(h["force"])
        # A face-down Deception card still in a window is one of its owner's face-down cards.
        hidden_claims = [it for it in new.pending
                         if it.get("deceit") and not it.get("challenged") and it["seat"] != seat]
        pool: list[str] = []
        for c, k in new.deck.items():
            if k:
                pool.extend([c] * k)
        others = [s for s in range(new.players) if s != seat]
        sizes: dict[int, int] = {}
        face_down: dict[int, int] = {}
        for s in others:
            hand = new.hands[s]
            if s in pinned:
                hand = list(hand)
                for c in pinned[s]:
                    hand.remove(c)
            sizes[s] = len(hand)
            pool.extend(hand)
            buried = new.buried[s]
            face_down[s] = len(buried)
            pool.extend(buried)
        rng.shuffle(pool)
        # Play-when-dealt cards would have taken effect in a hand, and face-down cards (random
        # discards, Deception plays) came from hands: both take other cards first.
        plain = [c for c in pool if c not in _DEALT_IDS]
        dealt = [c for c in pool if c in _DEALT_IDS]
        for s in others:
            k = sizes[s]
            hand = plain[:k]
            del plain[:k]
            while len(hand) < k:
                hand.append(dealt.pop())
            new.hands[s] = sorted(hand + pinned.get(s, []))
        for s in others:
            k = face_down[s]
            down = plain[:k]
            del plain[:k]
            while len(down) < k:
                down.append(dealt.pop())
            new.buried[s] = down
        counts = Counter(plain + dealt)
        new.deck = {c.id: counts.get(c.id, 0) for c in CARDS}
        taken: dict[int, int] = {}
        for it in hidden_claims:
            s = it["seat"]
            j = taken.get(s, 0) + 1
            taken[s] = j
            it["real"] = new.buried[s][-j]
        for hid, s, _kind in redo:
            # Nothing public tells a readied card from a HEXED answer, so any legal answer will do.
            h = new.hex_by_id(hid)
            assert h is not None
            answers, take = new.volley_choices(s, h)
            choice = rng.choice([*answers, None] if take else answers) if answers else None
            if choice is None:
                new.commits[str(hid)] = {"kind": "take", "seat": s, "hex": hid}
                continue
            a = choice
            new.commits[str(hid)] = {"kind": "play", "seat": s, "hex": hid, "card": a.card,
                                     "to": list(a.to), "real": a.card, "deceit": False,
                                     "challenged": False}
        return new


def invariants(state: HexHexState) -> None:
    """What must hold in every position (tests/invariants.py runs it after every step)."""
    cards = (sum(state.deck.values()) + len(state.discard) + sum(len(b) for b in state.buried)
             + sum(len(h) for h in state.hands) + len(state.table))
    banned = {law[4:] for law in state.laws if law.startswith("ban-")}  # laws take cards out
    expected = DECK_SIZE - sum(c.count for c in CARDS if c.id in banned)
    if not banned:
        assert cards == expected, f"cards not conserved: {cards} in deck, discards, hands and table"
    else:  # a ban takes effect when the next game's deck is built, not on cards already out
        assert expected <= cards <= DECK_SIZE, f"cards not conserved: {cards} in play"
    assert all(n >= 0 for n in state.deck.values()), "the deck holds a negative number of a card"
    assert len(state.hexes) <= 8, "more Hexes in play than there are markers"
    assert all(c == -1 or 0 <= c < state.players for c in state.charm), "a charm points at nobody"


DECK_SIZE = sum(c.count for c in CARDS)

GAME = HexHexGame()
HexHexState.game = GAME
