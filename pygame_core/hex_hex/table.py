"""How the table talks about HEX-HEX XL: the log's words for events, the deal, the summary.

The hooks of docs/adding-a-game.md ("Optional hooks the table uses"), found by the presenter
(web/ui/presenter.py) on the game's view module, which re-exports them from here. Every text
names players, cards and Voice as a player would: never a seat number, a Hex's number, a
window item or any other piece of notation.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine import Event
from ..names import default_name
from .components import CARDS_BY_ID, DECEPTION_CAUGHT_LOSS, HAND_SIZE, MARKED_MAN_LIMIT, TRICKS_TAKE
from .laws import law_text
from .position import MAX_TIEBREAKS
from .words import EFFECT_NAMES, sending

SETUP_TEXT = (f"A dealer is drawn at random and deals {HAND_SIZE} cards to each player; everyone "
              "starts with 5 Voice, and cards that act when dealt are turned up at once.")

REVEALED = {
    "ward": "loses no Voice this round except by choice",
    "deception": "may answer face down this round",
    "marked": f"draws up to {MARKED_MAN_LIMIT} cards",
    "tricks": f"takes the {TRICKS_TAKE} newest discards",
}
"""What a card that acts when dealt does, said when it is turned up."""


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None or seat < 0:
        return "nobody"
    return names[seat] if seat < len(names) else default_name(seat)


def _card(card: str) -> str:
    return CARDS_BY_ID[card].name if card in CARDS_BY_ID else "a card"


def voice(amount: float) -> str:
    """'1 Voice', '3 Voice': Voice is not counted in plural."""
    return f"{amount:g} Voice"


LOSS_REASONS = {
    "sacrifice": "{who} sacrifices {n} out of Spite against {other}",
    "spite": "{who} loses {n} to {other}'s Spite",
    "strike": "{who} loses {n}: {other} strikes back",
    "level": "{who} loses {n} to {other}'s Level (the leaders pay)",
    "pointing": "{who} loses {n} for naming a target (the law of no pointing)",
    "hoarder": "{who} loses {n} for ending the round with 3 or more cards (the law of no hoarding)",
}
GAIN_REASONS = {
    "sent": "{who} gains {n}: the Hex {who} sent went off on {other}",
    "dismiss": "{who} Dismisses the Hex and gains {n}",
    "friend": "{who} gains {n} as {other}'s new friend",
}


def event_words(event: Event, names: Sequence[str]) -> str | None:
    """An event of the match's log (see events.py and `State.emit`) in words, or None for
    one the log leaves out."""
    who, other = _name(names, event.seat), _name(names, event.other)
    n = voice(abs(event.amount))
    match event.kind:
        case "played":
            return None       # the action's own line says what was played (and hides a face-down card)
        case "hexed" | "bluff":
            return _went_off(event, who, n)
        case "gain" | "lose":
            return _voice_changed(event, who, other, n)
        case "detonate":
            return f"{who}'s Detonate sets the Hex off as it reaches {other}; {who} gains {n}"
        case "challenge":
            return (f"{who} challenges {other}'s face-down card, but it really is {_card(event.subject)}: "
                    f"{who} loses {n}")
        case "caught":
            return (f"{other} catches {who} bluffing: the face-down card is {_card(event.subject)}. "
                    f"The Hex will go off on {who} for {voice(DECEPTION_CAUGHT_LOSS)}")
        case "cancelled":
            return f"{who}'s {_card(event.subject)} is cancelled"
        case "returned":
            return f"The Hex goes back to {other}, as it was"
        case "eradicated":
            return f"{who}'s Eradicate ends {other}'s {EFFECT_NAMES.get(event.subject, 'effect')}"
        case "answer" | "revealed" | "fate" | "blind":
            return _card_told(event, who, other)
        case "race" | "hexsign" | "sign":
            return _showdown(event, who, n)
    return _round_or_game(event, names, who, n)


def _went_off(event: Event, who: str, n: str) -> str:
    card, amount = event.subject, event.amount
    if event.kind == "bluff":
        return f"The Hex goes off on {who} for the bluff: {who} loses {n}" if amount else \
            f"The Hex goes off on {who} for the bluff, but {who}'s Ward keeps every Voice"
    if card == "whatthehex":
        return (f"The Hex goes off on {who}, who plays What the Hex Up With That?: everyone "
                f"else loses Voice to {who}, who gains {n}")
    if card == "level":
        return f"The Hex goes off on {who}, who plays Level and gains {n}"
    if not amount:
        return f"The Hex goes off on {who}, but {who}'s Ward keeps every Voice"
    extra = " (Curse adds 2)" if card == "curse" else (f", and plays {_card(card)}" if card else "")
    return f"The Hex goes off on {who}: {who} loses {n}{extra}"


def _voice_changed(event: Event, who: str, other: str, n: str) -> str:
    gained = event.kind == "gain"
    if not gained and not event.amount and event.subject in ("spite", "strike", "level"):
        return f"{who}'s Ward keeps every Voice against {other}"
    reasons = GAIN_REASONS if gained else LOSS_REASONS
    text = reasons.get(event.subject, "{who} gains {n}" if gained else "{who} loses {n}")
    return text.format(who=who, other=other, n=n)


def _card_told(event: Event, who: str, other: str) -> str:
    """Cards turned up: a volley's answers, a card that acts when dealt, a forced answer."""
    card = _card(event.subject)
    match event.kind:
        case "answer":
            if not event.subject:
                return f"{who} has no card for one of the Hexes: it will go off"
            to = f", to {other}" if event.other is not None else ""
            if event.amount:
                return f"{who}'s face-down answer is said to be {card}{to}"
            return f"{who}'s answer is {card}{to}"
        case "revealed":
            what = REVEALED.get(event.subject)
            return f"{who} turns up {card}" + (f": {who} {what}" if what else "")
        case "blind" if not event.amount:
            return f"{card} cannot answer the Hex and is thrown away"
    return f"{card} must be {who}'s answer"


