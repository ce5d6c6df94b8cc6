"""The HEX-HEX XL table as HTML + SVG: a pure function of one seat's view.

Seats sit round an oval table, the viewer at the bottom; each seat shows its Voice
track, hand size, standing effects and dealer/caster marks. Every Hex is a token stack
beside its Intended with its markers written on it and an arrow from whoever targeted
it. Below the table: the prompt for whatever the viewer must decide (a response window,
a face-down answer, the HEX-HEX race, a Hex Sign), then the viewer's hand with each
card's timing.

Glue notes (for web/ui): an element with `data-race` is the HEX-HEX race button; the
page should time from when it is shown to the first key or tap and play
`react <ms>` (rounded to 50 ms, at most 2000). Its `data-action` is only a slow fallback.
An element with `data-countdown="<s>"` is a response prompt; the page may auto-pass
after that many seconds when the table has more than one human.
`response_window(view, names)` tells the page that the decision now is a response window
(with public facts only), so a shared device can ask the whole table at once.
"""

from __future__ import annotations

import html
import json
import math
import re
from typing import Any

from ..hexgrid import TOUCH_PX
from .components import CARDS, CARDS_BY_ID, CATEGORY_NAMES, DECK_SIZE, TIMING_NAMES

W, H = 800, 520
SEAT_H = 68  # a seat's box on the table, in viewBox units
CX, CY, RX, RY = 400, 250, 300, 185
SIGN_GLYPH = {"rock": "✊ rock", "paper": "✋ paper", "scissors": "✌ scissors"}
CATEGORY_GLYPH = {"basic": "➜", "enhanced": "✦", "counter": "⛔", "hexed": "☠", "dealt": "★"}
RESPONSE_SECONDS = 6


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _pos(view: dict[str, Any], seat: int, shrink: float = 1.0) -> tuple[float, float]:
    n = view["players"]
    me = view["seat"] if isinstance(view["seat"], int) and 0 <= view["seat"] < n else 0
    angle = math.radians(90 + 360 * ((seat - me) % n) / n)
    return CX + RX * shrink * math.cos(angle), CY + RY * shrink * math.sin(angle)


def card_label(card: str) -> str:
    return CARDS_BY_ID[card].name


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


