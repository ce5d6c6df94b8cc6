"""Horrible Hex in the browser: the board area as HTML with inline SVG.

`render(view, ui, names)` is a pure function of a seat's view (see
`HorribleHexState.view`) and of page-local `ui` state:

- ``sel=q,r``   the tile whose moves are shown (move step);
- ``cell=q,r``  the empty cell where the drawn tile is previewed (placement step);
- ``rot=0..5``  the preview's turn (the "r" key turns it clockwise, "R" back);
- ``ask=<move>`` a move that completes another player's goal, waiting for "move anyway";
- ``warn=off``  do not ask first; ``near=1`` mark the goals one tile short.

Labels say what a sighted player sees, where a tile is as a player would say it (its row
from the top and its place from the left; an empty cell by the tile beside it): no
coordinate, tile or goal id reaches the page except in `data-*` attributes. All markup is
built with `pygame_core.markup`, so names and texts are escaped by construction.

The parts: `board_svg` (the board), `controls` (the decision at hand and the goal cards),
`drawing` (tiles, icons, cards, buttons), `labels` (the words); the table's hooks live in
`table`.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..viewlimits import ViewLimits, shape_problem
from ..markup import Markup, join, tag, trusted
from .board_svg import board_svg, flash_svg
from .controls import controls, players_panel
from .drawing import ICON_KEY, ui_rot
from .labels import completion_words, last_move_words, seat_label
from .table import (  # noqa: F401 - the hooks the table uses (docs/adding-a-game.md)
    SETUP_TEXT, event_words, forced, score_breakdown, suggest_ui, tie_break)

__all__ = ["RULES_HTML", "render", "handle_key",
           "SETUP_TEXT", "event_words", "forced", "score_breakdown", "suggest_ui", "tie_break"]


_KEYS_R = join(tag("span", "press R to turn it", class_="hh-keys"),
               tag("span", "turn it with the Turn buttons", class_="hh-touch"))


def _status(view: dict[str, Any], names: list[str]) -> Markup | str:
    if view["over"]:
        if view["solo"]:
            n = len(view["done"][0])
            return f"Game over: {n} goal{'s' if n != 1 else ''} completed. ({view['end_reason']})"
        # who won is said once, by the table (its end summary, or a guest's status line)
        return f"Game over: {view['end_reason']}." if view["end_reason"] else "Game over."
    current = view["current"]
    if current is None or current < 0:
        return "Dealing…"
    who = seat_label(names, current)
    if not view["legal"]:
        return f"Waiting for {who}."
    if view["phase"] == "place":
        return join(f"{who}: place the drawn tile on a dashed cell; ", _KEYS_R, ".")
    return {
        "move": f"{who}: move one of the glowing tiles by one of its edge icons, or skip the move.",
        "keep": f"{who}: the group broke apart; choose the cluster that stays.",
        "swap": f"{who}: someone completed a goal; trade your goal for a new one, or keep it.",
    }.get(view["phase"], who)


def render(view: dict[str, Any], ui: dict[str, Any], names: Sequence[str]) -> Markup:
    """The board area for one seat's view; pure."""
    names = list(names) or [f"Player {i + 1}" for i in range(view["players"])]
    flash = view.get("flash")
    completion = announce = None
    if flash and flash["turn"] >= view["turns"] - 1:
        words = completion_words(flash, view, names)
        # the words are said once, above the board; under it the drawing of the pattern
        completion = tag("section", tag("h3", "The pattern as it stood"), flash_svg(flash, names),
                         tag("p", _after_completion(view)), class_="hh-flash", aria_label="Last completion")
        gift = flash.get("mover") == view["seat"] and any(
            isinstance(g["owner"], int) and g["owner"] != view["seat"] for g in flash["goals"])
        announce = tag("p", words, ".", class_="hh-announce" + (" hh-announce-gift" if gift else ""))
    return tag(
        "div",
        announce,
        tag("p", _status(view, names), class_="hh-status", role="status"),
        tag("div", board_svg(view, ui, names),
            tag("div", controls(view, ui, names), ICON_KEY, players_panel(view, ui, names), class_="hh-side"),
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
            return {**ui, "rot": str((ui_rot(ui) + 1) % 6)}
        if key == "R":
            return {**ui, "rot": str((ui_rot(ui) + 5) % 6)}
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


VIEW_LIMITS = ViewLimits(nodes=5_000, number=1_000, items=1_000, text=600, depth=8)
"""How large this game's views ever get, with room to spare (real games reach about 560 values, numbers to 45, lists of 170)."""


def view_problem(view: dict[str, Any], players: int) -> str | None:
    """Why `view` is not one this game draws (see pygame_core/viewlimits.py), or None."""
    return shape_problem(view, VIEW_LIMITS)
