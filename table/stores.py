"""Which store a process opens: one setting, ``DATABASE_URL``.

Unset, a plain path or ``sqlite:///path`` means SQLite (the embedded default: one process);
``postgresql://…`` means PostgreSQL (several processes on one database).
"""

from __future__ import annotations

import os
from pathlib import Path

from table.config import default_db_path
from table.store import Store

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def database_url(explicit: str | Path | None = None) -> str:
    """The given location, else DATABASE_URL, else the SQLite file in the data folder."""
    if explicit:
        return str(explicit)
    return os.environ.get("DATABASE_URL", "").strip() or str(default_db_path())


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_SCHEMES)


def sqlite_path(url: str) -> Path:
    return Path(url[len(SQLITE_SCHEME) - 1:] if url.startswith(SQLITE_SCHEME) else url)


def store_for(url: str | Path | None = None) -> Store:
    """A store for the location, not yet opened."""
    location = database_url(url)
    if is_postgres(location):
        from table.pg_store import PgStore  # asyncpg is needed only by those who use PostgreSQL

        return PgStore(location)
    from table.sqlite_store import SqliteStore

    return SqliteStore(sqlite_path(location))
