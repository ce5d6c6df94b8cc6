"""HEX PLEASE!: a tile-laying game for 2-12 players with hidden hands and a shared bag.

Imperfect information with chance. Each player holds a private hand of hexagonal
tiles (6, 5 or 4 by table size) and on a turn lays one on the board so that every
side touching a placed tile matches it in colour, scoring the tile, the printed
points of its neighbours and the cell's bonus, then draws a replacement. Instead
a player may pass: the hand goes back to the bag and as many tiles are drawn.
Seat 1 opens with First Play (one or two tiles, no passing); in the final round
each player lays one last tile without drawing, or stops.

Chance nodes: every draw from the bag, including the opening deal, is one chance
action "draw <code>", each tile left in the bag equally likely (so a tile kind's
probability is its count over the bag's size). The bag has no order, so nothing
about the future is stored in a state. `view(seat)` shows the board, the scores,
the seat's own hand and only the sizes of the other hands and of the bag;
`HexPleaseGame.determinize` deals the other hands afresh from the unseen tiles.

The position and the turn's flow are in state.py, the actions and their notation
("R1@0,0", "RG@2,-1/3", "pass", "end", "draw U") in notation.py; this module is the game
itself: options, set-up, loading, parsing and the deal a bot imagines.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from ..engine import Game, Option, State
from ..hexgrid import Hex
from .components import (
    BAG_SIZE, BALANCED, BOARDS, DEFAULT_ROUNDS, ORIGINAL, ROUNDS_CHOICES, TILE_BY_CODE, TILES, hand_size,
)
from .notation import END, PASS, Action, Draw, End, Pass, Place, parse_action
from .state import Draws, HexPleaseState, Phase, sort_tiles

__all__ = ["END", "GAME", "PASS", "Draw", "End", "HexPleaseGame", "HexPleaseState", "Pass", "Phase", "Place",
           "parse_action"]


class HexPleaseGame(Game):
    id = "hex-please"
    name = "HEX PLEASE!"
    pitch = "Lay hex tiles with matching sides, chase bonus cells, and keep your hand hidden."
    min_players = 2
    max_players = 12
    default_players = 2
    hidden_information = True
    options: ClassVar[dict[str, Option]] = {
        "rounds": Option("rounds", ROUNDS_CHOICES, DEFAULT_ROUNDS, "Rounds",
                         "How many rounds the game lasts; the last one is the final round."),
        "open_hands": Option("open_hands", (False, True), False, "Open hands",
                             "Everyone sees every hand: for casual play around one screen."),
        "boards": Option("boards", BOARDS, BALANCED, "Boards",
                         "Balanced: bonus cells placed so that no seat is favoured. Original: the boards "
                         "of our first version, on which later seats win a little more often.",
                         legacy=ORIGINAL),
    }

    def hides_information(self, players: int, **options: Any) -> bool:
        """Hands are secret unless the table plays with open hands."""
        return not options.get("open_hands", False)

    def _new(self, players: int, options: dict[str, Any]) -> HexPleaseState:
        return HexPleaseState(players, options["rounds"], options["open_hands"], options["boards"])

    def from_dict(self, data: dict[str, Any]) -> HexPleaseState:
        state = HexPleaseState(*_set_up(data))
        _load_tiles(state, data)
        _load_turn(state, data)
        return state

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Deal every other hand afresh from the tiles `seat` cannot see (theirs and the bag's)."""
        assert isinstance(state, HexPleaseState)
        twin = state.clone()
        if state.open_hands or state.finished:
            return twin
        others = [s for s in range(state.players) if s != seat]
        pool: list[str] = []
        for code, n in state.bag.items():
            if n:
                pool += [code] * n
        for s in others:
            pool += state.hands[s]
        pool.sort()  # what is really where must not even change the order of the deal
        hidden = sum(len(state.hands[s]) for s in others)
        rand, size = rng.random, len(pool)
        for i in range(hidden):             # a partial shuffle: the first `hidden` are dealt
            j = i + int(rand() * (size - i))
            pool[i], pool[j] = pool[j], pool[i]
        at = 0
        for s in others:
            n = len(state.hands[s])
            twin.hands[s] = sort_tiles(pool[at:at + n])
            at += n
        left = Counter(pool[hidden:])
        twin.bag = {code: left[code] for code in state.bag}
        if seat != state.turn:
            twin.forget_legal_actions()   # the list was made from the old hand
        return twin




