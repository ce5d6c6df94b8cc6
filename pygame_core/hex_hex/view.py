"""The HEX-HEX XL table as HTML + SVG: a pure function of one seat's view.

The table itself is drawn by board.py. Beside it: the prompt for whatever the viewer must
decide (a response window, a face-down answer, the HEX-HEX race, a Hex Sign), then the
viewer's hand with each card's timing. What happened is told by the page's log (worded by
table.py from the structured events of the view), not here.

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
Cards and buttons are memoised on their words, so a redraw stays cheap.
"""

from __future__ import annotations

import functools
import json
from typing import Any, Sequence

from ..viewlimits import ViewLimits, shape_problem
from ..markup import Markup, join, tag
from .board import (
    CATEGORY_GLYPH, CATEGORY_KEY, SIGN_WORDS, hex_markers, hex_names, seat_name, voice_text, card_label,
    round_name, seat_list, table_svg,
)
from .components import CARDS_BY_ID, CATEGORY_NAMES, TIMING_NAMES
from .laws import law_text
from .notation import RACE_MAX
from .rules_text import CARD_REFERENCE_HTML, RULES_HTML  # noqa: F401 - the page's rules text
from .table import (  # noqa: F401 - the hooks the table uses (docs/adding-a-game.md)
    SETUP_TEXT, event_words, forced, score_breakdown, tie_break)
from .words import EFFECT_NAMES

RESPONSE_SECONDS = 6


def _pending_text(it: dict[str, Any], names: list[str], pending: list[dict[str, Any]]) -> str:
    """One card or response waiting to take effect (one of `pending`), in words (plain text:
    the page shows it as text, and `render` escapes it)."""
    who = seat_name(names, it["seat"])
    if it["kind"] == "play":
        to = it.get("to") or []
        card = card_label(it["card"])
        where = (" → " + ", ".join(seat_name(names, t) for t in to)) if to else ""
        down = " (face down)" if it.get("deceit") else ""
        return f"{who}: {card}{down}{where}"
    if it["kind"] == "take":
        return f"{who} is HEXED"
    if it["kind"] == "null":
        return f"{who}: Null on {_cancelled(it['target'], names, pending)}"
    if it["kind"] == "detonate":
        return f"{who}: Detonate on {seat_name(names, it['target'])}"
    effect = EFFECT_NAMES.get(it.get("effect", ""), "an effect")
    target = it.get("target")
    on = f" on {seat_name(names, target)}" if isinstance(target, int) else ""
    return f"{who}: Eradicate the {effect}{on}"


def _cancelled(k: int, names: list[str], pending: Sequence[dict[str, Any]]) -> str:
    """The card a Null in the window cancels, in words ("Bo's Turn Aside Left")."""
    target = pending[k] if 0 <= k < len(pending) else {}
    card = target.get("card") or target.get("kind", "")
    if card not in CARDS_BY_ID:
        return "the last card"
    return f"{seat_name(names, target['seat'])}'s {card_label(card)}"


@functools.lru_cache(maxsize=1024)
def _button(action: str, text: str, cls: str = "hx-btn", shown: bool = False) -> Markup:
    """A move's button; `shown`: the move is already read whole beside it (a card opened), so
    the page's confirm step does not ask again (`data-shown`, docs/adding-a-game.md)."""
    return tag("button", text, type="button", class_=cls, data_action=action, aria_label=text,
               data_shown="" if shown else None)


