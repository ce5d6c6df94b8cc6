"""HTML/SVG for HEX PLEASE!: the board, the hand, the scores and the rules; pure functions.

`render(view, ui, names)` draws one seat's view. Page-local `ui` keys (strings):
  tile   the code of the hand tile picked (legal cells for it are then highlighted,
         each with the score it would make, and carry the placing action);
  rot    the turn (0-5) of a picked Bridge; "r" turns it clockwise, "R" back
         (`handle_key`), as do the two buttons beside the hand;
  Each highlighted cell shows the points the move would score before it is clicked
  (and says them in its label); clicking it, or Enter on it, plays the move.
  hint   cells to ring on the board, separated by spaces ("2,0 3,-1"): the tutorial
         sets it from a step's "highlight" (and "tile"/"rot" from the step too).

The tutorial lives in `tutorial.py` (the page loads it only when asked for); its
docstring gives its shape.
"""

from __future__ import annotations

import functools
from html import escape
from typing import Any, Sequence, cast

from ..hexgrid import DIRECTION_NAMES, Hex, corners, hexagon, polygon_points, to_pixel, touch_width
from .components import (
    BONUSES, BRIDGE, COLOUR_BY_LETTER, TILE_BY_CODE, board_for_radius,
)

SIZE = 26.0
RAINBOW = ("#d64541", "#ef8a2c", "#e8c22e", "#3a9d4f", "#3867c9", "#8a4fc4")


# -- words -----------------------------------------------------------------------------------
def tile_words(code: str, rot: int = 0) -> str:
    """A tile as a sighted player sees it, for labels and titles."""
    tile = TILE_BY_CODE[code]
    if tile.kind == "solid":
        c = COLOUR_BY_LETTER[tile.colours[0]]
        return f"{c.name} {c.symbol} Solid, {tile.points} point{'s' if tile.points > 1 else ''}"
    if tile.kind == BRIDGE:
        a, b = (COLOUR_BY_LETTER[x] for x in tile.colours)
        first = ", ".join(DIRECTION_NAMES[(rot + i) % 6] for i in range(3))
        return (f"{a.name} {a.symbol} and {b.name} {b.symbol} Bridge, 3 points, "
                f"{a.name} on the {first} sides")
    if tile.kind == "blocker":
        return "black Blocker, 4 points"
    return "rainbow Universal, 5 points"


def cell_words(cell: str, bonus: dict[str, str], deploy: set[str]) -> str:
    extra = []
    if cell in deploy:
        extra.append("Deployment Cell")
    if cell in bonus:
        b = BONUSES[bonus[cell]]
        extra.append(f"{b.name} {b.label}")
    return f"cell {cell}" + (f" ({', '.join(extra)})" if extra else "")


