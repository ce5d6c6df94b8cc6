"""Hack & Slash computer opponents, their evaluation, and the "what are my chances?" readout.

All three levels search the rest of their own turn exactly (`ExpectimaxBot`: every
roll, every rescue with its one reroll, by the odds in odds.py) and differ in how they
judge the position the turn leaves behind:

- easy: points plus a fixed 2.5 points per adventurer at home: timid, it clings to
  its guild, brags a lot and takes small safe quests, whatever the table looks like.
- normal: points plus a fixed 1.5 points per adventurer (a fixed script: a cautious
  trade-off, the same whatever the scores, the pile or the turns left).
- hard: the chance of winning, from a plan for the rest of its game (`Plan`, made at
  the start of each of its turns): an exact programme over its own adventurers and
  points, turn by turn with a random row each turn, that plays every later turn to win
  (not for points): it banks a lead, gambles when behind, and may empty its own guild on
  purpose to end the game while ahead. Each rival's final score is drawn from tables of
  what a guild still scores in so many turns (`rival_tables_in_steps`), played soundly
  (the choices behind `future`) or wildly (any quest, any choice after a failure),
  mixed by how soundly that rival has played so far (`rival_soundness`, from its form:
  points less adventurers lost per turn, against good play's). How many rounds are
  left is a distribution, from the end rules and the chance that each rival guild runs
  dry round by round (`survival_table`). The older estimate, `evaluate` (each guild's
  expected final score with its spread, compared pairwise), is kept as the game's
  evaluation for the generic searches.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable, Hashable, Iterator, NamedTuple

from ..ai import Bot, SliceClock
from ..engine import CHANCE, Match, State
from .components import ADVENTURERS_AT_START, BRAG, DIE_SIDES, QUESTS, QUESTS_BY_ID, QUESTS_FACE_UP, Quest
from .odds import best_reroll, reroll_chance, rolls, success_chance
from .rules import CHOOSE, FAILED, REROLL, REVEAL, ROLL, Go, HackState, Rescue


NORMAL_ADVENTURER_VALUE = 1.5
"""normal's fixed price of an adventurer at home, in points (a little cautious)."""
EASY_ADVENTURER_VALUE = 2.5
"""easy's price: timid. (0.9 is about the best fixed price; see docs/hack-and-slash-report.md.)"""

H_MAX = 24   # adventurers at home that the tables cover (more are treated as this many)
K_MAX = 40   # turns left that the tables cover

SUCCESSES_PER_TURN = 0.42
"""Quest cards (not Brag) scored per turn in games between good bots; paces the pile."""
MODEL_SPREAD = 1.5
"""Variance (points squared) added to every comparison for what the model leaves out."""
SOUND_NET_PER_TURN = 0.9
"""Points scored less adventurers lost, per turn, in play between good bots (hard about
0.9, cautious normal 0.8, random play about -0.3): the yardstick of a rival's form."""
FORM_SPAN = 1.2
"""How far below that yardstick a rival's net rate must fall for its form to reach 0."""
FORM_PRIOR_TURNS = 1.0
"""How many turns of sound play a rival's form starts from (see `form`)."""
FORM_FLOOR, FORM_CEILING = 0.3, 1.2


def fast_clone(state: State) -> HackState:
    """Kept for callers of the search: HackState.clone is already a cheap copy."""
    assert isinstance(state, HackState)
    return state.clone()


# -- the chances readout ---------------------------------------------------------------------
def chances(state: HackState) -> list[dict[str, Any]]:
    """Per available quest (Brag first): success chance without and with a rescue.

    `with_rescue` assumes the best die is rerolled after any failure; `rescue_possible`
    says whether an adventurer would still be at home to send (challenge < home).
    `affordable` is False for a quest the seat to act cannot staff.
    """
    seat = state.turn
    home = state.home[seat]
    out = []
    for qid in state.available():
        q = QUESTS_BY_ID[qid]
        out.append({
            "quest": qid,
            "name": q.name,
            "challenge": q.challenge,
            "goal": q.goal_text,
            "points": q.points,
            "recruit": q.recruit,
            "affordable": q.challenge <= home,
            "success": success_chance(q),
            "with_rescue": success_chance(q, True),
            "rescue_possible": home > q.challenge,
        })
    return out


