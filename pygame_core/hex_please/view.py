"""HTML/SVG for HEX PLEASE!: the board, the hand, the scores and the rules; pure functions.

`render(view, ui, names)` draws one seat's view. Page-local `ui` keys (strings):
  tile   the code of the hand tile picked (legal cells for it are then highlighted,
         each with the score it would make, and carry the placing action);
  rot    the turn (0-5) of a picked Bridge; "r" turns it clockwise, "R" back
         (`handle_key`), as do the two buttons beside the hand;
  Each highlighted cell shows the points the move would score before it is clicked
  (and says them in its label); clicking it, or Enter on it, plays the move.
  hint   cells to ring on the board, separated by spaces ("2,0 3,-1"): a tutorial step
         names it in its own `ui`, with "tile" and "rot".

Markup is built only with `pygame_core.markup` (names escaped once, by construction).
Cells are named for players by where they lie from the centre ("the Brown ×2 cell 3 east
of the centre"), never by their coordinates; those and tile codes stay in `data-*`
attributes. Cells, placed tiles and score lines are memoised, so a redraw of the
169-cell board costs no more than the f-strings did.

The tutorial lives in `tutorial.py` (the page loads it only when asked for); its
docstring gives its shape.
"""

from __future__ import annotations

import functools
import math
from typing import AbstractSet, Any, Mapping, Sequence, cast

from ..hexgrid import (
    DIRECTION_NAMES, DIRECTIONS, ORIGIN, Hex, corners, distance, hexagon, polygon_points, to_pixel,
    touch_width,
)
from ..viewlimits import ViewLimits, shape_problem
from ..markup import Markup, fact, join, tag, trusted
from .table import (  # noqa: F401 - the hooks the table uses (docs/adding-a-game.md)
    SETUP_TEXT, event_words, forced, score_breakdown, suggest_ui, tie_break)
from .components import (
    BONUSES, BRIDGE, COLOUR_BY_LETTER, COLOURS, RADIUS_BY_PLAYERS, TILE_BY_CODE, board_for_radius,
)

SIZE = 26.0
# The smallest text on a tile or cell, in board units: on a phone the board is drawn at least
# touch-sized (a cell 44 px across, a unit at least 0.97 px), so this reads at 11 px or more.
TEXT_MIN = 11.5
RAINBOW = ("#d64541", "#ef8a2c", "#e8c22e", "#3a9d4f", "#3867c9", "#8a4fc4")


# -- words -----------------------------------------------------------------------------------
def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def tile_words(code: str, rot: int = 0) -> str:
    """A tile as a sighted player sees it, for labels and titles."""
    tile = TILE_BY_CODE[code]
    if tile.kind == "solid":
        c = COLOUR_BY_LETTER[tile.colours[0]]
        return f"{c.name} {c.symbol} Solid, {_count(tile.points, 'point')}"
    if tile.kind == BRIDGE:
        a, b = (COLOUR_BY_LETTER[x] for x in tile.colours)
        first = ", ".join(DIRECTION_NAMES[(rot + i) % 6] for i in range(3))
        return (f"{a.name} {a.symbol} and {b.name} {b.symbol} Bridge, 3 points, "
                f"{a.name} on the {first} sides")
    if tile.kind == "blocker":
        return "black Blocker, 4 points"
    return "rainbow Universal, 5 points"


@functools.lru_cache(maxsize=1024)
def place_words(cell: Hex) -> str:
    """Where a cell lies, as steps from the centre along the board's six directions:
    "in the centre", "3 east of the centre", "2 east and 1 south-east of the centre"."""
    if cell == ORIGIN:
        return "in the centre"
    steps = distance(ORIGIN, cell)
    for d in range(6):
        a, b = DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]
        for n in range(1, steps + 1):
            m = steps - n
            if Hex(a.q * n + b.q * m, a.r * n + b.r * m) == cell:
                more = f" and {m} {DIRECTION_NAMES[(d + 1) % 6]}" if m else ""
                return f"{n} {DIRECTION_NAMES[d]}{more} of the centre"
    raise ValueError(f"not a cell: {cell}")  # every hex lies in one sixth of the plane


