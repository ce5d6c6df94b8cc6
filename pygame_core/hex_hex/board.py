"""The HEX-HEX XL table drawn in SVG: seats round an oval, the viewer at the bottom, each
with its Voice, hand size, standing effects and dealer/caster marks; every Hex a token
beside its Intended with its markers written on it and an arrow from whoever targeted it;
the card each seat played last, and what just happened to it (a floating badge).

Pure functions of one seat's view (see view.py, which puts the board beside the prompt and
the hand). What a player reads names things in words: "the Hex on Bo" or "the second Hex on
Bo", never a Hex id, a seat code or an action's notation (those stay in `data-*`). The
pieces that repeat from one redraw to the next (seats, their played cards and badges, Hex
tokens, arrows, the folded seat list) are memoised on their words and numbers, so a redraw
costs no more than the f-strings did.
"""

from __future__ import annotations

import functools
import json
import math
from collections import Counter
from typing import Any, Callable

from ..markup import Markup, join, tag
from .components import CARDS_BY_ID, CATEGORY_NAMES

W, H = 560, 364
SEAT_W, SEAT_H = 160, 96  # a seat's box on the table, in viewBox units (two lines of marks fit)
MARKS_CHARS = 21  # the characters of marks one line of a seat box holds at their size
FX_H = 22  # the height of the badge saying what just happened to a seat
CX, CY, RX, RY = 280, 182, 196, 126
ARROW_FROM = 0.62  # where arrows start, between a seat and the centre
HEX_R, HEX_CLEAR = 16, 3  # a Hex token's radius; its least gap to a seat's box and badge, and to text
TOKEN_GAP = 2 * HEX_R + 2  # the least distance between two tokens' centres
RING_STEP, ANGLE_STEP = 4, 5  # how finely a further token's place is searched: units, degrees
CHAR_EM = 0.58  # a character's width in a text, for its size: a generous mean over the table's type
CENTRE_TYPE = (18, 17)  # the centre's two lines' type on a phone (hex-hex.css), larger than a desktop's
CENTRE_BASELINES = (CY - 4, CY + 12)
INK_ABOVE, INK_BELOW = 0.85, 0.2  # how far a line's letters reach above and below its baseline, in its size
BACK_STEP = 4  # how far each card back under the top one of a stack shows, up and to the left
SIGN_WORDS = {"rock": "Rock", "paper": "Paper", "scissors": "Scissors"}
"""The signs as words: hand emoji show as empty boxes where no emoji font is installed."""
CATEGORY_GLYPH = {"basic": "➜", "enhanced": "✦", "counter": "⊘", "hexed": "☠", "dealt": "★"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")

_FELT = join(tag("defs", tag(  # the felt in the middle of the table, and the arrows' heads
    "marker", tag("path", d="M0,0 L10,5 L0,10 z", class_="hx-arrowhead"),
    id="hx-arrow", viewBox="0 0 10 10", refX=9, refY=5, markerWidth=7, markerHeight=7,
    orient="auto-start-reverse")), tag("ellipse", class_="hx-felt", cx=CX, cy=CY, rx=RX - 40, ry=RY - 30))


Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom


def seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _round_from_me(view: dict[str, Any], seat: int) -> int:
    """How many places round the table `seat` sits from the viewer (who sits at the bottom)."""
    n: int = view["players"]
    me = view["seat"] if isinstance(view["seat"], int) and 0 <= view["seat"] < n else 0
    return (seat - me) % n


def _spot(players: int, place: int, shrink: float = 1.0) -> tuple[float, float]:
    angle = math.radians(90 + 360 * place / players)
    return CX + RX * shrink * math.cos(angle), CY + RY * shrink * math.sin(angle)


def _pos(view: dict[str, Any], seat: int, shrink: float = 1.0) -> tuple[float, float]:
    return _spot(view["players"], _round_from_me(view, seat), shrink)


def badge_top(top: float) -> float:
    """Where the badge row of a seat box with its top at `top` begins: on the box's top edge,
    or, for a seat at the table's top edge with no room above, on its bottom edge."""
    return top - FX_H + 4 if top >= FX_H - 4 else top + SEAT_H - 4


def seat_room(x: float, y: float) -> Box:
    """What a seat drawn at (x, y) covers: its box and the row of its badge (up to 8 units past
    the box's right side, see badge_box)."""
    left, top = x - SEAT_W / 2, y - SEAT_H / 2
    row = badge_top(top)
    return left, min(top, row), left + SEAT_W + 8, max(top + SEAT_H, row + FX_H)


def face_down_box(left: float, top: float) -> Box:
    """Where the card back of a readied face-down answer lies on the seat box at (left, top): on
    its top-left corner, its top on the table at the table's top edge, its foot clear of the
    Voice line."""
    y = max(top - 12, 0.0)
    return left + 2, y, left + 26, top + 20


def face_down_boxes(left: float, top: float, count: int) -> list[Box]:
    """The card backs drawn for a seat's `count` readied answers, the bottom one first: the top
    one where face_down_box puts it and, for two or more, one more peeking out up and to the left
    of it, a small stack (the top one says how many). Every seat's box leaves room on its left;
    at the table's top edge the one under peeks out on the left alone."""
    x0, y0, x1, y1 = top_back = face_down_box(left, top)
    under = (x0 - BACK_STEP, max(y0 - BACK_STEP, 0.0), x1 - BACK_STEP, y1 - BACK_STEP)
    return [under, top_back] if count > 1 else [top_back]


def face_down_text(count: int) -> str:
    """What the top card back says: "?" for one answer, how many for more (a "×" as well would
    not fit the card at the card's type)."""
    return str(count) if count > 1 else "?"


def name_room(left: float, ready: bool) -> tuple[float, float]:
    """Where across the seat box at `left` its name may be drawn, x and width: after the card
    back when the seat has readied a face-down answer, so the card never covers the name."""
    inset = face_down_box(0.0, 0.0)[2] + 2 if ready else 4
    return left + inset, SEAT_W - 4 - inset


def distance_to(x: float, y: float, box: Box) -> float:
    left, top, right, bottom = box
    return math.hypot(max(left - x, 0.0, x - right), max(top - y, 0.0, y - bottom))


def centre_lines(deck: int, discard: int, round_no: int, rounds: int, tiebreak: int) -> tuple[str, str]:
    """The centre's two lines of text: the round (a tie-break's by its own count, as its
    round number is past the last), then the piles."""
    return (f"Tie-break {tiebreak} · Voice ×2" if tiebreak else f"Round {round_no}/{rounds}",
            f"Deck {deck} · Discards {discard}")


def centre_text_boxes(view: dict[str, Any]) -> tuple[Box, ...]:
    """What each of the centre's lines covers, in its larger type, the piles' line at its widest
    (two-digit counts): tokens keep clear of them and stay put while the piles change in a round."""
    lines = centre_lines(99, 99, view["round"], view["rounds"], int(view["tiebreak"]))
    return tuple((CX - len(line) * size * CHAR_EM / 2, baseline - size * INK_ABOVE,
                  CX + len(line) * size * CHAR_EM / 2, baseline + size * INK_BELOW)
                 for line, size, baseline in zip(lines, CENTRE_TYPE, CENTRE_BASELINES))


@functools.lru_cache(maxsize=64)
def _keep_clear(players: int, centre: tuple[Box, ...]) -> tuple[Box, ...]:
    """What every token keeps clear of: each seat's box and badge, and the centre's text."""
    return (*(seat_room(*_spot(players, place)) for place in range(players)), *centre)


def _way_to_centre(players: int, place: int) -> Point:
    """The point on the way from a seat to the centre nearest the seat and clear of the seat's
    box and badge (a fixed share of the way put a token on the box's edge at some table sizes,
    and under a badge at others)."""
    sx, sy = _spot(players, place)
    d = math.hypot(CX - sx, CY - sy)
    ux, uy = (CX - sx) / d, (CY - sy) / d
    room = seat_room(sx, sy)
    t = 0.0
    while t < d and distance_to(sx + ux * t, sy + uy * t, room) < HEX_R + HEX_CLEAR:
        t += 1.0
    return sx + ux * t, sy + uy * t


@functools.lru_cache(maxsize=64)
def _first_spots(players: int, centre: tuple[Box, ...]) -> tuple[Point, ...]:
    """Where each place's first (or lone) Hex token sits: on its way to the centre or, where
    that is on the centre's text, at the nearest point clear of it that is still nearer its own
    seat than any other. Found for every place at once, so no two places' first tokens meet,
    and a token stays put when another seat gets a Hex."""
    rooms = _keep_clear(players, centre)
    seats = rooms[:players]
    spots: list[Point] = []
    for place in range(players):
        def fits_by_its_seat(x: float, y: float, place: int = place) -> bool:
            return (_fits(x, y, rooms, spots)
                    and min(range(players), key=lambda s: distance_to(x, y, seats[s])) == place)
        way = _way_to_centre(players, place)
        spots.append(way if fits_by_its_seat(*way) else _nearest_free(way, fits_by_its_seat, nearest=RING_STEP))
    return tuple(spots)


RING_DIRECTIONS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a)))
                        for step in range(180 // ANGLE_STEP + 1)
                        for a in sorted({step * ANGLE_STEP % 360, -step * ANGLE_STEP % 360}))
