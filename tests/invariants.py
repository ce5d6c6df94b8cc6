"""What must hold in every state of every game, plus per-game invariants.

Plain asserts and the standard library only (no pytest, no Hypothesis), so the same
checks run in CPython (`tests/test_properties.py`) and inside Pyodide on Node
(`tests/pyodide_runner.py`).

Per-game invariants come from two places, and both run when both exist:

- an `invariants(state)` function in the game's rules module
  (`pygame_core.<package>.rules`), kept next to the rules by whoever writes them;
- `REGISTRY[game_id]` here: a function `(state, log)` where `log` is the list of action
  notations applied so far (chance included), for invariants that need the history.

Each raises AssertionError (with a message) when something is wrong.
"""

from __future__ import annotations

import importlib
import inspect
import json
import math
import random
from typing import Any, Callable, Sequence

from pygame_core import CHANCE, Game, Match, State

Hook = Callable[[State, Sequence[str]], None]
REGISTRY: dict[str, Hook] = {}


def register(game_id: str) -> Callable[[Hook], Hook]:
    def add(fn: Hook) -> Hook:
        REGISTRY[game_id] = fn
        return fn
    return add


def hooks_for(game: Game) -> list[tuple[str, Hook]]:
    """(where it came from, hook taking (state, log)) for every per-game invariant found."""
    found: list[tuple[str, Hook]] = []
    module = importlib.import_module(type(game).__module__)
    fn = getattr(module, "invariants", None)
    if callable(fn):
        takes_log = len(inspect.signature(fn).parameters) >= 2
        name = f"{module.__name__}.invariants"
        found.append((name, fn if takes_log else (lambda state, log, _fn=fn: _fn(state))))
    if game.id in REGISTRY:
        found.append((f"tests/invariants.py REGISTRY[{game.id!r}]", REGISTRY[game.id]))
    return found


# -- generic: every game ------------------------------------------------------------------


def check_state(game: Game, state: State, players: int,
                rng: random.Random) -> tuple[list[Any], State]:
    """Every check that needs only the state.

    Returns the legal actions and the state reloaded from its JSON (equal to `state`), so
    a caller can carry on from the reloaded copy without reloading again. `determinize` is
    tried for the seat to act and one other seat drawn from `rng` (every seat, over a game).
    """
    cp = state.current_player
    assert cp is None or cp == CHANCE or (type(cp) is int and 0 <= cp < players), \
        f"current_player {cp!r} is not a seat of {players}, CHANCE or None"
    assert state.is_over == (cp is None)

    scores = state.scores
    assert len(scores) == players, f"{len(scores)} scores for {players} players"
    for s in scores:
        assert isinstance(s, (int, float)) and not isinstance(s, bool), f"score {s!r} is not a number"
        assert math.isfinite(s), f"score {s!r} is not finite"

    legal = state.legal_actions()
    if cp is None:
        assert legal == [], "a finished game offers actions"
        winners = state.winners
        assert winners and set(winners) <= set(range(players)), f"bad winners {winners!r}"
    else:
        assert legal, "a live game must offer an action"
        assert len(set(legal)) == len(legal), "the legal actions repeat"
    if cp == CHANCE:
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert all(p > 0 for _, p in outcomes), "a chance outcome with probability <= 0"
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9, "chance probabilities do not add up to 1"
    else:
        assert state.chance_outcomes() == []
    notations = [str(a) for a in legal]
    assert len(set(notations)) == len(notations), "two legal actions share a notation"
    for action, text in zip(legal, notations):
        assert game.parse_action(text) == action, f"{text!r} does not read back as {action!r}"

    # JSON round trip
    text = state.to_json()
    again = game.from_json(text)
    assert again == state, "the JSON round trip changed the state"
    assert again.to_json() == text, "the JSON round trip changed the JSON"
    assert again.current_player == cp and again.legal_actions() == legal

    # Views: JSON (strict: no NaN, which JavaScript cannot read), and unchanged when the
    # hidden information is resampled.
    views = {}
    for seat in [None, *range(players)]:
        view = state.view(seat)
        assert isinstance(view, dict), f"view({seat}) is not a dict"
        json.dumps(view, allow_nan=False)
        views[seat] = view
    seats = {rng.randrange(players)}
    if cp is not None and cp >= 0:
        seats.add(cp)
    for seat in sorted(seats):
        twin = game.determinize(state, seat, random.Random(rng.getrandbits(32)))
        assert type(twin) is type(state)
        assert twin.current_player == cp, "determinize changed whose turn it is"
        assert twin.view(seat) == views[seat], \
            f"view({seat}) changed when what seat {seat} cannot see was resampled"
        if cp == seat:
            assert twin.legal_actions() == legal, \
                f"seat {seat}'s legal actions depend on what it cannot see"
    assert state.to_json() == text, "view() or determinize() changed the state"

    # A clone is independent
    if legal:
        twin = state.clone()
        twin.apply(legal[0])
        assert state.to_json() == text, "applying an action to a clone changed the original"
    return legal, again


