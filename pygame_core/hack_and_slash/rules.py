"""Hack & Slash: a push-your-luck dice game for 2-6 players (3-6 as published).

Perfect information with chance. Each turn a player sends adventurers on a face-up
quest and rolls one die per adventurer; a failure may be followed by one rescue (one
more adventurer, one die rerolled). Chance nodes: revealing a quest card from the
pile (every remaining card equally likely, which is the same as a shuffled pile) and
rolling dice (a roll is the sorted multiset of faces, with its probability).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from ..engine import CHANCE, Event, Game, IllegalActionError, Option, State
from .components import ADVENTURERS_AT_START, BRAG, DIE_SIDES, QUESTS, QUESTS_BY_ID, QUESTS_FACE_UP
from .odds import rolls

# Phases of a turn.
REVEAL = "reveal"      # chance: turn over a quest card
CHOOSE = "choose"      # the player picks a quest (or must pass with nobody home)
ROLL = "roll"          # chance: the dice for the quest
FAILED = "failed"      # the player quits or sends a rescuer
REROLL = "reroll"      # chance: the rescued die


# -- actions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Go:
    """Send adventurers on a quest."""
    quest: str

    def __str__(self) -> str:
        return f"go {self.quest}"


@dataclass(frozen=True)
class Pass:
    """Nobody at home: the turn passes."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Quit:
    """After a failure: the party goes to the Tavern."""

    def __str__(self) -> str:
        return "quit"


@dataclass(frozen=True)
class Rescue:
    """After a failure: one more adventurer joins and one die showing `face` is rerolled."""
    face: int

    def __str__(self) -> str:
        return f"rescue {self.face}"


@dataclass(frozen=True)
class Reveal:
    quest: str

    def __str__(self) -> str:
        return f"reveal {self.quest}"


@dataclass(frozen=True)
class Roll:
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + "-".join(str(d) for d in self.dice)


@dataclass(frozen=True)
class Reroll:
    face: int

    def __str__(self) -> str:
        return f"reroll {self.face}"


def parse_action(text: str) -> Any:
    word, _, rest = text.strip().partition(" ")
    try:
        if word == "go" and rest in QUESTS_BY_ID:
            return Go(rest)
        if word == "reveal" and rest in QUESTS_BY_ID:
            return Reveal(rest)
        if word == "pass" and not rest:
            return Pass()
        if word == "quit" and not rest:
            return Quit()
        if word == "rescue":
            return Rescue(int(rest))
        if word == "reroll":
            return Reroll(int(rest))
        if word == "roll":
            return Roll(tuple(int(d) for d in rest.split("-")))
    except ValueError:
        pass
    raise IllegalActionError(f"{text!r} is not a Hack & Slash action")


