"""Computer opponents for HEX-HEX XL.

* easy: usually the normal rule of thumb, otherwise any legal action (and slow reflexes
  in a HEX-HEX race).
* normal: a rule of thumb for every decision: the sender gains when a Hex goes off, so aim
  Hexes at hands with few cards (then at the leader), boost them on the way, keep counter
  cards for when they matter, Null a card that sends a Hex your way, call HEX-HEX.
* hard: determinized sampling. Before each real choice it resamples what it cannot see
  (other hands, face-down cards, the deck) with `Game.determinize` for its own seat (from
  a fixed layout of those cards, so the choice depends only on its view), plays each
  promising action in that world and finishes the round with the normal policy for every
  seat, and keeps the action with the best average Voice margin at the round's end.
  Candidates are compared on the same worlds and dice. Under Deception it claims only cards
  it holds (see `no_bluffs`). Races, Hex Signs, laws and forced moves are not searched. It
  thinks in slices (a `yield None` after every move of a rollout) and is deterministic for a seed.

A HEX-HEX race is a test of reflexes, not of judgement: each bot draws its reaction time
from its own range (easy 650-1,100 ms, normal 450-800 ms, hard 300-550 ms: see REFLEXES).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any, Generator, Iterator, cast

from ..ai import Bot, RandomBot, bot_for_level, finished
from ..engine import CHANCE, Action, State
from .components import DECEPTION_CAUGHT_LOSS
from .records import Answer, DetonateCard, NullCard
from .rules import (
    RACE_STEP, RACE_TIMES, Cast, Challenge, Dealer, Detonate, Eradicate, HexHex, HexHexState, Law, Null,
    Pass, Play, React, Spite, Strike, Suffer, Take, hex_loss,
)

REFLEXES = {"easy": (650, 1100), "normal": (450, 800), "hard": (300, 550)}
"""Race reactions in ms, by level. A person tapping the page takes about 600 ms (a quick one
350-450), so easy is slower than most people, normal about a typical person, and hard about as
quick as a quick person: a fair race, never a hopeless one."""

# How much a card in hand is worth keeping (spending it costs this much in the heuristic).
KEEP = {
    "left": 0.0, "right": 0.0, "across": 0.05, "boostl": 0.2, "boostr": 0.2, "twain": 0.3,
    "chase": 0.4, "null": 1.0, "dismiss": 0.0, "detonate": 0.6, "sign": 0.2, "madl": 0.4,
    "madr": 0.4, "doubleback": 0.4, "obsession": 0.3, "choke": 0.3, "duck": 0.3,
    "called": 0.2, "fate": 0.6, "theft": 0.5, "blind": 0.3, "charm": 0.3, "friend": 0.2,
    "hexhex": 1.5,
}
EASY_THOUGHT = 0.8
"""How often the easy bot follows the rule of thumb instead of playing any legal action."""
SUFFER_ORDER = ("whatthehex", "level", "spite", "curse")


def evaluate(state: HexHexState, seat: int) -> float:
    """Roughly the chance `seat` wins: its Voice margin over the others, squashed to [0, 1]."""
    if state.is_over:
        winners = state.winners
        return 1.0 / len(winners) if seat in winners else 0.0
    margin = _margin(state, seat)
    if state.series > 1:
        lead = state.wins[seat] - max(w for i, w in enumerate(state.wins) if i != seat)
        margin += 6 * lead
    return max(0.0, min(1.0, 0.5 + margin / 16))


def _margin(state: HexHexState, seat: int) -> float:
    v = state.voice
    others = [x for i, x in enumerate(v) if i != seat]
    return v[seat] - 0.5 * (max(others) + sum(others) / len(others))


def _react(level: str, rng: random.Random) -> React:
    lo, hi = REFLEXES[level]
    ms = rng.randint(lo, hi)
    return React(min(RACE_TIMES[-1], RACE_STEP * round(ms / RACE_STEP)))


def _leaders(state: HexHexState, seat: int) -> list[int]:
    others = [s for s in range(state.players) if s != seat]
    top = max(state.voice[s] for s in others)
    return [s for s in others if state.voice[s] == top]


def _score(state: HexHexState, seat: int, action: Any) -> float:
    """The normal bot's rule of thumb for one action (higher is better)."""
    v = state.voice
    lead = max(v[s] for s in range(state.players) if s != seat)
    if isinstance(action, Play):
        card = action.card
        score = -KEEP.get(action.real or card, 0.0)
        if action.real and action.real != card:
            score -= 0.8                        # a bluff risks 6 Voice
        targets = action.to[1:] if card == "friend" else action.to
        for t in targets:
            # Whoever sent a Hex gains when it goes off: aim at hands that cannot pass it on.
            cards = len(state.hands[t])
            score += 2.0 * (cards == 0) + 0.4 * (5 - min(5, cards))
            score += 0.1 * (v[t] - v[seat]) + (0.2 if v[t] == lead else 0.0)
        if card in ("boostl", "boostr", "obsession", "madl", "madr") and action.to:
            t = action.to[0]
            score += 0.3 if (v[t] == lead or not state.hands[t]) else -0.1
        if card == "dismiss":
            score += 2.5
        elif card == "sign":
            score += 0.3
        elif card == "friend":
            score += 0.3 * (v[action.to[1]] - v[action.to[0]]) / 2
        elif card == "null":
            score += 0.5
        return score
    if isinstance(action, Take):
        return _take_score(state, seat, action)
    if isinstance(action, HexHex):
        # The caller cannot be the slowest: everyone else risks 3 Voice.
        stuck = state.phase == "play" and bool(state.hexes) and not state.answers(seat, state.answering())
        return 1.5 if stuck else 0.6
    if isinstance(action, Pass):
        return 0.0
    if isinstance(action, Null):
        it = state.pending[action.item]
        match it:
            case Answer():
                return 1.2 if seat in it.to else -0.8
            case NullCard(target=target):
                return 1.0 if state.pending[target].seat == seat else -1.0
            case DetonateCard(target=target):
                return 0.8 if target == seat else -1.0
        return -1.0
    if isinstance(action, Detonate):
        return 0.9 + (0.2 if v[action.target] == lead else 0.0)   # you gain 1
    if isinstance(action, Eradicate):
        return 0.3 if action.effect == "ward" and v[action.target] == lead else -0.5
    if isinstance(action, Challenge):
        return -0.2
    return 0.0