def _table_svg(view: dict[str, Any], ui: dict[str, str], names: list[str], legal: set[str]) -> str:
    n = view["players"]
    # On a phone the table keeps its seats (which are buttons when casting) touch-sized and pans.
    out = [f'<div class="board-pan"><svg class="hx-table touch-board" viewBox="0 0 {W} {H}" '
           f'style="--touch-width: {W * TOUCH_PX / SEAT_H:.0f}px" role="group" '
           f'aria-label="The table: {n} players, round {view["round"]} of {view["rounds"]}">',
           '<defs><marker id="hx-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
           'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
           'class="hx-arrowhead"/></marker></defs>',
           f'<ellipse class="hx-felt" cx="{CX}" cy="{CY}" rx="{RX - 40}" ry="{RY - 40}"/>',
           f'<text class="hx-centre" x="{CX}" y="{CY - 8}" text-anchor="middle">Deck {view["deck"]} · '
           f'Discards {view["discard"]}</text>',
           f'<text class="hx-centre" x="{CX}" y="{CY + 14}" text-anchor="middle">Round {view["round"]}/'
           f'{view["rounds"]}{" · TIE-BREAK ×2" if view["tiebreak"] else ""}</text>']
    # arrows: who targeted whom
    for h in view["hexes"]:
        if h["by"] >= 0 and h["by"] != h["at"]:
            x1, y1 = _pos(view, h["by"], 0.78)
            x2, y2 = _pos(view, h["at"], 0.72)
            out.append(f'<line class="hx-target-line" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" '
                       f'y2="{y2:.0f}" marker-end="url(#hx-arrow)"/>')
    for s in range(n):
        x, y = _pos(view, s)
        cls = ["hx-seat"]
        if view["current"] == s:
            cls.append("hx-active")
        if s == view["seat"]:
            cls.append("hx-me")
        action = f"cast {s}"
        attrs = ""
        if action in legal:
            cls.append("hx-clickable")
            attrs = f' data-action="{action}" tabindex="0" role="button"'
        marks = []
        if s == view["dealer"]:
            marks.append("Dealer")
        if s == view["caster"]:
            marks.append("Caster")
        if view["ward"][s]:
            marks.append("🛡 Ward")
        if view["deceive"][s]:
            marks.append("🎭 Deception")
        if view["charm"][s] >= 0:
            marks.append(f"♥ charmed by {_name(names, view['charm'][s])}")
        if view["facedown"][s]:
            marks.append(f"{view['facedown'][s]} face down")   # how many, never which
        voice = view["voice"][s]
        out.append(f'<g class="{" ".join(cls)}"{attrs}>')
        if attrs:  # the button's name; a <title> (not aria-label) so the seat's visible text stays readable
            out.append(f"<title>Cast the Hex on {_e(_name(names, s))}</title>")
        out.append(f'<rect x="{x - 92:.0f}" y="{y - SEAT_H / 2:.0f}" width="184" height="{SEAT_H}" rx="10" '
                   'class="hx-seat-box"/>')
        out.append(f'<text x="{x:.0f}" y="{y - 16:.0f}" text-anchor="middle" class="hx-seat-name">'
                   f'{"▶ " if view["current"] == s else ""}{_e(_name(names, s))}</text>')
        # Voice track: ten pips, filled up to the Voice, plus the number
        pips = []
        for i in range(10):
            filled = "hx-pip-on" if i < voice else "hx-pip"
            pips.append(f'<rect x="{x - 82 + i * 10:.0f}" y="{y - 8:.0f}" width="8" height="8" class="{filled}"/>')
        out.append("".join(pips))
        out.append(f'<text x="{x + 24:.0f}" y="{y:.0f}" class="hx-voice">Voice {voice}</text>')
        out.append(f'<text x="{x:.0f}" y="{y + 16:.0f}" text-anchor="middle" class="hx-seat-info">'
                   f'🂠×{view["hand_sizes"][s]}{" · " + " · ".join(marks) if marks else ""}</text>')
        if view.get("series", 1) > 1:
            out.append(f'<text x="{x:.0f}" y="{y + 29:.0f}" text-anchor="middle" class="hx-seat-info">'
                       f'games won {view["wins"][s]}</text>')
        out.append('</g>')
    # Hex tokens by their Intended
    stack: dict[int, int] = {}
    for h in view["hexes"]:
        k = stack.get(h["at"], 0)
        stack[h["at"]] = k + 1
        x, y = _pos(view, h["at"], 0.62)
        x += 34 * k
        label = f"Hex h{h['id']} on {_name(names, h['at'])}, sent by {_name(names, h['by'])}, costs {h['loss']}"
        markers = _hex_markers(h)
        if markers:
            label += f" ({markers})"
        pts = " ".join(f"{x + 16 * math.cos(math.radians(60 * i + 30)):.1f},"
                       f"{y + 16 * math.sin(math.radians(60 * i + 30)):.1f}" for i in range(6))
        hex_cls = "hx-hex" + (" hx-hex-mad" if h["mad"] else "") + (" hx-hex-boost" if h["boost"] else "")
        out.append(f'<g class="{hex_cls}" role="img" aria-label="{_e(label)}"><title>{_e(label)}</title>'
                   f'<polygon points="{pts}"/><text x="{x:.0f}" y="{y + 4:.0f}" text-anchor="middle">'
                   f'{h["loss"]}</text>')
        if h["mad"]:
            out.append(f'<text x="{x:.0f}" y="{y - 20:.0f}" text-anchor="middle" class="hx-marker">'
                       f'{"⟲L" if h["mad"] == "L" else "R⟳"}</text>')
        if h["boost"] or h["obs"]:
            out.append(f'<text x="{x + 19:.0f}" y="{y + 4:.0f}" class="hx-marker">'
                       f'{"▲" * h["boost"]}{"◎" * h["obs"]}</text>')
        out.append('</g>')
    # face-down commitments
    for c in view["commits"]:
        if c["done"]:
            x, y = _pos(view, c["seat"], 0.45)
            out.append(f'<g class="hx-facedown" role="img" aria-label="{_e(_name(names, c["seat"]))} has a face-down answer ready">'
                       f'<rect x="{x - 12:.0f}" y="{y - 16:.0f}" width="24" height="32" rx="3"/>'
                       f'<text x="{x:.0f}" y="{y + 5:.0f}" text-anchor="middle">?</text></g>')
    out.append('</svg></div>')
    return "".join(out)


