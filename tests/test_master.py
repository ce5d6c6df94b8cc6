"""The master (`web/ui/master.py`) on CPython: every choice gets the same checks, answers
out of turn are held until their seat's turn, computers play, subscribers hear of every
change, saves land; and a guest's table client talks to it through a local transport
that stands in for the network (the same messages, encoded and parsed, as over WebRTC)."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any, Callable

import pytest
from tests.playing import played

from pygame_core import CHANCE, Match, get_game, saves

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "ui"))
import master  # noqa: E402
import peers  # noqa: E402
import presenter  # noqa: E402
import table  # noqa: E402
from master import Master, MoveFailed, Refused  # noqa: E402
from storage import MemoryBackend, SaveStore  # noqa: E402


class Later:
    """The page's setTimeout, run by hand: `run()` plays what is due, in order."""

    def __init__(self) -> None:
        self.due: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, seconds: float, run: Callable[[], None]) -> None:
        self.due.append((seconds, run))

    def run(self) -> int:
        done = 0
        while self.due:
            _, run = self.due.pop(0)
            run()
            done += 1
        return done


def a_master(game_id: str = "hex-please", seats: tuple[str, ...] = ("human", "human"), decisions: int = 0,
             seed: str = "m") -> tuple[Master, Later]:
    match = played(game_id, len(seats), decisions, seed)
    later = Later()
    return Master(presenter.Session(match, list(seats), "save-1"), later), later


def test_choices_are_checked_by_the_rules_and_refused_with_reasons() -> None:
    match = played("hex-please", 2, 0, "choice")
    seat = match.state.current_player
    other = 1 - seat
    legal = str(match.state.legal_actions()[0])
    at = len(match.log)
    with pytest.raises(Refused, match="not your turn"):
        master.check_choice(match, other, {"t": "act", "at": at, "action": legal})
    with pytest.raises(Refused, match="too late"):
        master.check_choice(match, seat, {"t": "act", "at": at - 1, "action": legal})
    with pytest.raises(Refused, match="not a move"):
        master.check_choice(match, seat, {"t": "act", "at": at, "action": "fly to the moon"})
    assert str(master.check_choice(match, seat, {"t": "act", "at": at, "action": legal})) == legal
    assert len(match.log) == at  # checking changes nothing




def moment_in(game_id: str, players: int, wanted: Callable[[Match, master.Together], bool],
              seed: str = "together") -> tuple[Match, master.Together]:
    """A match played at random up to a moment the table answers at once that `wanted` likes."""
    for n in range(200):
        match = Match.start(get_game(game_id), players, seed=f"{seed}-{n}")
        rng = random.Random(n)
        while not match.state.is_over and match.turn_number() < 600:
            now = master.together(match)
            if now is not None and wanted(match, now):
                return match, now
            match.play(rng.choice(match.state.legal_actions()))
    raise AssertionError("no such moment in 200 games")


def is_window(match: Match) -> bool:
    return match.state.view(None)["phase"] == "window"


def test_a_response_window_asks_every_seat_in_it_at_once_with_the_choices_it_will_have() -> None:
    match, now = moment_in("hex-hex", 5, lambda m, t: is_window(m) and len(t.seats) >= 3)
    hook = presenter.view_module("hex-hex").response_window
    window = hook(match.state.view(None), match.names)
    assert list(now.seats) == window["waiting"]
    probe = match.state.clone()
    for seat in now.seats:  # what each is offered when everyone before it passes
        assert probe.current_player == seat
        assert now.legal[seat] == tuple(str(a) for a in probe.legal_actions())
        probe.apply(get_game("hex-hex").parse_action("pass"))
    later = now.seats[1]
    message = peers.seat_update(match, later, ["guest"] * 5)
    assert message["ask"] == now.ask and message["view"]["legal"] == list(now.legal[later])
    assert match.state.view(later)["legal"] == []  # the rules themselves ask it later
    update = peers.parse_host_message(peers.encode(message))
    assert presenter.status_line(match.names, update["seats"], update["current"], update["scores"],
                                 update["winners"], update["over"], later if update["view"]["legal"] else None) \
        == f"{match.names[later]}, your turn."


