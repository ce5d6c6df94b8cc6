"""What HEX-HEX XL's cards do when they take effect: the cards of a response window once
everyone has passed, a Hex going off (with the card played when HEXED), and the cards that
act when dealt.

Effects never take a decision or a chance event themselves: they queue the steps that do
(a random discard, a draw, a Spite) in the turn flow (`Position.jobs`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine import Event
from .components import (
    CARDS_BY_ID, CHASE_LIMIT, DECEPTION_CAUGHT_LOSS, DISMISS_GAIN, MARKED_MAN_DRAW, MARKED_MAN_LIMIT,
    T_DEALT, TRICKS_TAKE,
)
from .events import (
    Cancelled, DealtRevealed, Detonated, Eradicated, Levelled, NullReturned, Played, WentOff, WhatTheHex,
)
from .position import Position
from .records import (
    Answer, BlindPull, DetonateCard, DrawCard, EradicateCard, GoOff, Hex, Item, Job, SpiteChoice,
    StealCard, StrikeChoice, Taken, Trim, WhenDealt,
)

STRAIGHT = ("left", "right", "across", "called", "chase", "choke", "blind", "charm")
"""Cards that move the Hex to their target and nothing more, except what `_aside` adds."""


@dataclass(slots=True)
class Resolution:
    """The steps a window's cards queue, in the order they run: discards before the Hexes
    move, then the Hexes that go off, then pulls and draws after; and where Hexes arrived."""
    before: list[Job] = field(default_factory=list)
    booms: list[Job] = field(default_factory=list)
    after: list[Job] = field(default_factory=list)
    arrived: list[tuple[int, int]] = field(default_factory=list)   # (seat, Hex id)


def resolve(pos: Position) -> None:
    """Everyone passed: the cards waiting in the window take effect."""
    eff = pos.effective()
    pend, pos.pending = pos.pending, []
    out = Resolution()
    for k, it in enumerate(pend):
        if isinstance(it, EradicateCard) and k in eff:
            _eradicate(pos, it)
    for k, it in enumerate(pend):
        if isinstance(it, Taken):
            out.booms.append(GoOff(it.seat, it.hex))
        elif isinstance(it, Answer):
            if it.caught:
                out.booms.append(GoOff(it.seat, it.hex, DECEPTION_CAUGHT_LOSS))
            elif k in eff:
                answer_effect(pos, it, out)
            else:
                pos.tell(Cancelled(it.seat, it.card))
    if not pos.original:
        _forget_older_cards(pos, pend, {hid for _, hid in out.arrived})
    for k, it in enumerate(pend):
        if isinstance(it, DetonateCard) and k in eff:
            _detonate(pos, it, out)
    pos.jobs[0:0] = out.before + out.booms + out.after


def _eradicate(pos: Position, it: EradicateCard) -> None:
    t = it.target
    if it.effect == "ward":
        pos.ward[t] = False
    elif it.effect == "deception":
        pos.deceive[t] = False
    else:
        pos.charm[t] = -1
    pos.tell(Eradicated(it.seat, it.effect, t))


def _detonate(pos: Position, it: DetonateCard, out: Resolution) -> None:
    """The first Hex arriving at the target goes off there; the Detonate's player gains 1."""
    for i, (t, hid) in enumerate(out.arrived):
        if t == it.target:
            out.arrived.pop(i)
            out.booms.append(GoOff(t, hid))
            pos.gain(it.seat, 1)
            pos.tell(Detonated(it.seat, t))
            pos.emit(Event("detonate", seat=it.seat, amount=pos.mult, other=t))
            return


def _forget_older_cards(pos: Position, pend: list[Item], moved: set[int]) -> None:
    """After a window: a Hex's sending card stays Nullable on its Intended's turn only while
    it is the last card played.

    It is not once a response came after it, or once its Intended's answer was cancelled
    (the Hex stayed put). Fate and Theft of Thought keep it: they draw a card and then
    answer the same Hex (the rulebook's FAQ on Fate lets that card be a Null).
    """
    responded = any(not isinstance(it, (Answer, Taken)) for it in pend)
    drawing = {it.hex for it in pend if isinstance(it, Answer) and it.card in ("fate", "theft")}
    for h in pos.hexes:
        if responded or (h.id not in moved and h.id not in drawing):
            h.back = None


