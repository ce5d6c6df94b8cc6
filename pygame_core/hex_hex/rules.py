"""HEX-HEX XL: a card game of passing a curse around the table, for 3-6 players.

Imperfect information with chance. Each player holds a hidden hand; the deck is an
unordered multiset, so every draw is a chance node where any remaining card is equally
likely (the same as a shuffled deck, and a bot cannot peek at the next card).

How real-time play is made sequential (see ../shared/DESIGN.md):

* One Hex in play: its Intended answers it (a card, or HEXED when nothing passes it).
* Several Hexes in play: every Intended commits one face-down answer per Hex aimed at
  them, in a fixed order (by seat after the caster, then by Hex number); when all have
  committed, the answers are revealed and resolved together, discards and other
  "before it moves" effects first.
* After every play (or every reveal) a response window asks each other seat holding
  cards, in seat order, to pass or to play an out-of-turn card (Null, Detonate,
  Eradicate, HEX-HEX) or to challenge a Deception. Passing is an action. A response
  restarts the window after the responder; the window closes after a full lap of passes.
* HEX-HEX starts a reflex race: every other seat, in seat order, submits a reaction time
  in milliseconds (`react 420`; the page times humans, bots have their own reflexes).
  Times stay hidden until all are in; the slowest (all of them, if tied) loses 3.
* Hex Sign: everyone commits rock, paper or scissors face down; revealed together.

Everything that happens without a choice runs through the turn flow (`State.jobs`, steps
of records.py); its head is always a decision or a chance event.

This module is the public face: the game, and the names the page, bots and tests use.
The rules themselves are split by concern: notation.py (actions), position.py and
records.py (the state's pieces), legality.py, flow.py, effects.py, events.py, words.py,
storage.py (JSON) and hidden.py (determinize).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ..engine import Game, Option, State
from .components import CARDS, DECK_SIZE
from .events import HexEvent
from .flow import advance
from .hidden import determinize
from .laws import BANNABLE, BASE_LAWS, LAW_TEXT, banned_cards, law_text
from .notation import (
    EFFECTS, RACE_MAX, RACE_STEP, RACE_TIMES, Cast, Challenge, Dealer, Detonate, Draw, Eradicate,
    HexAction, HexHex, Law, Lose, Null, Pass, Pick, Play, React, Sign, Spite, Steal, Strike, Suffer,
    Take, parse_action,
)
from .position import CURRENT_RULINGS, MAX_TIEBREAKS, ORIGINAL_RULINGS, RULINGS, SERIES_LENGTHS
from .records import Hex
from .state import HexHexState
from .storage import load_state
from .words import EFFECT_NAMES, sending

__all__ = [
    "BANNABLE", "BASE_LAWS", "CURRENT_RULINGS", "EFFECTS", "EFFECT_NAMES", "GAME", "LAW_TEXT",
    "MAX_TIEBREAKS", "ORIGINAL_RULINGS", "RACE_MAX", "RACE_STEP", "RACE_TIMES", "RULINGS",
    "SERIES_LENGTHS", "Cast", "Challenge", "Dealer", "Detonate", "Draw", "Eradicate", "Hex",
    "HexAction", "HexEvent", "HexHex", "HexHexGame", "HexHexState", "Law", "Lose", "Null", "Pass",
    "Pick", "Play", "React", "Sign", "Spite", "Steal", "Strike", "Suffer", "Take", "hex_loss",
    "invariants", "law_text", "parse_action", "sending",
]


def hex_loss(h: Hex) -> int:
    """The Voice a Hex takes when it goes off: 1, plus its boosts and escalations."""
    return h.loss


class HexHexGame(Game):
    """HEX-HEX XL: 3-6 players, hidden hands; an optional series with laws."""

    id = "hex-hex"
    name = "HEX-HEX XL"
    pitch = "Pass the Hex before it goes off on you: deflect, boost, duplicate and deceive."
    min_players = 3
    max_players = 6
    default_players = 4
    hidden_information = True
    options: ClassVar[dict[str, Option]] = {
        "series": Option("series", SERIES_LENGTHS, 1, "Laying Down the Law",
                         "Games in the series; each game's winner adds a law for the rest of it."),
        "rulings": Option("rulings", RULINGS, CURRENT_RULINGS, "Rulings",
                          "Original: Null cancels any card still in play and you are HEXED only by "
                          "a Hex none of your cards answers, as our first version ruled; kept so "
                          "that games saved before the correction replay as they were played.",
                          legacy=ORIGINAL_RULINGS, hidden=True),
    }

    def _new(self, players: int, options: dict[str, Any]) -> HexHexState:
        state = HexHexState(players, options["series"], options["rulings"])
        advance(state)
        return state

    def from_dict(self, data: dict[str, Any]) -> HexHexState:
        players = data["players"]
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"bad player count {players!r}")
        rulings = data.get("rulings", ORIGINAL_RULINGS)   # not named: original (see storage.py)
        if rulings not in RULINGS:
            raise ValueError(f"bad rulings {rulings!r}")
        state = HexHexState(players, int(data["series"]), rulings)
        load_state(state, data)
        return state

    def parse_action(self, text: str) -> HexAction:
        return parse_action(text)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Resample what `seat` cannot see (see hidden.py); public pins and commitments hold."""
        assert isinstance(state, HexHexState)
        new = state.clone()
        determinize(new, seat, rng)
        return new


def invariants(state: HexHexState) -> None:
    """What must hold in every position (tests/invariants.py runs it after every step)."""
    cards = (sum(state.deck.values()) + len(state.discard) + sum(len(b) for b in state.buried)
             + sum(len(h) for h in state.hands) + len(state.table))
    banned = banned_cards(state.laws)   # laws take cards out
    expected = DECK_SIZE - sum(c.count for c in CARDS if c.id in banned)
    if not banned:
        assert cards == expected, f"cards not conserved: {cards} in deck, discards, hands and table"
    else:  # a ban takes effect when the next game's deck is built, not on cards already out
        assert expected <= cards <= DECK_SIZE, f"cards not conserved: {cards} in play"
    assert all(n >= 0 for n in state.deck.values()), "the deck holds a negative number of a card"
    assert len(state.hexes) <= 8, "more Hexes in play than there are markers"
    assert all(c == -1 or 0 <= c < state.players for c in state.charm), "a charm points at nobody"


GAME = HexHexGame()
HexHexState.game = GAME
