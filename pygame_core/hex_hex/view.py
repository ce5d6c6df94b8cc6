"""The HEX-HEX XL table as HTML + SVG: a pure function of one seat's view.

Seats sit round an oval table, the viewer at the bottom; each seat shows its Voice
track, hand size, standing effects and dealer/caster marks. Every Hex is a token stack
beside its Intended with its markers written on it and an arrow from whoever targeted
it. Below the table: the prompt for whatever the viewer must decide (a response window,
a face-down answer, the HEX-HEX race, a Hex Sign), then the viewer's hand with each
card's timing.

Glue notes (docs/adding-a-game.md): the HEX-HEX race button's `data-race` is the action
to play with the reaction time for `{ms}` (the page rounds it to 50 ms, at most 2000); its
`data-action` is only a slow fallback. A response prompt's `data-countdown="<s>"` and
`data-countdown-action="pass"` let the page pass after that many seconds when the table has
more than one person.
`response_window(view, names)` tells the page that the decision now is a response window
(with public facts only), so a shared device can ask the whole table at once.

Markup is built only with `pygame_core.markup` (names and every other text escaped by
construction). What a player reads names things in words: "the Hex on Bo" or "the second
Hex on Bo", never a Hex id, a seat code or an action's notation (those stay in `data-*`).
The pieces that repeat from one redraw to the next (seats, Hex tokens, cards, buttons) are
memoised on their words and numbers, so a redraw costs no more than the f-strings did.
"""


from __future__ import annotations

import functools
import json
import math
import re
from typing import Any

from ..markup import Markup, join, tag, trusted
from .table import (  # noqa: F401 - the hooks the table uses (docs/adding-a-game.md)
    SETUP_TEXT, event_words, forced, score_breakdown, tie_break)
from .components import CARDS, CARDS_BY_ID, CATEGORY_NAMES, DECK_SIZE, TIMING_NAMES

