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