# -- drawing tiles ---------------------------------------------------------------------------
def _pts(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


@functools.lru_cache(maxsize=4096)
def tile_svg(code: str, rot: int, cx: float, cy: float, size: float) -> str:
    """One tile's shapes centred on (cx, cy); colours always come with their symbols.
    Cached: every redraw repeats the tiles already on the board."""
    tile = TILE_BY_CODE[code]
    inner = size * 0.94
    cs = corners(cx, cy, inner)
    out: list[str] = []
    fs = size * 0.42
    if tile.kind == "solid":
        c = COLOUR_BY_LETTER[tile.colours[0]]
        out.append(f'<polygon class="hp-tile hp-c-{c.name}" points="{_pts(cs)}" fill="{c.fill}"/>')
        out.append(f'<text class="hp-sym" x="{cx:.1f}" y="{cy - size * 0.12:.1f}" font-size="{fs:.1f}">{c.symbol}</text>')
        out.append(f'<text class="hp-val" x="{cx:.1f}" y="{cy + size * 0.45:.1f}" font-size="{fs * 0.8:.1f}">{tile.points}</text>')
    elif tile.kind == BRIDGE:
        a, b = (COLOUR_BY_LETTER[x] for x in tile.colours)
        half_a = [cs[(rot + i) % 6] for i in range(4)]
        half_b = [cs[(rot + 3 + i) % 6] for i in range(4)]
        out.append(f'<polygon class="hp-tile hp-c-{a.name}" points="{_pts(half_a)}" fill="{a.fill}"/>')
        out.append(f'<polygon class="hp-tile hp-c-{b.name}" points="{_pts(half_b)}" fill="{b.fill}"/>')
        for colour, mid in ((a, rot + 1), (b, rot + 4)):
            ex, ey = _toward(cx, cy, mid, size * 0.48)
            out.append(f'<text class="hp-sym" x="{ex:.1f}" y="{ey + fs * 0.35:.1f}" font-size="{fs * 0.85:.1f}">{colour.symbol}</text>')
        out.append(f'<line class="hp-split" x1="{cs[rot % 6][0]:.1f}" y1="{cs[rot % 6][1]:.1f}" '
                   f'x2="{cs[(rot + 3) % 6][0]:.1f}" y2="{cs[(rot + 3) % 6][1]:.1f}"/>')
        out.append(f'<text class="hp-val" x="{cx:.1f}" y="{cy + fs * 0.3:.1f}" font-size="{fs * 0.7:.1f}">3</text>')
    elif tile.kind == "blocker":
        out.append(f'<polygon class="hp-tile hp-blocker" points="{_pts(cs)}" fill="#1d1d1f"/>')
        out.append(f'<text class="hp-sym hp-light" x="{cx:.1f}" y="{cy - size * 0.1:.1f}" font-size="{fs:.1f}">\u2716</text>')
        out.append(f'<text class="hp-val hp-light" x="{cx:.1f}" y="{cy + size * 0.45:.1f}" font-size="{fs * 0.8:.1f}">4</text>')
    else:
        for i in range(6):
            tri = [(cx, cy), cs[i], cs[(i + 1) % 6]]
            out.append(f'<polygon class="hp-tile hp-rainbow" points="{_pts(tri)}" fill="{RAINBOW[i]}"/>')
        out.append(f'<circle class="hp-core" cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.42:.1f}"/>')
        out.append(f'<text class="hp-val" x="{cx:.1f}" y="{cy + fs * 0.35:.1f}" font-size="{fs:.1f}">U5</text>')
    return "".join(out)


def _toward(cx: float, cy: float, direction: int, dist: float) -> tuple[float, float]:
    import math
    angle = math.radians(60 * (direction % 6))
    return cx + dist * math.cos(angle), cy + dist * math.sin(angle)


def _mini_tile(code: str, rot: int = 0, size: float = 26.0) -> str:
    w = size * 1.9
    return (f'<svg class="hp-mini" viewBox="{-w / 2:.1f} {-w / 2:.1f} {w:.1f} {w:.1f}" '
            f'width="{w:.0f}" height="{w:.0f}" aria-hidden="true">{tile_svg(code, rot, 0, 0, size)}</svg>')


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


def render(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> str:
    seat = view.get("seat")
    me = seat if isinstance(seat, int) else None
    names = [escape(str(n)) for n in names] + [f"Player {i + 1}" for i in range(len(names), view["players"])]
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
    parts = ['<div class="hp-game">', _status(view, names, tile), _scores(view, names)]
    parts.append(_board(view, targets, turnable, tile, rot, ui.get("hint")))
    parts.append(_hand(view, tile, rot, legal, me))
    parts.append(_last(view, names))
    parts.append("</div>")
    return "".join(parts)


def _status(view: dict[str, Any], names: list[str], tile: str | None) -> str:
    cur = view.get("current")
    if view.get("over"):
        won = " and ".join(names[w] for w in view["winners"])
        text = f"Game over. {won} {'win' if len(view['winners']) > 1 else 'wins'}."
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
    return (f'<div class="hp-status" role="status" aria-live="polite"><span class="hp-round">{round_text}</span> '
            f'<span class="hp-msg">{escape(text)}</span> <span class="hp-bag">Bag: {view["bag"]} tiles</span></div>')


def _scores(view: dict[str, Any], names: list[str]) -> str:
    rows = []
    hands = view.get("hands")
    for s in range(view["players"]):
        cls = ["hp-seat"]
        mark = ""
        if s == view.get("current"):
            cls.append("hp-current")
            mark = '<span class="hp-mark" aria-label="to play">\u25b6</span> '
        if view.get("over") and s in view["winners"]:
            cls.append("hp-winner")
            mark = '<span class="hp-mark" aria-label="winner">\u2605</span> '
        you = " (you)" if s == view.get("seat") and names[s].lower() != "you" else ""
        extra = ""
        if hands is not None and s != view.get("seat"):
            extra = '<span class="hp-open">' + "".join(_mini_tile(c, 0, 9) for c in hands[s]) + "</span>"
        hv = view.get("hand_values")
        left = f", {hv[s]} in hand" if hv else ""
        rows.append(f'<li class="{" ".join(cls)}">{mark}<span class="hp-name">{names[s]}{you}</span> '
                    f'<span class="hp-points">{view["scores"][s]} pts</span> '
                    f'<span class="hp-count">{view["hand_counts"][s]} tiles{left}</span>{extra}</li>')
    return f'<ol class="hp-scores" aria-label="Scores">{"".join(rows)}</ol>'


def _board(view: dict[str, Any], targets: dict[str, str], turnable: dict[str, int],
           tile: str | None, rot: int, ui_hint: str | None = None) -> str:
    layout = board_for_radius(view["radius"], view["boards"])
    bonus = {str(c): k for c, k in layout.bonus.items()}
    deploy = {str(c) for c in layout.deploy}
    placed: dict[str, tuple[str, int]] = {}
    for cell, text in view["board"].items():
        code, _, turn = text.partition("/")
        placed[cell] = (code, int(turn or 0))
    last_cell = None
    if view.get("last") and "@" in view["last"].get("move", ""):
        last_cell = view["last"]["move"].split("@")[1].split("/")[0]
    preview = view.get("preview", {})
    cells = hexagon(view["radius"])
    centres = {c: to_pixel(c, SIZE) for c in cells}
    x0 = min(x for x, _ in centres.values()) - SIZE
    y0 = min(y for _, y in centres.values()) - SIZE
    w = max(x for x, _ in centres.values()) + SIZE - x0
    h = max(y for _, y in centres.values()) + SIZE - y0
    out = [f'<div class="board-pan"><svg class="hp-board touch-board" viewBox="{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}" '
           f'style="--touch-width: {touch_width(w, SIZE * 0.8):.0f}px" role="group" '
           f'aria-label="Board of {len(cells)} cells">']
    actionable: list[str] = []
    for c in cells:
        key = str(c)
        cx, cy = centres[c]
        kinds = ["hp-cell"]
        if key in bonus:
            kinds.append(f"hp-bonus-{bonus[key]}")
        if key in deploy:
            kinds.append("hp-deploy")
        fill = BONUSES[bonus[key]].fill if key in bonus else "#f4f1ea"
        out.append(f'<polygon class="{" ".join(kinds)}" points="{polygon_points(cx, cy, SIZE)}" fill="{fill}"/>')
        if key in placed:
            code, r = placed[key]
            cls = "hp-placed hp-last" if key == last_cell else "hp-placed"
            out.append(f'<g class="{cls}"><title>{escape(tile_words(code, r))} on {cell_words(key, bonus, deploy)}</title>'
                       f'{tile_svg(code, r, cx, cy, SIZE)}</g>')
            continue
        marked = bool(tile) and (key in targets or key in turnable)
        if key in bonus and not marked:
            out.append(f'<text class="hp-label" x="{cx:.1f}" y="{cy + 4:.1f}">{BONUSES[bonus[key]].label}</text>')
        if key in deploy and not marked:
            out.append(f'<text class="hp-label hp-deploy-mark" x="{cx:.1f}" y="{cy + 5:.1f}">\u25ce</text>')
        if key in targets and tile:
            action = targets[key]
            pts = preview.get(action)
            score = f": scores {pts}" if pts is not None else ""
            label = f"Lay the {tile_words(tile, rot)} on {cell_words(key, bonus, deploy)}{score}"
            actionable.append(
                f'<g class="hp-target" data-action="{escape(action)}" role="button" tabindex="0" '
                f'aria-label="{escape(label)}"><polygon class="hp-target-cell" '
                f'points="{polygon_points(cx, cy, SIZE * 0.9)}"/>'
                f'<text class="hp-preview" x="{cx:.1f}" y="{cy + 5:.1f}">+{pts if pts is not None else "?"}</text></g>')
        elif key in turnable and tile:
            r = turnable[key]
            label = f"The Bridge fits {cell_words(key, bonus, deploy)} if turned: turn it to position {r}"
            actionable.append(
                f'<g class="hp-turnable" data-ui="rot={r}" role="button" tabindex="0" '
                f'aria-label="{escape(label)}"><polygon class="hp-turn-cell" '
                f'points="{polygon_points(cx, cy, SIZE * 0.8)}"/>'
                f'<text class="hp-preview hp-turn-mark" x="{cx:.1f}" y="{cy + 5:.1f}">\u27f3</text></g>')
    out.extend(actionable)
    for key in str(ui_hint or "").split():
        if key in {str(c) for c in cells}:
            cx, cy = to_pixel(Hex.parse(key), SIZE)
            out.append(f'<polygon class="hp-hint" points="{polygon_points(cx, cy, SIZE * 1.02)}" '
                       f'aria-hidden="true"/>')
    out.append("</svg></div>")
    legend = ('<p class="hp-legend">'
              + " ".join(f'<span class="hp-key hp-bonus-{k}"><span class="hp-swatch" style="background:{b.fill}">'
                         f'{b.label}</span> {b.name}</span>' for k, b in BONUSES.items())
              + ' <span class="hp-key"><span class="hp-swatch">\u25ce</span> Deployment Cell</span></p>')
    return f'<div class="hp-board-wrap">{"".join(out)}{legend}</div>'


def _hand(view: dict[str, Any], tile: str | None, rot: int, legal: list[str], me: int | None) -> str:
    if me is None:
        return ""
    hand = view.get("hand") or []
    playable = {a.partition("@")[0] for a in legal if "@" in a}
    buttons = []
    for i, code in enumerate(hand):
        picked = code == tile and (i == hand.index(code))
        r = rot if picked else 0
        label = tile_words(code, r) + ("" if code in playable or not legal else ", fits nowhere now")
        cls = "hp-hand-tile" + (" hp-picked" if picked else "") + (
            " hp-unplayable" if legal and code not in playable else "")
        data_ui = "tile=;rot=" if picked else f"tile={code};rot=0"
        buttons.append(f'<button type="button" class="{cls}" data-ui="{data_ui}" aria-pressed="{str(picked).lower()}" '
                       f'aria-label="{escape(label)}">{_mini_tile(code, r)}</button>')
    controls = []
    if tile and TILE_BY_CODE[tile].kind == BRIDGE:
        controls.append(f'<button type="button" class="hp-rotate" data-ui="rot={(rot + 5) % 6}" '
                        f'aria-label="Turn the Bridge anticlockwise (R)">\u27f2</button>')
        controls.append(f'<button type="button" class="hp-rotate" data-ui="rot={(rot + 1) % 6}" '
                        f'aria-label="Turn the Bridge clockwise (r)">\u27f3</button>')
    if "pass" in legal:
        controls.append('<button type="button" class="hp-pass" data-action="pass" '
                        'aria-label="Pass: return your whole hand to the bag and draw as many, scoring 0">Pass</button>')
    if "end" in legal:
        controls.append('<button type="button" class="hp-end" data-action="end" '
                        'aria-label="End your turn without laying a tile">End turn</button>')
    return (f'<div class="hp-hand" role="group" aria-label="Your hand">{"".join(buttons) or "<em>No tiles</em>"}'
            f'<span class="hp-controls">{"".join(controls)}</span></div>')


def _last(view: dict[str, Any], names: list[str]) -> str:
    last = view.get("last")
    if not last:
        return ""
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
        text = f"{who} laid a {tile_words(code).split(',')[0]} at {cell}: {last['points']} points ({sum_text})."
    return f'<p class="hp-lastmove">{escape(text)}</p>'


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


RULES_HTML = """
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
"""
