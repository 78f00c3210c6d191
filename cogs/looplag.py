"""How late the event loop runs: a task that asks to wake every PERIOD seconds and notes how much
later it woke. Discord drops an interaction that is not answered within three seconds, so the bot
defers sooner the later its loop runs (cogs.answers), and the health endpoint and the load benchmark
report the lag.

Started by the running bot and the load benchmark; the Discord tests' simulated clock needs none.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from itertools import islice

PERIOD = 0.1           # seconds between two looks
RECENT = 20            # the looks that count as "now" (two seconds' worth)
KEPT = 3000            # the looks kept for percentiles (five minutes' worth)


class LoopLag:
    def __init__(self, period: float = PERIOD) -> None:
        self.period = period
        self._samples: deque[float] = deque(maxlen=KEPT)
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._watch(), name="loop-lag")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(self.period)
            self._samples.append(max(0.0, loop.time() - asked - self.period))

    def note(self, seconds: float) -> None:
        """A lag seen by someone else (tests, or a caller timing the loop itself)."""
        self._samples.append(max(0.0, seconds))

    @property
    def recent(self) -> float:
        """The worst lag of the last two seconds' looks (0 before the first)."""
        return max(islice(reversed(self._samples), RECENT), default=0.0)

    def percentile(self, share: float) -> float:
        ordered = sorted(self._samples)
        return ordered[max(0, int(len(ordered) * share + 0.5) - 1)] if ordered else 0.0

    def reset(self) -> None:
        self._samples.clear()


NO_LAG = LoopLag()     # for a bot whose lag nobody watches: always 0
