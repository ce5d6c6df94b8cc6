"""Horrible Hex's view shows words, not codes: no tile id, goal id, coordinate or action
notation reaches a player in the text, labels or tooltips (`data-*` keep the codes)."""

from __future__ import annotations

import html
import random
import re
from typing import Any

from pygame_core.engine import sample_chance
from pygame_core.hexgrid import SQRT3
from pygame_core.horrible_hex import board_svg, drawing, labels, view as hview
from pygame_core.horrible_hex.components import GOAL_IDS
from pygame_core.horrible_hex.rules import GAME, Move
from pygame_core.markup import Markup

from tests.words_check import readable
from test_horrible_hex import P01_LINE, SW, H, _p01_slide_state, make, play_out_chance

CODES = {
    "tile or goal id": re.compile(r"\b[GRWP]\d\d\b"),
    "coordinates": re.compile(r"-?\d+,-?\d+"),
    "action notation": re.compile(r"\b(?:slide|jump|push|swap|place|keep) -?\d"),
    "rotation notation": re.compile(r"\br\d\b"),
    "short direction": re.compile(r"\b(?:NE|NW|SE|SW|E|W)\b"),
    "bare 'pass'": re.compile(r"\bpass\b"),
    "count with the wrong number": re.compile(
        r"\b1 (?:tiles|moves|goals|stars|circles|times)\b|\b(?:0|[2-9]|\d\d+) (?:tile|move|goal|star|circle)\b"
        r"|\(s\)"),
}
def codes_in(markup: str) -> list[tuple[str, str]]:
    return [(what, text) for text in readable(markup) for what, pattern in CODES.items() if pattern.search(text)]


def ui_states(view: dict[str, Any], rng: random.Random) -> list[dict[str, str]]:
    """No selection, each movable tile selected, and the drawn tile previewed on a few cells."""
    states: list[dict[str, str]] = [{}]
    states += [{"sel": f"{q},{r}"} for q, r in {tuple(m["from"]) for m in view["moves"]}]
    for q, r in rng.sample(view["places"], min(3, len(view["places"]))):
        states.append({"cell": f"{q},{r}", "rot": str(rng.randrange(6))})
    return states


SETUPS = [(1, {}), (2, {}), (3, {}), (2, {"destiny": True, "covert": True, "holdem": True}),
          (3, {"destiny": True, "holdem": True, "target": 1}), (3, {"covert": True})]


def test_every_position_is_shown_in_words() -> None:
    rng = random.Random("hh-words")
    checked = 0
    for players, options in SETUPS:
        for _ in range(2):
            state = GAME.new(players, **options)
            steps = 0
            while True:
                if not state.is_chance_node and (state.is_over or rng.random() < 0.25):
                    for seat in [None, *range(players)]:
                        view = state.view(seat)
                        for ui in ui_states(view, rng):
                            found = codes_in(hview.render(view, ui, [f"Player {i + 1}" for i in range(players)]))
                            assert not found, (players, options, seat, ui, found[:3])
                            checked += 1
                if state.is_over or steps > 400:
                    break
                state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_actions()))
                steps += 1
    assert checked > 300


def test_the_keep_step_names_clusters_in_words() -> None:
    """Hex Destiny's 'which cluster stays' step, found by play."""
    rng = random.Random("hh-keep")
    seen = 0
    for _ in range(40):
        state = GAME.new(2, destiny=True, target=5)
        for _ in range(600):
            if state.is_over:
                break
            if state.phase == "keep" and not state.is_chance_node:
                view = state.view(state.current_player)
                markup = hview.render(view, {}, ["Ann", "Bob"])
                assert not codes_in(markup) and "Keep " in markup
                seen += 1
            state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_actions()))
        if seen >= 3:
            break
    assert seen


def test_the_last_completion_and_goal_cards_in_words() -> None:
    state = _p01_slide_state()
    state.apply(Move("S", H(1, 2), SW))
    play_out_chance(state)
    markup = hview.render(state.view(1), {}, ["Ann", "Bob"])
    assert isinstance(markup, Markup)
    assert "Ann completed a goal (Line ★★●●)" in markup and "hh-hit" in markup
    assert "goal card, row 1:" in markup and "Last move: a slide south-west" in markup
    assert not codes_in(markup)


