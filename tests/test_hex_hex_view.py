"""HEX-HEX XL's table view: names from outside are text, and players read words, not codes.

Positions come from random play (every seat's view) and from the forced deals of
tests/test_hex_hex.py (a Charm on the table, two Hexes on one player).
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_hex_hex import close_window, hand, play, start
from test_markup import check_view, hostile_names

from pygame_core.engine import sample_chance
from pygame_core.hex_hex.rules import GAME, Cast, parse_action
from pygame_core.hex_hex.view import playable_cards, render, response_window
from pygame_core.markup import Markup
from tests.words_check import readable


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


# -- the table shows what is played and what happens (issue 16) ----------------------------

def pieces(markup: str) -> dict[str, str]:
    """data-piece name -> the opening tag that carries it."""
    return {m[1]: m[0] for m in re.finditer(r'<[^>]*data-piece="([^"]+)"[^>]*>', markup)}


def test_a_card_in_a_response_window_shows_by_its_player_and_the_hex_moves_to_its_target() -> None:
    state = start([hand("null"), hand(), hand(), hand("boostl", "curse")])
    state.apply(Cast(3))                                     # the Hex on Di (seat 3)
    before = pieces(render(state.view(0), {}, NAMES))
    assert "hex-0" in before
    state.apply(parse_action("play boostl h0 >0"))           # Di sends it left, to Ada: a window opens
    out = render(state.view(1), {}, NAMES)
    drawn = pieces(out)
    assert "hx-played-new" in drawn["played-3-boostl"]       # the card lies by Di, just played
    assert "hx-hex-moving" in drawn["hex-0"]                 # the same Hex token, now by Ada
    assert 'class="hx-window-ring"' in out and "on its way to Ada, sent by Di" in out
    assert not codes_in(out)
    close_window(state)                                      # nobody responds: the card stays by Di
    after = pieces(render(state.view(1), {}, NAMES))
    assert "played-3-boostl" in after and "hx-played-new" not in after["played-3-boostl"]
    assert "hx-hex-moving" not in after["hex-0"]


def test_outcomes_float_by_the_seats_they_happened_to() -> None:
    state = start([hand(), hand(), hand(), ["dismiss"] * 5])
    state.apply(Cast(3))
    play(state, "hexed h0")                                  # Di takes it: loses 1, Bo (the caster) gains 1
    out = render(state.view(0), {}, NAMES)
    assert 'aria-label="Di: HEXED −1"' in out and 'aria-label="Bo: +1 Voice"' in out
    assert re.search(r'data-piece="fx-3-[^"]+"', out)
    # The same event keeps the same piece name from one drawing to the next (it arrives once).
    again = render(state.view(1), {}, NAMES)
    assert re.findall(r'data-piece="(fx-[^"]+)"', out) == re.findall(r'data-piece="(fx-[^"]+)"', again)


def test_every_seat_hand_and_hex_carry_words_and_a_key_is_drawn() -> None:
    state = start([hand(), hand(), hand(), hand("boostl", "curse")])
    state.apply(Cast(3))
    out = render(state.view(3), {}, NAMES)
    assert 'aria-label="Key to the card and Hex symbols"' in out and "Counter Hex" in out
    assert "Seats in detail" in out
    hand_pieces = [p for p in pieces(out) if p.startswith("hand-")]
    assert sorted(hand_pieces) == ["hand-boostl-0", "hand-curse-0", "hand-left-0", "hand-left-1", "hand-left-2"]
    assert 'title="Curse (Play only when HEXED; Only when HEXED): ' in out


def test_suggest_ui_picks_the_card_and_under_deception_the_claim() -> None:
    from pygame_core.hex_hex.view import suggest_ui
    assert suggest_ui({}, "play right h0 >2") == {"card": "right"}
    assert suggest_ui({}, "play boostl h1 >1 real=boostr") == {"card": "boostr", "claim": "boostl"}
    assert suggest_ui({}, "cast 2") == {} and suggest_ui({}, "pass") == {}


def test_the_board_tells_no_list_of_happenings_the_log_already_tells() -> None:
    """The page's log (and its recap) tell what happened; the board only badges the seats."""
    view = charmed().view(0)
    view["events"] = [{"kind": "thrown", "seat": 1}] * 3 + [{"kind": "shout", "seat": 2}]
    out = str(render(view, {}, NAMES))
    assert "hx-events" not in out
    assert "throws away a card" not in out and "shouts" not in out
    assert 'aria-label="Cy: HEX-HEX!"' in out   # the newest outcome, as a badge on its seat


