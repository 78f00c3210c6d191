"""The stores: SQLite's migrations from every earlier schema, a newer schema, unusable or foreign files,
several writers on one file; the same for PostgreSQL; and, on both backends, what several processes on
one database rely on (claims)."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from table.errors import Busy, StoreError
from table.i18n import text
from table.migrations import LATEST, MIGRATIONS
from table.sqlite_store import SqliteStore
from tests.bad_files import bad_database

ROOT = Path(__file__).resolve().parents[1]


def _database_at(path, version: int) -> None:
    """A database as an older release left it, with a game in it where the schema has games."""
    connection = sqlite3.connect(path)
    for number in range(1, version + 1):
        connection.executescript(MIGRATIONS[number - 1])
        connection.execute(f"PRAGMA user_version = {number}")
    if version >= 1:
        connection.execute(
            "INSERT INTO games (guild_id, channel_id, kind, sets, options, status, host_id, seed, state, version, "
            "created_at, updated_at) VALUES ('g', 'c', 'munchkin', ?, '{}', 'lobby', 'u1', NULL, "
            "NULL, 0, 1, 1)", ('["testdeck"]',))
        connection.execute("INSERT INTO seats (game_id, user_id, name, seat, joined_at) VALUES (1, 'u1', 'Uli', 0, 1)")
    connection.commit()
    connection.close()


async def _assert_migrated(store, version: int) -> None:
    """At the newest schema, with the older release's game and seat intact."""
    assert await store.schema_version() == LATEST
    if version >= 1:
        game = await store.get_game(1)
        assert game is not None and game.pace == "live" and game.host_id == "u1"
        assert [s.name for s in await store.seats(1)] == ["Uli"]
    assert await store.deadlines() == []


@pytest.mark.parametrize("version", range(0, LATEST))
async def test_migrates_from_every_earlier_schema(tmp_path, version):
    path = tmp_path / "old.db"
    _database_at(path, version)
    store = SqliteStore(path)
    await store.open()
    try:
        await _assert_migrated(store, version)
    finally:
        await store.close()


async def test_newer_schema_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "future.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE something_new (x)")
    connection.execute(f"PRAGMA user_version = {LATEST + 5}")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    store = SqliteStore(path)
    with pytest.raises(StoreError) as err:
        await store.open()
    assert err.value.code == "schema_too_new" and err.value.params["found"] == LATEST + 5
    assert path.read_bytes() == before


async def test_file_that_is_not_a_database(tmp_path):
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are my notes, not a database" * 100)
    before = path.read_bytes()
    with pytest.raises(StoreError) as err:
        await SqliteStore(path).open()
    assert err.value.code == "db_unusable"
    assert path.read_bytes() == before


async def test_path_that_is_a_folder(tmp_path):
    with pytest.raises(StoreError) as err:
        await SqliteStore(tmp_path).open()
    assert err.value.code == "db_not_a_file"


async def test_data_folder_is_created_and_pragmas_set(tmp_path):
    store = SqliteStore(tmp_path / "new" / "folder" / "s.db")
    await store.open()
    try:
        assert await store._use(lambda db: db.execute("PRAGMA journal_mode").fetchone()[0]) == "wal"
        assert await store._use(lambda db: db.execute("PRAGMA foreign_keys").fetchone()[0]) == 1
    finally:
        await store.close()


# ---------------------------------------------------------------------- files that are not ours or damaged
def _sidecars(path):
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name))


async def test_another_programs_database_is_refused_and_left_byte_for_byte(tmp_path):
    path = tmp_path / "notes.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    connection.execute("INSERT INTO notes (body) VALUES ('buy milk')")
    connection.commit()
    connection.close()
    before, files = path.read_bytes(), _sidecars(path)
    with pytest.raises(StoreError) as err:
        await SqliteStore(path).open()
    assert err.value.code == "db_not_ours" and err.value.params["tables"] == "notes"
    assert path.read_bytes() == before and _sidecars(path) == files
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "delete"     # not switched to WAL
    connection.close()


async def test_another_programs_wal_database_keeps_its_files(tmp_path):
    path = tmp_path / "other.db"
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("CREATE TABLE games (x)")      # a table name we use, in someone else's schema
    connection.commit()
    connection.close()
    before, files = path.read_bytes(), _sidecars(path)
    with pytest.raises(StoreError) as err:
        await SqliteStore(path).open()
    assert err.value.code == "db_not_ours"
    assert path.read_bytes() == before and _sidecars(path) == files


@pytest.mark.parametrize("how", ["truncated", "schema not utf-8", "schema not sql"])
async def test_damaged_file_is_refused_and_left_alone(tmp_path, how):
    path = bad_database(tmp_path / "damaged.db", how)
    before = path.read_bytes()
    store = SqliteStore(path)
    with pytest.raises(StoreError) as err:
        await store.open()
    assert err.value.code == "db_unusable"
    assert path.read_bytes() == before
    assert store._db is None                        # nothing left open that could keep the process alive


