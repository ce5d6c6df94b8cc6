"""How the table talks about Horrible Hex: the log's words for what a move caused (goals
completed and by whom, the board cleared after a goal, a reshuffle, a face-down tile turned
up, the end), the deal in one line, the end-of-game breakdown and tie-break, a suggested
move shown on the board, and the move the table may play for a person who cannot move. The
hooks of docs/adding-a-game.md ("Optional hooks the table uses"), kept apart from the drawing
in view.py; nothing here changes a state.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine import Event
from ..words import and_list, count, seat_name as _name
from .components import GOAL_NAMES
from .phrases import tile_name
from .state import STALL_LIMIT

SETUP_TEXT = ("Goal cards are dealt face up (two each with two players, one each with three, a row "
              "of four for one player) and three tiles are dealt in a triangle to start the group.")

goal_name = GOAL_NAMES.get


def _goal(subject: str) -> tuple[str, int]:
    """A goal event's subject: the card, and the goals needed to win (0 playing alone)."""
    card, _, target = subject.partition(" ")
    return GOAL_NAMES.get(card, "a goal"), int(target or 0)


def _progress(done: float, target: int) -> str:
    if not target:
        return f"{count(int(done), 'goal')} so far"
    return f"{done:g} of {target}"


def event_words(event: Event, names: Sequence[str]) -> str | None:
    """What a move caused, in words (the move's own line is the rules' `describe`)."""
    kind = event.kind
    if kind in ("goal", "common goal"):
        goal, target = _goal(event.subject)
        owner, mover = _name(names, event.seat), _name(names, event.other)
        done = _progress(event.amount, target)
        if kind == "common goal":
            return f"{mover} completes the common goal: {goal} ({done})."
        if event.seat == event.other:
            return f"{owner} completes a goal: {goal} ({done})."
        return f"{mover}'s move completes {owner}'s goal: {goal} ({owner} now has {done})."
    if kind == "tied at the target":
        return (f"More than one player has {count(int(event.amount), 'goal')}: play goes on until "
                "one of them completes another.")
    if kind == "reset":
        unseen = ", the face-down one unseen," if event.subject == "unseen" else ""
        return f"Every tile{unseen} goes back to the pile, and a new triangle is dealt."
    if kind == "pattern off":
        after, _, unseen = event.subject.partition(" ")
        gone = f"The {count(int(event.amount), 'tile')} of the pattern leave the board"
        gone += " (the face-down one unseen)" if unseen else ""
        if after == "empty":
            return f"{gone}; none are left, so a new triangle is dealt."
        if after == "split":
            return f"{gone}; the rest fall apart, and {_name(names, event.seat)} chooses which group stays."
        return f"{gone}; the rest stay."
    if kind == "reshuffle":
        text = "The tile pile is empty: every tile goes back, and a new triangle is dealt."
        if event.subject == "warn" and event.amount < STALL_LIMIT:
            text += " If the pile runs out again before a goal is completed, the game ends."
        return text
    if kind == "revealed":
        return f"The tile {_name(names, event.seat)} placed face down is turned up: {tile_name(event.subject)}."
    if kind == "row discard":
        return f"No goal this turn: the rightmost goal of the row is discarded ({goal_name(event.subject, 'a goal')})."
    if kind == "over":
        return f"The game is over: {event.subject}." if event.subject else "The game is over."
    return None


def forced(view: dict[str, Any], legal: list[str]) -> str | None:
    """No tile can move: skipping the move is the only choice."""
    return "pass" if legal == ["pass"] else None


def suggest_ui(view: dict[str, Any], action: str) -> dict[str, str]:
    """A move selects its tile (its destinations are marked); a placement previews the tile
    on its cell, turned as suggested."""
    words = action.split()
    if len(words) == 3 and words[0] in ("slide", "jump", "push", "swap"):
        return {"sel": words[1]}
    if len(words) == 3 and words[0] == "place" and words[2][1:].isdigit():
        return {"cell": words[1], "rot": words[2][1:]}
    return {}


def score_breakdown(view: dict[str, Any], names: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The goals each player completed, by their pattern."""
    done = view["done"]
    return [("Goals completed", [str(len(d)) for d in done]),
            ("Their patterns", ["; ".join(GOAL_NAMES.get(g, "a goal") for g in d) or "none" for d in done])]


def tie_break(view: dict[str, Any], names: Sequence[str]) -> str:
    """Horrible Hex has no tie-break: a game that ends level is a shared win."""
    if not view.get("over") or view.get("solo") or len(view.get("winners", [])) < 2:
        return ""
    winners = view["winners"]
    each = len(view["done"][winners[0]])
    why = f" when {view['end_reason']}" if view.get("end_reason") else ""
    return (f"{and_list([_name(names, s) for s in winners])} completed "
            f"{count(each, 'goal')} each and the game ended{why}: they share the win.")