def _describe_action(a: str, names: list[str], pending: Sequence[dict[str, Any]] = ()) -> str:
    """A choice in words, for its button (`pending`: the cards waiting in the window)."""
    words = a.split()
    head = words[0]
    if head == "play":
        card = card_label(words[1])
        tos = [w for w in words[2:] if w.startswith(">")]
        real = [w for w in words[2:] if w.startswith("real=")]
        text = card
        if tos:
            text += " → " + ", ".join(seat_name(names, int(t)) for t in tos[0][1:].split(","))
        if real:
            text = f"show {card_label(real[0][5:])} as {text}"
        return text
    if head == "hexed":
        return "Take it: I am HEXED"
    if head in ("cast", "strike", "detonate", "dealer"):
        verb = {"cast": "Cast on", "strike": "Strike back at", "detonate": "Detonate on", "dealer": "Dealer:"}[head]
        return f"{verb} {seat_name(names, int(words[1]))}"
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
            f"Sacrifice {voice_text(int(words[1]))} → {seat_name(names, int(words[2][1:]))} loses double"
    if head == "eradicate":
        return f"Eradicate the {EFFECT_NAMES.get(words[1], words[1])} on {seat_name(names, int(words[2]))}"
    if head == "sign":
        return SIGN_WORDS[words[1]]
    if head == "null":
        return f"Null {_cancelled(int(words[1]), names, pending)}"
    if head == "law":
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
def _card(card: str, cls: str, label: str, piece: str, read_only: bool) -> Markup:
    """A card of the hand: a button that opens it (its whole text, with its choices when it
    can be played now; `read_only`, marked `data-read`: no move behind it, docs/adding-a-game.md).
    Its tooltip says what it does."""
    c = CARDS_BY_ID[card]
    tip = f"{c.name} ({CATEGORY_NAMES[c.category]}; {TIMING_NAMES[c.timing]}): {c.text}"
    # Named by what it shows (a screen reader's name must hold the visible text), then the hint.
    return tag("button", _card_body(card), tag("span", f" ({label})", class_="visually-hidden"), type="button",
               class_=cls, data_ui=f"card={card};claim=", data_read="" if read_only else None, title=tip,
               data_piece=piece)


def _plays_by_card(legal: list[str]) -> dict[str, list[str]]:
    """The legal answers, by the card of the hand each one plays (the real one under Deception)."""
    by_card: dict[str, list[str]] = {}
    for a in legal:
        w = a.split()
        if w[0] == "play":
            key = next((x[5:] for x in w if x.startswith("real=")), w[1])
            by_card.setdefault(key, []).append(a)
    return by_card


def _hand_cards(view: dict[str, Any], names: list[str], by_card: dict[str, list[str]],
                chosen: str) -> list[Markup]:
    """Each card of the viewer's hand: a button that opens it, to read it whole beside the ways
    to play it now, if any (a phone shows names alone, and a card is not played unread)."""
    cards: list[Markup] = []
    seen: dict[str, int] = {}
    offered: set[str] = set()  # cards with a copy already drawn (not readied)
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
        # Copies of one card play alike and open the same choices; the first one not readied
        # is the one marked picked.
        first = card not in offered
        offered.add(card)
        plays = by_card.get(card, [])
        cls = f"hx-card hx-cat-{c.category}" + (" hx-playable" if plays else "") + (
            " hx-selected" if chosen == card and first else "")
        label = "open it to choose how to play it" if plays else "open it to read: it cannot be played now"
        cards.append(_card(card, cls, label, piece, not plays))
    return cards


def _claim_buttons(claims: list[str]) -> Markup:
    """Under Deception: the card to claim, one button each (its targets come next)."""
    return tag("span", [tag("button", CATEGORY_GLYPH[CARDS_BY_ID[c].category], " ", card_label(c),
                            type="button", class_="hx-btn hx-claim", data_ui=f"claim={c}",
                            title=f"Claim it is {card_label(c)}", aria_label=f"Claim it is {card_label(c)}")
                        for c in claims],
               class_="hx-claims")


@functools.lru_cache(maxsize=128)
def card_detail(card: str) -> Markup:
    """A card read whole, for the card picked in the hand: its name, kind, when it may be
    played and everything it does (the hand itself has room for the name alone on a phone)."""
    c = CARDS_BY_ID[card]
    return tag("div", tag("p", CATEGORY_GLYPH[c.category], " ", c.name, class_="hx-detail-name"),
               tag("p", CATEGORY_NAMES[c.category], " · ", TIMING_NAMES[c.timing], class_="hx-detail-when"),
               tag("p", c.text, class_="hx-detail-text"),
               class_=f"hx-detail hx-cat-{c.category}")


