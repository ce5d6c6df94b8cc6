"""A Hack & Slash position: the guilds, the quest cards, and where the turn stands.

The turn moves through five phases (`Phase`). While a party is away on a quest, a
`Party` rides with the phase: the quest, the dice it shows and whether a rescuer
joined. Everything is public; the pile has no order, so a reveal is any card left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Sequence

from ..engine import CHANCE, Event, State
from .components import ADVENTURERS_AT_START, BRAG, DIE_SIDES, QUESTS, QUESTS_BY_ID, QUESTS_FACE_UP, Quest
from .notation import Action, Decision, Go, Pass, Quit, Rescue, Reroll, Reveal, Roll
from .odds import rolls


class Phase(StrEnum):
    """Where a turn stands; the value is the phase's name in saves and views."""
    REVEAL = "reveal"   # chance turns over a quest card (the opening row, or a replacement)
    CHOOSE = "choose"   # the player picks a quest (or must pass with nobody home)
    ROLL = "roll"       # chance rolls the party's dice
    FAILED = "failed"   # the player quits or sends a rescuer
    REROLL = "reroll"   # chance rerolls the rescued die


CHANCE_PHASES = frozenset({Phase.REVEAL, Phase.ROLL, Phase.REROLL})


@dataclass(frozen=True, slots=True)
class Party:
    """The adventurers away on this turn's quest: the quest, the dice they show (high to
    low; without the rescued die while it is rerolled) and whether a rescuer joined.
    Kept after a success until the replacement card is turned over, for the table to show."""
    quest: str
    dice: tuple[int, ...] = ()
    rescued: bool = False

    @property
    def card(self) -> Quest:
        return QUESTS_BY_ID[self.quest]

    @property
    def away(self) -> int:
        """Adventurers away: the quest's challenge, plus the rescuer."""
        return self.card.challenge + self.rescued


@dataclass(frozen=True, slots=True)
class ShownRoll:
    """A guild's latest roll as the table shows it."""
    seat: int
    quest: str
    dice: tuple[int, ...]
    rerolled: int | None    # the face the rescued die came up with, if this was a reroll
    success: bool

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "quest": self.quest, "dice": list(self.dice),
                "rerolled": self.rerolled, "success": self.success}


