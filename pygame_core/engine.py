"""The contract every game follows, and the driver that plays it.

A game is a `Game` (the rules as a factory: player counts, options, set-up, parsing)
and a `State` (one position: whose turn, what may be done, what happens when it is).
Chance is a player: dice, shuffles and draws are ordinary actions chosen by the
`CHANCE` seat, so a state never holds a random generator. `Match` is the driver: it
samples chance from a seed, keeps the action log, offers undo and replays.

The framework, not each game, rejects actions after the end, actions that are not
in the legal list and actions by the wrong seat (see `State.apply`, `Match.play`).
"""

from __future__ import annotations

import copy
import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Hashable, Iterable, Sequence, cast

from .names import clean_names

CHANCE = -1
"""The seat that rolls the dice and shuffles the decks."""

MAX_SEED = 100
"""Seeds are typed or shared by people; a longer one is refused rather than hashed at every roll."""

Action = Hashable
"""Actions are small frozen values whose `str()` is their notation."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow here; the message says why."""


class SaveError(ValueError):
    """A save or a state in JSON that cannot be loaded; the message says why."""


@dataclass(frozen=True)
class Option:
    """A variant setting: the values a player may choose and the default."""

    name: str
    choices: tuple[Any, ...]
    default: Any
    label: str = ""
    help: str = ""
    legacy: Any = None
    """The value for saves written before this option existed (they do not name it, while
    every later save names every option); None means the default. It keeps old games
    replaying as they were played when a new option's default changes the rules."""
    hidden: bool = False
    """Not offered when setting up a game: it exists only so old saves replay as played
    (a ruling corrected later), with `legacy` the old way and `default` the new."""

    def check(self, value: Any) -> Any:
        if value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"option {self.name}={value!r} is not one of: {allowed}")
        return value


_HEARD: list[list["Event"]] = []
"""While `State.apply_recording` runs, the list its action's events go into (one action at
a time: applying is synchronous, so nothing else runs meanwhile)."""


