"""How the table talks about HEX PLEASE!: the log's words for what a move caused (the points
and how they add up, the final round), the deal in one line, the end-of-game breakdown and
tie-break, a suggested move shown on the board, and the move the table may play for a
person with no real choice. The hooks of docs/adding-a-game.md ("Optional hooks the table
uses"), kept apart from the drawing in view.py; nothing here changes a state.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine import Event
from ..words import and_list, count, points, seat_name as _name
from .components import BONUSES, TILE_BY_CODE

SETUP_TEXT = ("Everyone draws a hidden hand from the bag: 6 tiles with 2-4 players, 5 with 5-8, "
              "4 with 9-12.")

_TIMES = {2: "doubled", 3: "tripled"}


def _fields(subject: str) -> dict[str, str]:
    return dict(part.partition("=")[::2] for part in subject.split())


def score_words(amount: float, subject: str) -> str:
    """How a laid tile's points add up: '7 points: 4 for the tile (2, doubled on the Brown
    cell) + 3 from the tiles around it'."""
    f = _fields(subject)
    tile, times = int(f.get("tile", 0)), int(f.get("times", 1))
    near, add, bonus = int(f.get("near", 0)), int(f.get("add", 0)), f.get("bonus", "")
    name = BONUSES[bonus].name if bonus in BONUSES else ""
    own = f"{tile} for the tile"
    if times > 1:
        own = f"{tile * times} for the tile ({tile}, {_TIMES.get(times, f'times {times}')} on the {name} cell)"
    parts = [own]
    if near:
        parts.append(f"{near} from the tiles around it")
    if add:
        parts.append(f"{add} for the {name} cell")
    if len(parts) == 1 and times == 1:
        return f"{points(amount)} for the tile"
    return f"{points(amount)}: " + " + ".join(parts)


def event_words(event: Event, names: Sequence[str]) -> str | None:
    """What a move caused, in words (the move's own line is the rules' `describe`)."""
    who = _name(names, event.seat)
    if event.kind == "scored":
        total = _fields(event.subject).get("total")
        in_all = f" ({total} in all)" if total is not None else ""
        verb = "score" if who.strip().lower() == "you" else "scores"
        return f"{who} {verb} {score_words(event.amount, event.subject)}{in_all}."
    if event.kind == "final round":
        return ("The final round begins: everyone lays one last tile, draws nothing and may end "
                "the turn instead; no passing.")
    if event.kind == "over":
        return f"That was round {event.amount:g} of {event.amount:g}: the game is over."
    return None


def forced(view: dict[str, Any], legal: list[str]) -> str | None:
    """No tile fits anywhere: passing (or, in the final round, ending the turn) is the only move."""
    return legal[0] if len(legal) == 1 and legal[0] in ("pass", "end") else None


def suggest_ui(view: dict[str, Any], action: str) -> dict[str, str]:
    """The tile picked in the hand, turned as suggested, and its cell ringed on the board."""
    code, at, where = action.partition("@")
    if not at or code not in TILE_BY_CODE:
        return {}
    cell, _, rot = where.partition("/")
    return {"tile": code, "rot": rot or "0", "hint": cell}


def score_breakdown(view: dict[str, Any], names: Sequence[str]) -> list[tuple[str, list[str]]]:
    """How each score was made, every row in points so the rows add up to the score: the tiles
    laid (their number in brackets), what Brown and Amber cells added, the tiles they touched
    and Sky Blue and Pink. What was left in hand is no part of a score: it only breaks a tie,
    and `tie_break` says so when it did."""
    tally = view.get("tally")
    if not tally:
        return []
    return [
        ("Points of the tiles laid", [f"{t['tile']} ({count(t['tiles'], 'tile')})" for t in tally]),
        ("Added by Brown ×2 and Amber ×3", [str(t["multiplied"]) for t in tally]),
        ("From the tiles they touched", [str(t["neighbours"]) for t in tally]),
        ("From Sky Blue +3 and Pink +5", [str(t["bonus"]) for t in tally]),
    ]


def tie_break(view: dict[str, Any], names: Sequence[str]) -> str:
    """A tie on points goes to the larger value of tiles left in hand; then a shared win."""
    if not view.get("over") or not view.get("hand_values"):
        return ""
    scores, values, winners = view["scores"], view["hand_values"], view["winners"]
    top = max(scores)
    tied = [s for s in range(view["players"]) if scores[s] == top]
    if len(tied) < 2:
        return ""
    who = and_list([_name(names, s) for s in tied])
    best = values[winners[0]]
    if len(winners) == 1:
        rest = ", ".join(f"{_name(names, s)} {values[s]}" for s in tied if s not in winners)
        return (f"{who} tied on {points(top)}; {_name(names, winners[0])} wins with the tiles left "
                f"in hand worth more: {best} (against {rest}).")
    if len(winners) == len(tied):
        return (f"{who} tied on {points(top)} and on the value of the tiles left in hand "
                f"({best} each): they share the win.")
    sharing = and_list([_name(names, s) for s in winners])
    return (f"{who} tied on {points(top)}; {sharing} had the tiles left in hand worth most "
            f"({best} each) and share the win.")
