"""What a HEX-HEX XL seat cannot see, resampled: the worlds a searching bot imagines
(`HexHexGame.determinize`).
"""

from __future__ import annotations

import random
from collections import Counter

from .components import CARDS, T_DEALT
from .legality import volley_choices
from .position import Position
from .records import Answer, Taken

DEALT_IDS = frozenset(c.id for c in CARDS if c.timing == T_DEALT)
"""Cards that act when dealt: never in a hand for long, so never dealt into one here."""


def determinize(new: Position, seat: int, rng: random.Random) -> None:
    """Resample, in `new` (a copy), what `seat` cannot see: other hands, others' face-down
    discards, the deck.

    Cards pinned by a public effect (a Blind Hex or Fate card that must be played) stay
    where they are; play-when-dealt cards are never put in a hand (they would have taken
    effect). Other seats' face-down answers in a volley are chosen again from their new
    hands, and a face-down Deception card waiting in a window becomes one of its owner's
    resampled face-down cards.
    """
    # Others' face-down answers (their cards are still in hand) are chosen again afterwards.
    redo: list[tuple[int, int]] = []      # (Hex id, seat)
    for h in new.volley_order() if new.commits else []:
        it = new.commits.get(h.id)
        if it is not None and it.seat != seat:
            redo.append((h.id, it.seat))
            del new.commits[h.id]
    pinned: dict[int, list[str]] = {}
    for h in new.hexes:
        if h.force and h.at != seat and h.force in new.hands[h.at]:
            pinned.setdefault(h.at, []).append(h.force)
    _deal_unseen(new, seat, pinned, rng)
    # A face-down Deception card still in a window is one of its owner's face-down cards.
    taken: dict[int, int] = {}
    for claim in new.pending:
        if isinstance(claim, Answer) and claim.deceit and not claim.challenged and claim.seat != seat:
            taken[claim.seat] = taken.get(claim.seat, 0) + 1
            claim.real = new.buried[claim.seat][-taken[claim.seat]]
    for hid, s in redo:
        _answer_again(new, hid, s, rng)


def _deal_unseen(new: Position, seat: int, pinned: dict[int, list[str]], rng: random.Random) -> None:
    """Shuffle the deck with every card `seat` cannot see and deal them out again, as many to
    each hand and face-down pile as it had."""
    pool: list[str] = []
    for c, k in new.deck.items():
        if k:
            pool.extend([c] * k)
    others = [s for s in range(new.players) if s != seat]
    sizes: dict[int, int] = {}
    for s in others:
        hand = new.hands[s]
        if s in pinned:
            hand = list(hand)
            for c in pinned[s]:
                hand.remove(c)
        sizes[s] = len(hand)
        pool.extend(hand)
        pool.extend(new.buried[s])
    rng.shuffle(pool)
    # Play-when-dealt cards would have taken effect in a hand, and face-down cards (random
    # discards, Deception plays) came from hands: both take other cards first.
    plain = [c for c in pool if c not in DEALT_IDS]
    dealt = [c for c in pool if c in DEALT_IDS]

    def take(k: int) -> list[str]:
        cards = plain[:k]
        del plain[:k]
        while len(cards) < k:
            cards.append(dealt.pop())
        return cards

    for s in others:
        new.hands[s] = sorted(take(sizes[s]) + pinned.get(s, []))
    for s in others:
        new.buried[s] = take(len(new.buried[s]))
    counts = Counter(plain + dealt)
    new.deck = {c.id: counts.get(c.id, 0) for c in CARDS}


def _answer_again(new: Position, hid: int, s: int, rng: random.Random) -> None:
    """Nothing public tells a readied card from a HEXED answer, so any legal answer will do."""
    h = new.hex_by_id(hid)
    assert h is not None
    answers, take = volley_choices(new, s, h)
    choice = rng.choice([*answers, None] if take else answers) if answers else None
    if choice is None:
        new.commits[hid] = Taken(s, hid)
    else:
        new.commits[hid] = Answer(s, hid, choice.card, choice.to, choice.card)