def test_a_seats_badge_stays_on_the_table_clear_of_its_name_and_its_played_card():
    """Every seat of every table size, with the longest badge: inside the viewBox, and not over
    the name (the box's top 28 units) or the card played (its units 69-91)."""
    from pygame_core.hex_hex.board import FX_H, H, SEAT_H, SEAT_W, W, _pos, badge_box, badges
    longest = max((words for kind in ("hexed", "challenge_failed", "race", "spite")
                   for _seat, words, _cls in badges({"kind": kind, "seat": 0, "lost": 10, "by": 1, "gained": 10,
                                                     "liar": 1, "given": 10, "target": 1,
                                                     "slowest": [(0, 1)]})), key=len)
    for players in range(2, 7):
        for seat in range(players):
            x, y = _pos({"players": players, "seat": 0}, seat)
            left, top = x - SEAT_W / 2, y - SEAT_H / 2
            bx, by, width = badge_box(left, top, longest)
            where = f"{players} players, seat {seat}"
            assert 0 <= bx and bx + width <= W and 0 <= by and by + FX_H <= H, where
            clear_of_name = by + FX_H <= top + 4 or by >= top + 28
            clear_of_card = by + FX_H <= top + 69 or by >= top + 91
            assert clear_of_name and clear_of_card, where


def table(players: int, me: int | None, round_no: int = 1, tiebreak: int = 0, **more: Any) -> dict[str, Any]:
    """What of a view the table's geometry reads: who sees it, and the round the centre shows."""
    return {"players": players, "seat": me, "round": round_no, "rounds": players + 1, "tiebreak": tiebreak, **more}


def lone_token(view: dict[str, Any], seat: int) -> tuple[float, float]:
    """Where the token of a Hex alone before `seat` is drawn."""
    from pygame_core.hex_hex.board import token_points
    return token_points(view, [({"id": 0}, seat, -1, False, False)])[0]


def test_a_hex_token_sits_clear_of_every_seats_box_and_badge() -> None:
    """At a fixed share of the way to the centre a token lay on its seat's box edge or under
    its badge ("+1 Voice" half hidden) at every table size. Every size, every viewer, every
    seat: the token (its radius) keeps its gap to each seat's box and badge row, on the table."""
    from pygame_core.hex_hex.board import HEX_CLEAR, HEX_R, H, W, _pos, distance_to, seat_room
    for players in range(3, 7):
        for me in range(players):
            view = table(players, me)
            rooms = [seat_room(*_pos(view, s)) for s in range(players)]
            for seat in range(players):
                x, y = lone_token(view, seat)
                where = f"{players} players, seen by {me}, the token of seat {seat} at ({x:.0f}, {y:.0f})"
                assert HEX_R <= x <= W - HEX_R and HEX_R <= y <= H - HEX_R, where
                assert min(distance_to(x, y, room) for room in rooms) >= HEX_R + HEX_CLEAR, where
                assert distance_to(x, y, rooms[seat]) == min(distance_to(x, y, room) for room in rooms), \
                    where + ": nearer another seat than its own"


@settings(max_examples=200, deadline=None)
@example(players=6, me=0, ats=[5, 5])        # two Hexes before the seat on the table's right
@example(players=6, me=0, ats=[3] * 8)       # every token before the seat across the table
@example(players=6, me=None, ats=[0, 1, 2, 3, 4, 5, 4, 4])
@given(players=st.integers(3, 6), me=st.one_of(st.none(), st.integers(0, 5)),
       ats=st.lists(st.integers(0, 5), min_size=1, max_size=8))
