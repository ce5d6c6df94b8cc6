"""Computer players in the page: their code fetched when first needed, their thinking cut
into slices so the page keeps answering, and a suggestion for a person who asks.

The master (master.Master.run_computers) decides when a computer plays and whether its move
still stands; this module only thinks, in the browser's event loop.
"""

from __future__ import annotations

import asyncio
import importlib
import time
from typing import Any

import js

import browser
import bytecode
from presenter import Session
from pygame_core import game_module
from shell import FaultyBot, injected_faults

# A bot yields when its own slice of work is done (pygame_core.ai.SliceClock); the page gives
# the browser a turn at each such yield, unless the bot yields more often than this.
MIN_SLICE_SECONDS = 0.004
BOT_MIN_SECONDS = 1.2  # at normal speed: long enough to read what a computer did
THINK_SECONDS = 1.5  # a computer's budget for one choice
LONG_SLICE_SECONDS = 0.03  # a slice this long is marked in the page's timeline (make bench)


async def load_bot(session: Session, seat: int) -> Any:
    """The seat's computer player; the first time, its code is imported a module per task,
    from bytecode when the site ships it (compiling would block the page for over 50 ms)."""
    if seat not in session.bots:
        await bytecode.install(session.match.game.id)
        for name in ("pygame_core.ai", game_module(session.match.game.id, "bots")):
            with browser.measured(f"importing {name}"):  # on the timeline for make bench
                importlib.import_module(name)
            await asyncio.sleep(0)
    if seat not in session.bots:
        from pygame_core.ai import make_bot
        with browser.measured("making a computer player"):
            session.bots[seat] = (FaultyBot() if "bot" in injected_faults() else
                                  make_bot(session.match.game.id, session.level(seat),
                                           f"{session.match.seed}/bot{seat}", seconds=THINK_SECONDS))
    return session.bots[seat]


async def think(bot: Any, state: Any, seat: int, least_seconds: float = 0.0) -> Any:
    """Run a bot in slices, yielding to the browser between them, and take at least
    `least_seconds` in all. Each search shows in the page's performance timeline as a
    "computer thinking" measure (tools/bench.py reads it)."""
    began_ms = js.performance.now()
    slice_start = time.perf_counter()
    action = None
    busy(1)  # the offline copy waits meanwhile (web/start.mjs)
    try:
        for step in bot.think(state.clone(), seat):
            spent = time.perf_counter() - slice_start
            if spent > LONG_SLICE_SECONDS:
                js.performance.measure("long computer slice", browser.js_object(
                    start=js.performance.now() - spent * 1000))
            if step is not None:
                action = step
                break
            if spent > MIN_SLICE_SECONDS:
                await asyncio.sleep(0)
                slice_start = time.perf_counter()
    finally:
        busy(-1)
    ended_ms = js.performance.now()
    js.performance.measure("computer thinking", browser.js_object(start=began_ms, end=ended_ms))
    # Always a new task for the move: the search's last slice and drawing the move in
    # one task could block the page for over 50 ms.
    await asyncio.sleep(max(0.0, least_seconds - (ended_ms - began_ms) / 1000))
    return action


def busy(change: int) -> None:
    """Tell the page a computer started (1) or stopped (-1) choosing."""
    js.window.dispatchEvent(js.CustomEvent.new("hex:busy", browser.js_object(detail=change)))


async def suggestion(session: Session, state: Any, seat: int) -> Any:
    """What the strongest computer would play for `seat` in `state`."""
    await bytecode.install(session.match.game.id)
    from pygame_core.ai import make_bot
    bot = make_bot(session.match.game.id, "hard", f"{session.match.seed}/hint", seconds=THINK_SECONDS)
    return await think(bot, state, seat)
