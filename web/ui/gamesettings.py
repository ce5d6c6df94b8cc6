"""The settings from a game's More list: the menu's own settings panel, lent to a dialog
over the table while it is open, so there is one set of controls, wired once (shell.py).

A change applies to the table on screen at once (`changed`, given by the page): the table
is drawn again, so a confirm step turned off, or passing turned over to the table, counts
from this position, and computers move at the new speed from their next move."""

from __future__ import annotations

from typing import Any

import js

from browser import el, present


class SettingsDialog:
    def __init__(self) -> None:
        self.home: tuple[Any, Any] | None = None  # where the panel lives in the menu

    def open(self) -> None:
        dialog = el("settings-dialog")
        panel = js.document.querySelector(".panel.settings")
        if not present(panel) or bool(dialog.open):
            return
        self.home = (panel.parentNode, panel.nextSibling)
        dialog.insertBefore(panel, dialog.firstChild)
        dialog.showModal()
        first = panel.querySelector("select, input")
        if present(first):
            first.focus()

    def closed(self, *_: Any) -> None:
        """The dialog closed (Done, Escape): the panel goes back to the menu, and the focus to
        the button the settings were opened from (More on a phone, where the list folds)."""
        panel = el("settings-dialog").querySelector(".panel.settings")
        if self.home is not None and present(panel):
            parent, after = self.home
            parent.insertBefore(panel, after if present(after) else None)
        self.home = None
        for button in (el("settings-button"), el("more-button")):
            if present(button) and present(button.offsetParent):
                button.focus()
                return
