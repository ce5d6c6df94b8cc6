"""Property-based tests: random legal play, drawn by Hypothesis, never breaks a game.

For every registered game and player count, Hypothesis draws the options, then every
decision and every chance outcome (as an index into the legal list, so a failing game
shrinks to a short one with early choices). After every step:

- the generic checks of `invariants.check_state` hold (whose turn, scores are finite
  numbers, legal actions read back from their notation, the JSON round trip is exact,
  views are strict JSON and do not change when `game.determinize` resamples what the
  seat cannot see, a clone is independent);
- the game's own invariants hold (`invariants(state)` in its rules module and/or
  `invariants.REGISTRY`);
- the log replays: a twin state fed only the notation of every action stays equal, the
  main line carries on from its own JSON reload, and at steps 1, 2, 4, 8, ... and at the end
  `Match.replay` rebuilds the state from scratch.

Profiles (env HYPOTHESIS_PROFILE):
- `fast` (default; CI): 3 derandomized examples per game and player count, at most 200
  steps each, no shrinking (a failure shows every draw and a @reproduce_failure blob;
  shrinking a long game costs minutes);
- `debug`: the same examples, shrunk to a short failing game when one fails;
- `soak` (`make soak`): SOAK_EXAMPLES (default 200) random examples per game and player
  count, played to the end (or 5,000 steps), failures shrunk.
Each prints at the end of the session how many games and steps it checked.

A game whose rules module does not import is one failing case (`<game>-loads`), so that the
other games are still collected and checked.
"""

from __future__ import annotations

import os
import random
import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import invariants
from pygame_core import CHANCE, game_ids, get_game

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]
_NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target]
settings.register_profile("fast", max_examples=3, derandomize=True, database=None, deadline=None,
                          print_blob=True, suppress_health_check=_QUIET, phases=_NO_SHRINK)
settings.register_profile("debug", settings.get_profile("fast"), phases=list(Phase))
settings.register_profile("soak", max_examples=int(os.environ.get("SOAK_EXAMPLES", "200")),
                          derandomize=False, database=None, deadline=None, print_blob=True,
                          suppress_health_check=_QUIET)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "fast")
if PROFILE not in ("fast", "debug", "soak"):
    PROFILE = "fast"
# Applied to these tests only (not loaded globally, so other test modules keep their settings).
SETTINGS = settings.get_profile(PROFILE)

MAX_STEPS = {"fast": 200, "debug": 200, "soak": 5_000}[PROFILE]
"""Steps per drawn game: whole games of the shorter games in `fast` (the longer ones are
checked through their opening and middle game); in `soak` games end on their own or at
5,000 steps (choices drawn by Hypothesis are not uniform, so some games run long)."""


def replay_now(step: int) -> bool:
    """Full replays from scratch at steps 1, 2, 4, 8, ... (each costs the whole log so far;
    the twin fed the notation is compared at every step in between) and at the end."""
    return step > 0 and step & (step - 1) == 0


# -- the cases: every game and player count --------------------------------------------------


def configs():
    for game_id in game_ids():
        try:
            game = get_game(game_id)
        except Exception:  # noqa: BLE001 - the case below fails with this error when it runs
            yield pytest.param(game_id, 0, id=f"{game_id}-loads")
            continue
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(game_id, players, id=f"{game_id}-{players}p")


# -- counting what was checked, printed at the end of the session -----------------------------


class Tally:
    """A pytest plugin object: counts, and a line in the terminal summary."""

    def __init__(self) -> None:
        self.games = self.finished = self.steps = self.replays = 0
        self.configs: set[tuple[str, int]] = set()
        self.options: set[tuple[str, tuple]] = set()
        self.seconds = 0.0

    def pytest_terminal_summary(self, terminalreporter) -> None:  # a pytest hook
        if not self.games:
            return
        seconds = self.seconds
        terminalreporter.write_line(
            f"properties ({PROFILE}): {self.games} games ({self.finished} played to the end), "
            f"{self.steps} steps, {self.replays} full replays, {len(self.configs)} game/player "
            f"configs, {len(self.options)} option mixes, in {seconds:.1f} s")


TALLY = Tally()


@pytest.fixture(scope="module", autouse=True)
def _report(request):
    manager = request.config.pluginmanager
    if not manager.is_registered(TALLY):
        manager.register(TALLY, "hex-table-property-tally")
    yield


# -- the property -------------------------------------------------------------------------------


def play_and_check(game, players: int, data) -> None:
    options = {name: data.draw(st.sampled_from(opt.choices), label=name)
               for name, opt in game.options.items()}
    hooks = invariants.hooks_for(game)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="determinize seed"))
    TALLY.games += 1
    TALLY.configs.add((game.id, players))
    TALLY.options.add((game.id, tuple(options.values())))

    state = game.new(players, **options)
    twin = game.new(players, **options)
    log: list[str] = []
    for step in range(MAX_STEPS):
        legal, reloaded = invariants.check_state(game, state, players, rng)
        invariants.check_hooks(hooks, state, log)
        if replay_now(step):
            invariants.check_replay(game, players, options, log, state)
            TALLY.replays += 1
        if state.is_over:
            TALLY.finished += 1
            break
        who = "chance" if state.current_player == CHANCE else f"seat {state.current_player}"
        action = legal[data.draw(st.integers(0, len(legal) - 1), label=f"{who} at step {step}")]
        text = str(action)
        log.append(text)
        # Carry on from the copy reloaded from JSON (nothing outside to_json may matter), and
        # keep a twin that has only ever been fed the notation of the log.
        state = reloaded
        state.apply(action)
        twin.apply(game.parse_action(text))
        assert twin == state, f"step {step} ({text}): replaying the notation gives another state"
        TALLY.steps += 1
    if log:
        invariants.check_replay(game, players, options, log, state)
        TALLY.replays += 1


@pytest.mark.parametrize("game_id,players", list(configs()))
def test_random_play_keeps_every_invariant(game_id, players):
    game = get_game(game_id)

    @SETTINGS
    @given(data=st.data())
    def run(data):
        play_and_check(game, players, data)

    started = time.monotonic()
    try:
        run()
    finally:
        TALLY.seconds += time.monotonic() - started


def test_invariants_catch_a_broken_state():
    """The Hack & Slash invariants are not vacuous: a lost adventurer or a copied card fails."""
    check = invariants.REGISTRY["hack-and-slash"]
    state = get_game("hack-and-slash").new(3)
    check(state, [])
    lost = state.clone()
    lost.home[1] -= 1
    with pytest.raises(AssertionError, match="adventurers not conserved"):
        check(lost, [])
    copied = state.clone()
    copied.face_up.append(copied.pile[0])
    with pytest.raises(AssertionError, match="quest cards not conserved"):
        check(copied, [])
    # A Brag success in the log is one more adventurer that must be somewhere.
    with pytest.raises(AssertionError, match="from Brag"):
        check(state, ["go brag", "roll 6"])


def test_a_game_that_does_not_load_is_a_case_that_fails(monkeypatch):
    """Not a skip: the game is collected as one case, which raises when it runs."""
    import pygame_core

    monkeypatch.setitem(pygame_core._MODULES, "half-written", "pygame_core.engine")  # no GAME there
    cases = {case.id: case.values for case in configs()}
    assert cases["half-written-loads"] == ("half-written", 0)
    with pytest.raises(AttributeError, match="GAME"):
        test_random_play_keeps_every_invariant("half-written", 0)
