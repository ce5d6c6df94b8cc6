"""Horrible Hex in the browser: the board and the goal cards as HTML with inline SVG.

`render(view, ui, names)` is a pure function of a seat's view (see rules.HorribleHexState.view)
and of page-local `ui` state:

- ``sel=q,r``   the tile whose moves are shown (move step);
- ``cell=q,r``  the empty cell where the drawn tile is previewed (placement step);
- ``rot=0..5``  the preview's turn (the "r" key turns it clockwise, "R" back).

Every tile carries its colour, its symbol (star or circle, both on a wild tile) and
an icon on each edge that can move it, each kind a different shape: slide a single
chevron, jump a double chevron, push a solid arrow behind a bar, swap a two-headed
arrow. Labels say the same in words, and say where a tile is as a player would (its row
from the top and its place from the left; an empty cell by the tile beside it): no
coordinate, tile or goal id reaches the page except in `data-*` attributes.

All markup is built with `pygame_core.markup`, so names and texts are escaped by
construction. The parts of a tile that depend only on its place and face are memoised:
the page redraws the board after every click, and most tiles have not changed.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Sequence

from ..hexgrid import (
    DIRECTION_NAMES, DIRECTION_SHORT, DIRECTIONS, SQRT3, Hex, bounds, direction_between, distance,
    edge_midpoint, polygon_points, to_pixel, touch_width,
)
from ..markup import Attr, Markup, join, tag, trusted
from .table import (  # noqa: F401 - the hooks the table uses (docs/adding-a-game.md)
    SETUP_TEXT, event_words, forced, score_breakdown, suggest_ui, tie_break)
from .components import GOALS_BY_ID, ICON_NAMES, KIND_NAMES, KIND_OF, ORIENTED, SYMBOL_NAMES

SIZE = 40.0
# The board zooms to the tiles in play: at least this many tiles across and rows down, so a
# small group is drawn big (tiles about 100 px across on a desktop) but not absurdly so.
MIN_ACROSS = 5.0
MIN_ROWS = 4.0
ZOOM_STEP_X = 2 * SQRT3 * SIZE   # the view grows in steps of two tiles, so it rarely re-zooms
ZOOM_STEP_Y = 3 * SIZE           # and two rows
CARD_SIZE = 9.0
_ICON_LETTER = {v: k for k, v in ICON_NAMES.items()}
CLASS_OF = {"G": "hh-gray", "R": "hh-red", "W": "hh-wild"}

Edges = Sequence[Any]


# -- small pieces ------------------------------------------------------------------------------
def _cell(q: int, r: int) -> str:
    return f"{q},{r}"


def _parse_cell(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        q, r = text.split(",")
        return int(q), int(r)
    except ValueError:
        return None


def _rot(ui: dict[str, Any]) -> int:
    try:
        return int(ui.get("rot", 0)) % 6
    except (TypeError, ValueError):
        return 0


def _pt(x: float, y: float) -> str:
    return f"{x:.1f},{y:.1f}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _times(n: int) -> str:
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


def _kind_tile(tile: dict[str, Any] | None, lone: bool = False) -> str:
    """'the gray tile', 'the face-down tile' ('the lone red tile')."""
    kind = tile and tile.get("kind")
    return f"the {'lone ' if lone else ''}{KIND_NAMES[kind] if kind else 'face-down'} tile"


def _beside(cell: tuple[int, int], tiles: dict[tuple[int, int], dict[str, Any]],
            where: dict[tuple[int, int], str]) -> str:
    """An empty cell by its first neighbour in reading order: 'south-east of the gray tile
    in row 2, 3rd from the left'."""
    for tq, tr in sorted(where, key=lambda c: (c[1], c[0])):
        d = direction_between(Hex(tq, tr), Hex(*cell))
        if d is not None:
            return f"{DIRECTION_NAMES[d]} of {_kind_tile(tiles.get((tq, tr)))} {where[(tq, tr)]}"
    return "apart from the group"


def move_words(move: dict[str, Any], tiles: dict[tuple[int, int], dict[str, Any]]) -> str:
    """'slide south-west', 'jump east over 2 tiles', 'push north-west, pushing 1 tile',
    'swap west with the red tile'."""
    icon, text = move["icon"], f"{move['icon']} {DIRECTION_NAMES[move['dir']]}"
    if icon == "jump":
        over = distance(Hex(*move["from"]), Hex(*move["to"])) - 1
        return f"{text} over {plural(over, 'tile')}"
    if icon == "push" and len(move["shift"]) > 1:
        return f"{text}, pushing {plural(len(move['shift']) - 1, 'tile')}"
    if icon == "swap":
        return f"{text} with {_kind_tile(tiles.get(tuple(move['to'])))}"
    return text


def last_move_words(notation: str) -> str:
    """The last move's notation ('slide 1,2 SW', 'pass') in words: 'a slide south-west'."""
    words = notation.split()
    if notation == "pass":
        return "skipped"
    if len(words) == 3 and words[0] in _ICON_LETTER and words[2] in DIRECTION_SHORT:
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


