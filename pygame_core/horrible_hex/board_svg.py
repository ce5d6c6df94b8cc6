"""Horrible Hex's board, drawn for one seat: the tiles in play and, for the seat to act,
what it may do marked on them (the tiles that can move, the selected tile's destinations
and the way there, the cells a tile may go, the clusters to choose from); also another
player's last move, and the board as it stood at the last completion.

The board zooms to the tiles in play: at least MIN_ACROSS tiles across and MIN_ROWS rows
down, so a small group is drawn big (tiles about 100 px across on a desktop) but not
absurdly so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from ..hexgrid import DIRECTION_SHORT, DIRECTIONS, SQRT3, Hex, bounds, polygon_points, to_pixel, touch_width
from ..markup import Attr, Markup, join, tag
from .components import ICON_BY_NAME, KIND_OF, ORIENTED
from .drawing import SIZE, arrow_head, icon_glyph, parse_cell, press, pt, tile_svg, ui_rot, warn_first
from .labels import (
    beside, completes_words, completion_words, gifts, move_words, near_goals, places_in_words, tile_label,
)

Cell = tuple[int, int]

MIN_ACROSS = 5.0
MIN_ROWS = 4.0
ZOOM_STEP_X = 2 * SQRT3 * SIZE   # the view grows in steps of two tiles, so it rarely re-zooms
ZOOM_STEP_Y = 3 * SIZE           # and two rows


def fit(cells: Sequence[Hex]) -> tuple[float, float, float, float]:
    """A viewBox around `cells`, at least MIN_ACROSS tiles by MIN_ROWS rows, grown in steps of
    two tiles and two rows so that a growing group re-zooms seldom (the tiles slide to their
    new places when it does)."""
    x, y, w, h = bounds(cells, SIZE, SIZE * 0.25)
    w2 = max(MIN_ACROSS * SQRT3 * SIZE, math.ceil(w / ZOOM_STEP_X - 1e-9) * ZOOM_STEP_X)
    h2 = max(MIN_ROWS * 1.5 * SIZE + SIZE / 2, math.ceil(h / ZOOM_STEP_Y - 1e-9) * ZOOM_STEP_Y)
    return x - (w2 - w) / 2, y - (h2 - h) / 2, w2, h2


def _move_press(m: dict[str, Any], view: dict[str, Any], ui: dict[str, Any], label: str) -> dict[str, Attr]:
    if warn_first(view, ui) and gifts(m, view["seat"]):
        return press(label + " (asks first)", ui=f"ask={m['action']}")
    return press(label, action=m["action"])


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
        out.append(tag("path", class_=cls, d=f"M{pt(sx, sy)} Q{pt(cx, cy)} {pt(ex, ey)}"))
        angle = math.atan2(ey - cy, ex - cx)
    else:
        out.append(tag("line", class_=cls, x1=f"{sx:.1f}", y1=f"{sy:.1f}", x2=f"{ex:.1f}", y2=f"{ey:.1f}"))
        angle = math.atan2(dy, dx)
        if m["icon"] == "swap":
            out.append(arrow_head(sx, sy, angle + math.pi, "hh-path-head"))
    out.append(arrow_head(ex, ey, angle, "hh-path-head"))
    return join(out)


def _trail(view: dict[str, Any], tiles: dict[tuple[int, int], dict[str, Any]]) -> Markup | None:
    """Another player's last move, until the viewer moves: a ghost where the tile stood and
    an arrow to where it went (the tiles it moved are outlined too)."""
    words = (view["last"] or "").split()
    if len(words) != 3 or words[0] not in ICON_BY_NAME or words[2] not in DIRECTION_SHORT:
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
    out.append(arrow_head(ex, ey, math.atan2(uy, ux), "hh-trail-head"))
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
    out.append(tag("text", completion_words(flash, view, names), class_="hh-flash-caption",
                   x=f"{x + w / 2:.1f}", y=f"{y + SIZE * 0.6:.1f}"))
    return tag("g", out, class_="hh-flash-layer", aria_hidden="true")


@dataclass(frozen=True, slots=True)
class _Scene:
    """What the drawing of one board needs, worked out once from the view and the ui."""
    view: dict[str, Any]
    ui: dict[str, Any]
    names: list[str]
    phase: str                       # the viewer's decision ("move", "place", "keep"), else ""
    tiles: dict[Cell, dict[str, Any]]
    where: dict[Cell, str]           # each tile's place in words
    selected: Cell | None            # the tile whose moves are shown
    movable: set[Cell]               # the tiles that can move
    moves: list[dict[str, Any]]      # the selected tile's moves
    chosen: Cell | None              # the cell where the drawn tile is previewed
    won: set[Cell]                   # the winning pattern, outlined at the end
    near: set[Cell]                  # the hint: goals one tile short
    keep_of: dict[Cell, dict[str, Any]]   # Hex Destiny: the cluster each tile belongs to


def _scene(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> _Scene:
    phase = view["phase"] if view["legal"] else ""
    tiles = {(t["q"], t["r"]): t for t in view["board"]}
    selected = parse_cell(ui.get("sel")) if phase == "move" else None
    flash = view.get("flash")
    won: set[Cell] = set()
    if flash and view["over"] and _flash_now(view):
        won = {(q, r) for g in flash["goals"] for q, r in g["cells"]}
    near: set[Cell] = set()
    if ui.get("near") and not view["over"]:
        for count, hit in near_goals(view).values():
            if count >= 3:
                near.update(hit)
    keep_of = {(q, r): {"i": i, **cl} for i, cl in enumerate(view["clusters"]) for q, r in cl["cells"]
               } if phase == "keep" else {}
    return _Scene(view, ui, names, phase, tiles, places_in_words(list(tiles)), selected,
                  {(q, r) for m in view["moves"] for q, r in [m["from"]]},
                  [m for m in view["moves"] if tuple(m["from"]) == selected] if selected else [],
                  parse_cell(ui.get("cell")) if phase == "place" else None, won, near, keep_of)


def board_svg(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> Markup:
    """The board area's drawing for one seat's view and the page-local ui."""
    scene = _scene(view, ui, names)
    flash = view.get("flash")
    layer = flash if _flash_now(view) and not view["over"] and not ui else None
    x, y, w, h = fit(_cells_shown(scene, layer))
    out = [*_targets(scene), *(_board_tile(scene, cell, t) for cell, t in
                               sorted(scene.tiles.items(), key=lambda kv: (kv[0][1], kv[0][0])))]
    trail = _trail(view, scene.tiles)
    if trail is not None:
        out.append(trail)
    out += _ways(scene.moves)
    out += [_destination(scene, m) for m in scene.moves]
    preview = _preview(scene)
    if preview is not None:
        out.append(preview)
    if not scene.tiles:
        out.append(tag("text", "The board is empty: a new triangle is dealt next.", class_="hh-empty",
                       x=f"{x + w / 2:.1f}", y=f"{y + h / 2:.1f}"))
    if layer:
        out.append(_flash_layer(layer, view, names, (x, y, w, h)))
    choosing = " hh-choosing" if scene.phase == "move" and not scene.selected else ""
    board = tag("svg", out, class_=f"hh-board touch-board{choosing}", viewBox=f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}",
                style=f"--touch-width: {touch_width(w, SIZE * 0.9):.0f}px", role="group",
                aria_label="The tiles in play", data_rove="board")
    return tag("div", board, class_="board-pan hh-pan")


def _cells_shown(scene: _Scene, layer: dict[str, Any] | None) -> list[Hex]:
    """The cells the drawing must hold: the tiles, the marks around them, the flash."""
    extra: list[Cell] = [(q, r) for q, r in scene.view["places"]] if scene.phase == "place" else []
    extra += [(q, r) for m in scene.moves for q, r in [m["to"]]]
    if layer:
        extra += [(q, r) for q, r, _, _ in layer["board"]]
    return [Hex(q, r) for q, r in list(scene.tiles) + extra] or [Hex(0, 0)]


def _targets(scene: _Scene) -> list[Markup]:
    """The empty cells where the drawn tile may go (drawn first: under the tiles)."""
    if scene.phase != "place":
        return []
    return [_target(*to_pixel(Hex(q, r), SIZE),
                    f"empty cell {beside((q, r), scene.tiles, scene.where)}: preview the new tile here",
                    f"cell={q},{r}")
            for q, r in scene.view["places"] if (q, r) != scene.chosen]


def _board_tile(scene: _Scene, cell: Cell, t: dict[str, Any]) -> Markup:
    cx, cy = to_pixel(Hex(*cell), SIZE)
    label = tile_label(t["kind"], t["edges"], scene.where[cell])
    classes = []
    for shown, cls, note in ((t["moved"], "hh-moved", ", moved last"),
                             (t["face_down"] and t["kind"] is not None, "hh-covert",
                              ", face down to the other players"),
                             (cell in scene.won, "hh-hit", ", part of the winning pattern"),
                             (cell in scene.near, "hh-near", ", part of a goal that is one tile short")):
        if shown:
            classes.append(cls)
            label += note
    attributes = _tile_press(scene, cell, label, classes)
    attributes["data_piece"] = f"hh-{t['tile']}" if t["tile"] else "hh-face-down"
    return tile_svg(cx, cy, SIZE, t["kind"], t["edges"], " ".join(classes), **attributes)


def _tile_press(scene: _Scene, cell: Cell, label: str, classes: list[str]) -> dict[str, Attr]:
    """What pressing a tile does (select it, keep its cluster), adding its classes."""
    q, r = cell
    if cell == scene.selected:
        classes.append("hh-selected")
        # the same data-ui as before selecting, so the page keeps focus here
        return press(label + ": selected, its moves are marked (Escape to drop)", ui=f"sel={q},{r}")
    if scene.phase == "move" and cell in scene.movable:
        classes.append("hh-movable")
        return press(label + ": can move, show its moves", ui=f"sel={q},{r};ask=")
    if cell in scene.keep_of:
        cluster = scene.keep_of[cell]
        classes.append(f"hh-cluster hh-cluster-{cluster['i'] % 4}")
        n = len(cluster["cells"])
        what = f"this group of {n} tiles" if n > 1 else "this lone tile"
        return press(f"{label}: keep {what}", action=cluster["action"])
    return {"aria_label": label, "role": "img"}


def _ways(moves: list[dict[str, Any]]) -> list[Markup]:
    """The way each move goes, and the tiles a push shoves along."""
    out = []
    for m in moves:
        for fq, fr, tq, tr in m["shift"][1:] if m["icon"] == "push" else []:
            x1, y1 = to_pixel(Hex(fq, fr), SIZE)
            x2, y2 = to_pixel(Hex(tq, tr), SIZE)
            out.append(tag("line", class_="hh-shift", x1=f"{x1:.1f}", y1=f"{y1:.1f}",
                           x2=f"{x2:.1f}", y2=f"{y2:.1f}"))
        out.append(_path(m))
    return out


def _destination(scene: _Scene, m: dict[str, Any]) -> Markup:
    """Where a move of the selected tile ends: pressing it plays the move (or asks first)."""
    seat = scene.view["seat"]
    cx, cy = to_pixel(Hex(*m["to"]), SIZE)
    done = completes_words(m, seat, scene.names)
    label = move_words(m, scene.tiles) + (f", {done}" if done else "")
    cls = f"hh-dest hh-{m['icon']}"
    badge = None
    if gifts(m, seat):
        cls += " hh-dest-gift"
        badge = tag("text", "!", class_="hh-badge", x=f"{cx + SIZE * 0.42:.1f}", y=f"{cy - SIZE * 0.3:.1f}")
    elif done:
        cls += " hh-dest-goal"
        badge = tag("text", "★", class_="hh-badge", x=f"{cx + SIZE * 0.42:.1f}", y=f"{cy - SIZE * 0.3:.1f}")
    if scene.ui.get("ask") == m["action"]:
        cls += " hh-asking"
    return tag("g",
               tag("title", label),
               # the whole cell answers a tap (a finger's width on a phone), the marker shows it
               tag("polygon", class_="hh-hit", points=polygon_points(cx, cy, SIZE * 0.98)),
               tag("polygon", points=polygon_points(cx, cy, SIZE * 0.55)),
               tag("g", icon_glyph(ICON_BY_NAME[m["icon"]], SIZE),
                   transform=f"translate({pt(cx, cy)}) rotate({60 * m['dir']}) scale(1.3)"),
               badge,
               class_=cls, **_move_press(m, scene.view, scene.ui, label))


def _preview(scene: _Scene) -> Markup | None:
    """The drawn tile on the chosen cell, turned as chosen: pressing it places it there."""
    drawn, chosen = scene.view["drawn"], scene.chosen
    if chosen is None or not drawn or drawn.get("hidden"):
        return None
    rot = ui_rot(scene.ui)
    edges = [drawn["edges"][(d - rot) % 6] for d in range(6)]
    action = f"place {chosen[0]},{chosen[1]} r{rot}"
    if action not in scene.view["legal"]:
        return None
    cx, cy = to_pixel(Hex(*chosen), SIZE)
    label = tile_label(drawn["kind"], edges, beside(chosen, scene.tiles, scene.where))
    return tile_svg(cx, cy, SIZE, drawn["kind"], edges, "hh-preview", data_piece=f"hh-{drawn['tile']}",
                    **press(f"place here: {label}", action=action))


@lru_cache(maxsize=1024)
def _target(cx: float, cy: float, label: str, ui: str) -> Markup:
    """An empty cell where the drawn tile may go: pressing it previews the tile there."""
    return tag("polygon", class_="hh-target", points=polygon_points(cx, cy, SIZE * 0.9), **press(label, ui=ui))


def flash_svg(flash: dict[str, Any], names: list[str]) -> Markup:
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
