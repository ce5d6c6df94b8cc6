"""HEX PLEASE!: one test per rule, on hand-made boards with forced draws."""

from __future__ import annotations

import hashlib
import json
import random
import re
import time
from pathlib import Path

import pytest

import workshop.games.hex_please as statistics

from pygame_core.hex_please.bots import evaluate as bot_evaluate

from pygame_core import CHANCE, IllegalActionError, Match, SaveError, get_game
from workshop.tournament import play
from pygame_core.hex_please import bots, components as comp, view as hpview
from pygame_core.hex_please.rules import END, PASS, Draw, HexPleaseState, Place, parse_action
from pygame_core.hex_please.tutorial import TUTORIAL, tutorial_feedback, tutorial_match
from pygame_core.hexgrid import Hex, rotate

GAME = get_game("hex-please")


# -- helpers -------------------------------------------------------------------------------
def position(players: int = 2, board: dict[str, tuple[str, int]] | None = None,
             hands: list[list[str]] | None = None, turn: int = 0, round: int = 2,
             rounds: int = 6, placed: int = 0, bag: dict[str, int] | None = None,
             scores: list[int] | None = None) -> HexPleaseState:
    """A hand-made position; the bag holds every tile not on the board or in a hand."""
    board = board or {}
    hands = hands if hands is not None else [[] for _ in range(players)]
    if bag is None:
        bag = {t.code: t.count for t in comp.TILES}
        for code, _ in board.values():
            bag[code] -= 1
        for h in hands:
            for code in h:
                bag[code] -= 1
    data = {
        "players": players, "rounds": rounds, "open_hands": False,
        "board": [[*map(int, cell.split(",")), code, rot] for cell, (code, rot) in board.items()],
        "hands": hands, "bag": bag, "scores": scores or [0] * players, "turn": turn, "round": round,
        "placed_this_turn": placed, "pending": [], "waiting": False, "last": None, "finished": False,
    }
    return GAME.from_dict(data)  # type: ignore[return-value]


def place(text: str) -> Place:
    action = parse_action(text)
    assert isinstance(action, Place)
    return action