@lru_cache(maxsize=None)
def _icon_glyph(icon: str, s: float) -> Markup:
    """One edge icon drawn pointing along +x around the origin; shapes differ by kind."""
    u = s * 0.15
    if icon == "S":   # slide: one chevron
        return tag("polyline", class_="hh-icon hh-slide", points=f"{_pt(-u, -u)} {u * 0.2:.1f},0 {_pt(-u, u)}")
    if icon == "J":   # jump: two chevrons
        return join(
            tag("polyline", class_="hh-icon hh-jump",
                points=f"{_pt(-1.4 * u, -u)} {-0.4 * u:.1f},0 {_pt(-1.4 * u, u)}"),
            tag("polyline", class_="hh-icon hh-jump",
                points=f"{_pt(-0.2 * u, -u)} {0.8 * u:.1f},0 {_pt(-0.2 * u, u)}"))
    if icon == "P":   # push: a bar and a solid arrowhead
        return join(
            tag("line", class_="hh-icon hh-push", x1=f"{-1.3 * u:.1f}", y1=f"{-u:.1f}", x2=f"{-1.3 * u:.1f}",
                y2=f"{u:.1f}"),
            tag("polygon", class_="hh-icon-fill hh-push",
                points=f"{_pt(-0.8 * u, -u)} {0.8 * u:.1f},0 {_pt(-0.8 * u, u)}"))
    # swap: a two-headed arrow across the edge
    return join(
        tag("line", class_="hh-icon hh-swap", x1=f"{-1.3 * u:.1f}", y1="0", x2=f"{1.0 * u:.1f}", y2="0"),
        tag("polyline", class_="hh-icon hh-swap",
            points=f"{_pt(0.3 * u, -0.7 * u)} {1.0 * u:.1f},0 {_pt(0.3 * u, 0.7 * u)}"),
        tag("polyline", class_="hh-icon hh-swap",
            points=f"{_pt(-0.6 * u, -0.7 * u)} {-1.3 * u:.1f},0 {_pt(-0.6 * u, 0.7 * u)}"))