def _choices(ui: dict[str, str], names: list[str], chosen: str, plays: list[str]) -> Markup:
    """The card picked in the hand, read whole, and the ways to play it (first the claim,
    under Deception)."""
    claims = list(dict.fromkeys(a.split()[1] for a in plays))
    claim = ui.get("claim", "")
    head = f"Play {card_label(chosen)}" if plays else f"{card_label(chosen)} cannot be played now"
    detail: Markup | None = card_detail(chosen)
    if len(claims) > 1 and claim not in claims:
        # face down, the card acts as the one claimed: the list of claims takes the room
        buttons, detail = [_claim_buttons(claims)], None
        head = f"Play {card_label(chosen)} face down, claiming it is"
    else:
        if len(claims) > 1:
            plays = [a for a in plays if a.split()[1] == claim]
            head = f"{card_label(chosen)} as {card_label(claim)}"
            detail = card_detail(claim)     # what the card will do, played as the claim
        buttons = [_button(a, _describe_action(a, names), shown=True) for a in plays]
    close = "Cancel" if plays else "Close"
    return tag("div", detail, tag("span", head, ":" if plays else "", class_="hx-choices-head"), buttons,
               tag("button", close, type="button", class_="hx-btn hx-cancel", data_ui="card=", aria_label=close,
                   data_read=None if plays else ""),
               class_="hx-choices", role="group", aria_label=f"{card_label(chosen)}: what it does and how to play it",
               data_rove="choices")


def _hand_html(view: dict[str, Any], ui: dict[str, str], names: list[str],
               legal: list[str]) -> tuple[Markup, Markup | None]:
    """The viewer's hand, and the card opened in it with its choices (or None)."""
    by_card = _plays_by_card(legal)
    chosen = ui.get("card", "")
    hand = [tag("div", _hand_cards(view, names, by_card, chosen), class_="hx-hand", role="group",
                aria_label="Your hand", data_rove="hand")]
    if view["buried"]:
        hand.append(tag("p", "Your face-down cards: ", ", ".join(card_label(c) for c in view["buried"]),
                        class_="hx-note"))
    choices = _choices(ui, names, chosen, by_card.get(chosen, [])) if _opened(view, ui) else None
    return join(hand), choices


POSITION_UI = ("card", "claim")
"""The selection that belongs to one position (a card opened to read or to play): the table
closes it when another seat's move moves the table on (web/ui/table.py)."""


def _opened(view: dict[str, Any], ui: dict[str, str]) -> bool:
    """Whether the card picked in the hand is still there to read (readied ones apart)."""
    card = ui.get("card", "")
    return bool(card) and list(view["hand"]).count(card) > list(view.get("readied", [])).count(card)


def _over_prompt(view: dict[str, Any], names: list[str]) -> Markup:
    # who won is said once, by the table (its end summary, or a guest's status line)
    series = ""
    if view.get("series", 1) > 1:
        series = " Games won: " + ", ".join(f"{seat_name(names, s)} {w}" for s, w in enumerate(view["wins"])) + "."
    return tag("div", f"Game over.{series}", class_="hx-prompt hx-over", role="status")


def _race_prompt(view: dict[str, Any], names: list[str], legal: list[str]) -> Markup:
    race = view["race"]
    if legal:
        return tag("div",
                   tag("p", seat_name(names, race["caller"]), " shouted HEX-HEX!"),
                   tag("button", "HANDS UP!", type="button", class_="hx-react", data_race="react {ms}",
                       data_action="react 2000", autofocus=True, aria_label="React now: hands up!"),
                   tag("p", "Press any key or tap as fast as you can. The slowest loses 3 Voice.",
                       class_="hx-note"),
                   class_="hx-race-overlay", role="alertdialog", aria_label="HEX-HEX race")
    done = ", ".join(seat_name(names, s) for s in race["done"]) or "nobody yet"
    return tag("div", "HEX-HEX race! Reacted: ", done, class_="hx-prompt hx-race-wait", role="status")