def refused(state: HexPleaseState, text: str, reason: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(parse_action(text))
    assert state.to_json() == before


def deal(state: HexPleaseState, code: str = "R1") -> None:
    """Resolve every pending draw with `code` (or the first kind left)."""
    while state.current_player == CHANCE:
        pick = code if state.bag[code] else next(c for c, n in state.bag.items() if n)
        state.apply(Draw(pick))


# -- components ----------------------------------------------------------------------------
def test_tile_kinds_and_values():
    by_kind = {t.kind: set() for t in comp.TILES}
    for t in comp.TILES:
        by_kind[t.kind].add(t.points)
    assert by_kind == {"solid": {1, 2}, "bridge": {3}, "blocker": {4}, "universal": {5}}
    assert len(comp.COLOURS) == 4 and len({c.symbol for c in comp.COLOURS}) == 4
    assert sum(1 for t in comp.TILES if t.kind == "bridge") == 6  # every pair of colours


def test_bag_holds_enough_for_12_players_over_12_rounds():
    assert comp.BAG_SIZE == 200
    needed = 12 * comp.hand_size(12) + 12 * 11 + 1  # the deal, a draw a turn, First Play's extra
    assert comp.BAG_SIZE >= needed


def test_bridge_shows_each_colour_on_three_neighbouring_sides():
    for rot in range(6):
        sides = comp.side_colours("RG", rot)
        assert sides.count("R") == 3 and sides.count("G") == 3
        assert [sides[(rot + i) % 6] for i in range(3)] == ["R"] * 3
    assert len({comp.side_colours("RG", r) for r in range(6)}) == 6


@pytest.mark.parametrize("boards", comp.BOARDS)
@pytest.mark.parametrize("players", range(2, 13))
def test_board_per_player_count_is_symmetric(players, boards):
    board = comp.board_for(players, boards)
    assert board.radius == comp.RADIUS_BY_PLAYERS[boards][players]
    assert len(board.cells) == 3 * board.radius * (board.radius + 1) + 1
    assert len(board.deploy) == 6
    assert len(board.cells) >= players * 12 + 1  # room for every tile of a 12-round game
    assert {k for k in board.bonus.values()} == {comp.SKY, comp.PINK, comp.BROWN, comp.AMBER}
    kinds = {c: board.bonus.get(c, "deploy" if c in board.deploy else "") for c in board.cells}
    for c, k in kinds.items():
        assert kinds[rotate(c, 1)] == k
        assert kinds[Hex(c.q + c.r, -c.r)] == k  # mirror image


# -- set-up --------------------------------------------------------------------------------
@pytest.mark.parametrize("players,size", [(2, 6), (4, 6), (5, 5), (8, 5), (9, 4), (12, 4)])
def test_hand_sizes_6_5_4_by_player_count(players, size):
    state = GAME.new(players)
    assert state.current_player == CHANCE
    deal(state)
    assert [len(h) for h in state.hands] == [size] * players
    assert state.bag_total == 200 - size * players


def test_seat_one_starts_and_turns_go_round_in_seat_order():
    state = GAME.new(3)
    deal(state, "U")
    assert state.current_player == 0 and state.first_play and state.phase == "first-play"
    state.apply(place("U@2,0"))
    deal(state)
    state.apply(END)
    seen = []
    for _ in range(5):
        seen.append((state.round, state.current_player))
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Place)))
        deal(state)
    assert seen == [(1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]


def test_rounds_option_from_6_to_12_default_6():
    assert GAME.options["rounds"].choices == tuple(range(6, 13))
    assert GAME.options["rounds"].default == 6
    assert GAME.new(2).rounds == 6 and GAME.new(2, rounds=12).rounds == 12
    with pytest.raises(ValueError):
        GAME.new(2, rounds=5)
    assert (GAME.min_players, GAME.max_players, GAME.hidden_information) == (2, 12, True)


# -- placing -------------------------------------------------------------------------------
def test_first_tile_of_the_game_goes_on_a_deployment_cell():
    state = position(hands=[["R1", "G1"], ["B1"]], round=1)
    assert {p.cell for p in state.placements(0)} == set(state.layout.deploy)
    refused(state, "R1@0,0", "must go on a Deployment Cell")
    state.apply(place("R1@2,0"))
    assert state.board[Hex(2, 0)] == ("R1", 0)


def test_later_tiles_go_on_a_deployment_cell_or_next_to_a_placed_tile():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], []])
    cells = {p.cell for p in state.placements(0)}
    assert Hex(3, 0) in cells and Hex(-2, 0) in cells  # a neighbour, another Deployment Cell
    refused(state, "R1@0,0", "neither a Deployment Cell nor next to a placed tile")


def test_occupied_cell_and_cells_off_the_board_are_refused():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], []])
    refused(state, "R1@2,0", "already occupied")
    refused(state, "R1@9,0", "not a cell of this board")
    refused(state, "G2@3,0", "no green Solid")


def test_touching_sides_must_match_in_colour():
    state = position(board={"2,0": ("R1", 0)}, hands=[["G1", "R2"], []])
    refused(state, "G1@3,0", "west side is green but the tile there shows red")
    state.apply(place("R2@3,0"))


def test_bridge_may_be_turned_to_match():
    # red tile to the west of 3,0 and green to the east of it (at 4,0)
    state = position(board={"2,0": ("R1", 0), "4,0": ("G1", 0)}, hands=[["RG"], []])
    fits = sorted(p.rot for p in state.placements(0) if p.cell == Hex(3, 0))
    # red on W (3) and green on E (0): red sides rot..rot+2 must include 3 but not 0
    assert fits == [1, 2, 3]
    refused(state, "RG@3,0/0", "try turning the Bridge")
    state.apply(place("RG@3,0/2"))
    assert state.board[Hex(3, 0)] == ("RG", 2)


def test_only_a_bridge_can_be_turned():
    with pytest.raises(IllegalActionError):
        parse_action("R1@3,0/2")
    with pytest.raises(IllegalActionError):
        parse_action("RG@3,0")


