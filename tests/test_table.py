"""The table client (`web/ui/table.py`) on CPython, with a clock run by hand: one device's
selection, choices, countdowns, the reflex race and the moves the table makes for a person."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "ui"))
import table  # noqa: E402
from table import Countdown, Seen, TableClient  # noqa: E402


class Clock:
    def __init__(self) -> None:
        self.ms = 0.0
        self.timers: dict[int, tuple[float, Callable[[], None]]] = {}

    def now_ms(self) -> float:
        return self.ms

    def later(self, seconds: float, run: Callable[[], None]) -> int:
        handle = len(self.timers) + 1
        self.timers[handle] = (self.ms + seconds * 1000, run)
        return handle

    def cancel(self, handle: Any) -> None:
        self.timers.pop(handle, None)

    def advance(self, seconds: float) -> None:
        self.ms += seconds * 1000
        for handle, (due, run) in sorted(self.timers.items(), key=lambda t: t[1][0]):
            if due <= self.ms and handle in self.timers:
                del self.timers[handle]
                run()


def forced(view: dict[str, Any], legal: list[str]) -> str | None:
    return "pass" if legal == ["pass"] else None


def a_client(remote: bool = False, hooks: Any = None) -> tuple[TableClient, list[tuple], list[str], Clock]:
    sent: list[tuple] = []
    told: list[str] = []
    clock = Clock()

    def send(seat: int, at: int, text: str, ask: str | None) -> bool:
        sent.append((seat, at, text, ask))
        return remote  # a guest waits for the host's answer; the local master answers at once
    client = TableClient(hooks or SimpleNamespace(forced=forced), send, clock, lambda: None, told.append,
                         respond_all=lambda answer: sent.append(("everyone", answer)))
    return client, sent, told, clock


def seen(at: int = 3, legal: tuple[str, ...] = ("a", "b"), **extra: Any) -> Seen:
    return Seen(at, 1, {"legal": list(legal)}, extra.pop("current", 1), **extra)


def test_a_choice_goes_to_the_master_with_the_seat_and_the_position_it_was_made_at() -> None:
    client, sent, told, _ = a_client()
    client.show(seen(ask=None))
    client.choose("b")
    assert sent == [(1, 3, "b", None)] and not told


def test_a_device_with_no_seat_asked_is_told_to_wait() -> None:
    client, sent, told, _ = a_client()
    client.show(seen(legal=()))
    client.choose("a")
    client.show(Seen(3, None, {"legal": ["a"]}))
    client.choose("a")
    assert sent == [] and told == [table.NOT_YOUR_TURN] * 2


def test_a_guest_makes_one_choice_a_position_until_the_master_answers() -> None:
    client, sent, told, _ = a_client(remote=True)
    client.show(seen())
    client.choose("a")
    client.choose("b")
    assert sent == [(1, 3, "a", None)]
    client.refused("that move is not allowed")
    assert told == ["Not allowed: that move is not allowed"]
    client.choose("b")
    assert sent[-1] == (1, 3, "b", None)
    client.show(seen(at=4))  # the next position: choose again
    client.choose("a")
    assert sent[-1] == (1, 4, "a", None)


def test_an_answer_held_for_its_turn_cannot_be_changed() -> None:
    client, sent, told, _ = a_client()
    client.show(seen(ask="m1", held=True, current=0))
    assert client.seen is not None and client.seen.legal == []
    client.choose("a")
    assert sent == [] and told == [table.NOT_YOUR_TURN]
    assert client.status(["Ann", "Bo"]) == table.HELD


def test_a_seat_asked_before_its_turn_is_told_so() -> None:
    client, _, _, _ = a_client()
    client.show(seen(ask="m1", current=0))
    assert client.status(["Ann", "Bo"]) == "Bo, your turn (everyone is asked at once)."
    client.show(seen(ask=None, current=1))
    assert client.status(["Ann", "Bo"]) is None  # the usual status line


def test_a_selection_lasts_while_the_seats_choices_do() -> None:
    client, _, _, _ = a_client()
    client.show(seen())
    client.select("tile=B1;rot=2")
    client.select("rot=")
    assert client.ui == {"tile": "B1"}
    client.show(seen())  # drawn again: same position
    assert client.ui == {"tile": "B1"}
    client.show(seen(at=4))  # another seat answered a moment: the same choices here
    assert client.ui == {"tile": "B1"}
    client.show(seen(at=5, legal=("c",)))  # this seat's own move made: afresh
    assert client.ui == {}
    assert not client.clear()


def test_what_a_game_opens_for_one_position_closes_when_the_table_moves_on() -> None:
    """A card opened to read while others play stayed open after their moves."""
    client, _, _, _ = a_client(hooks=SimpleNamespace(POSITION_UI=("card", "claim")))
    client.show(seen(legal=()))
    client.select("card=spite;claim=")
    client.select("odds=1")
    client.show(seen(legal=()))  # drawn again: same position
    assert client.ui == {"card": "spite", "odds": "1"}
    client.show(seen(at=4, legal=()))  # another seat moved
    assert client.ui == {"odds": "1"}, "the card stays open after the table moved on"
    client.show(seen(at=4, ask="m1"))
    client.select("card=left")
    client.show(seen(at=5, ask="m1"))  # another seat answered the same moment asked at once
    assert client.ui == {"card": "left"}


def test_a_games_keys_change_the_selection_through_its_hook() -> None:
    hooks = SimpleNamespace(handle_key=lambda key, view, ui: {**ui, "rot": "1"} if key == "r" else None)
    client, _, _, _ = a_client(hooks=hooks)
    client.show(seen())
    assert client.key("r", {}) and client.ui == {"rot": "1"}
    assert not client.key("x", {}) and client.ui == {"rot": "1"}
    assert client.clear() and client.ui == {}


def test_a_countdown_chooses_for_the_seat_when_time_is_up_counted_from_when_it_first_showed() -> None:
    client, sent, _, clock = a_client()
    client.show(seen(legal=("respond", "pass"), ask="m1"))
    assert client.arm(Countdown(10, "pass"), (None, "")) == "Passing automatically in 10 s"
    clock.advance(4)
    client.show(seen(legal=("respond", "pass"), ask="m1"))  # drawn again, the same moment
    assert client.arm(Countdown(10, "pass"), (None, "")) == "Passing automatically in 6 s"
    clock.advance(5.9)
    assert sent == []
    clock.advance(0.2)
    assert sent == [(1, 3, "pass", "m1")]


def test_a_countdown_of_a_position_gone_does_nothing() -> None:
    client, sent, _, clock = a_client()
    client.show(seen(legal=("respond", "pass")))
    client.arm(Countdown(5, "pass"), (None, ""))
    client.show(seen(at=4, legal=("respond", "pass")))  # the game moved on, not yet redrawn
    clock.advance(6)
    assert sent == []


def test_the_whole_tables_countdown_answers_for_everyone() -> None:
    client, sent, _, clock = a_client()
    client.show(seen(legal=()))
    client.arm(Countdown(3, "", table_wide=True), (None, ""))
    clock.advance(3)
    assert sent == [("everyone", "")]


def test_the_table_passes_for_a_person_whose_only_move_it_is_after_a_pause() -> None:
    client, sent, _, clock = a_client()
    client.show(seen(legal=("pass",), may_pass_for=True))
    client.arm(None, (None, ""))
    clock.advance(table.FORCED_PAUSE_SECONDS - 0.1)
    assert sent == []
    clock.advance(0.2)
    assert sent == [(1, 3, "pass", None)]


@pytest.mark.parametrize("legal, may, countdown", [
    (("pass", "respond"), True, None),  # a real choice
    (("pass",), False, None),  # the player asked to be asked (or people share the device)
    (("pass",), True, Countdown(10, "")),  # a countdown runs instead: passing at once would tell
])
def test_the_table_does_not_choose_for_a_person_otherwise(legal: tuple[str, ...], may: bool,
                                                           countdown: Countdown | None) -> None:
    client, sent, _, clock = a_client()
    client.show(seen(legal=legal, may_pass_for=may))
    client.arm(countdown, (None, ""))
    clock.advance(60)
    assert sent == []


def test_a_reflex_race_answers_with_the_time_taken_rounded_and_capped() -> None:
    client, sent, _, clock = a_client()
    client.show(seen(legal=("react {ms}",)))
    client.arm(None, (clock.now_ms(), "react {ms}"))
    clock.ms += 337
    assert client.react() and sent == [(1, 3, "react 350", None)]
    assert not client.react()  # one answer a race


@given(st.floats(min_value=0, max_value=10 ** 7, allow_nan=False))
def test_a_reaction_time_is_a_multiple_of_the_step_never_over_the_limit(took: float) -> None:
    ms = table.reaction_ms(took)
    assert ms % table.RACE_STEP_MS == 0 and 0 <= ms <= table.RACE_LIMIT_MS
    assert ms == table.RACE_LIMIT_MS or abs(ms - took) <= table.RACE_STEP_MS / 2


def confirming_client() -> tuple[TableClient, list[tuple], list[str], Clock]:
    client, sent, told, clock = a_client()
    client.confirming = lambda: True
    return client, sent, told, clock


def test_with_the_confirm_step_a_tap_shows_the_move_and_a_second_tap_plays_it() -> None:
    client, sent, _, _ = confirming_client()
    client.show(seen())
    client.tap("a")
    assert sent == [] and client.pending == "a"
    client.tap("b")  # another choice replaces it: still nothing played
    assert sent == [] and client.pending == "b"
    client.tap("b")
    assert sent == [(1, 3, "b", None)] and client.pending is None


def test_a_move_waiting_for_confirm_is_played_by_confirm_and_dropped_by_cancel_or_escape() -> None:
    client, sent, _, _ = confirming_client()
    client.show(seen())
    client.tap("a")
    client.cancel()
    assert client.pending is None and sent == []
    client.tap("a")
    assert client.clear() and client.pending is None and sent == []
    client.tap("b")
    client.confirm()
    assert sent == [(1, 3, "b", None)]


def test_a_move_waiting_for_confirm_lasts_while_the_seats_choices_do() -> None:
    client, sent, _, _ = confirming_client()
    client.show(seen())
    client.tap("a")
    client.show(seen(at=4))  # another seat passed meanwhile: "a" is still this seat's to make
    assert client.pending == "a"
    client.show(seen(at=5, legal=("b", "c")))
    assert client.pending is None
    client.confirm()
    assert sent == []


def test_the_tables_own_choices_never_wait_for_a_confirm() -> None:
    client, sent, _, clock = confirming_client()
    client.show(seen(legal=("pass",), may_pass_for=True))
    client.arm(None, (None, ""))
    clock.advance(1)
    assert sent == [(1, 3, "pass", None)]
    client.show(seen(at=4, legal=("react {ms}",)))
    client.arm(None, (clock.now_ms(), "react {ms}"))
    assert client.react() and sent[-1] == (1, 4, "react 0", None)


def test_without_the_confirm_step_a_tap_plays_at_once() -> None:
    client, sent, _, _ = a_client()
    client.show(seen())
    client.tap("a")
    assert sent == [(1, 3, "a", None)] and client.pending is None


def test_a_tap_when_nothing_is_asked_is_told_to_wait_even_with_the_confirm_step() -> None:
    client, sent, told, _ = confirming_client()
    client.show(seen(legal=()))
    client.tap("a")
    assert client.pending is None and sent == [] and told == [table.NOT_YOUR_TURN]


def test_a_move_the_view_already_showed_whole_is_played_without_asking_again() -> None:
    client, sent, _, _ = confirming_client()
    client.show(seen())
    client.tap("a", shown=True)
    assert sent == [(1, 3, "a", None)] and client.pending is None


# response windows: auto-pass ------------------------------------------------------------------

def window_hooks() -> Any:
    """A game with response windows: its view says when one is open, and how to pass it."""
    def response_window(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
        return {"key": "w", "pass": "pass"} if view.get("phase") == "window" else None
    return SimpleNamespace(forced=forced, response_window=response_window)


def a_window(legal: tuple[str, ...], at: int = 3, **extra: Any) -> Seen:
    return Seen(at, 1, {"legal": list(legal), "phase": "window"}, 0, **extra)


def time_to_pass(client: TableClient, sent: list[tuple], clock: Clock, countdown: Countdown | None = None) -> float:
    client.arm(countdown, (None, ""))
    for tenth in range(1, 600):
        clock.advance(0.1)
        if sent:
            return round(tenth / 10, 1)
    return float("inf")


@given(responses=st.lists(st.sampled_from(["play null#1", "play null#2", "play mirror", "deceive"]), max_size=3,
                          unique=True),
       auto=st.booleans(), counting=st.booleans())
def test_a_window_is_passed_as_late_whether_or_not_the_seat_could_respond(responses: list[str], auto: bool,
                                                                          counting: bool) -> None:
    """Auto-pass on: every window is passed after the same pause, whatever the hand; off, a
    window with nothing to answer is passed after that pause too (never the short forced
    one) unless a table countdown runs, and one that could be answered waits for the person."""
    client, sent, _, clock = a_client(hooks=window_hooks())
    client.show(a_window(("pass", *responses), may_pass_for=True, may_auto_pass=auto))
    took = time_to_pass(client, sent, clock, Countdown(60, "pass") if counting else None)
    if auto or (not responses and not counting):
        assert took == table.AUTO_PASS_SECONDS and sent == [(1, 3, "pass", None)]
    else:
        assert took == float("inf") and sent == []


def test_respond_keeps_the_window_open_until_the_person_answers() -> None:
    client, sent, _, clock = a_client(hooks=window_hooks())
    client.show(a_window(("pass", "play null#1"), may_auto_pass=True))
    assert client.arm(None, (None, "")) == table.AUTO_PASSING.format(seconds=table.AUTO_PASS_SECONDS)
    assert client.auto_pass == "pass"
    clock.advance(1)
    client.respond_now()
    client.show(a_window(("pass", "play null#1"), may_auto_pass=True))  # drawn again: still open
    client.arm(None, (None, ""))
    assert client.auto_pass is None
    clock.advance(60)
    assert sent == []
    client.choose("play null#1")
    assert sent == [(1, 3, "play null#1", None)]
    sent.clear()
    client.show(a_window(("pass", "play null#1"), at=5, may_auto_pass=True))  # the next window: auto again
    assert time_to_pass(client, sent, clock) == table.AUTO_PASS_SECONDS


def test_picking_a_card_in_a_window_keeps_it_open() -> None:
    client, sent, _, clock = a_client(hooks=window_hooks())
    client.show(a_window(("pass", "play null#1"), may_auto_pass=True))
    client.arm(None, (None, ""))
    client.select("card=null")
    client.arm(None, (None, ""))
    clock.advance(60)
    assert sent == [] and client.ui == {"card": "null"}


def test_a_windows_pause_counts_from_when_it_first_showed_however_often_it_is_drawn() -> None:
    client, sent, _, clock = a_client(hooks=window_hooks())
    client.window_pause = lambda: 2.0
    client.show(a_window(("pass", "play null#1"), may_auto_pass=True))
    client.arm(None, (None, ""))
    clock.advance(1.5)
    client.show(a_window(("pass", "play null#1"), may_auto_pass=True))
    assert client.arm(None, (None, "")) == table.AUTO_PASSING.format(seconds=0.5)
    clock.advance(0.6)
    assert sent == [(1, 3, "pass", None)]


def test_outside_a_window_auto_pass_does_not_choose() -> None:
    client, sent, _, clock = a_client(hooks=window_hooks())
    client.show(Seen(3, 1, {"legal": ["pass", "play x"], "phase": "play"}, 1, may_auto_pass=True))
    client.arm(None, (None, ""))
    clock.advance(60)
    assert sent == [] and client.auto_pass is None