@dataclass(slots=True, eq=False, init=False)
class HackAndSlashState(State):
    """Mutable position; `clone` copies it."""

    players: int
    home: list[int]              # adventurers at home, per seat
    scored: list[list[str]]      # each seat's score pile, in the order completed
    tavern: int                  # adventurers who quit (the supply is unlimited)
    pile: list[str]              # unordered: a reveal draws any of them
    face_up: list[str]           # the quests beside Brag
    turn: int                    # seat whose turn it is
    round: int
    phase: Phase
    setting_up: bool             # turning over the first row of quests
    party: Party | None          # away on a quest (or just back from one, see `Party`)
    last_roll: ShownRoll | None  # the latest roll, for the table to show
    ending: bool                 # the game ends before the first player's next turn
    ending_reason: str
    finished: bool
    shown_rolls: dict[int, ShownRoll]
    """Display memory, not position: every guild's latest roll, for the table to show by its
    guild. Not in the JSON, so not in saves (a load replays the log, which rebuilds it); a
    state made by `from_dict` starts without it."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.home = [ADVENTURERS_AT_START] * players
        self.scored = [[] for _ in range(players)]
        self.tavern = 0
        self.pile = [q.id for q in QUESTS]
        self.face_up = []
        self.turn = 0
        self.round = 1
        self.phase = Phase.REVEAL
        self.setting_up = True
        self.party = None
        self.last_roll = None
        self.ending = False
        self.ending_reason = ""
        self.finished = False
        self.shown_rolls = {}

    # -- the party, as the table and the bots read it ----------------------------------------
    @property
    def quest(self) -> str | None:
        """The quest being attempted (or just completed, until its replacement shows)."""
        return self.party.quest if self.party else None

    @property
    def dice(self) -> tuple[int, ...]:
        return self.party.dice if self.party else ()

    @property
    def rescued(self) -> bool:
        return self.party.rescued if self.party else False

    @property
    def party_size(self) -> int:
        """Adventurers the quest sent (the rescuer not counted)."""
        return self.party.card.challenge if self.party else 0

    def available(self) -> list[str]:
        """Quests a player may choose from: Brag and the face-up cards."""
        return [BRAG.id, *self.face_up]

    # -- contract -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        return CHANCE if self.phase in CHANCE_PHASES else self.turn

    @property
    def scores(self) -> list[float]:
        return [sum(QUESTS_BY_ID[q].points for q in pile) for pile in self.scored]

    @property
    def winners(self) -> list[int]:
        """Most points; a tie goes to the most adventurers at home; then shared."""
        if not self.finished:
            return []
        key = [(s, self.home[i]) for i, s in enumerate(self.scores)]
        best = max(key)
        return [i for i, k in enumerate(key) if k == best]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        match self.phase:
            case Phase.REVEAL:
                p = 1.0 / len(self.pile)
                return [(Reveal(q), p) for q in self.pile]
            case Phase.ROLL:
                return [(Roll(dice), p) for dice, p in rolls(self.party_size)]
            case _:
                return [(Reroll(face), 1.0 / DIE_SIDES) for face in range(1, DIE_SIDES + 1)]

    def _legal_actions(self) -> list[Any]:
        home = self.home[self.turn]
        if self.phase == Phase.CHOOSE:
            if home == 0:
                return [Pass()]
            return [Go(q) for q in self.available() if QUESTS_BY_ID[q].challenge <= home]
        actions: list[Decision] = [Quit()]   # FAILED
        if not self.rescued and home > 0:
            actions += [Rescue(face) for face in sorted(set(self.dice), reverse=True)]
        return actions

    def why_illegal(self, action: Any) -> str:
        if self.current_player == CHANCE:
            return "chance acts here, not a player"
        home = self.home[self.turn]
        if self.phase == Phase.CHOOSE:
            match action:
                case Go(quest) if quest not in self.available():
                    return f"{quest} is not a face-up quest"
                case Go() if home == 0:
                    return "nobody is at home: the only move is to pass"
                case Go(quest):
                    need = QUESTS_BY_ID[quest].challenge
                    return f"the quest needs {need} adventurers and only {home} are at home"
                case Pass():
                    return "a player with adventurers at home must choose a quest"
            return "choose a quest first"
        match action:
            case Rescue() if self.rescued:
                return "a quest can be rescued only once"
            case Rescue() if home == 0:
                return "a rescue needs an adventurer at home, and nobody is left"
            case Rescue(face) if face not in self.dice:
                return f"no die shows {face}"
        return "after a failure the choice is to quit or to rescue"

    # -- the turn ----------------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        move: Action = action
        match move:
            case Reveal(quest):
                self.pile.remove(quest)
                self.face_up.append(quest)
                if not self.setting_up:
                    self._next_turn()  # a replacement after a success ends that turn
                elif len(self.face_up) == QUESTS_FACE_UP:
                    self.setting_up = False
                    self.phase = Phase.CHOOSE
            case Pass():
                self._last_round("a player had nobody at home", "nobody home")
                self._next_turn()
            case Go(quest):
                self.party = Party(quest)
                self.home[self.turn] -= self.party_size
                self.phase = Phase.ROLL
            case Roll(dice):
                self._settle(Party(self.quest or "", dice), None)
            case Rescue(face):
                kept = list(self.dice)
                kept.remove(face)
                self.home[self.turn] -= 1
                self.party = Party(self.quest or "", tuple(kept), rescued=True)
                self.phase = Phase.REROLL
            case Reroll(face):
                dice = tuple(sorted([*self.dice, face], reverse=True))
                self._settle(Party(self.quest or "", dice, rescued=True), face)
            case Quit():
                self._fail()

    def _settle(self, party: Party, rerolled: int | None) -> None:
        """The dice are down: the party comes home with its reward, or fails."""
        self.party = party
        quest = party.card
        success = quest.met_by(sum(party.dice))
        self.last_roll = self.shown_rolls[self.turn] = ShownRoll(
            self.turn, quest.id, party.dice, rerolled, success)
        if success:
            self._succeed(party)
        elif party.rescued:
            self._fail()
        else:
            self.phase = Phase.FAILED

    def _succeed(self, party: Party) -> None:
        seat, quest = self.turn, party.card
        self.home[seat] += party.away + quest.recruit
        self.emit(Event("home", seat=seat, amount=self.home[seat], subject=quest.id))
        if quest is BRAG:
            self._next_turn()
            return
        self.scored[seat].append(quest.id)
        self.face_up.remove(quest.id)
        self.emit(Event("quest", seat=seat, amount=self.scores[seat], subject=quest.id))
        if self.pile:
            self.phase = Phase.REVEAL  # the turn passes once the replacement is turned over
            return
        self._last_round("the quest pile ran out", "pile")
        self._next_turn()

    def _fail(self) -> None:
        lost = self.party.away if self.party else 0
        self.tavern += lost
        self.emit(Event("tavern", seat=self.turn, amount=self.home[self.turn], subject=str(lost)))
        self._next_turn()

    def _last_round(self, reason: str, key: str) -> None:
        """The game ends before the first player's next turn (told once, when it starts)."""
        if not self.ending:
            self.emit(Event("last round", seat=self.turn, subject=key, other=0))
        self.ending = True
        self.ending_reason = self.ending_reason or reason

    def _next_turn(self) -> None:
        self.party = None
        self.turn = (self.turn + 1) % self.players
        self.phase = Phase.CHOOSE
        if self.turn == 0:
            if self.ending:
                self.finished = True
                self.emit(Event("over"))
                return
            self.round += 1

    # -- text ------------------------------------------------------------------------------
    def describe(self, action: Any, names: Sequence[str]) -> str:
        who = names[self.turn]
        move: Action = action
        match move:
            case Go(quest):
                q = QUESTS_BY_ID[quest]
                return f"{who} sends {q.challenge} to {q.name} (needs {needs(q)})"
            case Pass():
                return f"{who} has nobody at home and passes"
            case Quit() if self.party_size == 1:
                return f"{who}'s adventurer quits and heads to the Tavern"
            case Quit():
                return f"{who}'s {self.party_size} adventurers quit and head to the Tavern"
            case Rescue(face):
                return f"{who} sends a rescuer and rerolls a {face}"
            case Reveal(quest):
                q = QUESTS_BY_ID[quest]
                return f"A new quest is turned face up: {q.name} ({q.summary})"
            case Roll(dice):
                return f"{who} rolls {self._outcome(list(dice), rerolled=False)}"
            case Reroll(face):
                after = sorted([*self.dice, face], reverse=True)
                return f"{who} rerolls to {self._outcome(after, rerolled=True)}"

    def _outcome(self, dice: list[int], rerolled: bool) -> str:
        """A roll of the current quest in words: "4+3=7, needs 7+: succeeds: 2 points"."""
        quest = QUESTS_BY_ID[self.quest or ""]
        total = sum(dice)
        sums = "+".join(str(d) for d in dice) + (f"={total}" if len(dice) > 1 else "")
        if quest.met_by(total):
            gains = [f"{quest.points} point{'s' if quest.points != 1 else ''}"] if quest.points else []
            gains += ["a new adventurer"] if quest.recruit else []
            result = "succeeds: " + " and ".join(gains)
        else:
            result = "fails, and all go to the Tavern" if rerolled else "fails"
        return f"{sums}, needs {needs(quest)}: {result}"

    # -- copies, saving and views -----------------------------------------------------------
    def clone(self) -> "HackAndSlashState":
        """A copy without deepcopy: bots copy states at every node, and the parts that are
        not lists of plain values (`party`, `last_roll`) are frozen."""
        twin = HackAndSlashState.__new__(HackAndSlashState)
        for name in STATE_FIELDS:
            setattr(twin, name, getattr(self, name))
        twin.home, twin.pile, twin.face_up = list(self.home), list(self.pile), list(self.face_up)
        twin.scored = [list(p) for p in self.scored]
        twin.shown_rolls = dict(self.shown_rolls)
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "home": list(self.home),
            "scored": [list(p) for p in self.scored],
            "tavern": self.tavern,
            "pile": list(self.pile),
            "face_up": list(self.face_up),
            "turn": self.turn,
            "round": self.round,
            "phase": self.phase.value,
            "setting_up": self.setting_up,
            "quest": self.quest,
            "dice": list(self.dice),
            "rescued": self.rescued,
            "last_roll": self.last_roll.as_dict() if self.last_roll else None,
            "ending": self.ending,
            "ending_reason": self.ending_reason,
            "finished": self.finished,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public except the order of the pile, which does not exist yet."""
        shown = [self.shown_rolls.get(s) for s in range(self.players)]
        return {
            "game": "hack-and-slash",
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "current": self.current_player,
            "round": self.round,
            "phase": self.phase.value,
            "home": list(self.home),
            "scored": [list(p) for p in self.scored],
            "scores": self.scores,
            "tavern": self.tavern,
            "pile": len(self.pile),
            "face_up": list(self.face_up),
            "quest": self.quest,
            "dice": list(self.dice),
            "last_roll": self.last_roll.as_dict() if self.last_roll else None,
            "rolls": [r.as_dict() if r else None for r in shown],
            "rescued": self.rescued,
            "ending": self.ending,
            "ending_reason": self.ending_reason,
            "over": self.finished,
            "winners": self.winners,
            "legal": [str(a) for a in self.legal_actions()] if seat == self.current_player else [],
        }


STATE_FIELDS: tuple[str, ...] = tuple(HackAndSlashState.__slots__)


def needs(quest: Quest) -> str:
    """A quest's goal as the log says it: "7+" or "exactly 7"."""
    return f"exactly {quest.goal}" if quest.exact else quest.goal_text
