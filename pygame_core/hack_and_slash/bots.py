"""Hack & Slash computer opponents and their evaluation.

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
  what a guild still scores in so many turns (forecast.py), played soundly or wildly
  (any quest, any choice after a failure), mixed by how soundly that rival has played
  so far (`rival_soundness`, from its form: points less adventurers lost per turn,
  against good play's). How many rounds are left is a distribution, from the end rules
  and the chance that each rival guild runs dry round by round.

"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterator

from ..ai import Bot, SliceClock
from ..ai.search import SLICE_SECONDS
from ..engine import State
from .components import ADVENTURERS_AT_START, BRAG, DIE_SIDES, QUESTS, QUESTS_BY_ID, QUESTS_FACE_UP, Quest
from .forecast import (
    H_MAX, RIVAL_HOME, RIVAL_POINTS, RIVAL_TURNS, plan_profile, rival_tables,
    rival_tables_in_steps, rounds_after_this, row_weights, tables_in_steps)
from .odds import best_reroll, success_chance
from .state import HackAndSlashState, Phase


NORMAL_ADVENTURER_VALUE = 1.5
"""normal's fixed price of an adventurer at home, in points (a little cautious)."""
EASY_ADVENTURER_VALUE = 2.5
"""easy's price: timid. (0.9 is about the best fixed price; see docs/hack-and-slash-report.md.)"""

SOUND_NET_PER_TURN = 0.9
"""Points scored less adventurers lost, per turn, in play between good bots (hard about
0.9, cautious normal 0.8, random play about -0.3): the yardstick of a rival's form."""
FORM_SPAN = 1.2
"""How far below that yardstick a rival's net rate must fall for its form to reach 0."""
FORM_PRIOR_TURNS = 1.0
"""How many turns of sound play a rival's form starts from (see `form`)."""
FORM_FLOOR, FORM_CEILING = 0.3, 1.2


# -- how a rival has played so far (hard reads it) ------------------------------------------
def turns_taken(state: HackAndSlashState, seat: int) -> int:
    """Turns `seat` has finished so far (the turn in progress does not count)."""
    if state.setting_up:
        return 0
    return state.round - 1 + (1 if seat < state.turn else 0)


def adventurers_lost(state: HackAndSlashState, seat: int) -> int:
    """Adventurers `seat` has lost for good so far, as far as the table shows.

    Recruits from Brag leave no trace, so this can only err on the low side. A party
    still away on the current quest is not lost yet.
    """
    recruits = sum(QUESTS_BY_ID[q].recruit for q in state.scored[seat])
    lost = ADVENTURERS_AT_START + recruits - state.home[seat]
    if state.phase in (Phase.ROLL, Phase.FAILED, Phase.REROLL) and seat == state.turn:
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


def _mid_turn_success(state: HackAndSlashState) -> float:
    """The chance that a party still away comes home, if the rest is played sensibly."""
    q = QUESTS_BY_ID[state.quest or ""]
    can_rescue = not state.rescued and state.home[state.turn] > 0
    if state.phase == Phase.ROLL:
        return success_chance(q, can_rescue)
    if state.phase == Phase.FAILED:
        return best_reroll(q, tuple(state.dice))[1] if can_rescue else 0.0
    return sum(q.met_by(sum(state.dice) + f) for f in range(1, DIE_SIDES + 1)) / DIE_SIDES  # reroll


# -- the scripts of the lower levels -----------------------------------------------------------
def worth(adventurer_value: float) -> Callable[[State, int], float]:
    """An evaluation that counts own points plus a fixed value per adventurer at home."""
    def value(state: State, seat: int) -> float:
        assert isinstance(state, HackAndSlashState)
        if state.phase in (Phase.CHOOSE, Phase.REVEAL) or state.is_over:
            return state.scores[seat] + adventurer_value * state.home[seat]
        p = _mid_turn_success(state)
        q = QUESTS_BY_ID[state.quest or ""]
        back = (q.challenge + state.rescued + q.recruit) if seat == state.turn else 0
        pts = q.points if seat == state.turn else 0
        return state.scores[seat] + adventurer_value * state.home[seat] + p * (pts + adventurer_value * back)
    return value


def search_key(state: State) -> Hashable:
    """What the rest of a turn and the evaluations depend on (dice only while they matter)."""
    assert isinstance(state, HackAndSlashState)
    return (state.phase, state.turn, tuple(state.home), tuple(state.scores), len(state.pile),
            tuple(state.face_up), state.quest, state.rescued, state.ending, state.finished,
            tuple(state.dice) if state.phase in (Phase.FAILED, Phase.REROLL) else ())


def turn_over(state: State) -> bool:
    """A success waits for its replacement card: the turn is over, nothing more to decide."""
    assert isinstance(state, HackAndSlashState)
    return state.phase == Phase.REVEAL and not state.setting_up

# -- hard's plan: the rest of its game, played to win against what the rivals may score ------
PLAN_HOME = 10    # own adventurers at home that the plan tells apart (more count as this many)
PLAN_GAIN = 32    # own points still to come that the plan tells apart
PLAN_TAIL = 0.05  # the chance of a longer game than the plan looks ahead to

