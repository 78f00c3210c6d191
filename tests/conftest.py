from __future__ import annotations

import os

import pytest
from hypothesis import settings

from table.service import TableService
from table.sqlite_store import SqliteStore
from table.store import Store
from table.stores import store_for
from tests.discord_harness import h  # noqa: F401  (the Discord tests' started bot, a fixture)
from tests.pg_server import MISSING, PgServer, server_bin
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


def _needs_postgres(item) -> bool:
    callspec = getattr(item, "callspec", None)
    return "pg_server" in item.fixturenames or (callspec is not None and callspec.params.get("backend") == "postgresql")


def pytest_collection_modifyitems(config, items):
    """Without PostgreSQL's server programs on a developer's machine its tests are left out, said in
    one line at the end (in CI they stay in and fail)."""
    if server_bin() is not None or os.environ.get("CI"):
        return
    left_out = [item for item in items if _needs_postgres(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not _needs_postgres(item)]
        config.stash[POSTGRES_LEFT_OUT] = len(left_out)


def pytest_terminal_summary(terminalreporter, config):
    if server_bin() is None and not os.environ.get("CI"):     # also where pytest-xdist's workers collect
        left_out = config.stash.get(POSTGRES_LEFT_OUT, 0)
        terminalreporter.write_line(MISSING + (f" ({left_out} tests)" if left_out else ""))


POSTGRES_LEFT_OUT = pytest.StashKey[int]()


@pytest.fixture(scope="session")
def pg_server():
    """One throwaway PostgreSQL server per test process, started when a test first needs it. Without
    the server programs the PostgreSQL tests skip on a developer's machine and fail in CI."""
    bin_dir = server_bin()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail(MISSING.replace("skipped", "required in CI"))
        pytest.skip(MISSING)
    server = PgServer(bin_dir).start()
    yield server
    server.stop()


class Backend:
    """One database of one backend: every store opened on it sees the same games (as separate
    processes would)."""

    def __init__(self, kind: str, url: str) -> None:
        self.kind = kind
        self.url = url

    async def open(self) -> Store:
        store = store_for(self.url)
        await store.open()
        return store


@pytest.fixture(params=["sqlite", "postgresql"])
async def backend(request, tmp_path):
    """The same test against SQLite and against PostgreSQL (a fresh database each time)."""
    if request.param == "sqlite":
        yield Backend("sqlite", str(tmp_path / "data" / "test.db"))
        return
    server = request.getfixturevalue("pg_server")
    name = await server.create_database()
    yield Backend("postgresql", server.url(name))
    await server.drop_database(name)


@pytest.fixture
async def any_store(backend):
    store = await backend.open()
    yield store
    await store.close()


@pytest.fixture
async def service(store, clock) -> TableService:
    return TableService(store, clock=clock)


async def seated_game(service: TableService, channel: str = "c1", players=("anna", "ben", "cleo"), seed: int = 1):
    await service.create("g", channel, players[0], players[0].title())
    for pid in players[1:]:
        await service.join("g", channel, pid, pid.title())
    return await service.start("g", channel, players[0], seed=seed)
