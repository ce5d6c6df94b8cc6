"""The steps of a Horrible Hex turn, as values.

A turn is a move (or a pass) and then a short queue of steps (`HorribleHexState.queue`):
goal cards drawn to replace completed ones, the three-player goal trades, a fresh triangle
or the Hex Destiny cluster choice, the reveal of a covert tile, the draw, the placement,
the solo row's cycle and the end of the turn. The state runs the automatic steps itself;
the head of the queue then says who acts (a seat or chance), and an empty queue means the
next turn's move.

A step is a small frozen value; its `kind` names it in saves (`["goal", 1]`, `["deal"]`,
the form saves have always used) and, for the steps a player acts on, in a view's phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

GoalOwner = int | Literal["row", "common"]
"""Whom a goal card is drawn for: a seat, the solo row or Hexas Hold 'Em's common card."""


@dataclass(frozen=True, slots=True)
class GoalStep:
    """Chance draws a goal card for `owner` (skipped once the deck is spent)."""
    owner: GoalOwner
    kind: ClassVar[str] = "goal"
    chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class DealStep:
    """Chance deals a start tile, face up, to the next cell of the triangle."""
    kind: ClassVar[str] = "deal"
    chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class DrawStep:
    """Chance draws the tile the mover will place (the pile is refilled first if empty)."""
    kind: ClassVar[str] = "draw"
    chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class PlaceStep:
    """The mover places the drawn tile."""
    kind: ClassVar[str] = "place"
    chance: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class TradeStep:
    """Three players: `seat` may trade its goal for a new one (skipped when it cannot)."""
    seat: int
    kind: ClassVar[str] = "swap"
    chance: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class KeepStep:
    """Hex Destiny: the group fell apart and the mover chooses the cluster that stays."""
    kind: ClassVar[str] = "keep"
    chance: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class RevealStep:
    """Covert Hex: the face-down tile is turned up where it lies."""
    kind: ClassVar[str] = "reveal"
    chance: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class CycleStep:
    """Solo: with no goal this turn, the rightmost card of the row is discarded."""
    kind: ClassVar[str] = "cycle"
    chance: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class EndStep:
    """The turn ends (or the game, when no goal card is left to score)."""
    kind: ClassVar[str] = "end"
    chance: ClassVar[bool] = False


Step = GoalStep | DealStep | DrawStep | PlaceStep | TradeStep | KeepStep | RevealStep | CycleStep | EndStep

DEAL, DRAW, PLACE, KEEP = DealStep(), DrawStep(), PlaceStep(), KeepStep()
REVEAL, CYCLE, END = RevealStep(), CycleStep(), EndStep()
NEW_TRIANGLE: tuple[Step, ...] = (DEAL, DEAL, DEAL)
"""A fresh start: three tiles dealt to the triangle."""

_PLAIN: dict[str, Step] = {s.kind: s for s in (DEAL, DRAW, PLACE, KEEP, REVEAL, CYCLE, END)}


def step_to_json(step: Step) -> list[Any]:
    match step:
        case GoalStep(owner):
            return [step.kind, owner]
        case TradeStep(seat):
            return [step.kind, seat]
        case _:
            return [step.kind]


def step_from_json(data: Any) -> Step:
    """A step from its saved form; ValueError if it is not one."""
    match data:
        case ["goal", int() | "row" | "common" as owner] if not isinstance(owner, bool):
            return GoalStep(owner)
        case ["swap", int() as seat] if not isinstance(seat, bool):
            return TradeStep(seat)
        case [str() as kind] if kind in _PLAIN:
            return _PLAIN[kind]
    raise ValueError(f"not a step of a turn: {data!r}")