def _pending_text(it: dict[str, Any], names: list[str]) -> str:
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
    return f"{who}: Eradicate {it.get('effect', '')}"


def _button(action: str, text: str, cls: str = "hx-btn", extra: str = "") -> str:
    return (f'<button type="button" class="{cls}" data-action="{_e(action)}" '
            f'aria-label="{_e(text)}"{extra}>{_e(text)}</button>')


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
        return "Sacrifice nothing" if words[1] == "0" else f"Sacrifice {words[1]} → {_name(names, int(words[2][1:]))} loses double"
    if head == "eradicate":
        return f"Eradicate the {words[1]} on {_name(names, int(words[2]))}"
    if head == "sign":
        return SIGN_GLYPH[words[1]]
    if head == "null":
        return f"Null item {int(words[1]) + 1}"
    if head == "law":
        from .rules import law_text
        return law_text(words[1])
    return a


def _hand_html(view: dict[str, Any], ui: dict[str, str], names: list[str], legal: list[str]) -> str:
    by_card: dict[str, list[str]] = {}
    for a in legal:
        w = a.split()
        if w[0] == "play":
            key = next((x[5:] for x in w if x.startswith("real=")), w[1])
            by_card.setdefault(key, []).append(a)
    chosen = ui.get("card", "")
    out = ['<div class="hx-hand" role="group" aria-label="Your hand">']
    seen: set[str] = set()
    readied = list(view.get("readied", []))
    for card in view["hand"]:
        c = CARDS_BY_ID[card]
        if card in readied:     # readied face down for another Hex this volley
            readied.remove(card)
            out.append(f'<div class="hx-card hx-cat-{c.category} hx-readied" aria-label="{_e(c.name)}, '
                       f'readied face down">'
                       f'<span class="hx-card-name">{CATEGORY_GLYPH[c.category]} {_e(c.name)}</span>'
                       f'<span class="hx-card-timing">Readied face down</span></div>')
            continue
        first = card not in seen
        seen.add(card)
        plays = by_card.get(card, []) if first else []
        cls = f"hx-card hx-cat-{c.category}" + (" hx-playable" if plays else "") + (
            " hx-selected" if chosen == card and plays else "")
        body = (f'<span class="hx-card-name">{CATEGORY_GLYPH[c.category]} {_e(c.name)}</span>'
                f'<span class="hx-card-cat">{_e(CATEGORY_NAMES[c.category])}</span>'
                f'<span class="hx-card-timing">{_e(TIMING_NAMES[c.timing])}</span>'
                f'<span class="hx-card-text">{_e(c.text)}</span>')
        if len(plays) == 1 and not view["deceive"][view["seat"]]:
            out.append(f'<button type="button" class="{cls}" data-action="{_e(plays[0])}" '
                       f'aria-label="Play {_e(c.name)}: {_e(_describe_action(plays[0], names))}">{body}</button>')
        elif plays:
            out.append(f'<button type="button" class="{cls}" data-ui="card={_e(card)}" '
                       f'aria-label="Choose how to play {_e(c.name)}">{body}</button>')
        else:
            out.append(f'<div class="{cls}" aria-label="{_e(c.name)} (cannot be played now)">{body}</div>')
    out.append('</div>')
    if chosen and chosen in by_card:
        out.append('<div class="hx-choices" role="group" aria-label="Choose a target">')
        out += [_button(a, _describe_action(a, names)) for a in by_card[chosen]]
        out.append(_button("", "Cancel", "hx-btn hx-cancel").replace('data-action=""', 'data-ui="card="'))
        out.append('</div>')
    if view["buried"]:
        out.append('<p class="hx-note">Your face-down cards: ' +
                   ", ".join(_e(card_label(c)) for c in view["buried"]) + '</p>')
    return "".join(out)