def test_several_hexes_at_one_seat_sit_apart_and_clear_of_every_seat(players: int, me: int | None,
                                                                     ats: list[int]) -> None:
    """Three or four Hexes may be in play, several before one player ("Dealing with Multiple
    Hexes"), and a Twain or Double Back draws a Hex twice while the table may respond: up to
    eight tokens, spread any way over the seats. Drawn side by side, a second token lay on
    the box of a seat at the table's right. Every token is on the table, clear of every seat's
    box and badge, apart from every other token, and a seat's first sits where a lone one does."""
    from pygame_core.hex_hex.board import HEX_CLEAR, HEX_R, H, W, _pos, distance_to, seat_room, token_points
    view = table(players, None if me is None else me % players)
    seats = [at % players for at in ats]
    points = token_points(view, [({"id": k}, at, -1, False, False) for k, at in enumerate(seats)])
    assert len(points) == len(seats)
    rooms = [seat_room(*_pos(view, s)) for s in range(players)]
    for seat in set(seats):
        assert points[seats.index(seat)] == lone_token(view, seat), f"seat {seat}'s first token moved"
    for k, (x, y) in enumerate(points):
        where = f"{players} players, seen by {me}, tokens at {seats}: token {k} at ({x:.0f}, {y:.0f})"
        assert HEX_R <= x <= W - HEX_R and HEX_R <= y <= H - HEX_R, where
        assert min(distance_to(x, y, room) for room in rooms) >= HEX_R + HEX_CLEAR, where
        for j, (x2, y2) in enumerate(points[:k]):
            assert math.hypot(x - x2, y - y2) >= 2 * HEX_R, f"{where}, on token {j} at ({x2:.0f}, {y2:.0f})"


@settings(max_examples=200, deadline=None)
@example(players=4, me=0, ats=[1, 1], round_no=1, tiebreak=0)   # a second Hex before the seat on the left
@example(players=6, me=0, ats=[2, 2, 2, 4, 4, 4, 1, 5], round_no=8, tiebreak=1)
@given(players=st.integers(3, 6), me=st.integers(0, 5), ats=st.lists(st.integers(0, 5), min_size=1, max_size=8),
       round_no=st.integers(1, 17), tiebreak=st.integers(0, 10))
def test_hex_tokens_stay_clear_of_the_centres_round_and_piles(players: int, me: int, ats: list[int],
                                                              round_no: int, tiebreak: int) -> None:
    """The centre's lines ("Round 2/5", "Deck 47 · Discards 12") run wide in a phone's type, and
    wider in a tie-break: a second Hex before the seat on a 4-player table's left lay on them,
    and so did the first at most table sizes. Every token keeps its gap to each line's box as it
    does to the seats, on the table and apart from the others, whatever the round."""
    from pygame_core.hex_hex.board import (
        CENTRE_TYPE, CHAR_EM, HEX_CLEAR, HEX_R, H, W, _pos, centre_lines, centre_text_boxes, distance_to, seat_room,
        token_points)
    from pygame_core.hex_hex.components import DECK_SIZE
    view = table(players, me % players, round_no, tiebreak)
    seats = [at % players for at in ats]
    points = token_points(view, [({"id": k}, at, -1, False, False) for k, at in enumerate(seats)])
    lines = centre_text_boxes(view)
    drawn = centre_lines(DECK_SIZE, DECK_SIZE, round_no, players + 1, tiebreak)
    assert all(len(line) * size * CHAR_EM <= box[2] - box[0] + 1e-9   # each line's box holds it drawn
               for line, size, box in zip(drawn, CENTRE_TYPE, lines))
    rooms = [seat_room(*_pos(view, s)) for s in range(players)]
    for k, (x, y) in enumerate(points):
        where = f"{players} players, seen by {me}, round {round_no}, tokens at {seats}: token {k} at ({x:.0f}, {y:.0f})"
        assert min(distance_to(x, y, line) for line in lines) >= HEX_R + HEX_CLEAR, where + ": on the centre's text"
        assert HEX_R <= x <= W - HEX_R and HEX_R <= y <= H - HEX_R, where
        assert min(distance_to(x, y, room) for room in rooms) >= HEX_R + HEX_CLEAR, where
        assert all(math.hypot(x - x2, y - y2) >= 2 * HEX_R for x2, y2 in points[:k]), where + ": on another token"