def test_universal_matches_any_colour_and_a_blocker():
    board = {"2,0": ("R1", 0), "3,-1": ("G2", 0), "2,1": ("X", 0)}
    state = position(board=board, hands=[["U", "B1"], []])
    assert Place("U", 3, 0) in state.legal_actions()
    state.apply(place("U@3,0"))
    deal(state)
    # anything coloured may later touch the Universal
    state2 = position(board={"2,0": ("U", 0)}, hands=[["B1", "Y2", "GY"], []])
    tiles = {p.tile for p in state2.placements(0) if p.cell == Hex(3, 0)}
    assert tiles == {"B1", "Y2", "GY"}


def test_blocker_may_touch_colours_but_never_another_blocker():
    state = position(board={"2,0": ("R1", 0), "3,-1": ("G1", 0)}, hands=[["X"], []])
    assert Place("X", 3, 0) in state.legal_actions()
    state = position(board={"2,0": ("X", 0)}, hands=[["X"], []])
    refused(state, "X@3,0", "touches a Blocker: only a Universal")


def test_empty_cells_around_a_blocker_take_only_a_universal():
    state = position(board={"2,0": ("X", 0)}, hands=[["R1", "RG", "X", "U"], []])
    around = {n for _, n in state.layout.neighbours[Hex(2, 0)]}
    for p in state.placements(0):
        if p.cell in around:
            assert p.tile == "U"
    refused(state, "R1@3,0", "only a Universal")
    refused(state, "RG@3,0/0", "only a Universal")


def test_draw_one_tile_after_placing():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1", "G1"], ["B1"]])
    state.apply(place("R1@3,0"))
    assert state.current_player == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert abs(outcomes[Draw("U")] - 12 / state.bag_total) < 1e-12
    state.apply(Draw("U"))
    assert state.hands[0] == ["G1", "U"] and state.current_player == 1


def test_short_bag_draws_what_remains():
    empty = {t.code: 0 for t in comp.TILES}
    board = {"2,0": ("R1", 0)}
    # put every other tile on the board's books as "used": in hands of seat 2 is simplest
    state = position(board=board, hands=[["R1"], []])
    state.bag = dict(empty)
    state.bag["G1"] = 1
    state.bag_total = 1
    state.apply(place("R1@3,0"))
    assert state.current_player == CHANCE
    state.apply(Draw("G1"))
    assert state.hands[0] == ["G1"] and state.current_player == 1
    # with the bag empty a placement draws nothing and the turn moves on
    state.turn = 0
    state.forget_legal_actions()
    state.apply(place("G1@-2,0"))
    assert state.current_player == 1 and state.hands[0] == []
    # and an empty hand can still pass (which changes nothing)
    assert state.legal_actions() == [PASS]


# -- scoring -------------------------------------------------------------------------------
@pytest.mark.parametrize("bonus,cell,tile,expected", [
    (None, "3,-2", "R2", 2),       # plain cell
    ("sky", "2,-1", "R2", 5),      # +3
    ("pink", "2,-4", "R2", 7),     # +5 on the edge
    ("brown", "3,0", "R2", 4),     # x2 of the tile's own points
    ("amber", "0,0", "R2", 6),     # x3
    ("amber", "0,0", "U", 15),
    ("brown", "3,0", "RG", 6),
])
def test_score_tile_points_with_every_bonus_cell(bonus, cell, tile, expected):
    state = position(hands=[[tile], []])
    assert state.layout.bonus.get(Hex.parse(cell)) == bonus
    rot = 0
    action = Place(tile, *Hex.parse(cell), rot)
    state.open_cells.add(action.cell)  # a lone tile: no neighbours (as if on a Deployment Cell)
    assert state.score_of(action)[0] == expected


@pytest.mark.parametrize("cell,multiplied_by,added", [("1,0", 1, 0), ("2,-1", 1, 3), ("3,0", 2, 0),
                                                        ("0,0", 3, 0), ("2,-4", 1, 5)])
def test_score_adds_printed_points_of_touching_tiles_but_never_their_bonus(cell, multiplied_by, added):
    target = Hex.parse(cell)
    board_layout = comp.board_for(2)
    neighbours = [n for _, n in board_layout.neighbours[target]]
    # Universals (5) around the target, several of them on bonus cells themselves
    board = {str(n): ("U", 0) for n in neighbours[:3]}
    state = position(board=board, hands=[["B2"], []])
    state.apply(Place("B2", target.q, target.r))
    assert state.scores_[0] == 2 * multiplied_by + 15 + added
    assert state.last["neighbours"] == 15 and state.last["multiply"] == multiplied_by


