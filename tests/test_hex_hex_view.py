"""HEX-HEX XL's table view: names from outside are text, and players read words, not codes.

Positions come from random play (every seat's view) and from the forced deals of
tests/test_hex_hex.py (a Charm on the table, two Hexes on one player).
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

from test_hex_hex import hand, play, start
from test_markup import check_view, hostile_names

from pygame_core.engine import sample_chance
from pygame_core.hex_hex.rules import GAME, Cast, parse_action
from pygame_core.hex_hex.view import playable_cards, render, response_window
from pygame_core.markup import Markup


class Readable(HTMLParser):
    """What a player can read or hear: text, and aria-label/title/alt values."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.texts += [value or "" for name, value in attrs if name in ("aria-label", "title", "alt")]

    def handle_data(self, data: str) -> None:
        self.texts.append(data)


def readable(markup: str) -> list[str]:
    parser = Readable()
    parser.feed(markup)
    parser.close()
    return [t for t in parser.texts if t.strip()]


# Internal Hex ids (h0), seats (S1), action notation, law codes, card ids that are not words.
CODES = [
    re.compile(r"\bh\d+\b"),
    re.compile(r"\bS\d\b"),
    re.compile(r"\b(?:play|hexed|cast|dealer|null|detonate|eradicate|spite|strike|suffer|sign|law|react)"
               r" (?:[a-z]+ )?[h>]?\d"),
    re.compile(r"[>=]\d"),
    re.compile(r"\b(?:ban|cancel)-[a-z]"),
    re.compile(r"\b(?:" + "|".join(["boostl", "boostr", "madl", "madr", "whatthehex", "doubleback", "hexhex"])
               + r")\b"),
]
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


def codes_in(markup: str) -> list[str]:
    return [f"{pattern.pattern}: {text!r}" for text in readable(markup) for pattern in CODES
            if pattern.search(text)]


def charmed() -> object:
    """Di plays Charm sending the Hex to Bo: Bo is charmed by Di."""
    state = start([hand(), hand(), hand(), hand("charm")])
    state.apply(Cast(3))
    play(state, "play charm h0 >1")
    assert state.view(0)["charm"] == [-1, 3, -1, -1]
    return state


def test_a_charmed_seat_shows_its_charmer_s_hostile_name_as_text() -> None:
    """The "charmed by" mark used to put the name into the board unescaped: a name like
    `<style>…` styled the page and `<a href=…>` made a link on the table."""
    state = charmed()
    hostile = ["Ann", "Bo", "Cy", "<style>*{display:none}</style><a href=//x>Di</a>"]
    for seat in [None, 0, 1, 2, 3]:
        out = render(state.view(seat), {}, hostile)
        assert "<style>" not in out and "<a href" not in out
        assert isinstance(out, Markup)
        assert "♥ charmed by &lt;style&gt;*{display:none}&lt;/style&gt;&lt;a href=//x&gt;Di&lt;/a&gt;" in out
        check_view(render, state.view(seat), {}, hostile)
    rng = random.Random("charm")
    for _ in range(5):
        check_view(render, state.view(2), {}, hostile_names(rng, 4))


def test_response_window_words_are_plain_text_for_the_page() -> None:
    state = start([hand("null"), hand(), hand(), hand("boostl", "curse")])
    state.apply(Cast(3))
    state.apply(parse_action("play boostl h0 >0"))
    window = response_window(state.view(None), ["<b>A</b>", "B", "C", "D"])
    assert window is not None and window["played"] == ["D: Boost Left → <b>A</b>"]  # the page escapes it


def test_hexes_are_named_in_words_and_told_apart_when_several_are_on_one_player() -> None:
    state = start([hand("right"), hand(), hand("left"), hand("twain")])
    state.apply(Cast(3))
    play(state, "play twain h0 >0,2")
    out = render(state.view(0), {}, NAMES[:4])
    labels = [t for t in readable(out) if "Hex on" in t]
    assert any(t.startswith("The Hex on Ada, sent by Di") for t in labels), labels
    assert not codes_in(out), codes_in(out)
    state = start([hand(), hand(), hand(), hand("boostl")])
    state.apply(Cast(3))
    out = render(state.view(3), {}, NAMES[:4])
    assert "You are The Intended of the Hex sent by Bo: it costs 1 Voice." in readable(out)


def test_no_id_notation_or_seat_code_reaches_a_player() -> None:
    rng = random.Random("words")
    checked = 0
    for players, options in ((3, {}), (4, {"series": 2}), (6, {})):
        state = GAME.new(players, **options)
        names = NAMES[:players]
        while not state.is_over:
            if state.is_chance_node:
                state.apply(sample_chance(state, rng))
                continue
            if rng.random() < 0.25:
                for seat in [None, *range(players)]:
                    view = state.view(seat)
                    uis = [{}] + [{"card": c} for c in playable_cards(view)]
                    for ui in uis:
                        out = render(view, ui, names)
                        assert not codes_in(out), (seat, ui, codes_in(out))
                        checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100
