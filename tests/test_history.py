"""The history view's stepping: positions rebuilt from the log, checkpoints that change nothing,
what a seat may see, and the golden playthroughs reaching the same views through it."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import CHANCE, Match, get_game
from pygame_core.history import CHECKPOINT, History, seats_shown, steps_of
from tests.golden import PLAYTHROUGHS, golden_path


def played(game_id: str, players: int, seed: str, decisions: int | None = None) -> Match:
    match = Match.start(get_game(game_id), players, seed=seed)
    rng = random.Random(seed)
    while not match.state.is_over and (decisions is None or match.turn_number() < decisions):
        match.play(rng.choice(match.state.legal_actions()))
    return match


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def golden_views(text: str) -> tuple[list[str], list[tuple[int, int | None, str]], str]:
    """The actions of a golden playthrough, its views as (log length, seat, JSON), its last line."""
    actions: list[str] = []
    views: list[tuple[int, int | None, str]] = []
    for line in text.splitlines()[1:]:
        if line.startswith("  view "):
            who, view = line[len("  view "):].split(": ", 1)
            views.append((len(actions), None if who == "-" else int(who), view))
        elif not line.startswith("#"):
            actions.append(line.split(" | ", 1)[0].split(" ", 1)[1])
    return actions, views, text.splitlines()[-1]


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=lambda s: s.name)
def test_golden_playthroughs_stepped_through_the_history_show_the_same_views(spec):
    actions, views, last_line = golden_views(golden_path(spec).read_text(encoding="utf-8"))
    game = get_game(spec.game_id)
    names = [f"P{i + 1}" for i in range(spec.players)]
    match = Match.replay(game, spec.players, spec.options, spec.seed, actions, names)
    history = History(match)
    step_at = {s.end: s.number for s in history.steps}
    everyone = range(spec.players)
    latest: dict[int | None, str] = {}
    checked = 0
    for number in [*range(len(history)), *reversed(range(len(history)))]:  # forward, then back
        for length, seat, view in views:
            if step_at.get(length) == number:
                assert _json(history.view(number, seat, everyone)) == view
                checked += 1
    for length, seat, view in views:
        latest[seat] = view
    for seat, view in latest.items():
        assert _json(history.view(history.last, seat, everyone)) == view
    state = history.state(history.last)
    assert last_line == f"# over={state.is_over} scores={_json(state.scores)} winners={state.winners}"
    assert checked >= 2 * len({length for length, _, _ in views})


def test_each_step_is_a_decision_with_the_chance_that_follows_it():
    match = played("hack-and-slash", 3, "steps")
    steps = steps_of(match.log)
    assert steps[0].start == 0 and steps[0].seat is None
    assert steps[-1].end == len(match.log)
    for before, after in zip(steps, steps[1:]):
        assert before.end == after.start
        assert match.log[after.start].seat == after.seat != CHANCE
        assert all(e.seat == CHANCE for e in match.log[after.start + 1:after.end])
    history = History(match)
    for step in history.steps:
        assert history.state(step.number).current_player != CHANCE


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(game_id=st.sampled_from(["hack-and-slash", "horrible-hex", "hex-hex", "hex-please"]),
       order=st.lists(st.integers(min_value=-3, max_value=400), min_size=1, max_size=30))
def test_any_order_of_steps_gives_the_positions_a_fresh_replay_gives(game_id, order):
    players = get_game(game_id).default_players
    match = played(game_id, players, f"order-{game_id}", decisions=60)
    history = History(match)
    for wanted in order:
        step = history.clamp(wanted)
        fresh = Match.replay(match.game, players, match.options, match.seed,
                             match.actions[:history.steps[step].end])
        got = history.state(step)
        assert got == fresh.state
        if got.legal_actions():  # the copy is the caller's: changing it changes no later answer
            got.apply(got.legal_actions()[0])
        assert history.state(step) == fresh.state


def test_a_long_game_keeps_a_position_every_few_steps_and_no_more():
    match = played("hex-hex", 4, "long")
    history = History(match)
    history.state(history.last)
    assert len(match.log) > 3 * CHECKPOINT
    assert set(history._kept) == {0, *range(CHECKPOINT, len(match.log) + 1, CHECKPOINT)}


@pytest.mark.parametrize("game_id", ["hack-and-slash", "horrible-hex", "hex-hex", "hex-please"])
def test_a_game_in_progress_shows_no_other_seat_s_view_in_its_history(game_id):
    players = get_game(game_id).default_players
    match = played(game_id, players, "secret", decisions=12)
    assert not match.state.is_over
    history = History(match)
    assert seats_shown(players, [1], over=False) == [None, 1]
    assert history.view(3, None) == history.state(3).view(None)
    assert history.view(3, 1, [1]) == history.state(3).view(1)
    for seat in [0, *range(2, players)]:
        with pytest.raises(ValueError, match="may not be shown"):
            history.view(3, seat, [1])


def test_a_finished_game_shows_every_seat_s_view_in_its_history():
    match = played("hex-please", 3, "open")
    history = History(match)
    assert seats_shown(3, [], over=True) == [None, 0, 1, 2]
    for seat in (None, 0, 1, 2):
        assert history.view(1, seat) == history.state(1).view(seat)


def test_the_entries_of_a_step_are_its_decision_and_the_chance_after_it():
    match = played("hack-and-slash", 3, "entries", decisions=10)
    history = History(match)
    for step in history.steps:
        for index in range(step.start, step.end):
            assert history.step_of_entry(index) == step.number
        assert history.entries(step.number) == match.log[step.start:step.end]


@pytest.mark.parametrize("game_id", ["hex-hex", "hex-please"])
def test_a_history_shares_the_game_as_it_was_opened_though_play_goes_on(game_id):
    """Computers play on behind an open history: its copy (and so its replay link) stays at
    the position it was opened on."""
    from pygame_core import replaylink
    from pygame_core.history import as_it_is
    match = played(game_id, 3, "opened", decisions=12)
    link, length = replaylink.fragment(match), len(match.log)
    kept = as_it_is(match)
    rng = random.Random(7)
    for _ in range(20):
        if not match.state.is_over:
            match.play(rng.choice(match.state.legal_actions()))
    assert len(match.log) > length
    assert len(kept.log) == length and replaylink.fragment(kept) == link
    assert replaylink.unpack(link).state == kept.state