def _prompt(view: dict[str, Any], ui: dict[str, str], names: list[str], legal: list[str]) -> str:
    phase = view["phase"]
    seat = view["seat"]
    other = [a for a in legal if not a.startswith("play ")]
    out: list[str] = []
    if view["over"]:
        who = ", ".join(_e(_name(names, s)) for s in view["winners"])
        series = ""
        if view.get("series", 1) > 1:
            series = " Games won: " + ", ".join(f"{_e(_name(names, s))} {w}" for s, w in enumerate(view["wins"])) + "."
        return f'<div class="hx-prompt hx-over" role="status">Game over. Winner: {who}.{series}</div>'
    cur = view["current"]
    if phase == "race":
        race = view["race"]
        if legal:
            return ('<div class="hx-race-overlay" role="alertdialog" aria-label="HEX-HEX race">'
                    f'<p>{_e(_name(names, race["caller"]))} shouted HEX-HEX!</p>'
                    '<button type="button" class="hx-react" data-race="react" data-action="react 2000" '
                    'autofocus aria-label="React now: hands up!">HANDS UP!</button>'
                    '<p class="hx-note">Press any key or tap as fast as you can. The slowest loses 3 Voice.</p></div>')
        done = ", ".join(_e(_name(names, s)) for s in race["done"]) or "nobody yet"
        return f'<div class="hx-prompt" role="status">HEX-HEX race! Reacted: {done}</div>'
    if not legal:
        if cur is not None and cur >= 0:
            what = {"window": "may respond", "play": "is answering a Hex", "sign": "is choosing a sign",
                    "cast": "is casting the Hex", "pick": "picks the dealer",
                    "law": "won the game and is laying down a law"}.get(phase, "is deciding")
            return f'<div class="hx-prompt" role="status">{_e(_name(names, cur))} {what}…</div>'
        return '<div class="hx-prompt" role="status">…</div>'
    if phase == "window":
        items = "".join(f"<li>{_e(_pending_text(it, names))}</li>" for it in view["pending"])
        out.append(f'<div class="hx-prompt hx-response" role="alertdialog" data-countdown="{RESPONSE_SECONDS}" '
                   f'aria-label="Response window"><p>Just played:</p><ol>{items}</ol>'
                   '<div class="hx-countdown" aria-hidden="true"></div><p>Respond out of turn, or pass.</p>')
        out += [_button(a, _describe_action(a, names), "hx-btn hx-pass" if a == "pass" else "hx-btn")
                for a in other]
        out.append('</div>')
        return "".join(out)
    if phase == "play":
        h = next((h for h in view["hexes"] if h["id"] == view["answering"]), None)
        if h is not None:
            multi = " (face down: all answers are revealed together)" if view["commits"] else ""
            markers = _hex_markers(h)
            out.append(f'<div class="hx-prompt" role="alertdialog" aria-label="You are The Intended">'
                       f'<p>You are The Intended of Hex h{h["id"]}, sent by {_e(_name(names, h["by"]))}: '
                       f'it costs {h["loss"]}{"; " + _e(markers) if markers else ""}.{multi}</p>'
                       '<p>Play a card from your hand below.</p>')
            if view["deceive"][seat]:
                out.append('<p class="hx-note">Deception: pick a card, then the card you claim it is.</p>')
            out += [_button(a, _describe_action(a, names), "hx-btn hx-danger" if a.startswith("hexed") else "hx-btn")
                    for a in other]
            out.append('</div>')
            return "".join(out)
    titles = {"cast": "Cast the Hex: click a player (or a button)", "pick": "You have the least Voice: pick the dealer; you cast",
              "sign": "Hex Sign: choose your sign (hidden until all have chosen)",
              "boom": "HEXED: choose which card to play", "spite": "Spite: sacrifice Voice?",
              "strike": "Strike back: who loses 1 Voice?", "law": "You won: lay down a law for the next game"}
    out.append(f'<div class="hx-prompt" role="alertdialog" aria-label="{_e(titles.get(phase, "Decide"))}">'
               f'<p>{_e(titles.get(phase, "Decide"))}</p>')
    out += [_button(a, _describe_action(a, names)) for a in other]
    out.append('</div>')
    return "".join(out)


