from __future__ import annotations

import os

import pytest
from hypothesis import settings

from table.service import TableService
from table.sqlite_store import SqliteStore
from tests.discord_harness import h  # noqa: F401  (the Discord tests' started bot, a fixture)
from tests.simcord_table import simcord_bot, table  # noqa: F401  (the bot on simcord's Discord, fixtures)

# On a developer's machine the property tests explore new random cases on every run; in CI they run a
# fixed, repeatable set, so a landing never depends on luck (cases found locally go in as @example).
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


class FakeClock:
    """Time that only moves when a test says so."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(tmp_path):
    s = SqliteStore(tmp_path / "data" / "test.db")
    await s.open()
    yield s
    await s.close()


@pytest.fixture
async def service(store, clock) -> TableService:
    return TableService(store, clock=clock)


async def seated_game(service: TableService, channel: str = "c1", players=("anna", "ben", "cleo"), seed: int = 1):
    await service.create("g", channel, players[0], players[0].title())
    for pid in players[1:]:
        await service.join("g", channel, pid, pid.title())
    return await service.start("g", channel, players[0], seed=seed)