def rival_soundness(state: HackAndSlashState, seat: int) -> float:
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

    def __init__(self, state: HackAndSlashState, seat: int, soundness: list[float]) -> None:
        self.seat = seat
        self.start = int(state.scores[seat])   # points are whole numbers
        self.soundness = soundness
        self.state = state
        self.after: list[list[float]] = []
        self.last: list[float] = []

    def build(self, slice_seconds: float = SLICE_SECONDS) -> Iterator[None]:
        """Fill `after` and `last`, backwards from the longest game planned for, yielding
        once about `slice_seconds` of work is done (checked after each row, which is short)."""
        last_m, at_least = self._game_lengths()
        ends = [self._end_values(m) for m in range(last_m + 1)]
        yield None
        weights = [w for w in row_weights(len(QUESTS), QUESTS_FACE_UP) if w > 0]
        pad = max(q.points for q in QUESTS)
        after = [list(ends[last_m]) for _ in range(PLAN_HOME + 1)]
        clock = SliceClock(slice_seconds)
        for m in range(last_m, 0, -1):
            padded = [a + [a[PLAN_GAIN]] * pad for a in after]
            start: list[list[float]] = [ends[m]]
            for h in range(1, PLAN_HOME + 1):
                if clock.due():
                    yield None
                start.append(self._turn_row(h, after, padded, weights))
            c_m = at_least[m] / at_least[m - 1] if at_least[m - 1] > 0 else 0.0
            after = [[(1 - c_m) * u + c_m * v for u, v in zip(ends[m - 1], start[h])]
                     for h in range(PLAN_HOME + 1)]
        self.after = after
        self.last = ends[0]

    def _game_lengths(self) -> tuple[int, list[float]]:
        """The most rounds after this one planned for, and the chance that at least k are played."""
        state, seat = self.state, self.seat
        homes = [float(h) for h in state.home]
        homes[seat] = float(H_MAX)   # the plan itself follows this guild's own adventurers
        if state.ending:
            odds: tuple[tuple[int, float], ...] = ((0, 1.0),)
        else:
            odds = rounds_after_this(state.players, seat, homes, len(state.pile), False)
        # The last few percent of long games are folded into the longest one planned for.
        last_m = min(m for m, _ in odds if sum(p for k, p in odds if k > m) <= PLAN_TAIL)
        at_least = [sum(p for m, p in odds if m >= k) if k <= last_m else 0.0 for k in range(last_m + 2)]
        return last_m, at_least

    def _end_values(self, m: int) -> list[float]:
        """[x]: the chance of winning with x points more if the game ends after m more rounds."""
        state, seat = self.state, self.seat
        wild, sound = rival_tables()
        top = RIVAL_POINTS
        u = [1.0] * (PLAN_GAIN + 1)
        for s in range(state.players):
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
            for x in range(PLAN_GAIN + 1):
                g = gap + x   # this seat wins against s if s gains less than g
                if g <= 0:
                    u[x] = 0.0 if g < 0 else u[x] * 0.5 * d[0]
                elif g < top:
                    u[x] *= below[g] + 0.5 * d[g]
        return u

    @staticmethod
    def _turn_row(h: int, after: list[list[float]], padded: list[list[float]],
                  weights: list[float]) -> list[float]:
        """[x]: the chance of winning at the start of a turn with h at home and x points more,
        the row the best of Brag and a random row of quests, from the values after the turn."""
        values: list[list[float]] = []
        brag: list[float] = []
        for q in (BRAG, *QUESTS):
            if q.challenge > h:
                values.append(brag)
                continue
            won = padded[min(PLAN_HOME, h + q.recruit)][q.points:q.points + PLAN_GAIN + 1]
            e = Plan._quest_value(q, h, won, after)
            if q is BRAG:
                brag = e
            values.append(e)
        row = []
        for b, column in zip(brag, zip(*values[1:])):  # column: each card's value at x
            best = sorted(column, reverse=True)[:len(weights)]
            row.append(sum([w * (v if v > b else b) for w, v in zip(weights, best)]))
        return row

    @staticmethod
    def _quest_value(q: Quest, h: int, won: list[float], after: list[list[float]]) -> list[float]:
        """[x]: the chance of winning if quest q is played as well as can be with h at home,
        `won` the values after a success."""
        c = q.challenge
        quit_ = after[h - c]
        first, hopeless, groups = plan_profile(q)
        if h - c < 1:
            fail = 1.0 - first
            return [first * s + fail * qv for s, qv in zip(won, quit_)]
        e = [first * s + hopeless * qv for s, qv in zip(won, quit_)]
        lost = after[h - c - 1]
        for r, p in groups:   # rescue or quit, whichever is worth more
            pr, pf = p * r, p * (1 - r)
            e = [a + (v if v > pq else pq)
                 for a, pq, v in zip(e, [p * qv for qv in quit_],
                                     [pr * s + pf * f for s, f in zip(won, lost)])]
        return e

    def value(self, state: HackAndSlashState) -> float:
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
        self.slice_seconds = SLICE_SECONDS   # tests set 0 (yield at every chance) or a lot

    def think(self, state: State, seat: int) -> Iterator[Any]:
        from ..ai.search import ExpectimaxBot
        assert isinstance(state, HackAndSlashState)
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
            yield from plan.build(self.slice_seconds)
            self.plan, self.plan_key = plan, key
            yield None   # the search starts a slice of its own
        plan = self.plan
        search = ExpectimaxBot(self.seed, evaluate=lambda s, _: plan.value(s),  # type: ignore[arg-type]
                               key=search_key, horizon=turn_over, slice_seconds=self.slice_seconds)
        yield from search.think(state, seat)


def make_bot(level: str, seed: int | str = 0, **budget: object) -> "Bot":
    """easy, normal or hard (see the module docstring); `budget` is accepted and unused:
    every level searches its turn exactly, in well under a second."""
    from ..ai.search import ExpectimaxBot
    common: dict[str, Any] = {"key": search_key, "horizon": turn_over}
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
