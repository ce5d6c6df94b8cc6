"""HEX-HEX XL's table is drawn from caches, and reads exactly as one drawn afresh.

A phone redraws the table after every move, so the view keeps the pieces that repeat
(seats, their played cards and badges, the folded seat list) and words only the newest
events for the badges. These tests draw the positions of played games (every seat's view
and the public one) from warm caches and from empty ones and want the same markup, and
check the two parts that were rewritten against the way they used to be built.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any, Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import Match, get_game
from pygame_core.hex_hex import board, view
from pygame_core.markup import Markup, tag

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


def played_views(players: int, seed: int, moves: int) -> list[tuple[dict[str, Any], dict[str, str]]]:
    """Every seat's view and the public one, with and without a card opened, along a game of
    random moves."""
    match = Match.start(get_game("hex-hex"), players, seed=f"hh-memo/{seed}", names=NAMES[:players])
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        if match.state.is_over:
            break
        for seat in [None, *range(players)]:
            seen = match.state.view(seat)
            out.append((seen, {}))
            if seen["hand"]:
                out.append((seen, {"card": rng.choice(seen["hand"])}))
        match.play(rng.choice(match.state.legal_actions()))
    return out


def caches() -> list[Any]:
    """Every cache the view draws from."""
    return [fn for module in (board, view) for fn in vars(module).values()
            if isinstance(fn, functools._lru_cache_wrapper)]


@settings(max_examples=8, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 10_000), moves=st.integers(1, 40))
def test_the_table_drawn_from_warm_caches_reads_as_one_drawn_afresh(players: int, seed: int, moves: int) -> None:
    views = played_views(players, seed, moves)
    warm = [str(view.render(v, ui, NAMES[:players])) for v, ui in views]
    for v, ui in views[-12:] + views[:4]:
        for fn in caches():
            fn.cache_clear()
        assert str(view.render(v, ui, NAMES[:players])) == warm[views.index((v, ui))]
    assert len(caches()) >= 10   # the seats, their cards and badges, the seat list, the buttons...


def outcomes_written_out_whole(v: dict[str, Any]) -> dict[int, tuple[str, str, str]]:
    """How `board.outcomes` used to name the badges: every event of the view written out."""
    events = [json.dumps(e, sort_keys=True) for e in v.get("events", [])]
    out: dict[int, tuple[str, str, str]] = {}
    first = max(0, len(events) - board.FX_EVENTS)
    for k in range(first, len(events)):
        text = events[k]
        ident = f"{len(text)}-{sum(ord(ch) for ch in text)}-{events[k + 1:].count(text)}"
        for seat, words, cls in board.badges(v["events"][k]):
            if 0 <= seat < v["players"]:
                out[seat] = (words, cls, f"fx-{seat}-{ident}")
    return out


def seat_list_row_by_row(v: dict[str, Any], names: list[str]) -> Markup:
    """How `board.seat_list` used to be built: a row per seat, every time."""
    rows = []
    for s in range(v["players"]):
        bits = [board.voice_text(v["voice"][s]), board._cards(v["hand_sizes"][s])] + board._seat_marks(v, names, s)
        rows.append(tag("li", tag("strong", board.seat_name(names, s)), ": ", ", ".join(bits)))
    return tag("details", tag("summary", "Seats in detail, and the key to the symbols"), tag("ul", rows),
               board.CATEGORY_KEY, class_="hx-seat-list")


def check_against(old: Callable[..., Any], new: Callable[..., Any], with_names: bool) -> int:
    checked = 0
    for players, seed in ((3, 1), (4, 2), (6, 3), (5, 4)):
        for v, _ui in played_views(players, seed, 60):
            args = (v, NAMES[:players]) if with_names else (v,)
            assert new(*args) == old(*args)
            checked += 1
    return checked


def test_badges_are_named_as_when_every_event_was_written_out() -> None:
    assert check_against(outcomes_written_out_whole, board.outcomes, with_names=False) > 500


def test_the_seat_list_reads_as_when_it_was_built_row_by_row() -> None:
    assert check_against(seat_list_row_by_row, board.seat_list, with_names=True) > 500


def test_badge_names_count_repeated_events_and_non_ascii_words() -> None:
    """The same event twice among the newest gets two names; a name with letters outside
    ASCII (escaped in the event's JSON) is summed as the old way summed it."""
    event = {"kind": "strike", "seat": 0, "target": 1, "lost": 1, "note": "Zoë ✦"}
    other = {"kind": "shout", "seat": 2}
    for events in ([event, other, event], [event] * 5, [other, event, event, other, event]):
        v = {"players": 3, "events": events}
        assert board.outcomes(v) == outcomes_written_out_whole(v)