async def test_our_database_with_a_table_gone_is_refused_not_half_used(tmp_path):
    path = tmp_path / "ours.db"
    _database_at(path, LATEST)
    connection = sqlite3.connect(path)
    connection.execute("DROP TABLE seats")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as err:
        await SqliteStore(path).open()
    assert err.value.code == "db_unusable" and err.value.params["reason"] == "missing tables: seats"
    assert path.read_bytes() == before


# ---------------------------------------------------------------------- two writers on one file
async def test_two_stores_hammering_one_file_never_surface_a_lock_error(tmp_path):
    """Issue 13 (9): concurrent writers and readers on two connections all get through (the busy
    timeout and the retries absorb the contention)."""
    first, second = SqliteStore(tmp_path / "one.db"), SqliteStore(tmp_path / "one.db")
    await asyncio.gather(first.open(), second.open())
    try:
        a = await first.create_game("g", "a", "munchkin", ["cthulhu"], {}, "u0", "live", 1.0)
        b = await second.create_game("g", "b", "munchkin", ["cthulhu"], {}, "u0", "live", 1.0)

        async def hammer(store, game_id, prefix):
            for i in range(40):
                await store.add_seat(game_id, f"{prefix}{i}", "X", 2.0)
                await store.seats(game_id)
                await store.update_lobby(game_id, options={"i": i}, now=3.0)

        await asyncio.gather(*(hammer(s, g.id, f"{s is first}{g.id}-{n}-")
                               for s in (first, second) for g in (a, b) for n in range(3)))
        assert len(await first.seats(a.id)) == 2 * 3 * 40
        assert len(await second.seats(b.id)) == 2 * 3 * 40
    finally:
        await first.close()
        await second.close()


# ---------------------------------------------------------------------- both backends


async def _game_with_deadlines(store, channel: str, deadlines: dict[str, float], reminders: dict[str, float]) -> int:
    record = await store.create_game("g", channel, "munchkin", ["testdeck"], {}, "u1", "async", 1.0)
    await store.add_seat(record.id, "u1", "Uli", 1.0)
    await store.start_game(record.id, 2**32 + 5, "{}", deadlines, 1.0, reminders=reminders)
    return record.id


async def test_a_due_deadline_is_claimed_by_one_process_only(backend):
    """Two processes claiming at once: every due deadline goes to exactly one of them, none that is
    not yet due, and a claim that lapsed (its process died) can be taken again."""
    first, second = await backend.open(), await backend.open()
    try:
        games = [await _game_with_deadlines(first, f"c{i}", {"window:1": 100.0 + i, "turn:1": 900.0}, {})
                 for i in range(30)]
        a, b = await asyncio.gather(first.claim_due(200.0, 500.0, 20), second.claim_due(200.0, 500.0, 20))
        more = await first.claim_due(200.0, 500.0, 20) + await second.claim_due(200.0, 500.0, 20)
        claimed = [(d.game_id, d.target) for d in [*a, *b, *more]]
        assert sorted(claimed) == sorted((g, "window:1") for g in games)
        assert await first.claim_due(300.0, 600.0, 50) == []           # still held
        lapsed = await second.claim_due(500.0, 800.0, 50)                # the holder never finished
        assert len(lapsed) == 30
    finally:
        await first.close()
        await second.close()


async def test_a_read_never_sees_another_coroutines_unfinished_write(tmp_path):
    """Reads have a connection of their own (WAL): they neither wait for a write's transaction nor see
    its rows before it commits, so a row that is rolled back afterwards (a refused move) is never seen;
    a committed one is seen by the next read."""
    store = SqliteStore(tmp_path / "one.db")
    await store.open()
    release = threading.Event()       # the write runs on the writing connection's thread

    def write_then_fail(db):
        db.execute("INSERT INTO games (guild_id, channel_id, kind, sets, options, status, host_id, "
                   "created_at, updated_at) VALUES ('g', 'c', 'munchkin', '[]', '{}', 'lobby', 'u', 1, 1)")
        release.wait(10)
        raise RuntimeError("refused after all")

    writer = asyncio.create_task(store._use(write_then_fail, write=True))
    try:
        await asyncio.sleep(0.05)
        assert await asyncio.wait_for(store.games(), timeout=5) == []    # not waiting, not seeing the row
    finally:
        release.set()
    with pytest.raises(RuntimeError):
        await writer
    assert await store.games() == []
    try:
        created = await store.create_game("g", "c", "munchkin", ["cthulhu"], {}, "u0", "live", 1.0)
        assert [g.id for g in await store.games()] == [created.id]
    finally:
        await store.close()