def test_an_early_answer_is_held_unseen_and_played_when_the_rules_reach_its_seat() -> None:
    match, now = moment_in("hex-hex", 4, lambda m, t: is_window(m) and len(t.seats) >= 2)
    first, later = now.seats[0], now.seats[1]
    early = master.EarlyAnswers()
    others = {s: peers.encode(peers.seat_update(match, s, ["guest"] * 4)) for s in range(4) if s != later}
    answer = now.legal[later][-1]
    at = len(match.log)
    assert early.take(match, later, {"t": "act", "at": at, "action": answer, "ask": now.ask}, now) is None
    assert len(match.log) == at and early.holds(later, now)
    for seat, text in others.items():  # held: nobody is told, not even by a changed message
        assert peers.encode(peers.seat_update(match, seat, ["guest"] * 4)) == text
    with pytest.raises(Refused, match="already answered"):
        early.take(match, later, {"t": "act", "at": at, "action": "pass", "ask": now.ask}, now)
    assert early.due(match, now) == (None, [])  # the rules are not at its seat yet
    match.play_text("pass", first)
    now = master.together(match)
    play, refused = early.due(match, now)
    assert refused == [] and play is not None and play[0] == later and str(play[1]) == answer
    match.play(play[1], later)
    assert str(match.log[-1].action) == answer and match.log[-1].seat == later


def test_a_held_answer_is_refused_with_a_reason_when_someone_before_answers_first() -> None:
    match, now = moment_in("hex-hex", 4, lambda m, t: is_window(m) and len(t.seats) >= 2
                           and len(t.legal[t.seats[0]]) > 1)
    first, later = now.seats[0], now.seats[1]
    early = master.EarlyAnswers()
    early.take(match, later, {"t": "act", "at": 0, "action": "pass", "ask": now.ask}, now)
    response = next(a for a in now.legal[first] if a != "pass")
    match.play_text(response, first)  # the first seat responds: the window is not the same
    after = master.together(match)
    assert after is None or after.ask != now.ask
    play, refused = early.due(match, after)
    assert play is None and [(s, a) for s, a, _ in refused] == [(later, "pass")]
    assert "answer anew" in refused[0][2] and not early.held
    with pytest.raises(Refused, match="too late"):  # the old moment's answers are refused too
        early.take(match, later, {"t": "act", "at": 0, "action": "pass", "ask": now.ask}, after)


def test_every_seat_races_at_once_and_the_host_plays_the_times_in_the_rules_order() -> None:
    match, now = moment_in("hex-hex", 4, lambda m, t: m.state.view(None)["phase"] == "race")
    assert len(now.seats) == 3 and all("react 250" in now.legal[s] for s in now.seats)
    early = master.EarlyAnswers()
    times = {now.seats[2]: 250, now.seats[1]: 900, now.seats[0]: 400}  # the last seat taps first
    plays = []
    for seat, ms in times.items():
        data = {"t": "act", "at": 0, "action": f"react {ms}", "ask": now.ask}
        action = early.take(match, seat, data, now)
        if action is not None:
            match.play(action, seat)
            plays.append(seat)
    while (due := early.due(match, master.together(match))[0]) is not None:
        match.play(due[1], due[0])
        plays.append(due[0])
    assert plays == [now.seats[0], now.seats[1], now.seats[2]]
    race = match.state.view(None)["last_race"]
    assert {int(k): v for k, v in race["times"].items()} == times and race["losers"] == [now.seats[1]]


def test_an_early_answer_must_be_one_of_the_seats_choices_and_for_the_moment_now() -> None:
    match, now = moment_in("hex-hex", 4, lambda m, t: is_window(m) and len(t.seats) >= 2)
    later = now.seats[1]
    early = master.EarlyAnswers()
    with pytest.raises(Refused, match="not allowed"):
        early.take(match, later, {"t": "act", "at": 0, "action": "hexhex", "ask": now.ask}, now)
    with pytest.raises(Refused, match="too late"):
        early.take(match, later, {"t": "act", "at": 0, "action": "pass", "ask": "0" * 16}, now)
    outside = next(s for s in range(4) if s not in now.seats) if len(now.seats) < 4 else None
    if outside is not None:
        with pytest.raises(Refused, match="too late"):
            early.take(match, outside, {"t": "act", "at": 0, "action": "pass", "ask": now.ask}, now)
    assert not early.held


