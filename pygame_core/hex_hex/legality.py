"""What a HEX-HEX XL player may do: answers to a Hex, response-window cards, the other
decisions, chance's outcomes, and why anything else is refused.

Functions of a `Position`; none of them changes it.
"""

from __future__ import annotations

from collections import Counter

from ..engine import CHANCE
from .components import CARDS, CARDS_BY_ID, SIGNS, SPITE_MAX, STANDARD_TOKENS, T_DEALT, T_HEXED
from .laws import law_choices
from .notation import (
    RACE_TIMES, Cast, Challenge, Dealer, Detonate, Draw, Eradicate, HexAction, HexHex, Law, Lose,
    Null, Pass, Pick, Play, React, Sign, Spite, Steal, Strike, Suffer, Take,
)
from .position import Position
from .records import (
    Answer, Answering, BlindPull, CastHex, DrawCard, FirstDealer, GoOff, Hex, LawChoice, PickDealer,
    Race, SignChoice, SpiteChoice, StealCard, StrikeChoice, Trim, Window,
)

PASSING_FIXED = {"left": "L", "right": "R", "boostl": "L", "boostr": "R", "madl": "L", "madr": "R"}
"""Cards that send a Hex one fixed way."""
ANY_TARGET = ("chase", "choke", "called", "blind", "charm")
"""Cards that send a Hex to anyone."""
_RACE_ACTIONS = tuple(React(ms) for ms in RACE_TIMES)
_SIGN_ACTIONS = tuple(Sign(x) for x in SIGNS)


def chance_outcomes(pos: Position) -> list[tuple[HexAction, float]]:
    match pos.jobs[0]:
        case FirstDealer():
            return [(Dealer(s), 1.0 / pos.players) for s in range(pos.players)]
        case DrawCard():
            total = sum(pos.deck.values())
            return [(Draw(c), n / total) for c, n in sorted(pos.deck.items()) if n]
        case Trim(seat):
            return _from_hand(pos.hands[seat], Lose)
        case BlindPull(seat):
            return _from_hand(pos.hands[seat], Pick)
        case StealCard(victim=victim):
            return _from_hand(pos.hands[victim], Steal)
    raise AssertionError(pos.jobs[0])


def _from_hand(hand: list[str], kind: type[Lose | Pick | Steal]) -> list[tuple[HexAction, float]]:
    """Any card of `hand`, equally likely."""
    return [(kind(c), n / len(hand)) for c, n in sorted(Counter(hand).items())]


# -- answers to a Hex -------------------------------------------------------------------------
def allowed(pos: Position, s: int, t: int, h: Hex, compel: bool = True) -> bool:
    """Whether `s` may send Hex `h` to `t` (a Compulsion binds unless a new one replaces it)."""
    if t == s or not 0 <= t < pos.players or pos.charm[s] == t:
        return False
    if h.mad and compel:
        return t == (pos.left(s) if h.mad == "L" else pos.right(s))
    return True


def _fixed_way(pos: Position, s: int, card: str, h: Hex) -> list[Play]:
    t = pos.left(s) if PASSING_FIXED[card] == "L" else pos.right(s)
    need = 1 if card in ("boostl", "boostr") or (card in ("madl", "madr") and not h.mad) else 0
    # A new Compulsion overrides the old one, whichever way it goes.
    if allowed(pos, s, t, h, compel=card not in ("madl", "madr")) and pos.markers_free() >= need:
        return [Play(card, h.id, (t,))]
    return []


def _neighbour(pos: Position, s: int, card: str, h: Hex) -> list[Play]:
    """Escalating Obsession and Duck: left or right."""
    out = []
    for t in sorted({pos.left(s), pos.right(s)}):
        if not allowed(pos, s, t, h) or (card == "duck" and t == h.by):
            continue
        if card == "obsession" and pos.markers_free() < 1:
            continue
        out.append(Play(card, h.id, (t,)))
    return out


def _copying(pos: Position, s: int, card: str, h: Hex) -> list[Play]:
    """Twain and Double Back make a second Hex: a token for it and for its markers."""
    if len(pos.hexes) >= STANDARD_TOKENS or pos.markers_free() < h.markers:
        return []
    if card == "twain":
        lt, rt = pos.left(s), pos.right(s)
        # Legal on a Maddened Hex too: one copy goes the named way (rulebook).
        return [Play(card, h.id, (lt, rt))] if pos.charm[s] not in (lt, rt) else []
    t = h.by
    return [Play(card, h.id, (t, t))] if t >= 0 and allowed(pos, s, t, h) else []


