"""PostgreSQL through asyncpg: the same schema and behaviour as the SQLite store, for several processes
on one database.

Each action is one transaction whose first statement is the version compare-and-set on the game row:
a second writer of the same game waits for the row lock, then finds the version moved on and is
refused (StaleVersion), so every action applies exactly once. Due deadlines and reminders are
claimed with ``FOR UPDATE SKIP LOCKED``: two schedulers never take the same row.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

from table.errors import DatabaseGone, StaleVersion, StoreError, TableError
from table.migrations import LATEST, MIGRATIONS
from table.sql import (
    CLAIM_DEADLINES,
    CLAIM_REMINDERS,
    DUE_DEADLINES,
    DUE_REMINDERS,
    NEXT_DUE,
    SharedSQL,
    Statement,
    game_columns,
    games_of_query,
    numbered,
    postgres_migration,
    record,
    seat_insert,
)
from table.store import (
    COPIED_TABLES,
    Commit,
    Deadline,
    GameRecord,
    Store,
    dumps,
    game_key,
    insert_sql,
)
from table.stores import redacted

# what asyncpg raises when the server goes away: the socket (OSError), the connection closed under a
# query, the server shutting down (57P01) or refusing new connections while it does (57P03)
CONNECTION_LOST = (OSError, asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError)
MIGRATION_LOCK = 0x5350_4C54          # advisory lock id: one process migrates at a time
POOL_SIZE = 10


def seat_update(commit: Commit, n: int) -> tuple[str, list] | None:
    """The seats a commit marks, in one statement (two on one row would keep only one of them): a
    finished game's winners, the seats that missed this timeout's deadline, and the mover, who no
    longer misses."""
    winners = list(commit.winners) if commit.status == "finished" else []
    if not winners and not commit.missed and commit.present is None:
        return None
    w, m, p = f"${n + 1}::text[]", f"${n + 2}::text[]", f"${n + 3}::text"
    return (f"s AS (UPDATE seats SET won = CASE WHEN user_id = ANY({w}) THEN 1 ELSE won END, "
            f"missed_at = CASE WHEN user_id = ANY({m}) THEN $4 WHEN user_id = {p} THEN NULL ELSE missed_at END "
            f"WHERE game_id IN (SELECT id FROM g) AND (user_id = ANY({w}) OR user_id = ANY({m}) "
            f"OR (user_id = {p} AND missed_at IS NOT NULL)))", [winners, list(commit.missed), commit.present])


def commit_statement(commit: Commit, new_version: int) -> tuple[str, list]:
    """The action's whole transaction as data-modifying CTEs, each acting only when the game row matched."""
    params: list = [commit.state_json, new_version, commit.status, commit.now, commit.game_id,
                    commit.expected_version, commit.actor, commit.action_json]
    parts = [
        "g AS (UPDATE games SET state = $1, version = $2, status = $3, updated_at = $4 "
        "WHERE id = $5 AND version = $6 RETURNING id)",
        "a AS (INSERT INTO actions (game_id, seq, actor, action, at, undo_of) "
        "SELECT id, $2 - 1, $7, $8, $4, $9::bigint FROM g)",
    ]
    params.append(commit.undoes)
    if commit.undoes is not None:      # the move this line takes back stays in the log, marked
        parts.append("u AS (UPDATE actions SET undone = 1 WHERE game_id IN (SELECT id FROM g) AND seq = $9)")
    seats = seat_update(commit, len(params))
    if seats is not None:
        parts.append(seats[0])
        params += seats[1]
    if commit.deadlines is not None:      # keep the open ones (their times stay), add new ones, drop the rest
        targets = list(commit.deadlines)
        n = len(params)
        params += [targets, [commit.deadlines[t] for t in targets], [commit.reminders.get(t) for t in targets]]
        parts += [
            "d AS (DELETE FROM deadlines WHERE game_id IN (SELECT id FROM g) "
            f"AND NOT (target = ANY(${n + 1}::text[])))",
            "i AS (INSERT INTO deadlines (game_id, target, due_at, version, remind_at) "
            "SELECT g.id, t.target, t.due_at, $2, t.remind_at FROM g, "
            f"unnest(${n + 1}::text[], ${n + 2}::float8[], ${n + 3}::float8[]) AS t (target, due_at, remind_at) "
            "ON CONFLICT (game_id, target) DO UPDATE SET version = excluded.version, claimed_until = NULL)",
        ]
    if commit.clocks:
        n = len(params)
        params += [[c.user_id for c in commit.clocks], [c.bank for c in commit.clocks],
                   [c.started for c in commit.clocks], [c.paused for c in commit.clocks]]
        parts.append(
            "c AS (INSERT INTO player_clocks (game_id, user_id, bank, started, paused) "
            f"SELECT g.id, k.user_id, k.bank, k.started, k.paused FROM g, unnest(${n + 1}::text[], "
            f"${n + 2}::float8[], ${n + 3}::float8[], ${n + 4}::float8[]) AS k (user_id, bank, started, paused) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET bank = excluded.bank, started = excluded.started, "
            "paused = excluded.paused)")
    return f"WITH {', '.join(parts)} SELECT COUNT(*) FROM g", params


