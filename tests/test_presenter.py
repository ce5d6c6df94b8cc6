"""The page's presenter (`web/ui/presenter.py`) on CPython: what the table shows and does."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from pygame_core import CHANCE, GAMES, Match, get_game
from pygame_core.words import counted

_UI = Path(__file__).resolve().parent.parent / "web" / "ui"
_spec = importlib.util.spec_from_file_location("hex_table_presenter", _UI / "presenter.py")
presenter = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = presenter
_spec.loader.exec_module(presenter)  # type: ignore[union-attr]
Session = presenter.Session


def played(game_id: str, players: int, decisions: int, seed: str = "p", **options) -> Match:
    match = Match.start(get_game(game_id), players, seed=seed, **options)
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match


def finished(game_id: str, players: int, seed: str = "end") -> Match:
    return played(game_id, players, 10 ** 6, seed)


def test_the_deal_is_one_line_and_the_log_groups_by_turn() -> None:
    match = played("hex-please", 4, 9)
    groups = presenter.turns(match)
    assert groups[0].seat is None and len(groups[0].lines) == 1
    seats = [g.seat for g in groups[1:]]
    assert all(a != b for a, b in zip(seats, seats[1:])), "one group per turn"
    decisions = [e for e in match.log if e.seat != CHANCE]
    view = presenter.view_module("hex-please")
    told = [line for e in match.log[match.log.index(decisions[0]):] if str(e.action) != "pass"
            for line in presenter.entry_lines(e, view, match.names)]
    shown = iter(line for g in groups[1:] for line in uncounted(g.lines))
    assert all(line in shown for line in told), "every line, in order (passes may be folded)"


def uncounted(lines) -> list[str]:
    """The lines as they were before `counted` wrote a run of one line once."""
    out = []
    for line in lines:
        base, _, count = line.rpartition(" (")
        if count.endswith(" times)") and count[:-len(" times)")].isdigit():
            out += [base] * int(count[:-len(" times)")])
        else:
            out.append(line)
    return out


def test_the_same_line_several_times_in_a_row_is_one_line_with_a_count() -> None:
    assert counted(["Bo draws a tile"] * 6 + ["Ada lays a tile.", "Ada lays a tile."]) == (
        "Bo draws a tile (6 times)", "Ada lays a tile (2 times)")
    assert counted(["a", "b", "a"]) == ("a", "b", "a")
    match = played("hex-please", 2, 30, seed="counted")
    for group in presenter.turns(match):
        assert all(a != b for a, b in zip(group.lines, group.lines[1:])), group


def test_a_run_of_passes_by_several_players_reads_as_one_line() -> None:
    match = played("hex-hex", 4, 40, seed="passes")
    groups = presenter.turns(match)
    lines = [line for g in groups for line in g.lines]
    passes = [e for e in match.log if str(e.action) == "pass"]
    assert passes, "this game has response windows nobody answered"
    assert any(" pass." in line or "passes." in line for line in lines)
    assert sum(len(g.lines) for g in groups) < len(match.log)


@pytest.mark.parametrize("game_id", ["hex-please", "horrible-hex"])
def test_a_pass_in_a_game_without_response_windows_is_a_turn_of_its_own(game_id: str) -> None:
    match = Match.start(get_game(game_id), 2, seed="own-turn")
    rng = random.Random(5)
    while match.turn_number() < 12 and not match.state.is_over:
        legal = match.state.legal_actions()
        passes = [a for a in legal if str(a) == "pass"]
        match.play(passes[0] if passes and match.turn_number() % 3 == 1 else rng.choice(legal))
    passers = [e.seat for e in match.log if str(e.action) == "pass"]
    assert passers, "the game gave a chance to pass"
    groups = presenter.turns(match)
    for entry in (e for e in match.log if str(e.action) == "pass"):
        own = [g for g in groups if g.seat == entry.seat and entry.text in g.lines]
        assert own, f"{entry.text!r} is told in full, in {match.names[entry.seat]}'s own turn"
    assert not any(line.endswith(" passes.") for g in groups for line in g.lines)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_what_happened_since_a_persons_last_move_leaves_out_their_own_move_and_luck(game_id: str) -> None:
    game = get_game(game_id)
    match = played(game_id, game.default_players, 12, seed="since")
    seat = 0
    lines = presenter.since_last_move(match, seat)
    mine = [i for i, e in enumerate(match.log) if e.seat == seat]
    if mine:
        after = match.log[mine[-1] + 1:]
        while after and after[0].seat == CHANCE:
            after = after[1:]
        view = presenter.view_module(game_id)
        assert lines == list(counted([line for e in after for line in presenter.entry_lines(e, view, match.names)]))


def test_status_says_whose_turn_and_who_won() -> None:
    match = played("hack-and-slash", 3, 0)
    session = Session(match, ["human", "normal", "normal"], "id")
    assert presenter.status_text(session) == "Player 1, your turn."
    over = finished("hack-and-slash", 3)
    session = Session(over, ["human", "normal", "normal"], "id")
    assert presenter.status_text(session).startswith("Game over: ")


def test_the_winner_is_said_by_the_summary_and_not_again_by_the_status_line() -> None:
    over = finished("hack-and-slash", 3)
    over.names = ["Ada", "Bo", "Cy"]
    session = Session(over, ["human", "normal", "normal"], "id")
    won = [over.names[w] for w in over.state.winners]
    assert all(name in presenter.summary(session).headline for name in won)
    assert all(name in presenter.status_text(session) for name in won), "no summary (a guest's table)"
    line = presenter.status_text(session, summed_up=True)
    assert line.startswith("Game over") and not any(name in line for name in over.names)


def test_the_tutorials_learner_wins_in_good_english() -> None:
    over = finished("hack-and-slash", 2, seed="you")
    over.names = ["You", "Bo"]
    session = Session(over, ["human", "normal"], "id")
    text = presenter.status_text(session)
    assert "You wins" not in text and "Bo win." not in text


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_summary_ranks_every_player_and_says_how_a_tie_was_decided(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(6):
        over = finished(game_id, game.default_players, seed=f"sum{seed}")
        session = Session(over, ["human"] * over.players, "id")
        result = presenter.summary(session)
        state = over.state
        assert sorted(st.seat for st in result.standings) == list(range(over.players))
        assert {st.seat for st in result.standings if st.place == 1} == set(state.winners)
        top = max(state.scores)
        if len([s for s in state.scores if s == top]) > len(state.winners):
            assert result.tie_break, "a tie on points decided by a tie-break must say so"
        assert "Game over" in result.headline


def test_rematch_keeps_seats_names_and_options_with_a_new_shuffle() -> None:
    match = played("hex-please", 3, 2, boards="original")
    match.names = ["Ada", "Bo", "Cy"]
    again = presenter.rematch_settings(Session(match, ["human", "easy", "hard"], "id"))
    assert again == {"game_id": "hex-please", "players": 3, "seats": ["human", "easy", "hard"],
                     "names": ["Ada", "Bo", "Cy"], "options": match.options, "seed": None}


class OnlyPass:
    """A view module whose game lets the table pass for a seat whose only move is "pass"."""

    @staticmethod
    def forced(view: dict, legal: list[str]) -> str | None:
        return legal[0] if legal == [legal[0]] else None


def test_the_table_plays_a_persons_only_move_against_computers_unless_asked_not_to() -> None:
    match = played("hack-and-slash", 2, 0)
    session = Session(match, ["human", "normal"], "id")
    assert presenter.may_pass_for(session, ask_anyway=False)
    assert not presenter.may_pass_for(session, ask_anyway=True)
    hot_seat = Session(match, ["human", "human"], "id")
    assert not presenter.may_pass_for(hot_seat, ask_anyway=False), "people sharing a device keep their prompt"
    session.tutorial = object()
    assert not presenter.may_pass_for(session, ask_anyway=False), "a tutorial's moves are the learner's"
    assert not presenter.may_pass_for(Session(finished("hack-and-slash", 2), ["human", "normal"], "id"),
                                      ask_anyway=False)


def test_a_countdown_runs_only_where_several_people_play() -> None:
    match = played("hex-hex", 4, 0)
    alone = Session(match, ["human", "easy", "easy", "easy"], "id")
    assert not presenter.countdown_applies(alone, hosting=False, asked=False)
    assert presenter.countdown_applies(alone, hosting=True, asked=False)
    assert presenter.countdown_applies(alone, hosting=False, asked=True)
    assert presenter.countdown_applies(Session(match, ["human", "human", "easy", "easy"], "id"),
                                       hosting=False, asked=False)


def test_a_shared_device_hands_over_between_people_with_hidden_hands() -> None:
    match = played("hex-please", 2, 0)
    session = Session(match, ["human", "human"], "id")
    first = presenter.scene(session)
    assert first.handoff and first.seat == match.state.current_player
    session.handed_to = first.seat
    assert not presenter.scene(session).handoff
    alone = Session(played("hex-please", 2, 0), ["human", "easy"], "id")
    assert not presenter.scene(alone).handoff


def test_undo_is_off_for_tables_of_several_people_and_in_tutorials() -> None:
    match = played("hex-hex", 4, 3)
    assert not presenter.can_undo(Session(match, ["human", "human", "easy", "easy"], "id"))
    session = Session(match, ["human", "easy", "easy", "easy"], "id")
    assert presenter.can_undo(session) == match.can_undo(0) and presenter.undo_seat(session) == 0
    assert presenter.undo_seat(Session(match, ["easy", "easy", "human", "easy"], "id")) == 2
    session.tutorial = object()
    assert not presenter.can_undo(session)


def test_points_and_lists_read_as_english() -> None:
    assert presenter.points(1) == "1 point" and presenter.points(0) == "0 points"
    assert presenter.and_list(["A", "B", "C"]) == "A, B and C"


def test_a_ui_choice_sets_and_clears_keys():
    ui = {"tile": "R1", "rot": "2"}
    presenter.choose_ui(ui, "cell=0,1;rot=")
    assert ui == {"tile": "R1", "cell": "0,1"}
    presenter.choose_ui(ui, "tile=")
    assert ui == {"cell": "0,1"}


@pytest.mark.parametrize("setting, touch, wanted", [
    (None, True, True), (None, False, False), ("touch", True, True), ("touch", False, False),
    ("always", False, True), ("always", True, True), ("never", True, False), ("never", False, False),
    ("nonsense", True, True), (5, False, False)])
def test_the_confirm_step_is_on_for_touch_screens_unless_set_otherwise(setting, touch, wanted) -> None:
    assert presenter.confirm_step(setting, touch) is wanted


def test_response_windows_are_passed_for_one_person_unless_the_setting_is_off() -> None:
    match = played("hex-hex", 4, 0)
    alone = Session(match, ["human", "easy", "easy", "easy"], "id")
    assert presenter.may_auto_pass(alone, None), "on unless turned off"
    assert presenter.may_auto_pass(alone, True)
    assert not presenter.may_auto_pass(alone, False)
    hot_seat = Session(match, ["human", "human", "easy", "easy"], "id")
    assert not presenter.may_auto_pass(hot_seat, True), "a shared device asks the whole table"
    alone.tutorial = object()
    assert not presenter.may_auto_pass(alone, True), "a tutorial's moves are the learner's"


def test_score_chips_mark_each_seat_and_escape_its_name() -> None:
    chips = str(presenter.score_chips(["<b>Ada</b>", "Bo", "Cy"], [3, 1.5], winners=[0], current=1, away=[2], me=2))
    assert chips.count('class="score-chip') == 3
    assert "&lt;b&gt;Ada&lt;/b&gt;: 3" in chips and "<b>" not in chips
    assert 'class="score-chip winner"' in chips and 'class="score-chip current">Bo: 1.5' in chips
    assert 'class="score-chip me">Cy: 0 (away)' in chips  # a seat with no score yet shows 0
