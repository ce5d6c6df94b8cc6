"""Horrible Hex: an abstract tile-moving game for 1-3 players on an unbounded hex plane.

Perfect information with chance, except in the Covert Hex variant (a freshly placed
tile is face down to the other players until the next player has moved). Each turn a
player may move one tile by one of the icons on its edges (slide, jump, push, swap),
then every goal card whose four-tile pattern now shows, using a tile that moved, is
scored by its owner; then the player draws a tile and places it touching the group.

This module is the game's public face: `GAME`, the `HorribleHexGame` factory (options,
loading a state, a bot's guess at hidden tiles) and the consistency checks every
position passes. The rest lives by concern:

- `notation`: the actions and their notation;
- `board`: how tiles move and where patterns show (pure functions of a board);
- `flow`: the steps of a turn as values;
- `state`: `HorribleHexState`, a position and how a turn runs;
- `phrases`: tiles and moves in words, for the log.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Iterator

from ..engine import Game, Option, State
from ..hexgrid import Hex, is_connected
from .board import (
    Board, Shift, find_goal, icon_uses, keeps_one_group, kinds_of, move_options, shift_for, shifted,
)
from .components import DEFAULT_TARGET, GOAL_IDS, PLAYER_GOALS, TILE_IDS
from .flow import KeepStep, step_from_json
from .notation import Action, Deal, Draw, DrawGoal, Keep, Move, Pass, Place, Trade, parse_action
from .phrases import icon_words, tile_name
from .state import GAME_ID, STALL_LIMIT, HorribleHexState

__all__ = [
    "GAME", "GAME_ID", "STALL_LIMIT", "HorribleHexGame", "HorribleHexState", "invariants", "problems",
    "Action", "Deal", "Draw", "DrawGoal", "Keep", "Move", "Pass", "Place", "Trade", "parse_action",
    "Board", "Shift", "find_goal", "icon_uses", "keeps_one_group", "kinds_of", "move_options",
    "shift_for", "shifted", "icon_words", "tile_name",
]

_COMPLETION_KEYS = {"board", "hidden", "hidden_owner", "goals", "turn", "mover"}


class HorribleHexGame(Game):
    id = GAME_ID
    name = "Horrible Hex"
    pitch = "Slide, jump, push and swap hex tiles until your goal patterns appear."
    min_players = 1
    max_players = 3
    default_players = 2
    hidden_information = True  # only with Covert Hex: see hides_information
    options: ClassVar[dict[str, Option]] = {
        "target": Option("target", (1, 2, 3, 4, 5), DEFAULT_TARGET, "Goals to win",
                         "Completed goal cards needed to win (2-3 players)."),
        "destiny": Option("destiny", (False, True), False, "Hex Destiny",
                          "Only the tiles of a completed pattern leave the board."),
        "covert": Option("covert", (False, True), False, "Covert Hex",
                         "A placed tile stays face down until the next player has moved."),
        "holdem": Option("holdem", (False, True), False, "Hexas Hold 'Em",
                         "A common goal card that anyone may score on their own turn."),
        "end_stuck": Option("end_stuck", (False, True), False, "End a stuck game",
                            "Two or three players: the game ends if the tile pile runs out twice "
                            "with no goal completed in between.",
                            legacy=True),
    }

    def hides_information(self, players: int, **options: Any) -> bool:
        """Whether seats see different views in this set-up: only Covert Hex with 2-3 players.

        A finer answer than the class-wide `hidden_information` flag, for a page that
        wants the "pass the device" screen only when it is needed.
        """
        return bool(options.get("covert")) and players > 1

    def _new(self, players: int, options: dict[str, Any]) -> HorribleHexState:
        return HorribleHexState(players, **options)

    def from_dict(self, data: dict[str, Any]) -> HorribleHexState:
        """The state `HorribleHexState.to_dict` wrote; ValueError, KeyError or TypeError for
        anything else (a position that breaks a rule of the game included: see `problems`)."""
        players = data["players"]
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"bad player count {players!r}")
        saved = {"end_stuck": True, **data}   # a state that does not name it predates the option
        state = HorribleHexState(players, **{name: option.check(saved[name]) for name, option in self.options.items()})
        state.board = {_cell(q, r): (tile, rot) for q, r, tile, rot in data["board"]}
        state.pile, state.drawn = list(data["pile"]), data["drawn"]
        state.hidden = None if data["hidden"] is None else _cell(*data["hidden"])
        state.hidden_owner = data["hidden_owner"]
        state.deck, state.discards, state.common = list(data["deck"]), list(data["discards"]), data["common"]
        state.hands, state.done = [list(h) for h in data["hands"]], [list(d) for d in data["done"]]
        state.turn, state.turns, state.dry = (_whole(data[key]) for key in ("turn", "turns", "dry"))
        state.moved = [_cell(q, r) for q, r in data["moved"]]
        state.scored_now, state.finished = bool(data["scored_now"]), bool(data["finished"])
        state.end_reason, state.last, state.flash = str(data["end_reason"]), str(data["last"]), data["flash"]
        state.queue = [step_from_json(step) for step in data["queue"]]
        for problem in problems(state):
            raise ValueError(problem)
        return state

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Resample the one tile `seat` may not know (Covert Hex) among those it could be."""
        assert isinstance(state, HorribleHexState)
        copy = state.clone()
        # Picks are made from sorted lists: which tile is really hidden must not even change
        # the order the guess is drawn from (or a bot's choice could depend on it).
        if copy.hidden is not None and copy.hidden_owner != seat:
            tile, _ = copy.board[copy.hidden]
            pick = rng.choice(sorted([tile, *copy.pile]))
            if pick != tile:
                copy.pile.remove(pick)
                copy.pile.append(tile)
                copy.pile.sort()
            copy.board[copy.hidden] = (pick, rng.randrange(6))
            copy.forget_derived()
        if copy.drawn is not None and not copy.visible_tile(seat):
            pick = rng.choice(sorted([copy.drawn, *copy.pile]))
            if pick != copy.drawn:
                copy.pile.remove(pick)
                copy.pile.append(copy.drawn)
                copy.pile.sort()
                copy.drawn = pick
        return copy