def _take_score(state: HexHexState, seat: int, action: Take) -> float:
    """Being HEXED: bad, unless another Hex on this seat that would go off instead costs more.

    With more Hexes on a seat than its cards can answer, the seat chooses which go off; the
    rule of thumb lets the cheapest go off and keeps its cards for the dearer ones.
    """
    h = state.hex_by_id(action.hex)
    if h is None or not state.multi() or not state.answers(seat, h):
        return -3.0                     # no choice: nothing in hand answers this Hex
    others = [hex_loss(x) for x in state.hexes
              if x.at == seat and x.id != h.id and x.id not in state.commits]
    saved = max(others, default=0) - hex_loss(h)
    return 5.0 + saved if saved > 0 else -3.0


def heuristic_action(state: HexHexState, seat: int, rng: random.Random, level: str = "normal") -> Any:
    """The normal bot's choice; also the rollout policy of the hard bot."""
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0]
    kind = state.phase
    if kind == "race":
        return _react(level, rng)
    if kind == "sign":
        return rng.choice(acts)
    if kind == "law":
        base = [a for a in acts if cast(Law, a).code in ("strike", "hoarder", "pointing", "gag")]  # laws only
        return rng.choice(base or acts)
    if kind == "pick":
        return Dealer(seat)
    if kind == "cast":
        return Cast(rng.choice(_leaders(state, seat)))
    if kind == "boom":
        for card in SUFFER_ORDER:
            if Suffer(card) in acts:
                return Suffer(card)
    if kind == "spite":
        leaders = [t for t in _leaders(state, seat) if Spite(1, t) in acts]
        if leaders and state.voice[seat] >= 3:
            return Spite(1, rng.choice(leaders))
        return Spite(0)
    if kind == "strike":
        return Strike(rng.choice(_leaders(state, seat)))
    best: list[Any] = []
    top = float("-inf")
    for a in acts:
        s = _score(state, seat, a)
        if s > top + 1e-9:
            best, top = [a], s
        elif s > top - 1e-9:
            best.append(a)
    return rng.choice(best)


class NormalBot(Bot):
    name = "normal"

    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        assert isinstance(state, HexHexState)
        yield heuristic_action(state, seat, self.rng, "normal")


class EasyBot(RandomBot):
    """Mostly the rule of thumb, sometimes any legal action; slow reflexes."""

    name = "easy"

    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        assert isinstance(state, HexHexState)
        if state.phase == "race":
            yield _react("easy", self.rng)
            return
        if self.rng.random() < EASY_THOUGHT:
            yield heuristic_action(state, seat, self.rng, "easy")
            return
        yield from super().think(state, seat)


HARD_ITERATIONS = 36
"""Rollouts per searched decision (spread over the candidates). Measured in CPython: about
10 ms of CPU per hard move on average and under 0.1 s at worst (4 and 6 players), so even
with Pyodide 2-3 times slower a move is far inside the page's 1.5 s `seconds` budget.
Six times as many rollouts, scored by an estimated chance to win, did not play better in
200 games against normal (docs/hex-hex-report.md)."""
SEARCHED = frozenset({"play", "window", "cast", "spite", "boom", "strike"})
"""Decisions worth a search; races, signs, laws and dealer picks follow the rule of thumb."""


def rollout(state: HexHexState, seat: int, rng: random.Random, max_steps: int = 400) -> float:
    """Finish the round with the normal policy for everyone; the Voice margin of `seat`.

    The seat itself reacts to a HEX-HEX race with its own (hard) reflexes.
    """
    return finished(rollout_in_steps(state, seat, rng, max_steps))


