"""The Hack & Slash table as HTML with inline SVG: a pure function of a seat's view.

Quest cards are buttons carrying `data-action` when they can be chosen; after a failed
roll each die is a rescue button. `ui["odds"]` switches on the "what are my chances?"
readout. See docs/adding-a-game.md for the contract.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from .components import ADVENTURERS_AT_START, BRAG, QUESTS_BY_ID, Quest
from .odds import success_chance

PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}

MEEPLE = ('<svg class="hs-meeple" viewBox="0 0 20 20" aria-hidden="true"><path d="M10 1.5a3.2 3.2 0 1 1 0 '
          '6.4a3.2 3.2 0 1 1 0-6.4M3 10.5c0-1.4 2-2.5 7-2.5s7 1.1 7 2.5l-2.2 1.2 1.7 6.8h-4.4L10 14.6 8.9 '
          '18.5H4.5l1.7-6.8z"/></svg>')
STAR = ('<svg class="hs-star" viewBox="0 0 20 20" aria-hidden="true"><path d="M10 1l2.7 5.8 6.3.7-4.7 4.3 1.3 '
        '6.2L10 15l-5.6 3 1.3-6.2L1 7.5l6.3-.7z"/></svg>')


def die_svg(face: int, extra_class: str = "") -> str:
    pips = "".join(f'<circle cx="{6 + x * 8}" cy="{6 + y * 8}" r="2.2"/>' for x, y in PIPS[face])
    return (f'<svg class="hs-die {extra_class}" viewBox="0 0 28 28" aria-hidden="true">'
            f'<rect x="1" y="1" width="26" height="26" rx="5"/>{pips}</svg>')


def quest_label(q: Quest) -> str:
    goal = f"exactly {q.goal}" if q.exact else f"{q.goal} or more"
    reward = [f"{q.points} point{'s' if q.points != 1 else ''}"] if q.points or not q.recruit else []
    reward += ["a new adventurer"] if q.recruit else []
    return (f"{q.name}: send {q.challenge} adventurer{'s' if q.challenge > 1 else ''}, "
            f"roll {goal}; reward {' and '.join(reward)}")


def quest_card(q: Quest, legal: set[str], ui: dict[str, str], active: bool, home: int) -> str:
    """A card; its text (icons spelled out for screen readers) is the button's name.

    With the odds readout on, it shows the chance of success and, when the player would
    still have someone at home to send, the chance with a rescue of the best die.
    """
    action = f"go {q.id}"
    odds = ""
    if ui.get("odds"):
        rescue = (f"{success_chance(q, True):.0%} with a rescue" if home > q.challenge
                  else "no one left for a rescue")
        odds = f'<span class="hs-odds">{success_chance(q):.0%} · {rescue}</span>'
    goal = f'<span class="hs-goal-kind">exactly</span> {q.goal}' if q.exact else f"{q.goal}+"
    reward = f"{STAR}{q.points}" if q.points or not q.recruit else ""
    if q.recruit:
        reward += f'<span class="hs-plus">+{MEEPLE}</span>'
    said = quest_label(q).split(": ", 1)[1]
    body = (f'<span class="hs-name">{escape(q.name)}</span>'
            f'<span class="visually-hidden">: {escape(said)}.</span>'
            f'<span class="hs-challenge" title="adventurers needed" aria-hidden="true">{MEEPLE * q.challenge}</span>'
            f'<span class="hs-goal" title="roll needed" aria-hidden="true">{goal}</span>'
            f'<span class="hs-reward" title="reward" aria-hidden="true">{reward}</span>'
            f'<span class="hs-flavour">{escape(q.flavour)}</span>{odds}')
    classes = "hs-card" + (" hs-brag" if q is BRAG else "") + (" hs-on-quest" if active else "")
    if action in legal:
        return f'<button type="button" class="{classes} hs-can" data-action="{action}">{body}</button>'
    return f'<div class="{classes}">{body}</div>'


def dice_panel(view: dict[str, Any], names: Sequence[str], legal: set[str]) -> str:
    parts = []
    last = view.get("last_roll")
    if view["phase"] == "failed" and view["quest"]:
        q = QUESTS_BY_ID[view["quest"]]
        total = sum(view["dice"])
        parts.append(f'<p class="hs-result hs-fail">{escape(names[view["turn"]])} rolled {total}; '
                     f'{escape(q.name)} needs {q.goal_text}. Quit, or send a rescuer and reroll one die:</p>')
        dice = []
        for face in view["dice"]:
            action = f"rescue {face}"
            if action in legal:
                dice.append(f'<button type="button" class="hs-die-button" data-action="{action}" '
                            f'aria-label="Rescue: reroll a die showing {face}">{die_svg(face)}</button>')
            else:
                dice.append(f'<span class="hs-die-still" role="img" aria-label="die showing {face}">'
                            f'{die_svg(face)}</span>')
        parts.append(f'<div class="hs-dice-row">{"".join(dice)}</div>')
        buttons = ['<button type="button" class="hs-quit" data-action="quit">Quit: all go to the Tavern</button>']
        if not any(a.startswith("rescue") for a in legal) and "quit" in legal:
            buttons.append('<span class="hs-note">No rescue possible: nobody is left at home.</span>')
        parts.append(f'<p class="hs-choices">{"".join(buttons)}</p>')
    elif last:
        q = QUESTS_BY_ID[last["quest"]]
        dice, marked = [], False
        for face in last["dice"]:
            rerolled = last["rerolled"] == face and not marked
            marked = marked or rerolled
            cls = "hs-rolled" + (" hs-rerolled" if rerolled else "")
            note = ", the rescued die" if rerolled else ""
            dice.append(f'<span class="hs-die-still" role="img" aria-label="die showing {face}{note}">'
                        f'{die_svg(face, cls)}</span>')
        verdict = "success" if last["success"] else "failure"
        parts.append(f'<p class="hs-result hs-{verdict}">{escape(names[last["seat"]])} on '
                     f'{escape(q.name)}: {sum(last["dice"])} against {q.goal_text}, {verdict}.</p>')
        parts.append(f'<div class="hs-dice-row">{"".join(dice)}</div>')
    if "pass" in legal:
        parts.append('<p class="hs-choices"><button type="button" data-action="pass" class="primary">'
                     'Nobody is at home: pass</button></p>')
    return f'<section class="hs-dice" aria-label="Dice">{"".join(parts)}</section>'


def guild(view: dict[str, Any], seat: int, names: Sequence[str]) -> str:
    home = view["home"][seat]
    current = " hs-current" if seat == view["turn"] and not view["over"] else ""
    winner = " hs-winner" if seat in view["winners"] else ""
    meeples = MEEPLE * min(home, 12) + (f"<small>+{home - 12}</small>" if home > 12 else "")
    cards = "".join(f'<li>{escape(QUESTS_BY_ID[q].name)} <b>{QUESTS_BY_ID[q].points}</b></li>'
                    for q in view["scored"][seat])
    you = " (you)" if seat == view["seat"] else ""
    return (f'<section class="hs-guild{current}{winner}" aria-label="{escape(names[seat], quote=True)}{you}: '
            f'{view["scores"][seat]:g} points, {home} at home">'
            f'<h3>{escape(names[seat])}{you}</h3>'
            f'<p class="hs-home" title="adventurers at home">{meeples}<span class="hs-count">{home}</span></p>'
            f'<p class="hs-score">{STAR}<b>{view["scores"][seat]:g}</b> points</p>'
            f'<ul class="hs-pile">{cards}</ul></section>')


def render(view: dict[str, Any], ui: dict[str, str], names: Sequence[str]) -> str:
    legal = set(view["legal"])
    active = view["quest"]
    home = view["home"][view["turn"]]
    cards = [quest_card(QUESTS_BY_ID[q], legal, ui, q == active, home)
             for q in [BRAG.id, *view["face_up"]]]
    odds_toggle = (f'<button type="button" class="hs-toggle" data-ui="odds={"" if ui.get("odds") else "1"}" '
                   f'aria-pressed="{"true" if ui.get("odds") else "false"}">What are my chances?</button>')
    ending = ""
    if view["ending"] and not view["over"]:
        ending = (f'<p class="hs-ending">Last round: {escape(view["ending_reason"])}; the game ends '
                  'before the first player\'s next turn.</p>')
    guilds = "".join(guild(view, s, names) for s in range(view["players"]))
    return (f'<div class="hs-table">'
            f'<section class="hs-quests" aria-label="Quests"><div class="hs-row">{"".join(cards)}</div>'
            f'<p class="hs-pile-count">Round {view["round"]} · {view["pile"]} quest'
            f'{"s" if view["pile"] != 1 else ""} left in the pile · Tavern: {view["tavern"]} '
            f'adventurers {odds_toggle}</p>{ending}</section>'
            f'{dice_panel(view, names, legal)}'
            f'<div class="hs-guilds">{guilds}</div></div>')


RULES_HTML = f"""
<h3>Hack &amp; Slash in short</h3>
<p>You run a guild of adventurers. Everyone starts with {ADVENTURERS_AT_START} at home. On your turn pick one
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
"""
