"""The master of a game at this device: the match, and every change made to it.

Every choice, from a person at this device, a guest on another device or a computer, comes
to `Master.submit(seat, at, choice)` and gets the same checks: the game is not over, `at`
(the length of the log the chooser saw) is still the position, the seat is the one to act,
and the rules allow the move. A stale or out-of-turn choice is refused with the reason and
changes nothing, as boardgame.io's master refuses stale state ids. In a moment the table
answers at once (a response window, a reflex race: `together`), a seat may answer before the
rules reach it: the answer is held (`EarlyAnswers`) and played when its turn comes.

After each change the master tells its subscribers (the screen, each guest's transport,
autosave, the computers' scheduler); it knows no browser and is tested on CPython
(tests/test_master.py). What each seat may see is filtered where it is sent
(`peers.seat_update`, from `state.view(seat)`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Sequence

from pygame_core import IllegalActionError, Match, saves
from pygame_core.engine import Action

from presenter import Session, view_module
from storage import DeletedSave, SaveStore, StaleSave, StorageUnavailable


class Refused(ValueError):
    """A choice the master does not play, with the reason the chooser is told."""


class MoveFailed(Exception):
    """Playing a move raised something other than a refusal: the match was put back as it
    was before it, and the page reports the fault."""


def check_choice(match: Match, seat: int, data: dict[str, Any]) -> Action:
    """The action `seat` chose (`data["action"]`, seen at position `data["at"]`), checked
    against the rules, or Refused with the reason (late: the game moved on since the chooser
    saw it; not its turn; not a legal move)."""
    state = match.state
    if state.is_over:
        raise Refused("the game is over")
    if data["at"] != len(match.log):
        raise Refused("too late: the game moved on before your choice arrived")
    if state.current_player != seat:
        raise Refused("it is not your turn")
    try:
        action = match.game.parse_action(data["action"])
    except Exception as exc:  # noqa: BLE001 - any failure to read it is a refusal
        raise Refused(f"that is not a move of this game ({exc})") from exc
    if action not in state.legal_actions():
        why = getattr(state, "why_illegal", None)
        reason = why(action) if why is not None else ""
        raise Refused(f"that move is not allowed: {reason or 'it is not one of your choices now'}")
    return action


# -- out of turn, all at once ---------------------------------------------------------------------

@dataclass(frozen=True)
class Together:
    """A moment the rules take seat by seat but a table lives all at once: a response window
    (each seat may answer or pass) or a reflex race (each seat taps). `ask` names it: the
    same while it lasts, another once it changes (someone answered, a new lap). `seats` are
    the seats still to decide, in the rules' order, the one asked now first; `legal` what
    each may choose when the rules reach it, if everyone before it lets the moment go by."""

    ask: str
    seats: tuple[int, ...]
    legal: dict[int, tuple[str, ...]]


def moment(module: Any, view: dict[str, Any], names: Sequence[str]) -> tuple[str, str] | None:
    """(key, filler) when the public `view` is such a moment, else None. The key stays the
    same while seats let it go by; the filler is how a seat does that ("pass").

    From the view module's `simultaneous(view, names)` hook (a dict with `key` and `filler`)
    where it has one; else from its `response_window` hook (docs/adding-a-game.md)."""
    hook = getattr(module, "simultaneous", None)
    if hook is not None:
        found = hook(view, list(names))
        return (str(found["key"]), str(found["filler"])) if found else None
    window = getattr(module, "response_window", None)
    found = window(view, list(names)) if window is not None else None
    if found:
        return str(found["key"]), str(found["pass"])
    return None


def together(match: Match) -> Together | None:
    """The moment the table is in, if it answers it at once (see `Together`), else None.

    Each seat's choices are read from a copy of the state on which every seat before it let
    the moment go by: what the seat will be offered when the rules reach it, unless someone
    before it answers (then the moment changes, and so does its name). Only passes are
    played on the copy, so nothing in it comes from another seat's hidden choices."""
    state = match.state
    if state.is_over or state.current_player is None or state.current_player < 0:
        return None
    module = view_module(match.game.id)
    names = list(match.names)
    found = moment(module, state.view(None), names)
    if found is None:
        return None
    key, filler = found
    try:
        let_go = match.game.parse_action(filler)
    except Exception:  # noqa: BLE001 - a hook naming no action of its game: no moment
        return None
    seats: list[int] = []
    legal: dict[int, tuple[str, ...]] = {}
    probe = state
    for _ in range(match.players):
        seat = probe.current_player
        if seat is None or seat < 0 or seat in legal:
            break
        if probe is not state:
            again = moment(module, probe.view(None), names)
            if again is None or again[0] != key:
                break
        seats.append(seat)
        legal[seat] = tuple(str(a) for a in probe.legal_actions())
        if probe is state:
            probe = state.clone()
        try:
            probe.apply(let_go)
        except ValueError:
            break
    ask = hashlib.sha256(key.encode()).hexdigest()[:16]
    return Together(ask, tuple(seats), legal)


