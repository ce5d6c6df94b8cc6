"""What the history view shows (web/ui/historyparts.py), on CPython: the seats one may choose,
the board of a past step offering no move, the line that says where one is, the log."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from pygame_core import Match, get_game
from pygame_core.history import History

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "ui"))
import historyparts as parts  # noqa: E402
from presenter import Session, view_module  # noqa: E402

GAMES = ["hack-and-slash", "horrible-hex", "hex-hex", "hex-please"]


def played(game_id: str, decisions: int | None = None, seed: str = "page") -> Match:
    game = get_game(game_id)
    match = Match.start(game, game.default_players, seed=seed, names=[f"Bo{i}" for i in range(game.default_players)])
    rng = random.Random(seed)
    while not match.state.is_over and (decisions is None or match.turn_number() < decisions):
        match.play(rng.choice(match.state.legal_actions()))
    return match


class Recorder:
    """A view module that keeps what it was asked to draw."""

    def __init__(self, module: object) -> None:
        self.module, self.seen = module, []

    def render(self, view, ui, names):
        self.seen.append(view)
        return self.module.render(view, ui, names)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_past_board_is_drawn_with_no_legal_moves_in_any_game(game_id):
    match = played(game_id, decisions=8)
    history = History(match)
    module = Recorder(view_module(game_id))
    for step in range(len(history)):
        seat = history.steps[step].seat
        view = history.view(step, seat, [] if seat is None else [seat])
        assert str(parts.board(module, view, history.names))
        assert module.seen[-1].get("legal", []) == []
        assert {k: v for k, v in module.seen[-1].items() if k != "legal"} == \
            {k: v for k, v in view.items() if k != "legal"}


def test_the_seats_offered_are_everyone_and_one_s_own_until_the_game_is_over():
    going = History(played("hex-please", decisions=5))
    offered = re.findall(r'value="([^"]*)"', str(parts.seat_choices(going, [1])))
    assert offered == ["", "1"]
    assert parts.read_seat("0", going, [1]) is None  # another's seat asked for: everyone's view
    assert parts.read_seat("1", going, [1]) == 1
    over = History(played("hex-please"))
    assert over.over
    assert re.findall(r'value="([^"]*)"', str(parts.seat_choices(over, []))) == ["", "0", "1"]
    assert parts.read_seat("0", over, []) == 0


def test_the_step_line_names_the_set_up_the_mover_and_the_end():
    match = played("hack-and-slash")
    history = History(match)
    assert parts.step_line(history, 0) == f"Step 0 of {history.last}: the set-up"
    mover = match.names[history.steps[1].seat]
    assert parts.step_line(history, 1) == f"Step 1 of {history.last}: {mover}'s move"
    assert parts.step_line(history, history.last).endswith("(the end)")


def test_the_log_has_one_item_per_step_each_a_button_to_go_there():
    match = played("horrible-hex", decisions=10)
    history = History(match)
    markup = str(parts.log_markup(history))
    assert re.findall(r'data-step="(\d+)"', markup) == [str(n) for n in range(len(history))]
    assert markup.count("<button") == len(history)


def test_the_frame_has_every_control_and_no_share_button_when_not_shareable():
    frame = str(parts.frame("History", shareable=True))
    for act in ("first", "back", "forward", "last", "close", "share"):
        assert f'data-history="{act}"' in frame
    assert 'id="history-slider"' in frame and " inert" in frame
    assert 'data-history="share"' not in str(parts.frame("History", shareable=False))


def test_a_link_too_long_for_a_qr_code_is_said_to_be():
    assert "QR" not in parts.link_note(900, 40)
    assert "too long for a QR code" in parts.link_note(parts.QR_BYTES, 40)


def test_one_s_own_seats_are_the_people_here_and_on_a_shared_device_only_the_one_holding_it():
    alone = Session(played("hex-please", decisions=2), ["human", "easy"], "s1")
    assert parts.own_seats(alone) == [0]
    shared = Session(played("hex-please", decisions=2), ["human", "human"], "s2")
    assert shared.hides_information()
    assert parts.own_seats(shared) == []  # nobody has been handed the device yet
    shared.handed_to = 1
    assert parts.own_seats(shared) == [1]
    open_hands = Session(played("hex-please", decisions=2), ["human", "human"], "s3")
    open_hands.match = Match.start(get_game("hex-please"), 2, seed="o", open_hands=True)
    assert not open_hands.hides_information() and parts.own_seats(open_hands) == [0, 1]