# -- state ---------------------------------------------------------------------------------
class HackState(State):
    def __init__(self, players: int) -> None:
        self.players = players
        self.home = [ADVENTURERS_AT_START] * players
        self.scored: list[list[str]] = [[] for _ in range(players)]
        self.tavern = 0                      # adventurers who quit (the supply is unlimited)
        self.pile = [q.id for q in QUESTS]   # unordered: a reveal draws any of them
        self.face_up: list[str] = []         # the quests beside Brag
        self.turn = 0                        # seat whose turn it is
        self.round = 1
        self.phase = REVEAL
        self.setting_up = True               # turning over the first row of quests
        self.quest: str | None = None        # quest being attempted
        self.dice: list[int] = []            # current roll, high to low
        self.rescued = False
        self.last_roll: dict[str, Any] | None = None  # the latest roll, for the table to show
        self.ending = False                  # the game ends before the first player's next turn
        self.ending_reason = ""
        self.finished = False

    # -- contract -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        return CHANCE if self.phase in (REVEAL, ROLL, REROLL) else self.turn

    @property
    def scores(self) -> list[float]:
        return [sum(QUESTS_BY_ID[q].points for q in pile) for pile in self.scored]

    @property
    def winners(self) -> list[int]:
        if not self.finished:
            return []
        key = [(s, self.home[i]) for i, s in enumerate(self.scores)]
        best = max(key)
        return [i for i, k in enumerate(key) if k == best]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == REVEAL:
            p = 1.0 / len(self.pile)
            return [(Reveal(q), p) for q in self.pile]
        if self.phase == ROLL:
            return [(Roll(dice), p) for dice, p in rolls(self.party_size)]
        return [(Reroll(face), 1.0 / DIE_SIDES) for face in range(1, DIE_SIDES + 1)]

    def available(self) -> list[str]:
        """Quests a player may choose from: Brag and the face-up cards."""
        return [BRAG.id, *self.face_up]

    def _legal_actions(self) -> list[Any]:
        if self.phase == CHOOSE:
            if self.home[self.turn] == 0:
                return [Pass()]
            return [Go(q) for q in self.available() if QUESTS_BY_ID[q].challenge <= self.home[self.turn]]
        # FAILED
        actions: list[Any] = [Quit()]
        if not self.rescued and self.home[self.turn] > 0:
            actions += [Rescue(face) for face in sorted(set(self.dice), reverse=True)]
        return actions

    def why_illegal(self, action: Any) -> str:
        if self.current_player == CHANCE:
            return "chance acts here, not a player"
        if self.phase == CHOOSE:
            if isinstance(action, Go):
                if action.quest not in self.available():
                    return f"{action.quest} is not a face-up quest"
                need = QUESTS_BY_ID[action.quest].challenge
                if self.home[self.turn] == 0:
                    return "nobody is at home: the only move is to pass"
                return f"the quest needs {need} adventurers and only {self.home[self.turn]} are at home"
            if isinstance(action, Pass):
                return "a player with adventurers at home must choose a quest"
            return "choose a quest first"
        if isinstance(action, Rescue):
            if self.rescued:
                return "a quest can be rescued only once"
            if self.home[self.turn] == 0:
                return "a rescue needs an adventurer at home, and nobody is left"
            if action.face not in self.dice:
                return f"no die shows {action.face}"
        return "after a failure the choice is to quit or to rescue"

    @property
    def party_size(self) -> int:
        return QUESTS_BY_ID[self.quest].challenge if self.quest else 0

    def _apply(self, action: Any) -> None:
        if isinstance(action, Reveal):
            self.pile.remove(action.quest)
            self.face_up.append(action.quest)
            if not self.setting_up:
                self._next_turn()  # a replacement after a success ends that turn
            elif len(self.face_up) == QUESTS_FACE_UP:
                self.setting_up = False
                self.phase = CHOOSE
        elif isinstance(action, Pass):
            self._last_round("a player had nobody at home", "nobody home")
            self._next_turn()
        elif isinstance(action, Go):
            self.quest = action.quest
            self.home[self.turn] -= self.party_size
            self.phase = ROLL
        elif isinstance(action, Roll):
            self.dice = list(action.dice)
            self._remember_roll(None)
            self._settle()
        elif isinstance(action, Rescue):
            self.home[self.turn] -= 1
            self.rescued = True
            self.dice.remove(action.face)
            self.phase = REROLL
        elif isinstance(action, Reroll):
            self.dice = sorted([*self.dice, action.face], reverse=True)
            self._remember_roll(action.face)
            self._settle()
        elif isinstance(action, Quit):
            self._fail()

    def _remember_roll(self, rerolled: int | None) -> None:
        quest = QUESTS_BY_ID[self.quest or ""]
        self.last_roll = {"seat": self.turn, "quest": quest.id, "dice": list(self.dice),
                          "rerolled": rerolled, "success": quest.met_by(sum(self.dice))}
        # Display memory, not position: every guild's latest roll, for the table to show by
        # its guild. Underscored, so it stays out of saves (a load replays the log, which
        # rebuilds it) and a state made by from_dict simply starts without it.
        self._rolls = {**getattr(self, "_rolls", {}), self.turn: self.last_roll}

    def _settle(self) -> None:
        quest = QUESTS_BY_ID[self.quest or ""]
        if quest.met_by(sum(self.dice)):
            seat = self.turn
            self.home[seat] += self.party_size + self.rescued + quest.recruit
            self.emit(Event("home", seat=seat, amount=self.home[seat], subject=quest.id))
            if quest is BRAG:
                self._next_turn()
                return
            self.scored[seat].append(quest.id)
            self.face_up.remove(quest.id)
            self.emit(Event("quest", seat=seat, amount=self.scores[seat], subject=quest.id))
            if self.pile:
                self.phase = REVEAL  # the turn passes once the replacement is turned over
                return
            self._last_round("the quest pile ran out", "pile")
            self._next_turn()
        elif self.rescued:
            self._fail()
        else:
            self.phase = FAILED

    def _fail(self) -> None:
        lost = self.party_size + self.rescued
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
        self.quest, self.dice, self.rescued = None, [], False
        self.turn = (self.turn + 1) % self.players
        self.phase = CHOOSE
        if self.turn == 0:
            if self.ending:
                self.finished = True
                self.emit(Event("over"))
                return
            self.round += 1

    # -- text ------------------------------------------------------------------------------
    def describe(self, action: Any, names: Sequence[str]) -> str:
        who = names[self.turn]
        if isinstance(action, Go):
            q = QUESTS_BY_ID[action.quest]
            n = q.challenge
            return f"{who} sends {n} to {q.name} (needs {_needs(q)})"
        if isinstance(action, Pass):
            return f"{who} has nobody at home and passes"
        if isinstance(action, Quit):
            n = self.party_size
            if n == 1:
                return f"{who}'s adventurer quits and heads to the Tavern"
            return f"{who}'s {n} adventurers quit and head to the Tavern"
        if isinstance(action, Rescue):
            return f"{who} sends a rescuer and rerolls a {action.face}"
        if isinstance(action, Reveal):
            q = QUESTS_BY_ID[action.quest]
            return f"A new quest is turned face up: {q.name} ({q.summary})"
        quest = QUESTS_BY_ID[self.quest or ""]
        if isinstance(action, Roll):
            dice = list(action.dice)
        else:
            dice = sorted([*self.dice, action.face], reverse=True)
        total = sum(dice)
        sums = "+".join(str(d) for d in dice) + (f"={total}" if len(dice) > 1 else "")
        verb = "rolls" if isinstance(action, Roll) else "rerolls to"
        if quest.met_by(total):
            gains = [f"{quest.points} point{'s' if quest.points != 1 else ''}"] if quest.points else []
            gains += ["a new adventurer"] if quest.recruit else []
            result = "succeeds: " + " and ".join(gains)
        else:
            result = "fails" if isinstance(action, Roll) else "fails, and all go to the Tavern"
        return f"{who} {verb} {sums}, needs {_needs(quest)}: {result}"

    def clone(self) -> "HackState":
        """A copy without deepcopy: the fields are plain JSON-like data, one level of lists
        deep (`scored` and `last_roll` one more), and bots copy states at every node."""
        twin = HackState.__new__(HackState)
        twin.__dict__ = {k: _copy(v) for k, v in self.__dict__.items()}
        return twin

    # -- saving and views -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        # Underscored attributes are the engine's bookkeeping (the events being recorded),
        # not the position: they stay out of the JSON and so out of saves' digests.
        return {k: (list(v) if isinstance(v, list) else v) for k, v in vars(self).items()
                if not k.startswith("_")}

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public except the order of the pile, which does not exist yet."""
        return {
            "game": "hack-and-slash",
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "current": self.current_player,
            "round": self.round,
            "phase": self.phase,
            "home": list(self.home),
            "scored": [list(p) for p in self.scored],
            "scores": self.scores,
            "tavern": self.tavern,
            "pile": len(self.pile),
            "face_up": list(self.face_up),
            "quest": self.quest,
            "dice": list(self.dice),
            "last_roll": self.last_roll,
            "rolls": [getattr(self, "_rolls", {}).get(s) for s in range(self.players)],
            "rescued": self.rescued,
            "ending": self.ending,
            "ending_reason": self.ending_reason,
            "over": self.finished,
            "winners": self.winners,
            "legal": [str(a) for a in self.legal_actions()] if seat == self.current_player else [],
        }


def _needs(quest: Any) -> str:
    """A quest's goal as the log says it: "7+" or "exactly 7"."""
    return f"exactly {quest.goal}" if quest.exact else quest.goal_text


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


class HackAndSlash(Game):
    id = "hack-and-slash"
    name = "Hack & Slash"
    pitch = "Send your guild on quests, roll the dice, and push your luck with a rescue."
    min_players = 2
    max_players = 6
    default_players = 3
    options: ClassVar[dict[str, Option]] = {}

    def _new(self, players: int, options: dict[str, Any]) -> HackState:
        return HackState(players)

    def from_dict(self, data: dict[str, Any]) -> HackState:
        players = data["players"]
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"bad player count {players!r}")
        state = HackState(players)
        for key, default in vars(state).items():
            value = data[key]
            if type(value) is not type(default) and not (default is None or value is None):
                raise ValueError(f"{key} should be {type(default).__name__}")
            setattr(state, key, value)
        return state

    def parse_action(self, text: str) -> Any:
        return parse_action(text)



GAME = HackAndSlash()
HackState.game = GAME