W, H = 560, 364
SEAT_W, SEAT_H = 160, 84  # a seat's box on the table, in viewBox units
CX, CY, RX, RY = 280, 182, 196, 126
HEX_AT, ARROW_FROM = 0.46, 0.62
NAME_CHARS = 12  # a longer name is cut short on its seat (the seat's tooltip has it whole)  # where a Hex token sits between its seat and the centre; arrows start
SIGN_GLYPH = {"rock": "✊ rock", "paper": "✋ paper", "scissors": "✌ scissors"}
CATEGORY_GLYPH = {"basic": "➜", "enhanced": "✦", "counter": "⊘", "hexed": "☠", "dealt": "★"}
EFFECT_NAMES = {"ward": "Ward", "deception": "Deception", "charm": "Charm"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
RESPONSE_SECONDS = 6

_ARROW_DEFS = tag("defs", tag(
    "marker", tag("path", d="M0,0 L10,5 L0,10 z", class_="hx-arrowhead"),
    id="hx-arrow", viewBox="0 0 10 10", refX=9, refY=5, markerWidth=7, markerHeight=7,
    orient="auto-start-reverse"))


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _pos(view: dict[str, Any], seat: int, shrink: float = 1.0) -> tuple[float, float]:
    n = view["players"]
    me = view["seat"] if isinstance(view["seat"], int) and 0 <= view["seat"] < n else 0
    angle = math.radians(90 + 360 * ((seat - me) % n) / n)
    return CX + RX * shrink * math.cos(angle), CY + RY * shrink * math.sin(angle)


def card_label(card: str) -> str:
    return CARDS_BY_ID[card].name


def _voice(n: int) -> str:
    return f"{n} Voice"   # Voice is counted like points but reads the same for one or many


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _hex_markers(h: dict[str, Any]) -> str:
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


def _hex_words(view: dict[str, Any]) -> dict[int, str]:
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
               moving: bool = False) -> Markup:
    """A Hex token with its markers, named in words for screen readers and as a tooltip.
    `piece` names it for the page's animation (the same Hex keeps its name as it moves);
    `moving`: a card is sending it here and the table may still respond."""
    hex_cls = ("hx-hex" + (" hx-hex-mad" if mad else "") + (" hx-hex-boost" if boost else "")
               + (" hx-hex-moving" if moving else ""))
    return tag(
        "g", tag("title", label), tag("polygon", points=_hex_shape(x, y)),
        tag("text", loss, x=f"{x:.0f}", y=f"{y + 4:.0f}", text_anchor="middle"),
        tag("text", "⟲L" if mad == "L" else "R⟳", x=f"{x:.0f}", y=f"{y - 20:.0f}",
            text_anchor="middle", class_="hx-marker") if mad else None,
        tag("text", "▲" * boost, "◎" * obs, x=f"{x + 19:.0f}", y=f"{y + 4:.0f}",
            class_="hx-marker") if boost or obs else None,
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
    return _seat_markup(x, y, " ".join(cls), action if clickable else None, _name(names, s),
                        view["current"] == s, view["voice"][s], view["hand_sizes"][s],
                        " · ".join(_seat_marks(view, names, s)), wins, card, card_label_text, fresh,
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
        marks.append(f"♥ charmed by {_name(names, view['charm'][s])}")
    if view["facedown"][s]:
        marks.append(f"{view['facedown'][s]} face down")   # how many, never which
    return marks


def _fit(chars: int, size: float, room: float) -> dict[str, str]:
    """SVG attributes that squeeze a text of `chars` characters at `size` into `room` units,
    when it would not fit (a long name, a long card title): never cut off, never spilling."""
    return {"textLength": f"{room:.0f}", "lengthAdjust": "spacingAndGlyphs"} if chars * size * 0.58 > room else {}


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


@functools.lru_cache(maxsize=1024)
def _seat_markup(x: float, y: float, cls: str, action: str | None, name: str, current: bool, voice: int,
                 hand: int, marks: str, wins: int | None, card: str, card_text: str, fresh: bool,
                 card_piece: str, fx_text: str, fx_cls: str, fx_piece: str) -> Markup:
    """One seat's box (cached: a redraw changes one or two seats at most): the name, Voice and
    hand size in large type, the standing marks (left out on a phone: the list under the table
    has them), the card this seat played last, and what just happened to it (a floating badge)."""
    left, top = x - SEAT_W / 2, y - SEAT_H / 2
    played = None
    if card:
        c = CARDS_BY_ID[card]
        played = tag(
            "g", tag("title", card_text),
            tag("rect", x=f"{left + 6:.0f}", y=f"{top + 57:.0f}", width=SEAT_W - 12, height=22, rx=4),
            tag("text", CATEGORY_GLYPH[c.category], " ", c.name, x=f"{x:.0f}", y=f"{top + 73:.0f}",
                text_anchor="middle", **_fit(len(c.name) + 2, 14, SEAT_W - 20)),
            class_=f"hx-played hx-cat-{c.category}" + (" hx-played-new" if fresh else ""),
            data_piece=card_piece, role="img", aria_label=card_text)
    badge = None
    if fx_text:
        width = 14 + 7.5 * len(fx_text)
        bx = min(left + SEAT_W - width + 8, W - width - 2)   # by the seat's corner, inside the table
        badge = tag("g", tag("rect", x=f"{bx:.0f}", y=f"{top - 14:.0f}",
                             width=f"{width:.0f}", height=22, rx=11),
                    tag("text", fx_text, x=f"{bx + width / 2:.0f}", y=f"{top + 2:.0f}",
                        text_anchor="middle"),
                    class_=f"hx-fx {fx_cls}", data_piece=fx_piece, role="img", aria_label=f"{name}: {fx_text}")
    return tag(
        "g",
        # the button's name; a <title> (not aria-label) so the seat's visible text stays readable
        tag("title", f"Cast the Hex on {name}" if action else
            ", ".join([name, _voice(voice), _cards(hand)] + ([marks] if marks else []))),
        tag("rect", x=f"{left:.0f}", y=f"{top:.0f}", width=SEAT_W, height=SEAT_H, rx=10, class_="hx-seat-box"),
        # a long name is clipped to its box (the seat's tooltip has it whole)
        tag("svg", tag("text", "▶ " if current else "", name, x=SEAT_W / 2 - 4, y=20, text_anchor="middle",
                       class_="hx-seat-name"),
            x=f"{left + 4:.0f}", y=f"{top:.0f}", width=SEAT_W - 8, height=28, overflow="hidden"),
        tag("text", tag("tspan", "Voice ", voice, class_="hx-voice"), " · ", _cards(hand),
            " · won " + str(wins) if wins is not None else "",
            x=f"{x:.0f}", y=f"{top + 38:.0f}", text_anchor="middle", class_="hx-seat-brief",
            **_fit(len(f"Voice {voice} · {_cards(hand)}") + (8 if wins is not None else 0), 17, SEAT_W - 10)),
        tag("text", marks, x=f"{x:.0f}", y=f"{top + 51:.0f}", text_anchor="middle",
            class_="hx-seat-info") if marks else None,
        played, badge,
        class_=cls, data_action=action, tabindex=0 if action else None, role="button" if action else None)


@functools.lru_cache(maxsize=256)
def _centre(deck: int, discard: int, round_no: int, rounds: int, tiebreak: bool) -> Markup:
    """The felt in the middle of the table, with the deck, the discards and the round."""
    return join(_ARROW_DEFS,
                tag("ellipse", class_="hx-felt", cx=CX, cy=CY, rx=RX - 40, ry=RY - 30),
                tag("text", f"Round {round_no}/{rounds}", " · TIE-BREAK ×2" if tiebreak else "",
                    class_="hx-centre", x=CX, y=CY - 4, text_anchor="middle"),
                tag("text", f"Deck {deck} · Discards {discard}",
                    class_="hx-centre hx-centre-small", x=CX, y=CY + 12, text_anchor="middle"))


@functools.lru_cache(maxsize=256)
def _arrow(x1: str, y1: str, x2: str, y2: str, cls: str = "hx-target-line") -> Markup:
    return tag("line", class_=cls, x1=x1, y1=y1, x2=x2, y2=y2, marker_end="url(#hx-arrow)")


# Events of the rules (view["events"], newest last) that say who played what, and what
# happened to whom. Seats are written S<n>, Hexes h<n> or "the Hex"; anything else is ignored.
_PLAYS = re.compile(r"^S(\d) plays (.+?) on (?:h\d+|the Hex)\b")
_SHOUT = re.compile(r"^S(\d) shouts HEX-HEX")
_RESPONSES = [(re.compile(r"^S(\d) Nulls\b"), "null"), (re.compile(r"^S(\d) detonates\b"), "detonate"),
              (re.compile(r"^S(\d) eradicates\b"), "eradicate"), (re.compile(r"^S(\d) reveals (.+)$"), "")]
_CARD_BY_NAME = {c.name: c.id for c in CARDS}
FX_EVENTS = 4   # outcomes among this many newest events float by their seats
_OUTCOMES: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"^HEXED: S(\d) loses (\d+)(?:.*?, S(\d) gains (\d+))?"),
     lambda m: [(int(m[1]), f"HEXED −{m[2]}", "hx-fx-bad")]
     + ([(int(m[3]), f"+{m[4]} Voice", "hx-fx-good")] if m[3] else [])),
    (re.compile(r"^The Hex goes off on S(\d), who plays What the Hex: \+(\d+)"),
     lambda m: [(int(m[1]), f"+{m[2]} Voice", "hx-fx-good")]),
    (re.compile(r"^The Hex goes off on S(\d), who plays Level"),
     lambda m: [(int(m[1]), "Level +1", "hx-fx-good")]),
    (re.compile(r"^S(\d) challenges S(\d): caught bluffing"),
     lambda m: [(int(m[1]), "Challenge won", "hx-fx-good"), (int(m[2]), "Caught bluffing", "hx-fx-bad")]),
    (re.compile(r"^S(\d) challenges S(\d): it really is .*; S\d loses (\d+)"),
     lambda m: [(int(m[1]), f"Challenge lost −{m[3]}", "hx-fx-bad"), (int(m[2]), "Honest", "hx-fx-good")]),
    (re.compile(r"^S(\d) detonates the Hex on S(\d)"),
     lambda m: [(int(m[1]), "Detonate +1", "hx-fx-good"), (int(m[2]), "Detonated!", "hx-fx-bad")]),
    (re.compile(r"^S(\d) gives up (\d+): S(\d) loses (\d+)"),
     lambda m: [(int(m[1]), f"Spite −{m[2]}", "hx-fx-bad"), (int(m[3]), f"−{m[4]} Voice", "hx-fx-bad")]),
    (re.compile(r"^S(\d) strikes back: S(\d) loses (\d+)"),
     lambda m: [(int(m[2]), f"Struck −{m[3]}", "hx-fx-bad")]),
    (re.compile(r"^S(\d) shouts HEX-HEX"), lambda m: [(int(m[1]), "HEX-HEX!", "hx-fx-call")]),
    (re.compile(r"^HEX-HEX: slowest (.*)"),
     lambda m: [(int(s), "Slowest −3", "hx-fx-bad") for s in re.findall(r"S(\d)", m[1])]),
]


