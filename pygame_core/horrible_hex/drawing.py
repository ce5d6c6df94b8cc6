"""The pieces of Horrible Hex's board, drawn: tiles, edge icons, goal cards, buttons.

Every tile carries its colour, its symbol (star or circle, both on a wild tile) and an
icon on each edge that can move it, each kind a different shape: slide a single chevron,
jump a double chevron, push a solid arrow behind a bar, swap a two-headed arrow. The parts
of a tile that depend only on its place and face are memoised: the page redraws the board
after every click, and most tiles have not changed.

Also here: reading the page-local `ui` keys the pieces set (see `view`).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ..hexgrid import SQRT3, bounds, edge_midpoint, polygon_points, to_pixel
from ..markup import Attr, Markup, join, tag
from .components import GOALS_BY_ID, ICON_NAMES
from .labels import Edges, goal_summary, goal_words

SIZE = 40.0          # a board tile, centre to corner
CARD_SIZE = 9.0      # a cell of a goal card
CLASS_OF = {"G": "hh-gray", "R": "hh-red", "W": "hh-wild"}


# -- the page-local ui --------------------------------------------------------------------------
def parse_cell(text: str | None) -> tuple[int, int] | None:
    """A cell from a `ui` value ('q,r'), or None."""
    if not text:
        return None
    try:
        q, r = text.split(",")
        return int(q), int(r)
    except ValueError:
        return None


def ui_rot(ui: dict[str, Any]) -> int:
    """The turn of the tile being placed (0-5)."""
    try:
        return int(ui.get("rot", 0)) % 6
    except (TypeError, ValueError):
        return 0


def warn_first(view: dict[str, Any], ui: dict[str, Any]) -> bool:
    """Ask before a move that completes another player's goal (on unless switched off)."""
    return ui.get("warn") != "off" and not view["solo"]


# -- tiles ---------------------------------------------------------------------------------------
def pt(x: float, y: float) -> str:
    return f"{x:.1f},{y:.1f}"


@lru_cache(maxsize=None)
def icon_glyph(icon: str, s: float) -> Markup:
    """One edge icon drawn pointing along +x around the origin; shapes differ by kind."""
    u = s * 0.15
    if icon == "S":   # slide: one chevron
        return tag("polyline", class_="hh-icon hh-slide", points=f"{pt(-u, -u)} {u * 0.2:.1f},0 {pt(-u, u)}")
    if icon == "J":   # jump: two chevrons
        return join(
            tag("polyline", class_="hh-icon hh-jump",
                points=f"{pt(-1.4 * u, -u)} {-0.4 * u:.1f},0 {pt(-1.4 * u, u)}"),
            tag("polyline", class_="hh-icon hh-jump",
                points=f"{pt(-0.2 * u, -u)} {0.8 * u:.1f},0 {pt(-0.2 * u, u)}"))
    if icon == "P":   # push: a bar and a solid arrowhead
        return join(
            tag("line", class_="hh-icon hh-push", x1=f"{-1.3 * u:.1f}", y1=f"{-u:.1f}", x2=f"{-1.3 * u:.1f}",
                y2=f"{u:.1f}"),
            tag("polygon", class_="hh-icon-fill hh-push",
                points=f"{pt(-0.8 * u, -u)} {0.8 * u:.1f},0 {pt(-0.8 * u, u)}"))
    # swap: a two-headed arrow across the edge
    return join(
        tag("line", class_="hh-icon hh-swap", x1=f"{-1.3 * u:.1f}", y1="0", x2=f"{1.0 * u:.1f}", y2="0"),
        tag("polyline", class_="hh-icon hh-swap",
            points=f"{pt(0.3 * u, -0.7 * u)} {1.0 * u:.1f},0 {pt(0.3 * u, 0.7 * u)}"),
        tag("polyline", class_="hh-icon hh-swap",
            points=f"{pt(-0.6 * u, -0.7 * u)} {-1.3 * u:.1f},0 {pt(-0.6 * u, 0.7 * u)}"))