def _staying(pos: Position, s: int, card: str, h: Hex) -> list[Play]:
    """Cards that send the Hex nowhere: Null, Dismiss, Hex Sign, Fate, Theft of Thought."""
    match card:
        case "null":
            ok = h.back is not None and not h.mad
        case "dismiss":
            ok = pos.played[s] >= 1 and not h.mad
        case "sign":
            ok = not h.mad
        case _:
            ok = card in ("fate", "theft")
    return [Play(card, h.id)] if ok else []


def plays_of(pos: Position, s: int, card: str, h: Hex) -> list[Play]:
    """Every way `s` could answer Hex `h` with `card` if they held it (no Deception)."""
    others = pos.order_from(s)[1:]
    if card in PASSING_FIXED:
        return _fixed_way(pos, s, card, h)
    if card == "across":
        return [Play(card, h.id, (t,)) for t in pos.across(s) if allowed(pos, s, t, h)]
    if card in ("obsession", "duck"):
        return _neighbour(pos, s, card, h)
    if card in ("twain", "doubleback"):
        return _copying(pos, s, card, h)
    if card in ANY_TARGET:
        return [Play(card, h.id, (t,)) for t in others if allowed(pos, s, t, h)]
    if card == "friend":
        return [Play(card, h.id, (f, e)) for e in others if allowed(pos, s, e, h)
                for f in others if f != e]
    return _staying(pos, s, card, h)


def answers(pos: Position, s: int, h: Hex) -> list[Play]:
    """Truthful answers to Hex `h` from `s`'s hand (only the forced card, if there is one)."""
    hand = pos.available(s)
    if h.force:
        cards = [h.force] if h.force in hand else []
    else:
        cards = sorted(set(hand))
    out: list[Play] = []
    for c in cards:
        out += plays_of(pos, s, c, h)
    return out


def can_answer(pos: Position, s: int, card: str, h: Hex) -> bool:
    if h.force and card != h.force:
        return False
    return bool(plays_of(pos, s, card, h))


def most_answered(pos: Position, s: int, hexes: list[Hex], hand: list[str]) -> int:
    """How many of `hexes` (all aimed at `s`) the cards `hand` can answer, one card each.

    A small exhaustive search (at most six Hexes, a handful of cards).
    """
    if not hexes:
        return 0
    h, rest = hexes[0], hexes[1:]
    best = most_answered(pos, s, rest, hand)
    for card in sorted(set(hand)):
        if best == len(hexes):
            break
        if can_answer(pos, s, card, h):
            left = list(hand)
            left.remove(card)
            best = max(best, 1 + most_answered(pos, s, rest, left))
    return best


def volley_choices(pos: Position, s: int, h: Hex) -> tuple[list[Play], bool]:
    """The truthful answers `s` may give Hex `h`, and whether `s` may be HEXED by it.

    One card per Hex, and nobody may choose to be HEXED while their cards could pass the
    Hex on. With several Hexes on one player that means: answer as many of them as the
    hand allows, and choose which. A play is allowed if the rest of the hand can still
    answer as many of the other Hexes as possible; being HEXED by `h` is allowed if the
    hand answers as many of the others without it (always, when no card answers `h`).
    """
    plays = answers(pos, s, h)
    if pos.original or not pos.multi():
        return plays, not plays     # original rulings: HEXED only if no card answers `h`
    todo = [x for x in pos.volley_order() if x.at == s and x.id not in pos.commits and x.id != h.id]
    if not todo:
        return plays, not plays
    hand = pos.available(s)
    best = most_answered(pos, s, [h, *todo], hand)
    take = most_answered(pos, s, todo, hand) == best
    spare: dict[str, bool] = {}
    for p in plays:
        if p.card not in spare:
            left = list(hand)
            left.remove(p.card)
            spare[p.card] = 1 + most_answered(pos, s, todo, left) == best
    return [p for p in plays if spare[p.card]], take


def hexhex_ok(pos: Position, s: int, h: Hex | None) -> bool:
    if "hexhex" not in pos.available(s) or pos.gagged(s):
        return False
    return not (h and (h.mad or h.force))


def _answer_actions(pos: Position, s: int) -> list[HexAction]:
    h = pos.answering()
    truthful, take = volley_choices(pos, s, h)
    actions: list[HexAction] = list(truthful)
    if pos.deceive[s] and not h.force and pos.available(s):
        # Under Deception any answer may be claimed, with any card of the hand face down.
        held = sorted(set(pos.available(s)))
        actions = [Play(p.card, p.hex, p.to, r) for c in CARDS for p in plays_of(pos, s, c.id, h)
                   for r in held]
    if take:
        actions.append(Take(h.id))
    if hexhex_ok(pos, s, h):
        actions.append(HexHex())
    return actions


