"""Hack & Slash actions and their notation.

Player decisions: "go <quest>", "pass", "quit", "rescue <face>". Chance: "reveal <quest>"
(a card turned face up), "roll 6-3-1" (the dice of a quest, high to low) and
"reroll <face>" (the rescued die). `parse_action(str(a)) == a` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import IllegalActionError
from .components import QUESTS_BY_ID


@dataclass(frozen=True, slots=True)
class Go:
    """Send adventurers on a quest."""
    quest: str

    def __str__(self) -> str:
        return f"go {self.quest}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Nobody at home: the turn passes."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Quit:
    """After a failure: the party goes to the Tavern."""

    def __str__(self) -> str:
        return "quit"


@dataclass(frozen=True, slots=True)
class Rescue:
    """After a failure: one more adventurer joins and one die showing `face` is rerolled."""
    face: int

    def __str__(self) -> str:
        return f"rescue {self.face}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: `quest` is turned face up."""
    quest: str

    def __str__(self) -> str:
        return f"reveal {self.quest}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the party's dice, high to low."""
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + "-".join(str(d) for d in self.dice)


@dataclass(frozen=True, slots=True)
class Reroll:
    """Chance: the face the rescued die shows."""
    face: int

    def __str__(self) -> str:
        return f"reroll {self.face}"


Action = Go | Pass | Quit | Rescue | Reveal | Roll | Reroll
Decision = Go | Pass | Quit | Rescue
"""What a player may choose; the rest are chance's."""


def parse_action(text: str) -> Action:
    """Inverse of `str(action)`; raises IllegalActionError on unreadable text."""
    word, _, rest = text.strip().partition(" ")
    try:
        match word:
            case "go" if rest in QUESTS_BY_ID:
                return Go(rest)
            case "reveal" if rest in QUESTS_BY_ID:
                return Reveal(rest)
            case "pass" if not rest:
                return Pass()
            case "quit" if not rest:
                return Quit()
            case "rescue":
                return Rescue(int(rest))
            case "reroll":
                return Reroll(int(rest))
            case "roll":
                return Roll(tuple(int(d) for d in rest.split("-")))
    except ValueError:
        pass
    raise IllegalActionError(f"{text!r} is not a Hack & Slash action")
