"""Fires deadlines and reminders: sleeps until the earliest due row, then claims what is due in small
batches and submits the engine's timeouts through the table.

Nothing here scans games: the store answers "when is the next row due" from an index, and claims due
rows atomically, so several processes on one database each fire a row at most once. The scheduler is
woken early only when an action creates a deadline or reminder earlier than the one it sleeps on.
Deadlines live in the store, so after a restart the scheduler simply starts again and finds them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque

from table.logs import log_error
from table.service import ActResult, TableService

log = logging.getLogger(__name__)


RETRY_SECONDS = 1.0     # after a failed wake-up (a busy database): try again soon, not at once


class DeadlineScheduler:
    def __init__(self, service: TableService, max_sleep: float = 60.0) -> None:
        self.service = service
        self.max_sleep = max_sleep      # also how soon a row another process added is noticed
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._sleeping_until: float | None = None
        self.wake_seconds: deque[float] = deque(maxlen=10_000)   # how long each wake-up took
        service.due_listeners.append(self._on_due)

    def _on_due(self, when: float) -> None:
        if self._sleeping_until is None or when < self._sleeping_until:
            self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name="deadline-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def run(self) -> None:
        while True:
            began = time.perf_counter()
            self._sleeping_until = None
            self._wake.clear()
            try:
                due = await self.service.next_deadline()
                if due is not None and due <= self.service.clock():     # claim only when something is due
                    await self.tick()
                    due = await self.service.next_deadline()
            except Exception:  # one bad game (or a busy database) must not stop the clock for all others
                log_error(log, "deadline scheduler tick failed")
                due = self.service.clock() + RETRY_SECONDS
            now = self.service.clock()
            wait = self.max_sleep if due is None else max(0.0, min(self.max_sleep, due - now))
            self._sleeping_until = now + wait
            self.wake_seconds.append(time.perf_counter() - began)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    async def tick(self) -> list[ActResult]:
        results = await self.service.fire_due()
        await self.service.send_reminders()
        return results
