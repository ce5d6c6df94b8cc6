"""The page tells web/patch.mjs whether a glide it started may still run (issue 44: asking the
browser for a board's animations made it work out styles at every redraw, gliding or not).

web/ui/browser.py is imported with a page stand-in: `patch_html` must say "gliding" from the
moment `animate_pieces` asks for a glide (web/glide.mjs starts it at the next frame) until the
longest glide, started as late as a slow phone's next frame, has had time to end, and not
otherwise, so that a redraw during a glide still stops it (e2e/test_patch_quiet.py checks the
patch's side, e2e/test_glide.py the glides themselves)."""

from __future__ import annotations

import types
from typing import Any

import pytest

from tests.standin_browser import import_browser


class Glide:
    """web/glide.mjs's stand-in: `play` says whether a glide may start (at the next frame)."""

    def __init__(self) -> None:
        self.starts = False

    def places(self, root: Any) -> dict[str, Any]:
        return {}

    def play(self, root: Any, before: Any, longest: int) -> bool:
        return self.starts


class Patch:
    def __init__(self) -> None:
        self.gliding: list[bool] = []

    def html(self, node: Any, markup: str, gliding: bool, prepare: Any = None) -> None:
        self.gliding.append(gliding)


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Any:
    """browser.py with a `js` whose hexPatch records what it is told, a glide script whose
    counts we set, and a clock we move."""
    patch, glide = Patch(), Glide()
    module = import_browser(monkeypatch, "browser_glides_under_test", hexPatch=patch, hexGlide=glide)
    clock = [1000.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    return types.SimpleNamespace(browser=module, patch=patch, glide=glide, clock=clock)


BOARD = types.SimpleNamespace(id="board")


def redraw(page: Any, box: Any = BOARD) -> bool:
    from pygame_core.markup import Markup
    page.browser.patch_html(box, Markup("<p>board</p>"))
    return bool(page.patch.gliding[-1])


def test_no_glide_started_no_glide_looked_for(page: Any) -> None:
    assert redraw(page) is False
    assert page.browser.animate_pieces(BOARD, page.glide.places(None)) is False  # a first drawing
    assert redraw(page) is False


def test_a_redraw_while_a_glide_may_run_looks_for_it_and_not_after(page: Any) -> None:
    page.glide.starts = True
    assert page.browser.animate_pieces(BOARD, page.glide.places(None)) is True
    assert redraw(page) is True
    assert redraw(page, types.SimpleNamespace(id="scores")) is False  # another box: none of its own
    page.clock[0] += (page.browser.FRAME_MS + page.browser.GLIDE_MS) / 1000  # started late, just about over
    assert redraw(page) is True
    page.clock[0] += 0.1
    assert redraw(page) is False


def test_without_the_glide_script_nothing_glides(monkeypatch: pytest.MonkeyPatch) -> None:
    module = import_browser(monkeypatch, "browser_without_glides", hexPatch=Patch())
    assert module.piece_places(object()) is None
    assert module.animate_pieces(BOARD, None) is False