# -- an answer takes effect -------------------------------------------------------------------
def _move(h: Hex, t: int, by: int, was: Hex, out: Resolution) -> None:
    """Hex `h` goes on to `t`, as sent by `by`; `was` is how the card found it."""
    h.back = was.snapshot()
    h.at, h.by, h.force = t, by, ""
    h.esc += h.obs
    out.arrived.append((t, h.id))


def answer_effect(pos: Position, it: Answer, out: Resolution) -> None:
    """`it` (not cancelled) takes effect on its Hex, if the Hex is still on its player."""
    s, card, to = it.seat, it.card, it.to
    h = pos.hex_by_id(it.hex)
    if h is None or h.at != s:
        return
    was = h.copy()
    if card == "null":
        _null_in_turn(pos, s, h)
        return
    if card in STRAIGHT:
        _move(h, to[0], s, was, out)
        _aside(pos, s, card, h, out)
    elif card in ("twain", "doubleback"):
        twin = replace(h, id=pos.next_hex)
        pos.next_hex += 1
        pos.hexes.append(twin)
        _move(h, to[0], s, was, out)
        _move(twin, to[1], s, was, out)
    elif card == "friend":
        pos.gain(to[0], 1)
        pos.emit(Event("gain", seat=to[0], amount=pos.mult, subject="friend", other=s))
        _move(h, to[1], s, was, out)
    elif card in ("dismiss", "sign", "fate", "theft"):
        _stay(pos, s, card, h, out)
    else:
        _marked_move(h, card, to[0], s, was, out)
    pos.tell(Played(s, card, it.hex, to))


def _aside(pos: Position, s: int, card: str, h: Hex, out: Resolution) -> None:
    """What a card that sends the Hex straight on does besides."""
    t = h.at
    if card == "chase":
        out.before += [Trim(o, CHASE_LIMIT) for o in pos.order_from(s) if len(pos.hands[o]) > CHASE_LIMIT]
    elif card == "choke" and pos.hands[t]:
        out.before.append(Trim(t, len(pos.hands[t]) - 1))
    elif card == "blind":
        out.after.append(BlindPull(t, h.id))
    elif card == "charm":
        pos.charm[t] = s


def _marked_move(h: Hex, card: str, t: int, s: int, was: Hex, out: Resolution) -> None:
    """Boosts, Compulsions, Escalating Obsession and Duck: moves that change the Hex too."""
    if card in ("boostl", "boostr"):
        h.boost += 1
        _move(h, t, s, was, out)
    elif card in ("madl", "madr"):
        _move(h, t, s, was, out)
        h.mad = "L" if card == "madl" else "R"
    elif card == "obsession":
        _move(h, t, s, was, out)
        h.obs += 1
    elif card == "duck":
        _move(h, t, h.by, was, out)
    else:
        raise AssertionError(card)


def _stay(pos: Position, s: int, card: str, h: Hex, out: Resolution) -> None:
    """Cards that keep the Hex from moving on: Dismiss, Hex Sign, Fate, Theft of Thought."""
    if card == "dismiss":
        pos.hexes.remove(h)
        pos.gain(s, DISMISS_GAIN)
        pos.emit(Event("gain", seat=s, amount=DISMISS_GAIN * pos.mult, subject="dismiss"))
    elif card == "sign":
        pos.hexes.remove(h)
        pos.signs.append(s)
    elif card == "fate":
        out.after.append(DrawCard(s, "fate", h.id))
    elif h.by >= 0 and pos.hands[h.by]:     # Theft of Thought
        out.after.append(StealCard(s, h.by, h.id))
    else:
        out.after.append(DrawCard(s, "", h.id))


