"""A HEX-HEX XL position: what is on the table, and the questions every part of the rules asks
of it (whose turn, who sits where, which Hex waits for an answer, which cards still count).

`Position` holds the fields; legality.py, effects.py and flow.py are the rules that read and
change them, and `HexHexState` (state.py) joins them into the engine's contract. Seats are
numbered going left; `jobs` is the turn flow (records.py), its head always a decision or a
chance event.
"""

from __future__ import annotations

from typing import Any

from ..engine import CHANCE, Event, State
from .components import CARDS, ENHANCED_TOKENS, VOICE_AT_START
from .events import HexEvent
from .records import (
    Answer, Answering, BlindPull, CastHex, DrawCard, FirstDealer, GoOff, Hex, Item, Job, LawChoice,
    NullCard, PickDealer, Race, RaceResult, RoundRecord, SignChoice, SignResult, SpiteChoice,
    StealCard, StrikeChoice, Taken, Trim, Window, job_name,
)

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

RECENT_EVENTS = 12
"""How many of the latest events the state keeps for the table."""

_ORDERS = {n: [tuple((s + i) % n for i in range(n)) for s in range(n)] for n in range(1, 7)}
"""_ORDERS[players][s]: the seats starting with s, going left."""


class Position(State):
    """The fields of a HEX-HEX XL state and the questions the rules ask of them."""

    def __init__(self, players: int, series: int = 1, rulings: str = CURRENT_RULINGS) -> None:
        n = players
        self.players = n
        self.series = series
        self.rulings = rulings                 # not in the JSON when original (see storage.py)
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
        self.hexes: list[Hex] = []
        self.next_hex = 0
        self.commits: dict[int, Answer | Taken] = {}   # Hex id -> readied answer (hidden)
        self.pending: list[Item] = []          # cards waiting for their window
        self.signs: list[int] = []             # Hex Sign players waiting for the other Hexes
        self.hexed = [0] * n                   # times HEXED this round
        self.events: list[HexEvent] = []       # the latest public happenings, for the table
        self.last_race: RaceResult | None = None
        self.last_sign: SignResult | None = None
        # Voice at the end of each round of this game. Kept only under the current rulings:
        # original states keep the JSON they always had.
        self.history: list[RoundRecord] = []
        self.finished = False
        self.jobs: list[Job] = [FirstDealer()]

    # -- seats and rulings ----------------------------------------------------------------
    @property
    def original(self) -> bool:
        """Whether this game follows the original rulings (a save from before 2026-12)."""
        return self.rulings == ORIGINAL_RULINGS

    @property
    def mult(self) -> int:
        """Every gain and loss counts double in a tie-break round."""
        return 2 if self.tiebreaks else 1

    @property
    def phase(self) -> str:
        """The name of the step at the head of the turn flow ("play", "window", "draw"...)."""
        return job_name(self.jobs[0])

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

    def gagged(self, s: int) -> bool:
        return "gag" in self.laws and self.voice[s] <= 0

    # -- Voice ------------------------------------------------------------------------------
    def lose(self, s: int, amount: int, shield: bool = True) -> int:
        """`s` loses `amount` (doubled in a tie-break) unless a Ward shields it; what was lost."""
        a = amount * self.mult
        if shield and self.ward[s]:
            return 0
        self.voice[s] -= a
        return a

    def gain(self, s: int, amount: int) -> None:
        self.voice[s] += amount * self.mult

    # -- Hexes ------------------------------------------------------------------------------
    def hex_by_id(self, hid: int) -> Hex | None:
        for h in self.hexes:
            if h.id == hid:
                return h
        return None

    def markers_free(self) -> int:
        return ENHANCED_TOKENS - sum(h.markers for h in self.hexes)

    def multi(self) -> bool:
        return len(self.hexes) > 1

    def volley_order(self) -> list[Hex]:
        """The Hexes in the order their answers are asked for: by seat from the caster's left,
        then by number."""
        pos = {s: i for i, s in enumerate(self.order_from(self.left(self.caster)))}
        return sorted(self.hexes, key=lambda h: (pos[h.at], h.id))

    def answering(self) -> Hex:
        """The Hex that needs an answer now."""
        if not self.multi():
            return self.hexes[0]
        for h in self.volley_order():
            if h.id not in self.commits:
                return h
        raise AssertionError("every Hex has its answer")

    def available(self, s: int) -> list[str]:
        """`s`'s hand minus the cards already readied face down for other Hexes this volley."""
        hand = self.hands[s]
        if not self.commits:
            return hand
        hand = list(hand)
        for it in self.commits.values():
            if it.seat == s and isinstance(it, Answer):
                hand.remove(it.real)
        return hand

    # -- whose turn ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        match self.jobs[0]:        # the commonest steps first: a match tries its cases in order
            case Window() as window:
                return self.window_order(window)[window.at]
            case Answering():
                return self.answering().at
            case DrawCard() | FirstDealer() | Trim() | BlindPull() | StealCard():
                return CHANCE
            case CastHex():
                return self.caster
            case PickDealer(seat) | GoOff(seat) | SpiteChoice(seat) | StrikeChoice(seat) | LawChoice(seat):
                return seat
            case Race() as race:
                return self.race_order(race)[len(race.times)]
            case SignChoice(player, signs):
                return self.order_from(player)[len(signs)]
        raise AssertionError(self.jobs[0])

    def window_order(self, window: Window) -> list[int]:
        """Seats asked in a window: those holding cards (anyone, if a claim can be challenged)."""
        anchor = window.anchor
        seats = list(_ORDERS[self.players][anchor][1:])
        if window.with_anchor:
            seats.append(anchor)
        for it in self.pending:
            if isinstance(it, Answer) and it.deceit and not it.challenged:
                return seats
        hands = self.hands
        return [s for s in seats if hands[s]]

    def race_order(self, race: Race) -> list[int]:
        return self.order_from(race.caller)[1:]

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

    # -- the cards of a window ----------------------------------------------------------------
    def effective(self) -> set[int]:
        """Pending items still standing (not cancelled by a standing Null or a caught lie)."""
        cancelled: set[int] = set()
        for k in range(len(self.pending) - 1, -1, -1):
            it = self.pending[k]
            if isinstance(it, NullCard) and k not in cancelled:
                cancelled.add(it.target)
        return {k for k, it in enumerate(self.pending)
                if k not in cancelled and not (isinstance(it, Answer) and it.caught)}

    def last_played(self) -> list[int]:
        """Pending items that are the last card played: the one Null may cancel.

        Responses (Null, Detonate, Eradicate) come one at a time after the answers, so the
        newest response is the last card; before any response, the answers that came into
        play together (one answer, or a volley's readied answers) all are.
        """
        if self.original:    # any card still in the window, however old
            return [k for k, it in enumerate(self.pending) if not isinstance(it, Taken)]
        if not self.pending:
            return []
        k = len(self.pending) - 1
        if not isinstance(self.pending[k], (Answer, Taken)):
            return [k]
        return [i for i, it in enumerate(self.pending) if isinstance(it, Answer)]

    def arrivals(self) -> list[tuple[int, int]]:
        """(seat, pending index) for every Hex a standing pending card is sending to a seat."""
        out = []
        eff = self.effective()
        for k, it in enumerate(self.pending):
            if k in eff and isinstance(it, Answer):
                if it.card == "friend":
                    out.append((it.to[1], k))
                elif it.card in ("twain", "doubleback"):
                    out += [(t, k) for t in it.to]
                elif it.to:
                    out.append((it.to[0], k))
        return out

    # -- changes every part of the rules makes ------------------------------------------------
    def tell(self, event: HexEvent) -> None:
        """Something public happened: the table lists it, and the match's log hears of it."""
        self.events.append(event)
        del self.events[:-RECENT_EVENTS]
        for entry in event.log():
            self.emit(entry)

    def play_card(self, s: int, card: str, face_down: bool = False) -> None:
        """`s` plays `card` from their hand: onto the table, or face down in front of them.

        The log hears of every card played ("played", the card itself even when face down:
        the log is the whole story, and its words leave this entry out)."""
        self.hands[s].remove(card)
        self.played[s] += 1
        if face_down:
            self.buried[s].append(card)
        else:
            self.table.append(card)
        self.emit(Event("played", seat=s, amount=int(face_down), subject=card))

    def clone_fields(self) -> dict[str, Any]:
        """The fields, copied just deep enough: what a move may change in place is copied,
        values (jobs, events, results) are shared."""
        d = vars(self)
        out = {k: v for k, v in d.items() if not k.startswith("_")}
        for k in ("wins", "laws", "voice", "discard", "table", "played", "ward", "deceive", "charm",
                  "signs", "hexed", "events", "jobs", "history"):
            out[k] = list(d[k])
        out["deck"] = dict(d["deck"])
        out["buried"] = [list(b) for b in d["buried"]]
        out["hands"] = [list(h) for h in d["hands"]]
        out["hexes"] = [h.copy() for h in d["hexes"]]
        out["commits"] = {k: v.copy() if isinstance(v, Answer) else v for k, v in d["commits"].items()}
        out["pending"] = [it.copy() if isinstance(it, Answer) else it for it in d["pending"]]
        return out