"""The directions tried round each ring: rightwards first (the next token as one reads), then
a step either side of it at a time, round to leftwards."""
FARTHEST = int(math.hypot(W, H))
"""No ring needs to be wider than the table's diagonal."""


def _fits(x: float, y: float, rooms: tuple[Box, ...], taken: list[Point]) -> bool:
    """Whether a token at (x, y) is on the table, clear of every box of `rooms`, and apart from
    every token already placed."""
    return (HEX_R <= x <= W - HEX_R and HEX_R <= y <= H - HEX_R
            and all(distance_to(x, y, room) >= HEX_R + HEX_CLEAR for room in rooms)
            and all(math.hypot(x - tx, y - ty) >= TOKEN_GAP for tx, ty in taken))


def _nearest_free(spot: Point, fits: Callable[[float, float], bool], nearest: int = TOKEN_GAP) -> Point:
    """The nearest point to `spot`, `nearest` or more from it, where a token `fits`, ring by ring
    outwards (cheaper on a slow phone than a grid over the table; a further token starts a
    token's width out, as nearer points are on the seat's first). A table with no room left
    finds none: the token then goes on the spot itself, over the seat's first."""
    sx, sy = spot
    for r in range(nearest, FARTHEST, RING_STEP):
        for ux, uy in RING_DIRECTIONS:
            x, y = sx + r * ux, sy + r * uy
            if fits(x, y):
                return x, y
    return spot


