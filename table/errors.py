"""Errors the table raises for a front end to explain (codes are keys of data/i18n/*.yaml)."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{code} {params}" if params else code)
        self.code = code
        self.params = params


class StoreError(TableError):
    """The database cannot be used (cannot be opened, damaged, another program's, schema newer than this program)."""


class UsageError(TableError):
    """A mistake on the command line: its text is in the i18n section "cli"; one line, exit code 2."""


class Busy(TableError):
    """The database stayed locked by another writer (another coroutine's connection or another
    process) through the busy timeout and the retries: the player may simply try again."""

    def __init__(self) -> None:
        super().__init__("busy")


class StaleVersion(TableError):
    def __init__(self, expected: int, actual: int) -> None:
        super().__init__("stale_version", expected=expected, actual=actual)


class DatabaseGone(Exception):
    """The database server stopped answering in the middle of play (PostgreSQL shut down, the network
    gone). Not a TableError: no single line or move is at fault, so it is not refused and played on;
    the front end says so and stops. What was committed before stays (each move is one transaction)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
