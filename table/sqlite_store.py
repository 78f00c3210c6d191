"""SQLite: WAL, foreign keys, a busy timeout, and one transaction per action.

``BEGIN IMMEDIATE`` takes SQLite's write lock at the start of each action, so two processes (or
shards) writing the same database never interleave, and the version check inside the transaction
refuses a writer that read an older state.

Every write goes through ``_use``: the writing connection is a plain sqlite3 connection on a thread of
its own, and each use, a whole transaction, is one trip to that thread. (Statement by statement, a
move's commit took six or seven trips, each of them waiting for a turn of the event loop while it held
the write lock; under load that lock, not SQLite, was what every move queued for.) Reads of their own
(a game, its seats, its messages) go through ``_rows`` on a second connection (aiosqlite): in WAL mode
a read sees the last committed state, never another coroutine's half-done transaction, and it does not
wait for a write's transaction to finish (nor a write for the reads queued before it).

A lock held elsewhere longer than the busy timeout (or one SQLite reports without waiting) is retried
a few times and then becomes the table's ``busy`` error; a damaged file becomes ``db_unusable``.
Nothing from sqlite3 reaches a front end.

A file that already exists is first opened read-only and looked at: a damaged file, another program's
database or one from a newer release is refused before anything is written to it.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from table.errors import Busy, StaleVersion, StoreError, TableError
from table.migrations import LATEST, MIGRATIONS
from table.sql import (
    CLAIM_DEADLINES,
    CLAIM_REMINDERS,
    DUE_DEADLINES,
    DUE_REMINDERS,
    NEXT_DUE,
    SharedSQL,
    Statement,
    action_statements,
    clock_statements,
    deadline_statements,
    game_columns,
    games_of_query,
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

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], T]      # run on the writing connection's thread

BUSY_TIMEOUT_MS = 5_000
ATTEMPTS = 4                 # a lock error is retried this often before the player hears "busy"
RETRY_DELAY = 0.05           # seconds, doubled after each attempt


def tables_made(scripts: list[str]) -> frozenset[str]:
    return frozenset(name for script in scripts for name in re.findall(r"CREATE TABLE (\w+)", script))


OUR_TABLES = tables_made(MIGRATIONS)
SQLITE_TABLES = ("sqlite_sequence", "sqlite_stat1", "sqlite_stat2", "sqlite_stat3", "sqlite_stat4")
# primary result codes (sqlite3.h) that mean the file itself cannot be used
BROKEN_FILE_CODES = {3, 8, 10, 11, 13, 14, 26}   # PERM, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB
LOCK_CODES = {5, 6}                               # BUSY, LOCKED


def _code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def is_lock_error(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and (
        _code(exc) in LOCK_CODES or "locked" in str(exc) or "busy" in str(exc))


def is_broken_file(exc: BaseException) -> bool:
    """A damaged or unreadable file (also a schema whose text is not UTF-8: sqlite3 fails decoding
    the error message itself)."""
    if isinstance(exc, UnicodeDecodeError):
        return True
    return type(exc) is sqlite3.DatabaseError or (isinstance(exc, sqlite3.DatabaseError)
                                                   and _code(exc) in BROKEN_FILE_CODES)


async def run(db: aiosqlite.Connection, sql: str, params: tuple = ()) -> list[Any]:
    """One statement on an aiosqlite connection (the reading one, the read-only look at a file before
    opening it) and all its rows, in one trip to the connection's thread: each trip waits for a turn
    of the event loop, so under load a statement that took three trips (execute, fetch, close) took
    three turns."""
    return list(await db.execute_fetchall(sql, params))


def rows_of(db: sqlite3.Connection, sql: str, params: tuple = ()) -> list[Any]:
    """One statement on the writing connection (in its thread) and all its rows: fetched to the end, so
    the statement is finished before the next one (or COMMIT) runs."""
    return db.execute(sql, params).fetchall()


def migration_statements(script: str) -> list[str]:
    """One migration as single statements, so it can run inside a transaction begun beforehand."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return statements