def test_words_for_places_moves_goals_and_counts() -> None:
    where = labels.places_in_words([(0, 0), (1, 0), (0, 1), (-3, 1)])
    assert where == {(0, 0): "in row 1, 1st from the left", (1, 0): "in row 1, 2nd from the left",
                     (-3, 1): "in row 2, 1st from the left", (0, 1): "in row 2, 2nd from the left"}
    assert [labels.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]
    tiles = {(0, 0): {"kind": "G"}, (1, 0): {"kind": "W"}}
    assert labels.beside((0, -1), tiles, labels.places_in_words(list(tiles))) == \
        "north-west of the gray tile in row 1, 1st from the left"
    jump = {"icon": "jump", "dir": 0, "from": [-1, 0], "to": [2, 0], "shift": [[-1, 0, 2, 0]]}
    assert labels.move_words(jump, tiles) == "jump east over 2 tiles"
    swap = {"icon": "swap", "dir": 3, "from": [1, 0], "to": [0, 0], "shift": [[1, 0, 0, 0], [0, 0, 1, 0]]}
    assert labels.move_words(swap, tiles) == "swap west with the gray tile"
    push = {"icon": "push", "dir": 0, "from": [-1, 0], "to": [0, 0], "shift": [[1, 0, 2, 0], [0, 0, 1, 0], [-1, 0, 0, 0]]}
    assert labels.move_words(push, tiles) == "push east, pushing 2 tiles"
    assert labels.last_move_words("push 0,2 W") == "a push west"
    assert labels.last_move_words("pass") == "skipped"
    for goal in GOAL_IDS:
        assert not codes_in(drawing.card(goal, "(leaves unless you complete a goal)"))


def test_rules_text_is_markup() -> None:
    assert isinstance(hview.RULES_HTML, Markup) and "<h2>Horrible Hex</h2>" in hview.RULES_HTML


# -- the table of issue 16: zoom, paths, hints, warnings, announcements --------------------------
def _slide_action(view: dict[str, Any]) -> dict[str, Any]:
    return next(m for m in view["moves"] if m["action"] == str(Move("S", H(1, 2), SW)))


def test_a_move_that_completes_another_players_goal_asks_first() -> None:
    # Bob holds the goal Ann's slide would complete
    state = _p01_slide_state(hands=[["P10", "P12"], ["P01", "P05"]])
    view = state.view(0)
    move = _slide_action(view)
    assert move["completes"] == [[1, "P01"]] and labels.gifts(move, 0) == [1]
    names = ["Ann", "Bob"]
    chosen = hview.render(view, {"sel": "1,2"}, names)
    assert f'data-ui="ask={move["action"]}"' in chosen and "completes Bob&#x27;s goal" in chosen
    assert f'data-action="{move["action"]}"' not in chosen
    asking = hview.render(view, {"sel": "1,2", "ask": move["action"]}, names)
    assert "This completes Bob&#x27;s goal: move anyway?" in asking
    assert f'data-action="{move["action"]}"' in asking and 'data-ui="ask="' in asking
    off = hview.render(view, {"sel": "1,2", "warn": "off"}, names)
    assert f'data-action="{move["action"]}"' in off and f'data-ui="ask={move["action"]}"' not in off
    for markup in (chosen, asking, off):
        assert not codes_in(markup)
    # after the move, the mover is told whose goal it was
    state.apply(Move("S", H(1, 2), SW))
    play_out_chance(state)
    mine, theirs = hview.render(state.view(0), {}, names), hview.render(state.view(1), {}, names)
    assert "Your move completed Bob&#x27;s goal" in mine and "hh-announce-gift" in mine
    assert "Ann&#x27;s move completed your goal" in theirs and "hh-flash-layer" in theirs