class PgStore(SharedSQL, Store):
    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    # ------------------------------------------------------------------ opening
    async def open(self) -> None:
        try:
            self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size)
            async with self.pool.acquire() as conn, conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                found = await conn.fetchval("SELECT MAX(version) FROM schema_version") or 0
                if found > LATEST:
                    raise StoreError("schema_too_new", path=redacted(self.url), found=found, supported=LATEST)
                for number in range(found + 1, LATEST + 1):
                    await conn.execute(postgres_migration(MIGRATIONS[number - 1]))
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
        except StoreError:
            await self.close()
            raise
        except (OSError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            await self.close()
            raise StoreError("db_unusable", path=redacted(self.url), reason=str(exc)) from exc

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("db_closed", path=redacted(self.url))
        return self._pool

    async def schema_version(self) -> int:
        return await self.pool.fetchval("SELECT MAX(version) FROM schema_version") or 0

    # ------------------------------------------------------------------ helpers
    async def _write(self, statements: list[Statement]) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            for sql, params in statements:
                await conn.execute(numbered(sql), *params)

    async def _rows(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        return await self.pool.fetch(numbered(sql), *params)


    async def _fetch(self, statement: Statement) -> list[Any]:
        sql, params = statement
        return await self._rows(sql, *params)

    async def _one(self, sql: str, *params: Any) -> GameRecord | None:
        row = await self.pool.fetchrow(numbered(sql), *params)
        return record(row) if row else None

    # ------------------------------------------------------------------ games
    async def create_game(self, guild_id: str, channel_id: str, kind: str, sets: list[str],
                          options: dict[str, Any], host_id: str, pace: str, now: float,
                          language: str | None = None) -> GameRecord:
        try:
            game_id = await self.pool.fetchval(
                "INSERT INTO games (guild_id, channel_id, kind, sets, options, status, host_id, pace, created_at, "
                "updated_at, language) VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $8, $8, $9) RETURNING id",
                guild_id, channel_id, kind, dumps(sets), dumps(options), host_id, pace, now, language)
        except asyncpg.UniqueViolationError as exc:
            raise TableError("game_exists", channel=channel_id) from exc
        created = await self.get_game(game_id)
        assert created is not None
        return created

    async def get_game(self, game_id: int, with_state: bool = True) -> GameRecord | None:
        return await self._one(f"SELECT {game_columns(with_state)} FROM games WHERE id = ?", game_id)

    async def open_game_in_channel(self, guild_id: str, channel_id: str) -> GameRecord | None:
        """Without its state document (asked on every move; the table keeps the states it plays)."""
        return await self._one(f"SELECT {game_columns(False)} FROM games WHERE guild_id = ? AND channel_id = ? "
                               "AND status IN ('lobby', 'active')", guild_id, channel_id)

    async def games(self, statuses: tuple[str, ...] = (), with_state: bool = True) -> list[GameRecord]:
        sql = f"SELECT {game_columns(with_state)} FROM games"
        if statuses:
            sql += " WHERE status = ANY(?::text[])"
        rows = await self._rows(sql + " ORDER BY id", *([list(statuses)] if statuses else []))
        return [record(row) for row in rows]

    async def games_of(self, user_id: str, statuses: tuple[str, ...]) -> list[GameRecord]:
        sql, params = games_of_query(user_id, statuses)
        return [record(row) for row in await self._rows(sql, *params)]

    async def add_seat(self, game_id: int, user_id: str, name: str, now: float, sex: str = "male") -> None:
        try:
            await self._write([
                ("SELECT id FROM games WHERE id = ? FOR UPDATE", (game_id,)),   # joins take the next seat in turn
                seat_insert(game_id, user_id, name, now, sex),
            ])
        except asyncpg.UniqueViolationError as exc:
            raise TableError("already_seated") from exc

    async def update_lobby(self, game_id: int, *, options: dict[str, Any] | None = None,
                           pace: str | None = None, sets: list[str] | None = None, now: float) -> None:
        await self._write([(
            "UPDATE games SET options = COALESCE(?, options), pace = COALESCE(?, pace), sets = COALESCE(?, sets), "
            "updated_at = ? WHERE id = ?",
            (None if options is None else dumps(options), pace, None if sets is None else dumps(sets), now, game_id),
        )])

    async def commit(self, commit: Commit) -> int:
        """One statement, one round trip: the version compare-and-set on the game row (a concurrent
        writer waits for the row's lock, then misses), and only if it matched the log line, the
        deadlines and the time banks."""
        new_version = commit.expected_version + 1
        sql, params = commit_statement(commit, new_version)
        async with self.pool.acquire() as conn:
            if await conn.fetchval(sql, *params) != 1:
                actual = await conn.fetchval("SELECT version FROM games WHERE id = $1", commit.game_id)
                if actual is None:
                    raise TableError("no_game")
                raise StaleVersion(commit.expected_version, actual)
        return new_version

    # ------------------------------------------------------------------ per player
    async def mark_reminded(self, game_id: int, target: str, user_id: str, now: float) -> None:
        await self._write([("INSERT INTO reminders_sent (game_id, target, user_id, sent_at) VALUES (?, ?, ?, ?) "
                            "ON CONFLICT DO NOTHING", (game_id, target, user_id, now))])

    # ------------------------------------------------------------------ the scheduler's indexed rows
    async def next_due(self) -> float | None:
        return await self.pool.fetchval(NEXT_DUE)

    async def claim_due(self, now: float, until: float, limit: int) -> list[Deadline]:
        sql = CLAIM_DEADLINES.format(due=DUE_DEADLINES + " FOR UPDATE SKIP LOCKED")
        rows = await self._rows(sql, until, now, now, limit)
        return sorted((Deadline(r[0], r[1], r[2], r[3]) for r in rows), key=lambda d: d.due_at)

    async def claim_reminders(self, now: float, limit: int) -> list[Deadline]:
        rows = await self._rows(CLAIM_REMINDERS.format(due=DUE_REMINDERS + " FOR UPDATE SKIP LOCKED"), now, limit)
        return sorted((Deadline(r[0], r[1], r[2], 0) for r in rows), key=lambda d: d.due_at)

    # ------------------------------------------------------------------ moving a database (table.migrate)
    async def table_rows(self, table: str, first_game: int, last_game: int) -> list[dict[str, Any]]:
        assert table in COPIED_TABLES
        key = game_key(table)
        rows = await self._rows(f"SELECT * FROM {table} WHERE {key} BETWEEN ? AND ? ORDER BY {key}",
                                first_game, last_game)
        return [dict(row) for row in rows]

    async def insert_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        if not rows:
            return
        sql, values = insert_sql(table, rows)
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.executemany(numbered(sql), values)
            if table == "games":      # new games must not take the ids just copied
                await conn.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), "
                                   "(SELECT MAX(id) FROM games))")


def _saying_when_the_server_is_gone(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def guarded(self: PgStore, *args: Any, **kwargs: Any) -> Any:
        try:
            return await method(self, *args, **kwargs)
        except CONNECTION_LOST as exc:
            raise DatabaseGone(redacted(self.url), str(exc) or type(exc).__name__) from exc

    return guarded


# every query of the store (its own and the shared ones); opening has its own one-line refusal
for _name, _method in inspect.getmembers(PgStore, inspect.iscoroutinefunction):
    if _name not in ("open", "close") and not _name.startswith("__"):
        setattr(PgStore, _name, _saying_when_the_server_is_gone(_method))