def rescue_chances(state: HackState) -> dict[int, float]:
    """After a failed roll: face of the die to reroll -> chance that the rescue succeeds."""
    if state.phase != FAILED or not state.quest:
        return {}
    q = QUESTS_BY_ID[state.quest]
    dice = tuple(state.dice)
    return {dice[i]: reroll_chance(q, dice, i) for i in range(len(dice))}


# -- what adventurers are worth: an exact table over dice, rescues and a random row ----------
@lru_cache(maxsize=None)
def _profile(q: Quest) -> tuple[float, tuple[tuple[float, float], ...]]:
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


def _row_weights(m: int, shown: int) -> list[float]:
    """P(the j-th best of m cards is the best of a random `shown` of them), j = 0..m-1."""
    total = math.comb(m, shown)
    return [math.comb(m - 1 - j, shown - 1) / total for j in range(m)]


Tables = tuple[list[list[float]], list[list[float]]]
_filled: list[Tables] = []  # the tables once made (they depend on the components only)
_survival: list[list[list[float]]] = []  # alive[j][h], once made (see `survival_table`)


def _tables() -> Tables:
    for _ in tables_in_steps():
        pass
    return _filled[0]


def _alive() -> list[list[float]]:
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
        first, groups = _profile(q)
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
    moves = [typical_turn(h) for h in range(H_MAX + 1)]
    alive = [[1.0 if h > 0 else 0.0 for h in range(H_MAX + 1)]]
    for _ in range(K_MAX):
        prev = alive[-1]
        alive.append([sum(p * prev[after] for after, p in moves[h].items()) if h else 0.0
                      for h in range(H_MAX + 1)])
    return alive


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
        first, groups = _profile(q)
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
    """Make the tables behind `future` (about 0.2 s inside Pyodide), yielding after each row
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
        _profile(q)
        yield None
    mean = [[0.0] * (H_MAX + 1) for _ in range(K_MAX + 1)]
    second = [[0.0] * (H_MAX + 1) for _ in range(K_MAX + 1)]
    weights = _row_weights(len(QUESTS), QUESTS_FACE_UP)
    for k in range(1, K_MAX + 1):
        yield None
        for h in range(1, H_MAX + 1):
            row = _sound_row(h, mean[k - 1], second[k - 1])
            mean[k][h] = sum(w * o.mean for w, o in zip(weights, row))
            second[k][h] = sum(w * o.second for w, o in zip(weights, row))
    yield None
    _alive()
    if not _filled:
        _filled.append((mean, second))


def future(home: float, turns: float) -> tuple[float, float]:
    """Expected points still to come and their variance, for fractional home and turns."""
    mean, second = _tables()
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


# -- hard's evaluation: the chance of winning from here ---------------------------------------
def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


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
    alive = _alive()
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


def turns_taken(state: HackState, seat: int) -> int:
    """Turns `seat` has finished so far (the turn in progress does not count)."""
    if state.setting_up:
        return 0
    return state.round - 1 + (1 if seat < state.turn else 0)


def adventurers_lost(state: HackState, seat: int) -> int:
    """Adventurers `seat` has lost for good so far, as far as the table shows.

    Recruits from Brag leave no trace, so this can only err on the low side. A party
    still away on the current quest is not lost yet.
    """
    recruits = sum(QUESTS_BY_ID[q].recruit for q in state.scored[seat])
    lost = ADVENTURERS_AT_START + recruits - state.home[seat]
    if state.phase in (ROLL, FAILED, REROLL) and seat == state.turn:
        lost -= QUESTS_BY_ID[state.quest or ""].challenge + state.rescued
    return max(0, lost)


def form(points: float, lost: float, turns: int) -> float:
    """How well a seat has played so far, as a share of sound play's future.

    Wasteful play shows long before the end: a guild that keeps failing long shots
    loses adventurers faster than it scores, and the table of `future` would otherwise
    credit it with a careful guild's future. The measure is points less adventurers
    lost, per turn, so that a cautious guild banking adventurers (few points, few
    losses) is not taken for a weak one. Shrunk towards sound play by
    `FORM_PRIOR_TURNS`, so one unlucky roll does not write a player off.
    """
    k = FORM_PRIOR_TURNS
    rate = (points - lost + k * SOUND_NET_PER_TURN) / (turns + k)
    return min(FORM_CEILING, max(FORM_FLOOR, 1.0 + (rate - SOUND_NET_PER_TURN) / FORM_SPAN))


def win_chance(players: int, nxt: int, home: list[float], scores: list[float], pile: int,
               ending: bool, seat: int, forms: list[float] | None = None) -> float:
    """The estimated chance that `seat` wins, at the start of seat `nxt`'s turn.

    Averaged over how many rounds the game lasts (`rounds_after_this`), not judged at
    the average: a rival one failure from running dry may end the game next round, and
    a seat behind needs the long games. `forms` scales each other seat's future points
    (see `form`); None: sound play all round.
    """
    if ending and nxt == 0:  # the round is over: the game is decided
        key = [(scores[s], home[s]) for s in range(players)]
        best = max(key)
        winners = [s for s in range(players) if key[s] == best]
        return 1.0 / len(winners) if seat in winners else 0.0
    rest = [1.0 if s >= nxt else 0.0 for s in range(players)]
    return sum(p * _win_chance_in(players, [r + more for r in rest], home, scores, seat, forms)
               for more, p in rounds_after_this(players, nxt, home, pile, ending))


def _win_chance_in(players: int, turns: list[float], home: list[float], scores: list[float],
                   seat: int, forms: list[float] | None) -> float:
    """The chance that `seat` wins if each seat gets `turns` more turns."""
    expect, spread = [], []
    for s in range(players):
        m, v = future(home[s], turns[s])
        if forms is not None and s != seat:
            m, v = m * forms[s], v * forms[s]
        # Ties go to the guild with more adventurers: a small nudge in the points.
        expect.append(scores[s] + m + 0.01 * home[s])
        spread.append(v)
    chance = 1.0
    for s in range(players):
        if s != seat:
            chance *= _phi((expect[seat] - expect[s]) / math.sqrt(spread[seat] + spread[s] + MODEL_SPREAD))
    return chance


def _boundary(state: HackState, success: bool | None) -> tuple[int, list[float], list[float], int, bool]:
    """(next seat, home, scores, pile, ending) once the current turn is over.

    `success` settles a party still away (True: it comes home with the reward).
    """
    home = [float(h) for h in state.home]
    scores = list(state.scores)
    pile = len(state.pile)
    ending = state.ending
    n = state.players
    if state.phase == CHOOSE:
        return state.turn, home, scores, pile, ending
    if state.phase == REVEAL and state.setting_up:
        return 0, home, scores, pile, ending
    if state.phase == REVEAL:  # a success, its replacement still to be turned over
        return (state.turn + 1) % n, home, scores, pile - 1, ending
    # Mid-turn (ROLL, FAILED, REROLL): the party is away.
    q = QUESTS_BY_ID[state.quest or ""]
    if success:
        home[state.turn] += q.challenge + state.rescued + q.recruit
        if q is not BRAG:
            scores[state.turn] += q.points
            if pile == 0:
                ending = True
            else:
                pile -= 1
    return (state.turn + 1) % n, home, scores, pile, ending


def _mid_turn_success(state: HackState) -> float:
    """The chance that a party still away comes home, if the rest is played sensibly."""
    q = QUESTS_BY_ID[state.quest or ""]
    can_rescue = not state.rescued and state.home[state.turn] > 0
    if state.phase == ROLL:
        return success_chance(q, can_rescue)
    if state.phase == FAILED:
        return best_reroll(q, tuple(state.dice))[1] if can_rescue else 0.0
    return sum(q.met_by(sum(state.dice) + f) for f in range(1, DIE_SIDES + 1)) / DIE_SIDES  # REROLL


def evaluate(state: HackState, seat: int) -> float:
    """The estimated chance that `seat` wins (shared wins split), in [0, 1]."""
    if state.is_over:
        winners = state.winners
        return 1.0 / len(winners) if seat in winners else 0.0
    n = state.players
    forms = [form(state.scores[s], adventurers_lost(state, s), turns_taken(state, s)) for s in range(n)]
    if state.phase in (CHOOSE, REVEAL):
        nxt, home, scores, pile, ending = _boundary(state, None)
        return win_chance(n, nxt, home, scores, pile, ending, seat, forms)
    p = _mid_turn_success(state)
    total = 0.0
    for success, weight in ((True, p), (False, 1.0 - p)):
        if weight > 0:
            nxt, home, scores, pile, ending = _boundary(state, success)
            total += weight * win_chance(n, nxt, home, scores, pile, ending, seat, forms)
    return total


def evaluate_all(state: State) -> list[float]:
    assert isinstance(state, HackState)
    return [evaluate(state, s) for s in range(state.players)]


# -- the scripts of the lower levels -----------------------------------------------------------
def worth(adventurer_value: float) -> Callable[[State, int], float]:
    """An evaluation that counts own points plus a fixed value per adventurer at home."""
    def value(state: State, seat: int) -> float:
        assert isinstance(state, HackState)
        if state.phase in (CHOOSE, REVEAL) or state.is_over:
            return state.scores[seat] + adventurer_value * state.home[seat]
        p = _mid_turn_success(state)
        q = QUESTS_BY_ID[state.quest or ""]
        back = (q.challenge + state.rescued + q.recruit) if seat == state.turn else 0
        pts = q.points if seat == state.turn else 0
        return state.scores[seat] + adventurer_value * state.home[seat] + p * (pts + adventurer_value * back)
    return value


def search_key(state: State) -> Hashable:
    """What the rest of a turn and the evaluations depend on (dice only while they matter)."""
    assert isinstance(state, HackState)
    return (state.phase, state.turn, tuple(state.home), tuple(state.scores), len(state.pile),
            tuple(state.face_up), state.quest, state.rescued, state.ending, state.finished,
            tuple(state.dice) if state.phase in (FAILED, "reroll") else ())


def turn_over(state: State) -> bool:
    """A success waits for its replacement card: the turn is over, nothing more to decide."""
    assert isinstance(state, HackState)
    return state.phase == REVEAL and not state.setting_up

# -- hard's plan: the rest of its game, played to win against what the rivals may score ------
PLAN_HOME = 10    # own adventurers at home that the plan tells apart (more count as this many)
PLAN_GAIN = 32    # own points still to come that the plan tells apart
RIVAL_HOME = 16   # a rival's adventurers at home that its score tables tell apart
RIVAL_TURNS = 12  # a rival's turns left that its score tables tell apart
RIVAL_POINTS = 40  # points a rival may still score that its tables tell apart (more: this many)
PLAN_TAIL = 0.05  # the chance of a longer game than the plan looks ahead to

Dist = list[float]
_rivals: list[tuple[list[list[Dist]], list[list[Dist]]]] = []  # (wild, sound) score tables


@lru_cache(maxsize=None)
def _plan_profile(q: Quest) -> tuple[float, float, tuple[tuple[float, float], ...]]:
    """`_profile` with the failed rolls no rescue can save taken apart: (first, hopeless, groups)."""
    first, groups = _profile(q)
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
    mean, second = _tables()
    nothing = [1.0] + [0.0] * (RIVAL_POINTS - 1)
    wild: list[list[Dist]] = [[list(nothing) for _ in range(RIVAL_HOME + 1)]]
    sound: list[list[Dist]] = [[list(nothing) for _ in range(RIVAL_HOME + 1)]]
    weights = _row_weights(len(QUESTS), QUESTS_FACE_UP)
    moves = [typical_turn_weights(h) for h in range(RIVAL_HOME + 1)]
    for t in range(1, RIVAL_TURNS + 1):
        yield None
        pw, ps = wild[t - 1], sound[t - 1]
        wrow: list[Dist] = [list(nothing)]
        srow: list[Dist] = [list(nothing)]
        for h in range(1, RIVAL_HOME + 1):
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


def rival_soundness(state: HackState, seat: int) -> float:
    """How much `seat` plays like a sound player (1) rather than a wild one (0), from its form."""
    f = form(state.scores[seat], adventurers_lost(state, seat), turns_taken(state, seat))
    return min(1.0, max(0.0, (f - FORM_FLOOR) / (1.0 - FORM_FLOOR)))


class Plan:
    """hard's judgement of the position its turn leaves behind: the chance of winning if it
    plays the rest of the game to win (an exact programme over its own adventurers and
    points, turn by turn, with a random row each turn), against rivals whose final scores
    are drawn from their tables, mixed by how soundly each has played so far.

    `after[h][x]`: the chance of winning with h at home and x points more than at the start
    of this turn, once this turn is over; `last[x]` the same if the game ends this round.
    """

    def __init__(self, state: HackState, seat: int, soundness: list[float]) -> None:
        self.seat = seat
        self.start = int(state.scores[seat])   # points are whole numbers
        self.soundness = soundness
        self.state = state
        self.after: list[list[float]] = []
        self.last: list[float] = []

    def build(self) -> Iterator[None]:
        state, seat, n = self.state, self.seat, self.state.players
        wild, sound = _rivals[0]
        homes = [float(h) for h in state.home]
        homes[seat] = float(H_MAX)   # the plan itself follows this guild's own adventurers
        if state.ending:
            odds: tuple[tuple[int, float], ...] = ((0, 1.0),)
        else:
            odds = rounds_after_this(n, seat, homes, len(state.pile), False)
        # The last few percent of long games are folded into the longest one planned for.
        last_m = min(m for m, _ in odds if sum(p for k, p in odds if k > m) <= PLAN_TAIL)
        at_least = [sum(p for m, p in odds if m >= k) if k <= last_m else 0.0 for k in range(last_m + 2)]
        X = PLAN_GAIN
        top = RIVAL_POINTS
        # ends[m][x]: the chance of winning if the game ends after m more rounds.
        ends: list[list[float]] = []
        for m in range(last_m + 1):
            u = [1.0] * (X + 1)
            for s in range(n):
                if s == seat:
                    continue
                t = min(RIVAL_TURNS, m + (1 if s > seat else 0))
                h = min(RIVAL_HOME, state.home[s])
                w = self.soundness[s]
                d = [w * a + (1 - w) * b for a, b in zip(sound[t][h], wild[t][h])]
                below = [0.0] * (top + 1)   # below[g]: P(gain < g)
                for g in range(top):
                    below[g + 1] = below[g] + d[g]
                gap = self.start - int(state.scores[s])
                for x in range(X + 1):
                    g = gap + x   # this seat wins against s if s gains less than g
                    if g <= 0:
                        u[x] = 0.0 if g < 0 else u[x] * 0.5 * d[0]
                    elif g >= top:
                        continue
                    else:
                        u[x] *= below[g] + 0.5 * d[g]
            ends.append(u)
        yield None
        weights = [w for w in _row_weights(len(QUESTS), QUESTS_FACE_UP) if w > 0]
        used = len(weights)
        pad = max(q.points for q in QUESTS)
        after = [list(ends[last_m]) for _ in range(PLAN_HOME + 1)]
        clock = SliceClock(0.01)
        for m in range(last_m, 0, -1):
            padded = [a + [a[X]] * pad for a in after]
            start: list[list[float]] = [ends[m]]
            for h in range(1, PLAN_HOME + 1):
                if clock.due():
                    yield None
                values: list[list[float]] = []
                brag: list[float] = []
                for q in (BRAG, *QUESTS):
                    c = q.challenge
                    if c > h:
                        values.append(brag)
                        continue
                    won = padded[min(PLAN_HOME, h + q.recruit)][q.points:q.points + X + 1]
                    quit_ = after[h - c]
                    first, hopeless, groups = _plan_profile(q)
                    if h - c >= 1:
                        e = [first * s + hopeless * qv for s, qv in zip(won, quit_)]
                        lost = after[h - c - 1]
                        for r, p in groups:   # rescue or quit, whichever is worth more
                            pr, pf = p * r, p * (1 - r)
                            e = [a + (v if v > pq else pq)
                                 for a, pq, v in zip(e, [p * qv for qv in quit_],
                                                     [pr * s + pf * f for s, f in zip(won, lost)])]
                    else:
                        fail = 1.0 - first
                        e = [first * s + fail * qv for s, qv in zip(won, quit_)]
                    if q is BRAG:
                        brag = e
                    values.append(e)
                row = []
                for b, column in zip(brag, zip(*values[1:])):  # column: each card's value at x
                    best = sorted(column, reverse=True)[:used]
                    row.append(sum([w * (v if v > b else b) for w, v in zip(weights, best)]))
                start.append(row)
            c_m = at_least[m] / at_least[m - 1] if at_least[m - 1] > 0 else 0.0
            after = [[(1 - c_m) * u + c_m * v for u, v in zip(ends[m - 1], start[h])]
                     for h in range(PLAN_HOME + 1)]
        self.after = after
        self.last = ends[0]

    def value(self, state: HackState) -> float:
        seat = self.seat
        if state.is_over:
            winners = state.winners
            return 1.0 / len(winners) if seat in winners else 0.0
        x = min(PLAN_GAIN, max(0, int(state.scores[seat]) - self.start))
        if state.ending:
            return self.last[x]
        return self.after[min(PLAN_HOME, state.home[seat])][x]


class HardBot(Bot):
    """hard: its own turn searched exactly (`ExpectimaxBot`), the positions it leaves
    judged by a `Plan` made at the start of the turn."""

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.name = "hack-and-slash hard"
        self.plan: Plan | None = None
        self.plan_key: Hashable = None

    def think(self, state: State, seat: int) -> Iterator[Any]:
        from ..ai.search import ExpectimaxBot
        assert isinstance(state, HackState)
        actions = state.legal_actions()
        if len(actions) == 1:
            yield actions[0]
            return
        yield from tables_in_steps()
        yield from rival_tables_in_steps()
        key = (state.round, state.turn, seat, tuple(state.scores), state.ending, len(state.pile),
               tuple(h for s, h in enumerate(state.home) if s != seat))
        if self.plan is None or key != self.plan_key:
            plan = Plan(state, seat, [rival_soundness(state, s) for s in range(state.players)])
            yield from plan.build()
            self.plan, self.plan_key = plan, key
        plan = self.plan
        search = ExpectimaxBot(self.seed, evaluate=lambda s, _: plan.value(s),  # type: ignore[arg-type]
                               key=search_key, horizon=turn_over, clone=fast_clone)
        yield from search.think(state, seat)


def make_bot(level: str, seed: int | str = 0, **budget: object) -> "Bot":
    """easy, normal or hard (see the module docstring); `budget` is accepted and unused:
    every level searches its turn exactly, in well under a second."""
    from ..ai.search import ExpectimaxBot
    common: dict[str, Any] = {"key": search_key, "horizon": turn_over, "clone": fast_clone}
    if level == "easy":
        bot = ExpectimaxBot(seed, evaluate=worth(EASY_ADVENTURER_VALUE), **common)
    elif level == "normal":
        bot = ExpectimaxBot(seed, evaluate=worth(NORMAL_ADVENTURER_VALUE), **common)
    elif level == "hard":
        return HardBot(seed)
    else:
        raise ValueError(f"unknown level {level!r}")
    bot.name = f"hack-and-slash {level}"
    return bot
