"""Which Chromium the browser tests, the gallery and `make bench` launch (tools/check_chromium.py)."""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))

import check_chromium  # noqa: E402
from check_chromium import HEADLESS_SHELL, SYSTEM_CHROMIUM, find_chromium  # noqa: E402

OWN = "/project/.venv/playwright-browsers/chromium/chrome"


@pytest.fixture
def machine(monkeypatch):
    """A machine with the browsers put in the returned set, and Playwright's own at OWN."""
    present: set[str] = set()
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setattr(check_chromium, "_exists", lambda path: path in present)
    monkeypatch.setattr(check_chromium, "playwright_chromium", lambda: OWN)
    monkeypatch.setattr(check_chromium.os.path, "isfile", lambda path: path in present)
    return present


def test_the_tests_take_the_headless_shell_and_bench_the_full_browser_when_both_are_there(machine):
    machine |= {HEADLESS_SHELL, SYSTEM_CHROMIUM}
    assert find_chromium() == HEADLESS_SHELL
    assert find_chromium(shell_first=False) == SYSTEM_CHROMIUM


@pytest.mark.parametrize("only", [HEADLESS_SHELL, SYSTEM_CHROMIUM, OWN])
def test_either_takes_whichever_browser_there_is(machine, only):
    machine.add(only)
    assert find_chromium() == only
    assert find_chromium(shell_first=False) == only


def test_a_chromium_named_in_the_environment_comes_first_and_must_exist(machine, monkeypatch):
    machine |= {HEADLESS_SHELL, SYSTEM_CHROMIUM, "/opt/chrome"}
    monkeypatch.setenv("CHROMIUM", "/opt/chrome")
    assert find_chromium() == find_chromium(shell_first=False) == "/opt/chrome"
    monkeypatch.setenv("CHROMIUM", "/opt/missing")
    assert find_chromium() is None


def test_no_browser_at_all_is_none(machine):
    assert find_chromium() is None
