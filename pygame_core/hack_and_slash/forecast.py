"""What a guild may still score, and how long the game may last: exact tables over the
dice, rescues and random rows of quests, for the hard bot's judgement (bots.py).

- `future(home, turns)`: the points a sound player still scores, mean and variance
  (`tables_in_steps` fills the tables backwards in the turns left);
- `survival_table`: the chance that a typical guild still has someone at home turn after
  turn, behind `rounds_after_this` (how many rounds the game may still last);
- `rival_tables_in_steps`: the distribution of what a rival still scores, played soundly
  or wildly (`rival_tables`).

The tables depend on the components only: each is made once, a row at a time so the page
stays responsive, and kept.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterator, NamedTuple

from .components import BRAG, DIE_SIDES, QUESTS, QUESTS_FACE_UP, Quest
from .odds import best_reroll, reroll_chance, rolls

H_MAX = 24   # adventurers at home that the tables cover (more are treated as this many)
K_MAX = 40   # turns left that the tables cover

SUCCESSES_PER_TURN = 0.42
"""Quest cards (not Brag) scored per turn in games between good bots; paces the pile."""

RIVAL_HOME = 16   # a rival's adventurers at home that its score tables tell apart
RIVAL_TURNS = 12  # a rival's turns left that its score tables tell apart
RIVAL_POINTS = 40  # points a rival may still score that its tables tell apart (more: this many)


# -- what adventurers are worth: an exact table over dice, rescues and a random row ----------
@lru_cache(maxsize=None)
def profile(q: Quest) -> tuple[float, tuple[tuple[float, float], ...]]:
    """Chance of success at the first roll, and the failed rolls grouped by best reroll chance."""
    first = 0.0
    groups: dict[float, float] = {}
    for dice, p in rolls(q.challenge):
        if q.met_by(sum(dice)):
            first += p
        else:
            r = round(best_reroll(q, dice)[1] * DIE_SIDES) / DIE_SIDES
            groups[r] = groups.get(r, 0.0) + p
    return first, tuple(sorted(groups.items()))


def row_weights(m: int, shown: int) -> list[float]:
    """P(the j-th best of m cards is the best of a random `shown` of them), j = 0..m-1."""
    total = math.comb(m, shown)
    return [math.comb(m - 1 - j, shown - 1) / total for j in range(m)]


Tables = tuple[list[list[float]], list[list[float]]]
_filled: list[Tables] = []  # the tables once made (they depend on the components only)
_survival: list[list[list[float]]] = []  # alive[j][h], once made (see `survival_table`)


def tables() -> Tables:
    for _ in tables_in_steps():
        pass
    return _filled[0]


def survival() -> list[list[float]]:
    if not _survival:
        _survival.append(survival_table())
    return _survival[0]


def typical_turn_weights(home: int) -> list[tuple[Quest, float]]:
    """How likely a guild that picks any quest it can staff (Brag or a card of a random
    row, all alike) picks each quest, with `home` at home."""
    if home <= 0:
        return []
    deck = len(QUESTS)
    staffable = [q for q in QUESTS if q.challenge <= home]
    n = len(staffable)
    # How many staffable cards a random row shows: hypergeometric.
    shown = [math.comb(n, i) * math.comb(deck - n, QUESTS_FACE_UP - i) / math.comb(deck, QUESTS_FACE_UP)
             for i in range(QUESTS_FACE_UP + 1)]
    brag_weight = sum(p / (1 + i) for i, p in enumerate(shown))
    card_weight = sum(p * i / (1 + i) for i, p in enumerate(shown)) / n if n else 0.0
    return [(BRAG, brag_weight), *((q, card_weight) for q in staffable)]


def typical_turn(home: int) -> dict[int, float]:
    """Adventurers at home after one turn of a typical guild: it sends a party on Brag or
    on any quest of a random row that it can staff, all equally likely, and sends a
    rescuer after a failure when one is home. Not good play: a yardstick of how fast
    guilds run dry. With few at home only Brag and one-die quests are in reach, so a
    small guild lasts far longer than its size over an average loss rate suggests.
    """
    if home <= 0:
        return {0: 1.0}
    after: dict[int, float] = {}

    def add(h: int, p: float) -> None:
        after[h] = after.get(h, 0.0) + p

    for q, weight in typical_turn_weights(home):
        c, back = q.challenge, min(H_MAX, home + q.recruit)
        first, groups = profile(q)
        add(back, weight * first)
        for r, p in groups:
            if home - c >= 1 and r > 0:
                add(back, weight * p * r)
                add(home - c - 1, weight * p * (1 - r))
            else:
                add(home - c, weight * p)
    return after


def survival_table() -> list[list[float]]:
    """alive[j][h]: the chance that a typical guild (`typical_turn`) with h at home now
    starts each of its next j turns with someone at home, j = 0..K_MAX."""
    alive: list[list[float]] = []
    for _ in survival_in_steps(alive):
        pass
    return alive


def survival_in_steps(alive: list[list[float]]) -> Iterator[None]:
    """`survival_table`, its rows appended to `alive`, yielding after each guild size and
    each row (a slice of a slow phone's page must stay short)."""
    moves = []
    for h in range(H_MAX + 1):
        moves.append(typical_turn(h))
        yield None
    alive.append([1.0 if h > 0 else 0.0 for h in range(H_MAX + 1)])
    for _ in range(K_MAX):
        prev = alive[-1]
        alive.append([sum(p * prev[after] for after, p in moves[h].items()) if h else 0.0
                      for h in range(H_MAX + 1)])
        yield None


class _Option(NamedTuple):
    """A quest played soundly with h at home: its points to come (mean and second moment)
    and how the turn ends (success, quitting after a failure, a failed rescue)."""
    quest: Quest
    mean: float
    second: float
    success: float
    quit: float
    lost: float


def _sound_row(h: int, m1: list[float], m2: list[float]) -> list[_Option]:
    """Sound play with h at home, from the tables a turn shorter (m1 mean, m2 second moment):
    each quest of the deck in reach played at its best (after a failure, a rescue of the best
    die when that is worth more than quitting), Brag standing in for a card worth less or out
    of reach; best first. A random row's best card is then found with `_row_weights`."""
    options: dict[str, _Option] = {}
    for q in (BRAG, *QUESTS):
        if q.challenge > h:
            continue
        c, pts = q.challenge, q.points
        win = min(H_MAX, h + q.recruit)
        win1, win2 = pts + m1[win], pts * pts + 2 * pts * m1[win] + m2[win]
        first, groups = profile(q)
        e1, e2, success, quit_, lost = first * win1, first * win2, first, 0.0, 0.0
        for r, p in groups:
            if h - c >= 1:
                rescue1 = r * win1 + (1 - r) * m1[h - c - 1]
                if rescue1 > m1[h - c]:
                    e1 += p * rescue1
                    e2 += p * (r * win2 + (1 - r) * m2[h - c - 1])
                    success, lost = success + p * r, lost + p * (1 - r)
                    continue
            e1 += p * m1[h - c]
            e2 += p * m2[h - c]
            quit_ += p
        options[q.id] = _Option(q, e1, e2, success, quit_, lost)
    brag = options[BRAG.id]
    row = [options[q.id] if q.id in options and options[q.id].mean > brag.mean else brag for q in QUESTS]
    return sorted(row, key=lambda o: -o.mean)


def tables_in_steps() -> Iterator[None]:
    """Make the tables behind `future` (about 0.2 s inside Pyodide), yielding after each cell
    so the page stays responsive (the hard bot runs this before its first search); once
    made, they are kept and this returns at once.

    mean[k][h], second[k][h]: points still to come with h at home and k turns left.

    Each turn the row shows Brag and three random quests of the deck; the player takes
    the one with the best expected future, rerolls the best die after a failure when
    that is worth it, and the table is filled backwards in k. The second moment gives
    the spread used by the win-chance estimate.
    """
    if _filled:
        return
    for q in (BRAG, *QUESTS):  # each quest's dice odds, cached: the first row needs them all
        profile(q)
        yield None
    mean = [[0.0] * (H_MAX + 1) for _ in range(K_MAX + 1)]
    second = [[0.0] * (H_MAX + 1) for _ in range(K_MAX + 1)]
    weights = row_weights(len(QUESTS), QUESTS_FACE_UP)
    for k in range(1, K_MAX + 1):
        for h in range(1, H_MAX + 1):
            yield None
            row = _sound_row(h, mean[k - 1], second[k - 1])
            mean[k][h] = sum(w * o.mean for w, o in zip(weights, row))
            second[k][h] = sum(w * o.second for w, o in zip(weights, row))
    yield None
    if not _survival:
        alive: list[list[float]] = []
        yield from survival_in_steps(alive)
        if not _survival:
            _survival.append(alive)
    if not _filled:
        _filled.append((mean, second))


def future(home: float, turns: float) -> tuple[float, float]:
    """Expected points still to come and their variance, for fractional home and turns."""
    mean, second = tables()
    home = min(max(home, 0.0), float(H_MAX))
    turns = min(max(turns, 0.0), float(K_MAX))
    h0, k0 = int(home), int(turns)
    h1, k1 = min(h0 + 1, H_MAX), min(k0 + 1, K_MAX)
    fh, fk = home - h0, turns - k0

    def lerp(t: list[list[float]]) -> float:
        a = t[k0][h0] * (1 - fh) + t[k0][h1] * fh
        b = t[k1][h0] * (1 - fh) + t[k1][h1] * fh
        return a * (1 - fk) + b * fk

    m1, m2 = lerp(mean), lerp(second)
    return m1, max(0.0, m2 - m1 * m1)



def turns_left(players: int, nxt: int, home: list[float], pile: int, ending: bool) -> list[float]:
    """Expected turns each seat still gets, at the start of seat `nxt`'s turn."""
    rest = [1.0 if s >= nxt else 0.0 for s in range(players)]  # this round
    more = sum(m * p for m, p in rounds_after_this(players, nxt, home, pile, ending))
    return [r + more for r in rest]


def rounds_after_this(players: int, nxt: int, home: list[float], pile: int,
                      ending: bool) -> tuple[tuple[int, float], ...]:
    """The rounds still to come after the current one, as (rounds, chance) pairs, at the
    start of seat `nxt`'s turn."""
    if ending:
        return ((0, 1.0),)
    out = [s for s in range(players) if home[s] <= 0]
    if out:
        # A seat with nobody home passes at its next turn and the game ends with that round.
        return ((0, 1.0),) if any(s >= nxt for s in out) else ((1, 1.0),)
    return _round_odds(players, nxt, tuple(min(H_MAX, int(h)) for h in home), pile)


@lru_cache(maxsize=4096)
def _round_odds(players: int, nxt: int, hs: tuple[int, ...], pile: int) -> tuple[tuple[int, float], ...]:
    """`rounds_after_this` when nobody has passed yet (cached: a search meets the same few
    boundaries over and over).

    The next round is certain; each later one needs every guild to have started its
    turns up to then with someone home (`survival_table`), and the pile to last.
    """
    by_pile = (pile + 1) / (SUCCESSES_PER_TURN * players) - (players - nxt) / players
    alive = survival()
    reached = [1.0]  # reached[m]: the chance that round m after this one is played
    for m in range(1, K_MAX):
        if m > by_pile:
            break
        p = 1.0
        for s in range(players):  # seats still to play this round have one turn more to survive
            p *= alive[m - 1 if s >= nxt else max(0, m - 2)][hs[s]]
        reached.append(p * min(1.0, by_pile - m + 1))
        if reached[-1] < 1e-3:
            break
    reached.append(0.0)
    return tuple((m, reached[m] - reached[m + 1]) for m in range(len(reached) - 1)
                 if reached[m] - reached[m + 1] > 1e-4)



Dist = list[float]
_rivals: list[tuple[list[list[Dist]], list[list[Dist]]]] = []  # (wild, sound) score tables


@lru_cache(maxsize=None)
def plan_profile(q: Quest) -> tuple[float, float, tuple[tuple[float, float], ...]]:
    """`profile` with the failed rolls no rescue can save taken apart: (first, hopeless, groups)."""
    first, groups = profile(q)
    return first, sum(p for r, p in groups if r <= 0), tuple((r, p) for r, p in groups if r > 0)


@lru_cache(maxsize=None)
def _wild_profile(q: Quest) -> tuple[float, float, float, float]:
    """A guild that picks at random after a failure (quit, or rescue any face, all alike):
    the chance of success at the first roll, then after a failure that may be rescued the
    chances of success by rescue, of quitting, and of a failed rescue."""
    first = rescued = quit_ = lost = 0.0
    for dice, p in rolls(q.challenge):
        if q.met_by(sum(dice)):
            first += p
            continue
        faces = sorted(set(dice))
        share = p / (1 + len(faces))
        quit_ += share
        for f in faces:
            r = reroll_chance(q, dice, dice.index(f))
            rescued += share * r
            lost += share * (1 - r)
    return first, rescued, quit_, lost


def _add(ends: dict[tuple[int, int], float], key: tuple[int, int], p: float) -> None:
    if p > 0:
        ends[key] = ends.get(key, 0.0) + p


def _mixed(before: list[Dist], ends: dict[tuple[int, int], float]) -> Dist:
    """The points still to come after a turn that scores `points` and leaves `home`
    at home with the chances in `ends`, from the table a turn shorter."""
    d = [0.0] * RIVAL_POINTS
    for (points, home), p in ends.items():
        _shifted(before[home], points, p, d)
    return d


def _shifted(d: Dist, pts: int, weight: float, into: Dist) -> None:
    """into += weight * (d moved up by pts points; what would pass the top stays there)."""
    keep = RIVAL_POINTS - pts
    into[pts:] = [a + weight * v for a, v in zip(into[pts:], d[:keep])]
    if pts:
        into[-1] += weight * sum(d[keep:])


def rival_tables_in_steps() -> Iterator[None]:
    """wild[t][h], sound[t][h]: the distribution of the points a rival with h at home still
    scores in t turns, if it plays wild (any quest it can staff, any choice after a failure,
    all alike: how a careless or random player looks) or soundly (the choices behind
    `future`). Made once, a row at a time."""
    if _rivals:
        return
    mean, second = tables()
    nothing = [1.0] + [0.0] * (RIVAL_POINTS - 1)
    wild: list[list[Dist]] = [[list(nothing) for _ in range(RIVAL_HOME + 1)]]
    sound: list[list[Dist]] = [[list(nothing) for _ in range(RIVAL_HOME + 1)]]
    weights = row_weights(len(QUESTS), QUESTS_FACE_UP)
    moves = [typical_turn_weights(h) for h in range(RIVAL_HOME + 1)]
    for t in range(1, RIVAL_TURNS + 1):
        yield None
        pw, ps = wild[t - 1], sound[t - 1]
        wrow: list[Dist] = [list(nothing)]
        srow: list[Dist] = [list(nothing)]
        for h in range(1, RIVAL_HOME + 1):
            yield None   # a cell per slice at most: a row is too long for a slow phone
            ends: dict[tuple[int, int], float] = {}   # (points, home after) -> chance
            for q, w in moves[h]:
                c, back = q.challenge, min(RIVAL_HOME, h + q.recruit)
                first, rescued, quit_, lost = _wild_profile(q)
                if h - c >= 1:
                    _add(ends, (q.points, back), w * (first + rescued))
                    _add(ends, (0, h - c), w * quit_)
                    _add(ends, (0, h - c - 1), w * lost)
                else:
                    _add(ends, (q.points, back), w * first)
                    _add(ends, (0, h - c), w * (1 - first))
            wrow.append(_mixed(pw, ends))
            # Sound play: the best of Brag and a random row, as `future` plays it.
            ends = {}
            for w, o in zip(weights, _sound_row(h, mean[t - 1], second[t - 1])):
                if w <= 0:
                    continue
                q, c = o.quest, o.quest.challenge
                _add(ends, (q.points, min(RIVAL_HOME, h + q.recruit)), w * o.success)
                _add(ends, (0, h - c), w * o.quit)
                _add(ends, (0, h - c - 1), w * o.lost)
            srow.append(_mixed(ps, ends))
        wild.append(wrow)
        sound.append(srow)
    if not _rivals:
        _rivals.append((wild, sound))


def rival_tables() -> tuple[list[list[Dist]], list[list[Dist]]]:
    """(wild, sound): the tables of `rival_tables_in_steps`, made at once if they are not yet."""
    for _ in rival_tables_in_steps():
        pass
    return _rivals[0]