def _null_in_turn(pos: Position, s: int, h: Hex) -> None:
    """Null on your turn: the card that sent you the Hex is undone and it goes back as it was."""
    assert h.back is not None
    h.restore(h.back)
    h.back, h.force = None, ""
    pos.tell(NullReturned(s, h.id, h.at))


# -- a Hex goes off ---------------------------------------------------------------------------
def go_off(pos: Position, job: GoOff, card: str | None) -> None:
    """Hex `job.hex` goes off on `job.seat`, with the chosen play-only-when-HEXED card."""
    s = job.seat
    h = pos.hex_by_id(job.hex)
    if h is None:
        return
    pos.hexes.remove(h)
    pos.hexed[s] += 1
    if card:
        pos.play_card(s, card)
    sender = h.by if h.by >= 0 else None
    if card == "whatthehex":
        total = sum(pos.lose(o, 1) for o in range(pos.players) if o != s)
        pos.voice[s] += total
        pos.tell(WhatTheHex(s, total))
        pos.emit(Event("hexed", seat=s, amount=total, subject=card, other=sender))
    elif card == "level":
        _level(pos, s, sender)
    else:
        _loss(pos, job, h, card or "")
    if "strike" in pos.laws:
        pos.jobs.insert(0, StrikeChoice(s))
    if card == "spite":
        pos.jobs.insert(0, SpiteChoice(s))


def _level(pos: Position, s: int, sender: int | None) -> None:
    """Level: no loss and no gain for the sender; the other leaders lose 1, `s` gains 1."""
    others = [o for o in range(pos.players) if o != s]
    top = max(pos.voice[o] for o in others)
    pos.emit(Event("hexed", seat=s, amount=pos.mult, subject="level", other=sender))
    for o in others:
        if pos.voice[o] == top:
            pos.emit(Event("lose", seat=o, amount=pos.lose(o, 1), subject="level", other=s))
    pos.gain(s, 1)
    pos.tell(Levelled(s))


def _loss(pos: Position, job: GoOff, h: Hex, card: str) -> None:
    """The usual loss (a Curse adds 2; a caught bluff costs its fixed price), and the
    sender's gain."""
    s, by = job.seat, h.by
    loss = (job.fixed or h.loss) + (2 if card == "curse" else 0)
    lost = pos.lose(s, loss)
    # A caught bluff's Hex goes off for a fixed loss (the bluff's price, not the Hex's).
    pos.emit(Event("bluff" if job.fixed else "hexed", seat=s, amount=lost, subject=card,
                   other=by if by >= 0 else None))
    if by >= 0:
        pos.gain(by, 1)
        pos.emit(Event("gain", seat=by, amount=pos.mult, subject="sent", other=s))
    pos.tell(WentOff(s, lost, card, by if by >= 0 else None, pos.mult if by >= 0 else None))


# -- cards that act when dealt ------------------------------------------------------------------
def when_dealt(pos: Position) -> None:
    """Resolve one play-when-dealt card (seat order from the dealer's left), then look again."""
    for s in pos.order_from(pos.left(pos.dealer)):
        dealt = [c for c in pos.hands[s] if CARDS_BY_ID[c].timing == T_DEALT]
        if not dealt:
            continue
        card = dealt[0]
        pos.hands[s].remove(card)
        pos.table.append(card)
        more: list[Job] = []
        if card == "marked":
            more = [DrawCard(s)] * max(0, min(MARKED_MAN_DRAW, MARKED_MAN_LIMIT - len(pos.hands[s])))
        elif card == "deception":
            pos.deceive[s] = True
        elif card == "ward":
            pos.ward[s] = True
        elif card == "tricks":
            more = _tricks(pos, s)
        pos.tell(DealtRevealed(s, card))
        pos.jobs[0:0] = more + [WhenDealt()]
        return


def _tricks(pos: Position, s: int) -> list[Job]:
    """Laying Down Tricks: the newest face-up discards, and draws for any that are missing."""
    taken = 0
    while taken < TRICKS_TAKE and pos.discard:
        pos.hands[s].append(pos.discard.pop())
        taken += 1
    pos.hands[s].sort()
    return [DrawCard(s)] * (TRICKS_TAKE - taken)
