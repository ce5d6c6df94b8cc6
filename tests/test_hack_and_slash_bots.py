"""Hack & Slash bots: the "what are my chances?" readout, the evaluation, the levels' play."""

from __future__ import annotations

import math

import pytest

import workshop.games.hack_and_slash as statistics

from pygame_core import Match, get_game
from pygame_core.ai import make_bot
from pygame_core.hack_and_slash import bots, forecast
from pygame_core.hack_and_slash.components import BRAG, QUESTS_BY_ID
from pygame_core.hack_and_slash.odds import reroll_chance
from pygame_core.hack_and_slash.rules import CHOOSE, FAILED, REVEAL, Go, HackAndSlashState, Rescue, Roll

GAME = get_game("hack-and-slash")


def table(face_up: list[str], home: list[int], scores_cards: list[list[str]] | None = None,
          turn: int = 0) -> HackAndSlashState:
    """A position at the start of `turn`'s turn with the given row, guilds and score piles."""
    state = GAME.new(len(home))
    assert isinstance(state, HackAndSlashState)
    state.setting_up = False
    state.phase = CHOOSE
    state.face_up = list(face_up)
    state.pile = [q for q in state.pile if q not in face_up]
    state.home = list(home)
    state.turn = turn
    if scores_cards:
        state.scored = [list(p) for p in scores_cards]
        taken = {q for p in scores_cards for q in p}
        state.pile = [q for q in state.pile if q not in taken]
    return state


def test_rescue_chances_per_die_after_a_failure():
    state = table(["crypt", "rats", "toll"], [8, 8])
    state.apply(Go("crypt"))        # 2 dice, 8+
    state.apply(Roll((6, 1)))       # 7: fails
    assert state.phase == FAILED and state.dice == (6, 1)
    crypt = QUESTS_BY_ID["crypt"]
    assert math.isclose(reroll_chance(crypt, state.dice, 1), 5 / 6)   # keep the 6, need 2+
    assert reroll_chance(crypt, state.dice, 0) == 0.0                  # keep the 1, need 7+


def test_clone_is_an_independent_equal_copy():
    match = Match.start(GAME, 3, seed="clone")
    twin = match.state.clone()
    assert twin == match.state and twin.to_json() == match.state.to_json()
    twin.home[0] = 0
    twin.scored[1].append("rats")
    assert match.state.home[0] == 8 and match.state.scored[1] == []


def test_hard_gambles_on_the_last_turn_when_behind():
    # Two players; the game is ending and seat 1 plays the last turn, 3 points behind.
    # Rats and the Toll (safe, 1 and 2 points) cannot win; only the Duel can.
    state = table(["rats", "toll", "duel"], [2, 6], [["wisp"], []], turn=1)
    state.ending = True
    assert QUESTS_BY_ID["wisp"].points == 3
    assert QUESTS_BY_ID["toll"].points < 3 < QUESTS_BY_ID["duel"].points
    assert make_bot("hack-and-slash", "hard").choose(state, 1) == Go("duel")


def test_hard_rescues_on_the_last_turn_because_adventurers_are_worth_nothing():
    state = table(["wisp", "rats", "toll"], [8, 4], [["toll"], []], turn=1)
    state.ending = True
    state.apply(Go("wisp"))      # 1 die, 5+: 3 points, enough to win
    state.apply(Roll((2,)))
    assert make_bot("hack-and-slash", "hard").choose(state, 1) == Rescue(2)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_only_legal_moves_to_the_end(level):
    match = Match.start(GAME, 3, seed=f"legal-{level}")
    bot = make_bot("hack-and-slash", level, seed=1)
    while not match.state.is_over:
        seat = match.state.current_player
        action = bot.choose(match.state, seat)
        assert action in match.state.legal_actions()
        match.play(action, seat)
    assert match.state.winners


def test_usage_counts_attempts_and_completions():
    match = Match.start(GAME, 2, seed="usage")
    bot = make_bot("hack-and-slash", "normal", seed=2)
    while not match.state.is_over:
        match.play(bot.choose(match.state, match.state.current_player), match.state.current_player)
    stats = statistics.usage(match)
    attempts = sum(1 for e in match.log if isinstance(e.action, Go))
    assert sum(stats["attempted"].values()) == attempts
    scored = sum(len(p) for p in match.state.scored)
    completed_quests = sum(v for q, v in stats["completed"].items() if q != BRAG.id)
    assert completed_quests == scored
    for quest, done in stats["completed"].items():
        assert done <= stats["attempted"][quest]
    assert sum(stats["rescued"].values()) == sum(1 for e in match.log if isinstance(e.action, Rescue))


def test_hard_reads_a_rivals_form_from_points_less_adventurers_lost():
    # Before anyone has played: sound play until shown otherwise.
    assert bots.form(0, 0, 0) == 1.0
    # Three turns, six adventurers lost: 2 points is wasteful, 11 is sound; a careful guild
    # that banks its adventurers (4 points for one lost) is not taken for a weak one.
    assert bots.form(2, 6, 3) < 0.5 < bots.form(11, 6, 3)
    assert bots.form(4, 1, 3) >= 1.0
    # The same poor rate over four turns says more than over one.
    assert bots.form(4, 4, 4) < bots.form(1, 1, 1) < 1.0
    assert bots.FORM_FLOOR <= bots.form(0, 40, 10) and bots.form(200, 0, 3) <= bots.FORM_CEILING