class State(ABC):
    """One position of a game. Mutable: `apply` changes it in place; `clone` copies.

    Subclasses implement the underscored hooks; the public methods add the checks
    that every game needs, so no game can forget them.
    """

    game: ClassVar["Game"]
    __slots__ = ()  # so a slotted game state has no __dict__: a misspelt attribute raises

    # -- what subclasses provide -------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, `CHANCE`, or None once the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions of the seat to act, in a deterministic order."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @property
    @abstractmethod
    def scores(self) -> list[float]:
        """Points per seat (meaningful during and after the game)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to restore this state, as JSON-able data."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know, as JSON-able data; None means a spectator."""

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    def emit(self, event: Event) -> None:
        """Tell the log something the action being applied caused. Only `Match` listens
        (`apply_recording`): a search applying thousands of actions records nothing."""
        if _HEARD:
            _HEARD[-1].append(event)

    def apply_recording(self, action: Action) -> tuple[Event, ...]:
        """Apply an action already checked, returning the events it emitted. The events are
        gathered outside the state, so they never enter its JSON."""
        _HEARD.append([])
        try:
            self._apply(action)
        finally:
            events = _HEARD.pop()
        return tuple(events)

    def why_illegal(self, action: Action) -> str:
        """A reason for rejecting `action`; games override it to be more specific."""
        return "it is not one of the legal actions here"

    @property
    def winners(self) -> list[int]:
        """Seats that won (several on a shared win); empty until the game is over."""
        if not self.is_over:
            return []
        best = max(self.scores)
        return [seat for seat, s in enumerate(self.scores) if s == best]

    def describe(self, action: Action, names: Sequence[str]) -> str:
        """The action in words, for the log, said before it is applied."""
        who = "Chance" if self.current_player == CHANCE else names[self.current_player or 0]
        return f"{who}: {action}"

    # -- the contract --------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list[Action]:
        if self.is_over or self.is_chance_node:
            return [] if self.is_over else [a for a, _ in self._chance_outcomes()]
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance_node:
            return []
        return self._chance_outcomes()

    def check(self, action: Action) -> None:
        """Raise IllegalActionError, with the reason, unless `action` is legal here."""
        if self.is_over:
            raise IllegalActionError(f"{action}: the game is over")
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action}: {self.why_illegal(action)}")

    def apply(self, action: Action) -> None:
        """Carry out `action` or raise IllegalActionError, leaving the state as it was."""
        self.check(action)
        self._apply(action)

    def apply_unchecked(self, action: Action) -> None:
        """Carry out `action` without checking it: for searches that play only actions taken
        from this state's own `legal_actions()` or `chance_outcomes()`, where rebuilding the
        legal list for the check would be most of the work. Anything else may corrupt the
        state; outside a search use `apply`."""
        self._apply(action)

    def clone(self) -> "State":
        return copy.deepcopy(self)

    def to_json(self) -> str:
        return json.dumps({"game": self.game.id, "state": self.to_dict()}, sort_keys=True,
                          separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == cast(State, other).to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable


class Game(ABC):
    """The rules of one game: a factory of states plus what bots and the UI ask of it."""

    id: ClassVar[str]
    name: ClassVar[str]
    pitch: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options: ClassVar[dict[str, Option]] = {}
    hidden_information: ClassVar[bool] = False
    """True when seats may see different views (the page then hides a seat's view between turns)."""

    def hides_information(self, players: int, **options: Any) -> bool:
        """Whether seats see different views in this set-up; games with variants refine it."""
        return self.hidden_information

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults and check every value; unknown names are an error."""
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(f"{self.name} has no option {', '.join(sorted(unknown))}")
        return {name: opt.check(options.get(name, opt.default)) for name, opt in self.options.items()}

    def saved_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a save: those it names, plus `Option.legacy` for any it predates."""
        older = {name: opt.legacy for name, opt in self.options.items()
                 if name not in options and opt.legacy is not None}
        return {**options, **older}

    def check_players(self, players: int) -> int:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}")
        return players

    def new(self, players: int | None = None, **options: Any) -> State:
        players = self.check_players(self.default_players if players is None else players)
        return self._new(players, self.resolve_options(options))

    @abstractmethod
    def _new(self, players: int, options: dict[str, Any]) -> State:
        """A fresh state for checked arguments; deterministic (no randomness)."""

    @abstractmethod
    def from_dict(self, data: dict[str, Any]) -> State:
        """Inverse of `State.to_dict`; may raise KeyError/TypeError/ValueError on bad data."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Inverse of `str(action)`; raises IllegalActionError on unreadable text."""

    def from_json(self, text: str) -> State:
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise SaveError("a state must be a JSON object")
            if data.get("game") != self.id:
                raise SaveError(f"this state is for {data.get('game')!r}, not {self.id!r}")
            return self.from_dict(data["state"])
        except SaveError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as exc:
            raise SaveError(f"not a valid {self.name} state: {exc}") from exc

    # -- hooks for bots (see pygame_core.ai) ------------------------------------------------
    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A copy of `state` with what `seat` cannot see resampled (games with hidden info override)."""
        return state.clone()


# ---------------------------------------------------------------------------------------
# The driver


def chance_rng(seed: str, step: int) -> random.Random:
    """The generator for the chance event at `step` of the log.

    Seeding per step (not one stream) means undo and replay see the same dice: taking
    back a move cannot reroll a die that was already rolled at that point of the game.
    """
    return random.Random(f"{seed}/{step}")


def sample_chance(state: State, rng: random.Random) -> Action:
    outcomes = state.chance_outcomes()
    actions = [a for a, _ in outcomes]
    weights = [p for _, p in outcomes]
    return rng.choices(actions, weights=weights, k=1)[0]


@dataclass(frozen=True)
class Event:
    """Something an action caused that a player wants told: points scored and why, Voice
    lost, a goal completed, a challenge won. Games record events while applying an action
    (`State.take_events`); the game's view module puts them into words (`event_words`)."""

    kind: str
    seat: int | None = None     # whom it happened to
    amount: float = 0           # points, Voice, tiles...
    subject: str = ""           # a card, tile, quest or goal, by its id (the view names it)
    other: int | None = None    # a second seat: the one who caused it, or the target


@dataclass
class LogEntry:
    seat: int  # CHANCE for chance events
    action: Action
    text: str  # the action in words
    events: tuple[Event, ...] = ()


