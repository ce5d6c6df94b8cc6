"""Every move the rules allow the seat to act is offered by its view: drawn as a control
(`data-action`), or drawn after selections the view offers as ways to a move (`data-ui`: a card
opened, a tile picked and turned; not one marked `data-read`, which only shows something). In
HEX-HEX XL a player holding two Turn Aside Rights, one readied face down for one Hex, saw the
other drawn as a card that "cannot be played now": its move was reachable only by opening a
card marked to read.

Positions come from random play of every game at its smallest, usual and largest player count.
"""

from __future__ import annotations

import importlib
import random
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from test_hex_hex_view import two_copies_position
from test_markup import PLAYER_COUNTS, positions

from pygame_core import GAMES, game_module

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "ui"))
import presenter  # noqa: E402  (plain Python: the page's rule for `data-ui`)

MAX_SELECTIONS = 8  # a card opened, then a claim; a cell picked, then a tile turned three times
MAX_UI_STATES = 400


class Controls(HTMLParser):
    """The moves (`data-action`) and the selections (`data-ui`) a drawing offers."""

    def __init__(self) -> None:
        super().__init__()
        self.actions: set[str] = set()
        self.selections: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("disabled") is not None or "disabled" in values:
            return
        for name in ("data-action", "data-race"):  # a reflex race's control: its move with `{ms}`
            if values.get(name):
                self.actions.add(str(values[name]))
        if values.get("data-ui") is not None and "data-read" not in values:  # read-only: no move behind it
            self.selections.add(str(values["data-ui"]))


def select(ui: dict[str, str], choice: str) -> dict[str, str]:
    """A `data-ui` choice applied as the page applies it."""
    out = dict(ui)
    presenter.choose_ui(out, choice)
    return out


def offered(render: Any, view: dict[str, Any], names: list[str]) -> set[str]:
    """Every move drawn from the view as it opens, or after up to MAX_SELECTIONS selections."""
    moves: set[str] = set()
    seen: set[tuple[tuple[str, str], ...]] = set()
    frontier: list[dict[str, str]] = [{}]
    for _ in range(MAX_SELECTIONS + 1):
        following: list[dict[str, str]] = []
        for ui in frontier:
            key = tuple(sorted(ui.items()))
            if key in seen or len(seen) >= MAX_UI_STATES:
                continue
            seen.add(key)
            controls = Controls()
            controls.feed(str(render(view, dict(ui), names)))
            controls.close()
            moves |= controls.actions
            following += [select(ui, choice) for choice in sorted(controls.selections)]
        frontier = following
    return moves


def timed(control: str, move: str) -> bool:
    """A reflex race's control says `{ms}` where the table puts how long its player took."""
    return "{ms}" in control and re.fullmatch(re.escape(control).replace(re.escape("{ms}"), "[0-9]+"), move) is not None


def found_in_play(game_id: str, players: int) -> list[Any]:
    """Positions where a player was offered too little, found by playing."""
    if (game_id, players) != ("hex-hex", 3):
        return []
    return [two_copies_position()]


CASES = [(game_id, players) for game_id in sorted(GAMES) for players in PLAYER_COUNTS[game_id]]


@pytest.mark.parametrize("game_id,players", CASES)
def test_every_move_the_rules_allow_is_offered_by_the_view(game_id: str, players: int) -> None:
    render = importlib.import_module(game_module(game_id, "view")).render
    names = [f"Player {seat + 1}" for seat in range(players)]
    missing = []
    states = found_in_play(game_id, players)
    for seed in range(2):
        states += positions(game_id, players, random.Random(f"offered-{game_id}-{players}-{seed}"), 4)
    for state in states:
        if not state.is_over and not state.is_chance_node:
            seat = state.current_player
            view = state.view(seat)
            legal = set(view.get("legal") or [])
            drawn = offered(render, view, names)
            gone = {move for move in legal - drawn if not any(timed(control, move) for control in drawn)}
            if gone:
                missing.append((seat, sorted(gone)[:3], sorted(legal)[:6]))
    assert not missing, f"{game_id}, {players} players: moves no control offers: {missing[:3]}"