# -- reading a state's JSON: each step says what is wrong -------------------------------------
def _whole(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} should be a whole number from {low} to {high}, not {value!r}")
    return value


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be true or false")
    return value


def _set_up(data: dict[str, Any]) -> tuple[int, int, bool, str]:
    """Players, rounds, open hands and boards: what the game was started with."""
    players = _whole(data["players"], "players", HexPleaseGame.min_players, HexPleaseGame.max_players)
    rounds = data["rounds"]
    if rounds not in ROUNDS_CHOICES or isinstance(rounds, bool):
        raise ValueError(f"bad number of rounds {rounds!r}")
    boards = data.get("boards", ORIGINAL)   # not named: the original boards (see to_dict)
    if boards not in BOARDS:
        raise ValueError(f"bad boards {boards!r}")
    return players, rounds, _flag(data["open_hands"], "open_hands"), boards


def _load_tiles(state: HexPleaseState, data: dict[str, Any]) -> None:
    """The board, the hands and the bag, which between them hold every tile once."""
    used = {t.code: 0 for t in TILES}
    for q, r, code, rot in data["board"]:
        cell = Hex(int(q), int(r))
        if cell not in state.layout.neighbours or cell in state.board:
            raise ValueError(f"bad board cell {q},{r}")
        if code not in TILE_BY_CODE or not isinstance(rot, int) or not 0 <= rot < TILE_BY_CODE[code].rotations:
            raise ValueError(f"bad tile {code!r}/{rot!r}")
        state.board[cell] = (code, rot)
        used[code] += 1
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != state.players:
        raise ValueError("one hand per player expected")
    for hand in hands:
        if not isinstance(hand, list) or any(c not in TILE_BY_CODE for c in hand):
            raise ValueError("a hand holds an unknown tile")
        for code in hand:
            used[code] += 1
    state.hands = [sort_tiles(h) for h in hands]
    bag = data["bag"]
    if not isinstance(bag, dict) or set(bag) != set(state.bag):
        raise ValueError("the bag must count every tile kind")
    for code, n in bag.items():
        if not isinstance(n, int) or n < 0 or n + used[code] != TILE_BY_CODE[code].count:
            raise ValueError(f"the count of {code} tiles does not add up")
    state.bag = {t.code: bag[t.code] for t in TILES}
    state.bag_total = sum(state.bag.values())
    state.restore_caches()


def _load_turn(state: HexPleaseState, data: dict[str, Any]) -> None:
    """The scores, whose turn it is, the tiles still owed and the latest move."""
    scores = data["scores"]
    if not isinstance(scores, list) or len(scores) != state.players:
        raise ValueError("one score per player expected")
    state.scores_ = [_whole(s, "a score", 0, 10 ** 6) for s in scores]
    state.turn = _whole(data["turn"], "turn", 0, state.players - 1)
    state.round = _whole(data["round"], "round", 1, state.rounds + 1)
    state.placed_this_turn = _whole(data["placed_this_turn"], "placed_this_turn", 0, 2)
    pending, waiting = data["pending"], _flag(data["waiting"], "waiting")
    if not isinstance(pending, list):
        raise TypeError("pending should list the seats owed a tile")
    seats = tuple(_whole(s, "a pending draw's seat", 0, state.players - 1) for s in pending)
    if len(seats) > state.bag_total:
        raise ValueError("more draws pending than tiles in the bag")
    if waiting and not seats:
        raise ValueError("waiting for draws, but none are pending")
    state.draws = Draws(seats, waiting) if seats else None
    state.finished = _flag(data["finished"], "finished")
    last = data["last"]
    if last is not None and not isinstance(last, dict):
        raise ValueError("bad last move")
    state.last = last


def invariants(state: HexPleaseState) -> None:
    """What must hold in every position (tests/invariants.py runs it after every step)."""
    held = sum(len(h) for h in state.hands)
    assert sum(state.bag.values()) == state.bag_total, "the bag's count is out of step"
    assert all(n >= 0 for n in state.bag.values()), "the bag holds a negative number of a tile"
    assert state.bag_total + held + len(state.board) == BAG_SIZE, \
        "tiles not conserved: bag, hands and board must hold all of them"
    assert all(len(h) <= hand_size(state.players) for h in state.hands), "a hand is too big"
    assert set(state.board) <= set(state.layout.cells), "a tile lies off the board"
    assert all(s >= 0 for s in state.scores_), "a score went below zero"


GAME = HexPleaseGame()
HexPleaseState.game = GAME
