"""What a Hack & Slash bot needs from the game: an evaluation of a position."""

from __future__ import annotations

from .components import QUESTS_BY_ID
from typing import TYPE_CHECKING

from .rules import HackState

if TYPE_CHECKING:
    from ..ai import Bot

ADVENTURER_VALUE = 0.9
"""Roughly the points an adventurer at home is still worth (see odds.py's table)."""


def evaluate(state: HackState, seat: int) -> float:
    """Share of the table's value (points plus adventurers' worth) held by `seat`, in [0, 1]."""
    if state.is_over:
        winners = state.winners
        return 1.0 / len(winners) if seat in winners else 0.0
    quest = QUESTS_BY_ID[state.quest] if state.quest else None
    worth = []
    for s in range(state.players):
        away = (quest.challenge + state.rescued) if (quest and s == state.turn) else 0
        worth.append(1.0 + state.scores[s] + ADVENTURER_VALUE * (state.home[s] + 0.5 * away))
    return worth[seat] / sum(worth)


def make_bot(level: str, seed: int | str = 0, **budget: object) -> "Bot":
    """easy: random; normal and hard: greedy for now (the search bots replace these)."""
    from ..ai import GreedyBot, RandomBot
    return RandomBot(seed) if level == "easy" else GreedyBot(seed)
