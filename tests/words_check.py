"""What every game's words tests check of a whole game: each log line, the tie-break and the
end summary's parts pass the game's `check` (no id, notation or coordinate)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any, Callable


def check_game_words(match: Any, table: Any, presenter: Any, check: Callable[[str], Any]) -> None:
    """`presenter` is web/ui/presenter.py as each test module loads it."""
    names = match.names
    for entry in match.log:
        for line in presenter.entry_lines(entry, table, names):
            check(line)
    view = match.state.view(None)
    check(table.tie_break(view, names))
    rows = table.score_breakdown(view, names)
    assert rows
    for label, cells in rows:
        assert len(cells) == match.players
        for text in [label, *cells]:
            check(text)


class Readable(HTMLParser):
    """What a player can read or hear: text, and aria-label/title/alt values."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.texts += [value or "" for name, value in attrs if name in ("aria-label", "title", "alt")]

    def handle_data(self, data: str) -> None:
        self.texts.append(data)


def readable(markup: str) -> list[str]:
    parser = Readable()
    parser.feed(markup)
    parser.close()
    return [t for t in parser.texts if t.strip()]