# -- passing -------------------------------------------------------------------------------
def test_pass_returns_the_whole_hand_draws_as_many_and_scores_zero():
    state = position(board={"2,0": ("R1", 0)}, hands=[["X", "X", "U"], ["B1"]], scores=[7, 0])
    state.apply(PASS)
    assert state.hands[0] == [] and state.bag["U"] == comp.UNIVERSALS and state.scores_ == [7, 0]
    assert state.pending == (0, 0, 0)
    for code in ("G1", "G1", "B2"):
        state.apply(Draw(code))
    assert state.hands[0] == ["G1", "G1", "B2"] and state.current_player == 1


def test_no_passing_during_first_play():
    state = position(hands=[["R1", "G1"], ["B1"]], round=1)
    assert PASS not in state.legal_actions()
    refused(state, "pass", "no passing during First Play")


def test_no_passing_in_the_final_round():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["B1"]], round=6)
    assert PASS not in state.legal_actions() and END in state.legal_actions()
    refused(state, "pass", "no passing in the final round")


def test_end_turn_only_in_final_round_or_after_first_play_tile():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["B1"]], round=3)
    refused(state, "end", "only in the final round")
    state = position(hands=[["R1", "G1"], ["B1"]], round=1)
    refused(state, "end", "at least one tile")


# -- First Play ----------------------------------------------------------------------------
def test_first_play_may_lay_two_tiles_drawing_after_each():
    state = GAME.new(2)
    for code in ("R1", "R2", "G1", "B1", "Y1", "U") + ("B1",) * 6:
        state.apply(Draw(code))
    assert state.first_play and state.current_player == 0
    state.apply(place("R1@2,0"))
    assert state.current_player == CHANCE
    state.apply(Draw("X"))
    assert state.current_player == 0 and state.placed_this_turn == 1
    assert END in state.legal_actions() and PASS not in state.legal_actions()
    state.apply(place("R2@3,0"))
    assert state.placed_this_turn == 2 and GAME.from_json(state.to_json()) == state  # mid-draw save
    state.apply(Draw("G2"))
    assert state.current_player == 1 and state.scores_[0] == 1 + (2 * 2 + 1)
    assert len(state.hands[0]) == 6


def test_first_play_may_stop_after_one_tile():
    state = GAME.new(2)
    deal(state, "U")
    state.apply(place("U@2,0"))
    deal(state)
    state.apply(END)
    assert state.current_player == 1 and state.round == 1


def test_a_second_tile_outside_first_play_is_refused():
    match = Match.start(GAME, 2, seed="second")
    # play First Play with a single tile, then seat 2's turn, then seat 1 in round 2
    match.play(next(a for a in match.state.legal_actions() if isinstance(a, Place)))
    match.play(END)
    match.play(next(a for a in match.state.legal_actions() if isinstance(a, Place)), 1)
    first = next(a for a in match.state.legal_actions() if isinstance(a, Place))
    match.play(first, 0)
    assert match.state.current_player == 1
    with pytest.raises(IllegalActionError, match="not seat 1's turn"):
        match.play(PASS, 0)


# -- the final round and the end -----------------------------------------------------------
def test_final_round_one_last_tile_without_drawing():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1", "G1"], ["B1"]], round=6)
    state.apply(place("R1@3,0"))
    assert state.current_player == 1 and state.hands[0] == ["G1"]  # no draw
    state.apply(END)
    assert state.is_over and state.round == 7


def test_game_lasts_the_chosen_number_of_rounds():
    rng = random.Random(3)
    for rounds in (6, 9):
        match = Match.start(GAME, 3, seed=rounds, rounds=rounds)
        turns = 0
        while not match.state.is_over:
            state = match.state
            legal = state.legal_actions()
            match.play(rng.choice(legal))
            turns += 1
        assert match.state.round == rounds + 1
        assert turns >= 3 * rounds


def test_highest_total_wins():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["B1"]], round=6, scores=[10, 11])
    state.apply(END)
    state.apply(END)
    assert state.winners == [1]


