"""Behaviour pinned as text: golden playthroughs and perft counts (see tests/golden.py)."""

from __future__ import annotations

import difflib
import json

import pytest

from tests.golden import PERFT, PERFT_PATH, PLAYTHROUGHS, golden_path, perft, perft_position, playthrough_text


@pytest.fixture
def regen(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--regen-golden"))


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=lambda s: s.name)
def test_golden_playthrough_is_unchanged(spec, regen):
    path = golden_path(spec)
    text = playthrough_text(spec)
    if regen:
        path.write_text(text, encoding="utf-8")
    stored = path.read_text(encoding="utf-8")
    if text != stored:
        diff = difflib.unified_diff(stored.splitlines(), text.splitlines(), "stored", "now", n=1, lineterm="")
        shown = "\n".join(line[:300] for line in list(diff)[:40])
        pytest.fail(f"{path.name} changed (regenerate with --regen-golden if meant):\n{shown}")


@pytest.mark.parametrize("case", PERFT, ids=lambda c: c.name)
def test_perft_count_is_unchanged(case, regen):
    counts = json.loads(PERFT_PATH.read_text(encoding="utf-8"))
    count = perft(perft_position(case), case.depth)
    if regen:
        counts[case.name] = count
        PERFT_PATH.write_text(json.dumps(counts, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert count == counts[case.name]
