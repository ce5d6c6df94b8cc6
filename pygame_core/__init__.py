"""Rules, bots and views for four hex-themed tabletop games. Pure Python, no dependencies.

    >>> from pygame_core import GAMES, get_game
    >>> game = get_game("hack-and-slash")
    >>> state = game.new(players=3)

See `engine.py` for the contract every game follows.
"""

from __future__ import annotations

import importlib
import importlib.util

from .engine import CHANCE, Event, Game, IllegalActionError, Match, Option, SaveError, State

__all__ = ["CHANCE", "Event", "GAMES", "Game", "IllegalActionError", "Match", "Option", "SaveError",
           "State", "get_game", "game_ids"]
__version__ = "0.1.0"

# game id -> module that defines GAME; imported on first use so a page that plays one
# game does not pay for the others.
_MODULES: dict[str, str] = {
    "hack-and-slash": "pygame_core.hack_and_slash.rules",
    "horrible-hex": "pygame_core.horrible_hex.rules",
    "hex-please": "pygame_core.hex_please.rules",
    "hex-hex": "pygame_core.hex_hex.rules",
}


def _present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


class _Registry(dict):
    """id -> Game, loading each game's module the first time it is asked for."""

    def __missing__(self, game_id: str) -> Game:
        module = _MODULES.get(game_id)
        if module is None:
            known = ", ".join(_MODULES)
            raise KeyError(f"unknown game {game_id!r}; known games: {known}")
        game = importlib.import_module(module).GAME
        self[game_id] = game
        return game

    def __iter__(self):
        return iter(game_ids())

    def __len__(self) -> int:
        return len(game_ids())

    def __contains__(self, game_id: object) -> bool:
        return game_id in game_ids()

    def keys(self):
        return game_ids()

    def values(self):
        return [self[g] for g in game_ids()]

    def items(self):
        return [(g, self[g]) for g in game_ids()]


def game_module(game_id: str, part: str) -> str:
    """The name of a module in a game's package: game_module("hex-hex", "bots") is
    "pygame_core.hex_hex.bots". Nothing is imported; KeyError for an unknown game."""
    return _MODULES[game_id].rsplit(".", 1)[0] + "." + part


def game_ids() -> list[str]:
    """Ids of the games present in this build, in menu order."""
    return [g for g, module in _MODULES.items() if _present(module)]


GAMES: dict[str, Game] = _Registry()


def get_game(game_id: str) -> Game:
    """The Game for an id; KeyError (naming the known ids) for an unknown one."""
    return GAMES[game_id]
