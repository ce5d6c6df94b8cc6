"""hex_hex: the bot report's statistics (`usage`, `USAGE_LABELS`) and notes (`REPORT_NOTES`)."""

from __future__ import annotations

from collections import Counter

from pygame_core.engine import Match
from pygame_core.hex_hex.components import CARDS, CARDS_BY_ID, T_DEALT
from pygame_core.hex_hex.rules import Draw


USAGE_LABELS: dict[str, str] = {c.id: c.name for c in CARDS}
"""Names for the report's rows, in the order of components.py."""


def usage(match: Match) -> dict[str, dict[str, float]]:
    """Per card: how often it was drawn and how often it was played in this game.

    Draws are the log's chance actions; every card played (face up or down) is a "played"
    event of the log. Play-when-dealt cards take effect as they are drawn, so they count as
    played then.
    """
    drawn: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for entry in match.log:
        if isinstance(entry.action, Draw):
            drawn[entry.action.card] += 1
            if CARDS_BY_ID[entry.action.card].timing == T_DEALT:
                played[entry.action.card] += 1
        played.update(event.subject for event in entry.events if event.kind == "played")
    return {"drawn": {c: float(k) for c, k in drawn.items()},
            "played": {c: float(k) for c, k in played.items()}}


REPORT_NOTES = """\
## The levels

- **random** plays any legal action.
- **easy** follows the normal rule of thumb four times in five and otherwise plays any
  legal action; its HEX-HEX reflexes are slow (650-1,100 ms).
- **normal** is a rule of thumb for every decision: whoever sends a Hex gains when it goes
  off, so it aims Hexes at hands with few cards (then at the leader), keeps counter cards
  for when they matter, Nulls a card that sends a Hex its way and calls HEX-HEX early.
  Reflexes 450-800 ms.
- **hard** searches every real decision (answers, response windows, the cast, Spite,
  which play-when-HEXED card to play): it resamples the cards it cannot see with
  `Game.determinize` (from a fixed layout, so its choice depends only on its own view),
  plays each of up to six candidates in the same sampled worlds, finishes the round with
  the normal rule of thumb for every seat and keeps the candidate with the best mean Voice
  margin at the round's end (36 rollouts per decision). Under Deception it claims only
  cards it holds, since its rollouts' rivals never challenge. Reflexes 300-550 ms.

HEX-HEX races are decided by reflexes, not judgement: part of each level's edge is its
reaction range. The seat-balance tables use **normal** bots in every seat: the report
command's `--equal normal`, because hard in every seat of the 3-6 player tables would make
the report several times longer, and the question there is the game's balance, not the bots'.

Cards are counted per game: *drawn* counts cards dealt or drawn from the deck (Fate's
card and Marked Man's draws included; cards taken back by Laying Down Tricks are not);
*played* counts cards that left a hand to be played, face up or down, including
play-when-HEXED cards and play-when-dealt cards (which always take effect).
"""
"""Appended to docs/hex-hex-report.md by `python -m pygame_core report`."""