OVERTAKEN = ("someone answered before the rules reached you, so your answer was not played: "
             "look again and answer anew")


class EarlyAnswers:
    """Answers given in a moment before the rules reached their seat, held by the master.

    Nobody is shown a held answer: it is played when its seat's turn comes, as if given
    then, and only then does the log (and every view) tell it."""

    def __init__(self) -> None:
        self.held: dict[int, tuple[str, str]] = {}  # seat -> (the moment's ask, the action)

    def take(self, match: Match, seat: int, data: dict[str, Any], now: Together | None) -> Action | None:
        """A choice from `seat`: the action to play now, None when it is held for later, or
        Refused with the reason."""
        ask = data.get("ask")
        if ask is None:
            return check_choice(match, seat, data)
        if now is None or now.ask != ask or seat not in now.legal:
            raise Refused("too late: that moment has passed")
        if seat in self.held:
            raise Refused("you have already answered")
        if match.state.current_player == seat:
            return check_choice(match, seat, {**data, "at": len(match.log)})
        if data["action"] not in now.legal[seat]:
            raise Refused("that move is not allowed: it is not one of your choices now")
        self.held[seat] = (ask, data["action"])
        return None

    def holds(self, seat: int, now: Together | None) -> bool:
        return now is not None and self.held.get(seat, ("", ""))[0] == now.ask

    def due(self, match: Match, now: Together | None) -> tuple[tuple[int, Action] | None, list[tuple[int, str, str]]]:
        """What to do now: the held answer of the seat the rules have reached, checked again
        (seat, action), or None; and the held answers that can no longer be played, as
        (seat, action, reason), dropped: the moment changed before their seat's turn."""
        refused: list[tuple[int, str, str]] = []
        for gone, (ask, text) in list(self.held.items()):
            if now is None or now.ask != ask:
                del self.held[gone]
                refused.append((gone, text, OVERTAKEN))
        seat = match.state.current_player
        if seat is None or seat not in self.held:
            return None, refused
        _, text = self.held.pop(seat)
        try:
            action = check_choice(match, seat, {"t": "act", "at": len(match.log), "action": text})
        except Refused as exc:
            refused.append((seat, text, str(exc)))
            return None, refused
        return (seat, action), refused

    def drop(self, seat: int) -> None:
        self.held.pop(seat, None)


# -- the master -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    """What became of a choice: played, held until its seat's turn, or refused (the reason)."""

    played: bool = False
    held: bool = False
    reason: str = ""


Later = Callable[[float, Callable[[], None]], Any]
"""Runs a function after some seconds, in a task of its own (the page: setTimeout)."""
Think = Callable[[int], Awaitable[Action]]
"""A computer's choice for a seat, thought in slices that leave the page its turns."""


def save_meta(session: Session, now_ms: float) -> dict[str, Any]:
    """What the menu lists about a save, kept beside its log."""
    match = session.match
    return {"seats": session.seats, "rev": session.rev, "updated": now_ms,
            "turn": match.turn_number(), "over": match.state.is_over,
            "title": match.game.name, "edited": bool(match.edited)}


