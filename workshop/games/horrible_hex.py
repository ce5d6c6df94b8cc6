"""horrible_hex: the bot report's statistics (`usage`, `USAGE_LABELS`) and notes (`REPORT_NOTES`)."""

from __future__ import annotations

from pygame_core.engine import Match
from pygame_core.horrible_hex.components import GOAL_IDS
from pygame_core.horrible_hex.rules import DrawGoal, HorribleHexState


USAGE_LABELS: dict[str, str] = {g: f"goal {g}" for g in GOAL_IDS}
"""Names for the report's rows, in the order of components.py."""


def usage(match: Match) -> dict[str, dict[str, float]]:
    """Per goal card: how often it was drawn and how often it was completed in this game."""
    state = match.state
    assert isinstance(state, HorribleHexState)
    drawn: dict[str, float] = {}
    for entry in match.log:
        if isinstance(entry.action, DrawGoal):
            drawn[entry.action.goal] = drawn.get(entry.action.goal, 0.0) + 1
    completed: dict[str, float] = {}
    for goals in state.done:
        for goal in goals:
            completed[goal] = completed.get(goal, 0.0) + 1
    return {"drawn": drawn, "completed": completed}