def test_other_games_have_no_such_moments() -> None:
    for game_id, players in (("hex-please", 3), ("horrible-hex", 2), ("hack-and-slash", 3)):
        match = played(game_id, players, 15, "none")
        assert master.together(match) is None
        assert "ask" not in peers.seat_update(match, 0, ["guest"] * players)


# -- the master ---------------------------------------------------------------------------------------

def test_a_legal_choice_is_played_and_every_subscriber_hears_of_it_in_order() -> None:
    boss, _ = a_master()
    heard: list[str] = []
    boss.subscribe(lambda: heard.append("screen"))
    boss.subscribe(lambda: heard.append("guests"))
    seat, at = boss.match.state.current_player, boss.at
    choice = str(boss.match.state.legal_actions()[0])
    outcome = boss.submit(seat, at, choice)
    assert outcome.played and not outcome.reason
    assert str(boss.match.log[at].action) == choice and boss.at > at
    assert heard == ["screen", "guests"]


def test_a_stale_an_out_of_turn_and_an_illegal_choice_are_refused_with_reasons_and_change_nothing() -> None:
    boss, _ = a_master()
    heard: list[int] = []
    boss.subscribe(lambda: heard.append(boss.at))
    seat, at = boss.match.state.current_player, boss.at
    legal = str(boss.match.state.legal_actions()[0])
    for who, when, choice, reason in ((1 - seat, at, legal, "not your turn"), (seat, at - 1, legal, "too late"),
                                      (seat, at, "fly to the moon", "not a move of this game")):
        outcome = boss.submit(who, when, choice)
        assert not outcome.played and reason in outcome.reason
    assert boss.at == at and heard == []


def test_a_choice_after_the_game_is_over_is_refused() -> None:
    boss, _ = a_master(decisions=10 ** 6)
    assert boss.match.state.is_over
    assert "over" in boss.submit(0, boss.at, "pass").reason


def test_a_move_that_breaks_is_taken_back_and_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    boss, _ = a_master()
    heard: list[int] = []
    boss.subscribe(lambda: heard.append(boss.at))
    seat, at = boss.match.state.current_player, boss.at
    choice = str(boss.match.state.legal_actions()[0])
    before = boss.match.state.to_json()

    kind = type(boss.match.state)
    rules, failed = kind._apply, []

    def broken(self: Any, action: Any) -> None:
        if not failed:  # this move only: putting the match back replays the others
            failed.append(action)
            raise RuntimeError("a bug in the rules")
        rules(self, action)
    monkeypatch.setattr(kind, "_apply", broken)
    with pytest.raises(MoveFailed, match="taken back.*a bug in the rules"):
        boss.submit(seat, at, choice)
    assert boss.at == at and boss.match.state.to_json() == before
    assert heard == [at]  # the screen redraws the position kept


def test_undo_takes_back_a_seats_own_move_back_to_before_it() -> None:
    boss, _ = a_master("hex-hex", ("human", "human", "human"), seed="undo")
    seat = boss.match.state.current_player
    assert not boss.undo(seat)  # nothing of its own to take back yet
    at, before = boss.at, boss.match.state.to_json()
    boss.submit(seat, at, str(boss.match.state.legal_actions()[0]))
    heard: list[int] = []
    boss.subscribe(lambda: heard.append(boss.at))
    assert boss.undo(seat) and boss.at == at and boss.match.state.to_json() == before
    assert heard == [at]


def test_undo_never_takes_back_a_move_that_chance_answered() -> None:
    boss, _ = a_master("hack-and-slash", ("human", "normal", "normal"), seed="undo")
    seat = boss.match.state.current_player
    boss.submit(seat, boss.at, str(boss.match.state.legal_actions()[0]))
    assert boss.match.log[-1].seat == CHANCE  # the dice were rolled: they stay rolled
    at = boss.at
    assert not boss.undo(seat) and boss.at == at


