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

Search (in `search.py`): `MCTSBot` (perfect information, chance sampled), `ISMCTSBot`
(hidden information, via `Game.determinize`) and `ExpectimaxBot` (exact to the end of
the seat's turn); in `lookahead.py`, `LookaheadBot` (each candidate played a turn ahead in
sampled worlds, the next seats answering with the game's reply policy). Measuring:
`tournament.py` (seat-rotated matches with confidence intervals) and `report.py`
(docs/<game>-report.md with SVG charts from `charts.py`).
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Any, Iterator

from ..engine import CHANCE, Action, State

LEVELS = ("easy", "normal", "hard")


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


def expected_value(state: State, seat: int, max_outcomes: int = 64) -> float:
    """The game's evaluation of `state` for `seat`, averaged over an immediate chance event."""
    game = state.game
    if state.current_player != CHANCE:
        return game.evaluate(state, seat)
    outcomes = state.chance_outcomes()
    if len(outcomes) > max_outcomes:  # too many to enumerate: average a fixed sample
        outcomes = [(a, 1.0 / max_outcomes) for a, _ in random.Random(0).sample(outcomes, max_outcomes)]
    total = weight = 0.0
    for action, p in outcomes:
        child = state.clone()
        child.apply(action)
        total += p * game.evaluate(child, seat)
        weight += p
    return total / weight


class GreedyBot(Bot):
    """One step ahead: the action whose result the game's evaluation likes best."""

    name = "greedy"

    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        best: list[Action] = []
        best_value = float("-inf")
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            value = expected_value(child, seat)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
            yield None
        yield self.rng.choice(best)


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
    return importlib.import_module(game_module(game_id, "bots")).make_bot(level, seed, **budget)


SEARCHES = {"ExpectimaxBot": "search", "ISMCTSBot": "search", "MCTSBot": "search",
            "LookaheadBot": "lookahead"}


def __getattr__(name: str) -> Any:
    """The searches (search.py, lookahead.py) load on first use: in the page, compiling them
    is most of a bot's start-up, and only some games' bots need them."""
    if name in SEARCHES:
        return getattr(importlib.import_module(f"{__name__}.{SEARCHES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LEVELS", "Bot", "ExpectimaxBot", "GreedyBot", "ISMCTSBot", "LookaheadBot", "MCTSBot",
           "RandomBot", "SliceClock", "expected_value", "make_bot"]
