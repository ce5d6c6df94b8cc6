"""How the table talks about Hack & Slash: the log's words for what an action caused, the
deal in one line, the end-of-game breakdown and tie-break, and the move the table may play
for a person who can only pass. The hooks of docs/adding-a-game.md ("Optional hooks the
table uses"), kept apart from the drawing in view.py; nothing here changes a state.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine import Event
from ..words import and_list, points, seat_name as _name
from .components import ADVENTURERS_AT_START, BRAG, QUESTS_BY_ID, QUESTS_FACE_UP

SETUP_TEXT = (f"{QUESTS_FACE_UP} quests are turned face up beside Brag at the Tavern; every guild "
              f"starts with {ADVENTURERS_AT_START} adventurers at home.")




def adventurers(n: float) -> str:
    return f"{n:g} adventurer{'' if n == 1 else 's'}"






def event_words(event: Event, names: Sequence[str]) -> str | None:
    """What an action caused, in words (the action's own line is the rules' `describe`)."""
    who = _name(names, event.seat)
    kind = event.kind
    if kind == "home":
        quest = QUESTS_BY_ID.get(event.subject, BRAG)
        if quest is BRAG:
            return f"A new adventurer joins {who}'s guild: {adventurers(event.amount)} at home."
        joined = ", with a new recruit" if quest.recruit else ""
        return f"{who}'s party comes home{joined}: {adventurers(event.amount)} at home."
    if kind == "quest":
        quest = QUESTS_BY_ID[event.subject]
        return (f"{quest.name} goes to {who}'s score pile for {points(quest.points)}: "
                f"{who} has {points(event.amount)} in all.")
    if kind == "tavern":
        lost = int(event.subject or 0)
        return f"{who} has {adventurers(event.amount)} left at home ({lost} lost to the Tavern)."
    if kind == "last round":
        first = _name(names, event.other)
        why = (f"{who} has nobody at home" if event.subject == "nobody home"
               else "the quest pile is empty")
        return f"Last round: {why}. The game ends when it is {first}'s turn again."
    if kind == "over":
        return "Everyone has had the same number of turns: the game is over."
    return None


def forced(view: dict[str, Any], legal: list[str]) -> str | None:
    """Nobody at home: passing is the only move."""
    return "pass" if legal == ["pass"] else None


def suggest_ui(view: dict[str, Any], action: str) -> dict[str, str]:
    """Every move is one click on a card or a die: nothing to select first."""
    return {}


def score_breakdown(view: dict[str, Any], names: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The quests in each score pile with their points, and the adventurers at home."""
    players = view["players"]
    piles = []
    for seat in range(players):
        quests = [QUESTS_BY_ID[q] for q in view["scored"][seat]]
        piles.append(", ".join(f"{q.name} ({points(q.points)})" for q in quests) or "none")
    return [("Quests completed", piles),
            ("Adventurers at home", [str(view["home"][seat]) for seat in range(players)])]


def tie_break(view: dict[str, Any], names: Sequence[str]) -> str:
    """A tie on points goes to the most adventurers at home; still tied, a shared win."""
    if not view.get("over"):
        return ""
    scores, home, winners = view["scores"], view["home"], view["winners"]
    top = max(scores)
    tied = [s for s in range(view["players"]) if scores[s] == top]
    if len(tied) < 2:
        return ""
    who = and_list([_name(names, s) for s in tied])
    if len(winners) == 1:
        rest = ", ".join(f"{_name(names, s)} {home[s]}" for s in tied if s not in winners)
        return (f"{who} tied on {points(top)}; {_name(names, winners[0])} wins with more "
                f"adventurers at home: {home[winners[0]]} (against {rest}).")
    sharing = and_list([_name(names, s) for s in winners])
    if len(winners) == len(tied):
        return (f"{who} tied on {points(top)} and on adventurers at home "
                f"({home[winners[0]]} each): they share the win.")
    return (f"{who} tied on {points(top)}; {sharing} had the most adventurers at home "
            f"({home[winners[0]]} each) and share the win.")