def render(view: dict[str, Any], ui: dict[str, str], names: list[str]) -> str:
    legal = list(view.get("legal", []))
    legal_set = set(legal)
    parts = ['<div class="hx-board">']
    laws = view.get("laws") or []
    head = f'Round {view["round"]} of {view["rounds"]}'
    if view.get("series", 1) > 1:
        head += f' · Game {view["game_no"]} of {view["series"]}'
    parts.append(f'<div class="hx-status" role="status">{_e(head)}</div>')
    if laws:
        parts.append('<ul class="hx-laws" aria-label="Laws in force">' +
                     "".join(f"<li>{_e(l['text'])}</li>" for l in laws) + '</ul>')
    parts.append(_table_svg(view, ui, names, legal_set))
    parts.append(_prompt(view, ui, names, legal))
    if view["pending"] and view["phase"] != "window":
        parts.append('<ol class="hx-pending">' + "".join(f"<li>{_e(_pending_text(it, names))}</li>"
                                                       for it in view["pending"]) + '</ol>')
    if isinstance(view["seat"], int) and 0 <= view["seat"] < view["players"]:
        parts.append(_hand_html(view, ui, names, legal))
    if view["last_race"]:
        r = view["last_race"]
        times = ", ".join(f"{_e(_name(names, int(s)))} {ms} ms" for s, ms in r["times"].items())
        parts.append(f'<p class="hx-note">Last HEX-HEX race: {times}.</p>')
    if view["last_sign"]:
        sg = view["last_sign"]
        signs = ", ".join(f"{_e(_name(names, int(s)))} {SIGN_GLYPH[x]}" for s, x in sg["signs"].items())
        parts.append(f'<p class="hx-note">Last Hex Sign: {signs}.</p>')
    if view["events"]:
        def named(text: str) -> str:
            return re.sub(r"\bS(\d)\b", lambda m: _name(names, int(m.group(1))), text)
        parts.append('<ul class="hx-events" aria-label="What just happened">' +
                     "".join(f"<li>{_e(named(t))}</li>" for t in view["events"][-6:]) + '</ul>')
    parts.append('</div>')
    return "".join(parts)


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


def _reference() -> str:
    rows = []
    for c in CARDS:
        rows.append(f'<tr><td>{_e(c.name)}</td><td>{c.count}</td><td>{CATEGORY_GLYPH[c.category]} '
                    f'{_e(CATEGORY_NAMES[c.category])}</td><td>{_e(TIMING_NAMES[c.timing])}</td>'
                    f'<td>{_e(c.text)}</td></tr>')
    return ('<table class="hx-reference"><caption>The ' + str(DECK_SIZE) + ' cards of our edition'
            '</caption><thead><tr><th>Card</th><th>Copies</th><th>Kind</th><th>When</th><th>What it does'
            '</th></tr></thead><tbody>' + "".join(rows) + '</tbody></table>'
            f'<p class="hx-note">{_e(HEXHEX_TIMING)}</p>')


CARD_REFERENCE_HTML = _reference()

RULES_HTML = """
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
(computer players have their own reflexes). The slowest loses 3 Voice, a tie for slowest costs
each of them 3, nobody gains, every Hex disappears and the round is over.</p>
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
""" + CARD_REFERENCE_HTML