def played_cards(view: dict[str, Any], names: list[str]) -> dict[int, tuple[str, str, bool]]:
    """seat -> (card id, words, just played) for the card each seat played last this round:
    the plays waiting in a response window, else the newest play the events tell of."""
    out: dict[int, tuple[str, str, bool]] = {}
    events = list(view.get("events", []))
    start = max((i + 1 for i, e in enumerate(events) if e.startswith("Round ")), default=0)
    for text in events[start:]:
        m = _PLAYS.match(text) or _SHOUT.match(text)
        card = ""
        if m and m.re is _SHOUT:
            card = "hexhex"
        elif m:
            card = _CARD_BY_NAME.get(m[2], "")
        else:
            for pattern, response in _RESPONSES:
                m = pattern.match(text)
                if m:
                    card = response or _CARD_BY_NAME.get(m[2], "")
                    break
        if m and card:
            seat = int(m[1])
            out[seat] = (card, f"{_name(names, seat)} played {card_label(card)}", False)
    for it in view.get("pending", []):
        seat = it["seat"]
        if it["kind"] == "play":
            card = it["card"]
            down = " face down, claiming it is" if it.get("deceit") else ""
            out[seat] = (card, f"{_name(names, seat)} just played{down} {card_label(card)}", True)
        elif it["kind"] in ("null", "detonate", "eradicate"):
            out[seat] = (it["kind"], f"{_name(names, seat)} just played {card_label(it['kind'])}", True)
    return out


def outcomes(view: dict[str, Any]) -> dict[int, tuple[str, str, str]]:
    """seat -> (words, class, piece name) for the newest outcome among the last few events:
    Voice lost or won, a challenge, a Detonate, the HEX-HEX race. The piece name stays the
    same while the event stays among them, so the page shows it arriving only once."""
    events = list(view.get("events", []))
    out: dict[int, tuple[str, str, str]] = {}
    for k, text in enumerate(events[-FX_EVENTS:]):
        later = events[len(events) - FX_EVENTS + k + 1:] if len(events) > FX_EVENTS else events[k + 1:]
        ident = f"{len(text)}-{sum(ord(ch) for ch in text)}-{later.count(text)}"
        for pattern, make in _OUTCOMES:
            m = pattern.match(text)
            if m:
                for seat, words, cls in make(m):
                    if 0 <= seat < view["players"]:
                        out[seat] = (words, cls, f"fx-{seat}-{ident}")
                break
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