async def test_a_lock_held_too_long_becomes_the_tables_busy_error(tmp_path, monkeypatch):
    import table.sqlite_store as sqlite_store

    monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT_MS", 20)
    monkeypatch.setattr(sqlite_store, "RETRY_DELAY", 0.01)
    store = SqliteStore(tmp_path / "held.db")
    await store.open()
    try:
        game = await store.create_game("g", "c", "munchkin", ["cthulhu"], {}, "u0", "live", 1.0)
        holder = sqlite3.connect(tmp_path / "held.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")             # another process sits on the write lock
        with pytest.raises(Busy) as err:
            await store.add_seat(game.id, "u1", "Uli", 2.0)
        assert err.value.code == "busy"      # what the bot and the console show, in the player's language:
        assert text("de", "errors", "busy") == "Gerade ist viel los am Tisch – versuch es gleich noch einmal."
        assert text("en", "errors", "busy") == "The table is busy – please try again in a moment."
        assert await store.seats(game.id) == []    # reads still work, nothing changed
        holder.execute("ROLLBACK")
        holder.close()
        await store.add_seat(game.id, "u1", "Uli", 2.0)                       # and the next try gets through
        assert [s.user_id for s in await store.seats(game.id)] == ["u1"]
    finally:
        await store.close()


WRITER = """
import asyncio, sys
from table.sqlite_store import SqliteStore

async def main():
    store = SqliteStore(sys.argv[1])
    await store.open()
    try:
        game = await store.create_game("g", sys.argv[2], "munchkin", ["cthulhu"], {}, "u", "live", 1.0)
        for i in range(150):
            await store.add_seat(game.id, f"u{i}", "X", 2.0)
    finally:
        await store.close()

asyncio.run(main())
"""


def test_two_processes_writing_one_file_both_finish(tmp_path):
    path = tmp_path / "two.db"
    runs = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), channel], cwd=ROOT,
                             stderr=subprocess.PIPE, text=True) for channel in ("one", "two")]
    errors = [run.communicate(timeout=60)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], errors
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 300
    connection.close()


async def test_the_deadline_clock_keeps_running_when_the_database_is_busy(tmp_path):
    from table.scheduler import DeadlineScheduler
    from table.service import TableService

    store = SqliteStore(tmp_path / "clock.db")
    await store.open()
    calls = []
    real_next_due = store.next_due

    async def next_due():
        calls.append(1)
        if len(calls) <= 2:
            raise Busy()
        return await real_next_due()

    store.next_due = next_due
    scheduler = DeadlineScheduler(TableService(store), max_sleep=0.01)
    scheduler.start()
    try:
        for _ in range(200):
            if len(calls) > 4:
                break
            await asyncio.sleep(0.01)
        assert len(calls) > 4 and not scheduler._task.done()
    finally:
        await scheduler.stop()
        await store.close()


@pytest.mark.parametrize("where", ["under a file", "a device"])
async def test_a_database_path_that_cannot_be_a_database_is_refused(tmp_path, where):
    blocker = tmp_path / "plain.txt"
    blocker.write_text("not a folder", encoding="utf-8")
    path = blocker / "x.db" if where == "under a file" else Path("/dev/null")
    with pytest.raises(StoreError) as err:
        await SqliteStore(path).open()
    assert err.value.code in ("db_unusable", "db_not_a_file")
    assert blocker.read_text(encoding="utf-8") == "not a folder"


async def test_a_reminder_is_claimed_once_and_marked_in_the_same_step(backend):
    first, second = await backend.open(), await backend.open()
    try:
        game = await _game_with_deadlines(first, "c1", {"turn:1": 1000.0, "window:2": 2000.0},
                                          {"turn:1": 500.0, "window:2": 1500.0})
        assert await first.next_due() == 500.0
        a, b = await asyncio.gather(first.claim_reminders(600.0, 10), second.claim_reminders(600.0, 10))
        assert [(d.game_id, d.target) for d in [*a, *b]] == [(game, "turn:1")]
        assert await second.claim_reminders(600.0, 10) == []
        assert await first.next_due() == 1000.0                       # the turn's own deadline comes next
    finally:
        await first.close()
        await second.close()


async def test_seeds_beyond_32_bits_and_times_round_trip(any_store):
    game = await _game_with_deadlines(any_store, "c1", {"turn:1": 1234.5}, {"turn:1": 617.25})
    record = await any_store.get_game(game)
    assert record.seed == 2**32 + 5 and record.status == "active" and record.version == 1
    assert [(d.target, d.due_at) for d in await any_store.deadlines(game)] == [("turn:1", 1234.5)]
    assert (await any_store.get_game(game, with_state=False)).state_json is None
    assert [g.id for g in await any_store.games(("active",), with_state=False)] == [game]


