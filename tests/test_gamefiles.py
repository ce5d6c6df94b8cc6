"""web/ui/gamefiles.py: a game's package whose files come later is found before they come,
cannot be imported until fetched, and imports as usual afterwards. Played with a package of
our own in a temporary folder and a stand-in for the page's `hex_archives` module."""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "web" / "ui" / "gamefiles.py"
_spec = importlib.util.spec_from_file_location("hex_table_gamefiles", _PATH)
gamefiles = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gamefiles)

PACKAGE = "later_game"


@pytest.fixture
def later(tmp_path, monkeypatch):
    """A package with only its __init__.py on disk; fetching writes its `rules` module."""
    folder = tmp_path / PACKAGE
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    archives = types.ModuleType("hex_archives")
    archives.later = json.dumps([{"package": PACKAGE, "modules": [f"{PACKAGE}.rules"]}])
    archives.fetched = 0
    archives.fail = False

    async def fetch(package: str) -> None:
        if archives.fail:
            raise RuntimeError("TypeError: Failed to fetch")
        assert package == PACKAGE
        (folder / "rules.py").write_text("GAME = 'here'\n")
        archives.fetched += 1
    archives.fetch = fetch
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "hex_archives", archives)
    monkeypatch.setattr(gamefiles, "game_package", lambda game_id: PACKAGE)
    monkeypatch.setattr(gamefiles, "_waiting", {})
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    yield archives
    for name in (PACKAGE, f"{PACKAGE}.rules"):
        sys.modules.pop(name, None)


def test_a_game_whose_files_have_not_come_is_found_but_not_imported(later):
    gamefiles.install()
    assert not gamefiles.ready("a-game")
    assert importlib.util.find_spec(f"{PACKAGE}.rules") is not None  # the menu offers the game
    assert importlib.util.find_spec(f"{PACKAGE}.tutorial") is None  # what is not listed stays unknown
    with pytest.raises(gamefiles.NotFetched, match="fetch"):
        importlib.import_module(f"{PACKAGE}.rules")
    assert f"{PACKAGE}.rules" not in sys.modules


def test_a_fetched_game_imports_as_usual_and_is_fetched_once(later):
    gamefiles.install()
    importlib.util.find_spec(f"{PACKAGE}.rules")  # the folder's finder has listed it already
    asyncio.run(gamefiles.fetch("a-game"))
    asyncio.run(gamefiles.fetch("a-game"))
    assert gamefiles.ready("a-game") and later.fetched == 1
    assert importlib.import_module(f"{PACKAGE}.rules").GAME == "here"


def test_a_failed_download_is_an_os_error_and_the_game_still_waits(later):
    gamefiles.install()
    later.fail = True
    with pytest.raises(OSError, match="could not be downloaded"):
        asyncio.run(gamefiles.fetch("a-game"))
    assert not gamefiles.ready("a-game")
    later.fail = False
    asyncio.run(gamefiles.fetch("a-game"))
    assert gamefiles.ready("a-game")


def test_a_game_already_imported_waits_for_nothing(later, monkeypatch):
    # A start from a snapshot: every game's modules are in memory, their files are not needed.
    monkeypatch.setitem(sys.modules, f"{PACKAGE}.rules", types.ModuleType(f"{PACKAGE}.rules"))
    gamefiles.install()
    assert gamefiles.ready("a-game")
    assert not any(isinstance(f, gamefiles._Finder) for f in sys.meta_path)


def test_outside_the_page_every_game_is_ready(monkeypatch):
    monkeypatch.setitem(sys.modules, "hex_archives", None)  # import fails, as off the page
    monkeypatch.setattr(gamefiles, "_waiting", {})
    gamefiles.install()
    assert all(gamefiles.ready(g) for g in ("hack-and-slash", "hex-hex", "hex-please", "horrible-hex"))
