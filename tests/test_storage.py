"""The page's save store (`web/ui/storage.py`) on its in-memory stand-in for LocalStorage.

Damaged saves are listed with the reason and kept; a write refused by the browser (quota,
private mode) leaves the last good save as it was; a tab that saves over a newer save
from another tab is stopped with StaleSave.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

from pygame_core import Match, get_game, saves

_PATH = Path(__file__).resolve().parent.parent / "web" / "ui" / "storage.py"
_spec = importlib.util.spec_from_file_location("hex_table_storage", _PATH)
storage = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = storage  # dataclasses look their module up here
_spec.loader.exec_module(storage)  # type: ignore[union-attr]

SaveStore, MemoryBackend = storage.SaveStore, storage.MemoryBackend
StaleSave, StorageUnavailable, PREFIX = storage.StaleSave, storage.StorageUnavailable, storage.PREFIX


def a_save(decisions: int = 10, rev: int = 1, seed: str = "store", **meta) -> str:
    match = Match.start(get_game("hack-and-slash"), 3, seed=seed)
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return saves.dump(match, {"rev": rev, "turn": match.turn_number(), "updated": 1000.0 + rev,
                              "title": f"game {seed}", **meta})


GOOD = a_save()
DAMAGED = {
    "truncated": GOOD[: len(GOOD) // 2],
    "empty": "",
    "not-an-object": "[1, 2, 3]",
    "future": json.dumps({**json.loads(GOOD), "format": saves.FORMAT + 1}),
    "nested": "[" * 50_000,
    "huge": '{"pad":"' + "x" * (saves.MAX_BYTES + 1) + '"}',
    "no-format": json.dumps({k: v for k, v in json.loads(GOOD).items() if k != "format"}),
}


def store_with(**entries: str) -> tuple[SaveStore, MemoryBackend]:
    backend = MemoryBackend()
    for save_id, text in entries.items():
        backend.setItem(PREFIX + save_id, text)
    return SaveStore(backend), backend


def test_damaged_entries_are_listed_with_a_problem_and_kept():
    store, backend = store_with(good=GOOD, **DAMAGED)
    before = dict(backend.data)
    entries = {e.id: e for e in store.entries()}
    assert set(entries) == {"good", *DAMAGED}
    assert entries["good"].problem == "" and entries["good"].game == "hack-and-slash"
    assert entries["good"].title == "game store" and entries["good"].turn == 10
    for save_id in DAMAGED:
        assert entries[save_id].problem, f"{save_id} should carry a problem"
    assert "newer than this app" in entries["future"].problem
    assert "nested too deeply" in entries["nested"].problem
    assert "at most" in entries["huge"].problem
    assert backend.data == before, "listing must not change or delete anything"


def test_entries_are_newest_first_and_ignore_other_keys():
    store, backend = store_with(old=a_save(rev=1, seed="a"), new=a_save(rev=5, seed="b"))
    backend.setItem(storage.SETTINGS_KEY, "{}")
    backend.setItem("someone-else:key", "x")
    assert [e.id for e in store.entries()] == ["new", "old"]
    assert store.ids() == ["new", "old"]


@pytest.mark.parametrize("meta", ["x", [1]])
def test_a_save_with_bad_meta_is_listed_with_a_problem(meta):
    store, _ = store_with(good=GOOD, bad=json.dumps({**json.loads(GOOD), "meta": meta}))
    entries = {e.id: e for e in store.entries()}
    assert entries["good"].problem == ""
    # saves.load refuses it ("meta data must be an object"): the list must not offer it as good
    assert "meta" in entries["bad"].problem, entries["bad"]


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "1e400"])
def test_a_save_with_an_infinite_turn_is_listed(number):
    bad = GOOD.replace('"turn":10', f'"turn":{number}')
    assert bad != GOOD
    store, _ = store_with(good=GOOD, bad=bad)
    assert {e.id for e in store.entries()} == {"good", "bad"}


def test_quota_exceeded_leaves_the_last_good_save_intact():
    first = a_save(decisions=5, rev=1)
    backend = MemoryBackend(quota=len(PREFIX) + len("g") + len(first) + 50)
    store = SaveStore(backend)
    store.write("g", first, rev=1)
    bigger = a_save(decisions=40, rev=2)
    assert len(bigger) > len(first) + 50
    with pytest.raises(StorageUnavailable, match="could not be written"):
        store.write("g", bigger, rev=2)
    assert store.read("g") == first
    match, meta = saves.load(store.read("g"))
    assert meta["rev"] == 1 and match.turn_number() == 5
    # The game goes on: the next save that fits is written.
    store.write("g", a_save(decisions=6, rev=2), rev=2)
    assert json.loads(store.read("g"))["meta"]["rev"] == 2


def test_a_refusing_browser_is_reported_not_raised_raw():
    class Refusing(MemoryBackend):
        def setItem(self, key, value):  # noqa: N802
            raise PermissionError("SecurityError: the operation is insecure")

    backend = Refusing()
    backend.data[PREFIX + "g"] = GOOD
    store = SaveStore(backend)
    with pytest.raises(StorageUnavailable):
        store.write("g", a_save(rev=2), rev=2)
    assert store.read("g") == GOOD


def test_a_stale_revision_from_another_tab_raises():
    backend = MemoryBackend()
    tab_a, tab_b = SaveStore(backend), SaveStore(backend)
    tab_a.write("g", a_save(rev=3), rev=3)
    # Both tabs opened revision 3; tab A saves revision 4 first.
    a4 = a_save(decisions=12, rev=4)
    tab_a.write("g", a4, rev=4)
    with pytest.raises(StaleSave):
        tab_b.write("g", a_save(decisions=11, rev=4, seed="other"), rev=4)
    with pytest.raises(StaleSave):
        tab_b.write("g", a_save(rev=2), rev=2)
    assert tab_b.read("g") == a4, "the newer save must not be overwritten"
    assert tab_b.revision("g") == 4
    # After reloading (or when the player insists) tab B may save.
    tab_b.write("g", a_save(decisions=13, rev=5), rev=5)
    tab_a_forced = a_save(decisions=14, rev=5)
    tab_a.write("g", tab_a_forced, rev=5, force=True)
    assert tab_a.read("g") == tab_a_forced


def test_a_new_save_starts_at_revision_zero():
    store, _ = store_with()
    assert store.revision("new") == 0
    store.write("new", a_save(rev=1), rev=1)
    assert store.revision("new") == 1


@pytest.mark.parametrize("stored", ["", "garbage", "[1]", '{"meta": []}', '{"meta": {"rev": "x"}}'])
def test_an_unreadable_revision_counts_as_zero(stored):
    store, _ = store_with(g=stored)
    assert store.revision("g") == 0


@pytest.mark.parametrize("stored", ['{"meta": {"rev": Infinity}}', '{"meta": {"rev": 1e400}}',
                                    "[" * 100_000], ids=["Infinity", "1e400", "nested"])
def test_a_hostile_revision_counts_as_zero_and_the_save_is_written(stored):
    store, backend = store_with(g=stored)
    assert store.revision("g") == 0
    new = a_save(rev=1)
    store.write("g", new, rev=1)
    assert backend.getItem(PREFIX + "g") == new and store.revision("g") == 1


def test_delete_removes_only_that_save():
    store, backend = store_with(a=GOOD, b=GOOD)
    store.delete("a")
    assert store.ids() == ["b"]


def test_without_local_storage_nothing_is_listed_and_writes_are_refused():
    store = SaveStore(None)
    assert not store.available and store.ids() == [] and store.entries() == []
    assert store.settings() == {}
    store.save_settings({"sound": False})  # quietly nothing
    with pytest.raises(StorageUnavailable):
        store.write("g", GOOD, rev=1)
    with pytest.raises(StorageUnavailable):
        store.read("g")


def test_settings_survive_garbage():
    store, backend = store_with()
    backend.setItem(storage.SETTINGS_KEY, "not json")
    assert store.settings() == {}
    backend.setItem(storage.SETTINGS_KEY, "[1]")
    assert store.settings() == {}
    store.save_settings({"theme": "dark", "high_contrast": True})
    assert store.settings() == {"speed": 1.0, "high_contrast": True}  # unknown ones are dropped


@pytest.mark.parametrize("confirm, kept", [("touch", "touch"), ("always", "always"), ("never", "never"),
                                           ("sometimes", None), (True, None), (["never"], None)])
def test_the_confirm_setting_is_kept_only_as_one_of_its_choices(confirm, kept):
    store, _ = store_with()
    store.save_settings({"confirm": confirm})
    assert store.settings().get("confirm") == kept


def test_new_ids_are_per_game_and_time():
    assert storage.new_id("hack-and-slash", now=1.5) == "hack-and-slash-5dc"


def test_the_last_new_game_settings_are_kept_per_game_and_checked():
    store, backend = store_with()
    good = {"players": 3, "seats": ["human", "easy", "hard", "normal"], "names": ["Ada", " Bo ", ""],
            "options": {"destiny": True, "target": 4, "boards": "original"}}
    store.save_settings({"setup": {"horrible-hex": good}})
    kept = store.settings()["setup"]["horrible-hex"]
    assert kept == {**good, "names": ["Ada", "Bo", ""]}
    hostile = {"players": True, "seats": ["human", "robot"], "names": [1, "\u202eevil" + "x" * 99],
               "options": {"a": [1], "b": {"c": 1}, "d": 2.5, "e": None, "f": "y" * 999, "g": False}}
    store.save_settings({"setup": {"hex-hex": hostile, "bad": [1, 2], "x" * 99: {"players": 0}}})
    setup = store.settings()["setup"]
    assert set(setup) == {"hex-hex", "x" * 40}
    assert setup["hex-hex"] == {"names": ["", "evil" + "x" * 20], "options": {"g": False}}
    assert setup["x" * 40] == {}
    backend.setItem(storage.SETTINGS_KEY, json.dumps({"setup": "nope"}))
    assert "setup" not in store.settings()