def _table_svg(view: dict[str, Any], ui: dict[str, str], names: list[str], legal: set[str]) -> Markup:
    n = view["players"]
    out: list[Markup] = [_centre(view["deck"], view["discard"], view["round"],
                                 view["rounds"], bool(view["tiebreak"]))]
    moves = _moves(view)
    window = view.get("phase") == "window"
    # Where each Hex is drawn: at its Intended, or where the card just played sends it.
    places: list[tuple[dict[str, Any], int, int, bool, bool]] = []   # hex, at, by, moving, a copy
    for h in view["hexes"]:
        for at, by, copy in moves.get(h["id"], [(h["at"], h["by"], False)]):
            places.append((h, at, by, h["id"] in moves, copy))
    # arrows: who targeted whom (dashed brighter while the table may still respond)
    for h, at, by, moving, _copy in places:
        if by >= 0 and by != at:
            x1, y1 = _pos(view, by, ARROW_FROM)
            x2, y2 = _pos(view, at, HEX_AT)
            d = math.hypot(x2 - x1, y2 - y1) or 1.0
            x2, y2 = x2 - (x2 - x1) * 22 / d, y2 - (y2 - y1) * 22 / d   # the head stops at the token
            out.append(_arrow(f"{x1:.0f}", f"{y1:.0f}", f"{x2:.0f}", f"{y2:.0f}",
                              "hx-target-line hx-pending-line" if moving else "hx-target-line"))
    played = played_cards(view, names)
    fx = outcomes(view)
    out += [_seat_svg(view, names, legal, s, played, fx) for s in range(n)]
    # Hex tokens by their Intended
    stack: dict[int, int] = {}
    called = _hex_words(view)
    for h, at, by, moving, copy in places:
        k = stack.get(at, 0)
        stack[at] = k + 1
        x, y = _pos(view, at, HEX_AT)
        x += 34 * k
        label = f"{_cap(called[h['id']])} on {_name(names, at)}"
        if copy:
            label = f"A copy of {called[h['id']]}, on its way to {_name(names, at)}"
        elif moving:
            label = f"{_cap(called[h['id']])}, on its way to {_name(names, at)}"
        if by >= 0:
            label += f", sent by {_name(names, by)}"
        label += f", costs {_voice(h['loss'])}"
        markers = _hex_markers(h)
        if markers:
            label += f" ({markers})"
        if moving and window:
            out.append(tag("g", tag("circle", cx=f"{x:.0f}", cy=f"{y:.0f}", r=27),
                           tag("text", "anyone?", x=f"{x:.0f}", y=f"{y + 40:.0f}", text_anchor="middle"),
                           class_="hx-window-ring", aria_hidden="true"))
        out.append(_hex_token(x, y, label, h["loss"], h["mad"], h["boost"], h["obs"],
                              f"hex-{h['id']}-copy" if copy else f"hex-{h['id']}", moving))
    # face-down commitments
    for c in view["commits"]:
        if c["done"]:
            x, y = _pos(view, c["seat"])
            x, y = x - SEAT_W / 2 + 14, y - SEAT_H / 2 + 4   # on the seat's corner, clear of the Hexes
            out.append(tag("g", tag("rect", x=f"{x - 12:.0f}", y=f"{y - 16:.0f}", width=24, height=32, rx=3),
                           tag("text", "?", x=f"{x:.0f}", y=f"{y + 5:.0f}", text_anchor="middle"),
                           class_="hx-facedown", role="img",
                           aria_label=f"{_name(names, c['seat'])} has a face-down answer ready"))
    # The table fits its frame at every width (seats are at least 44 px tall on a phone).
    return tag("svg", out, class_="hx-table", viewBox=f"0 0 {W} {H}", role="group",
               aria_label=f"The table: {n} players, round {view['round']} of {view['rounds']}")


def _seat_list(view: dict[str, Any], names: list[str]) -> Markup:
    """Every seat's details in words, folded away: the table on a phone shows fewer."""
    rows = []
    for s in range(view["players"]):
        bits = [_voice(view["voice"][s]), _cards(view["hand_sizes"][s])] + _seat_marks(view, names, s)
        rows.append(tag("li", tag("strong", _name(names, s)), ": ", ", ".join(bits)))
    return tag("details", tag("summary", "Seats in detail, and the key to the symbols"), tag("ul", rows),
               CATEGORY_KEY, class_="hx-seat-list")


CATEGORY_KEY = tag("p", [tag("span", CATEGORY_GLYPH[k], " ", v, class_=f"hx-key hx-cat-{k}")
                         for k, v in CATEGORY_NAMES.items()],
                   tag("span", "▲ Boost · ◎ Obsession · ⟲L R⟳ Compulsion", class_="hx-key"),
                   class_="hx-keys", aria_label="Key to the card and Hex symbols")


def _pending_text(it: dict[str, Any], names: list[str]) -> str:
    """One card or response waiting to take effect, in words (plain text: the page shows it
    as text, and `render` escapes it)."""
    who = _name(names, it["seat"])
    if it["kind"] == "play":
        to = it.get("to") or []
        card = card_label(it["card"])
        where = (" → " + ", ".join(_name(names, t) for t in to)) if to else ""
        down = " (face down)" if it.get("deceit") else ""
        return f"{who}: {card}{down}{where}"
    if it["kind"] == "take":
        return f"{who} is HEXED"
    if it["kind"] == "null":
        return f"{who}: Null on item {it['target'] + 1}"
    if it["kind"] == "detonate":
        return f"{who}: Detonate on {_name(names, it['target'])}"
    effect = EFFECT_NAMES.get(it.get("effect", ""), "an effect")
    target = it.get("target")
    on = f" on {_name(names, target)}" if isinstance(target, int) else ""
    return f"{who}: Eradicate the {effect}{on}"


@functools.lru_cache(maxsize=1024)
def _button(action: str, text: str, cls: str = "hx-btn") -> Markup:
    return tag("button", text, type="button", class_=cls, data_action=action, aria_label=text)


