"""The page tells web/patch.mjs whether a glide it started may still run (issue 44: asking the
browser for a board's animations made it work out styles at every redraw, gliding or not).

web/ui/browser.py is imported with a page stand-in: `patch_html` must say "gliding" from the
moment `animate_pieces` starts a glide (a piece moved, or a new one arriving) until the
longest glide has had time to end, and not otherwise, so that a redraw during a glide still
stops it (e2e/test_patch_quiet.py checks the script's side)."""

from __future__ import annotations

import types
from typing import Any

import pytest

from tests.standin_browser import import_browser


class Piece:
    def __init__(self, name: str, x: float) -> None:
        self.name, self.x = name, x

    def getAttribute(self, attribute: str) -> str:  # noqa: N802 - the DOM's name
        return self.name

    def getBoundingClientRect(self) -> Any:  # noqa: N802
        return types.SimpleNamespace(left=self.x - 10, top=0, width=20, height=20)

    def animate(self, frames: Any, options: Any) -> None:
        pass


class Board:
    def __init__(self, *pieces: Piece) -> None:
        self.pieces = list(pieces)

    def querySelectorAll(self, selector: str) -> list[Piece]:  # noqa: N802
        return self.pieces


class Patch:
    def __init__(self) -> None:
        self.gliding: list[bool] = []

    def html(self, node: Any, markup: str, gliding: bool, prepare: Any = None) -> None:
        self.gliding.append(gliding)


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Any:
    """browser.py with a `js` whose hexPatch records what it is told, and a clock we move."""
    patch = Patch()
    module = import_browser(monkeypatch, "browser_glides_under_test", hexPatch=patch)
    clock = [1000.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    return types.SimpleNamespace(browser=module, patch=patch, clock=clock)


def redraw(page: Any) -> bool:
    from pygame_core.markup import Markup
    page.browser.patch_html(object(), Markup("<p>board</p>"))
    return bool(page.patch.gliding[-1])


def test_no_glide_started_no_glide_looked_for(page: Any) -> None:
    assert redraw(page) is False
    page.browser.animate_pieces(Board(Piece("a", 10)), {})  # a first drawing: nothing glides
    assert redraw(page) is False
    page.browser.animate_pieces(Board(Piece("a", 10)), {"a": (11.0, 10.0)})  # moved 1 px: no glide
    assert redraw(page) is False


@pytest.mark.parametrize("before", [{"a": (200.0, 10.0)}, {"other": (0.0, 0.0)}], ids=["moved", "arriving"])
def test_a_redraw_while_a_glide_may_run_looks_for_it_and_not_after(page: Any, before: dict[str, Any]) -> None:
    page.browser.animate_pieces(Board(Piece("a", 10)), before)
    assert redraw(page) is True
    page.clock[0] += page.browser.GLIDE_MS / 1000  # the longest glide, just about over
    assert redraw(page) is True
    page.clock[0] += 0.1
    assert redraw(page) is False
