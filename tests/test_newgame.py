"""A new game from the address (`web/ui/newgame.py`'s `parse_params`) on CPython.

The address is anyone's to write (a link, an embed snippet): whatever it holds, the game
starts, with what was not understood replaced by a default and named. The module is loaded
with a `js` that fails on any use, so the parsing is checked to need no browser too.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import GAMES, Match, get_game
from pygame_core.engine import MAX_SEED

UI = Path(__file__).resolve().parent.parent / "web" / "ui"


class Untouchable(types.ModuleType):
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise AssertionError(f"JavaScript used: {self.__name__}.{name}")


def load_newgame() -> Any:
    """web/ui/newgame.py, its page modules beside it, a `js` that refuses every use; the
    page's modules leave sys.modules afterwards (other tests load them their own way)."""
    ffi = types.ModuleType("pyodide.ffi")
    for name in ("create_proxy", "create_once_callable", "to_js"):
        setattr(ffi, name, lambda *a, **k: pytest.fail("pyodide.ffi used"))
    ffi.jsnull = object()  # type: ignore[attr-defined]
    stubs = {"js": Untouchable("js"), "pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi}
    saved = {name: sys.modules.get(name) for name in stubs}
    before = set(sys.modules)
    sys.modules.update(stubs)
    sys.path.insert(0, str(UI))
    try:
        spec = importlib.util.spec_from_file_location("newgame_under_test", UI / "newgame.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # kept: its dataclass looks itself up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(UI))
        for name in set(sys.modules) - before:
            if not name.startswith(("pygame_core", "newgame_under_test")):
                del sys.modules[name]
        for name, old in saved.items():
            if old is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old


newgame = load_newgame()
parse = newgame.parse_params
LEVELS = ("easy", "normal", "hard")  # the computer levels an address may ask for


def test_a_plain_address_starts_the_game_it_names_with_its_defaults() -> None:
    game = get_game("hack-and-slash")
    spec, problems = parse({"game": "hack-and-slash"}, game)
    assert problems == []
    assert spec == newgame.NewGame("hack-and-slash", 3, ("human", "normal", "normal"), ("",), {}, None)


def test_every_setting_the_address_may_hold_is_taken() -> None:
    params = {"game": "hex-hex", "seats": "5", "bots": "2", "level": "hard", "seed": "s-1",
              "names": "Ann,Bo,Cy,Di,Ed,Fay", "embed": "1"}
    spec, problems = parse(params, get_game("hex-hex"))
    assert problems == []
    assert spec.players == 5 and spec.seats == ("human", "human", "human", "hard", "hard")
    assert spec.names == ("Ann", "Bo", "Cy", "Di", "Ed") and spec.seed == "s-1"


def test_unknown_keys_are_named_and_the_game_still_starts() -> None:
    spec, problems = parse({"game": "horrible-hex", "zeta": "1", "alpha": "x", "seats": "3"},
                           get_game("horrible-hex"))
    assert problems == ["unknown setting alpha, zeta"]
    assert spec.players == 3


@pytest.mark.parametrize("seats", ["1", "13", "-2", "two", "2.0", ""])
def test_seats_out_of_range_or_not_a_number_fall_back_to_the_default(seats: str) -> None:
    game = get_game("hex-please")  # 2-12 players, 2 by default
    spec, problems = parse({"game": "hex-please", "seats": seats}, game)
    assert spec.players == 2 and len(spec.seats) == 2
    assert problems == [f"seats={seats} (using 2)"]


@pytest.mark.parametrize("bots", ["4", "-1", "many"])
def test_bots_out_of_range_fall_back_to_all_but_one(bots: str) -> None:
    spec, problems = parse({"game": "hack-and-slash", "seats": "3", "bots": bots},
                           get_game("hack-and-slash"))
    assert spec.seats == ("human", "normal", "normal")
    assert problems == [f"bots={bots} (using 2)"]


def test_bots_may_fill_every_seat() -> None:
    spec, problems = parse({"game": "hack-and-slash", "seats": "3", "bots": "3", "level": "easy"},
                           get_game("hack-and-slash"))
    assert problems == [] and spec.seats == ("easy", "easy", "easy")


@pytest.mark.parametrize("level", ["human", "remote", "genius", "", "NORMAL"])
def test_a_bad_level_is_normal(level: str) -> None:
    spec, problems = parse({"game": "hex-hex", "level": level}, get_game("hex-hex"))
    assert spec.seats == ("human", "normal", "normal", "normal")
    assert problems == [f"level={level} (using normal)"]


def test_an_over_long_seed_is_replaced_by_a_random_one() -> None:
    game = get_game("horrible-hex")
    spec, problems = parse({"game": "horrible-hex", "seed": "x" * (MAX_SEED + 1)}, game)
    assert spec.seed is None
    assert problems == [f"a seed of {MAX_SEED + 1:,} characters (using a random one)"]
    spec, problems = parse({"game": "horrible-hex", "seed": "x" * MAX_SEED}, game)
    assert spec.seed == "x" * MAX_SEED and problems == []


def test_problems_are_all_told_in_the_order_of_the_address_settings() -> None:
    params = {"game": "hex-please", "what": "1", "seats": "99", "bots": "7", "level": "god",
              "seed": "y" * 500}
    spec, problems = parse(params, get_game("hex-please"))
    assert problems == ["unknown setting what", "seats=99 (using 2)", "bots=7 (using 1)",
                        "level=god (using normal)", "a seed of 500 characters (using a random one)"]
    assert spec == newgame.NewGame("hex-please", 2, ("human", "normal"), ("",), {}, None)


KEYS = st.one_of(st.sampled_from(sorted(newgame.KNOWN_PARAMS)), st.text(max_size=12))
VALUES = st.one_of(st.integers(-20, 20).map(str), st.sampled_from(["human", "remote", *LEVELS]),
                   st.text(max_size=8), st.text(min_size=MAX_SEED - 2, max_size=MAX_SEED + 3),
                   st.lists(st.text(max_size=6), max_size=14).map(",".join))


@settings(max_examples=300, deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), params=st.dictionaries(KEYS, VALUES, max_size=8))
def test_any_address_starts_a_sound_game_and_names_what_it_did_not_understand(
        game_id: str, params: dict[str, str]) -> None:
    game = get_game(game_id)
    spec, problems = parse(params, game)
    assert spec.game_id == game_id
    assert game.min_players <= spec.players <= game.max_players
    assert len(spec.seats) == spec.players and len(spec.names) <= spec.players
    assert all(kind == "human" or kind in LEVELS for kind in spec.seats)
    assert spec.seed is None or 0 < len(spec.seed) <= MAX_SEED
    unknown = sorted(set(params) - newgame.KNOWN_PARAMS)
    assert bool(unknown) == any(p.startswith("unknown setting") for p in problems)
    if "seats" in params and not any(p.startswith("seats=") for p in problems):
        assert spec.players == int(params["seats"])  # taken: it was a number in range
    if "bots" in params and not any(p.startswith("bots=") for p in problems):
        assert spec.players - spec.seats.count("human") == int(params["bots"])
    match = Match.start(game, spec.players, seed=spec.seed, names=spec.names, **spec.options)
    assert len(match.names) == spec.players


@settings(max_examples=200, deadline=None)
@given(data=st.data(), game_id=st.sampled_from(sorted(GAMES)))
def test_any_well_formed_address_is_taken_as_it_is(data: st.DataObject, game_id: str) -> None:
    game = get_game(game_id)
    players = data.draw(st.integers(game.min_players, game.max_players))
    bots = data.draw(st.integers(0, players))
    level = data.draw(st.sampled_from(LEVELS))
    seed = data.draw(st.text(st.characters(codec="utf-8"), min_size=1, max_size=MAX_SEED))
    names = data.draw(st.lists(st.text(st.characters(blacklist_characters=","), min_size=1, max_size=8),
                               min_size=players, max_size=players))
    spec, problems = parse({"game": game_id, "seats": str(players), "bots": str(bots), "level": level,
                            "seed": seed, "names": ",".join(names)}, game)
    assert problems == []
    assert spec == newgame.NewGame(game_id, players, ("human",) * (players - bots) + (level,) * bots,
                                   tuple(names), {}, seed)


def test_the_new_game_is_a_frozen_value() -> None:
    spec, _ = parse({"game": "hex-hex"}, get_game("hex-hex"))
    with pytest.raises(AttributeError):
        spec.players = 6  # type: ignore[misc]
    assert eval(repr(spec), {"NewGame": newgame.NewGame}) == spec