def _showdown(event: Event, who: str, n: str) -> str:
    """The HEX-HEX race and the Hex Sign."""
    if event.kind == "race":
        return f"{who} is the slowest to react ({event.subject} ms) and loses {n}"
    if event.kind == "hexsign":
        return f"{who}'s Hex Sign is {event.subject}"
    if event.amount > 0:
        return f"{who} shows {event.subject} too and gains {n}"
    if event.amount < 0:
        return f"{who} shows {event.subject} and loses {n}"
    return f"{who} shows {event.subject}; a Ward keeps every Voice"


def _round_or_game(event: Event, names: Sequence[str], who: str, n: str) -> str | None:
    amount = event.amount
    match event.kind:
        case "round_end":
            standing = _voices(event.subject, names)
            return f"Round {amount:g} ends. Voice: {standing}" if standing else f"Round {amount:g} ends"
        case "tiebreak":
            return f"Tied for the lead: tie-break round {amount:g}, every gain and loss counts double"
        case "won":
            return f"{who} shares the win with {n}" if event.subject == "shared" else f"{who} wins the game with {n}"
        case "won_game":
            return f"{who} wins game {event.subject} with {n}"
        case "won_series":
            games = f"{amount:g} game{'' if amount == 1 else 's'}"
            if event.subject == "shared":
                return f"{who} shares the series with {games} won"
            return f"{who} wins the series with {games} won"
        case "reshuffle":
            return "The deck has run out: the discards are shuffled into a new deck"
    return None


def _voices(text: str, names: Sequence[str]) -> str:
    """'6 4 5' (Voice by seat, as a round_end event carries it) as 'Ada 6, Bo 4, Cy 5'."""
    try:
        values = [int(v) for v in text.split()]
    except ValueError:
        return ""
    return ", ".join(f"{_name(names, s)} {v}" for s, v in enumerate(values))


