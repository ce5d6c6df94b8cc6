"""HEX PLEASE!'s board view: names shown once escaped, and cells and tiles named in words.

A player reads where a cell lies ("the Brown ×2 cell 3 east of the centre") and what a tile
looks like ("red ▲ Solid"), never a coordinate ("3,0"), a tile code ("RB", "G1") or an
action's notation ("RB@3,0/1"); those stay in `data-*` attributes for the page.
"""

from __future__ import annotations

import random
import re

from test_hex_please import position
from test_markup import check_view

from pygame_core.engine import sample_chance
from pygame_core.hex_please.components import TILES, board_for_radius
from pygame_core.hex_please.rules import GAME
from pygame_core.hex_please.view import place_words, render
from pygame_core.hexgrid import Hex, hexagon
from pygame_core.markup import Markup
from tests.words_check import readable


TILE_CODES = sorted({t.code for t in TILES}, key=len, reverse=True)
CODES = [
    re.compile(r"-?\d+\s*,\s*-?\d+"),                          # a cell's coordinates
    re.compile(r"\b(?:" + "|".join(TILE_CODES) + r")\b"),      # a tile code: R1, GB, X, U
    re.compile(r"[@/]"),                                        # notation: RB@3,0/1
    re.compile(r"\bposition \d"),                               # a Bridge's turn by number
    re.compile(r"\b1 (?:points|pts|tiles|steps)\b"),            # "1 points"
]
NAMES = ["Ann", "Bea", "Cal", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou"]


def codes_in(markup: str) -> list[str]:
    return [f"{pattern.pattern}: {text!r}" for text in readable(markup) for pattern in CODES
            if pattern.search(text)]


def test_a_name_is_escaped_once() -> None:
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["B1"]])
    out = render(state.view(0), {}, ["Tom & Jerry", "<b>Bo</b>"])
    assert isinstance(out, Markup)
    assert "Tom &amp; Jerry (you)" in out and "&amp;amp;" not in out
    assert "Waiting for" not in out and "&lt;b&gt;Bo&lt;/b&gt;" in out
    check_view(render, state.view(1), {}, ["Tom & Jerry", "<b>Bo</b>"])


def test_every_cell_of_the_largest_board_has_its_own_words() -> None:
    cells = hexagon(7)
    words = {place_words(c) for c in cells}
    assert len(words) == len(cells)
    assert place_words(Hex(0, 0)) == "in the centre"
    assert place_words(Hex(3, 0)) == "3 east of the centre"
    assert place_words(Hex(2, -1)) == "1 north-east and 1 east of the centre"
    assert place_words(Hex(-1, -1)) == "1 west and 1 north-west of the centre"


def test_targets_name_the_cell_and_the_turn_in_words() -> None:
    state = position(board={"2,0": ("R1", 0), "4,0": ("G1", 0)}, hands=[["RG", "R1"], ["B1"]])
    layout = board_for_radius(state.view(0)["radius"], state.view(0)["boards"])
    assert layout.bonus[Hex(3, 0)] == "brown"
    out = render(state.view(0), {"tile": "RG", "rot": "2"}, ["Ann", "Bob"])
    texts = readable(out)
    assert ("Lay the red ▲ and green ● Bridge, 3 points, red on the south-west, west, north-west sides "
            "on the Brown ×2 cell 3 east of the centre: scores 8 (3 ×2 + 2 from neighbours = 8)") in texts
    # The preview is a pill with points ("8 pts"), never "+8" like a bonus cell's label.
    assert "8 pts" in texts and not any(re.fullmatch(r"\+\d+", t) and t not in ("+3", "+5") for t in texts)
    assert "3 ×2 + 2 from neighbours = 8" in texts
    assert any(re.fullmatch(r"The Bridge fits the .+ if turned \d steps? (anti)?clockwise: turn it", t)
               for t in texts), texts
    assert not codes_in(out)


def test_no_coordinate_tile_code_or_notation_reaches_a_player() -> None:
    rng = random.Random("words")
    checked = 0
    for players in (2, 4, 12):
        state = GAME.new(players)
        names = NAMES[:players]
        while not state.is_over:
            if state.is_chance_node:
                state.apply(sample_chance(state, rng))
                continue
            if rng.random() < (0.2 if players < 12 else 0.06):
                for seat in [None, *range(players)]:
                    view = state.view(seat)
                    hand = view.get("hand") or []
                    uis = [{}] + [{"tile": t, "rot": str(rng.randrange(6))} for t in dict.fromkeys(hand)]
                    for ui in uis:
                        out = render(view, ui, names)
                        assert not codes_in(out), (seat, ui, codes_in(out))
                        checked += 1
            state.apply(rng.choice(state.legal_actions()))
        out = render(state.view(0), {}, names)
        assert not codes_in(out) and "Game over" in out
    assert checked > 100


def test_the_universal_reads_in_words_and_the_key_names_every_mark() -> None:
    from pygame_core.hex_please.view import tile_svg
    face = readable(str(tile_svg("U", 0, 0.0, 0.0, 26.0)))
    assert face == ["any", "5"]                                  # was "U5", a code
    state = position(board={"2,0": ("R1", 0)}, hands=[["R1"], ["B1"]])
    out = render(state.view(0), {}, ["Ann", "Bob"])
    texts = readable(out)
    for words in ("Sky Blue", "Deployment Cell", "Red", "Green", "Blue", "Yellow", "Universal: any colour",
                  "Blocker", "what a move would score"):
        assert any(words in t for t in texts), words
    assert "6 tiles in hand" not in texts                        # one tile here
    assert any(re.fullmatch(r"1 tile in hand", t) for t in texts), texts


def test_a_bonus_cell_is_named_with_its_article() -> None:
    """'on an Amber ×3 cell', 'on a Pink +5 cell': every bonus cell of the board."""
    state = position()
    named = {state.where(cell) for cell in state.layout.bonus}
    assert {"on an Amber ×3 cell", "on a Pink +5 cell", "on a Sky Blue +3 cell", "on a Brown ×2 cell"} <= named, named
    assert not any(" a A" in text for text in named)


def test_a_seats_points_and_its_tiles_in_hand_each_wrap_whole() -> None:
    """A desktop's narrow score panel read "Player 2 (you) 5 pts 6" / "tiles in hand"."""
    state = position(hands=[["R1"] * 6, ["B1"]], scores=[5, 11])
    rows = re.findall(r'<li class="hp-seat[^"]*">(.*?)</li>', str(render(state.view(0), {}, ["Ann", "Bob"])))
    facts = [re.findall(r'<span class="hp-(?:points|count) fact">(.*?)</span>', row) for row in rows]
    assert facts == [["5 pts", "6 tiles in hand"], ["11 pts", "1 tile in hand"]]