class Master:
    """One match at this device and the only way to change it (see the module's docstring)."""

    def __init__(self, session: Session, later: Later) -> None:
        self.session = session
        self.later = later
        self.early = EarlyAnswers()
        self.closed = False
        self._subscribers: list[Callable[[], None]] = []
        self._now: tuple[Any, Together | None] = (None, None)

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def at(self) -> int:
        """The position's id: how many entries the log holds."""
        return len(self.session.match.log)

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call `listener` after every change of the match, in the order subscribed."""
        self._subscribers.append(listener)

    def changed(self) -> None:
        if not self.closed:
            for listener in list(self._subscribers):
                listener()

    def now(self) -> Together | None:
        """The moment the table answers at once, if it is in one (worked out once a position)."""
        key = (self.at, id(self.match.state))
        if self._now[0] != key:
            self._now = (key, together(self.match))
        return self._now[1]

    # choices ----------------------------------------------------------------------------------
    def submit(self, seat: int, at: int, choice: str, ask: str | None = None) -> Outcome:
        """A seat's choice, seen at position `at` (and, out of turn, in the moment `ask`)."""
        data: dict[str, Any] = {"t": "act", "at": at, "action": choice}
        if ask is not None:
            data["ask"] = ask
        try:
            action = self.early.take(self.match, seat, data, self.now())
        except Refused as exc:
            return Outcome(reason=str(exc))
        if action is None:
            return Outcome(held=True)
        return self.play(seat, action)

    def play(self, seat: int, action: Action) -> Outcome:
        """Play a checked action. A refusal by the rules changes nothing; any other failure,
        in the rules or in a subscriber showing the move, puts the match back as it was
        and raises MoveFailed: a move the table cannot show is not played."""
        kept = self.at
        try:
            self.match.play(action, seat)
        except IllegalActionError as exc:
            return Outcome(reason=str(exc))
        except Exception as exc:  # noqa: BLE001 - keep the game, report the fault
            self._take_back(kept, exc)
        try:
            self.changed()
        except Exception as exc:  # noqa: BLE001
            self._take_back(kept, exc)
        return Outcome(played=True)

    def _take_back(self, kept: int, exc: Exception) -> None:
        self.match.truncate(kept)
        self.changed()
        raise MoveFailed(f"That move failed and was taken back ({type(exc).__name__}: {exc}).") from exc

    def play_later(self, seat: int, choice: str, seconds: float = 0.0) -> None:
        """Submit `choice` for `seat` after `seconds`, in a task of its own, unless the game
        moved on meanwhile (a pass the table makes for someone, a held answer now due)."""
        at = self.at

        def go() -> None:
            if not self.closed and self.at == at and self.match.state.current_player == seat:
                self.submit(seat, at, choice)
        self.later(seconds, go)

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s moves up to the last thing chance showed (Match.undo_point)."""
        if not self.match.can_undo(seat):
            return False
        self.match.undo(seat)
        self.changed()
        return True

    def settle(self) -> list[tuple[int, str, str]]:
        """Play, in a task of its own, the held answer of the seat the rules have reached;
        return the held answers the moment overtook, (seat, action, reason), to be told."""
        play, refused = self.early.due(self.match, self.now())
        if play is not None:
            seat, action = play
            self.play_later(seat, str(action))
        return refused

    # seats --------------------------------------------------------------------------------------
    def computer_to_move(self) -> int | None:
        """The seat a computer must play now, or None."""
        session, state = self.session, self.match.state
        if state.is_over or session.bot_failed:
            return None
        seat = state.current_player
        return seat if session.is_computer(seat) else None

    def set_cover(self, seat: int, covered: bool, connected: bool) -> None:
        """Whether a computer plays for a remote seat while its player is away."""
        if covered:
            self.session.cover.add(seat)
            if not connected:
                self.session.stand_in.add(seat)
        else:
            self.session.cover.discard(seat)
            self.session.stand_in.discard(seat)

    def seat_back(self, seat: int) -> None:
        self.session.stand_in.discard(seat)

    def seat_away(self, seat: int) -> None:
        self.early.drop(seat)  # asked again when they are back
        if seat in self.session.cover:
            self.session.stand_in.add(seat)

    # computers ----------------------------------------------------------------------------------
    async def run_computers(self, think: Think) -> None:
        """Let computers play while the rules ask one of them; stops when a person is to act,
        or when the position changed under a computer's thinking (an undo, another game)."""
        session = self.session
        while not self.closed and (seat := self.computer_to_move()) is not None:
            at = self.at
            try:
                action = await think(seat)
            except Exception:
                session.bot_failed = True  # not retried until the game is opened again
                raise
            if self.closed or self.at != at:
                return
            self.play(seat, action)

    # saving -------------------------------------------------------------------------------------
    def autosave(self, store: SaveStore, now_ms: float, force: bool = False) -> str:
        """Write the match to `store`: "saved", or why not: "off" (no storage, or a lesson),
        "deleted" (in another tab), "stale" (played on in another tab), or the storage's
        own complaint. The revision only moves on when the write landed."""
        session = self.session
        if not store.available or session.tutorial is not None:
            return "off"
        session.rev += 1
        try:
            store.write(session.save_id, saves.dump(self.match, save_meta(session, now_ms)), session.rev, force=force)
        except DeletedSave:
            session.rev -= 1
            return "deleted"
        except StaleSave:
            session.rev -= 1
            return "stale"
        except StorageUnavailable as exc:
            session.rev -= 1
            return str(exc) or "storage unavailable"
        return "saved"

    def close(self) -> None:
        self.closed = True
        self._subscribers.clear()
