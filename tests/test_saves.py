"""Hostile and damaged saves: every one is refused with a SaveError that says why, quickly.

Each kind of damage has its own named test, then Hypothesis fuzzes the loader with
random bytes, random text, random JSON put in each field of a real save and mutated
action logs. Saves stored by older formats (`tests/fixtures/saves/<game>-format<N>.json`)
must still load. Every refusal must take well under a second (`FAST`, generous).
"""

from __future__ import annotations

import functools
import json
import random
import re
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.fuzzing import hostile

from pygame_core import CHANCE, Match, SaveError, game_ids, get_game, saves

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
FAST = 1.0  # CPU seconds of this process (time.process_time): other work on a busy machine does not count
"""Seconds any load may take, accepted or refused (the real bound is far lower)."""

FUZZ = hostile(150, 3000, print_blob=True)


def played_match(game_id: str = "hack-and-slash", players: int = 3, decisions: int = 20,
                 seed: str = "saves", **options) -> Match:
    """A match some way into the game, by random decisions from a fixed seed."""
    game = get_game(game_id)
    match = Match.start(game, players, seed=seed, **options)
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match


GOOD_MATCH = played_match()
GOOD = saves.dump(GOOD_MATCH, {"title": "a game", "rev": 1})
GOOD_DATA = json.loads(GOOD)


def refused(text, reason: str) -> SaveError:
    """Load `text`; it must raise SaveError matching `reason`, within FAST seconds."""
    started = time.process_time()
    with pytest.raises(SaveError, match=reason) as info:
        saves.load(text)
    seconds = time.process_time() - started
    assert seconds < FAST, f"refusing took {seconds:.2f} s"
    return info.value


def with_(**changes) -> str:
    return json.dumps({**GOOD_DATA, **changes})


def without(key: str) -> str:
    return json.dumps({k: v for k, v in GOOD_DATA.items() if k != key})


# -- the good save, for reference -------------------------------------------------------------


def test_a_good_save_loads_to_the_same_position():
    match, meta = saves.load(GOOD)
    assert match.state == GOOD_MATCH.state and meta == {"title": "a game", "rev": 1}
    assert match.actions == GOOD_MATCH.actions and match.names == GOOD_MATCH.names


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_round_trips_through_a_save(game_id):
    game = get_game(game_id)
    match = played_match(game_id, game.default_players, decisions=15, seed=game_id)
    loaded, meta = saves.load(saves.dump(match, {"k": "v"}))
    assert loaded.state == match.state and meta == {"k": "v"}
    assert saves.dump(loaded, {"k": "v"}) == saves.dump(match, {"k": "v"})


# -- one test per kind of damage ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   \n\t", b"", b"  "])
def test_empty_input(text):
    refused(text, "the save is empty")


def test_truncated_json_at_every_length():
    for length in range(len(GOOD)):
        started = time.process_time()
        with pytest.raises(SaveError, match="empty|not valid JSON"):
            saves.load(GOOD[:length])
        assert time.process_time() - started < FAST


@pytest.mark.parametrize("text", ["[]", "[1, 2]", "1", '"a save"', "null", "true", "3.5"])
def test_not_an_object(text):
    refused(text, "must be a JSON object")


FIELDS = {
    # key: (how the message names it, values of a wrong type)
    "format": ("format version", ["2", 2.0, True, None, [2], {"v": 2}]),
    "game": ("game id", [1, True, None, ["hack-and-slash"], {"id": "hack-and-slash"}]),
    "players": ("player count", ["3", 3.0, True, None, [3], {"n": 3}]),
    "options": ("options", ["", "x", 1, True, None, [], [["a", 1]]]),
    "seed": ("seed", [1.5, True, None, [], {"s": 1}]),
    "log": ("action log", ["go brag", 1, True, None, {"0": "go brag"}]),
}


@pytest.mark.parametrize("key,value", [(k, v) for k, (_, vs) in FIELDS.items() for v in vs],
                         ids=lambda x: repr(x) if not isinstance(x, str) else x)