@functools.lru_cache(maxsize=256)
def _token_layout(players: int, counts: tuple[int, ...], centre: tuple[Box, ...]) -> tuple[tuple[Point, ...], ...]:
    """Where every Hex token on the table sits, from how many sit before each place round the
    table from the viewer (several may sit before one player: "Dealing with Multiple Hexes").
    A place's first token sits on its spot (_first_spots), as a lone one does; each further
    one at the nearest point to that spot that is on the table, clear of every seat's box and
    badge and of the centre's text (`centre`), and apart from every token placed before it."""
    rooms = _keep_clear(players, centre)
    first = _first_spots(players, centre)
    layout = [[first[place]] if count else [] for place, count in enumerate(counts)]
    taken = [spot for spots in layout for spot in spots]
    for k in range(1, max(counts, default=0)):
        for place, count in enumerate(counts):
            if count > k:   # second tokens all round the table before any third, and so on
                point = _nearest_free(first[place], lambda x, y: _fits(x, y, rooms, taken))
                layout[place].append(point)
                taken.append(point)
    return tuple(tuple(spots) for spots in layout)


def card_label(card: str) -> str:
    return CARDS_BY_ID[card].name


def voice_text(n: int) -> str:
    return f"{n} Voice"   # Voice is counted like points but reads the same for one or many


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def hex_markers(h: dict[str, Any]) -> str:
    bits = []
    if h["boost"]:
        bits.append(f"+{h['boost']} Boost")
    if h["obs"]:
        bits.append(f"Obsession ×{h['obs']}")
    if h["esc"]:
        bits.append(f"+{h['esc']} grown")
    if h["mad"]:
        bits.append("COMPEL " + ("←left" if h["mad"] == "L" else "right→"))
    if h["force"]:
        bits.append("must play " + card_label(h["force"]))
    return ", ".join(bits)


def hex_names(view: dict[str, Any]) -> dict[int, str]:
    """Each Hex named as a player tells them apart: "the Hex", or "the second Hex" when
    several Hexes are on the same player (in the order the table stacks them)."""
    on: dict[int, list[int]] = {}
    for h in view["hexes"]:
        on.setdefault(h["at"], []).append(h["id"])
    words = {}
    for ids in on.values():
        for k, hid in enumerate(ids):
            words[hid] = "the Hex" if len(ids) == 1 else f"the {ORDINALS[min(k, len(ORDINALS) - 1)]} Hex"
    return words


def _hex_shape(x: float, y: float) -> str:
    return " ".join(f"{x + 16 * math.cos(math.radians(60 * i + 30)):.1f},"
                    f"{y + 16 * math.sin(math.radians(60 * i + 30)):.1f}" for i in range(6))