def _describe_action(a: str, names: list[str]) -> str:
    words = a.split()
    head = words[0]
    if head == "play":
        card = card_label(words[1])
        tos = [w for w in words[2:] if w.startswith(">")]
        real = [w for w in words[2:] if w.startswith("real=")]
        text = card
        if tos:
            text += " → " + ", ".join(_name(names, int(t)) for t in tos[0][1:].split(","))
        if real:
            text = f"show {card_label(real[0][5:])} as {text}"
        return text
    if head == "hexed":
        return "Take it: I am HEXED"
    if head in ("cast", "strike", "detonate", "dealer"):
        verb = {"cast": "Cast on", "strike": "Strike back at", "detonate": "Detonate on", "dealer": "Dealer:"}[head]
        return f"{verb} {_name(names, int(words[1]))}"
    if head == "pass":
        return "Pass (let it happen)"
    if head == "hexhex":
        return "HEX-HEX!"
    if head == "challenge":
        return "Challenge the face-down claim"
    if head == "suffer":
        return f"Play {card_label(words[1])}"
    if head == "spite":
        return "Sacrifice nothing" if words[1] == "0" else \
            f"Sacrifice {_voice(int(words[1]))} → {_name(names, int(words[2][1:]))} loses double"
    if head == "eradicate":
        return f"Eradicate the {EFFECT_NAMES.get(words[1], words[1])} on {_name(names, int(words[2]))}"
    if head == "sign":
        return SIGN_GLYPH[words[1]]
    if head == "null":
        return f"Null item {int(words[1]) + 1}"
    if head == "law":
        from .rules import law_text
        return law_text(words[1])
    if head == "react":
        return "React now"
    return "Choose this"   # never the notation: every action the rules offer a seat is named above


@functools.lru_cache(maxsize=128)
def _card_body(card: str) -> Markup:
    c = CARDS_BY_ID[card]
    return join(tag("span", CATEGORY_GLYPH[c.category], " ", c.name, class_="hx-card-name"),
                tag("span", CATEGORY_NAMES[c.category], class_="hx-card-cat"),
                tag("span", TIMING_NAMES[c.timing], class_="hx-card-timing"),
                tag("span", c.text, class_="hx-card-text"))


@functools.lru_cache(maxsize=1024)
def _card(card: str, cls: str, action: str | None, ui: str | None, label: str, piece: str) -> Markup:
    """A card of the hand: a button that plays it (`action`) or shows its choices (`ui`), or
    a plain box when it cannot be played now. Its tooltip says what it does."""
    c = CARDS_BY_ID[card]
    tip = f"{c.name} ({CATEGORY_NAMES[c.category]}; {TIMING_NAMES[c.timing]}): {c.text}"
    if action is None and ui is None:
        return tag("div", _card_body(card), class_=cls, aria_label=label, title=tip, data_piece=piece)
    return tag("button", _card_body(card), type="button", class_=cls, data_action=action, data_ui=ui,
               aria_label=label, title=tip, data_piece=piece)


def _hand_html(view: dict[str, Any], ui: dict[str, str], names: list[str],
               legal: list[str]) -> tuple[Markup, Markup | None]:
    """The viewer's hand, and the choices of the card picked in it (or None)."""
    by_card: dict[str, list[str]] = {}
    for a in legal:
        w = a.split()
        if w[0] == "play":
            key = next((x[5:] for x in w if x.startswith("real=")), w[1])
            by_card.setdefault(key, []).append(a)
    chosen = ui.get("card", "")
    cards: list[Markup] = []
    seen: dict[str, int] = {}
    readied = list(view.get("readied", []))
    for card in view["hand"]:
        c = CARDS_BY_ID[card]
        k = seen.get(card, 0)
        seen[card] = k + 1
        piece = f"hand-{card}-{k}"
        if card in readied:     # readied face down for another Hex this volley
            readied.remove(card)
            cards.append(tag("div", tag("span", CATEGORY_GLYPH[c.category], " ", c.name, class_="hx-card-name"),
                             tag("span", "Readied face down", class_="hx-card-timing"),
                             class_=f"hx-card hx-cat-{c.category} hx-readied", data_piece=piece,
                             aria_label=f"{c.name}, readied face down"))
            continue
        plays = by_card.get(card, []) if k == 0 else []
        cls = f"hx-card hx-cat-{c.category}" + (" hx-playable" if plays else "") + (
            " hx-selected" if chosen == card and plays else "")
        if len(plays) == 1 and not view["deceive"][view["seat"]]:
            cards.append(_card(card, cls, plays[0], None, f"Play {c.name}: {_describe_action(plays[0], names)}",
                               piece))
        elif plays:
            cards.append(_card(card, cls, None, f"card={card};claim=", f"Choose how to play {c.name}", piece))
        else:
            cards.append(_card(card, cls, None, None, f"{c.name} (cannot be played now)", piece))
    hand = [tag("div", cards, class_="hx-hand", role="group", aria_label="Your hand")]
    if view["buried"]:
        hand.append(tag("p", "Your face-down cards: ", ", ".join(card_label(c) for c in view["buried"]),
                        class_="hx-note"))
    choices = None
    if chosen and chosen in by_card:
        plays = by_card[chosen]
        claims = list(dict.fromkeys(a.split()[1] for a in plays))
        claim = ui.get("claim", "")
        head = card_label(chosen)
        if len(claims) > 1 and claim not in claims:
            # Under Deception: first the card to claim (one button each), then its targets.
            buttons = [tag("span", [tag("button", CATEGORY_GLYPH[CARDS_BY_ID[c].category], " ", card_label(c),
                                        type="button", class_="hx-btn hx-claim", data_ui=f"claim={c}",
                                        title=f"Claim it is {card_label(c)}",
                                        aria_label=f"Claim it is {card_label(c)}") for c in claims],
                           class_="hx-claims")]
            head = f"Play {card_label(chosen)} face down, claiming it is"
        else:
            if len(claims) > 1:
                plays = [a for a in plays if a.split()[1] == claim]
                head = f"{card_label(chosen)} as {card_label(claim)}"
            buttons = [_button(a, _describe_action(a, names)) for a in plays]
        choices = tag("div", tag("span", head, ":", class_="hx-choices-head"), buttons,
                      tag("button", "Cancel", type="button", class_="hx-btn hx-cancel", data_ui="card=",
                          aria_label="Cancel"),
                      class_="hx-choices", role="group", aria_label="Choose a target")
    return join(hand), choices