def test_wrong_type_in_each_field_is_refused_naming_the_field(key, value):
    what = FIELDS[key][0]
    refused(with_(**{key: value}), re.escape(f"{what} ({key!r}) has the wrong type: {type(value).__name__}"))


@pytest.mark.parametrize("key", list(FIELDS))
def test_missing_field(key):
    refused(without(key), re.escape(f"has no {FIELDS[key][0]} ({key!r})"))


@pytest.mark.parametrize("value,reason", [
    (["Ada", 2, "Cyd"], "names must be a list of text"),
    ("Ada, Brom", "names must be a list of text"),
    ({"0": "Ada"}, "names must be a list of text"),
    (["Ada", "Brom"], "names 2 players but has 3 seats"),
])
def test_wrong_names(value, reason):
    refused(with_(names=value), reason)


@pytest.mark.parametrize("value", ["x", [1], 5, True])
def test_wrong_meta(value):
    refused(with_(meta=value), "meta data must be an object")


@pytest.mark.parametrize("log", [[1], ["go brag", None], [["go", "brag"]]])
def test_log_entries_must_be_text(log):
    refused(with_(log=log), "every entry of the save's action log must be text")


@pytest.mark.parametrize("game_id", ["chess", "", "HACK-AND-SLASH", "__class__", "x" * 10_000])
def test_unknown_game(game_id):
    error = refused(with_(game=game_id), "unknown game")
    assert len(str(error)) < 200, "the message should not repeat a huge id"


@pytest.mark.parametrize("version", [saves.FORMAT + 1, 99, 10**30])
def test_future_format_version(version):
    refused(with_(format=version), "newer than this app knows")


@pytest.mark.parametrize("version", [0, -1])
def test_unknown_old_format_version(version):
    refused(with_(format=version), "unknown format version")


@pytest.mark.parametrize("players,options,reason", [
    (1, {}, "set-up is not valid.*2-6 players"),
    (7, {}, "set-up is not valid.*2-6 players"),
    (10**30, {}, "set-up is not valid"),
    (3, {"turbo": True}, "set-up is not valid.*no option turbo"),
])
def test_impossible_set_up(players, options, reason):
    refused(with_(players=players, options=options), reason)


def test_a_log_with_an_illegal_action():
    log = list(GOOD_DATA["log"])
    decision = next(i for i, a in enumerate(log) if a.startswith("go "))
    bad = [*log[:decision], "quit", *log[decision + 1:]]  # quit before any failure
    refused(with_(log=bad), f"log does not replay: log entry {decision + 1}: quit")


@pytest.mark.parametrize("entry", ["fly away", "go nowhere", "roll 7", "roll one", "rescue x",
                                   "reveal brag", "", " ", "go", "roll 1-2-3-4-5-6-7-8"])
def test_a_log_with_unreadable_or_impossible_notation(entry):
    log = list(GOOD_DATA["log"])
    refused(with_(log=[*log[:5], entry, *log[5:]]), "log does not replay")


def test_a_log_that_stops_in_the_middle_of_a_chance_event():
    log = list(GOOD_DATA["log"])
    cut = next(i for i, a in enumerate(log) if a.startswith("go ")) + 1  # the dice are not rolled
    refused(with_(log=log[:cut], digest=None), "stops in the middle of a chance event")


def test_a_log_that_replays_to_a_different_position_than_the_digest():
    refused(with_(digest="0" * 16), "replays to a different position")


def test_other_dice_in_the_log_are_noticed_by_the_digest():
    """Change one logged roll to another possible roll: the log still replays, the digest
    (of the position saved) no longer matches."""
    game = get_game("hack-and-slash")
    log = list(GOOD_DATA["log"])
    state = game.new(3)
    for i, text in enumerate(log):
        if state.current_player == CHANCE and text.startswith("roll "):
            for other, _ in state.chance_outcomes():
                if str(other) != text:
                    forged = [*log[:i], str(other), *log[i + 1:]]
                    try:
                        replayed = Match.replay(game, 3, {}, "x", forged)
                    except ValueError:
                        continue  # the rest of the log no longer fits; try another
                    if (replayed.state.is_chance_node
                            or saves.state_digest(replayed) == GOOD_DATA["digest"]):
                        continue  # the position came out the same (the digest covers only it)
                    refused(with_(log=forged), "replays to a different position")
                    return
        state.apply(game.parse_action(text))
    pytest.fail("no roll in the log could be changed without breaking the replay")


