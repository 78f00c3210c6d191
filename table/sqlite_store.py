"""SQLite through aiosqlite: WAL, foreign keys, a busy timeout, and one transaction per action.

``BEGIN IMMEDIATE`` takes SQLite's write lock at the start of each action, so two processes (or
shards) writing the same database never interleave, and the version check inside the transaction
refuses a writer that read an older state.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite

from table.errors import StaleVersion, StoreError, TableError
from table.migrations import LATEST, MIGRATIONS
from table.store import (
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
)

BUSY_TIMEOUT_MS = 10_000
GAME_COLUMNS = ("id, guild_id, channel_id, kind, sets, options, status, host_id, seed, state, version, pace, "
                "created_at, updated_at")


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
            await self._run(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            found = await self.schema_version()
            if found > LATEST:
                raise StoreError("schema_too_new", path=str(self.path), found=found, supported=LATEST)
            await self._run("PRAGMA journal_mode = WAL")
            await self._run("PRAGMA synchronous = NORMAL")
            await self._run("PRAGMA foreign_keys = ON")
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
            cursor = await self.db.executescript(
                f"BEGIN IMMEDIATE;\n{MIGRATIONS[number - 1]}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
            await cursor.close()

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
    async def _run(self, sql: str, params: tuple = ()) -> None:
        """One statement whose rows nobody reads. The cursor is closed here, not left to the garbage
        collector: an open statement makes the next COMMIT fail ("SQL statements in progress")."""
        async with self.db.execute(sql, params):
            pass

    async def _write(self, statements: list[tuple[str, tuple]]) -> None:
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    await self._run(sql, params)
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise

    @staticmethod
    def _record(row: Any) -> GameRecord:
        return GameRecord(
            id=row[0], guild_id=row[1], channel_id=row[2], kind=row[3], sets=json.loads(row[4]),
            options=json.loads(row[5]), status=row[6], host_id=row[7], seed=row[8], state_json=row[9],
            version=row[10], pace=row[11], created_at=row[12], updated_at=row[13],
        )

    async def _one(self, sql: str, params: tuple) -> GameRecord | None:
        async with self.db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return self._record(row) if row else None

    # ------------------------------------------------------------------ games
    async def create_game(self, guild_id: str, channel_id: str, kind: str, sets: list[str],
                          options: dict[str, Any], host_id: str, pace: str, now: float) -> GameRecord:
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                cursor = await self.db.execute(
                    "INSERT INTO games (guild_id, channel_id, kind, sets, options, status, host_id, pace, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (guild_id, channel_id, kind, dumps(sets), dumps(options), host_id, pace, now, now),
                )
                game_id = cursor.lastrowid
                await self._run("COMMIT")
            except sqlite3.IntegrityError as exc:
                await self._run("ROLLBACK")
                raise TableError("game_exists", channel=channel_id) from exc
            except BaseException:
                await self._run("ROLLBACK")
                raise
        record = await self.get_game(int(game_id or 0))
        assert record is not None
        return record

    async def get_game(self, game_id: int, with_state: bool = True) -> GameRecord | None:
        columns = GAME_COLUMNS if with_state else GAME_COLUMNS.replace(" state,", " NULL,")
        return await self._one(f"SELECT {columns} FROM games WHERE id = ?", (game_id,))

    async def open_game_in_channel(self, guild_id: str, channel_id: str) -> GameRecord | None:
        return await self._one(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND channel_id = ? "
            "AND status IN ('lobby', 'active')", (guild_id, channel_id))

    async def games(self, statuses: tuple[str, ...] = ()) -> list[GameRecord]:
        sql = f"SELECT {GAME_COLUMNS} FROM games"
        if statuses:
            sql += f" WHERE status IN ({', '.join('?' for _ in statuses)})"
        async with self.db.execute(sql + " ORDER BY id", statuses) as cursor:
            return [self._record(row) for row in await cursor.fetchall()]

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
            await self._write([(
                "INSERT INTO seats (game_id, user_id, name, seat, joined_at) VALUES "
                "(?, ?, ?, (SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?), ?)",
                (game_id, user_id, name, game_id, now),
            )])
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
                         now: float, clocks: list[PlayerClock] = ()) -> int:
        await self._write([
            ("UPDATE games SET status = 'active', seed = ?, state = ?, version = 1, updated_at = ? "
             "WHERE id = ? AND status = 'lobby'", (seed, state_json, now, game_id)),
            *self._deadline_statements(game_id, 1, deadlines),
            *self._clock_statements(game_id, clocks),
        ])
        return 1

    @staticmethod
    def _clock_statements(game_id: int, clocks) -> list[tuple[str, tuple]]:
        return [("INSERT INTO player_clocks (game_id, user_id, bank, started, paused) VALUES (?, ?, ?, ?, ?) "
                 "ON CONFLICT (game_id, user_id) DO UPDATE SET bank = excluded.bank, started = excluded.started, "
                 "paused = excluded.paused", (game_id, c.user_id, c.bank, c.started, c.paused)) for c in clocks]

    async def clocks(self, game_id: int) -> dict[str, PlayerClock]:
        async with self.db.execute("SELECT user_id, bank, started, paused FROM player_clocks WHERE game_id = ?",
                                   (game_id,)) as cursor:
            return {r[0]: PlayerClock(r[0], r[1], r[2], r[3]) for r in await cursor.fetchall()}

    @staticmethod
    def _deadline_statements(game_id: int, version: int, deadlines: dict[str, float]) -> list[tuple[str, tuple]]:
        """Keep the deadlines still open (their time does not restart), add new ones, drop the rest."""
        keep = list(deadlines)
        statements: list[tuple[str, tuple]] = [(
            f"DELETE FROM deadlines WHERE game_id = ? AND target NOT IN ({', '.join('?' for _ in keep)})",
            (game_id, *keep),
        )]
        for target, due_at in deadlines.items():
            statements.append((
                "INSERT INTO deadlines (game_id, target, due_at, version) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, target) DO UPDATE SET version = excluded.version",
                (game_id, target, due_at, version),
            ))
        return statements

    async def commit(self, commit: Commit) -> int:
        new_version = commit.expected_version + 1
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
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
                await self._run(
                    "INSERT INTO actions (game_id, seq, actor, action, at) VALUES (?, ?, ?, ?, ?)",
                    (commit.game_id, new_version - 1, commit.actor, commit.action_json, commit.now),
                )
                if commit.deadlines is not None:
                    for sql, params in self._deadline_statements(commit.game_id, new_version, commit.deadlines):
                        await self._run(sql, params)
                for sql, params in self._clock_statements(commit.game_id, commit.clocks):
                    await self._run(sql, params)
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise
        return new_version

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        statements = [("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, game_id))]
        if status in ("finished", "ended"):
            statements.append(("DELETE FROM deadlines WHERE game_id = ?", (game_id,)))
        await self._write(statements)

    async def actions(self, game_id: int) -> list[LoggedAction]:
        async with self.db.execute(
            "SELECT seq, actor, action, at FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ) as cursor:
            return [LoggedAction(seq=r[0], actor=r[1], action_json=r[2], at=r[3]) for r in await cursor.fetchall()]

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        sql = "SELECT game_id, target, due_at, version FROM deadlines"
        params: tuple = ()
        if game_id is not None:
            sql += " WHERE game_id = ?"
            params = (game_id,)
        async with self.db.execute(sql + " ORDER BY due_at", params) as cursor:
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
        await self._write([(
            "INSERT INTO private_messages (game_id, user_id, channel_id, message_id, digest, closed) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id, digest = excluded.digest, closed = excluded.closed",
            (message.game_id, message.user_id, message.channel_id, message.message_id, message.digest, message.closed),
        )])

    async def preferences(self, game_id: int) -> dict[str, Preferences]:
        async with self.db.execute(
            "SELECT user_id, auto_pass, away_until, reminders FROM preferences WHERE game_id = ?", (game_id,)
        ) as cursor:
            rows = await cursor.fetchall()
        return {r[0]: Preferences(game_id, r[0], bool(r[1]), r[2], r[3]) for r in rows}

    async def save_preferences(self, preferences: Preferences) -> None:
        await self._write([(
            "INSERT INTO preferences (game_id, user_id, auto_pass, away_until, reminders) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET auto_pass = excluded.auto_pass, "
            "away_until = excluded.away_until, reminders = excluded.reminders",
            (preferences.game_id, preferences.user_id, int(preferences.auto_pass), preferences.away_until,
             preferences.reminders),
        )])

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
        await self._write([(
            "INSERT INTO substitutes (game_id, user_id, name, player_id, approved) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET name = excluded.name, player_id = excluded.player_id, "
            "approved = excluded.approved",
            (substitute.game_id, substitute.user_id, substitute.name, substitute.player_id, int(substitute.approved)),
        )])
