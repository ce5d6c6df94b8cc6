"""The engine contract and the Match driver, on Hack & Slash (the simplest registered game)."""

from __future__ import annotations

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


def test_undo_takes_back_the_seats_last_decision_and_rolls_the_same_dice_again():
    m = Match.start(GAME, 2, seed="s3")
    m.play(Go("brag"))
    roll_before = m.log[-1].action
    state_after = m.state.to_json()
    m.undo(0)
    assert m.state.current_player == 0 and len(m.log) == 3  # back to the set-up reveals
    m.play(Go("brag"))
    assert m.log[-1].action == roll_before and m.state.to_json() == state_after


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
