"""The Hack & Slash table as HTML with inline SVG: a pure function of a seat's view.

Quest cards are buttons carrying `data-action` when they can be chosen; after a failed
roll each die is a rescue button. `ui["odds"]` switches on the "what are my chances?"
readout. All markup is built with `pygame_core.markup`, so names and texts are escaped
by construction. See docs/adding-a-game.md for the contract.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from ..viewlimits import ViewLimits, shape_problem
from ..markup import Markup, facts, join, tag, trusted
from .table import (  # noqa: F401 - the hooks the table uses (docs/adding-a-game.md)
    SETUP_TEXT, event_words, forced, score_breakdown, suggest_ui, tie_break)
from .components import ADVENTURERS_AT_START, BRAG, QUESTS_BY_ID, Quest
from .odds import reroll_chance, success_chance

PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}

MEEPLE = trusted('<svg class="hs-meeple" viewBox="0 0 20 20" aria-hidden="true"><path d="M10 1.5a3.2 3.2 0 1 1 0 '
                 '6.4a3.2 3.2 0 1 1 0-6.4M3 10.5c0-1.4 2-2.5 7-2.5s7 1.1 7 2.5l-2.2 1.2 1.7 6.8h-4.4L10 14.6 8.9 '
                 '18.5H4.5l1.7-6.8z"/></svg>')
STAR = trusted('<svg class="hs-star" viewBox="0 0 20 20" aria-hidden="true"><path d="M10 1l2.7 5.8 6.3.7-4.7 4.3 1.3 '
               '6.2L10 15l-5.6 3 1.3-6.2L1 7.5l6.3-.7z"/></svg>')


def plural(count: float, word: str, words: str | None = None) -> str:
    """'1 point', '2 points', '1.5 points'."""
    return f"{count:g} {word if count == 1 else words or word + 's'}"


@lru_cache(maxsize=None)
def die_svg(face: int, extra_class: str = "") -> Markup:
    """A die showing `face` (decorative: the element around it carries the words)."""
    return tag("svg", tag("rect", x=1, y=1, width=26, height=26, rx=5),
               [tag("circle", cx=6 + x * 8, cy=6 + y * 8, r=2.2) for x, y in PIPS[face]],
               class_=f"hs-die {extra_class}".strip(), viewBox="0 0 28 28", aria_hidden="true")


def quest_label(q: Quest) -> str:
    goal = f"exactly {q.goal}" if q.exact else f"{q.goal} or more"
    reward = [plural(q.points, "point")] if q.points or not q.recruit else []
    reward += ["a new adventurer"] if q.recruit else []
    return f"{q.name}: send {plural(q.challenge, 'adventurer')}, roll {goal}; reward {' and '.join(reward)}"


@lru_cache(maxsize=None)
def _quest_body(q: Quest) -> Markup:
    """The card's fixed parts: name, words for screen readers, icons and flavour."""
    goal = join(tag("span", "exactly", class_="hs-goal-kind"), " ", q.goal) if q.exact else f"{q.goal}+"
    reward = join(STAR, q.points) if q.points or not q.recruit else None
    said = quest_label(q).split(": ", 1)[1]
    return join(tag("span", q.name, class_="hs-name"),
                tag("span", f": {said}.", class_="visually-hidden"),
                tag("span", [MEEPLE] * q.challenge, class_="hs-challenge", title="adventurers needed",
                    aria_hidden="true"),
                tag("span", goal, class_="hs-goal", title="roll needed", aria_hidden="true"),
                tag("span", reward, q.recruit and tag("span", "+", MEEPLE, class_="hs-plus"),
                    class_="hs-reward", title="reward", aria_hidden="true"),
                tag("span", q.flavour, class_="hs-flavour"))


def quest_card(q: Quest, legal: set[str], ui: dict[str, str], active: bool, home: int,
               party: tuple[str, ...] = ()) -> Markup:
    """A card; its text (icons spelled out for screen readers) is the button's name.

    With the odds readout on, it shows the chance of success and, when the player would
    still have someone at home to send, the chance with a rescue of the best die. `party`
    names the meeples out on this quest (they walk here from their guild).
    """
    return _quest_card(q, f"go {q.id}" in legal, bool(ui.get("odds")), active, home > q.challenge, party)