def when_hexed(pos: Position, s: int) -> list[str]:
    """The play-only-when-HEXED cards `s` holds, one of which goes with a Hex going off."""
    return sorted({c for c in pos.hands[s] if CARDS_BY_ID[c].timing == T_HEXED})


def _spite_actions(pos: Position, s: int) -> list[HexAction]:
    top = max(0, min(SPITE_MAX, pos.voice[s]))
    acts: list[HexAction] = [Spite(0)]
    for k in range(1, top + 1):
        acts += [Spite(k, t) for t in range(pos.players) if t != s and not pos.ward[t]]
    return acts


def legal_actions(pos: Position) -> list[HexAction]:
    s = pos.current_player
    assert s is not None and s >= 0
    match pos.jobs[0]:
        case PickDealer():
            return [Dealer(t) for t in range(pos.players)]
        case CastHex():
            return [Cast(t) for t in range(pos.players) if t != s]
        case Answering():
            return _answer_actions(pos, s)
        case Window():
            return window_actions(pos, s)
        case GoOff():
            return [Suffer(c) for c in when_hexed(pos, s)]
        case SpiteChoice():
            return _spite_actions(pos, s)
        case StrikeChoice():
            return [Strike(t) for t in range(pos.players) if t != s]
        case Race():
            return list(_RACE_ACTIONS)
        case SignChoice():
            return list(_SIGN_ACTIONS)
        case LawChoice():
            return [Law(code) for code in law_choices(pos.laws)]
    raise AssertionError(pos.jobs[0])


# -- a response window ----------------------------------------------------------------------------
def _eradications(pos: Position) -> list[HexAction]:
    acts: list[HexAction] = []
    for t in range(pos.players):
        if pos.ward[t]:
            acts.append(Eradicate("ward", t))
        if pos.deceive[t]:
            acts.append(Eradicate("deception", t))
        if pos.charm[t] >= 0:
            acts.append(Eradicate("charm", t))
    return acts


def challengeable(pos: Position, s: int, eff: set[int] | None = None) -> Answer | None:
    """The first face-down claim of another player that `s` may still challenge (`eff`: the
    window's standing cards, when the caller has them)."""
    eff = pos.effective() if eff is None else eff
    for k, it in enumerate(pos.pending):
        if isinstance(it, Answer) and it.deceit and not it.challenged and it.seat != s and k in eff:
            return it
    return None


def window_actions(pos: Position, s: int) -> list[HexAction]:
    acts: list[HexAction] = [Pass()]
    if pos.gagged(s):
        return acts
    hand = pos.hands[s]
    eff = pos.effective()
    if "null" in hand:
        acts += [Null(k) for k in pos.last_played() if k in eff and pos.pending[k].seat != s]
    # The Intended of a Maddened Hex may not play Detonate or HEX-HEX (rulebook note).
    maddened = any(h.mad and h.at == s for h in pos.hexes)
    if "detonate" in hand and pos.played[s] >= 1 and not maddened:
        acts += [Detonate(t) for t in sorted({t for t, _ in pos.arrivals() if t != s})]
    if "eradicate" in hand:
        acts += _eradications(pos)
    if challengeable(pos, s, eff) is not None:
        acts.append(Challenge())
    if "hexhex" in hand and not maddened:
        acts.append(HexHex())
    return acts


# -- why not --------------------------------------------------------------------------------------
def why_illegal(pos: Position, action: object) -> str:
    """A specific reason for refusing `action` here (it is not among the legal actions)."""
    s = pos.current_player
    if s == CHANCE or s is None:
        return "chance acts here, not a player"
    job = pos.jobs[0]
    match action:
        case Play():
            return _why_not_answer(pos, s, action) if isinstance(job, Answering) else \
                "no Hex is waiting for your answer now"
        case Take():
            return _why_not_hexed(pos, action) if isinstance(job, Answering) else \
                "no Hex is waiting for your answer now"
        case Null() | Detonate() | Eradicate() | Challenge():
            return _why_not_response(pos, s, action) if isinstance(job, Window) else \
                "out-of-turn cards are played in a response window"
        case HexHex():
            return _why_not_hexhex(pos, s)
        case Pass():
            return "passing is only possible in a response window"
        case Cast():
            return "you cannot cast the Hex on yourself" if isinstance(job, CastHex) else \
                "the Hex has already been cast"
        case Spite() if isinstance(job, SpiteChoice):
            return "Spite gives up 0 to your Voice (at most 5) and cannot target you or a Warded player"
        case Suffer() if isinstance(job, GoOff):
            return "choose one of your play-only-when-HEXED cards"
    return "it is not one of the legal actions here"