@functools.lru_cache(maxsize=512)
def _hex_token(x: float, y: float, label: str, loss: int, mad: str, boost: int, obs: int, piece: str,
               moving: bool = False, marks_left: bool = False) -> Markup:
    """A Hex token with its markers, named in words for screen readers and as a tooltip.
    `piece` names it for the page's animation (the same Hex keeps its name as it moves);
    `moving`: a card is sending it here and the table may still respond; `marks_left`: its
    Boost and Obsession marks go on its left, away from a seat box on its right."""
    hex_cls = ("hx-hex" + (" hx-hex-mad" if mad else "") + (" hx-hex-boost" if boost else "")
               + (" hx-hex-moving" if moving else ""))
    return tag(
        "g", tag("title", label), tag("polygon", points=_hex_shape(x, y)),
        tag("text", loss, x=f"{x:.0f}", y=f"{y + 4:.0f}", text_anchor="middle"),
        tag("text", "⟲L" if mad == "L" else "R⟳", x=f"{x:.0f}", y=f"{y - 20:.0f}",
            text_anchor="middle", class_="hx-marker") if mad else None,
        tag("text", "▲" * boost, "◎" * obs, x=f"{x - 19 if marks_left else x + 19:.0f}", y=f"{y + 4:.0f}",
            text_anchor="end" if marks_left else None, class_="hx-marker") if boost or obs else None,
        class_=hex_cls, role="img", aria_label=label, data_piece=piece or None)


def _seat_svg(view: dict[str, Any], names: list[str], legal: set[str], s: int,
              played: dict[int, tuple[str, str, bool]], fx: dict[int, tuple[str, str, str]]) -> Markup:
    x, y = _pos(view, s)
    cls = ["hx-seat"]
    if view["current"] == s:
        cls.append("hx-active")
    if s == view["seat"]:
        cls.append("hx-me")
    action = f"cast {s}"
    clickable = action in legal
    if clickable:
        cls.append("hx-clickable")
    wins = view["wins"][s] if view.get("series", 1) > 1 else None
    card, card_label_text, fresh = played.get(s, ("", "", False))
    mark = fx.get(s, ("", "", ""))
    ready = any(c["done"] and c["seat"] == s for c in view["commits"])
    return _seat_markup(x, y, " ".join(cls), action if clickable else None, seat_name(names, s),
                        view["current"] == s, ready, view["voice"][s], view["hand_sizes"][s],
                        mark_lines(_seat_marks(view, names, s)), wins, card, card_label_text, fresh,
                        f"played-{s}-{card}", *mark)


def _seat_marks(view: dict[str, Any], names: list[str], s: int) -> list[str]:
    """A seat's standing marks in words (dealer, caster, effects on them, cards face down)."""
    marks = []
    if s == view["dealer"]:
        marks.append("Dealer")
    if s == view["caster"]:
        marks.append("Caster")
    if view["ward"][s]:
        marks.append("Ward")
    if view["deceive"][s]:
        marks.append("Deception")
    if view["charm"][s] >= 0:
        marks.append(f"♥ charmed by {seat_name(names, view['charm'][s])}")
    if view["facedown"][s]:
        marks.append(f"{view['facedown'][s]} face down")   # how many, never which
    return marks


def mark_lines(marks: list[str], width: int = MARKS_CHARS) -> tuple[str, ...]:
    """A seat's marks on at most two lines of whole marks ("Dealer · 4 face down", "♥ charmed
    by Bo"): one long line would run out of the seat's box over its neighbours. The charm, the
    longest mark, has a line of its own; what a line cannot hold is squeezed to fit (`_fit`)."""
    charm = [m for m in marks if m.startswith("♥")]
    lines: list[str] = []
    for mark in (m for m in marks if m not in charm):
        if lines and (len(lines) + len(charm) >= 2 or len(lines[-1]) + 3 + len(mark) <= width):
            lines[-1] += " · " + mark
        else:
            lines.append(mark)
    return (*lines, *charm)


def _fit(chars: int, size: float, room: float) -> dict[str, str]:
    """SVG attributes that squeeze a text of `chars` characters at `size` into `room` units,
    when it would not fit (a long name, a long card title): never cut off, never spilling."""
    return {"textLength": f"{room:.0f}", "lengthAdjust": "spacingAndGlyphs"} if chars * size * CHAR_EM > room else {}


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def badge_box(left: float, top: float, text: str) -> tuple[float, float, float]:
    """Where the badge saying `text` goes on the seat box at (left, top): x, y and width. By the
    box's right corner, inside the table, on its top edge clear of the name; a seat at the
    table's top edge has no room above it and gets it on its bottom edge, clear of the card
    it played. A long badge is narrowed (its text squeezed) to start after where a readied
    answer's card back lies, readied or not: a badge stays over several redraws, and a card
    back may come or go under it."""
    right = min(left + SEAT_W + 8, W - 2)
    width = min(22 + 7.5 * len(text), right - name_room(left, True)[0])  # 22: the pill's rounded ends
    return right - width, badge_top(top), width


