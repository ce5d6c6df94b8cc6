"""What Horrible Hex's board area says in words, and what it reads off a seat's view.

Tiles are named by colour and where they lie ('the gray tile in row 2, 3rd from the
left'; an empty cell by the tile beside it), moves by icon and direction, goal cards by
their symbols row by row: no coordinate, tile or goal id reaches a player's eyes. Pure
functions of a view (see `HorribleHexState.view`).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..hexgrid import DIRECTION_NAMES, DIRECTION_SHORT, Hex, direction_between, distance, to_pixel
from ..words import count
from .components import GOALS_BY_ID, ICON_BY_NAME, ICON_NAMES, KIND_NAMES, SYMBOL_NAMES, goal_caption

Edges = Sequence[Any]
"""A tile's six edges as a view gives them: an icon letter or None, clockwise from east."""


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def places_in_words(cells: Sequence[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """Where each tile is, as a player would say it: 'in row 2, 3rd from the left'
    (rows counted from the top tile, places from the left within the row)."""
    rows: dict[int, list[int]] = {}
    for q, r in cells:
        rows.setdefault(r, []).append(q)
    out = {}
    for i, r in enumerate(sorted(rows), 1):
        for k, q in enumerate(sorted(rows[r]), 1):
            out[(q, r)] = f"in row {i}, {ordinal(k)} from the left"
    return out


def kind_tile(tile: dict[str, Any] | None, lone: bool = False) -> str:
    """'the gray tile', 'the face-down tile' ('the lone red tile')."""
    kind = tile and tile.get("kind")
    return f"the {'lone ' if lone else ''}{KIND_NAMES[kind] if kind else 'face-down'} tile"


def beside(cell: tuple[int, int], tiles: dict[tuple[int, int], dict[str, Any]],
            where: dict[tuple[int, int], str]) -> str:
    """An empty cell by its first neighbour in reading order: 'south-east of the gray tile
    in row 2, 3rd from the left'."""
    for tq, tr in sorted(where, key=lambda c: (c[1], c[0])):
        d = direction_between(Hex(tq, tr), Hex(*cell))
        if d is not None:
            return f"{DIRECTION_NAMES[d]} of {kind_tile(tiles.get((tq, tr)))} {where[(tq, tr)]}"
    return "apart from the group"


def move_words(move: dict[str, Any], tiles: dict[tuple[int, int], dict[str, Any]]) -> str:
    """'slide south-west', 'jump east over 2 tiles', 'push north-west, pushing 1 tile',
    'swap west with the red tile'."""
    icon, text = move["icon"], f"{move['icon']} {DIRECTION_NAMES[move['dir']]}"
    if icon == "jump":
        over = distance(Hex(*move["from"]), Hex(*move["to"])) - 1
        return f"{text} over {count(over, 'tile')}"
    if icon == "push" and len(move["shift"]) > 1:
        return f"{text}, pushing {count(len(move['shift']) - 1, 'tile')}"
    if icon == "swap":
        return f"{text} with {kind_tile(tiles.get(tuple(move['to'])))}"
    return text


def last_move_words(notation: str) -> str:
    """The last move's notation ('slide 1,2 SW', 'pass') in words: 'a slide south-west'."""
    words = notation.split()
    if notation == "pass":
        return "skipped"
    if len(words) == 3 and words[0] in ICON_BY_NAME and words[2] in DIRECTION_SHORT:
        return f"a {words[0]} {DIRECTION_NAMES[DIRECTION_SHORT.index(words[2])]}"
    return "a tile moved"


def tile_label(kind: str | None, edges: Edges | None, where: str = "") -> str:
    """'gray tile, red star, slide north-east, push south-west' (plus where it is)."""
    if kind is None:
        text = "face-down tile"
    else:
        parts = [f"{KIND_NAMES[kind]} tile", SYMBOL_NAMES[kind]]
        icons = [f"{ICON_NAMES[e]} {DIRECTION_NAMES[d]}" for d, e in enumerate(edges or []) if e]
        parts += icons or ["no moves"]
        text = ", ".join(parts)
    return f"{text}, {where}" if where else text


def goal_words(goal_id: str) -> str:
    """A goal card in words, row by row from the top: 'row 1: star, circle; row 2: ...'."""
    cells = GOALS_BY_ID[goal_id].cells
    rows: dict[int, list[tuple[float, str]]] = {}
    for h, kind in cells:
        x, _ = to_pixel(h, 1.0)
        rows.setdefault(h.r, []).append((x, "star" if kind == "G" else "circle"))
    parts = []
    for i, r in enumerate(sorted(rows), 1):
        parts.append(f"row {i}: " + ", ".join(name for _, name in sorted(rows[r])))
    return "goal card, " + "; ".join(parts)


def goal_summary(goal_id: str) -> str:
    """A goal's caption: its shape and its symbols in order ("Right hook ●★★ ●"), what tells
    it from the other cards (most hold 2 stars and 2 circles); see `goal_caption`."""
    return goal_caption(goal_id)


def seat_label(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}" if isinstance(seat, int) else str(seat)


def _owner_name(owner: Any, seat: Any, names: list[str]) -> str:
    if owner == "common":
        return "the common goal"
    return "your goal" if owner == seat else f"{seat_label(names, owner)}'s goal"


def gifts(move: dict[str, Any], seat: Any) -> list[Any]:
    """The other players whose goals a move would complete (the view warns before it)."""
    out = []
    for owner, _ in move.get("completes", []):
        if isinstance(owner, int) and owner != seat and owner not in out:
            out.append(owner)
    return out


def completes_words(move: dict[str, Any], seat: Any, names: list[str]) -> str:
    """'completes your goal and Bo's goal' ('' when it completes nothing)."""
    owners: list[Any] = []
    for owner, _ in move.get("completes", []):
        if owner not in owners:
            owners.append(owner)
    owners.sort(key=lambda o: (o != seat, o == "common"))
    if not owners:
        return ""
    return "completes " + " and ".join(_owner_name(o, seat, names) for o in owners)


def completion_words(flash: dict[str, Any], view: dict[str, Any], names: list[str]) -> str:
    """Who completed what, from the viewer's side, each owner once: 'Your move completed Bo's
    goal (Line ★★●●)', 'Ann completed 2 goals (Arch ●★★●; Y, ● in the middle)'. Cards are
    told apart by their captions; two goals of one owner are one clause, not the same
    clause twice."""
    seat, mover = view["seat"], flash.get("mover")
    you = mover == seat
    by_owner: dict[Any, list[str]] = {}
    for g in flash["goals"]:
        by_owner.setdefault(g["owner"], []).append(goal_summary(g["goal"]))
    parts = []
    for owner, captions in by_owner.items():
        which = f"({'; '.join(captions)})"
        n = len(captions)
        if owner == "common":
            parts.append(f"{'You' if you else seat_label(names, mover)} completed the common goal {which}")
        elif owner == mover:
            goals = "a goal" if n == 1 else f"{n} goals"
            parts.append(f"{'You' if you else seat_label(names, mover)} completed {goals} {which}")
        else:
            whose = "your" if owner == seat else f"{seat_label(names, owner)}'s"
            goals = f"{whose} goal" if n == 1 else f"{n} of {whose} goals"
            parts.append(f"{'Your move' if you else seat_label(names, mover) + chr(39) + 's move'} "
                         f"completed {goals} {which}")
    return "; ".join(parts)


def near_goals(view: dict[str, Any]) -> dict[str, tuple[int, list[tuple[int, int]]]]:
    """goal -> (how many of its four cells the board already shows, those cells), for every
    goal card in play: its best placement touching the group, in any of its turns."""
    kinds = {(t["q"], t["r"]): t["kind"] for t in view["board"] if t["kind"]}
    goals = [g for hand in view["hands"] for g in hand] + ([view["common"]] if view["common"] else [])
    out: dict[str, tuple[int, list[tuple[int, int]]]] = {}
    for goal in goals:
        best: tuple[int, list[tuple[int, int]]] = (0, [])
        for variant in GOALS_BY_ID[goal].variants:
            starts = {(q - h.q, r - h.r) for q, r in kinds for h, _ in variant}
            for bq, br in starts:
                hit = [(bq + h.q, br + h.r) for h, want in variant
                       if kinds.get((bq + h.q, br + h.r)) in (want, "W")]
                if len(hit) > best[0]:
                    best = (len(hit), hit)
        out[goal] = best
    return out