def _star(cx: float, cy: float, radius: float, cls: str) -> Markup:
    pts = []
    for i in range(10):
        rad = radius if i % 2 == 0 else radius * 0.45
        a = math.radians(-90 + 36 * i)
        pts.append(pt(cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return tag("polygon", class_=cls, points=" ".join(pts))


@lru_cache(maxsize=1024)
def symbol(kind: str, cx: float, cy: float, s: float) -> Markup:
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
        out.append(tag("polygon", class_="hh-wild-half", points=" ".join(pt(x, y) for x, y in half)))
    if kind is None:
        out.append(tag("text", "?", class_="hh-back-mark", x=f"{cx:.1f}", y=f"{cy + s * 0.18:.1f}"))
    else:
        out.append(symbol(kind, cx, cy, s))
        out += [_edge_icon(cx, cy, s, d, icon) for d, icon in enumerate(edges or ()) if icon]
    return join(out)


@lru_cache(maxsize=4096)
def _edge_icon(cx: float, cy: float, s: float, d: int, icon: str) -> Markup:
    mx, my = edge_midpoint(cx, cy, s * 0.7, d)
    return tag("g", icon_glyph(icon, s), transform=f"translate({pt(mx, my)}) rotate({60 * d})")


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


# -- what can be pressed ---------------------------------------------------------------------------
def press(label: str, action: str | None = None, ui: str | None = None) -> dict[str, Attr]:
    """Attributes of a focusable SVG element that plays an action or sets ui keys."""
    return {"tabindex": "0", "role": "button", "aria_label": label, "data_action": action, "data_ui": ui}


def button(text: str, action: str | None = None, ui: str | None = None, cls: str = "",
            label: str | None = None, disabled: bool = False) -> Markup:
    return tag("button", text, type="button", class_=f"hh-button {cls}".rstrip(), data_action=action,
               data_ui=ui, aria_label=label or None, disabled=disabled)


# -- goal cards and the icon key -----------------------------------------------------------------
@lru_cache(maxsize=None)
def goal_svg(goal_id: str, cls: str = "") -> Markup:
    cells = GOALS_BY_ID[goal_id].cells
    x, y, w, h = bounds([c for c, _ in cells], CARD_SIZE, 2)
    out = []
    for cell, kind in cells:
        cx, cy = to_pixel(cell, CARD_SIZE)
        out.append(tag("polygon", class_=f"hh-card-cell {CLASS_OF[kind]}",
                       points=polygon_points(cx, cy, CARD_SIZE * 0.95)))
        out.append(symbol(kind, cx, cy, CARD_SIZE))
    return tag("svg", out, class_=f"hh-card {cls}".rstrip(), viewBox=f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}",
               role="img", aria_label=goal_words(goal_id))


@lru_cache(maxsize=None)
def card(goal_id: str, note: str = "") -> Markup:
    return tag("figure", goal_svg(goal_id), tag("figcaption", goal_summary(goal_id), note and " " + note),
               class_="hh-goal")


@lru_cache(maxsize=None)
def _key_icon(icon: str) -> Markup:
    return tag("svg", tag("circle", cx=0, cy=0, r=9, class_="hh-key-bg"),
               tag("g", icon_glyph(icon, SIZE), transform="scale(0.9)"),
               class_="hh-key-icon", viewBox="-10 -10 20 20", aria_hidden="true")


ICON_KEY = tag("ul", [tag("li", _key_icon(letter), ICON_NAMES[letter], title=what)
                      for letter, what in (
                          ("S", "slide: into the empty cell beyond that edge"),
                          ("J", "jump: over the line of tiles beyond that edge"),
                          ("P", "push: one cell that way, shoving the tiles ahead"),
                          ("X", "swap: trade places with the tile beyond that edge"))],
               class_="hh-key", aria_label="Icon key: the edge icons and how they move a tile")


def arrow_head(x: float, y: float, angle: float, cls: str) -> Markup:
    a, u = angle, SIZE * 0.22
    pts = [(x, y), (x - u * math.cos(a - 0.45), y - u * math.sin(a - 0.45)),
           (x - u * math.cos(a + 0.45), y - u * math.sin(a + 0.45))]
    return tag("polygon", class_=cls, points=" ".join(pt(px, py) for px, py in pts))