def score_breakdown(view: dict[str, Any], names: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The summary's rows: games won in a series, then each seat's Voice at the end of every
    round of the (last) game. Games saved under the original rulings kept no round record:
    their only row is the final Voice."""
    players = view["players"]
    rows: list[tuple[str, list[str]]] = []
    if view.get("series", 1) > 1:
        rows.append(("Games won", [str(w) for w in view["wins"]]))
    game = f" of game {view['game_no']}" if view.get("series", 1) > 1 else ""
    for entry in view.get("history") or []:
        label = (f"Voice after tie-break round {entry['tiebreak']}{game}" if entry["tiebreak"]
                 else f"Voice after round {entry['round']}{game}")
        rows.append((label, [str(v) for v in entry["voice"][:players]]))
    if not view.get("history"):
        rows.append(("Voice", [str(v) for v in view["voice"]]))
    return rows


def tie_break(view: dict[str, Any], names: Sequence[str]) -> str:
    """How a tie was decided, in words, or "" when there was none."""
    winners = list(view.get("winners") or [])
    if view.get("series", 1) > 1:
        if len(winners) > 1:
            best = view["wins"][winners[0]]
            games = f"{best} game{'' if best == 1 else 's'}"
            return f"{_and([_name(names, s) for s in winners])} each won {games} and share the series."
        return ""
    rounds = view.get("tiebreak", 0)
    if not rounds:
        return ""
    history = view.get("history") or []
    regular = [e for e in history if not e["tiebreak"]]
    tied = ""
    if regular:
        last = regular[-1]["voice"]
        top = max(last)
        leaders = [s for s, v in enumerate(last) if v == top]
        tied = f"{_and([_name(names, s) for s in leaders])} were tied on {voice(top)} after the last round"
    else:
        tied = "The leaders were tied on Voice after the last round"
    count = f"{rounds} tie-break round{'' if rounds == 1 else 's'}"
    if len(winners) > 1:
        return (f"{tied}; still tied after {count} (every gain and loss doubled, at most "
                f"{MAX_TIEBREAKS}), {_and([_name(names, s) for s in winners])} share the win.")
    return f"{tied}; {count} (every gain and loss doubled) decided it."


ACKNOWLEDGED = ("pass", "hexed", "spite 0")
"""Moves that only let things happen: passing in a response window, taking a Hex with no
card to answer it ("Take it: I am HEXED"), sacrificing nothing to Spite."""


def forced(view: dict[str, Any], legal: Sequence[str]) -> str | None:
    """The one move a person may make when it only lets things happen (`ACKNOWLEDGED`): the
    table makes it for them after a pause. A single card to play is still a choice to show:
    it is not made for them."""
    if len(legal) != 1:
        return None
    move = legal[0]
    return move if move in ACKNOWLEDGED or move.split()[0] == "hexed" else None


def hex_words(view: dict[str, Any], hex_id: int, names: Sequence[str]) -> str:
    """A Hex as players tell it apart: by whom it is on (and who sent it, when two are)."""
    h = next((x for x in view.get("hexes", []) if x["id"] == hex_id), None)
    if h is None:
        return "the Hex"
    on = [x for x in view["hexes"] if x["at"] == h["at"]]
    sent = f" sent by {_name(names, h['by'])}" if len(on) > 1 and h["by"] >= 0 else ""
    return f"the Hex on {_name(names, h['at'])}{sent}"


def _pending_words(view: dict[str, Any], item: int, names: Sequence[str]) -> str:
    pending = view.get("pending", [])
    if not 0 <= item < len(pending):
        return "the last card"
    it = pending[item]
    card = it.get("card") if it["kind"] == "play" else it["kind"]
    return f"{_name(names, it['seat'])}'s {_card(card or '')}"


def action_words(view: dict[str, Any], action: str, names: Sequence[str]) -> str:
    """A choice offered to a player (an action's notation, as `view["legal"]` lists it) in
    words, for buttons and prompts: "Turn Aside Left to Bo", "Null Bo's Detonate"."""
    words = action.split()
    head, args = words[0], words[1:]
    try:
        if head == "play":
            tos = next((w[1:] for w in args if w.startswith(">")), "")
            to = [int(t) for t in tos.split(",")] if tos else []
            real = next((w[5:] for w in args if w.startswith("real=")), "")
            h = next((x for x in view.get("hexes", []) if x["id"] == int(args[1][1:])), None)
            text = _card(args[0]) + (sending(args[0], to, h["by"] if h else -1,
                                             lambda t: _name(names, t)) if to else "")
            return f"Put {_card(real)} face down as {text}" if real else text
        if head == "hexed":
            return f"Let {hex_words(view, int(args[0][1:]), names)} go off on you"
        if head == "null":
            return f"Null {_pending_words(view, int(args[0]), names)}"
        simple = {"cast": "Cast the Hex on {}", "strike": "Strike back at {}",
                  "detonate": "Detonate the Hex as it reaches {}", "dealer": "{} deals"}
        if head in simple:
            return simple[head].format(_name(names, int(args[0])))
        if head == "eradicate":
            return f"Eradicate {_name(names, int(args[1]))}'s {EFFECT_NAMES.get(args[0], 'effect')}"
        if head == "spite":
            if args[0] == "0":
                return "Sacrifice nothing"
            return (f"Sacrifice {voice(int(args[0]))}: {_name(names, int(args[1][1:]))} "
                    f"loses {voice(2 * int(args[0]))}")
        if head == "suffer":
            return f"Play {_card(args[0])}"
        if head == "sign":
            return args[0].capitalize()
        if head == "react":
            return "Hands up!"
        if head == "law":
            return law_text(args[0])
    except (IndexError, ValueError, KeyError):
        pass
    return {"pass": "Pass: let it happen", "hexhex": "HEX-HEX!",
            "challenge": "Challenge the face-down card"}.get(head, "Choose")


def _and(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
