"""The engine contract and the Match driver, on Hack & Slash (the simplest registered game)."""

from __future__ import annotations

import random

import pytest

from pygame_core import CHANCE, IllegalActionError, Match, get_game
from pygame_core.engine import Game, Option, chance_rng
from pygame_core.hack_and_slash.rules import Go, Roll

GAME = get_game("hack-and-slash")


def test_match_resolves_chance_from_the_seed_and_is_reproducible():
    a = Match.start(GAME, 3, seed="s1")
    b = Match.start(GAME, 3, seed="s1")
    assert a.actions == b.actions and a.state == b.state
    assert a.state.current_player == 0
    assert all(e.seat == CHANCE for e in a.log)


def test_replay_rebuilds_the_same_state_and_checks_every_action():
    m = Match.start(GAME, 3, seed="s2")
    for _ in range(6):
        m.play(m.state.legal_actions()[-1])
    again = Match.replay(GAME, 3, {}, "s2", [str(a) for a in m.actions])
    assert again.state == m.state
    bad = [str(a) for a in m.actions]
    bad[3] = "go kraken"
    with pytest.raises(IllegalActionError, match="log entry 4"):
        Match.replay(GAME, 3, {}, "s2", bad)


def test_undo_cannot_take_back_a_move_whose_roll_was_seen():
    """Undo that cannot peek: the dice that followed a decision stay rolled."""
    m = Match.start(GAME, 2, seed="s3")
    m.play(Go("brag"))
    assert m.log[-1].seat == CHANCE
    assert not m.can_undo(0)
    with pytest.raises(IllegalActionError, match="since the last roll or draw"):
        m.undo(0)


@pytest.mark.parametrize("game_id", ["horrible-hex", "hex-hex", "hex-please", "hack-and-slash"])
def test_undo_takes_back_decisions_up_to_the_last_chance_event_and_never_after_the_end(game_id):
    game = get_game(game_id)
    rng = random.Random(game_id)
    m = Match.start(game, game.default_players, seed="undo")
    undone = 0
    while not m.state.is_over:
        seat = m.state.current_player
        for who in range(m.players):
            point = m.undo_point(who)
            mine = [i for i, e in enumerate(m.log) if e.seat == who]
            if point is not None:
                assert point == mine[-1] and all(e.seat != CHANCE for e in m.log[point:])
            else:
                assert not mine or any(e.seat == CHANCE for e in m.log[mine[-1]:])
        if m.can_undo(seat) and rng.random() < 0.3:
            kept = m.log[:m.undo_point(seat)]
            m.undo(seat)
            assert [e.action for e in m.log] == [e.action for e in kept] and m.state.current_player == seat
            undone += 1
        m.play(rng.choice(m.state.legal_actions()))
    assert not any(m.can_undo(s) for s in range(m.players))
    assert undone or game_id != "hex-hex"  # in the others nearly every move rolls or draws


def test_undo_with_nothing_to_undo_is_refused():
    m = Match.start(GAME, 2, seed="s4")
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        m.undo(1)


def test_play_refuses_the_wrong_seat_and_after_the_end():
    m = Match.start(GAME, 2, seed="s5")
    with pytest.raises(IllegalActionError, match="not seat 2's turn"):
        m.play(Go("brag"), seat=1)
    m.state.finished = True
    with pytest.raises(IllegalActionError, match="game is over"):
        m.play(Go("brag"))


def test_apply_refuses_illegal_actions_and_leaves_the_state_alone():
    m = Match.start(GAME, 2, seed="s6")
    before = m.state.to_json()
    with pytest.raises(IllegalActionError):
        m.state.apply(Roll((6, 6)))
    assert m.state.to_json() == before


def test_chance_generator_depends_on_seed_and_step_only():
    assert chance_rng("a", 3).random() == chance_rng("a", 3).random()
    assert chance_rng("a", 3).random() != chance_rng("a", 4).random()


def test_options_are_checked_and_unknown_ones_named():
    with pytest.raises(ValueError, match="has no option colour"):
        GAME.new(3, colour="red")


def test_from_json_gives_save_errors():
    from pygame_core import SaveError
    for text in ("", "[]", '{"game": "chess"}', '{"game": "hack-and-slash", "state": {}}'):
        with pytest.raises(SaveError):
            GAME.from_json(text)


def test_a_save_that_predates_an_option_gets_its_legacy_value():
    class Variant(Game):
        options = {"old": Option("old", (1, 2), 1),
                   "new": Option("new", ("a", "b"), "a", legacy="b"),
                   "plain": Option("plain", (True, False), True)}
        _new = from_dict = parse_action = None   # type: ignore[assignment]  # not needed here
    game = Variant()
    assert game.saved_options({"old": 2}) == {"old": 2, "new": "b"}      # saved before "new"
    assert game.saved_options({"old": 2, "new": "a"}) == {"old": 2, "new": "a"}
