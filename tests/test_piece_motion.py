"""After a move, the pieces glide from where they were drawn to where they are now
(web/ui/browser.py's `animate_pieces`), with a page stand-in that records what is asked of it.

Every piece is measured before any starts to move: a measure after an animation has started
makes the browser work out styles and layout again, once per piece (it cost a Hack & Slash
game between computers more than half of its layout and style time)."""

from __future__ import annotations

import types
from typing import Any

import pytest

from tests.standin_browser import import_browser


class Piece:
    """An element with `data-piece`, drawn centred on (x, y) in a 20x20 box."""

    def __init__(self, name: str, x: float, y: float, calls: list[tuple[Any, ...]]) -> None:
        self.name, self.x, self.y, self.calls = name, x, y, calls

    def getAttribute(self, attribute: str) -> str:  # noqa: N802 - the DOM's name
        assert attribute == "data-piece"
        return self.name

    def getBoundingClientRect(self) -> Any:  # noqa: N802
        self.calls.append(("measure", self.name))
        return types.SimpleNamespace(left=self.x - 10, top=self.y - 10, width=20, height=20)

    def animate(self, frames: list[dict[str, Any]], options: dict[str, Any]) -> None:
        self.calls.append(("animate", self.name, frames[0]["transform"], options["duration"]))


class Board:
    def __init__(self, pieces: list[Piece]) -> None:
        self.pieces = pieces

    def querySelectorAll(self, selector: str) -> list[Piece]:  # noqa: N802
        assert selector == "[data-piece]"
        return self.pieces


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Any:
    """web/ui/browser.py, imported with a `js` and a `pyodide.ffi` that pass values through."""
    return import_browser(monkeypatch, "browser_under_test")


def test_pieces_that_moved_glide_from_where_they_were_and_new_ones_arrive(browser: Any) -> None:
    calls: list[tuple[Any, ...]] = []
    before = {"a": (10.0, 10.0), "b": (50.0, 50.0), "c": (90.0, 90.0)}
    board = Board([Piece("a", 110, 10, calls), Piece("b", 50, 51, calls), Piece("c", 90, 40, calls),
                   Piece("new", 0, 0, calls)])
    assert browser.animate_pieces(board, before) == 2  # b moved 1 px: not worth a glide
    started = {call[1]: call[2:] for call in calls if call[0] == "animate"}
    assert started["a"] == ("translate(-100.0px, 0.0px)", 210)  # 150 ms + 0.6 ms a pixel
    assert started["c"] == ("translate(0.0px, 50.0px)", 180)
    assert started["new"][0] == "scale(0.6)"
    assert "b" not in started


def test_every_piece_is_measured_before_any_starts_to_move(browser: Any) -> None:
    calls: list[tuple[Any, ...]] = []
    pieces = [Piece(f"p{i}", 100 + i * 30, 100, calls) for i in range(8)]
    browser.animate_pieces(Board(pieces), {f"p{i}": (i * 30.0, 0.0) for i in range(8)})
    kinds = [call[0] for call in calls]
    assert kinds == ["measure"] * 8 + ["animate"] * 8


def test_a_first_drawing_animates_nothing(browser: Any) -> None:
    calls: list[tuple[Any, ...]] = []
    assert browser.animate_pieces(Board([Piece("a", 5, 5, calls)]), {}) == 0
    assert [call[0] for call in calls] == ["measure"]
