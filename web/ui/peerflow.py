"""How much a peer may send, and how much of the page's time its messages may take.

The other side of a data channel runs a browser its player controls: it can send thousands
of messages a second, each up to the channel's 256 KiB. Read and handled on arrival, such a
flood froze the other page for seconds to minutes (issue 46). So every message first meets a
`Flow`, before it is even parsed:

* **Size and kind.** Text longer than the direction's longest real message, or anything that
  is not text, is dropped.
* **Rate.** A bucket of messages (refilled at `per_second`, holding at most `burst`) and one
  of characters: a message that finds either empty is dropped.
* **Queue.** What is kept waits in a queue of at most `burst` messages; the page handles it
  in slices (`drain`) of at most SLICE_MS each, then gives the page back to the browser
  (drawing, clicks) before the next slice. A slice always handles at least one message, so
  one message's cost (bounded by its size and the game's view limits) is the most a slice
  can overrun.
* **Cut.** A peer whose messages are dropped `cut_after` times within CUT_WINDOW_MS keeps
  flooding: the verdict is "cut", and the page closes the connection saying why. A real
  game's traffic is never dropped at all (the tests send whole games), so a few dozen drops
  are a flood, never a player tapping fast.

Plain Python, no browser: tested on CPython with generated floods (tests/test_peer_flow.py);
peerlink.py applies it to each channel.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable

SLICE_MS = 8.0  # of a 16.7 ms frame: the rest is the browser's
CUT_WINDOW_MS = 10_000.0


@dataclass(frozen=True)
class Limits:
    """What one direction's real traffic needs, with room to spare."""

    max_chars: int  # one message
    per_second: float  # messages, sustained
    burst: int  # messages at once; also the queue's length
    chars_per_second: float  # sustained; a second's worth (at least max_chars) at once
    cut_after: int  # drops within CUT_WINDOW_MS that make a flood


# A guest sends a choice when its player taps and a reply to each ping (every 3 s).
FROM_GUEST = Limits(max_chars=2000, per_second=20, burst=40, chars_per_second=40_000, cut_after=50)
# The host sends a state after every change: with computers at full speed, many a second
# (the guest draws only the last of those waiting: peerguest.GuestTable.read), each a few KB.
FROM_HOST = Limits(max_chars=250_000, per_second=200, burst=200, chars_per_second=4_000_000, cut_after=50)

QUEUED, DROPPED, CUT = "queued", "dropped", "cut"


class Flow:
    """One peer's messages as they arrive: `offer` each, `drain` the queue in slices."""

    def __init__(self, limits: Limits, now: float = 0.0) -> None:
        self.limits = limits
        self.tokens = float(limits.burst)
        self.chars = self.char_room
        self.since = now
        self.queue: deque[str] = deque()
        self.window, self.window_drops = now, 0
        self.cut = False
        self.queued = self.dropped = 0  # in all, for tests and figures

    @property
    def char_room(self) -> float:
        return float(max(self.limits.chars_per_second, self.limits.max_chars))

    def offer(self, text: object, now: float) -> str:
        """QUEUED, DROPPED or CUT (once: the peer keeps flooding; later ones are DROPPED).
        Only the text's type and length are looked at: this is cheap whatever it holds."""
        self._refill(now)
        size = len(text) if isinstance(text, str) else -1
        if (self.cut or not 0 <= size <= self.limits.max_chars or self.tokens < 1
                or self.chars < size or len(self.queue) >= self.limits.burst):
            return self._drop(now)
        assert isinstance(text, str)
        self.tokens -= 1
        self.chars -= size
        self.queue.append(text)
        self.queued += 1
        return QUEUED

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.since) / 1000
        self.since = max(self.since, now)
        self.tokens = min(float(self.limits.burst), self.tokens + elapsed * self.limits.per_second)
        self.chars = min(self.char_room, self.chars + elapsed * self.limits.chars_per_second)

    def _drop(self, now: float) -> str:
        self.dropped += 1
        if self.cut:
            return DROPPED
        if now - self.window >= CUT_WINDOW_MS:
            self.window, self.window_drops = now, 0
        self.window_drops += 1
        if self.window_drops >= self.limits.cut_after:
            self.cut = True
            self.queue.clear()
            return CUT
        return DROPPED

    def drain(self, handle: Callable[[str], None], clock: Callable[[], float],
              slice_ms: float = SLICE_MS) -> bool:
        """Handle queued messages in order for at most `slice_ms` (at least one message);
        whether some are left for the next slice."""
        start = clock()
        while self.queue and not self.cut:
            handle(self.queue.popleft())
            if clock() - start >= slice_ms:
                break
        return bool(self.queue) and not self.cut

    @property
    def pending(self) -> int:
        """Messages still waiting: a guest draws only the last state of a run."""
        return len(self.queue)
