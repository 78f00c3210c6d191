"""The stores: SQLite's migrations from every earlier schema, a newer schema, unusable files; the same
for PostgreSQL; and, on both backends, what several processes on one database rely on (claims)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from table.errors import StoreError
from table.migrations import LATEST, MIGRATIONS
from table.sqlite_store import SqliteStore


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
    assert err.value.code == "db_unusable"


async def test_data_folder_is_created_and_pragmas_set(tmp_path):
    store = SqliteStore(tmp_path / "new" / "folder" / "s.db")
    await store.open()
    try:
        async with store.db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
        async with store.db.execute("PRAGMA foreign_keys") as cursor:
            assert (await cursor.fetchone())[0] == 1
    finally:
        await store.close()


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