def _prompt(view: dict[str, Any], ui: dict[str, str], names: list[str], legal: list[str]) -> Markup:
    phase = view["phase"]
    seat = view["seat"]
    other = [a for a in legal if not a.startswith("play ")]
    if view["over"]:
        who = ", ".join(_name(names, s) for s in view["winners"])
        series = ""
        if view.get("series", 1) > 1:
            series = " Games won: " + ", ".join(f"{_name(names, s)} {w}" for s, w in enumerate(view["wins"])) + "."
        return tag("div", f"Game over. Winner: {who}.{series}", class_="hx-prompt hx-over", role="status")
    cur = view["current"]
    if phase == "race":
        race = view["race"]
        if legal:
            return tag("div",
                       tag("p", _name(names, race["caller"]), " shouted HEX-HEX!"),
                       tag("button", "HANDS UP!", type="button", class_="hx-react", data_race="react {ms}",
                           data_action="react 2000", autofocus=True, aria_label="React now: hands up!"),
                       tag("p", "Press any key or tap as fast as you can. The slowest loses 3 Voice.",
                           class_="hx-note"),
                       class_="hx-race-overlay", role="alertdialog", aria_label="HEX-HEX race")
        done = ", ".join(_name(names, s) for s in race["done"]) or "nobody yet"
        return tag("div", "HEX-HEX race! Reacted: ", done, class_="hx-prompt hx-race-wait", role="status")
    if not legal:
        if cur is not None and cur >= 0:
            what = {"window": "may respond", "play": "is answering a Hex", "sign": "is choosing a sign",
                    "cast": "is casting the Hex", "pick": "picks the dealer",
                    "law": "won the game and is laying down a law"}.get(phase, "is deciding")
            return tag("div", _name(names, cur), f" {what}…", class_="hx-prompt", role="status")
        return tag("div", "…", class_="hx-prompt", role="status")
    if phase == "window":
        return tag("div",
                   tag("p", "Just played:"),
                   tag("ol", [_li(_pending_text(it, names)) for it in view["pending"]]),
                   tag("div", class_="hx-countdown", aria_hidden="true", data_countdown_text=""),
                   tag("p", "Respond out of turn, or pass."),
                   [_button(a, _describe_action(a, names), "hx-btn hx-pass" if a == "pass" else "hx-btn")
                    for a in other],
                   class_="hx-prompt hx-response", role="alertdialog", data_countdown=RESPONSE_SECONDS,
                   data_countdown_action="pass",
                   aria_label="Response window")
    if phase == "play":
        h = next((h for h in view["hexes"] if h["id"] == view["answering"]), None)
        if h is not None:
            multi = " (face down: all answers are revealed together)" if view["commits"] else ""
            markers = _hex_markers(h)
            which = _hex_words(view)[h["id"]]
            return tag("div",
                       tag("p", f"You are The Intended of {which} sent by {_name(names, h['by'])}: "
                                f"it costs {_voice(h['loss'])}{'; ' + markers if markers else ''}.{multi}"),
                       tag("p", "Play a card from your hand below."),
                       tag("p", "Deception: pick a card, then the card you claim it is.", class_="hx-note")
                       if view["deceive"][seat] else None,
                       [_button(a, _describe_action(a, names), "hx-btn hx-danger" if a.startswith("hexed") else "hx-btn")
                        for a in other],
                       class_="hx-prompt", role="alertdialog", aria_label="You are The Intended")
    titles = {"cast": "Cast the Hex: click a player (or a button)", "pick": "You have the least Voice: pick the dealer; you cast",
              "sign": "Hex Sign: choose your sign (hidden until all have chosen)",
              "boom": "HEXED: choose which card to play", "spite": "Spite: sacrifice Voice?",
              "strike": "Strike back: who loses 1 Voice?", "law": "You won: lay down a law for the next game"}
    title = titles.get(phase, "Decide")
    return tag("div", tag("p", title), [_button(a, _describe_action(a, names)) for a in other],
               class_="hx-prompt", role="alertdialog", aria_label=title)


@functools.lru_cache(maxsize=1024)
def _li(text: str) -> Markup:
    return tag("li", text)


_CODES = re.compile(r"\b(?:S(\d)|h\d+)\b")


def _event_words(text: str, names: list[str]) -> str:
    """An event as the rules wrote it, with seats (S2) named and Hex ids (h0) as words."""
    return _CODES.sub(lambda m: _name(names, int(m.group(1))) if m.group(1) else "the Hex", text)


