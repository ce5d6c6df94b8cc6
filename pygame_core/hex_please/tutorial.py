"""The interactive tutorial of HEX PLEASE!: a short scripted game against the computer.

`TUTORIAL` is plain data the page walks through:

    {
      "id": "hex-please-tutorial",
      "seed": "tutorial-556",            # the Match seed: every draw is fixed by it
      "players": 2, "options": {...},    # Match.start(GAME, players, seed=seed, **options)
      "names": ["You", "Computer"],
      "human": 0,                         # the seat the learner plays
      "steps": [
        {
          "id": "deploy",                 # stable, for saving where the learner is
          "seat": 0,                      # 0: the learner acts; 1: the computer's move,
                                          #   played by the page; None: text only ("Next")
          "title": "...", "text": "...",  # what to read at this step (our own words)
          "expect": ["B1@2,0"],           # the only action(s) accepted (notation)
          "ui": {"tile": "B1", "rot": "0", "hint": "2,0"},
                                          # the view's own `ui` (strings) while the step is
                                          #   shown: the tile picked, a Bridge's turn, cells
                                          #   ringed; the page passes it on as it is
          "points": 1,                    # what the expected placement scores (a test checks)
          "other": "...",                 # said when a legal but different move is tried
          "done": "...",                  # said once the expected move is played
        }, ...
      ]
    }

The steps are played in order; chance (the deal and every draw) is resolved by the
Match from the seed, so as long as only the expected actions are played the learner
always sees the same tiles. `tutorial_match(n)` rebuilds the game after the first
`n` steps (to resume a tutorial left half way) and `tutorial_feedback` says why a
move is refused. tests/test_hex_please.py plays the whole script.
"""

from __future__ import annotations

from typing import Any

from ..engine import IllegalActionError, Match

