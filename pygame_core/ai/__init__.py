"""Computer opponents that work through the engine contract only.

A bot's `think(state, seat)` is a generator: it yields None after each small slice of
work and finally yields the chosen action, so the page can give the browser a turn
between slices (see web/ui/app.py). `choose` runs it to the end for CPython callers.
Bots read the state only through what `seat` may know: games with hidden information
resample it with `Game.determinize` before searching.

Levels: each game's `bots.py` defines `make_bot(level, seed, **budget)` for "easy",
"normal" and "hard"; `make_bot(game_id, level, seed, **budget)` below finds it. Budget
keywords are `iterations=N` (deterministic: same seed, state and N give the same move;
for tests) and `seconds=S` (for the page); a game whose bots need no budget ignores them.

Searches: `ExpectimaxBot` in `search.py` (exact to the end of the seat's turn) and
`LookaheadBot` in `lookahead.py` (each candidate played a turn ahead in sampled worlds, the
next seats answering with the game's reply policy). A game's bot hands a search its
evaluation; the rules know nothing of bots. Measuring them
(tournaments, the bot reports) is the repository's `workshop/`, not part of the wheel.
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Any, Callable, Generator, Iterator, TypeVar

from ..engine import CHANCE, Action, State

LEVELS = ("easy", "normal", "hard")

T = TypeVar("T")


def finished(steps: Generator[None, None, T]) -> T:
    """What a piece of thinking done in slices (a generator that yields None between them)
    returns, run in one piece."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


class SliceClock:
    """Says when about `seconds` of work were done since it last said so: a bot's `think`
    yields None then, so the page gets a turn (see the module docstring)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.last = time.perf_counter()

    def due(self) -> bool:
        now = time.perf_counter()
        if now - self.last >= self.seconds:
            self.last = now
            return True
        return False


class Bot:
    """Base class: subclasses implement `think`."""

    name = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        raise NotImplementedError

    def choose(self, state: State, seat: int) -> Action:
        if state.current_player != seat:
            raise ValueError(f"it is not seat {seat}'s turn")
        for step in self.think(state, seat):
            if step is not None:
                return step
        raise RuntimeError(f"{self.name} stopped without choosing")


class RandomBot(Bot):
    """Any legal action, uniformly."""

    name = "random"

    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        yield self.rng.choice(state.legal_actions())


def score_margin(state: State, seat: int) -> float:
    """A plain evaluation for any game, roughly in [0, 1]: the seat's lead over the best other
    seat, or its share of the win once the game is over. Games' bots bring better ones."""
    if state.is_over:
        winners = state.winners
        return (1.0 / len(winners)) if seat in winners else 0.0
    scores = state.scores
    top = max(scores) or 1.0
    rest = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
    return 0.5 + 0.5 * (scores[seat] - rest) / (abs(top) + 1)


Evaluation = Callable[[State, int], float]


def expected_value(state: State, seat: int, evaluate: Evaluation = score_margin,
                   max_outcomes: int = 64) -> float:
    """`evaluate(state, seat)`, averaged over an immediate chance event."""
    if state.current_player != CHANCE:
        return evaluate(state, seat)
    outcomes = state.chance_outcomes()
    if len(outcomes) > max_outcomes:  # too many to enumerate: average a fixed sample
        outcomes = [(a, 1.0 / max_outcomes) for a, _ in random.Random(0).sample(outcomes, max_outcomes)]
    total = weight = 0.0
    for action, p in outcomes:
        child = state.clone()
        child.apply_unchecked(action)
        total += p * evaluate(child, seat)
        weight += p
    return total / weight


def bot_for_level(level: str, seed: int | str, easy: type[Bot], normal: type[Bot],
                  hard: type[Bot], **budget: Any) -> Bot:
    """The usual level table of a game's `make_bot`: only the hard bot takes a budget."""
    if level == "easy":
        return easy(seed)
    if level == "normal":
        return normal(seed)
    if level == "hard":
        return hard(seed, **budget)
    raise ValueError(f"unknown level {level!r}")


def make_bot(game_id: str, level: str, seed: int | str = 0, **budget: Any) -> Bot:
    """The bot for a game at a level ("easy", "normal", "hard", or "random")."""
    if level == "random":
        return RandomBot(seed)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    from .. import game_module
    bot = importlib.import_module(game_module(game_id, "bots")).make_bot(level, seed, **budget)
    if not isinstance(bot, Bot):
        raise TypeError(f"{game_id}'s make_bot gave {type(bot).__name__}, not a Bot")
    return bot


SEARCHES = {"ExpectimaxBot": "search", "LookaheadBot": "lookahead"}


def __getattr__(name: str) -> Any:
    """The searches (search.py, lookahead.py) load on first use: in the page, compiling them
    is most of a bot's start-up, and only some games' bots need them."""
    if name in SEARCHES:
        return getattr(importlib.import_module(f"{__name__}.{SEARCHES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LEVELS", "Bot", "Evaluation", "ExpectimaxBot", "LookaheadBot", "RandomBot", "SliceClock",
           "expected_value", "finished", "make_bot", "score_margin"]