def test_a_held_answer_is_played_in_a_task_of_its_own_when_the_rules_reach_its_seat() -> None:
    match = None
    for n in range(200):  # a response window with two seats or more, found at random
        match = Match.start(get_game("hex-hex"), 4, seed=f"held-{n}")
        rng = random.Random(n)
        while not match.state.is_over and match.turn_number() < 600:
            now = master.together(match)
            if now is not None and now.seats and len(now.seats) >= 2 and "pass" in now.legal[now.seats[1]]:
                break
            match.play(rng.choice(match.state.legal_actions()))
        else:
            continue
        break
    assert match is not None
    later = Later()
    boss = Master(presenter.Session(match, ["human"] * 4, "held"), later)
    now = boss.now()
    assert now is not None
    first, second = now.seats[0], now.seats[1]
    at = boss.at
    assert boss.submit(second, at, "pass", now.ask).held and boss.at == at
    assert boss.early.holds(second, now)
    assert boss.submit(first, at, "pass").played
    assert boss.settle() == [] and boss.at == at + 1  # due, but played in a task of its own
    assert later.run() == 1
    assert boss.match.log[at + 1].seat == second and str(boss.match.log[at + 1].action) == "pass"


def think_first_legal(boss: Master) -> Callable[[int], Any]:
    async def think(seat: int) -> Any:
        await asyncio.sleep(0)
        return boss.match.state.legal_actions()[0]
    return think


def test_computers_play_until_a_person_is_to_act() -> None:
    boss, _ = a_master("hack-and-slash", ("normal", "normal", "human"), seed="bots")
    asyncio.run(boss.run_computers(think_first_legal(boss)))
    state = boss.match.state
    assert state.is_over or state.current_player == 2
    assert any(e.seat in (0, 1) for e in boss.match.log)


def test_a_computers_move_is_dropped_when_the_position_changed_while_it_thought() -> None:
    boss, _ = a_master("hex-please", ("normal", "human"), seed="moved")
    seat = boss.match.state.current_player
    assert seat == 0

    chosen: list[Any] = []

    async def think(seat: int) -> Any:
        legal = boss.match.state.legal_actions()
        boss.match.play(legal[-1], seat)  # the position changed meanwhile (an undo, a load)
        boss.closed = True  # and nobody is to play on after it here
        chosen.append(legal[0])
        return legal[0]
    at = boss.at
    asyncio.run(boss.run_computers(think))
    mine = [e.action for e in boss.match.log[at:] if e.seat == seat]
    assert len(mine) == 1 and mine[0] != chosen[0]  # the stale choice was dropped


def test_a_computer_that_fails_is_not_asked_again() -> None:
    boss, _ = a_master("hex-please", ("normal", "human"), seed="crash")

    async def think(seat: int) -> Any:
        raise RuntimeError("the computer player crashed")
    with pytest.raises(RuntimeError):
        asyncio.run(boss.run_computers(think))
    assert boss.session.bot_failed and boss.computer_to_move() is None


def test_a_computer_stands_in_for_an_away_player_only_while_chosen_and_away() -> None:
    boss, _ = a_master("hex-please", ("remote", "human"), seed="cover")
    assert boss.match.state.current_player == 0 and boss.computer_to_move() is None
    boss.set_cover(0, True, connected=True)
    assert boss.computer_to_move() is None  # its player is here
    boss.seat_away(0)
    assert boss.computer_to_move() == 0
    boss.seat_back(0)
    assert boss.computer_to_move() is None
    boss.seat_away(0)
    boss.set_cover(0, False, connected=False)
    assert boss.computer_to_move() is None


def test_autosave_lands_and_refuses_to_overwrite_another_tabs_game() -> None:
    boss, _ = a_master()
    backend = MemoryBackend()
    store = SaveStore(backend)
    assert boss.autosave(store, 1000.0) == "saved" and boss.session.rev == 1
    loaded = store.read("save-1")
    assert loaded is not None and saves.parse(loaded)["meta"]["rev"] == 1
    other, _ = a_master()  # the same save played on in another tab, which has its own store
    other_store = SaveStore(backend)
    other.session.rev = 5
    assert other.autosave(other_store, 2000.0) == "saved"
    assert boss.autosave(store, 3000.0) == "stale" and boss.session.rev == 1
    backend.data.clear()  # deleted in another tab
    assert other.autosave(other_store, 4000.0) == "deleted" and other.session.rev == 6
    full = SaveStore(MemoryBackend(quota=10))
    assert "could not be written" in boss.autosave(full, 5000.0) and boss.session.rev == 1
    assert boss.autosave(SaveStore(None), 6000.0) == "off"


