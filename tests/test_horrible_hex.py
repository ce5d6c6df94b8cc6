"""Horrible Hex: one test per rule, with positions built by hand and chance forced."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import workshop.games.horrible_hex as statistics

from pygame_core.horrible_hex.bots import evaluate as bot_evaluate

from pygame_core import CHANCE, IllegalActionError, Match, SaveError, saves
from workshop.tournament import play
from pygame_core.hexgrid import Hex, components, is_connected, rotate
from pygame_core.horrible_hex import bots, view as hview
from pygame_core.horrible_hex.components import (
    GOAL_IDS, GOALS, GOALS_BY_ID, ICONS, TILE_IDS, TILES, TILES_BY_ID, TRIANGLE, canonical,
)
from pygame_core.horrible_hex.flow import DealStep, GoalStep
from pygame_core.horrible_hex.rules import (
    GAME, Deal, Draw, DrawGoal, HorribleHexState, Keep, Move, Pass, Place, Trade,
    find_goal, keeps_one_group, kinds_of, parse_action, shift_for,
)

E, SE, SW, W, NW, NE = range(6)
H = Hex
FIXTURES = Path(__file__).parent / "fixtures" / "saves"


def rot_for(tile: str, icon: str, direction: int) -> int:
    """The turn that makes `tile`'s first `icon` edge face `direction`."""
    printed = TILES_BY_ID[tile].edges.index(icon)
    return (direction - printed) % 6


def make(board: dict[tuple[int, int], tuple[str, int]], hands=None, players: int = 2, turn: int = 0,
         common: str | None = None, **options) -> HorribleHexState:
    """A state at the start of `turn`'s move with exactly this board and these goals."""
    state = GAME.new(players, **options)
    assert isinstance(state, HorribleHexState)
    state.board = {H(*c): v for c, v in board.items()}
    used = [t for t, _ in board.values()]
    assert len(set(used)) == len(used)
    state.pile = sorted(set(TILE_IDS) - set(used))
    hands = hands if hands is not None else [[] for _ in range(players)]
    state.hands = [list(h) for h in hands]
    state.common = common
    held = set(sum(hands, [])) | ({common} if common else set())
    state.deck = sorted(set(GOAL_IDS) - held)
    state.queue = []
    state.turn = turn
    state.forget_derived()
    return state


def force(state: HorribleHexState, *actions) -> None:
    for action in actions:
        assert state.current_player == CHANCE, state.phase
        state.apply(action)


def play_out_chance(state: HorribleHexState) -> None:
    """Resolve chance with the first outcome each time (a fixed, forced sequence)."""
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])


# P01 is a straight line along SE: star, star, circle, circle.
P01_LINE = {(0, 0): ("G01", 0), (0, 1): ("G03", 0), (0, 2): ("R01", 0)}


# -- components ------------------------------------------------------------------------------
def test_components_tile_distribution():
    kinds = Counter(t.kind for t in TILES)
    assert kinds == {"G": 13, "R": 13, "W": 2} and len(TILES) == 28
    for colour in "GR":
        tiles = [t for t in TILES if t.kind == colour]
        pairs = {(icon, d) for t in tiles for d, icon in enumerate(t.edges) if icon != "."}
        assert pairs == {(icon, d) for icon in ICONS for d in range(6)}, colour
        assert any(t.icon_count == 0 for t in tiles)
    assert any(t.icon_count == 6 for t in TILES)
    counts = Counter(t.icon_count for t in TILES)
    assert counts[0] == 2 and sum(counts.values()) == 28
    assert all(set(t.edges) <= {".", *ICONS} and len(t.edges) == 6 for t in TILES)


def test_components_goals_are_26_different_four_tile_patterns():
    assert len(GOALS) == 26
    seen = set()
    shapes = set()
    for goal in GOALS:
        cells = [h for h, _ in goal.cells]
        assert len(cells) == 4 and len(set(cells)) == 4 and is_connected(cells)
        assert {k for _, k in goal.cells} <= {"G", "R"}
        seen.add(canonical(goal.cells))
        shapes.add(canonical(tuple((h, "G") for h in cells)))
    assert len(seen) == 26, "two goal cards are the same pattern turned"
    assert len(shapes) == 10, "every shape of four hexes (up to turning) appears"


# -- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,per_seat", [(2, 2), (3, 1)])
def test_setup_deals_goals_and_a_start_triangle(players, per_seat):
    state = GAME.new(players)
    play_out_chance(state)
    assert [len(h) for h in state.hands] == [per_seat] * players
    assert sorted(state.board) == sorted(TRIANGLE)
    assert all(t in TILE_IDS for t, _ in state.board.values())
    assert state.current_player == 0 and state.phase == "move"
    for seat in range(players):  # goals are open to everyone
        assert GAME.new(players).view(seat)["hands"] == [[]] * players
        assert state.view(seat)["hands"] == state.view((seat + 1) % players)["hands"]