@dataclass
class Match:
    """A game in progress: state, seed, log; chance resolved from the seed."""

    game: Game
    players: int
    options: dict[str, Any]
    seed: str
    names: list[str] = field(default_factory=list)
    state: State = field(init=False)
    log: list[LogEntry] = field(default_factory=list, init=False)
    edited: str = field(default="", init=False)
    """Set by `replay` when a chance result in the log is not the one the seed gives: the
    log was edited by hand to choose dice or draws. Says which entry."""

    def __post_init__(self) -> None:
        if len(self.seed) > MAX_SEED:
            raise ValueError(f"a seed is at most {MAX_SEED} characters, not {len(self.seed):,}")
        self.options = self.game.resolve_options(self.options)
        self.state = self.game.new(self.players, **self.options)
        self.names = clean_names(self.names, self.players)
        self.resolve_chance()

    @classmethod
    def start(cls, game: Game, players: int | None = None, seed: str | int | None = None,
              names: Sequence[str] | None = None, **options: Any) -> "Match":
        if seed is None:
            seed = f"{random.SystemRandom().randrange(36 ** 8):08x}"
        players = game.default_players if players is None else players
        return cls(game, players, dict(options), str(seed), list(names or []))

    @property
    def actions(self) -> list[Action]:
        return [e.action for e in self.log]

    def _record(self, seat: int, action: Action) -> None:
        state = self.state
        state.check(action)  # before describing it: words are only found for legal actions
        text = state.describe(action, self.names)
        events = state.apply_recording(action)
        self.log.append(LogEntry(seat, action, text, events))

    def resolve_chance(self) -> None:
        while self.state.current_player == CHANCE:
            self._record(CHANCE, sample_chance(self.state, chance_rng(self.seed, len(self.log))))

    def play(self, action: Action, seat: int | None = None) -> None:
        """Play a decision for the seat to act, then resolve any chance that follows.

        `seat`, when given, must be the seat to act: the UI passes it so a click from the
        wrong seat is refused here rather than trusted.
        """
        state = self.state
        if state.is_over:
            raise IllegalActionError(f"{action}: the game is over")
        if seat is not None and seat != state.current_player:
            raise IllegalActionError(f"{action}: it is not seat {seat + 1}'s turn")
        if state.current_player == CHANCE:
            raise IllegalActionError(f"{action}: chance acts here, not a player")
        self._record(state.current_player, action)  # type: ignore[arg-type]
        self.resolve_chance()

    def play_text(self, text: str, seat: int | None = None) -> None:
        self.play(self.game.parse_action(text), seat)

    def undo_point(self, seat: int) -> int | None:
        """Where `seat`'s undo would rewind the log to (just before its last decision), or
        None when there is nothing it may take back.

        Undo never crosses a chance event: chance comes from the seed one step at a time, so
        taking back a move that led to a roll or a draw and playing it again would show the
        same result, a peek at the future. What chance has shown stays; the game over, too.
        """
        if self.state.is_over:
            return None
        last = max((i for i, e in enumerate(self.log) if e.seat == seat), default=None)
        if last is None or any(e.seat == CHANCE for e in self.log[last:]):
            return None
        return last

    def can_undo(self, seat: int) -> bool:
        return self.undo_point(seat) is not None

    def undo(self, seat: int) -> None:
        """Take back everything since `seat`'s last decision, which is taken back too."""
        point = self.undo_point(seat)
        if point is None:
            raise IllegalActionError(f"seat {seat + 1} has nothing to undo since the last roll or draw")
        self.truncate(point)

    def truncate(self, length: int) -> None:
        """Rewind to the position after the first `length` log entries (replaying them)."""
        kept = self.actions[:length]
        self.state = self.game.new(self.players, **self.options)
        self.log = []
        for action in kept:
            self._record(self.state.current_player, action)  # type: ignore[arg-type]
        # A chance event cut off here is rolled again by the same per-step generator,
        # so the dice come out as they did.
        self.resolve_chance()

    @classmethod
    def replay(cls, game: Game, players: int, options: dict[str, Any], seed: str,
               actions: Iterable[Action | str], names: Sequence[str] | None = None) -> "Match":
        """Rebuild a match from its log; every action is checked as it is applied."""
        match = cls(game, players, dict(options), str(seed), list(names or []))
        match.log = []
        match.state = game.new(players, **match.options)
        for step, item in enumerate(actions):
            action = game.parse_action(item) if isinstance(item, str) else item
            if match.state.is_chance_node and not match.edited:
                fair = sample_chance(match.state, chance_rng(match.seed, step))
                if fair != action:
                    match.edited = f"log entry {step + 1} was edited: chance gave {fair}, not {action}"
            try:
                match._record(match.state.current_player, action)  # type: ignore[arg-type]
            except IllegalActionError as exc:
                raise IllegalActionError(f"log entry {step + 1}: {exc}") from exc
        return match

    def turn_number(self) -> int:
        """Decisions taken so far (chance excluded): a simple progress measure for lists."""
        return sum(1 for e in self.log if e.seat != CHANCE)


def play_random_game(game: Game, players: int, rng: random.Random,
                     on_step: Callable[[State, Action], None] | None = None,
                     max_steps: int = 100_000, **options: Any) -> State:
    """Play to the end with uniformly random legal actions (chance by its odds)."""
    state = game.new(players, **options)
    for _ in range(max_steps):
        if state.is_over:
            return state
        if state.is_chance_node:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        if on_step:
            on_step(state, action)
        state.apply(action)
    raise RuntimeError(f"{game.name} did not end within {max_steps} steps")
