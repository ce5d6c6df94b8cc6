"""Untrusted input, by class: each class is tested with generated hostile input.

- Loading a save of any game raises SaveError with a reason or succeeds, never anything
  else and never slowly, whatever its log holds (wrong phase, wrong seat, unknown words).
- The depth check is linear: the worst inputs we can build, at the size limit, in seconds
  (about 0.2 s here; a backtracking check took 13 s on 32 KB, hours on 2 MB).
- Chance cannot be forged: a save whose dice or draws are not its seed's is marked edited.
- Start-up survives any stored value: the save list never raises, lists every save (damaged
  ones with a reason), and deletes nothing, also when storage is full.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from tests.fuzzing import hostile

from pygame_core import CHANCE, GAMES, Match, SaveError, get_game, saves
from pygame_core.engine import MAX_SEED

_PATH = Path(__file__).resolve().parent.parent / "web" / "ui" / "storage.py"
_spec = importlib.util.spec_from_file_location("hex_table_storage_hostile", _PATH)
storage = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = storage
_spec.loader.exec_module(storage)  # type: ignore[union-attr]

PROPERTY = hostile(60, 2000)
FAST = 2.0  # CPU seconds (time.process_time): loading anything refused must not freeze a page


def random_match(game_id: str, seed: str, decisions: int = 30) -> Match:
    game = get_game(game_id)
    match = Match.start(game, game.default_players, seed=seed)
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match


MATCHES = {game_id: random_match(game_id, f"hostile-{game_id}") for game_id in GAMES}
WORDS = {game_id: sorted({str(a) for seed in range(3) for a in random_match(game_id, str(seed), 60).actions})
         for game_id in GAMES}
NONSENSE = ["", " ", "pass", "play", "cast -1", "cast 99", "null 0", "null 1", "react 0", "roll 7-7",
            "quest 99", "\ud800", "<b>", "0" * 500, "play left h9 >9", "move 0,0 0,0", "draw",
            "cast 0", "detonate 2", "rescue 0", "quit", "a" * 10_000]


# -- loading ---------------------------------------------------------------------------------

def load_or_refuse(text: str) -> Match | None:
    started = time.process_time()
    try:
        match, _ = saves.load(text)
    except SaveError as exc:
        assert str(exc), "a SaveError must say why"
        match = None
    assert time.process_time() - started < FAST, "loading took too long"
    return match


def test_a_save_whose_first_action_is_not_legal_is_refused_with_a_reason() -> None:
    text = ('{"format":2,"game":"hex-hex","players":4,"options":{},"seed":"x",'
            '"log":["cast 2"],"digest":null}')
    with pytest.raises(SaveError, match="does not replay"):
        saves.load(text)


@pytest.mark.parametrize("game_id", list(GAMES))
@PROPERTY
@given(data=st.data())
def test_loading_any_log_raises_only_save_error(game_id: str, data: st.DataObject) -> None:
    base = MATCHES[game_id]
    log = [str(a) for a in base.actions]
    vocabulary = WORDS[game_id] + NONSENSE
    for _ in range(data.draw(st.integers(1, 5), label="changes")):
        kind = data.draw(st.sampled_from(["drop", "swap", "replace", "insert", "cut", "shuffle"]))
        i = data.draw(st.integers(0, max(len(log) - 1, 0)))
        if not log:
            break
        if kind == "drop":
            del log[i]
        elif kind == "swap":
            j = data.draw(st.integers(0, len(log) - 1))
            log[i], log[j] = log[j], log[i]
        elif kind == "replace":
            log[i] = data.draw(st.sampled_from(vocabulary))
        elif kind == "insert":
            log.insert(i, data.draw(st.sampled_from(vocabulary)))
        elif kind == "cut":
            log = log[:i]
        else:
            random.Random(i).shuffle(log)
    record = json.loads(saves.dump(base))
    record.update(log=log, digest=data.draw(st.sampled_from([None, record["digest"], "x"])),
                  players=data.draw(st.sampled_from([record["players"], GAMES[game_id].min_players,
                                                     GAMES[game_id].max_players])))
    load_or_refuse(json.dumps(record))


# -- linear-time parsing ---------------------------------------------------------------------

WORST = {
    "an open string of escaped quotes": '{"a":"' + '\\"' * (saves.MAX_BYTES // 2 - 4),
    "escaped backslashes before quotes": '["' + '\\\\\\"' * (saves.MAX_BYTES // 4 - 1),
    "open brackets": "[" * saves.MAX_BYTES,
    "alternating brackets": "[]" * (saves.MAX_BYTES // 2),
    "open objects": '{"a":' * (saves.MAX_BYTES // 5),
    "quotes only": '"' * saves.MAX_BYTES,
    "backslashes only": "\\" * saves.MAX_BYTES,
    "unclosed strings and brackets": '["' * (saves.MAX_BYTES // 2),
}


@pytest.mark.parametrize("name", list(WORST))
def test_the_worst_inputs_at_the_size_limit_are_refused_in_linear_time(name: str) -> None:
    text = WORST[name]
    assert len(text) <= saves.MAX_BYTES
    started = time.process_time()
    with pytest.raises(SaveError):
        saves.load(text)
    assert time.process_time() - started < 5.0  # CPU seconds: linear time is well under it


@PROPERTY
@given(st.text(alphabet='[]{}"\\a:,', max_size=300))
def test_the_depth_check_agrees_with_the_parser(text: str) -> None:
    """On text the parser accepts, the linear depth check gives the parser's own depth."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return

    def depth(v: object) -> int:
        if isinstance(v, list):
            return 1 + max(map(depth, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(depth, v.values()), default=0)
        return 0
    assert saves.too_deep(text, depth(value) - 1) or depth(value) == 0
    assert not saves.too_deep(text, depth(value))


def test_a_long_seed_or_log_is_refused_at_once() -> None:
    record = json.loads(saves.dump(MATCHES["hack-and-slash"]))
    with pytest.raises(SaveError, match="seed"):
        saves.load(json.dumps({**record, "seed": "x" * 1_900_000}))
    with pytest.raises(SaveError, match="log has"):
        saves.load(json.dumps({**record, "log": ["pass"] * (saves.MAX_ACTIONS + 1)}))
    with pytest.raises(ValueError):
        Match.start(get_game("hack-and-slash"), 3, seed="x" * (MAX_SEED + 1))


# -- chance cannot be forged -------------------------------------------------------------------

@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_save_with_chance_results_its_seed_did_not_give_is_marked_edited(game_id: str) -> None:
    match = MATCHES[game_id]
    record = json.loads(saves.dump(match))
    loaded, _ = saves.load(json.dumps(record))
    assert loaded.edited == ""
    # Change one chance result to another outcome that is legal there and still replays.
    state = match.game.new(match.players, **match.options)
    for step, entry in enumerate(match.log):
        if entry.seat == CHANCE and len(state.chance_outcomes()) > 1:
            for other, _p in state.chance_outcomes():
                if other == entry.action:
                    continue
                forged = [str(a) for a in match.actions[:step]] + [str(other)]
                try:
                    edited, _ = saves.load(json.dumps({**record, "log": forged, "digest": None}))
                except SaveError:
                    continue  # stops mid-chance: another outcome may not
                assert edited.edited.startswith(f"log entry {step + 1}")
                return
        state.apply(entry.action)
    pytest.fail("no chance result in this game's log could be changed and still replay")


# -- start-up survives any stored value --------------------------------------------------------

def intact_save(game_id: str) -> str:
    return saves.dump(MATCHES[game_id], {"rev": 1, "title": get_game(game_id).name, "turn": 3,
                                         "updated": 1.0, "seats": ["human"] * MATCHES[game_id].players})


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)
FIELDS = ["format", "game", "players", "options", "seed", "names", "log", "digest", "meta"]
META_FIELDS = ["rev", "turn", "updated", "over", "title", "seats", "edited"]


