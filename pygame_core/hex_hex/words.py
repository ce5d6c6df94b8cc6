"""HEX-HEX XL's actions in words, for the log: each said before it is applied
(`HexHexState.describe`). Names come from the table's list; no seat number, Hex number or
notation reaches a player.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..names import default_name
from .components import CARDS_BY_ID, HAND_SIZE
from .laws import law_text
from .notation import (
    Cast, Challenge, Dealer, Detonate, Draw, Eradicate, HexAction, HexHex, Law, Lose, Null, Pass,
    Pick, Play, React, Sign, Spite, Steal, Strike, Suffer, Take,
)
from .position import Position
from .records import BlindPull, CastHex, DrawCard, FirstDealer, StealCard, Taken, Trim

EFFECT_NAMES = {"ward": "Ward", "deception": "Deception", "charm": "Charm"}
"""Standing effects Eradicate ends, by the word the notation uses."""

Namer = Callable[[int], str]


def sending(card: str, to: list[int], by: int, nm: Namer) -> str:
    """Where an answer sends the Hex, in words ("" for an answer that sends it nowhere)."""
    if not to:
        return ""
    if card == "friend":
        return f": {nm(to[0])} is the friend, {nm(to[1])} the enemy"
    if card == "duck":
        return f", so {nm(by)}'s Hex flies on to {nm(to[0])}" if by >= 0 else f" to {nm(to[0])}"
    if card == "twain":
        return f": the Hex is copied, one to {nm(to[0])} and one to {nm(to[1])}"
    if card == "doubleback":
        return f": the Hex is copied and both go to {nm(to[0])}"
    return " sending the Hex to " + " and ".join(nm(t) for t in to)


def dealing(pos: Position) -> bool:
    """Whether the next draw is part of a round's deal (not Marked Man, Tricks or Theft)."""
    job = pos.jobs[0]
    return (isinstance(job, DrawCard) and job.why == "" and job.hex == -1 and not pos.table
            and not pos.hexes and any(isinstance(j, CastHex) for j in pos.jobs))


def describe(pos: Position, action: HexAction, names: Sequence[str]) -> str:
    """The action in words, said before it is applied."""
    def nm(s: int) -> str:
        return names[s] if 0 <= s < len(names) else default_name(s)

    s = pos.current_player
    if s is None or s < 0:
        return _chance_words(pos, action, nm)
    who = nm(s)
    match action:
        case Play() | Take():
            return _answer_words(pos, who, action, nm)
        case Pass() | Null() | Detonate() | Eradicate() | Challenge() | HexHex():
            return _response_words(pos, who, action, nm)
    return _choice_words(s, who, action, nm)


def _chance_words(pos: Position, action: HexAction, nm: Namer) -> str:
    job = pos.jobs[0]
    match job, action:
        case FirstDealer(), Dealer(seat):
            return f"{nm(seat)} is chosen at random to deal first"
        case DrawCard(seat, "fate"), Draw(card):
            return f"{nm(seat)} turns over {CARDS_BY_ID[card].name} with Fate"
        case DrawCard(seat), Draw():
            if not dealing(pos):
                return f"{nm(seat)} draws a card"
            # The deal is one line: the first card of it says so, the others say nothing.
            return "" if any(pos.hands) else f"{nm(pos.dealer)} deals {HAND_SIZE} cards to each player"
        case Trim(seat), Lose():
            return f"{nm(seat)} throws away a card at random, face down"
        case BlindPull(seat), Pick(card):
            return f"Blind Hex pulls {CARDS_BY_ID[card].name} from {nm(seat)}'s hand"
        case StealCard(seat, victim), Steal():
            return f"{nm(seat)} takes a card from {nm(victim)}'s hand"
    return f"Chance: {action}"


def _answer_words(pos: Position, who: str, action: Play | Take, nm: Namer) -> str:
    if pos.multi():
        return f"{who} readies a face-down answer for one of the Hexes on them"
    h = pos.answering()
    if isinstance(action, Take):
        return f"{who} cannot pass the Hex from {nm(h.by)} and is HEXED"
    down = " face down, naming" if action.real else ""
    card = CARDS_BY_ID[action.card]
    return f"{who} plays{down} {card.name}{sending(action.card, list(action.to), h.by, nm)}"


def _response_words(pos: Position, who: str, action: HexAction, nm: Namer) -> str:
    match action:
        case Pass():
            return f"{who} lets it happen"
        case Null(item):
            it = pos.pending[item]
            assert not isinstance(it, Taken)     # Null cancels cards, and "no answer" is none
            return f"{who} plays Null on {nm(it.seat)}'s {CARDS_BY_ID[it.card].name}"
        case Detonate(target):
            return f"{who} Detonates the Hex arriving at {nm(target)}"
        case Eradicate(effect, target):
            return f"{who} plays Eradicate on {nm(target)}'s {EFFECT_NAMES[effect]}"
        case Challenge():
            return f"{who} challenges the face-down claim"
    return f"{who} plays HEX-HEX! Everyone race!"


def _choice_words(s: int, who: str, action: HexAction, nm: Namer) -> str:
    match action:
        case Cast(target):
            return f"{who} says HEX-HEX, {nm(target)}! {nm(target)} is The Intended"
        case Dealer(seat) if seat == s:
            return f"{who} has the least Voice, deals and will cast the Hex"
        case Dealer(seat):
            return f"{who} has the least Voice, picks {nm(seat)} to deal and will cast the Hex"
        case React():
            return f"{who} reacts"
        case Sign():
            return f"{who} readies a hand sign"
        case Suffer(card):
            return f"{who} is HEXED and plays {CARDS_BY_ID[card].name}"
        case Spite(0):
            return f"{who} sacrifices nothing"
        case Spite(amount, target):
            return f"{who} sacrifices {amount} Voice out of Spite against {nm(target)}"
        case Strike(target):
            return f"{who} strikes back at {nm(target)}"
        case Law(code):
            return f"{who} lays down the law: {law_text(code)}"
    return f"{who} acts"