def render(view: dict[str, Any], ui: dict[str, str], names: list[str]) -> Markup:
    """The table (left, or on top on a phone), and beside it what the viewer must decide,
    the choices of a picked card and the hand, so all of it fits one screen."""
    legal = list(view.get("legal", []))
    legal_set = set(legal)
    laws = view.get("laws") or []
    head = f'Round {view["round"]} of {view["rounds"]}'
    if view.get("series", 1) > 1:
        head += f' · Game {view["game_no"]} of {view["series"]}'
    parts: list[Markup] = [tag("div", head, class_="hx-status", role="status")]
    if laws:
        parts.append(tag("ul", [_li(law["text"]) for law in laws], class_="hx-laws",
                         aria_label="Laws in force"))
    table = [_table_svg(view, ui, names, legal_set), _seat_list(view, names)]
    side: list[Markup | None] = [_prompt(view, ui, names, legal)]
    if view["pending"] and view["phase"] != "window":
        side.append(tag("ol", [_li(_pending_text(it, names)) for it in view["pending"]],
                        class_="hx-pending"))
    if isinstance(view["seat"], int) and 0 <= view["seat"] < view["players"]:
        hand, choices = _hand_html(view, ui, names, legal)
        side += [choices, hand]
    side.append(CATEGORY_KEY)
    parts.append(tag("div", tag("div", table, class_="hx-table-col"), tag("div", side, class_="hx-side"),
                     class_="hx-main"))
    if view["last_race"]:
        r = view["last_race"]
        times = ", ".join(f"{_name(names, int(s))} {ms} ms" for s, ms in r["times"].items())
        parts.append(tag("p", f"Last HEX-HEX race: {times}.", class_="hx-note"))
    if view["last_sign"]:
        sg = view["last_sign"]
        signs = ", ".join(f"{_name(names, int(s))} {SIGN_GLYPH[x]}" for s, x in sg["signs"].items())
        parts.append(tag("p", f"Last Hex Sign: {signs}.", class_="hx-note"))
    if view["events"]:
        parts.append(tag("ul", [_li(_event_words(t, names)) for t in view["events"][-6:]],
                         class_="hx-events", aria_label="What just happened"))
    seat = view["seat"]
    claiming = (isinstance(seat, int) and 0 <= seat < view["players"] and bool(ui.get("card"))
                and view["deceive"][seat] and not ui.get("claim"))
    return tag("div", parts, class_="hx-board hx-claiming" if claiming else "hx-board")


def suggest_ui(view: dict[str, Any], action: str) -> dict[str, str]:
    """A suggested card is picked, so its choices show beside the hand (the page then rings
    the suggested one); any other move is already a button on the board."""
    w = action.split()
    if len(w) > 1 and w[0] == "play":
        real = next((x[5:] for x in w if x.startswith("real=")), "")
        return {"card": real, "claim": w[1]} if real else {"card": w[1]}
    return {}


def playable_cards(view: dict[str, Any]) -> list[str]:
    """Distinct cards of the viewer's hand that some legal action plays, in hand order."""
    out: list[str] = []
    for a in view.get("legal", []):
        w = a.split()
        if w[0] == "play":
            card = next((x[5:] for x in w if x.startswith("real=")), w[1])
            if card not in out:
                out.append(card)
    return [c for c in dict.fromkeys(view.get("hand", [])) if c in out]