def _cell(q: Any, r: Any) -> Hex:
    if type(q) is not int or type(r) is not int:
        raise TypeError("a cell is two integers")
    return Hex(q, r)


def _whole(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"{value!r} is not a whole number")
    return value


def problems(state: HorribleHexState) -> Iterator[str]:
    """What is wrong with a position, if anything: every position of a game has none
    (`invariants`), and a loaded state is refused if it has one."""
    tiles = [t for t, _ in state.board.values()] + state.pile + ([state.drawn] if state.drawn else [])
    if sorted(tiles) != sorted(TILE_IDS):
        yield "tiles not conserved: board, pile and hand must hold all 28"
    if any(rot not in range(6) for _, rot in state.board.values()):
        yield "a tile's turn is not a number from 0 to 5"
    if state.pile != sorted(state.pile):
        yield "the pile must stay an unordered (sorted) set"
    if not any(isinstance(step, KeepStep) for step in state.queue) and not is_connected(state.board):
        yield "the tiles in play form more than one group"   # unless Hex Destiny's choice is pending
    if state.phase in ("move", "place") and not state.board:
        yield "a turn never runs on an empty board"
    if state.hidden is not None and state.hidden not in state.board:
        yield "the face-down tile is not on the board"
    if state.hidden is not None and not state.covert:
        yield "a face-down tile without Covert Hex"
    if state.hidden_owner not in (None, *range(state.players)) or state.turn not in range(state.players):
        yield "the turn or the face-down tile's owner is not a seat"
    yield from _goal_problems(state)


def _goal_problems(state: HorribleHexState) -> Iterator[str]:
    if len(state.hands) != state.players or len(state.done) != state.players:
        yield "hands and completed goals must have one entry per player"
        return
    goals = state.deck + sum(state.hands, []) + sum(state.done, []) + state.discards
    goals += [state.common] if state.common else []
    if sorted(goals) != sorted(GOAL_IDS):
        yield "goal cards not conserved"
    if any(len(h) > PLAYER_GOALS[state.players] for h in state.hands):
        yield "a player holds too many goal cards"
    if not state.solo and not state.finished:
        best = max(len(d) for d in state.done)
        if best >= state.target and sum(1 for d in state.done if len(d) == best) == 1:
            yield "the game should have ended: a lone leader reached the target"
    if state.flash is not None and (not isinstance(state.flash, dict) or set(state.flash) != _COMPLETION_KEYS):
        yield "bad record of the last completion"


def invariants(state: HorribleHexState) -> None:
    """What must hold in every position (tests/invariants.py runs it after every step)."""
    for problem in problems(state):
        raise AssertionError(problem)


GAME = HorribleHexGame()
HorribleHexState.game = GAME
