"""Markup is escaped by construction, and every view shows hostile names as plain text.

The view test renders each game's board for many positions twice: once with plain marker
names and once with hostile ones (markup, quotes, entities, direction marks, long text).
Parsed, the two must have the same elements and attributes, and the hostile render must
read back each hostile name exactly where the plain one had its marker.
"""

from __future__ import annotations

import importlib
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from pygame_core import GAMES, game_module
from pygame_core.engine import play_random_game, sample_chance
from pygame_core.markup import Markup, escape, facts, join, tag, trusted
from pygame_core.names import MAX_LENGTH, clean_name, clean_names
from tests.words_check import parsed_readable, readable

ROOT = Path(__file__).resolve().parent.parent


def test_text_children_and_attributes_are_escaped() -> None:
    out = tag("a", "<b>&'\"", href='"><script>', data_action="x y", class_="c")
    assert out == ('<a href="&quot;&gt;&lt;script&gt;" data-action="x y" class="c">'
                   "&lt;b&gt;&amp;&#x27;&quot;</a>")
    assert isinstance(out, Markup)


def test_markup_children_are_kept_and_nested_lists_flattened() -> None:
    inner = tag("b", "x")
    assert tag("p", ["a", [inner, None, False], 1, 2.50]) == "<p>a<b>x</b>12.5</p>"


def test_adding_text_to_markup_escapes_the_text() -> None:
    assert isinstance(tag("b") + "<i>", Markup)
    assert tag("b") + "<i>" == "<b></b>&lt;i&gt;"
    assert "<i>" + tag("b") == "&lt;i&gt;<b></b>"


def test_void_elements_have_no_end_tag_and_booleans_are_bare() -> None:
    assert tag("input", type="checkbox", checked=True, disabled=False) == '<input type="checkbox" checked>'
    assert tag("rect", x=1) == '<rect x="1"></rect>'


def test_join_and_escape() -> None:
    assert join("a<", tag("b"), sep=", ") == "a&lt;, <b></b>"
    assert escape(trusted("<b>")) == "<b>"


FACT = re.compile(r'<span class="fact">(.*?)</span>', re.S)


def test_a_line_of_facts_may_wrap_between_facts_never_inside_one() -> None:
    line = facts("Round 1", "", "Tavern: 0 adventurers", tag("b", "x"), None)
    assert FACT.findall(line) == ["Round 1", "Tavern: 0 adventurers", "<b>x</b>"]
    # the dot is held to the fact before it; the line wraps only at the space after the dot
    assert line.count("\u00a0· ") == 2 and " ·" not in line
    assert facts() == "" and facts("", None) == ""


@given(st.lists(st.text(max_size=20), max_size=5))
def test_the_facts_of_a_line_are_text_escaped(parts: list[str]) -> None:
    line = facts(*parts)
    assert isinstance(line, Markup)
    assert FACT.findall(line) == [str(escape(part)) for part in parts if part]


def test_trusted_is_only_used_on_constant_markup_in_known_places() -> None:
    """Raw markup has one entry point; every caller is listed here, and each passes a
    constant (a literal or a module constant), never data."""
    callers = {}
    for path in sorted((ROOT / "pygame_core").rglob("*.py")) + sorted((ROOT / "web" / "ui").glob("*.py")):
        text = path.read_text()
        count = len(re.findall(r"\btrusted\(", text))
        if count and path.name != "markup.py":
            callers[str(path.relative_to(ROOT))] = count
    for path, count in callers.items():
        for line in (ROOT / path).read_text().splitlines():
            if "trusted(" in line and "def trusted" not in line:
                argument = line.split("trusted(", 1)[1]
                assert re.match(r'\s*(f?"""|"|\'|[A-Z_]+\b|$)', argument), f"{path}: {line.strip()}"
                assert not argument.lstrip().startswith("f"), f"{path}: formatted text made trusted: {line}"


# -- names ----------------------------------------------------------------------------------

def test_names_are_trimmed_cleaned_and_bounded() -> None:
    assert clean_name("  Tom \t &  Jerry ", "P") == "Tom & Jerry"
    assert clean_name("\u200b\u200e\x00", "Player 2") == "Player 2"
    assert clean_name("\u202eevil", "P") == "evil"
    assert clean_name("\ud800x", "P") == "x"
    assert clean_name("a" * 10_000, "P") == "a" * MAX_LENGTH
    assert clean_name(None, "P") == "P"
    assert clean_names(["A", "", 5], 4) == ["A", "Player 2", "Player 3", "Player 4"]