def test_the_table_shows_turns_taken_and_adventurers_lost():
    state = table(["rats", "crypt", "dragon"], [8, 2, 7], [["caravan"], [], []], turn=1)
    state.round = 3   # seat 0 has played round 3, seats 1 and 2 have not
    assert [bots.turns_taken(state, s) for s in range(3)] == [3, 2, 2]
    # Seat 0 recruited one (Guard the Caravan) and has 8 home: 1 lost.
    assert [bots.adventurers_lost(state, s) for s in range(3)] == [1, 6, 1]
    state.apply(Go("crypt"))  # two away on a quest are not lost yet
    assert bots.adventurers_lost(state, 1) == 6
    state.apply(Roll((6, 6)))  # home again, the replacement card still to come
    assert state.phase == REVEAL and bots.adventurers_lost(state, 1) == 6


def test_hard_builds_its_tables_in_slices_so_a_page_is_not_blocked():
    """The hard bot's first move starts by making its tables a row at a time (the page runs
    each slice in a task of its own); once made, they are kept."""
    forecast._filled.clear()
    state = Match.start(get_game("hack-and-slash"), players=3, seed="slices").state
    steps = bots.make_bot("hard", seed=1).think(state, state.current_player)
    first = [next(steps) for _ in range(forecast.K_MAX)]  # at least a slice per row of the tables
    assert first == [None] * forecast.K_MAX and not forecast._filled
    for step in steps:
        if step is not None:
            break
    assert forecast._filled and list(forecast.tables_in_steps()) == []
    assert make_bot("hack-and-slash", "hard", 1).choose(state, state.current_player) in state.legal_actions()


def test_hard_expects_a_small_guild_to_last_longer_than_its_size_over_a_loss_rate():
    # With one or two at home only Brag and one-die quests are in reach, and a success
    # brings the party back: such a guild is not dry next turn, as a flat rate of one
    # adventurer lost per turn would say.
    alive = forecast.survival_table()
    assert alive[0][1] == 1.0 and alive[1][0] == 0.0
    assert 0.25 < alive[1][1] < 0.5           # one at home: about one chance in three
    assert alive[2][8] > alive[2][2] > alive[2][1]
    assert all(alive[j][h] >= alive[j + 1][h] for j in range(forecast.K_MAX) for h in range(forecast.H_MAX + 1))
    # Three players, seat 1 to play, seat 0 down to one adventurer: the game lasts, on
    # average, more than the round after this one.
    turns = forecast.turns_left(3, 1, [1.0, 6.0, 6.0], 12, False)
    assert 2.0 < turns[1] < 4.0 and turns[1] == turns[2] == turns[0] + 1.0
    # A full table at the start: about six rounds, as measured in games against random
    # and normal guilds (the flat rate said five).
    assert 5.5 < forecast.turns_left(3, 0, [8.0, 8.0, 8.0], 17, False)[0] < 7.5


def test_rival_score_tables_are_distributions_and_wild_play_scores_less():
    list(forecast.tables_in_steps())
    list(forecast.rival_tables_in_steps())
    wild, sound = forecast.rival_tables()
    for table_ in (wild, sound):
        assert table_[0][8][0] == 1.0                   # no turns left: nothing more to score
        for t in (1, 4, forecast.RIVAL_TURNS):
            for h in (0, 1, 8, forecast.RIVAL_HOME):
                assert math.isclose(sum(table_[t][h]), 1.0)
    mean = lambda d: sum(i * p for i, p in enumerate(d))  # noqa: E731
    assert mean(wild[6][8]) < mean(sound[6][8])
    assert mean(sound[6][8]) == pytest.approx(forecast.future(8, 6)[0], abs=0.5)


def test_hard_plans_to_win_more_often_against_wild_rivals_than_sound_ones():
    list(forecast.tables_in_steps())
    list(forecast.rival_tables_in_steps())
    state = table(["rats", "crypt", "dragon"], [8, 8, 8])
    plans = {}
    for sound in (0.0, 1.0):
        plan = bots.Plan(state, 0, [1.0, sound, sound])
        list(plan.build())
        plans[sound] = plan.after[8][0]
    assert plans[0.0] > 0.5 > 0.4 > plans[1.0] > 0.2
    # More points are never worse. (More adventurers can be: a guild with nobody home
    # ends the game, which a leader may want.)
    plan = bots.Plan(state, 0, [1.0, 0.5, 0.5])
    list(plan.build())
    assert all(a <= b + 1e-12 for a, b in zip(plan.after[4], plan.after[4][1:]))


def test_hard_reads_wild_rivals_and_keeps_a_lead_safe():
    # Round 4: seat 0 leads by 8 with 6 at home; its rivals have thrown away most of their
    # guilds for 2 points. A long shot is a needless risk now; a sure point is better.
    state = table(["dragon", "rats", "toll"], [6, 3, 2], [["tower", "riddle"], ["caravan"], []])
    state.round = 4
    assert bots.rival_soundness(state, 1) < 0.3 and bots.rival_soundness(state, 2) < 0.3
    assert make_bot("hack-and-slash", "hard").choose(state, 0) in (Go("rats"), Go("toll"))