_STEPS: list[dict[str, Any]] = [
    {"id": "welcome", "seat": None, "title": "Welcome",
     "text": "In HEX PLEASE! you lay hexagonal tiles on a shared board and score points for each one. "
             "Your hand of six tiles is at the bottom; only you can see it. You play first, against the "
             "computer, over six short rounds."},
    {"id": "deploy", "seat": 0, "title": "Start on a Deployment Cell",
     "text": "The first tile of the game must sit on a Deployment Cell, marked \u25ce. Pick your blue "
             "one-point Solid (\u25a0 1) and lay it on the highlighted Deployment Cell to the right of the centre.",
     "expect": ["B1@2,0"], "points": 1, "ui": {"tile": "B1", "rot": "0", "hint": "2,0"},
     "other": "That move is allowed, but for now lay the blue one-point Solid on the highlighted cell.",
     "done": "One point: a lone tile scores just its own value. You drew a tile to refill your hand."},
    {"id": "first-play", "seat": 0, "title": "First Play: a second tile, matching colours",
     "text": "Only the first player's opening turn may lay a second tile. A tile must go next to one already "
             "on the board (or on a free Deployment Cell), and every edge that touches another tile must show "
             "the same colour. Lay your blue two-point Solid (\u25a0 2) on the highlighted Sky Blue cell: it "
             "scores its 2 points, plus 1 for the blue tile it touches, plus the cell's +3.",
     "expect": ["B2@2,-1"], "points": 6, "ui": {"tile": "B2", "rot": "0", "hint": "2,-1"},
     "other": "That move is allowed, but this step asks for the blue two-point Solid on the Sky Blue cell.",
     "done": "Six points: 2 for the tile, 1 for its neighbour and 3 for the Sky Blue cell."},
    {"id": "computer-1", "seat": 1, "title": "The computer's turn",
     "text": "Now the computer lays a tile. It also matches blue against blue.",
     "expect": ["B1@1,1"]},
    {"id": "bonus", "seat": 0, "title": "Multiplying cells",
     "text": "Brown cells double, and Amber cells triple, the points of the tile you lay there, but not the "
             "points of its neighbours. Lay your blue Solid on the Brown cell (\u00d72) next to your first tile: "
             "1 \u00d7 2 for the tile plus 1 for the neighbour.",
     "expect": ["B1@3,0"], "points": 3, "ui": {"tile": "B1", "rot": "0", "hint": "3,0"},
     "other": "That one is legal too, but try the Brown cell to see how a multiplier works.",
     "done": "Three points. A neighbour brings only its printed value, never its own cell's bonus."},
    {"id": "computer-2", "seat": 1, "title": "The computer's turn",
     "text": "The computer starts a green and yellow Bridge on another Deployment Cell.",
     "expect": ["GY@0,-2/1"]},
    {"id": "bridge", "seat": 0, "title": "Turning a Bridge",
     "text": "A Bridge carries two colours, each on three edges in a row, and is worth 3. You may turn it "
             "before laying it: pick the green and blue Bridge, then press r (or the turn buttons) until the "
             "blue edges face your blue tiles. The highlighted cell accepts it turned four steps.",
     "expect": ["GB@3,-1/4"], "points": 7, "ui": {"tile": "GB", "rot": "4", "hint": "3,-1"},
     "other": "This step is about the green and blue Bridge on the highlighted cell: turn it until its blue "
              "side faces the blue tiles.",
     "done": "Seven points: 3 for the Bridge and 4 for the three blue tiles it touches."},
    {"id": "computer-3", "seat": 1, "title": "The computer's turn",
     "text": "The computer adds a yellow tile beside its Bridge, on a Sky Blue cell.",
     "expect": ["Y2@1,-2"]},
    {"id": "blocker", "seat": 0, "title": "Blockers and Universals",
     "text": "The black Blocker is worth 4 and may touch any colour, but never another Blocker. Once it is "
             "down, the empty cells around it accept only a Universal, the rainbow tile worth 5 that fits "
             "anywhere. Lay your Blocker on the highlighted cell, next to the computer's tiles.",
     "expect": ["X@1,-3"], "points": 9, "ui": {"tile": "X", "rot": "0", "hint": "1,-3"},
     "other": "That is legal, but this step asks for the Blocker on the highlighted cell.",
     "done": "Nine points: 4 for the Blocker and 5 for the two tiles it touches. The cells around it are "
             "now closed to everything but a Universal."},
    {"id": "computer-4", "seat": 1, "title": "The computer's turn",
     "text": "The computer fills a gap between blue tiles.",
     "expect": ["B1@1,0"]},
    {"id": "pass", "seat": 0, "title": "Passing",
     "text": "Your hand is weak now. Instead of laying a tile you may pass: your whole hand goes back into the "
             "bag and you draw the same number of fresh tiles, scoring nothing this turn. Press Pass.",
     "expect": ["pass"],
     "other": "Laying a tile is allowed, but this step is about passing: press Pass.",
     "done": "A fresh hand. Passing is never allowed in First Play or in the final round."},
    {"id": "computer-5", "seat": 1, "title": "The computer's turn",
     "text": "The computer takes the Amber cell in the centre, which triples its Bridge's 3 points.",
     "expect": ["BY@0,0/5"]},
    {"id": "final", "seat": 0, "title": "The final round",
     "text": "This is the last round: you lay one last tile and draw nothing, or end your turn. You drew a "
             "Universal, which fits even next to a Blocker. Lay it on the highlighted Brown cell beside your "
             "Blocker: 5 \u00d7 2, plus the points of the two tiles it touches.",
     "expect": ["U@0,-3"], "points": 17, "ui": {"tile": "U", "rot": "0", "hint": "0,-3"},
     "other": "That is legal, but the Brown cell next to your Blocker is worth the most.",
     "done": "Seventeen points!"},
    {"id": "computer-6", "seat": 1, "title": "The computer's last tile",
     "text": "The computer lays its last tile on an Amber corner. Then the game is over: the higher total "
             "wins, and a tie would go to the player whose leftover tiles are worth more.",
     "expect": ["Y2@0,-4"]},
    {"id": "end", "seat": None, "title": "Well played",
     "text": "You won 43 to 42. You now know every rule: start a new game from the menu whenever you like."},
]

TUTORIAL: dict[str, Any] = {
    "id": "hex-please-tutorial",
    "seed": "tutorial-556",
    "players": 2,
    "options": {"rounds": 6, "open_hands": False},
    "names": ["You", "Computer"],
    "human": 0,
    "steps": _STEPS,
}


def tutorial_match(steps_done: int = 0) -> Match:
    """The tutorial's game after its first `steps_done` steps (0: the start)."""
    from .rules import GAME
    match = Match.start(GAME, TUTORIAL["players"], seed=TUTORIAL["seed"], names=TUTORIAL["names"],
                        **TUTORIAL["options"])
    for step in _STEPS[:steps_done]:
        if step.get("expect"):
            match.play_text(step["expect"][0], step["seat"])
    return match


def tutorial_feedback(match: Match, step: int, text: str) -> tuple[bool, str]:
    """Whether `text` is the move step `step` asks for, and what to tell the learner."""
    info = _STEPS[step]
    if text in info.get("expect", []):
        return True, info.get("done", "")
    try:
        action = match.game.parse_action(text)
    except IllegalActionError as exc:
        return False, str(exc)
    state = match.state
    if action not in state.legal_actions():
        return False, "Not allowed: " + state.why_illegal(action) + "."
    return False, info.get("other", "Follow the highlighted move for this step.")
