"""A consistent copy of a SQLite store, also while the bot is running and writing to it.

    python -m table.backup --to FILE [--db PATH] [--lang en]

SQLite's online backup copies the database page by page from a read-only connection, so the copy is
one moment of the store even while a table goes on playing. The copy is written beside its target
under a temporary name, checked (SQLite's integrity check, and it must open as our store), and only
then given its name: a backup that was cut short never looks like a good one. An existing file is
never overwritten. To restore, stop the bot and put the copy where SPIELLEITER_DB (or DATABASE_URL)
points; `python -m table.replay --db FILE` checks a copy at any time.

A PostgreSQL store is backed up with PostgreSQL's own tools (pg_dump); the README says how.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import tempfile
from pathlib import Path

from engine.core.cli import run_tool
from table.console import OneLineParser, refuse
from table.errors import TableError, UsageError
from table.i18n import text
from table.sqlite_store import SqliteStore
from table.stores import database_url, is_postgres, sqlite_path


def _checked(copy: Path) -> int:
    """The number of games in a fresh copy; raises UsageError when SQLite finds it damaged."""
    connection = sqlite3.connect(copy)
    try:
        verdict = connection.execute("PRAGMA integrity_check").fetchone()[0]
        if verdict != "ok":
            raise UsageError("backup_damaged", path=str(copy), reason=verdict)
        return connection.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        connection.close()


async def backup(source: Path, target: Path) -> int:
    """Copy the store at ``source`` to ``target`` (which must not exist); the number of games copied."""
    if target.exists():
        raise UsageError("backup_exists", path=str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(handle)
    partial = Path(temporary)
    try:
        partial.unlink()       # SQLite's backup writes a new file
        await SqliteStore(source).copy_to(partial)
        games = _checked(partial)
        if target.exists():    # made meanwhile by someone else: still never overwritten
            raise UsageError("backup_exists", path=str(target))
        partial.replace(target)
        return games
    finally:
        partial.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--to", required=True, help="the backup file to write (must not exist yet)")
    parser.add_argument("--db", default=None, help="the store's file (default: DATABASE_URL, else the data folder's)")
    parser.add_argument("--lang", default="de", choices=["de", "en"], help="language of the messages")
    args = parser.parse_args(argv)
    location = database_url(args.db)
    if is_postgres(location):
        return refuse(args.lang, UsageError("backup_postgres"))
    source = sqlite_path(location)
    if not source.is_file():
        return refuse(args.lang, UsageError("no_database", path=str(source)))
    target = Path(args.to)
    try:
        games = asyncio.run(backup(source, target))
    except TableError as exc:       # damaged, another program's, busy, exists: one line, nothing left behind
        return refuse(args.lang, exc)
    except OSError as exc:          # the target's folder cannot be made or written
        return refuse(args.lang, UsageError("backup_unwritable", path=str(target), reason=exc.strerror or str(exc)))
    print(text(args.lang, "cli", "backup_done", games=games, path=str(target), size=target.stat().st_size // 1024))
    return 0


if __name__ == "__main__":
    run_tool(main)