def test_a_hex_tokens_boost_and_obsession_marks_stay_off_every_seats_box() -> None:
    """A token's marks ("▲▲◎") were drawn on its right whatever the seat: before a seat on the
    table's right, the token sits left of its box and the marks lay on the box's edge."""
    from pygame_core.hex_hex.board import SEAT_H, SEAT_W, _hex_tokens, _pos, token_points
    size = 12   # .hx-hex .hx-marker in web/styles/hex-hex.css
    for players in range(3, 7):
        for me in range(players):
            for doubled in range(players):   # one seat with two Hexes before it, the others one
                view = table(players, me, phase="play", hexes=[])
                ats = [*range(players), doubled]
                hexes = [{"id": k, "loss": 1, "mad": "", "boost": 2, "obs": 1, "esc": 0, "force": ""}
                         for k in range(len(ats))]
                places = [(h, at, -1, False, False) for h, at in zip(hexes, ats)]
                view["hexes"] = [{**h, "at": at, "by": -1} for h, at in zip(hexes, ats)]
                out = "".join(map(str, _hex_tokens(view, NAMES[:players], places, token_points(view, places))))
                boxes = [(x - SEAT_W / 2, y - SEAT_H / 2, x + SEAT_W / 2, y + SEAT_H / 2)
                         for x, y in (_pos(view, seat) for seat in range(players))]
                for m in re.finditer(r'<text x="([-\d.]+)" y="([-\d.]+)"( text-anchor="end")? class="hx-marker">([^<]*)<', out):
                    x, y, width = float(m.group(1)), float(m.group(2)), len(m.group(4)) * size * 0.58
                    left, right = (x - width, x) if m.group(3) else (x, x + width)
                    for box in boxes:
                        apart = right <= box[0] or left >= box[2] or y <= box[1] or y - size >= box[3]
                        assert apart, f"{players} players, seen by {me}: marks at {left:.0f}-{right:.0f}, {y:.0f} on a seat box"


def test_a_seats_marks_stay_inside_its_box_below_the_voice_line() -> None:
    """The issue's seat, "Dealer · charmed by Bo · 4 face down", was one line of 43 characters
    at 12 units each, twice the box's width: it ran out over the table. Now: whole marks on two
    lines under the Voice line, the charm on its own, each line within the box."""
    from pygame_core.hex_hex.board import H, SEAT_H, SEAT_W, W, _pos, mark_lines
    view = charmed().view(2)
    view["charm"], view["facedown"] = [1, 3, -1, -1], [4, 0, 0, 0]
    out = str(render(view, {}, NAMES))
    seat = re.search(r"<title>Ada, 5 Voice.*?</g>", out, re.S)
    assert seat, out
    box = seat.group(0)
    assert re.findall(r'<text[^>]*class="hx-seat-info"[^>]*>(.*?)</text>', box) == [
        "Dealer · 4 face down", "♥ charmed by Bo"], "whole marks on two lines, the charm on its own"
    voice_y = float(re.search(r'y="([\d.]+)"[^>]*class="hx-seat-brief"', box).group(1))
    line = re.search(r'<text x="[\d.]+" y="([\d.]+)"[^>]*class="hx-seat-info"([^>]*)>Dealer', box)
    assert line and float(line.group(1)) - 12 >= voice_y, "below the Voice line, not over it"
    assert len("Dealer · 4 face down") * 12 * 0.58 <= SEAT_W - 12 or "textLength" in line.group(2)
    clip = re.search(r'<svg x="[\d.]+" y="([\d.]+)" width="(\d+)" height="\d+" overflow="hidden">'
                     r'<text[^>]*class="hx-seat-info">♥', box)
    assert clip and float(clip.group(1)) >= voice_y and int(clip.group(2)) <= SEAT_W - 12, \
        "the charm's line is held inside the box, whatever the charmer's name"
    assert len(mark_lines(["Dealer", "Caster", "Ward", "Deception", "♥ charmed by Bo", "1 face down"])) == 2
    for players in range(2, 7):       # the taller boxes still fit the table and keep apart
        boxes = [(x - SEAT_W / 2, y - SEAT_H / 2) for x, y in
                 (_pos({"players": players, "seat": 0}, s) for s in range(players))]
        assert all(0 <= left and left + SEAT_W <= W and 0 <= top and top + SEAT_H <= H for left, top in boxes)
        for i, (l1, t1) in enumerate(boxes):
            for l2, t2 in boxes[i + 1:]:
                assert l1 + SEAT_W <= l2 or l2 + SEAT_W <= l1 or t1 + SEAT_H <= t2 or t2 + SEAT_H <= t1, players


