"""Laying Down the Law: the laws a series' game winner may add, by code, and their words.

A code is one of `BASE_LAWS`, `ban-<card id>` (the card leaves the deck) or `cancel-<code>`
(an earlier law is lifted). Codes appear in the notation (`law ban-chase`) and in the
state's JSON; players read `law_text`.
"""

from __future__ import annotations

from .components import CARDS, CARDS_BY_ID

BASE_LAWS = ("strike", "pointing", "gag", "hoarder")
LAW_TEXT = {
    "strike": "Strike back: whenever a Hex goes off on you, name a player; they lose 1 Voice.",
    "pointing": "No pointing: answering with a card that names its target costs 1 Voice.",
    "gag": "Gag rule: a player at 0 Voice or less may not play out of turn or challenge.",
    "hoarder": "No hoarding: ending a round with 3 or more cards in hand costs 1 Voice.",
}
BANNABLE = tuple(c.id for c in CARDS if c.category != "basic")


def law_text(code: str) -> str:
    """A law in words; raises KeyError for a code that names no law."""
    if code.startswith("ban-"):
        return f"Banned: {CARDS_BY_ID[code[4:]].name} is taken out of the deck."
    if code.startswith("cancel-"):
        return f"Cancel an earlier law ({law_text(code[7:])})"
    return LAW_TEXT[code]


def law_choices(laws: list[str]) -> list[str]:
    """What a game's winner may choose, given the laws in force (in a fixed order)."""
    codes = [c for c in BASE_LAWS if c not in laws]
    codes += [f"ban-{c}" for c in BANNABLE if f"ban-{c}" not in laws]
    codes += [f"cancel-{c}" for c in laws]
    return codes


def banned_cards(laws: list[str]) -> set[str]:
    """The cards the laws in force take out of the deck."""
    return {code[4:] for code in laws if code.startswith("ban-")}


_LAID = [*BASE_LAWS, *(f"ban-{c}" for c in BANNABLE)]
CODES_BY_TEXT = {law_text(code): code for code in [*_LAID, *(f"cancel-{c}" for c in _LAID)]}
"""Every law that can be laid down, by its words (to read the state's JSON back)."""
