"""Exact success odds of a quest with three six-sided dice, with and without a rescue.

Run `python -m pygame_core.hack_and_slash.odds` for the table of every card.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from .components import BRAG, DIE_SIDES, QUESTS, Quest

FACES = range(1, DIE_SIDES + 1)


@lru_cache(maxsize=None)
def rolls(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every multiset of `dice` dice (sorted high to low) with its probability."""
    counts: dict[tuple[int, ...], int] = {}
    for r in itertools.product(FACES, repeat=dice):
        key = tuple(sorted(r, reverse=True))
        counts[key] = counts.get(key, 0) + 1
    total = DIE_SIDES ** dice
    return tuple((k, v / total) for k, v in sorted(counts.items(), reverse=True))


def reroll_chance(quest: Quest, dice: tuple[int, ...], index: int) -> float:
    """Chance that rerolling die `index` makes the roll meet the goal."""
    rest = sum(dice) - dice[index]
    return sum(quest.met_by(rest + face) for face in FACES) / DIE_SIDES


def best_reroll(quest: Quest, dice: tuple[int, ...]) -> tuple[int, float]:
    """The die whose reroll is likeliest to succeed (first such die), and that chance."""
    chances = [reroll_chance(quest, dice, i) for i in range(len(dice))]
    best = max(range(len(dice)), key=lambda i: (chances[i], -i))
    return best, chances[best]


@lru_cache(maxsize=None)
def success_chance(quest: Quest, rescue: bool = False) -> float:
    """Chance of success; with `rescue`, a failure is followed by the best single reroll."""
    total = 0.0
    for dice, p in rolls(quest.challenge):
        if quest.met_by(sum(dice)):
            total += p
        elif rescue:
            total += p * best_reroll(quest, dice)[1]
    return total


def table() -> str:
    lines = ["| quest | adventurers | goal | reward | success | with a rescue |",
             "|---|---|---|---|---|---|"]
    for q in (BRAG, *QUESTS):
        reward = f"{q.points} pt" + (" + 1 adventurer" if q.recruit else "")
        lines.append(f"| {q.name} | {q.challenge} | {q.goal_text} | {reward} | "
                     f"{success_chance(q):.0%} | {success_chance(q, True):.0%} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