def _why_not_card(pos: Position, s: int, action: Play, h: Hex) -> str:
    """Reasons that lie in the card itself, or in the hand."""
    card = CARDS_BY_ID.get(action.card)
    if card is None:
        return "there is no such card"
    held = action.real or action.card
    if held not in pos.hands[s]:
        return f"{CARDS_BY_ID[held].name} is not in your hand"
    if held not in pos.available(s):
        return f"{CARDS_BY_ID[held].name} is already readied for another Hex"
    if action.real and not pos.deceive[s]:
        return "only a player under Deception plays face down"
    if card.timing == T_HEXED:
        return f"{card.name} is played only when a Hex goes off on you"
    if card.timing == T_DEALT:
        return f"{card.name} takes effect when dealt, not as an answer"
    if action.card in ("detonate", "eradicate"):
        return f"{card.name} is played in a response window, not as an answer"
    if h.force and held != h.force:
        return f"this Hex must be answered with {CARDS_BY_ID[h.force].name}"
    if action.card == "dismiss" and pos.played[s] == 0:
        return "Dismiss may not be your first card of the round"
    if h.mad and action.card in ("dismiss", "sign", "null"):
        return "a Maddened Hex may only be passed on in its direction"
    if action.card == "null" and h.back is None:
        if pos.original or not any(pos.played):
            return "no card sent this Hex to you, so there is nothing to cancel"
        return "Null cancels only the last card played, and that is not a card that sent this Hex to you"
    return ""


def _why_not_target(pos: Position, s: int, action: Play, h: Hex) -> str:
    if s in action.to and action.card != "twain":
        return "you cannot aim a card at yourself"
    if pos.charm[s] in action.to:
        return "you are charmed and may not send a Hex to the player who charmed you"
    if h.mad:
        return "a Maddened Hex must go to your neighbour in its direction"
    if action.card == "duck" and h.by in action.to:
        return "a Duck cannot send the Hex back to the one who targeted you"
    return ""


def _why_not_answer(pos: Position, s: int, action: Play) -> str:
    h = pos.answering()
    if action.hex != h.id:
        return "another Hex is waiting for your answer first"
    why = _why_not_card(pos, s, action, h) or (_why_not_target(pos, s, action, h) if action.to else "")
    if why:
        return why
    card = CARDS_BY_ID[action.card]
    if action.card in ("twain", "doubleback") and len(pos.hexes) >= STANDARD_TOKENS:
        return "all six Hex tokens are in play"
    if card.marker and pos.markers_free() < 1:
        return "all eight Enhanced tokens are in use"
    if action in answers(pos, s, h):
        return (f"{card.name} is needed for another Hex aimed at you: answer this one with "
                "another card, or let it go off")
    return f"{card.name} cannot send the Hex that way"


def _why_not_hexed(pos: Position, action: Take) -> str:
    if action.hex != pos.answering().id:
        return "another Hex is waiting for your answer first"
    if pos.multi() and not pos.original:
        return ("your cards can pass on this Hex as well as every other one they can, so "
                "you must play one")
    return "you hold a card that can answer this Hex, so you must play it"


def _why_not_response(pos: Position, s: int, action: Null | Detonate | Eradicate | Challenge) -> str:
    hand = pos.hands[s]
    if pos.gagged(s):
        return "the gag rule: at 0 Voice or less you may not play out of turn"
    match action:
        case Null(item):
            if "null" not in hand:
                return "Null is not in your hand"
            if 0 <= item < len(pos.pending) and item not in pos.last_played():
                return "Null cancels only the last card played"
            if 0 <= item < len(pos.pending) and pos.pending[item].seat == s:
                return "you cannot Null your own card"
            return "there is no such card to cancel"
        case Detonate(target):
            if "detonate" not in hand:
                return "Detonate is not in your hand"
            if pos.played[s] == 0:
                return "Detonate may not be your first card of the round"
            if target == s:
                return "you cannot Detonate a Hex on yourself"
            return "no card is sending a Hex to that player"
        case Eradicate():
            return "Eradicate is not in your hand" if "eradicate" not in hand else "that effect is not in play"
    return "there is no face-down claim of another player to challenge"


def _why_not_hexhex(pos: Position, s: int) -> str:
    if "hexhex" not in pos.hands[s]:
        return "HEX-HEX is not in your hand"
    if pos.gagged(s):
        return "the gag rule: at 0 Voice or less you may not play out of turn"
    if isinstance(pos.jobs[0], Answering):
        return "a Maddened or forced Hex leaves no room for HEX-HEX"
    return "HEX-HEX may be played after the first cast, on your turn or in a response window"