@functools.lru_cache(maxsize=1024)
def _seat_markup(x: float, y: float, cls: str, action: str | None, name: str, current: bool, ready: bool,
                 voice: int, hand: int, marks: tuple[str, ...], wins: int | None, card: str, card_text: str,
                 fresh: bool, card_piece: str, fx_text: str, fx_cls: str, fx_piece: str) -> Markup:
    """One seat's box (cached: a redraw changes one or two seats at most): the name, Voice and
    hand size in large type, the standing marks (left out on a phone: the folded seat list
    under the table has them), the card this seat played last, and what just happened to it
    (a floating badge). `ready`: the seat has readied a face-down answer, whose card back
    (_face_down) takes the start of the name's line."""
    left, top = x - SEAT_W / 2, y - SEAT_H / 2
    name_x, name_width = name_room(left, ready)
    played = _played_card(x, top, card, card_text, fresh, card_piece) if card else None
    badge = _badge(left, top, name, fx_text, fx_cls, fx_piece) if fx_text else None
    return tag(
        "g",
        # the button's name; a <title> (not aria-label) so the seat's visible text stays readable
        tag("title", f"Cast the Hex on {name}" if action else
            ", ".join([name, voice_text(voice), _cards(hand), *marks])),
        tag("rect", x=f"{left:.0f}", y=f"{top:.0f}", width=SEAT_W, height=SEAT_H, rx=10, class_="hx-seat-box"),
        # a long name is clipped to its room (the seat's tooltip has it whole)
        tag("svg", tag("text", "▶ " if current else "", name, x=f"{name_width / 2:.0f}", y=20,
                       text_anchor="middle", class_="hx-seat-name"),
            x=f"{name_x:.0f}", y=f"{top:.0f}", width=f"{name_width:.0f}", height=28, overflow="hidden"),
        tag("text", tag("tspan", "Voice ", voice, class_="hx-voice"), " · ", _cards(hand),
            " · won " + str(wins) if wins is not None else "",
            x=f"{x:.0f}", y=f"{top + 38:.0f}", text_anchor="middle", class_="hx-seat-brief",
            **_fit(len(f"Voice {voice} · {_cards(hand)}") + (8 if wins is not None else 0), 17, SEAT_W - 10)),
        [_mark_line(x, top + 53 + 13 * i, line) for i, line in enumerate(marks)],
        played, badge,
        class_=cls, data_action=action, tabindex=0 if action else None, role="button" if action else None)


@functools.lru_cache(maxsize=512)
def _played_card(x: float, top: float, card: str, card_text: str, fresh: bool, card_piece: str) -> Markup:
    """The card a seat played last, on its box (cached apart from the box: it stays while
    the seat's Voice and hand change)."""
    c = CARDS_BY_ID[card]
    left = x - SEAT_W / 2
    return tag(
        "g", tag("title", card_text),
        tag("rect", x=f"{left + 6:.0f}", y=f"{top + 69:.0f}", width=SEAT_W - 12, height=22, rx=4,
            class_="hx-wide"),
        tag("text", CATEGORY_GLYPH[c.category], " ", c.name, x=f"{x:.0f}", y=f"{top + 85:.0f}",
            text_anchor="middle", class_="hx-wide", **_fit(len(c.name) + 2, 14, SEAT_W - 20)),
        _played_narrow(x, top, f"{CATEGORY_GLYPH[c.category]} {c.name}"),
        class_=f"hx-played hx-cat-{c.category}" + (" hx-played-new" if fresh else ""),
        data_piece=card_piece, role="img", aria_label=card_text)


@functools.lru_cache(maxsize=512)
def _badge(left: float, top: float, name: str, fx_text: str, fx_cls: str, fx_piece: str) -> Markup:
    """What just happened to a seat, as a floating badge on its box (cached like the card)."""
    bx, by, width = badge_box(left, top, fx_text)
    return tag("g", tag("rect", x=f"{bx:.0f}", y=f"{by:.0f}",
                        width=f"{width:.0f}", height=FX_H, rx=FX_H // 2),
               tag("text", fx_text, x=f"{bx + width / 2:.0f}", y=f"{by + 16:.0f}",
                   text_anchor="middle", **_fit(len(fx_text), 17, width - 12)),  # a phone's larger type
               class_=f"hx-fx {fx_cls}", data_piece=fx_piece, role="img", aria_label=f"{name}: {fx_text}")


def _played_narrow(x: float, top: float, name: str) -> Markup:
    """The card a seat played as a phone shows it (app CSS swaps it in): in the room the
    marks leave there, in type large enough to read, on two lines when it is long."""
    words = name.split(" ")
    lines = [name]
    if len(name) > 13:
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(name) / 2))
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
    tall = 20 * len(lines) + 4
    return tag("g", tag("rect", x=f"{x - SEAT_W / 2 + 6:.0f}", y=f"{top + SEAT_H - 5 - tall:.0f}", width=SEAT_W - 12,
                        height=tall, rx=4),
               [tag("text", line, x=f"{x:.0f}", y=f"{top + SEAT_H - tall + 13 + 20 * i:.0f}", text_anchor="middle",
                    **_fit(len(line), 17, SEAT_W - 18)) for i, line in enumerate(lines)],
               class_="hx-narrow")