def test_tie_goes_to_the_larger_value_left_in_hand():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1", "U"], ["B2", "Y2"]], round=6, scores=[10, 10])
    state.apply(END)
    state.apply(END)
    assert state.winners == [0]  # 6 in hand beats 4


def test_tie_on_points_and_hand_value_is_a_shared_win():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R2"], ["B1", "G1"]], round=6, scores=[10, 10])
    state.apply(END)
    state.apply(END)
    assert state.winners == [0, 1]


# -- hidden hands --------------------------------------------------------------------------
def test_view_shows_only_the_seats_own_hand():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1", "U"], ["B2", "Y2", "X"]])
    v0, v1, spectator = state.view(0), state.view(1), state.view(None)
    assert v0["hand"] == ["R1", "U"] and v1["hand"] == ["B2", "Y2", "X"]
    assert v0["hands"] is None and v0["hand_counts"] == [2, 3] and spectator["hand"] is None
    assert "B2" not in json.dumps(v0) and v0["bag"] == 200 - 6
    assert v0["legal"] and not v1["legal"]
    assert v0["preview"]["U@3,0"] == 5 * 2 + 1


def test_open_hands_option_shows_every_hand():
    state = GAME.new(2, open_hands=True)
    deal(state, "Y1")
    assert state.view(1)["hands"] == [["Y1"] * 6] * 2
    assert not GAME.hides_information(2, open_hands=True) and GAME.hides_information(2, open_hands=False)


def test_determinize_resamples_only_what_the_seat_cannot_see():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1", "U"], ["B2", "Y2", "X"], ["G1"]], players=3)
    seen = set()
    for i in range(20):
        twin = GAME.determinize(state, 0, random.Random(i))
        assert twin.view(0) == state.view(0)
        assert twin.hands[0] == ["R1", "U"] and [len(h) for h in twin.hands] == [2, 3, 1]
        assert sum(twin.bag.values()) == twin.bag_total == state.bag_total
        seen.add(tuple(twin.hands[1]))
        GAME.from_json(twin.to_json())  # still a consistent position
    assert len(seen) > 10


def test_determinize_and_the_hard_bot_depend_only_on_what_the_seat_sees():
    """Seat 0 cannot tell these apart: the other hand holds R1 or U (the other one is in the bag)."""
    board = {"2,0": ("R1", 0)}
    one = position(board=board, hands=[["R1", "U", "Y1", "B1", "X", "RG"], ["R1", "Y2", "X", "G1", "R2", "B2"]])
    two = position(board=board, hands=[["R1", "U", "Y1", "B1", "X", "RG"], ["U", "Y2", "X", "G1", "R2", "B2"]])
    assert one.view(0) == two.view(0) and one.hands != two.hands
    for i in range(10):
        assert GAME.determinize(one, 0, random.Random(i)) == GAME.determinize(two, 0, random.Random(i))
    assert bots.make_bot("hard", 7).choose(one, 0) == bots.make_bot("hard", 7).choose(two, 0)


def test_a_draw_is_logged_without_naming_the_tile():
    match = Match.start(GAME, 2, seed=1, names=["Ann", "Bob"])
    assert all(e.text == "Ann draws a tile" for e in match.log[:6])
    assert all(e.text == "Bob draws a tile" for e in match.log[6:12])


# -- notation and saves --------------------------------------------------------------------
def test_notation_reads_back_and_bad_text_is_refused():
    for text in ("R1@0,0", "RG@2,-1/3", "U@-4,4", "pass", "end", "draw X"):
        assert str(parse_action(text)) == text
    for bad in ("R1@0", "RG@1,1/6", "Q1@0,0", "draw Q", "pass now", "R1@a,b", "R1@0,0/0"):
        with pytest.raises(IllegalActionError):
            GAME.parse_action(bad)


def test_bad_saves_are_refused():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["B1"]])
    data = json.loads(state.to_json())
    for key, value in (("players", 13), ("rounds", 5), ("turn", 2), ("scores", [0]),
                       ("hands", [["R1"], ["ZZ"]]), ("board", [[9, 9, "R1", 0]])):
        bad = json.loads(json.dumps(data))
        bad["state"][key] = value
        with pytest.raises(SaveError):
            GAME.from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["state"]["bag"]["U"] += 1  # tiles that do not add up
    with pytest.raises(SaveError):
        GAME.from_json(json.dumps(bad))
    assert GAME.from_json(state.to_json()) == state