@lru_cache(maxsize=512)
def _quest_card(q: Quest, can: bool, odds: bool, active: bool, rescue: bool,
                party: tuple[str, ...] = ()) -> Markup:
    # Cached: the page redraws the table after every click, and a card has few states.
    readout = None
    if odds:
        then = f"{success_chance(q, True):.0%} with a rescue" if rescue else "no one left for a rescue"
        readout = tag("span", facts(f"{success_chance(q):.0%}", then), class_="hs-odds")
    out = party and tag("span", [tag("span", MEEPLE, class_="hs-walker", data_piece=name) for name in party],
                        class_="hs-party", role="img", aria_label=f"{plural(len(party), 'adventurer')} on this quest")
    body = join(_quest_body(q), readout, out or None)
    classes = "hs-card" + (" hs-brag" if q is BRAG else "") + (" hs-on-quest" if active else "")
    title = quest_label(q)
    piece = f"hs-q-{q.id}"
    if can:
        return tag("button", body, type="button", class_=f"{classes} hs-can", data_action=f"go {q.id}",
                   title=title, data_piece=piece)
    return tag("div", body, class_=classes, title=title, data_piece=piece)


@lru_cache(maxsize=None)
def _die(face: int, label: str, extra_class: str = "", piece: str | None = None) -> Markup:
    return tag("span", die_svg(face, extra_class), class_="hs-die-still", role="img", aria_label=label,
               title=label, data_piece=piece)


@lru_cache(maxsize=None)
def _rescue_button(face: int, piece: str | None = None, chance: float | None = None) -> Markup:
    label = f"Rescue: reroll a die showing {face}"
    said = f"{label} ({chance:.0%} to succeed)" if chance is not None else label
    return tag("span",
               tag("button", die_svg(face), type="button", class_="hs-die-button", data_action=f"rescue {face}",
                   aria_label=said, title=said, data_piece=piece),
               chance is not None and tag("span", f"reroll: {chance:.0%}", class_="hs-die-odds", aria_hidden="true"),
               class_="hs-die-choice")


_QUIT_BUTTON = tag("button", "Quit: all go to the Tavern", type="button", class_="hs-quit", data_action="quit")
_QUIT = tag("p", _QUIT_BUTTON, class_="hs-choices")
_QUIT_NO_RESCUE = tag("p", _QUIT_BUTTON, tag("span", "No rescue possible: nobody is left at home.", class_="hs-note"),
                      class_="hs-choices")
# Before the game's first roll the dice panel shows where a roll lands (blank dice and what they
# decide) in the room a roll will take: no empty band, and the panels below stay put when it comes.
NO_ROLL_YET = join(
    tag("p", "No roll yet: the dice of the quest picked land here, one for each adventurer sent.",
        class_="hs-result hs-note hs-no-roll"),
    tag("div", [tag("svg", tag("rect", x=1, y=1, width=26, height=26, rx=5), class_="hs-die hs-blank",
                    viewBox="0 0 28 28", aria_hidden="true")] * 3, class_="hs-dice-row"))
_PASS = tag("p", tag("button", "Nobody is at home: pass", type="button", data_action="pass", class_="primary"),
            class_="hs-choices")


def dice_panel(view: dict[str, Any], names: Sequence[str], legal: set[str], odds: bool = False) -> Markup:
    parts: list[Markup] = []
    last = view.get("last_roll")
    if view["phase"] == "failed" and view["quest"]:
        q = QUESTS_BY_ID[view["quest"]]
        total = sum(view["dice"])
        parts.append(tag("p", f"{names[view['turn']]} rolled {total}; {q.name} needs {q.goal_text}. "
                              "Quit, or send a rescuer and reroll one die:", class_="hs-result hs-fail"))
        dice = []
        rolled = tuple(view["dice"])
        for i, face in enumerate(view["dice"]):
            action = f"rescue {face}"
            if action in legal:
                chance = reroll_chance(q, rolled, i) if odds else None
                dice.append(_rescue_button(face, f"hs-die-{i}", chance))
            else:
                dice.append(_die(face, f"die showing {face}", "", f"hs-die-{i}"))
        parts.append(tag("div", dice, class_="hs-dice-row"))
        no_rescue = not any(a.startswith("rescue") for a in legal) and "quit" in legal
        parts.append(_QUIT_NO_RESCUE if no_rescue else _QUIT)
        if any(a.startswith("rescue") for a in legal):
            parts.append(tag("p", _odds_toggle(odds, "What are my chances with a reroll?"),
                             odds and tag("span", "The chance that rerolling that die alone makes the roll.",
                                          class_="hs-note"), class_="hs-choices"))
    elif last:
        q = QUESTS_BY_ID[last["quest"]]
        dice, marked = [], False
        for face in last["dice"]:
            rerolled = last["rerolled"] == face and not marked
            marked = marked or rerolled
            note = ", the rescued die" if rerolled else ""
            dice.append(_die(face, f"die showing {face}{note}", "hs-rolled" + (" hs-rerolled" if rerolled else ""),
                             f"hs-die-{len(dice)}"))
        verdict = "success" if last["success"] else "failure"
        parts.append(tag("p", f"{names[last['seat']]} on {q.name}: {sum(last['dice'])} against "
                              f"{q.goal_text}, {verdict}.", class_=f"hs-result hs-{verdict}"))
        parts.append(tag("div", dice, class_="hs-dice-row"))
    elif not view["over"]:
        parts.append(NO_ROLL_YET)
    if "pass" in legal:
        parts.append(_PASS)
    return tag("section", parts, class_="hs-dice", aria_label="Dice")