def _mark_line(x: float, y: float, line: str) -> Markup:
    """A line of marks under the Voice line, inside the box: squeezed if it must be, or, when it
    names a player (the charm), clipped like the seat's name (the tooltip has it whole): how a
    seat is drawn never depends on how long a name is."""
    if not line.startswith("♥"):
        return tag("text", line, x=f"{x:.0f}", y=f"{y:.0f}", text_anchor="middle", class_="hx-seat-info",
                   **_fit(len(line), 12, SEAT_W - 12))
    return tag("svg", tag("text", line, x=SEAT_W / 2 - 6, y=12, text_anchor="middle", class_="hx-seat-info"),
               x=f"{x - SEAT_W / 2 + 6:.0f}", y=f"{y - 12:.0f}", width=SEAT_W - 12, height=16, overflow="hidden")


@functools.lru_cache(maxsize=256)
def _centre_words(deck: int, discard: int, round_no: int, rounds: int, tiebreak: int) -> Markup:
    """The round and the piles, written on the felt over any arrow crossing it (their halo,
    in the felt's colour, parts the arrow's line where the words are)."""
    lines = centre_lines(deck, discard, round_no, rounds, tiebreak)
    return join(tag("text", line, class_=cls, x=CX, y=y, text_anchor="middle")
                for line, cls, y in zip(lines, ("hx-centre", "hx-centre hx-centre-small"), CENTRE_BASELINES))


def round_name(view: dict[str, Any]) -> str:
    """The round as a person says it: "round 2 of 5", or past the last "tie-break round 1"."""
    tiebreak = int(view.get("tiebreak", 0))
    return f"tie-break round {tiebreak}" if tiebreak else f"round {view['round']} of {view['rounds']}"


@functools.lru_cache(maxsize=256)
def _arrow(x1: str, y1: str, x2: str, y2: str, cls: str = "hx-target-line") -> Markup:
    return tag("line", class_=cls, x1=x1, y1=y1, x2=x2, y2=y2, marker_end="url(#hx-arrow)")


FX_EVENTS = 4
"""Outcomes among this many newest events float by their seats."""
RESPONSE_CARDS = {"returned": "null", "detonate": "detonate", "eradicated": "eradicate", "shout": "hexhex"}
"""Events of a card played out of turn (or on your turn, for an in-turn Null), by the card."""

Badge = tuple[int, str, str]
"""A floating badge: seat, words, class."""


def played_cards(view: dict[str, Any], names: list[str]) -> dict[int, tuple[str, str, bool]]:
    """seat -> (card id, words, just played) for the card each seat played last this round:
    the plays waiting in a response window, else the newest play the events tell of."""
    out: dict[int, tuple[str, str, bool]] = {}
    events = list(view.get("events", []))
    start = max((i + 1 for i, e in enumerate(events) if e["kind"] == "round_end"), default=0)
    for event in events[start:]:
        kind = event["kind"]
        card = event["card"] if kind in ("plays", "revealed") else RESPONSE_CARDS.get(kind, "")
        if card:
            seat = event["seat"]
            out[seat] = (card, f"{seat_name(names, seat)} played {card_label(card)}", False)
    for it in view.get("pending", []):
        seat = it["seat"]
        if it["kind"] == "play":
            card = it["card"]
            down = " face down, claiming it is" if it.get("deceit") else ""
            out[seat] = (card, f"{seat_name(names, seat)} just played{down} {card_label(card)}", True)
        elif it["kind"] in ("null", "detonate", "eradicate"):
            out[seat] = (it["kind"], f"{seat_name(names, seat)} just played {card_label(it['kind'])}", True)
    return out


def badges(event: dict[str, Any]) -> list[Badge]:
    """What an event shows by the seats it happened to: Voice lost or won, a challenge, a
    Detonate, the HEX-HEX race (nothing for the others)."""
    good, bad = "hx-fx-good", "hx-fx-bad"
    match event:
        case {"kind": "hexed", "seat": seat, "lost": lost, "by": by, "gained": gained}:
            return [(seat, f"HEXED −{lost}", bad)] + ([(by, f"+{gained} Voice", good)] if by is not None else [])
        case {"kind": "whatthehex", "seat": seat, "gained": gained}:
            return [(seat, f"+{gained} Voice", good)]
        case {"kind": "level", "seat": seat}:
            return [(seat, "Level +1", good)]
        case {"kind": "bluff_caught", "seat": seat, "liar": liar}:
            return [(seat, "Challenge won", good), (liar, "Caught bluffing", bad)]
        case {"kind": "challenge_failed", "seat": seat, "liar": liar, "lost": lost}:
            return [(seat, f"Challenge lost −{lost}", bad), (liar, "Honest", good)]
        case {"kind": "detonate", "seat": seat, "target": target}:
            return [(seat, "Detonate +1", good), (target, "Detonated!", bad)]
        case {"kind": "spite", "seat": seat, "given": given, "target": target, "lost": lost}:
            return [(seat, f"Spite −{given}", bad), (target, f"−{lost} Voice", bad)]
        case {"kind": "strike", "target": target, "lost": lost}:
            return [(target, f"Struck −{lost}", bad)]
        case {"kind": "shout", "seat": seat}:
            return [(seat, "HEX-HEX!", "hx-fx-call")]
        case {"kind": "race", "slowest": slowest}:
            return [(seat, "Slowest −3", bad) for seat, _ms in slowest]
    return []


