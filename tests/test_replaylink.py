"""Replay links: a game packed into a URL's fragment comes back as the same game; a damaged,
edited or foreign link is refused with a SaveError that says why, never anything else."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pygame_core import CHANCE, Match, SaveError, get_game, replaylink
from tests.fuzzing import hostile

GAMES = ["hack-and-slash", "horrible-hex", "hex-hex", "hex-please"]
FUZZ = hostile(150, 3000)


def played(game_id: str, players: int, seed: str, decisions: int | None = None) -> Match:
    match = Match.start(get_game(game_id), players, seed=seed, names=[f"Ann {i}" for i in range(players)])
    rng = random.Random(seed)
    while not match.state.is_over and (decisions is None or match.turn_number() < decisions):
        match.play(rng.choice(match.state.legal_actions()))
    return match


def repacked(code: str, **changes: object) -> str:
    """`code` with some of its fields changed, packed again as a link would be."""
    data = {**raw(code), **changes}
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, replaylink._DICTIONARY)
    packed = packer.compress(json.dumps(data).encode()) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def raw(code: str) -> dict:
    unpacker = zlib.decompressobj(-15, replaylink._DICTIONARY)
    return json.loads(unpacker.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))


FINISHED = {game_id: played(game_id, get_game(game_id).default_players, f"link-{game_id}") for game_id in GAMES}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_comes_back_from_its_link_with_the_same_moves_and_scores(game_id):
    match = FINISHED[game_id]
    fragment = replaylink.fragment(match)
    assert fragment.startswith("replay=") and replaylink.game_of(fragment) == game_id
    again = replaylink.unpack("#" + fragment)
    assert again.actions == match.actions and again.names == match.names
    assert again.state.is_over and again.state.scores == match.state.scores
    assert (again.seed, again.options, again.players) == (match.seed, match.options, match.players)


def test_a_game_in_progress_comes_back_as_far_as_it_was_played():
    match = played("hex-hex", 4, "midway", decisions=15)
    again = replaylink.unpack(replaylink.pack(match))
    assert not again.state.is_over and again.state == match.state


def test_a_link_whose_dice_were_changed_is_refused_as_changed():
    match = FINISHED["hack-and-slash"]
    code = replaylink.pack(match)
    log = raw(code)["a"]
    step = next(i for i, e in enumerate(match.log) if e.seat == CHANCE and i > 3)
    others = [a for a, _ in Match.replay(match.game, match.players, match.options, match.seed,
                                         log[:step]).state.chance_outcomes() if str(a) != log[step]]
    edited = log[:step] + [str(others[0])] + log[step + 1:]
    with pytest.raises(SaveError, match="dice or draws were changed|does not replay"):
        replaylink.unpack(repacked(code, a=edited))


def test_a_link_from_other_rules_is_refused_as_another_version():
    code = replaylink.pack(FINISHED["hex-please"])
    with pytest.raises(SaveError, match="another version of the rules"):
        replaylink.unpack(repacked(code, d="0123456789"))
    with pytest.raises(SaveError, match="another version of this site"):
        replaylink.unpack(repacked(code, v=2))


@pytest.mark.parametrize("cut", [1, 5, 40, 200])
def test_a_link_cut_short_is_refused_with_a_reason(cut):
    code = replaylink.pack(FINISHED["horrible-hex"])
    with pytest.raises(SaveError, match="replay link"):
        replaylink.unpack(code[:-cut])


def test_a_link_that_unpacks_to_too_much_is_refused_before_it_is_all_unpacked():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, replaylink._DICTIONARY)
    bomb = packer.compress(b"[" + b" " * (replaylink.MAX_JSON_BYTES * 3) + b"]") + packer.flush()
    code = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(code) < replaylink.MAX_CODE_CHARS
    with pytest.raises(SaveError, match="too large"):
        replaylink.unpack(code)


@FUZZ
@given(text=st.text(max_size=3000))
def test_any_text_as_a_link_is_refused_with_a_reason_or_opens(text):
    try:
        replaylink.unpack(text)
    except SaveError as exc:
        assert str(exc)


@FUZZ
@given(data=st.binary(max_size=2000))
def test_any_bytes_packed_as_a_link_are_refused_with_a_reason_or_open(data):
    code = base64.urlsafe_b64encode(data).decode().rstrip("=")
    with pytest.raises(SaveError):
        replaylink.unpack(code)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=20)


@FUZZ
@given(game_id=st.sampled_from(GAMES), field=st.sampled_from(sorted(replaylink._FIELDS)), value=JSON)
def test_any_value_in_any_field_of_a_real_link_is_refused_with_a_reason_or_opens(game_id, field, value):
    code = repacked(replaylink.pack(FINISHED[game_id]), **{field: value})
    try:
        match = replaylink.unpack(code)
    except SaveError as exc:
        assert str(exc)
    else:
        assert match.game.id == game_id


@FUZZ
@given(game_id=st.sampled_from(GAMES), data=st.data())
def test_a_real_link_with_its_moves_shuffled_cut_or_repeated_is_refused_or_opens(game_id, data):
    code = replaylink.pack(FINISHED[game_id])
    log = raw(code)["a"]
    i = data.draw(st.integers(0, len(log) - 1))
    j = data.draw(st.integers(0, len(log) - 1))
    kind = data.draw(st.sampled_from(["swap", "drop", "repeat", "text"]))
    if kind == "swap":
        log[i], log[j] = log[j], log[i]
    elif kind == "drop":
        del log[i]
    elif kind == "repeat":
        log.insert(i, log[j])
    else:
        log[i] = data.draw(st.text(max_size=12))
    try:
        replaylink.unpack(repacked(code, a=log))
    except SaveError as exc:
        assert str(exc)


@FUZZ
@given(code=st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", max_size=4000))
def test_any_code_in_the_link_alphabet_is_refused_with_a_reason_or_opens(code):
    try:
        replaylink.unpack(code)
    except SaveError as exc:
        assert str(exc)
    assert replaylink.game_of(code) is None or isinstance(replaylink.game_of(code), str)