WAITING = {"window": "may respond", "play": "is answering a Hex", "sign": "is choosing a sign",
           "cast": "is casting the Hex", "pick": "picks the dealer",
           "law": "won the game and is laying down a law"}
"""What the seat to act is doing, for the others."""
TITLES = {"cast": "Cast the Hex: click a player (or a button)",
          "pick": "You have the least Voice: pick the dealer; you cast",
          "sign": "Hex Sign: choose your sign (hidden until all have chosen)",
          "boom": "HEXED: choose which card to play", "spite": "Spite: sacrifice Voice?",
          "strike": "Strike back: who loses 1 Voice?", "law": "You won: lay down a law for the next game"}
"""The prompt of the other decisions."""


def _window_prompt(view: dict[str, Any], names: list[str], other: list[str]) -> Markup:
    pending = view["pending"]
    return tag("div",
               tag("p", "Just played:"),
               tag("ol", [_li(_pending_text(it, names, pending)) for it in pending]),
               tag("div", class_="hx-countdown", aria_hidden="true", data_countdown_text=""),
               tag("p", "Respond out of turn, or pass."),
               [_button(a, _describe_action(a, names, pending), "hx-btn hx-pass" if a == "pass" else "hx-btn")
                for a in other],
               class_="hx-prompt hx-response", role="alertdialog", data_countdown=RESPONSE_SECONDS,
               data_countdown_action="pass",
               aria_label="Response window")


def _answer_prompt(view: dict[str, Any], names: list[str], other: list[str]) -> Markup | None:
    h = next((h for h in view["hexes"] if h["id"] == view["answering"]), None)
    if h is None:
        return None
    multi = " (face down: all answers are revealed together)" if view["commits"] else ""
    markers = hex_markers(h)
    which = hex_names(view)[h["id"]]
    return tag("div",
               tag("p", f"You are The Intended of {which} sent by {seat_name(names, h['by'])}: "
                        f"it costs {voice_text(h['loss'])}{'; ' + markers if markers else ''}.{multi}"),
               tag("p", "Play a card from your hand below."),
               tag("p", "Deception: pick a card, then the card you claim it is.", class_="hx-note")
               if view["deceive"][view["seat"]] else None,
               [_button(a, _describe_action(a, names), "hx-btn hx-danger" if a.startswith("hexed") else "hx-btn")
                for a in other],
               class_="hx-prompt", role="alertdialog", aria_label="You are The Intended")


def _prompt(view: dict[str, Any], ui: dict[str, str], names: list[str], legal: list[str]) -> Markup:
    """What the viewer must decide now, or what the table waits for."""
    phase = view["phase"]
    other = [a for a in legal if not a.startswith("play ")]
    if view["over"]:
        return _over_prompt(view, names)
    if phase == "race":
        return _race_prompt(view, names, legal)
    if not legal:
        cur = view["current"]
        if cur is not None and cur >= 0:
            return tag("div", seat_name(names, cur), f" {WAITING.get(phase, 'is deciding')}…",
                       class_="hx-prompt", role="status")
        return tag("div", "…", class_="hx-prompt", role="status")
    if phase == "window":
        return _window_prompt(view, names, other)
    answer = _answer_prompt(view, names, other) if phase == "play" else None
    if answer is not None:
        return answer
    title = TITLES.get(phase, "Decide")
    return tag("div", tag("p", title), [_button(a, _describe_action(a, names)) for a in other],
               class_="hx-prompt", role="alertdialog", aria_label=title)


@functools.lru_cache(maxsize=1024)
def _li(text: str) -> Markup:
    return tag("li", text)


