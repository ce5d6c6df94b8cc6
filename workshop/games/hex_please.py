"""hex_please: the bot report's statistics (`usage`, `USAGE_LABELS`) and notes (`REPORT_NOTES`)."""

from __future__ import annotations

from pygame_core.engine import Match
from pygame_core.hex_please.components import AMBER, BROWN, DEPLOY, PINK, SKY
from pygame_core.hex_please.state import HexPleaseState


USAGE_LABELS: dict[str, str] = {SKY: "Sky Blue +3", PINK: "Pink +5", BROWN: "Brown x2",
                                AMBER: "Amber x3", DEPLOY: "Deployment Cell"}
"""Names for the report's rows, in the order to list them."""


def usage(match: Match) -> dict[str, dict[str, float]]:
    """Per kind of special cell: how many the board has and how many were covered by the end."""
    state = match.state
    assert isinstance(state, HexPleaseState)
    kinds = {**state.layout.bonus, **{c: DEPLOY for c in state.layout.deploy}}
    on_board: dict[str, float] = {}
    covered: dict[str, float] = {}
    for cell, kind in kinds.items():
        on_board[kind] = on_board.get(kind, 0.0) + 1
        if cell in state.board:
            covered[kind] = covered.get(kind, 0.0) + 1
    return {"on the board": on_board, "covered": covered}


REPORT_NOTES = """\
## The levels and the boards

- **random** lays any legal tile; **easy** the best of three random placements; **normal** the
  placement that scores most now; **hard** looks a turn ahead with the shared
  `LookaheadBot` (hidden hands and the bag dealt afresh from its own view).
- Hard against normal needs more games than a report cell to be sure of: 66.9% [62.1%, 71.3%]
  over 400 games (`python -m pygame_core tournament hex-please --bots hard,normal --seats 2
  --games 200 --jobs 1 --seed m1`, then `m2`).
- The seat table uses the normal bot because it is fast enough for 1500 games a row, which a
  gap of a few points needs. These are the balanced boards (the default); on the original
  boards seat 3 of 3 won 39.7% (docs/hex-please.md, "Seat balance", has both and the hard bot).
"""
