"""A guest draws only views as large as its game's (issue 46, class 1): for each game, views
a hostile host could send (a real view with one value made huge, a list made long, a value
of the wrong type, or nesting deepened) are either refused by the game's `view_problem` hook
with a reason or drawn by the game's real drawing code into markup no larger than a few
times a real view's (an error raised while drawing is shown by the guest as the host's bad
message); and views from real games at every table size pass."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.fuzzing import hostile

from pygame_core import Match, get_game
from pygame_core.viewlimits import ViewLimits, shape_problem

GAMES = ["hex-please", "horrible-hex", "hack-and-slash", "hex-hex"]
FUZZ = hostile(150, 1500)
OUTCOMES: dict[str, int] = {}  # refused / error / drawn, counted for docs/hostile-input.md
GROWTH = 20  # a hostile view's markup may be this many times a real one's, and no more


def view_module(game_id: str) -> Any:
    import importlib
    return importlib.import_module(f"pygame_core.{game_id.replace('-', '_')}.view")


_VIEWS: dict[str, list[tuple[dict[str, Any], int]]] = {}


def real_views(game_id: str) -> list[tuple[dict[str, Any], int]]:
    """Views of every seat from a few random games at the smallest and largest table."""
    if game_id not in _VIEWS:
        game, out = get_game(game_id), []
        for players in sorted({game.min_players, game.max_players}):
            match = Match.start(game, players, seed=f"limits{players}")
            rng = random.Random(players)
            for step in range(400):
                if match.state.is_over:
                    break
                if step % 40 == 0:
                    out += [(match.state.view(seat), players) for seat in range(players)]
                match.play(rng.choice(match.state.legal_actions()))
            out += [(match.state.view(seat), players) for seat in range(players)]
        _VIEWS[game_id] = out
    return _VIEWS[game_id]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_real_view_passes_its_games_limits(game_id: str) -> None:
    module = view_module(game_id)
    for view, players in real_views(game_id):
        assert module.view_problem(view, players) is None


def places(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in a view, the view's own keys first."""
    out, stack = [], [value]
    while stack:
        here = stack.pop(0)
        keys = list(here) if isinstance(here, dict) else range(len(here)) if isinstance(here, list) else []
        for key in keys:
            out.append((here, key))
            stack.append(here[key])
    return out


def deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = st.one_of(
    st.integers(-10 ** 18, 10 ** 18), st.sampled_from([10 ** 9, -10 ** 9, 2 ** 53, float("inf"), 1e300, -0.5]),
    st.tuples(st.integers(0, 100_000), st.sampled_from([0, "x", [0, 0], {"q": 0, "r": 0}, None]))
      .map(lambda nx: [nx[1]] * nx[0]),
    st.integers(0, 100_000).map(lambda n: "x" * n),
    st.integers(0, 5000).map(lambda n: {f"k{i}": i for i in range(n)}),
    st.none(), st.booleans(), st.text(max_size=20), st.just({}), st.just([]),
    st.integers(1, 11).map(deep))


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_a_hostile_view_is_refused_or_drawn_small(game_id: str, data: st.DataObject) -> None:
    module = view_module(game_id)
    views = real_views(game_id)
    original, players = views[data.draw(st.integers(0, len(views) - 1))]
    names = [f"P{i + 1}" for i in range(players)]
    real = len(str(module.render(original, {}, names)))
    view = __import__("copy").deepcopy(original)
    spots = places(view)
    for _ in range(data.draw(st.integers(1, 3))):
        container, key = spots[data.draw(st.integers(0, len(spots) - 1))]
        container[key] = data.draw(HOSTILE)
    if module.view_problem(view, players):
        OUTCOMES["refused"] = OUTCOMES.get("refused", 0) + 1
        return
    try:
        drawn = module.render(view, {}, names)
    except RecursionError:
        raise
    except Exception:  # noqa: BLE001 - the guest shows it as the host's bad message and keeps the board
        OUTCOMES["error"] = OUTCOMES.get("error", 0) + 1
        return
    OUTCOMES["drawn"] = OUTCOMES.get("drawn", 0) + 1
    assert len(str(drawn)) <= GROWTH * real + 50_000


@given(st.recursive(st.none() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
                    max_leaves=40), st.integers(1, 50), st.integers(1, 6))
def test_the_shape_check_finds_every_value_over_a_limit(value: Any, size: int, depth: int) -> None:
    limits = ViewLimits(nodes=size * 4, number=size, items=size, text=size, depth=depth)
    problem = shape_problem(value, limits)
    over = any(isinstance(v, (int, float)) and not isinstance(v, bool) and not abs(v) <= size
               for v in walk(value)) or any(isinstance(v, (list, dict, str)) and len(v) > size for v in walk(value))
    if over:
        assert problem
    if problem is None:
        assert sum(1 for _ in walk(value)) <= size * 4


def walk(value: Any) -> Any:
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)