def rollout_in_steps(state: HexHexState, seat: int, rng: random.Random,
                     max_steps: int = 400) -> Generator[None, None, float]:
    """`rollout`, yielding None after every move of it (a round can take 60 moves: on a slow
    phone, over 100 ms in one stretch), and returning the same margin with the same dice."""
    start_round, start_game = state.round, state.game_no
    for _ in range(max_steps):
        player = state.current_player
        if player is None or state.round != start_round or state.game_no != start_game:
            break
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = heuristic_action(state, player, rng, "hard" if player == seat else "normal")
        state.apply_unchecked(action)
        yield None
    if state.is_over:
        return 20.0 if seat in state.winners else -20.0
    return _margin(state, seat)


def forget_hidden(state: HexHexState, seat: int) -> HexHexState:
    """A copy in which every card `seat` cannot see is laid out in one fixed order.

    `Game.determinize` resamples those cards, but shuffles them from the order it finds
    them in; starting from this copy makes the bot's samples (and so its choice) depend
    only on what `seat` may know, exactly, which a test can check.
    """
    new = state.clone()
    others = [s for s in range(new.players) if s != seat]
    pinned = {s: [h.force for h in new.hexes
                  if h.force and h.at == s and h.force in new.hands[s]] for s in others}
    unseen = [c for c, k in new.deck.items() for _ in range(k)]
    for s in others:
        hand = list(new.hands[s])
        for c in pinned[s]:
            hand.remove(c)
        unseen += hand + new.buried[s]
    unseen.sort()
    for s in others:
        size = len(new.hands[s]) - len(pinned[s])
        new.hands[s] = sorted(unseen[:size] + pinned[s])
        del unseen[:size]
    for s in others:
        size = len(new.buried[s])
        new.buried[s] = unseen[:size]
        del unseen[:size]
    left = Counter(unseen)
    new.deck = {c: left.get(c, 0) for c in new.deck}
    return new


def no_bluffs(state: HexHexState, acts: list[Any]) -> list[Any]:
    """Under Deception: only truthful claims, if there are any.

    The rollouts' rivals never challenge, so the search sees a bluff as free; real players
    (and random ones) challenge often, and a caught bluff costs 6 while a challenged true
    claim costs the challenger 3. With nothing true to play, bluff only when the Hex would
    cost at least as much as being caught.
    """
    honest = [a for a in acts if not (isinstance(a, Play) and a.real and a.real != a.card)]
    if any(isinstance(a, Play) for a in honest):
        return honest
    h = state.answering()
    if hex_loss(h) >= DECEPTION_CAUGHT_LOSS:
        return acts
    return honest


class HardBot(Bot):
    """Determinized sampling with normal-policy rollouts to the end of the round."""

    name = "hard"

    def __init__(self, seed: int | str = 0, iterations: int | None = None,
                 seconds: float | None = None, candidates: int = 6) -> None:
        super().__init__(seed)
        self.iterations = iterations or HARD_ITERATIONS
        self.seconds = seconds
        self.candidates = candidates

    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        assert isinstance(state, HexHexState)
        kind = state.phase
        acts = state.legal_actions()
        if len(acts) == 1:
            yield acts[0]
            return
        if kind == "race":
            yield _react("hard", self.rng)
            return
        if kind not in SEARCHED:
            yield heuristic_action(state, seat, self.rng, "hard")
            return
        if kind == "play" and state.deceive[seat]:
            acts = no_bluffs(state, acts)
            if len(acts) == 1:
                yield acts[0]
                return
        ranked = sorted(acts, key=lambda a: -_score(state, seat, a))[: self.candidates]
        if kind == "window" and Pass() not in ranked:
            ranked.append(Pass())
        if kind == "window" and len(ranked) > 1 and all(_score(state, seat, a) < -0.5 for a in ranked if a != Pass()):
            yield Pass()           # nothing here is worth a look
            return
        totals = {str(a): 0.0 for a in ranked}
        game = state.game
        known = forget_hidden(state, seat)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        samples = max(1, self.iterations // len(ranked))
        done = 0
        for _ in range(samples):
            # Paired comparison: every candidate is tried in the same world with the same dice.
            world = game.determinize(known, seat, self.rng)
            assert isinstance(world, HexHexState)
            dice = self.rng.random()
            yield None
            for action in ranked:
                trial = world.clone()
                trial.apply_unchecked(action)
                # a slice per move of the rollout (the page runs a few of them per task)
                totals[str(action)] += yield from rollout_in_steps(trial, seat, random.Random(dice))
                yield None
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        # Few samples: the rule of thumb weighs in a little (0.05 Voice per point).
        best = max(ranked, key=lambda a: (totals[str(a)] / done + 0.05 * _score(state, seat, a)))
        yield best


def make_bot(level: str, seed: int | str = 0, **budget: Any) -> Bot:
    return bot_for_level(level, seed, EasyBot, NormalBot, HardBot, **budget)


__all__ = ["EasyBot", "HardBot", "NormalBot", "evaluate", "forget_hidden", "heuristic_action", "make_bot",
           "no_bluffs", "rollout", "rollout_in_steps"]
