"""The SQLite store: migrations from every earlier schema, a newer schema, unusable files."""

from __future__ import annotations

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


@pytest.mark.parametrize("version", range(0, LATEST))
async def test_migrates_from_every_earlier_schema(tmp_path, version):
    path = tmp_path / "old.db"
    _database_at(path, version)
    store = SqliteStore(path)
    await store.open()
    try:
        assert await store.schema_version() == LATEST
        if version >= 1:
            game = await store.get_game(1)
            assert game is not None and game.pace == "live" and game.host_id == "u1"
            assert [s.name for s in await store.seats(1)] == ["Uli"]
        assert await store.deadlines() == []
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
