"""What an operator measures of a running table, in Prometheus' text format (prometheus-client).

Each table service has a Metrics of its own (its own registry: several bots in one test process never
share a count). Times and counts are noted where they happen (``action_done``, ``deadline_fired``,
``first_answer``, ``discord_response``); what is a level at any moment (games in memory, queued
publications, the event loop's lag, the store's retries) is read at the moment of a scrape from the
functions ``watch`` and ``count`` were given, so nothing is kept up to date in between.
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable, Iterable

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
RATE_WINDOW = 60.0        # seconds over which actions per second are counted
ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
LAG_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
# a Discord API path as a route: ids and interaction tokens become placeholders, so routes stay few
_ID = re.compile(r"/\d{6,}")
_TOKEN = re.compile(r"(/(?:interactions|webhooks)/\{id\})/[^/]+")


def route_of(method: str, path: str) -> str:
    """"PATCH /channels/{id}/messages/{id}" for "PATCH /api/v10/channels/12…/messages/34…"."""
    path = path.split("?", 1)[0]
    if "/api/" in path:
        path = path[path.index("/api/") + len("/api/"):]
        path = path[path.find("/"):] if path.startswith("v") else "/" + path
    route = _TOKEN.sub(r"\1/{token}", _ID.sub("/{id}", path))
    return f"{method} {route}"


class _Live:
    """The gauges and counters read at scrape time."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterable[Metric]:
        for name, (text, read, counter) in self.metrics._live.items():
            family = CounterMetricFamily if counter else GaugeMetricFamily
            yield family(name, text, value=float(read()))
        yield GaugeMetricFamily("spielleiter_actions_per_second",
                                f"Actions applied per second over the last {RATE_WINDOW:.0f} seconds",
                                value=self.metrics.actions_per_second())


class Metrics:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.registry = CollectorRegistry(auto_describe=False)
        self._live: dict[str, tuple[str, Callable[[], float], bool]] = {}
        self._recent: deque[float] = deque()
        self.actions = Counter("spielleiter_actions", "Actions applied, by game and origin",
                               ["game", "origin"], registry=self.registry)
        self.action_seconds = Histogram("spielleiter_action_seconds", "Time to apply and store one action",
                                        buckets=ACTION_BUCKETS, registry=self.registry)
        self.answer_seconds = Histogram("spielleiter_interaction_first_answer_seconds",
                                        "From an interaction's arrival to its first answer (a deferral counts)",
                                        ["kind"], buckets=ANSWER_BUCKETS, registry=self.registry)
        self.discord_errors = Counter("spielleiter_discord_responses_failed",
                                      "Discord API answers with status 429 or 5xx, by route",
                                      ["route", "status"], registry=self.registry)
        self.scheduler_lag = Histogram("spielleiter_scheduler_lag_seconds",
                                       "How long after its time a deadline was fired", buckets=LAG_BUCKETS,
                                       registry=self.registry)
        self.registry.register(_Live(self))

    # ------------------------------------------------------------------ what happens
    def action_done(self, game: str, origin: str, seconds: float) -> None:
        self.actions.labels(game, origin).inc()
        self.action_seconds.observe(seconds)
        now = self.clock()
        self._recent.append(now)
        self._forget_before(now - RATE_WINDOW)

    def deadline_fired(self, late_by: float) -> None:
        self.scheduler_lag.observe(max(0.0, late_by))

    def first_answer(self, kind: str, seconds: float) -> None:
        self.answer_seconds.labels(kind).observe(max(0.0, seconds))

    def discord_response(self, method: str, path: str, status: int) -> None:
        """One answer of Discord's API; only rate limits (429) and server errors (5xx) are counted."""
        if status == 429 or status >= 500:
            self.discord_errors.labels(route_of(method, path), str(status)).inc()

    # ------------------------------------------------------------------ levels, read when scraped
    def watch(self, name: str, text: str, read: Callable[[], float]) -> None:
        self._live[name] = (text, read, False)

    def count(self, name: str, text: str, read: Callable[[], float]) -> None:
        self._live[name] = (text, read, True)

    def actions_per_second(self) -> float:
        self._forget_before(self.clock() - RATE_WINDOW)
        return len(self._recent) / RATE_WINDOW

    def _forget_before(self, moment: float) -> None:
        recent = self._recent
        while recent and recent[0] < moment:
            recent.popleft()

    def render(self) -> bytes:
        return generate_latest(self.registry)
