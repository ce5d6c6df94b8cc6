"""Rules, bots and views for four hex-themed tabletop games. Pure Python, no dependencies.

    >>> from pygame_core import GAMES, get_game
    >>> game = get_game("hack-and-slash")
    >>> state = game.new(players=3)

See `engine.py` for the contract every game follows.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping

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


class _Registry(Mapping[str, Game]):
    """id -> Game, loading each game's module the first time it is asked for."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        if game_id not in self._loaded:
            module = _MODULES.get(game_id)
            if module is None:
                known = ", ".join(_MODULES)
                raise KeyError(f"unknown game {game_id!r}; known games: {known}")
            game = importlib.import_module(module).GAME
            if not isinstance(game, Game):
                raise TypeError(f"{module}.GAME is not a Game")
            self._loaded[game_id] = game
        return self._loaded[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(game_ids())

    def __len__(self) -> int:
        return len(game_ids())

    def __contains__(self, game_id: object) -> bool:
        return game_id in game_ids()


def game_package(game_id: str) -> str:
    """The name of a game's package: game_package("hex-hex") is "pygame_core.hex_hex".
    Nothing is imported; KeyError for an unknown game."""
    return _MODULES[game_id].rpartition(".")[0]


def game_module(game_id: str, part: str) -> str:
    """The name of a module in a game's package: game_module("hex-hex", "bots") is
    "pygame_core.hex_hex.bots". Nothing is imported; KeyError for an unknown game."""
    return game_package(game_id) + "." + part


def game_ids() -> list[str]:
    """Ids of the games present in this build, in menu order."""
    return [g for g, module in _MODULES.items() if _present(module)]


GAMES: Mapping[str, Game] = _Registry()


def get_game(game_id: str) -> Game:
    """The Game for an id; KeyError (naming the known ids) for an unknown one."""
    return GAMES[game_id]