@st.composite
def corrupted_save(draw: st.DrawFn) -> str:
    record = json.loads(intact_save(draw(st.sampled_from(list(GAMES)))))
    how = draw(st.sampled_from(["field", "meta", "text", "cut"]))
    if how == "field":
        record[draw(st.sampled_from(FIELDS))] = draw(JSON_VALUES)
    elif how == "meta":
        record["meta"][draw(st.sampled_from(META_FIELDS))] = draw(
            JSON_VALUES | st.sampled_from([1e308, -1, 2 ** 80, "x", float("nan")]))
    elif how == "cut":
        text = json.dumps(record)
        return text[:draw(st.integers(0, len(text)))]
    else:
        return draw(st.text(max_size=200))
    return json.dumps(record)


@PROPERTY
@given(intact=st.lists(st.sampled_from(list(GAMES)), max_size=3),
       damaged=st.lists(corrupted_save(), max_size=4),
       others=st.dictionaries(st.text(max_size=20), st.text(max_size=50), max_size=4),
       full=st.booleans())
def test_the_save_list_survives_any_stored_value(intact: list[str], damaged: list[str],
                                                 others: dict[str, str], full: bool) -> None:
    backend = storage.MemoryBackend()
    for key, value in others.items():
        backend.setItem(key, value)
    backend.setItem(storage.SETTINGS_KEY, "{" * 5000)
    for i, game_id in enumerate(intact):
        backend.setItem(f"{storage.PREFIX}ok{i}", intact_save(game_id))
    for i, text in enumerate(damaged):
        backend.setItem(f"{storage.PREFIX}bad{i}", text)
    if full:
        backend.quota = sum(len(k) + len(v) for k, v in backend.data.items())
    before = dict(backend.data)
    store = storage.SaveStore(backend)
    entries = store.entries()
    assert store.settings() == {}
    listed = {e.id: e for e in entries}
    assert set(listed) == {k[len(storage.PREFIX):] for k in before if k.startswith(storage.PREFIX)}
    for i in range(len(intact)):
        assert listed[f"ok{i}"].problem == ""
        assert 0 < len(listed[f"ok{i}"].title) <= 24
    for entry in entries:
        store.revision(entry.id)
        assert all(len(n) <= 24 for n in entry.names)
        meta = None
        try:
            meta = json.loads(store.read(entry.id) or "").get("meta")
        except Exception:
            pass
        assert 0 <= storage.revision_of(meta) < 2 ** 53
        assert len(storage.seat_kinds(meta, 3, {"human", "easy"})) == 3
    assert backend.data == before, "listing saves must not change storage"