def test_deceptions_claim_buttons_show_whole_card_names() -> None:
    """Cut to "Maddening C..." the two Compulsions could not be told apart: the buttons wrap
    long names instead of cutting them."""
    from pathlib import Path
    from pygame_core.hex_hex.rules import Cast
    state = start([hand(), hand(), hand(), ["deception", "curse", "right", "right", "left"]])
    state.apply(Cast(3))
    out = str(render(state.view(3), {"card": "curse"}, NAMES))
    claims = re.findall(r'<button[^>]*class="hx-btn hx-claim"[^>]*>(.*?)</button>', out)
    assert len(claims) >= 20 and "✦ Maddening Compulsion (Left)" in claims
    css = (Path(__file__).parent.parent / "web" / "styles" / "hex-hex.css").read_text()
    rules = re.findall(r"([^{}]*\.hx-claim[^{}]*)\{([^}]*)\}", css)
    assert rules
    for selector, body in rules:
        assert "ellipsis" not in body and "nowrap" not in body, selector


def test_tapping_a_card_shows_its_whole_text_beside_the_way_to_play_it() -> None:
    """The hand cuts a card's text to two lines on a desktop and hides it on a phone: a card
    with one way to play used to be played by a tap on its name alone."""
    from pygame_core.hex_hex.components import CARDS_BY_ID
    from pygame_core.hex_hex.rules import Cast
    state = start([hand(), hand(), hand(), ["curse", "boostl", "right", "dismiss", "dismiss"]])
    state.apply(Cast(3))
    view = state.view(3)
    assert [a for a in view["legal"] if a.startswith("play boostl")] == ["play boostl h0 >0"]
    out = str(render(view, {}, NAMES))
    assert 'data-action="play boostl' not in out, "a tap on the card does not play it unread"
    assert 'data-ui="card=boostl;claim="' in out
    opened = str(render(view, {"card": "boostl"}, NAMES))
    text = CARDS_BY_ID["boostl"].text
    detail = re.search(r'<div class="hx-detail[^"]*">(.*?)</div>', opened)
    assert detail and readable(detail.group(1)) == [
        "✦ Boost Left", "Enhanced Deflection · When you are The Intended", text]
    assert opened.index('class="hx-detail') < opened.index('data-action="play boostl h0 &gt;0"'), \
        "the text stands before the button that plays the card"
    assert 'data-ui="card="' in opened and not codes_in(opened)


def test_a_card_that_cannot_be_played_now_opens_to_read_with_no_way_to_play_it() -> None:
    """On a phone the hand shows names alone: a card that cannot be played now (a Curse before
    one is HEXED, any card on another's turn) opens to its whole text all the same, with no
    move behind it, and is marked `data-read` so nothing takes it for a way to a move."""
    from pygame_core.hex_hex.components import CARDS_BY_ID
    state = start([hand(), hand(), hand(), ["curse", "boostl", "right", "dismiss", "dismiss"]])
    state.apply(Cast(3))
    for seat, card in ((3, "curse"), (2, "left")):   # Di, the Intended; Cy, not asked now
        view = state.view(seat)
        assert not any(card in a.replace("=", " ").split() for a in view["legal"] if a.startswith("play "))
        button = re.search(rf'<button[^>]*data-ui="card={card};claim="[^>]*>', str(render(view, {}, NAMES)))
        assert button and "data-read" in button.group(0)
        opened = str(render(view, {"card": card}, NAMES))
        choices = opened.split('class="hx-choices"')[1].split('class="hx-hand"')[0]
        assert CARDS_BY_ID[card].text in choices and f"{CARDS_BY_ID[card].name} cannot be played now" in choices
        assert "data-action" not in choices, "no move behind a card read"
        assert re.search(r'<button[^>]*data-ui="card="[^>]*aria-label="Close"[^>]*data-read=""', choices)
        assert "hx-opened" in opened and not codes_in(opened)