def test_own_goal_moves_are_marked_and_every_move_has_a_path() -> None:
    state = _p01_slide_state()
    view = state.view(0)
    markup = hview.render(view, {"sel": "1,2"}, ["Ann", "Bob"])
    assert "hh-dest-goal" in markup and "(completes your goal)" in markup
    moves = [m for m in view["moves"] if m["from"] == [1, 2]]
    assert markup.count('class="hh-path ') == len(moves) and "hh-halo" not in markup  # a chosen tile has no halo
    assert "hh-halo" in hview.render(view, {}, ["Ann", "Bob"])


def test_the_board_zooms_to_the_group() -> None:
    small = board_svg.fit([H(0, 0), H(1, 0), H(0, 1)])
    # a small group: 5 tiles across at least, so tiles stay big in the frame
    assert abs(small[2] - 5 * SQRT3 * drawing.SIZE) < 1e-6
    wide = board_svg.fit([H(q, 0) for q in range(-6, 7)])
    assert wide[2] >= 13 * SQRT3 * drawing.SIZE and wide[2] % board_svg.ZOOM_STEP_X < 1e-6
    # one more tile in the same steps does not change the zoom
    assert board_svg.fit([H(0, 0), H(1, 0), H(0, 1), H(1, 1)])[2:] == small[2:]


def test_the_hint_marks_goals_close_to_completion() -> None:
    state = make(P01_LINE, [["P01"], ["P10"]])   # three of its four tiles, the fourth cell empty
    view = state.view(0)
    near = labels.near_goals(view)
    assert near["P01"][0] == 3 and len(near["P01"][1]) == 3
    markup = hview.render(view, {"near": "1"}, ["Ann", "Bob"])
    assert "3 of 4 in place" in markup and "hh-close" in markup and "hh-near" in markup
    assert "Hide the hint" in markup and not codes_in(markup)


def test_pieces_tooltips_and_the_icon_key() -> None:
    state = _p01_slide_state()
    markup = hview.render(state.view(0), {}, ["Ann", "Bob"])
    assert markup.count("data-piece=\"hh-") >= len(state.board) + 2      # tiles and goal cards
    assert "<title>red tile, gray circle" in markup and 'aria-label="Icon key' in markup
    for word in ("slide", "jump", "push", "swap"):
        assert f"</svg>{word}</li>" in markup
    # phones read "the Turn buttons" instead of "press R" (CSS picks one)
    state.apply(Move("S", H(1, 2), SW))
    play_out_chance(state)
    placing = hview.render(state.view(0), {}, ["Ann", "Bob"])
    assert "press R to turn it" in placing and "turn it with the Turn buttons" in placing


def test_each_goal_cards_caption_says_what_tells_it_from_the_others() -> None:
    """20 of the 26 cards hold 2 stars and 2 circles: a caption that counts them cannot tell
    cards apart at 70 px. The caption names the shape and the symbols in order."""
    captions = {g: labels.goal_summary(g) for g in GOAL_IDS}
    assert len(set(captions.values())) == len(GOAL_IDS), "no two cards share a caption"
    assert captions["P01"] == "Line ★★●●" and captions["P03"] == "Right hook ●★★ ●"
    assert captions["P19"] == "Y, ● in the middle" and captions["P14"] == "Diamond, ★★ at the tips"
    assert all(len(c) <= 24 for c in captions.values()), "short enough for a card 70 px wide"
    assert "<figcaption>Right zigzag ★★●●</figcaption>" in drawing.card("P11")


def test_a_completion_is_said_once_per_owner_and_not_twice_in_one_heading() -> None:
    """A move completing two of Bob's goals read "Ann's move completed Bob's goal (2 stars
    and 2 circles); Ann's move completed Bob's goal (2 stars and 2 circles)", under a
    heading "Completed: Ann's move completed ..."."""
    state = _p01_slide_state()
    state.apply(Move("S", H(1, 2), SW))
    play_out_chance(state)
    view = state.view(1)
    flash = {**view["flash"], "mover": 0, "goals": [{**g, "owner": 1, "goal": goal}
                                                   for g in view["flash"]["goals"] for goal in ("P19", "P17")]}
    words = labels.completion_words(flash, view, ["Ann", "Bob"])
    assert words == "Ann's move completed 2 of your goals (Y, ● in the middle; Left zigzag ★★●●)"
    assert labels.completion_words(flash, {**view, "seat": 0}, ["Ann", "Bob"]) == (
        "Your move completed 2 of Bob's goals (Y, ● in the middle; Left zigzag ★★●●)")
    markup = str(hview.render({**view, "flash": flash}, {}, ["Ann", "Bob"]))
    assert "Completed: " not in markup and "completed 2 of your goals" in markup
    heading = re.search(r'<section class="hh-flash"[^>]*><h3>(.*?)</h3>', markup)
    assert heading and "completed" not in heading.group(1)


