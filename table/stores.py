"""Which store a process opens: one setting, ``DATABASE_URL``.

Unset, a plain path or ``sqlite:///path`` means SQLite (the embedded default: one process);
``postgresql://…`` means PostgreSQL (several processes on one database). Anything else that names a
scheme (``mysql://…``) is refused: it would otherwise be taken for a file name.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from table.config import default_db_path
from table.errors import UsageError
from table.store import Store

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"
SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+:")     # two letters at least: "C:" is a drive, not a scheme


def database_url(explicit: str | Path | None = None) -> str:
    """The given location, else DATABASE_URL, else the SQLite file in the data folder; a location of
    another kind raises UsageError("db_address")."""
    location = str(explicit) if explicit else os.environ.get("DATABASE_URL", "").strip() or str(default_db_path())
    if SCHEME.match(location) and not location.startswith((*POSTGRES_SCHEMES, SQLITE_SCHEME)):
        raise UsageError("db_address", given=redacted(location))
    return location


def redacted(url: str) -> str:
    """The URL without its password, for messages."""
    return re.sub(r"(//[^:/@]+):[^@]*@", r"\1:***@", url)


def folder_to_create(location: str) -> Path | None:
    """The folder a SQLite file's opening will create (it does not exist yet); None for PostgreSQL."""
    if is_postgres(location):
        return None
    folder = sqlite_path(location).parent
    return None if folder.exists() else folder


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