def test_setup_triangle_tiles_face_any_way_and_are_drawn_as_chance():
    state = GAME.new(2)
    play_out_chance(state)
    state = GAME.new(2)
    while state.phase == "chance" and isinstance(state.queue[0], GoalStep):
        state.apply(state.chance_outcomes()[0][0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 28 * 6 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    force(state, Deal("R05", 4))
    assert state.board[TRIANGLE[0]] == ("R05", 4)


def test_draw_pile_is_a_set_with_equal_odds_and_never_shown():
    state = make(P01_LINE, [["P01"], []])
    state.apply(Pass())
    outcomes = state.chance_outcomes()
    assert {a.tile for a, _ in outcomes} == set(state.pile)
    assert len({p for _, p in outcomes}) == 1
    for seat in (0, 1, None):
        text = json.dumps(state.view(seat))
        assert all(t not in text for t in state.pile)


# -- movement ----------------------------------------------------------------------------------
def test_slide_moves_into_the_empty_cell_on_that_edge():
    state = make({(0, 0): ("G02", 0), (0, 1): ("R01", 0)})
    assert Move("S", H(0, 0), E) in state.legal_actions()
    state.apply(Move("S", H(0, 0), E))
    assert state.board[H(1, 0)] == ("G02", 0) and H(0, 0) not in state.board


def test_slide_is_blocked_by_a_tile():
    state = make({(0, 0): ("G02", 0), (1, 0): ("R01", 0)})
    with pytest.raises(IllegalActionError, match="slide needs an empty cell"):
        state.apply(Move("S", H(0, 0), E))


def test_jump_goes_over_the_line_to_the_first_gap():
    rot = rot_for("G05", "J", E)
    state = make({(0, 0): ("G05", rot), (1, 0): ("R01", 0), (2, 0): ("G01", 0), (2, 1): ("R02", 0)})
    state.apply(Move("J", H(0, 0), E))
    assert state.board[H(3, 0)] == ("G05", rot)
    assert state.moved == [H(3, 0)]


def test_jump_needs_a_tile_to_jump_over():
    rot = rot_for("G05", "J", E)
    state = make({(0, 0): ("G05", rot), (0, 1): ("R01", 0)})
    with pytest.raises(IllegalActionError, match="jump needs a tile"):
        state.apply(Move("J", H(0, 0), E))


def test_push_shoves_the_whole_line_ahead_one_cell():
    rot = rot_for("G07", "P", E)
    state = make({(0, 0): ("G07", rot), (1, 0): ("R01", 0), (2, 0): ("G01", 0), (1, 1): ("R02", 0)})
    state.apply(Move("P", H(0, 0), E))
    assert state.board[H(1, 0)][0] == "G07"
    assert state.board[H(2, 0)][0] == "R01" and state.board[H(3, 0)][0] == "G01"
    assert state.board[H(1, 1)][0] == "R02"  # off the line: stays
    assert sorted(state.moved) == sorted([H(1, 0), H(2, 0), H(3, 0)])


def test_push_with_nothing_ahead_acts_as_a_slide():
    rot = rot_for("G07", "P", SE)
    state = make({(0, 0): ("G07", rot), (1, 0): ("R01", 0)})
    state.apply(Move("P", H(0, 0), SE))
    assert state.board[H(0, 1)][0] == "G07" and state.moved == [H(0, 1)]


def test_swap_trades_places_with_the_neighbour_on_that_edge():
    rot = rot_for("G10", "X", E)
    state = make({(0, 0): ("G10", rot), (1, 0): ("R01", 0), (2, 0): ("G01", 0)})
    state.apply(Move("X", H(0, 0), E))
    assert state.board[H(1, 0)] == ("G10", rot) and state.board[H(0, 0)] == ("R01", 0)
    assert sorted(state.moved) == [H(0, 0), H(1, 0)]


def test_swap_needs_a_neighbour():
    rot = rot_for("G10", "X", W)
    state = make({(0, 0): ("G10", rot), (1, 0): ("R01", 0)})
    with pytest.raises(IllegalActionError, match="swap needs a tile"):
        state.apply(Move("X", H(0, 0), W))


def test_a_move_that_splits_the_group_is_not_allowed():
    # (0,0) - (1,0) - (2,0): sliding the middle tile north-east leaves two groups
    rot = rot_for("R02", "S", NE)
    state = make({(0, 0): ("G01", 0), (1, 0): ("R02", rot), (2, 0): ("R01", 0)})
    action = Move("S", H(1, 0), NE)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="split"):
        state.apply(action)


def test_moving_never_turns_a_tile():
    rot = rot_for("G13", "P", SE)
    state = make({(0, 0): ("G13", rot), (0, 1): ("R01", 0), (1, 0): ("G01", 0)})
    state.apply(Move("P", H(0, 0), SE))
    assert state.board[H(0, 1)] == ("G13", rot)


def test_moves_at_the_edges_of_the_group():
    line = {(0, 0): ("G01", 0), (1, 0): ("R01", 0)}
    # slide round the end of the group, keeping touch
    s = make({**line, (2, 0): ("G02", rot_for("G02", "S", SW))})
    s.apply(Move("S", H(2, 0), SW))
    assert H(1, 1) in s.board
    # jump from one end over the whole group to the far side
    s = make({**line, (2, 0): ("G05", rot_for("G05", "J", W))})
    s.apply(Move("J", H(2, 0), W))
    assert s.board[H(-1, 0)][0] == "G05"
    # push from one end moves the whole group one cell out into empty space
    s = make({**line, (-1, 0): ("G07", rot_for("G07", "P", E))})
    s.apply(Move("P", H(-1, 0), E))
    assert sorted(s.board) == [H(0, 0), H(1, 0), H(2, 0)]
    # an edge tile sliding away from the group is refused
    s = make({**line, (2, 0): ("G02", rot_for("G02", "S", E))})
    assert Move("S", H(2, 0), E) not in s.legal_actions()
    # swap at the very end of a line
    s = make({**line, (2, 0): ("G10", rot_for("G10", "X", W))})
    s.apply(Move("X", H(2, 0), W))
    assert s.board[H(1, 0)][0] == "G10" and s.board[H(2, 0)][0] == "R01"


def test_connectivity_shortcut_agrees_with_a_full_search():
    rng = random.Random(7)
    for _ in range(300):
        cells = {H(0, 0)}
        while len(cells) < rng.randint(3, 14):
            cells.add(rng.choice(sorted(cells)).neighbor(rng.randrange(6)))
        board = {c: ("G01", 0) for c in cells}
        src = rng.choice(sorted(cells))
        d = rng.randrange(6)
        for icon in ICONS:
            shift = shift_for(board, src, d, icon)
            if shift is None:
                continue
            after = set(cells)
            for a, _ in shift:
                after.discard(a)
            for _, b in shift:
                after.add(b)
            assert keeps_one_group(board, shift) == is_connected(after)
    assert is_connected(set()) and len(components([H(0, 0), H(5, 5)])) == 2


# -- patterns and scoring ------------------------------------------------------------------------
def _board_for(goal: str, k: int, tiles=None) -> dict[Hex, tuple[str, int]]:
    """Tiles laid out as `goal` turned k sixths."""
    pick = {"G": iter(["G01", "G02", "G03", "G04"]), "R": iter(["R01", "R02", "R03", "R04"])}
    return {rotate(h, k): (next(pick[kind]), 0) for h, kind in GOALS_BY_ID[goal].cells}


@pytest.mark.parametrize("goal", ["P01", "P08", "P20", "P26"])
def test_pattern_matches_in_all_six_turns(goal):
    for k in range(6):
        board = _board_for(goal, k)
        assert find_goal(kinds_of(board, None), goal) is not None


def test_pattern_never_matches_mirrored():
    # a pattern's mirror image does not count unless it is also a turn of the pattern
    mirrored_only = 0
    for goal in GOALS:
        kinds = {H(-h.q - h.r, h.r): k for h, k in goal.cells}  # reflect across a vertical axis
        same = canonical(tuple(kinds.items())) == canonical(goal.cells)
        assert (find_goal(kinds, goal.id) is not None) == same, goal.id
        mirrored_only += not same
    assert mirrored_only > 10


def test_wild_tiles_count_as_either_kind():
    kinds = {H(0, 0): "W", H(0, 1): "G", H(0, 2): "W", H(0, 3): "R"}
    assert find_goal(kinds, "P01") is not None
    kinds[H(0, 1)] = "R"
    assert find_goal(kinds, "P01") is None


def test_extra_neighbouring_tiles_do_not_matter():
    kinds = {H(0, 0): "G", H(0, 1): "G", H(0, 2): "R", H(0, 3): "R"}
    for extra in (H(1, 0), H(-1, 1), H(0, 4), H(0, -1), H(1, 2)):
        kinds[extra] = "G"
    assert find_goal(kinds, "P01") == [H(0, 0), H(0, 1), H(0, 2), H(0, 3)]


def _p01_slide_state(**options) -> HorribleHexState:
    """A red slider at 1,2 that completes P01 (line along SE) by sliding south-west."""
    board = {**P01_LINE, (1, 2): ("R02", rot_for("R02", "S", SW))}
    hands = options.pop("hands", [["P01", "P05"], ["P10", "P12"]])
    return make(board, hands, **options)


def test_scoring_a_goal_after_a_move():
    state = _p01_slide_state()
    state.apply(Move("S", H(1, 2), SW))
    assert state.done == [["P01"], []] and state.hands[0] == ["P05"]
    assert state.flash and state.flash["goals"][0]["goal"] == "P01"


def test_placing_never_scores():
    # The pattern is formed by placing; nothing scores until a move uses one of its tiles.
    state = make(P01_LINE, [["P01"], ["P10"]])
    state.apply(Pass())
    force(state, Draw("R02"))
    state.apply(Place(H(0, 3), 0))
    assert state.done == [[], []]


def test_scoring_needs_a_tile_of_the_match_to_have_moved():
    # P01 is already on the board; a move elsewhere does not score it
    board = {**P01_LINE, (0, 3): ("R03", 0), (1, 1): ("G02", rot_for("G02", "S", SE))}
    state = make(board, [["P01"], []])
    state.apply(Move("S", H(1, 1), SE))
    assert state.board[H(1, 2)][0] == "G02" and state.done == [[], []]


def test_pushed_and_swapped_tiles_count_as_moved():
    # a line G G R R already in place; swapping its two stars moves both: it scores
    board = {(0, 0): ("G10", rot_for("G10", "X", SE)), (0, 1): ("G01", 0), (0, 2): ("R01", 0),
             (0, 3): ("R03", 0)}
    state = make(board, [["P01"], []])
    state.apply(Move("X", H(0, 0), SE))
    assert state.done[0] == ["P01"]
    # P09 is G0,0 G0,1 R0,2 R1,2: a pusher shoves two reds west into 0,2 and 1,2
    board = {(0, 0): ("G01", 0), (0, 1): ("G03", 0), (1, 2): ("R01", 0), (2, 2): ("R03", 0),
             (3, 2): ("G07", rot_for("G07", "P", W))}
    state = make(board, [["P09"], []])
    state.apply(Move("P", H(3, 2), W))
    assert state.done[0] == ["P09"]


def test_the_owner_scores_on_anyone_s_move():
    state = _p01_slide_state(hands=[["P10"], ["P01"]])
    state.apply(Move("S", H(1, 2), SW))
    assert state.done == [[], ["P01"]]
    assert state.queue[0] == GoalStep(1)


def test_completing_a_goal_reshuffles_the_tiles_and_the_mover_places():
    state = _p01_slide_state()
    state.apply(Move("S", H(1, 2), SW))
    assert state.board == {} and len(state.pile) == 28
    force(state, DrawGoal("P20"), Deal("G05", 1), Deal("R07", 2), Deal("W01", 0), Draw("G09"))
    assert state.hands[0] == ["P05", "P20"]
    assert sorted(state.board) == sorted(TRIANGLE)
    assert state.current_player == 0 and state.phase == "place"
    state.apply(Place(H(-1, 0), 3))
    assert state.turn == 1 and state.phase == "move"


def test_an_empty_pile_reshuffles_the_tiles_in_play():
    state = make(P01_LINE, [["P20"], ["P21"]])
    state.pile = []
    state.board.update({H(i, 5): (t, 0) for i, t in enumerate(sorted(set(TILE_IDS) - {"G01", "G03", "R01"}))})
    state.apply(Pass())
    assert state.board == {} and len(state.pile) == 28 and state.dry == 1
    assert [s.kind for s in state.queue[:4]] == ["deal", "deal", "deal", "draw"]


def _dry_pile_state(dry: int, **options) -> HorribleHexState:
    """Seat 0 to move with an empty pile and every other tile in play, `dry` refills since a goal."""
    state = make(P01_LINE, [["P20"], ["P21"]], **options)
    state.pile, state.dry = [], dry
    state.board.update({H(i, 5): (t, 0) for i, t in enumerate(sorted(set(TILE_IDS) - {"G01", "G03", "R01"}))})
    return state


def test_the_pile_is_reshuffled_every_time_it_runs_out():
    # The rulebook: whenever no tile is left to draw, the tiles in play are shuffled and a new
    # triangle is laid, however long it has been since the last goal.
    for dry in (1, 2, 7):
        state = _dry_pile_state(dry)
        state.apply(Pass())
        assert not state.is_over and state.dry == dry + 1
        assert state.board == {} and len(state.pile) == 28
        force(state, Deal("G05", 1), Deal("R07", 2), Deal("W01", 0), Draw("G09"))
        assert sorted(state.board) == sorted(TRIANGLE) and state.phase == "place"


def test_end_a_stuck_game_option_ends_after_two_dry_reshuffles():
    option = GAME.options["end_stuck"]
    assert option.choices == (False, True) and option.default is False
    assert option.label == "End a stuck game" and option.help
    state = _dry_pile_state(0, end_stuck=True)
    state.apply(Pass())
    assert not state.is_over and state.dry == 1      # the first time: reshuffled as usual
    state = _dry_pile_state(1, end_stuck=True)
    state.apply(Pass())
    assert state.is_over and "ran out twice" in state.end_reason and state.winners == [0, 1]
    solo = _dry_pile_state(1, players=1, end_stuck=True)   # solo never gets stuck: it has its own end
    solo.hands = [["P20"]]
    solo.deck = sorted(set(GOAL_IDS) - {"P20"})
    solo.apply(Pass())
    assert not solo.is_over


def test_old_saves_replay_with_the_stall_end():
    # Stored before the ruling: two players who never move, so no goal is ever completed.
    text = (FIXTURES / "horrible-hex-2p-format2.json").read_text()
    data = json.loads(text)
    assert "end_stuck" not in data["options"]
    match, _ = saves.load(text)                       # the digest check passes
    assert match.options["end_stuck"] is True and match.state.is_over
    assert "ran out twice" in match.state.end_reason
    assert "end_stuck" not in match.state.to_json()   # the old behaviour keeps the old JSON
    # The same moves under today's default go on past the second empty pile.
    data["options"]["end_stuck"] = False
    with pytest.raises(SaveError):      # it stops where a new triangle is to be dealt
        saves.load(json.dumps(data))
    today = Match.replay(GAME, 2, data["options"], data["seed"], data["log"])
    assert not today.state.is_over and today.state.dry == 2 and today.state.queue[0] == DealStep()
    today.resolve_chance()
    assert today.state.phase == "place" and len(today.state.board) == 3
    # A new save names the option, so it replays with what it was played with.
    again, _ = saves.load(saves.dump(today))
    assert again.options["end_stuck"] is False and again.state == today.state


def test_first_to_the_target_wins():
    state = _p01_slide_state(target=2)
    state.done[0] = ["P26"]
    state.apply(Move("S", H(1, 2), SW))
    assert state.is_over and state.winners == [0] and state.scores == [2.0, 0.0]


def test_target_option_runs_from_one_to_five():
    assert GAME.options["target"].choices == (1, 2, 3, 4, 5)
    state = _p01_slide_state(target=1)
    state.apply(Move("S", H(1, 2), SW))
    assert state.is_over and state.winners == [0]
    with pytest.raises(ValueError):
        GAME.new(2, target=6)


def test_reaching_the_target_together_plays_on():
    # one move completes a goal for each player, taking both to 3: play goes on
    state = _p01_slide_state(hands=[["P01"], ["P22"]])
    state.done = [["P20", "P21"], ["P25", "P23"]]
    state.deck = sorted(set(state.deck) - {"P20", "P21", "P25", "P23"})
    # with a red at 1,0, seat 1's P22 shows through the moved tile too
    state.board[H(1, 0)] = ("R03", 0)
    state.pile.remove("R03")
    state.apply(Move("S", H(1, 2), SW))
    assert state.scores == [3.0, 3.0] and not state.is_over
    play_out_chance(state)
    assert state.phase == "place"


def test_three_players_hold_one_goal_and_may_trade_after_a_completion():
    state = _p01_slide_state(players=3, hands=[["P01"], ["P10"], ["P12"]])
    state.apply(Move("S", H(1, 2), SW))
    force(state, DrawGoal("P02"))
    assert state.hands[0] == ["P02"]
    assert state.current_player == 1 and state.phase == "swap"
    state.apply(Trade(True))
    force(state, DrawGoal("P03"))
    assert state.hands[1] == ["P03"] and "P10" in state.discards
    assert state.current_player == 2
    state.apply(Trade(False))
    assert state.hands[2] == ["P12"] and state.current_player == CHANCE  # the new triangle


def test_solo_keeps_a_row_of_four_goals_new_ones_on_the_left():
    state = GAME.new(1)
    force(state, DrawGoal("P01"), DrawGoal("P02"), DrawGoal("P03"), DrawGoal("P04"))
    assert state.hands[0] == ["P04", "P03", "P02", "P01"]


def test_solo_discards_the_rightmost_goal_after_a_turn_without_completion():
    state = make(P01_LINE, [["P04", "P03", "P02", "P10"]], players=1)
    state.turns = 1
    state.apply(Pass())
    force(state, Draw("G05"))
    state.apply(Place(H(1, 0), 0))
    assert state.hands[0] == ["P04", "P03", "P02", "P10"], "no discard in the first round"
    assert state.phase == "move"
    state.apply(Pass())
    force(state, Draw("G06"))
    state.apply(Place(H(1, 1), 0))
    force(state, DrawGoal("P20"))
    assert state.hands[0] == ["P20", "P04", "P03", "P02"] and state.discards == ["P10"]


def test_solo_completion_keeps_the_row_and_draws_to_the_left():
    state = _p01_slide_state(players=1, hands=[["P04", "P01", "P02", "P10"]])
    state.turns = 3
    state.apply(Move("S", H(1, 2), SW))
    force(state, DrawGoal("P20"))
    assert state.hands[0] == ["P20", "P04", "P02", "P10"] and state.done == [["P01"]]
    play_out_chance(state)
    state.apply(state.legal_actions()[0])
    assert state.hands[0] == ["P20", "P04", "P02", "P10"], "a completion spares the rightmost"


def test_solo_ends_when_the_deck_and_the_row_are_spent():
    state = make(P01_LINE, [["P10"]], players=1)
    state.turns, state.deck = 5, []
    state.apply(Pass())
    force(state, Draw("G05"))
    state.apply(Place(H(1, 0), 0))
    assert state.is_over and state.winners == [0] and state.scores == [0.0]


def test_solo_ignores_the_variants():
    state = GAME.new(1, destiny=True, covert=True, holdem=True, target=5)
    assert not (state.destiny or state.covert or state.holdem)


def test_hex_destiny_removes_only_the_pattern_tiles():
    board = {**P01_LINE, (1, 2): ("R02", rot_for("R02", "S", SW)), (-1, 0): ("G04", 0)}
    state = make(board, [["P01"], ["P10"]], destiny=True)
    state.apply(Move("S", H(1, 2), SW))
    assert state.board == {H(-1, 0): ("G04", 0)}
    force(state, DrawGoal("P20"), Draw("R05"))
    assert state.phase == "place"


def test_hex_destiny_mover_chooses_which_cluster_stays():
    # tiles on both sides of the pattern: removing it leaves two clusters
    board = {**P01_LINE, (1, 2): ("R02", rot_for("R02", "S", SW)), (-1, 0): ("G04", 0),
             (1, 3): ("G06", 0), (2, 3): ("G08", 0)}
    state = make(board, [["P01"], ["P10"]], destiny=True)
    state.apply(Move("S", H(1, 2), SW))
    force(state, DrawGoal("P20"))
    assert state.phase == "keep" and state.current_player == 0
    assert state.legal_actions() == [Keep(H(-1, 0)), Keep(H(1, 3))]
    state.apply(Keep(H(1, 3)))
    assert sorted(state.board) == [H(1, 3), H(2, 3)] and "G04" in state.pile


def test_covert_hex_hides_the_placed_tile_until_the_next_move():
    state = make(P01_LINE, [["P20"], ["P21"]], covert=True)
    state.apply(Pass())
    force(state, Draw("G13"))
    assert state.view(1)["drawn"] == {"hidden": True}
    assert state.view(0)["drawn"]["tile"] == "G13"
    state.apply(Place(H(1, 0), 2))
    hidden = next(t for t in state.view(1)["board"] if (t["q"], t["r"]) == (1, 0))
    assert hidden["face_down"] and hidden["tile"] is None and hidden["edges"] is None
    assert "G13" not in json.dumps(state.view(1))
    assert next(t for t in state.view(0)["board"] if (t["q"], t["r"]) == (1, 0))["tile"] == "G13"
    # the face-down tile cannot move by its own icons during the next player's move
    assert all(not (isinstance(a, Move) and a.cell == H(1, 0)) for a in state.legal_actions())
    names = ["Ann", "Bob"]
    assert "G13" not in state.describe(Pass(), names)
    state.apply(Pass())
    assert state.hidden is None  # turned up after the move
    shown = next(t for t in state.view(1)["board"] if (t["q"], t["r"]) == (1, 0))
    assert shown["tile"] == "G13" and shown["rot"] == 2


def test_covert_hex_face_down_tile_matches_no_pattern():
    board = {**P01_LINE, (1, 2): ("R02", rot_for("R02", "S", SW))}
    state = make(board, [["P01"], ["P10"]], covert=True, turn=1)
    state.hidden, state.hidden_owner = H(0, 1), 0
    state.apply(Move("S", H(1, 2), SW))
    assert state.done == [[], []]


def test_covert_hex_determinize_resamples_only_the_hidden_tile():
    state = make(P01_LINE, [["P20"], ["P21"]], covert=True, turn=1)
    state.hidden, state.hidden_owner = H(0, 1), 0
    seen = set()
    for i in range(30):
        other = GAME.determinize(state, 1, random.Random(i))
        assert other.view(1) == state.view(1)
        seen.add(other.board[H(0, 1)][0])
        assert sorted(other.pile + [t for t, _ in other.board.values()]) == sorted(TILE_IDS)
    assert len(seen) > 5
    assert GAME.determinize(state, 0, random.Random(1)) == state


def test_covert_hex_determinize_depends_only_on_what_the_seat_sees():
    """Two positions that differ only in which tile lies face down look the same to seat 1,
    so its guesses (and through them a bot's choice) must be the same too."""
    one = make(P01_LINE, [["P20"], ["P21"]], covert=True, turn=1)
    one.hidden, one.hidden_owner = H(0, 1), 0
    two = one.clone()
    real, rot = two.board[H(0, 1)]
    swap = two.pile[5]
    two.board[H(0, 1)] = (swap, rot)
    two.pile = sorted([t for t in two.pile if t != swap] + [real])
    two.forget_derived()
    assert one.view(1) == two.view(1) and one != two
    for i in range(10):
        assert GAME.determinize(one, 1, random.Random(i)) == GAME.determinize(two, 1, random.Random(i))
    player = bots.make_bot("hard", seed=3)
    assert player.choose(one, 1) == bots.make_bot("hard", seed=3).choose(two, 1)


def test_hexas_hold_em_common_goal_scored_only_by_the_mover():
    state = _p01_slide_state(hands=[["P10"], ["P12"]], common="P01", holdem=True)
    state.apply(Move("S", H(1, 2), SW))
    assert state.done == [["P01"], []] and state.common is None
    force(state, DrawGoal("P07"))
    assert state.common == "P07"
    # the same shot on the other player's turn: seat 1 moves and takes it
    state = _p01_slide_state(hands=[["P10"], ["P12"]], common="P01", holdem=True, turn=1)
    state.apply(Move("S", H(1, 2), SW))
    assert state.done == [[], ["P01"]]


def test_goal_deck_running_out_ends_the_game_when_nobody_holds_a_goal():
    state = _p01_slide_state(hands=[["P01"], []], target=5)
    state.deck = []
    state.apply(Move("S", H(1, 2), SW))
    play_out_chance(state)
    state.apply(state.legal_actions()[0])
    assert state.is_over and state.winners == [0] and "no goal" in state.end_reason


# -- bad input ---------------------------------------------------------------------------------
def test_bad_input_is_refused_with_a_reason():
    state = _p01_slide_state()
    with pytest.raises(IllegalActionError, match="no icon on its east edge"):
        state.apply(Move("S", H(0, 0), E))
    with pytest.raises(IllegalActionError, match="has a slide icon .* not jump"):
        state.apply(Move("J", H(1, 2), SW))
    with pytest.raises(IllegalActionError, match="no tile at"):
        state.apply(Move("S", H(9, 9), SW))
    with pytest.raises(IllegalActionError, match="placed only after the move"):
        state.apply(Place(H(5, 5), 0))
    state.apply(Pass())
    force(state, Draw("G13"))
    with pytest.raises(IllegalActionError, match="does not touch"):
        state.apply(Place(H(5, 5), 0))
    with pytest.raises(IllegalActionError, match="already taken"):
        state.apply(Place(H(0, 0), 0))
    with pytest.raises(IllegalActionError, match="only at the start of a turn"):
        state.apply(Move("S", H(1, 2), SW))
    with pytest.raises(IllegalActionError):
        parse_action("fly 0,0 E")
    with pytest.raises(IllegalActionError):
        parse_action("place 0,0 r7")


def test_acting_out_of_turn_is_refused():
    match = Match.start(GAME, 2, seed="x")
    with pytest.raises(IllegalActionError, match="not seat 2's turn"):
        match.play(Pass(), seat=1)


def test_notation_reads_back():
    for text in ("slide 0,1 NE", "jump -2,3 W", "push 1,-1 SE", "swap 0,0 E", "pass", "place 2,-1 r5",
                 "keep 0,0", "trade goal", "keep goal", "deal G07 r3", "draw W02", "goal P26"):
        assert str(parse_action(text)) == text


def test_saves_round_trip_and_bad_data_is_refused():
    match = Match.start(GAME, 3, seed=4, covert=True, destiny=True)
    rng = random.Random(4)
    for _ in range(30):
        match.play(rng.choice(match.state.legal_actions()))
    text = match.state.to_json()
    assert GAME.from_json(text) == match.state
    data = json.loads(text)
    data["state"]["pile"] = data["state"]["pile"][1:]
    with pytest.raises(SaveError):
        GAME.from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["hands"][0] = ["P99"]
    with pytest.raises(SaveError):
        GAME.from_json(json.dumps(data))
    with pytest.raises(SaveError):
        GAME.from_json('{"game": "horrible-hex", "state": {"players": 9}}')


# -- bots --------------------------------------------------------------------------------------
def test_hard_bot_takes_a_one_move_completion():
    state = _p01_slide_state()
    bot = bots.make_bot("hard", seed=1)
    assert bot.choose(state, 0) == Move("S", H(1, 2), SW)
    assert bots.make_bot("normal", seed=1).choose(state, 0) == Move("S", H(1, 2), SW)


def test_hard_bot_does_not_complete_the_opponent_s_goal():
    state = _p01_slide_state(hands=[["P20"], ["P01"]])
    action = bots.make_bot("hard", seed=1).choose(state, 0)
    assert action != Move("S", H(1, 2), SW)


def test_hard_bot_avoids_handing_the_next_player_a_completion():
    # Seat 0 places; seat 1 holds P01 and a slider at 1,2 could finish it if 0,3 stays
    # empty... unless seat 0 blocks it by placing on 0,3 (its own tile, any kind but red).
    board = {**P01_LINE, (1, 2): ("R02", rot_for("R02", "S", SW))}
    state = make(board, [["P20"], ["P01"]])
    state.apply(Pass())
    force(state, Draw("G12"))
    assert bots.completable(state.board, None, ["P01"]) == {"P01"}
    action = bots.make_bot("hard", seed=3).choose(state, 0)
    after = state.clone()
    after.apply(action)
    assert not bots.completable(after.board, after.hidden, ["P01"])


def test_hard_bot_sets_up_its_own_completion():
    # Seat 0 holds P01 with three cells in place and places a red slider where it can finish next turn.
    state = make(P01_LINE, [["P01"], ["P20"]])
    state.apply(Pass())
    force(state, Draw("R02"))
    action = bots.make_bot("hard", seed=2).choose(state, 0)
    after = state.clone()
    after.apply(action)
    assert bots.completable(after.board, None, ["P01"]) == {"P01"}


def test_completable_agrees_with_playing_every_legal_move():
    # `completable` and the rules share one move generator (`icon_uses`); check it against
    # applying every legal move with the rules' own functions, on positions of random games.
    from pygame_core.horrible_hex.rules import move_options, shifted
    goals = sorted(GOAL_IDS)[:12]
    rng = random.Random(8)
    checked = found = 0
    for game in range(4):
        match = Match.start(GAME, 2, seed=f"cg{game}", covert=game % 2 == 1)
        while not match.state.is_over and match.state.turns < 12:
            state = match.state
            if state.phase == "move":
                expected: set[str] = set()
                for _, shift in move_options(state.board, state.hidden):
                    after = shifted(state.board, shift)
                    hidden = next((d for s, d in shift if s == state.hidden), state.hidden)
                    kinds = kinds_of(after, hidden)
                    expected |= {g for g in goals if find_goal(kinds, g, [d for _, d in shift])}
                assert bots.completable(state.board, state.hidden, goals) == expected
                cells = sorted(state.board)
                some = cells[rng.randrange(len(cells))]
                split = (bots.completable(state.board, state.hidden, goals, only=some)
                         | bots.completable(state.board, state.hidden, goals, skip=some))
                assert split == expected
                checked += 1
                found += bool(expected)
            match.play(rng.choice(state.legal_actions()) if state.current_player != CHANCE
                       else rng.choice(state.chance_outcomes())[0])
    assert checked > 10 and found > 3  # the test sees completions, not only empty sets


def test_bots_are_deterministic_and_think_in_slices():
    state = GAME.new(2)
    play_out_chance(state)
    for level in ("easy", "normal", "hard"):
        a = bots.make_bot(level, seed=9).choose(state.clone(), 0)
        b = bots.make_bot(level, seed=9).choose(state.clone(), 0)
        assert a == b and a in state.legal_actions()
    steps = list(bots.make_bot("hard", seed=1, iterations=5).think(state, 0))
    assert steps[-1] in state.legal_actions() and all(s is None for s in steps[:-1])


def test_evaluate_hook_is_in_range():
    state = _p01_slide_state()
    assert 0.0 <= bot_evaluate(state, 0) <= 1.0
    state.apply(Move("S", H(1, 2), SW))
    assert bot_evaluate(state, 0) > bot_evaluate(state, 1)


# -- view --------------------------------------------------------------------------------------
def test_view_offers_only_legal_actions_and_describes_tiles_in_words():
    state = _p01_slide_state()
    v = state.view(0)
    html_text = hview.render(v, {"sel": "1,2"}, ["Ann", "Bob"])
    assert 'data-action="slide 1,2 SW"' in html_text
    assert "red tile, gray circle, slide south-west" in html_text
    import re
    for action in re.findall(r'data-action="([^"]+)"', html_text):
        assert action in v["legal"]
    assert hview.render(state.view(1), {}, ["Ann", "Bob"]).count("data-action") == 0
    state.apply(Pass())
    force(state, Draw("G13"))
    v = state.view(0)
    ui = {"cell": "0,3"}
    ui = hview.handle_key("r", v, ui)
    assert ui == {"cell": "0,3", "rot": "1"}
    html_text = hview.render(v, ui, ["Ann", "<b>Bob</b>"])
    assert 'data-action="place 0,3 r1"' in html_text and "<b>Bob</b>" not in html_text
    assert hview.handle_key("R", v, {"rot": "0"}) == {"rot": "5"}


def test_view_shows_the_last_completion_and_goal_cards_as_patterns():
    state = _p01_slide_state()
    state.apply(Move("S", H(1, 2), SW))
    play_out_chance(state)
    html_text = hview.render(state.view(1), {}, ["Ann", "Bob"])
    assert "Ann completed a goal (Line ★★●●)" in html_text and "hh-hit" in html_text
    assert "goal card, row 1" in html_text
    assert "<h2>" in hview.RULES_HTML and "Covert Hex" in hview.RULES_HTML


def test_covert_hex_drawn_tile_is_resampled_for_other_seats_only():
    state = make(P01_LINE, [["P20"], ["P21"]], covert=True)
    state.apply(Pass())
    force(state, Draw("G13"))
    drawn = {GAME.determinize(state, 1, random.Random(i)).drawn for i in range(40)}
    assert len(drawn) > 5 and all(GAME.determinize(state, 0, random.Random(i)).drawn == "G13" for i in range(5))
    html_text = hview.render(state.view(1), {}, ["Ann", "Bob"])
    assert "G13" not in html_text and "hidden from you" in html_text
    assert GAME.hides_information(2, covert=True) and not GAME.hides_information(2, covert=False)
    assert not GAME.hides_information(1, covert=True)


def test_log_describes_actions_in_words():
    names = ["Ann", "Bob"]
    state = _p01_slide_state()
    text = state.describe(Move("S", H(1, 2), SW), names)
    assert text == "Ann slides a red tile with a gray circle south-west"  # the goal is an event
    assert state.describe(Pass(), names) == "Ann does not move"
    state.apply(Move("S", H(1, 2), SW))
    assert state.describe(DrawGoal("P20"), names) == (
        "Ann draws a new goal: a Y: a star in the middle of star, circle and circle")
    force(state, DrawGoal("P20"))
    assert state.describe(Deal("G05", 0), names).startswith(
        "The first tile of the triangle is dealt: a gray tile with a red star; it can jump east")


def test_placement_offers_every_touching_cell_in_six_turns():
    state = make(P01_LINE, [["P20"], ["P21"]])
    state.apply(Pass())
    force(state, Draw("G13"))
    cells = {a.cell for a in state.legal_actions()}
    expected = {n for c in state.board for n in c.neighbors()} - set(state.board)
    assert cells == expected and len(state.legal_actions()) == 6 * len(expected)
    state.apply(Place(H(1, 0), 4))
    assert state.board[H(1, 0)] == ("G13", 4)


def test_invariants_hold_and_catch_a_broken_state():
    from pygame_core.horrible_hex.rules import invariants
    state = _p01_slide_state()
    invariants(state)
    lost = state.clone()
    lost.pile.pop()
    with pytest.raises(AssertionError, match="tiles not conserved"):
        invariants(lost)
    split = state.clone()
    split.board[H(9, 9)] = (split.pile.pop(0), 0)
    with pytest.raises(AssertionError, match="more than one group"):
        invariants(split)
    copied = state.clone()
    copied.hands[1].append(copied.hands[0][0])
    with pytest.raises(AssertionError, match="goal cards not conserved"):
        invariants(copied)


def test_usage_counts_goal_cards_drawn_and_completed():
    match, _ = play("horrible-hex", ["normal"] * 2, seed="use")
    counts = statistics.usage(match)
    draws = [e.action.goal for e in match.log if isinstance(e.action, DrawGoal)]
    assert sum(counts["drawn"].values()) == len(draws)
    assert sum(counts["completed"].values()) == sum(len(d) for d in match.state.done) >= 1
    assert set(counts["completed"]) <= set(counts["drawn"]) <= set(statistics.USAGE_LABELS)
