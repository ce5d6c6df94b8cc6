"""`make test`'s stages (tools/stage.py): counts and times of each, stages side by side."""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))

import stage  # noqa: E402

PY = sys.executable


def test_a_command_line_names_stages_to_run_beside_the_first():
    assert stage.parse(["a", "--", "x", "-q"]) == [("a", ["x", "-q"])]
    assert stage.parse(["a", "--", "x", "--beside", "b", "--", "y", "1"]) == [("a", ["x"]), ("b", ["y", "1"])]
    for wrong in ([], ["a"], ["a", "x"], ["a", "--"], ["a", "--", "x", "--beside"], ["a", "--", "--beside", "b", "--", "y"]):
        assert stage.parse(wrong) is None, wrong


@pytest.fixture
def log(tmp_path, monkeypatch):
    monkeypatch.setattr(stage, "LOG", str(tmp_path / "stages.log"))


def test_stages_side_by_side_report_their_own_counts_and_the_summary_counts_their_time_once(log, capsys):
    slow = "import time; time.sleep(2); print('2 passed, 1 skipped in 2s')"
    code = stage.run([("first", [PY, "-c", slow]), ("second", [PY, "-c", slow.replace("2 passed", "3 passed")])])
    assert code == 0
    stage.summary()
    out = capsys.readouterr().out
    assert "== first: 2 passed, 1 skipped;" in out and "== second: 3 passed, 1 skipped;" in out
    all_line = next(line for line in out.splitlines() if line.strip().startswith("all"))
    # 2 s twice at the same time, not 4 s one after the other (starting Python on a busy
    # machine may take a good part of a second)
    assert float(all_line.split()[1].rstrip("s")) < 3.6
    assert out.rstrip().endswith("total: 5 passed, 0 failed, 2 skipped")


def test_a_failing_stage_beside_another_fails_the_run_and_prints_the_summary(log, capsys):
    code = stage.run([("fine", [PY, "-c", "print('1 passed in 0.1s')"]), ("broken", [PY, "-c", "raise SystemExit(3)"])])
    assert code == 3
    out = capsys.readouterr().out
    assert "FAILED (exit 3)" in out and "== stages" in out