# -- view, tutorial, bots ------------------------------------------------------------------
def test_render_offers_legal_cells_for_the_picked_tile_with_score_previews():
    state = position(board={"2,0": ("R1", 0), "4,0": ("G1", 0)}, hands=[["RG", "R1"], ["B1"]])
    v = state.view(0)
    html = hpview.render(v, {"tile": "RG", "rot": "2"}, ["Ann <b>", "Bob"])
    assert 'data-action="RG@3,0/2"' in html and "Ann &lt;b&gt;" in html
    assert "scores 8" in html and ">8 pts<" in html  # a Brown cell: 3 x 2, plus 1 + 1 around (a pill, not "+8")
    assert 'data-action="RG@3,0/0"' not in html and "aria-label=" in html
    assert 'data-ui="rot=1"' in html  # a cell where another turn fits offers that turn
    waiting = hpview.render(state.view(1), {}, ["A", "B"])
    assert "data-action" not in waiting
    assert hpview.handle_key("r", v, {"tile": "RG", "rot": "5"}) == {"tile": "RG", "rot": "0"}
    assert hpview.handle_key("R", v, {"tile": "RG", "rot": "0"})["rot"] == "5"
    assert hpview.handle_key("r", v, {"tile": "R1"}) is None
    assert hpview.handle_key("1", v, {})["tile"] == "R1"
    assert hpview.handle_key("Escape", v, {"tile": "R1", "rot": "0"}) == {}
    hinted = hpview.render(v, {"hint": "3,0 99,99"}, ["A", "B"])
    assert hinted.count('class="hp-hint"') == 1


RUN = 12  # words: a run this long shared with the rulebook is copied, not our own words
RULEBOOK_RUNS = Path(__file__).parent / "fixtures" / "rulebook_runs" / "hex-please.txt"


def fingerprints(text: str) -> set[str]:
    """A short hash of every run of RUN words (markup dropped, lower case): the rulebook's are
    stored in the repository (not its sentences), and ours are checked against them."""
    words = re.findall(r"[a-z0-9]+", re.sub(r"<[^>]+>", " ", text).lower())
    return {hashlib.blake2b(" ".join(words[i:i + RUN]).encode(), digest_size=8).hexdigest()
            for i in range(len(words) - RUN + 1)}


def test_rules_and_tutorial_text_are_in_our_own_words():
    book = {line for line in RULEBOOK_RUNS.read_text().splitlines() if not line.startswith("#")}
    assert len(book) > 300, "the stored fingerprints of the rulebook are missing"
    for text in (hpview.RULES_HTML, json.dumps(TUTORIAL)):
        copied = fingerprints(text) & book
        assert not copied, f"{len(copied)} runs of {RUN} words are the rulebook's"


def test_tutorial_plays_through_its_script():
    steps = TUTORIAL["steps"]
    match = Match.start(GAME, TUTORIAL["players"], seed=TUTORIAL["seed"], names=TUTORIAL["names"],
                        **TUTORIAL["options"])
    for i, step in enumerate(steps):
        if not step.get("expect"):
            continue
        assert match.state.current_player == step["seat"], step["id"]
        assert all(GAME.parse_action(a) in match.state.legal_actions() for a in step["expect"])
        expected = step["expect"][0]
        if step["seat"] == TUTORIAL["human"] and "@" in expected:
            # The step's `ui` (handed to the view as it is) picks and rings the move it asks for.
            tile, _, where = expected.partition("@")
            cell, _, rot = where.partition("/")
            assert step["ui"] == {"tile": tile, "rot": rot or "0", "hint": cell}, step["id"]
            assert tile in match.state.hands[step["seat"]]
        else:
            assert "ui" not in step, step["id"]
        ok, _ = tutorial_feedback(match, i, step["expect"][0])
        assert ok
        match.play_text(step["expect"][0], step["seat"])
        if "points" in step:  # the text's arithmetic is what the rules score
            assert match.state.last["points"] == step["points"], step["id"]
    assert match.state.is_over and match.state.winners == [TUTORIAL["human"]]
    assert tutorial_match(len(steps)).state == match.state


