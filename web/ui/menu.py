"""The menu's saved games: listed as cards, opened, exported, deleted and imported (what a
save keeps for that list is master.save_meta).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

import js

import browser
import gamefiles
from browser import el, make, notice, on, show
from presenter import SEAT_KINDS, Session
from pygame_core import GAMES, Match, SaveError, saves
from pygame_core.markup import Markup, join, tag
from shell import Guard
from storage import SaveEntry, SaveStore, new_id, seat_kinds


def edited_warning(match: Match) -> str:
    if not match.edited:
        return ""
    return (" This save was edited by hand: its dice or draws are not the ones its seed gives "
            f"({match.edited}), so it is not a fair game.")


def game_of(save: str) -> str | None:
    """The id of the game a save is of, or None where it is no save (saves.load says why)."""
    try:
        game = saves.parse(save).get("game")
    except SaveError:
        return None
    return game if isinstance(game, str) else None


def when_text(updated_ms: float) -> str:
    """When a save was last played, as one says it: "just now", "5 min ago", a date."""
    ago = time.time() - updated_ms / 1000
    if ago < 60:
        return "just now"
    if ago < 3600:
        return f"{int(ago // 60)} min ago"
    if ago < 86400:
        return f"{int(ago // 3600)} h ago"
    return str(js.Date.new(updated_ms).toLocaleDateString())


def save_card(entry: SaveEntry, game: str) -> Markup:
    """A save's card: its game's art, title, players and when; or why it is damaged."""
    if entry.problem:
        parts = tag("span", f"Damaged save ({entry.id}): {entry.problem}", class_="save-title")
        main_button = None
    else:
        state = "finished" if entry.over else f"turn {entry.turn}"
        parts = join(
            game and tag("svg", tag("use", href=f"#art-{game}"), class_="save-art",
                         viewBox="0 0 160 80",
                         aria_hidden="true", focusable="false"),
            tag("span", tag("strong", entry.title), tag("span", ", ".join(entry.names)),
                tag("span", f"{state} · {when_text(entry.updated)}", class_="save-when"),
                entry.edited and tag("span", "Its dice or draws were edited by hand: not a fair game",
                                     class_="save-when"),
                class_="save-title"))
        main_button = tag("button", "View" if entry.over else "Continue", type="button",
                          class_="primary", data_save="open")
    return join(parts, tag(
        "p", main_button, tag("button", "Export", type="button", data_save="export"),
        tag("button", "Delete", type="button", class_="danger", data_save="delete"),
        class_="save-actions"))


class Menu:
    """The menu and its saves. `adopt` makes an imported game the page's game and saves it;
    `show_game` then shows it."""

    def __init__(self, store: SaveStore, games: Sequence[str], guard: Guard,
                 adopt: Callable[[Session], None], show_game: Callable[[], None]) -> None:
        self.store = store
        self.games = games
        self.guard = guard
        self.adopt = adopt
        self.show_game = show_game

    def show(self) -> None:
        show("game", False)
        show("menu")
        self.render_saves()
        if str(js.location.hash):
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))

    def render_saves(self) -> None:
        """The saved games as cards in their game's colour, games in progress first (newest
        first), then finished ones and damaged ones; with any saves, they lead the menu."""
        listing = el("save-list")
        listing.replaceChildren()
        entries = sorted(self.store.entries(), key=lambda e: (bool(e.problem), e.over))
        show("saves-empty", not entries)
        section, menu = el("saves"), el("menu")
        menu.insertBefore(section, el("games-title") if entries else menu.querySelector(".settings"))
        actions = {"open": self.open_save, "export": self.export_saved, "delete": self.delete_save}
        for entry in entries:
            item = make("li", "", "save-item" + (" damaged" if entry.problem else "")
                        + (" over" if entry.over else ""))
            game = entry.game if entry.game in GAMES else ""
            if game:
                item.setAttribute("data-game", game)
            browser.set_html(item, save_card(entry, game))
            for button in item.querySelectorAll("[data-save]"):
                act = actions[str(button.getAttribute("data-save"))]
                on(button, "click", self.guard(lambda e, i=entry.id, act=act: act(i)))
            listing.appendChild(item)

    def open_save(self, save_id: str) -> None:
        js.location.hash = f"play={save_id}"

    def delete_save(self, save_id: str) -> None:
        if js.window.confirm("Delete this saved game? This cannot be undone."):
            self.store.delete(save_id)
            self.render_saves()

    def export_saved(self, save_id: str) -> None:
        browser.download(f"{save_id}.json", self.store.read(save_id) or "")

    async def import_save(self, event: Any) -> None:
        files = event.target.files
        if not files or files.length == 0:
            return
        if files.item(0).size > saves.MAX_BYTES:
            event.target.value = ""
            notice(f"That file is too large to be a saved game (saves are at most {saves.MAX_BYTES:,} bytes).", 10)
            return
        text = str(await files.item(0).text())
        event.target.value = ""
        game = game_of(text)
        try:
            if game is not None and game in self.games:
                await gamefiles.fetch(game)
            match, meta = saves.load(text)
        except (SaveError, OSError) as exc:
            notice(f"That file could not be imported: {exc}", 10)
            return
        self.adopt(Session(match, seat_kinds(meta, match.players, SEAT_KINDS), new_id(match.game.id)))
        notice(f"Imported a game of {match.game.name}." + edited_warning(match))
        self.show_game()