def test_a_50_megabyte_input():
    big = '{"format":2,"game":"hack-and-slash","pad":"' + "x" * 50_000_000 + '"}'
    refused(big, "saves are at most")
    refused(big.encode(), "saves are at most")


def test_just_over_the_size_limit():
    pad = "x" * (saves.MAX_BYTES - len(GOOD) + 10)
    refused(with_(meta={"pad": pad}), "saves are at most")


@pytest.mark.parametrize("depth", [saves.MAX_DEPTH + 1, 100, 990, 100_000, 2_000_000])
def test_deeply_nested_json(depth):
    refused("[" * depth + "]" * depth, "nested too deeply|saves are at most")
    refused('{"a":' * depth + "1" + "}" * depth, "nested too deeply|saves are at most")
    refused('{"format":2,"meta":' + '{"a":' * depth + "1" + "}" * (depth + 1),
            "nested too deeply|saves are at most")


@pytest.mark.parametrize("text", ['{"a":' * 4000 + "1" + "}" * 4000, "[" * 10_000 + "]" * 10_000])
def test_deep_nesting_is_refused_before_the_json_parser_sees_it(text, monkeypatch):
    parsed = []
    real = saves.json.loads
    monkeypatch.setattr(saves.json, "loads", lambda t, *a, **k: parsed.append(t) or real(t, *a, **k))
    refused(text, "nested too deeply")
    assert not parsed, "json.loads was given the deeply nested text"


def test_deeply_nested_json_left_open():
    refused("[" * 1_000_000, "nested too deeply|not valid JSON")


def test_a_wide_document_just_under_the_size_limit_is_refused_quickly():
    items = (saves.MAX_BYTES - 100) // 2
    refused('{"format":2,"x":[' + "0," * (items - 1) + "0]}", "has no game id")


@pytest.mark.parametrize("data", [
    b"\xff\xfe{\x00}\x00",                      # UTF-16 with a byte order mark
    b'{"format": 2, "game": "hack-\xe9"}',      # Latin-1
    b"\x80\x81\x82",
    GOOD.encode()[:40] + b"\xc3\x28" + GOOD.encode()[40:],  # an invalid 2-byte sequence
])
def test_non_utf8_bytes(data):
    refused(data, "not UTF-8 text")


def test_utf8_bytes_of_a_good_save_load():
    match, _ = saves.load(GOOD.encode())
    assert match.state == GOOD_MATCH.state


def test_a_byte_order_mark_is_accepted():
    for text in ("\ufeff" + GOOD, ("\ufeff" + GOOD).encode("utf-8")):
        match, _ = saves.load(text)
        assert match.state == GOOD_MATCH.state


@pytest.mark.parametrize("text", ["NaN", '{"format": NaN}', '{"format": Infinity}',
                                  '{"format": 2, "players": -Infinity}'])
def test_non_finite_numbers(text):
    with pytest.raises(SaveError):
        saves.load(text)


def test_an_integer_too_long_to_read():
    refused('{"format":' + "9" * 5000 + "}", "not valid JSON")


def test_a_wrong_digest_type_is_refused():
    refused(with_(digest=12345), "digest must be text")


# -- older formats still load --------------------------------------------------------------------


def fixture_files():
    return sorted(FIXTURES.glob("*-format*.json"))