def check_replay(game: Game, players: int, options: dict[str, Any], log: Sequence[str],
                 state: State) -> None:
    """Replaying the log (as notation, through Match) from scratch gives the same state."""
    match = Match.replay(game, players, options, "replay", list(log))
    assert match.state == state, f"replaying {len(log)} logged actions gives a different state"


def check_hooks(hooks: list[tuple[str, Hook]], state: State, log: Sequence[str]) -> None:
    for where, hook in hooks:
        try:
            hook(state, log)
        except AssertionError as exc:
            raise AssertionError(f"{where}: {exc}") from exc


# -- Hack & Slash -------------------------------------------------------------------------


@register("hack-and-slash")
def hack_and_slash(state: Any, log: Sequence[str]) -> None:
    from pygame_core.hack_and_slash.components import (ADVENTURERS_AT_START, BRAG, DIE_SIDES,
                                                       QUESTS, QUESTS_BY_ID, QUESTS_FACE_UP)
    from pygame_core.hack_and_slash.rules import FAILED, REROLL, ROLL, CHOOSE

    players = state.players
    # Cards: every quest card is in exactly one place.
    scored = [q for pile in state.scored for q in pile]
    places = [*state.pile, *state.face_up, *scored]
    assert sorted(places) == sorted(q.id for q in QUESTS), \
        f"quest cards not conserved: pile {len(state.pile)} + face up {len(state.face_up)} " \
        f"+ scored {len(scored)} (duplicates or strays: {sorted(places)})"
    assert len(state.face_up) <= QUESTS_FACE_UP
    if state.phase == CHOOSE and state.pile:
        assert len(state.face_up) == QUESTS_FACE_UP, "a quest is missing from the face-up row"
    assert BRAG.id not in places

    # Points: the scores are exactly the points of the scored cards.
    for seat in range(players):
        assert state.scores[seat] == sum(QUESTS_BY_ID[q].points for q in state.scored[seat])

    # Adventurers: nobody is created or lost except by recruiting.
    assert all(h >= 0 for h in state.home), f"negative guild {state.home}"
    assert state.tavern >= 0
    away = state.party_size + state.rescued if state.phase in (ROLL, FAILED, REROLL) else 0
    recruits = sum(QUESTS_BY_ID[q].recruit for q in scored)
    brags = _brag_successes(log)
    total = sum(state.home) + away + state.tavern
    expected = ADVENTURERS_AT_START * players + recruits + brags
    assert total == expected, (
        f"adventurers not conserved: home {state.home} + away {away} + tavern {state.tavern} "
        f"= {total}, expected {ADVENTURERS_AT_START}*{players} + {recruits} recruited on quests "
        f"+ {brags} from Brag = {expected}")

    # Dice and turn order.
    assert len(state.dice) <= 3 and all(1 <= d <= DIE_SIDES for d in state.dice)
    assert 0 <= state.turn < players
    if state.finished:
        assert state.ending and state.turn == 0
    if state.phase in (ROLL, FAILED, REROLL):
        assert state.quest in QUESTS_BY_ID


def _brag_successes(log: Sequence[str]) -> int:
    """Brag successes read from the log: Brag rolls one die and succeeds on 5 or 6."""
    from pygame_core.hack_and_slash.components import BRAG

    quest, wins = None, 0
    for text in log:
        word, _, rest = text.partition(" ")
        if word == "go":
            quest = rest
        elif word in ("roll", "reroll") and quest == BRAG.id:
            total = sum(int(d) for d in rest.split("-"))
            wins += BRAG.met_by(total)
    return wins