def outcomes(view: dict[str, Any]) -> dict[int, tuple[str, str, str]]:
    """seat -> (words, class, piece name) for the newest outcome among the last few events.
    The piece name stays the same while the event stays among them, so the page shows it
    arriving only once."""
    events = view.get("events", [])
    out: dict[int, tuple[str, str, str]] = {}
    first = max(0, len(events) - FX_EVENTS)
    # only the newest few are written out (the name counts the same event later among them);
    # json.dumps writes ASCII only, so its bytes add up to the sum of its characters' codes
    texts = [json.dumps(e, sort_keys=True) for e in events[first:]]
    for k in range(first, len(events)):
        text = texts[k - first]
        ident = f"{len(text)}-{sum(text.encode('ascii'))}-{texts[k - first + 1:].count(text)}"
        for seat, words, cls in badges(events[k]):
            if 0 <= seat < view["players"]:
                out[seat] = (words, cls, f"fx-{seat}-{ident}")
    return out


def _moves(view: dict[str, Any]) -> dict[int, list[tuple[int, int, bool]]]:
    """Hex id -> where a card in the response window is sending it: (seat, sent by, a copy)."""
    out: dict[int, list[tuple[int, int, bool]]] = {}
    for it in view.get("pending", []):
        if it["kind"] != "play" or not it.get("to"):
            continue
        to, seat = list(it["to"]), it["seat"]
        if it["card"] in ("twain", "doubleback"):
            out[it["hex"]] = [(to[0], seat, False)] + [(t, seat, True) for t in to[1:2]]
        elif it["card"] == "friend":
            out[it["hex"]] = [(to[-1], seat, False)]
        else:
            out[it["hex"]] = [(to[0], seat, False)]
    return out


Place = tuple[dict[str, Any], int, int, bool, bool]
"""Where a Hex is drawn: the Hex, at whom, sent by whom, on its way (a card in the window is
sending it), and whether it is the copy a Twain or Double Back is making."""


def _places(view: dict[str, Any]) -> list[Place]:
    """Where each Hex is drawn: at its Intended, or where the card just played sends it."""
    moves = _moves(view)
    return [(h, at, by, h["id"] in moves, copy)
            for h in view["hexes"]
            for at, by, copy in moves.get(h["id"], [(h["at"], h["by"], False)])]


def token_points(view: dict[str, Any], places: list[Place]) -> list[Point]:
    """Where each of `places` has its token, in the same order."""
    n: int = view["players"]
    rounds = [_round_from_me(view, at) for _h, at, _by, _moving, _copy in places]
    layout = _token_layout(n, tuple(rounds.count(place) for place in range(n)), centre_text_boxes(view))
    drawn = [0] * n
    out = []
    for place in rounds:
        out.append(layout[place][drawn[place]])
        drawn[place] += 1
    return out


def _arrows(view: dict[str, Any], places: list[Place], points: list[Point]) -> list[Markup]:
    """Who targeted whom (dashed brighter while the table may still respond), each arrow to
    the token of its Hex."""
    out = []
    for (_h, at, by, moving, _copy), (x2, y2) in zip(places, points):
        if by >= 0 and by != at:
            x1, y1 = _pos(view, by, ARROW_FROM)
            d = math.hypot(x2 - x1, y2 - y1) or 1.0
            x2, y2 = x2 - (x2 - x1) * 22 / d, y2 - (y2 - y1) * 22 / d   # the head stops at the token
            out.append(_arrow(f"{x1:.0f}", f"{y1:.0f}", f"{x2:.0f}", f"{y2:.0f}",
                              "hx-target-line hx-pending-line" if moving else "hx-target-line"))
    return out