def guild(view: dict[str, Any], seat: int, names: Sequence[str]) -> Markup:
    current = seat == view["turn"] and not view["over"]
    roll = (view.get("rolls") or [None] * view["players"])[seat]
    key = (roll["quest"], tuple(roll["dice"]), roll["rerolled"], roll["success"]) if roll else None
    return _guild(names[seat], seat == view["seat"], view["home"][seat], view["scores"][seat],
                  current, seat in view["winners"], tuple(view["scored"][seat]), seat, key)


@lru_cache(maxsize=1024)
def _guild(name: str, you: bool, home: int, score: float, current: bool, winner: bool,
           scored: tuple[str, ...], seat: int = 0,
           roll: tuple[str, tuple[int, ...], int | None, bool] | None = None) -> Markup:
    # Cached: a click changes one guild at most; the others are drawn again as they were.
    mark = " (you)" if you else ""
    return tag(
        "section",
        tag("h3", name, mark),
        _home(home, seat),
        _score(score),
        _guild_roll(roll),
        _pile(scored),
        class_="hs-guild" + (" hs-current" if current else "") + (" hs-winner" if winner else ""),
        aria_label=f"{name}{mark}: {plural(score, 'point')}, {home} at home")


@lru_cache(maxsize=None)
def _guild_roll(roll: tuple[str, tuple[int, ...], int | None, bool] | None) -> Markup | None:
    """The guild's latest roll, by the guild: small dice, the total against the goal, the result."""
    if roll is None:
        return None
    quest_id, dice, rerolled, success = roll
    q = QUESTS_BY_ID[quest_id]
    verdict = "success" if success else "failure"
    faces, marked = [], False
    for face in dice:
        again = rerolled == face and not marked
        marked = marked or again
        faces.append(die_svg(face, "hs-mini" + (" hs-rerolled" if again else "")))
    rescued = " after a rescue" if rerolled is not None else ""
    said = f"Last roll: {q.name}, {sum(dice)} against {q.goal_text}{rescued}, {verdict}"
    return tag("p", tag("span", faces, class_="hs-mini-dice"),
               tag("span", f"{sum(dice)} vs {q.goal_text}", class_="hs-mini-total"),
               tag("span", "✔" if success else "✘", class_=f"hs-mini-verdict hs-{verdict}"),
               tag("span", q.name, class_="hs-mini-quest"),
               class_=f"hs-last hs-last-{verdict}", role="img", aria_label=said, title=said)


@lru_cache(maxsize=None)
def _home(home: int, seat: int = 0) -> Markup:
    meeples = [tag("span", MEEPLE, class_="hs-walker", data_piece=f"hs-m{seat}-{i}") for i in range(min(home, 12))]
    return tag("p", meeples, home > 12 and tag("small", f"+{home - 12}"),
               tag("span", home, class_="hs-count"), class_="hs-home", title="adventurers at home")


@lru_cache(maxsize=None)
def _score(score: float) -> Markup:
    return tag("p", STAR, tag("b", f"{score:g}"), " point" if score == 1 else " points", class_="hs-score")


@lru_cache(maxsize=1024)
def _pile(scored: tuple[str, ...]) -> Markup:
    return tag("ul", [_scored(q) for q in scored], class_="hs-pile")


@lru_cache(maxsize=None)
def _scored(quest_id: str) -> Markup:
    q = QUESTS_BY_ID[quest_id]
    return tag("li", q.name, " ", tag("b", q.points), data_piece=f"hs-q-{q.id}")


@lru_cache(maxsize=None)
def _odds_toggle(on: bool, text: str = "What are my chances?") -> Markup:
    return tag("button", text, type="button", class_="hs-toggle",
               data_ui=f"odds={'' if on else '1'}", aria_pressed="true" if on else "false")


