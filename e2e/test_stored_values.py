"""Start-up survives any stored value: every key of LocalStorage and sessionStorage the site
reads, filled with generated hostile values, still gives a ready menu in about the time a
clean start takes (issue 46: within it plus 1 s), with no error in the page.

Each run draws its values afresh (the seed is in the failure's message): deep nesting,
long text, JSON of the wrong kind, broken JSON, lone surrogates, markup. `make soak` runs
more rounds (HOSTILE_ROUNDS)."""

from __future__ import annotations

import json
import os
import random
import time

from conftest import wait_ready
from playwright.sync_api import BrowserContext

# Every key the page or its start-up reads (web/ui/storage.py, shell.py, peerguest.py,
# web/start.mjs), and a save's key.
LOCAL_KEYS = ("hex-table:settings", "hex-table:faults", "hex-table:probe", "hex-table:save:x1")
SESSION_KEYS = ("hex-table:joined", "hex-table:snapshot-failed")
ROUNDS = int(os.environ.get("HOSTILE_ROUNDS", "4"))


def hostile(rng: random.Random) -> str:
    """One stored value a player's browser could hold after a bug, an extension or an attack."""
    depth = rng.choice([500, 5_000, 30_000])
    kinds = [
        lambda: "[" * depth + "]" * depth,
        lambda: '{"a":' * depth + "1" + "}" * depth,
        lambda: "[" * depth,  # never closed
        lambda: json.dumps({"speed": rng.choice([1e308, -1, "fast", None, [0] * 1000]),
                            "confirm": "<img src=x onerror=alert(1)>", "rev": 10 ** 30}),
        lambda: json.dumps(rng.choice([0, -1e308, True, None, "text", [], [[[]]]])),
        lambda: "x" * rng.choice([10_000, 400_000]),
        lambda: '{"game": "hex-hex", "log": [' + ",".join(['"pass"'] * 50_000) + "]}",
        lambda: "\ud800\udfff\ud800" * 1000 + "\x00",
        lambda: "<script>alert(1)</script>" * 100,
        lambda: "",
    ]
    return rng.choice(kinds)()


def fill(rng: random.Random) -> str:
    """An init script storing a hostile value in every key (a value the browser refuses, say
    for its quota, is skipped)."""
    local = {key: hostile(rng) for key in LOCAL_KEYS}
    session = {key: hostile(rng) for key in SESSION_KEYS}
    return (f"(() => {{ const local = {json.dumps(local)}, session = {json.dumps(session)};"
            " for (const [k, v] of Object.entries(local)) try { localStorage.setItem(k, v) } catch (e) {}"
            " for (const [k, v] of Object.entries(session)) try { sessionStorage.setItem(k, v) } catch (e) {}"
            " })()")


def ready_ms(new_context, site, script: str | None) -> float:
    """A first visit to the menu, with `script` run before the page's own: ms until ready.
    Fails on any error the page throws."""
    context: BrowserContext = new_context()
    try:
        if script:
            context.add_init_script(script)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)[:300]))
        began = time.monotonic()
        page.goto(site.url)
        wait_ready(page)
        took = (time.monotonic() - began) * 1000
        assert page.locator(".py-error, #error-panel:not([hidden])").count() == 0
        assert page.locator(".new-game").count() >= 4  # the menu answers
        assert errors == []
        return took
    finally:
        context.close()


def test_start_up_survives_any_stored_value_in_every_key(new_context, site):
    # Drawn here, not in a parameter: each test worker must collect the same test.
    seed = random.randrange(10 ** 6)
    rng = random.Random(seed)
    clean, hostile_loads, scripts = [], [], []
    for _ in range(ROUNDS):  # alternated, so the machine's drift hits both alike
        clean.append(ready_ms(new_context, site, None))
        scripts.append(fill(rng))
        hostile_loads.append(hostile_start(new_context, site, scripts[-1], seed))
    # A stall a value causes comes back with it; a busy machine's seldom does twice. A start
    # over the limit is measured again, beside a clean one, and fails only if it is still slow.
    for at, took in enumerate(hostile_loads):
        if took > max(clean) + 1000:
            clean.append(ready_ms(new_context, site, None))
            hostile_loads[at] = hostile_start(new_context, site, scripts[at], seed)
    assert max(hostile_loads) <= max(clean) + 1000, (
        f"seed {seed}: hostile starts {[round(t) for t in hostile_loads]} ms against clean "
        f"{[round(t) for t in clean]} ms")


def hostile_start(new_context, site, script: str, seed: int) -> float:
    try:
        return ready_ms(new_context, site, script)
    except AssertionError as error:
        raise AssertionError(f"seed {seed}: {error}") from None