def _hex_label(called: str, place: Place, names: list[str]) -> str:
    h, at, by, moving, copy = place
    label = f"{_cap(called)} on {seat_name(names, at)}"
    if copy:
        label = f"A copy of {called}, on its way to {seat_name(names, at)}"
    elif moving:
        label = f"{_cap(called)}, on its way to {seat_name(names, at)}"
    if by >= 0:
        label += f", sent by {seat_name(names, by)}"
    label += f", costs {voice_text(h['loss'])}"
    markers = hex_markers(h)
    return label + (f" ({markers})" if markers else "")


def _hex_tokens(view: dict[str, Any], names: list[str], places: list[Place],
                points: list[Point]) -> list[Markup]:
    """The Hex tokens by their Intended (see token_points), ringed while a window may still
    stop the card that moves them."""
    out = []
    called = hex_names(view)
    window = view.get("phase") == "window"
    for place, (x, y) in zip(places, points):
        h, at, _by, moving, copy = place
        marks_left = _pos(view, at)[0] > x   # the seat's box is on the token's right
        if moving and window:
            # The ring alone: the prompt under the table says who may respond (a phone's
            # table has no free room for a label by every token).
            out.append(tag("g", tag("circle", cx=f"{x:.0f}", cy=f"{y:.0f}", r=27),
                           class_="hx-window-ring", aria_hidden="true"))
        out.append(_hex_token(x, y, _hex_label(called[h["id"]], place, names), h["loss"], h["mad"],
                              h["boost"], h["obs"], f"hex-{h['id']}-copy" if copy else f"hex-{h['id']}",
                              moving, marks_left))
    return out


def _face_down(view: dict[str, Any], names: list[str]) -> list[Markup]:
    """Card backs on the corner of each seat that has readied face-down answers, a small stack
    with the count on it for two or more (see face_down_boxes; the seat's name starts after it)."""
    readied = Counter(c["seat"] for c in view["commits"] if c["done"])
    out = []
    for seat, count in readied.items():
        x, y = _pos(view, seat)
        backs = face_down_boxes(x - SEAT_W / 2, y - SEAT_H / 2, count)
        left, top, right, bottom = backs[-1]
        answers = "a face-down answer" if count == 1 else f"{count} face-down answers"
        out.append(tag("g", [tag("rect", x=f"{x0:.0f}", y=f"{y0:.0f}", width=f"{x1 - x0:.0f}",
                                 height=f"{y1 - y0:.0f}", rx=3) for x0, y0, x1, y1 in backs],
                       tag("text", face_down_text(count), x=f"{(left + right) / 2:.0f}",
                           y=f"{(top + bottom) / 2 + 5:.0f}", text_anchor="middle"),
                       class_="hx-facedown", role="img", aria_label=f"{seat_name(names, seat)} has {answers} ready"))
    return out


def table_svg(view: dict[str, Any], ui: dict[str, str], names: list[str], legal: set[str]) -> Markup:
    """The table: the felt, arrows, the round and piles, seats, Hex tokens and face-down answers."""
    n = view["players"]
    places = _places(view)
    points = token_points(view, places)
    played = played_cards(view, names)
    fx = outcomes(view)
    out = [_FELT, *_arrows(view, places, points),
           _centre_words(view["deck"], view["discard"], view["round"], view["rounds"], int(view["tiebreak"])),
           *(_seat_svg(view, names, legal, s, played, fx) for s in range(n)),
           *_hex_tokens(view, names, places, points), *_face_down(view, names)]
    # The table fits its frame at every width (seats are at least 44 px tall on a phone).
    return tag("svg", out, class_="hx-table", viewBox=f"0 0 {W} {H}", role="group", data_rove="board",
               aria_label=f"The table: {n} players, {round_name(view)}")


def seat_list(view: dict[str, Any], names: list[str]) -> Markup:
    """Every seat's details in words, folded away: the table on a phone shows fewer."""
    return _seat_list(tuple(
        (seat_name(names, s), ", ".join([voice_text(view["voice"][s]), _cards(view["hand_sizes"][s]),
                                         *_seat_marks(view, names, s)]))
        for s in range(view["players"])))


@functools.lru_cache(maxsize=256)
def _seat_list(rows: tuple[tuple[str, str], ...]) -> Markup:
    """The folded seat list, from each seat's name and details in words (cached: most
    moves change one seat's line or none)."""
    return tag("details", tag("summary", "Seats in detail, and the key to the symbols"),
               tag("ul", [tag("li", tag("strong", name), ": ", details) for name, details in rows]),
               CATEGORY_KEY, class_="hx-seat-list")


CATEGORY_KEY = tag("p", [tag("span", CATEGORY_GLYPH[k], " ", v, class_=f"hx-key hx-cat-{k}")
                         for k, v in CATEGORY_NAMES.items()],
                   tag("span", "▲ Boost · ◎ Obsession · ⟲L R⟳ Compulsion", class_="hx-key"),
                   class_="hx-keys", aria_label="Key to the card and Hex symbols")