def test_a_face_down_card_back_stays_on_the_table_and_off_the_seats_name() -> None:
    """The card back of a readied answer lay on the start of the name's line ("▶ Player 3"
    reached under it), and at the table's top seat it began above the table's edge."""
    from pygame_core.hex_hex.board import H, SEAT_H, SEAT_W, W, _pos, face_down_box, name_room
    for players in range(3, 7):
        for me in range(players):
            for seat in range(players):
                x, y = _pos({"players": players, "seat": me}, seat)
                left, top = x - SEAT_W / 2, y - SEAT_H / 2
                back = face_down_box(left, top)
                start, width = name_room(left, True)
                where = f"{players} players, seen by {me}, seat {seat}: card back {back}"
                assert 0 <= back[0] and 0 <= back[1] and back[2] <= W and back[3] <= H, where
                assert back[2] < start and start + width <= left + SEAT_W - 4, where
                assert back[3] <= top + 20, where + ": on the Voice line"
                assert name_room(left, False) == (left + 4, SEAT_W - 8), "a seat with no card back keeps its room"
    out = str(render(two_copies_position().view(0), {}, ["Ada", "Bo", "Wilhelmina Montgomery"]))
    back = re.search(r'<g class="hx-facedown"[^>]*><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', out)
    names = [(float(m.group(1)), float(m.group(2))) for m in
             re.finditer(r'<svg x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="28" overflow="hidden"><text[^>]*>'
                         r'(?:▶ )?Wilhelmina', out)]
    assert back and len(names) == 1
    assert float(back.group(1)) + float(back.group(3)) < names[0][0], "the name starts after the card back"


@settings(max_examples=200, deadline=None)
@example(players=4, me=0, seat=1, words="Challenge lost −10", count=1)   # the seat on the table's left
@given(players=st.integers(3, 6), me=st.integers(0, 5), seat=st.integers(0, 5),
       words=st.text(st.characters(categories=["L", "N", "Zs"]), min_size=1, max_size=20), count=st.integers(1, 3))
def test_a_seats_badge_and_its_face_down_card_backs_never_cover_each_other(players: int, me: int, seat: int,
                                                                           words: str, count: int) -> None:
    """A long badge ("Challenge lost −10") at the seat on a 4-player table's left lay under
    the card back of its readied answer. Any badge, at any seat, seen from any seat, is clear
    of the card backs (one or a stack), and still on the table."""
    from pygame_core.hex_hex.board import FX_H, SEAT_H, SEAT_W, W, _pos, badge_box, face_down_boxes
    x, y = _pos({"players": players, "seat": me % players}, seat % players)
    left, top = x - SEAT_W / 2, y - SEAT_H / 2
    bx, by, width = badge_box(left, top, words)
    assert 0 <= bx and bx + width <= W
    for back in face_down_boxes(left, top, count):
        apart = bx >= back[2] or bx + width <= back[0] or by >= back[3] or by + FX_H <= back[1]
        assert apart, f"{players} players, seen by {me}, seat {seat}: badge {words!r} at {bx:.0f}-{bx + width:.0f}, card back {back}"