def cell_words(cell: str, bonus: Mapping[str, str], deploy: AbstractSet[str]) -> str:
    """A cell as a player finds it: its kind (bonus, Deployment Cell) and where it lies."""
    return _cell_words(Hex.parse(cell), bonus.get(cell), cell in deploy)


@functools.lru_cache(maxsize=2048)
def _cell_words(cell: Hex, bonus: str | None, deploy: bool) -> str:
    kind = "Deployment Cell" if deploy else "cell"
    if bonus:
        b = BONUSES[bonus]
        kind = f"{b.name} {b.label} {kind}"
    return f"the {kind} {place_words(cell)}"


def _turn_words(steps: int) -> str:
    """Turning a Bridge by `steps` (clockwise, 0-5) the short way round, in words."""
    if steps <= 3:
        return f"{_count(steps, 'step')} clockwise"
    return f"{_count(6 - steps, 'step')} anticlockwise"


# -- drawing tiles ---------------------------------------------------------------------------
def _pts(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _f(x: float) -> str:
    return f"{x:.1f}"


@functools.lru_cache(maxsize=4096)
def tile_svg(code: str, rot: int, cx: float, cy: float, size: float) -> Markup:
    """One tile's shapes centred on (cx, cy); colours always come with their symbols.
    Cached: every redraw repeats the tiles already on the board."""
    tile = TILE_BY_CODE[code]
    inner = size * 0.94
    cs = corners(cx, cy, inner)
    fs = size * 0.42
    if tile.kind == "solid":
        c = COLOUR_BY_LETTER[tile.colours[0]]
        return join(
            tag("polygon", class_=f"hp-tile hp-c-{c.name}", points=_pts(cs), fill=c.fill),
            tag("text", c.symbol, class_="hp-sym", x=_f(cx), y=_f(cy - size * 0.12), font_size=_f(_fs(fs))),
            tag("text", tile.points, class_="hp-val", x=_f(cx), y=_f(cy + size * 0.45), font_size=_f(_fs(fs * 0.8))))
    if tile.kind == BRIDGE:
        a, b = (COLOUR_BY_LETTER[x] for x in tile.colours)
        half_a = [cs[(rot + i) % 6] for i in range(4)]
        half_b = [cs[(rot + 3 + i) % 6] for i in range(4)]
        out = [tag("polygon", class_=f"hp-tile hp-c-{a.name}", points=_pts(half_a), fill=a.fill),
               tag("polygon", class_=f"hp-tile hp-c-{b.name}", points=_pts(half_b), fill=b.fill)]
        for colour, mid in ((a, rot + 1), (b, rot + 4)):
            ex, ey = _toward(cx, cy, mid, size * 0.48)
            out.append(tag("text", colour.symbol, class_="hp-sym", x=_f(ex), y=_f(ey + fs * 0.35),
                           font_size=_f(_fs(fs * 0.85))))
        out.append(tag("line", class_="hp-split", x1=_f(cs[rot % 6][0]), y1=_f(cs[rot % 6][1]),
                       x2=_f(cs[(rot + 3) % 6][0]), y2=_f(cs[(rot + 3) % 6][1])))
        out.append(tag("text", "3", class_="hp-val", x=_f(cx), y=_f(cy + fs * 0.3), font_size=_f(_fs(fs * 0.7))))
        return join(out)
    if tile.kind == "blocker":
        return join(
            tag("polygon", class_="hp-tile hp-blocker", points=_pts(cs), fill="#1d1d1f"),
            tag("text", "\u2716", class_="hp-sym hp-light", x=_f(cx), y=_f(cy - size * 0.1), font_size=_f(_fs(fs))),
            tag("text", "4", class_="hp-val hp-light", x=_f(cx), y=_f(cy + size * 0.45), font_size=_f(_fs(fs * 0.8))))
    return join(
        [tag("polygon", class_="hp-tile hp-rainbow", points=_pts([(cx, cy), cs[i], cs[(i + 1) % 6]]),
             fill=RAINBOW[i]) for i in range(6)],
        tag("circle", class_="hp-core", cx=_f(cx), cy=_f(cy), r=_f(size * 0.5)),
        tag("text", "any", class_="hp-val hp-any", x=_f(cx), y=_f(cy - size * 0.06), font_size=_f(_fs(fs * 0.62))),
        tag("text", "5", class_="hp-val hp-any", x=_f(cx), y=_f(cy + size * 0.36), font_size=_f(_fs(fs * 0.78))))


def _fs(size: float) -> float:
    return max(size, TEXT_MIN)


def _toward(cx: float, cy: float, direction: int, dist: float) -> tuple[float, float]:
    angle = math.radians(60 * (direction % 6))
    return cx + dist * math.cos(angle), cy + dist * math.sin(angle)


@functools.lru_cache(maxsize=1024)
def _mini_tile(code: str, rot: int = 0, size: float = 26.0) -> Markup:
    w = size * 1.9
    return tag("svg", tile_svg(code, rot, 0, 0, size), class_="hp-mini",
               viewBox=f"{-w / 2:.1f} {-w / 2:.1f} {w:.1f} {w:.1f}", width=f"{w:.0f}", height=f"{w:.0f}",
               aria_hidden="true")


# -- the page --------------------------------------------------------------------------------
def _targets(view: dict[str, Any], tile: str, rot: int) -> tuple[dict[str, str], dict[str, int]]:
    """cell -> action for the picked tile as turned now; cell -> a turn that fits, for the rest."""
    here: dict[str, str] = {}
    other: dict[str, int] = {}
    for text in view.get("legal", []):
        code, at, where = text.partition("@")
        if not at or code != tile:
            continue
        cell, _, turn = where.partition("/")
        r = int(turn) if turn else 0
        if r == rot:
            here[cell] = text
        elif cell not in here:
            other.setdefault(cell, r)
    for cell in here:
        other.pop(cell, None)
    return here, other


def view_problem(view: dict[str, Any], players: int) -> str | None:
    """Why `view` is not one this game draws for a table of `players`, or None. A guest
    checks what the host sent before drawing it: the board grows with the square of its
    radius, and a radius of 160 took seconds to draw."""
    boards = view.get("boards", "")
    radii = RADIUS_BY_PLAYERS.get(boards, {}) if isinstance(boards, str) else {}
    if view.get("radius") != radii.get(players):
        return "a board of a size this game never has"
    return shape_problem(view, VIEW_LIMITS)


VIEW_LIMITS = ViewLimits(nodes=8_000, number=10_000, items=2_000, text=600, depth=8)
"""How large this game's views ever get, with room to spare (real games reach about 630
values, numbers to 190, lists of 260)."""


def render(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> Markup:
    seat = view.get("seat")
    me = seat if isinstance(seat, int) else None
    names = [str(n) for n in names] + [f"Player {i + 1}" for i in range(len(names), view["players"])]
    legal = view.get("legal", [])
    hand = view.get("hand") or []
    tile = ui.get("tile") if ui.get("tile") in hand else None
    try:
        rot = int(ui.get("rot", 0)) % 6
    except (TypeError, ValueError):
        rot = 0
    if tile and TILE_BY_CODE[tile].kind != BRIDGE:
        rot = 0
    targets, turnable = _targets(view, tile, rot) if tile else ({}, {})
    bonus, deploy = _specials(view["radius"], view["boards"])
    # The board, and beside it (under it on a phone) what the player decides with: the
    # status, the hand with its turn and pass buttons, the key; the scores and the last move.
    return tag("div",
               _board(view, targets, turnable, tile, rot, ui.get("hint"), bonus, deploy),
               tag("div", _status(view, names, tile), _hand(view, tile, rot, legal, me), _LEGEND,
                   _scores(view, names), _last(view, names, bonus, deploy), class_="hp-dock"),
               class_="hp-game")


@functools.lru_cache(maxsize=16)
def _specials(radius: int, boards: str) -> tuple[dict[str, str], frozenset[str]]:
    """The board's bonus cells (cell -> bonus key) and Deployment Cells, keyed as in views."""
    layout = board_for_radius(radius, boards)
    return {str(c): k for c, k in layout.bonus.items()}, frozenset(str(c) for c in layout.deploy)


def _status(view: dict[str, Any], names: list[str], tile: str | None) -> Markup:
    cur = view.get("current")
    if view.get("over"):
        text = "Game over."  # who won is said once, by the table (its end summary, or a guest's status line)
        top = max(view["scores"])
        if sum(1 for sc in view["scores"] if sc == top) > 1:
            text += " Equal points: the tiles left in hand decided."
    elif cur is None or cur < 0:
        text = "Drawing tiles\u2026"
    elif cur != view.get("seat"):
        text = f"Waiting for {names[cur]}."
    elif view.get("first_play"):
        text = ("First Play: lay a tile on a Deployment Cell (\u25ce)." if view["placed_this_turn"] == 0
                else "First Play: lay a second tile, or end your turn.")
    elif view.get("final_round"):
        text = "Final round: lay one last tile (no draw afterwards), or end your turn."
    elif not any("@" in a for a in view.get("legal", [])):
        text = "No tile of yours fits anywhere: pass to swap your hand."
    else:
        text = "Your turn: pick a tile, then a highlighted cell." if not tile else \
            "Pick a highlighted cell; each shows the points it would score."
    round_text = f"Round {min(view['round'], view['rounds'])} of {view['rounds']}"
    if view.get("final_round"):
        round_text += " (final round)"
    return tag("div", tag("span", round_text, class_="hp-round"), " ", tag("span", text, class_="hp-msg"), " ",
               tag("span", f"Bag: {_count(view['bag'], 'tile')}", class_="hp-bag"),
               class_="hp-status", role="status", aria_live="polite")


_TO_PLAY = tag("span", "\u25b6", class_="hp-mark", aria_label="to play")
_WINNER = tag("span", "\u2605", class_="hp-mark", aria_label="winner")


def _scores(view: dict[str, Any], names: list[str]) -> Markup:
    rows = []
    hands = view.get("hands")
    hv = view.get("hand_values")
    for s in range(view["players"]):
        cls = ["hp-seat"]
        mark = None
        if s == view.get("current"):
            cls.append("hp-current")
            mark = _TO_PLAY
        if view.get("over") and s in view["winners"]:
            cls.append("hp-winner")
            mark = _WINNER
        you = " (you)" if s == view.get("seat") and names[s].lower() != "you" else ""
        shown = tuple(hands[s]) if hands is not None and s != view.get("seat") else None
        left = f" left in hand, worth {_count(hv[s], 'point')}" if hv else " in hand"
        rows.append(_score_row(" ".join(cls), mark, names[s] + you, view["scores"][s], view["hand_counts"][s],
                               left, shown))
    return tag("ol", rows, class_="hp-scores", aria_label="Scores")


@functools.lru_cache(maxsize=1024)
def _score_row(cls: str, mark: Markup | None, name: str, points: int, tiles: int, left: str,
               shown: tuple[str, ...] | None) -> Markup:
    """One seat's line of the scores (cached: a move changes one or two lines)."""
    # the points and "5 tiles in hand" are facts: a narrow panel wraps before one, not inside it
    return tag("li", mark, " " if mark else None, tag("span", name, class_="hp-name"), " ",
               fact(_count(points, "pt"), "hp-points"), " ", fact(join(_count(tiles, "tile"), left), "hp-count"),
               tag("span", [_mini_tile(c, 0, 16) for c in shown], class_="hp-open") if shown is not None else None,
               class_=cls)


@functools.lru_cache(maxsize=8192)
def _cell(cell: Hex, bonus: str | None, deploy: bool, marked: bool) -> Markup:
    """An empty (or covered) cell's polygon and, unless a move is offered on it, its marks."""
    cx, cy = to_pixel(cell, SIZE)
    kinds = "hp-cell" + (f" hp-bonus-{bonus}" if bonus else "") + (" hp-deploy" if deploy else "")
    return join(
        tag("polygon", class_=kinds, points=polygon_points(cx, cy, SIZE),
            fill=BONUSES[bonus].fill if bonus else "#f4f1ea"),
        tag("text", BONUSES[bonus].label, class_="hp-label", x=_f(cx), y=_f(cy + 4)) if bonus and not marked else None,
        tag("text", "\u25ce", class_="hp-label hp-deploy-mark", x=_f(cx), y=_f(cy + 5)) if deploy and not marked
        else None)


@functools.lru_cache(maxsize=8192)
def _placed(cell: Hex, code: str, rot: int, bonus: str | None, deploy: bool, last: bool) -> Markup:
    """A tile on its cell, named with its place as a tooltip (cached per cell and tile)."""
    cx, cy = to_pixel(cell, SIZE)
    return join(_cell(cell, bonus, deploy, True), tag(
        "g", tag("title", f"{tile_words(code, rot)} on {_cell_words(cell, bonus, deploy)}",
                 " (the last tile laid)" if last else ""),
        tile_svg(code, rot, cx, cy, SIZE),
        tag("polygon", class_="hp-last-ring", points=polygon_points(cx, cy, SIZE * 1.05)) if last else None,
        class_="hp-placed hp-last" if last else "hp-placed", data_piece=f"cell-{cell.q},{cell.r}"))


def _board(view: dict[str, Any], targets: dict[str, str], turnable: dict[str, int],
           tile: str | None, rot: int, ui_hint: str | None, bonus: dict[str, str],
           deploy: frozenset[str]) -> Markup:
    placed: dict[str, tuple[str, int]] = {}
    for cell, text in view["board"].items():
        code, _, turn = text.partition("/")
        placed[cell] = (code, int(turn or 0))
    last_cell = None
    if view.get("last") and "@" in view["last"].get("move", ""):
        last_cell = view["last"]["move"].split("@")[1].split("/")[0]
    preview = view.get("preview", {})
    cells, keys, (x0, y0, w, h) = _frame(view["radius"])
    out: list[Markup] = []
    actionable: list[Markup] = []
    for c, key in zip(cells, keys):
        kind = bonus.get(key)
        is_deploy = key in deploy
        if key in placed:
            code, r = placed[key]
            out.append(_placed(c, code, r, kind, is_deploy, key == last_cell))
            continue
        marked = bool(tile) and (key in targets or key in turnable)
        out.append(_cell(c, kind, is_deploy, marked))
        if not (marked and tile):
            continue
        cx, cy = to_pixel(c, SIZE)
        where = _cell_words(c, kind, is_deploy)
        if key in targets:
            action = targets[key]
            pts = preview.get(action)
            why = _why(tile, kind, pts)
            score = f": scores {pts} ({why})" if pts is not None else ""
            actionable.append(_target(cx, cy, action, pts, why, f"Lay the {tile_words(tile, rot)} on {where}{score}"))
        else:
            r = turnable[key]
            actionable.append(tag(
                "g", tag("polygon", class_="hp-turn-cell", points=polygon_points(cx, cy, SIZE * 0.98)),
                tag("text", "\u27f3", class_="hp-preview hp-turn-mark", x=_f(cx), y=_f(cy + 5)),
                class_="hp-turnable", data_ui=f"rot={r}", role="button", tabindex=0,
                aria_label=f"The Bridge fits {where} if turned {_turn_words((r - rot) % 6)}: turn it"))
    out.extend(actionable)
    for key in str(ui_hint or "").split():
        if key in keys:
            cx, cy = to_pixel(Hex.parse(key), SIZE)
            out.append(tag("polygon", class_="hp-hint", points=polygon_points(cx, cy, SIZE * 1.02),
                           aria_hidden="true"))
    # The whole board fits its frame on a wide screen; on a phone it keeps its cells
    # touch-sized and pans in a frame of its own (app.css .board-pan).
    svg = tag("svg", out, class_="hp-board touch-board", viewBox=f"{x0:.0f} {y0 - 24:.0f} {w:.0f} {h + 24:.0f}",
              style=f"--touch-width: {touch_width(w, SIZE * 0.96):.0f}px", role="group",
              aria_label=f"Board of {len(cells)} cells", data_rove="board")
    return tag("div", svg, class_="hp-board-wrap board-pan")


def _why(tile: str, bonus: str | None, pts: int | None) -> str:
    """How a move's points add up, in words: "2 ×2 + 3 from neighbours = 7"."""
    if pts is None:
        return ""
    base = TILE_BY_CODE[tile].points
    b = BONUSES[bonus] if bonus else None
    mult, add = (b.multiply, b.add) if b else (1, 0)
    around = pts - base * mult - add
    text = f"{base}" + (f" ×{mult}" if mult > 1 else "")
    if around:
        text += f" + {around} from neighbours"
    if add:
        text += f" + {add} bonus"
    return f"{text} = {pts}"


@functools.lru_cache(maxsize=4096)
def _target(cx: float, cy: float, action: str, pts: int | None, why: str, label: str) -> Markup:
    """A cell the picked tile may go on: a dark pill with the points it would score (a shape
    no bonus label has), and the sum behind them floating above it on hover and focus."""
    text = _count(pts, "pt") if pts is not None else "? pts"
    width = max(46.0, 7.2 * len(why) + 14)
    return tag(
        "g", tag("title", why) if why else None,
        tag("polygon", class_="hp-target-cell", points=polygon_points(cx, cy, SIZE * 0.98)),
        tag("rect", class_="hp-pill", x=_f(cx - 21), y=_f(cy - 9), width=42, height=18, rx=9),
        tag("text", text, class_="hp-preview", x=_f(cx), y=_f(cy + 4)),
        tag("g", tag("rect", x=_f(cx - width / 2), y=_f(cy - SIZE - 22), width=_f(width), height=20, rx=6),
            tag("text", why, x=_f(cx), y=_f(cy - SIZE - 8)), class_="hp-why", aria_hidden="true") if why else None,
        class_="hp-target", data_action=action, role="button", tabindex=0, aria_label=label)


@functools.lru_cache(maxsize=16)
def _frame(radius: int) -> tuple[list[Hex], dict[str, Hex], tuple[float, float, float, float]]:
    """The board's cells, their keys in views ("q,r") and its viewBox (x, y, width, height)."""
    cells = hexagon(radius)
    centres = [to_pixel(c, SIZE) for c in cells]
    x0 = min(x for x, _ in centres) - SIZE
    y0 = min(y for _, y in centres) - SIZE
    return cells, {str(c): c for c in cells}, (x0, y0, max(x for x, _ in centres) + SIZE - x0, max(y for _, y in centres) + SIZE - y0)


_LEGEND = tag(
    "div",
    tag("p", join([tag("span", tag("span", b.label, class_="hp-swatch", style=f"background:{b.fill}"), " ", b.name,
                       class_=f"hp-key hp-bonus-{k}", title=b.name + " cell") for k, b in BONUSES.items()], sep=" "),
        " ", tag("span", tag("span", "\u25ce", class_="hp-swatch"), " Deployment Cell", class_="hp-key"),
        class_="hp-legend"),
    tag("p", join([tag("span", tag("span", c.symbol, class_="hp-swatch hp-colour", style=f"background:{c.fill}"),
                       " ", c.name.capitalize(), class_="hp-key") for c in COLOURS], sep=" "),
        " ", tag("span", tag("span", "any", class_="hp-swatch hp-any-key"), " Universal: any colour",
                      class_="hp-key"),
        " ", tag("span", tag("span", "\u2716", class_="hp-swatch hp-blocker-key"), " Blocker", class_="hp-key"),
        " ", tag("span", tag("span", "7 pts", class_="hp-pill-key"), " what a move would score", class_="hp-key"),
        class_="hp-legend"),
    class_="hp-keys", role="group", aria_label="Key to the cells, colours and tiles")


def _hand(view: dict[str, Any], tile: str | None, rot: int, legal: list[str], me: int | None) -> Markup | None:
    if me is None:
        return None
    hand = view.get("hand") or []
    playable = {a.partition("@")[0] for a in legal if "@" in a}
    buttons = []
    for i, code in enumerate(hand):
        picked = code == tile and (i == hand.index(code))
        r = rot if picked else 0
        label = tile_words(code, r) + ("" if code in playable or not legal else ", fits nowhere now")
        cls = "hp-hand-tile" + (" hp-picked" if picked else "") + (
            " hp-unplayable" if legal and code not in playable else "")
        buttons.append(tag("button", _mini_tile(code, r), type="button", class_=cls,
                           data_ui="tile=;rot=" if picked else f"tile={code};rot=0",
                           aria_pressed=str(picked).lower(), aria_label=label, title=label,
                           data_piece=f"hand-{code}-{hand[:i].count(code)}"))
    controls = []
    if tile and TILE_BY_CODE[tile].kind == BRIDGE:
        controls.append(tag("button", "\u27f2", type="button", class_="hp-rotate", data_ui=f"rot={(rot + 5) % 6}",
                            aria_label="Turn the Bridge anticlockwise (R)"))
        controls.append(tag("button", "\u27f3", type="button", class_="hp-rotate", data_ui=f"rot={(rot + 1) % 6}",
                            aria_label="Turn the Bridge clockwise (r)"))
    if "pass" in legal:
        controls.append(tag("button", "Pass", type="button", class_="hp-pass", data_action="pass",
                            aria_label="Pass: return your whole hand to the bag and draw as many, scoring 0"))
    if "end" in legal:
        controls.append(tag("button", "End turn", type="button", class_="hp-end", data_action="end",
                            aria_label="End your turn without laying a tile"))
    return tag("div", buttons or tag("em", "No tiles"), tag("span", controls, class_="hp-controls", data_rove="turn"),
               class_="hp-hand", role="group", aria_label="Your hand", data_rove="hand")


def _last(view: dict[str, Any], names: list[str], bonus: dict[str, str], deploy: frozenset[str]) -> Markup | None:
    last = view.get("last")
    if not last:
        return None
    who = names[last["seat"]]
    move = last.get("move", "")
    if move == "pass":
        text = f"{who} passed and drew a fresh hand."
    elif move == "end":
        text = f"{who} ended the turn."
    else:
        code, _, where = move.partition("@")
        cell = where.split("/")[0]
        sum_text = f"{last['tile']}" + (f"\u00d7{last['multiply']}" if last.get("multiply", 1) > 1 else "")
        if last.get("neighbours"):
            sum_text += f" + {last['neighbours']} from neighbours"
        if last.get("add"):
            sum_text += f" + {last['add']} bonus"
        text = (f"{who} laid a {tile_words(code).split(',')[0]} on {cell_words(cell, bonus, deploy)}: "
                f"{_count(last['points'], 'point')} ({sum_text}).")
    return tag("p", text, class_="hp-lastmove")


def handle_key(key: str, view: dict[str, Any], ui: dict[str, Any]) -> dict[str, Any] | None:
    """Keys: "r"/"R" turn a picked Bridge, digits 1-6 pick a hand tile, Escape drops the pick."""
    hand = view.get("hand") or []
    tile = ui.get("tile")
    if key in ("r", "R") and tile in hand and TILE_BY_CODE[cast(str, tile)].kind == BRIDGE:
        try:
            rot = int(ui.get("rot", 0))
        except (TypeError, ValueError):
            rot = 0
        return {**ui, "rot": str((rot + (1 if key == "r" else 5)) % 6)}
    if key.isdigit() and 1 <= int(key) <= len(hand):
        return {**ui, "tile": hand[int(key) - 1], "rot": "0"}
    if key == "Escape" and tile:
        return {k: v for k, v in ui.items() if k not in ("tile", "rot")}
    return None


RULES_HTML = trusted("""
<section class="hp-rules">
<h2>HEX PLEASE! in brief</h2>
<p>New here? The tutorial walks you through a short game one rule at a time.</p>
<h3>Goal</h3>
<p>Have more points than everyone else when the last round is over.</p>
<h3>The tiles (200 in the bag)</h3>
<ul>
<li><b>Solid</b>: a single colour on all six edges; worth 1 or 2.</li>
<li><b>Bridge</b>: two colours, three adjacent edges each; worth 3. You may turn it before laying it.</li>
<li><b>Blocker</b>: black, worth 4. It may sit beside coloured tiles but never beside another Blocker, and
the empty cells around it will accept nothing but a Universal.</li>
<li><b>Universal</b>: rainbow, worth 5. It goes next to anything, Blockers included, and anything coloured may
later go next to it.</li>
</ul>
<p>Our edition uses four colours, each with its own symbol so you never need to tell colours apart:
red \u25b2, green \u25cf, blue \u25a0 and yellow \u2605. The bag holds 14 one-point and 9 two-point Solids of each colour,
13 Bridges of each of the six colour pairs, 18 Blockers and 12 Universals.</p>
<h3>Getting ready</h3>
<p>Everyone draws a secret hand: 6 tiles with 2-4 players, 5 with 5-8, 4 with 9-12. Player 1 begins and turns go
round the table in seat order. A game lasts 6 rounds unless you pick anywhere from 7 to 12.</p>
<h3>The board</h3>
<p>A hexagon of cells that grows with the table: 61 cells for 2 players, 91 for 3-6, 127 for 7-9 and 169 for
10-12. Six Deployment Cells (\u25ce) sit halfway out from the centre. The special cells are placed the same way in
each sixth of the board: Amber \u00d73 in the centre and at the six corners, Brown \u00d72 just outside each Deployment
Cell, and Sky Blue +3 and Pink +5 between the Deployment Cells and in the middle of the outer edges. On the
two-player board Sky Blue sits between the Deployment Cells; on the bigger ones Pink does, so that player 1's
second tile of First Play can reach a +5 (the bigger boards also have a few more special cells).</p>
<h3>Your turn</h3>
<ol>
<li>Lay one tile from your hand. The very first tile of the game must go on a Deployment Cell; after that a tile
goes on any empty Deployment Cell or on any empty cell next to a tile already on the board.</li>
<li>Every edge that touches a tile on the board must show the same colour as the edge it touches. A Universal
counts as every colour. Cells beside a Blocker take only a Universal.</li>
<li>Score: the tile's own points, plus the printed points of every tile touching it, plus the bonus of the cell
you used. Sky Blue adds 3, Pink adds 5, Brown doubles and Amber triples the laid tile's own points only
(not the neighbours'). A neighbour's cell bonus never counts again.</li>
<li>Draw one tile to refill your hand. If the bag is nearly empty you get what is left, and once it is
empty you play on with fewer tiles.</li>
</ol>
<p><b>Passing</b> instead of laying a tile: put your whole hand back in the bag, draw the same number of tiles and
score nothing. You cannot keep some tiles and swap others. When no tile of yours fits anywhere, passing is
your move.</p>
<h3>First Play</h3>
<p>Player 1's very first turn may lay one tile or two, each following the usual rules and each followed by a
draw. No passing on that turn.</p>
<h3>The final round</h3>
<p>In the last round each player lays one last tile and does not draw, or simply ends the turn. Nobody may pass.</p>
<h3>Winning</h3>
<p>Most points wins. Between tied players, the one whose remaining hand adds up to more points wins
(our choice: the rulebook only says the hands are compared). If that is equal too, they share the win.</p>
<h3>Choices our edition made</h3>
<ul>
<li>Colours, symbols, the bag's 200 tiles and the boards described above. The boards were tuned so that, between
equally strong players, no seat is favoured by much. The <i>original</i> boards option brings back the boards of our
first version (three players on the small board, Sky Blue between the Deployment Cells everywhere), on which
later seats win a little more often; games saved before this choice existed open on them.</li>
<li>Tiles come out of the bag at random: every tile still inside is equally likely.</li>
<li>Your hand is secret; the others see only how many tiles you hold. With the <i>open hands</i> option every
hand is shown to everyone, for friendly games around one screen. At the end all hands are shown.</li>
<li>A player with no tiles left (an empty bag) may still pass, which changes nothing.</li>
<li>First Play's second tile is optional: you may end the turn after the first.</li>
</ul>
</section>
""")
