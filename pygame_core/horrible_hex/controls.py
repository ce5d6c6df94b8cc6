"""What sits beside Horrible Hex's board: the controls of the decision at hand (skip the
move or pick one from a list, turn and place the drawn tile, keep a cluster, trade a goal)
and every player's goal cards."""

from __future__ import annotations

from typing import Any

from ..markup import FACT_SEPARATOR, Markup, facts, tag
from .drawing import SIZE, button, card, parse_cell, tile_svg, ui_rot, warn_first
from .labels import (
    completes_words, gifts, goal_words, kind_tile, move_words, near_goals, places_in_words, seat_label,
    tile_label, times,
)


def controls(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> Markup | None:
    """The controls of the viewer's decision, or a word on what the player to act holds."""
    if not view["legal"]:
        if view["drawn"] and view["drawn"].get("hidden"):
            return tag("p", "The player to move has drawn a tile (hidden from you).", class_="hh-drawn")
        return None
    out: list[Markup] = []
    match view["phase"]:
        case "move":
            out = _move_controls(view, ui, names)
        case "place":
            out = [_place_controls(view, ui)]
        case "keep":
            out = _keep_controls(view)
        case "swap":
            out = [button("Trade my goal", action="trade goal"), button("Keep my goal", action="keep goal")]
    return tag("div", out, class_="hh-controls")


def _move_controls(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> list[Markup]:
    seat = view["seat"]
    selected = parse_cell(ui.get("sel"))
    out: list[Markup] = []
    asked = next((m for m in view["moves"] if m["action"] == ui.get("ask")), None)
    if asked is not None and warn_first(view, ui):
        whose = " and ".join(f"{seat_label(names, o)}'s goal" for o in gifts(asked, seat))
        out.append(tag("div", tag("p", f"This completes {whose}: move anyway?", class_="hh-ask-text"),
                       button("Move anyway", action=asked["action"], cls="hh-confirm"),
                       button("Cancel", ui="ask=", cls=""),
                       class_="hh-ask", role="alert"))
    out.append(button("Skip the move", action="pass", label="Skip the move and go on to place a tile"))
    if selected:
        out += _moves_of(view, ui, names, selected)
    else:
        n = len(view["moves"])
        out.append(tag("p", "No tile can move right now: skip the move." if n == 0 else
                       f"{n} move{'s' if n > 1 else ''} possible: choose a glowing tile to see where it can go."))
    if not view["solo"] and any(gifts(m, seat) for m in view["moves"]):
        on = warn_first(view, ui)
        out.append(tag("button", WARN_TOGGLE + (": on" if on else ": off"), type="button",
                       class_="hh-button hh-warn-toggle", data_ui="warn=off;ask=" if on else "warn=",
                       aria_pressed="true" if on else "false"))
    return out


WARN_TOGGLE = "Ask me to confirm a move that completes another player's goal"
"""The switch of the warning before a gift: what it does, in words (on: such a move asks
"move anyway?" first; off: it is made at once)."""


def _moves_of(view: dict[str, Any], ui: dict[str, Any], names: list[str],
              selected: tuple[int, int]) -> list[Markup]:
    """The selected tile's moves as a list of buttons (a gift to another player asks first)."""
    seat = view["seat"]
    tiles = {(t["q"], t["r"]): t for t in view["board"]}
    items = []
    for m in view["moves"]:
        if tuple(m["from"]) != selected:
            continue
        done = completes_words(m, seat, names)
        text = move_words(m, tiles) + (f" ({done})" if done else "")
        if warn_first(view, ui) and gifts(m, seat):
            items.append(tag("li", button(text, ui=f"ask={m['action']}", cls="hh-gift")))
        else:
            items.append(tag("li", button(text, action=m["action"], cls="hh-scores" if done else "")))
    whose = (f"{kind_tile(tiles[selected])} {places_in_words(list(tiles))[selected]}" if selected in tiles
             else "the chosen tile")
    return [button("Drop the selection", ui="sel=;ask=", label="Drop the selection (Escape)"),
            tag("p", f"Moves of {whose}:"), tag("ul", items, class_="hh-moves")]


def _place_controls(view: dict[str, Any], ui: dict[str, Any]) -> Markup:
    """The drawn tile as it would be placed, the buttons that turn it and Place it."""
    rot = ui_rot(ui)
    d = view["drawn"] or {}
    edges = [d.get("edges", [None] * 6)[(i - rot) % 6] for i in range(6)]
    cell = parse_cell(ui.get("cell"))
    action = f"place {cell[0]},{cell[1]} r{rot}" if cell else None
    ok = action is not None and action in view["legal"]
    piece = None if ok or not d.get("tile") else f"hh-{d['tile']}"
    return tag("div", tag("svg", tile_svg(0, 0, SIZE, d.get("kind"), edges, data_piece=piece,
                                          aria_label=tile_label(d.get("kind"), edges)),
                          class_="hh-drawn-tile", viewBox="-44 -44 88 88", role="img",
                          aria_label="Tile to place: " + tile_label(d.get("kind"), edges)),
               button("Turn ⟳", ui=f"rot={(rot + 1) % 6}", label="Turn the tile clockwise (R)"),
               button("Turn ⟲", ui=f"rot={(rot + 5) % 6}", label="Turn the tile anticlockwise (shift R)"),
               button("Place it" if ok else "Choose a cell first", action=action if ok else None,
                      cls="hh-confirm", disabled=not ok),
               class_="hh-drawn")


def _keep_controls(view: dict[str, Any]) -> list[Markup]:
    """Hex Destiny: one button per cluster, named by its first tile."""
    tiles = {(t["q"], t["r"]): t for t in view["board"]}
    where = places_in_words(list(tiles))
    out = []
    for cl in view["clusters"]:
        first = min((tuple(c) for c in cl["cells"]), key=lambda c: (c[1], c[0]))
        n = len(cl["cells"])
        which = f"{kind_tile(tiles.get(first), lone=n == 1)} {where.get(first, '')}".rstrip()
        text = f"Keep the {n} tiles with {which}" if n > 1 else f"Keep {which}"
        out.append(button(text, action=cl["action"]))
    return out


# -- the goal cards --------------------------------------------------------------------------------
def players_panel(view: dict[str, Any], ui: dict[str, Any], names: list[str]) -> Markup:
    """Everyone's goal cards (the solo row, the common card), the hint and the counts."""
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
                       tag("p", facts(f"Completed: {len(view['done'][0])}", f"left in deck: {view['deck']}")),
                       tag("div", cards, class_="hh-row"), class_="hh-player hh-current hh-goal-row"))
    else:
        for seat, hand in enumerate(view["hands"]):
            now = seat == view["turn"] and not view["over"]
            done = len(view["done"][seat])
            notes = [word for word, on in (("you", seat == view["seat"]), ("to play", now)) if on]
            out.append(tag("div", tag("h3", seat_label(names, seat), notes and f" ({', '.join(notes)})",
                                      tag("span", FACT_SEPARATOR, facts(f"goals: {done} of {view['target']}"),
                                          class_="hh-done")),
                           tag("div", [_goal_card(g, "", near) for g in hand] or _NO_GOAL, class_="hh-row"),
                           class_="hh-player hh-current" if now else "hh-player"))
        if view["variants"]["holdem"]:
            out.append(tag("div", tag("h3", "Common goal (scored by the player to move)"),
                           tag("div", _goal_card(view["common"], "", near) if view["common"] else _NONE_LEFT,
                               class_="hh-row"),
                           class_="hh-player hh-common"))
    stall = view["stall"] and f"pile ran out {times(view['stall'])} since the last goal"
    out.append(tag("p", facts(f"Tiles left to draw: {view['pile']}", f"goal cards left: {view['deck']}", stall),
                   class_="hh-counts"))
    return tag("section", out, class_="hh-players", aria_label="Goal cards")


def _goal_card(goal: str, note: str = "", near: dict[str, tuple[int, list[tuple[int, int]]]] | None = None) -> Markup:
    close = near is not None and goal in near and near[goal][0] >= 3
    return tag("figure", card(goal, note), _card_note(goal, near), title=goal_words(goal),
               class_="hh-goal-wrap hh-close" if close else "hh-goal-wrap", data_piece=f"hh-goal-{goal}")


def _card_note(goal: str, near: dict[str, tuple[int, list[tuple[int, int]]]] | None) -> Markup | None:
    if near is None or goal not in near:
        return None
    count = near[goal][0]
    text = "all 4 showing: move one of them" if count == 4 else f"{count} of 4 in place"
    return tag("span", text, class_=f"hh-near-note hh-near-{count}")


_NO_GOAL = tag("p", "No goal card.")
_NONE_LEFT = tag("p", "None left.")
