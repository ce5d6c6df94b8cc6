"""Player names from anywhere (a URL, the set-up dialog, an imported save), made safe to show.

One normalisation for every source: outer space trimmed, inner runs of space made one
space, control, format and unassigned characters removed (zero-width joiners, direction
overrides, lone surrogates), at most `MAX_LENGTH` characters, and a default when nothing
is left. Escaping for markup is not done here: views escape every text they insert.
"""

from __future__ import annotations

import unicodedata

MAX_LENGTH = 24
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_SPACES = frozenset({"Zs", "Zl", "Zp"})
_JOINER = "\u200d"  # kept between two symbols: it makes one emoji of a family or a flag


def _joins_symbols(before: list[str], after: str) -> bool:
    return bool(before and after) and unicodedata.category(after) == "So" and \
        unicodedata.category(before[-1]) in ("So", "Mn", "Sk")


def clean_name(text: object, default: str) -> str:
    """`text` as a player name, or `default` when it holds nothing that can be shown."""
    if not isinstance(text, str):
        return default
    kept: list[str] = []
    text = text[:4 * MAX_LENGTH]  # enough to fill a name after dropping
    for i, char in enumerate(text):
        category = unicodedata.category(char)
        if category in _SPACES or char in "\t\n\r":
            if kept and kept[-1] != " ":
                kept.append(" ")
        elif category not in _DROPPED or char == _JOINER and _joins_symbols(kept, text[i + 1:i + 2]):
            kept.append(char)
    name = "".join(kept).strip()[:MAX_LENGTH].rstrip()
    return name or default


def default_name(seat: int) -> str:
    return f"Player {seat + 1}"


def clean_names(names: object, players: int) -> list[str]:
    """A name for each of `players` seats: given names cleaned, missing ones defaulted."""
    given = list(names) if isinstance(names, (list, tuple)) else []
    return [clean_name(given[i] if i < len(given) else None, default_name(i)) for i in range(players)]
