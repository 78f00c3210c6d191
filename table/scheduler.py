"""Fires deadlines: sleeps until the earliest one, then submits the engine's timeout through the table.

Deadlines live in the store, so after a restart the scheduler simply starts again and finds them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from table.service import ActResult, TableService

log = logging.getLogger(__name__)


class DeadlineScheduler:
    def __init__(self, service: TableService, max_sleep: float = 60.0) -> None:
        self.service = service
        self.max_sleep = max_sleep
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        service.listeners.append(self._on_change)

    async def _on_change(self, result: ActResult) -> None:
        self._wake.set()   # a new prompt may be due sooner than what we sleep for

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
            due = None
            try:
                await self.tick()
                due = await self.service.next_deadline()
            except Exception:  # one bad game (or a busy database) must not stop the clock for all others
                log.exception("deadline scheduler tick failed")
            wait = self.max_sleep if due is None else max(0.0, min(self.max_sleep, due - self.service.clock()))
            self._wake.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    async def tick(self) -> list[ActResult]:
        results = await self.service.fire_due()
        await self.service.send_reminders()
        return results
