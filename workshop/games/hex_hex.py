"""hex_hex: the bot report's statistics (`usage`, `USAGE_LABELS`) and notes (`REPORT_NOTES`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pygame_core.engine import Match
from pygame_core.hex_hex.components import CARDS, CARDS_BY_ID, T_DEALT
from pygame_core.hex_hex.rules import Draw, HexHexState


USAGE_LABELS: dict[str, str] = {c.id: c.name for c in CARDS}
"""Names for the report's rows, in the order of components.py."""


class _CountingState(HexHexState):
    """A replay copy that counts every card leaving a hand to be played (face up or down)."""

    played_cards: Counter[str]

    def _play_card(self, s: int, card: str, face_up: bool = True) -> None:
        self.played_cards[card] += 1
        super()._play_card(s, card, face_up)

    def _show(self, item: dict[str, Any]) -> None:
        self.played_cards[item["real"]] += 1
        super()._show(item)


def usage(match: Match) -> dict[str, dict[str, float]]:
    """Per card: how often it was drawn and how often it was played in this game.

    Play-when-dealt cards take effect as they are drawn, so they count as played then.
    """
    state = match.game.new(match.players, **match.options)
    state.__class__ = _CountingState        # same fields; only counts what it plays
    assert isinstance(state, _CountingState)
    state.played_cards = Counter()
    drawn: Counter[str] = Counter()
    for entry in match.log:
        if isinstance(entry.action, Draw):
            drawn[entry.action.card] += 1
            if CARDS_BY_ID[entry.action.card].timing == T_DEALT:
                state.played_cards[entry.action.card] += 1
        state.apply_unchecked(entry.action)
    return {"drawn": {c: float(k) for c, k in drawn.items()},
            "played": {c: float(k) for c, k in state.played_cards.items()}}


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


