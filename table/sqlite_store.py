"""SQLite through aiosqlite: WAL, foreign keys, a busy timeout, and one transaction per action.

``BEGIN IMMEDIATE`` takes SQLite's write lock at the start of each action, so two processes (or
shards) writing the same database never interleave, and the version check inside the transaction
refuses a writer that read an older state.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite

from table.errors import StaleVersion, StoreError, TableError
from table.migrations import LATEST, MIGRATIONS
from table.sql import (
    CLAIM_DEADLINES,
    CLAIM_REMINDERS,
    DUE_DEADLINES,
    DUE_REMINDERS,
    GAME_COLUMNS,
    NEXT_DUE,
    clock_statements,
    deadline_statements,
    deadlines_query,
    game_columns,
    games_of_query,
    preferences_upsert,
    private_message_upsert,
    record,
    seat_insert,
    start_statements,
    status_statements,
    substitute_upsert,
)
from table.store import (
    COPIED_TABLES,
    Commit,
    Deadline,
    GameRecord,
    LoggedAction,
    PlayerClock,
    Preferences,
    PrivateMessage,
    Seat,
    Store,
    Substitute,
    dumps,
    game_key,
    insert_sql,
)

BUSY_TIMEOUT_MS = 10_000


class SqliteStore(Store):
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()   # one transaction at a time on this connection

    # ------------------------------------------------------------------ opening
    async def open(self) -> None:
        if self.path.exists() and not self.path.is_file():
            raise StoreError("db_unusable", path=str(self.path), reason="not a file")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = await aiosqlite.connect(self.path, isolation_level=None)
            await self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            found = await self.schema_version()
            if found > LATEST:
                raise StoreError("schema_too_new", path=str(self.path), found=found, supported=LATEST)
            await self._db.execute("PRAGMA journal_mode = WAL")
            await self._db.execute("PRAGMA synchronous = NORMAL")
            await self._db.execute("PRAGMA foreign_keys = ON")
            await self._migrate(found)
        except sqlite3.DatabaseError as exc:
            await self.close()
            raise StoreError("db_unusable", path=str(self.path), reason=str(exc)) from exc
        except StoreError:
            await self.close()
            raise

    async def _migrate(self, found: int) -> None:
        for number in range(found + 1, LATEST + 1):
            # each migration and its version number commit together or not at all
            await self.db.executescript(
                f"BEGIN IMMEDIATE;\n{MIGRATIONS[number - 1]}\nPRAGMA user_version = {number};\nCOMMIT;"
            )

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("db_closed", path=str(self.path))
        return self._db

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ helpers
    async def _write(self, statements: list[tuple[str, tuple]]) -> None:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    await self.db.execute(sql, params)
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise

    async def _one(self, sql: str, params: tuple) -> GameRecord | None:
        async with self.db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return record(row) if row else None

    # ------------------------------------------------------------------ games
    async def create_game(self, guild_id: str, channel_id: str, kind: str, sets: list[str],
                          options: dict[str, Any], host_id: str, pace: str, now: float) -> GameRecord:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                cursor = await self.db.execute(
                    "INSERT INTO games (guild_id, channel_id, kind, sets, options, status, host_id, pace, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (guild_id, channel_id, kind, dumps(sets), dumps(options), host_id, pace, now, now),
                )
                game_id = cursor.lastrowid
                await self.db.execute("COMMIT")
            except sqlite3.IntegrityError as exc:
                await self.db.execute("ROLLBACK")
                raise TableError("game_exists", channel=channel_id) from exc
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        record = await self.get_game(int(game_id or 0))
        assert record is not None
        return record

    async def get_game(self, game_id: int, with_state: bool = True) -> GameRecord | None:
        return await self._one(f"SELECT {game_columns(with_state)} FROM games WHERE id = ?", (game_id,))

    async def open_game_in_channel(self, guild_id: str, channel_id: str) -> GameRecord | None:
        return await self._one(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND channel_id = ? "
            "AND status IN ('lobby', 'active')", (guild_id, channel_id))

    async def games(self, statuses: tuple[str, ...] = (), with_state: bool = True) -> list[GameRecord]:
        sql = f"SELECT {game_columns(with_state)} FROM games"
        if statuses:
            sql += f" WHERE status IN ({', '.join('?' for _ in statuses)})"
        async with self.db.execute(sql + " ORDER BY id", statuses) as cursor:
            return [record(row) for row in await cursor.fetchall()]

    async def games_of(self, user_id: str, statuses: tuple[str, ...]) -> list[GameRecord]:
        async with self.db.execute(*games_of_query(user_id, statuses)) as cursor:
            return [record(row) for row in await cursor.fetchall()]

    async def seats(self, game_id: int) -> list[Seat]:
        async with self.db.execute(
            "SELECT user_id, name, seat, bot FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cursor:
            return [Seat(user_id=r[0], name=r[1], seat=r[2], bot=bool(r[3])) for r in await cursor.fetchall()]

    async def set_seat_bot(self, game_id: int, user_id: str, name: str, bot: bool) -> None:
        await self._write([("UPDATE seats SET bot = ?, name = ? WHERE game_id = ? AND user_id = ?",
                            (int(bot), name, game_id, user_id))])

    async def add_seat(self, game_id: int, user_id: str, name: str, now: float) -> None:
        try:
            await self._write([seat_insert(game_id, user_id, name, now)])
        except sqlite3.IntegrityError as exc:
            raise TableError("already_seated") from exc

    async def remove_seat(self, game_id: int, user_id: str) -> None:
        await self._write([("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))])

    async def update_lobby(self, game_id: int, *, options: dict[str, Any] | None = None,
                           pace: str | None = None, sets: list[str] | None = None, now: float) -> None:
        statements: list[tuple[str, tuple]] = []
        if options is not None:
            statements.append(("UPDATE games SET options = ? WHERE id = ?", (dumps(options), game_id)))
        if pace is not None:
            statements.append(("UPDATE games SET pace = ? WHERE id = ?", (pace, game_id)))
        if sets is not None:
            statements.append(("UPDATE games SET sets = ? WHERE id = ?", (dumps(sets), game_id)))
        statements.append(("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id)))
        await self._write(statements)

    async def start_game(self, game_id: int, seed: int, state_json: str, deadlines: dict[str, float],
                         now: float, clocks: list[PlayerClock] = (),
                         reminders: dict[str, float] | None = None) -> int:
        await self._write(start_statements(game_id, seed, state_json, deadlines, now, list(clocks), reminders))
        return 1

    async def clocks(self, game_id: int) -> dict[str, PlayerClock]:
        async with self.db.execute("SELECT user_id, bank, started, paused FROM player_clocks WHERE game_id = ?",
                                   (game_id,)) as cursor:
            return {r[0]: PlayerClock(r[0], r[1], r[2], r[3]) for r in await cursor.fetchall()}

    async def commit(self, commit: Commit) -> int:
        new_version = commit.expected_version + 1
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                # the version check and the write are one statement: no other writer can slip between
                cursor = await self.db.execute(
                    "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ? WHERE id = ? AND version = ?",
                    (commit.state_json, new_version, commit.status, commit.now, commit.game_id,
                     commit.expected_version),
                )
                if cursor.rowcount != 1:
                    async with self.db.execute("SELECT version FROM games WHERE id = ?", (commit.game_id,)) as c:
                        row = await c.fetchone()
                    if row is None:
                        raise TableError("no_game")
                    raise StaleVersion(commit.expected_version, row[0])
                await self.db.execute(
                    "INSERT INTO actions (game_id, seq, actor, action, at) VALUES (?, ?, ?, ?, ?)",
                    (commit.game_id, new_version - 1, commit.actor, commit.action_json, commit.now),
                )
                if commit.deadlines is not None:
                    for sql, params in deadline_statements(commit.game_id, new_version, commit.deadlines,
                                                           commit.reminders):
                        await self.db.execute(sql, params)
                for sql, params in clock_statements(commit.game_id, commit.clocks):
                    await self.db.execute(sql, params)
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        return new_version

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        await self._write(status_statements(game_id, status, now))

    async def actions(self, game_id: int) -> list[LoggedAction]:
        async with self.db.execute(
            "SELECT seq, actor, action, at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ) as cursor:
            return [LoggedAction(seq=r[0], actor=r[1], action_json=r[2], at=r[3]) for r in await cursor.fetchall()]

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        async with self.db.execute(*deadlines_query(game_id)) as cursor:
            return [Deadline(game_id=r[0], target=r[1], due_at=r[2], version=r[3]) for r in await cursor.fetchall()]

    async def private_message(self, game_id: int, user_id: str) -> PrivateMessage:
        async with self.db.execute(
            "SELECT channel_id, message_id, digest, closed FROM private_messages WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return PrivateMessage(game_id=game_id, user_id=user_id)
        return PrivateMessage(game_id, user_id, row[0], row[1], row[2], row[3])

    async def save_private_message(self, message: PrivateMessage) -> None:
        await self._write([private_message_upsert(message)])

    async def preferences(self, game_id: int) -> dict[str, Preferences]:
        async with self.db.execute(
            "SELECT user_id, auto_pass, away_until, reminders FROM preferences WHERE game_id = ?", (game_id,)
        ) as cursor:
            rows = await cursor.fetchall()
        return {r[0]: Preferences(game_id, r[0], bool(r[1]), r[2], r[3]) for r in rows}

    async def save_preferences(self, preferences: Preferences) -> None:
        await self._write([preferences_upsert(preferences)])

    async def reminders_sent(self, game_id: int) -> set[tuple[str, str]]:
        async with self.db.execute("SELECT target, user_id FROM reminders_sent WHERE game_id = ?", (game_id,)) as c:
            return {(r[0], r[1]) for r in await c.fetchall()}

    async def mark_reminded(self, game_id: int, target: str, user_id: str, now: float) -> None:
        await self._write([("INSERT OR IGNORE INTO reminders_sent (game_id, target, user_id, sent_at) VALUES "
                            "(?, ?, ?, ?)", (game_id, target, user_id, now))])

    async def substitutes(self, game_id: int) -> list[Substitute]:
        async with self.db.execute(
            "SELECT user_id, name, player_id, approved FROM substitutes WHERE game_id = ?", (game_id,)
        ) as cursor:
            return [Substitute(game_id, r[0], r[1], r[2], bool(r[3])) for r in await cursor.fetchall()]

    async def save_substitute(self, substitute: Substitute) -> None:
        await self._write([substitute_upsert(substitute)])

    # ------------------------------------------------------------------ the scheduler's indexed rows
    async def next_due(self) -> float | None:
        async with self.db.execute(NEXT_DUE) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None

    async def _claim(self, sql: str, params: tuple) -> list[Any]:
        """One UPDATE … RETURNING under SQLite's write lock: no other process claims the same rows."""
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                async with self.db.execute(sql, params) as cursor:
                    rows = await cursor.fetchall()
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        return list(rows)

    async def claim_due(self, now: float, until: float, limit: int) -> list[Deadline]:
        rows = await self._claim(CLAIM_DEADLINES.format(due=DUE_DEADLINES), (until, now, now, limit))
        return sorted((Deadline(r[0], r[1], r[2], r[3]) for r in rows), key=lambda d: d.due_at)

    async def claim_reminders(self, now: float, limit: int) -> list[Deadline]:
        rows = await self._claim(CLAIM_REMINDERS.format(due=DUE_REMINDERS), (now, limit))
        return sorted((Deadline(r[0], r[1], r[2], 0) for r in rows), key=lambda d: d.due_at)

    # ------------------------------------------------------------------ moving a database (table.migrate)
    async def table_rows(self, table: str, first_game: int, last_game: int) -> list[dict[str, Any]]:
        assert table in COPIED_TABLES
        key = game_key(table)
        async with self.db.execute(f"SELECT * FROM {table} WHERE {key} BETWEEN ? AND ? ORDER BY {key}",
                                   (first_game, last_game)) as cursor:
            columns = [d[0] for d in cursor.description]
            return [dict(zip(columns, row, strict=True)) for row in await cursor.fetchall()]

    async def insert_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        if rows:
            sql, values = insert_sql(table, rows)
            await self._write([(sql, row) for row in values])