def response_window(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """Whether the decision now is a response window, with its public facts, for the page.

    None outside a response window. Otherwise `key` names this lap of the window (it stays
    the same while seats pass and changes when anyone responds), `waiting` lists the seats
    still to be asked in order (the one asked now first), `played` says in words what they
    may respond to, `pass` is the notation of passing and `seconds` the time a table gets.
    Only public facts go in, so every seat's view gives the same answer and a shared device
    may show it to everyone at once.
    """
    window = view.get("window")
    if view.get("phase") != "window" or not window or view.get("over"):
        return None
    pending = [{k: v for k, v in it.items() if k != "real"} for it in view["pending"]]
    key = json.dumps([view["game_no"], view["round"], len(view["table"]), view["facedown"],
                      window["anchor"], pending], sort_keys=True)
    return {"key": key, "waiting": list(window["order"][window["at"]:]),
            "played": [_pending_text(it, names) for it in pending],
            "pass": "pass", "seconds": RESPONSE_SECONDS}


def handle_key(key: str, view: dict[str, Any], ui: dict[str, str]) -> dict[str, str] | None:
    """Digits 1-9 pick the n-th playable card (its choices then show as buttons); Escape clears."""
    if key == "Escape" and ui.get("card"):
        return {}
    if key.isdigit() and key != "0":
        cards = playable_cards(view)
        index = int(key) - 1
        if index < len(cards):
            return {**ui, "card": cards[index]}
    return None


HEXHEX_TIMING = (
    "When HEX-HEX can be played: when you are The Intended, and in every response window, which "
    "opens after each card played or revealed. It is not offered while face-down answers or Hex "
    "Signs are being chosen, while a Hex that went off is being settled, or between the cast and "
    "the first answer. The window after a reveal gives the same chance with the same effect (every "
    "Hex dropped, the round over); the other moments pass in an instant at a real table, and a lap "
    "of questions after every cast would slow every round for a rare case. The Intended of a "
    "Maddened Hex and a gagged player may not play it; a Hex forced by Blind Hex or Fate must be "
    "answered with the forced card.")


def _reference() -> Markup:
    rows = [tag("tr", tag("td", c.name), tag("td", c.count),
                tag("td", CATEGORY_GLYPH[c.category], " ", CATEGORY_NAMES[c.category]),
                tag("td", TIMING_NAMES[c.timing]), tag("td", c.text)) for c in CARDS]
    head = tag("tr", [tag("th", h) for h in ("Card", "Copies", "Kind", "When", "What it does")])
    return join(tag("table", tag("caption", f"The {DECK_SIZE} cards of our edition"), tag("thead", head),
                    tag("tbody", rows), class_="hx-reference"),
                tag("p", HEXHEX_TIMING, class_="hx-note"))


CARD_REFERENCE_HTML = _reference()

RULES_HTML = trusted("""
<section class="hx-rules">
<h2>HEX-HEX XL in short</h2>
<p>3 to 6 players each start with 5 Voice. Someone is going to be cursed every round; make sure
it is not you. The game lasts one round more than there are players, and the most Voice wins.</p>
<h3>A round</h3>
<ol>
<li>The dealer gives 5 cards to everyone, one at a time from their left. The deck is reshuffled
from the discards only when it runs dry.</li>
<li>Cards marked <em>at once, when dealt</em> take effect now, before anyone plays. They do not
count as your first card of the round.</li>
<li>The player left of the dealer casts the Hex at anyone else: that player is The Intended.</li>
<li>The Intended answers with a card that sends the Hex on, or something else its text allows.
If no card in hand can answer, the Hex goes off: they lose 1 Voice (plus any Boosts and other
extras) and the one who sent it gains exactly 1. You may never choose to be HEXED while a card
could save you.</li>
<li>The round ends when no Hex is left. The caster deals the next round and the player on their
left casts. After everyone has dealt once comes a final round: whoever has the least Voice
chooses the dealer and casts.</li>
</ol>
<h3>Out of turn</h3>
<p>After every card played, each other player holding cards is asked in turn, going left, whether
to respond: with Null, Detonate, Eradicate, HEX-HEX, or a challenge of a Deception. Passing is a
real choice. A response reopens the question for everyone after the responder.</p>
<h3>Several Hexes at once</h3>
<p>Twain and Double Back copy a Hex with all its markers. When more than one Hex is out, every
Intended picks a face-down answer for each Hex aimed at them (one card per Hex); then all are
turned up together, discards and other effects that come before a move happen first, and the
Hexes move at the same moment. If more Hexes are aimed at you than your cards can pass on, you
pass on as many as you can and choose which of them go off on you (say a plain Hex and a Boosted
one with a single card: you may let the plain one go off and save the card for the Boosted one).
You may not waste a card that another Hex on you needs. Six Hex tokens and eight marker tokens exist: a card that would
need more cannot be played.</p>
<h3>HEXED extras</h3>
<p>Cards that are played only when HEXED must be played when a Hex goes off on you, one per Hex;
if you hold several kinds, you choose which.</p>
<h3>HEX-HEX, the race</h3>
<p>Whoever plays HEX-HEX makes everyone else race: the page times how fast each player reacts
from the moment the prompt appears. Computer players have reflexes of their own, by level:
easy 650-1,100 ms (slower than most people), normal 450-800 ms (about a typical person tapping
a phone) and hard 300-550 ms (as quick as a quick person). The slowest loses 3 Voice, a tie for
slowest costs each of them 3, nobody gains, every Hex disappears and the round is over.</p>
<h3>The end</h3>
<p>The most Voice wins. A tie means a tie-break round where every gain and loss is doubled; the
player with the least Voice picks the dealer and casts. Tie-breaks repeat until one player leads
(after ten, the tied players share the win).</p>
<h3>Laying Down the Law</h3>
<p>Choose a series of 2, 3 or 5 games: the winner of each game picks a law for the next one, and
the laws add up for the rest of the series (the table shows the laws in force and which game of
the series this is). Every game of the series is played; whoever won the most games wins the
series, and a tie for most is a shared win.
Laws the software can enforce: ban a card from the deck; strike back (when a Hex goes off on you,
name a player who loses 1 Voice); no pointing (answering with a card that names its target costs 1
Voice); gag rule (at 0 Voice or less you may not play out of turn or challenge); no hoarding (3 or
more cards left at the end of a round cost 1 Voice); or cancel an earlier law. The first dealer of
the next game is the player left of the previous game's first dealer.</p>
<h3>Choices our edition made</h3>
<ul>
<li>"Left" is the next seat in play order; seats are numbered going left.</li>
<li>Null only ever cancels the most recent card: once someone has responded to a card (with a
Detonate, say), a Null can reach that response but no longer the card before it. Answers turned
up together after a volley all count as the most recent until someone responds to one. Null
played out of turn cancels a card as it comes into play (its player may play another); played on
your own turn it cancels the card that sent the Hex to you, as long as nothing was played after
that card (your own Fate or Theft of Thought aside), and the Hex goes back to its sender as it
was. Null can cancel a Null. A copy made by Twain or Double Back stays in play.</li>
<li>Detonate works on a Hex a card is sending to someone else: it goes off as it arrives; the
sender gains the usual 1 and you gain 1.</li>
<li>Cards of a named direction are legal on a Maddened Hex only if they send it that way; Fate,
Theft of Thought and another Compulsion (either way) are always legal. On a Maddened Hex you may
not play HEX-HEX, Dismiss, Hex Sign or Null.</li>
<li>Hex Sign: the player of the card scores nothing; everyone else gains or loses.</li>
<li>Deception: under it you answer face down by naming a card; an unchallenged claim has the
named card's effect and the real card stays hidden. Out-of-turn cards stay face up.</li>
<li>Ward shields you from every loss except what you choose to give up (a Spite sacrifice, a
failed challenge). The one who sent a Hex that goes off on a Warded player still gains 1.</li>
<li>Random discards (Cut to the Chase, Choke) go face down in front of their player: only that
player knows which cards went. They go back into the deck when it is rebuilt from the discards.
Cards a Blind Hex pulls and throws away were shown to everyone, so they go face up.</li>
<li>When HEX-HEX may be played: see the note under the card reference below.</li>
<li>The effects of the cards the rulebook only names are ours; see the card reference.</li>
</ul>
</section>
""") + CARD_REFERENCE_HTML