def render(view: dict[str, Any], ui: dict[str, str], names: Sequence[str]) -> Markup:
    legal = set(view["legal"])
    active = view["quest"]
    turn = view["turn"]
    home = view["home"][turn]
    rescue = view["phase"] == "failed" and bool(legal)
    # during a rescue the chances are those of each die's reroll, shown by the dice, not the cards'
    card_ui = {} if rescue else ui
    party = tuple(f"hs-m{turn}-{home + i}" for i in range(QUESTS_BY_ID[active].challenge + view["rescued"])) \
        if active else ()
    cards = tuple(quest_card(QUESTS_BY_ID[q], legal, card_ui, q == active, home, party if q == active else ())
                  for q in [BRAG.id, *view["face_up"]])
    ending = view["ending_reason"] if view["ending"] and not view["over"] else None
    choices = [a for a in legal if a.startswith("go ")]
    prompt = choose_prompt(home, len(choices) < len(cards)) if choices else RESCUE_PROMPT if rescue else None
    return tag(
        "div",
        _quests(cards, view["round"], view["pile"], view["tavern"], bool(card_ui.get("odds")), ending, not rescue,
                prompt, bool(choices)),
        dice_panel(view, names, legal, bool(ui.get("odds")) and rescue),
        tag("div", [guild(view, s, names) for s in range(view["players"])], class_="hs-guilds"),
        class_="hs-table", data_phase=view["phase"])


def choose_prompt(home: int, some_out_of_reach: bool = False) -> str:
    """What the turn's one decision asks, said above the cards that answer it."""
    prompt = f"Pick a quest: send the adventurers it asks for ({home} at home) and roll a die for each."
    return prompt + (" Dashed cards need more than you have." if some_out_of_reach else "")


# Said where the quest prompt stood, so that the table below does not move when a roll fails.
RESCUE_PROMPT = "The roll fell short: reroll one die with a rescuer, or quit."


@lru_cache(maxsize=64)
def _quests(cards: tuple[Markup, ...], round_: int, pile: int, tavern: int, odds: bool,
            ending: str | None, toggle: bool = True, prompt: str | None = None, pick: bool = False) -> Markup:
    # Cached: most clicks change the dice or a guild, not the quests on the table. The prompt's
    # line is always there (empty while another player decides): the panels below stay put.
    return tag("section",
               tag("p", prompt or "", class_="hs-prompt", id="hs-prompt", aria_hidden=None if prompt else "true"),
               tag("div", cards, class_="hs-row", role="group" if pick else None, data_rove="cards",
                   aria_labelledby="hs-prompt" if pick else None),
               tag("p", tag("span", facts(f"Round {round_}", f"{plural(pile, 'quest')} left in the pile",
                                          f"Tavern: {plural(tavern, 'adventurer')}")),
                   toggle and _odds_toggle(odds), class_="hs-pile-count"),  # two flex items: the line, the toggle
               ending is not None and tag("p", f"Last round: {ending}; the game ends before the first "
                                               "player's next turn.", class_="hs-ending"),
               class_="hs-quests", aria_label="Quests")


# Constant markup from our source; the one number in it goes in as text.
RULES_HTML = join(trusted("""
<h3>Hack &amp; Slash in short</h3>
<p>You run a guild of adventurers. Everyone starts with """), ADVENTURERS_AT_START, trusted(""" at home. On your turn pick one
face-up quest you can staff, send that many adventurers and roll one die for each of them.</p>
<ul>
<li><b>Brag at the Tavern</b> is always there. It needs one adventurer rolling 5 or more, scores nothing and
stays on the table, but a success adds an adventurer to your guild.</li>
<li>Three other quests lie face up. A quest shows how many adventurers (and dice) it needs, the roll it asks
for (<i>7+</i> means 7 or more, a plain <i>7</i> means exactly 7) and its reward in points, sometimes with a
new adventurer.</li>
<li><b>Success:</b> your adventurers come home, you keep the card for its points and a new quest is
turned up.</li>
<li><b>Failure:</b> either your party quits (they go to the Tavern for good), or, once per quest and only
with someone still at home, you send one rescuer and reroll exactly one die of your choice. If that still
fails, the whole party, rescuer included, goes to the Tavern.</li>
</ul>
<h3>The end</h3>
<p>If you have nobody at home when your turn starts, you pass. From then on, or from the moment a new quest is
needed and the pile is empty, the round is finished and the game ends just before the first player would
start again, so everyone has had the same number of turns.</p>
<p>Most points wins. A tie goes to the player with more adventurers at home; if that is equal too, the
tied players share the win.</p>
<h3>Choices of our edition</h3>
<ul>
<li>The 20 quest cards are ours: the odds of each, with and without a rescue, are listed in the game's
documentation and shown on the cards when you switch on <i>What are my chances?</i>.</li>
<li>Two players may play as an option (the box says 3–6).</li>
<li>Seat 1 is the first player.</li>
</ul>
"""))


VIEW_LIMITS = ViewLimits(nodes=2_000, number=10_000, items=300, text=600, depth=8)
"""How large this game's views ever get, with room to spare (real games reach about 120 values, numbers to 34, lists of 23)."""


def view_problem(view: dict[str, Any], players: int) -> str | None:
    """Why `view` is not one this game draws (see pygame_core/viewlimits.py), or None."""
    return shape_problem(view, VIEW_LIMITS)