class SqliteStore(SharedSQL, Store):
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None          # writes only, on ``_thread``
        self._thread: ThreadPoolExecutor | None = None
        self._reader: aiosqlite.Connection | None = None     # reads only (WAL: committed state)
        self._lock = asyncio.Lock()   # one use of the writing connection at a time
        self.busy_retries = 0         # lock errors tried again (the operator's metrics count them)

    # ------------------------------------------------------------------ opening
    async def open(self) -> None:
        if self.path.exists():
            await self._inspect_read_only()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError("db_unusable", path=str(self.path), reason=exc.strerror or str(exc)) from exc
        try:
            await self._with_retries(self._connect_and_migrate)
        except BaseException:
            await self._close_connection()
            raise

    async def copy_to(self, target: Path) -> None:
        """A consistent copy of the existing file at ``target`` (SQLite's backup, read-only here, so a
        running table may go on writing), for a tool that checks a database without changing it: the
        file is looked at first and refused as open() would refuse it, with its own path named."""
        existed = self._sidecars_there() if self.path.is_file() else []
        await self._inspect_read_only()

        def backup() -> None:
            source = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True)
            try:
                copy = sqlite3.connect(target)
                try:
                    source.backup(copy)
                finally:
                    copy.close()
            finally:
                source.close()

        try:
            await asyncio.to_thread(backup)
        except sqlite3.Error as exc:
            if is_lock_error(exc):
                raise Busy() from exc
            raise StoreError("db_unusable", path=str(self.path), reason=self._reason(exc)) from exc
        finally:
            self._tidy_sidecars(existed)

    async def _inspect_read_only(self) -> None:
        """Look at an existing file without writing to it: a damaged file, another program's database or
        a newer schema is refused and the file stays exactly as it was (its journal mode too)."""
        if not self.path.is_file():
            raise StoreError("db_not_a_file", path=str(self.path))
        existed = self._sidecars_there()
        probe = None
        try:
            probe = await aiosqlite.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None)
            await run(probe, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await run(probe, "BEGIN")    # version and tables from one snapshot: another process may be migrating
            async with probe.execute("PRAGMA user_version") as cursor:
                found = int((await cursor.fetchone())[0])
            async with probe.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
                tables = {row[0] for row in await cursor.fetchall()} - set(SQLITE_TABLES)
            await run(probe, "COMMIT")
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            if is_lock_error(exc):
                raise Busy() from exc
            raise StoreError("db_unusable", path=str(self.path), reason=self._reason(exc)) from exc
        finally:
            if probe is not None:
                await probe.close()
        refusal = self._refusal(found, tables)
        if refusal is not None:
            self._tidy_sidecars(existed)
            raise refusal

    def _sidecars(self) -> list[Path]:
        return [self.path.with_name(self.path.name + suffix) for suffix in ("-wal", "-shm")]

    def _sidecars_there(self) -> list[bool]:
        return [p.exists() for p in self._sidecars()]

    def _tidy_sidecars(self, existed: list[bool]) -> None:
        """A read-only look at a WAL database leaves an empty log and its index behind: take away what
        we made (a log with something in it stays)."""
        for path, was_there in zip(self._sidecars(), existed, strict=True):
            if not was_there and path.exists() and (not path.name.endswith("-wal") or path.stat().st_size == 0):
                path.unlink(missing_ok=True)

    def _refusal(self, found: int, tables: set[str]) -> StoreError | None:
        if found == 0 and tables:
            return StoreError("db_not_ours", path=str(self.path), tables=", ".join(sorted(tables)))
        if found > LATEST:
            return StoreError("schema_too_new", path=str(self.path), found=found, supported=LATEST)
        if tables - OUR_TABLES or (found and "games" not in tables):
            return StoreError("db_not_ours", path=str(self.path), tables=", ".join(sorted(tables)))
        missing = tables_made(MIGRATIONS[:found]) - tables
        if missing:          # ours, but tables its schema version promises are gone
            return StoreError("db_unusable", path=str(self.path),
                              reason="missing tables: " + ", ".join(sorted(missing)))
        return None

    async def _connect_and_migrate(self) -> None:
        await self._close_connection()
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-writer")
        self._db = await self._in_thread(self._connect_writer)
        await self._in_thread(self._migrate)
        self._reader = await aiosqlite.connect(self.path, isolation_level=None)
        await run(self._reader, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await run(self._reader, "PRAGMA query_only = ON")

    def _connect_writer(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)   # used on _thread only
        try:
            for pragma in (f"busy_timeout = {BUSY_TIMEOUT_MS}", "journal_mode = WAL", "synchronous = NORMAL",
                           "foreign_keys = ON"):
                rows_of(db, f"PRAGMA {pragma}")
        except BaseException:
            db.close()
            raise
        return db

    def _migrate(self) -> None:
        """Each migration and its version number commit together or not at all. The version is read
        inside the write lock, so two processes opening a new file at once migrate it once."""
        db = self.db
        while True:
            rows_of(db, "BEGIN IMMEDIATE")
            try:
                found = self._user_version(db)
                if found > LATEST:
                    raise StoreError("schema_too_new", path=str(self.path), found=found, supported=LATEST)
                if found == LATEST:
                    rows_of(db, "COMMIT")
                    return
                for statement in migration_statements(MIGRATIONS[found]):
                    rows_of(db, statement)
                rows_of(db, f"PRAGMA user_version = {found + 1}")
                rows_of(db, "COMMIT")
            except BaseException:
                self._rollback(db)
                raise

    async def close(self) -> None:
        async with self._lock:
            await self._close_connection()

    async def _close_connection(self) -> None:
        if self._reader is not None:
            reader, self._reader = self._reader, None
            await reader.close()
        thread, db, self._thread, self._db = self._thread, self._db, None, None
        if thread is not None:
            if db is not None:
                await asyncio.get_running_loop().run_in_executor(thread, db.close)
            thread.shutdown(wait=False)      # idle now: its thread ends by itself

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError("db_closed", path=str(self.path))
        return self._db

    @property
    def reader(self) -> aiosqlite.Connection:
        if self._reader is None:
            raise StoreError("db_closed", path=str(self.path))
        return self._reader

    async def schema_version(self) -> int:
        return await self._use(self._user_version)

    @staticmethod
    def _user_version(db: sqlite3.Connection) -> int:
        rows = rows_of(db, "PRAGMA user_version")
        return int(rows[0][0]) if rows else 0

    # ------------------------------------------------------------------ using the connection
    def _reason(self, exc: BaseException) -> str:
        return "malformed database schema" if isinstance(exc, UnicodeDecodeError) else str(exc)

    async def _with_retries(self, work: Callable[[], Awaitable[T]]) -> T:
        """Run ``work``; a lock error is tried again after a short pause, then it is ``busy``; a broken
        file is ``db_unusable``. Other errors (a refused move, a stale version) pass unchanged."""
        delay = RETRY_DELAY
        for attempt in range(ATTEMPTS):
            try:
                return await work()
            except (sqlite3.Error, UnicodeDecodeError) as exc:
                if is_broken_file(exc):
                    raise StoreError("db_unusable", path=str(self.path), reason=self._reason(exc)) from exc
                if not is_lock_error(exc):
                    raise
                if attempt + 1 == ATTEMPTS:
                    raise Busy() from exc
            self.busy_retries += 1
            await asyncio.sleep(delay)
            delay *= 2
        raise AssertionError("unreachable")

    async def _in_thread(self, work: Callable[[], T]) -> T:
        if self._thread is None:
            raise StoreError("db_closed", path=str(self.path))
        return await asyncio.get_running_loop().run_in_executor(self._thread, work)

    async def _use(self, work: Work[T], *, write: bool = False) -> T:
        """Every use of the writing connection: one at a time, each whole in one trip to its thread; a
        write is one ``BEGIN IMMEDIATE`` transaction that commits whole or is rolled back."""
        def once() -> T:
            db = self.db
            if not write:
                return work(db)
            rows_of(db, "BEGIN IMMEDIATE")
            try:
                result = work(db)
                rows_of(db, "COMMIT")
            except BaseException:
                self._rollback(db)
                raise
            return result

        async with self._lock:
            return await self._with_retries(lambda: self._in_thread(once))

    @staticmethod
    def _rollback(db: sqlite3.Connection) -> None:
        if db.in_transaction:
            rows_of(db, "ROLLBACK")

    async def _write(self, statements: list[tuple[str, tuple]]) -> None:
        """The statements as one transaction. A single statement is one already (the connection is in
        autocommit mode, and SQLite makes each statement outside a transaction its own, whole or not
        at all), so it makes one trip to the connection's thread instead of three with BEGIN and COMMIT."""
        if len(statements) == 1:
            sql, params = statements[0]
            await self._use(lambda db: rows_of(db, sql, params))
            return

        def work(db: sqlite3.Connection) -> None:
            for sql, params in statements:
                rows_of(db, sql, params)

        await self._use(work, write=True)

    async def _rows(self, sql: str, params: tuple = ()) -> list[Any]:
        """One read statement, on the reading connection. Reads are not taken one at a time: the
        connection's thread runs them back to back in the order they came, so a read waits for the
        reads before it, not also for the event loop to resume each of them in turn (under load a
        turn of the loop is what a read costs). Closing queues behind the reads already sent."""
        return await self._with_retries(lambda: run(self.reader, sql, params))

    async def _fetch(self, statement: Statement) -> list[Any]:
        return await self._rows(*statement)

    async def _one(self, sql: str, params: tuple) -> GameRecord | None:
        rows = await self._rows(sql, params)
        return record(rows[0]) if rows else None

    # ------------------------------------------------------------------ games
    async def create_game(self, guild_id: str, channel_id: str, kind: str, sets: list[str],
                          options: dict[str, Any], host_id: str, pace: str, now: float,
                          language: str | None = None) -> GameRecord:
        def insert(db: sqlite3.Connection) -> int | None:
            try:
                rows = rows_of(
                    db, "INSERT INTO games (guild_id, channel_id, kind, sets, options, status, host_id, pace, "
                    "created_at, updated_at, language) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, kind, dumps(sets), dumps(options), host_id, pace, now, now, language),
                )
            except sqlite3.IntegrityError as exc:
                raise TableError("game_exists", channel=channel_id) from exc
            return rows[0][0]

        game_id = await self._use(insert, write=True)
        record = await self.get_game(int(game_id or 0))
        assert record is not None
        return record

    async def get_game(self, game_id: int, with_state: bool = True) -> GameRecord | None:
        return await self._one(f"SELECT {game_columns(with_state)} FROM games WHERE id = ?", (game_id,))

    async def open_game_in_channel(self, guild_id: str, channel_id: str) -> GameRecord | None:
        """Without its state document (asked on every move; the table keeps the states it plays)."""
        return await self._one(
            f"SELECT {game_columns(False)} FROM games WHERE guild_id = ? AND channel_id = ? "
            "AND status IN ('lobby', 'active')", (guild_id, channel_id))

    async def games(self, statuses: tuple[str, ...] = (), with_state: bool = True) -> list[GameRecord]:
        sql = f"SELECT {game_columns(with_state)} FROM games"
        if statuses:
            sql += f" WHERE status IN ({', '.join('?' for _ in statuses)})"
        return [record(row) for row in await self._rows(sql + " ORDER BY id", statuses)]

    async def games_of(self, user_id: str, statuses: tuple[str, ...]) -> list[GameRecord]:
        return [record(row) for row in await self._rows(*games_of_query(user_id, statuses))]

    async def add_seat(self, game_id: int, user_id: str, name: str, now: float, sex: str = "male") -> None:
        try:
            await self._write([seat_insert(game_id, user_id, name, now, sex)])
        except sqlite3.IntegrityError as exc:
            raise TableError("already_seated") from exc

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

    async def commit(self, commit: Commit) -> int:
        new_version = commit.expected_version + 1

        def write(db: sqlite3.Connection) -> None:
            # the version check and the write are one statement: no other writer can slip between
            updated = rows_of(
                db, "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ? WHERE id = ? AND version = ? "
                "RETURNING id",
                (commit.state_json, new_version, commit.status, commit.now, commit.game_id, commit.expected_version),
            )
            if not updated:
                rows = rows_of(db, "SELECT version FROM games WHERE id = ?", (commit.game_id,))
                if not rows:
                    raise TableError("no_game")
                raise StaleVersion(commit.expected_version, rows[0][0])
            for sql, params in action_statements(commit, new_version - 1):
                rows_of(db, sql, params)
            if commit.deadlines is not None:
                for sql, params in deadline_statements(commit.game_id, new_version, commit.deadlines,
                                                       commit.reminders):
                    rows_of(db, sql, params)
            for sql, params in clock_statements(commit.game_id, commit.clocks):
                rows_of(db, sql, params)

        await self._use(write, write=True)
        return new_version

    async def mark_reminded(self, game_id: int, target: str, user_id: str, now: float) -> None:
        await self._write([("INSERT OR IGNORE INTO reminders_sent (game_id, target, user_id, sent_at) VALUES "
                            "(?, ?, ?, ?)", (game_id, target, user_id, now))])

    # ------------------------------------------------------------------ the scheduler's indexed rows
    async def next_due(self) -> float | None:
        rows = await self._rows(NEXT_DUE)
        return rows[0][0] if rows else None

    async def _claim(self, sql: str, params: tuple) -> list[Any]:
        """One UPDATE … RETURNING under SQLite's write lock: no other process claims the same rows."""
        return await self._use(lambda db: rows_of(db, sql, params), write=True)

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

        def work(db: sqlite3.Connection) -> list[dict[str, Any]]:
            cursor = db.execute(f"SELECT * FROM {table} WHERE {key} BETWEEN ? AND ? ORDER BY {key}",
                                (first_game, last_game))
            columns = [d[0] for d in cursor.description]
            return [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]

        return await self._use(work)

    async def insert_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        if rows:
            sql, values = insert_sql(table, rows)
            await self._write([(sql, row) for row in values])