async def test_spectators_are_kept_per_game_and_leave_when_asked(any_store):
    game = await _game_with_deadlines(any_store, "c2", {"turn:1": 10.0}, {})
    await any_store.watch(game, "u9", "Dora", True)
    await any_store.watch(game, "u9", "Dora", True)          # twice is once
    await any_store.watch(game, "u8", "Emil", True)
    assert [(w.user_id, w.name) for w in await any_store.spectators(game)] == [("u8", "Emil"), ("u9", "Dora")]
    await any_store.watch(game, "u9", "Dora", False)
    assert [w.user_id for w in await any_store.spectators(game)] == ["u8"]


# ---------------------------------------------------------------------- PostgreSQL only


async def _pg_database_at(server, version: int) -> str:
    """A PostgreSQL database as an older release left it, with a game in it where the schema has games."""
    import asyncpg

    from table.sql import postgres_migration

    name = await server.create_database()
    connection = await asyncpg.connect(server.url(name))
    try:
        await connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for number in range(1, version + 1):
            await connection.execute(postgres_migration(MIGRATIONS[number - 1]))
            await connection.execute("INSERT INTO schema_version VALUES ($1)", number)
        if version >= 1:
            await connection.execute(
                "INSERT INTO games (guild_id, channel_id, kind, sets, options, status, host_id, version, created_at, "
                "updated_at) VALUES ('g', 'c', 'munchkin', '[\"testdeck\"]', '{}', 'lobby', 'u1', 0, 1, 1)")
            await connection.execute("INSERT INTO seats (game_id, user_id, name, seat, joined_at) "
                                     "VALUES (1, 'u1', 'Uli', 0, 1)")
    finally:
        await connection.close()
    return name


@pytest.mark.parametrize("version", [0, 1, 5, LATEST - 1])
async def test_postgres_migrates_from_earlier_schemas(pg_server, version):
    from table.pg_store import PgStore

    name = await _pg_database_at(pg_server, version)
    store = PgStore(pg_server.url(name))
    await store.open()
    try:
        await _assert_migrated(store, version)
    finally:
        await store.close()
        await pg_server.drop_database(name)


async def test_postgres_newer_schema_is_refused_and_left_alone(pg_server):
    import asyncpg

    from table.pg_store import PgStore

    name = await _pg_database_at(pg_server, LATEST)
    connection = await asyncpg.connect(pg_server.url(name))
    await connection.execute("INSERT INTO schema_version VALUES ($1)", LATEST + 5)
    try:
        with pytest.raises(StoreError) as err:
            await PgStore(pg_server.url(name)).open()
        assert err.value.code == "schema_too_new" and err.value.params["found"] == LATEST + 5
        assert await connection.fetchval("SELECT COUNT(*) FROM games") == 1
    finally:
        await connection.close()
        await pg_server.drop_database(name)


async def test_postgres_server_that_is_not_there(tmp_path):
    from table.pg_store import PgStore

    url = f"postgresql://spiel:geheim@/nowhere?host={tmp_path}&port=1"
    with pytest.raises(StoreError) as err:
        await PgStore(url).open()
    assert err.value.code == "db_unusable" and "geheim" not in err.value.params["path"]


async def test_a_players_games_are_found_by_their_seat(any_store):
    """/hand in a DM lists the games the player sits in, without reading every game."""
    mine = await _game_with_deadlines(any_store, "c1", {}, {})
    other = await any_store.create_game("g", "c2", "munchkin", ["testdeck"], {}, "u2", "live", 1.0)
    await any_store.add_seat(other.id, "u2", "Ute", 1.0)
    await any_store.add_seat(other.id, "u1", "Uli", 1.0)
    assert [g.id for g in await any_store.games_of("u1", ("active",))] == [mine]
    assert [g.id for g in await any_store.games_of("u1", ("active", "lobby"))] == [mine, other.id]
    assert await any_store.games_of("u3", ("active", "lobby")) == []
    assert all(g.state_json is None for g in await any_store.games_of("u1", ("active",)))


async def test_language_choices_are_kept_per_user_and_per_server(backend):
    """/einstellungen sprache (issue 15): a user's and a server's choice, replaced when chosen again,
    read back by a process that opens the database afresh."""
    first = await backend.open()
    assert await first.language_choice("user", "u1") is None
    await first.save_language_choice("user", "u1", "en")
    await first.save_language_choice("guild", "g1", "de")
    await first.save_language_choice("user", "u1", "de")
    await first.close()
    again = await backend.open()
    assert await again.language_choice("user", "u1") == "de"
    assert await again.language_choice("guild", "g1") == "de"
    assert await again.language_choice("guild", "u1") is None        # a user's choice is not a server's
    await again.close()