def test_there_is_a_fixture_for_every_format_version():
    versions = {int(re.search(r"format(\d+)", p.stem).group(1)) for p in fixture_files()}
    assert versions == set(range(1, saves.FORMAT + 1)), \
        f"store a save of each format version in {FIXTURES} (have {sorted(versions)})"


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_stored_saves_of_every_format_still_load(path):
    # <game>-format<N>.json, or <game>-<K>p-format<N>.json for more saves of one game
    game_id, version = re.fullmatch(r"(.+?)(?:-\d+p)?-format(\d+)", path.stem).groups()
    assert game_id in game_ids(), f"{path.name} is a save of a game this build does not have"
    text = path.read_text(encoding="utf-8")
    assert json.loads(text)["format"] == int(version)
    match, meta = saves.load(text)
    assert match.game.id == game_id and not match.state.is_chance_node
    # Saving it again writes the current format, which loads to the same position.
    again, _ = saves.load(saves.dump(match, meta))
    assert again.state == match.state
    # Every format of the same game reaches the position the newest one's digest records:
    # an older save is stored beside the same game in the current format.
    newest = path.with_name(path.name.replace(f"format{version}", f"format{saves.FORMAT}"))
    assert newest.exists(), f"store {newest.name} beside {path.name}"
    assert saves.state_digest(match) == json.loads(newest.read_text())["digest"]


def test_format_1_gets_names_and_no_digest():
    data = saves.parse((FIXTURES / "hack-and-slash-format1.json").read_text())
    assert data["format"] == saves.FORMAT and data["names"] == [] and data["digest"] is None


# -- fuzzing ------------------------------------------------------------------------------------


def loads_or_refuses(text) -> None:
    """Either loads, or raises SaveError (nothing else), within FAST seconds."""
    started = time.process_time()
    try:
        match, meta = saves.load(text)
    except SaveError as exc:
        assert str(exc), "a SaveError must say why"
    else:
        assert isinstance(meta, dict) and not match.state.is_chance_node
    seconds = time.process_time() - started
    assert seconds < FAST, f"took {seconds:.2f} s"


@FUZZ
@given(st.binary(max_size=3000))
def test_fuzz_random_bytes(data):
    loads_or_refuses(data)


@FUZZ
@given(st.text(max_size=1000))
def test_fuzz_random_text(text):
    loads_or_refuses(text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20)


@FUZZ
@given(st.sampled_from(sorted(GOOD_DATA) + ["extra"]), JSON_VALUES)
def test_fuzz_any_json_in_any_field(key, value):
    loads_or_refuses(json.dumps({**GOOD_DATA, key: value}))


@functools.cache
def vocabulary() -> list[str]:
    """Notation seen in random games of every game, plus near misses. Made when first needed:
    a game that raises here fails the test that needs it, not the collection of the file."""
    words = {"", " ", "go", "roll", "pass pass", "roll 0", "roll -1", "reroll 7", "rescue 0"}
    for game_id in game_ids():
        game = get_game(game_id)
        for seed in range(3):
            m = played_match(game_id, game.default_players, decisions=40, seed=str(seed))
            words.update(str(a) for a in m.actions)
    return sorted(words)


@FUZZ
@given(st.data())
def test_fuzz_mutated_logs(data):
    log = list(GOOD_DATA["log"])
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        kind = data.draw(st.sampled_from(["drop", "swap", "replace", "insert", "cut"]), label="kind")
        i = data.draw(st.integers(0, max(len(log) - 1, 0)), label="at")
        if not log:
            break
        if kind == "drop":
            del log[i]
        elif kind == "swap":
            j = data.draw(st.integers(0, len(log) - 1), label="with")
            log[i], log[j] = log[j], log[i]
        elif kind == "replace":
            log[i] = data.draw(st.sampled_from(vocabulary()), label="entry")
        elif kind == "insert":
            log.insert(i, data.draw(st.sampled_from(vocabulary()), label="entry"))
        else:
            log = log[:i]
    keep_digest = data.draw(st.booleans(), label="keep digest")
    text = with_(log=log, **({} if keep_digest else {"digest": None}))
    loads_or_refuses(text)
    if keep_digest and log != GOOD_DATA["log"]:
        # A changed log that still loads must reach exactly the saved position.
        try:
            match, _ = saves.load(text)
        except SaveError:
            return
        assert saves.state_digest(match) == GOOD_DATA["digest"]