def _notes(view: dict[str, Any], names: list[str]) -> list[Markup]:
    """Under the table: the last race and Hex Sign. The happenings themselves are told once,
    in the page's log (and its recap of what the others did since the viewer's last move),
    with the newest outcomes as badges on the seats: a third list here only repeated them."""
    notes = []
    if view["last_race"]:
        times = ", ".join(f"{seat_name(names, int(s))} {ms} ms" for s, ms in view["last_race"]["times"].items())
        notes.append(tag("p", f"Last HEX-HEX race: {times}.", class_="hx-note"))
    if view["last_sign"]:
        signs = ", ".join(f"{seat_name(names, int(s))} {x}"
                          for s, x in view["last_sign"]["signs"].items())
        notes.append(tag("p", f"Last Hex Sign: {signs}.", class_="hx-note"))
    return notes


def render(view: dict[str, Any], ui: dict[str, str], names: list[str]) -> Markup:
    """The table (left, or on top on a phone), and beside it what the viewer must decide,
    the choices of a picked card and the hand, so all of it fits one screen."""
    legal = list(view.get("legal", []))
    laws = view.get("laws") or []
    head = round_name(view).capitalize()
    if view.get("tiebreak"):
        head += ": every Voice gain and loss counts double"
    if view.get("series", 1) > 1:
        head += f' · Game {view["game_no"]} of {view["series"]}'
    parts: list[Markup] = [tag("div", head, class_="hx-status", role="status")]
    if laws:
        parts.append(tag("ul", [_li(law["text"]) for law in laws], class_="hx-laws",
                         aria_label="Laws in force"))
    table = [table_svg(view, ui, names, set(legal)), seat_list(view, names)]
    side: list[Markup | None] = [_prompt(view, ui, names, legal)]
    if view["pending"] and view["phase"] != "window":
        side.append(tag("ol", [_li(_pending_text(it, names, view["pending"])) for it in view["pending"]],
                        class_="hx-pending"))
    seat = view["seat"]
    mine = isinstance(seat, int) and 0 <= seat < view["players"]
    if mine:
        hand, choices = _hand_html(view, ui, names, legal)
        side += [choices, hand]
    side.append(CATEGORY_KEY)
    parts.append(tag("div", tag("div", table, class_="hx-table-col"), tag("div", side, class_="hx-side"),
                     class_="hx-main"))
    parts += _notes(view, names)
    opened = mine and _opened(view, ui)
    claiming = opened and ui["card"] in _plays_by_card(legal) and view["deceive"][seat] and not ui.get("claim")
    # a card opened (its whole text above its choices): the hand shows names only, so the
    # choices and every card still fit one screen
    cls = "hx-board" + (" hx-opened" if opened else "") + (" hx-claiming" if claiming else "")
    return tag("div", parts, class_=cls)


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
            "played": [_pending_text(it, names, pending) for it in pending],
            "pass": "pass", "seconds": RESPONSE_SECONDS}


def simultaneous(view: dict[str, Any], names: list[str]) -> dict[str, str] | None:
    """Whether the table answers the decision now all at once, for players on their own
    devices: a response window (every seat in it may be asked together) or the HEX-HEX race
    (everyone's reaction is timed together). `key` names the moment from public facts and
    stays the same while seats let it go by; `filler` is the notation of letting it go by."""
    window = response_window(view, names)
    if window is not None:
        return {"key": window["key"], "filler": window["pass"]}
    race = view.get("race")
    if view.get("phase") == "race" and isinstance(race, dict) and not view.get("over"):
        key = json.dumps(["race", view.get("game_no"), view.get("round"), view.get("tiebreak"), race.get("caller")])
        return {"key": key, "filler": f"react {RACE_MAX}"}
    return None


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


VIEW_LIMITS = ViewLimits(nodes=5_000, number=100_000, items=1_000, text=600, depth=8)
"""How large this game's views ever get, with room to spare (real games reach about 310 values, numbers to 1,950, lists of 72)."""


def view_problem(view: dict[str, Any], players: int) -> str | None:
    """Why `view` is not one this game draws (see pygame_core/viewlimits.py), or None."""
    return shape_problem(view, VIEW_LIMITS)