# -- a guest's table client and the master, through a local transport ---------------------------------

class Clock:
    def __init__(self) -> None:
        self.ms = 0.0
        self.timers: list[tuple[float, Callable[[], None]]] = []

    def now_ms(self) -> float:
        return self.ms

    def later(self, seconds: float, run: Callable[[], None]) -> Any:
        self.timers.append((self.ms + seconds * 1000, run))
        return len(self.timers) - 1

    def cancel(self, handle: Any) -> None:
        self.timers[handle] = (float("inf"), lambda: None)


class LocalTransport:
    """Both ends of a data channel in one process: every message is encoded and parsed as
    the real ends do (peers.py), so the guest's client meets the host's master exactly as
    over WebRTC."""

    def __init__(self, boss: Master, seat: int) -> None:
        self.boss, self.seat = boss, seat
        self.told: list[str] = []
        self.replies: list[str] = []  # the host's answers on their way back
        self.client = table.TableClient(presenter.view_module(boss.match.game.id), self.send, Clock(),
                                        lambda: None, self.told.append)
        boss.subscribe(self.sync)
        self.sync()

    def send(self, seat: int, at: int, text: str, ask: str | None) -> bool:
        data = peers.parse_guest_message(peers.encode({"t": "act", "at": at, "action": text}))
        outcome = self.boss.submit(self.seat, data["at"], data["action"])
        if outcome.reason:
            self.replies.append(peers.encode(
                {"t": "refused", "at": self.boss.at, "action": text, "reason": outcome.reason}))
        return True  # an answer comes back over the channel before the next choice

    def deliver(self) -> None:
        while self.replies:
            self.client.refused(peers.parse_host_message(self.replies.pop(0))["reason"])

    def sync(self) -> None:
        update = peers.parse_host_message(peers.encode(
            peers.seat_update(self.boss.match, self.seat, ["here", "guest"])))
        self.client.show(table.Seen(update["at"], self.seat, update["view"], update["current"], update.get("ask")))


def test_a_guests_choice_travels_to_the_master_and_its_new_view_comes_back() -> None:
    boss, _ = a_master("hex-please", ("human", "remote"), seed="guest")
    guest = LocalTransport(boss, 1)
    host_seat = boss.match.state.current_player
    if host_seat != 1:
        guest.client.choose("pass")
        assert guest.told == [table.NOT_YOUR_TURN] and boss.at == guest.client.seen.at
        boss.submit(host_seat, boss.at, str(boss.match.state.legal_actions()[0]))
        while boss.match.state.current_player != 1:
            boss.submit(boss.match.state.current_player, boss.at, str(boss.match.state.legal_actions()[0]))
    seen = guest.client.seen
    assert seen is not None and seen.at == boss.at and seen.legal
    choice = seen.legal[0]
    guest.client.choose(choice)
    assert str(boss.match.log[seen.at].action) == choice and guest.client.seen.at == boss.at


def test_a_guests_late_choice_is_refused_with_the_masters_reason() -> None:
    boss, _ = a_master("hex-please", ("remote", "human"), seed="late")
    guest = LocalTransport(boss, 0)
    assert boss.match.state.current_player == 0
    stale = guest.client.seen
    assert stale is not None and stale.legal
    boss.match.play(boss.match.state.legal_actions()[0], 0)  # the game moved on unseen (no sync)
    guest.client.choose(stale.legal[0])
    assert guest.client.awaiting == stale.at and not guest.told
    guest.client.choose(stale.legal[-1])  # one choice per position until the host answers
    assert len(guest.replies) == 1
    guest.deliver()
    assert guest.told == ["Not allowed: too late: the game moved on before your choice arrived"]
    assert guest.client.awaiting is None  # refused: it may choose again


def test_a_move_the_screen_cannot_show_is_taken_back() -> None:
    boss, _ = a_master()
    drawn: list[int] = []

    def screen() -> None:
        drawn.append(boss.at)
        if boss.at > at:
            raise RuntimeError("the board could not be drawn")
    boss.subscribe(screen)
    seat, at = boss.match.state.current_player, boss.at
    with pytest.raises(MoveFailed, match="taken back"):
        boss.submit(seat, at, str(boss.match.state.legal_actions()[0]))
    assert boss.at == at and drawn[-1] == at  # drawn again as it was