def test_a_full_storage_keeps_listing_and_writes_again_once_space_is_freed() -> None:
    backend = storage.MemoryBackend()
    backend.setItem(storage.PREFIX + "old", intact_save("hex-please"))
    backend.setItem("someone-else", "x" * 1000)
    backend.quota = sum(len(k) + len(v) for k, v in backend.data.items())
    store = storage.SaveStore(backend)
    assert [e.id for e in store.entries()] == ["old"]
    with pytest.raises(storage.StorageUnavailable):
        store.write("new", intact_save("hack-and-slash"), 1)
    backend.removeItem("someone-else")
    store.write("new", intact_save("hack-and-slash"), 1)
    assert {e.id for e in store.entries()} == {"old", "new"}


def test_a_game_deleted_in_another_tab_is_not_written_back() -> None:
    backend = storage.MemoryBackend()
    store = storage.SaveStore(backend)
    store.write("g", intact_save("hack-and-slash"), 1)
    store.write("g", intact_save("hack-and-slash"), 2)
    storage.SaveStore(backend).delete("g")  # in the other tab
    with pytest.raises(storage.DeletedSave):
        store.write("g", intact_save("hack-and-slash"), 3)
    assert store.ids() == []
    store.write("g", intact_save("hack-and-slash"), 3, force=True)  # the player asked to keep it
    assert store.ids() == ["g"]


@pytest.mark.parametrize("rev", ["x", 1e400, 1e308, -5, None, [1], {"a": 1}, True, 2 ** 60, 7.9])
def test_a_bad_revision_reads_as_none(rev: object) -> None:
    meta = {"rev": rev}
    assert storage.revision_of(meta) == (7 if rev == 7.9 else 0)


def test_an_imported_name_is_cleaned_and_bounded() -> None:
    record = json.loads(saves.dump(MATCHES["hack-and-slash"]))
    record["names"] = ["\u200b\u200b", "x" * 10_000, "\ud800Bo"]
    match, _ = saves.load(json.dumps(record))
    assert match.names == ["Player 1", "x" * 24, "Bo"]


@PROPERTY
@given(JSON_VALUES)
def test_any_stored_settings_read_as_settings_of_the_right_kinds(value: object) -> None:
    backend = storage.MemoryBackend()
    backend.setItem(storage.SETTINGS_KEY, json.dumps(value))
    settings_ = storage.SaveStore(backend).settings()
    assert settings_.get("speed", 1.0) in storage.SPEEDS
    assert all(isinstance(settings_.get(k, False), bool) for k in ("reduced_motion", "high_contrast", "countdown"))
    assert all(isinstance(v, float) for v in settings_.get("best", {}).values())
    assert all(isinstance(v, int) for v in settings_.get("tutorials", {}).values())


@pytest.mark.parametrize("value", [{"speed": 1e308}, {"speed": "x"}, {"best": []}, {"tutorials": "x"},
                                   {"speed": float("inf")}, {"best": {"g/s": "x"}}])
def test_settings_that_would_freeze_or_break_the_page_are_dropped(value: object) -> None:
    backend = storage.MemoryBackend()
    backend.setItem(storage.SETTINGS_KEY, json.dumps(value) if "inf" not in str(value) else '{"speed": 1e999}')
    settings_ = storage.SaveStore(backend).settings()
    assert settings_["speed"] == 1.0 and settings_.get("best", {}) in ({}, ) and \
        not isinstance(settings_.get("tutorials", {}), str)