def test_tutorial_refuses_other_moves_and_says_why():
    match = tutorial_match(1)
    assert tutorial_feedback(match, 1, "B1@2,0")[0]
    ok, why = tutorial_feedback(match, 1, "B1@0,0")
    assert not ok and "Deployment Cell" in why
    ok, why = tutorial_feedback(match, 1, "pass")
    assert not ok and "First Play" in why
    ok, why = tutorial_feedback(match, 1, "B2@2,0")
    assert not ok and "allowed" in why


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_play_legal_moves_deterministically(level):
    def play(seed):
        match = Match.start(GAME, 3, seed="bots")
        made = [bots.make_bot(level, f"{seed}/{i}", **({"iterations": 16} if level == "hard" else {}))
                for i in range(3)]
        while not match.state.is_over:
            seat = match.state.current_player
            match.play(made[seat].choose(match.state, seat), seat)
        return match.actions
    assert play(1) == play(1)


def test_hard_bot_yields_in_small_slices():
    match = Match.start(GAME, 12, seed="slices")
    bot = bots.make_bot("hard", 0)
    seat = match.state.current_player
    steps, longest = 0, 0.0
    # CPU time between yields (never more than the wall time the bot's slice clock counts):
    # a busy machine pausing this process does not make a slice look long.
    start = time.process_time()
    for out in bot.think(match.state, seat):
        now = time.process_time()
        longest = max(longest, now - start)
        start = now
        steps += 1
        if out is not None:
            assert out in match.state.legal_actions()
    assert steps > 1 and longest < 0.1


def test_evaluate_is_between_0_and_1():
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["B1"]], scores=[30, 2])
    assert 0.5 < bot_evaluate(state, 0) <= 1 and 0 <= bot_evaluate(state, 1) < 0.5


def test_render_works_for_every_seat_through_a_random_game():
    rng = random.Random(5)
    match = Match.start(GAME, 3, seed="render", names=["A", "B", "C"])
    while True:
        state = match.state
        for seat in (0, 1, 2, None):
            v = state.view(seat)
            hand = v["hand"] or []
            ui = {"tile": rng.choice(hand), "rot": str(rng.randrange(6))} if hand else {}
            html = hpview.render(v, ui, ["A", "B", "C"])
            assert html.startswith('<div class="hp-game">')
            for action in re.findall(r'data-action="([^"]+)"', html):
                assert action in v["legal"]
        if state.is_over:
            assert "Game over" in html
            break
        match.play(rng.choice(state.legal_actions()))


def test_usage_counts_special_cells_on_the_board_and_covered():
    match, _ = play("hex-please", ["normal"] * 3, seed="use")
    counts = statistics.usage(match)
    layout = match.state.layout
    assert counts["on the board"] == {comp.DEPLOY: 6, comp.AMBER: 7, comp.BROWN: 6, comp.SKY: 12,
                                      comp.PINK: 6}
    assert counts["covered"][comp.DEPLOY] >= 1          # the first tile of the game
    covered = {c for c in match.state.board if c in layout.bonus or c in layout.deploy}
    assert sum(counts["covered"].values()) == len(covered)
    assert set(counts["on the board"]) == set(statistics.USAGE_LABELS)


@pytest.mark.parametrize("players", [2, 3, 5, 8, 12])
def test_every_player_makes_the_same_number_of_moves_whatever_the_player_count(players):
    """What the menu's duration rests on (components.MOVES_EACH): random games of the default
    length give each seat that many decisions (one more at most), at every table size."""
    from pygame_core import get_game
    from pygame_core.engine import CHANCE
    from pygame_core.hex_please.components import MOVES_EACH, game_minutes
    game = get_game("hex-please")
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(players=players)
        moves = [0] * players
        while not state.is_over:
            seat = state.current_player
            if seat == CHANCE:
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
                moves[seat] += 1
            state.apply(action)
        assert all(MOVES_EACH <= m <= MOVES_EACH + 1 for m in moves), moves
    assert game_minutes(players) < game_minutes(players, people=2) < game_minutes(players, people=players) + 1e-9
