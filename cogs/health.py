"""The operator's window into a running bot: an HTTP server on HEALTH_PORT (off when unset; on
HEALTH_HOST, 127.0.0.1 unless set) with three pages:

- ``/healthz``: the process is alive and its event loop turns (200, with the loop's recent lag);
- ``/readyz``: connected to Discord's gateway and the store answers (200), else 503 naming what is not
  ready (also while the bot shuts down);
- ``/metrics``: the table's metrics in Prometheus' text format (table.metrics), with the bot's own:
  the event loop's lag, the publications waiting, and Discord's 429 and 5xx answers by route, seen on
  every API request through an aiohttp trace (discord.py's ``http_trace``).
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

from table.metrics import CONTENT_TYPE

if TYPE_CHECKING:
    from cogs.client import Spielleiter

log = logging.getLogger("spielleiter")
STORE_TIMEOUT = 2.0       # seconds the store has to answer /readyz


def discord_trace(bot: Spielleiter) -> aiohttp.TraceConfig:
    """Counts Discord's rate limits and server errors by route, as they come (discord.py then waits
    and retries them itself, so only this sees every one)."""
    trace = aiohttp.TraceConfig()

    async def on_request_end(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        table = bot.table
        if table is not None:
            table.metrics.discord_response(params.method, params.url.path, params.response.status)

    trace.on_request_end.append(on_request_end)
    return trace


def watch_bot(bot: Spielleiter) -> None:
    """The bot's own levels, read when the metrics are scraped."""
    metrics = bot.table.metrics
    metrics.watch("spielleiter_event_loop_lag_seconds", "The event loop's worst lag of the last two seconds",
                  lambda: bot.loop_lag.recent)
    metrics.watch("spielleiter_event_loop_lag_p99_seconds", "The event loop's lag, 99th percentile of five minutes",
                  lambda: bot.loop_lag.percentile(0.99))
    metrics.watch("spielleiter_publish_queue_depth", "Committed actions waiting to be published",
                  bot.publisher.waiting)
    metrics.watch("spielleiter_stopping", "1 while the bot shuts down and takes no new moves",
                  lambda: float(bot.stopping))


def gateway_connected(bot: Spielleiter) -> bool:
    return bot.is_ready() and not bot.is_closed() and math.isfinite(bot.latency)


async def store_reachable(bot: Spielleiter) -> bool:
    try:
        await asyncio.wait_for(bot.table.store.ping(), STORE_TIMEOUT)
    except Exception:      # whatever it is, the store does not answer: that is the report
        log.warning("the store did not answer the readiness check", exc_info=True)
        return False
    return True


def application(bot: Spielleiter) -> web.Application:
    async def healthz(request: web.Request) -> web.Response:
        return web.json_response({"status": "alive", "event_loop_lag_ms": round(bot.loop_lag.recent * 1000, 1)})

    async def readyz(request: web.Request) -> web.Response:
        checks = {"gateway": gateway_connected(bot), "store": await store_reachable(bot),
                  "taking_moves": not bot.stopping}
        ready = all(checks.values())
        return web.json_response({"status": "ready" if ready else "not ready", **checks}, status=200 if ready else 503)

    async def metrics(request: web.Request) -> web.Response:
        return web.Response(body=bot.table.metrics.render(), headers={"Content-Type": CONTENT_TYPE})

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    app.router.add_get("/metrics", metrics)
    return app


class HealthServer:
    def __init__(self, bot: Spielleiter, host: str, port: int) -> None:
        self.bot, self.host, self.port = bot, host, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self._runner = web.AppRunner(application(self.bot), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self._runner.addresses:            # the port the system chose, when 0 was asked for
            self.port = self._runner.addresses[0][1]
        log.info("health and metrics on http://%s:%s", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