def _star(cx: float, cy: float, radius: float, cls: str) -> Markup:
    pts = []
    for i in range(10):
        rad = radius if i % 2 == 0 else radius * 0.45
        a = math.radians(-90 + 36 * i)
        pts.append(_pt(cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return tag("polygon", class_=cls, points=" ".join(pts))


@lru_cache(maxsize=1024)
def _symbol(kind: str, cx: float, cy: float, s: float) -> Markup:
    if kind == "G":
        return _star(cx, cy, s * 0.32, "hh-star")
    if kind == "R":
        return tag("circle", class_="hh-circle", cx=f"{cx:.1f}", cy=f"{cy:.1f}", r=f"{s * 0.24:.1f}")
    return join(_star(cx - s * 0.2, cy, s * 0.22, "hh-star"),
                tag("circle", class_="hh-circle", cx=f"{cx + s * 0.22:.1f}", cy=f"{cy:.1f}", r=f"{s * 0.15:.1f}"))


@lru_cache(maxsize=4096)
def _tile_face(cx: float, cy: float, s: float, kind: str | None, edges: tuple[Any, ...] | None) -> Markup:
    """Body, symbol and edge icons of a tile at a place (or its back when face down)."""
    out = [tag("polygon", class_="hh-body", points=polygon_points(cx, cy, s * 0.96))]
    if kind == "W":  # the red half of a wild tile
        half = [(cx, cy - s * 0.96), (cx + s * 0.96 * SQRT3 / 2, cy - s * 0.48),
                (cx + s * 0.96 * SQRT3 / 2, cy + s * 0.48), (cx, cy + s * 0.96)]
        out.append(tag("polygon", class_="hh-wild-half", points=" ".join(_pt(x, y) for x, y in half)))
    if kind is None:
        out.append(tag("text", "?", class_="hh-back-mark", x=f"{cx:.1f}", y=f"{cy + s * 0.18:.1f}"))
    else:
        out.append(_symbol(kind, cx, cy, s))
        out += [_edge_icon(cx, cy, s, d, icon) for d, icon in enumerate(edges or ()) if icon]
    return join(out)


@lru_cache(maxsize=4096)
def _edge_icon(cx: float, cy: float, s: float, d: int, icon: str) -> Markup:
    mx, my = edge_midpoint(cx, cy, s * 0.7, d)
    return tag("g", _icon_glyph(icon, s), transform=f"translate({_pt(mx, my)}) rotate({60 * d})")


def tile_svg(cx: float, cy: float, s: float, kind: str | None, edges: Edges | None,
             classes: str = "", **attributes: Attr) -> Markup:
    """A whole tile: body, symbol and edge icons (or a plain back when face down);
    `attributes` go on its group (a label, a role, what pressing it does). Its label is
    also its tooltip; a movable tile gets a halo around it."""
    return _tile(cx, cy, s, kind, None if edges is None else tuple(edges), classes, tuple(attributes.items()))


@lru_cache(maxsize=1024)
def _tile(cx: float, cy: float, s: float, kind: str | None, edges: tuple[Any, ...] | None, classes: str,
          attributes: tuple[tuple[str, Attr], ...]) -> Markup:
    body_cls = "hh-back" if kind is None else CLASS_OF[kind]
    face = _tile_face(cx, cy, s, kind, edges)
    label = dict(attributes).get("aria_label")
    halo = "hh-movable" in classes.split() and tag("polygon", class_="hh-halo", points=polygon_points(cx, cy, s * 1.02))
    return tag("g", label and tag("title", str(label)), halo or None, face,
               class_=f"hh-tile {body_cls} {classes}".rstrip(), **dict(attributes))


def _press(label: str, action: str | None = None, ui: str | None = None) -> dict[str, Attr]:
    """Attributes of a focusable SVG element that plays an action or sets ui keys."""
    return {"tabindex": "0", "role": "button", "aria_label": label, "data_action": action, "data_ui": ui}


def _button(text: str, action: str | None = None, ui: str | None = None, cls: str = "",
            label: str | None = None, disabled: bool = False) -> Markup:
    return tag("button", text, type="button", class_=f"hh-button {cls}".rstrip(), data_action=action,
               data_ui=ui, aria_label=label or None, disabled=disabled)


# -- goal cards ----------------------------------------------------------------------------------
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
    """'2 stars and 2 circles': a goal's caption (its drawing and label say where)."""
    cells = GOALS_BY_ID[goal_id].cells
    stars = sum(1 for _, kind in cells if kind == "G")
    return f"{plural(stars, 'star')} and {plural(len(cells) - stars, 'circle')}"


@lru_cache(maxsize=None)
def goal_svg(goal_id: str, cls: str = "") -> Markup:
    cells = GOALS_BY_ID[goal_id].cells
    x, y, w, h = bounds([c for c, _ in cells], CARD_SIZE, 2)
    out = []
    for cell, kind in cells:
        cx, cy = to_pixel(cell, CARD_SIZE)
        out.append(tag("polygon", class_=f"hh-card-cell {CLASS_OF[kind]}",
                       points=polygon_points(cx, cy, CARD_SIZE * 0.95)))
        out.append(_symbol(kind, cx, cy, CARD_SIZE))
    return tag("svg", out, class_=f"hh-card {cls}".rstrip(), viewBox=f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}",
               role="img", aria_label=goal_words(goal_id))


@lru_cache(maxsize=None)
def _card(goal_id: str, note: str = "") -> Markup:
    return tag("figure", goal_svg(goal_id), tag("figcaption", goal_summary(goal_id), note and " " + note),
               class_="hh-goal")


def _fit(cells: Sequence[Hex]) -> tuple[float, float, float, float]:
    """A viewBox around `cells`, at least MIN_ACROSS tiles by MIN_ROWS rows, grown in steps of
    two tiles and two rows so that a growing group re-zooms seldom (the tiles slide to their
    new places when it does)."""
    x, y, w, h = bounds(cells, SIZE, SIZE * 0.25)
    w2 = max(MIN_ACROSS * SQRT3 * SIZE, math.ceil(w / ZOOM_STEP_X - 1e-9) * ZOOM_STEP_X)
    h2 = max(MIN_ROWS * 1.5 * SIZE + SIZE / 2, math.ceil(h / ZOOM_STEP_Y - 1e-9) * ZOOM_STEP_Y)
    return x - (w2 - w) / 2, y - (h2 - h) / 2, w2, h2


def _owner_name(owner: Any, seat: Any, names: list[str]) -> str:
    if owner == "common":
        return "the common goal"
    return "your goal" if owner == seat else f"{_name(names, owner)}'s goal"


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


def _warn(view: dict[str, Any], ui: dict[str, Any]) -> bool:
    """Ask before a move that completes another player's goal (on unless switched off)."""
    return ui.get("warn") != "off" and not view["solo"]


def _move_press(m: dict[str, Any], view: dict[str, Any], ui: dict[str, Any], label: str) -> dict[str, Attr]:
    if _warn(view, ui) and gifts(m, view["seat"]):
        return _press(label + " (asks first)", ui=f"ask={m['action']}")
    return _press(label, action=m["action"])


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


def _arrow_head(x: float, y: float, angle: float, cls: str) -> Markup:
    a, u = angle, SIZE * 0.22
    pts = [(x, y), (x - u * math.cos(a - 0.45), y - u * math.sin(a - 0.45)),
           (x - u * math.cos(a + 0.45), y - u * math.sin(a + 0.45))]
    return tag("polygon", class_=cls, points=" ".join(_pt(px, py) for px, py in pts))


def _path(m: dict[str, Any]) -> Markup:
    """The way a move goes: a straight arrow (an arc over the tiles for a jump, two heads
    for a swap) from the tile to the mark of its destination."""
    x1, y1 = to_pixel(Hex(*m["from"]), SIZE)
    x2, y2 = to_pixel(Hex(*m["to"]), SIZE)
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    sx, sy = x1 + ux * SIZE * 0.35, y1 + uy * SIZE * 0.35
    ex, ey = x2 - ux * SIZE * 0.58, y2 - uy * SIZE * 0.58
    cls = f"hh-path hh-path-{m['icon']}"
    out: list[Markup] = []
    if m["icon"] == "jump":
        bend = SIZE * 0.9
        cx, cy = (sx + ex) / 2 + uy * bend, (sy + ey) / 2 - ux * bend
        out.append(tag("path", class_=cls, d=f"M{_pt(sx, sy)} Q{_pt(cx, cy)} {_pt(ex, ey)}"))
        angle = math.atan2(ey - cy, ex - cx)
    else:
        out.append(tag("line", class_=cls, x1=f"{sx:.1f}", y1=f"{sy:.1f}", x2=f"{ex:.1f}", y2=f"{ey:.1f}"))
        angle = math.atan2(dy, dx)
        if m["icon"] == "swap":
            out.append(_arrow_head(sx, sy, angle + math.pi, "hh-path-head"))
    out.append(_arrow_head(ex, ey, angle, "hh-path-head"))
    return join(out)


def _trail(view: dict[str, Any], tiles: dict[tuple[int, int], dict[str, Any]]) -> Markup | None:
    """Another player's last move, until the viewer moves: a ghost where the tile stood and
    an arrow to where it went (the tiles it moved are outlined too)."""
    words = (view["last"] or "").split()
    if len(words) != 3 or words[0] not in _ICON_LETTER or words[2] not in DIRECTION_SHORT:
        return None
    players, phase = view["players"], view["phase"]
    mover = view["turn"] if phase != "move" else (view["turn"] - 1) % players
    if players > 1 and mover == view["seat"]:
        return None
    moved = {c for c, t in tiles.items() if t["moved"]}
    try:
        q, r = (int(v) for v in words[1].split(","))
    except ValueError:
        return None
    d = DIRECTION_SHORT.index(words[2])
    step = DIRECTIONS[d]
    dest = next(((q + step.q * k, r + step.r * k) for k in range(1, 12)
                 if (q + step.q * k, r + step.r * k) in moved), None)
    if dest is None:
        return None
    x1, y1 = to_pixel(Hex(q, r), SIZE)
    x2, y2 = to_pixel(Hex(*dest), SIZE)
    out = [] if (q, r) in tiles else [tag("polygon", class_="hh-ghost", points=polygon_points(x1, y1, SIZE * 0.9))]
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    ex, ey = x2 - ux * SIZE * 0.3, y2 - uy * SIZE * 0.3
    out.append(tag("line", class_="hh-trail", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{ex:.1f}", y2=f"{ey:.1f}"))
    out.append(_arrow_head(ex, ey, math.atan2(uy, ux), "hh-trail-head"))
    return tag("g", out, class_="hh-trail-group", aria_hidden="true")


def _flash_now(view: dict[str, Any]) -> bool:
    """A goal was completed by the move of this very turn (before the mover has placed)."""
    flash = view.get("flash")
    if not flash:
        return False
    return bool(flash["turn"] == view["turns"] and (view["phase"] != "move" or view["over"]))


def _flash_layer(flash: dict[str, Any], view: dict[str, Any], names: list[str],
                 box: tuple[float, float, float, float]) -> Markup:
    """The board as it stood when the goal was completed, pattern outlined, laid over the new
    board and fading away after a few seconds (hidden under reduced motion: the small
    drawing beside the board says the same)."""
    hit = {tuple(c) for g in flash["goals"] for c in g["cells"]}
    x, y, w, h = box
    out = [tag("rect", class_="hh-flash-bg", x=f"{x:.1f}", y=f"{y:.1f}", width=f"{w:.1f}", height=f"{h:.1f}")]
    for q, r, tile, rot in flash["board"]:
        cx, cy = to_pixel(Hex(q, r), SIZE)
        kind = KIND_OF[tile] if tile else None
        edges = list(ORIENTED[tile][rot]) if tile else None
        out.append(tile_svg(cx, cy, SIZE, kind, edges, "hh-hit" if (q, r) in hit else "hh-dim"))
    out.append(tag("text", _completion_words(flash, view, names), class_="hh-flash-caption",
                   x=f"{x + w / 2:.1f}", y=f"{y + SIZE * 0.6:.1f}"))
    return tag("g", out, class_="hh-flash-layer", aria_hidden="true")


# -- the board -------------------------------------------------------------------------------------
def _board_svg(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> Markup:
    mine = bool(view["legal"])
    phase = view["phase"]
    seat = view["seat"]
    tiles = {(t["q"], t["r"]): t for t in view["board"]}
    extra: list[tuple[int, int]] = [tuple(c) for c in view["places"]] if mine and phase == "place" else []
    sel = _parse_cell(ui.get("sel")) if mine and phase == "move" else None
    moves = [m for m in view["moves"] if tuple(m["from"]) == sel] if sel else []
    movable = {tuple(m["from"]) for m in view["moves"]}
    for m in moves:
        extra.append(tuple(m["to"]))
    flash = view.get("flash")
    layer = flash if _flash_now(view) and not view["over"] and not ui else None
    if layer:
        extra += [(q, r) for q, r, _, _ in layer["board"]]
    cells = [Hex(q, r) for q, r in list(tiles) + extra] or [Hex(0, 0)]
    x, y, w, h = _fit(cells)
    out: list[Markup] = []
    where = places_in_words(list(tiles))
    keep_of: dict[tuple[int, int], dict[str, Any]] = {}
    if mine and phase == "keep":
        for i, cl in enumerate(view["clusters"]):
            for c in cl["cells"]:
                keep_of[tuple(c)] = {"i": i, **cl}
    won = {tuple(c) for g in flash["goals"] for c in g["cells"]} if flash and view["over"] and _flash_now(view) \
        else set()
    near: set[tuple[int, int]] = set()
    if ui.get("near") and not view["over"]:
        for count, hit in near_goals(view).values():
            if count >= 3:
                near.update(hit)
    # placement targets first (under the tiles)
    chosen = _parse_cell(ui.get("cell")) if mine and phase == "place" else None
    if mine and phase == "place":
        for q, r in view["places"]:
            cx, cy = to_pixel(Hex(q, r), SIZE)
            if (q, r) == chosen:
                continue
            out.append(_target(cx, cy, f"empty cell {_beside((q, r), tiles, where)}: preview the new tile here",
                               f"cell={q},{r}"))
    for (q, r), t in sorted(tiles.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        cx, cy = to_pixel(Hex(q, r), SIZE)
        label = tile_label(t["kind"], t["edges"], where[(q, r)])
        classes = []
        if t["moved"]:
            classes.append("hh-moved")
            label += ", moved last"
        if t["face_down"] and t["kind"] is not None:
            classes.append("hh-covert")
            label += ", face down to the other players"
        if (q, r) in won:
            classes.append("hh-hit")
            label += ", part of the winning pattern"
        if (q, r) in near:
            classes.append("hh-near")
            label += ", part of a goal that is one tile short"
        attributes: dict[str, Attr] = {"aria_label": label, "role": "img"}
        if (q, r) == sel:
            classes.append("hh-selected")
            # the same data-ui as before selecting, so the page keeps focus here
            attributes = _press(label + ": selected, its moves are marked (Escape to drop)", ui=f"sel={q},{r}")
        elif mine and phase == "move" and (q, r) in movable:
            classes.append("hh-movable")
            attributes = _press(label + ": can move, show its moves", ui=f"sel={q},{r};ask=")
        elif (q, r) in keep_of:
            cl = keep_of[(q, r)]
            classes.append(f"hh-cluster hh-cluster-{cl['i'] % 4}")
            n = len(cl["cells"])
            what = f"this group of {n} tiles" if n > 1 else "this lone tile"
            attributes = _press(f"{label}: keep {what}", action=cl["action"])
        attributes["data_piece"] = f"hh-{t['tile']}" if t["tile"] else "hh-face-down"
        out.append(tile_svg(cx, cy, SIZE, t["kind"], t["edges"], " ".join(classes), **attributes))
    trail = _trail(view, tiles)
    if trail is not None:
        out.append(trail)
    # where the selected tile's moves would end, the way there, and the tiles a push shoves along
    for m in moves:
        for fq, fr, tq, tr in m["shift"][1:] if m["icon"] == "push" else []:
            x1, y1 = to_pixel(Hex(fq, fr), SIZE)
            x2, y2 = to_pixel(Hex(tq, tr), SIZE)
            out.append(tag("line", class_="hh-shift", x1=f"{x1:.1f}", y1=f"{y1:.1f}",
                           x2=f"{x2:.1f}", y2=f"{y2:.1f}"))
        out.append(_path(m))
    asking = ui.get("ask")
    for m in moves:
        tq, tr = m["to"]
        cx, cy = to_pixel(Hex(tq, tr), SIZE)
        done = completes_words(m, seat, names)
        label = move_words(m, tiles) + (f", {done}" if done else "")
        cls = f"hh-dest hh-{m['icon']}"
        badge = None
        if gifts(m, seat):
            cls += " hh-dest-gift"
            badge = tag("text", "!", class_="hh-badge", x=f"{cx + SIZE * 0.42:.1f}", y=f"{cy - SIZE * 0.3:.1f}")
        elif done:
            cls += " hh-dest-goal"
            badge = tag("text", "★", class_="hh-badge", x=f"{cx + SIZE * 0.42:.1f}", y=f"{cy - SIZE * 0.3:.1f}")
        if asking == m["action"]:
            cls += " hh-asking"
        out.append(tag("g",
                       tag("title", label),
                       tag("polygon", points=polygon_points(cx, cy, SIZE * 0.55)),
                       tag("g", _icon_glyph(_ICON_LETTER[m["icon"]], SIZE),
                           transform=f"translate({_pt(cx, cy)}) rotate({60 * m['dir']}) scale(1.3)"),
                       badge,
                       class_=cls, **_move_press(m, view, ui, label)))
    if chosen is not None and view["drawn"] and not view["drawn"].get("hidden"):
        rot = _rot(ui)
        edges = [view["drawn"]["edges"][(d - rot) % 6] for d in range(6)]
        cx, cy = to_pixel(Hex(*chosen), SIZE)
        action = f"place {chosen[0]},{chosen[1]} r{rot}"
        if action in view["legal"]:
            label = tile_label(view["drawn"]["kind"], edges, _beside(chosen, tiles, where))
            out.append(tile_svg(cx, cy, SIZE, view["drawn"]["kind"], edges, "hh-preview",
                                data_piece=f"hh-{view['drawn']['tile']}",
                                **_press(f"place here: {label}", action=action)))
    if not tiles:
        out.append(tag("text", "The board is empty: a new triangle is dealt next.", class_="hh-empty",
                       x=f"{x + w / 2:.1f}", y=f"{y + h / 2:.1f}"))
    if layer:
        out.append(_flash_layer(layer, view, names, (x, y, w, h)))
    choosing = " hh-choosing" if mine and phase == "move" and not sel else ""
    board = tag("svg", out, class_=f"hh-board touch-board{choosing}", viewBox=f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}",
                style=f"--touch-width: {touch_width(w, SIZE * 0.9):.0f}px", role="group",
                aria_label="The tiles in play")
    return tag("div", board, class_="board-pan hh-pan")



@lru_cache(maxsize=1024)
def _target(cx: float, cy: float, label: str, ui: str) -> Markup:
    """An empty cell where the drawn tile may go: pressing it previews the tile there."""
    return tag("polygon", class_="hh-target", points=polygon_points(cx, cy, SIZE * 0.9), **_press(label, ui=ui))


def _flash_svg(flash: dict[str, Any], names: list[str]) -> Markup:
    hit = {tuple(c) for g in flash["goals"] for c in g["cells"]}
    cells = [Hex(q, r) for q, r, _, _ in flash["board"]]
    x, y, w, h = bounds(cells, SIZE, 4)
    out = []
    for q, r, tile, rot in flash["board"]:
        cx, cy = to_pixel(Hex(q, r), SIZE)
        kind = KIND_OF[tile] if tile else None
        edges = list(ORIENTED[tile][rot]) if tile else None
        out.append(tile_svg(cx, cy, SIZE, kind, edges, "hh-hit" if (q, r) in hit else "hh-dim"))
    return tag("svg", out, class_="hh-flash-board", viewBox=f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}", role="img",
               aria_label="The board when the goal was completed, the pattern outlined")


# -- the whole area -----------------------------------------------------------------------------
def _name(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}" if isinstance(seat, int) else str(seat)


_KEYS_R = join(tag("span", "press R to turn it", class_="hh-keys"),
               tag("span", "turn it with the Turn buttons", class_="hh-touch"))


def _status(view: dict[str, Any], names: list[str]) -> Markup | str:
    if view["over"]:
        if view["solo"]:
            n = len(view["done"][0])
            return f"Game over: {n} goal{'s' if n != 1 else ''} completed. ({view['end_reason']})"
        who = " and ".join(_name(names, s) for s in view["winners"])
        verb = "win" if len(view["winners"]) > 1 else "wins"
        return f"Game over: {who} {verb} ({view['end_reason']})."
    current = view["current"]
    if current is None or current < 0:
        return "Dealing…"
    who = _name(names, current)
    if not view["legal"]:
        return f"Waiting for {who}."
    if view["phase"] == "place":
        return join(f"{who}: place the drawn tile on a dashed cell; ", _KEYS_R, ".")
    return {
        "move": f"{who}: move one of the glowing tiles by one of its edge icons, or skip the move.",
        "keep": f"{who}: the group broke apart; choose the cluster that stays.",
        "swap": f"{who}: someone completed a goal; trade your goal for a new one, or keep it.",
    }.get(view["phase"], who)


def _completion_words(flash: dict[str, Any], view: dict[str, Any], names: list[str]) -> str:
    """Who completed what, from the viewer's side: 'Your move completed Bo's goal (2 stars
    and 2 circles)', 'Ann completed a goal (...)'."""
    seat, mover = view["seat"], flash.get("mover")
    you = mover == seat
    parts = []
    for g in flash["goals"]:
        owner, summary = g["owner"], goal_summary(g["goal"])
        if owner == "common":
            parts.append(f"{'You' if you else _name(names, mover)} completed the common goal ({summary})")
        elif owner == mover:
            parts.append(f"{'You' if you else _name(names, mover)} completed a goal ({summary})")
        else:
            whose = "your goal" if owner == seat else f"{_name(names, owner)}'s goal"
            parts.append(f"{'Your move' if you else _name(names, mover) + chr(39) + 's move'} "
                         f"completed {whose} ({summary})")
    return "; ".join(parts)


def _card_note(goal: str, near: dict[str, tuple[int, list[tuple[int, int]]]] | None) -> Markup | None:
    if near is None or goal not in near:
        return None
    count = near[goal][0]
    text = "all 4 showing: move one of them" if count == 4 else f"{count} of 4 in place"
    return tag("span", text, class_=f"hh-near-note hh-near-{count}")


def _goal_card(goal: str, note: str = "", near: dict[str, tuple[int, list[tuple[int, int]]]] | None = None) -> Markup:
    close = near is not None and goal in near and near[goal][0] >= 3
    return tag("figure", _card(goal, note), _card_note(goal, near), title=goal_words(goal),
               class_="hh-goal-wrap hh-close" if close else "hh-goal-wrap", data_piece=f"hh-goal-{goal}")


def _players(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> Markup:
    out: list[Markup] = []
    near = near_goals(view) if ui.get("near") and not view["over"] else None
    if not view["over"]:
        on = near is not None
        out.append(tag("button", "Hide the hint" if on else "Which goals are close?", type="button",
                       class_="hh-button hh-hint", data_ui=f"near={'' if on else '1'}",
                       aria_pressed="true" if on else "false"))
    if view["solo"]:
        row = view["hands"][0]
        cards = []
        for i, g in enumerate(row):
            leaves = i == len(row) - 1 and view["turns"] > 1 and not view["over"]
            cards.append(_goal_card(g, "(leaves unless you complete a goal)" if leaves else "", near))
        out.append(tag("div", tag("h3", "Goal row (left to right)"),
                       tag("p", f"Completed: {len(view['done'][0])} · left in deck: {view['deck']}"),
                       tag("div", cards, class_="hh-row"), class_="hh-player hh-current"))
    else:
        for seat, hand in enumerate(view["hands"]):
            now = seat == view["turn"] and not view["over"]
            done = len(view["done"][seat])
            out.append(tag("div", tag("h3", _name(names, seat), seat == view["seat"] and " (you)",
                                      now and " (to play)",
                                      tag("span", f" · goals: {done} of {view['target']}", class_="hh-done")),
                           tag("div", [_goal_card(g, "", near) for g in hand] or _NO_GOAL, class_="hh-row"),
                           class_="hh-player hh-current" if now else "hh-player"))
        if view["variants"]["holdem"]:
            out.append(tag("div", tag("h3", "Common goal (scored by the player to move)"),
                           tag("div", _goal_card(view["common"], "", near) if view["common"] else _NONE_LEFT,
                               class_="hh-row"),
                           class_="hh-player hh-common"))
    stall = f" · pile ran out {_times(view['stall'])} since the last goal" if view["stall"] else ""
    out.append(tag("p", f"Tiles left to draw: {view['pile']} · goal cards left: {view['deck']}{stall}",
                   class_="hh-counts"))
    return tag("section", out, class_="hh-players", aria_label="Goal cards")


_NO_GOAL = tag("p", "No goal card.")
_NONE_LEFT = tag("p", "None left.")


@lru_cache(maxsize=None)
def _key_icon(icon: str) -> Markup:
    return tag("svg", tag("circle", cx=0, cy=0, r=9, class_="hh-key-bg"),
               tag("g", _icon_glyph(icon, SIZE), transform="scale(0.9)"),
               class_="hh-key-icon", viewBox="-10 -10 20 20", aria_hidden="true")


ICON_KEY = tag("ul", [tag("li", _key_icon(letter), ICON_NAMES[letter], title=what)
                      for letter, what in (
                          ("S", "slide: into the empty cell beyond that edge"),
                          ("J", "jump: over the line of tiles beyond that edge"),
                          ("P", "push: one cell that way, shoving the tiles ahead"),
                          ("X", "swap: trade places with the tile beyond that edge"))],
               class_="hh-key", aria_label="Icon key: the edge icons and how they move a tile")


def _controls(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> Markup | None:
    if not view["legal"]:
        if view["drawn"] and view["drawn"].get("hidden"):
            return tag("p", "The player to move has drawn a tile (hidden from you).", class_="hh-drawn")
        return None
    phase = view["phase"]
    seat = view["seat"]
    out: list[Markup] = []
    if phase == "move":
        sel = _parse_cell(ui.get("sel"))
        tiles = {(t["q"], t["r"]): t for t in view["board"]}
        asked = next((m for m in view["moves"] if m["action"] == ui.get("ask")), None)
        if asked is not None and _warn(view, ui):
            whose = " and ".join(f"{_name(names, o)}'s goal" for o in gifts(asked, seat))
            out.append(tag("div", tag("p", f"This completes {whose}: move anyway?", class_="hh-ask-text"),
                           _button("Move anyway", action=asked["action"], cls="hh-confirm"),
                           _button("Cancel", ui="ask=", cls=""),
                           class_="hh-ask", role="alert"))
        out.append(_button("Skip the move", action="pass", label="Skip the move and go on to place a tile"))
        if sel:
            out.append(_button("Drop the selection", ui="sel=;ask=", label="Drop the selection (Escape)"))
            items = []
            for m in view["moves"]:
                if tuple(m["from"]) != sel:
                    continue
                done = completes_words(m, seat, names)
                text = move_words(m, tiles) + (f" ({done})" if done else "")
                if _warn(view, ui) and gifts(m, seat):
                    items.append(tag("li", _button(text, ui=f"ask={m['action']}", cls="hh-gift")))
                else:
                    items.append(tag("li", _button(text, action=m["action"], cls="hh-scores" if done else "")))
            whose = (f"{_kind_tile(tiles[sel])} {places_in_words(list(tiles))[sel]}" if sel in tiles
                     else "the chosen tile")
            out.append(tag("p", f"Moves of {whose}:"))
            out.append(tag("ul", items, class_="hh-moves"))
        else:
            n = len(view["moves"])
            out.append(tag("p", "No tile can move right now: skip the move." if n == 0 else
                           f"{n} move{'s' if n > 1 else ''} possible: choose a glowing tile to see where it can go."))
        if not view["solo"] and any(gifts(m, seat) for m in view["moves"]):
            on = _warn(view, ui)
            out.append(_button("Ask before completing another's goal: " + ("on" if on else "off"),
                               ui="warn=off;ask=" if on else "warn=", cls="hh-warn-toggle"))
    elif phase == "place":
        rot = _rot(ui)
        d = view["drawn"] or {}
        edges = [d.get("edges", [None] * 6)[(i - rot) % 6] for i in range(6)]
        cell = _parse_cell(ui.get("cell"))
        action = f"place {cell[0]},{cell[1]} r{rot}" if cell else None
        ok = action is not None and action in view["legal"]
        piece = None if ok or not d.get("tile") else f"hh-{d['tile']}"
        out.append(tag("div", tag("svg", tile_svg(0, 0, SIZE, d.get("kind"), edges, data_piece=piece,
                                                   aria_label=tile_label(d.get("kind"), edges)),
                                  class_="hh-drawn-tile", viewBox="-44 -44 88 88", role="img",
                                  aria_label="Tile to place: " + tile_label(d.get("kind"), edges)),
                       _button("Turn ⟳", ui=f"rot={(rot + 1) % 6}", label="Turn the tile clockwise (R)"),
                       _button("Turn ⟲", ui=f"rot={(rot + 5) % 6}", label="Turn the tile anticlockwise (shift R)"),
                       _button("Place it" if ok else "Choose a cell first", action=action if ok else None,
                               cls="hh-confirm", disabled=not ok),
                       class_="hh-drawn"))
    elif phase == "keep":
        tiles = {(t["q"], t["r"]): t for t in view["board"]}
        where = places_in_words(list(tiles))
        for cl in view["clusters"]:
            first = min((tuple(c) for c in cl["cells"]), key=lambda c: (c[1], c[0]))
            n = len(cl["cells"])
            which = f"{_kind_tile(tiles.get(first), lone=n == 1)} {where.get(first, '')}".rstrip()
            text = f"Keep the {n} tiles with {which}" if n > 1 else f"Keep {which}"
            out.append(_button(text, action=cl["action"]))
    elif phase == "swap":
        out.append(_button("Trade my goal", action="trade goal"))
        out.append(_button("Keep my goal", action="keep goal"))
    return tag("div", out, class_="hh-controls")


def render(view: dict[str, Any], ui: dict[str, Any], names: Sequence[str]) -> Markup:
    """The board area for one seat's view; pure."""
    names = list(names) or [f"Player {i + 1}" for i in range(view["players"])]
    flash = view.get("flash")
    completion = announce = None
    if flash and flash["turn"] >= view["turns"] - 1:
        words = _completion_words(flash, view, names)
        completion = tag("section", tag("h3", f"Completed: {words}"), _flash_svg(flash, names),
                         tag("p", _after_completion(view)), class_="hh-flash", aria_label="Last completion")
        gift = flash.get("mover") == view["seat"] and any(
            isinstance(g["owner"], int) and g["owner"] != view["seat"] for g in flash["goals"])
        announce = tag("p", words, ".", class_="hh-announce" + (" hh-announce-gift" if gift else ""))
    return tag(
        "div",
        announce,
        tag("p", _status(view, names), class_="hh-status", role="status"),
        tag("div", _board_svg(view, ui, names),
            tag("div", _controls(view, ui, names), ICON_KEY, _players(view, ui, names), class_="hh-side"),
            class_="hh-main"),
        completion,
        view["last"] and tag("p", f"Last move: {last_move_words(view['last'])}", class_="hh-last"),
        class_="hh-root", data_phase=view["phase"])


def _after_completion(view: dict[str, Any]) -> str:
    if view["over"]:
        return "The outlined tiles formed the winning pattern."
    if view["variants"]["destiny"]:
        return "The outlined tiles formed the pattern and left the board; the rest stayed."
    return "The outlined tiles formed the pattern; then every tile was shuffled back and a new triangle dealt."


def handle_key(key: str, view: dict[str, Any], ui: dict[str, Any]) -> dict[str, Any] | None:
    """R turns the tile to place clockwise, shift-R back; Escape clears a selection."""
    if view.get("phase") == "place" and view.get("legal"):
        if key == "r":
            return {**ui, "rot": str((_rot(ui) + 1) % 6)}
        if key == "R":
            return {**ui, "rot": str((_rot(ui) + 5) % 6)}
    if key == "Escape" and ("sel" in ui or "cell" in ui):
        return {k: v for k, v in ui.items() if k not in ("sel", "cell")}
    return None


RULES_HTML = trusted("""
<h2>Horrible Hex</h2>
<p>One to three players take turns shifting hex tiles around a shared group, trying to make
the four-tile patterns on their goal cards appear. Complete three goals first to win
(the number is an option, from 1 to 5).</p>

<h3>What is in the box</h3>
<ul>
<li>28 tiles: 13 gray tiles with a red star, 13 red tiles with a gray circle and 2 wild
tiles showing both, which count as either kind.</li>
<li>Each tile has icons on some of its edges (two tiles have none, one has six). An icon
is a way to move the tile toward that edge: <b>slide</b> (one chevron), <b>jump</b> (two
chevrons), <b>push</b> (an arrow behind a bar) or <b>swap</b> (an arrow with two heads).</li>
<li>26 goal cards, each a different pattern of four touching cells marked star (gray) or
circle (red). No two are the same after turning.</li>
</ul>

<h3>Starting</h3>
<p>Three tiles are dealt face up, each turned at random, in a small triangle. With two
players each gets two goal cards; with three, one each; everyone's goals are open for all
to see. The first seat starts.</p>

<h3>A turn</h3>
<ol>
<li><b>Move (you may skip it).</b> Pick any face-up tile and use one of its icons:
  <ul>
  <li><b>Slide</b>: into the empty cell beyond that edge. A tile there blocks it.</li>
  <li><b>Jump</b>: over the unbroken line of tiles beyond that edge, landing in the first
  gap. There must be at least one tile to hop over.</li>
  <li><b>Push</b>: one cell toward that edge, shoving every tile in the line ahead of it
  one cell along too. With nothing ahead it is just a slide.</li>
  <li><b>Swap</b>: the tile and its neighbour beyond that edge change places.</li>
  </ul>
  After the move all tiles must still form one connected group; moves never turn a tile.</li>
<li><b>Score.</b> Only after a move. Every goal card in play (yours and everyone
  else's) is checked: it is completed if its pattern now shows somewhere, in any of its
  six turns but never mirrored, with a wild tile standing for either kind, any other
  tiles around it being irrelevant, and at least one of its four tiles having moved this
  turn (tiles shoved by a push or traded by a swap count). The owner of a completed card
  scores it, even on someone else's turn, and draws a new one. Then every tile goes back
  into the pile, three fresh tiles are dealt in a triangle, and the mover goes on.</li>
<li><b>Place.</b> Draw a tile and put it on an empty cell touching the group, turned
  whichever way you like. It keeps that turn for the rest of its stay. Placing never scores.</li>
</ol>
<p>If the pile is empty when a tile must be drawn, all tiles in play are gathered and
shuffled into a new pile and a fresh triangle is dealt. This happens every time the pile
empties, however long it has been since the last goal.</p>

<h3>Winning and ending</h3>
<ul>
<li>The game ends as soon as one player alone has the most completed goals and has reached
the target. If a single move takes two players to the target together, play goes on until
one of them is ahead.</li>
<li>Our edition adds one ending: if nobody holds a goal card any more (the deck ran dry),
the game ends. The most completed goals wins, and a tie is a shared win.</li>
<li><b>End a stuck game</b> (an option, off unless the table switches it on): with two or
three players, the game also ends when the tile pile runs out for the second time with no
goal completed since it last ran out; again the most completed goals wins. Games saved
before this became an option keep this ending.</li>
</ul>

<h3>Three players</h3>
<p>Each player holds one goal. Whenever a goal is completed, every player who did not
complete one this time may swap their card for a fresh one from the deck (asked in seat
order after the mover, the mover last).</p>

<h3>Solo</h3>
<p>Four goal cards lie in a row; new cards always join on the left. Play as above; a
completed card is set aside and a new one joins the row. After placing, if you completed
nothing this turn (and it is not your first turn), the rightmost card is discarded and a
new one joins on the left. The game ends when the deck is empty and the row is gone; your
result is the number of goals completed. The variants and the goal target do not apply.
As in the duel, completing a goal resets the board.</p>

<h3>Variants (two or three players, any combination)</h3>
<ul>
<li><b>Hex Destiny</b>: a completed pattern's four tiles (those of every pattern completed
by the move) return to the pile and the rest stay. If that breaks the group apart, the
mover chooses which cluster stays; the others return to the pile. If nothing is left, a
fresh triangle is dealt. If a pattern shows in two places, the one reached first reading
the board from the top row, left to right, is the one removed.</li>
<li><b>Covert Hex</b>: the tile placed at the end of a turn lies face down for everyone
but the player who placed it, until the next player has moved and scoring is done; then it
is turned up where it lies, keeping its turn. While face down it counts as no kind for
patterns and cannot move by its own icons, though other tiles may push, swap with or jump
over it. The start triangle is always face up, and a face-down tile swept away by a
board reset goes back unseen.</li>
<li><b>Hexas Hold 'Em</b>: one extra goal card lies open in the middle. Anyone may complete
it, but only with their own move; whoever does keeps it as a completed goal and a new
common card is turned up.</li>
</ul>

<h3>Playing on screen</h3>
<ul>
<li>To move, pick a highlighted tile: each place it could go is marked (with the line of
tiles a push would shove); pick a mark, or choose from the list beside the board. Press
Escape to drop the selection, or skip the move.</li>
<li>To place, pick one of the dashed cells to see the new tile there, turn it with the
buttons or the R key (shift-R turns it back), then pick the tile again or press Place it.</li>
<li>Every player's goal cards are drawn as small patterns; after a completion the board as
it stood is shown with the pattern outlined.</li>
</ul>

<h3>Choices our edition made</h3>
<ul>
<li>The tile and goal faces are ours (the rulebook only gives counts); see the component
notes.</li>
<li>Dealt start tiles face a random way; drawn tiles face the way the player chooses.</li>
<li>Several goals completed by one move all score; the mover's goal is listed first.</li>
<li>When the goal deck is empty a completed card is simply not replaced.</li>
<li>The computer players: easy often misses chances, normal grabs any completion and
builds toward its goals, hard also looks one move ahead for the next player and sets up
its own finish.</li>
</ul>
""")
