"""Every registered game, played with random legal actions to the end, keeps the contract.

For every game, player count and combination of options, over several seeds, after
every step: a clone is independent, the JSON round trip gives an equal state, every
legal action reads back from its notation, views are JSON and unchanged when what the
seat cannot see is resampled, an action that is not legal raises IllegalActionError
and leaves the state alone; at the end, replaying the log gives the same state.
"""

from __future__ import annotations

import json
import random

import pytest

from pygame_core import GAMES, CHANCE, IllegalActionError, Match, get_game
from pygame_core.engine import sample_chance

SEEDS_PER_CONFIG = 4


def configs():
    """Every player count with the default options, and every other option value once.

    Not the cross product: that grows too fast for CI (HEX PLEASE! alone has 11 player
    counts and 14 option values); the property tests in test_properties.py mix them.
    """
    for game_id in GAMES:
        game = get_game(game_id)
        defaults = {name: opt.default for name, opt in game.options.items()}
        counts = list(range(game.min_players, game.max_players + 1))
        mixes = [dict(defaults, **{name: value})
                 for name, opt in game.options.items() for value in opt.choices if value != opt.default]
        # A game may forbid some mixes (a variant needing two players, say): skip those.
        pairs = [(players, defaults) for players in counts]
        pairs += [(counts[i % len(counts)], mix) for i, mix in enumerate(mixes)]
        for players, options in pairs:
            label = "-".join(f"{k}={v}" for k, v in options.items() if v != defaults[k]) or "defaults"
            yield pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{label}")


def check_step(game, state, rng, stale_actions):
    before = state.to_json()
    # JSON round trip
    again = game.from_json(before)
    assert again == state and again.to_json() == before
    assert again.current_player == state.current_player
    legal = state.legal_actions()
    assert again.legal_actions() == legal
    # Notation reads back
    for action in legal:
        assert game.parse_action(str(action)) == action
    # Views are JSON and hide what the seat cannot see
    for seat in range(len(state.scores)):
        view = state.view(seat)
        json.dumps(view)
        resampled = game.determinize(state, seat, random.Random(rng.random()))
        assert resampled.view(seat) == view, "view changed when hidden information was resampled"
    # Clone independence
    if legal:
        twin = state.clone()
        twin.apply(legal[0])
        assert state.to_json() == before
    # Illegal actions are refused and change nothing
    for stale in stale_actions:
        if stale not in legal:
            with pytest.raises(IllegalActionError):
                state.apply(stale)
            assert state.to_json() == before
            break


@pytest.mark.parametrize("game_id,players,options", list(configs()))
def test_random_games_keep_the_contract(game_id, players, options):
    game = get_game(game_id)
    for seed in range(SEEDS_PER_CONFIG):
        rng = random.Random(f"{game_id}/{players}/{seed}")
        match = Match.start(game, players, seed=seed, **options)
        seen: list = []
        steps = 0
        while not match.state.is_over:
            state = match.state
            check_step(game, state, rng, seen[-5:])
            legal = state.legal_actions()
            assert legal, "a live game must offer an action"
            action = rng.choice(legal)
            seen.append(action)
            match.play(action)
            steps += 1
            assert steps < 20_000, "game did not end"
        final = match.state
        assert final.current_player is None and final.winners
        assert set(final.winners) <= set(range(players))
        with pytest.raises(IllegalActionError):
            final.apply(seen[-1])
        replayed = Match.replay(game, players, options, match.seed, match.actions)
        assert replayed.state == final
        assert [e.text for e in replayed.log] == [e.text for e in match.log]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_chance_outcomes_are_distributions(game_id):
    game = get_game(game_id)
    rng = random.Random(0)
    state = game.new(game.default_players)
    for _ in range(300):
        if state.is_over:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(p > 0 for _, p in outcomes)
            state.apply(sample_chance(state, rng))
        else:
            assert state.chance_outcomes() == []
            state.apply(rng.choice(state.legal_actions()))


def test_registry_lists_every_game_and_names_unknown_ids():
    # All four, in menu order: a game missing from the build would drop out of every test
    # parametrized over GAMES without a word.
    assert list(GAMES) == ["hack-and-slash", "horrible-hex", "hex-please", "hex-hex"]
    with pytest.raises(KeyError, match="known games"):
        get_game("chess")
