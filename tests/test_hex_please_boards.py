"""HEX PLEASE!: the two sets of boards, one test per choice, with forced draws.

Measured with equal bots (docs/hex-please.md, "Seat balance"): on the original boards the
first tile of the game lands alone on an empty board, so seat 1 fell behind and later seats
won more often. The balanced boards (the default) seat three players on radius 5 and, from
radius 5 up, put Pink +5 between the Deployment Cells. The radius-4 board, for two players
and the tutorial, is the same in both sets. Games saved before the choice existed replay
on the original boards.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygame_core import CHANCE, get_game, saves
from pygame_core.hex_please import components as comp
from pygame_core.hex_please.rules import END, Draw, HexPleaseState, Place
from pygame_core.hex_please.tutorial import TUTORIAL, tutorial_match
from pygame_core.hex_please.view import render
from pygame_core.hexgrid import Hex, hexagon, rotate

GAME = get_game("hex-please")
FIXTURES = Path(__file__).parent / "fixtures" / "saves"


def deal(state: HexPleaseState, code: str) -> None:
    """Resolve every pending draw with `code` (or the first kind left)."""
    while state.current_player == CHANCE:
        pick = code if state.bag[code] else next(c for c, n in state.bag.items() if n)
        state.apply(Draw(pick))


def ring(radius: int) -> set[Hex]:
    return {h for h in hexagon(radius) if max(abs(h.q), abs(h.r), abs(h.q + h.r)) == radius}


def cells_of(board: comp.Board, kind: str) -> set[Hex]:
    return {c for c, k in board.bonus.items() if k == kind}


def touching_deployment(board: comp.Board, cell: Hex) -> int:
    return sum(1 for n in board.adjacent[cell] if n in board.deploy)


def images(h: Hex) -> set[Hex]:
    """`h` under the six rotations and the mirror (the boards' symmetry)."""
    return {rotate(x, k) for x in (h, Hex(h.q + h.r, -h.r)) for k in range(6)}


# -- the option ------------------------------------------------------------------------------
def test_balanced_boards_are_the_default():
    assert GAME.options["boards"].default == comp.BALANCED
    assert GAME.new(3).boards == comp.BALANCED
    assert GAME.new(3, boards=comp.ORIGINAL).layout == comp.board_for(3, comp.ORIGINAL)


def test_an_unknown_boards_value_is_refused():
    with pytest.raises(ValueError, match="boards"):
        GAME.new(3, boards="square")


# -- three players play on the radius-5 board ------------------------------------------------
def test_three_players_use_the_radius_5_balanced_board():
    assert comp.RADIUS_BY_PLAYERS[comp.BALANCED][2] == 4
    assert all(comp.RADIUS_BY_PLAYERS[comp.BALANCED][p] == 5 for p in (3, 4, 5, 6))
    assert comp.RADIUS_BY_PLAYERS[comp.ORIGINAL][3] == 4
    state = GAME.new(3)
    assert state.layout.radius == 5 and len(state.layout.cells) == 91
    assert state.view(0)["radius"] == 5 and state.view(0)["boards"] == comp.BALANCED


def test_three_player_deployment_cells_are_where_they_were_on_radius_4():
    assert comp.board_for(3).deploy == comp.board_for(3, comp.ORIGINAL).deploy


# -- Pink between the Deployment Cells from radius 5 up --------------------------------------
@pytest.mark.parametrize("radius", [5, 6, 7])
def test_balanced_pink_sits_between_deployment_cells_from_radius_5(radius):
    board = comp.board_for_radius(radius)
    pink, sky = cells_of(board, comp.PINK), cells_of(board, comp.SKY)
    mid = radius // 2
    assert pink == images(Hex(mid - max(1, mid // 2), max(1, mid // 2)))   # on the Deployment ring
    assert all(touching_deployment(board, c) >= 1 for c in pink)
    assert all(any(n in pink for n in board.adjacent[d]) for d in board.deploy)
    # Sky Blue takes the middle of the outer edges; no Pink is left out there
    assert images(Hex(radius - radius // 2, radius // 2)) <= sky
    assert not pink & ring(radius)


@pytest.mark.parametrize("radius", [5, 6, 7])
def test_original_pink_sits_in_the_middle_of_the_outer_edges(radius):
    board = comp.board_for_radius(radius, comp.ORIGINAL)
    assert cells_of(board, comp.PINK) == images(Hex(radius - radius // 2, radius // 2))
    assert all(touching_deployment(board, c) == 0 for c in cells_of(board, comp.PINK))


def test_radius_5_balanced_pink_touches_two_deployment_cells():
    board = comp.board_for_radius(5)
    pink = cells_of(board, comp.PINK)
    assert pink == {Hex(1, 1), Hex(-1, 2), Hex(-2, 1), Hex(-1, -1), Hex(1, -2), Hex(2, -1)}
    assert all(touching_deployment(board, c) == 2 for c in pink)
    assert cells_of(board, comp.SKY) <= ring(5) and len(cells_of(board, comp.SKY)) == 12


def test_two_player_board_is_the_same_in_both_sets():
    board = comp.board_for(2)
    assert board == comp.board_for(2, comp.ORIGINAL) and board.radius == 4
    sky = cells_of(board, comp.SKY)
    assert sky == {Hex(1, 1), Hex(-1, 2), Hex(-2, 1), Hex(-1, -1), Hex(1, -2), Hex(2, -1)}
    assert cells_of(board, comp.PINK) == {Hex(2, 2), Hex(-2, 4), Hex(-4, 2), Hex(-2, -2),
                                          Hex(2, -4), Hex(4, -2)}


def test_first_play_second_tile_can_take_pink_between_deployment_cells():
    """Three players, forced draws: seat 1 opens on a Deployment Cell, then lays a second
    tile on the Pink cell beside it for tile + neighbour + 5."""
    state = GAME.new(3)
    deal(state, "R2")
    assert state.first_play and state.hands[0] == ["R2"] * 6
    state.apply(Place("R2", 2, 0))
    assert state.scores_[0] == 2                    # alone on an empty board
    deal(state, "R2")
    second = Place("R2", 1, 1)
    assert second in state.legal_actions() and state.layout.bonus[Hex(1, 1)] == comp.PINK
    state.apply(second)
    assert state.last is not None and state.last["bonus"] == comp.PINK
    assert state.scores_[0] == 2 + (2 + 2 + 5)
    deal(state, "R2")
    assert state.current_player == 1 and not state.first_play


def test_first_play_may_still_stop_after_one_tile_on_the_three_player_board():
    state = GAME.new(3)
    deal(state, "U")
    state.apply(Place("U", 2, 0))
    deal(state, "U")
    assert END in state.legal_actions()
    state.apply(END)
    assert state.current_player == 1 and state.scores_[0] == 5


@pytest.mark.parametrize("boards", comp.BOARDS)
def test_the_page_draws_the_bonus_cells_of_the_chosen_boards(boards):
    state = GAME.new(5, boards=boards)
    deal(state, "R1")
    page = render(state.view(0), {}, [f"P{i}" for i in range(5)])
    pink, sky = (6, 12) if boards == comp.BALANCED else (12, 6)
    assert page.count('class="hp-cell hp-bonus-pink"') == pink
    assert page.count('class="hp-cell hp-bonus-sky"') == sky


# -- the tutorial (two players, radius 4) is untouched ---------------------------------------
def test_tutorial_still_plays_on_the_unchanged_two_player_board():
    assert TUTORIAL["players"] == 2
    match = tutorial_match(len(TUTORIAL["steps"]))
    assert match.state.layout.radius == 4
    assert match.state.is_over
    assert match.state.scores_ == [43, 42]


# -- saves ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 5])
def test_games_saved_before_the_choice_replay_on_the_original_boards(players):
    text = (FIXTURES / f"hex-please-{players}p-format2.json").read_text()
    assert "boards" not in json.loads(text)["options"]
    match, _ = saves.load(text)                     # the digest check passes
    assert match.options["boards"] == comp.ORIGINAL
    assert match.state.layout == comp.board_for(players, comp.ORIGINAL)
    # Saved again, the choice is written down and still loads to the same position.
    again, _ = saves.load(saves.dump(match))
    assert again.options["boards"] == comp.ORIGINAL and again.state == match.state


def test_a_state_on_the_original_boards_keeps_its_old_json():
    original = GAME.new(3, boards=comp.ORIGINAL)
    assert "boards" not in original.to_dict()
    assert GAME.from_json(original.to_json()).boards == comp.ORIGINAL
    balanced = GAME.new(3)
    assert balanced.to_dict()["boards"] == comp.BALANCED
    assert GAME.from_json(balanced.to_json()) == balanced


def test_a_state_with_unknown_boards_is_refused():
    data = GAME.new(3).to_dict()
    with pytest.raises(Exception, match="boards"):
        GAME.from_dict({**data, "boards": "square"})