def test_a_completion_is_told_once_on_the_page_not_above_and_below_the_board() -> None:
    state = _p01_slide_state()
    state.apply(Move("S", H(1, 2), SW))
    play_out_chance(state)
    for seat in (0, 1):
        view = state.view(seat)
        words = html.escape(labels.completion_words(view["flash"], view, ["Ann", "Bob"]))
        markup = str(hview.render(view, {}, ["Ann", "Bob"]))
        # the board's own caption (aria-hidden) fades with the board as it stood
        caption = markup.count('class="hh-flash-caption"')
        assert markup.count(words) == 1 + caption, f"said {markup.count(words)} times: {words}"
        assert markup.index(words) < markup.index('class="hh-main"'), "said above the board"


def test_the_warning_switch_says_what_it_does() -> None:
    state = _p01_slide_state(hands=[["P10", "P12"], ["P01", "P05"]])
    view = state.view(0)
    on = str(hview.render(view, {}, ["Ann", "Bob"]))
    assert "Ask me to confirm a move that completes another player&#x27;s goal: on" in on
    assert "Ask before completing" not in on

    def pressed(markup: str) -> str:
        found = re.search(r'<button[^>]*class="hh-button hh-warn-toggle"[^>]*aria-pressed="(\w+)"', markup)
        assert found, markup
        return found.group(1)
    assert pressed(on) == "true"
    off = str(hview.render(view, {"warn": "off"}, ["Ann", "Bob"]))
    assert "Ask me to confirm a move that completes another player&#x27;s goal: off" in off
    assert pressed(off) == "false"


def test_a_players_goal_heading_says_you_and_to_play_in_one_aside() -> None:
    """The heading over the goals of the player at this device, to play now, read "Ada (you)
    (to play)": one aside says both."""
    state = GAME.new(2)
    play_out_chance(state)
    assert state.current_player == 0
    for seat, mine in ((0, ["Ada (you, to play)", "Bo"]), (1, ["Ada (to play)", "Bo (you)"])):
        markup = str(hview.render(state.view(seat), {}, ["Ada", "Bo"]))
        assert [readable(h)[0] for h in re.findall(r"<h3>.*?</h3>", markup)] == mine


def test_a_goal_count_is_never_parted_from_what_it_counts() -> None:
    """A phone's heading read "Player 2 · goals: 0 of" / "3"; the counts under the goals are
    facts the line wraps between, never inside."""
    facts_in = lambda markup: [readable(f) for f in re.findall(r'<span class="fact">(.*?)</span>', markup)]
    state = GAME.new(2)
    play_out_chance(state)
    markup = str(hview.render(state.view(0), {}, ["Ada", "Bo"]))
    headings = [(readable(h)[0], facts_in(h)) for h in re.findall(r"<h3>(.*?)</h3>", markup) if "fact" in h]
    assert headings == [("Ada (you, to play)", [["goals: 0 of 3"]]), ("Bo", [["goals: 0 of 3"]])]
    counts = re.search(r'<p class="hh-counts">(.*?)</p>', markup)
    assert counts and [f[0].split(":")[0] for f in facts_in(counts.group(1))] == [
        "Tiles left to draw", "goal cards left"]
    solo = GAME.new(1)
    play_out_chance(solo)
    row = re.search(r"<h3>Goal row \(left to right\)</h3><p>(.*?)</p>", str(hview.render(solo.view(0), {}, ["Ada"])))
    assert row and facts_in(row.group(1)) == [["Completed: 0"], [f"left in deck: {solo.view(0)['deck']}"]]