@settings(max_examples=100, deadline=None)
@given(players=st.integers(3, 6), me=st.integers(0, 5), seat=st.integers(0, 5), count=st.integers(2, 4))
def test_several_readied_answers_show_as_a_stack_of_card_backs_with_their_count(players: int, me: int, seat: int,
                                                                                 count: int) -> None:
    """Two readied answers drew two card backs on one spot: a player saw one. Now a stack, the
    one under peeking out, its count on the top one in the card back's type; every back on the
    table, clear of the seat's name and above its Voice line."""
    from pygame_core.hex_hex.board import (
        BACK_STEP, H, SEAT_H, SEAT_W, W, _face_down, _pos, face_down_boxes, face_down_text, name_room)
    me, seat = me % players, seat % players
    x, y = _pos({"players": players, "seat": me}, seat)
    left, top = x - SEAT_W / 2, y - SEAT_H / 2
    backs = face_down_boxes(left, top, count)
    where = f"{players} players, seen by {me}, seat {seat}: card backs {backs}"
    assert len(backs) >= 2, where
    for k, back in enumerate(backs):
        assert 0 <= back[0] and 0 <= back[1] and back[2] <= W and back[3] <= H, where
        assert back[2] < name_room(left, True)[0] and back[3] <= top + 20, where
        assert all(abs(back[0] - other[0]) >= BACK_STEP for other in backs[:k]), where + ": one on another"
    assert face_down_text(count) == str(count) and face_down_text(1) == "?"
    view = table(players, me, commits=[{"hex": k, "seat": seat, "done": True} for k in range(count)])
    drawn = "".join(map(str, _face_down(view, NAMES[:players])))
    assert drawn.count('class="hx-facedown"') == 1 and f"has {count} face-down answers ready" in drawn
    rects = [tuple(float(v) for v in m) for m in re.findall(r'<rect x="([-\d.]+)" y="([-\d.]+)"', drawn)]
    assert rects == [(round(back[0]), round(back[1])) for back in backs], "drawn where face_down_boxes puts them"
    assert re.search(rf'<text x="[\d.]+" y="[\d.]+" text-anchor="middle">{count}</text>', drawn), \
        "the count in the card back's text, as its type"


def test_every_copy_of_a_playable_card_is_offered_alike() -> None:
    """A second Turn Aside Right in the hand was drawn as a card that "cannot be played now"
    (greyed, marked to read only) while the first could be: either copy plays it."""
    state = start([hand(), hand(), hand(), ["right", "right", "curse", "dismiss", "dismiss"]])
    state.apply(Cast(3))
    view = state.view(3)
    assert any(a.startswith("play right") for a in view["legal"])
    out = str(render(view, {}, NAMES))
    copies = re.findall(r'<button[^>]*data-ui="card=right;claim="[^>]*>', out)
    assert len(copies) == 2
    assert all("hx-playable" in c and "data-read" not in c for c in copies), copies
    curse = re.search(r'<button[^>]*data-ui="card=curse;claim="[^>]*>', out)
    assert curse and "data-read" in curse.group(0), "a card that cannot be played is still marked so"
    picked = str(render(view, {"card": "right"}, NAMES))
    assert picked.count("hx-selected") == 1, "one copy shows as the one picked"


# A hot-seat game on a phone: Player 1's Double Back sent two Hexes to Player 3, under a Blind
# Hex (answers face down); Player 3 readied one Turn Aside Right for the first and holds another.
TWO_COPIES_LOG = [
    "dealer 1", "draw dismiss", "draw right", "draw left", "draw left", "draw detonate", "draw left", "draw right",
    "draw obsession", "draw boostl", "draw ward", "draw right", "draw tricks", "draw right", "draw madl",
    "draw boostr", "draw level", "draw curse", "cast 0", "play obsession h0 >2", "pass", "pass", "play right h0 >1",
    "pass", "pass", "play boostr h0 >0", "pass", "pass", "play madl h0 >1", "pass", "pass", "play left h0 >2",
    "pass", "pass", "play left h0 >0", "pass", "pass", "hexed h0", "draw across", "draw blind", "draw fate",
    "draw duck", "draw across", "draw right", "draw left", "draw across", "draw left", "draw across", "draw left",
    "draw called", "draw doubleback", "draw detonate", "draw right", "cast 2", "play called h0 >1", "pass", "pass",
    "play blind h0 >0", "pass", "pass", "pick duck", "play duck h0 >2", "pass", "pass", "play fate h0", "pass",
    "pass", "draw right", "play right h0 >1", "pass", "pass", "play left h0 >2", "pass", "pass", "play left h0 >0",
    "pass", "pass", "play doubleback h0 >2,2", "pass", "pass", "play right h0 >1"]