@given(st.text(max_size=200))
def test_any_text_becomes_a_showable_name(text: str) -> None:
    name = clean_name(text, "Player 1")
    assert 0 < len(name) <= MAX_LENGTH
    assert name == name.strip()
    assert not any(0xD800 <= ord(c) <= 0xDFFF or ord(c) < 32 for c in name)
    assert clean_name(name, "Player 1") == name


# -- every view, hostile names ------------------------------------------------------------

PIECES = ["<", ">", "&", "&amp;", "&#60;", '"', "'", "<style>", "</text>", "<b>", "]]>", "<!--",
          "-->", "<a href=//x>", "<meta http-equiv=refresh>", "\u202e", "\u200b", "\u05d0\u05d1",
          "{0}", "%s", "\\", "`", "=", "/", "Tom & Jerry", "Zoë", "👨\u200d👩", "\x07", "  "]


class Outline(HTMLParser):
    """Elements with their attribute names, plus all text and attribute values, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shape: list[tuple[str, tuple[str, ...]]] = []
        self.values: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.shape.append((tag, tuple(name for name, _ in attrs)))
        self.values.extend(value or "" for _, value in attrs)

    def handle_endtag(self, tag: str) -> None:
        self.shape.append(("/" + tag, ()))

    def handle_data(self, data: str) -> None:
        self.values.append(data)

    def handle_comment(self, data: str) -> None:
        self.shape.append(("<!--", ()))


def outline(markup: str) -> Outline:
    parser = Outline()
    parser.feed(markup)
    parser.close()
    return parser


def markers(players: int) -> list[str]:
    return [f"Qz{chr(97 + i)}{chr(97 + i)}Qz" for i in range(players)]


def positions(game_id: str, players: int, rng: random.Random, count: int) -> list[Any]:
    """States from random play: a few early, a few late, and the end."""
    seen: list[Any] = []
    game = GAMES[game_id]
    state = game.new(players)
    for _ in range(5000):
        if state.is_over:
            break
        if not state.is_chance_node and rng.random() < 0.08:
            seen.append(state.clone())
        action = sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_actions())
        state.apply(action)
    seen.append(state)
    return rng.sample(seen[:-1], min(count - 1, len(seen) - 1)) + [seen[-1]]


def hostile_names(rng: random.Random, players: int) -> list[str]:
    names = []
    for seat in range(players):
        raw = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12)))
        names.append(clean_name(raw, f"Player {seat + 1}"))
    return names


def check_view(render: Any, view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> None:
    plain = markers(len(names))
    calm = outline(str(render(view, dict(ui), plain)))
    wild_markup = render(view, dict(ui), names)
    wild = outline(str(wild_markup))
    assert wild.shape == calm.shape, "hostile names changed the elements or attributes drawn"
    expected = list(calm.values)
    for marker, name in zip(plain, names):
        expected = [v.replace(marker, name) for v in expected]
    assert wild.values == expected, "a name did not read back exactly"


PLAYER_COUNTS = {game_id: sorted({GAMES[game_id].min_players, GAMES[game_id].default_players,
                                   GAMES[game_id].max_players}) for game_id in GAMES}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_view_shows_hostile_names_as_text(game_id: str) -> None:
    view_module = importlib.import_module(game_module(game_id, "view"))
    rng = random.Random(f"hostile/{game_id}")
    for players in PLAYER_COUNTS[game_id]:
        for state in positions(game_id, players, rng, 6):
            names = hostile_names(rng, players)
            for seat in [None, *range(players)]:
                check_view(view_module.render, state.view(seat), {}, names)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_words_tests_read_a_board_as_html_parser_does(game_id: str) -> None:
    """tests/words_check.py reads boards by splitting at tags, for speed; it must find the
    same texts as html.parser, with hostile names too."""
    view_module = importlib.import_module(game_module(game_id, "view"))
    rng = random.Random(f"readable/{game_id}")
    for players in PLAYER_COUNTS[game_id]:
        for state in positions(game_id, players, rng, 3):
            for names in (markers(players), hostile_names(rng, players)):
                for seat in [None, *range(players)]:
                    markup = str(view_module.render(state.view(seat), {}, names))
                    assert readable(markup) == parsed_readable(markup)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_view_returns_markup(game_id: str) -> None:
    view_module = importlib.import_module(game_module(game_id, "view"))
    state = GAMES[game_id].new()
    assert isinstance(view_module.render(state.view(0), {}, markers(state.view(0).get("players", 2))), Markup)
