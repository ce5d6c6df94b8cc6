"""What every game's words tests check of a whole game: each log line, the tie-break and the
end summary's parts pass the game's `check` (no id, notation or coordinate)."""

from __future__ import annotations

import re
from html import unescape
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


READ_ALOUD = ("aria-label", "title", "alt", "placeholder")
TAG = re.compile(r"<[^>]*>")
ATTRIBUTE = re.compile(r'([^\s="]+)="([^"]*)"')


def readable(markup: str) -> list[str]:
    """What a player can read or hear: the text, and the labels, tooltips and placeholders.

    Reads markup our builder made, where every '<', '>' and '"' of a text or a value is
    escaped (test_markup.py checks that with html.parser on hostile names), so a tag runs
    from '<' to the next '>': the view tests read thousands of boards, and html.parser took
    nine tenths of their time. `parsed_readable` is the same with html.parser, to compare."""
    texts, position = [], 0
    for tag in TAG.finditer(markup):
        texts.append(unescape(markup[position:tag.start()]))
        texts += [unescape(value) for name, value in ATTRIBUTE.findall(tag.group()) if name in READ_ALOUD]
        position = tag.end()
    texts.append(unescape(markup[position:]))
    return [text for text in texts if text.strip()]


class Readable(HTMLParser):
    """The same reading with html.parser, what `readable` is checked against."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.texts += [value or "" for name, value in attrs if name in READ_ALOUD]

    def handle_data(self, data: str) -> None:
        self.texts.append(data)


def parsed_readable(markup: str) -> list[str]:
    parser = Readable()
    parser.feed(markup)
    parser.close()
    return [text for text in parser.texts if text.strip()]