def two_copies_position() -> Any:
    """The position TWO_COPIES_LOG leads to: Player 3 to answer the second Hex."""
    from pygame_core.engine import Match
    return Match.replay(GAME, 3, {"series": 1, "rulings": "2026-12"}, "hotseat-phone", TWO_COPIES_LOG).state


def test_a_second_copy_of_a_card_plays_when_the_first_is_readied_face_down() -> None:
    """Only the first copy of a card in the hand carried its ways to play; with that copy
    readied face down for one Hex, the other copy was drawn as a card that "cannot be played
    now", marked to read only: the answer to the second Hex was found only by opening a card
    said to have none (a scripted hot-seat game, which takes such cards at their word, stopped)."""
    view = two_copies_position().view(2)
    assert view["hand"] == ["right", "right"] and view["readied"] == ["right"]
    assert view["legal"] == ["play right h1 >1"]
    out = str(render(view, {}, NAMES))
    cards = re.findall(r'<(?:button|div)[^>]*class="hx-card [^"]*"[^>]*>', out)
    assert len(cards) == 2 and "hx-readied" in cards[0]
    assert "hx-playable" in cards[1] and "data-read" not in cards[1], cards[1]
    opened = str(render(view, {"card": "right"}, NAMES))
    assert 'data-action="play right h1 &gt;1"' in opened, "the answer to the second Hex is offered"


def test_under_deception_the_claims_come_first_and_the_claimed_cards_text_after() -> None:
    from pygame_core.hex_hex.components import CARDS_BY_ID
    from pygame_core.hex_hex.rules import Cast
    state = start([hand(), hand(), hand(), ["deception", "curse", "right", "right", "left"]])
    state.apply(Cast(3))
    view = state.view(3)
    claiming = str(render(view, {"card": "curse"}, NAMES))
    assert "hx-detail" not in claiming, "the list of claims takes the room"
    claimed = str(render(view, {"card": "curse", "claim": "boostl"}, NAMES))
    assert CARDS_BY_ID["boostl"].text in claimed and 'class="hx-detail hx-cat-enhanced"' in claimed


def test_a_tie_break_round_is_named_as_a_tie_break_not_as_a_round_past_the_last() -> None:
    """Past the last round, ties are broken in rounds where Voice counts double: the centre
    and the status said "Round 6/5 · TIE-BREAK ×2" and "Round 6 of 5"; they name the
    tie-break and its count, and the centre's line is no wider than that (tokens keep clear
    of it)."""
    from pygame_core.hex_hex.board import centre_lines
    view = charmed().view(0)
    view["round"], view["tiebreak"] = view["rounds"] + 2, 2
    out = str(render(view, {}, NAMES))
    assert "Tie-break 2 · Voice ×2" in out
    assert "Tie-break round 2: every Voice gain and loss counts double" in out
    assert f'Round {view["rounds"] + 2}' not in out and "TIE-BREAK" not in out
    assert centre_lines(99, 99, 1, 5, 0)[0] == "Round 1/5"
    assert len(centre_lines(99, 99, 17, 16, 10)[0]) <= len("Round 6/5 · TIE-BREAK ×2")


def test_the_centres_words_are_written_over_the_arrows_that_cross_the_felt() -> None:
    """On a 6-player phone table the arrow from the caster to a Hex crossed the round and the
    piles, drawn under it. The words come after every arrow (drawn over them; their halo is
    in web/styles/hex-hex.css), and the table's name for a screen reader says the round as the
    status line does."""
    view = charmed().view(0)
    out = str(render(view, {}, NAMES))
    assert 'class="hx-target-line' in out
    assert out.rindex('class="hx-target-line') < out.index('class="hx-centre"')
    assert out.index('class="hx-felt"') < out.index('class="hx-target-line')
    assert f'players, round {view["round"]} of {view["rounds"]}"' in out
    view["round"], view["tiebreak"] = view["rounds"] + 1, 1
    assert 'players, tie-break round 1"' in str(render(view, {}, NAMES))
